"""What the game screen's mixins (:class:`~.game_flow.DecisionFlow`, :class:`~.game_computer.ComputerTurns`,
:class:`~.game_undo.UndoKeys`) use of :class:`~.game.GameScreen`, for the type checker only.

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

    from megamono.rules.actions import Action
    from megamono.rules.engine import Game

    from ..animate import Animation
    from ..app import MegamonoApp
    from ..controller import Change, GameController, Refused
    from ..look import Look
    from ..widgets.board import Board
    from ..widgets.log import GameLog

    class GameScreenParts(Screen[None]):
        """The game screen as its mixins see it (declarations only)."""

        app = getters.app(MegamonoApp)
        controller: GameController
        look: Look
        board: Board
        animation: Animation | None
        pace: float
        unsaved: bool
        _log: GameLog
        _awaiting: int
        _fast: bool
        _bot_scheduled: bool
        _bot_timer: Timer | None
        _last_decider: int | None
        _hidden: tuple | None

        @property
        def game(self) -> Game: ...
        def is_computer(self, p: int | None) -> bool: ...
        def at_keyboard(self) -> int | None: ...
        def decider(self) -> int | None: ...
        def act(self, action: Action) -> bool: ...
        def took(self, result: Change | Refused) -> bool: ...
        def act_computer(self, action: Action) -> bool: ...
        def sync(self) -> None: ...
        def on_top(self) -> bool: ...
        def schedule_bot(self) -> None: ...
        def open(self, screen: Screen[Any], callback: Callable[[Any], object] | None) -> None: ...
        def open_manage(self, player: int) -> None: ...
        def action_win_chances(self) -> None: ...
        def refresh_view(self) -> None: ...
        def why_not_undo(self) -> str | None: ...
        def undo_at_handover(self, handing_over: int | None) -> str | None: ...
        def confirm_undo(self, handing_over: int | None = None) -> None: ...
else:
    GameScreenParts = object
