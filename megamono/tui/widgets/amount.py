"""Whole-number fields: bids, the trade screen's cash and card counts, the set-up's numbers.

Textual's ``Input(type="integer")`` silently drops a key it does not allow: "81.5" typed into it
became 815. :class:`AmountInput` lets the characters people type in sums through (digits, ``.``,
``,``, ``$``) and checks the whole entry with the :class:`WholeNumber` validator instead, so "81.5"
is refused with a message rather than read as something else. "1,000" and "$120" are read as 1000
and 120; "81,5" (a decimal comma) is refused like "81.5".
"""

from __future__ import annotations

import re

from textual.validation import ValidationResult, Validator
from textual.widgets import Input

GROUPED = re.compile(r"\d{1,3}(?:,\d{3})+")


def whole_number(text: str, money: bool = True) -> int | None:
    """The whole number typed in ``text`` ("120", "1,000", "$120" when ``money``), or None."""
    t = text.strip()
    if money and t.startswith("$"):
        t = t[1:].lstrip()
    if t.isascii() and t.isdigit():
        return int(t)
    if GROUPED.fullmatch(t):
        return int(t.replace(",", ""))
    return None


class WholeNumber(Validator):
    """A whole number (of dollars when ``money``); the failure says what was typed."""

    def __init__(self, money: bool = True) -> None:
        super().__init__()
        self.money = money

    def validate(self, value: str) -> ValidationResult:
        if whole_number(value, self.money) is not None:
            return self.success()
        what = "a whole number of dollars" if self.money else "a whole number"
        return self.failure(f"{value.strip()} is not {what}" if value.strip() else f"type {what}", value)


class AmountInput(Input):
    """An :class:`~textual.widgets.Input` for a whole number, checked by :class:`WholeNumber`.

    It takes (and so keeps from the screen's key bindings) only the characters a sum is typed
    with; letters reach the dialog's keys (``t``/``f``/``h``/``d`` in an auction) and ``?`` the
    keys panel.
    """

    CHARS = r"[0-9.,$]"

    def __init__(self, value: str = "", *, money: bool = True, **kwargs) -> None:
        chars = self.CHARS if money else r"[0-9.,]"
        super().__init__(value, restrict=chars + "*", validators=[WholeNumber(money)], **kwargs)
        self._chars = re.compile(chars)

    @property
    def number(self) -> int | None:
        """The whole number in the field, or None (empty or not a whole number)."""
        return whole_number(self.value, self.validators[0].money)  # type: ignore[attr-defined]

    def problem(self) -> str | None:
        """Why the field is not a whole number (None when it is, or is empty and may be)."""
        if self.valid_empty and not self.value.strip():
            return None
        result = self.validate(self.value)
        if result is None or result.is_valid:
            return None
        return result.failure_descriptions[0]

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and self._chars.fullmatch(character) is not None
