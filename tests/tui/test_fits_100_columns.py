"""Screens fit 100 columns: the game-over chart of net worth never wraps (its figures are measured
first, the bars take the rest), and the manage screen's footer takes a short form whose keys all
show (at 100 columns its full form was cut at "u Unmor")."""

from __future__ import annotations

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
