"""Helpers of the app tests (a uniquely named module: the test folders are not packages)."""

from __future__ import annotations

from pathlib import Path

from megamono.rules.engine import Game
from megamono.tui.app import MegamonoApp

SIZE = (140, 45)
NAMES = ["Ann", "Bob", "Cat"]


def new_game(dice=(), seed: int = 1, names=NAMES) -> Game:
    """Ann, Bob and Cat in seat order (no turn-order roll), with scripted throws first."""
    return Game.new("mega", list(names), seed=seed, dice=list(dice), seat_order=True)


def app_for(game: Game, saves: Path) -> MegamonoApp:
    return MegamonoApp(saves, test_mode=True, game=game)


def screen_name(app) -> str:
    return type(app.screen).__name__


async def settle(pilot, app, until=None, limit: int = 400) -> None:
    """Let the app run (computer players included) until ``until()`` holds, or it is idle."""
    for _ in range(limit):
        await pilot.pause()
        if until is not None:
            if until():
                return
        elif not getattr(app.screen, "_bot_scheduled", False):
            return
    raise AssertionError("the app did not settle")
