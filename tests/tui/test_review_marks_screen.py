"""The review screen's marks (issue 28, item 5): the human decisions marked against the expert's best answer,
listed per player with the better answer under the turning points; Enter on one opens the replay just before
that decision."""

from __future__ import annotations

from megamono.marks import mark_at
from megamono.replay import Timeline
from megamono.rules.actions import ProposeTrade, RefuseTrade
from megamono.rules.decisions import TradeSide
from megamono.rules.engine import Game
from megamono.tui.app import MegamonoApp
from megamono.tui.runtime import Runtime
from megamono.tui.screens.replay import ReplayScreen
from megamono.tui.screens.review import ReviewScreen
from textual.widgets import OptionList, Static
from tui_helpers import screen_name, settle, shown


async def test_a_mark_is_listed_with_the_better_answer_and_enter_replays_before_it(saves):
    game = Game.new("mega", [{"name": "Ann", "kind": "computer"}, {"name": "Bob", "kind": "human"}], seed=4,
                    seat_order=True)
    game.act(ProposeTrade(player=0, partner=1, give=TradeSide(cash=2000), take=TradeSide()))
    game.act(RefuseTrade(player=1))
    mark = mark_at(Timeline.from_game(game), 1, seed=5, playouts=40)
    assert mark is not None
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=(140, 45)) as pilot:
        app.push_screen(ReviewScreen(game, "gift"))
        await settle(pilot, app, until=lambda: screen_name(app) == "ReviewScreen")
        screen = app.screen
        assert "after the chart" in shown(screen.query_one("#marks-head", Static).content)
        screen.weighed = (1, 1)
        screen.add_mark(mark)
        await pilot.pause()
        head = shown(screen.query_one("#marks-head", Static).content)
        assert "1 decision weighed" in head
        marks = screen.query_one("#marks", OptionList)
        text = shown(marks.get_option_at_index(0).prompt)
        assert mark.grade.capitalize() in text and "Bob" in text
        assert "played: Refuse the trade" in text and "better: Accept the trade" in text
        marks.focus()
        await pilot.press("enter")
        await settle(pilot, app, until=lambda: screen_name(app) == "ReplayScreen")
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.k == mark.moment == 1
