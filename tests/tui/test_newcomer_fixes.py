"""Problems a newcomer found: managing a computer's deeds, bid amounts, saving from a hand-over,
deleting broken saves, selling a group's buildings, bids typed ahead, edition-specific options."""

from __future__ import annotations

from megamono.rules.engine import Game

from tui_helpers import SIZE, app_for, screen_name

BROWNS = (1, 3, 4)


def robo_game(dice=()) -> Game:
    """Ann and Bob (humans) and Robo (a computer player), Ann to play."""
    return Game.new("mega", ["Ann", "Bob", {"name": "Robo", "kind": "computer"}], seed=1, dice=list(dice),
                    seat_order=True)


def give_built_browns(game: Game, p: int) -> None:
    """Player ``p`` owns the brown group with a house on each lot."""
    for space in BROWNS:
        game.st.deeds[space].owner = p
        game.st.deeds[space].level = 1
    game.st.bank.houses -= len(BROWNS)


# -- 1. a computer player's deeds are read-only in the manage screen ------------------------------
async def test_manage_shows_a_computer_players_deeds_but_refuses_every_manage_key(saves):
    game = robo_game()
    give_built_browns(game, 2)
    rr = game.ed.railroads[0]
    game.st.deeds[rr].owner = 2  # a railroad (depot key)
    cash = game.st.players[2].cash
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await pilot.pause()
        manage = app.screen
        assert screen_name(app) == "ManageScreen" and manage.player == 0
        await pilot.press("3")  # Robo's deeds: shown
        await pilot.pause()
        assert manage.player == 2 and manage.spaces[:3] == list(BROWNS)
        assert "read only" in str(manage.query_one("#mhead").render())
        for key in ("x", "g", "b", "o", "u", "down", "down", "down", "d", "o"):
            await pilot.press(key)
            await pilot.pause()
        assert [game.st.deeds[i].level for i in BROWNS] == [1, 1, 1]
        assert not game.st.deeds[rr].depot and not any(game.st.deeds[i].mortgaged for i in (*BROWNS, rr))
        assert game.st.players[2].cash == cash and not game.history
        assert "Robo is a computer player" in app.notices[-1]
        assert all(manage.check_action("do", (k,)) is None for k in "bxgdou")  # greyed in the footer
        await pilot.press("1")  # a human's deeds: the keys work again
        await pilot.pause()
        assert manage.player == 0 and manage.check_action("do", ("b",)) is None  # Ann has no deeds


# -- 3. saving (or not leaving) from a hand-over keeps the hand-over on top ------------------------
async def test_saving_from_a_hand_over_keeps_it_on_top_until_enter(saves):
    from tui_helpers import new_game

    game = new_game(dice=[(1, 2, 1)])
    app = app_for(game, saves)
    app.pass_notices = True
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "r")
        await pilot.pause()
        await pilot.press("a")  # Ann declines: Bob bids first, after a hand-over
        await pilot.pause()
        assert screen_name(app) == "PassKeyboard" and app.screen.player == 1
        await pilot.press("s")
        await pilot.pause()
        assert screen_name(app) == "SaveDialog"
        await pilot.press(*"at the auction", "enter")
        await pilot.pause()
        await pilot.pause()
        assert (saves / "at the auction.json").exists()
        assert screen_name(app) == "PassKeyboard"  # not the bid dialog on top of it
        assert not any(type(s).__name__ == "BidDialog" for s in app.screen_stack)
        await pilot.press("q")  # leave the game? no: still the hand-over
        await pilot.pause()
        assert screen_name(app) == "ConfirmDialog"
        await pilot.press("n")
        await pilot.pause()
        await pilot.pause()
        assert screen_name(app) == "PassKeyboard"
        await pilot.press("enter")
        await pilot.pause()
        assert screen_name(app) == "BidDialog" and game.pending.player == 1
        assert [type(s).__name__ for s in app.screen_stack][-2:] == ["GameScreen", "BidDialog"]


# -- 4. broken saves can be deleted (after the usual question) ------------------------------------
async def test_broken_saves_can_be_deleted_and_say_what_loading_says(saves):
    from megamono.tui.app import MegamonoApp

    (saves / "truncated.json").write_text('{"format": "megamono-save", "version": 1, "state": {"play')
    (saves / "array.json").write_text("[1, 2, 3]")
    app = MegamonoApp(saves, test_mode=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert screen_name(app) == "ResumeScreen"
        assert screen.paths == sorted(screen.paths)  # array.json first, then truncated.json
        info = str(screen.query_one("#info").render())
        assert 'array.json: not a megamono save (no "format": "megamono-save")' in info
        assert "AttributeError" not in info
        await pilot.press("enter")  # loading it says the same
        await pilot.pause()
        assert 'array.json: not a megamono save' in str(screen.query_one("#loaderr").render())
        await pilot.press("x")
        await pilot.pause()
        assert screen_name(app) == "ConfirmDialog"
        assert "Delete the file array.json, which cannot be read as a save?" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert (saves / "array.json").exists()
        await pilot.press("delete")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert screen_name(app) == "ResumeScreen" and not (saves / "array.json").exists()
        assert screen.current() == saves / "truncated.json"
        assert "not a JSON file" in str(screen.query_one("#info").render())
        await pilot.press("x")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert not (saves / "truncated.json").exists() and screen.paths == []
        assert "No saved games here yet" in str(screen.query_one("#empty").render())


# -- 5. selling a group's buildings asks first -----------------------------------------------------
async def test_selling_a_groups_buildings_asks_first_naming_what_and_for_how_much(saves):
    from tui_helpers import new_game

    game = new_game()
    give_built_browns(game, 0)
    game.st.deeds[3].level = 2  # Baltic: 2 houses
    game.st.bank.houses -= 1
    cash = game.st.players[0].cash
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        assert screen_name(app) == "ConfirmDialog"
        question = app.screen.question
        assert "Ann: sell the Brown group's 4 buildings (4 houses) to the bank for $100?" in question
        assert "Baltic Avenue: 2 houses" in question
        await pilot.press("n")  # nothing sold
        await pilot.pause()
        assert screen_name(app) == "ManageScreen"
        assert [game.st.deeds[i].level for i in BROWNS] == [1, 2, 1] and game.st.players[0].cash == cash
        await pilot.press("g")
        await pilot.pause()
        await pilot.press("escape")  # Esc is no as well
        await pilot.pause()
        assert [game.st.deeds[i].level for i in BROWNS] == [1, 2, 1]
        await pilot.press("g")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert screen_name(app) == "ManageScreen"
        assert [game.st.deeds[i].level for i in BROWNS] == [0, 0, 0] and game.st.players[0].cash == cash + 100
