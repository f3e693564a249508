"""Buying (RULES.md S1): the lander of an unowned property may buy it at the printed price; if not,
it is auctioned.

Functions over the state and the edition.
"""

from __future__ import annotations

from . import levelling
from .agenda import AuctionStep
from .core import log, name, pending_as, push, sname, transfer
from .decisions import BuyDecision
from .editions import Edition
from .events import DeclinesToBuy, commas
from .state import GameState


def why_not_buy(st: GameState, ed: Edition, p: int) -> str | None:
    """S1: the price needs the cash (else raise it, or let the deed go to auction); the reason, or None."""
    price = pending_as(st, BuyDecision).amount
    if st.players[p].cash < price:
        have = commas(st.players[p].cash)
        return f"{name(st, p)} has ${have} of the ${commas(price)}: raise money or auction it"
    return None


def do_buy(st: GameState, ed: Edition, p: int) -> None:
    """S1: ``p`` buys the deed on offer at its printed price; B8 and M3 settle it at once."""
    space = pending_as(st, BuyDecision).space
    st.pending = None
    transfer(st, p, None, ed.board.spaces[space].price, f"buys {sname(ed, space)}", space)
    st.deeds[space].owner = p
    levelling.settle_received(st, ed, p, space)


def do_decline_buy(st: GameState, ed: Edition, p: int) -> None:
    """S1: ``p`` does not buy; the deed is auctioned (A1) unless the option ``auctions`` is off."""
    space = pending_as(st, BuyDecision).space
    st.pending = None
    log(st, DeclinesToBuy(p, space))
    if st.options.auctions:
        push(st, AuctionStep(player=p, space=space))
