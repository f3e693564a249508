"""Every action a player can take: one pydantic discriminated union on ``kind``.

Each action names the ``player`` (seat index) who takes it. The engine decides whether
it is legal now (:meth:`megamono.rules.engine.Game.legal_actions`); the app only sends
actions back.

The actions are frozen, slotted standard-library dataclasses, made with keywords
(``Build(player=0, space=3)``), compared and hashed by value. Making one checks nothing
(the bots make many to try them). pydantic works at the edges, as for the state
(:class:`~megamono.rules.state.Record`): :func:`parse_action` (and :data:`ACTION_ADAPTER`)
validate outside data, refusing a negative player, an unknown field or a bad value with the
field named, and ``model_dump`` gives the same dict (and save JSON) as when these were
pydantic models. :func:`check_action`, which :meth:`~megamono.rules.engine.Game.act` calls
first, checks an action in any form, an object exactly as its dict form (pydantic validates
an object's fields again: ``revalidate_instances``), and refuses a malformed one with
:class:`~megamono.rules.errors.IllegalAction` and a one-line reason.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from types import FunctionType, MappingProxyType
from typing import Annotated, Literal, TypeVar, dataclass_transform, get_args, get_origin, get_type_hints

from pydantic import ConfigDict, Field, TypeAdapter, ValidationError

from .decisions import TradeOffer, TradeSide
from .errors import IllegalAction
from .records import Record

_A = TypeVar("_A")


@dataclass_transform(frozen_default=True, kw_only_default=True)
def action(cls: type[_A]) -> type[_A]:
    """The decorator of every action class: a frozen, slotted, keyword-only dataclass, whose
    ``__init__`` stores the fields straight into their slots (:func:`slot_init`)."""
    made = dataclass(frozen=True, slots=True, kw_only=True)(cls)
    init = slot_init(made)
    if init is not None:
        made.__init__ = init  # type: ignore[method-assign]  # (the same signature: see slot_init)
    return made


def slot_init(cls: type) -> Callable[..., None] | None:
    """An ``__init__`` for the frozen, slotted, keyword-only dataclass ``cls``: the signature the
    dataclass's own has (the same names, order and defaults), storing each field through its slot
    (``Cls.field.__set__``). The dataclass's own stores each through ``object.__setattr__``, to get
    past the refusal of changes that makes it frozen, which costs about twice as much, and the
    bots make an action for every answer they weigh (README, "Benchmarks"). None for a class with
    a field made by a default factory (a trade's sides: its own ``__init__`` stays).
    ``tests/rules/test_action_objects.py`` checks every action class against its dataclass's
    ``__init__``."""
    fs = fields(cls)
    if any(f.default_factory is not MISSING for f in fs):
        return None
    names = [f.name for f in fs]
    space: dict[str, object] = {f"_set_{n}": getattr(cls, n).__set__ for n in names}
    space.update({f"_default_{f.name}": f.default for f in fs if f.default is not MISSING})
    params = ", ".join(n if f"_default_{n}" not in space else f"{n}=_default_{n}" for n in names)
    body = "".join(f"\n    _set_{n}(self, {n})" for n in names)
    exec(f"def __init__(self, *, {params}) -> None:{body}", space)  # (as dataclasses makes its own)
    init = space["__init__"]
    assert isinstance(init, FunctionType)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


Seat = Annotated[int, Field(ge=0)]
"""A player's seat number."""


@action
class _Action(Record):
    # revalidate_instances: an action object given to pydantic (check_action) has its fields
    # checked again, as its dict form's would be, instead of being taken as it is
    __pydantic_config__ = ConfigDict(extra="forbid", revalidate_instances="always")
    player: Seat

    def label(self) -> str:
        """Short text for menus and the log."""
        return _KIND_OF[type(self)].replace("_", " ")


# Turn (T1-T3, J2, K8)
@action
class Roll(_Action):
    """Roll the dice (T2/T3)."""
    kind: Literal["roll"] = "roll"


@action
class PlayBusTicket(_Action):
    """[Mega] Play a Bus Ticket instead of rolling: move to ``destination`` (K8)."""
    kind: Literal["play_bus_ticket"] = "play_bus_ticket"
    destination: int


@action
class PayJailFine(_Action):
    """Pay the jail fine (J2)."""
    kind: Literal["pay_jail_fine"] = "pay_jail_fine"


@action
class UseJailCard(_Action):
    """Use a Get Out of Jail Free card (J2)."""
    kind: Literal["use_jail_card"] = "use_jail_card"


@action
class RollForDoubles(_Action):
    """In jail: roll the two white dice for doubles (J2)."""
    kind: Literal["roll_for_doubles"] = "roll_for_doubles"


# Space decisions (S1, A, T3.2, T3.4, S3, S7, S9)
@action
class Buy(_Action):
    """Buy the offered deed at its printed price (S1)."""
    kind: Literal["buy"] = "buy"


@action
class DeclineBuy(_Action):
    """Decline the offered deed; it goes to auction (S1, A1)."""
    kind: Literal["decline_buy"] = "decline_buy"


@action
class Bid(_Action):
    """Bid ``amount`` dollars in the running auction (A2)."""
    kind: Literal["bid"] = "bid"
    amount: int


@action
class DropOut(_Action):
    """Leave the running seat-order auction for good (A3, ``auction_bidding`` = ``"seat_order"``)."""
    kind: Literal["drop_out"] = "drop_out"


@action
class PassBid(_Action):
    """Pass on the high bid of the running open auction (A3): it counts towards closing only; a raise
    by anyone cancels every pass, and the bidder may still raise until it closes."""
    kind: Literal["pass_bid"] = "pass_bid"


@action
class ChooseDestination(_Action):
    """[Mega] Triples: move to ``space`` (T3.2)."""
    kind: Literal["choose_destination"] = "choose_destination"
    space: int


@action
class BusChoice(_Action):
    """[Mega] Bus face: take a Bus Ticket or advance to the next Chance/Community Chest (T3.4)."""
    kind: Literal["bus_choice"] = "bus_choice"
    choice: Literal["ticket", "advance"]


@action
class BusMove(_Action):
    """[Mega] Bus face under the option ``bus_rule`` = ``"speed_die_game"``: move by the ``"first"``
    white die, the ``"second"``, or ``"both"`` (T3.4, RULES.md O)."""
    kind: Literal["bus_move"] = "bus_move"
    dice: Literal["first", "second", "both"]


@action
class BirthdayChoice(_Action):
    """[Mega] Birthday Gift: take the cash or a Bus Ticket (S9)."""
    kind: Literal["birthday_choice"] = "birthday_choice"
    choice: Literal["cash", "ticket"]


@action
class IncomeTaxChoice(_Action):
    """[Mega] Income Tax: pay the flat sum or the percentage of tax worth (S3)."""
    kind: Literal["income_tax_choice"] = "income_tax_choice"
    choice: Literal["flat", "percent"]


@action
class PickAuctionDeed(_Action):
    """[Mega] Auction space: pick the bank deed at ``space`` to auction (S7)."""
    kind: Literal["pick_auction_deed"] = "pick_auction_deed"
    space: int


LevelChoice = Literal["build", "rearrange", "unmortgage", "unmortgage_build",
                      "unmortgage_rearrange", "sell_all", "return"]
LEVEL_CHOICES: tuple[LevelChoice, ...] = get_args(LevelChoice)
"""Every way of levelling (B8), in the order the screen offers them."""


@action
class Level(_Action):
    """[Mega] Levelling after gaining the last lot of a built group (B8)."""
    kind: Literal["level"] = "level"
    choice: LevelChoice


@action
class MortgagedDeedChoice(_Action):
    """A mortgaged deed received: unmortgage now or pay 10% and keep it mortgaged (M3)."""
    kind: Literal["mortgaged_deed_choice"] = "mortgaged_deed_choice"
    choice: Literal["unmortgage", "keep"]


@action
class PayDebt(_Action):
    """Pay what is owed, once enough cash is raised (D1)."""
    kind: Literal["pay_debt"] = "pay_debt"


@action
class DeclareBankruptcy(_Action):
    """Declare bankruptcy (D2-D5): allowed only when the debt cannot be covered."""
    kind: Literal["declare_bankruptcy"] = "declare_bankruptcy"


# Managing property, any time the game waits (T1, B, M)
@action
class Build(_Action):
    """Build one level (house, hotel or skyscraper) on the street at ``space`` (B1-B4)."""
    kind: Literal["build"] = "build"
    space: int


@action
class SellBuilding(_Action):
    """Sell one level of building on ``space`` back to the bank for half a step (B5)."""
    kind: Literal["sell_building"] = "sell_building"
    space: int


@action
class SellGroupBuildings(_Action):
    """Sell every building in the colour group of ``space`` (B5, when pieces are short)."""
    kind: Literal["sell_group_buildings"] = "sell_group_buildings"
    space: int


@action
class BuildDepot(_Action):
    """[Mega] Build a train depot on the railroad at ``space`` (B6)."""
    kind: Literal["build_depot"] = "build_depot"
    space: int


@action
class SellDepot(_Action):
    """[Mega] Sell the depot on ``space`` back to the bank (B6)."""
    kind: Literal["sell_depot"] = "sell_depot"
    space: int


@action
class Mortgage(_Action):
    """Mortgage the deed at ``space`` (M1)."""
    kind: Literal["mortgage"] = "mortgage"
    space: int


@action
class Unmortgage(_Action):
    """Lift the mortgage on ``space`` for its value plus 10% (M2)."""
    kind: Literal["unmortgage"] = "unmortgage"
    space: int


@action
class ProposeTrade(_Action):
    """Offer ``partner`` a trade: ``player`` gives ``give`` and receives ``take`` (X1)."""
    kind: Literal["propose_trade"] = "propose_trade"
    partner: int
    give: TradeSide = field(default_factory=TradeSide)
    take: TradeSide = field(default_factory=TradeSide)

    def offer(self) -> TradeOffer:
        return TradeOffer(proposer=self.player, partner=self.partner, give=self.give, take=self.take)


@action
class AcceptTrade(_Action):
    """Accept the trade on offer (X1)."""
    kind: Literal["accept_trade"] = "accept_trade"


@action
class RefuseTrade(_Action):
    """Refuse the trade on offer; nothing changes (X1)."""
    kind: Literal["refuse_trade"] = "refuse_trade"


@action
class ProposeEnd(_Action):
    """Propose to end the game now; every other player must agree (E2)."""
    kind: Literal["propose_end"] = "propose_end"


@action
class VoteEnd(_Action):
    """Agree or not to end the game now (E2)."""
    kind: Literal["vote_end"] = "vote_end"
    agree: bool


@action
class TimeUp(_Action):
    """Option ``time_limit``: the game's minutes are up; it ends when this round ends, and the highest
    final worth wins (O, E2).

    Recorded by the app when its clock says so, not chosen by a player: RULES.md O says "made by no
    player", yet every action names a seat, so ``player`` is the seat whose decision is pending when
    time runs out (the first of ``pending.players``); it is only the record's place in the game, and
    the rules treat it as no one's choice. That keeps the ``Action`` union one kind of record (every
    action has a seat) and the save's list of actions replays it like any other. Legal whenever the
    game waits with the option set and time not yet up; ``legal_actions`` never offers it (no bot or
    player makes it), and undo never takes it back.
    """
    kind: Literal["time_up"] = "time_up"


@action
class ClaimRent(_Action):
    """Option ``rent_must_be_claimed``: claim the rent owed for ``space`` (T6)."""
    kind: Literal["claim_rent"] = "claim_rent"
    space: int


@action
class ShortageAnswer(_Action):
    """B7: say whether you want the bank's last piece too."""
    kind: Literal["shortage_answer"] = "shortage_answer"
    want: bool


@action
class PlacePiece(_Action):
    """B7: place the piece won at a shortage auction on ``space``."""
    kind: Literal["place_piece"] = "place_piece"
    space: int


Action = Annotated[
    (Roll | PlayBusTicket | PayJailFine | UseJailCard | RollForDoubles | Buy | DeclineBuy | Bid | DropOut | PassBid |
     ChooseDestination | BusChoice | BusMove | BirthdayChoice | IncomeTaxChoice | PickAuctionDeed | Level |
     MortgagedDeedChoice | PayDebt | DeclareBankruptcy | Build | SellBuilding | SellGroupBuildings | BuildDepot
     | SellDepot | Mortgage | Unmortgage | ProposeTrade | AcceptTrade | RefuseTrade | ProposeEnd | VoteEnd |
     ClaimRent | ShortageAnswer | PlacePiece | TimeUp),
    Field(discriminator="kind"),
]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
ACTION_TYPES: tuple[type, ...] = get_args(get_args(Action)[0])


def _kind_of_class(t: type) -> str:
    """The ``kind`` of the action class ``t`` (its field's default)."""
    default = next(f.default for f in fields(t) if f.name == "kind")
    if not isinstance(default, str):
        raise TypeError(f"{t.__name__}'s kind has no default")
    return default


ACTION_KINDS: Mapping[str, type] = MappingProxyType({_kind_of_class(t): t for t in ACTION_TYPES})
"""Each action class by its ``kind``."""
ActionBase = _Action
"""The base class of every action (``isinstance(x, ActionBase)``)."""
ManageAction = Build | SellBuilding | SellGroupBuildings | BuildDepot | SellDepot | Mortgage | Unmortgage
"""The managing actions (T1): each names the deed or street (``space``) it changes."""
MANAGE_TYPES: tuple[type[ManageAction], ...] = get_args(ManageAction)
MANAGE_KINDS = frozenset({"build", "sell_building", "sell_group_buildings", "build_depot",
                          "sell_depot", "mortgage", "unmortgage"})
RAISE_MONEY_KINDS = frozenset({"sell_building", "sell_group_buildings", "sell_depot", "mortgage"})


def parse_action(data: Mapping[str, object] | str) -> Action:
    """An action from a dict or JSON text, validated (pydantic ``ValidationError`` if bad)."""
    if isinstance(data, str):
        return ACTION_ADAPTER.validate_json(data)
    return ACTION_ADAPTER.validate_python(data)


_KIND_OF: Mapping[type, str] = MappingProxyType({t: k for k, t in ACTION_KINDS.items()})


_FieldForm = tuple[str, type, int | None, frozenset[str] | None]
"""What a field's value must be for pydantic to take it as it is (:func:`_quick_checks`): the
field's name, the value's exact class (``int`` is not met by a bool), the least value of a number
(0 for a seat, else None) and a ``Literal``'s strings (else None)."""


def _quick_checks(cls: type) -> tuple[_FieldForm, ...] | None:
    """For each field of the action class ``cls`` (``kind`` too), what a value must be to be
    exactly what pydantic makes of it in the dict form: an ``int`` (not a bool, a float or a
    string: those are converted or refused), a seat (an ``int`` of at least 0), a ``bool``, or
    one of a ``Literal``'s strings. None when a field has another type (a trade's sides, which
    are mutable: pydantic checks and copies them)."""
    hints = get_type_hints(cls, include_extras=True)
    out: list[_FieldForm] = []
    for f in fields(cls):
        hint = hints[f.name]
        if hint is int or hint is bool:
            out.append((f.name, hint, None, None))
        elif hint == Seat:
            out.append((f.name, int, 0, None))
        elif get_origin(hint) is Literal and all(type(x) is str for x in get_args(hint)):
            out.append((f.name, str, None, frozenset(get_args(hint))))
        else:
            return None
    return tuple(out)


_QUICK: Mapping[type, tuple[_FieldForm, ...]] = MappingProxyType({
    t: checks for t in ACTION_TYPES if (checks := _quick_checks(t)) is not None})
"""The quick checks of :func:`check_action`, for each action class that has them."""


def check_action(data: object) -> Action:
    """The well-formed action that ``data`` stands for: an action object, its dict form or its
    JSON text (as :meth:`~megamono.rules.engine.Game.act` takes them).

    An object is checked exactly as its dict form is: pydantic validates its fields again in
    the same (lax) way, so ``Roll(player="0")`` is read as ``{"kind": "roll", "player": "0"}``
    is, as ``Roll(player=0)``, and ``Bid(player=1, amount=float("nan"))`` is refused as its
    dict is. The quick way first: an object whose every field already holds exactly what
    pydantic would make of it (:data:`_QUICK`: an ``int`` that is not a bool, a ``bool``, one of
    the allowed strings) is returned as it is; any other object (and every trade offer) is
    validated and a new one returned. One difference from the dict form: an object whose
    ``kind`` is not its class's (``Roll(player=0, kind="buy")``) is refused, not read as the
    other kind. Only the form is checked: whether the action is legal now is
    :meth:`~megamono.rules.engine.Game.why_not`'s question.

    Raises :class:`IllegalAction` when ``data`` is not an action, with a one-line reason naming
    the field and the problem (:func:`validation_reason`), e.g.
    ``not an action: amount: Input should be a finite number``.
    """
    try:
        t = data.__class__
        if t in _QUICK:  # (action classes only; a read-only mapping: ``in`` and ``[]`` are quicker than ``get``)
            for name, form, least, choices in _QUICK[t]:
                v = getattr(data, name)
                if (v.__class__ is not form or (least is not None and isinstance(v, int) and v < least)
                        or (choices is not None and v not in choices)):
                    break
            else:  # (the usual case: an action from legal_actions, a bot or the app)
                return data  # type: ignore[return-value]  # every action class is in the union (ACTION_TYPES)
        if isinstance(data, ActionBase):
            kind = getattr(data, "kind", None)
            cls = ACTION_KINDS.get(kind) if isinstance(kind, str) else None
            if cls is None or not isinstance(data, cls):
                own = _KIND_OF.get(type(data))
                raise IllegalAction("not an action: " + (
                    f"kind: a {type(data).__name__}'s kind is {own!r}, not {kind!r}" if own
                    else f"a {type(data).__name__} is none of the actions"))
            return ACTION_ADAPTER.validate_python(data)
        return parse_action(data)  # type: ignore[arg-type]  # (anything else is refused below)
    except ValidationError as exc:
        raise IllegalAction(f"not an action: {validation_reason(exc)}") from None


def validation_reason(exc: ValidationError, most: int = 3) -> str:
    """pydantic's errors for an action as one line: ``FIELD: PROBLEM`` for each of the first
    ``most``, separated by "; " (``give.deeds.1: Input should be a valid integer, ...``).

    The field is named as in the action's dict form (the union's tag, which pydantic puts
    first, is left out); a missing or unknown ``kind`` and input that is not even a dict are
    said in words.
    """
    errors = exc.errors(include_url=False)
    parts = []
    for err in errors[:most]:
        loc = err["loc"]
        if loc and isinstance(loc[0], str) and loc[0] in ACTION_KINDS:
            loc = loc[1:]
        what = err["type"]
        if what == "union_tag_invalid":
            text = f"kind: '{err.get('ctx', {}).get('tag')}' is not a kind of action"
        elif what == "union_tag_not_found":
            text = "kind: Field required"
        elif not loc and what in ("model_attributes_type", "dict_type"):
            text = f"expected an action, its dict form or its JSON text, not {type(err['input']).__name__}"
        else:
            text = ".".join(str(x) for x in loc) + ": " + err["msg"] if loc else err["msg"]
        parts.append(text)
    if len(errors) > most:
        parts.append(f"and {len(errors) - most} more")
    return "; ".join(parts).replace("\n", " ")
