"""Recipes that bring the real app to each of its screens, for the tests that close the terminal
(or kill the game) on every screen (``test_terminal_close.py``) and storm it with resizes.

A :class:`Recipe` makes a :class:`~megamono.tui.app.MegamonoApp` (not in test mode: the real
signal handling is on) and drives it with a Textual Pilot until its screen is on top, making the
game's last decision in the app on the way, so that an autosave written when the terminal closes
must hold that decision. ``screen_launcher.py`` runs a recipe in a real terminal.

:func:`screen_classes` finds every Screen class of ``megamono.tui``; :data:`RECIPES` must have one
for each, or :data:`NOT_SHOWN` must say why that class is never on screen itself.

The games come from ``data/screen-games.json`` (seeded random play reaching each kind of decision,
made by ``make_screen_games.py``) and from ``saves/examples/late-game.json``.
"""

from __future__ import annotations

import fcntl
import importlib
import json
import pkgutil
import struct
import termios
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from textual.screen import Screen

HERE = Path(__file__).resolve().parent
GAMES = HERE / "data" / "screen-games.json"
LATE_GAME = HERE.parents[1] / "saves" / "examples" / "late-game.json"
SIZE = (140, 45)

Drive = Callable[..., Awaitable[None]]


# ============================================================================ discovering screens
def screen_classes() -> dict[str, type]:
    """Every subclass of Textual's ``Screen`` defined in ``megamono.tui`` (all its modules are
    imported first), by class name."""
    import megamono.tui as tui

    for info in pkgutil.walk_packages(tui.__path__, tui.__name__ + "."):
        importlib.import_module(info.name)
    found: dict[str, type] = {}
    todo = [Screen]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            todo.append(sub)
            if sub.__module__.startswith("megamono.tui"):
                found[sub.__name__] = sub
    return found


NOT_SHOWN = {
    "DecisionDialog": "the base of the decision dialogs (every subclass has a recipe)",
    "QuestionDialog": "the base of the trade reply, end vote and shortage questions",
}
"""Screen classes that are never on screen themselves, and why."""


# ============================================================================ games
@lru_cache(maxsize=1)
def _games() -> dict:
    return json.loads(GAMES.read_text())


def actions_to(kind: str, bidding: str = "seat_order") -> tuple[dict, list[dict]]:
    """(setup, actions) of a game whose actions lead to its first decision of ``kind`` (``turn``: not
    the first one); its auctions in ``bidding`` (RULES.md A3; the games were recorded in seat order,
    so ``open`` only for the first auction)."""
    data = _games()
    seed, k = data["decisions"][kind]
    game = data["games"][seed]
    setup = dict(game["setup"])  # recorded before open auctions (A3): their auctions are in seat order
    setup["options"] = {**setup.get("options", {}), "auction_bidding": bidding}
    return setup, game["actions"][:k]


def game_before(kind: str, bidding: str = "seat_order"):
    """The game one action before its decision of ``kind``, and that action (to be made in the app)."""
    from megamono.rules.actions import parse_action
    from megamono.rules.engine import Game

    setup, actions = actions_to(kind, bidding)
    return Game.replay(setup, actions[:-1]), parse_action(actions[-1])


def late_game():
    from megamono.saves import load_game

    return load_game(LATE_GAME)


# ============================================================================ driving the app
def top_name(app) -> str:
    return type(app.screen).__name__


async def until(pilot, test: Callable[[], bool], what: str, limit: float = 60.0) -> None:
    """Let the app run until ``test()`` holds (at most ``limit`` seconds: machines may be loaded)."""
    deadline = time.monotonic() + limit
    while not test():
        if time.monotonic() > deadline:
            raise AssertionError(f"never reached {what} (on top: {top_name(pilot.app)})")
        await pilot.pause(0.05)


def game_screen(app):
    from megamono.tui.screens.game import GameScreen

    return next((s for s in app.screen_stack if isinstance(s, GameScreen)), None)


def waiting(app) -> bool:
    """The game screen shows what the game waits for: the board on a turn, else the decision's dialog."""
    from megamono.tui.dialogs.base import DecisionDialog

    gs = game_screen(app)
    if gs is None or gs.game.pending is None:
        return False
    top = app.screen
    if gs.game.pending.kind == "turn":
        return top is gs and gs.view.animation is None
    return isinstance(top, DecisionDialog) and top.pend is gs.game.pending


async def decide(pilot, action) -> None:
    """Make ``action`` in the app as its dialog (or the board, on a turn) would; a hand-over notice
    on the way is waved through (Enter)."""
    from megamono.tui.dialogs.base import DecisionDialog
    from megamono.tui.dialogs.notice import PassKeyboard

    app = pilot.app
    deadline = time.monotonic() + 60
    while not waiting(app):
        if isinstance(app.screen, PassKeyboard):
            app.screen.action_ok()
        if time.monotonic() > deadline:
            raise AssertionError(f"the game never waited for a decision (on top: {top_name(app)})")
        await pilot.pause(0.05)
    top = app.screen
    if isinstance(top, DecisionDialog):
        top.dismiss(action)
    else:
        gs = game_screen(app)
        gs.act(action)  # (the change's message redraws, then shows what comes next)
    await pilot.pause()


async def on_top(pilot, name: str) -> None:
    await until(pilot, lambda: top_name(pilot.app) == name, name)


def resize_terminal(width: int, height: int, fd: int = 0) -> None:
    """Set the size of the terminal on ``fd``, as a window being resized does (the kernel sends
    SIGWINCH to the terminal's foreground processes)."""
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))


# ============================================================================ recipes
@dataclass(frozen=True)
class Recipe:
    """How to reach one screen: ``make(saves_dir)`` builds the app, ``drive(pilot)`` brings it there
    (and returns once it is on top). ``game``: a game is in play there, so closing must autosave it."""

    make: Callable[[Path], object]
    drive: Drive
    game: bool = True
    size: tuple[int, int] = SIZE


def _app(saves: Path, game=None, hand_over: bool = False):
    from megamono.tui.app import MegamonoApp

    app = MegamonoApp(saves, game=game)
    app.pass_notices = hand_over
    app.animations = False
    return app


def at_decision(kind: str, then: Drive | None = None, expect: str | None = None,
                hand_over: bool = False, bidding: str = "seat_order") -> Recipe:
    """The game one action before its first decision of ``kind``; the app makes that action, then
    ``then(pilot)`` runs, and ``expect`` (a screen class name) must be on top."""
    state: dict = {}

    def make(saves: Path):
        state["game"], state["last"] = game_before(kind, bidding)
        return _app(saves, state["game"], hand_over)

    async def drive(pilot) -> None:
        await decide(pilot, state["last"])
        if expect is None:
            await until(pilot, lambda: waiting(pilot.app), f"the {kind} decision")
        if then is not None:
            await then(pilot)
            if expect is not None:
                await _again_if_lost(pilot, then, expect)
        if expect is not None:
            await on_top(pilot, expect)

    return Recipe(make, drive)


async def _again_if_lost(pilot, then: Drive, expect: str, tries: int = 3, wait: float = 5.0) -> None:
    """On a loaded machine a key pressed just as the board settles (a dialog closing, the screen
    coming back on top) can be lost: while ``expect`` is not on top after ``wait`` seconds and the game
    still waits where it did (:func:`waiting`: the board, or the pending decision's dialog), run
    ``then`` again (at most ``tries`` times)."""
    for _ in range(tries):
        deadline = time.monotonic() + wait
        while top_name(pilot.app) != expect and time.monotonic() < deadline:
            await pilot.pause(0.05)
        if top_name(pilot.app) == expect or not waiting(pilot.app):
            return
        await then(pilot)


def keys(*pressed: str) -> Drive:
    async def drive(pilot) -> None:
        await until(pilot, lambda: waiting(pilot.app), "the board")
        await pilot.press(*pressed)
        await pilot.pause()
    return drive


def board_action(action: str) -> Drive:
    """Run the game screen's ``action`` (as its key would, without the key: what these recipes test is
    the screen reached, and a key pressed as the board settles could be lost on a loaded machine)."""
    async def drive(pilot) -> None:
        await until(pilot, lambda: waiting(pilot.app), "the board")
        gs = game_screen(pilot.app)
        assert gs.check_action("key", (action,)) is True, f"{action} is not allowed on the board now"
        gs.action_key(action)
        await pilot.pause()
    return drive


def call(method: str, *args) -> Drive:
    async def drive(pilot) -> None:
        getattr(pilot.app, method)(*args)
        await pilot.pause()
    return drive


def no_game(*pressed: str, expect: str, size: tuple[int, int] = SIZE) -> Recipe:
    async def drive(pilot) -> None:
        await on_top(pilot, "StartScreen")
        if pressed:
            await pilot.press(*pressed)
        await on_top(pilot, expect)

    return Recipe(lambda saves: _app(saves), drive, game=False, size=size)


async def _rename(pilot) -> None:
    from megamono.saves import save_game
    from textual.widgets import DataTable

    app = pilot.app
    # (the game's own autosave is not renamed while it is played: rename another save)
    other = save_game(game_screen(app).game, "another save", app.saves_dir)
    await app.run_action("saved_games")
    await on_top(pilot, "ResumeScreen")
    await until(pilot, lambda: bool(app.screen.query(DataTable)), "the list of saves")
    app.screen.query_one(DataTable).move_cursor(row=app.screen.paths.index(other))
    await pilot.pause()
    for _ in range(3):  # (a key pressed as the list settles can be lost on a loaded machine)
        await pilot.press("n")
        deadline = time.monotonic() + 5
        while top_name(app) == "ResumeScreen" and time.monotonic() < deadline:
            await pilot.pause(0.05)
        if top_name(app) != "ResumeScreen":
            return


async def _generic(pilot) -> None:
    from megamono.tui.dialogs.generic import GenericDialog

    app = pilot.app
    gs = game_screen(app)
    await until(pilot, lambda: waiting(app), "the buy dialog")
    app.screen.action_hide()  # (Esc: a key pressed as a dialog opens would be ignored)
    await until(pilot, lambda: app.screen is gs, "the board")
    from megamono.tui.screens.game_flow import decided

    gs.open(GenericDialog(gs.game, gs.look), lambda result: decided(gs, result))  # the same decision, generically


async def _pick(pilot) -> None:
    from megamono.tui.dialogs.social import PickDialog

    gs = game_screen(pilot.app)
    gs.open(PickDialog("Which one?", [("one", 1), ("two", 2)]), lambda _: None)


async def _shrink(pilot) -> None:
    resize_terminal(80, 24)


def _unwritable_saves(kind: str) -> Recipe:
    """The game one action before its first decision of ``kind``, played on a save folder that cannot
    be written (its path is a file): leaving (``q``, ``y``) cannot autosave, and says so
    (SaveFailedDialog); closing the terminal then writes the game to the rescue folder."""
    inner = at_decision(kind, keys("q", "y"), "SaveFailedDialog")

    def make(saves: Path):
        blocked = saves / "blocked"
        blocked.write_text("a file, not a folder")
        return inner.make(blocked)

    return Recipe(make, inner.drive)


def _late_game_vote(end: bool) -> Recipe:
    """The late-game example: its player proposes to end the game; with ``end`` all agree."""
    from megamono.rules.actions import ProposeEnd, VoteEnd

    def make(saves: Path):
        return _app(saves, late_game())

    async def drive(pilot) -> None:
        await until(pilot, lambda: waiting(pilot.app), "the late game")
        gs = game_screen(pilot.app)
        await decide(pilot, ProposeEnd(player=gs.game.pending.player))
        if end:
            while not gs.game.over:
                await decide(pilot, VoteEnd(player=gs.game.pending.player, agree=True))
            await on_top(pilot, "GameOverScreen")
        else:
            await on_top(pilot, "EndVoteDialog")

    return Recipe(make, drive)


def _bus_move() -> Recipe:
    """A Mega game with the option ``bus_rule`` = ``"speed_die_game"`` and a scripted Bus throw: the
    app makes the roll, and the Speed Die game's Bus asks which dice move the token (RULES.md O, T3.4)."""
    from megamono.rules.actions import Roll
    from megamono.rules.engine import Game

    def make(saves: Path):
        game = Game.new("mega", ["Ann", "Bob", "Cat"], seed=1, dice=[(1, 3, "bus")], seat_order=True,
                        options={"bus_rule": "speed_die_game"})
        return _app(saves, game)

    async def drive(pilot) -> None:
        await decide(pilot, Roll(player=0))
        await on_top(pilot, "BusMoveDialog")

    return Recipe(make, drive)


def _replay() -> Recipe:
    """``megamono replay`` of the late-game example, a turn in: the replay is the app's only screen and
    no game is in play (nothing to autosave; the save is only read)."""

    def make(saves: Path):
        from megamono.replay import Timeline
        from megamono.tui.app import MegamonoApp

        app = MegamonoApp(saves, replay=Timeline.from_save(LATE_GAME))
        app.animations = False
        return app

    async def drive(pilot) -> None:
        await on_top(pilot, "ReplayScreen")
        await pilot.press("right", "pagedown")

    return Recipe(make, drive, game=False)


def _review() -> Recipe:
    """``megamono review`` of the late-game example: the review is the app's only screen, its playouts
    running in their worker thread when the terminal closes; no game is in play (the save is only read)."""

    def make(saves: Path):
        from megamono.review import review_game
        from megamono.saves import load_game
        from megamono.tui.app import MegamonoApp

        app = MegamonoApp(saves, review=(review_game(load_game(LATE_GAME)), "late-game"))
        app.animations = False
        return app

    async def drive(pilot) -> None:
        await on_top(pilot, "ReviewScreen")
        await pilot.press("down")

    return Recipe(make, drive, game=False)


RECIPES: dict[str, Recipe] = {
    # without a game
    "StartScreen": no_game(expect="StartScreen"),
    "SetupScreen": no_game("n", expect="SetupScreen"),
    "ReplayScreen": _replay(),
    "ReviewScreen": _review(),
    # a game, after a decision made in the app
    "GameScreen": at_decision("turn", expect="GameScreen"),
    "ManageScreen": at_decision("turn", board_action("manage"), "ManageScreen"),
    "TradeScreen": at_decision("turn", board_action("trade"), "TradeScreen"),
    "HelpScreen": at_decision("turn", board_action("help"), "HelpScreen"),
    "ChancesScreen": at_decision("turn", board_action("win_chances"), "ChancesScreen"),
    "CoachScreen": at_decision("turn", board_action("coach"), "CoachScreen"),
    "SaveDialog": at_decision("turn", board_action("save"), "SaveDialog"),
    "ConfirmDialog": at_decision("turn", board_action("leave"), "ConfirmDialog"),
    "QuitQuestion": at_decision("turn", call("action_quit"), "QuitQuestion"),
    "RulesScreen": at_decision("turn", board_action("rules"), "RulesScreen"),
    "OptionsScreen": at_decision("turn", call("action_options"), "OptionsScreen"),
    "ResumeScreen": at_decision("turn", call("action_saved_games"), "ResumeScreen"),
    "RenameDialog": at_decision("turn", _rename, "RenameDialog"),
    "PickDialog": at_decision("turn", _pick, "PickDialog"),
    "TooSmallScreen": at_decision("buy", _shrink, "TooSmallScreen"),
    "PassKeyboard": at_decision("bid", expect="PassKeyboard", hand_over=True),
    "GenericDialog": at_decision("buy", _generic, "GenericDialog"),
    "BuyDialog": at_decision("buy", expect="BuyDialog"),
    "BidDialog": at_decision("bid", expect="BidDialog"),
    "OpenAuctionDialog": at_decision("bid", expect="OpenAuctionDialog", bidding="open"),
    "TradeReplyDialog": at_decision("trade_reply", expect="TradeReplyDialog"),
    "IncomeTaxDialog": at_decision("income_tax", expect="IncomeTaxDialog"),
    "BusDialog": at_decision("bus", expect="BusDialog"),
    "BusMoveDialog": _bus_move(),
    "BirthdayDialog": at_decision("birthday", expect="BirthdayDialog"),
    "JailDialog": at_decision("jail", expect="JailDialog"),
    "BoardPickDialog": at_decision("triples", expect="BoardPickDialog"),
    "MortgagedDeedDialog": at_decision("mortgaged_deed", expect="MortgagedDeedDialog"),
    "DebtDialog": at_decision("debt", expect="DebtDialog"),
    "LevellingDialog": at_decision("levelling", expect="LevellingDialog"),
    "ShortageDialog": at_decision("shortage_ask", expect="ShortageDialog"),
    "SaveFailedDialog": _unwritable_saves("turn"),
    "EndVoteDialog": _late_game_vote(end=False),
    "GameOverScreen": _late_game_vote(end=True),
}
"""One recipe per screen class name (see :func:`screen_classes`)."""
