"""The new-game screen's edition, seats and house rules; computer players moving by themselves."""

from __future__ import annotations

from dataclasses import replace

from megamono.rules.engine import Game
from megamono.tui.app import MegamonoApp
from megamono.tui.computer import bot_levels, record_levels
from megamono.tui.runtime import Runtime
from tui_helpers import SIZE, screen_name, settle


async def test_setup_classic_with_an_option_and_a_computer_seat(saves):
    app = MegamonoApp(saves, seed=42, runtime=Runtime.scripted(), seat_order=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        setup = app.screen
        assert screen_name(app) == "SetupScreen"
        await pilot.press("shift+tab", "shift+tab")  # from the first name back to the edition
        assert app.focused.id == "edition"
        await pilot.press("enter", "down", "enter")  # Classic
        await pilot.pause()
        assert setup.edition == "classic"
        assert [n for _, n in setup.count_options()] == [2, 3, 4, 5, 6]  # classic: 2 to 6 players
        setup.query_one("#count").focus()
        await pilot.press("enter", "down", "down", "down", "enter")  # 3 -> 6
        await pilot.pause()
        assert setup.count == 6 and setup.query_one("#row-5").display
        await pilot.press("enter", "up", "up", "up", "enter")  # back to 3
        await pilot.pause()
        assert setup.count == 3 and not setup.query_one("#row-3").display
        setup.query_one("#kind-2").focus()
        await pilot.press("enter", "down", "down", "down", "enter")  # Cat: computer, strong
        setup.query_one("#kind-1").focus()
        await pilot.press("enter", "down", "enter")  # Bob: computer, easy
        setup.query_one("#opt-free_parking_pot").focus()
        await pilot.press("space")
        setup.query_one("#opt-auctions").focus()
        await pilot.press("space")  # auctions off
        setup.query_one("#opt-turn_limit").focus()
        await pilot.press(*"x")  # a letter is typed as it is, and refused beside the field
        await pilot.pause()
        assert str(setup.query_one("#err-turn_limit").render()) == "x is not a whole number"
        await pilot.press("backspace", *"20")
        setup.query_one("#opt-starting_cash").focus()
        await pilot.press(*"0")
        await pilot.pause()
        assert "at least $100" in str(setup.query_one("#err-starting_cash").render())
        assert setup.query_one("#go").disabled
        await pilot.press("backspace", *"2000")
        await pilot.pause()
        assert not setup.query_one("#go").disabled
        assert setup.query_one("#opt-speed_die_counts_for_utilities").disabled  # no Speed Die in classic
        await pilot.press("ctrl+g")
        await settle(pilot, app, until=lambda: screen_name(app) == "GameScreen"
                     and app.screen.game.pending.player == 0)
        game = app.screen.game
        assert game.ed.id == "classic" and game.ed.size == 40
        opts = game.st.options
        assert opts.free_parking_pot and not opts.auctions and opts.turn_limit == 20 and opts.starting_cash == 2000
        assert [(p.name, p.kind) for p in game.st.players] == [("Ann", "human"), ("Bob", "computer"),
                                                               ("Cat", "computer")]
        assert all(p.cash == 2000 for p in game.st.players)
        assert bot_levels(game) == {1: "easy", 2: "strong"}
        assert set(app.screen.controller.bots) == {1, 2}
        assert game.pending.kind == "turn" and game.pending.player == 0


async def test_setup_refuses_more_players_than_the_edition_allows(saves):
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        setup = app.screen
        setup.query_one("#count").value = 8
        await pilot.pause()
        assert setup.count == 8
        setup.query_one("#edition").value = "classic"
        await pilot.pause()
        assert setup.count == 6 and setup.query_one("#count").value == 6
        assert not setup.query_one("#row-6").display


async def test_a_computer_turn_is_played_automatically(saves):
    game = Game.new("mega", [{"name": "Ann"}, {"name": "Bob", "kind": "computer"}], seed=3,
                    dice=[(1, 2, 1), (2, 3, 1), (1, 1, 2)], seat_order=True)
    record_levels(game, {"Bob": "easy"})
    app = MegamonoApp(saves, runtime=Runtime.scripted(), game=game)
    app.pass_notices = True  # a hand-over is shown between people, never for a computer's move
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert screen_name(app) == "PassKeyboard" and app.screen.player == 0
        await pilot.press("enter")
        await pilot.press("r")
        await pilot.pause()
        assert screen_name(app) == "BuyDialog"
        await pilot.press("b")
        await settle(pilot, app, until=lambda: game.pending.player == 0)
        bob = game.st.players[1]
        assert bob.position == 6 and game.st.deeds[6].owner == 1  # rolled 2+3+1, bought Reading Railroad
        assert any(e.kind == "dice" and e.player == 1 for e in game.st.log)
        assert screen_name(app) == "GameScreen"  # Ann had the keyboard before: no notice
        assert game.pending.kind == "turn" and game.st.turn.number == 3
        assert app.screen.check_action("key", ("roll",)) is True
        assert app.screen.check_action("key", ("undo",)) is None  # a computer's move is not undone
        assert game.why_not_undo() is not None


async def test_space_skips_ahead_through_computer_moves(saves):
    game = Game.new("mega", [{"name": "Ann"}, {"name": "Bob", "kind": "computer"},
                             {"name": "Cat", "kind": "computer"}], seed=5, seat_order=True)
    app = MegamonoApp(saves, runtime=Runtime.scripted(), game=game)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        screen.turns.pace = 30.0  # a slow pace: only skipping ahead can get through in time
        await pilot.pause()
        assert screen.check_action("key", ("skip",)) is None  # Ann's decision: nothing to skip
        game.st.players[0].cash = 10_000  # Ann can pay whatever she meets
        while game.pending.player == 0:
            if game.pending.kind == "turn":
                await pilot.press("r")
            else:
                await pilot.press("escape")
                from megamono.bots import make_bot
                screen.act(make_bot("easy", 1).choose(game, 0))
            await pilot.pause()
        assert screen.check_action("key", ("skip",)) is True
        await pilot.press("space")
        await settle(pilot, app, until=lambda: game.pending.player == 0, limit=400)
        assert game.st.turn.number >= 4
        assert not screen.table.fast  # back to the normal pace at a human decision


def test_a_saved_game_keeps_each_computers_level(saves):
    """Found by a newcomer: resuming a game made every computer player "strong"."""
    from megamono.saves import load_game, save_game
    from megamono.tui.computer import bot_levels, record_levels

    game = Game.new("mega", [{"name": "Ann"}, {"name": "Bob", "kind": "computer"},
                             {"name": "Cat", "kind": "computer"}], seed=5, seat_order=True)
    record_levels(game, {"Bob": "easy", "Cat": "strong"})
    loaded = load_game(save_game(game, "levels", saves))
    assert bot_levels(loaded) == {1: "easy", 2: "strong"}
    assert Game.replay(loaded.setup, loaded.history).setup == loaded.setup  # and again, resumed


async def test_a_computers_move_is_chosen_in_a_worker_thread_and_applied_on_the_main_thread(saves):
    """Outside test mode a worker chooses on a copy of the game; the game changes only on the main thread."""
    import threading

    game = Game.new("mega", [{"name": "Ann"}, {"name": "Bob", "kind": "computer"}], seed=3,
                    dice=[(1, 2, 1), (2, 3, 1), (1, 1, 2)], seat_order=True)
    record_levels(game, {"Bob": "easy"})
    app = MegamonoApp(saves, runtime=replace(Runtime.scripted(), threads=True), game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        acting, thinking = set(), set()
        controller = screen.controller
        real_act, real_choice = game.act, controller.computer_choice

        def act(action):
            acting.add(threading.current_thread().name)
            return real_act(action)

        def choice(copy, seat):
            assert copy is not game
            thinking.add(threading.current_thread().name)
            return real_choice(copy, seat)

        game.act = act
        controller.computer_choice = choice
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("b")
        await settle(pilot, app, until=lambda: game.pending.player == 0 and not screen.turns.scheduled)
        assert game.st.players[1].position == 6 and game.st.deeds[6].owner == 1  # Bob rolled and bought
        assert acting == {threading.main_thread().name}
        assert thinking and threading.main_thread().name not in thinking


async def test_an_expert_computer_seat_chosen_on_the_new_game_screen_plays_its_turns(saves):
    app = MegamonoApp(saves, seed=42, runtime=Runtime.scripted(), seat_order=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        setup = app.screen
        setup.query_one("#count").focus()
        await pilot.press("enter", "up", "enter")  # 3 -> 2 players
        setup.query_one("#kind-1").focus()
        await pilot.press("enter", "down", "down", "down", "down", "enter")  # Bob: computer, expert
        await pilot.press("ctrl+g")
        await settle(pilot, app, until=lambda: screen_name(app) == "GameScreen")
        game = app.screen.game
        assert bot_levels(game) == {1: "expert"}
        bot = app.screen.controller.bots[1]
        assert bot.level == "expert"
        await pilot.press("r")  # Ann rolls; what she lands on she leaves to auction, if anything
        await settle(pilot, app, until=lambda: game.pending.player != 0 or game.pending.kind != "turn")
        if game.pending.kind == "buy":
            await pilot.press("a")
        await settle(pilot, app, until=lambda: any(a.player == 1 for a in game.history))
        assert any(a.player == 1 for a in game.history) and bot.fallbacks == 0  # (Bob, the expert, has played)
