"""What the game screen's mixins (:class:`~.game_computer.ComputerTurns`, :class:`~.game_undo.UndoKeys`)
use of :class:`~.game.GameScreen`, for the type checker only.

At run time :class:`GameScreenParts` is ``object``, so the mixins' bases (and the game screen's method
resolution order) are what they always were; a type checker sees a ``Screen`` declaring the game
screen's attributes and methods the mixins use, which :class:`~.game.GameScreen` defines.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from textual import getters
    from textual.screen import Screen
    from textual.timer import Timer

    from megamono.bots.base import Bot
    from megamono.rules.actions import Action
    from megamono.rules.engine import Game

    from ..app import MegamonoApp
    from ..widgets.log import GameLog

    class GameScreenParts(Screen[None]):
        """The game screen as its mixins see it (declarations only)."""

        app = getters.app(MegamonoApp)
        game: Game
        bots: dict[int, Bot]
        pace: float
        unsaved: bool
        _log: GameLog
        _awaiting: int
        _fast: bool
        _bot_scheduled: bool
        _bot_timer: Timer | None
        _last_decider: int | None
        _hidden: tuple | None

        def is_computer(self, p: int | None) -> bool: ...
        def at_keyboard(self) -> int | None: ...
        def decider(self) -> int | None: ...
        def act(self, action: Action) -> bool: ...
        def sync(self) -> None: ...
        def open(self, screen: Screen[Any], callback: Callable[[Any], object] | None) -> None: ...
        def refresh_view(self) -> None: ...
        def after_change(self, turn_before: int) -> None: ...
else:
    GameScreenParts = object
