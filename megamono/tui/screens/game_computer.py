"""The computer players' turns on the game screen: each step at the runtime's pace (at once when skipping
ahead), chosen and applied by the app's one computer-move service (:class:`~..computers.ComputerMoves`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..dialogs.base import on_top
from ..runtime import runtime_of

if TYPE_CHECKING:
    from textual.timer import Timer

    from ..computers import ComputerMoves
    from ..controller import Change, Refused
    from .game import GameScreen


def say_computer_failed(app: Any, error: Exception) -> None:
    """Say that a computer player's bot raised ``error`` (raised when the runtime says bugs are raised)."""
    runtime_of(app).say_or_raise(error)
    app.notify(f"The computer player failed: {error!r}. Save the game (s) and report it.",
               title="Computer error", severity="error", timeout=30)


class ComputerTurns:
    """The computers' steps of ``screen``'s game, one at a time, asked of ``moves``. ``pace``: seconds
    before each step (the runtime's); :attr:`scheduled` from a step's scheduling until its move is
    applied or dropped."""

    def __init__(self, screen: GameScreen, moves: ComputerMoves, pace: float) -> None:
        self.screen = screen
        self.moves = moves
        self.pace = pace
        self.scheduled = False
        self.timer: Timer | None = None

    def schedule(self) -> None:
        """Play the computer's next step after the pace (at once when skipping ahead)."""
        if self.scheduled:
            return
        self.scheduled = True
        delay = 0.0 if self.screen.table.fast else self.pace
        if delay <= 0:
            self.screen.call_later(self.step)
        else:
            self.timer = self.screen.set_timer(delay, self.step)

    def skip(self) -> None:
        """Space: the waiting step now, and the next ones at once (the table's ``fast``)."""
        self.screen.table.fast = True
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
            self.scheduled = False

    def step(self) -> None:
        """The computer's step: its move chosen on a copy of the game, applied if still wanted."""
        self.timer = None
        gs = self.screen
        g = gs.game
        seat = gs.controller.computer_to_move()
        if not on_top(gs) or gs.asking() or g.over or g.pending is None or seat is None:
            self.scheduled = False
            if seat is None:
                gs.sync()
            return
        if not self.moves.ask(seat, self.done, wanted=lambda: on_top(gs) and not gs.asking()):
            self.scheduled = False  # (another move is being chosen: the open auction's)

    def done(self, result: Change | Refused | None) -> None:
        self.scheduled = False
        if result is None:  # the game moved on, or a screen opened, while it thought: ask again later
            self.screen.sync()
            return
        self.screen.took(result)
