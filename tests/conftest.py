"""Set-up shared by every test folder."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _private_user_data(tmp_path_factory, monkeypatch):
    """The rescue folder (megamono.autosave.rescue_folder: the platform's user data folder, which
    follows XDG_DATA_HOME) is a fresh folder in every test: tests never read or write the real one."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("user-data")))
