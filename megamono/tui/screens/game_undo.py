"""Undo on the game screen: in hot-seat play each player takes back only what they chose, in their own
turn, with nobody acting since (the rules of it are the controller's,
:meth:`~megamono.tui.controller.GameController.why_not_undo`); here are the key's questions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from megamono.rules.texts import action_text

from ..controller import Change
from ..dialogs.notice import ConfirmDialog

if TYPE_CHECKING:
    from .game import GameScreen


class UndoQuestions:
    """The undo key of ``screen`` (a :class:`~.game.GameScreen`): it asks the player whose decision it is,
    then has the controller take it back."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen

    def why_not(self) -> str | None:
        """Why ``u`` cannot undo now, or None when it can (for the player at the keyboard)."""
        c = self.screen.controller
        return c.why_not_undo(c.at_keyboard())

    def key(self) -> None:
        """``u``: the question, or why not on the notice line."""
        why = self.why_not()
        if why:
            self.screen.app.notify(f"Undo: {why}", severity="warning")
            return
        self.ask()

    def ask(self, handing_over: int | None = None) -> None:
        """Ask the player whose last decision it is, then take it back (``handing_over``: asked on the
        hand-over screen by that player; a "no" shows the hand-over again)."""
        gs = self.screen
        g = gs.game
        last = g.history[-1]
        question = f"{g.st.players[last.player].name}: undo your last decision ({action_text(g, last, brief=True)})?"

        def answer(yes: bool | None) -> None:
            if yes:
                self.take_back()
            elif handing_over is not None:
                gs.controller.last_decider = handing_over  # the keyboard is still theirs: hand it over again

        gs.open(ConfirmDialog(question), answer)

    def take_back(self) -> None:
        """Take the decision back (the screen redraws on the change's message, :meth:`undone`)."""
        result = self.screen.controller.undo()
        if isinstance(result, Change):  # (a refusal stays silent: the question was asked when it could)
            self.screen.took(result)

    def undone(self, action_player: int, words: str) -> None:
        """After an undo: the log again as it was, the decision put aside no longer, and a word."""
        gs = self.screen
        gs.table.hidden = None
        gs.view.refill_log()
        gs.app.notify(f"Undone: {gs.game.st.players[action_player].name}'s {words}")
