"""When keys came: the rest a hand-over waits for (no Textual here).

The app tells :class:`KeyTimes` of every key as it arrives, whatever the key and whichever screen it goes
to (:meth:`KeyTimes.key`, with the runtime clock's reading). A screen that must not take a key typed in a
burst (the "pass the keyboard" notice) asks :meth:`KeyTimes.rested`: whether no key at all came in the
given seconds before the key in hand (or before now, between keys).
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass
class KeyTimes:
    """``last``: the clock's reading when the last key came (None before any); ``gap``: the seconds
    between the last key and the one before it (infinite when it was the first)."""

    last: float | None = None
    gap: float = math.inf

    def key(self, now: float) -> None:
        """A key came at ``now`` (seconds, the runtime clock's)."""
        if self.last is not None:
            self.gap = max(0.0, now - self.last)
        self.last = now

    def rested(self, now: float, rest: float) -> bool:
        """Whether a key taken at ``now`` follows ``rest`` seconds in which no other key came: the key
        being handled came after such a rest (``gap``), or no key has come for ``rest`` seconds (a key
        pressed now would). Space, arrows and every other key count: any key restarts the rest."""
        return self.last is None or self.gap >= rest or now - self.last >= rest
