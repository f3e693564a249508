"""Shared plumbing of the engine: the agenda, the log, cash transfers and dice.

:class:`Core` is the base of :class:`megamono.rules.engine.Game`; the rule areas are
mixins over it (``spaces``, ``money``, ``property``). Nothing here decides a rule.
"""

from __future__ import annotations

import secrets

from . import dice as _dice
from .editions import Board, Edition
from .events import Cash, Event, Source, UtilityRoll, commas
from .state import GameState, Pending, Step, Throw


class Core:
    """Holds the edition (``ed``) and the mutable state (``st``)."""

    ed: Edition
    st: GameState
    board: Board
    """The edition as plain objects (``ed.board``): what the engine reads on every move."""

    # -- names -----------------------------------------------------------------------------
    def name(self, player: int | None) -> str:
        return "the bank" if player is None else self.st.players[player].name

    def sname(self, space: int) -> str:
        return self.board.spaces[space].name

    # -- agenda and pending ----------------------------------------------------------------
    def push(self, *steps: Step) -> None:
        """Schedule ``steps`` to run next, in the order given (before older agenda items)."""
        self.st.agenda.extend(reversed(steps))

    @staticmethod
    def step(kind: str, player: int | None = None, **data: object) -> Step:
        return Step(kind, player, data)

    def wait(self, kind: str, player: int, prompt: str, **fields) -> None:
        """Set the pending decision (T7)."""
        self.st.pending = Pending(kind, player, prompt, **fields)

    # -- log and money ---------------------------------------------------------------------
    source: Source
    """This game as its log's events hold it (their words use its names)."""

    def log(self, ev: Event) -> None:
        """Append an event (:mod:`megamono.rules.events`) to the game's log."""
        ev._source = self.source
        self.st.log.append(ev)

    def transfer(self, payer: int | None, payee: int | None, amount: int, why: str,
                 deed: int | None = None) -> None:
        """Move ``amount`` dollars from ``payer`` to ``payee`` (None = the bank) and log it (I7).

        ``deed``: the deed the payment changes (bought, built on, mortgaged...; see
        :class:`~megamono.rules.events.Cash`), logged even for $0 so that the log names the change.
        The caller has checked that the payer has the cash (cash never goes negative, I5).
        """
        if amount <= 0 and (deed is None or amount < 0):
            return
        st = self.st
        players = st.players
        if payer is not None:
            p = players[payer]
            if p.cash < amount:
                raise AssertionError(f"{p.name} cannot pay ${commas(amount)}: has ${commas(p.cash)}")
            p.cash -= amount
            if payee is not None:
                players[payee].cash += amount
        elif payee is not None:
            players[payee].cash += amount
        ev = Cash(payer, payee, amount, why, deed)
        ev._source = self.source
        st.log.append(ev)

    # -- dice -------------------------------------------------------------------------------
    def randbelow(self, n: int) -> int:
        self.st.rng, v = _dice.randbelow(self.st.rng, n)
        return v

    def throw(self, speed: bool) -> Throw:
        """Throw the two white dice, and the Speed Die when ``speed`` (G5).

        A scripted throw is used first when one is queued (``st.script``).
        """
        st = self.st
        if st.script:
            raw = st.script.pop(0)
            if speed and len(raw) < 3:
                raise ValueError(f"scripted throw {raw} lacks the Speed Die")
            return Throw((raw[0], raw[1]), raw[2] if speed else None)
        # the white dice, then the Speed Die: the same as three randbelow(6) calls in turn
        st.rng, f = _dice.d6(st.rng, 3 if speed else 2)
        if speed:
            return _SPEED_THROWS[(f[0] * 6 + f[1]) * 6 + f[2]]
        return _WHITE_THROWS[f[0] * 6 + f[1]]

    def utility_roll(self, payer: int) -> int:
        """A fresh roll for utility rent (R5, K5): two dice, or [Mega] three with a symbol as 0."""
        t = self.throw(self.board.rules.speed_die)
        total = t.total if self.st.options.speed_die_counts_for_utilities else t.white_total
        self.log(UtilityRoll(payer, t, total))
        return total


# Every possible throw, made once: a Throw is never changed, so games share them (faces 0-5 of
# the white dice, then of the Speed Die, as d6 gives them, index the lists).
_WHITE_THROWS = tuple([Throw((a + 1, b + 1), None) for a in range(6) for b in range(6)])
_SPEED_THROWS = tuple([Throw((a + 1, b + 1), _dice.SPEED_FACES[c])
                      for a in range(6) for b in range(6) for c in range(6)])


def new_seed() -> int:
    """A fresh random seed for a game nobody seeded."""
    return secrets.randbits(63)
