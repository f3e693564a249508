"""The decisions a game waits for: one class per kind, each with only its own fields.

``GameState.pending`` holds one of them (:data:`Pending`, a union told apart by ``kind``, as the
actions are), or None while the engine resolves. Every decision has ``player`` (the seat it is
asked of) and :attr:`Decision.players`, the seats who may act on it now: one seat for every kind
but the open auction, where every bidder but the high bidder may. Who may act is always asked of
``players``; whether several seats act on it at the same moment, on one screen (the open auction),
of :attr:`Decision.at_once`; and :attr:`Decision.after_action` is the hook the engine runs once after
every action taken while the decision is pending (an open auction settles there whom it waits on, or
closes).

A decision holds no words: it is a plain value, and its words are made when read, from its fields and
the names of the game the reader passes in, as an event's are (``Game.say(decision)``,
``Game.describe_pending()``: :func:`megamono.rules.prompts.say_decision`). Each class keeps the
fields its words need (amounts, spaces, the reason of a debt).

Money is whole dollars; spaces are board indices; seats index ``GameState.players``.

Adding a kind: a class here (with its ``kind`` literal) in :data:`Pending`, the actions that answer
it in :mod:`megamono.rules.actions` and ``DECISION_OF``, its answers in
:mod:`megamono.rules.dispatch` and its words in :mod:`megamono.rules.prompts`
(``megamono/docs/DESIGN.md``, "Adding a decision kind").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field, fields
from types import MappingProxyType
from typing import TYPE_CHECKING, Annotated, ClassVar, Literal, get_args

from pydantic import ConfigDict, Field

from .records import Record, record

if TYPE_CHECKING:
    from .editions import Edition
    from .state import GameState


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
    "turn", "jail", "jail_pay", "buy", "bid", "triples", "bus", "bus_move", "birthday", "income_tax",
    "auction_pick", "levelling", "mortgaged_deed", "debt", "trade_reply", "end_vote",
    "shortage_ask", "place_piece", "game_over",
]
"""The decisions' kinds."""

if TYPE_CHECKING:
    AfterAction = staticmethod[[GameState, Edition], None]
    """A decision's hook (:attr:`Decision.after_action`): ``hook(state, edition)``, changing the state (a
    static method: it is read from a decision, and takes no decision)."""
else:
    AfterAction = staticmethod  # (not subscriptable when the program runs)


@record
class Decision(Record):
    """What every decision has: its ``kind`` (each class's own literal) and the seat asked
    (``player``)."""

    kind: PendingKind
    player: int

    after_action: ClassVar[AfterAction | None] = None
    """The hook ``Game.act`` runs exactly once after each action taken while a decision of this class
    is pending, and once when one has just been asked (``hook(state, edition)``), before the game goes
    on; should the hook end the decision, the game goes on to the next one (and runs its hook). None
    (every kind but the auction): nothing to run. :class:`BidDecision`'s is
    :func:`megamono.rules.auctions.settle_open`, which that module sets here (the rule areas sit above
    this module: pyproject.toml's layers): an open auction (A3) names the first bidder it waits on as its
    ``player``, or closes when it waits on nobody; a seat-order auction is left as it is."""

    @property
    def players(self) -> tuple[int, ...]:
        """The seats who may act on this decision now: ``(player,)`` for every kind but the open
        auction (:class:`BidDecision`), where several may."""
        return (self.player,)

    @property
    def at_once(self) -> bool:
        """Whether several seats may act on this decision at the same moment, on one shared screen,
        with no keyboard hand-over between them (RULES.md A3): True only for an open auction
        (:class:`BidDecision`); every other decision is one seat's at a time (:attr:`players`)."""
        return False


@record
class TurnDecision(Decision):
    """T1: roll the dice (or play a Bus Ticket, T3.4), after managing. ``roll_again``: after doubles;
    ``bus_ticket``: the player held a Bus Ticket when asked ([Mega] K8; asked again after a trade)."""

    kind: Literal["turn"] = "turn"
    roll_again: bool = False
    bus_ticket: bool = False


@record
class JailDecision(Decision):
    """J2: at the start of a turn in jail: pay the fine, use a card, or roll for doubles. ``attempt``:
    which of the three turns in jail this is (1 to 3)."""

    kind: Literal["jail"] = "jail"
    attempt: int = 1


@record
class JailPayDecision(Decision):
    """J2: the third failed roll: pay the fine or use a Get Out of Jail Free card, then move
    ``amount`` spaces (the dice total thrown)."""

    kind: Literal["jail_pay"] = "jail_pay"
    amount: int


@record
class BuyDecision(Decision):
    """S1: buy the unowned deed on ``space`` for ``amount`` (its price), or send it to auction."""

    kind: Literal["buy"] = "buy"
    space: int
    amount: int


@record
class BidDecision(Decision):
    """A1-A3, B7: an auction of the deed on ``space`` or of the bank's last ``piece`` (B7); the
    high bid so far (``high_bid`` dollars, by ``high_bidder``, None before the first bid) and the
    ``bidders``, in seat order from the left of the player who started it.

    ``open`` (option ``auction_bidding`` = ``"open"``, A3): every bidder but the high bidder may
    raise or pass, in any order (:attr:`players`); ``passed`` holds who passed on the high bid now
    (a raise clears it); ``player`` is the first of them the game still waits for. Not ``open``
    (``"seat_order"``): ``bidders`` are those still in, and ``player`` alone bids now."""

    kind: Literal["bid"] = "bid"
    space: int | None = None
    piece: str | None = None
    high_bid: int = 0
    high_bidder: int | None = None
    bidders: list[int] = field(default_factory=list)
    open: bool = False
    passed: list[int] = field(default_factory=list)

    @property
    def players(self) -> tuple[int, ...]:
        """Open: every bidder but the high bidder (a bidder who passed may still raise, A3);
        seat order: ``(player,)``."""
        if self.open:
            return tuple(q for q in self.bidders if q != self.high_bidder)
        return (self.player,)

    @property
    def at_once(self) -> bool:
        """An open auction (A3): every bidder but the high bidder may raise or pass at any moment, on
        one screen; in seat order one bidder acts at a time."""
        return self.open


@record
class TriplesDecision(Decision):
    """T3.2: triples: move to any of ``choices`` (spaces)."""

    kind: Literal["triples"] = "triples"
    choices: list[int] = field(default_factory=list)


@record
class AuctionPickDecision(Decision):
    """S7: the Auction space: pick one of the bank's deeds (``choices``) to auction."""

    kind: Literal["auction_pick"] = "auction_pick"
    choices: list[int] = field(default_factory=list)


@record
class BusDecision(Decision):
    """T3.4: the Speed Die's Bus: take a Bus Ticket, or ride to ``space`` (the nearest Chance or
    Community Chest ahead, None if the board has none)."""

    kind: Literal["bus"] = "bus"
    space: int | None = None


@record
class BusMoveDecision(Decision):
    """T3.4 under the option ``bus_rule`` = ``"speed_die_game"``: the Bus face, before the move: move
    by the ``first`` white die, the ``second``, or their total."""

    kind: Literal["bus_move"] = "bus_move"
    first: int
    second: int


@record
class BirthdayDecision(Decision):
    """S8: the Birthday Gift space ``space``: take ``amount`` dollars or a Bus Ticket."""

    kind: Literal["birthday"] = "birthday"
    space: int
    amount: int


@record
class IncomeTaxDecision(Decision):
    """S4: the tax on ``space``: pay ``amounts["flat"]`` or ``amounts["percent"]`` (the percentage
    of worth, rounded up)."""

    kind: Literal["income_tax"] = "income_tax"
    space: int
    amounts: dict[str, int] = field(default_factory=dict)


@record
class LevellingDecision(Decision):
    """B8: the deed on ``space`` completes a built colour group: make it even. ``forced``: the
    player may not keep it as it is; ``amounts``: what each way costs ("build", "unmortgage"...)."""

    kind: Literal["levelling"] = "levelling"
    space: int
    forced: bool = False
    amounts: dict[str, int] = field(default_factory=dict)


@record
class MortgagedDeedDecision(Decision):
    """M3: the deed on ``space`` came mortgaged: unmortgage it (``amounts["unmortgage"]``) or pay
    the 10% fee (``amounts["keep"]``) and keep it mortgaged."""

    kind: Literal["mortgaged_deed"] = "mortgaged_deed"
    space: int
    amounts: dict[str, int] = field(default_factory=dict)


@record
class DebtDecision(Decision):
    """D1: the player owes ``amount`` to ``creditors`` and must raise it or go bankrupt;
    ``amounts["raisable"]``: the most selling and mortgaging could raise. The reason, as the payment's
    (``PayStep``): ``why``, and ``rent_for``, the deed whose rent it is (None for any other payment)."""

    kind: Literal["debt"] = "debt"
    amount: int
    creditors: list[Creditor] = field(default_factory=list)
    amounts: dict[str, int] = field(default_factory=dict)
    why: str = ""
    rent_for: int | None = None


@record
class TradeReplyDecision(Decision):
    """X2: the partner of ``trade`` (``player``) accepts or refuses it."""

    kind: Literal["trade_reply"] = "trade_reply"
    trade: TradeOffer


@record
class EndVoteDecision(Decision):
    """E2: ``proposer`` proposes to end the game now; each of ``voters`` (from the proposer's left)
    agrees or not, ``player`` now."""

    kind: Literal["end_vote"] = "end_vote"
    proposer: int
    voters: list[int] = field(default_factory=list)


@record
class ShortageAskDecision(Decision):
    """B7: ``builder`` wants the bank's last ``piece`` for ``space``: each of ``askees`` (from the
    builder's left) says whether they want one too, ``player`` now; ``wanting`` holds who said yes."""

    kind: Literal["shortage_ask"] = "shortage_ask"
    space: int
    piece: str
    builder: int
    askees: list[int] = field(default_factory=list)
    wanting: list[int] = field(default_factory=list)


@record
class PlacePieceDecision(Decision):
    """B7: the winner of a shortage auction places the ``piece`` on one of ``choices`` (lots)."""

    kind: Literal["place_piece"] = "place_piece"
    piece: str
    choices: list[int] = field(default_factory=list)


@record
class GameOverDecision(Decision):
    """E1, E2: the game is over: ``winners`` (seats; more than one share a tied win, E2), ``player`` the
    first of them; nothing can be answered."""

    kind: Literal["game_over"] = "game_over"
    winners: list[int] = field(default_factory=list)


Pending = Annotated[
    TurnDecision | JailDecision | JailPayDecision | BuyDecision | BidDecision | TriplesDecision
    | AuctionPickDecision | BusDecision | BusMoveDecision | BirthdayDecision | IncomeTaxDecision | LevellingDecision
    | MortgagedDeedDecision | DebtDecision | TradeReplyDecision | EndVoteDecision | ShortageAskDecision
    | PlacePieceDecision | GameOverDecision,
    Field(discriminator="kind"),
]
"""Any pending decision (its class told by ``kind``)."""



def _kind_of(cls: type[Decision]) -> str:
    """The ``kind`` literal of the decision class ``cls`` (its field's default)."""
    kind = next(f.default for f in fields(cls) if f.name == "kind")
    if not isinstance(kind, str):
        raise TypeError(f"{cls.__name__} has no kind")
    return kind


DECISION_CLASSES: Mapping[str, type[Decision]] = MappingProxyType(
    {_kind_of(cls): cls for cls in get_args(get_args(Pending)[0])})
"""Each decision class by its ``kind``."""
