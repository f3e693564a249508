"""The game screen: the board with the turn, dice, log and player panels inside it.

It is the conductor of a game, and owns the objects that do each part of it:

- :class:`~megamono.tui.controller.GameController` (no Textual there): the one way to the game. A key or a
  dialog's action goes to :meth:`GameScreen.act`, the controller applies it and calls back with the change,
  which this screen posts to itself as a :class:`GameChanged` message; handling it, the screen logs,
  announces, redraws, animates, autosaves at a turn's end and then looks at what the game waits for.
- :class:`~megamono.tui.table.Table` (no Textual there): what shows next, as a value (:meth:`GameScreen.sync`
  matches on it: a hand-over, a person's question, the open auction, a computer's move, the game over), and
  which keys act now. A step that needs a person opens its screen and awaits it where it opens it
  (:meth:`GameScreen.ask`); dialogs only return actions (:mod:`.game_flow`).
- :class:`~.game_view.GameView`: the widgets, the layout for the terminal's size and the animations.
- :class:`~.game_keys.BoardKeys`: what each key does; :meth:`GameScreen.action_key` is their one dispatcher.
- :class:`~..computers.ComputerMoves` and :class:`~.game_computer.ComputerTurns`: the computers' moves at a
  readable pace (space plays them at once until a human decides); :class:`~.game_undo.UndoQuestions`: undo;
  :class:`~.game_time.TimeLimit`: the time limit; :class:`~.game_footer.FooterFit`: the footer for the width.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.message import Message
from textual.screen import Screen
from textual.signal import SignalError

from megamono.rules.actions import Action
from megamono.rules.engine import Game
from megamono.rules.texts import action_text

from ..computers import ComputerMoves
from ..controller import Change, GameController, Refused
from ..dialogs.base import on_top
from ..keytimes import REST
from ..look import Look
from ..resizing import stale_resize
from ..runtime import DEFAULT, runtime_of
from ..table import AFTER_HANDOVER, Ask, ClaimForComputer, ComputerMove, GameOver, HandOver, OpenAuction, Table
from ..widgets.board import Board, layout_for
from .game_computer import ComputerTurns, say_computer_failed
from .game_flow import AFTER_COMPUTER_GUARD, DIALOGS, decided, say_wait, screen_for, worker_runner
from .game_footer import FooterFit
from .game_keys import KEYS, SHORT_KEYS, TIGHT_KEYS, WORDS, BoardKeys, key_name
from .game_time import TimeLimit
from .game_undo import UndoQuestions
from .game_view import ANNOUNCE, GameView
from .toosmall import covered

if TYPE_CHECKING:
    from textual import getters

    from ..app import MegamonoApp
    from ..countdown import Countdown

__all__ = ["AFTER_COMPUTER_GUARD", "ANNOUNCE", "DIALOGS", "GameChanged", "GameScreen"]


class GameChanged(Message):
    """The game changed (``change``, from the :class:`GameController`'s callback): the game screen
    redraws, then looks at what the game waits for."""

    def __init__(self, change: Change) -> None:
        super().__init__()
        self.change = change


class GameScreen(Screen[None]):
    """Plays one game; ``saved`` is the file it was loaded from or last saved to."""

    if TYPE_CHECKING:
        app = getters.app(MegamonoApp)

    BINDINGS: ClassVar[list[BindingType]] = [*KEYS]

    def __init__(self, game: Game, saved: Path | None = None) -> None:
        super().__init__()
        self.controller = GameController(game, lambda change: self.post_message(GameChanged(change)))
        """The one way to the game: every change goes through it and comes back as a :class:`GameChanged`
        message (handled in order, after the key or dialog that caused it)."""
        try:
            runtime = runtime_of(self.app)
        except Exception:  # noqa: BLE001 - built outside a running app
            runtime = DEFAULT
        self.table = Table(self.controller, runtime.clock, lambda: bool(getattr(self.app, "pass_notices", False)),
                           guards=lambda: runtime_of(self.app).guards, keys=lambda: getattr(self.app, "keys", None))
        """What shows next, and which keys act (:mod:`..table`, no Textual)."""
        self.computers = ComputerMoves(self.controller, worker_runner(self, "computer"),
                                       lambda error: say_computer_failed(self.app, error))
        """The one computer-move service (the open auction's screen asks it too)."""
        self.turns = ComputerTurns(self, self.computers, runtime.computer_pace)
        self.undo = UndoQuestions(self)
        self.keys = BoardKeys(self)
        """What each key does (:mod:`.game_keys`); :meth:`action_key` is their one dispatcher."""
        self.position_chances = self.keys.position_chances
        """The playouts of the position as it stands (the ``w`` panel's; the trade screen's figures too)."""
        self.time_limit = TimeLimit(self)
        self._asking: object = None  # the step a dialog is awaited for (:meth:`ask`), None when none
        self.footer = FooterFit(self, SHORT_KEYS, TIGHT_KEYS)
        """The footer's form for the width (:class:`~.game_footer.FooterFit`)."""
        self.look = Look(game)
        self.saved = saved
        self.unsaved = False
        self.countdown: Countdown | None = None
        """The open auction's countdown (:mod:`..countdown`), kept here while its screen is hidden."""
        try:
            layout = layout_for(*self.app.size) or "compact"
        except Exception:  # noqa: BLE001 - built outside a running app
            layout = "full"
        self.view = GameView(self, layout)
        """The widgets and their layout (:mod:`.game_view`)."""
        self.board = self.view.board

    # -- the controller's side ------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.controller.game

    def act(self, action: Action) -> bool:
        """Send ``action`` through the controller. False (and a notice) if refused; the redraw follows
        on the change's message (:meth:`on_game_changed`)."""
        return self.took(self.controller.act(action))

    def took(self, result: Change | Refused) -> bool:
        """What the controller answered: True for a change; a refusal is said (an engine failure too,
        raised when the runtime says bugs are raised)."""
        if isinstance(result, Change):
            self.unsaved = True
            return True
        if result.error is not None:  # an engine bug: keep the app (and the chance to save) alive
            runtime_of(self.app).say_or_raise(result.error)
            self.app.notify(f"The rules engine failed on {result.action.kind}: {result.error!r}. Save the game (s) "
                            "and report it.", title="Engine error", severity="error", timeout=30)
            self.view.refresh()
            return False
        self.app.notify(result.reason, severity="warning")
        return False

    def on_game_changed(self, message: GameChanged) -> None:
        """Show a change: the log, the notices worth seeing, the board and panels, the animation of the
        move; autosave when the turn changed hands; then, once the changed board is on screen (the roll
        shows at once and the next dialog follows a frame later, as after an animation), what the game
        waits for."""
        change = message.change
        if change.what == "undo":
            self.undo.undone(change.action.player, action_text(self.game, change.action, brief=True))
            self.view.refresh()
        else:
            self.view.log.add(change.events)
            self.view.announce(change.events)
            self.view.refresh()
            self.view.animate(change.positions_before, change.events,
                              bool(getattr(self.app, "animations", False)) and not self.table.fast)
        if change.turn_ended:
            self.autosave()
        self.refresh()  # (the widgets' own refreshes may not have reached the screen yet: a frame first)
        self.call_after_refresh(self.sync)

    def autosave(self) -> None:
        """Let the app autosave the game (at a turn's end; a screen shown in another app has none)."""
        autosave = getattr(self.app, "autosave_game", None)
        if autosave is not None:
            autosave(self.game)

    # -- the screen's life ----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield from self.view.compose()

    def on_mount(self) -> None:
        try:
            self.app.theme_changed_signal.subscribe(self, self.view.theme_changed)
            self.screen_layout_refresh_signal.subscribe(self.view.log, self.view.notices_follow_layout)
        except SignalError:  # (the app is ending as it starts: a signal came; nothing more to set up)
            return
        self.view.mounted()
        if self.game.st.options.time_limit is not None:
            self.set_interval(1.0, self.time_limit.check)
        self.call_after_refresh(self.sync)

    def on_resize(self, event) -> None:
        if stale_resize(self, event):  # (a size the terminal no longer has: see megamono.tui.resizing)
            event.prevent_default()  # (Textual's own layout pass, after this handler, is not run for it)
            event.stop()
            return
        self.view.resized(tuple(event.size))
        self.refresh_bindings()  # the footer's form follows the width

    def on_screen_resume(self) -> None:
        self.view.fit()
        self.view.refresh()
        self.call_after_refresh(self.sync)

    def on_board_selected(self, message: Board.Selected) -> None:
        self.view.show_space(message.space)

    def refresh_bindings(self) -> None:
        if not self.footer.unchanged():  # (the footer's form fitted to the width; redrawn only on a change)
            super().refresh_bindings()

    # -- the flow (megamono.tui.table: what shows next, as a value) ---------------------------------
    def sync(self) -> None:
        """Show what the game waits for: the table's next step (:meth:`~..table.Table.next_step`), when
        the board is on top, no dialog is awaited, no animation runs and the terminal is big enough."""
        if self._asking is not None or not on_top(self) or self.view.animation is not None or covered(self.app):
            return
        self.view.refresh()
        step = self.table.next_step()
        match step:
            case GameOver():
                from .gameover import GameOverScreen
                self.app.switch_screen(GameOverScreen(self.game))
            case ClaimForComputer(action=claim):
                result = self.controller.apply_computer(claim)  # (the change's message comes back here)
                if result is not None:
                    self.took(result)
            case ComputerMove():
                self.turns.schedule()
            case HandOver() | Ask() | OpenAuction():
                self._asking = step
                self.ask(step)

    @work(group="flow")
    async def ask(self, step: HandOver | Ask | OpenAuction) -> None:
        """Show ``step``'s screen and await its answer here; the answer is handled on the screen's own
        queue (:meth:`answered`: a bug there ends the app as any other, its game rescued)."""
        result = await self.app.push_screen_wait(screen_for(self, step))
        self.call_later(self.answered, step, result)

    def answered(self, step: HandOver | Ask | OpenAuction, result: Any) -> None:
        """Do what ``step``'s answer says (:func:`~.game_flow.decided`; a hand-over's "undo" asks the one
        handing over), then look again (:meth:`sync`): no other step opens before."""
        self._asking = None
        if isinstance(step, HandOver):
            if result == "undo":
                self.undo.ask(handing_over=step.handing_over)
            else:  # (passed: the next keys of the same burst wait a moment, AFTER_HANDOVER)
                self.table.passed()
                self.set_timer(AFTER_HANDOVER, self.refresh_bindings)
        else:
            decided(self, result)
        self.call_after_refresh(self.sync)

    def asking(self) -> bool:
        """Whether a step's dialog is open and awaited (:meth:`ask`)."""
        return self._asking is not None

    def open(self, screen: Screen[Any], callback: Callable[[Any], object] | None) -> None:
        """Push ``screen`` (a key's: manage, trade, save, help...); its answer goes to ``callback``, then the
        flow looks again."""
        def done(result: Any) -> None:
            if callback is not None:
                callback(result)
            self.call_after_refresh(self.sync)

        self.app.push_screen(screen, done)

    # -- keys (megamono.tui.screens.game_keys) ---------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Whether a key acts now (True), shows greyed (None) or is hidden (False): the table's answer
        (:meth:`~..table.Table.allows`) for the board key named."""
        return self.table.allows(str(parameters[0]) if action == "key" and parameters else action)

    def action_key(self, name: str) -> None:
        """The one dispatcher of the board's keys: ``key('roll')`` and the like (:class:`~.game_keys.BoardKeys`)."""
        self.keys.press(name)

    def on_key(self, event) -> None:
        """Any key skips an animation (and does nothing else); a greyed-out game key says why it
        does nothing now (the footer alone is easy to miss). While a computer player finishes its
        turn, or the keyboard is about to pass to the next person, a key that does nothing (Enter, a
        dialog's letter typed before the dialog shows) says so: "Wait: …". It is not kept for later:
        the next thing to show is a hand-over or another person's question, which a key typed before it
        was seen must not answer."""
        animation = self.view.animation
        if animation is not None:
            event.stop()
            event.prevent_default()
            animation.finish()
            say_wait(self, event)
            return
        active = self.active_bindings.get(event.key)
        if active is not None and not active.enabled and active.node is self:
            name = key_name(active.binding.action)
            words = WORDS.get(name, active.binding.description)
            self.app.notify(f"{words}: {self.table.why_key_off(name)}", severity="warning", timeout=3)
        elif active is None:
            say_wait(self, event)
        if self.table.typed_through_computer() is not None:  # (the keys act again once the hands rest)
            self.set_timer(REST, self.refresh_bindings)
