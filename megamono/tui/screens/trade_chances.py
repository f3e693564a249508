"""A trade's effect on the win chances (issue 16 item 3): on the trade screen, ``Ctrl+W`` plays the game
out from where it stands and from where it would stand once the offer on screen is accepted, and shows
both sides' win chance before and after, each with its 95% interval.

The "after" position is :func:`megamono.analysis.after_trade`: a copy of the game in which the offer is
made and accepted. Both positions take the same playout seed, so playout ``i`` of each starts with the
same dice and cards: the difference between the two figures is the trade's, not luck's. The "before"
playouts are the game screen's for that position (:class:`~.chances.PositionChances`, shared with the
win chances panel: figures played there count here, and the other way round).

The playouts run in a thread worker of the trade screen, before and after in turns, :data:`STEP` at a
time, so both figures refine together; changing the offer stops them (the figures of an offer are kept
while the screen is open: going back to it goes on from there). When the runtime runs nothing
in threads (:mod:`..runtime`), ``runtime.playouts`` of each are played at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text
from textual.message import Message

from megamono.analysis import Analysis, after_trade
from megamono.rules.actions import ProposeTrade

from ..look import DIM, Look
from .chances import PositionChances

PLAYOUTS = 400
"""Playouts of each position (before and after) for a trade's effect."""
STEP = 20
"""Playouts of one position before the worker turns to the other."""


@dataclass
class TradeChances:
    """The playouts for one offer: ``before`` (the game as it stands: the game screen's playouts of the
    position, which may run beyond ``total``) and ``after`` (the offer made and accepted, on a copy),
    both of the same seed, ``total`` of each."""

    offer: ProposeTrade
    before: PositionChances
    after: PositionChances
    total: int

    @classmethod
    def start(cls, offer: ProposeTrade, before: PositionChances, total: int = PLAYOUTS) -> TradeChances:
        """The playouts of ``offer``'s effect, ``total`` of each position, from ``before`` (the
        position's own playouts, kept by the game screen). IllegalAction if the offer may not be made
        and accepted now."""
        after = after_trade(before.game, offer)
        after_chances = PositionChances.of(("after", offer), after, total, before.turn_limit, seed=before.seed)
        return cls(offer, before, after_chances, total)

    @property
    def played(self) -> int:
        """Playouts of both positions so far: the fewer of the two."""
        return min(len(self.before.results), len(self.after.results))

    @property
    def finished(self) -> bool:
        """Both positions have :attr:`total` playouts (or all theirs, if fewer)."""
        return self.played >= self.total or (self.before.finished and self.after.finished)

    def play_on(self, stop: Callable[[], bool], report: Callable[[TradeChances], None],
                step: int = STEP) -> None:
        """Play before and after in turns, ``step`` playouts of each at a time, until both are done or
        ``stop()``; ``report(self)`` after each turn. Safe in a worker thread (the copies only)."""
        while not self.finished and not stop():
            upto = min(self.played + step, self.total)
            for side in (self.before, self.after):
                side.play_on(stop, lambda figures: None, every=float("inf"), upto=upto)
            report(self)


class TradeChancesRefined(Message):
    """New figures for ``chances`` from the trade screen's worker."""

    def __init__(self, chances: TradeChances) -> None:
        super().__init__()
        self.chances = chances


def _figure(figures: Analysis | None, seat: int) -> Text:
    """``31.0% (27-35%)``, or an ellipsis before the first playouts."""
    if figures is None:
        return Text("…")
    pc = figures.players[seat]
    return Text.assemble((f"{pc.chance:.1%}", "bold"), (f" ({pc.low:.0%}-{pc.high:.0%})", DIM))


def effect_text(chances: TradeChances | None, look: Look, ready: bool) -> Text:
    """What the trade screen shows of the offer's effect: the figures of ``chances`` (the proposer's
    and the partner's chance before → after, each with its 95% interval, and how many playouts they
    stand on), else how to ask for them (``ready``: the offer may be made), else nothing."""
    if chances is None:
        if not ready:
            return Text()
        return Text.assemble(("Ctrl+W", "bold"), (": both sides' chances to win, before and after this trade.",
                                                  DIM))
    before, after, total = len(chances.before.results), len(chances.after.results), chances.total
    head = Text("Win chances before → after this trade", style="bold")
    head.append(f"  (before: {before:,} playouts; after: {after:,}" + ("" if chances.finished else f" of {total:,}")
                + ")", style=DIM)
    line = Text()
    for seat in (chances.offer.player, chances.offer.partner):
        if line:
            line.append("    ")
        line.append_text(look.who(seat))
        line.append(" ")
        line.append_text(_figure(chances.before.figures, seat))
        line.append(" → ")
        line.append_text(_figure(chances.after.figures, seat))
    return Text("\n").join([head, line])
