"""Never losing a game: the autosave at every turn end and on leaving (Ctrl+Q asks first and says so), the
games in progress on the start screen, and the recovery save written when the app meets an unexpected
exception."""

from __future__ import annotations

from datetime import datetime

import pytest
from megamono.rules import buying
from megamono.rules.actions import DeclareBankruptcy, IncomeTaxChoice, Roll
from megamono.rules.editions import Edition
from megamono.rules.state import GameState
from megamono.saves import load_game, save_game
from megamono.tui.app import MegamonoApp
from megamono.tui.runtime import FakeClock, Runtime
from megamono.tui.screens.game_keys import BoardKeys
from tui_helpers import SIZE, app_for, new_game, screen_name

# Ann: 1+2+1 to Arctic Avenue (buy); Bob: 2+3+1 to Reading Railroad (buy)
DICE = [(1, 2, 1), (2, 3, 1)]


async def play_until_the_turn_changes(app, pilot) -> None:
    """Roll, buy whatever is offered, until the turn passes to the next player."""
    game = app.screen.game
    start = game.st.turn.number
    for _ in range(20):
        if game.st.turn.number != start:
            return
        if screen_name(app) == "BuyDialog":
            await pilot.press("b")
        elif screen_name(app) == "GameScreen" and game.pending.kind == "turn":
            await pilot.press("r")
        else:
            raise AssertionError(f"unexpected screen {screen_name(app)} ({game.pending.kind})")
        await pilot.pause()
    raise AssertionError("the turn did not change")


async def test_the_autosave_is_written_at_the_end_of_every_turn(saves):
    game = new_game(dice=DICE)
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        auto = app.autosave_path
        assert auto.name == f"autosave-{app.game_id}.json" and not auto.exists()
        await play_until_the_turn_changes(app, pilot)
        assert game.st.turn.number == 2 and game.st.deeds[4].owner == 0
        assert load_game(auto).st == game.st  # loads (with the replay check) to an equal state
        await play_until_the_turn_changes(app, pilot)
        assert game.st.turn.number == 3 and game.st.deeds[6].owner == 1
        saved = load_game(auto)
        assert saved.st == game.st and saved.history == game.history


async def test_leaving_the_game_autosaves_and_the_start_screen_offers_it_first(saves):
    game = new_game(dice=DICE)
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await play_until_the_turn_changes(app, pilot)
        await pilot.press("r")  # Bob lands on Reading Railroad: the turn is not over
        await pilot.pause()
        assert screen_name(app) == "BuyDialog"
        await pilot.press("escape")  # put the decision aside
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert screen_name(app) == "ConfirmDialog"
        await pilot.press("y")
        await pilot.pause()
        assert screen_name(app) == "StartScreen"
        left = game.st.model_copy(deep=True)
        [auto] = saves.glob("autosave-*.json")
        assert load_game(auto).st == left  # saved in the middle of Bob's turn
        start = app.screen
        games = start.query_one("#games")
        assert games.display and start.focused is games and games.highlighted == 0
        assert str(games.get_option_at_index(0).prompt).startswith("Ann, Bob, Cat  Mega  ·  round 1, turn 2  ·  today ")
        await pilot.press("enter")
        await pilot.pause()
        assert screen_name(app) == "BuyDialog"
        resumed = app.screen.game
        assert resumed is not game and resumed.st == left


async def test_a_new_app_offers_the_unfinished_autosave_and_resumes_it_with_a(saves):
    game = new_game(dice=DICE)
    game.act(Roll(player=0))
    save_game(game, "autosave-0123456789ab", saves, game_id="0123456789ab")
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = app.screen
        first = str(start.query_one("#games").get_option_at_index(0).prompt)
        assert first.startswith("Ann, Bob, Cat  Mega  ·  round 1, turn 1")
        assert start.check_action("autosave", ()) is True
        await pilot.press("a")
        await pilot.pause()
        assert screen_name(app) == "BuyDialog"
        assert app.screen.game.st == game.st
        assert app.game_id == "0123456789ab"  # the game goes on under its own id


async def test_a_finished_or_missing_autosave_is_not_offered(saves):
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not app.screen.query_one("#games").display
        assert app.screen.check_action("autosave", ()) is False
        assert app.screen.focused.id == "new"
    game = new_game(dice=[(1, 3, 1)], names=["Ann", "Bob"])
    game.act(Roll(player=0))  # Income Tax
    game.st.players[0].cash = 0
    game.act(IncomeTaxChoice(player=0, choice="flat"))
    game.act(DeclareBankruptcy(player=0))
    assert game.over
    save_game(game, "autosave", saves)
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not app.screen.query_one("#games").display
        await pilot.press("a")
        await pilot.pause()
        assert screen_name(app) == "StartScreen"


async def test_quitting_autosaves_the_game_in_play(saves):
    game = new_game(dice=DICE)
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")  # Ann's buy decision is open
        await pilot.pause()
        assert screen_name(app) == "BuyDialog"
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert screen_name(app) == "QuitQuestion"
        await pilot.press("y")
        await pilot.pause()
    assert load_game(app.autosave_path).st == game.st


async def test_a_new_game_left_before_its_first_move_is_kept(saves):
    game = new_game()
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    [kept] = list(saves.glob("autosave-*.json"))
    assert load_game(kept).st == game.st and not game.history


async def test_a_loaded_game_left_unchanged_is_not_written_again(saves):
    game = new_game(dice=DICE)
    game.act(Roll(player=0))
    path = save_game(game, "autosave-0123456789ab", saves, game_id="0123456789ab")
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.pause()
        assert screen_name(app) == "BuyDialog"
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before
    assert [f.name for f in saves.glob("autosave*.json")] == [path.name]


async def test_an_exit_that_skips_quitting_still_autosaves(saves):
    """However the app ends (Ctrl+C's SIGINT, an exit from elsewhere), the game is autosaved."""
    game = new_game(dice=DICE)
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        app.exit()
        await pilot.pause()
    assert load_game(app.autosave_path).st == game.st


async def test_a_closed_terminal_autosaves_before_exiting(saves):
    game = new_game(dice=DICE)
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        app._hang_up()  # what SIGHUP / SIGTERM run (between two messages)
        assert load_game(app.autosave_path).st == game.st
        await pilot.pause()
    assert app.return_code == 0  # (the game is safe in its autosave)


async def test_another_game_never_touches_an_autosave_of_its_own(saves):
    other = new_game(seed=5, names=["Zed", "Yan"])
    other.act(Roll(player=0))
    first = save_game(other, "autosave-00000000000a", saves, game_id="00000000000a").read_bytes()
    game = new_game(dice=DICE)
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await play_until_the_turn_changes(app, pilot)
        await play_until_the_turn_changes(app, pilot)
        mine = app.autosave_path
    assert load_game(mine).st == game.st
    assert (saves / "autosave-00000000000a.json").read_bytes() == first
    assert sorted(f.name for f in saves.glob("autosave-*.json")) == sorted(["autosave-00000000000a.json", mine.name])


async def test_the_same_game_continued_takes_its_autosave_over(saves):
    game = new_game(dice=DICE)
    game.act(Roll(player=0))
    save_game(game, "autosave-0123456789ab", saves, game_id="0123456789ab")
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.pause()
        await play_until_the_turn_changes(app, pilot)
        resumed = app.screen.game
    assert load_game(saves / "autosave-0123456789ab.json").st == resumed.st
    assert [f.name for f in saves.glob("autosave*.json")] == ["autosave-0123456789ab.json"]


CRASH_TIME = datetime(2026, 3, 1, 20, 15, 4)


async def test_an_unexpected_exception_writes_a_recovery_save_and_exits(saves, monkeypatch):
    game = new_game(dice=DICE)
    game.act(Roll(player=0))
    game.act(game.legal_actions(0)[0])  # buy
    before = game.st.model_copy(deep=True)

    def broken(self) -> None:
        raise RuntimeError("injected failure")

    monkeypatch.setattr(BoardKeys, "roll", broken)
    app = MegamonoApp(saves, runtime=Runtime.scripted(FakeClock(CRASH_TIME)), game=game)
    with pytest.raises(RuntimeError, match="injected failure"):
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
    assert app.return_code == 1
    path = saves / "recovery-20260301-201504.json"
    assert load_game(path).st == before
    assert "RuntimeError: injected failure" in app.crash_report
    assert str(path) in app.crash_report and "resume" in app.crash_report
    assert not list(saves.glob("autosave*.json"))  # the crash did not overwrite the autosave


async def test_a_crash_in_the_middle_of_an_action_recovers_the_last_whole_state(saves, monkeypatch):
    game = new_game(dice=DICE)
    game.act(Roll(player=0))
    before = game.st.model_copy(deep=True)

    def half_a_buy(st: GameState, ed: Edition, p: int) -> None:
        st.players[p].cash -= 80  # the money is gone, the deed not yet given
        raise KeyError("half-way")

    monkeypatch.setattr(buying, "do_buy", half_a_buy)
    app = MegamonoApp(saves, runtime=Runtime.scripted(FakeClock(CRASH_TIME)), game=game)
    with pytest.raises(KeyError):
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert screen_name(app) == "BuyDialog"
            await pilot.press("b")
            await pilot.pause()
    recovered = load_game(saves / "recovery-20260301-201504.json")
    assert recovered.st == before  # rebuilt from the actions that were completed
    assert game.st != before


async def test_a_crash_with_no_game_in_play_says_so(saves, monkeypatch):
    from megamono.tui.screens.start import StartScreen

    def broken(self) -> None:
        raise ValueError("boom")

    monkeypatch.setattr(StartScreen, "action_new", broken)
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    with pytest.raises(ValueError):
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("n")
            await pilot.pause()
    assert "No game was in play" in app.crash_report
    assert list(saves.iterdir()) == []


async def test_ctrl_q_asks_first_and_says_the_game_is_autosaved(saves):
    """Reported by a new player: Ctrl+Q left at once. It asks first and says the game is autosaved."""
    app = app_for(new_game(), saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert screen_name(app) == "QuitQuestion"
        assert "autosaved" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert screen_name(app) == "GameScreen"
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0


async def test_ctrl_c_says_how_to_quit_without_markup(saves):
    """Reported by a new player: Ctrl+C does not quit; the notice says how to, in plain words (no markup)."""
    app = app_for(new_game(), saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.action_help_quit()
        assert app.notices[-1] == "Press ctrl+q to quit megamono"


async def test_a_turns_autosave_is_made_on_the_main_thread_and_written_by_the_writer_thread(saves):
    """The save's text is made from the game in play on the main thread; only its bytes go to the
    writer thread (megamono.autosave.BackgroundWriter)."""
    import threading

    from megamono import saves as saves_module

    game = new_game(dice=DICE)
    app = app_for(game, saves)
    encoded, written = set(), set()
    real_encode, real_write = saves_module.encode_game, saves_module.write_save

    def encode(*args, **kwargs):
        encoded.add(threading.current_thread().name)
        return real_encode(*args, **kwargs)

    def write(path, data):
        written.add(threading.current_thread().name)
        return real_write(path, data)

    saves_module.encode_game, saves_module.write_save = encode, write
    try:
        async with app.run_test(size=SIZE) as pilot:
            app.write_in_thread = True
            await pilot.pause()
            await play_until_the_turn_changes(app, pilot)
            assert app.writer.wait(10)
            await pilot.pause()
            assert load_game(app.autosave_path).st == game.st
    finally:
        saves_module.encode_game, saves_module.write_save = real_encode, real_write
    assert encoded == {threading.main_thread().name}
    assert "megamono-writer" in written


async def test_a_game_from_a_position_plays_in_the_app_and_its_autosave_replays_from_the_position(saves):
    """Issue 16 (``megamono play --position``): the app plays a game started from a position; its autosave
    keeps the position in the setup and loads (replayed from it) to the game's state."""
    from megamono.rules import Game

    game = Game.from_position("mega", {
        "players": [{"name": "Ann", "cash": 700, "position": 10}, {"name": "Bob", "cash": 900, "position": 30}],
        "deeds": {"Boardwalk": {"owner": "Bob", "level": 1}, "Park Place": {"owner": "Bob", "level": 1}},
        "round": 7, "seed": 2}, dice=[(1, 2, 2), (2, 3, 1)])
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await play_until_the_turn_changes(app, pilot)
        assert game.st.deeds[15].owner == 0 and game.st.turn.player == 1 and game.st.turn.round == 7
        saved = load_game(app.autosave_path)
        assert saved.st == game.st and saved.setup["position"]["round"] == 7


async def test_a_closed_terminal_waits_for_the_turns_autosave_still_being_written(saves):
    """Found closing terminals on a loaded machine: a turn's autosave handed to the writer thread
    counted as written at once, so closing the terminal wrote nothing more, and the process ended
    before the (daemon) writer had written it: the game's last turn was in no file. Closing now waits
    a moment for the writer, and writes the autosave itself when the writer is still not done."""
    import threading

    from megamono.autosave import BackgroundWriter
    from megamono.saves import write_save

    game = new_game(dice=DICE)
    app = app_for(game, saves)
    stuck = threading.Event()

    def slow_write(path, data):  # (a writer that cannot finish before the terminal goes)
        stuck.wait(30)
        write_save(path, data)

    async with app.run_test(size=SIZE) as pilot:
        app.write_in_thread = True
        app._writer = BackgroundWriter(slow_write, lambda path, problem: None)
        await pilot.pause()
        await play_until_the_turn_changes(app, pilot)
        assert not app.autosave_path.exists() and not app.unsaved_changes()  # handed over, not written
        app._hang_up()  # what SIGHUP / SIGTERM run (between two messages)
        assert load_game(app.autosave_path).st == game.st
        stuck.set()
        await pilot.pause()
    assert app.return_code == 0  # (the game is safe in its autosave)
