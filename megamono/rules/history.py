"""A game's history: undo of the last chance-free decision, and the save form that replays (I8).

:class:`HistoryMixin` is part of :class:`megamono.rules.engine.Game`.
"""

from __future__ import annotations

import json

from .actions import Action
from .core import Core
from .errors import IllegalAction
from .records import Data
from .state import GameState


class HistoryMixin(Core):
    """Undo and the save form (setup + actions + state)."""

    history: list[Action]
    setup: Data

    def _snapshot(self) -> GameState:
        """A deep copy of the state without its log (the log is only ever appended to)."""
        log = self.st.log
        self.st.log = []
        try:
            return self.st.model_copy(deep=True)
        finally:
            self.st.log = log

    # -- undo ------------------------------------------------------------------------------------
    keep_undo = False
    """Set True (the app does) to remember the state before each action so it can be undone."""
    _undo: tuple[GameState, Action, int] | None = None

    def why_not_undo(self) -> str | None:
        """Why the last action cannot be taken back, or None if it can.

        Only the very last action, and only when it involved no chance (no dice, no card, no
        shuffle): undo never re-rolls and never reaches past another player's decision. The
        state returns exactly to what it was, log included, so a save still replays (I8).
        """
        if not self.keep_undo:
            return "undo is not kept for this game"
        if self._undo is None:
            return "the last action cannot be taken back (it involved dice or a card, or there is none)"
        return None

    def undo(self) -> Action:
        """Take back the last action (see :meth:`why_not_undo`); returns it. IllegalAction if not allowed."""
        why = self.why_not_undo()
        if why or self._undo is None:
            raise IllegalAction(why or "nothing to undo")
        before, action, log_len = self._undo
        before.log = self.st.log[:log_len]
        self.st = before
        self.history.pop()
        self._undo = None
        return action

    # ===================================================================== saving (I8)
    def to_dict(self) -> Data:
        """The save form: setup, every action taken, and the current state (JSON-ready)."""
        return {"format": "megamono-save", "version": 1, "setup": self.setup,
                "actions": [a.model_dump() for a in self.history], "state": self.st.model_dump(mode="json")}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))
