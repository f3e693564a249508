"""Shared helpers of the classic scenario tests: classic board indices, ``new_game``, ``roll_to``."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from megamono.rules.actions import Roll
from megamono.rules.engine import Game

import kit
from kit import ANN, place

MEGA_ONLY_KINDS = {"play_bus_ticket", "build_depot", "sell_depot", "choose_destination", "bus_choice",
                   "birthday_choice", "income_tax_choice", "pick_auction_deed", "level"}

# board indices of the classic edition
GO, INCOME_TAX, READING, ORIENTAL, CHANCE1, VERMONT, CONNECTICUT, JAIL = 0, 4, 5, 6, 7, 8, 9, 10
MEDITERRANEAN, BALTIC = 1, 3
ST_CHARLES, ELECTRIC, STATES, VIRGINIA, PENN_RR = 11, 12, 13, 14, 15
TENNESSEE, CHEST2, NEW_YORK, CHANCE2, ILLINOIS, BANDO = 18, 17, 19, 22, 24, 25
WATER_WORKS, GO_TO_JAIL, CHEST3, SHORT_LINE, CHANCE3 = 28, 30, 33, 35, 36
PARK_PLACE, LUXURY_TAX, BOARDWALK = 37, 38, 39


# ============================================================================ helpers
# The common ones are tests/kit.py's (imported above); these are the classic-only ones.
def new_game(n: int = 3, dice: Iterable[Sequence] | None = None, cash: int | Sequence[int] | None = None,
             options: dict | None = None) -> Game:
    """A classic game of ``n`` players (Ann, Bob, Cid, ...) in seat order, Ann to play:
    :func:`kit.new_game` with ``edition="classic"``."""
    return kit.new_game(n, dice, cash, options=options, edition="classic")


def roll_to(game: Game, space: int, throw: tuple[int, int] = (1, 2), player: int = ANN) -> None:
    """Put ``player`` ``sum(throw)`` spaces before ``space`` and roll ``throw`` to land there
    (the token may then move on: a card, Go To Jail)."""
    place(game, player, (space - sum(throw)) % game.ed.size)
    game.st.script.insert(0, list(throw))  # before any throw already queued for later
    start = len(game.st.log)
    game.act(Roll(player=player))
    moves = [e.space for e in game.st.log[start:] if e.kind == "move" and e.player == player]
    assert moves[:1] == [space], moves
