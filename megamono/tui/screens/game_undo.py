"""Undo on the game screen: in hot-seat play each player takes back only their own last decision
(the rules core takes back only a decision that involved no chance). The rules of it are the
controller's (:meth:`~megamono.tui.controller.GameController.why_not_undo`); here are the keys and the
questions."""

from __future__ import annotations

from megamono.rules.texts import action_text

from ..controller import Change
from ..dialogs.notice import ConfirmDialog
from .game_parts import GameScreenParts


class UndoKeys(GameScreenParts):  # (object at run time: see .game_parts)
    """Mixin of :class:`~.game.GameScreen`: uses its ``controller``, ``game``, ``at_keyboard``, ``open``,
    ``took`` and ``_last_decider``."""

    def why_not_undo(self) -> str | None:
        """Why ``u`` cannot undo now, or None when it can (for the player at the keyboard)."""
        return self.controller.why_not_undo(self.at_keyboard())

    def can_undo(self) -> bool:
        return self.why_not_undo() is None

    def undo_at_handover(self, handing_over: int | None) -> str | None:
        """On the hand-over screen the player handing the keyboard over may still take back the
        decision that passed it on: the words for it ("decline buy"), or None when there is none."""
        return self.controller.undo_at_handover(handing_over)

    def action_undo(self) -> None:
        why = self.why_not_undo()
        if why:
            self.app.notify(f"Undo: {why}", severity="warning")
            return
        self.confirm_undo()

    def confirm_undo(self, handing_over: int | None = None) -> None:
        """Ask the player whose last decision it is, then take it back (``handing_over``: asked on
        the hand-over screen by that player; a "no" shows the hand-over again)."""
        g = self.game
        last = g.history[-1]
        who = g.st.players[last.player].name
        question = f"{who}: undo your last decision ({action_text(g, last, brief=True)})?"

        def answer(yes: bool | None) -> None:
            if yes:
                self.on_undo(True)
            elif handing_over is not None:
                self._last_decider = handing_over  # the keyboard is still theirs: hand it over again

        self.open(ConfirmDialog(question), answer)

    def on_undo(self, yes: bool) -> None:
        """Take the decision back (the screen redraws on the change's message, :meth:`show_undone`)."""
        if yes:
            result = self.controller.undo()
            if isinstance(result, Change):  # (a refusal stays silent: the question was asked when it could)
                self.took(result)

    def show_undone(self, action_player: int, words: str) -> None:
        """After an undo: the log again as it was, the decision put aside no longer, and a word."""
        self._hidden = None
        log = self._log
        log.clear()
        log.add(self.game.st.log[-400:])
        self.app.notify(f"Undone: {self.game.st.players[action_player].name}'s {words}")
