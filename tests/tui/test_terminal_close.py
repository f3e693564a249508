"""Closing the terminal (SIGHUP) or killing the game (SIGTERM) ends the program, from every screen,
and the game in play is autosaved with its last decision (issue 13, item 1).

Each test starts the real app (``screen_launcher.py``: not in test mode, so the real signal handling
runs) on a pseudo-terminal of its own (``pty_terminal.py``), brings it to a screen
(``screen_recipes.py``) and closes the terminal. Every Screen class of ``megamono.tui`` is covered: a
screen without a recipe fails :func:`test_every_screen_has_a_recipe`.

The default run closes the terminal once on each screen of :data:`QUICK` (one of each way the app can be
when it closes: no game, a worker thread or processes at work, the board, a dialog, a screen over the
board, a timer ticking, the hand-over, the rescue folder, the game over) and signals it on a few; the slow
run closes it once on every other screen, and 20 times on each screen, printing the worst times::

    .venv/bin/python -m pytest -m slow tests/tui/test_terminal_close.py -k ends_the_game   # every screen, once
    .venv/bin/python -m pytest -m slow tests/tui/test_terminal_close.py -s
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from megamono.autosave import rescue_folder
from megamono.rules.actions import parse_action
from megamono.saves import load_game, read_save
from pty_terminal import PtyTerminal, python_argv, wait_session_gone
from screen_recipes import NOT_SHOWN, RECIPES, screen_classes

# On the one xdist worker of the "serial" group (pyproject.toml): real apps on pseudo-terminals, signalled and timed.
pytestmark = [pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pseudo-terminals and /proc"),
              pytest.mark.xdist_group("serial")]

LAUNCHER = Path(__file__).resolve().parent / "screen_launcher.py"
START_LIMIT = 120.0
"""Seconds the app may take to reach its screen (a loaded machine, the first import of everything)."""
CLOSE_LIMIT = 10.0
"""Seconds within which the process must be gone after the terminal closes or the signal."""
GONE_LIMIT = 2.0
"""Seconds after the app's exit within which every process of its session must be gone: the app's worker
processes end with it, and multiprocessing's fork server and resource tracker a moment after it."""
SCREENS = sorted(RECIPES)
QUICK = {"StartScreen", "ReviewScreen", "GameScreen", "BuyDialog", "OpenAuctionDialog", "PassKeyboard",
         "ChancesScreen", "ManageScreen", "SaveFailedDialog", "GameOverScreen", "TooSmallScreen"}
"""The screens closed in the default run (every other one in the slow run: some 2 s of a real app each)."""


def app_env() -> dict[str, str]:
    """The environment of a player's terminal: no size forced by COLUMNS/LINES, no animations."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("COLUMNS", "LINES", "NO_COLOR") and not k.startswith("TEXTUAL")}
    env.update(TERM="xterm-256color", MEGAMONO_ANIMATIONS="off")
    return env


def wait_ready(term: PtyTerminal, ready: Path) -> dict:
    """The launcher's report once its screen is on top (fails with the terminal's output if the app
    stopped or never got there)."""
    deadline = time.monotonic() + START_LIMIT
    while not ready.exists():
        if term.proc.poll() is not None:
            pytest.fail(f"the app stopped (status {term.proc.returncode}) before its screen: {term.tail()}")
        if time.monotonic() > deadline:
            pytest.fail(f"the app did not reach its screen in {START_LIMIT:.0f}s: {term.tail()}")
        time.sleep(0.05)
    return json.loads(ready.read_text())


def newest_autosave(saves: Path) -> Path | None:
    """The newest autosave in ``saves``, or in the rescue folder (where a game goes when the save
    folder cannot take it as the terminal closes)."""
    files = sorted([*saves.glob("autosave*.json"), *rescue_folder().glob("autosave*.json")],
                   key=lambda f: f.stat().st_mtime_ns)
    return files[-1] if files else None


def check_autosave(saves: Path, info: dict) -> None:
    """With a game in play, the newest autosave holds every decision made, the last one included, and
    waits for the same decision; without one, nothing was autosaved."""
    path = newest_autosave(saves)
    if info["actions"] is None:
        assert path is None, f"{path.name} written with no game in play"
        return
    assert path is not None, "no autosave"
    saved = [parse_action(a) for a in read_save(path)["actions"]]
    assert saved == [parse_action(a) for a in info["actions"]], \
        f"{path.name} holds {len(saved)} actions, the game {len(info['actions'])}"
    pending = load_game(path).pending
    assert [pending.kind, pending.player] == info["pending"]


def close_on(screen: str, folder: Path, how: str = "hangup", *extra: str, second: bool = False) -> float:
    """Start the app on ``screen``, close its terminal (``how``: "hangup") or send it SIGTERM
    ("term"); check that the whole session is gone within CLOSE_LIMIT seconds and the autosave.
    ``second``: a second SIGTERM half a second after the first. Returns the seconds it took to exit."""
    saves, ready = folder / "saves", folder / "ready.json"
    saves.mkdir(parents=True, exist_ok=True)
    ready.unlink(missing_ok=True)
    for old in [*saves.glob("autosave*.json"), *rescue_folder().glob("autosave*.json")]:
        old.unlink()
    argv = python_argv(LAUNCHER, screen, str(saves), str(ready), *extra)
    with PtyTerminal(argv, size=RECIPES[screen].size, env=app_env()) as term:
        info = wait_ready(term, ready)
        assert info["screen"] == screen
        start = time.monotonic()
        if how == "hangup":
            term.hang_up()
        else:
            os.kill(term.pid, signal.SIGTERM)
            if second:
                time.sleep(0.5)  # (signals closer together count as one)
                os.kill(term.pid, signal.SIGTERM)
        took = term.wait_exit(CLOSE_LIMIT)
        took = None if took is None else time.monotonic() - start
        assert took is not None, f"megamono still runs {CLOSE_LIMIT:.0f}s after {how} on {screen}: {term.tail()}"
        left = wait_session_gone(term.pid, GONE_LIMIT)
        assert not left, f"processes left behind: {left}"
    try:
        check_autosave(saves, info)
    except AssertionError as exc:
        said = [line for line in term.tail().replace("\r", "").split("\n") if "megamono" in line][-3:]
        raise AssertionError(f"{exc}; in the save folder: {sorted(f.name for f in saves.iterdir())}; "
                             f"the app said: {said}") from None
    return took


def test_every_screen_has_a_recipe():
    assert QUICK <= set(RECIPES)
    classes = screen_classes()
    assert {"StartScreen", "GameScreen", "BuyDialog", "TooSmallScreen"} <= set(classes)
    missing = sorted(set(classes) - set(RECIPES) - set(NOT_SHOWN))
    assert not missing, f"no recipe to reach {missing} in screen_recipes.py (or say in NOT_SHOWN why it never shows)"
    assert not set(RECIPES) - set(classes), "a recipe for a screen that no longer exists"


@pytest.mark.parametrize("screen", [pytest.param(screen, marks=() if screen in QUICK else pytest.mark.slow)
                                    for screen in SCREENS])
def test_closing_the_terminal_ends_the_game(screen, tmp_path):
    close_on(screen, tmp_path, "hangup")


@pytest.mark.parametrize("screen", ["StartScreen", "GameScreen", "BuyDialog", "ManageScreen", "TooSmallScreen"])
def test_sigterm_ends_the_game(screen, tmp_path):
    close_on(screen, tmp_path, "term")


def test_a_signal_while_the_loop_is_blocked_still_ends_the_game(tmp_path):
    """The event loop never comes back: after the grace the game is saved from another thread."""
    close_on("BuyDialog", tmp_path, "term", "--block")


def test_a_second_signal_ends_the_game_at_once(tmp_path):
    """The loop is blocked and the grace is long (30 s): a second SIGTERM ends it well before."""
    close_on("BuyDialog", tmp_path, "term", "--block", "--grace", "30", second=True)


def test_the_terminal_closing_while_the_loop_is_blocked(tmp_path):
    close_on("LevellingDialog", tmp_path, "hangup", "--block")


def test_a_terminal_that_hangs_up_without_a_signal_ends_the_game(tmp_path):
    """Not the controlling terminal: no SIGHUP comes; the app notices the dead terminal itself."""
    close_on("BuyDialog", tmp_path, "hangup", "--no-ctty")


@pytest.mark.slow
def test_closing_the_terminal_20_times_on_each_screen(tmp_path):
    worst: dict[str, float] = {}
    for screen in SCREENS:
        times = [close_on(screen, tmp_path / screen, "hangup") for _ in range(20)]
        worst[screen] = max(times)
        print(f"{screen:22s} worst {max(times):.2f}s  median {sorted(times)[10]:.2f}s", flush=True)
    name = max(worst, key=worst.get)
    print(f"worst of all: {worst[name]:.2f}s ({name}); target 2 s")
    assert worst[name] < CLOSE_LIMIT


LOADED_SCREENS = ["GameScreen", "BuyDialog", "ManageScreen", "OpenAuctionDialog", "StartScreen"]
"""Screens closed under load: the board, a decision, a person's screen, the open auction, no game."""
PROMISED = 2.0
"""Seconds README promises between the terminal closing and the program gone (under load: twice that)."""


@pytest.mark.slow
def test_closing_the_terminal_under_load_ends_the_game_in_time(tmp_path):
    """Issue 27, item 7: with two busy processes beside it (the 2-core machine's cores taken), closing the
    terminal still ends the game, autosaved, within twice the promised 2 s, 5 times on each screen."""
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    try:
        worst: dict[str, float] = {}
        for screen in LOADED_SCREENS:
            times = [close_on(screen, tmp_path / f"{screen}-{k}", "hangup") for k in range(5)]
            worst[screen] = max(times)
            print(f"under load: {screen:20s} worst {max(times):.2f}s  median {sorted(times)[2]:.2f}s", flush=True)
    finally:
        for proc in busy:
            proc.kill()
            proc.wait()
    assert max(worst.values()) < 2 * PROMISED, worst
