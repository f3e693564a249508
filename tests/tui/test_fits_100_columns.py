"""Screens fit 100 columns: the game-over chart of net worth never wraps (its figures are measured
first, the bars take the rest), and the manage screen's footer takes a short form whose keys all
show (at 100 columns its full form was cut at "u Unmor"). At 100x30 the hand-over notice stands over the
board's centre, cutting none of the board's labels, and an open drop-down list has its border."""

from __future__ import annotations

from megamono.tui.app import MegamonoApp
from megamono.tui.runtime import Runtime
from megamono.tui.screens.gameover import worth_chart
from textual.widgets import Static
from textual.widgets._footer import FooterKey
from tui_helpers import app_for, new_game, screen_name, settle

COMPACT = (100, 30)
SIX = ["Annabel", "Bartholomew", "Catherine", "Dmitri", "Evangeline", "Fitzgerald"]


def footer_keys(app) -> tuple[dict[str, str], int]:
    """The footer's keys ({key: words}) and the column where the palette key begins."""
    keys = list(app.screen.query(FooterKey))
    palette = next(k for k in keys if "-command-palette" in k.classes)
    shown = [k for k in keys if k is not palette]
    assert max(k.region.right for k in shown) <= palette.region.x  # nothing under the palette key
    return {k.key: k.description for k in shown}, palette.region.x


async def test_the_game_over_chart_fits_100_columns(saves):
    game = new_game(names=SIX)
    for k, player in enumerate(game.st.players):
        player.cash = 1_234_000 + k  # long figures: "peak $1,234,005 (turn 0)"
    app = app_for(game, saves)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("e", "y")  # Annabel proposes to end the game; everyone agrees
        for _ in range(5):
            await pilot.pause()
            assert screen_name(app) == "EndVoteDialog"
            await pilot.press("y")
        await settle(pilot, app, until=lambda: screen_name(app) == "GameOverScreen")
        await pilot.pause()
        screen = app.screen
        chart = screen.query_one("#chart", Static)
        width = screen.chart_width()
        assert width == chart.size.width and width < 100
        plain = str(chart.render()).split("\n")
        assert max(len(line) for line in plain) <= width, max(plain, key=len)
        assert chart.size.height == len(plain)  # not one line wrapped
        assert any("peak $1,234,005" in line for line in plain)
        # narrower still: the scale goes on a line of its own, the bars get shorter, nothing wraps
        narrow = worth_chart(game, screen.look, screen.stats, 70).plain.split("\n")
        assert max(len(line) for line in narrow) <= 70 and narrow[1].startswith("one scale for all")
        # a wider terminal draws it again for its width
        await pilot.resize_terminal(140, 45)
        await pilot.pause()
        await pilot.pause()
        assert chart.size.width == screen.chart_width() > width
        wide = str(chart.render()).split("\n")
        assert max(len(line) for line in wide) <= chart.size.width and chart.size.height == len(wide)


async def test_the_manage_footer_fits_100_columns_in_short_words(saves):
    app = app_for(new_game(), saves)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("m")
        await pilot.pause()
        assert screen_name(app) == "ManageScreen" and app.screen.footer.short_footer
        keys, _ = footer_keys(app)
        assert keys == {"tab": "Player", "b": "Build", "x": "Sell", "g": "Sell all", "d": "Depot",
                        "o": "Mortgage", "u": "Unmortgage", "escape": "Back", "question_mark": "Keys"}
        await pilot.press("f1")  # left out of the footer, still there
        await pilot.pause()
        assert screen_name(app) == "RulesScreen"
        await pilot.press("escape")
        await pilot.resize_terminal(140, 45)
        await pilot.pause()
        await pilot.pause()
        keys, _ = footer_keys(app)
        assert not app.screen.footer.short_footer and keys["x"] == "Sell bldg" and keys["f1"] == "Rules"


async def test_the_hand_over_notice_stands_over_the_boards_centre(saves):
    """Found by a newcomer's play-test: at 100x30 a stray "0" showed beside "Pass the keyboard to ...": the
    notice, centred on the terminal, covered all but the last letter of the board's right-hand labels
    ("Gn320"), the compact board standing left of the deed card. It is centred over the board's centre now,
    inside the board's ring of spaces at every size, after a resize too; at 140x45 it is where it was."""
    app = app_for(new_game(), saves)
    app.pass_notices = True
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        assert screen_name(app) == "PassKeyboard"
        game_screen = app.screen_stack[-2]
        for size in (COMPACT, (120, 30), (140, 45), COMPACT):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            box, centre = app.screen.query_one("#pass").region, game_screen.query_one("#centre").region
            assert centre.x < box.x and box.right < centre.right, (size, box, centre)  # (inside the board)
            if size == (140, 45):
                assert box.x == (140 - box.width) // 2  # (centred on the terminal, as before)


async def test_an_open_drop_down_list_has_its_border_at_100x30(saves):
    """Found by a newcomer's play-test: the new-game screen's "Players" drop-down, opened at 100x30, was
    bare digits over the fields below it. The drop-down is one line (compact); its open list is framed."""
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("n")
        await pilot.pause()
        count = app.screen.query_one("#count")
        assert count.region.height == 1  # (closed: one line, as every field of the form)
        count.focus()
        await pilot.press("enter")
        await pilot.pause()
        listed = count.query_one("SelectOverlay")
        assert count.expanded and listed.region.height == listed.option_count + 2
        assert all(edge[0] == "tall" for edge in listed.styles.border)
