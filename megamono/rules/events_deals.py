"""The log's events of deeds and deals: buying and auctions, buildings, the bank's last pieces,
trades and the end of the game (see :mod:`.events`)."""

from __future__ import annotations

from typing import Annotated, ClassVar

from pydantic import AliasChoices, Field

from .decisions import TradeOffer
from .events_base import (
    Event,
    EventKind,
    Names,
    Outcome,
    Termination,
    commas,
    level_name,
    name,
    piece_for_level,
    plural,
    sname,
    termination_words,
    trade_words,
    winners_words,
)
from .records import hot_record, record


# -- buying and auctions -----------------------------------------------------------------------------------
@hot_record
class DeclinesToBuy(Event):
    """``player`` does not buy ``space`` (S1; an auction may follow)."""

    kind: ClassVar[EventKind] = "info"
    player: int
    space: int

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} declines to buy {sname(g, self.space)}"


@hot_record
class AuctionStarts(Event):
    """The bank auctions ``space`` (A1)."""

    kind: ClassVar[EventKind] = "auction"
    space: int

    def say(self, g: Names) -> str:
        return f"{sname(g, self.space)} goes to auction"


@hot_record
class PieceAuction(Event):
    """The bank's last ``piece`` ("house", "hotel", "skyscraper") goes to auction among
    ``bidders`` (B7)."""

    kind: ClassVar[EventKind] = "auction"
    piece: str
    bidders: list[int]

    def say(self, g: Names) -> str:
        return f"The last {self.piece} goes to auction among " + ", ".join(name(g, q) for q in self.bidders)


@hot_record
class BidMade(Event):
    """``player`` bids ``bid`` for ``space``, or for the bank's last ``piece`` (A2, B7)."""

    kind: ClassVar[EventKind] = "bid"
    player: int
    bid: int
    space: int | None
    piece: str | None

    def say(self, g: Names) -> str:
        item = f"the last {self.piece}" if self.space is None else sname(g, self.space)
        return f"{name(g, self.player)} bids ${commas(self.bid)} for {item}"


@hot_record
class DropsOut(Event):
    """``player`` leaves the auction of ``space`` (None: of a piece) (A2)."""

    kind: ClassVar[EventKind] = "bid"
    player: int
    space: int | None

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} drops out of the auction"


@hot_record
class PassesBid(Event):
    """``player`` passes on the high bid ``bid`` (0: before any bid) in the open auction of ``space``
    (None: of a piece) (A3): it counts towards closing; a raise cancels it."""

    kind: ClassVar[EventKind] = "bid"
    player: int
    bid: int
    space: int | None

    def say(self, g: Names) -> str:
        on = f"on ${commas(self.bid)}" if self.bid else "(no bid yet)"
        return f"{name(g, self.player)} passes {on}"


@hot_record
class NobodyBid(Event):
    """An auction of ``space``, or of the last ``piece``, ends without a bid (A3)."""

    kind: ClassVar[EventKind] = "auction"
    space: int | None
    piece: str | None

    def say(self, g: Names) -> str:
        what = f"the {self.piece}" if self.space is None else sname(g, self.space)
        return f"Nobody bid: {what} stays with the bank"


@hot_record
class WinsAuction(Event):
    """``player`` wins the auction of ``space`` at ``price`` (A3; the payment follows).

    The deed is handed over once the price is paid: in the same action, or, when the winner
    cannot pay it now, in the action that pays the debt (which logs only its :class:`Cash`); until
    then ``Game.deeds_awaiting_grant`` names it."""

    kind: ClassVar[EventKind] = "auction"
    changes_deeds: ClassVar[bool] = True
    player: int
    space: int
    price: int

    def deeds_changed(self) -> tuple[int, ...]:
        return (self.space,)

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} wins {sname(g, self.space)} for ${commas(self.price)}"


@hot_record
class WinsPiece(Event):
    """``player`` wins the bank's last ``piece`` at ``price`` (B7; the payment and placing follow)."""

    kind: ClassVar[EventKind] = "auction"
    player: int
    piece: str
    price: int

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} wins the {self.piece} for ${commas(self.price)}"


# -- buildings ----------------------------------------------------------------------------------------------
@hot_record
class Built(Event):
    """``player`` builds on ``space``, now at ``level`` (B2)."""

    kind: ClassVar[EventKind] = "build"
    changes_deeds: ClassVar[bool] = True
    player: int
    space: int
    level: int

    def deeds_changed(self) -> tuple[int, ...]:
        return (self.space,)

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} builds on {sname(g, self.space)}: now {level_name(self.level)}"


@hot_record
class BuildingSold(Event):
    """``player`` sells a building on ``space``, now at ``level`` (B5)."""

    kind: ClassVar[EventKind] = "build"
    changes_deeds: ClassVar[bool] = True
    player: int
    space: int
    level: int

    def deeds_changed(self) -> tuple[int, ...]:
        return (self.space,)

    def say(self, g: Names) -> str:
        return f"{sname(g, self.space)} now has {level_name(self.level)}"


@hot_record
class SoldDown(Event):
    """``player``'s group is taken down to ``levels`` ((space, level) pairs) when the bank lacks
    pieces (B5)."""

    kind: ClassVar[EventKind] = "build"
    changes_deeds: ClassVar[bool] = True
    player: int
    levels: list[tuple[int, int]]

    def deeds_changed(self) -> list[int]:
        return [i for i, _ in self.levels]

    def say(self, g: Names) -> str:
        return "Now " + ", ".join(f"{g.ed.spaces[i].short} {level_name(v)}" for i, v in self.levels)


@hot_record
class DepotBuilt(Event):
    """[Mega] ``player`` builds a train depot on railroad ``space`` (B6)."""

    kind: ClassVar[EventKind] = "build"
    changes_deeds: ClassVar[bool] = True
    player: int
    space: int

    def deeds_changed(self) -> tuple[int, ...]:
        return (self.space,)

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} builds a depot on {sname(g, self.space)}"


@hot_record
class GroupAlreadyEven(Event):
    """``player`` receives ``deed``, which completes a group already even (B8)."""

    kind: ClassVar[EventKind] = "info"
    player: int
    deed: int

    def say(self, g: Names) -> str:
        return f"{sname(g, self.deed)} completes the group; it is already even (B8)"


@hot_record
class HandsBack(Event):
    """``player`` hands ``deed`` back to the bank rather than level its group (B8)."""

    kind: ClassVar[EventKind] = "deeds"
    changes_deeds: ClassVar[bool] = True
    player: int
    deed: int

    def deeds_changed(self) -> tuple[int, ...]:
        return (self.deed,)

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} hands {sname(g, self.deed)} back to the bank (B8)"


@hot_record
class Levelled(Event):
    """``player`` levels the group of ``deed``, which now has ``level`` (B8)."""

    kind: ClassVar[EventKind] = "build"
    changes_deeds: ClassVar[bool] = True
    player: int
    deed: int
    level: int

    def deeds_changed(self) -> tuple[int, ...]:
        return (self.deed,)

    def say(self, g: Names) -> str:
        return f"{sname(g, self.deed)} now has {level_name(self.level)} (B8)"


@hot_record
class Rearranged(Event):
    """``player`` rearranges the buildings of ``group`` to ``levels`` ((space, level) pairs) (B8)."""

    kind: ClassVar[EventKind] = "build"
    changes_deeds: ClassVar[bool] = True
    player: int
    group: str
    levels: list[tuple[int, int]]

    def deeds_changed(self) -> list[int]:
        return [i for i, _ in self.levels]

    def say(self, g: Names) -> str:
        return (f"{name(g, self.player)} rearranges {self.group}: "
                + ", ".join(f"{g.ed.spaces[i].short} {v}" for i, v in self.levels))


# -- the bank's last pieces (B7) -------------------------------------------------------------------------------
@hot_record
class WantsLastPiece(Event):
    """``player`` builds on ``space`` with the bank's last ``piece``: others are asked (B7)."""

    kind: ClassVar[EventKind] = "shortage"
    player: int
    space: int
    piece: str

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} wants the bank's last {self.piece}: other players may want it too (B7)"


@hot_record
class ShortageAnswer(Event):
    """``player`` says whether they ``want`` the bank's last ``piece`` too (B7)."""

    kind: ClassVar[EventKind] = "shortage"
    player: int
    piece: str
    want: bool

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} {'wants' if self.want else 'does not want'} the {self.piece}"


@hot_record
class NowhereToPlace(Event):
    """``player`` won the last ``piece`` but has nowhere to place it: it stays with the bank (B7)."""

    kind: ClassVar[EventKind] = "shortage"
    player: int
    piece: str

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} has nowhere to place the {self.piece}: it stays with the bank"


@hot_record
class PiecePlaced(Event):
    """``player`` places the piece they won on ``space``, now at ``level`` (B7)."""

    kind: ClassVar[EventKind] = "build"
    changes_deeds: ClassVar[bool] = True
    player: int
    space: int
    level: int

    def deeds_changed(self) -> tuple[int, ...]:
        return (self.space,)

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} places the {piece_for_level(self.level)} on {sname(g, self.space)}"


# -- trades (X) ------------------------------------------------------------------------------------------------------
@hot_record
class TradeOffered(Event):
    """``player`` offers a trade (``offer``; its partner replies) (X1)."""

    kind: ClassVar[EventKind] = "trade"
    player: int
    offer: TradeOffer

    def say(self, g: Names) -> str:
        return (f"{name(g, self.player)} offers {name(g, self.offer.partner)} a trade: "
                f"{trade_words(g, self.offer)}")


@hot_record
class TradeAccepted(Event):
    """Partner ``player`` accepts ``offer``; the hand-over follows (X1)."""

    kind: ClassVar[EventKind] = "trade"
    changes_deeds: ClassVar[bool] = True
    player: int
    offer: TradeOffer

    def deeds_changed(self) -> list[int]:
        return self.offer.give.deeds + self.offer.take.deeds

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} accepts: {trade_words(g, self.offer)}"


@hot_record
class TradeRefused(Event):
    """Partner ``player`` refuses the trade offered (X1)."""

    kind: ClassVar[EventKind] = "trade"
    player: int

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} refuses the trade"


@hot_record
class TradeVoid(Event):
    """Partner ``player`` accepted, but the trade no longer stands: ``problem`` says why (X1)."""

    kind: ClassVar[EventKind] = "trade"
    player: int
    problem: str

    def say(self, g: Names) -> str:
        return f"The trade no longer stands: {self.problem}"


@record
class Known(Event):
    """What the table knew before a game started from a position (README "Positions"): the Chance
    and Community Chest cards seen (``seen``: card ids, drawn or held, whose places in their deck are
    known), the trade offers refused whose deeds have not changed since (``refused``: the computers
    make none of them again, ``megamono.bots.offers``), and an offer made and not answered yet
    (``waiting``; its dict form before was ``"open"``, which is still read). Logged once, after the
    seating, by ``Game.from_position``; the playouts of :mod:`megamono.analysis` start their own log with
    one. Nothing in it changes the game."""

    kind: ClassVar[EventKind] = "info"
    seen: tuple[str, ...]
    refused: tuple[TradeOffer, ...]
    waiting: Annotated[TradeOffer | None, Field(validation_alias=AliasChoices("waiting", "open"))] = None

    def say(self, g: Names) -> str:
        parts = []
        if self.seen:
            parts.append(plural(len(self.seen), "card") + " seen")
        for offer in self.refused:
            parts.append(f"{name(g, offer.partner)} refused {name(g, offer.proposer)}'s offer "
                         f"({trade_words(g, offer)})")
        if self.waiting is not None:
            parts.append(f"{name(g, self.waiting.proposer)}'s offer to {name(g, self.waiting.partner)} waits")
        return "Known from before: " + ("; ".join(parts) or "nothing")


# -- the end (E) ------------------------------------------------------------------------------------------------------
@hot_record
class EndProposed(Event):
    """``player`` proposes to end the game now (E2)."""

    kind: ClassVar[EventKind] = "info"
    player: int

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} proposes to end the game now (E2)"


@hot_record
class EndVote(Event):
    """``player`` ``agrees`` to end the game, or wants to play on (E2)."""

    kind: ClassVar[EventKind] = "info"
    player: int
    agrees: bool

    def say(self, g: Names) -> str:
        if self.agrees:
            return f"{name(g, self.player)} agrees to end the game"
        return f"{name(g, self.player)} wants to play on: the game continues"


@hot_record
class TimeIsUp(Event):
    """Option ``time_limit``: the ``minutes`` of the game are up in round ``round``; the game ends
    when that round ends (O, E2). Recorded by the app (the ``TimeUp`` action), made by no player."""

    kind: ClassVar[EventKind] = "info"
    minutes: int
    round: int

    def say(self, g: Names) -> str:
        return (f"Time is up ({self.minutes} minute{'s' * (self.minutes != 1)}): the game ends when round"
                f" {self.round} ends, and the highest final worth wins (E2)")


@hot_record
class FinalWorth(Event):
    """The game ends by final worth (E2): after round ``round`` of the turn limit, or by
    agreement; ``worths`` are (seat, final worth) of the players left. :class:`GameOver` follows."""

    kind: ClassVar[EventKind] = "game_over"
    termination: Termination
    round: int
    worths: list[tuple[int, int]]

    def say(self, g: Names) -> str:
        worths = ", ".join(f"{name(g, p)} ${commas(w)}" for p, w in self.worths)
        return f"{termination_words(self.termination, self.round)}. Final worth: {worths}"


@hot_record
class GameOver(Event):
    """The game is over: its :class:`Outcome` (the last event of a finished game, E1/E2)."""

    kind: ClassVar[EventKind] = "game_over"
    outcome: Outcome

    @property
    def player(self) -> int:
        """The first winner."""
        return self.outcome.winners[0]

    def say(self, g: Names) -> str:
        return winners_words(g.st, self.outcome.winners)
