"""The one computer-move service of the app (no Textual here): a computer seat's choice made on a copy of
the game, off the main thread when the runtime has threads, and applied on the main thread only if the
game is still where the copy was taken.

The game screen and the open auction's screen both ask it (:meth:`ComputerMoves.ask`); neither chooses
nor applies a computer's move itself. The runner is given (:data:`Runner`): the app's runs ``think`` in a
worker thread and calls ``then`` with its result on the main thread; a scripted runtime's runs both at
once (:func:`at_once`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from megamono.rules.actions import Action

from .controller import Change, GameController, Refused

Runner = Callable[[Callable[[], Any], Callable[[Any], None]], None]
"""``runner(think, then)``: run ``think()`` (in a worker thread, or at once) and then, on the main thread,
``then(result)``, where ``result`` is what ``think`` returned or the exception it raised."""


def at_once(think: Callable[[], Any], then: Callable[[Any], None]) -> None:
    """The runner of a scripted table: ``think`` now, on this thread, then ``then`` with its result."""
    try:
        result = think()
    except Exception as exc:  # noqa: BLE001 - handed to then, which says it
        result = exc
    then(result)


class ComputerMoves:
    """Computer players' moves for ``controller``'s game. ``run``: the :data:`Runner`; ``failed(error)``:
    says (or raises) a bot's failure. One move at a time: :attr:`thinking` while a choice is being made."""

    def __init__(self, controller: GameController, run: Runner, failed: Callable[[Exception], None]) -> None:
        self.controller = controller
        self.run = run
        self.failed = failed
        self.thinking = False

    def ask(self, seat: int, done: Callable[[Change | Refused | None], None],
            wanted: Callable[[], bool] = lambda: True) -> bool:
        """Ask ``seat``'s bot for its move on a copy of the game taken now; when chosen, apply it if
        ``wanted()`` still holds and the game has not moved on, and call ``done`` with the change (None:
        not applied, the game moved on or it was no longer wanted: ask again when it is). False (nothing
        asked) while another move is being chosen. A bot's failure goes to ``failed``, not ``done``."""
        if self.thinking:
            return False
        c = self.controller
        point, copy = c.point(), c.copy_for_computer()
        self.thinking = True

        def then(result: Action | Exception) -> None:
            self.thinking = False
            if isinstance(result, Exception):
                self.failed(result)
                return
            done(c.apply_computer(result, point) if wanted() else None)

        self.run(lambda: c.computer_choice(copy, seat), then)
        return True
