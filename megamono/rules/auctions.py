"""Auctions (RULES.md A1-A3): what starts one (A1), the opening bid and raises (A2), and how the
bidders take their turns (A3): open bidding (``Options.auction_bidding == "open"``, the default), where
any bidder but the high bidder raises or passes in any order until all of them have passed, or in seat
order (``"seat_order"``), one bidder at a time, each raising or dropping out for good.

Functions over the state and the edition. The winner pays the bank, then receives the deed (or the
bank's last piece of a building shortage).
"""

from __future__ import annotations

from . import levelling
from .agenda import AuctionStep, GrantStep, PayStep, PlacePieceStep
from .core import bid_held, log, name, pending_as, push, sname, wait, why_not_spend
from .decisions import BidDecision
from .editions import Edition
from .events import AuctionStarts, BidMade, DropsOut, NobodyBid, PassesBid, WinsAuction, WinsPiece, commas
from .state import GameState


def step_auction(st: GameState, ed: Edition, s: AuctionStep) -> None:
    """A1/A3: every active player bids; the bidders in seat order from the left of who triggered it."""
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
    start(st, ed, BidDecision(player=order[0], space=space, bidders=order))


def start(st: GameState, ed: Edition, pend: BidDecision) -> None:
    """Open the auction ``pend`` (its ``bidders`` in seat order from the trigger's left) as the option
    ``auction_bidding`` says (A3). An open one is settled by its hook (:func:`settle_open`), which the
    engine runs once it is pending: it may close at once (nobody can afford the opening bid)."""
    pend.open = st.options.auction_bidding == "open"
    wait(st, pend)


def min_bid(pend: BidDecision) -> int:
    """A2: the lowest bid the auction ``pend`` takes now (dollars): the opening bid is at least $10,
    each raise at least $1."""
    return 10 if pend.high_bidder is None else pend.high_bid + 1


def waiting_on(st: GameState, pend: BidDecision) -> list[int]:
    """A3, open: the bidders the auction still waits for, in seat order from the high bidder's left
    (before any bid: from the trigger's left): every bidder but the high bidder who has not passed on
    the high bid and whose cash reaches the minimum bid (one who cannot bid counts as passing until
    they can). Empty: the auction closes."""
    low = min_bid(pend)
    b = pend.bidders
    if pend.high_bidder in b:
        k = b.index(pend.high_bidder) + 1
        b = b[k:] + b[:k]
    return [q for q in b if q != pend.high_bidder and q not in pend.passed and free_cash(st, q) >= low]


def awaited(st: GameState, pend: BidDecision) -> tuple[int, ...]:
    """The seats the auction ``pend`` (the pending decision) waits on now, in the order to ask them:
    open (A3), :func:`waiting_on`; in seat order, the one bidder whose turn it is."""
    if pend.open:
        return tuple(waiting_on(st, pend))
    return (pend.player,)


def free_cash(st: GameState, p: int) -> int:
    """The cash ``p`` may bid with (dollars): their cash less any high bid they hold in an open auction
    set aside meanwhile (a B7 shortage auction during a deed's auction, A3)."""
    return st.players[p].cash - bid_held(st, p)


def why_not_bidder(st: GameState, ed: Edition, p: int) -> str:
    """Why seat ``p`` may not act in the running open auction (they are not among its ``players``)."""
    pend = pending_as(st, BidDecision)
    if p == pend.high_bidder:
        return (f"{name(st, p)} holds the high bid (${commas(pend.high_bid)}): the high bidder neither raises"
                " nor passes (A3)")
    return f"{name(st, p)} is not bidding in this auction"


def why_not_bid(st: GameState, ed: Edition, p: int, amount: int) -> str | None:
    """A2: a bid is at least :func:`min_bid` and at most the bidder's cash (dollars); the reason, or None."""
    low = min_bid(pending_as(st, BidDecision))
    if amount < low:
        return f"the bid must be at least ${commas(low)}"
    if amount > st.players[p].cash:
        return f"{name(st, p)} has only ${commas(st.players[p].cash)}: a bid cannot exceed your cash"
    return why_not_spend(st, p, amount)  # (A3: winning may not take them below a high bid they hold)


def why_not_pass(st: GameState, ed: Edition, p: int) -> str | None:
    """A3: only an open auction takes passes, one per bidder on each high bid; the reason, or None."""
    pend = pending_as(st, BidDecision)
    if not pend.open:
        return "this auction is in seat order (option auction_bidding): drop out instead of passing"
    if p in pend.passed:
        return f"{name(st, p)} has already passed on this bid"
    return None


def why_not_drop_out(st: GameState, ed: Edition, p: int) -> str | None:
    """A3: dropping out for good belongs to seat-order auctions; the reason, or None."""
    if pending_as(st, BidDecision).open:
        return "in an open auction a bidder passes (and may still raise until it closes): nobody drops out"
    return None


def do_bid(st: GameState, ed: Edition, p: int, amount: int) -> None:
    """``p`` bids ``amount`` dollars: the high bid (A3). Open: every pass is cancelled, and the
    auction waits on the others (:func:`settle_open`, run after the action); seat order: the next
    bidder bids."""
    pend = pending_as(st, BidDecision)
    pend.high_bid, pend.high_bidder = amount, p
    log(st, BidMade(player=p, bid=amount, space=pend.space, piece=pend.piece))
    if pend.open:
        pend.passed.clear()  # (the engine then settles it: settle_open)
    else:
        next_bidder(st, ed, pend, pend.bidders.index(p) + 1)


def do_pass(st: GameState, ed: Edition, p: int) -> None:
    """``p`` passes on the high bid of the open auction; it closes once every bidder but the high
    bidder has passed (A3: :func:`settle_open`, run after the action)."""
    pend = pending_as(st, BidDecision)
    pend.passed.append(p)
    log(st, PassesBid(player=p, bid=pend.high_bid, space=pend.space))


def do_drop_out(st: GameState, ed: Edition, p: int) -> None:
    """``p`` leaves the seat-order auction for good; the next bidder bids, or it ends (A3)."""
    pend = pending_as(st, BidDecision)
    k = pend.bidders.index(p)
    pend.bidders.remove(p)
    log(st, DropsOut(p, pend.space))
    next_bidder(st, ed, pend, k)


def settle_open(st: GameState, ed: Edition) -> None:
    """The auction's hook (``BidDecision.after_action``, which the engine runs exactly once after each
    action taken while an auction is pending, and once when one has just begun or come back from being
    set aside): if the pending decision is an open auction, close it when it waits on nobody (A3: every
    bidder but the high bidder has passed or cannot bid), else make the first bidder it waits for its
    ``player`` (so that, as for every decision, ``player`` is the first seat of ``Game.awaited()``, the
    seat the bot loop asks). Any action may change whom it waits on: a bid or a pass, a bidder's cash
    (managing, a trade), a bankruptcy. A seat-order auction is left as it is."""
    pend = st.pending
    if not (isinstance(pend, BidDecision) and pend.open):
        return
    waiting = waiting_on(st, pend)
    if waiting:
        pend.player = waiting[0]
    else:
        close(st, ed)


BidDecision.after_action = staticmethod(settle_open)


def next_bidder(st: GameState, ed: Edition, pend: BidDecision, k: int) -> None:
    """The seat-order auction ``pend`` (the pending decision) goes on with the bidder at index ``k`` of
    those still in, or closes: nobody left, or the high bidder alone (A3)."""
    b = pend.bidders
    if len(b) > 1 or (len(b) == 1 and pend.high_bidder != b[0]):
        pend.player = b[k % len(b)]
        return
    close(st, ed)


def close(st: GameState, ed: Edition) -> None:
    """The auction ends: with no bid the deed or piece stays with the bank; else the high bidder pays
    the bank, then receives the deed or places the piece (A3, B7)."""
    pend = pending_as(st, BidDecision)
    st.pending = None
    w, price = pend.high_bidder, pend.high_bid
    if w is None:
        log(st, NobodyBid(pend.space, pend.piece))
    elif pend.piece:
        log(st, WinsPiece(w, pend.piece, price))
        push(st, PayStep(player=w, creditors=[(None, price)], why=f"auction of the last {pend.piece}"),
             PlacePieceStep(player=w, piece=pend.piece))
    else:
        space = pend.space
        assert space is not None, "an auction sells a deed or a piece"
        log(st, WinsAuction(w, space, price))
        push(st, PayStep(player=w, creditors=[(None, price)], why=f"auction of {sname(ed, space)}"),
             GrantStep(player=w, space=space))


def drop_bankrupt(st: GameState, ed: Edition, gone: set[int]) -> None:
    """The pending auction after the players ``gone`` went bankrupt (A3, D3): they leave it; a bankrupt
    high bidder's bid goes, and the auction starts again at no bid (an open auction's passes too; the
    engine then settles it: :func:`settle_open`)."""
    pend = pending_as(st, BidDecision)
    if pend.high_bidder in gone:
        pend.high_bidder, pend.high_bid = None, 0
        pend.passed.clear()
    if pend.open:
        pend.bidders = [q for q in pend.bidders if q not in gone]
        pend.passed = [q for q in pend.passed if q not in gone]
    elif any(q in gone for q in pend.bidders):
        b = pend.bidders
        k = b.index(pend.player)
        nxt = next((q for q in b[k:] + b[:k] if q not in gone), None)
        pend.bidders = [q for q in b if q not in gone]
        next_bidder(st, ed, pend, pend.bidders.index(nxt) if nxt is not None else 0)


def step_grant(st: GameState, ed: Edition, s: GrantStep) -> None:
    """Give a bank deed to a buyer (after payment) and check levelling (B8)."""
    if st.players[s.player].bankrupt:
        return
    st.deeds[s.space].owner = s.player
    levelling.settle_received(st, ed, s.player, s.space)
