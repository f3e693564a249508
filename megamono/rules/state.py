"""The game state: plain Python objects, changed in place by the engine.

Everything a save needs is here, including the random generator's state and the agenda of steps
still to resolve, so a loaded game continues exactly. Money is whole dollars. Player numbers are
seat indices into ``GameState.players``.

The classes are :class:`~megamono.rules.records.Record` dataclasses, validated only at the edges
(a save being loaded). The pending decision's classes are in :mod:`megamono.rules.decisions`, the
agenda's steps in :mod:`megamono.rules.agenda`.
"""

from __future__ import annotations

import copy
from dataclasses import field
from typing import Annotated, Literal

from pydantic import Field

from .agenda import AgendaStep
from .decisions import Pending
from .dice import SpeedFace, Throw
from .events import Event
from .records import Record, record

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
    time_limit: Annotated[int, Field(ge=1)] | None = None
    """Minutes of the game being open in the app, after which the game ends when the round ends (O,
    E2). The clock is the app's: the rules only see the time-up action it records (``TimeUp``)."""
    auction_bidding: Literal["open", "seat_order"] = "open"
    """How an auction's bidders take their turns (RULES.md A3): ``"open"``, anyone but the high bidder
    raises or passes in any order, and it closes when all of them have passed; ``"seat_order"``, one
    bidder at a time around the table, each raising or dropping out for good (earlier versions' rule;
    every save of those versions names it)."""
    bus_rule: Literal["mega", "speed_die_game"] = "mega"
    """[Mega] The Speed Die's Bus face (RULES.md T3.4): ``"mega"``, move by the white dice, then a Bus
    Ticket or a ride ahead; ``"speed_die_game"``, the standard Speed Die game's Bus: before moving, move
    by the first white die, the second or both (no ticket, no ride)."""
    computer_offers: Literal["everyone", "computers", "nobody"] = "everyone"
    """Whom the computer players propose trades to: ``"everyone"``, ``"computers"`` (other computers
    only) or ``"nobody"``. Not a rule the core plays (any player may propose to any other, X1): the
    bots read it (:mod:`megamono.bots.offers`); it is kept with the house rules so that a save holds it."""


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
    time_up: bool = False
    """Option ``time_limit``: time is up (the app recorded ``TimeUp``); the game ends when this round ends."""


@record
class RentClaim(Record):
    """Option ``rent_must_be_claimed`` (T6): rent ``owner`` may still claim from ``payer``."""

    owner: int
    payer: int
    amount: int
    space: int


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

    def copy(self, log: bool = True) -> GameState:
        """A copy sharing nothing that can change with this state: a deep copy of everything but the
        log, which is a new list of the same events (an event is a value, never changed once
        logged), or an empty list if ``log`` is False (undo keeps its states so: the log is only ever
        appended to). The one way a state is copied (``Game.copy`` copies a game with it)."""
        events = self.log
        out = copy.deepcopy(self, {id(events): []})  # (the log is not copied, and this state not changed)
        if log:
            out.log = list(events)
        return out


# The two records every new game validates (Game.new: the options and the players given) get their
# pydantic adapters with the module, as a pydantic model gets its schema with its class, rather
# than in the first game (about 15 million instructions: README, "Benchmarks").
Options.adapter()
Player.adapter()
