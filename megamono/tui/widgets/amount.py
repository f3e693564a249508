"""Whole-number fields: bids, the trade screen's cash and card counts, the set-up's numbers.

A field never changes what was typed: Textual's ``Input(type="integer")`` (or a ``restrict``)
silently drops a key it does not allow, so that "81.5" became 815, "1e3" 13 and "-5" 5.
:class:`AmountInput` takes every key typed into it and checks the whole entry with the
:class:`WholeNumber` validator instead: anything but digits (and thousands commas, and a "$" before a
sum of money) is refused with a message rather than read as something else. "1,000" and "$120" are
read as 1000 and 120; "81,5" (a decimal comma) is refused like "81.5"; a number out of the field's
range is refused too ("at least $100").
"""

from __future__ import annotations

import re

from textual.validation import ValidationResult, Validator
from textual.widgets import Input

from ..textual_private import own_bindings

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
    """A whole number (of dollars when ``money``), from ``minimum`` to ``maximum`` when given; the
    failure says what was typed, or the range."""

    def __init__(self, money: bool = True, minimum: int | None = None, maximum: int | None = None) -> None:
        super().__init__()
        self.money = money
        self.minimum = minimum
        self.maximum = maximum

    def shown(self, number: int) -> str:
        """``number`` as the field's unit: "$1,000" (money) or "1,000"."""
        return f"${number:,}" if self.money else f"{number:,}"

    def validate(self, value: str) -> ValidationResult:
        number = whole_number(value, self.money)
        if number is None:
            what = "a whole number of dollars" if self.money else "a whole number"
            return self.failure(f"{value.strip()} is not {what}" if value.strip() else f"type {what}", value)
        if self.minimum is not None and number < self.minimum:
            return self.failure(f"at least {self.shown(self.minimum)}", value)
        if self.maximum is not None and number > self.maximum:
            return self.failure(f"at most {self.shown(self.maximum)}", value)
        return self.success()


class AmountInput(Input):
    """An :class:`~textual.widgets.Input` for a whole number, checked by :class:`WholeNumber`
    (``minimum``/``maximum``: its range).

    It takes every character typed into it, so that a mistyped sum is refused as typed, but ``?``
    (the keys panel) and the keys its screen binds (``t``/``f``/``h``/``d``/``m`` in an auction).
    """

    def __init__(self, value: str = "", *, money: bool = True, minimum: int | None = None,
                 maximum: int | None = None, **kwargs) -> None:
        self.number_check = WholeNumber(money, minimum, maximum)
        super().__init__(value, validators=[self.number_check], **kwargs)

    @property
    def number(self) -> int | None:
        """The whole number in the field, or None (empty or not a whole number; out of the range
        it is still read: :meth:`problem` says so)."""
        return whole_number(self.value, self.number_check.money)

    def problem(self) -> str | None:
        """Why the field is not a whole number (None when it is, or is empty and may be)."""
        if self.valid_empty and not self.value.strip():
            return None
        result = self.validate(self.value)
        if result is None or result.is_valid:
            return None
        return result.failure_descriptions[0]

    def check_consume_key(self, key: str, character: str | None) -> bool:
        if character is None or not character.isprintable() or character == "?":
            return False
        # (Textual takes a key the focused field consumes away from every binding above it)
        return not any(key in own_bindings(node).key_to_bindings for node in self.ancestors if node is not self.app)
