"""Set-up shared by every test folder: pytest fixtures (this file) and the game builder and scenario
helpers of tests/kit.py (``new_game``, ``give``, ...), which the folders' helper modules re-export.

Fixtures here: ``saves`` (a fresh, empty save folder) and, in every test, a private rescue folder and
no terminal size forced by COLUMNS and LINES; in the whole run, Textual's pilot waits a short idle
(``_quick_pilot``).
tests/tui/conftest.py adds the app tests' own (a plain colour environment).
"""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _no_forced_terminal_size(monkeypatch):
    """No test inherits a terminal size from COLUMNS and LINES: pytest-xdist's workers have them set
    (80 and 24), a plain run has not, and an app started in a pseudo-terminal would take 80x24 from
    them instead of its terminal's size."""
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)


@pytest.fixture(autouse=True)
def _private_user_data(tmp_path_factory, monkeypatch):
    """The rescue folder (megamono.autosave.rescue_folder: the platform's user data folder, which
    follows XDG_DATA_HOME) is a fresh folder in every test: tests never read or write the real one."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("user-data")))


IDLE_SLEEP = 0.005
"""Seconds a Textual pilot sleeps while it waits for the app to be idle (Textual's 1/50 s)."""
SCREEN_UPDATE = 0.002
"""Seconds between a change on a screen and its repaint in the tests (Textual's a frame, 1/60 s)."""


@pytest.fixture(autouse=True, scope="session")
def _quick_pilot():
    """A pilot's ``pause()`` and ``press()`` wait until the app is idle, by sleeping 1/50 s at a time
    and comparing the process's time with the wall clock's: some 22 ms of wall-clock time a pause at
    least, a third of the app tests' time. They sleep IDLE_SLEEP instead, and a screen repaints
    SCREEN_UPDATE after a change rather than a frame after it (so that what the app does after its next
    repaint, ``call_after_refresh``, is done within the shorter pause, as it was within the longer one).
    Nothing the app decides depends on either (its own times are on its runtime's clock)."""
    import textual._wait
    import textual.screen

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(textual._wait, "SLEEP_GRANULARITY", IDLE_SLEEP)
        mp.setattr(textual.screen, "UPDATE_PERIOD", SCREEN_UPDATE)
        yield


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    """A fresh, empty save folder (``tmp_path / "saves"``)."""
    folder = tmp_path / "saves"
    folder.mkdir()
    return folder
