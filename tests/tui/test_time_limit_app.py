"""The ``time_limit`` option in the app (RULES.md O): the status line counts the time left by the app's
clock (a fake one here); at zero the app records the time-up action once, and the game ends when that
round ends (E2); the time open is kept in the save beside its saved time and counts on when resumed."""

from __future__ import annotations

import json

from megamono.rules.actions import TimeUp
from megamono.rules.engine import Game
from megamono.saves import load_save
from megamono.tui.app import MegamonoApp
from megamono.tui.runtime import FakeClock, Runtime
from test_inputs_say_no import retype, said, setup_screen  # noqa: F401 - (setup_screen: a fixture)
from tui_helpers import SIZE, screen_name, settle


def _game(minutes: int) -> Game:
    return Game.new("mega", ["Ann", "Bob"], seed=1, seat_order=True, dice=[(1, 2, 1), (2, 3, 1)],
                    options={"time_limit": minutes})


def _status(app) -> str:
    return str(app.screen.query_one("#status").render())


async def test_O_time_limit_the_status_line_counts_down_and_time_up_ends_the_game_at_the_round_end(saves):
    clock = FakeClock(at=100.0)
    game = _game(2)
    app = MegamonoApp(saves, runtime=Runtime.scripted(clock), game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "time left 2:00" in _status(app)
        clock.advance(61.5)
        assert app.screen.time_limit.check() is False
        assert "time left 0:59" in _status(app)
        await pilot.press("r", "b")  # Ann buys Arctic Avenue; Bob's turn
        await pilot.pause()
        assert game.pending.kind == "turn" and game.pending.player == 1
        clock.advance(60)
        assert app.screen.time_limit.check() is True  # recorded once, for Bob whose decision waits
        assert game.history[-1] == TimeUp(player=1) and game.st.turn.time_up and not game.over
        assert app.screen.time_limit.check() is False  # never twice
        assert sum(isinstance(a, TimeUp) for a in game.history) == 1
        assert "time is up: the game ends with this round" in _status(app)
        assert any("Time is up" in n for n in app.notices)
        saved = json.loads(app.autosave_path.read_text())  # autosaved at once, with its time
        assert saved["played_seconds"] == 121 and {"player": 1, "kind": "time_up"} in saved["actions"]
        await pilot.press("r", "b")  # Bob buys Reading Railroad: round 1 is over
        await settle(pilot, app, until=lambda: screen_name(app) == "GameOverScreen")
        assert game.outcome.termination == "time_limit"
        text = str(app.screen.query_one("Static").render())
        # (each bought a deed at its price: a tie)
        assert "Round 1 is over: the time is up" in text and "share the win" in text
    again = load_save(app.autosave_path)  # the save replays exactly, the time-up action included
    assert again.game.history == game.history and again.game.st == game.st


async def test_O_time_limit_the_time_open_is_kept_in_the_save_and_counts_on(saves):
    clock = FakeClock(at=5.0)
    game = _game(10)
    app = MegamonoApp(saves, runtime=Runtime.scripted(clock), game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        clock.advance(125)
        await pilot.press("r", "b")  # Ann's turn ends: autosaved with the time so far
        await pilot.pause()
        path = app.autosave_path
        assert json.loads(path.read_text())["played_seconds"] == 125
        clock.advance(10)  # nothing played, but the time moved on: leaving writes it
        assert app.unsaved_changes() and app.autosave_now() is None
        assert load_save(path).played_seconds == 135
    clock.advance(9_000.0 - clock.monotonic())  # the time the game was saved and closed does not count
    app = MegamonoApp(saves, runtime=Runtime.scripted(clock), resume_file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert screen_name(app) == "GameScreen"
        assert "time left 7:45" in _status(app)
        clock.advance(60)
        app.screen.time_limit.check()
        assert "time left 6:45" in _status(app)
        assert app.played_for_save(app.screen.game) == 195


async def test_a_game_without_the_option_shows_no_clock_and_writes_no_time(saves):
    clock = FakeClock(at=0.0)
    game = Game.new("mega", ["Ann", "Bob"], seed=1, seat_order=True, dice=[(1, 2, 1)])
    app = MegamonoApp(saves, runtime=Runtime.scripted(clock), game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        clock.advance(10_000)
        assert app.screen.time_limit.check() is False and "time" not in _status(app)
        await pilot.press("r", "b")
        await pilot.pause()
        assert "played_seconds" not in json.loads(app.autosave_path.read_text())
        assert load_save(app.autosave_path).played_seconds == 0


async def test_O_time_limit_the_new_game_screen_offers_it_in_whole_minutes(setup_screen):  # noqa: F811
    async with setup_screen() as (app, pilot, screen):
        box = screen.query_one("#opt-time_limit")
        box.focus()
        for typed, why in (("0", "at least 1"), ("2.5", "2.5 is not a whole number")):
            await retype(pilot, typed)
            assert said(screen, "#err-time_limit") == why
            await pilot.press("ctrl+g")
            await pilot.pause()
            assert screen_name(app) == "SetupScreen"
        await retype(pilot, "45")
        assert said(screen, "#err-time_limit") == "" and screen.options().time_limit == 45
        await retype(pilot, "")
        assert screen.options().time_limit is None


def test_O_time_limit_the_help_says_this_game_has_one():
    from megamono.tui.screens.help import this_game_text

    assert "Time limit                1 minute open; then the game ends when the round ends" in \
        this_game_text(_game(1)).plain
    assert "Time limit" not in this_game_text(Game.new("mega", ["Ann", "Bob"], seed=1)).plain
