"""The game's time limit on the game screen (RULES.md O, option ``time_limit``): the time left, shown on the
status line every second, and the time-up action recorded once when it runs out (:class:`TimeLimit`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from megamono.rules.actions import TimeUp

if TYPE_CHECKING:
    from .game import GameScreen


class TimeLimit:
    """The time limit of ``screen``'s game, by the app's clock (the app's ``time_left``)."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen

    def left(self) -> float | None:
        """Seconds left of the game's ``time_limit`` by the app's clock, or None (no limit, no app clock)."""
        left = getattr(self.screen.app, "time_left", None)
        return left(self.screen.game) if left is not None else None

    def check(self) -> bool:
        """Every second while the game is open: show the time left; when it is out, record the
        time-up action once (in the history, autosaved: a save replays it), for the seat whose
        decision waits. True when it was recorded now."""
        gs = self.screen
        g = gs.game
        gs.view.show_status()
        left = self.left()
        if left is None or left > 0 or g.over or g.st.turn.time_up or g.pending is None:
            return False
        p = gs.controller.decider()
        if p is None or not gs.took(gs.controller.act(TimeUp(player=p), chosen=False)):
            return False
        gs.view.show_status()
        gs.app.notify(f"Time is up: the game ends when round {g.st.turn.round} ends; the highest final worth "
                      "wins.", title="Time limit", timeout=10)
        gs.autosave()
        return True
