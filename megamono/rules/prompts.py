"""Decisions in words: :func:`say_decision`, the one place a decision the game waits for becomes text.

A decision is a plain value that holds no words (:mod:`.decisions`): its words are made when read, from
its fields and the names (players, spaces, the edition's figures) of the game the reader passes in, as
an event's are (``Event.say``). ``Game.say(decision)`` and ``Game.describe_pending()`` give them to the
app, the command line and the scripting API; nothing of them is kept in the state or a save. One case per
decision class, the words those who decide read: "Ann: buy Arctic Avenue for $60, or auction it?".
"""

from __future__ import annotations

from .auctions import min_bid
from .decisions import (
    AuctionPickDecision,
    BidDecision,
    BirthdayDecision,
    BusDecision,
    BusMoveDecision,
    BuyDecision,
    DebtDecision,
    Decision,
    EndVoteDecision,
    GameOverDecision,
    IncomeTaxDecision,
    JailDecision,
    JailPayDecision,
    LevellingDecision,
    MortgagedDeedDecision,
    PlacePieceDecision,
    ShortageAskDecision,
    TradeReplyDecision,
    TriplesDecision,
    TurnDecision,
)
from .events import Names, commas, name, reason, sname, trade_words, winners_words


def say_decision(g: Names, pend: Decision) -> str:
    """The words of the decision ``pend`` with the names of game ``g`` (a ``Game``, or any
    :class:`~megamono.rules.events.Names`: a state and its edition), as the screen shows them: whom it
    asks, what, and what each way costs. ``pend`` need not be ``g``'s pending decision (a dialog may
    still show one just answered), but must be of ``g``'s game (its seats, spaces). TypeError for a
    decision of no class of :data:`~megamono.rules.decisions.Pending`."""
    who = name(g, pend.player)
    match pend:
        case TurnDecision():
            what = "roll again" if pend.roll_again else "roll the dice"
            return f"{who}: {what} or play a Bus Ticket" if pend.bus_ticket else f"{who}: {what}"
        case BidDecision():
            return _bid_words(g, pend)
        case BuyDecision():
            return f"{who}: buy {sname(g, pend.space)} for ${commas(pend.amount)}, or auction it?"
        case DebtDecision():
            to = ", ".join(name(g, c.player) for c in pend.creditors)
            return (f"{who}: you owe ${commas(pend.amount)} to {to} ({reason(g, pend.why, pend.rent_for)}). "
                    "Sell buildings or mortgage deeds to raise it.")
        case JailDecision():
            return (f"{who} is in jail (attempt {pend.attempt} of 3): "
                    f"pay ${commas(g.ed.board.rules.jail_fine)}, use a card, or roll for doubles")
        case JailPayDecision():
            return (f"{who}: third failed roll: pay ${commas(g.ed.board.rules.jail_fine)} or use a card, "
                    f"then move {pend.amount}")
        case TriplesDecision():
            return f"{who}: triples! Choose any space to move to"
        case BusDecision():
            return f"{who}: Bus! Take a Bus Ticket, or ride to the next Chance / Community Chest?"
        case BusMoveDecision():
            first, second = pend.first, pend.second
            return f"{who}: Bus! Move {first} (the first die), {second} (the second) or {first + second} (both)?"
        case BirthdayDecision():
            return f"{who}: Birthday Gift: take ${commas(pend.amount)} or a Bus Ticket"
        case IncomeTaxDecision():
            sp = g.ed.board.spaces[pend.space]
            return (f"{who}: pay {sp.name}: ${commas(pend.amounts['flat'])} or {sp.tax_percent}% of your worth "
                    f"(${commas(pend.amounts['percent'])})")
        case AuctionPickDecision():
            return f"{who}: pick a bank deed to auction"
        case LevellingDecision():
            return (f"{who}: {sname(g, pend.space)} completes your built {g.ed.board.spaces[pend.space].group} "
                    "group: make it even (B8)")
        case MortgagedDeedDecision():
            return (f"{who}: {sname(g, pend.space)} comes mortgaged: unmortgage it"
                    f" (${commas(pend.amounts['unmortgage'])}) or pay ${commas(pend.amounts['keep'])} and keep it"
                    " mortgaged (M3)")
        case TradeReplyDecision():
            offer = pend.trade
            return f"{who}: {name(g, offer.proposer)} offers a trade: {trade_words(g, offer)}. Accept or refuse?"
        case EndVoteDecision():
            return (f"{who}: {name(g, pend.proposer)} proposes to end the game now; the highest final worth wins."
                    " Agree?")
        case ShortageAskDecision():
            return (f"{who}: {name(g, pend.builder)} wants the bank's last {pend.piece}. Do you want one too?"
                    " (then it is auctioned, B7)")
        case PlacePieceDecision():
            return f"{who}: place your {pend.piece} (B7)"
        case GameOverDecision():
            return f"Game over: {winners_words(g.st, pend.winners)}"
    raise TypeError(f"no words for a decision of kind {pend.kind!r}")


def _bid_words(g: Names, pend: BidDecision) -> str:
    """An auction's words (A1-A3, B7): what it sells, the high bid, the lowest bid now (A2); open, anyone
    may bid or pass; in seat order, the bidder whose turn it is bids or drops out."""
    if pend.piece:
        item = f"the last {pend.piece}"
    else:
        assert pend.space is not None, "an auction sells a deed or a piece"
        item = sname(g, pend.space)
    if pend.high_bidder is None:
        lead = "no bid yet"
    else:
        lead = f"high bid ${commas(pend.high_bid)} by {name(g, pend.high_bidder)}"
    if pend.at_once:
        return f"Auction of {item} ({lead}): anyone may bid at least ${commas(min_bid(pend))} or pass"
    return f"{name(g, pend.player)}: auction of {item} ({lead}); bid at least ${commas(min_bid(pend))} or drop out"
