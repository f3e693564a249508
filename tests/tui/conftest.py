"""Shared set-up of the app tests: a clean colour environment, a save folder, ready-made games."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _plain_environment(monkeypatch):
    """Snapshots and colours must not depend on the developer's terminal settings."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TEXTUAL_THEME", raising=False)


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    folder = tmp_path / "saves"
    folder.mkdir()
    return folder
