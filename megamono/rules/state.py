"""The game state: plain Python objects, changed in place by the engine.

Everything a save needs is here, including the random generator's state and the agenda of steps
still to resolve, so a loaded game continues exactly. Money is whole dollars. Player numbers are
seat indices into ``GameState.players``.

The classes are :class:`~megamono.rules.records.Record` dataclasses, validated only at the edges
(a save being loaded). The pending decision's classes are in :mod:`megamono.rules.decisions`, the
agenda's steps in :mod:`megamono.rules.agenda`.
"""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING, ClassVar, Literal

from pydantic import GetCoreSchemaHandler
from pydantic_core import core_schema

from .agenda import AgendaStep
from .decisions import Pending
from .dice import SpeedFace
from .records import Data, Record, hot_record, record

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

    def __init__(self, *, owner: int | None = None, mortgaged: bool = False, level: int = 0,
                 depot: bool = False) -> None:
        # written out: a new deed is not a change of a deed, so it skips the journal below
        _set(self, "owner", owner)
        _set(self, "mortgaged", mortgaged)
        _set(self, "level", level)
        _set(self, "depot", depot)

    def __setattr__(self, name: str, value: object) -> None:
        global _deeds_revision
        _deeds_revision += 1
        _changed.append(self)
        if len(_changed) > _JOURNAL:
            del _changed[:_JOURNAL // 2]
        _set(self, name, value)


_set = object.__setattr__


# Every change of a deed, in any game, is counted and the deed noted, so that readers who derive
# something from the deeds (the bots' rent maps) can keep it until a deed changes, and then redo
# only what the changed deeds touch. The engine itself never reads these.
_deeds_revision = 0
_changed: list[DeedState] = []  # the deeds of the last changes, oldest first
_JOURNAL = 4096


def deeds_revision() -> int:
    """A number that grows by one at every change of any :class:`DeedState` (owner, mortgage,
    level, depot), in any game. Something derived from a ``deeds`` dict stays true while this
    number and the dict itself stay the same (the engine changes deeds in place; it never puts
    a new DeedState into the dict)."""
    return _deeds_revision


def deeds_changed_since(revision: int) -> list[DeedState] | None:
    """The deeds changed since :func:`deeds_revision` was ``revision`` (oldest first, a deed as
    often as it changed), or None when that is too long ago to tell."""
    n = _deeds_revision - revision
    if n > len(_changed) or n < 0:
        return None
    return _changed[len(_changed) - n:] if n else []


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


@hot_record
class Throw(Record):
    """One throw of the dice: two white dice and, in Mega, the Speed Die face. Never changed
    once made (the engine shares one object per possible throw)."""

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


_SYMBOL_TEXT: dict[SpeedFace, str] = {"mr": " + Mr. Monopoly", "bus": " + Bus"}


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
EVENT_TYPES: dict[str, type[Event]] = {}
"""Every event class by name (the ``"event"`` of its dict form)."""


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
    _source: Source
    """The game the event was logged in (set by the engine as it logs it)."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        EVENT_TYPES[cls.__name__] = cls  # (dataclass(slots=True) makes the class again: that one stays)

    def __getattr__(self, name: str) -> int | None:
        # (only reached when the class has no such field)
        if name in _COMMON:
            return None
        raise AttributeError(f"{type(self).__name__!r} event has no attribute {name!r}")

    def say(self, g: Names) -> str:
        """The event's words, with the names of game ``g`` (each class of
        :mod:`megamono.rules.events` says its own)."""
        raise NotImplementedError

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
