"""Resizing never crashes or freezes (issue 13, item 2).

- The "terminal too small" notice: checked before it is composed, covered by another screen when
  the terminal grows, checked many times: never a crash, never a second notice, never a screen
  dismissed that was not the notice; no decision opens over it; a game resumed in a small terminal
  waits under it.
- A storm of resizes between 60x20, 100x30 and 200x60, with keys that leave the game as it is: the
  app stays responsive (it answers a key once the storm is over) and the game is unchanged. With Pilot
  (the storm posts PILOT_STORM_RESIZES resizes and keys without waiting for the app, as a terminal
  does, letting the app run a random few steps of its event loop between two, never a wall-clock
  wait; run in a child process so that a frozen app fails the test instead of hanging it), and,
  marked slow, every 10-90 ms for 30 s in a real terminal::

    .venv/bin/python -m pytest -m slow tests/tui/test_resize_storm.py -s
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

if __name__ == "__main__":  # run as a script (the Pilot storm's child process): find the test helpers
    sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[1])]

import pytest  # noqa: E402
from megamono.rules.actions import parse_action  # noqa: E402
from megamono.saves import load_game, read_save  # noqa: E402
from megamono.tui.app import MegamonoApp  # noqa: E402
from megamono.tui.resizing import LatestSizeOnly  # noqa: E402
from megamono.tui.runtime import Runtime
from megamono.tui.screens.toosmall import TooSmallScreen, guard_size  # noqa: E402
from screen_recipes import LATE_GAME, RECIPES, game_before, screen_classes  # noqa: E402
from textual import events  # noqa: E402
from textual.geometry import Size  # noqa: E402
from tui_helpers import SIZE, app_for, screen_name  # noqa: E402

SIZES = [(60, 20), (100, 30), (200, 60)]
KEYS = ["left", "right", "up", "down", "home", "question_mark", "escape", "d", "h"]
"""Keys pressed during a storm: they move the board's cursor, show and hide the keys panel, the help
and the decision's dialog, and change nothing in the game."""
PILOT_STORM_RESIZES = 80
"""Resizes in a Pilot storm (each with a key one time in two: some 40 keys piled up with them)."""
PILOT_STORM_LIMIT = 120.0
"""Seconds the Pilot storm's child process may take before the app counts as frozen (a loaded machine)."""
REAL_STORM_SECONDS = 30.0
REAL_RECOVER_LIMIT = 60.0
"""Seconds after the last resize within which the app in a real terminal must answer a key, after 30 s
of storm (a loaded machine): the app first works through the ~300 keys
typed during the storm (each opening or closing a panel, the help or the dialog, at full size)."""


def notices(app) -> list:
    return [s for s in app.screen_stack if isinstance(s, TooSmallScreen)]


def at_buy_decision():
    """A game of three players waiting for Bob to buy or auction (a dialog on screen)."""
    game, last = game_before("buy")
    game.act(last)
    return game


# ============================================================================ every screen
def test_every_screen_lays_out_only_the_size_now():
    """A screen that laid out stale sizes could loop for ever in a storm (megamono.tui.resizing)."""
    classes = screen_classes()
    missing = sorted(name for name, cls in classes.items() if not issubclass(cls, LatestSizeOnly)
                     and name not in OWN_RESIZE)
    assert not missing, f"these screens need LatestSizeOnly in their bases: {missing}"
    # (the game screen has no base class of ours: its own on_resize drops a stale size the same way)
    import inspect

    from megamono.tui.screens.game import GameScreen

    source = inspect.getsource(GameScreen.on_resize)
    assert "stale_resize(self, event)" in source and "event.prevent_default()" in source


OWN_RESIZE = {"GameScreen"}
"""Screens that drop a stale resize in their own ``on_resize`` (prevent_default: Textual's layout pass
for it does not run), not through the mixin."""


# ============================================================================ the notice
async def test_the_notice_can_be_checked_before_it_is_composed(saves):
    app = app_for(at_buy_decision(), saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        notice = TooSmallScreen()  # a second one, as a race could push it
        app.push_screen(notice)
        notice.check((80, 24))  # its text is not there yet: nothing to update
        notice.on_screen_resume()
        guard_size(app, (80, 24))
        assert len(notices(app)) == 2
        await pilot.resize_terminal(140, 45)
        await pilot.pause()
        await pilot.pause()
        assert notices(app) == [] and screen_name(app) == "BuyDialog"


async def test_growing_under_another_screen_dismisses_only_the_notice(saves):
    app = app_for(at_buy_decision(), saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert screen_name(app) == "TooSmallScreen"
        await pilot.press("f1")  # the rules, over the notice
        await pilot.pause()
        assert screen_name(app) == "RulesScreen"
        await pilot.resize_terminal(140, 45)
        await pilot.pause()
        assert screen_name(app) == "RulesScreen" and len(notices(app)) == 1
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        await pilot.press("escape")  # the rules close; the notice sees the size and goes
        await pilot.pause()
        await pilot.pause()
        assert notices(app) == [] and screen_name(app) == "BuyDialog"


async def test_one_notice_however_often_the_size_is_checked(saves):
    app = app_for(at_buy_decision(), saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for size in [(80, 24), (70, 22), (60, 20), (99, 29)]:
            guard_size(app, size)
            guard_size(app)
            await pilot.resize_terminal(*size)
        await pilot.pause()
        assert len(notices(app)) == 1 and screen_name(app) == "TooSmallScreen"
        for _ in range(3):
            await pilot.resize_terminal(140, 45)
            guard_size(app, (140, 45))
            guard_size(app)
        await pilot.pause()
        assert notices(app) == [] and screen_name(app) == "BuyDialog"
        assert [screen_name(app)] == [type(s).__name__ for s in app.screen_stack[2:]]


async def test_no_decision_opens_over_the_notice(saves):
    game = at_buy_decision()
    app = app_for(game, saves)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):
            await pilot.pause()
        assert screen_name(app) == "TooSmallScreen"
        assert [type(s).__name__ for s in app.screen_stack] == ["StartScreen", "GameScreen", "TooSmallScreen"]
        await pilot.resize_terminal(140, 45)
        for _ in range(3):
            await pilot.pause()
        assert screen_name(app) == "BuyDialog" and notices(app) == []


async def test_a_game_resumed_in_a_small_terminal_waits_under_the_notice(saves):
    save = shutil.copy(LATE_GAME, saves / "late.json")
    app = MegamonoApp(saves, resume_file=Path(save), runtime=Runtime.scripted())
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await pilot.pause()
        assert screen_name(app) == "TooSmallScreen" and len(notices(app)) == 1
        await pilot.resize_terminal(140, 45)
        for _ in range(3):
            await pilot.pause()
        assert notices(app) == [] and app.game_in_play is not None


# ============================================================================ storms
async def pilot_storm(seed: int, resizes: int, saves: Path, start: str = "turn") -> dict:
    """Storm the app (a scripted table, headless) with ``resizes`` resizes, from the board (``start``
    "turn") or a dialog ("buy"); what became of it (JSON-able). Between two resizes the app runs 0 to
    3 steps of its event loop (``asyncio.sleep(0)``), so resizes and keys pile up as in a real storm."""
    game, last = game_before(start)
    game.act(last)
    before = [a.model_dump(mode="json") for a in game.history]
    pending = (game.pending.kind, game.pending.player)
    app = app_for(game, saves)
    r = random.Random(seed)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        keys = 0
        for _ in range(resizes):
            size = Size(*r.choice(SIZES))
            app.post_message(events.Resize(size, size))  # (what Pilot.resize_terminal posts)
            if r.random() < 0.5:
                app.simulate_key(r.choice(KEYS))
                keys += 1
            for _ in range(r.randrange(4)):
                await asyncio.sleep(0)
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        answered = screen_name(app) == "RulesScreen"
        await pilot.press("escape")
        await pilot.pause()
        return {"resizes": resizes, "keys": keys, "answered": answered,
                "notices": len(notices(app)), "size": list(app.size),
                "screen_size": list(app.screen.size),
                "same_game": [a.model_dump(mode="json") for a in game.history] == before
                and (game.pending.kind, game.pending.player) == pending}


@pytest.mark.xdist_group("serial")
@pytest.mark.parametrize("seed, start", [(5, "turn"), (6, "buy")])
def test_a_resize_storm_leaves_the_game_responsive_and_unchanged(seed, start, saves):
    try:
        run = subprocess.run([sys.executable, __file__, "pilot-storm", str(seed), str(PILOT_STORM_RESIZES),
                              str(saves), start], capture_output=True, text=True, timeout=PILOT_STORM_LIMIT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the app froze: no answer in {PILOT_STORM_LIMIT:.0f}s of a {PILOT_STORM_RESIZES}-resize storm")
    assert run.returncode == 0, run.stderr[-3000:]
    result = json.loads(run.stdout.strip().splitlines()[-1])
    print(result)
    assert result["answered"], result
    assert result["notices"] == 0 and result["size"] == list(SIZE) == result["screen_size"], result
    assert result["same_game"], result


@pytest.mark.xdist_group("serial")
@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pseudo-terminals and /proc")
@pytest.mark.parametrize("screen", ["GameScreen", "BuyDialog"])
def test_a_resize_storm_in_a_real_terminal(screen, saves, tmp_path):
    from pty_terminal import PtyTerminal, python_argv
    from test_terminal_close import CLOSE_LIMIT, LAUNCHER, app_env, wait_ready

    ready = tmp_path / "ready.json"
    r = random.Random(screen)
    sequences = {"left": "\x1b[D", "right": "\x1b[C", "up": "\x1b[A", "down": "\x1b[B", "home": "\x1b[H",
                 "question_mark": "?", "escape": "\x1b", "d": "d", "h": "h"}
    with PtyTerminal(python_argv(LAUNCHER, screen, str(saves), str(ready)), size=RECIPES[screen].size,
                     env=app_env()) as term:
        info = wait_ready(term, ready)
        resizes = 0
        end = time.monotonic() + REAL_STORM_SECONDS
        while time.monotonic() < end:
            term.resize(*r.choice(SIZES))
            resizes += 1
            if r.random() < 0.5:
                term.send(sequences[r.choice(KEYS)])
            time.sleep(r.uniform(0.01, 0.09))
            assert term.proc.poll() is None, f"the app stopped during the storm: {term.tail()}"
        term.resize(*SIZE)
        last = time.monotonic()
        time.sleep(1.0)  # (the storm's last keys may have opened the help: F1 is then pressed over it)
        term.send("\x1bOP")  # F1: the rules
        answered = term.wait_screen("Rules (", REAL_RECOVER_LIMIT)
        recovered = time.monotonic() - last
        shown = term.screen()
        term.send("\x1b")
        print(f"{screen}: {resizes} resizes in {REAL_STORM_SECONDS:.0f}s; answered F1 {recovered:.1f}s after "
              f"the last resize", flush=True)
        assert answered, f"no answer to F1 within {REAL_RECOVER_LIMIT:.0f}s of the storm's end:\n{shown}"
        assert "Terminal too small" not in shown, shown
        os.kill(term.pid, signal.SIGTERM)
        assert term.wait_exit(CLOSE_LIMIT) is not None, "still running after SIGTERM"
    saved = sorted(saves.glob("autosave*.json"), key=lambda f: f.stat().st_mtime_ns)[-1]
    assert [parse_action(a) for a in read_save(saved)["actions"]] == [parse_action(a) for a in info["actions"]]
    assert [load_game(saved).pending.kind, load_game(saved).pending.player] == info["pending"]


if __name__ == "__main__" and sys.argv[1:2] == ["pilot-storm"]:
    _seed, _resizes, _saves = int(sys.argv[2]), int(sys.argv[3]), Path(sys.argv[4])
    print(json.dumps(asyncio.run(pilot_storm(_seed, _resizes, _saves, *sys.argv[5:6]))))
