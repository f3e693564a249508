"""Debt and bankruptcy (RULES.md D1-D6): paying what is owed, or waiting in debt while the player
raises the money (D1); bankruptcy, only when nothing could cover the debt (D2), to a player (D3) or
to the bank (D4); several creditors (D5) and several debtors (D6) at once. Also the Free Parking pot
option (O), which takes the taxes and fines paid to the bank.

Functions over the state and the edition.
"""

from __future__ import annotations

from collections.abc import Iterable

from . import buildings, endgame, levelling
from .agenda import AuctionStep, DebtNoteStep, PayStep
from .core import log, name, pending_as, push, transfer, wait
from .decisions import Creditor, DebtDecision
from .editions import Edition
from .events import Bankrupt, DeedsTaken, InDebt, PotGrows, commas
from .rent import max_raisable
from .state import GameState


def step_pay(st: GameState, ed: Edition, s: PayStep) -> None:
    """The agenda's form of :meth:`pay`."""
    pay(st, ed, s.player, s.creditors, s.why, s.fine, s.rent_for)


def pay(st: GameState, ed: Edition, p: int, creditors: Iterable[tuple[int | None, int]], why: str,
        fine: bool = False, rent_for: int | None = None) -> None:
    """Pay each creditor ``(player|None, amount)``; if cash is short, wait in debt (D1).

    The reason: ``why`` and ``rent_for`` (the deed whose rent it is, else None), as :class:`PayStep`
    holds them. ``fine``: a tax or fine, which goes into the Free Parking pot when that option is on."""
    players = st.players
    if players[p].bankrupt:
        return
    owed = []
    total = 0
    for c, a in creditors:
        if a > 0 and (c is None or not players[c].bankrupt):
            owed.append((c, a))
            total += a
    if total == 0:
        return
    if players[p].cash >= total:
        for c, a in owed:
            transfer(st, p, c, a, why, rent_for=rent_for)
        if fine:
            into_pot(st, fine, total)
        return
    owing = [Creditor(player=c, amount=a) for c, a in owed]
    log(st, InDebt(player=p, amount=total, why=why, cash=players[p].cash, rent_for=rent_for))
    wait(st, DebtDecision(player=p, amount=total, creditors=owing, amounts={"raisable": max_raisable(ed, st, p)},
                          why=why, rent_for=rent_for))
    st.agenda.append(DebtNoteStep(player=p, why=why, fine=fine, rent_for=rent_for))


def into_pot(st: GameState, fine: bool, amount: int) -> None:
    """Option ``free_parking_pot`` (O): a tax or ``fine`` paid to the bank goes into the pot."""
    if fine and st.options.free_parking_pot:
        st.pot += amount
        log(st, PotGrows(amount, st.pot))


def step_debt_note(st: GameState, ed: Edition, s: DebtNoteStep) -> None:
    """Marker left under a debt so its reason survives a save; nothing to do when reached."""


def why_not_pay_debt(st: GameState, ed: Edition, p: int) -> str | None:
    """D1: the debt is paid only in full, once the cash is there; the reason, or None."""
    pend = pending_as(st, DebtDecision)
    if st.players[p].cash < pend.amount:
        have = commas(st.players[p].cash)
        return f"{name(st, p)} has ${have} of the ${commas(pend.amount)} owed: raise more first"
    return None


def do_pay_debt(st: GameState, ed: Edition, p: int) -> None:
    """D1: ``p`` pays every creditor of the debt now settled."""
    pend = pending_as(st, DebtDecision)
    note = take_debt_note(st, ed)
    st.pending = None
    for c in pend.creditors:
        if note is None:
            transfer(st, p, c.player, c.amount, "debt")
        else:
            transfer(st, p, c.player, c.amount, note.why, rent_for=note.rent_for)
    into_pot(st, note is not None and note.fine, pend.amount)


def take_debt_note(st: GameState, ed: Edition) -> DebtNoteStep | None:
    """Take the note under the debt now settled off the agenda (None if there is none)."""
    agenda = st.agenda
    if agenda and isinstance(agenda[-1], DebtNoteStep):
        note = agenda.pop()
        assert isinstance(note, DebtNoteStep)
        return note
    return None


def why_not_bankruptcy(st: GameState, ed: Edition, p: int) -> str | None:
    """D2: bankruptcy only when even selling and mortgaging everything could not pay; the reason, or None."""
    pend = pending_as(st, DebtDecision)
    raisable = max_raisable(ed, st, p)
    if raisable >= pend.amount:
        more = raisable - st.players[p].cash
        return (f"{name(st, p)} can still raise ${commas(more)} by selling buildings and mortgaging"
                f" (${commas(raisable)} with the cash in hand, ${commas(pend.amount)} owed):"
                " bankruptcy is only for a debt that cannot be covered")
    return None


def do_bankruptcy(st: GameState, ed: Edition, p: int) -> None:
    """D3/D4/D5: hand everything to the creditor (or the bank) and leave the game."""
    pend = pending_as(st, DebtDecision)
    take_debt_note(st, ed)
    st.pending = None
    pl = st.players[p]
    log(st, Bankrupt(p, sorted(i for i, d in st.deeds.items() if d.owner == p) or None))
    buildings.sell_all_buildings_of(st, ed, p, "bankruptcy")
    creditor: int | None = None
    for c in pend.creditors:
        if c.player is None:
            continue
        if pl.cash >= c.amount and c is not pend.creditors[-1]:
            transfer(st, p, c.player, c.amount, "debt before bankruptcy")
        else:
            creditor = c.player
            break
    pl.bankrupt = True
    if st.turn.player == p:
        st.turn.ended = True
    if creditor is None:
        _bankrupt_to_bank(st, ed, p)
    else:
        _bankrupt_to_player(st, ed, p, creditor)
    endgame.check_last_standing(st)


def _bankrupt_to_player(st: GameState, ed: Edition, p: int, creditor: int) -> None:
    """D3: cash, deeds, cards and tickets go to the creditor; M3 and B8 follow."""
    pl = st.players[p]
    cr = st.players[creditor]
    transfer(st, p, creditor, pl.cash, f"everything {pl.name} had")
    got = sorted(i for i, d in st.deeds.items() if d.owner == p)
    for i in got:
        st.deeds[i].owner = creditor
    cr.gojf.extend(pl.gojf)
    cr.bus_tickets.extend(pl.bus_tickets)
    pl.gojf.clear()
    pl.bus_tickets.clear()
    if got:
        log(st, DeedsTaken(creditor, list(got)))
    push(st, *levelling.after_receiving(st, ed, creditor, got, forced=True))


def _bankrupt_to_bank(st: GameState, ed: Edition, p: int) -> None:
    """D4: cash to the bank, deeds back unmortgaged and auctioned, cards back, tickets out."""
    pl = st.players[p]
    if pl.cash:
        transfer(st, p, None, pl.cash, f"everything {pl.name} had")
    got = sorted(i for i, d in st.deeds.items() if d.owner == p)
    for i in got:
        d = st.deeds[i]
        d.owner, d.mortgaged = None, False
    for cid in pl.gojf:
        deck = "chance" if cid in {c.id for c in ed.chance} else "community_chest"
        getattr(st.decks, deck).append(cid)
    st.decks.bus_out.extend(pl.bus_tickets)
    pl.gojf.clear()
    pl.bus_tickets.clear()
    if got and st.options.auctions:
        push(st, *[AuctionStep(player=p, space=i) for i in got])


def debtors(st: GameState, ed: Edition) -> set[int]:
    """The seats in debt now (D1): the player of the decision waited for, or of one a trade or
    a vote has set aside, when that decision is a debt."""
    return {pend.player for pend in (st.pending, *st.suspended) if pend is not None and pend.kind == "debt"}
