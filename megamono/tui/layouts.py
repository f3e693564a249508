"""The board's three layouts and the terminal sizes they need (no rules core: the start screen and
the "terminal too small" screen use this before any game is loaded)."""

from __future__ import annotations

LAYOUT_MIN = {"compact": (100, 30), "full": (140, 45), "large": (200, 60)}
"""Smallest terminal (columns, rows) for each layout."""


def layout_for(width: int, height: int) -> str | None:
    """The largest layout that fits a terminal of ``width`` x ``height``; None when none does."""
    for name in ("large", "full", "compact"):
        w, h = LAYOUT_MIN[name]
        if width >= w and height >= h:
            return name
    return None
