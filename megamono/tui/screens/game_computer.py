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

from typing import TYPE_CHECKING, Any

from textual.message import Message
from textual.widget import Widget

from megamono.rules.actions import Action
from megamono.rules.engine import Game

from ..controller import Point
from ..runtime import runtime_of
from .game_parts import GameScreenParts

if TYPE_CHECKING:
    from ..controller import GameController


class ComputerChose(Message):
    """A computer's choice made in a worker: ``action`` for ``seat`` on a copy taken at ``point``, or
    the ``error`` its bot raised."""

    def __init__(self, seat: int, point: Point, action: Action | None, error: Exception | None = None) -> None:
        super().__init__()
        self.seat, self.point, self.action, self.error = seat, point, action, error


def computer_choice(controller: GameController, copy: Game, seat: int, point: Point) -> ComputerChose:
    """The choice of ``seat``'s bot on ``copy`` (taken at ``point``), or the error it raised, as the
    message that brings it to the main thread."""
    try:
        action = controller.computer_choice(copy, seat)
    except Exception as exc:  # noqa: BLE001 - sent to the main thread, which says it
        return ComputerChose(seat, point, None, exc)
    return ComputerChose(seat, point, action)


def ask_computer(node: Widget, controller: GameController, seat: int, in_thread: bool,
                 group: str) -> ComputerChose | None:
    """Ask ``seat``'s bot for its choice on a copy of the game taken now. ``in_thread``: in a worker of
    ``node`` (in the worker ``group``), whose answer comes to ``node`` as a :class:`ComputerChose`
    message, and None is returned; else at once, on this thread, and the answer is returned."""
    point, copy = controller.point(), controller.copy_for_computer()
    if not in_thread:
        return computer_choice(controller, copy, seat, point)

    def think() -> None:
        node.post_message(computer_choice(controller, copy, seat, point))

    node.run_worker(think, thread=True, group=group, exit_on_error=False)
    return None


def say_computer_failed(app: Any, error: Exception) -> None:
    """Say that a computer player's bot raised ``error`` (raised when the runtime says bugs are raised)."""
    runtime_of(app).say_or_raise(error)
    app.notify(f"The computer player failed: {error!r}. Save the game (s) and report it.",
               title="Computer error", severity="error", timeout=30)


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
        if self._awaiting or not self.on_top() or g.over or g.pending is None:
            self._bot_scheduled = False
            return
        c = self.controller
        p = c.computer_to_move()  # (a computer's seat only when no human may act on the decision now)
        if p is None:
            self._bot_scheduled = False
            self.sync()
            return
        answer = ask_computer(self, c, p, self.think_in_thread, "computer")
        if answer is not None:  # (chosen at once: test mode)
            self.on_computer_chose(answer)

    def on_computer_chose(self, message: ComputerChose) -> None:
        """Main thread: apply the computer's choice, unless the game moved on or a screen opened since
        (then nothing changes, and :meth:`sync` asks again when the game screen is back)."""
        self._bot_scheduled = False
        if message.error is not None:
            say_computer_failed(self.app, message.error)
            return
        if self._awaiting or not self.on_top() or message.action is None:
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
