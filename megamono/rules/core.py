"""What the rule areas share: names, the agenda and the pending decision, the log, cash transfers
(RULES.md G4: whole dollars; the bank never runs out), the cash an open auction's high bidder must
keep, and throwing the dice.

Functions over the state (and the edition). Nothing here decides a rule.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import TypeVar

from . import dice as _dice
from .agenda import AgendaStep
from .decisions import BidDecision, Decision, Pending
from .dice import Throw
from .editions import Edition
from .events import Cash, Event, UtilityRoll, commas
from .state import GameState

D = TypeVar("D", bound=Decision)


# ============================================================================ the plumbing, as functions
# The rule areas are functions over the state and the edition; these are what they share.
def name(st: GameState, player: int | None) -> str:
    """A seat's name, or "the bank" for None."""
    return "the bank" if player is None else st.players[player].name


def sname(ed: Edition, space: int) -> str:
    """A space's name."""
    return ed.board.spaces[space].name


def others_from_left(st: GameState, p: int) -> list[int]:
    """Players in the game other than ``p``, in seat order from ``p``'s left (D5, D6, E2, B7)."""
    n = len(st.players)
    return [(p + d) % n for d in range(1, n) if not st.players[(p + d) % n].bankrupt]


def next_space(ed: Edition, start: int, test: Callable[[int], bool]) -> int | None:
    """The first space ahead of ``start`` (never ``start`` itself) for which ``test(i)`` holds, or None."""
    n = ed.board.size
    for d in range(1, n):
        i = (start + d) % n
        if test(i):
            return i
    return None


def push(st: GameState, *steps: AgendaStep) -> None:
    """Schedule ``steps`` to run next, in the order given (before older agenda items)."""
    st.agenda.extend(reversed(steps))


def wait(st: GameState, decision: Pending) -> None:
    """Set the pending decision (T7)."""
    st.pending = decision


def log(st: GameState, ev: Event) -> None:
    """Append an event (:mod:`megamono.rules.events`) to the game's log (the game gives the events
    of each action their source, :meth:`megamono.rules.engine.Game.act`)."""
    st.log.append(ev)


def pending_as(st: GameState, cls: type[D]) -> D:
    """The pending decision, which the caller knows to be a ``cls`` (the action answering it was
    checked against its kind). Raises AssertionError when it is not (a bug in the engine)."""
    pend = st.pending
    if not isinstance(pend, cls):
        raise AssertionError(f"expected a pending {cls.__name__}, found {pend!r:.80}")
    return pend


def set_aside(st: GameState) -> None:
    """Set the pending decision aside (a trade, a claim, a vote or a shortage question comes first);
    a :class:`ResumeStep` brings it back. AssertionError when nothing is pending."""
    pend = st.pending
    if pend is None:
        raise AssertionError("no decision to set aside")
    st.suspended.append(pend)
    st.pending = None


def suspend(st: GameState, decision: Pending) -> None:
    """Set the pending decision aside and wait for ``decision``; a :class:`ResumeStep` brings the
    other back."""
    set_aside(st)
    st.pending = decision


def transfer(st: GameState, payer: int | None, payee: int | None, amount: int, why: str,
             deed: int | None = None, rent_for: int | None = None) -> None:
    """Move ``amount`` dollars from ``payer`` to ``payee`` (None = the bank) and log it (I7), for the
    reason ``why`` (``rent_for``: the deed whose rent this is, else None; see
    :class:`~megamono.rules.events.Cash`).

    ``deed``: the deed the payment changes (bought, built on, mortgaged...; see
    :class:`~megamono.rules.events.Cash`), logged even for $0 so that the log names the change.
    The caller has checked that the payer has the cash (cash never goes negative, I5); AssertionError
    if not."""
    if amount <= 0 and (deed is None or amount < 0):
        return
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
    st.log.append(Cash(payer, payee, amount, why, deed, rent_for))


def throw(st: GameState, speed: bool) -> Throw:
    """Throw the two white dice, and the Speed Die when ``speed`` (G5). A scripted throw is used
    first when one is queued (``st.script``); ValueError for a malformed one."""
    if st.script:
        raw = st.script.pop(0)
        if speed and len(raw) < 3:
            raise ValueError(f"scripted throw {raw} lacks the Speed Die")
        w1, w2 = raw[0], raw[1]
        if not (isinstance(w1, int) and isinstance(w2, int)):
            raise ValueError(f"scripted throw {raw}: a white die shows 1-6")
        return Throw((w1, w2), raw[2] if speed else None)
    # the white dice, then the Speed Die: the same as three randbelow(6) calls in turn
    st.rng, f = _dice.d6(st.rng, 3 if speed else 2)
    if speed:
        return _SPEED_THROWS[(f[0] * 6 + f[1]) * 6 + f[2]]
    return _WHITE_THROWS[f[0] * 6 + f[1]]


def utility_roll(st: GameState, ed: Edition, payer: int) -> int:
    """A fresh roll for utility rent (R5, K5): two dice, or [Mega] three with a symbol as 0."""
    t = throw(st, ed.board.rules.speed_die)
    total = t.total if st.options.speed_die_counts_for_utilities else t.white_total
    st.log.append(UtilityRoll(payer, t, total))
    return total


# Every possible throw, made once: a Throw is never changed, so games share them (faces 0-5 of
# the white dice, then of the Speed Die, as d6 gives them, index the lists).
_WHITE_THROWS = tuple([Throw((a + 1, b + 1), None) for a in range(6) for b in range(6)])
_SPEED_THROWS = tuple([Throw((a + 1, b + 1), _dice.SPEED_FACES[c])
                      for a in range(6) for b in range(6) for c in range(6)])


def new_seed() -> int:
    """A fresh random seed for a game nobody seeded."""
    return secrets.randbits(63)


def bid_held(st: GameState, p: int) -> int:
    """The high bid (dollars) ``p`` holds in an open auction now running (pending or set aside), else 0:
    while it runs, none of ``p``'s actions may leave their cash below it (A3)."""
    held = 0
    for pend in (st.pending, *st.suspended):
        if isinstance(pend, BidDecision) and pend.at_once and pend.high_bidder == p:
            held = max(held, pend.high_bid)
    return held


def why_not_spend(st: GameState, p: int, amount: int) -> str | None:
    """A3: why ``p`` may not spend ``amount`` dollars now (it would leave their cash below the high bid
    they hold in an open auction), or None. Down to exactly the bid is allowed."""
    if not st.suspended and not (isinstance(st.pending, BidDecision) and st.pending.at_once):
        return None  # (the quick answer while no open auction runs, pending or set aside: no bid is held)
    held = bid_held(st, p)
    if held and st.players[p].cash - amount < held:
        return (f"{name(st, p)} holds the high bid of ${commas(held)} in the auction: cash may not go below it"
                " until the auction ends (A3)")
    return None
