"""Helpers for rules scenario tests (R, B, M, A, D, E).

A scenario starts from a fresh seated game (``new_game``), arranges the board by writing the
state directly (``give``, ``place``, ``cash``, ``set_turn``, ``stack``) while the first turn's
decision is pending, then plays real actions through :meth:`Game.act`. The helpers keep the
invariants whole: ``give`` takes building pieces from the bank (I2) and ``stack`` only reorders
a deck (I6).

The common helpers live in tests/kit.py; this module re-exports them under the names these
tests use (``cash`` sets one player's cash, ``stack`` and ``dice`` stack a deck and the dice),
records every game it makes for the autouse fixture ``invariants_hold_at_the_end``, and adds
the dict-action helpers ``roll`` and ``act``.
"""

from __future__ import annotations

import pytest
from megamono.rules.actions import ProposeTrade
from megamono.rules.decisions import TradeSide
from megamono.rules.engine import Game

import kit
from kit import ANN, BOB, CID, DEE, bank, cashes, give, levels, owners, pend, place, sound
from kit import script as dice
from kit import set_cash as cash
from kit import top as stack

__all__ = ["invariants_hold_at_the_end", "ANN", "BOB", "CID", "DEE", "act", "bank", "bob_declines_massachusetts",
           "cash", "cashes", "dice", "give", "illegal", "levels", "new_game", "offer", "owners", "pend", "place",
           "roll", "set_turn", "sound", "stack"]

_GAMES: list[Game] = []


@pytest.fixture(autouse=True)
def invariants_hold_at_the_end():
    """Import this into a test module to check I1-I7 on every game its tests made, at the end."""
    _GAMES.clear()
    yield
    games = list(_GAMES)
    _GAMES.clear()
    for g in games:
        sound(g)


def new_game(n: int = 3, **kw) -> Game:
    """:func:`kit.new_game` (n players seated Ann, Bob, Cid, ... in that order, Ann to roll first),
    recorded for ``invariants_hold_at_the_end``."""
    g = kit.new_game(n, **kw)
    assert g.pending.kind == "turn" and g.pending.player == ANN
    _GAMES.append(g)
    return g


def set_turn(game: Game, player: int) -> None:
    """Hand the pending start-of-turn decision to ``player`` (only at the very first decision)."""
    assert game.pending.kind == "turn"
    game.st.turn.player = player
    game.st.pending.player = player


def roll(game: Game, player: int, w1: int, w2: int, speed=1):
    """Queue one throw and roll it."""
    dice(game, (w1, w2, speed))
    return game.act({"kind": "roll", "player": player})


def act(game: Game, kind: str, player: int, **fields):
    return game.act({"kind": kind, "player": player, **fields})


def illegal(game: Game, action: dict, match: str) -> str:
    """Assert that ``action`` is refused with a reason matching the regular expression ``match``
    and changes nothing (:func:`kit.illegal`)."""
    return kit.illegal(game, action, match=match)


def bob_declines_massachusetts(n: int = 4, **kw) -> Game:
    """A :func:`new_game` of ``n`` players (``kw`` as it takes them) where Bob (seat 1) lands on
    Massachusetts Avenue (7, $100) and declines it: its auction starts, every player bidding from Cid
    on, Bob included (RULES.md A1), open unless ``options`` says ``auction_bidding`` (A3)."""
    g = new_game(n, **kw)
    set_turn(g, BOB)
    roll(g, BOB, 2, 3, 2)  # 0 + 7
    assert pend(g) == ("buy", BOB) and g.pending.space == 7 and g.pending.amount == 100
    act(g, "decline_buy", BOB)
    return g


def offer(player: int, partner: int, give_side: dict | None = None, take_side: dict | None = None) -> ProposeTrade:
    """``player`` proposes to ``partner`` to give ``give_side`` for ``take_side`` (each the fields of a
    :class:`TradeSide`: cash, deeds, jail_cards, bus_tickets) (X1)."""
    return ProposeTrade(player=player, partner=partner, give=TradeSide(**(give_side or {})),
                        take=TradeSide(**(take_side or {})))
