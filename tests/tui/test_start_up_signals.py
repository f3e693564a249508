"""A signal at any moment of start-up ends the app quietly (issue 27, item 7): SIGTERM sent while the app
is still starting (importing, mounting the game screen, opening the hand-over) never prints a traceback,
and the process is gone within the promised time. The real app on a pseudo-terminal, really signalled."""

from __future__ import annotations

import os
import signal
import sys
import time

import pytest
from megamono.saves import save_game
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


@pytest.mark.parametrize("delay", [pytest.param(d, marks=() if d in QUICK else pytest.mark.slow) for d in DELAYS])
def test_sigterm_during_start_up_ends_the_app_without_a_traceback(delay, tmp_path):
    saves = tmp_path / "saves"
    path = save_game(new_game(dice=[(1, 2, 1)]), "start", saves)
    env = {**os.environ, "MEGAMONO_ANIMATIONS": "off", "TERM": "xterm-256color"}
    argv = [sys.executable, "-m", "megamono", "--saves", str(saves), "resume", str(path)]
    with PtyTerminal(argv, env=env) as term:
        time.sleep(delay)
        os.kill(term.pid, signal.SIGTERM)
        took = term.wait_exit(CLOSE_LIMIT)
        text = term.text()
    assert took is not None, f"still running {CLOSE_LIMIT} s after SIGTERM at {delay} s"
    assert "Traceback" not in text and "Error" not in text, text[-3000:]
