"""The manage screen, saving, resuming and the end of a game."""

from __future__ import annotations

import json

from megamono.rules.actions import DeclareBankruptcy, IncomeTaxChoice, Roll
from megamono.rules.engine import Game
from megamono.saves import load_game, save_game
from megamono.tui.app import MegamonoApp
from megamono.tui.runtime import Runtime
from tui_helpers import SIZE, app_for, new_game, screen_name

BROWNS = (1, 3, 4)


async def test_manage_builds_and_explains_a_refusal(saves):
    game = new_game()
    st = game.st
    for space in BROWNS:
        st.deeds[space].owner = 1
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await pilot.pause()
        manage = app.screen
        assert screen_name(app) == "ManageScreen" and manage.player == 0
        await pilot.press("2")  # Bob's deeds
        assert manage.player == 1 and manage.spaces == list(BROWNS)
        await pilot.press("b")  # a house on Mediterranean Avenue
        assert st.deeds[1].level == 1 and st.players[1].cash == 2500 - 50
        await pilot.press("b")  # again: refused, build evenly
        assert st.deeds[1].level == 1
        assert "build evenly" in app.notices[-1]
        await pilot.press("down", "b", "down", "b")
        assert [st.deeds[i].level for i in BROWNS] == [1, 1, 1]
        await pilot.press("o")  # mortgage with buildings in the group: refused
        assert not st.deeds[4].mortgaged and "sell the buildings" in app.notices[-1]
        await pilot.press("g")  # sell the group's buildings: asks first
        await pilot.pause()
        assert screen_name(app) == "ConfirmDialog"
        await pilot.press("y")
        await pilot.pause()
        assert [st.deeds[i].level for i in BROWNS] == [0, 0, 0]
        await pilot.press("o")
        assert st.deeds[4].mortgaged
        await pilot.press("u")
        assert not st.deeds[4].mortgaged
        await pilot.press("tab")
        assert manage.player == 2
        await pilot.press("escape")
        await pilot.pause()
        assert screen_name(app) == "GameScreen"
        assert any("builds on Mediterranean Avenue" in e.say(game) for e in st.log)


async def test_save_with_s_then_resume_from_the_file(saves):
    game = new_game(dice=[(1, 2, 1), (2, 3, 1)])
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", "b")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert screen_name(app) == "SaveDialog"
        await pilot.press(*"my game", "enter")  # the suggested name is selected: typing replaces it
        await pilot.pause()
        assert screen_name(app) == "GameScreen"
        path = saves / "my game.json"
        assert path.exists()
        assert load_game(path).st == game.st
        assert str(path) in app.notices[-1]
        # the named save is the same game as its autosave (found by a newcomer: it was another game)
        assert app.game_id and json.loads(path.read_bytes())["game_id"] == app.game_id
    resumed = MegamonoApp(saves, resume_file=path, runtime=Runtime.scripted())
    async with resumed.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert screen_name(resumed) == "GameScreen"
        again = resumed.screen.game
        assert again.st == game.st
        await pilot.press("r")  # the scripted dice travelled in the save
        await pilot.pause()
        assert again.st.players[1].position == 6
        await pilot.press("escape", "s", "enter")  # the name it was resumed from: replacing it asks first
        await pilot.pause()
        assert screen_name(resumed) == "SaveDialog"
        said = str(resumed.screen.query_one("#saveerr").render())
        assert said == "my game.json is the save this game was resumed from: press Enter again to replace it"
        assert load_game(path).st == game.st  # not replaced yet
        await pilot.press("enter")
        await pilot.pause()
        assert screen_name(resumed) == "GameScreen" and load_game(path).st == again.st


async def test_save_name_is_checked(saves):
    app = app_for(new_game(), saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", *"../evil", "enter")
        await pilot.pause()
        assert screen_name(app) == "SaveDialog"
        assert "no slashes" in str(app.screen.query_one("#saveerr").render())
        await pilot.press("escape")
        assert screen_name(app) == "GameScreen"
    assert [f.name for f in saves.iterdir() if not f.name.startswith("autosave-")] == []  # (only the autosave)


async def test_resume_list_loads_a_save_and_reports_a_broken_one(saves):
    game = new_game()
    game.act(Roll(player=0))
    save_game(game, "good", saves)
    broken = saves / "broken.json"
    data = json.loads(game.to_json())
    data["state"]["players"][0]["cash"] = "lots"
    broken.write_text(json.dumps(data))
    before = broken.read_bytes()
    app = MegamonoApp(saves, runtime=Runtime.scripted(), open_resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert screen_name(app) == "ResumeScreen"
        screen = app.screen
        row = screen.paths.index(broken)
        await pilot.press(*["down"] * row, "enter")
        await pilot.pause()
        assert screen_name(app) == "ResumeScreen"
        assert "cash" in str(screen.query_one("#loaderr").render())
        assert broken.read_bytes() == before
        good = screen.paths.index(saves / "good.json")
        await pilot.press(*["up"] * row, *["down"] * good, "enter")
        await pilot.pause()
        assert screen_name(app) == "BuyDialog"  # the saved game waits for a buy decision
        assert app.screen.game.st == game.st


async def test_resume_a_broken_file_from_the_command_line(saves):
    broken = saves / "junk.json"
    broken.write_text("not json")
    app = MegamonoApp(saves, resume_file=broken, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert screen_name(app) == "StartScreen"
        assert "not a JSON file" in app.notices[-1]
    assert broken.read_text() == "not json"


async def test_game_over_screen_then_back_to_start(saves):
    game = new_game(dice=[(1, 3, 1)], names=["Ann", "Bob"])
    game.act(Roll(player=0))  # Income Tax
    game.st.players[0].cash = 0
    game.act(IncomeTaxChoice(player=0, choice="flat"))
    game.act(DeclareBankruptcy(player=0))
    assert game.over
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert screen_name(app) == "GameOverScreen"
        assert "Bob" in str(app.screen.query_one("#over Static").render())
        await pilot.press("n")
        await pilot.pause()
        assert screen_name(app) == "StartScreen"


def robo_game(dice=()) -> Game:
    """Ann and Bob (humans) and Robo (a computer player), Ann to play."""
    return new_game(dice, names=["Ann", "Bob", {"name": "Robo", "kind": "computer"}])


def give_built_browns(game: Game, p: int) -> None:
    """Player ``p`` owns the brown group with a house on each lot."""
    for space in BROWNS:
        game.st.deeds[space].owner = p
        game.st.deeds[space].level = 1
    game.st.bank.houses -= len(BROWNS)


async def test_manage_shows_a_computer_players_deeds_but_refuses_every_manage_key(saves):
    """Found by a newcomer: the manage screen changed a computer player's deeds. They are shown read only: every
    manage key is refused and greyed, and a trade never proposes as a computer player."""
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
        await pilot.press("escape", "x")  # nor does a trade propose as a computer player
        await pilot.pause()
        assert screen_name(app) == "TradeScreen" and app.screen.proposers == [0, 1]


async def test_selling_a_groups_buildings_asks_first_naming_what_and_for_how_much(saves):
    """Found by a newcomer: g sold a whole group's buildings at once. It asks first, naming the group, the
    buildings and the cash they bring."""
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


async def test_selling_one_building_asks_first_a_stray_x_sells_nothing(saves):
    """The evening's fault: an x typed in a burst sold a house with no question ("Bob receives $25 from the
    bank: building sold on Mediterranean"). A sale asks first, as the group's does."""
    game = new_game()
    give_built_browns(game, 0)
    game.st.deeds[3].level = 2  # Baltic: 2 houses (Baltic is the one to sell first)
    game.st.bank.houses -= 1
    cash = game.st.players[0].cash
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("down", "x")
        await pilot.pause()
        assert screen_name(app) == "ConfirmDialog"
        assert app.screen.question == ("Ann: sell a building level of Baltic Avenue (2 houses now) back to the bank "
                                       "for $25?")
        await pilot.press("n")
        await pilot.pause()
        assert game.st.deeds[3].level == 2 and game.st.players[0].cash == cash
        await pilot.press("x", "y")
        await pilot.pause()
        assert game.st.deeds[3].level == 1 and game.st.players[0].cash > cash


async def test_keys_typed_at_once_into_the_save_dialog_are_all_kept(saves):
    """Reported by a new player: keys typed quickly into the save dialog as it opened were lost."""
    app = app_for(new_game(), saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s", *"turn34", "enter")
        await pilot.pause()
        assert (saves / "turn34.json").exists()


async def test_a_save_may_not_be_named_autosave(saves):
    """Found by a newcomer: a save could take the automatic save's name (autosave, in any case). It is refused
    with the reason and nothing is written."""
    app = app_for(new_game(), saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", *"AutoSave", "enter")
        await pilot.pause()
        assert screen_name(app) == "SaveDialog"
        assert "are the automatic saves'" in str(app.screen.query_one("#saveerr").render())
        await pilot.press("escape")
    assert [f.name for f in saves.iterdir() if not f.name.startswith("autosave-")] == []  # (only the autosave)


async def test_the_save_dialogs_footer_says_what_enter_does(saves):
    """Found by a newcomer: the save dialog's footer said only "esc Cancel" (the name field's own Enter,
    hidden, hid the dialog's). It says "Save" (the rename dialog: "Rename"), and Enter saves."""
    from tui_helpers import app_for, new_game

    app = app_for(new_game(), saves)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "s")
        await pilot.pause()
        shown = {k: b.binding.description for k, b in app.screen.active_bindings.items() if b.binding.show}
        assert shown == {"enter": "Save", "escape": "Cancel"}
        await pilot.press("enter")
        await pilot.pause()
        assert list(saves.glob("Ann-Bob-Cat-*.json"))
