"""Helpers of the app tests (a uniquely named module: the test folders are not packages).

Games are built by tests/kit.py's ``new_game`` (imported as ``kit``), with the app tests' players.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from megamono.rules.engine import Game
from megamono.tui.app import MegamonoApp

import kit

SIZE = (140, 45)
NAMES = ["Ann", "Bob", "Cat"]


def new_game(dice: Sequence = (), seed: int = 1, names: Sequence[str | dict] = NAMES,
             options: dict | None = None) -> Game:
    """A Mega game of Ann, Bob and Cat (or ``names``) in seat order (no turn-order roll), with
    scripted throws first and ``options``: :func:`kit.new_game` with the app tests' players.
    Auctions in seat order unless ``options`` say otherwise (the app tests written before open
    auctions; tests/tui/test_open_auction.py asks for ``open``)."""
    return kit.new_game(dice=list(dice), seed=seed, names=names, options={**kit.SEAT_ORDER, **(options or {})})


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


def shown(thing, width: int = 220) -> str:
    """What a Rich renderable prints, without colour: ``thing`` itself, or a Static's content."""
    from io import StringIO

    from rich.console import Console

    out = StringIO()
    Console(file=out, width=width, color_system=None).print(getattr(thing, "content", thing))
    return out.getvalue()
