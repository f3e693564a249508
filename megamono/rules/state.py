"""The game state: plain Python objects, changed in place by the engine.

Everything a save needs is here, including the random generator's state and the
agenda of steps still to resolve, so a loaded game continues exactly (RULES.md I8).
Money is whole dollars. Player numbers are seat indices into ``GameState.players``.

The classes are standard-library dataclasses (``slots=True``): the engine creates and
changes them as ordinary objects, with no validation per change (DESIGN.md "Fast where it
counts"). pydantic works at the edges only: :class:`Record` gives every class the familiar
``model_validate`` (a save being loaded), ``model_dump`` / ``model_dump_json`` (a save being
written) and ``model_copy``, through a ``TypeAdapter`` of the class, so a save file is the
same JSON as when these classes were pydantic models.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Self, TypeVar, dataclass_transform

from pydantic import ConfigDict, GetCoreSchemaHandler, TypeAdapter
from pydantic_core import core_schema

from .dice import SpeedFace

if TYPE_CHECKING:
    from .events import Source


class Record:
    """Base of the state's classes: pydantic validation and dumping, at the edges only.

    - ``Cls.model_validate(data)``: an object from plain data (a dict from JSON), validated;
      raises pydantic ``ValidationError`` naming the bad field.
    - ``obj.model_dump(mode="python"|"json", include=, exclude=, exclude_none=)``: plain data.
    - ``obj.model_dump_json(...)``: JSON text (the same keywords).
    - ``obj.model_copy(deep=False)``: a shallow or deep copy.
    """

    __slots__ = ()

    @classmethod
    def adapter(cls) -> TypeAdapter[Record]:
        """The pydantic ``TypeAdapter`` of this class (built on first use)."""
        a = _ADAPTERS.get(cls)
        if a is None:
            a = _ADAPTERS[cls] = TypeAdapter(cls)
        return a

    @classmethod
    def model_validate(cls, data: Any) -> Self:
        obj = cls.adapter().validate_python(data)
        if not isinstance(obj, cls):  # (never: the adapter is cls's own; this tells the type)
            raise TypeError(f"{cls.__name__}'s adapter made a {type(obj).__name__}")
        return obj

    def model_dump(self, *, mode: Literal["json", "python"] = "python", **kwargs: Any) -> dict[str, Any]:
        out: dict[str, Any] = self.adapter().dump_python(self, mode=mode, **kwargs)
        return out

    def model_dump_json(self, **kwargs: Any) -> str:
        return self.adapter().dump_json(self, **kwargs).decode("utf-8")

    def model_copy(self, *, deep: bool = False) -> Self:
        return copy.deepcopy(self) if deep else copy.copy(self)


_ADAPTERS: dict[type[Record], TypeAdapter[Record]] = {}
_C = TypeVar("_C")


@dataclass_transform(kw_only_default=True)
def record(cls: type[_C]) -> type[_C]:
    """The decorator of every state class: a slotted, keyword-only dataclass."""
    return dataclass(slots=True, kw_only=True)(cls)


@dataclass_transform()
def hot_record(cls: type[_C]) -> type[_C]:
    """The decorator of the classes the engine makes on every move (throws, agenda steps, decisions,
    log events): as :func:`record`, but the fields may also be passed in order, which is quicker."""
    return dataclass(slots=True)(cls)

PLAYER_COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan", "white", "orange")


@record
class Options(Record):
    """House-rule options (RULES.md O). Only the defaults are played for now."""

    auctions: bool = True
    shortage_auctions: bool = True
    rent_must_be_claimed: bool = False
    speed_die_counts_for_utilities: bool = True
    free_parking_pot: bool = False
    double_salary_on_go: bool = False
    no_rent_in_jail: bool = False
    starting_cash: int | None = None
    turn_limit: int | None = None
    auction_bidding: Literal["seat_order"] = "seat_order"
    """How an auction's bidders take their turns (RULES.md A3): ``"seat_order"``, one bidder at a time
    around the table (the only way today; the open auction, where anyone may bid, comes later)."""


@record
class Player(Record):
    """One seat. ``gojf`` holds Get Out of Jail Free card ids; ``bus_tickets`` ticket ids."""

    name: str
    colour: str
    kind: Literal["human", "computer"] = "human"
    cash: int
    position: int = 0
    in_jail: bool = False
    jail_turns: int = 0
    gojf: list[str] = field(default_factory=list)
    bus_tickets: list[str] = field(default_factory=list)
    bankrupt: bool = False


@record
class DeedState(Record):
    """Ownership and buildings of one title deed.

    ``level``: 0-4 houses, 5 = hotel, 6 = skyscraper (streets only). ``depot``: [Mega] a
    train depot on a railroad (B6).
    """

    owner: int | None = None
    mortgaged: bool = False
    level: int = 0
    depot: bool = False


@record
class Bank(Record):
    """Pieces still in the bank (B4). The bank's money is unlimited (G4)."""

    houses: int
    hotels: int
    skyscrapers: int = 0
    depots: int = 0


@record
class Decks(Record):
    """Card decks, top first. ``bus_out``: Bus Tickets that left the game (K7)."""

    chance: list[str]
    community_chest: list[str]
    bus: list[str] = field(default_factory=list)
    bus_out: list[str] = field(default_factory=list)


@dataclass(slots=True, frozen=True)
class Throw(Record):
    """One throw of the dice: two white dice and, in Mega, the Speed Die face. Frozen: the engine
    shares one object per possible throw, between games too."""

    white: tuple[int, int]
    speed: SpeedFace | None = None

    @property
    def doubles(self) -> bool:
        return self.white[0] == self.white[1]

    @property
    def triples(self) -> bool:
        return self.doubles and self.speed == self.white[0]

    @property
    def white_total(self) -> int:
        return self.white[0] + self.white[1]

    @property
    def speed_number(self) -> int:
        return self.speed if isinstance(self.speed, int) else 0

    @property
    def total(self) -> int:
        """All dice; a Speed Die symbol counts 0."""
        return self.white_total + self.speed_number

    def text(self) -> str:
        s = f"{self.white[0]}+{self.white[1]}"
        if self.speed is not None:
            s += _SYMBOL_TEXT.get(self.speed) or f" + {self.speed}"
        return s


_SYMBOL_TEXT: Mapping[SpeedFace, str] = MappingProxyType({"mr": " + Mr. Monopoly", "bus": " + Bus"})


@record
class Turn(Record):
    """The current turn: whose it is, doubles so far, and whether it has ended early."""

    player: int = 0
    number: int = 0
    doubles: int = 0
    ended: bool = False
    round: int = 0
    last_throw: Throw | None = None
    mr_monopoly_lock: bool = False


@hot_record
class Step(Record):
    """One item of the engine's agenda: a piece of resolution still to do (data, so it saves)."""

    kind: str
    player: int | None = None
    data: dict[str, Any] = field(default_factory=dict)


@record
class Creditor(Record):
    """Who is owed how much in a debt; ``player`` None is the bank."""

    player: int | None
    amount: int


@record
class TradeSide(Record):
    """What one side of a trade hands over (X1): cash, deeds (space indices), and how many
    Get Out of Jail Free cards and [Mega] Bus Tickets."""

    # a side in a ProposeTrade object is checked again, as its dict form would be (check_action)
    __pydantic_config__ = ConfigDict(revalidate_instances="always")
    cash: int = 0
    deeds: list[int] = field(default_factory=list)
    jail_cards: int = 0
    bus_tickets: int = 0

    def is_empty(self) -> bool:
        return not (self.cash or self.deeds or self.jail_cards or self.bus_tickets)


@record
class TradeOffer(Record):
    """A proposed trade: ``proposer`` gives ``give`` and receives ``take`` from ``partner``."""

    proposer: int
    partner: int
    give: TradeSide = field(default_factory=TradeSide)
    take: TradeSide = field(default_factory=TradeSide)


PendingKind = Literal[
    "turn", "jail", "jail_pay", "buy", "bid", "triples", "bus", "birthday", "income_tax",
    "auction_pick", "levelling", "mortgaged_deed", "debt", "trade_reply", "end_vote",
    "shortage_ask", "place_piece", "game_over",
]


@hot_record
class Pending(Record):
    """The single decision the game is waiting for (RULES.md T7).

    ``kind`` says what must be chosen and :attr:`players` by whom (today the one seat ``player``);
    the other fields carry what that choice needs: ``space`` (the deed or space concerned),
    ``amount`` (a price, a debt total), ``amounts`` (named sums shown to the player, e.g. income
    tax "flat"/"percent"), ``choices`` (legal spaces to pick from), the auction's
    ``high_bid``/``high_bidder``/``bidders``, a debt's ``creditors``, and ``prompt``, a sentence
    for the screen.
    """

    kind: PendingKind
    player: int
    prompt: str = ""
    space: int | None = None
    amount: int | None = None
    amounts: dict[str, int] = field(default_factory=dict)
    choices: list[int] = field(default_factory=list)
    high_bid: int = 0
    high_bidder: int | None = None
    bidders: list[int] = field(default_factory=list)
    creditors: list[Creditor] = field(default_factory=list)
    forced: bool = False
    roll_again: bool = False
    trade: TradeOffer | None = None
    piece: str | None = None

    def __init__(self, kind: PendingKind, player: int, prompt: str = "", space: int | None = None,
                 amount: int | None = None, amounts: dict[str, int] | None = None,
                 choices: list[int] | None = None, high_bid: int = 0, high_bidder: int | None = None,
                 bidders: list[int] | None = None, creditors: list[Creditor] | None = None,
                 forced: bool = False, roll_again: bool = False, trade: TradeOffer | None = None,
                 piece: str | None = None) -> None:
        # written out: the dataclass's own __init__ makes each empty dict and list through its
        # default factory, which costs a quarter of a decision (the engine makes one per turn)
        self.kind = kind
        self.player = player
        self.prompt = prompt
        self.space = space
        self.amount = amount
        self.amounts = {} if amounts is None else amounts
        self.choices = [] if choices is None else choices
        self.high_bid = high_bid
        self.high_bidder = high_bidder
        self.bidders = [] if bidders is None else bidders
        self.creditors = [] if creditors is None else creditors
        self.forced = forced
        self.roll_again = roll_again
        self.trade = trade
        self.piece = piece

    @property
    def players(self) -> tuple[int, ...]:
        """The seats who may act on this decision now: one seat (``player``) for every kind today;
        several for the open auction of RULES.md A3 when it comes. Who acts is asked here, never of
        ``player`` (which says, for now, where that one seat is kept)."""
        return (self.player,)


@record
class RentClaim(Record):
    """Option ``rent_must_be_claimed`` (T6): rent ``owner`` may still claim from ``payer``."""

    owner: int
    payer: int
    amount: int
    space: int


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

    The event classes, their fields and their words are in :mod:`megamono.rules.events`; this base
    is here for ``GameState.log``. An event's dict form is ``{"event": class name, **fields}``.
    """

    __slots__ = ("_source",)
    kind: ClassVar[EventKind]
    changes_deeds: ClassVar[bool] = False
    """Whether events of this class may change deeds (an owner, a mortgage, buildings, a depot):
    :meth:`deeds_changed` then names them. False for every class whose events never do."""
    _source: Source
    """The game the event was logged in (set by the engine as it logs it)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # (dataclass(slots=True) makes the class again: the second one, whose fields are known)
        if "__dataclass_fields__" in cls.__dict__:
            for name in _COMMON:
                if not hasattr(cls, name):  # a common field the class has not: None
                    setattr(cls, name, None)  # (a class attribute: an instance's reads stay quick)

    if TYPE_CHECKING:  # (for the type checker only: any event answers the common fields)
        def __getattr__(self, name: str) -> Any: ...

    def say(self, g: Any) -> str:
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
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        if cls is not Event:  # one event class: its own dataclass fields
            return handler(source)
        # any event (the log's items): {"event": class name, **fields}
        return core_schema.no_info_plain_validator_function(
            _event_from_data,
            serialization=core_schema.plain_serializer_function_ser_schema(_event_to_data, info_arg=True))


def _event_from_data(data: Any) -> Event:
    from .events import EVENT_TYPES  # (made after the classes, which import this module)

    if isinstance(data, Event):
        return data
    if not isinstance(data, dict) or data.get("event") not in EVENT_TYPES:
        raise ValueError(f"not a log event: {data!r:.80}")
    fields = {k: v for k, v in data.items() if k != "event"}
    ev: Event = EVENT_TYPES[data["event"]].model_validate(fields)
    return ev


def _event_to_data(ev: Event, info: core_schema.SerializationInfo) -> dict[str, Any]:
    return {"event": type(ev).__name__, **ev.model_dump(mode="json" if info.mode_is_json() else "python")}


@record
class GameState(Record):
    """The whole game. ``deeds`` maps a property's space index to its :class:`DeedState`."""

    edition: str
    options: Options = field(default_factory=Options)
    players: list[Player]
    deeds: dict[int, DeedState]
    bank: Bank
    decks: Decks
    rng: int
    script: list[list] = field(default_factory=list)
    turn: Turn = field(default_factory=Turn)
    agenda: list[Step] = field(default_factory=list)
    pending: Pending | None = None
    suspended: list[Pending] = field(default_factory=list)
    log: list[Event] = field(default_factory=list)
    pot: int = 0
    claims: list[RentClaim] = field(default_factory=list)
    winner: int | None = None
    winners: list[int] = field(default_factory=list)

    def active_players(self) -> list[int]:
        """Seats not bankrupt, in seat order."""
        return [i for i, p in enumerate(self.players) if not p.bankrupt]
