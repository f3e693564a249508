"""Positions: a game described at the start of a turn, to start a game from (issue 16).

A :class:`Position` is a JSON document (a pydantic model) of everything that decides the game from the
start of a turn on: the players (cash, space, jail and failed rolls, Get Out of Jail Free cards and Bus
Tickets held), every owned deed (owner, level, depot, mortgage), the bank's pieces, the decks (each card
deck's remaining cards, in order or ``"shuffle"``; the Bus Ticket deck and the tickets out of the game),
the Free Parking pot, open rent claims, the options, the round, whose turn it is and a dice seed. Money
is whole dollars; spaces are board indices (0 = GO), or names where said.

- :func:`parse_position` reads one (a :class:`Position`, a dict or JSON text);
- :func:`position_state` makes the :class:`~megamono.rules.state.GameState` it describes, after
  checking it against the rules' invariants (RULES.md section I, whose home is
  :mod:`~megamono.rules.invariants`) and what a turn's start allows; anything wrong raises
  :class:`PositionError`, one line naming the field;
- :func:`position_of` describes a state at the start of a turn (:func:`at_turn_start`) as a Position.

:meth:`megamono.rules.engine.Game.from_position` starts a game from a position; its setup keeps the
position, so the game replays from it, as every game replays from its setup.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from .decisions import JailDecision, TradeOffer, TradeReplyDecision, TradeSide, TurnDecision
from .dice import seed_state, shuffle
from .editions import Edition
from .events import CardDrawn, Event, Known, TradeOffered, TradeRefused
from .invariants import check_state
from .state import (
    PLAYER_COLOURS,
    Bank,
    Decks,
    DeedState,
    GameState,
    Options,
    Player,
    RentClaim,
    Turn,
)

POSITION_FORMAT: Literal["megamono-position"] = "megamono-position"
"""The ``format`` every position document names."""


class PositionError(ValueError):
    """A position that cannot start a game: one line, naming the field first
    (``"deeds.Boardwalk.level: ..."``, ``"players.0.cash: ..."``)."""

    def __str__(self) -> str:
        return " ".join(super().__str__().split())


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PlayerPosition(_Model):
    """One seat, in seat order. ``position``: a space index (or a space's name); None is GO, or the
    Jail for a jailed player. ``jail_turns``: failed rolls for doubles so far in jail (0-2, J2).
    ``gojf``: Get Out of Jail Free card ids held (e.g. ``"CH08"``); ``bus_tickets``: [Mega] Bus Ticket
    ids held (``"BT01"``-``"BT13"`` ordinary, ``"BX01"``-``"BX03"`` expire, K7). A ``bankrupt`` player
    holds nothing."""

    name: str
    kind: Literal["human", "computer"] = "human"
    colour: str | None = None
    cash: Annotated[int, Field(ge=0)]
    position: int | str | None = None
    in_jail: bool = False
    jail_turns: Annotated[int, Field(ge=0, le=2)] = 0
    gojf: list[str] = Field(default_factory=list)
    bus_tickets: list[str] = Field(default_factory=list)
    bankrupt: bool = False


class DeedPosition(_Model):
    """An owned title deed: ``owner`` (a player's name), ``level`` (a street's buildings: 0-4 houses,
    5 a hotel, 6 [Mega] a skyscraper), ``depot`` ([Mega] a train depot on a railroad, B6), ``mortgaged``.
    The owner's name alone (``"Boardwalk": "Ann"``) is an unbuilt, unmortgaged deed."""

    owner: str
    level: Annotated[int, Field(ge=0, le=6)] = 0
    depot: bool = False
    mortgaged: bool = False

    @model_validator(mode="before")
    @classmethod
    def _owner_alone(cls, data: object) -> object:
        return {"owner": data} if isinstance(data, str) else data


class BankPosition(_Model):
    """The pieces in the bank (B4). They must be the edition's totals less what stands on the board
    (I2), so they may as well be left out."""

    houses: Annotated[int, Field(ge=0)]
    hotels: Annotated[int, Field(ge=0)]
    skyscrapers: Annotated[int, Field(ge=0)] = 0
    depots: Annotated[int, Field(ge=0)] = 0


class BusCount(_Model):
    """[Mega] A Bus Ticket deck given by how many ordinary and expire tickets are left (shuffled)."""

    ordinary: Annotated[int, Field(ge=0)]
    expire: Annotated[int, Field(ge=0)]


Deck = list[str] | Literal["shuffle"]
"""A card deck: its card ids, top first, or ``"shuffle"``: every card of the deck not held, shuffled."""


class DecksPosition(_Model):
    """The decks. ``chance``, ``community_chest``: :data:`Deck`. ``bus`` ([Mega], K7): ticket ids top
    first, ``"shuffle"`` (every ticket neither held nor out of the game, shuffled) or a
    :class:`BusCount` (the lowest-numbered tickets of each kind neither held nor out, shuffled).
    ``bus_out``: the tickets out of the game; None: every ticket neither in the deck nor held (none,
    with ``"shuffle"``)."""

    chance: Deck = "shuffle"
    community_chest: Deck = "shuffle"
    bus: list[str] | Literal["shuffle"] | BusCount = "shuffle"
    bus_out: list[str] | None = None


class ClaimPosition(_Model):
    """Option ``rent_must_be_claimed`` (T6): rent ``owner`` may still claim from ``payer`` (names),
    ``amount`` dollars, for the deed on ``space`` (an index or a name)."""

    owner: str
    payer: str
    amount: Annotated[int, Field(ge=1)]
    space: int | str


class SidePosition(_Model):
    """One side of a trade offer (X1): ``cash`` (dollars), ``deeds`` (space names or indices), and how
    many Get Out of Jail Free cards and [Mega] Bus Tickets."""

    cash: Annotated[int, Field(ge=0)] = 0
    deeds: list[int | str] = Field(default_factory=list)
    jail_cards: Annotated[int, Field(ge=0)] = 0
    bus_tickets: Annotated[int, Field(ge=0)] = 0


class OfferPosition(_Model):
    """A trade offer: ``proposer`` gives ``give`` and receives ``take`` from ``partner`` (names)."""

    proposer: str
    partner: str
    give: SidePosition = Field(default_factory=SidePosition)
    take: SidePosition = Field(default_factory=SidePosition)


class KnownPosition(_Model):
    """What the table knows beyond the board, which the win chances keep (README "Win chances"):

    - ``seen``: the Chance and Community Chest cards seen (drawn in the game, or held), whose places
      in their deck are known; the playouts shuffle only the others (a position's own Get Out of
      Jail Free cards held count as seen);
    - ``refused``: the trade offers refused whose deeds have not changed since: a computer makes none
      of them again (nor one that gives its partner no more).
    """

    seen: list[str] = Field(default_factory=list)
    refused: list[OfferPosition] = Field(default_factory=list)


class Position(_Model):
    """A game at the start of a turn (see the module doc; README "Positions").

    - ``edition``: "mega", "classic" or a board file (None: the caller's);
    - ``players``: :class:`PlayerPosition`, in seat order;
    - ``deeds``: every owned deed, keyed by its space's name (``"Boardwalk"``, any capitals) or index
      (``"39"``), as a :class:`DeedPosition`; deeds not named are the bank's;
    - ``bank``: :class:`BankPosition`, or None to derive it (the edition's supply less what is built);
    - ``decks``: :class:`DecksPosition`; ``pot``: the Free Parking pot (option ``free_parking_pot``);
    - ``claims``: :class:`ClaimPosition` (option ``rent_must_be_claimed``); ``options``: the house
      rules (RULES.md O; ``starting_cash`` plays no part);
    - ``known``: :class:`KnownPosition`, what the table knows beyond the board (cards seen, offers
      refused);
    - ``round`` (from 1), ``turn`` (the name of the player to move; None: the first player in the
      game), ``turn_number`` (the game's turn count, from 1; None: counted as if every round had
      had every player in it now), ``seed`` (the dice's seed; None: a fresh one, which the game's
      setup keeps).

    Not held: the log, scripted dice, and the ``time_limit`` option's "time is up" (a game from a
    position starts its clock afresh).
    """

    format: Literal["megamono-position"] = POSITION_FORMAT
    edition: str | None = None
    players: list[PlayerPosition]
    deeds: dict[str, DeedPosition] = Field(default_factory=dict)
    bank: BankPosition | None = None
    decks: DecksPosition = Field(default_factory=DecksPosition)
    pot: Annotated[int, Field(ge=0)] = 0
    claims: list[ClaimPosition] = Field(default_factory=list)
    options: Options = Field(default_factory=Options)
    known: KnownPosition = Field(default_factory=KnownPosition)
    round: Annotated[int, Field(ge=1)] = 1
    turn: str | None = None
    turn_number: Annotated[int, Field(ge=1)] | None = None
    seed: int | None = None


def parse_position(data: Position | Mapping[str, object] | str | bytes) -> Position:
    """A :class:`Position` from itself, a dict (parsed JSON) or JSON text. Raises :class:`PositionError`
    naming the first bad field (pydantic's words: ``"players.0.cash: Input should be greater than or
    equal to 0"``)."""
    if isinstance(data, Position):
        return data
    try:
        if isinstance(data, (str, bytes)):
            return Position.model_validate_json(data)
        return Position.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err["loc"]) or "position"
        raise PositionError(f"{where}: {err['msg']}") from None


def check_players(ed: Edition, players: Sequence[str | Mapping[str, object]]) -> list[Player]:
    """G3: the players of a new game, in seat order, with no cash yet: a name is 1-20 printable
    characters, names differ (any capitals), colours default by seat. ``ValueError`` saying which."""
    r = ed.rules
    if not r.min_players <= len(players) <= r.max_players:
        raise ValueError(f"{ed.name} is for {r.min_players} to {r.max_players} players, got {len(players)}")
    out = []
    for k, p in enumerate(players):
        d = {"name": p} if isinstance(p, str) else dict(p)
        name = str(d.get("name", "")).strip()
        if not 1 <= len(name) <= 20 or not name.isprintable():
            raise ValueError(f"player {k + 1}: a name is 1-20 printable characters, got {name!r}")
        d["name"] = name
        d.setdefault("colour", PLAYER_COLOURS[k % len(PLAYER_COLOURS)])
        out.append(Player.model_validate({**d, "cash": 0}))  # other keys (an app's notes) are ignored
    names = [p.name.casefold() for p in out]
    if len(set(names)) != len(names):
        raise ValueError("player names must be different")
    return out


# ============================================================================ a position -> a state
def _space(ed: Edition, where: str, value: int | str) -> int:
    """A space given by index or name (any capitals); PositionError naming ``where`` if none."""
    if isinstance(value, str):
        key = value.strip().casefold()
        if key.isdigit():
            value = int(key)
        else:
            for s in ed.spaces:
                if s.name.casefold() == key:
                    return s.index
            raise PositionError(f"{where}: {ed.name} has no space named {value!r}")
    if not 0 <= value < ed.size:
        raise PositionError(f"{where}: {value} is off the board (0-{ed.size - 1})")
    return value


def _seat(names: dict[str, int], where: str, name: str) -> int:
    seat = names.get(name.strip().casefold())
    if seat is None:
        raise PositionError(f"{where}: no player named {name!r}")
    return seat


def bus_ids(ed: Edition) -> tuple[list[str], list[str]]:
    """[Mega] The ids of the ordinary and the expire Bus Tickets (K7); two empty lists without them."""
    if not ed.bus_tickets:
        return [], []
    return ([f"BT{i:02d}" for i in range(1, ed.bus_tickets.ordinary + 1)],
            [f"BX{i:02d}" for i in range(1, ed.bus_tickets.expire + 1)])


def position_state(ed: Edition, ref: str, pos: Position, options: Options, seed: int) -> GameState:
    """The state ``pos`` describes on edition ``ed`` (named ``ref`` in the state), played with
    ``options`` and dice seeded with ``seed``: at the start of a turn, before its decision is asked and
    logged (:func:`megamono.rules.turns.begin_turn` does both). Decks given as ``"shuffle"`` are shuffled
    with the seeded generator (Chance, Community Chest, Bus Tickets, in that order).

    Raises :class:`PositionError`, naming the field, for anything the rules could not have reached:
    an unknown space, player or card; a deed given twice; buildings where the owner may not build (B1)
    or uneven (I3), beside a mortgage (I4) or on no street; pieces or cards not adding up (I2, I6);
    a jailed player off the Jail; a pot or claims without their option; a bankrupt player holding
    anything or to move; then anything else :func:`~megamono.rules.invariants.check_state` finds.
    """
    # -- players
    try:
        players = check_players(ed, [p.model_dump(include={"name", "colour", "kind"}, exclude_none=True)
                                    for p in pos.players])
    except ValueError as exc:
        raise PositionError(f"players: {exc}") from None
    names = {p.name.casefold(): k for k, p in enumerate(players)}
    gojf_ids = {c.id for c in [*ed.chance, *ed.community_chest] if c.effect == "get_out_of_jail_free"}
    ordinary, expire = bus_ids(ed)
    tickets = set(ordinary + expire)
    for k, (pp, pl) in enumerate(zip(pos.players, players, strict=True)):
        at = f"players.{k}"
        pl.cash = pp.cash
        pl.in_jail, pl.jail_turns, pl.bankrupt = pp.in_jail, pp.jail_turns, pp.bankrupt
        if pp.position is None:
            pl.position = ed.jail if pp.in_jail else 0
        else:
            pl.position = _space(ed, f"{at}.position", pp.position)
        if pp.in_jail and pl.position != ed.jail:
            raise PositionError(f"{at}.position: {pl.name} is in jail, which is space {ed.jail}, not {pl.position}")
        if pp.jail_turns and not pp.in_jail:
            raise PositionError(f"{at}.jail_turns: {pl.name} is not in jail")
        for c in pp.gojf:
            if c not in gojf_ids:
                raise PositionError(f"{at}.gojf: {c!r} is not a Get Out of Jail Free card of {ed.name}")
        for t in pp.bus_tickets:
            if t not in tickets:
                raise PositionError(f"{at}.bus_tickets: {t!r} is not a Bus Ticket of {ed.name}")
        pl.gojf, pl.bus_tickets = list(pp.gojf), list(pp.bus_tickets)
        if pp.bankrupt and (pp.cash or pp.gojf or pp.bus_tickets or pp.in_jail):
            raise PositionError(f"{at}.bankrupt: a bankrupt player holds no cash, cards or tickets and is not in jail")
    active = [k for k, p in enumerate(players) if not p.bankrupt]
    if len(active) < 2:
        raise PositionError("players: a game goes on with at least 2 players who are not bankrupt")
    # -- deeds
    deeds = {i: DeedState() for i in ed.properties}
    given: dict[int, str] = {}
    for key, dp in pos.deeds.items():
        at = f"deeds.{key}"
        i = _space(ed, at, key)
        sp = ed.spaces[i]
        if not sp.is_property:
            raise PositionError(f"{at}: {sp.name} is not a title deed")
        if i in given:
            raise PositionError(f"{at}: {sp.name} is given twice (also as {given[i]!r})")
        given[i] = key
        owner = _seat(names, f"{at}.owner", dp.owner)
        if players[owner].bankrupt:
            raise PositionError(f"{at}.owner: {players[owner].name} is bankrupt and owns nothing")
        if dp.level and sp.kind != "street":
            raise PositionError(f"{at}.level: {sp.name} is not a street: only streets take houses")
        if dp.level > ed.max_level:
            raise PositionError(f"{at}.level: {dp.level} is more than {ed.name} builds (0-{ed.max_level})")
        if dp.depot and (sp.kind != "railroad" or not ed.supply.depots):
            raise PositionError(f"{at}.depot: a depot stands on a railroad of the Mega edition only (B6)")
        if dp.mortgaged and (dp.level or dp.depot):
            raise PositionError(f"{at}.mortgaged: a mortgaged deed has no buildings (M1, I4)")
        deeds[i] = DeedState(owner=owner, mortgaged=dp.mortgaged, level=dp.level, depot=dp.depot)
    _check_groups(ed, deeds, given, players)
    # -- the bank
    built = {"houses": sum(d.level for d in deeds.values() if d.level <= 4),
             "hotels": sum(1 for d in deeds.values() if d.level == 5),
             "skyscrapers": sum(1 for d in deeds.values() if d.level == 6),
             "depots": sum(1 for d in deeds.values() if d.depot)}
    supply = ed.supply.model_dump()
    for piece, n in built.items():
        if n > supply[piece]:
            raise PositionError(f"deeds: {n} {piece} built, but {ed.name} has {supply[piece]} (B4, I2)")
        if pos.bank is not None and getattr(pos.bank, piece) + n != supply[piece]:
            raise PositionError(f"bank.{piece}: {getattr(pos.bank, piece)} in the bank + {n} built is not "
                                f"the {supply[piece]} of {ed.name} (I2)")
    bank = Bank(**{piece: supply[piece] - n for piece, n in built.items()})
    # -- decks
    rng = seed_state(seed)
    held = [c for p in players for c in p.gojf]
    dup = [c for c, n in Counter(held).items() if n > 1]
    if dup:
        raise PositionError(f"players: {dup[0]} is held twice")
    chance, rng = _deck(pos.decks.chance, "decks.chance", [c.id for c in ed.chance], held, rng)
    chest, rng = _deck(pos.decks.community_chest, "decks.community_chest", [c.id for c in ed.community_chest],
                       held, rng)
    bus, bus_out, rng = _bus(ed, pos.decks, players, rng)
    # -- the turn, the pot, the claims
    if pos.pot and not options.free_parking_pot:
        raise PositionError("pot: the Free Parking pot needs the option free_parking_pot")
    claims = []
    for k, cp in enumerate(pos.claims):
        at = f"claims.{k}"
        if not options.rent_must_be_claimed:
            raise PositionError(f"{at}: rent claims need the option rent_must_be_claimed (T6)")
        owner, payer = _seat(names, f"{at}.owner", cp.owner), _seat(names, f"{at}.payer", cp.payer)
        space = _space(ed, f"{at}.space", cp.space)
        if owner == payer or players[owner].bankrupt or players[payer].bankrupt:
            raise PositionError(f"{at}: a claim is between two different players in the game")
        if deeds[space].owner != owner:
            raise PositionError(f"{at}.space: {ed.spaces[space].name} is not {players[owner].name}'s")
        claims.append(RentClaim(owner=owner, payer=payer, amount=cp.amount, space=space))
    mover = active[0] if pos.turn is None else _seat(names, "turn", pos.turn)
    if players[mover].bankrupt:
        raise PositionError(f"turn: {players[mover].name} is bankrupt")
    if options.turn_limit is not None and pos.round > options.turn_limit:
        raise PositionError(f"round: {pos.round} is past the last round of the option turn_limit "
                            f"({options.turn_limit})")
    number = pos.turn_number
    if number is None:
        number = (pos.round - 1) * len(active) + active.index(mover) + 1
    st = GameState(edition=ref, options=options, players=players, deeds=deeds, bank=bank,
                   decks=Decks(chance=chance, community_chest=chest, bus=bus, bus_out=bus_out), rng=rng,
                   turn=Turn(player=mover, number=number, round=pos.round), pot=pos.pot, claims=claims)
    problems = check_state(ed, st)
    if problems:
        raise PositionError(problems[0])
    return st


def _check_groups(ed: Edition, deeds: dict[int, DeedState], given: dict[int, str], players: list[Player]) -> None:
    """B1-B3, I3, I4 over each colour group's buildings, naming the deed at fault."""
    for lots in ed.groups.values():
        by_owner: dict[int, list[int]] = {}
        for i in lots:
            o = deeds[i].owner
            if o is not None:
                by_owner.setdefault(o, []).append(i)
        for owner, owned in by_owner.items():
            built = [i for i in owned if deeds[i].level]
            if not built:
                continue
            top = max(owned, key=lambda i: deeds[i].level)
            at = f"deeds.{given[top]}"
            who = players[owner].name
            need = len(lots) if ed.rules.building == "whole_group" else len(lots) - 1
            if len(owned) < need:
                what = "the whole colour group" if need == len(lots) else "all lots of the group but one"
                raise PositionError(f"{at}.level: {who} may not build there: building needs {what} "
                                    f"({len(owned)} of {len(lots)} owned, B1)")
            if deeds[top].level == 6 and (len(owned) < len(lots)
                                          or any(deeds[i].level < 5 for i in owned)):
                raise PositionError(f"{at}.level: a skyscraper needs the whole colour group, every other lot "
                                    "at a hotel or above (B3.1)")
            low = min(owned, key=lambda i: deeds[i].level)
            if deeds[top].level - deeds[low].level > 1:
                raise PositionError(f"{at}.level: {who}'s buildings are uneven: {ed.spaces[top].name} "
                                    f"{deeds[top].level}, {ed.spaces[low].name} {deeds[low].level} (B2, I3)")
            mortgaged = [i for i in owned if deeds[i].mortgaged]
            if mortgaged:
                raise PositionError(f"deeds.{given[mortgaged[0]]}.mortgaged: {who} has buildings in its group "
                                    "(no building beside a mortgage: B1, I4)")


def _deck(spec: list[str] | Literal["shuffle"], at: str, cards: list[str], held: list[str],
          rng: int) -> tuple[list[str], int]:
    """A Chance or Community Chest deck (top first) and the generator after any shuffle (K1, I6)."""
    out = [c for c in cards if c not in held]
    if spec == "shuffle":
        return out, shuffle(rng, out)
    for c in spec:
        if c not in cards:
            raise PositionError(f"{at}: {c!r} is not a card of this deck")
    dup = [c for c, n in Counter(spec + [c for c in held if c in cards]).items() if n > 1]
    if dup:
        raise PositionError(f"{at}: {dup[0]} is in the deck twice, or both in the deck and held")
    missing = [c for c in out if c not in spec]
    if missing:
        raise PositionError(f"{at}: {', '.join(missing)} neither in the deck nor held (I6)")
    return list(spec), rng


def _bus(ed: Edition, decks: DecksPosition, players: list[Player], rng: int) -> tuple[list[str], list[str], int]:
    """[Mega] The Bus Ticket deck, the tickets out of the game, and the generator after any shuffle (K7, I6)."""
    ordinary, expire = bus_ids(ed)
    every = ordinary + expire
    held = [t for p in players for t in p.bus_tickets]
    out = list(decks.bus_out) if decks.bus_out is not None else None
    for t in out or []:
        if t not in every:
            raise PositionError(f"decks.bus_out: {t!r} is not a Bus Ticket of {ed.name}")
    if isinstance(decks.bus, list):
        deck = list(decks.bus)
        for t in deck:
            if t not in every:
                raise PositionError(f"decks.bus: {t!r} is not a Bus Ticket of {ed.name}")
    else:
        free = [t for t in every if t not in held and t not in (out or [])]
        if isinstance(decks.bus, BusCount):
            want = {"BT": decks.bus.ordinary, "BX": decks.bus.expire}
            deck = []
            for prefix, n in want.items():
                kind = [t for t in free if t.startswith(prefix)]
                if n > len(kind):
                    what = "ordinary" if prefix == "BT" else "expire"
                    raise PositionError(f"decks.bus.{what}: {n} left, but only {len(kind)} are neither held "
                                        "nor out of the game")
                deck += kind[:n]
        else:
            deck = free
        rng = shuffle(rng, deck)
    if out is None:
        out = [t for t in every if t not in held and t not in deck]
    seen = Counter(held + deck + out)
    dup = [t for t, n in seen.items() if n > 1]
    if dup:
        raise PositionError(f"decks.bus: ticket {dup[0]} is in two places (the deck, held, out of the game)")
    missing = [t for t in every if t not in seen]
    if missing:
        raise PositionError(f"decks.bus_out: {', '.join(missing)} neither in the deck, held nor out of the game (I6)")
    return deck, out, rng


# ============================================================================ what the table knows
def known_event(ed: Edition, pos: Position, st: GameState) -> Known:
    """The :class:`~megamono.rules.events.Known` event a game started from ``pos`` logs (its state
    ``st``, made by :func:`position_state`): the cards ``pos.known`` names as seen and the Get Out of
    Jail Free cards the players hold, and its refused offers with seats and space indices.
    :class:`PositionError` naming the field for an unknown card, player or deed."""
    cards = {c.id for c in [*ed.chance, *ed.community_chest]}
    for k, c in enumerate(pos.known.seen):
        if c not in cards:
            raise PositionError(f"known.seen.{k}: {c!r} is no Chance or Community Chest card of {ed.name}")
    seen = list(dict.fromkeys([*pos.known.seen, *(c for p in st.players for c in p.gojf)]))
    names = {p.name.casefold(): k for k, p in enumerate(st.players)}
    refused = []
    for k, o in enumerate(pos.known.refused):
        at = f"known.refused.{k}"
        proposer, partner = _seat(names, f"{at}.proposer", o.proposer), _seat(names, f"{at}.partner", o.partner)
        if proposer == partner:
            raise PositionError(f"{at}.partner: a player trades with another player")
        sides = []
        for which, side in (("give", o.give), ("take", o.take)):
            deeds = [_space(ed, f"{at}.{which}.deeds", d) for d in side.deeds]
            for i in deeds:
                if not ed.spaces[i].is_property:
                    raise PositionError(f"{at}.{which}.deeds: {ed.spaces[i].name} is not a title deed")
            sides.append(TradeSide(cash=side.cash, deeds=deeds, jail_cards=side.jail_cards,
                                   bus_tickets=side.bus_tickets))
        refused.append(TradeOffer(proposer=proposer, partner=partner, give=sides[0], take=sides[1]))
    return Known(seen=tuple(seen), refused=tuple(refused))


class KnownReader:
    """What the table knows (:func:`known_of`), read from a log in steps: :meth:`read` the events up to
    some length, then :meth:`known` at that moment (the game review reads one log once for all its
    points). The one definition of what the table knows; :func:`known_of` reads a whole log."""

    __slots__ = ("_seen", "_refused", "_made", "_read")

    def __init__(self) -> None:
        self._seen: dict[str, None] = {}
        self._refused: list[tuple[TradeOffer, frozenset[int]]] = []
        self._made: TradeOffer | None = None
        self._read = 0

    def read(self, log: Sequence[Event], upto: int | None = None) -> KnownReader:
        """Read ``log``'s events from where the last call stopped up to ``upto`` (its end by default);
        returns the reader. The same log each time, growing (or read further)."""
        upto = len(log) if upto is None else upto
        seen, refused = self._seen, self._refused
        for k in range(self._read, upto):
            ev = log[k]
            if isinstance(ev, CardDrawn):
                seen[ev.card] = None
            elif isinstance(ev, TradeOffered):
                self._made = ev.offer
            elif isinstance(ev, TradeRefused):
                made = self._made
                if made is not None and made.partner == ev.player:
                    refused.append((made, frozenset(made.give.deeds + made.take.deeds)))
                self._made = None
            elif isinstance(ev, Known):
                seen.update(dict.fromkeys(ev.seen))
                refused += [(o, frozenset(o.give.deeds + o.take.deeds)) for o in ev.refused]
                self._made = ev.waiting
            if ev.changes_deeds and refused:
                changed = ev.deeds_changed()
                if changed:
                    refused[:] = [(o, deeds) for o, deeds in refused if deeds.isdisjoint(changed)]
        self._read = max(self._read, upto)
        return self

    def known(self, st: GameState) -> Known:
        """What the table knows at the moment of state ``st`` (whose log was read up to its moment):
        the cards seen, and those its players hold; the offers refused still standing; the offer
        waiting for ``st``'s pending answer, if one does."""
        seen = dict(self._seen)
        for p in st.players:
            seen.update(dict.fromkeys(p.gojf))
        pend = st.pending
        waiting = pend.trade if isinstance(pend, TradeReplyDecision) else None
        return Known(seen=tuple(seen), refused=tuple(o for o, _ in self._refused), waiting=waiting)


def known_of(st: GameState) -> Known:
    """What the table knows beyond the board, read from ``st``'s log (a position keeps it, the playouts
    of :mod:`megamono.analysis` start from it; :class:`KnownReader` reads it):

    - ``seen``: the Chance and Community Chest cards drawn in the game (K1 puts a drawn card at the
      bottom of its deck, in view), held now, or known from before (a :class:`Known` event);
    - ``refused``: the trade offers refused (a :class:`TradeRefused` by the partner of the offer made
      just before) that no event since names a deed of (``Event.deeds_changed``), oldest first;
    - ``waiting``: the offer waiting for its partner's answer, if one does.
    """
    return KnownReader().read(st.log).known(st)


# ============================================================================ a state -> a position
def at_turn_start(st: GameState) -> bool:
    """Whether ``st`` is at the start of a turn: the player to move is asked their turn's first
    decision (to roll, T1, or the jail's, J2), no doubles yet, nothing else under way."""
    pend = st.pending
    return (st.winner is None and not st.agenda and not st.suspended and st.turn.doubles == 0
            and not st.turn.ended and st.turn.last_throw is None
            and ((isinstance(pend, TurnDecision) and not pend.roll_again) or isinstance(pend, JailDecision))
            and pend.player == st.turn.player)


def position_of(ed: Edition, st: GameState) -> Position:
    """The :class:`Position` of a state at the start of a turn (:func:`at_turn_start`): every deck in
    its order, the bank as it is, what the table knows (:func:`known_of`), and the dice generator's
    state as the seed, so that a game started
    from it plays on exactly as this one would (with the same actions). Raises :class:`PositionError`
    when ``st`` is not at a turn's start."""
    if not at_turn_start(st):
        raise PositionError("the game is not at the start of a turn")
    names = [p.name for p in st.players]
    players = [PlayerPosition(name=p.name, kind=p.kind, colour=p.colour, cash=p.cash, position=p.position,
                              in_jail=p.in_jail, jail_turns=p.jail_turns, gojf=list(p.gojf),
                              bus_tickets=list(p.bus_tickets), bankrupt=p.bankrupt) for p in st.players]
    deeds = {ed.spaces[i].name: DeedPosition(owner=names[d.owner], level=d.level, depot=d.depot, mortgaged=d.mortgaged)
             for i, d in sorted(st.deeds.items()) if d.owner is not None}
    b = st.bank
    known = known_of(st)

    def side(t: TradeSide) -> SidePosition:
        return SidePosition(cash=t.cash, deeds=[ed.spaces[i].name for i in t.deeds], jail_cards=t.jail_cards,
                            bus_tickets=t.bus_tickets)

    refused = [OfferPosition(proposer=names[o.proposer], partner=names[o.partner], give=side(o.give),
                             take=side(o.take)) for o in known.refused]
    return Position(
        edition=st.edition, players=players, deeds=deeds,
        bank=BankPosition(houses=b.houses, hotels=b.hotels, skyscrapers=b.skyscrapers, depots=b.depots),
        decks=DecksPosition(chance=list(st.decks.chance), community_chest=list(st.decks.community_chest),
                            bus=list(st.decks.bus), bus_out=list(st.decks.bus_out)),
        pot=st.pot, claims=[ClaimPosition(owner=names[c.owner], payer=names[c.payer], amount=c.amount,
                                          space=c.space) for c in st.claims],
        options=st.options.model_copy(deep=True), known=KnownPosition(seen=list(known.seen), refused=refused),
        round=st.turn.round, turn=names[st.turn.player], turn_number=st.turn.number, seed=st.rng)


def position_json(pos: Position) -> str:
    """A position as JSON text (what ``megamono position`` writes): a field a line, and a player, a deed,
    a deck or a claim a line within them."""
    def one(v: object) -> str:
        return json.dumps(v, ensure_ascii=False)

    lines = []
    for key, value in pos.model_dump(mode="json").items():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            inner = ",\n".join(f"    {one(v)}" for v in value)
            lines.append(f"  {one(key)}: [\n{inner}\n  ]")
        elif isinstance(value, dict) and value and key in ("deeds", "decks"):
            inner = ",\n".join(f"    {one(k)}: {one(v)}" for k, v in value.items())
            lines.append(f"  {one(key)}: {{\n{inner}\n  }}")
        else:
            lines.append(f"  {one(key)}: {one(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"
