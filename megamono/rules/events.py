"""The game log's events as data, and the one place their words are made (issue 14, item 3).

Every line of ``GameState.log`` is an :class:`Event`: one small record class per thing that can
happen (:class:`Rolled`, :class:`Moved`, :class:`Cash`, :class:`Built`, :class:`GameOver`, ...),
each with typed fields in game terms: ``player`` (a seat), ``space`` (a board index), ``amount``,
``payer``/``payee`` (None = the bank), ``throw`` (a :class:`~megamono.rules.dice.Throw`),
``card``, ``level``, ``piece``, and so on. Code that wants to know what happened reads the fields
(``isinstance(ev, Moved) and ev.space == 0``); nothing outside the event modules reads or parses the
words.

Every event also answers ``kind`` (:data:`EventKind`: the log's category, which colours a line in
the app and lets readers pick "every cash event") and the common fields ``player``, ``space``,
``amount``, ``payer`` and ``payee``: None where the event has no such field.

The log names every change of a deed (its owner, mortgage, buildings, depot): every deed an action
changes is named by an event that action logs, read with ``ev.deeds_changed()`` (for the classes
whose ``changes_deeds`` is True: a :class:`Cash` that pays for a deed, :class:`Built`,
:class:`TradeAccepted`, :class:`Bankrupt`, ...). The one exception: a deed won at auction
(:class:`WinsAuction`) is handed over once paid, perhaps in a later action, and
``Game.deeds_awaiting_grant`` names it until then. Readers that derive something from the deeds
(the bots' view of the board) keep it and bring it up to date from the events logged since they
last looked; ``check_invariants`` checks the promise.

The words (``ev.say(game)``) are made from the fields only when read, from the names (players,
spaces, card texts) of the game the reader passes in: an event holds no game. The engine logs
hundreds of thousands of events in a long game, and the app shows the last few hundred. The texts
are exactly those the log has always shown (tests/bench/regress.py checks every one of 570 games).

This module gathers the events (import them from here): their base and the words they share are in
:mod:`.events_base`, a turn's events (dice, moves, money and rent, jail, cards, Bus Tickets) in
:mod:`.events_turn`, those of deeds and deals (auctions, buildings, the bank's last pieces, trades, the
end) in :mod:`.events_deals`.

The log is not in a save (save format v2 rebuilds it by replaying the actions); the rules core's
own dict form (``Game.to_dict``) writes an event as ``{"event": "Moved", "player": 0, "space": 5}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .events_base import (
    Deck,
    Event,
    EventKind,
    Names,
    NamesOf,
    Outcome,
    Termination,
    commas,
    event_types,
    level_name,
    name,
    piece_for_level,
    plural,
    side_words,
    sname,
    termination_words,
    trade_words,
    winners_words,
)
from .events_deals import (
    AuctionStarts,
    BidMade,
    BuildingSold,
    Built,
    DeclinesToBuy,
    DepotBuilt,
    DropsOut,
    EndProposed,
    EndVote,
    FinalWorth,
    GameOver,
    GroupAlreadyEven,
    HandsBack,
    Known,
    Levelled,
    NobodyBid,
    NowhereToPlace,
    PassesBid,
    PieceAuction,
    PiecePlaced,
    Rearranged,
    ShortageAnswer,
    SoldDown,
    TimeIsUp,
    TradeAccepted,
    TradeOffered,
    TradeRefused,
    TradeVoid,
    WantsLastPiece,
    WinsAuction,
    WinsPiece,
)
from .events_turn import (
    Bankrupt,
    BusMoveChosen,
    BusRidesOn,
    BusTicketPlayed,
    BusTicketsExpire,
    BusTicketTaken,
    CardDrawn,
    Cash,
    ClaimLapsed,
    DeedsTaken,
    HighestRent,
    InDebt,
    JailCardUsed,
    JailDoubles,
    JailRoll,
    LeavesJail,
    Moved,
    MovedBack,
    MrMonopolySends,
    MrMonopolyStays,
    NoBusTicket,
    NoRentInJail,
    NoRentMortgaged,
    NoRepairs,
    NothingToAuction,
    PlainText,
    PotGrows,
    RentClaimable,
    Rolled,
    Seats,
    ToJail,
    Triples,
    TurnOrderRoll,
    TurnStarted,
    UtilityRoll,
    reason,
)

EVENT_TYPES: Mapping[str, type[Event]] = MappingProxyType(event_types())
"""Every event class by name (the ``"event"`` of its dict form)."""

__all__ = [
    "AuctionStarts",
    "Bankrupt",
    "BidMade",
    "BuildingSold",
    "Built",
    "BusMoveChosen",
    "BusRidesOn",
    "BusTicketPlayed",
    "BusTicketTaken",
    "BusTicketsExpire",
    "CardDrawn",
    "Cash",
    "ClaimLapsed",
    "Deck",
    "DeclinesToBuy",
    "DeedsTaken",
    "DepotBuilt",
    "DropsOut",
    "EndProposed",
    "EndVote",
    "Event",
    "EventKind",
    "FinalWorth",
    "GameOver",
    "GroupAlreadyEven",
    "HandsBack",
    "HighestRent",
    "InDebt",
    "JailCardUsed",
    "JailDoubles",
    "JailRoll",
    "LeavesJail",
    "Levelled",
    "Moved",
    "MovedBack",
    "MrMonopolySends",
    "MrMonopolyStays",
    "Names",
    "NamesOf",
    "NoBusTicket",
    "NoRentInJail",
    "NoRentMortgaged",
    "NoRepairs",
    "NobodyBid",
    "NothingToAuction",
    "NowhereToPlace",
    "Outcome",
    "PassesBid",
    "PieceAuction",
    "PiecePlaced",
    "PlainText",
    "PotGrows",
    "Rearranged",
    "RentClaimable",
    "Rolled",
    "Seats",
    "ShortageAnswer",
    "SoldDown",
    "Termination",
    "TimeIsUp",
    "ToJail",
    "Known",
    "TradeAccepted",
    "TradeOffered",
    "TradeRefused",
    "TradeVoid",
    "Triples",
    "TurnOrderRoll",
    "TurnStarted",
    "UtilityRoll",
    "WantsLastPiece",
    "WinsAuction",
    "WinsPiece",
    "commas",
    "level_name",
    "name",
    "piece_for_level",
    "plural",
    "reason",
    "side_words",
    "sname",
    "termination_words",
    "trade_words",
    "winners_words",
    "EVENT_TYPES",
]
