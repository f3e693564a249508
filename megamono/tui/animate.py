"""Brief animations of what an action did: the dice tumbling, then the tokens walking to where they went.

Only the view moves: the game has already changed. The board shows a token at
``board.shown_at[p]`` instead of the player's position while it walks (a small hook in
:meth:`~megamono.tui.widgets.board.Board.tokens_here`), and the dice view shows tumbling faces
(:meth:`~megamono.tui.widgets.dice.DiceView.show_rolling`). Any key skips to the end; the game
screen waits with its next dialog until the animation is over. Off in the scripted runtime of tests, with
``MEGAMONO_ANIMATIONS=off``, in the options and while computer players are skipped ahead.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from megamono.rules.events import Event, Moved, MovedBack, Rolled, TurnOrderRoll, UtilityRoll

if TYPE_CHECKING:
    from textual.timer import Timer

    from .screens.game_view import GameView

DICE_FRAMES = 6
"""Tumbling faces shown before the result."""
FRAME = 0.05
"""Seconds per dice frame."""
STEP = 0.035
"""Seconds per space a token walks."""
MAX_STEPS = 26
"""A longer walk is shown with bigger strides, so no animation lasts much over a second."""


def walk(start: int, events: list[Event], end: int, size: int, p: int) -> list[int]:
    """The spaces player ``p``'s token passes through, from ``start`` to ``end``, following the
    :class:`Moved` events forward and :class:`MovedBack` back; any other change of place (jail) is a jump."""
    path: list[int] = []
    cur = start
    for ev in events:
        if not isinstance(ev, (Moved, MovedBack)) or ev.player != p:
            continue
        back = isinstance(ev, MovedBack)
        while cur != ev.space:
            cur = (cur - 1) % size if back else (cur + 1) % size
            path.append(cur)
    if cur != end:
        path.append(end)
    if len(path) > MAX_STEPS:
        stride = len(path) / MAX_STEPS
        path = [path[min(len(path) - 1, int((k + 1) * stride) - 1)] for k in range(MAX_STEPS)]
    return path


class Animation:
    """One animation on a game screen's view; :meth:`finish` ends it at once (then ``done`` is called)."""

    def __init__(self, view: GameView, before: list[int], events: list[Event],
                 done: Callable[[], None]) -> None:
        self.view = view
        self.done = done
        self.before = before
        g = view.game
        self.rolled = any(isinstance(ev, (Rolled, UtilityRoll, TurnOrderRoll)) for ev in events)
        self.paths = {p: walk(before[p], events, pl.position, g.ed.size, p)
                      for p, pl in enumerate(g.st.players) if p < len(before)}
        self.paths = {p: path for p, path in self.paths.items() if path}
        self.frames = self._frames()
        self.timer: Timer | None = None
        self.over = False

    @property
    def needed(self) -> bool:
        return bool(self.frames)

    def _frames(self) -> list[tuple[float, Callable[[], None]]]:
        out: list[tuple[float, Callable[[], None]]] = []
        dice = self.view.dice
        if self.rolled and dice is not None:
            rng = random.Random()
            speed = self.view.game.ed.rules.speed_die
            for _ in range(DICE_FRAMES):
                faces = (rng.randint(1, 6), rng.randint(1, 6), rng.choice([1, 2, 3, "mr", "bus"]) if speed else None)
                out.append((FRAME, partial(dice.show_rolling, faces)))
            out.append((FRAME, dice.refresh_dice))
        for p, path in self.paths.items():
            for space in path:
                out.append((STEP, partial(self._place, p, space)))
        return out

    def _place(self, p: int, space: int) -> None:
        board = self.view.board
        shown = dict(getattr(board, "shown_at", {}) or {})
        shown[p] = space
        board.shown_at = shown
        board.refresh_board()

    def start(self) -> None:
        board = self.view.board
        # every walker stays where it started until its walk
        board.shown_at = {p: self.before[p] for p in self.paths}
        board.refresh_board()
        self._next()

    def _next(self) -> None:
        if self.over:
            return
        if not self.frames:
            self.finish()
            return
        delay, frame = self.frames.pop(0)
        frame()
        self.timer = self.view.screen.set_timer(delay, self._next)

    def finish(self) -> None:
        """End now: the true dice and positions, then ``done``."""
        if self.over:
            return
        self.over = True
        if self.timer is not None:
            self.timer.stop()
        board = self.view.board
        board.shown_at = {}
        board.refresh_board()
        dice = self.view.dice
        if dice is not None:
            dice.refresh_dice()
        self.done()
