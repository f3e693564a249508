"""The new-game screen offers the last game's players, colours, computers and house rules (found by a
newcomer: every evening the same table typed in again). They are remembered in the save folder's
settings file (``.megamono-settings.json``, beside the options' switches), which the switches keep."""

from __future__ import annotations

import json
from dataclasses import replace

from megamono.tui.app import MegamonoApp
from megamono.tui.runtime import Runtime
from megamono.tui.screens.options import SETTINGS_FILE, remember_settings
from tui_helpers import SIZE, screen_name


async def test_the_new_game_screen_offers_the_last_games_table(saves):
    app = MegamonoApp(saves, runtime=replace(Runtime.scripted(), settings=True), seed=42, seat_order=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        setup = app.screen
        assert setup.focused.id == "name-0"
        await pilot.press("backspace", "backspace", "backspace", *"Zed", "tab")  # a name
        await pilot.press("enter", *["down"] * 4, "enter", "tab")  # a colour nobody has: magenta
        await pilot.press("enter", "down", "down", "down", "enter")  # a computer: strong
        await pilot.pause()
        setup.query_one("#count").focus()
        await pilot.press("enter", "down", "enter")  # four players
        await pilot.pause()
        setup.query_one("#opt-free_parking_pot").focus()
        await pilot.press("space")  # a house rule
        setup.query_one("#opt-turn_limit").focus()
        await pilot.press(*"30")
        await pilot.pause()
        await pilot.press("ctrl+g")
        await pilot.pause()
        game = app.game_in_play
        assert game is not None and game.st.options.free_parking_pot and game.st.options.turn_limit == 30
        assert {(p.name, p.colour, p.kind) for p in game.st.players} >= {("Zed", "magenta", "computer")}
        assert len(game.st.players) == 4
        app.go_start()
        await pilot.pause()
        assert screen_name(app) == "StartScreen"
        # next time: the same table and rules, ready to start
        await pilot.press("n")
        await pilot.pause()
        again = app.screen
        assert again is not setup and screen_name(app) == "SetupScreen"
        assert again.count == 4 and [p["name"] for p in again.players()] == ["Zed", "Bob", "Cat", "Dan"]
        assert again.players()[0]["colour"] == "magenta" and again.level(0) == "strong"
        options = again.options()
        assert options.free_parking_pot and options.turn_limit == 30 and options == game.st.options
    # the switches of the options, written later, keep it
    remember_settings(app)
    kept = json.loads((saves / SETTINGS_FILE).read_text())
    assert kept["last_game"]["players"][0] == {"name": "Zed", "colour": "magenta", "kind": "strong"}
    assert {"handover", "animations"} <= set(kept)


async def test_a_board_given_on_the_command_line_is_still_offered_first(saves):
    (saves / SETTINGS_FILE).write_text(json.dumps({"last_game": {
        "edition": "classic", "players": [{"name": "Ann", "colour": "red", "kind": "human"},
                                          {"name": "Bob", "colour": "blue", "kind": "easy"}],
        "options": {"no_such_option": 1}}}))  # (a file edited by hand: the rules it cannot read are the defaults)
    app = MegamonoApp(saves, runtime=replace(Runtime.scripted(), settings=True), edition="mega")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        setup = app.screen
        assert setup.edition == "mega" and setup.count == 2 and setup.level(1) == "easy"
        assert not setup.options().free_parking_pot
