"""The notice line: notices have a line of their own on every screen, from 100x30 up, that nothing
else uses (above the footer, or the bottom line of the board's centre when the board leaves no free
line); a dialog is laid out above it; a burst of the same notice shows once with a count; a notice
too long for its line shows a part at a time."""

from __future__ import annotations

from pathlib import Path

import pytest
from megamono.saves import load_game
from megamono.tui.runtime import FakeClock
from megamono.tui.widgets.notices import PAGE_SECONDS, NoticeBoard, NoticeLine, pages
from textual.geometry import Region
from tui_helpers import SIZE, app_for, new_game, screen_name, settle

COMPACT = (100, 30)
BOARDWALK = 51
LATE_GAME = Path(__file__).resolve().parents[2] / "saves" / "examples" / "late-game.json"


@pytest.fixture
def shown_app(saves):
    """An app (test mode) of a new game that shows its notices; ``shown_app(game)`` for another game."""
    def make(game=None):
        app = app_for(game if game is not None else new_game(), saves)
        app.show_notices = True
        return app
    return make


def notice_line(screen) -> NoticeLine:
    """The notice line shown on ``screen``."""
    lines = [line for line in screen.query(NoticeLine) if line.display and line.region.area]
    assert len(lines) == 1, lines
    return lines[0]


def overlaps(a: Region, b: Region) -> bool:
    return a.overlaps(b)


async def test_at_100x30_notices_sit_on_the_free_line_under_the_board(shown_app):
    app = shown_app()
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("t")  # no Bus Ticket: a warning says why
        await pilot.pause()
        line = notice_line(screen)
        assert line.words.startswith("▌ Bus Ticket: ")
        assert line.region == Region(0, COMPACT[1] - 2, COMPACT[0], 1)  # just above the footer
        for widget in (screen.board, screen.view.log, screen.query_one("#aside")):
            assert not overlaps(line.region, widget.region), widget
        # several notices in a row: still one line, newest first, nothing else moved
        board = screen.board.region
        await pilot.press("u")
        await pilot.pause()
        assert notice_line(screen).region == line.region and screen.board.region == board
        assert notice_line(screen).words.startswith("▌ Undo: ")


async def test_at_140x45_the_mega_board_leaves_no_free_line_so_the_line_is_inside_it(shown_app):
    app = shown_app(new_game(dice=[(1, 2, 1)]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.view.layout == "full"
        line = notice_line(screen)
        assert line.id == "notice-inner"
        centre = screen.query_one("#centre").region
        assert centre.contains_region(line.region) and line.region.bottom == centre.bottom
        for widget in (screen.view.log, screen.view.players):
            assert not overlaps(line.region, widget.region)
        # a dialog's notice line lies exactly over it, and the dialog above it
        await pilot.press("r")
        await pilot.pause()
        assert screen_name(app) == "BuyDialog"
        await pilot.press("z")  # a key that does nothing here says which keys do
        await pilot.pause()
        await pilot.pause()
        dialog_line = notice_line(app.screen)
        assert dialog_line.region == line.region
        assert dialog_line.words.startswith("▌ 'z' does nothing here")
        assert not overlaps(dialog_line.region, app.screen.query_one("#dialog").region)
        # from 200x60 the board leaves a line free again: the notices go under it
        await pilot.resize_terminal(200, 60)
        await pilot.pause()
        await pilot.pause()
        line = notice_line(screen)
        assert line.id == "notice" and line.region.y == 58
        assert not overlaps(line.region, screen.board.region)
        await pilot.pause()
        assert notice_line(app.screen).region == line.region


async def test_a_notice_never_covers_the_debt_dialog_at_100x30(shown_app):
    game = new_game(dice=[(1, 3, 1)])
    game.st.players[0].cash = 10
    game.st.deeds[BOARDWALK].owner = 0
    app = shown_app(game)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("r", "f")  # flat Income Tax with $10 in hand: a debt
        await pilot.pause()
        assert screen_name(app) == "DebtDialog"
        await pilot.press("p", "x")  # neither is allowed now: each says why
        await pilot.pause()
        line = notice_line(app.screen)
        assert "Pay" in line.words or "bankruptcy" in line.words.lower()
        dialog = app.screen.query_one("#dialog").region
        assert dialog.area and not overlaps(line.region, dialog)
        assert line.region == notice_line(app.screen_stack[-2]).region


async def test_a_burst_of_the_same_notice_shows_once_with_a_count(shown_app):
    app = shown_app()
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("m")
        await pilot.pause()
        assert screen_name(app) == "ManageScreen"
        for _ in range(5):
            await pilot.press("x")  # Ann has no deeds: not allowed, five times
        await pilot.pause()
        line = notice_line(app.screen)
        assert line.words == "▌ Sell building: not allowed — Ann has no deeds ×5"
        table = app.screen.query_one("DataTable").region
        assert not overlaps(line.region, table)
        assert line.region.y == COMPACT[1] - 2


async def test_notices_go_when_their_time_is_up_and_older_ones_follow_the_newest():
    clock = FakeClock(at=0.0)
    board = NoticeBoard(clock=clock)
    board.add("Roll: not now", timeout=3)
    clock.advance(1.0 - clock.monotonic())
    board.add("Trade: not now", timeout=3)
    assert [words for _, words in board.line(100)] == ["Trade: not now", "Roll: not now"]
    assert [words for _, words in board.line(24)] == ["Trade: not now"]  # only what fits whole
    clock.advance(3.5 - clock.monotonic())
    assert board.expire() and [n.message for n in board.notices] == ["Trade: not now"]
    clock.advance(4.5 - clock.monotonic())
    assert board.expire() and board.line(100) == [] and board.next_change() is None


async def test_a_notice_longer_than_its_line_shows_a_part_at_a_time():
    clock = FakeClock(at=0.0)
    board = NoticeBoard(clock=clock)
    words = "The game was saved to /home/ann/saves/a-very-long-name.json. To continue it: megamono resume it"
    notice = board.add(words, timeout=1, width=60)
    parts = pages(words, 60 - 2 - 6)
    assert len(parts) == 3 and " ".join(parts) == words
    assert notice.until >= 3 * PAGE_SECONDS  # long enough to read every part
    for k, part in enumerate(parts):
        clock.advance(k * PAGE_SECONDS + 0.1 - clock.monotonic())
        assert board.line(60) == [(notice, f"{part} ({k + 1}/3)")]
        assert len(f"▌ {part} ({k + 1}/3)") <= 60


async def test_every_screen_has_a_notice_line(shown_app):
    app = shown_app()
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        seen = {}
        for keys, name in ((["m"], "ManageScreen"), (["escape", "x"], "TradeScreen"),
                           (["escape", "h"], "HelpScreen"), (["escape", "s"], "SaveDialog"),
                           (["escape", "q"], "ConfirmDialog")):
            await pilot.press(*keys)
            await pilot.pause()
            assert screen_name(app) == name
            seen[name] = notice_line(app.screen).region
        assert set(seen.values()) == {Region(0, COMPACT[1] - 2, COMPACT[0], 1)}


async def test_the_manage_screen_keeps_its_deeds_and_keys_above_the_notice_line(saves):
    app = app_for(load_game(LATE_GAME), saves)  # Ann holds 16 deeds
    app.pass_notices = False
    async with app.run_test(size=COMPACT) as pilot:
        await settle(pilot, app)
        await pilot.press("m", "3", "end")  # Ann's deeds (seat 3), the last one
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert screen_name(app) == "ManageScreen" and screen.game.st.players[screen.player].name == "Ann"
        line = notice_line(screen).region
        table = screen.query_one("DataTable")
        legal = screen.query_one("#legal")
        assert legal.region.bottom <= line.y and table.region.bottom <= legal.region.y
        assert "u Unmortgage" in str(legal.render()) or "u unmortgage" in str(legal.render())
        rows = table.size.height - 1  # (the header row)
        assert table.cursor_row == len(screen.spaces) - 1 > rows  # more deeds than rows: it scrolls
        assert table.scroll_y <= table.cursor_row < table.scroll_y + rows  # the last deed is in view


async def test_a_refusal_goes_when_the_next_action_succeeds(shown_app, saves):
    """Found by a newcomer: "Sell building: not allowed" stayed on after the next sale went through, so
    that sale looked refused too."""
    from kit import give

    game = new_game()
    give(game, 0, 1, 3, level=[2, 3])  # Ann: 2 houses on Mediterranean, 3 on Baltic (Mega: and no Arctic)
    app = shown_app(game)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("x")  # the first deed, Mediterranean: selling it first would break even building
        await pilot.pause()
        assert "not allowed" in notice_line(app.screen).words
        await pilot.press("down", "x", "y")  # Baltic: sold (a sale asks first)
        await pilot.pause()
        assert game.st.deeds[3].level == 2
        assert "not allowed" not in notice_line(app.screen).words
