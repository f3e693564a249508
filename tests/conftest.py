"""Set-up shared by every test folder: pytest fixtures (this file) and the game builder and scenario
helpers of tests/kit.py (``new_game``, ``give``, ...), which the folders' helper modules re-export.

Fixtures here: ``saves`` (a fresh, empty save folder) and, in every test, a private rescue folder.
tests/tui/conftest.py adds the app tests' own (a plain colour environment).
"""

from __future__ import annotations

from pathlib import Path

import pytest


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
