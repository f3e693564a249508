"""Notices (Textual's toasts) on the game screen sit over the game's log, inside the board's ring,
and go sooner: they never hide a space of the board, in every layout."""

from __future__ import annotations

from textual.widgets._toast import Toast
from tui_helpers import app_for, new_game, screen_name

COMPACT = (100, 30)


def toasts(screen) -> list[Toast]:
    return [t for t in screen.query(Toast) if t.region.area]


async def shown_on(pilot, screen) -> list[Toast]:
    """The notices on ``screen`` once they are drawn."""
    for _ in range(20):
        await pilot.pause()
        if toasts(screen):
            break
    return toasts(screen)


def ring_cells(board) -> set[tuple[int, int]]:
    """The cells of the compact board's ring of spaces: two rows at the top and the bottom, seven
    columns on each side (its centre holds the status, dice, log and players)."""
    b = board.region
    return {(x, y) for y in range(b.y, b.bottom) for x in range(b.x, b.right)
            if not (b.x + 7 <= x < b.right - 7 and b.y + 2 <= y < b.bottom - 2)}


async def test_notices_sit_over_the_log_at_100x30(saves):
    game = new_game(dice=[(1, 2, "mr")])
    app = app_for(game, saves)
    app.show_toasts = True
    async with app.run_test(size=COMPACT, notifications=True) as pilot:
        screen = app.screen
        await pilot.press("t")  # no Bus Ticket: a warning says why
        shown = await shown_on(pilot, screen)
        assert shown and app.notices[-1].startswith("Bus Ticket: ")
        log = screen._log.region
        area = screen.toast_area()
        assert area == log.shrink((1, 1, 1, 1))
        ring = ring_cells(screen.board)
        assert log.x >= screen.board.region.x + 7 and log.right <= screen.board.region.right - 7
        for toast in shown:
            assert area.contains_region(toast.region), toast.region
            assert not any((x, y) in ring for x in range(toast.region.x, toast.region.right)
                           for y in range(toast.region.y, toast.region.bottom))
            assert toast.region.height == 1  # one line: the text fits
            assert toast._notification.timeout <= app.COMPACT_TOAST_SECONDS
        # Ann rolls Mr. Monopoly: the notice shows over the log while her decision is open
        await pilot.press("r")
        await pilot.pause()
        assert screen_name(app) == "BuyDialog" and any("Mr. Monopoly" in n for n in app.notices)
        over_dialog = await shown_on(pilot, app.screen)
        assert over_dialog and all(area.contains_region(t.region) for t in over_dialog)
        mr = [t for t in over_dialog if "Mr. Monopoly" in t._notification.message]
        assert mr and mr[0]._notification.timeout == app.COMPACT_TOAST_SECONDS  # 5 s elsewhere
        under = toasts(screen)  # the game screen's own notices, seen under the dialog, lie alike
        assert {t.region for t in under} <= {t.region for t in over_dialog} | {t.region for t in shown}


async def test_notices_sit_over_the_log_from_140x45_too(saves):
    app = app_for(new_game(), saves)
    app.show_toasts = True
    async with app.run_test(size=COMPACT, notifications=True) as pilot:
        await pilot.press("t")
        await pilot.pause()
        for size in ((140, 45), (200, 60)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            screen = app.screen
            assert screen.board_layout != "compact"
            area = screen.toast_area()
            log = screen._log.region
            assert area is not None and log.contains_region(area)
            await pilot.press("t")
            shown = await shown_on(pilot, screen)
            assert shown and all(area.contains_region(t.region) for t in shown), ([t.region for t in shown], area)
            board = screen.query_one("Board").region
            assert all(board.contains_region(t.region) for t in shown)
