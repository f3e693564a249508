"""When keys came: the rest a hand-over waits for, and the bursts typed through a computer's move (no
Textual here).

The app tells :class:`KeyTimes` of every key as it arrives, whatever the key and whichever screen it goes
to (:meth:`KeyTimes.key`, with the runtime clock's reading). A screen that must not take a key typed in a
burst (the "pass the keyboard" notice) asks :meth:`KeyTimes.rested`: whether no key at all came in the
given seconds before the key in hand (or before now, between keys). The table asks
:meth:`KeyTimes.typing_since`: whether the keys come in a burst that began before a moment (a computer's
move that gave the keyboard back to a person with no hand-over): such keys were typed before that person
saw the move, and are not taken until the hands rest.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

REST = 1.5
"""Seconds without a key that end a burst: after a burst, a hand-over (and a person's keys after a computer's
move) takes a key only once no key has come for this long."""


@dataclass
class KeyTimes:
    """``last``: the clock's reading when the last key came (None before any); ``gap``: the seconds
    between the last key and the one before it (infinite when it was the first)."""

    last: float | None = None
    gap: float = math.inf
    burst: float | None = None
    """The clock's reading when the burst of the last key began (its first key after a rest of :data:`REST`)."""

    def key(self, now: float) -> None:
        """A key came at ``now`` (seconds, the runtime clock's)."""
        if self.last is not None:
            self.gap = max(0.0, now - self.last)
        if self.last is None or self.gap >= REST:
            self.burst = now
        self.last = now

    def typing_since(self, moment: float, now: float) -> bool:
        """Whether the keys are a burst that began at or before ``moment`` and goes on at ``now`` (its last
        key less than :data:`REST` seconds ago: the key in hand, or one typed just before)."""
        return (self.burst is not None and self.last is not None and self.burst <= moment
                and now - self.last < REST)

    def rested(self, now: float, rest: float) -> bool:
        """Whether a key taken at ``now`` follows ``rest`` seconds in which no other key came: the key
        being handled came after such a rest (``gap``), or no key has come for ``rest`` seconds (a key
        pressed now would). Space, arrows and every other key count: any key restarts the rest."""
        return self.last is None or self.gap >= rest or now - self.last >= rest
