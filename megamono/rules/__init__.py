"""The megamono rules core: pure Python and pydantic, no user interface.

The scripting API (see README "Scripting API")::

    from megamono.rules import Game, Roll
    game = Game.new("mega", ["Ann", "Bob"], seed=7, dice=[(3, 4, 2)], seat_order=True)
    game.pending            # who must decide what
    game.legal_actions()    # every legal action now
    game.act(Roll(player=0))

This package never imports Textual or Rich (a test checks it).
"""

from .actions import (
    Action,
    Bid,
    BirthdayChoice,
    Build,
    BuildDepot,
    BusChoice,
    Buy,
    ChooseDestination,
    DeclareBankruptcy,
    DeclineBuy,
    DropOut,
    IncomeTaxChoice,
    Level,
    Mortgage,
    MortgagedDeedChoice,
    PayDebt,
    PayJailFine,
    PickAuctionDeed,
    PlayBusTicket,
    Roll,
    RollForDoubles,
    SellBuilding,
    SellDepot,
    SellGroupBuildings,
    Unmortgage,
    UseJailCard,
    check_action,
    parse_action,
)
from .decisions import Pending
from .editions import Edition, EditionError, load_edition
from .engine import Game
from .errors import IllegalAction
from .invariants import check_invariants
from .state import GameState, Options

__all__ = [
    "Action", "Bid", "BirthdayChoice", "Build", "BuildDepot", "BusChoice", "Buy", "ChooseDestination",
    "DeclareBankruptcy", "DeclineBuy", "DropOut", "Edition", "EditionError", "Game", "GameState",
    "IllegalAction", "IncomeTaxChoice", "Level", "Mortgage", "MortgagedDeedChoice", "Options", "PayDebt",
    "PayJailFine", "Pending", "PickAuctionDeed", "PlayBusTicket", "Roll", "RollForDoubles", "SellBuilding",
    "SellDepot", "SellGroupBuildings", "Unmortgage", "UseJailCard", "check_action", "check_invariants",
    "load_edition", "parse_action",
]
