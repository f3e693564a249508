"""The game state: plain Python objects, changed in place by the engine.

Everything a save needs is here, including the random generator's state and the agenda of steps
still to resolve, so a loaded game continues exactly. Money is whole dollars. Player numbers are
seat indices into ``GameState.players``.

The classes are :class:`~megamono.rules.records.Record` dataclasses, validated only at the edges
(a save being loaded). The pending decision's classes are in :mod:`megamono.rules.decisions`, the
agenda's steps in :mod:`megamono.rules.agenda`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar, Literal

from pydantic import GetCoreSchemaHandler
from pydantic_core import core_schema

from .agenda import AgendaStep
from .decisions import Pending
from .dice import SpeedFace
from .records import Data, Record, record

if TYPE_CHECKING:
    from .events import Names, Source


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
    from .events import EVENT_TYPES  # (made after the classes, which import this module)

    if isinstance(data, Event):
        return data
    if not isinstance(data, dict) or data.get("event") not in EVENT_TYPES:
        raise ValueError(f"not a log event: {data!r:.80}")
    fields = {k: v for k, v in data.items() if k != "event"}
    ev: Event = EVENT_TYPES[data["event"]].model_validate(fields)
    return ev


def _event_to_data(ev: Event, info: core_schema.SerializationInfo) -> Data:
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
    script: list[list[SpeedFace]] = field(default_factory=list)
    """Scripted throws still to use, each ``[w1, w2]`` or ``[w1, w2, speed]`` (tests and examples)."""
    turn: Turn = field(default_factory=Turn)
    agenda: list[AgendaStep] = field(default_factory=list)
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
