"""The game log's events as data, and the one place their words are made (issue 14, item 3).

Every line of ``GameState.log`` is an :class:`Event`: one small record class per thing that can
happen (:class:`Rolled`, :class:`Moved`, :class:`Cash`, :class:`Built`, :class:`GameOver`, ...),
each with typed fields in game terms: ``player`` (a seat), ``space`` (a board index), ``amount``,
``payer``/``payee`` (None = the bank), ``throw`` (a :class:`~megamono.rules.dice.Throw`),
``card``, ``level``, ``piece``, and so on. Code that wants to know what happened reads the fields
(``isinstance(ev, Moved) and ev.space == 0``); nothing outside this module reads or parses the
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

The words (``ev.text``, ``ev.say(game)``) are made from the fields only when read, from the names
of the game the event was logged in (player names, space names, card texts): the engine logs
hundreds of thousands of events in a long game, and the app shows the last few hundred. The texts
are exactly those the log has always shown (tests/bench/regress.py checks every one of 570 games).

The log is not in a save (save format v2 rebuilds it by replaying the actions); the rules core's
own dict form (``Game.to_dict``) writes an event as ``{"event": "Moved", "player": 0, "space": 5}``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar, Literal, Protocol

from pydantic import GetCoreSchemaHandler
from pydantic_core import core_schema

from .decisions import TradeOffer, TradeSide
from .dice import Throw
from .records import Data, Record, hot_record, record

if TYPE_CHECKING:
    from .editions import Edition
    from .state import GameState

Termination = Literal["last_player_standing", "turn_limit", "agreed_end", "time_limit"]
"""How a game ended: one player left not bankrupt (RULES.md E1), the ``turn_limit`` option's last
round played (O, then E2's final worth), every player agreeing to end it (E2), or the round in which
the ``time_limit`` option's time ran out played to its end (O, then E2's final worth)."""

Deck = Literal["chance", "community_chest"]


@record
class Outcome(Record):
    """How a game ended (``Game.outcome``): ``winners`` (seats; more than one share a tied win, E2)
    and the ``termination`` (:data:`Termination`)."""

    winners: list[int]
    termination: Termination


EventKind = Literal[
    "info", "turn", "dice", "move", "cash", "jail", "card", "bus", "rent", "debt", "bankrupt", "deeds",
    "auction", "bid", "build", "shortage", "trade", "game_over",
]
"""The log's categories of events (``Event.kind``)."""

_COMMON = frozenset({"player", "space", "amount", "payer", "payee"})


class Event(Record):
    """One line of the game log (the base of every event class).

    - ``kind``: the log's category (:data:`EventKind`), the same for every event of a class.
    - ``player``, ``space``, ``amount``, ``payer``, ``payee``: the event's field of that name, or
      None when it has none (a cash event's ``player`` is its payer, else its payee).
    - ``text``: the line as the log shows it, made from the fields when read.

    An event's dict form is ``{"event": class name, **fields}`` (:data:`EVENT_TYPES`).
    """

    __slots__ = ("_source",)
    kind: ClassVar[EventKind]
    changes_deeds: ClassVar[bool] = False
    """Whether events of this class may change deeds (an owner, a mortgage, buildings, a depot):
    :meth:`deeds_changed` then names them. False for every class whose events never do."""
    _source: Source
    """The game the event was logged in (set by the engine as it logs it)."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        # (dataclass(slots=True) makes the class again: the second one, whose fields are known)
        if "__dataclass_fields__" in cls.__dict__:
            for name in _COMMON:
                if not hasattr(cls, name):  # a common field the class has not: None
                    setattr(cls, name, None)  # (a class attribute: an instance's reads stay quick)

    if TYPE_CHECKING:  # (for the type checker only: any event answers the common fields)
        def __getattr__(self, name: str) -> int | None: ...

    def say(self, g: Names) -> str:
        """The event's words, with the names of game ``g`` (each class of
        :mod:`megamono.rules.events` says its own)."""
        raise NotImplementedError

    def deeds_changed(self) -> Sequence[int]:
        """The deeds (space indices) whose owner, mortgage, buildings or depot changed with this
        event (for the classes of :attr:`changes_deeds`; empty for the others).

        The log names every change of a deed this way: every deed an action changes is named by an
        event that action logs (the one exception is a deed won at auction, named by
        :class:`~megamono.rules.events.WinsAuction` and handed over once paid for, perhaps in a
        later action: ``Game.deeds_awaiting_grant``). So a reader that derives something from the
        deeds can keep it and, from the events logged since, redo only what the named deeds touch.
        """
        return ()

    @property
    def text(self) -> str:
        """The line as the log shows it, with the names of the game it was logged in."""
        return self.say(self._source.game)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: type[object],
                                     handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        if cls is not Event:  # one event class: its own dataclass fields
            return handler(source)
        # any event (the log's items): {"event": class name, **fields}
        return core_schema.no_info_plain_validator_function(
            _event_from_data,
            serialization=core_schema.plain_serializer_function_ser_schema(_event_to_data, info_arg=True))


def _event_from_data(data: object) -> Event:
    if isinstance(data, Event):
        return data
    if not isinstance(data, dict) or data.get("event") not in EVENT_TYPES:
        raise ValueError(f"not a log event: {data!r:.80}")
    fields = {k: v for k, v in data.items() if k != "event"}
    ev: Event = EVENT_TYPES[data["event"]].model_validate(fields)
    return ev


def _event_to_data(ev: Event, info: core_schema.SerializationInfo) -> Data:
    return {"event": type(ev).__name__, **ev.model_dump(mode="json" if info.mode_is_json() else "python")}


class Names(Protocol):
    """What an event's words need from its game (``Game`` is one): the state (player names), the
    edition (space names, card texts)."""

    st: GameState
    ed: Edition


class NamesOf:
    """The :class:`Names` of a state and its edition (for the rule areas, which hold no game)."""

    __slots__ = ("st", "ed")

    def __init__(self, st: GameState, ed: Edition) -> None:
        self.st = st
        self.ed = ed


class Source:
    """The game an event was logged in, as events hold it: copying an event (a deep copy of a
    state) keeps the same game rather than copying it."""

    __slots__ = ("game",)

    def __init__(self, game: Names) -> None:
        self.game = game

    def __copy__(self) -> Source:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Source:
        return self


# -- words shared by the events and the engine's prompts ------------------------------------------
def commas(n: int) -> str:
    """Whole dollars with thousands separators: 1500 -> "1,500"."""
    return str(n) if -1000 < n < 1000 else f"{n:,}"  # (the same; the separator is slow to make)


def name(g: Names, player: int | None) -> str:
    """A player's name; None is "the bank"."""
    return "the bank" if player is None else g.st.players[player].name


def sname(g: Names, space: int) -> str:
    """A space's name."""
    return g.ed.spaces[space].name


_LEVEL_NAMES = MappingProxyType({0: "no buildings", 1: "1 house", 5: "a hotel", 6: "a skyscraper"})


def plural(n: int, word: str, words: str | None = None) -> str:
    """``n`` and the word in the number it takes: ``plural(1, "house")`` "1 house", ``plural(2, "house")``
    "2 houses" (``words``: an irregular plural)."""
    return f"{n} {word if n == 1 else words or word + 's'}"


def level_name(level: int) -> str:
    """A street's buildings in words: 0 "no buildings", 1 "1 house", 2-4 "N houses", 5 "a hotel",
    6 "a skyscraper" (RULES.md B)."""
    return _LEVEL_NAMES.get(level) or f"{level} houses"


def piece_for_level(level: int) -> str:
    """The piece that stands on a street of ``level``: "hotel" (5), "skyscraper" (6), else "house"."""
    return {5: "hotel", 6: "skyscraper"}.get(level, "house")


def side_words(g: Names, side: TradeSide) -> str:
    """What one side of a trade hands over, in words ("$100, Boardwalk, 1 Bus Ticket")."""
    parts = []
    if side.cash:
        parts.append(f"${commas(side.cash)}")
    parts += [sname(g, i) for i in side.deeds]
    if side.jail_cards:
        parts.append(f"{side.jail_cards} Get Out of Jail Free card{'s' * (side.jail_cards > 1)}")
    if side.bus_tickets:
        parts.append(f"{side.bus_tickets} Bus Ticket{'s' * (side.bus_tickets > 1)}")
    return ", ".join(parts) or "nothing"


def trade_words(g: Names, offer: TradeOffer) -> str:
    """A trade in words: "Ann gives $100; Bob gives Boardwalk"."""
    return (f"{name(g, offer.proposer)} gives {side_words(g, offer.give)}; "
            f"{name(g, offer.partner)} gives {side_words(g, offer.take)}")


def termination_words(termination: Termination, round: int) -> str:
    """How a game ended, in words (no full stop): "Round 12 is over: the turn limit is reached",
    "Everyone agreed to end the game" or "One player is left" (``round``: the last round played)."""
    if termination == "turn_limit":
        return f"Round {round} is over: the turn limit is reached"
    if termination == "agreed_end":
        return "Everyone agreed to end the game"
    if termination == "time_limit":
        return f"Round {round} is over: the time is up"
    return "One player is left"


def winners_words(st: GameState, winners: list[int]) -> str:
    """"Ann wins the game!" or "Ann and Bob share the win!"."""
    verb = "share the win" if len(winners) > 1 else "wins the game"
    return f"{' and '.join(st.players[w].name for w in winners)} {verb}!"


# == the events ======================================================================================
# Each class: its kind, its fields, and its words. Fields come in the order the engine passes them.

# -- the start and turns ----------------------------------------------------------------------------
@hot_record
class Seats(Event):
    """The seating, once the game is set up (G6): every player, in seat order."""

    kind: ClassVar[EventKind] = "info"

    def say(self, g: Names) -> str:
        return "Seats: " + ", ".join(p.name for p in g.st.players)


@hot_record
class TurnOrderRoll(Event):
    """A roll of the two white dice for the seating (G6); their total decides."""

    kind: ClassVar[EventKind] = "dice"
    player: int
    throw: Throw

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} rolls {self.throw.text()} = {self.throw.white_total} for turn order"


@hot_record
class TurnStarted(Event):
    """Turn ``number`` (counted from 1 over the whole game) of ``player`` begins (T1)."""

    kind: ClassVar[EventKind] = "turn"
    player: int
    number: int

    def say(self, g: Names) -> str:
        return f"Turn {self.number}: {name(g, self.player)}"


# -- dice ---------------------------------------------------------------------------------------------
@hot_record
class Rolled(Event):
    """``player`` throws the dice for a move (T2; in Mega with the Speed Die, G5)."""

    kind: ClassVar[EventKind] = "dice"
    player: int
    throw: Throw

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} rolls {self.throw.text()}"


@hot_record
class Triples(Event):
    """[Mega] ``player`` threw triples: they move to any space they choose (T3.2)."""

    kind: ClassVar[EventKind] = "dice"
    player: int

    def say(self, g: Names) -> str:
        return "Triples! Move to any space"


@hot_record
class JailRoll(Event):
    """``player``, in jail, throws for doubles (J2)."""

    kind: ClassVar[EventKind] = "dice"
    player: int
    throw: Throw

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} tries for doubles in jail: {self.throw.text()}"


@hot_record
class UtilityRoll(Event):
    """A fresh throw by ``roller`` for a utility's rent (R5, K5); ``total`` is what counts."""

    kind: ClassVar[EventKind] = "dice"
    roller: int
    throw: Throw
    total: int

    def say(self, g: Names) -> str:
        return f"{name(g, self.roller)} rolls {self.throw.text()} for the utility rent (total {self.total})"


# -- moves --------------------------------------------------------------------------------------------
@hot_record
class Moved(Event):
    """``player``'s token moves forward to ``space`` (T4)."""

    kind: ClassVar[EventKind] = "move"
    player: int
    space: int

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} moves to {sname(g, self.space)}"


@hot_record
class MovedBack(Event):
    """``player``'s token goes back to ``space`` (a card, K3; no salary)."""

    kind: ClassVar[EventKind] = "move"
    player: int
    space: int

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} goes back to {sname(g, self.space)}"


@hot_record
class MrMonopolySends(Event):
    """[Mega] Mr. Monopoly sends ``player`` ahead to space ``to`` (T3.3; a :class:`Moved` follows)."""

    kind: ClassVar[EventKind] = "move"
    player: int
    to: int

    def say(self, g: Names) -> str:
        return f"Mr. Monopoly sends {name(g, self.player)} ahead to {sname(g, self.to)}"


@hot_record
class MrMonopolyStays(Event):
    """[Mega] Mr. Monopoly finds nowhere to send ``player`` (T3.3)."""

    kind: ClassVar[EventKind] = "move"
    player: int

    def say(self, g: Names) -> str:
        return f"Mr. Monopoly: nowhere to go, {name(g, self.player)} stays"


@hot_record
class HighestRent(Event):
    """[Mega] The Auction space with every deed owned sends ``player`` to the highest rent, space
    ``to`` (S7; a :class:`Moved` follows)."""

    kind: ClassVar[EventKind] = "move"
    player: int
    to: int

    def say(self, g: Names) -> str:
        return (f"Auction space: every deed is owned; {name(g, self.player)} goes to the highest"
                f" rent, {sname(g, self.to)}")


# -- money ---------------------------------------------------------------------------------------------
@hot_record
class Cash(Event):
    """``amount`` dollars go from ``payer`` to ``payee`` (None = the bank), ``why`` in words (the
    reason the rules give, as a debt keeps it in a save). Every change of cash is one (I7).

    ``deed``: the deed the payment changes, paid for with it: bought, built on, its buildings or
    depot sold, mortgaged or unmortgaged (such a payment is logged even when it is $0, as on a board
    with free depots); None for any other payment."""

    kind: ClassVar[EventKind] = "cash"
    changes_deeds: ClassVar[bool] = True
    payer: int | None
    payee: int | None
    amount: int
    why: str
    deed: int | None = None

    @property
    def player(self) -> int | None:
        """The player who pays, else the one who receives."""
        return self.payee if self.payer is None else self.payer

    @property
    def rent(self) -> bool:
        """Rent for a deed (R), paid when landing or claimed (T6)."""
        return self.why.startswith(RENT_WHY)

    def deeds_changed(self) -> tuple[int, ...]:
        return () if self.deed is None else (self.deed,)

    def say(self, g: Names) -> str:
        if self.payer is not None:
            return f"{name(g, self.payer)} pays ${commas(self.amount)} to {name(g, self.payee)}: {self.why}"
        if self.payee is not None:
            return f"{name(g, self.payee)} receives ${commas(self.amount)} from the bank: {self.why}"
        return f"the bank receives ${commas(self.amount)} from the bank: {self.why}"


RENT_WHY = "rent for "
"""How the reason of every rent payment begins ("rent for Boardwalk"): the engine's words for it,
kept in a save by a debt (:func:`rent_why`)."""


def rent_why(g: Names, space: int) -> str:
    """The reason of a rent payment for ``space``, in words (see :attr:`Cash.rent`)."""
    return RENT_WHY + sname(g, space)


@hot_record
class PotGrows(Event):
    """Option ``free_parking_pot``: ``added`` dollars of a tax or fine go into the pot, now ``pot`` (O)."""

    kind: ClassVar[EventKind] = "info"
    added: int
    pot: int

    def say(self, g: Names) -> str:
        return f"${commas(self.added)} goes into the Free Parking pot (now ${commas(self.pot)})"


@hot_record
class InDebt(Event):
    """``player`` owes ``amount`` (``why``) but has only ``cash``: a debt decision follows (D1)."""

    kind: ClassVar[EventKind] = "debt"
    player: int
    amount: int
    why: str
    cash: int

    def say(self, g: Names) -> str:
        return (f"{name(g, self.player)} owes ${commas(self.amount)} ({self.why}) but has only "
                f"${commas(self.cash)}: raise money or declare bankruptcy")


@hot_record
class Bankrupt(Event):
    """``player`` goes bankrupt (D3-D6). ``deeds``: the deeds they held (None: none), which lose
    their buildings and pass to the creditor (D3, :class:`DeedsTaken` follows) or back to the bank
    unmortgaged (D4)."""

    kind: ClassVar[EventKind] = "bankrupt"
    changes_deeds: ClassVar[bool] = True
    player: int
    deeds: list[int] | None = None

    def deeds_changed(self) -> list[int]:
        return self.deeds or []

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} is bankrupt!"


@hot_record
class DeedsTaken(Event):
    """A bankrupt player's creditor ``player`` takes their ``deeds`` (D4)."""

    kind: ClassVar[EventKind] = "deeds"
    changes_deeds: ClassVar[bool] = True
    player: int
    deeds: list[int]

    def deeds_changed(self) -> list[int]:
        return self.deeds

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} takes {', '.join(sname(g, i) for i in self.deeds)}"


# -- rent -----------------------------------------------------------------------------------------------
@hot_record
class RentClaimable(Event):
    """Option ``rent_must_be_claimed``: owner ``player`` may claim ``rent`` for ``space`` from
    ``tenant`` before the next player rolls (T6)."""

    kind: ClassVar[EventKind] = "rent"
    player: int
    space: int
    rent: int
    tenant: int

    def say(self, g: Names) -> str:
        return (f"{name(g, self.player)} may claim ${commas(self.rent)} rent for {sname(g, self.space)} from "
                f"{name(g, self.tenant)} before the next player rolls")


@hot_record
class ClaimLapsed(Event):
    """Option ``rent_must_be_claimed``: owner ``player`` did not claim ``rent`` in time (T6)."""

    kind: ClassVar[EventKind] = "info"
    player: int
    rent: int

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} did not claim ${commas(self.rent)} rent in time"


@hot_record
class NoRentMortgaged(Event):
    """``player`` lands on ``space``, mortgaged: no rent (M1)."""

    kind: ClassVar[EventKind] = "info"
    player: int
    space: int

    def say(self, g: Names) -> str:
        return f"{sname(g, self.space)} is mortgaged: no rent"


@hot_record
class NoRentInJail(Event):
    """Option ``no_rent_in_jail``: ``player`` lands on ``space`` of ``owner``, in jail: no rent (O)."""

    kind: ClassVar[EventKind] = "info"
    player: int
    space: int
    owner: int

    def say(self, g: Names) -> str:
        return f"{name(g, self.owner)} is in jail: no rent"


# -- jail --------------------------------------------------------------------------------------------------
@hot_record
class ToJail(Event):
    """``player`` goes to jail (``space``, the Jail), ``why`` in words (J1)."""

    kind: ClassVar[EventKind] = "jail"
    player: int
    space: int
    why: str

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} goes to jail ({self.why})"


@hot_record
class LeavesJail(Event):
    """``player`` leaves jail, having paid the fine (J2)."""

    kind: ClassVar[EventKind] = "jail"
    player: int

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} leaves jail"


@hot_record
class JailCardUsed(Event):
    """``player`` uses a Get Out of Jail Free card (J2, K6)."""

    kind: ClassVar[EventKind] = "jail"
    player: int

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} uses a Get Out of Jail Free card"


@hot_record
class JailDoubles(Event):
    """``player`` threw doubles in jail and leaves (J2)."""

    kind: ClassVar[EventKind] = "jail"
    player: int

    def say(self, g: Names) -> str:
        return f"Doubles! {name(g, self.player)} leaves jail"


# -- cards and Bus Tickets -------------------------------------------------------------------------------
@hot_record
class CardDrawn(Event):
    """``player`` draws ``card`` (its id) from ``deck`` (K1)."""

    kind: ClassVar[EventKind] = "card"
    player: int
    deck: Deck
    card: str

    def say(self, g: Names) -> str:
        label = "Chance" if self.deck == "chance" else "Community Chest"
        return f"{name(g, self.player)} draws {label}: {g.ed.card(self.card).text}"


@hot_record
class NoRepairs(Event):
    """A repairs card finds ``player`` with no houses or hotels (K)."""

    kind: ClassVar[EventKind] = "info"
    player: int

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} has no houses or hotels to repair"


@hot_record
class BusTicketTaken(Event):
    """[Mega] ``player`` takes a Bus Ticket (K7)."""

    kind: ClassVar[EventKind] = "bus"
    player: int

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} takes a Bus Ticket"


@hot_record
class BusTicketsExpire(Event):
    """[Mega] ``player`` draws the expire ticket: the ``gone`` tickets others held leave the game (K7)."""

    kind: ClassVar[EventKind] = "bus"
    player: int
    gone: int

    def say(self, g: Names) -> str:
        return (f"{name(g, self.player)} draws a Bus Ticket: ALL OTHER TICKETS EXPIRE"
                f" ({self.gone} ticket{'s leave' if self.gone != 1 else ' leaves'} the game)")


@hot_record
class BusTicketPlayed(Event):
    """[Mega] ``player`` plays a Bus Ticket to space ``to`` (K8; a :class:`Moved` follows)."""

    kind: ClassVar[EventKind] = "bus"
    player: int
    to: int

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} plays a Bus Ticket to {sname(g, self.to)}"


@hot_record
class BusRidesOn(Event):
    """[Mega] The Bus face with no tickets left: ``player`` rides to the next card space (T3.4)."""

    kind: ClassVar[EventKind] = "bus"
    player: int

    def say(self, g: Names) -> str:
        return "No Bus Tickets left: the bus goes to the next card space"


@hot_record
class BusMoveChosen(Event):
    """[Mega] The Bus face under the option ``bus_rule`` = ``"speed_die_game"``: ``player`` moves by the
    ``dice`` chosen (``"first"``, ``"second"`` or ``"both"``), ``steps`` spaces (T3.4; a :class:`Moved`
    follows)."""

    kind: ClassVar[EventKind] = "bus"
    player: int
    dice: Literal["first", "second", "both"]
    steps: int

    def say(self, g: Names) -> str:
        which = {"first": "the first die", "second": "the second die"}.get(self.dice, "both dice")
        return f"{name(g, self.player)} takes the Bus: moves by {which} ({self.steps})"


@hot_record
class NoBusTicket(Event):
    """[Mega] ``player`` lands on a Bus Ticket space with none left (S)."""

    kind: ClassVar[EventKind] = "info"
    player: int

    def say(self, g: Names) -> str:
        return "No Bus Tickets are left"


@hot_record
class NothingToAuction(Event):
    """[Mega] The Auction space: every deed owned and none would charge ``player`` rent (S7)."""

    kind: ClassVar[EventKind] = "info"
    player: int

    def say(self, g: Names) -> str:
        return "Every deed is owned and none would charge rent: nothing happens"


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


EVENT_TYPES: Mapping[str, type[Event]] = MappingProxyType({
    cls.__name__: cls for cls in list(globals().values())
    if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event and cls.__module__ == __name__})
"""Every event class by name (the ``"event"`` of its dict form)."""
