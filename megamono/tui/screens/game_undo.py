"""Undo on the game screen: in hot-seat play each player takes back only their own last decision
(the rules core takes back only a decision that involved no chance)."""

from __future__ import annotations

from megamono.rules.texts import action_text

from ..dialogs.notice import ConfirmDialog
from .game_parts import GameScreenParts


class UndoKeys(GameScreenParts):  # (object at run time: see .game_parts)
    """Mixin of :class:`~.game.GameScreen`: uses its ``game``, ``at_keyboard``, ``is_computer``,
    ``open``, ``refresh_view``, ``after_change`` and ``_log``, ``_last_decider``, ``_hidden``."""

    def why_not_undo(self) -> str | None:
        """Why ``u`` cannot undo now, or None when it can. The rules core takes back only the last
        decision, and only when it involved no chance; the app adds that it must be the decision of
        the player at the keyboard (:meth:`at_keyboard`), never a computer's or another person's."""
        g = self.game
        if not g.history:
            return "nothing to undo yet"
        last = g.history[-1]
        names = g.st.players
        # whose decision it was comes first: it is the reason a player understands
        if self.is_computer(last.player):
            return (f"the last decision was a computer player's ({names[last.player].name}: "
                    f"{action_text(g, last, brief=True)})")
        me = self.at_keyboard()
        if me is not None and last.player != me:
            return (f"the last decision is {names[last.player].name}'s ({action_text(g, last, brief=True)}), not "
                    f"{names[me].name}'s: each player can undo only their own decisions")
        if last.kind == "declare_bankruptcy":  # its confirmation said so: it is final
            return "a bankruptcy cannot be taken back"
        return g.why_not_undo()

    def can_undo(self) -> bool:
        return self.why_not_undo() is None

    def undo_at_handover(self, handing_over: int | None) -> str | None:
        """On the hand-over screen the player handing the keyboard over may still take back the
        decision that passed it on: the words for it ("decline buy"), or None when there is none."""
        g = self.game
        if handing_over is None or not g.history or self.is_computer(handing_over):
            return None
        last = g.history[-1]
        if last.player != handing_over or last.kind == "declare_bankruptcy" or g.why_not_undo() is not None:
            return None
        return action_text(g, last, brief=True)

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
        g = self.game
        if not yes or not g.history or g.why_not_undo() is not None or self.is_computer(g.history[-1].player) \
                or g.history[-1].kind == "declare_bankruptcy":
            return
        turn = g.st.turn.number
        action = g.undo()
        self._last_decider = action.player  # the decision is theirs again, at their keyboard
        self.unsaved = True
        self._hidden = None
        log = self._log
        log.clear()
        log.add(g.st.log[-400:])
        self.app.notify(f"Undone: {g.st.players[action.player].name}'s {action_text(g, action, brief=True)}")
        self.refresh_view()
        self.after_change(turn)
