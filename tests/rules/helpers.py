"""Helpers for the rules scenario tests: set up a game mid-play and check it.

Tests build a Mega game with scripted dice and seats in the given order (no turn-order
roll), then change ``game.st`` directly (positions, cash, deeds, deck order) while the
first player's "turn" decision is pending, and act.
"""

from __future__ import annotations

from typing import Iterable, Sequence

import pytest

from megamono.rules.actions import Roll
from megamono.rules.engine import Game
from megamono.rules.errors import IllegalAction
from megamono.rules.invariants import check_invariants

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")
ANN, BOB, CID = 0, 1, 2


def new_game(n: int = 3, dice: Iterable[Sequence] | None = None, cash: int | Sequence[int] | None = None,
             seed: int = 1, options: dict | None = None) -> Game:
    """A Mega game of ``n`` players (Ann, Bob, Cid, ...) in seat order, Ann to play.

    ``cash``: one figure for everybody, or one per seat.
    """
    g = Game.new("mega", list(NAMES[:n]), seed=seed, dice=dice, seat_order=True, options=options)
    if cash is not None:
        figures = [cash] * n if isinstance(cash, int) else list(cash)
        for p, c in zip(g.st.players, figures):
            p.cash = c
    return g


def give(game: Game, player: int | None, *spaces: int, level: int = 0, mortgaged: bool = False,
         depot: bool = False) -> None:
    """Hand deeds to ``player`` (None = back to the bank) with buildings, keeping pieces conserved (I2)."""
    bank = game.st.bank
    for i in spaces:
        d = game.st.deeds[i]
        # put back what stands there now
        if d.level == 6:
            bank.skyscrapers += 1
        elif d.level == 5:
            bank.hotels += 1
        else:
            bank.houses += d.level
        if d.depot:
            bank.depots += 1
        d.owner, d.mortgaged, d.level, d.depot = player, mortgaged, level, depot
        if level == 6:
            bank.skyscrapers -= 1
        elif level == 5:
            bank.hotels -= 1
        else:
            bank.houses -= level
        if depot:
            bank.depots -= 1


def give_all(game: Game, player: int, except_: Iterable[int] = ()) -> None:
    """Every deed (but ``except_``) to ``player``, unbuilt and unmortgaged."""
    skip = set(except_)
    give(game, player, *[i for i in game.ed.properties if i not in skip])


def place(game: Game, player: int, space: int) -> None:
    game.st.players[player].position = space


def top(game: Game, deck: str, card_id: str) -> None:
    """Put ``card_id`` on top of ``deck`` ("chance", "community_chest", "bus")."""
    cards = getattr(game.st.decks, deck)
    cards.remove(card_id)
    cards.insert(0, card_id)


def cash(game: Game) -> list[int]:
    return [p.cash for p in game.st.players]


def pos(game: Game) -> list[int]:
    return [p.position for p in game.st.players]


def pend(game: Game) -> tuple[str, int]:
    """(kind, player) of the pending decision."""
    return game.pending.kind, game.pending.player


def ok(game: Game) -> None:
    """The invariants I1-I6 hold."""
    bad = check_invariants(game.ed, game.st)
    assert not bad, bad


def illegal(game: Game, action, *words: str) -> str:
    """``action`` raises IllegalAction, its reason contains ``words``, and nothing changed."""
    before = game.st.model_dump()
    hist = len(game.history)
    with pytest.raises(IllegalAction) as exc:
        game.act(action)
    reason = str(exc.value)
    for w in words:
        assert w.lower() in reason.lower(), reason
    assert game.st.model_dump() == before
    assert len(game.history) == hist
    return reason


def roll(game: Game, player: int = ANN) -> None:
    game.act(Roll(player=player))


def texts(game: Game) -> list[str]:
    return [e.text for e in game.st.log]


def salaries(game: Game, player: int, start: int = 0) -> int:
    """How many GO salaries ``player`` received in the log since ``start``."""
    return sum(1 for e in game.st.log[start:] if e.kind == "cash" and e.payee == player
               and e.payer is None and "GO" in e.text)


def restart_turn(game: Game, player: int = ANN) -> None:
    """Start ``player``'s turn afresh through the engine's own end-of-turn step (T5), so the
    opening decision fits the state set up by the test (e.g. "jail" for a jailed player)."""
    st = game.st
    st.pending = None
    st.agenda.clear()
    n = len(st.players)
    st.turn.player = next((player - d) % n for d in range(1, n + 1)
                          if not st.players[(player - d) % n].bankrupt)
    game.push(game.step("end_turn"))
    game._advance()
    assert game.pending.player == player, game.pending


def jail(game: Game, player: int = ANN, failed: int = 0) -> None:
    """Put ``player`` in jail with ``failed`` failed rolls so far, and start their turn there."""
    pl = game.st.players[player]
    pl.position, pl.in_jail, pl.jail_turns = game.ed.jail, True, failed
    restart_turn(game, player)
