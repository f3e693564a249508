"""Set-up of the app tests: a clean colour environment. (The ``saves`` folder is tests/conftest.py's;
the app tests' games and helpers are tui_helpers.py's.)"""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _plain_environment(monkeypatch):
    """Snapshots and colours must not depend on the developer's terminal settings."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TEXTUAL_THEME", raising=False)
