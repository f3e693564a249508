"""Helpers for the bot tests: set up a game mid-play and let bots answer until a given moment.

``new_game`` and ``give`` are the shared ones of tests/kit.py. (Named ``botkit`` rather than
``helpers``: tests/rules has a ``helpers`` module and pytest puts each test folder on ``sys.path``.)
"""

from __future__ import annotations

from collections.abc import Callable

from megamono.bots import make_bot
from megamono.rules.engine import Game

from kit import give, new_game

__all__ = ["bots_for", "drive", "give", "new_game"]


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
