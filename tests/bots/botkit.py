"""Helpers for the bot tests: set up a game mid-play and let bots answer until a given moment.

(Named ``botkit`` rather than ``helpers``: tests/rules has a ``helpers`` module and pytest puts
each test folder on ``sys.path``.)
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

from megamono.bots import make_bot
from megamono.rules.engine import Game

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")


def new_game(n: int = 3, edition: str = "mega", dice: Iterable[Sequence] | None = None,
             cash: int | Sequence[int] | None = None, seed: int = 1) -> Game:
    """A game of ``n`` players (Ann, Bob, ...) in seat order, Ann to play."""
    g = Game.new(edition, list(NAMES[:n]), seed=seed, dice=dice, seat_order=True)
    if cash is not None:
        figures = [cash] * n if isinstance(cash, int) else list(cash)
        for p, c in zip(g.st.players, figures):
            p.cash = c
    return g


def give(game: Game, player: int | None, *spaces: int, level: int = 0, mortgaged: bool = False) -> None:
    """Hand deeds to ``player`` with ``level`` buildings, taking the pieces from the bank (I2)."""
    bank = game.st.bank
    for i in spaces:
        d = game.st.deeds[i]
        if d.level == 5:
            bank.hotels += 1
        elif d.level == 6:
            bank.skyscrapers += 1
        else:
            bank.houses += d.level
        d.owner, d.mortgaged, d.level = player, mortgaged, level
        if level == 5:
            bank.hotels -= 1
        elif level == 6:
            bank.skyscrapers -= 1
        else:
            bank.houses -= level


def drive(game: Game, bots: dict, until: Callable[[Game], bool], max_actions: int = 500,
          seen: set | None = None) -> list:
    """Let ``bots`` (seat -> bot) answer every decision until ``until(game)`` holds.

    Asserts that every answer is legal (``why_not`` is None) and that no bot had to fall back.
    Returns the actions taken; ``seen`` collects the pending kinds met.
    """
    taken = []
    for _ in range(max_actions):
        if game.over or until(game):
            return taken
        pend = game.pending
        if seen is not None:
            seen.add(pend.kind)
        bot = bots[pend.player]
        before = bot.fallbacks
        a = bot.choose(game, pend.player)
        assert game.why_not(a) is None, (pend.kind, a, game.why_not(a))
        assert bot.fallbacks == before, bot.fallback_notes
        game.act(a)
        taken.append(a)
    raise AssertionError(f"not reached within {max_actions} actions; waiting on {game.pending.kind}")


def bots_for(game: Game, level: str = "strong", seed: int = 0) -> dict:
    return {k: make_bot(level, seed + k) for k in range(len(game.st.players))}
