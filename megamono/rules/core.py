"""Shared plumbing of the engine: the agenda, the log, cash transfers and dice.

:class:`Core` is the base of :class:`megamono.rules.engine.Game`; the rule areas are
mixins over it (``spaces``, ``money``, ``property``). Nothing here decides a rule.
"""

from __future__ import annotations

import secrets

from . import dice as _dice
from .editions import Edition
from .state import Event, GameState, Pending, Step, Throw


class Core:
    """Holds the edition (``ed``) and the mutable state (``st``)."""

    ed: Edition
    st: GameState

    # -- names -----------------------------------------------------------------------------
    def name(self, player: int | None) -> str:
        return "the bank" if player is None else self.st.players[player].name

    def sname(self, space: int) -> str:
        return self.ed.spaces[space].name

    # -- agenda and pending ----------------------------------------------------------------
    def push(self, *steps: Step) -> None:
        """Schedule ``steps`` to run next, in the order given (before older agenda items)."""
        self.st.agenda.extend(reversed(steps))

    @staticmethod
    def step(kind: str, player: int | None = None, **data) -> Step:
        return Step(kind=kind, player=player, data=data)

    def wait(self, kind: str, player: int, prompt: str, **fields) -> None:
        """Set the pending decision (T7)."""
        self.st.pending = Pending(kind=kind, player=player, prompt=prompt, **fields)

    # -- log and money ---------------------------------------------------------------------
    def log(self, kind: str, text: str, **fields) -> Event:
        ev = Event(kind=kind, text=text, **fields)
        self.st.log.append(ev)
        return ev

    def transfer(self, payer: int | None, payee: int | None, amount: int, why: str) -> None:
        """Move ``amount`` dollars from ``payer`` to ``payee`` (None = the bank) and log it (I7).

        The caller has checked that the payer has the cash (cash never goes negative, I5).
        """
        if amount <= 0:
            return
        if payer is not None:
            p = self.st.players[payer]
            if p.cash < amount:
                raise AssertionError(f"{p.name} cannot pay ${amount:,}: has ${p.cash:,}")
            p.cash -= amount
        if payee is not None:
            self.st.players[payee].cash += amount
        if payer is None:
            text = f"{self.name(payee)} receives ${amount:,} from the bank: {why}"
        elif payee is None:
            text = f"{self.name(payer)} pays ${amount:,} to the bank: {why}"
        else:
            text = f"{self.name(payer)} pays ${amount:,} to {self.name(payee)}: {why}"
        self.log("cash", text, player=payer if payer is not None else payee,
                 amount=amount, payer=payer, payee=payee)

    # -- dice -------------------------------------------------------------------------------
    def randbelow(self, n: int) -> int:
        self.st.rng, v = _dice.randbelow(self.st.rng, n)
        return v

    def throw(self, speed: bool) -> Throw:
        """Throw the two white dice, and the Speed Die when ``speed`` (G5).

        A scripted throw is used first when one is queued (``st.script``).
        """
        if self.st.script:
            raw = self.st.script.pop(0)
            if speed and len(raw) < 3:
                raise ValueError(f"scripted throw {raw} lacks the Speed Die")
            return Throw(white=(raw[0], raw[1]), speed=raw[2] if speed else None)
        w1 = self.randbelow(6) + 1
        w2 = self.randbelow(6) + 1
        face = _dice.SPEED_FACES[self.randbelow(6)] if speed else None
        return Throw(white=(w1, w2), speed=face)

    def utility_roll(self, payer: int) -> int:
        """A fresh roll for utility rent (R5, K5): two dice, or [Mega] three with a symbol as 0."""
        t = self.throw(self.ed.rules.speed_die)
        total = t.total if self.st.options.speed_die_counts_for_utilities else t.white_total
        self.log("dice", f"{self.name(payer)} rolls {t.text()} for the utility rent"
                 f" (total {total})")
        return total


def new_seed() -> int:
    """A fresh random seed for a game nobody seeded."""
    return secrets.randbits(63)
