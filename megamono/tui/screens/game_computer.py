"""The game screen's computer players: their bots play each step at a readable pace (at once when
skipping ahead), and claim the rent they may claim (option ``rent_must_be_claimed``)."""

from __future__ import annotations

from megamono.rules.actions import ClaimRent

from ..computer import make_bots
from .game_parts import GameScreenParts


class ComputerTurns(GameScreenParts):  # (object at run time: see .game_parts)
    """Mixin of :class:`~.game.GameScreen`: uses its ``game``, ``bots``, ``pace``, ``act``, ``sync``
    and the ``_bot_scheduled`` / ``_bot_timer`` / ``_fast`` / ``_awaiting`` flags."""

    def computer_claim(self) -> ClaimRent | None:
        """Rent a computer player claims now: the first of the core's timely claims
        (:meth:`~megamono.rules.engine.Game.timely_claims`) that a computer owns."""
        return next((a for a in self.game.timely_claims() if self.is_computer(a.player)), None)

    def schedule_bot(self) -> None:
        """Play the computer's next step after the pace (at once when skipping ahead)."""
        if self._bot_scheduled:
            return
        self._bot_scheduled = True
        delay = 0.0 if self._fast else self.pace
        if delay <= 0:
            self.call_later(self.bot_step)
        else:
            self._bot_timer = self.set_timer(delay, self.bot_step)

    def bot_step(self) -> None:
        self._bot_scheduled = False
        self._bot_timer = None
        g = self.game
        pend = g.pending
        if self._awaiting or not self.is_current or g.over or pend is None:
            return
        p = self.decider()  # (a computer's seat only when no human may act on the decision now)
        if p is None or not self.is_computer(p):
            self.sync()
            return
        bot = self.bots.get(p)
        if bot is None:  # a computer seat added since the screen opened (cannot happen today)
            self.bots = make_bots(g)
            bot = self.bots[p]
        try:
            action = bot.choose(g, p)
        except Exception as exc:
            if self.app.test_mode:
                raise
            self.app.notify(f"The computer player failed: {exc!r}. Save the game (s) and report it.",
                            title="Computer error", severity="error", timeout=30)
            return
        self.act_computer(action)
        self.sync()

    def act_computer(self, action) -> None:
        """A computer player's action. It is never undone (:meth:`can_undo`), so the engine need not
        copy the whole state for it: undo is switched off for this one action, and what the engine kept
        for undo is forgotten (undo never reaches past another player's decision)."""
        g = self.game
        g.keep_undo = False
        try:
            self.act(action)
        finally:
            g.keep_undo = True
            g.forget_undo("the last decision was a computer player's")
