"""Computer seats in the app: which level each computer player plays, and one bot per seat.

A player's ``kind`` ("human" / "computer") is in the game state; the level ("easy" / "normal" / "strong" / "expert") is
kept in the game's ``setup``, on the player's own entry (``setup["players"][k]["level"]``), so it is
saved with the game and comes back on resume. It is keyed by the player's entry, not by seat,
because the turn-order roll reorders the seats after the setup is written. ``Game.replay`` passes
``setup`` to ``Game.new``, whose player model ignores the extra key, so saves still replay.
A computer seat without a recorded level plays "strong".
"""

from __future__ import annotations

from megamono.bots import Memory, make_bot
from megamono.bots.base import Bot
from megamono.rules.engine import Game

LEVELS = ("easy", "normal", "strong", "expert")
DEFAULT_LEVEL = "strong"


def record_levels(game: Game, levels: dict[str, str]) -> None:
    """Store ``levels`` (player name -> level) in ``game.setup`` for the computer players."""
    for entry in game.setup.get("players", []):
        if isinstance(entry, dict) and entry.get("kind") == "computer":
            entry["level"] = levels.get(entry.get("name", ""), DEFAULT_LEVEL)


def bot_levels(game: Game) -> dict[int, str]:
    """Seat -> level of every computer player (from ``game.setup``; "strong" when not recorded)."""
    by_name = {}
    for entry in game.setup.get("players", []) or []:
        if isinstance(entry, dict) and entry.get("level") in LEVELS:
            by_name[str(entry.get("name", "")).casefold()] = entry["level"]
    return {p: by_name.get(pl.name.casefold(), DEFAULT_LEVEL)
            for p, pl in enumerate(game.st.players) if pl.kind == "computer"}


def make_bots(game: Game) -> dict[int, Bot]:
    """One bot per computer seat, seeded from the game's seed and the seat (its own random source),
    the game's bots sharing one memory of what they derive from it (``megamono.bots.Memory``)."""
    seed = int(game.setup.get("seed") or 0)
    memory = Memory()
    return {p: make_bot(level, seed * 31 + 1009 * (p + 1), memory) for p, level in bot_levels(game).items()}
