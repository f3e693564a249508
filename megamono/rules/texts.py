"""Actions in words: the one place an action becomes text (the app, its palette and undo use it).

:func:`action_text` gives a player's words for an action, in two registers:

- full (the default), for an action legal now, as the command palette lists it (the palette puts
  the player's name first): "Roll the dice", "Buy Baltic Avenue ($60)", "Mortgage Reading Railroad",
  "Pay the $50 jail fine";
- ``brief``, a decision in a few words, lower case, for one taken (undo, the hand-over screen) or
  about to be taken: the kind's words (:meth:`~megamono.rules.actions.ActionBase.label`) and the
  space it names, "buy", "decline buy", "mortgage Reading Railroad". It needs no decision pending
  (a "buy" names no space: the deed bought is the pending decision's).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from .actions import (
    Bid,
    BirthdayChoice,
    BusChoice,
    BusMove,
    Buy,
    ChooseDestination,
    ClaimRent,
    DeclineBuy,
    IncomeTaxChoice,
    Level,
    LevelChoice,
    MortgagedDeedChoice,
    PickAuctionDeed,
    PlacePiece,
    PlayBusTicket,
    ProposeTrade,
    ShortageAnswer,
    VoteEnd,
)
from .decisions import BusMoveDecision, BuyDecision

if TYPE_CHECKING:
    from .actions import Action
    from .engine import Game

LEVEL_WORDS: Mapping[LevelChoice, str] = MappingProxyType({
    "build": "build the new lot up (levelling)", "rearrange": "rearrange the group's buildings (levelling)",
    "unmortgage": "unmortgage the new lot", "unmortgage_build": "unmortgage the new lot and build it up",
    "unmortgage_rearrange": "unmortgage the new lot and rearrange", "sell_all": "sell the group's buildings",
    "return": "give the deed back to the bank",
})
"""The levelling choices in words (B8), lower case."""

_PLAIN = MappingProxyType({
    "roll": "Roll the dice",
    "use_jail_card": "Use a Get Out of Jail Free card",
    "roll_for_doubles": "Roll for doubles (in jail)",
    "drop_out": "Drop out of the auction",
    "pass_bid": "Pass on the high bid",
    "pay_debt": "Pay the debt",
    "declare_bankruptcy": "Declare bankruptcy",
    "accept_trade": "Accept the trade",
    "refuse_trade": "Refuse the trade",
    "propose_end": "Propose to end the game",
})
"""Full words of the actions that name nothing (by kind)."""

_MANAGE = MappingProxyType({
    "build": "Build on", "sell_building": "Sell a building on",
    "sell_group_buildings": "Sell every building of the group of", "build_depot": "Build a depot on",
    "sell_depot": "Sell the depot on", "mortgage": "Mortgage", "unmortgage": "Unmortgage"})
"""Full words of the managing actions (B, M), before the space's name."""


def action_text(game: Game, action: Action, *, brief: bool = False) -> str:
    """A player's words for ``action`` (an :data:`~megamono.rules.actions.Action`), no full stop.

    Full (sentence case, for an action legal now, as :meth:`Game.legal_actions` gives it):
    ``"Buy Baltic Avenue ($60)"``, ``"Bid $10 (the lowest bid; ...)"``, ``"Claim the rent for
    Reading Railroad"``. ``brief`` (lower case, for any action, taken or not): ``"buy"``,
    ``"mortgage Reading Railroad"``, ``"play bus ticket Boardwalk"``.
    """
    spaces = game.ed.spaces
    if brief:
        words = action.label()
        for field in ("space", "destination"):
            space = getattr(action, field, None)
            if isinstance(space, int) and 0 <= space < len(spaces):
                return f"{words} {spaces[space].name}"
        return words

    def name(i: int | None) -> str:
        return spaces[i].name if i is not None and 0 <= i < len(spaces) else "?"

    kind = action.kind
    if kind in _PLAIN:
        return _PLAIN[kind]
    if kind == "pay_jail_fine":
        return f"Pay the ${game.ed.rules.jail_fine:,} jail fine"
    pend = game.pending
    if isinstance(action, Buy):
        i = pend.space if isinstance(pend, BuyDecision) else None
        price = spaces[i].price if i is not None else None
        return f"Buy {name(i)}" + (f" (${price:,})" if price else "")
    if isinstance(action, DeclineBuy):
        return f"Auction {name(pend.space) if isinstance(pend, BuyDecision) else ''} (do not buy)"
    if isinstance(action, Bid):
        return f"Bid ${action.amount:,} (the lowest bid; type any amount in the auction dialog)"
    if isinstance(action, PlayBusTicket):
        return f"Play a Bus Ticket to {name(action.destination)}"
    if isinstance(action, ChooseDestination):
        return f"Move to {name(action.space)} (triples)"
    if isinstance(action, BusChoice):
        return ("Take a Bus Ticket" if action.choice == "ticket"
                else "Ride the bus to the next Chance or Community Chest")
    if isinstance(action, BusMove):
        if isinstance(pend, BusMoveDecision):
            steps = {"first": pend.first, "second": pend.second}.get(action.dice, pend.first + pend.second)
            return f"Bus: move {steps} (" + {"first": "the first die", "second": "the second die"}.get(
                action.dice, "both dice") + ")"
        return f"Bus: move by the {action.dice} die" if action.dice != "both" else "Bus: move by both dice"
    if isinstance(action, BirthdayChoice):
        return "Birthday Gift: take the cash" if action.choice == "cash" else "Birthday Gift: take a Bus Ticket"
    if isinstance(action, IncomeTaxChoice):
        return "Income Tax: pay the flat sum" if action.choice == "flat" else "Income Tax: pay the percentage"
    if isinstance(action, PickAuctionDeed):
        return f"Auction {name(action.space)} (Auction space)"
    if isinstance(action, Level):
        return LEVEL_WORDS[action.choice].capitalize()
    if isinstance(action, MortgagedDeedChoice):
        return ("Unmortgage the deed received" if action.choice == "unmortgage"
                else "Keep the deed mortgaged (pay 10%)")
    if isinstance(action, VoteEnd):
        return "Agree to end the game" if action.agree else "Play on (do not end the game)"
    if isinstance(action, ShortageAnswer):
        return "I want the last building too (auction)" if action.want else "I do not want it"
    if isinstance(action, PlacePiece):
        return f"Place the piece on {name(action.space)}"
    if isinstance(action, ClaimRent):
        return f"Claim the rent for {name(action.space)}"
    if isinstance(action, ProposeTrade):
        return f"Propose a trade to {game.name(action.partner)}"
    space = getattr(action, "space", None)
    if kind in _MANAGE and isinstance(space, int):
        return f"{_MANAGE[kind]} {name(space)}"
    return action.label().capitalize()
