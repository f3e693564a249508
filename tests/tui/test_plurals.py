"""Counts read right: "1 house", "1 round", "1 turn" (not "1 houses", "1 house(s)", "1 rounds")."""

from __future__ import annotations

from megamono.rules.engine import Game
from megamono.tui.look import count
from rich.console import Console
from tui_helpers import SIZE, app_for, new_game, screen_name, settle


def test_count():
    assert [count(n, "house") for n in (0, 1, 2, 1000)] == ["0 houses", "1 house", "2 houses", "1,000 houses"]
    assert count(1, "bus", "buses") == "1 bus" and count(3, "bus", "buses") == "3 buses"


async def test_levelling_says_1_house(saves):
    game = new_game(dice=[(1, 2, 1)])
    st = game.st
    for space in (1, 3):  # Ann holds two Browns with 2 houses each; buying Arctic Ave asks to level
        st.deeds[space].owner = 0
        st.deeds[space].level = 2
    st.bank.houses -= 4
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", "b")
        await pilot.pause()
        assert screen_name(app) == "LevellingDialog"
        body = str(app.screen.query_one("#body").render())
        assert "Building 1 house here costs $50" in body and "(s)" not in body


async def test_the_bank_with_1_house_and_1_hotel(saves):
    game = new_game()
    game.st.bank.houses, game.st.bank.hotels = 1, 1
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dice = app.screen.query_one("DiceView")
        console = Console(width=200, record=True)
        console.print(dice.render())
        assert "Bank: 1 house, 1 hotel, " in console.export_text()


async def test_a_turn_limit_of_1_round_and_a_game_of_1_turn(saves):
    game = Game.new("mega", ["Ann", "Bob"], seed=1, seat_order=True, options={"turn_limit": 1})
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")  # the help lists the game's house rules
        await pilot.pause()
        assert screen_name(app) == "HelpScreen"
        assert "1 round; then the highest final worth wins" in str(app.screen.query_one("#this-game").render())
        await pilot.press("escape", "e", "y", "y")  # Ann proposes to end at once, Bob agrees
        await settle(pilot, app, until=lambda: screen_name(app) == "GameOverScreen")
        assert "1 turn played, in 1 round." in str(app.screen.query_one("#standings").render())


def test_the_cores_words_count_right_too():
    """The log's words for repairs, levelling and a forced sale say "1 house", "1 hotel", "1 building level"."""
    from megamono.rules.events import plural

    assert plural(1, "house") == "1 house" and plural(0, "house") == "0 houses" and plural(2, "hotel") == "2 hotels"
    assert plural(1, "building level") == "1 building level" and plural(3, "building level") == "3 building levels"
