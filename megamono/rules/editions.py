"""Validate an edition (board, rents, decks, box contents) from its JSON data, and find one by name.

An edition file is the data of one Monopoly board: ``assets/editions/mega.json`` and
``classic.json``. Everything the engine knows about a board comes from here;
rules that differ between editions are switched by the flags in :class:`EditionRules`,
never by comparing edition names (RULES.md G1, DESIGN.md boundary 4).

The rules core reads no file but its own shipped editions (package data, :func:`assets_dir`). A board
file a person wrote (``megamono --edition FILE``, or a save that names one) is read, safely, by
:func:`megamono.boards.read_board`, which hands its data to :func:`add_board`: from then on the rules
core knows it by its path (``Game.new(path)``, a save's ``edition``). The dependency points one way:
``megamono.boards`` uses the rules core, never the other way round (an import-linter contract).

Errors: :func:`load_edition` and :func:`add_board` raise :class:`EditionError` naming the bad field.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

SpaceKind = Literal[
    "go", "street", "railroad", "utility", "chance", "community_chest", "tax", "jail",
    "auction", "free_parking", "bus_ticket", "go_to_jail", "birthday_gift",
]
PROPERTY_KINDS = ("street", "railroad", "utility")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Space(_Strict):
    """One space of the board.

    ``rents`` (streets only) is the rent ladder by level: index 0 = unbuilt base rent,
    1-4 = houses, 5 = hotel, 6 = skyscraper (when the edition has them). Money in dollars.
    """

    index: int = Field(ge=0)
    name: str = Field(min_length=1)
    short: str = Field(min_length=1, max_length=12, description="abbreviated name for the board")
    kind: SpaceKind
    group: str | None = None
    price: int | None = Field(default=None, ge=1)
    mortgage: int | None = Field(default=None, ge=1)
    rents: list[int] | None = None
    house_cost: int | None = Field(default=None, ge=1)
    tax: int | None = Field(default=None, ge=0, description="flat tax in dollars (tax spaces)")
    tax_percent: int | None = Field(default=None, ge=0, le=100,
                                    description="[Mega] percentage alternative (Income Tax)")

    @model_validator(mode="after")
    def _check_kind_fields(self) -> Space:
        if self.kind in PROPERTY_KINDS:
            if self.price is None or self.mortgage is None:
                raise ValueError(f"{self.kind} '{self.name}' needs price and mortgage")
        if self.kind == "street":
            if self.group is None or self.rents is None or self.house_cost is None:
                raise ValueError(f"street '{self.name}' needs group, rents and house_cost")
        if self.kind == "tax" and self.tax is None:
            raise ValueError(f"tax space '{self.name}' needs tax")
        return self

    @property
    def is_property(self) -> bool:
        return self.kind in PROPERTY_KINDS


CardEffect = Literal[
    "advance_to", "advance_to_nearest", "back", "go_to_jail", "collect", "pay",
    "pay_each_player", "collect_from_each_player", "repairs", "get_out_of_jail_free",
]


class Card(_Strict):
    """A Chance or Community Chest card (RULES.md K).

    ``effect`` with its arguments: ``advance_to`` -> ``destination``; ``advance_to_nearest``
    -> ``nearest`` ("railroad" | "utility"); ``back`` -> ``spaces``; ``collect``/``pay``/
    ``pay_each_player``/``collect_from_each_player`` -> ``amount``; ``repairs`` ->
    ``per_house`` and ``per_hotel`` (skyscrapers and depots free, K6).
    """

    id: str
    title: str
    text: str
    effect: CardEffect
    destination: int | None = None
    nearest: Literal["railroad", "utility"] | None = None
    spaces: int | None = None
    amount: int | None = Field(default=None, ge=0)
    per_house: int | None = Field(default=None, ge=0)
    per_hotel: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _check_args(self) -> Card:
        need = {
            "advance_to": ("destination",), "advance_to_nearest": ("nearest",), "back": ("spaces",),
            "collect": ("amount",), "pay": ("amount",), "pay_each_player": ("amount",),
            "collect_from_each_player": ("amount",), "repairs": ("per_house", "per_hotel"),
        }.get(self.effect, ())
        missing = [f for f in need if getattr(self, f) is None]
        if missing:
            raise ValueError(f"card {self.id} ({self.effect}) needs {', '.join(missing)}")
        return self


class Supply(_Strict):
    """Pieces in the box (RULES.md B4). Zero means the edition has none of that piece."""

    houses: int = Field(ge=0)
    hotels: int = Field(ge=0)
    skyscrapers: int = Field(default=0, ge=0)
    depots: int = Field(default=0, ge=0)


class BusTickets(_Strict):
    """[Mega] The Bus Ticket deck (RULES.md K7)."""

    ordinary: int = Field(ge=0)
    expire: int = Field(ge=0)


class EditionRules(_Strict):
    """The flags and figures that switch edition-dependent rules.

    - ``speed_die``: roll the Speed Die (T3) instead of two dice only (T2).
    - ``building``: "whole_group" (B1 classic) or "majority" (B1 Mega: all lots but one).
    - ``unbuilt_multipliers``: rent multiplier of an unbuilt street by lots *missing* from
      the owner's holding of its group: {"0": 3, "1": 2} for Mega (R2), {"0": 2} classic (R1).
    - ``levelling``: B8 applies when the last lot of a built group is acquired.
    - ``turn_order``: "ranked" (G6 Mega) or "highest_starts" (G6 classic).
    """

    speed_die: bool
    building: Literal["whole_group", "majority"]
    unbuilt_multipliers: dict[str, int]
    levelling: bool
    turn_order: Literal["ranked", "highest_starts"]
    min_players: int = Field(ge=2)
    max_players: int = Field(ge=2)
    starting_cash: int = Field(ge=0)
    salary: int = Field(ge=0)
    jail_fine: int = Field(ge=0)
    birthday_gift: int = Field(default=0, ge=0)
    depot_cost: int = Field(default=0, ge=0)
    railroad_rents: list[int] = Field(min_length=1)
    utility_multipliers: list[int] = Field(min_length=1)
    nearest_utility_multiplier: int = Field(ge=1)


class Edition(_Strict):
    """A whole edition: board, rules flags, box contents and decks (RULES.md G1).

    Raises ``ValueError`` (wrapped in :class:`EditionError` by :func:`parse_edition`) when
    the spaces are not numbered 0..N-1, N is not a multiple of 4, a group is inconsistent,
    or a card points outside the board.
    """

    id: str
    name: str
    rules: EditionRules
    supply: Supply
    spaces: list[Space]
    chance: list[Card]
    community_chest: list[Card]
    bus_tickets: BusTickets | None = None

    @model_validator(mode="after")
    def _check_board(self) -> Edition:
        n = len(self.spaces)
        if n < 8 or n % 4:
            raise ValueError(f"spaces: the board needs a multiple of 4 spaces, got {n}")
        for i, s in enumerate(self.spaces):
            if s.index != i:
                raise ValueError(f"spaces[{i}].index: expected {i}, got {s.index}")
        kinds = [s.kind for s in self.spaces]
        for needed in ("go", "jail"):
            if kinds.count(needed) != 1:
                raise ValueError(f"spaces: need exactly one '{needed}' space")
        for card in [*self.chance, *self.community_chest]:
            if card.destination is not None and not 0 <= card.destination < n:
                raise ValueError(f"card {card.id}.destination: {card.destination} is off the board")
        levels = (6 if self.supply.skyscrapers else 5) + 1  # rent ladder by level (max_level)
        for s in self.spaces:
            if s.kind == "street":
                rents = s.rents or []
                if len(rents) != levels:
                    raise ValueError(f"spaces[{s.index}].rents: expected {levels} entries "
                                     f"(base, 1-4 houses, hotel{', skyscraper' if levels > 6 else ''}), "
                                     f"got {len(rents)}")
                if any(r < 0 for r in rents):
                    raise ValueError(f"spaces[{s.index}].rents: rents cannot be negative")
        for g, idx in self.groups.items():
            costs = {self.spaces[i].house_cost for i in idx}
            if len(costs) != 1:
                raise ValueError(f"group {g}: its streets have different house costs")
            if len(idx) < 2:
                raise ValueError(f"group {g}: a colour group needs at least 2 streets")
        return self

    # Derived look-ups (computed once; Edition is frozen).
    @cached_property
    def size(self) -> int:
        return len(self.spaces)

    @cached_property
    def groups(self) -> dict[str, list[int]]:
        """Colour group name -> street indices in board order."""
        out: dict[str, list[int]] = {}
        for s in self.spaces:
            if s.kind == "street" and s.group is not None:  # (a street always has its group)
                out.setdefault(s.group, []).append(s.index)
        return out

    @cached_property
    def properties(self) -> list[int]:
        """Indices of every deed (street, railroad, utility) in board order."""
        return [s.index for s in self.spaces if s.is_property]

    @cached_property
    def railroads(self) -> list[int]:
        return [s.index for s in self.spaces if s.kind == "railroad"]

    @cached_property
    def utilities(self) -> list[int]:
        return [s.index for s in self.spaces if s.kind == "utility"]

    @cached_property
    def jail(self) -> int:
        return next(s.index for s in self.spaces if s.kind == "jail")

    @cached_property
    def max_level(self) -> int:
        """Highest building level of a street: 5 = hotel, 6 = skyscraper (B)."""
        return 6 if self.supply.skyscrapers else 5

    def card(self, card_id: str) -> Card:
        """The Chance or Community Chest card with this id (KeyError if none)."""
        return self._cards[card_id]

    @cached_property
    def _cards(self) -> dict[str, Card]:
        return {c.id: c for c in [*self.chance, *self.community_chest]}

    @cached_property
    def board(self) -> Board:
        """The same edition as plain objects, for code that reads it many times a move (see
        :class:`Board`)."""
        return Board(
            spaces=tuple(SpaceInfo.of(s) for s in self.spaces),
            rules=RulesInfo(**self.rules.__dict__), supply=SupplyInfo(**self.supply.__dict__),
            bus_tickets=self.bus_tickets, size=self.size, jail=self.jail, max_level=self.max_level,
            groups=self.groups, properties=self.properties, railroads=self.railroads,
            utilities=self.utilities)


# Plain, frozen, slotted copies of the models above with the same attribute names: reading an
# attribute of a pydantic model goes through its ``__getattr__`` hook and costs about five times
# a plain object's, and the engine reads the board on every move.
# (tests/rules/test_plumbing.py checks that each has its model's fields.)
@dataclass(frozen=True, slots=True)
class SpaceInfo:
    """A :class:`Space` as a plain object, with ``is_property``. What a kind of space does not have
    is empty here rather than None (``group`` "", ``rents`` (), the sums 0): the model checks that
    each kind has its own (a street its group, rents and house cost; a property its price and
    mortgage; a tax space its tax), so the engine reads them as they are."""

    index: int
    name: str
    short: str
    kind: SpaceKind
    group: str
    price: int
    mortgage: int
    rents: tuple[int, ...]
    house_cost: int
    tax: int
    tax_percent: int
    is_property: bool

    @classmethod
    def of(cls, s: Space) -> SpaceInfo:
        """The plain form of the space model ``s``."""
        return cls(index=s.index, name=s.name, short=s.short, kind=s.kind, group=s.group or "",
                   price=s.price or 0, mortgage=s.mortgage or 0, rents=tuple(s.rents or ()),
                   house_cost=s.house_cost or 0, tax=s.tax or 0, tax_percent=s.tax_percent or 0,
                   is_property=s.is_property)


@dataclass(frozen=True, slots=True)
class RulesInfo:
    """An :class:`EditionRules` as a plain object."""

    speed_die: bool
    building: Literal["whole_group", "majority"]
    unbuilt_multipliers: dict[str, int]
    levelling: bool
    turn_order: Literal["ranked", "highest_starts"]
    min_players: int
    max_players: int
    starting_cash: int
    salary: int
    jail_fine: int
    birthday_gift: int
    depot_cost: int
    railroad_rents: list[int]
    utility_multipliers: list[int]
    nearest_utility_multiplier: int


@dataclass(frozen=True, slots=True)
class SupplyInfo:
    """A :class:`Supply` as a plain object."""

    houses: int
    hotels: int
    skyscrapers: int
    depots: int


@dataclass(frozen=True, slots=True)
class Board:
    """An :class:`Edition` as plain objects (``Edition.board``, made once per edition; the engine
    keeps it as ``Game.board``): ``spaces`` (each with the fields of :class:`Space` and
    ``is_property``), ``rules`` and ``supply`` (the fields of :class:`EditionRules` and
    :class:`Supply`), and the edition's derived look-ups. Read-only, like the edition."""

    spaces: tuple[SpaceInfo, ...]
    rules: RulesInfo
    supply: SupplyInfo
    bus_tickets: BusTickets | None
    size: int
    jail: int
    max_level: int
    groups: dict[str, list[int]]
    properties: list[int]
    railroads: list[int]
    utilities: list[int]


class EditionError(ValueError):
    """An edition that cannot be used; the message names the file (or the name asked for) and the bad
    field. A board file's message is made one line, control characters escaped, by
    :func:`megamono.boards.read_board`, which reads such files."""


EDITION_ID = re.compile(r"^[A-Za-z0-9_-]+$")
"""An edition's name, as opposed to a file's path: a plain word ("mega", "classic")."""


def assets_dir() -> Path:
    """The folder holding ``editions/``: inside the installed package, else the repository's."""
    packaged = resources.files("megamono") / "assets"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[2] / "assets"


def edition_path(name: str) -> Path:
    """Path of a shipped edition by id ("mega", "classic")."""
    return assets_dir() / "editions" / f"{name}.json"


_CACHE: dict[str, Edition] = {}
_BY_ID: dict[str, Edition] = {}  # a shipped edition by the id it was asked by ("mega")


def _key(path: str | Path) -> str:
    """The key of a file's edition in the cache: its resolved path."""
    try:
        return str(Path(path).resolve())
    except (OSError, RuntimeError, ValueError):  # a symlink loop, a NUL or a name too long
        return os.path.abspath(path)


def parse_edition(raw: object, name: str) -> Edition:
    """The edition in ``raw`` (an edition file's parsed JSON), validated strictly: a file must spell
    numbers as numbers ("10", true or 10.0 is a bad field, not 10). Raises :class:`EditionError`
    with ``name`` and the first bad field, e.g. ``mega.json: spaces.4.rents: Input should be a valid
    list``."""
    try:
        return Edition.model_validate(raw, strict=True)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err["loc"]) or "(top level)"
        raise EditionError(f"{name}: {where}: {err['msg']}") from exc
    except RecursionError:  # (data nested deeply enough to parse, too deeply to validate)
        raise EditionError(f"{name}: nested too deeply to be a board file") from None


def add_board(path: str | Path, raw: object, name: str) -> Edition:
    """The board file at ``path``, from its parsed JSON ``raw`` (read by
    :func:`megamono.boards.read_board`), validated (:func:`parse_edition`, naming it ``name``) and
    known by its path from then on (:func:`load_edition`)."""
    key = _key(path)
    if key in _CACHE:
        return _CACHE[key]
    edition = _CACHE[key] = parse_edition(raw, name)
    return edition


def _shipped(name_or_path: str | Path) -> Path | None:
    """The shipped edition file that ``name_or_path`` names (its id, or its path), else None."""
    if isinstance(name_or_path, str) and EDITION_ID.match(name_or_path):
        path = edition_path(name_or_path)
        return path if path.is_file() else None
    folder = _key(assets_dir() / "editions")
    key = _key(name_or_path)
    return Path(key) if os.path.dirname(key) == folder and key.endswith(".json") and os.path.isfile(key) else None


def find_edition(name_or_path: str | Path) -> Edition | None:
    """The edition ``name_or_path`` names, if the rules core has it: a shipped one (by id, "mega", or
    by its file's path, read on first use), or a board file already read (:func:`add_board`); else
    None."""
    by_id = _BY_ID.get(name_or_path) if name_or_path.__class__ is str else None
    if by_id is not None:
        return by_id  # (the quick way for "mega" or "classic": every new game asks)
    is_id = isinstance(name_or_path, str) and EDITION_ID.match(name_or_path) is not None
    key = _key(edition_path(str(name_or_path)) if is_id else name_or_path)
    edition = _CACHE.get(key)
    if edition is None:
        shipped = _shipped(name_or_path)
        if shipped is None:
            return None
        edition = _CACHE[key] = parse_edition(json.loads(shipped.read_bytes()), shipped.name)
    if is_id:
        _BY_ID[str(name_or_path)] = edition
    return edition


def load_edition(name_or_path: str | Path) -> Edition:
    """The edition ``name_or_path`` names: a shipped one by id ("mega", "classic") or by its file's
    path, or a board file already read by :func:`megamono.boards.read_board` (by its path). Cached:
    the same object every time.

    Raises :class:`EditionError` for any other name: the rules core reads no other file (a board
    file is read, safely, by :func:`megamono.boards.read_board`, which also takes an id).
    """
    edition = find_edition(name_or_path)
    if edition is None:
        if isinstance(name_or_path, str) and EDITION_ID.match(name_or_path):
            raise EditionError(f"{name_or_path}: no such edition (megamono has mega and classic)")
        raise EditionError(f"{str(name_or_path)!r}: a board file not read yet (megamono.boards.read_board "
                           "reads one)")
    return edition
