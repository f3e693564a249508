"""Helpers for the rules scenario tests: set up a game mid-play and check it.

Tests build a Mega game with scripted dice and seats in the given order (no turn-order
roll), then change ``game.st`` directly (positions, cash, deeds, deck order) while the
first player's "turn" decision is pending, and act.

The common helpers live in tests/kit.py; this module re-exports them under the names these
tests use (``cash`` reads everybody's cash, ``ok`` checks the invariants) and adds the ones
that start a turn afresh (``restart_turn``, ``jail``).
"""

from __future__ import annotations

from collections.abc import Iterable

from megamono.rules.actions import DropOut, Roll
from megamono.rules.agenda import EndTurnStep
from megamono.rules.core import push
from megamono.rules.engine import Game

from kit import ANN, BOB, CID, give, illegal, new_game, pend, place, pos, salaries, texts, top
from kit import cashes as cash
from kit import sound as ok

__all__ = ["ANN", "BOB", "CID", "all_drop", "cash", "give", "give_all", "illegal", "jail", "new_game", "ok", "pend",
           "place", "pos", "restart_turn", "roll", "salaries", "texts", "top"]


def give_all(game: Game, player: int, except_: Iterable[int] = ()) -> None:
    """Every deed (but ``except_``) to ``player``, unbuilt and unmortgaged."""
    skip = set(except_)
    give(game, player, *[i for i in game.ed.properties if i not in skip])


def roll(game: Game, player: int = ANN) -> None:
    game.act(Roll(player=player))


def restart_turn(game: Game, player: int = ANN) -> None:
    """Start ``player``'s turn afresh through the engine's own end-of-turn step (T5), so the
    opening decision fits the state set up by the test (e.g. "jail" for a jailed player)."""
    st = game.st
    st.pending = None
    st.agenda.clear()
    n = len(st.players)
    st.turn.player = next((player - d) % n for d in range(1, n + 1)
                          if not st.players[(player - d) % n].bankrupt)
    push(game.st, EndTurnStep())
    game._advance()
    assert game.pending.player == player, game.pending


def jail(game: Game, player: int = ANN, failed: int = 0) -> None:
    """Put ``player`` in jail with ``failed`` failed rolls so far, and start their turn there."""
    pl = game.st.players[player]
    pl.position, pl.in_jail, pl.jail_turns = game.ed.jail, True, failed
    restart_turn(game, player)


def all_drop(g: Game, order: tuple[int, ...] = (BOB, CID, ANN)) -> None:
    """Every bidder of the running seat-order auction drops out, in ``order`` (RULES.md A3)."""
    for p in order:
        g.act(DropOut(player=p))
