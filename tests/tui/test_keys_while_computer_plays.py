"""Keys pressed in the moment after a computer player's move, before the next person's hand-over
shows (found by play-testers: "ignored silently"). They are not kept for later (the next thing to show
is a hand-over or another person's question, which a key typed before it was seen must not answer);
they say why on the notice line."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from megamono.saves import load_game
from megamono.tui.app import MegamonoApp
from megamono.tui.dialogs.notice import PassKeyboard
from megamono.tui.keytimes import REST
from megamono.tui.runtime import FakeClock, Runtime
from megamono.tui.table import AFTER_HANDOVER
from tui_helpers import SIZE, app_for, burst, guarded_hand_over, guards_on, new_game, pass_after_a_rest, screen_name

ROBO = {"name": "Robo", "kind": "computer"}


async def test_keys_while_a_computer_plays_say_wait_and_change_nothing(saves):
    game = new_game(dice=[(1, 2, 1), (2, 3, 1)], names=["Ann", ROBO, "Bob"])
    app = app_for(game, saves)
    app.pass_notices = True
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game_screen = next(s for s in app.screen_stack if type(s).__name__ == "GameScreen")
        await pilot.press("enter", "r")  # Ann's hand-over; she lands on Arctic Avenue
        await pilot.pause()
        assert screen_name(app) == "BuyDialog"
        game_screen.turns.pace = 30.0  # Robo's step waits: the moment a play-tester typed into
        await pilot.press("b")
        await pilot.pause()
        assert screen_name(app) == "GameScreen" and game.pending.player == 1
        before = len(game.history)
        await pilot.press("enter", "b", "y")  # a hand-over's Enter, a dialog's letters, typed too soon
        await pilot.pause()
        assert len(game.history) == before and screen_name(app) == "GameScreen"
        assert app.notices[-1] == "Wait: Robo (computer) is playing; space skips ahead"
        await pilot.press("space")  # Robo plays at once; then the keyboard passes to Bob
        for _ in range(20):
            await pilot.pause()
            if screen_name(app) == "PassKeyboard":
                break
        assert screen_name(app) == "PassKeyboard" and app.screen.player == 2


async def test_a_game_key_before_the_hand_over_shows_waits_for_it(saves):
    """The hand-over comes a moment after the move before it (its animation, a frame): an r typed then
    must not roll for the next person unseen. It is refused with the reason, and the hand-over shows."""
    game = new_game(dice=[(1, 2, 1)])
    app = app_for(game, saves)
    app.pass_notices = True
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Ann's hand-over
        await pilot.pause()
        game_screen = app.screen
        assert screen_name(app) == "GameScreen" and game.pending.player == 0
        game_screen.controller.last_decider = 1  # as if Bob had the keyboard and Ann's hand-over were on its way
        assert game_screen.table.handover_due()
        await pilot.press("r", "enter")
        await pilot.pause()
        assert not game.history  # nothing rolled for Ann before she was handed the keyboard
        assert "Roll: wait: the keyboard passes to Ann first" in app.notices
        assert app.notices[-1] == "Wait: the keyboard passes to Ann first"
        game_screen.sync()
        await pilot.pause()
        assert screen_name(app) == "PassKeyboard" and app.screen.player == 0


async def test_a_key_pressed_as_the_hand_over_opens_says_it_was_not_taken(saves):
    app = app_for(new_game(), saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        async with guarded_hand_over(app, pilot, 1) as notice:  # (60 s: no slow machine outlasts it)
            await pilot.press("enter", "r", "enter")  # typed ahead
            await pilot.pause()
            assert screen_name(app) == "PassKeyboard"
            told = [n for n in app.notices if n.startswith("Keys typed ahead are not taken here")]
            assert told == ["Keys typed ahead are not taken here: Bob, take your hands off the keys a moment, then "
                            "press Enter when you are ready"]  # (once, not for every key typed ahead)
            await pass_after_a_rest(app, pilot, notice)


async def test_keys_pressed_over_and_over_never_run_into_the_hand_over(saves):
    """Found play-testing: Enter and r pressed again and again while a computer played went through the
    next person's hand-over once its guard was over, and rolled for her. A key the guard ignores
    starts it again, so only a key pressed after a rest is taken. (On the app's fake clock: keys every
    0.3 s for twice the guard.)"""
    app = app_for(new_game(), saves)
    clock = app.runtime.clock
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game_screen = app.screen
        async with guarded_hand_over(app, pilot, 1, guard=2.0) as notice:
            opened = clock.monotonic()
            while clock.monotonic() - opened < 2 * notice.GUARD:  # longer than the guard, keys all along
                await pilot.press("enter", "r")
                clock.advance(0.3)
                await pilot.pause()
                assert screen_name(app) == "PassKeyboard"
            assert game_screen.game.history == []
            await pass_after_a_rest(app, pilot, notice)


async def test_enter_on_the_board_in_your_own_turn_says_what_the_game_waits_for(saves):
    """Found by a newcomer: Enter on the board in one's own turn did nothing and said nothing."""
    game = new_game()
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert screen_name(app) == "GameScreen" and game.pending.kind == "turn"
        await pilot.press("enter")
        await pilot.pause()
        said = [n for n in app.notices if n.startswith("Enter: nothing to confirm here")]
        assert len(said) == 1 and "r rolls" in said[0] and game.history == []


async def test_a_key_typed_with_the_enter_that_passes_the_hand_over_is_not_taken(saves, monkeypatch):
    """Found by a newcomer: "Enter r" mashed while a computer played passed the next person's hand-over
    (after a rest) and the r rolled for her at once. A game key in the same burst as the Enter that
    passed the hand-over waits (AFTER_HANDOVER) and says so; pressed again, it acts."""
    game = new_game(dice=[(1, 2, 1), (2, 3, 1)])
    app = app_for(game, saves)
    app.pass_notices = True
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "r", "b")  # Ann's hand-over; she buys Arctic Avenue: Bob's turn
        await pilot.pause()
        assert screen_name(app) == "PassKeyboard" and app.screen.player == 1
        notice = app.screen
        notice.GUARD = notice.REST = 0.0
        clock = app.runtime.clock
        with guards_on(app):  # (the moment after a hand-over waits only with guards on)
            n = len(game.history)
            burst(app, "enter")
            await pilot.pause()
            assert screen_name(app) == "GameScreen"
            await pilot.press("r")  # (as if typed with the Enter: the fake clock has not moved)
            await pilot.pause()
            assert len(game.history) == n
            assert any("press it again" in said for said in app.notices), app.notices
            clock.advance(AFTER_HANDOVER + 0.01)
            await pilot.press("r")
            await pilot.pause()
            assert len(game.history) == n + 1 and game.history[-1].player == 1


async def test_keys_pressed_just_before_the_hand_over_opened_call_for_a_rest(saves):
    """Keys mashed while a computer played, in bursts a little apart: the hand-over opening between two
    bursts took the next burst's Enter. Keys pressed anywhere just before it opened count as keys it
    ignored: it takes a key only after a rest (REST)."""
    app = app_for(new_game(), saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("z", "enter")  # keys on the board, before the notice opens
        # (no opening guard: only the keys pressed before it)
        async with guarded_hand_over(app, pilot, 1, guard=0.0, rest=60.0) as notice:
            await pilot.press("enter")
            await pilot.pause()
            assert screen_name(app) == "PassKeyboard"
            await pass_after_a_rest(app, pilot, notice)


REPRO = Path(__file__).resolve().parents[1] / "data" / "repro"


async def test_no_key_acts_for_a_person_while_the_computer_decides_on_the_evening(saves):
    """The evening's fault (tests/data/repro/debt-round27.json): Zoë goes bankrupt and Dan (computer)
    decides on each mortgaged deed he receives; r and b were refused, but m opened Bob's manage screen
    meanwhile and x sold a house with no question. Every key that changes the game or opens a person's
    screen is refused now, with the reason, in a burst as a terminal delivers it."""
    game = load_game(REPRO / "debt-round27.json")
    app = MegamonoApp(saves, runtime=replace(Runtime.scripted(), computer_pace=60.0), game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert screen_name(app) == "DebtDialog" and game.pending.player == 0
        await pilot.press("x", "y")  # Zoë declares bankruptcy: Dan decides on what he receives
        await pilot.pause()
        screen = app.screen
        assert screen_name(app) == "GameScreen" and screen.controller.computer_to_move() == 2
        n = len(game.history)
        for keys in (("r", "b", "m", "x"), ("e", "y"), ("s",), ("d", "t", "u", "enter")):
            burst(app, *keys)
            await pilot.pause()
            assert len(game.history) == n and screen_name(app) == "GameScreen", keys
        assert any(said.startswith("Manage: Dan (computer) is playing") for said in app.notices), app.notices
        assert not any("propose to end" in said for said in app.notices)


async def test_a_burst_never_passes_the_hand_over_whatever_its_keys(saves):
    """When "Pass the keyboard to ..." shows, 3 s of quiet, then r Enter r r 0.2 s apart: the Enter came
    0.2 s after another key, so it is not taken; space, the arrows and PgDn restart the rest too. An Enter
    after a rest passes it."""
    clock, game = FakeClock(), new_game(dice=[(1, 2, 1)])
    app = MegamonoApp(saves, runtime=replace(Runtime.scripted(clock), guards=True, handovers=True), game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert screen_name(app) == "PassKeyboard" and app.screen.player == 0
        clock.advance(3.0)
        for key in ("r", "enter", "r", "r"):
            await pilot.press(key)
            clock.advance(0.2)
        assert screen_name(app) == "PassKeyboard" and not game.history
        for key in ("space", "down", "pagedown"):
            clock.advance(2.0)
            await pilot.press(key)
            clock.advance(0.5)
            await pilot.press("enter")
            assert screen_name(app) == "PassKeyboard", key
        clock.advance(PassKeyboard.REST)
        await pilot.press("enter")
        await pilot.pause()
        assert screen_name(app) == "GameScreen"


async def test_keys_mashed_through_a_computers_turn_never_roll_for_the_person_after_it(saves):
    """Found in a play-test: Ann had the keyboard last (she answered Robo's offer in his turn), so her turn
    followed his with no hand-over, and the r of the burst she typed through his turn rolled for her. The
    keys of that burst are refused with the reason until her hands rest; then r rolls."""
    game = new_game(dice=[(1, 2, 1)], names=["Ann", ROBO])
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game_screen = app.screen
        game_screen.turns.pace = 30.0  # (Robo's steps wait while she types)
        await pilot.press("r", "b")  # Ann lands on Arctic Avenue and buys it: Robo's turn
        await pilot.pause()
        assert screen_name(app) == "GameScreen" and game.pending.player == 1
        with guards_on(app):
            burst(app, "r", "b", "m", "space")  # space: Robo plays at once; his turn ends
            for _ in range(40):
                await pilot.pause()
                if game.pending.player == 0 and game.pending.kind == "turn":
                    break
            assert game.pending.player == 0 and game.pending.kind == "turn" and screen_name(app) == "GameScreen"
            robo = len(game.history)
            assert game.history[-1].player == 1
            burst(app, "r", "m", "r")  # the same burst goes on into her turn
            await pilot.pause()
            assert len(game.history) == robo and screen_name(app) == "GameScreen"
            assert app.notices[-1].startswith("Roll: Robo (computer) has just played; keys typed through its move")
            app.clock.advance(REST + 0.1)  # her hands rest
            await pilot.press("r")
            await pilot.pause()
            assert len(game.history) == robo + 1 and game.history[-1].player == 0  # her roll, now
