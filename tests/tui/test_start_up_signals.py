"""A signal at any moment of start-up ends the app quietly (issue 27, item 7): SIGTERM sent while the app
is still starting (importing, mounting the game screen, opening the hand-over) never prints a traceback,
and the process is gone within the promised time. It leaves no lock of the game behind, and once the app
could catch the signal it exits with status 0: the game is safe in its autosave. The real app on a
pseudo-terminal, really signalled."""

from __future__ import annotations

import os
import signal
import sys
import time

import pytest
from megamono.autosave import autosave_name
from megamono.saves import load_game, save_game
from pty_terminal import PtyTerminal
from tui_helpers import new_game

pytestmark = [pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pseudo-terminals"),
              pytest.mark.xdist_group("serial")]

DELAYS = (0.1, 0.3, 0.6, 0.9, 1.2, 1.6, 2.0, 2.5, 3.0, 4.0)
"""Seconds after the start at which the signal comes: from the imports to the first hand-over."""
QUICK = (0.1, 0.9, 2.0, 4.0)
"""The moments of the default run (the imports, the app's start, the game screen, the hand-over); every
other one is the slow run's (``pytest -m slow tests/tui/test_start_up_signals.py``)."""
CLOSE_LIMIT = 10.0
"""Seconds within which the process must be gone (a loaded machine; the 2 s promise is the slow test's)."""


ENV = {**{k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")},
       "MEGAMONO_ANIMATIONS": "off", "TERM": "xterm-256color"}
"""The app's environment: no size forced by COLUMNS and LINES (pytest-xdist's workers set 80x24)."""


def resume_argv(saves, path) -> list[str]:
    return [sys.executable, "-m", "megamono", "--saves", str(saves), "resume", str(path)]


def locks(saves) -> list[str]:
    return sorted(p.name for p in saves.glob(".autosave-*.lock"))


@pytest.mark.parametrize("delay", [pytest.param(d, marks=() if d in QUICK else pytest.mark.slow) for d in DELAYS])
def test_sigterm_during_start_up_ends_the_app_without_a_traceback(delay, tmp_path):
    saves = tmp_path / "saves"
    path = save_game(new_game(dice=[(1, 2, 1)]), "start", saves)
    with PtyTerminal(resume_argv(saves, path), env=ENV) as term:
        time.sleep(delay)
        os.kill(term.pid, signal.SIGTERM)
        took = term.wait_exit(CLOSE_LIMIT)
        text = term.text()
        status = term.proc.returncode
    assert took is not None, f"still running {CLOSE_LIMIT} s after SIGTERM at {delay} s"
    assert "Traceback" not in text and "Error" not in text, text[-3000:]
    assert locks(saves) == [], f"SIGTERM at {delay} s left the game's lock behind"
    # (-SIGTERM: the signal came before the app could catch it, with no game open yet)
    assert status in (0, -signal.SIGTERM), f"status {status} after SIGTERM at {delay} s"


@pytest.mark.parametrize("after", (0.0, 0.15, 0.3, 0.45))
def test_sigterm_just_after_resuming_releases_the_lock_and_exits_0(after, tmp_path):
    """Found by a newcomer's play-test: SIGTERM in the moment after a resumed game's lock was taken, as its
    first screens opened, ended the app with status 1 and left ``.autosave-ID.lock`` behind (Textual
    ended without unmounting the app, where the lock was given up)."""
    saves = tmp_path / "saves"
    path = save_game(new_game(dice=[(1, 2, 1)]), "start", saves)
    with PtyTerminal(resume_argv(saves, path), env=ENV) as term:
        deadline = time.monotonic() + 30
        while not locks(saves):  # the game is open: its lock taken
            assert term.proc.poll() is None and time.monotonic() < deadline, term.tail()
            time.sleep(0.005)
        time.sleep(after)
        os.kill(term.pid, signal.SIGTERM)
        took = term.wait_exit(CLOSE_LIMIT)
        status = term.proc.returncode
    assert took is not None, f"still running {CLOSE_LIMIT} s after SIGTERM"
    assert locks(saves) == [] and status == 0, (locks(saves), status, term.tail())


def test_sigterm_after_a_move_autosaves_it_and_exits_0(tmp_path):
    saves = tmp_path / "saves"
    game = new_game(dice=[(1, 2, 1)])
    path = save_game(game, "start", saves)
    with PtyTerminal(resume_argv(saves, path), env=ENV) as term:
        assert term.wait_screen("Pass the keyboard", 30), term.tail()
        time.sleep(0.5)  # (the hand-over takes no key in its first moment)
        term.send("\r")
        assert term.wait_screen("Roll", 10), term.tail()
        for _ in range(10):  # Ann rolls onto Arctic Avenue: buy or auction? (keys right after the
            term.send("r")   # hand-over wait a moment: r again until it is taken)
            if term.wait_screen("buy or auction", 1.5):
                break
        assert "buy or auction" in term.screen(), term.tail()
        os.kill(term.pid, signal.SIGTERM)
        took = term.wait_exit(CLOSE_LIMIT)
        status = term.proc.returncode
    assert took is not None and status == 0, (status, term.tail())
    assert locks(saves) == []
    [autosave] = saves.glob(f"{autosave_name('*')}.json")
    assert [a.kind for a in load_game(autosave).history] == ["roll"]
