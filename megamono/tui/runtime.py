"""How the app runs: its one clock, the pace it plays at, and what of the machine it uses.

Everything of the app that depends on time or on the machine is given to it, in one
:class:`Runtime` (``MegamonoApp(runtime=...)``, read by the screens and dialogs as ``app.runtime``):

- :class:`Clock` is the app's only clock. A dialog's guard against keys typed before it showed, the rest
  a hand-over waits for, an open auction's countdown, the time a game has been open and the names of
  rescued saves are all read from it. This module is the only one of ``megamono.tui`` that reads the
  system's time (``tests/test_source_rules.py`` searches the source). :class:`FakeClock` moves only when
  told to (:meth:`FakeClock.advance`).
- The pace: seconds between two steps of a computer player, whether dice and tokens are animated and
  cursors blink, and whether the dialogs' key guards are on.
- ``threads``: the worker runner. True: computers think, win chances play and autosaves write in worker
  threads and processes, so the table never waits. False: each of them runs at once, on the main thread,
  where the step that asked for it can see its result (a scripted table: every step in order).
- The parts of the machine: the settings file, the SIGHUP/SIGTERM handlers, the notice lines and the
  hand-over screens, and whether a bug found at the table is said (and the game goes on, so it can be
  saved) or raised.

:meth:`Runtime.scripted` is the table a script (or a test) drives: a fake clock, no pauses, no
animations, everything on the main thread, no settings file, no signal handlers, bugs raised.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Literal

COMPUTER_PACE = 0.6
"""Seconds between two steps of a computer player (a readable pace; space skips ahead)."""
BID_PACE = 1.0
"""Seconds between a change of an open auction and a computer bidder's answer (A3)."""


SCRIPTED_PLAYOUTS = 20
"""The playouts of a win-chance figure at a scripted table (:meth:`Runtime.scripted`)."""


class Clock:
    """The system's clock: :meth:`monotonic` seconds for durations, :meth:`now` the local date and time
    (for names and the start screen's "today 14:50")."""

    def monotonic(self) -> float:
        """Seconds since an arbitrary point, never going back (:func:`time.monotonic`)."""
        return time.monotonic()

    def now(self) -> datetime:
        """The local date and time (:meth:`datetime.now`)."""
        return datetime.now()

    def sleep(self, seconds: float) -> None:
        """Wait ``seconds`` (:func:`time.sleep`; a thread's wait, never the app's event loop)."""
        time.sleep(seconds)


class FakeClock(Clock):
    """A clock that moves only when told: :meth:`advance` adds seconds to both readings.

    ``start``: the date and time it shows first; ``at``: its first monotonic reading (seconds)."""

    def __init__(self, start: datetime | None = None, at: float = 1000.0) -> None:
        self._start = start or datetime(2026, 1, 1, 12, 0, 0)
        self._at0 = self._at = float(at)

    def monotonic(self) -> float:
        return self._at

    def now(self) -> datetime:
        return self._start + timedelta(seconds=self._at - self._at0)

    def sleep(self, seconds: float) -> None:
        """A fake wait: the clock moves on by ``seconds``."""
        self.advance(seconds)

    def advance(self, seconds: float) -> None:
        """Move the clock on by ``seconds`` (>= 0; ``ValueError`` otherwise: a clock never goes back)."""
        if seconds < 0:
            raise ValueError(f"a clock never goes back ({seconds} s)")
        self._at += seconds


@dataclass(frozen=True)
class Runtime:
    """How an app runs (see the module's text). Frozen: a change is a new one (:func:`dataclasses.replace`).

    ``clock``: the one clock; ``computer_pace``: seconds between two computer steps; ``bid_pace``: seconds
    before a computer answers in an open auction; ``animations``,
    ``blink``: dice and token animations, blinking cursors; ``guards``: dialogs ignore keys for a moment
    after they open and a hand-over waits for a rest from keys; ``threads``: the worker runner (see the
    module); ``handovers``: "pass the keyboard" screens (a player's option may turn them off later);
    ``notices``: notices shown on the notice lines (they are always kept in ``app.notices``);
    ``settings``: the settings file is read and written; ``signals``: SIGHUP/SIGTERM autosave and end the
    app; ``bugs``: a bug at the table (an engine or computer failure) is said ("say") or raised ("raise");
    ``playouts``: the most playouts a win-chance figure (the panel, a trade's effect, a review point's first
    pass) plays when asked, None for each screen's own number.
    """

    clock: Clock = field(default_factory=Clock)
    computer_pace: float = COMPUTER_PACE
    bid_pace: float = BID_PACE
    animations: bool = True
    blink: bool = True
    guards: bool = True
    threads: bool = True
    handovers: bool = True
    notices: bool = True
    settings: bool = True
    signals: bool = True
    bugs: Literal["say", "raise"] = "say"
    playouts: int | None = None

    @classmethod
    def scripted(cls, clock: Clock | None = None) -> Runtime:
        """The table a script drives: ``clock`` (a :class:`FakeClock` unless given), no pauses, no
        animations or blinking, no guards or hand-overs, everything at once on the main thread, no
        settings file, no signal handlers, no notices shown, bugs raised, :data:`SCRIPTED_PLAYOUTS` playouts
        to a figure."""
        return cls(clock=clock or FakeClock(), computer_pace=0.0, bid_pace=0.0, animations=False, blink=False,
                   guards=False, threads=False, handovers=False, notices=False, settings=False, signals=False,
                   bugs="raise", playouts=SCRIPTED_PLAYOUTS)

    def say_or_raise(self, error: BaseException) -> bool:
        """For a bug found at the table: raise ``error`` when ``bugs`` is "raise", else True (say it)."""
        if self.bugs == "raise":
            raise error
        return True


DEFAULT = Runtime()
"""The runtime of an app that was given none (a screen shown in another app: a test's)."""


def runtime_of(app: object) -> Runtime:
    """``app``'s runtime (:data:`DEFAULT` for an app without one)."""
    runtime = getattr(app, "runtime", None)
    return runtime if isinstance(runtime, Runtime) else DEFAULT
