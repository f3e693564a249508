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
  :data:`HUMAN_ROUNDS` rounds (proposed in round r, next in round r + 3 at the earliest); it offers
  a trade with a given deed in it (given or asked) to the same human at most once in any
  :data:`DEED_ROUNDS` consecutive rounds, unless the new offer gives that human strictly more than
  the last one with that deed (:meth:`Terms.no_more_than`); and the computers together make humans at
  most one offer a round.
- **The table decides.** The option ``computer_offers`` (kept with the house rules in the save's
  setup and state) says whom computers may propose to: ``"everyone"``, ``"computers"`` (other
  computers only) or ``"nobody"``.

Everything here is derived from the typed events of the game's log (:class:`TradeOffered`,
:class:`TradeRefused`, :class:`Known` (offers refused before a position), :class:`TurnStarted` and
the events that change deeds), never from its words
and never from what a bot remembers, so it holds the same after a save is resumed (the log is made
again by the replay) or a decision is undone. The ledger reads each event once, with one look-up of
its class (a bot game logs about 1,300 events; the ledger first cost about 2 million instructions a
game reading each in full): it is brought up to date from the events logged since it last looked, and
starts again from the whole log when the log is another one (a load, an undo). Whether a deed of a
refused offer changed since is read only when a bot asks about that offer, from the refusal on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from megamono.rules.decisions import TradeOffer
from megamono.rules.events import Event, Known, TradeOffered, TradeRefused, TurnStarted

if TYPE_CHECKING:  # pragma: no cover
    from megamono.rules.engine import Game

HUMAN_ROUNDS = 3
"""A computer proposes to each human at most once in this many rounds."""
DEED_ROUNDS = 6
"""A computer offers a trade with a given deed in it to the same human at most once in this many rounds
(unless the new offer gives that human more)."""


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
    """An offer refused: its terms (as the partner saw them), its deeds, where in the log the refusal is
    (its index), and whether a deed in it has changed since (``stale``, as far as the log was read for
    it: ``checked``, the log's length then)."""

    __slots__ = ("terms", "deeds", "at", "checked", "stale")

    def __init__(self, offer: TradeOffer, at: int) -> None:
        self.terms = Terms(offer)
        self.deeds = self.terms.gets | self.terms.gives
        self.at = at
        self.checked = at + 1
        self.stale = False

    def still_holds(self, log: list[Event]) -> bool:
        """Whether no event logged since the refusal changed a deed of the offer (owner, buildings,
        mortgage, depot: ``Event.deeds_changed``); reads only the events it has not read before."""
        if self.stale:
            return False
        deeds = self.deeds
        n = len(log)
        for k in range(self.checked, n):
            ev = log[k]
            if ev.changes_deeds and not deeds.isdisjoint(ev.deeds_changed()):
                self.stale = True
                return False
        self.checked = n
        return True


_OFFERED, _REFUSED, _TURN, _KNOWN = 1, 2, 3, 4
_READ: Mapping[type[Event], int] = MappingProxyType({TradeOffered: _OFFERED, TradeRefused: _REFUSED,
                                                     Known: _KNOWN})
"""The events the ledger reads, by class (one look-up an event: the log is long and these are few)."""
_READ_WITH_TURNS: Mapping[type[Event], int] = MappingProxyType({**_READ, TurnStarted: _TURN})
"""The same, and the turns (whose rounds matter only in a game with humans)."""


class OfferLedger:
    """The game's trade offers as the log tells them: the refusals and each proposal's round (in a game
    with humans). Keep one per game (:meth:`Memory.offers <megamono.bots.model.Memory.offers>` gives the
    one of the game it is asked about). Whether a deed of a refused offer has changed since is read
    only when asked, from the refusal on (:meth:`Refusal.still_holds`)."""

    __slots__ = ("_log", "_seen", "_read", "humans", "round", "_last_turn", "_open", "_refusals", "_proposed",
                 "_refused_by", "_human_seats", "_deed_offers", "_to_humans")

    def __init__(self) -> None:
        self._log: list[Event] = []  # the log read
        self._start()

    def _start(self) -> None:
        """Forget everything read (the log is then read from its first event)."""
        self._seen = 0
        self._read = _READ  # (with the turns once a game with humans is read: see update)
        self.humans = False
        """Whether the game read has human players (then the rounds count: :meth:`may_propose_to`)."""
        self.round = 0
        """The round of the last turn the log started (the first turn opens round 1; counted in a game
        with humans only: 0 in a game of computers)."""
        self._last_turn: int | None = None  # the seat of the last turn started
        self._open: TradeOffer | None = None  # the last offer made (answered by the next reply)
        self._refusals: dict[tuple[int, int], list[Refusal]] = {}  # (proposer, partner) -> refusals
        self._proposed: dict[tuple[int, int], int] = {}  # (proposer, partner) -> round of the last offer
        self._refused_by: dict[int, int] = {}  # proposer -> how many of their offers were refused
        self._human_seats: frozenset[int] = frozenset()
        # (proposer, human partner, deed) -> (round, terms) of the last computer's offer to a human with the deed
        self._deed_offers: dict[tuple[int, int, int], tuple[int, Terms]] = {}
        self._to_humans: int | None = None  # the round of the last computer's offer to a human

    def update(self, game: Game) -> OfferLedger:
        """Read the events ``game`` logged since the last look (the whole log if it is another log
        or a shorter one); returns the ledger."""
        log = game.st.log
        if log is not self._log or len(log) < self._seen:
            self._start()  # (another game, a load, an undo)
            self._log = log
            if any([pl.kind == "human" for pl in game.st.players]):
                self._read = _READ_WITH_TURNS
                self.humans = True
                self._human_seats = frozenset(k for k, pl in enumerate(game.st.players) if pl.kind == "human")
        seen = self._seen
        n = len(log)
        if n == seen:
            return self
        read = self._read.get
        for k in range(seen, n):
            ev = log[k]
            what = read(type(ev))
            if what is None:
                continue
            if what == _TURN:
                assert isinstance(ev, TurnStarted)
                p = ev.player
                if self._last_turn is None or p <= self._last_turn:  # (seat order starts again)
                    self.round += 1
                self._last_turn = p
            elif isinstance(ev, TradeOffered):
                made = self._open = ev.offer
                self._proposed[(made.proposer, made.partner)] = self.round
                if made.partner in self._human_seats and made.proposer not in self._human_seats:
                    self._to_humans = self.round
                    terms = Terms(made)
                    for deed in terms.gets | terms.gives:
                        self._deed_offers[(made.proposer, made.partner, deed)] = (self.round, terms)
            elif isinstance(ev, Known):  # (refused before a position: as refused here)
                for o in ev.refused:
                    self._refusals.setdefault((o.proposer, o.partner), []).append(Refusal(o, k))
                    self._refused_by[o.proposer] = self._refused_by.get(o.proposer, 0) + 1
                self._open = ev.waiting
            else:  # (TradeRefused)
                made_before = self._open
                if made_before is not None and made_before.partner == ev.player:
                    self._refusals.setdefault((made_before.proposer, made_before.partner), []).append(
                        Refusal(made_before, k))
                    self._refused_by[made_before.proposer] = self._refused_by.get(made_before.proposer, 0) + 1
                self._open = None
        self._seen = n
        return self

    def refused_count(self, proposer: int) -> int:
        """How many of ``proposer``'s offers were refused (what a trade search of theirs depends on)."""
        return self._refused_by.get(proposer, 0)

    def may_propose_to(self, game: Game, proposer: int, partner: int) -> bool:
        """Whether computer ``proposer`` may offer ``partner`` a trade now: the option
        ``computer_offers`` allows it, and for a human: no computer has offered a human a trade this
        round, and ``proposer`` last asked this one :data:`HUMAN_ROUNDS` or more rounds ago (or never).
        (Rounds are counted in a game with humans only.)"""
        who = game.st.options.computer_offers
        if who == "nobody":
            return False
        if game.st.players[partner].kind == "computer":
            return True
        if who == "computers" or self._to_humans == self.round:
            return False
        last = self._proposed.get((proposer, partner))
        return last is None or self.round - last >= HUMAN_ROUNDS

    def deed_offered_lately(self, offer: TradeOffer) -> bool:
        """Whether ``offer`` (a computer's, to a human) has a deed that its proposer offered the same human in
        a trade less than :data:`DEED_ROUNDS` rounds ago, and gives that human no more than that trade did
        (:meth:`Terms.no_more_than`). False for an offer to a computer."""
        if offer.partner not in self._human_seats:
            return False
        terms = Terms(offer)
        for deed in terms.gets | terms.gives:
            last = self._deed_offers.get((offer.proposer, offer.partner, deed))
            if last is not None and self.round - last[0] < DEED_ROUNDS and terms.no_more_than(last[1]):
                return True
        return False

    def repeats(self, offer: TradeOffer, margin: Callable[[int], int] | None = None) -> bool:
        """Whether ``offer`` repeats one its partner refused from the same proposer: one whose deeds
        have not changed since and which gave the partner at least as much (:meth:`Terms.no_more_than`).
        ``margin``: a bot stricter than the rule asks at least ``margin(refused net cash)`` dollars
        more of an offer that gives no more deeds or cards (the rule itself: any more)."""
        refused = self._refusals.get((offer.proposer, offer.partner))
        if not refused:
            return False
        terms = Terms(offer)
        log = self._log
        for r in refused:
            if terms.no_more_than(r.terms, margin(r.terms.cash) if margin is not None else 0) and r.still_holds(log):
                return True  # (a refusal whose deeds changed since no longer holds)
        return False
