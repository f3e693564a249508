"""An open auction's countdown (RULES.md A3), on the runtime's clock (no Textual here).

The table bids on one screen until nobody has raised for a while; then every human who said nothing
passes. :class:`Countdown` is that while, in seconds of the app's one clock
(:class:`~megamono.tui.runtime.Clock`):

- it runs only while the auction can be seen and answered: the screen showing it tells it to
  :meth:`~Countdown.stop` (hidden with Esc, the terminal too small, another screen on top, an amount
  being typed) and to :meth:`~Countdown.run` again, and it goes on from where it stopped;
- it starts at :data:`OPENING` seconds, and after a raise it has at least :data:`AFTER_RAISE` left, or
  :data:`AFTER_COMPUTER` after a computer's raise: the humans always have time to answer a computer;
- :meth:`~Countdown.shown` is the whole seconds left, rounded up, as the screen says them ("3 s" while
  between 2 and 3 seconds are left): it reaches 0 exactly when the auction may close.

The game screen keeps one per auction (:attr:`Countdown.auction`), so hiding the auction's screen and
showing it again (``d``) goes on with the same countdown.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

OPENING = 10.0
"""Seconds given before the first bid (a first bid does not cut them short)."""
AFTER_RAISE = 3.0
"""Seconds left at least after a person's raise ("going once, going twice")."""
AFTER_COMPUTER = 5.0
"""Seconds left at least after a computer's raise: the humans always get time to answer it."""


@dataclass
class Countdown:
    """The countdown of one open auction. ``auction``: which one (the game screen's key: turn, deed or
    piece); ``left``: seconds left when it last stopped or was set; ``since``: the clock's reading when it
    last started running (None while stopped). Stopped when made."""

    auction: tuple[object, ...] = ()
    left: float = OPENING
    since: float | None = None

    @property
    def running(self) -> bool:
        return self.since is not None

    def seconds_left(self, now: float) -> float:
        """Seconds left at ``now`` (the clock's reading), never below 0."""
        if self.since is None:
            return max(0.0, self.left)
        return max(0.0, self.left - (now - self.since))

    def shown(self, now: float) -> int:
        """The whole seconds left, rounded up (what the screen says)."""
        return math.ceil(self.seconds_left(now) - 1e-9)

    def over(self, now: float) -> bool:
        """Whether no time is left: the auction may close."""
        return self.seconds_left(now) <= 0

    def run(self, now: float) -> None:
        """Run from ``now`` (nothing when it runs already)."""
        if self.since is None:
            self.since = now

    def stop(self, now: float) -> None:
        """Stop at ``now``, keeping the seconds left (nothing when stopped already)."""
        if self.since is not None:
            self.left, self.since = self.seconds_left(now), None

    def at_least(self, now: float, seconds: float) -> None:
        """At least ``seconds`` left from ``now`` (a raise, a bid not confirmed): never shortened."""
        left = max(self.seconds_left(now), seconds)
        self.left = left
        if self.since is not None:
            self.since = now

    def raised(self, now: float, by_computer: bool) -> None:
        """A raise at ``now``: at least :data:`AFTER_COMPUTER` seconds left after a computer's, else
        :data:`AFTER_RAISE` (the opening seconds left are never cut short)."""
        self.at_least(now, AFTER_COMPUTER if by_computer else AFTER_RAISE)

    def restart(self, now: float, auction: tuple[object, ...]) -> None:
        """A new auction (or one started again, A3): :data:`OPENING` seconds, stopped or running as now."""
        running = self.since is not None
        self.auction, self.left, self.since = auction, OPENING, (now if running else None)
