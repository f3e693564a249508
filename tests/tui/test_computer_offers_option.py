"""The option ``computer_offers`` (issue 15 item 2) in the app: chosen on the new-game screen, shown in
the help's THIS GAME, and changed in Options while a game with computers is in play (kept in the
game's state and setup alike, so its save replays)."""

from __future__ import annotations

from megamono.rules.engine import Game
from megamono.saves import load_save, save_game
from megamono.tui.app import MegamonoApp
from megamono.tui.runtime import Runtime
from textual.widgets import Select
from tui_helpers import SIZE, app_for, new_game, screen_name, settle


async def test_O_computer_offers_chosen_on_the_new_game_screen(saves):
    app = MegamonoApp(saves, seed=42, runtime=Runtime.scripted(), seat_order=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        setup = app.screen
        assert setup.options().computer_offers == "everyone"
        assert "once in 3 rounds" in str(setup.query_one("#explain-computer_offers").render())
        setup.query_one("#opt-computer_offers").focus()
        await pilot.press("enter", "down", "down", "enter")  # everyone -> computers -> nobody
        await pilot.pause()
        assert setup.options().computer_offers == "nobody"
        await pilot.press("ctrl+g")
        await settle(pilot, app, until=lambda: screen_name(app) == "GameScreen")
        game = app.screen.game
        assert game.st.options.computer_offers == "nobody"
        assert game.setup["options"]["computer_offers"] == "nobody"


async def test_O_computer_offers_changed_in_options_during_a_game(saves, tmp_path):
    game = new_game(names=["Ann", {"name": "Bob", "kind": "computer"}, "Cat"])
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.action_options()
        await pilot.pause()
        box = app.screen.query_one("#computer_offers", Select)
        assert box.value == "everyone"
        box.focus()
        await pilot.press("enter", "down", "enter")  # computers
        await pilot.pause()
        assert game.st.options.computer_offers == game.setup["options"]["computer_offers"] == "computers"
        assert any("other computers only" in n for n in app.notices)
        await pilot.press("escape")
        await pilot.press("question_mark")
        await pilot.pause()
        assert "computers offer trades to other computers only" in str(app.screen.query_one("#this-game").render())
    saved = load_save(save_game(game, "changed", tmp_path))  # replayed from the setup: the same state
    assert saved.game.st == game.st and saved.game.st.options.computer_offers == "computers"
    assert Game.replay(game.setup, game.history).st == game.st


async def test_options_show_no_computer_offers_without_computers(saves):
    app = app_for(new_game(), saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.action_options()
        await pilot.pause()
        assert not app.screen.query("#computer_offers")
