"""A game's history: undo of the last chance-free decision, and the save form that replays (I8).

:class:`HistoryMixin` is part of :class:`megamono.rules.engine.Game`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from .actions import Action, parse_action
from .core import Core
from .editions import load_edition
from .errors import IllegalAction
from .state import GameState

if TYPE_CHECKING:
    from .engine import Game


class HistoryMixin(Core):
    """Undo and the save form (setup + actions + state)."""

    history: list[Action]
    setup: dict[str, Any]

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
        if why:
            raise IllegalAction(why)
        before, action, log_len = self._undo  # type: ignore[misc]
        before.log = self.st.log[:log_len]
        self.st = before
        self.history.pop()
        self._undo = None
        return action

    # ===================================================================== saving (I8)
    def to_dict(self) -> dict[str, Any]:
        """The save form: setup, every action taken, and the current state (JSON-ready)."""
        return {"format": "megamono-save", "version": 1, "setup": self.setup,
                "actions": [a.model_dump() for a in self.history], "state": self.st.model_dump(mode="json")}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """Rebuild a game from :meth:`to_dict` output (pydantic ``ValidationError`` if malformed)."""
        state = GameState.model_validate(data["state"])
        ed = load_edition(state.edition)
        history = [parse_action(a) for a in data.get("actions", [])]
        return cls(ed, state, data.get("setup"), history)

    @classmethod
    def replay(cls, setup: dict[str, Any], actions: Iterable[Action | Mapping[str, object]]) -> Game:
        """Create a game from ``setup`` and apply ``actions`` in order (I8)."""
        g = cls.new(**setup)
        for a in actions:
            g.act(a)
        return g
