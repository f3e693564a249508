"""Helpers of the app tests (a uniquely named module: the test folders are not packages).

Games are built by tests/kit.py's ``new_game`` (imported as ``kit``), with the app tests' players.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import AsyncIterator, Iterator, Sequence
from pathlib import Path

from megamono.rules.engine import Game
from megamono.tui.app import MegamonoApp
from megamono.tui.dialogs.notice import PassKeyboard
from megamono.tui.runtime import Runtime
from textual import events

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
    return MegamonoApp(saves, runtime=Runtime.scripted(), game=game)


def screen_name(app) -> str:
    return type(app.screen).__name__


async def settle(pilot, app, until=None, limit: int = 400) -> None:
    """Let the app run (computer players included) until ``until()`` holds, or it is idle."""
    for _ in range(limit):
        await pilot.pause()
        if until is not None:
            if until():
                return
        elif not getattr(getattr(app.screen, "turns", None), "scheduled", False):
            return
    raise AssertionError("the app did not settle")


def shown(thing, width: int = 220) -> str:
    """What a Rich renderable prints, without colour: ``thing`` itself, or a Static's content."""
    from io import StringIO

    from rich.console import Console

    out = StringIO()
    Console(file=out, width=width, color_system=None).print(getattr(thing, "content", thing))
    return out.getvalue()


def burst(app, *keys: str) -> None:
    """Post ``keys`` to the app all at once, as a terminal delivers keys typed fast (a pilot's press
    waits after each key). Named keys ("enter", "escape") carry no character."""
    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))


@contextlib.contextmanager
def guards_on(app) -> Iterator[None]:
    """The dialogs' key guards and the hand-over's rest on meanwhile (a scripted runtime has none)."""
    scripted = app.runtime
    app.runtime = dataclasses.replace(scripted, guards=True)
    try:
        yield
    finally:
        app.runtime = scripted


@contextlib.asynccontextmanager
async def guarded_hand_over(app, pilot, player: int, guard: float = 60.0,
                            rest: float = PassKeyboard.REST) -> AsyncIterator[PassKeyboard]:
    """A hand-over notice to ``player`` opened on the game screen with its guard on (``guard`` and
    ``rest`` seconds: a scripted runtime has no guards, so they are on meanwhile)."""
    game_screen = app.screen
    notice = PassKeyboard(game_screen.look, player, "", owner=game_screen)
    notice.GUARD, notice.REST = guard, rest
    with guards_on(app):
        game_screen.open(notice, None)
        await pilot.pause()
        yield notice


async def pass_after_a_rest(app, pilot, notice: PassKeyboard) -> None:
    """The guard over and a rest taken: Enter passes the hand-over ``notice`` to the game screen."""
    notice.GUARD = notice.REST = 0.0
    await pilot.press("enter")
    await pilot.pause()
    assert screen_name(app) == "GameScreen"


def unwritable(tmp_path: Path) -> Path:
    """A save folder that cannot be written: its path is a file."""
    folder = tmp_path / "saves"
    folder.write_text("not a folder")
    return folder


async def roll_and_quit(app, pilot) -> None:
    """Ann rolls to a buy decision, then Ctrl+Q and yes: the app quits (or says why it cannot)."""
    await pilot.press("r")
    await pilot.pause()
    assert screen_name(app) == "BuyDialog"
    await pilot.press("ctrl+q")
    await pilot.pause()
    assert screen_name(app) == "QuitQuestion"
    assert "will be autosaved" in app.screen.question and "is autosaved" not in app.screen.question
    await pilot.press("y")
    await pilot.pause()
