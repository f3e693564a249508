"""A name of wide letters (an emoji, CJK) shows as typed and whole in the app's log at 100x30: a log line
is measured in terminal cells, never cut (issue 26, item 6)."""

from __future__ import annotations

from megamono.rules.events_turn import PlainText, Seats
from megamono.tui.widgets.log import GameLog
from rich.cells import cell_len
from tui_helpers import app_for, new_game

NAMES = ["[b]Zoë 🎲", "山田太郎", "Ann"]
WIDE = ["[b]Zoë 🎲", "山田太郎山田太郎山田太郎", "Юлия Ковальчук", "鈴木花子鈴木花子"]


def log_rows(log: GameLog) -> list[str]:
    """The log's lines as drawn (wrapped to its width)."""
    return ["".join(seg.text for seg in strip).rstrip() for strip in log.lines]


async def test_a_log_line_with_wide_names_shows_whole_and_as_typed(saves):
    game = new_game(names=WIDE)
    game.log(Seats())  # (the line naming every player: wider than the log at 100 columns)
    said = ("山田太郎山田太郎山田太郎 pays $1,250 to [b]Zoë 🎲: rent for Pennsylvania Avenue with a hotel, "
            "and [b]Zoë 🎲 thanks 山田太郎山田太郎山田太郎 for it")
    game.log(PlainText(line=said, category="cash", player=1))
    app = app_for(game, saves)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        log = app.screen.query_one(GameLog)
        width = log.scrollable_content_region.width
        rows = log_rows(log)
        assert all(cell_len(row) <= width for row in rows)
        shown = " ".join(" ".join(rows).split())
        assert " " + said in shown  # the token, then the line whole: no word lost at the edge
        assert "Seats: [b]Zoë 🎲, 山田太郎山田太郎山田太郎, Юлия Ковальчук, 鈴木花子鈴木花子" in shown
        assert cell_len(said) > width  # (so it wrapped, at a space)


async def test_a_notice_with_wide_names_fits_its_line(saves):
    from megamono.tui.widgets.notices import NoticeLine

    app = app_for(new_game(names=NAMES), saves)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.show_notices = True
        message = "Undone: " + "山田太郎's roll, " * 8 + "[b]Zoë 🎲 to play"
        app.notify(message)
        await pilot.pause()
        line = app.screen.query_one(NoticeLine)
        words = line.words
        assert cell_len(words) <= line.size.width and "…" not in words and words.endswith("(1/2)")
