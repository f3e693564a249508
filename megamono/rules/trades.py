"""Trades between players (RULES.md X1-X3).

A trade is proposed by one player to another whenever the game waits; the decision the game
was waiting for is set aside while the other player accepts or refuses, and comes back afterwards.
Nothing changes until the offer is accepted. Deeds received mortgaged and a completed built colour
group are settled as for any deed received (X3).

Functions over the state and the edition.
"""

from __future__ import annotations

from . import debt, levelling
from .agenda import AgendaStep, ResumeStep
from .core import log, name, pending_as, push, sname, suspend, transfer, why_not_spend
from .decisions import TradeOffer, TradeReplyDecision, TradeSide
from .editions import Edition
from .events import NamesOf, TradeAccepted, TradeOffered, TradeRefused, TradeVoid, commas, plural, trade_words
from .invariants import settling_spaces
from .rent import transfer_fee
from .state import GameState


def side_problem(st: GameState, ed: Edition, holder: int, side: TradeSide) -> str | None:
    """Why ``holder`` cannot hand over ``side`` (X1, X2), or None."""
    board = ed.board
    pl = st.players[holder]
    if side.cash < 0:
        return "cash in a trade cannot be negative"
    if side.cash > pl.cash:
        return f"{pl.name} has only ${commas(pl.cash)}"
    if len(set(side.deeds)) != len(side.deeds):
        return "a deed is listed twice"
    for i in side.deeds:
        deed = st.deeds.get(i)
        if deed is None or deed.owner != holder:
            what = sname(ed, i) if 0 <= i < board.size else str(i) if abs(i) < 10**9 else "that space"
            return f"{pl.name} does not own {what}"  # (a number of thousands of digits cannot be written)
        sp = board.spaces[i]
        if i in settling_spaces(st):
            return f"{sp.name} was just received: first settle it (B8, M3)"
        if sp.kind == "street" and any(st.deeds[j].owner == holder and st.deeds[j].level
                                       for j in board.groups[sp.group]):
            return f"{sp.name} cannot be traded while {pl.name} has buildings in {sp.group} (X2)"
        if deed.depot:
            return f"{sp.name} has a depot: sell it before trading the railroad (B6, X2)"
    if not 0 <= side.jail_cards <= len(pl.gojf):
        return f"{pl.name} holds {plural(len(pl.gojf), 'Get Out of Jail Free card')}"
    if not 0 <= side.bus_tickets <= len(pl.bus_tickets):
        return f"{pl.name} holds {plural(len(pl.bus_tickets), 'Bus Ticket')}"
    return None


def debt_problem(st: GameState, ed: Edition, holder: int, gives: TradeSide, gets: TradeSide) -> str | None:
    """Why ``holder``, in debt, may not give ``gives`` for ``gets`` (D1, I5), or None.

    *Our choice* (RULES.md lets a debtor trade but accepts only debt-resolving actions from
    them, I5): a player in debt may only sell, for cash: they give no cash, take no deeds or
    cards, receive some cash, and at least the mortgage value of the unmortgaged deeds they
    give (what mortgaging them would raise), so a trade never lowers what they could raise (D2)
    and cannot pass their assets to a friend before a bankruptcy (D3).
    """
    who = name(st, holder)
    if gives.cash:
        return f"{who} is in debt: a trade may bring them cash, not take cash from them (D1)"
    if gets.deeds or gets.jail_cards or gets.bus_tickets:
        return f"{who} is in debt: they may only sell deeds and cards for cash, not take any (D1)"
    spaces = ed.board.spaces
    floor = sum(spaces[i].mortgage or 0 for i in gives.deeds if not st.deeds[i].mortgaged)
    if gets.cash < max(1, floor):
        if floor:
            return (f"{who} is in debt: selling those deeds must bring at least ${commas(floor)}, what"
                    " mortgaging them would raise (D1, D2)")
        return f"{who} is in debt: a trade must bring them cash (D1)"
    return None


def why_not_propose_trade(st: GameState, ed: Edition, p: int) -> str | None:
    """Why player ``p`` may propose no trade now, whatever the offer (X1, T8), or None when
    some offer of theirs could be legal: the game waits on a decision that is not a trade's
    reply, no Mr. Monopoly move is under way, ``p`` is in the game and someone else is too.

    The app asks this before opening its trade screen; :meth:`why_not_trade` checks an offer.
    """
    if st.winner is not None:
        return "the game is over"
    if st.pending is None:
        return "the game is not waiting for a decision"
    if not 0 <= p < len(st.players) or st.players[p].bankrupt:
        return "no such player in the game"
    why = _trade_time_problem(st, ed)
    if why:
        return why
    if len(st.active_players()) < 2:
        return "a trade needs two players in the game"
    return None


def _trade_time_problem(st: GameState, ed: Edition) -> str | None:
    """Why no trade may be proposed at this moment (X1, T8), or None."""
    if st.pending is not None and st.pending.kind in ("trade_reply", "game_over"):
        return "a trade cannot be proposed now"
    if st.turn.mr_monopoly_lock:
        return "no trading until Mr. Monopoly's move is over (T8)"
    return None


def why_not_trade(st: GameState, ed: Edition, offer: TradeOffer) -> str | None:
    """Why ``offer`` may not be proposed now (X1, X2, D1), or None."""
    a, b = offer.proposer, offer.partner
    if a == b:
        return "a trade needs two different players"
    if not 0 <= b < len(st.players) or st.players[b].bankrupt:
        return "no such player to trade with"
    why = _trade_time_problem(st, ed)
    if why:
        return why
    if offer.give.is_empty() and offer.take.is_empty():
        return "the trade is empty"
    return (side_problem(st, ed, a, offer.give) or side_problem(st, ed, b, offer.take)
            or _debt_trade_problem(st, ed, offer) or _held_bid_problem(st, ed, offer))


def _held_bid_problem(st: GameState, ed: Edition, offer: TradeOffer) -> str | None:
    """A3: why ``offer`` would leave a side's cash below the high bid they hold in an open auction, or
    None. What counts is the cash that side is left with: the cash it gives less the cash it gets, and
    the 10% of M3 for each mortgaged deed it gets (at least that is due; unmortgaging costs more and is
    refused on its own if the cash is not there). Down to exactly the bid is allowed."""
    for holder, gives, gets in ((offer.proposer, offer.give, offer.take), (offer.partner, offer.take, offer.give)):
        fees = sum(transfer_fee(ed, i) for i in gets.deeds if st.deeds[i].mortgaged)
        spent = gives.cash - gets.cash + fees
        if spent > 0:
            why = why_not_spend(st, holder, spent)
            if why:
                return why
    return None


def _debt_trade_problem(st: GameState, ed: Edition, offer: TradeOffer) -> str | None:
    """:meth:`debt_problem` for whichever side of ``offer`` is in debt, or None."""
    debtors = debt.debtors(st, ed)
    if not debtors:
        return None
    if offer.proposer in debtors:
        why = debt_problem(st, ed, offer.proposer, offer.give, offer.take)
        if why:
            return why
    if offer.partner in debtors:
        return debt_problem(st, ed, offer.partner, offer.take, offer.give)
    return None


def do_propose_trade(st: GameState, ed: Edition, offer: TradeOffer) -> None:
    """X1: the offer waits for the partner's answer; the pending decision is set aside meanwhile."""
    log(st, TradeOffered(offer.proposer, offer))
    suspend(st, TradeReplyDecision(player=offer.partner, trade=offer))


def describe_trade(st: GameState, ed: Edition, offer: TradeOffer) -> str:
    """A trade in words (:func:`~megamono.rules.events.trade_words`)."""
    return trade_words(NamesOf(st, ed), offer)


def do_reply_trade(st: GameState, ed: Edition, accept: bool) -> None:
    """X1-X3: the partner accepts (everything changes hands; M3 and B8 follow) or refuses."""
    offer = pending_as(st, TradeReplyDecision).trade
    st.pending = None
    push(st, ResumeStep())
    if not accept:
        log(st, TradeRefused(offer.partner))
        return
    problem = (side_problem(st, ed, offer.proposer, offer.give) or side_problem(st, ed, offer.partner, offer.take)
               or _debt_trade_problem(st, ed, offer) or _held_bid_problem(st, ed, offer))
    if problem:
        log(st, TradeVoid(offer.partner, problem))
        return
    log(st, TradeAccepted(offer.partner, offer))
    steps = _hand_over(st, ed, offer.proposer, offer.partner, offer.give)
    steps += _hand_over(st, ed, offer.partner, offer.proposer, offer.take)
    push(st, *steps)


def _hand_over(st: GameState, ed: Edition, frm: int, to: int, side: TradeSide) -> list[AgendaStep]:
    a, b = st.players[frm], st.players[to]
    transfer(st, frm, to, side.cash, "trade")
    for i in side.deeds:
        st.deeds[i].owner = to
    for _ in range(side.jail_cards):
        b.gojf.append(a.gojf.pop(0))
    for _ in range(side.bus_tickets):
        b.bus_tickets.append(a.bus_tickets.pop(0))
    return levelling.after_receiving(st, ed, to, sorted(side.deeds), forced=False)
