"""Auctions (RULES.md A1-A3): what starts one (A1), the opening bid and raises (A2), and how the
bidders take their turns (A3: in seat order, ``Options.auction_bidding == "seat_order"``).

Functions over the state and the edition. The winner pays the bank, then receives the deed (or the
bank's last piece of a building shortage).
"""

from __future__ import annotations

from . import levelling
from .agenda import AuctionStep, GrantStep, PayStep, PlacePieceStep
from .core import log, name, pending_as, push, sname, wait
from .decisions import BidDecision
from .editions import Edition
from .events import AuctionStarts, BidMade, DropsOut, NobodyBid, WinsAuction, WinsPiece, commas
from .state import GameState


def step_auction(st: GameState, ed: Edition, s: AuctionStep) -> None:
    """A1/A3: every active player bids, in seat order from the left of who triggered it."""
    space = s.space
    if st.deeds[space].owner is not None:
        return
    trigger = s.player
    n = len(st.players)
    order = [(trigger + d) % n for d in range(1, n + 1)
             if not st.players[(trigger + d) % n].bankrupt]
    if not order:
        return
    log(st, AuctionStarts(space))
    wait(st, BidDecision(player=order[0], space=space, bidders=order))
    bid_prompt(st, ed)


def auction_item(st: GameState, ed: Edition) -> str:
    """What the running auction sells: a deed's name, or "the last house" (B7)."""
    pend = pending_as(st, BidDecision)
    if pend.piece:
        return f"the last {pend.piece}"
    assert pend.space is not None, "an auction sells a deed or a piece"
    return sname(ed, pend.space)


def min_bid(st: GameState, ed: Edition) -> int:
    """A2: the opening bid is at least $10, each raise at least $1."""
    pend = pending_as(st, BidDecision)
    return 10 if pend.high_bidder is None else pend.high_bid + 1


def bid_prompt(st: GameState, ed: Edition) -> None:
    """The running auction's prompt: whose bid it is, the high bid, the lowest bid now (A2)."""
    st = st
    pend = pending_as(st, BidDecision)
    players = st.players
    if pend.high_bidder is None:
        lead = "no bid yet"
    else:
        lead = f"high bid ${commas(pend.high_bid)} by {players[pend.high_bidder].name}"
    pend.prompt = (f"{players[pend.player].name}: auction of {auction_item(st, ed)} ({lead});"
                   f" bid at least ${commas(min_bid(st, ed))} or drop out")


def why_not_bid(st: GameState, ed: Edition, p: int, amount: int) -> str | None:
    """A2: a bid is at least :func:`min_bid` and at most the bidder's cash (dollars); the reason, or None."""
    low = min_bid(st, ed)
    if amount < low:
        return f"the bid must be at least ${commas(low)}"
    if amount > st.players[p].cash:
        return f"{name(st, p)} has only ${commas(st.players[p].cash)}: a bid cannot exceed your cash"
    return None


def do_bid(st: GameState, ed: Edition, p: int, amount: int) -> None:
    """``p`` bids ``amount`` dollars: the high bid; the next bidder in seat order bids (A3)."""
    pend = pending_as(st, BidDecision)
    pend.high_bid, pend.high_bidder = amount, p
    log(st, BidMade(player=p, bid=amount, space=pend.space, piece=pend.piece))
    next_bidder(st, ed, pend.bidders.index(p) + 1)


def do_drop_out(st: GameState, ed: Edition, p: int) -> None:
    """``p`` leaves the auction for good; the next bidder bids, or it ends (A3)."""
    pend = pending_as(st, BidDecision)
    k = pend.bidders.index(p)
    pend.bidders.remove(p)
    log(st, DropsOut(p, pend.space))
    next_bidder(st, ed, k)


def next_bidder(st: GameState, ed: Edition, k: int) -> None:
    """The auction goes on with the bidder at index ``k`` of those still in, or ends: nobody left, or the
    high bidder alone (who pays the bank, then receives the deed or the piece, A3)."""
    pend = pending_as(st, BidDecision)
    b = pend.bidders
    if len(b) > 1:  # (the usual case: the auction goes on)
        pend.player = b[k % len(b)]
        bid_prompt(st, ed)
        return
    if not b:
        log(st, NobodyBid(pend.space, pend.piece))
        st.pending = None
        return
    if len(b) == 1 and pend.high_bidder == b[0] and pend.piece:
        w, price, piece = b[0], pend.high_bid, pend.piece
        st.pending = None
        log(st, WinsPiece(w, piece, price))
        push(st, PayStep(player=w, creditors=[(None, price)], why=f"auction of the last {piece}"),
                  PlacePieceStep(player=w, piece=piece))
        return
    if len(b) == 1 and pend.high_bidder == b[0]:
        w, price, space = b[0], pend.high_bid, pend.space
        assert space is not None, "an auction sells a deed or a piece"
        st.pending = None
        log(st, WinsAuction(w, space, price))
        push(st, PayStep(player=w, creditors=[(None, price)], why=f"auction of {sname(ed, space)}"),
                  GrantStep(player=w, space=space))
        return
    pend.player = b[k % len(b)]
    bid_prompt(st, ed)


def step_grant(st: GameState, ed: Edition, s: GrantStep) -> None:
    """Give a bank deed to a buyer (after payment) and check levelling (B8)."""
    if st.players[s.player].bankrupt:
        return
    st.deeds[s.space].owner = s.player
    levelling.settle_received(st, ed, s.player, s.space)
