"""Jail (RULES.md J1-J3): going to jail, and leaving it by paying the fine, using a Get Out of Jail
Free card, rolling for doubles, or the forced payment after the third failed roll; in jail a player
still plays every other part of the game, but no Bus Ticket (J3, which the engine refuses).

Functions over the state and the edition. The engine offers the turn once a player is out.
"""

from __future__ import annotations

from .agenda import EndOfThrowStep, EndTurnStep, JailMoveStep, MoveStep, PayStep
from .core import log, name, push, throw, transfer
from .debt import into_pot
from .decisions import JailDecision, JailPayDecision, Pending
from .editions import Edition
from .events import JailCardUsed, JailDoubles, JailRoll, LeavesJail, ToJail, commas
from .state import GameState


def go_to_jail(st: GameState, ed: Edition, p: int, why: str) -> None:
    """J1: ``p``'s token goes to Jail, no salary; ``p``'s turn (if it is) ends at once."""
    pl = st.players[p]
    jail = ed.board.jail
    pl.position = jail
    pl.in_jail = True
    pl.jail_turns = 0
    log(st, ToJail(p, jail, why))
    if st.turn.player == p:
        st.turn.ended = True


def why_not_pay_fine(st: GameState, ed: Edition, p: int) -> str | None:
    """J2: the fine (dollars) needs the cash at the start of a turn; after the third failed roll it
    is a debt like any other (D1)."""
    fine = ed.board.rules.jail_fine
    if isinstance(st.pending, JailDecision) and st.players[p].cash < fine:
        return f"the fine is ${commas(fine)}; {name(st, p)} has ${commas(st.players[p].cash)}"
    return None


def why_not_use_card(st: GameState, p: int) -> str | None:
    """J2: a Get Out of Jail Free card is needed."""
    return None if st.players[p].gojf else f"{name(st, p)} has no Get Out of Jail Free card"


def _leave(st: GameState, p: int) -> None:
    pl = st.players[p]
    pl.in_jail, pl.jail_turns = False, 0


def pay_fine(st: GameState, ed: Edition, p: int) -> bool:
    """J2: pay the fine. At the start of a turn ``p`` is out at once: True (the engine then offers the
    turn); after the third failed roll the fine is paid as a debt, then ``p`` moves by that roll."""
    pend = st.pending
    st.pending = None
    fine = ed.board.rules.jail_fine
    if isinstance(pend, JailDecision):
        transfer(st, p, None, fine, "jail fine")
        into_pot(st, True, fine)
        _leave(st, p)
        log(st, LeavesJail(p))
        return True
    push(st, PayStep(player=p, creditors=[(None, fine)], why="jail fine", fine=True),
         JailMoveStep(player=p, steps=_third_roll(pend)))
    return False


def use_card(st: GameState, ed: Edition, p: int) -> bool:
    """J2: use a Get Out of Jail Free card (it goes to the bottom of its deck, K1). True when ``p`` is
    out at the start of a turn (the engine offers it); after the third failed roll ``p`` moves."""
    pl = st.players[p]
    cid = pl.gojf.pop(0)
    deck = st.decks.chance if cid in {c.id for c in ed.chance} else st.decks.community_chest
    deck.append(cid)
    log(st, JailCardUsed(p))
    pend = st.pending
    st.pending = None
    if isinstance(pend, JailDecision):
        _leave(st, p)
        return True
    push(st, JailMoveStep(player=p, steps=_third_roll(pend)))
    return False


def roll_for_doubles(st: GameState, ed: Edition, p: int) -> None:
    """J2: roll the white dice; doubles free ``p``, who moves by them (the turn then ends); the third
    failed roll must pay (a ``jail_pay`` decision), else the turn ends."""
    pl = st.players[p]
    st.pending = None
    th = throw(st, False)
    st.turn.last_throw = th
    log(st, JailRoll(p, th))
    if th.doubles:
        _leave(st, p)
        log(st, JailDoubles(p))
        push(st, MoveStep(player=p, steps=th.white_total, dice=th.white_total), EndOfThrowStep(player=p, again=False))
        return
    pl.jail_turns += 1
    if pl.jail_turns >= 3:
        st.pending = JailPayDecision(player=p, amount=th.white_total)
    else:
        push(st, EndTurnStep())


def step_jail_move(st: GameState, ed: Edition, s: JailMoveStep) -> None:
    """J2, after the third failed roll: out of jail, move by that roll; bankrupt over the fine, the
    turn passes (T5)."""
    if st.players[s.player].bankrupt:
        push(st, EndTurnStep())
        return
    _leave(st, s.player)
    push(st, MoveStep(player=s.player, steps=s.steps, dice=s.steps), EndOfThrowStep(player=s.player, again=False))


def _third_roll(pend: Pending | None) -> int:
    """The dice total of the third failed roll (J2), which the player moves once out."""
    if not isinstance(pend, JailPayDecision):
        raise AssertionError(f"expected the third failed roll's decision, found {pend!r:.80}")
    return pend.amount
