"""Set-up shared by every test folder: pytest fixtures (this file) and the game builder and scenario
helpers of tests/kit.py (``new_game``, ``give``, ...), which the folders' helper modules re-export.

Fixtures here: ``saves`` (a fresh, empty save folder) and, in every test, a private rescue folder and
no terminal size forced by COLUMNS and LINES.
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


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    """A fresh, empty save folder (``tmp_path / "saves"``)."""
    folder = tmp_path / "saves"
    folder.mkdir()
    return folder
