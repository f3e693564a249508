"""The game screen's computer players: their bots play each step at a readable pace (at once when
skipping ahead), and claim the rent they may claim (option ``rent_must_be_claimed``).

A step never changes the game off the main thread: the controller makes a copy of the game
(:meth:`~megamono.tui.controller.GameController.copy_for_computer`), the seat's bot chooses on the
copy in a worker thread (:meth:`~megamono.tui.controller.GameController.computer_choice`), and the
choice comes back as a :class:`ComputerChose` message, applied on the main thread only if the game is
still where the copy was taken. In test mode (``think_in_thread`` False) the same steps run at once,
on the main thread, so that a test sees each move where it expects it.
"""

from __future__ import annotations

from textual.message import Message

from megamono.rules.actions import Action
from megamono.rules.engine import Game

from ..controller import Point
from .game_parts import GameScreenParts


class ComputerChose(Message):
    """A computer's choice made in a worker: ``action`` for ``seat`` on a copy taken at ``point``, or
    the ``error`` its bot raised."""

    def __init__(self, seat: int, point: Point, action: Action | None, error: Exception | None = None) -> None:
        super().__init__()
        self.seat, self.point, self.action, self.error = seat, point, action, error


class ComputerTurns(GameScreenParts):  # (object at run time: see .game_parts)
    """Mixin of :class:`~.game.GameScreen`: uses its ``controller``, ``game``, ``pace``, ``act``,
    ``took``, ``sync`` and the ``_bot_scheduled`` / ``_bot_timer`` / ``_fast`` / ``_awaiting`` flags."""

    think_in_thread = True
    """Let a worker thread choose a computer's move (off in test mode: the same steps, at once)."""

    def schedule_bot(self) -> None:
        """Play the computer's next step after the pace (at once when skipping ahead). One step at a
        time: ``_bot_scheduled`` stays set until the step's choice is applied or dropped."""
        if self._bot_scheduled:
            return
        self._bot_scheduled = True
        delay = 0.0 if self._fast else self.pace
        if delay <= 0:
            self.call_later(self.bot_step)
        else:
            self._bot_timer = self.set_timer(delay, self.bot_step)

    def bot_step(self) -> None:
        """The computer's step: its choice on a copy of the game, made in a worker (or at once)."""
        self._bot_timer = None
        g = self.game
        if self._awaiting or not self.is_current or g.over or g.pending is None:
            self._bot_scheduled = False
            return
        c = self.controller
        p = c.computer_to_move()  # (a computer's seat only when no human may act on the decision now)
        if p is None:
            self._bot_scheduled = False
            self.sync()
            return
        point, copy = c.point(), c.copy_for_computer()
        if self.think_in_thread:
            self.run_worker(lambda: self._think(copy, p, point), thread=True, group="computer",
                            exit_on_error=False)
            return
        try:
            action = c.computer_choice(copy, p)
        except Exception as exc:  # noqa: BLE001 - said on screen (raised in test mode)
            self.on_computer_chose(ComputerChose(p, point, None, exc))
            return
        self.on_computer_chose(ComputerChose(p, point, action))

    def _think(self, copy: Game, seat: int, point: Point) -> None:
        """In a worker thread: the bot chooses on ``copy``; the choice goes back as a message."""
        try:
            action = self.controller.computer_choice(copy, seat)
        except Exception as exc:  # noqa: BLE001 - sent back to the main thread, which says it
            self.post_message(ComputerChose(seat, point, None, exc))
            return
        self.post_message(ComputerChose(seat, point, action))

    def on_computer_chose(self, message: ComputerChose) -> None:
        """Main thread: apply the computer's choice, unless the game moved on or a screen opened since
        (then nothing changes, and :meth:`sync` asks again when the game screen is back)."""
        self._bot_scheduled = False
        if message.error is not None:
            if self.app.test_mode:
                raise message.error
            self.app.notify(f"The computer player failed: {message.error!r}. Save the game (s) and report it.",
                            title="Computer error", severity="error", timeout=30)
            return
        if self._awaiting or not self.is_current or message.action is None:
            return
        result = self.controller.apply_computer(message.action, message.point)
        if result is None:  # the game moved on while the computer thought: think again
            self.sync()
            return
        self.took(result)

    def act_computer(self, action: Action) -> bool:
        """A computer player's action worked out on the main thread (a rent claim): applied at once."""
        result = self.controller.apply_computer(action)
        return result is not None and self.took(result)
