"""The log's events, their base: the :class:`Event` record every event class derives from, how a game
ended (:class:`Outcome`), what an event's words need from its game (:class:`Names`), and the words
shared by the events and the decisions (whose words :mod:`.prompts` makes). The event classes are in
:mod:`.events_turn` and :mod:`.events_deals`; :mod:`.events` gathers them all (read its docstring first)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar, Literal, Protocol

from pydantic import GetCoreSchemaHandler
from pydantic_core import core_schema

from .decisions import TradeOffer, TradeSide
from .records import Data, Record, record

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
    - ``say(names)``: the line as the log shows it, made from the fields when read, with the names
      (players, spaces, cards) of the game the reader shows.

    An event is a plain value: it holds no game, and nothing changes it once it is logged (an
    ordinary slotted dataclass, not a frozen one: freezing cost 2.5 million instructions a bot game,
    README "Benchmarks"), so a copy of a game shares its log's events with the original
    (``Game.copy``; tests/test_game_copy.py plays copies on and checks the original's events). Its
    dict form is ``{"event": class name, **fields}`` (:data:`EVENT_TYPES`).
    """

    __slots__ = ()
    kind: ClassVar[EventKind]
    changes_deeds: ClassVar[bool] = False
    """Whether events of this class may change deeds (an owner, a mortgage, buildings, a depot):
    :meth:`deeds_changed` then names them. False for every class whose events never do."""

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
    if not isinstance(data, dict) or data.get("event") not in event_types():
        raise ValueError(f"not a log event: {data!r:.80}")
    fields = {k: v for k, v in data.items() if k != "event"}
    ev: Event = event_types()[data["event"]].model_validate(fields)
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


# -- words shared by the events and the decisions (rules/prompts.py) ------------------------------
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



def event_types() -> dict[str, type[Event]]:
    """Every event class by name (the ``"event"`` of its dict form): the subclasses of :class:`Event`
    (the classes of :mod:`.events_turn` and :mod:`.events_deals`, once imported, as :mod:`.events`
    does)."""
    found: dict[str, type[Event]] = {}
    todo = list(Event.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        # (a record class is made twice, the second with slots: only the one its module holds counts)
        if getattr(sys.modules.get(cls.__module__), cls.__name__, None) is cls:
            found[cls.__name__] = cls
    return found
