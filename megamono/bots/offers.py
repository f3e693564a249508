"""Polite computers: which trade offers a computer player may make, read from the game's log.

Three limits, for every bot that proposes trades (the strong bot's :mod:`.trading` asks
:meth:`OfferLedger.may_propose_to` before it searches a partner and :meth:`OfferLedger.repeats`
before it makes an offer):

- **No repeats.** A computer never makes again an offer that the same partner refused, unless a
  deed in it has changed since (owner, buildings, mortgage, depot: any event naming it,
  ``Event.deeds_changed``) or the new offer gives that partner strictly more: at least the same
  net cash and cards, every deed the refused offer gave them and no deed it did not ask of them,
  and more of something. An offer that gives the partner no more than a refused one (the same
  offer, or less for the same deeds) is a repeat; an offer of other deeds is another offer.
- **Humans are asked rarely.** A computer proposes to each human at most once every
  :data:`HUMAN_ROUNDS` rounds (proposed in round r, next in round r + 3 at the earliest).
- **The table decides.** The option ``computer_offers`` (kept with the house rules in the save's
  setup and state) says whom computers may propose to: ``"everyone"``, ``"computers"`` (other
  computers only) or ``"nobody"``.

Everything here is derived from the typed events of the game's log (:class:`TradeOffered`,
:class:`TradeRefused`, :class:`TurnStarted` and the events that change deeds), never from its words
and never from what a bot remembers, so it holds the same after a save is resumed (the log is made
again by the replay) or a decision is undone. The ledger reads each event once: it is brought up to
date from the events logged since it last looked, and starts again from the whole log when the log is
another one (a load, an undo).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from megamono.rules.decisions import TradeOffer
from megamono.rules.events import Event, TradeOffered, TradeRefused, TurnStarted

if TYPE_CHECKING:  # pragma: no cover
    from megamono.rules.engine import Game

HUMAN_ROUNDS = 3
"""A computer proposes to each human at most once in this many rounds."""


class Terms:
    """An offer as its partner sees it: the net cash, Get Out of Jail Free cards and Bus Tickets they
    receive (negative: they hand them over), the deeds they get and the deeds they give."""

    __slots__ = ("cash", "jail_cards", "bus_tickets", "gets", "gives")

    def __init__(self, offer: TradeOffer) -> None:
        give, take = offer.give, offer.take
        self.cash = give.cash - take.cash
        self.jail_cards = give.jail_cards - take.jail_cards
        self.bus_tickets = give.bus_tickets - take.bus_tickets
        self.gets = frozenset(give.deeds)
        self.gives = frozenset(take.deeds)

    def no_more_than(self, other: Terms, margin: int = 0) -> bool:
        """Whether these terms give the partner no more than ``other`` does: no deed ``other`` does
        not give, every deed ``other`` asks, no more cards, and less than ``margin`` dollars more
        (``margin`` 0: no more cash at all)."""
        return (self.gets <= other.gets and self.gives >= other.gives
                and self.jail_cards <= other.jail_cards and self.bus_tickets <= other.bus_tickets
                and self.cash < other.cash + max(1, margin))


class Refusal:
    """An offer refused: its terms (as the partner saw them), its deeds, and where in the log the
    refusal is (its index: a deed named by a later event has changed since)."""

    __slots__ = ("terms", "deeds", "at")

    def __init__(self, offer: TradeOffer, at: int) -> None:
        self.terms = Terms(offer)
        self.deeds = self.terms.gets | self.terms.gives
        self.at = at


class OfferLedger:
    """The game's trade offers as the log tells them: the refusals, each proposal's round, and when
    each deed last changed. Keep one per game (:meth:`Memory.offers
    <megamono.bots.model.Memory.offers>` gives the one of the game it is asked about)."""

    __slots__ = ("_log", "_seen", "_round", "_last_turn", "_open", "_refusals", "_changed", "_proposed",
                 "refusal_count")

    def __init__(self) -> None:
        self._log: list[Event] | None = None  # the log read
        self._start()

    def _start(self) -> None:
        """Forget everything read (the log is then read from its first event)."""
        self._seen = 0
        self._round = 0  # the round of the events read so far (the first turn opens round 1)
        self._last_turn: int | None = None  # the seat of the last turn started
        self._open: TradeOffer | None = None  # the last offer made (answered by the next reply)
        self._refusals: dict[tuple[int, int], list[Refusal]] = {}  # (proposer, partner) -> refusals
        self._changed: dict[int, int] = {}  # deed -> the log index of the last event that changed it
        self._proposed: dict[tuple[int, int], int] = {}  # (proposer, partner) -> round of the last offer
        self.refusal_count = 0
        """How many refusals the log holds (a trade search depends on it)."""

    def update(self, game: Game) -> OfferLedger:
        """Read the events ``game`` logged since the last look (the whole log if it is another log
        or a shorter one); returns the ledger."""
        log = game.st.log
        if log is not self._log or len(log) < self._seen:
            self._start()  # (another game, a load, an undo)
            self._log = log
        seen = self._seen
        n = len(log)
        if n == seen:
            return self
        changed = self._changed
        for k in range(seen, n):
            ev = log[k]
            if ev.changes_deeds:
                for d in ev.deeds_changed():
                    changed[d] = k
                continue
            if isinstance(ev, TurnStarted):
                p = ev.player
                if self._last_turn is None or p <= self._last_turn:  # (seat order starts again)
                    self._round += 1
                self._last_turn = p
            elif isinstance(ev, TradeOffered):
                made = self._open = ev.offer
                self._proposed[(made.proposer, made.partner)] = self._round
            elif isinstance(ev, TradeRefused):
                made_before = self._open
                if made_before is not None and made_before.partner == ev.player:
                    self._refusals.setdefault((made_before.proposer, made_before.partner), []).append(
                        Refusal(made_before, k))
                    self.refusal_count += 1
                self._open = None
        self._seen = n
        return self

    @property
    def round(self) -> int:
        """The round of the last turn the log started (0 before the first)."""
        return self._round

    def last_proposal(self, proposer: int, partner: int) -> int | None:
        """The round of ``proposer``'s last offer to ``partner``, or None if never."""
        return self._proposed.get((proposer, partner))

    def may_propose_to(self, game: Game, proposer: int, partner: int) -> bool:
        """Whether computer ``proposer`` may offer ``partner`` a trade now: the option
        ``computer_offers`` allows it, and a human was last asked by it :data:`HUMAN_ROUNDS` or more
        rounds ago (or never)."""
        who = game.st.options.computer_offers
        if who == "nobody":
            return False
        if game.st.players[partner].kind == "computer":
            return True
        if who == "computers":
            return False
        last = self._proposed.get((proposer, partner))
        return last is None or self._round - last >= HUMAN_ROUNDS

    def repeats(self, offer: TradeOffer, margin: Callable[[int], int] | None = None) -> bool:
        """Whether ``offer`` repeats one its partner refused from the same proposer: one whose deeds
        have not changed since and which gave the partner at least as much (:meth:`Terms.no_more_than`).
        ``margin``: a bot stricter than the rule asks at least ``margin(refused net cash)`` dollars
        more of an offer that gives no more deeds or cards (the rule itself: any more)."""
        refused = self._refusals.get((offer.proposer, offer.partner))
        if not refused:
            return False
        terms = Terms(offer)
        changed = self._changed
        for r in refused:
            if any(changed.get(d, -1) > r.at for d in r.deeds):
                continue  # a deed in it changed since: the refusal no longer holds
            if terms.no_more_than(r.terms, margin(r.terms.cash) if margin is not None else 0):
                return True
        return False
