"""Helpers for rules scenario tests (R, B, M, A, D, E).

A scenario starts from a fresh seated game (``new_game``), arranges the board by writing the
state directly (``give``, ``place``, ``cash``, ``set_turn``, ``stack``) while the first turn's
decision is pending, then plays real actions through :meth:`Game.act`. The helpers keep the
invariants whole: ``give`` takes building pieces from the bank (I2) and ``stack`` only reorders
a deck (I6).
"""

from __future__ import annotations

from typing import Iterable, Sequence

import pytest

from megamono.rules.engine import Game
from megamono.rules.errors import IllegalAction
from megamono.rules.invariants import check_invariants

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


NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")
ANN, BOB, CID, DEE = 0, 1, 2, 3


def new_game(n: int = 3, dice: Iterable[Sequence] = (), seed: int = 1, options: dict | None = None,
             edition: str = "mega") -> Game:
    """A game of ``n`` players seated Ann, Bob, Cid, ... in that order, Ann to roll first."""
    g = Game.new(edition, list(NAMES[:n]), seed=seed, dice=list(dice), seat_order=True, options=options)
    assert g.pending.kind == "turn" and g.pending.player == ANN
    _GAMES.append(g)
    return g


def give(game: Game, player: int | None, *spaces: int, level: int | Sequence[int] = 0,
         mortgaged: bool = False, depot: bool = False) -> None:
    """Make ``player`` (None = the bank) the owner of ``spaces`` with the given buildings.

    ``level`` is one level for every space or one per space. Pieces come from (and go back to)
    the bank so that I2 holds.
    """
    levels = [level] * len(spaces) if isinstance(level, int) else list(level)
    assert len(levels) == len(spaces)
    bank = game.st.bank
    for space, lvl in zip(spaces, levels):
        d = game.st.deeds[space]
        _put_back(game, space)
        d.owner, d.mortgaged, d.level, d.depot = player, mortgaged, lvl, depot
        if lvl == 6:
            bank.skyscrapers -= 1
        elif lvl == 5:
            bank.hotels -= 1
        else:
            bank.houses -= lvl
        if depot:
            bank.depots -= 1


def _put_back(game: Game, space: int) -> None:
    d = game.st.deeds[space]
    bank = game.st.bank
    if d.level == 6:
        bank.skyscrapers += 1
    elif d.level == 5:
        bank.hotels += 1
    else:
        bank.houses += d.level
    if d.depot:
        bank.depots += 1
    d.level, d.depot = 0, False


def place(game: Game, player: int, space: int) -> None:
    game.st.players[player].position = space


def cash(game: Game, player: int, amount: int) -> None:
    game.st.players[player].cash = amount


def set_turn(game: Game, player: int) -> None:
    """Hand the pending start-of-turn decision to ``player`` (only at the very first decision)."""
    assert game.pending.kind == "turn"
    game.st.turn.player = player
    game.st.pending.player = player


def stack(game: Game, deck: str, card_id: str) -> None:
    """Put ``card_id`` on top of ``deck`` ("chance", "community_chest", "bus")."""
    cards = getattr(game.st.decks, deck)
    cards.remove(card_id)
    cards.insert(0, card_id)


def dice(game: Game, *throws: Sequence) -> None:
    """Queue scripted throws (w1, w2, speed) for the next rolls of any kind."""
    game.st.script.extend([list(t) for t in throws])


def roll(game: Game, player: int, w1: int, w2: int, speed=1):
    """Queue one throw and roll it."""
    dice(game, (w1, w2, speed))
    return game.act({"kind": "roll", "player": player})


def act(game: Game, kind: str, player: int, **fields):
    return game.act({"kind": kind, "player": player, **fields})


def cashes(game: Game) -> list[int]:
    return [p.cash for p in game.st.players]


def owners(game: Game, *spaces: int) -> list[int | None]:
    return [game.st.deeds[s].owner for s in spaces]


def levels(game: Game, *spaces: int) -> list[int]:
    return [game.st.deeds[s].level for s in spaces]


def bank(game: Game) -> tuple[int, int, int, int]:
    b = game.st.bank
    return (b.houses, b.hotels, b.skyscrapers, b.depots)


def pend(game: Game) -> tuple[str, int]:
    return (game.pending.kind, game.pending.player)


def sound(game: Game) -> None:
    """Assert I1-I7 hold now."""
    bad = check_invariants(game.ed, game.st)
    assert not bad, bad


def illegal(game: Game, action: dict, match: str) -> IllegalAction:
    """Assert that ``action`` is refused with a reason matching ``match`` and changes nothing."""
    before = game.st.model_copy(deep=True)
    history = len(game.history)
    with pytest.raises(IllegalAction, match=match) as exc:
        game.act(action)
    assert game.st == before
    assert len(game.history) == history
    assert exc.value.reason
    return exc.value
