"""Errors raised by the rules core."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow now; nothing was changed.

    ``reason`` says why in a player's words; ``rule`` is the RULES.md section id, if any.
    """

    def __init__(self, reason: str, rule: str | None = None) -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} ({rule})" if rule else reason)
