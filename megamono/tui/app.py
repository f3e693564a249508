"""The megamono Textual app: start screen, new game, resume, and the game screen.

``run_app(args)`` is what the ``megamono`` command calls. Tests build :class:`MegamonoApp`
directly: ``game=`` starts straight into a ready :class:`~megamono.rules.engine.Game`, ``dice=``
scripts the throws of games made on the setup screen, ``replay=`` opens straight on the replay of a
:class:`~megamono.replay.Timeline` (``megamono replay SAVE``; leaving it quits);
``runtime=`` gives its clock, pace and machine (:class:`~megamono.tui.runtime.Runtime`; tests and scripts
use :meth:`Runtime.scripted <megamono.tui.runtime.Runtime.scripted>`).
``app.playouts``: the worker processes of the win chances and the review (started when first used).

Never losing a game:

- Every game has an id (:mod:`megamono.autosave`) and an autosave of its own, ``autosave-GAMEID.json``
  in the save folder: :meth:`MegamonoApp.autosave_game` writes it; the game screen calls it at the end
  of every turn, and the app when it leaves a game (back to the start screen, quitting, the terminal
  closing: SIGHUP/SIGTERM). The save's text is always made on the main thread, from the game in play; at
  a turn's end a thread of its own writes the bytes (:class:`~megamono.autosave.BackgroundWriter`), so
  the game never waits for the disk. The start screen offers every unfinished game. While a game is open
  the app holds its lock, so that another app on the same save folder marks it as open elsewhere; an app
  that opens a save of a game open elsewhere, or an earlier point of a game autosaved further, plays on
  a copy with an id of its own: no autosave is ever overwritten by another game or an earlier point.
- Leaving a game never claims a save that did not happen: a failed autosave (a full disk, a read-only folder)
  opens :class:`~megamono.tui.dialogs.notice.SaveFailedDialog` (why; save elsewhere, retry, or leave unsaved);
  a closed terminal cannot ask: its game goes to the rescue folder (:func:`megamono.autosave.rescue_folder`).
- An unexpected exception writes the game to ``recovery-YYYYmmdd-HHMMSS.json`` before the app exits
  (Textual restores the terminal); :func:`run_app` then prints where (:mod:`.app_rescue`'s work).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.message import Message
from textual.screen import ModalScreen, Screen

from .app_rescue import GameRescue
from .drafts import TradeDrafts
from .keytimes import KeyTimes
from .runtime import Runtime
from .screens.start import StartScreen
from .screens.toosmall import guard_size
from .textual_private import binding_chain
from .themes import setup_themes, toggle_contrast
from .widgets.notices import NoticeBoard, NoticeLine

if TYPE_CHECKING:
    from textual.geometry import Region
    from textual.timer import Timer

    from megamono.autosave import BackgroundWriter, GameLock, Origin
    from megamono.replay import Timeline
    from megamono.review import Review
    from megamono.rules.engine import Game

    from .exitguard import ExitGuard

# The rules core (pydantic and all) is imported when a game is first needed, not before the start
# screen is drawn: see tests/bench/app.py.


def _legal_actions_provider():
    """The command palette's legal actions (imported when the palette first opens)."""
    from .commands import LegalActions

    return LegalActions


def env_switch(name: str, default: bool = True) -> bool:
    """An on/off setting from the environment: "0", "off", "no" or "false" turn it off."""
    value = os.environ.get(name)
    if value is None or not value.strip():
        return default
    return value.strip().lower() not in ("0", "off", "no", "false")


class AutosaveWritten(Message):
    """The writer thread wrote ``path`` (``problem`` None) or could not (why)."""

    def __init__(self, path: Path, problem: str | None) -> None:
        super().__init__()
        self.path, self.problem = path, problem


class MegamonoApp(GameRescue):
    """The app. ``saves_dir``: where saves go; ``resume_file``: load it straight into a game;
    ``seed``: the seed of new games; ``open_resume``: start on the list of saves."""

    CSS_PATH = "app.tcss"
    TITLE = "megamono"
    COMMANDS = App.COMMANDS | {_legal_actions_provider}
    BINDINGS = [Binding("f1", "rules", "Rules", priority=True),
                Binding("question_mark", "keys", "Keys", key_display="?", priority=True),
                Binding("f2", "contrast", "Contrast", show=False)]
    """Priority bindings, so they work over dialogs too (modal screens hide the app's other keys);
    :meth:`check_action` lets a screen's own binding of the key, or a text field, have it."""

    pass_notices: bool  # set in __init__ (declared here: the actions above __init__ change them)
    animations: bool

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("keys", "rules"):
            key = "question_mark" if action == "keys" else "f1"
            screen = self.screen
            focused = screen.focused
            if action == "keys" and focused is not None and focused.check_consume_key(key, "?"):
                return False  # a "?" typed into a text field (not into a digits-only one)
            for node, bindings in binding_chain(screen):
                if node is not self and key in bindings.key_to_bindings:
                    return False  # the screen (or a widget) has its own use for the key
        return True

    def action_contrast(self) -> None:
        """F2: switch the high-contrast theme on or off (remembered in the save folder)."""
        toggle_contrast(self)

    def on_resize(self, event) -> None:
        """Below 100x30 the "terminal too small" screen covers the app until it grows."""
        guard_size(self, tuple(event.size))

    def action_rules(self) -> None:
        """Show the rules screen (the rules text shipped with the package)."""
        from .screens.rules import RulesScreen

        if not isinstance(self.screen, RulesScreen):
            self.push_screen(RulesScreen())

    # -- help, options and the command palette (megamono.tui.commands) --------------------------
    def action_keys(self) -> None:
        """``?``: show or hide the keys of the current screen (Textual's help panel, with a word
        on the screen). The game screen's own ``?`` opens its full help instead."""
        from .screens.help import KeysPanel

        panels = self.screen.query(KeysPanel)
        if panels:
            panels.remove()
        else:
            self.screen.mount(KeysPanel())

    def get_system_commands(self, screen: Screen):
        from .commands import screen_commands

        yield from screen_commands(self, screen)
        for command in super().get_system_commands(screen):
            if command.title != "Keys":  # ours shows the screen's word too (KeysPanel)
                yield command

    def action_saved_games(self) -> None:
        from .screens.saves import ResumeScreen

        problem = self.autosave_now()  # (the list then shows the game in play as it is now)
        if problem is not None:
            self.notify(f"Could not autosave: {problem}", title="Autosave", severity="error", timeout=15)
        self.push_screen(ResumeScreen(self.saves_dir))

    def action_options(self) -> None:
        from .screens.options import OptionsScreen

        if not isinstance(self.screen, OptionsScreen):
            self.push_screen(OptionsScreen())

    def action_toggle_handover(self) -> None:
        from .screens.options import remember_settings

        self.pass_notices = not self.pass_notices
        remember_settings(self)
        self.notify(f"Hand-over screens are {'on' if self.pass_notices else 'off'}")

    def action_toggle_animations(self) -> None:
        from .screens.options import remember_settings

        self.animations = not self.animations
        remember_settings(self)
        self.notify(f"Animations are {'on' if self.animations else 'off'}")

    def __init__(self, saves_dir: Path, resume_file: Path | None = None, seed: int | None = None, *,
                 runtime: Runtime | None = None, game: Game | None = None,
                 dice: Iterable[Sequence[Any]] | None = None, seat_order: bool = False,
                 open_resume: bool = False, edition: str | None = None, rescue_dir: Path | None = None,
                 replay: Timeline | None = None,
                 review: tuple[Review, str] | None = None, origin: Origin | None = None) -> None:
        super().__init__()
        self.replay = replay
        self.review = review
        self.origin = origin or self.origin  # (a game from a position: ``megamono play --position``)
        self.trade_drafts = TradeDrafts()
        """The trade left unsent with Esc in this turn (:mod:`.drafts`): the trade screen starts from it."""
        """A game to review at once, and its title (``megamono review SAVE``): the app quits when the review
        is left."""
        """A game to replay at once (``megamono replay SAVE``): the app quits when the replay is left."""
        self.edition = edition
        """The board the new-game screen offers first: "mega", "classic" or a board file's path."""
        self.saves_dir = Path(saves_dir)
        self.resume_file = resume_file
        self.seed = seed
        self.runtime = runtime = runtime or Runtime()
        """The clock, the pace and the machine (:class:`~megamono.tui.runtime.Runtime`)."""
        self.initial_game = game
        self.dice = list(dice) if dice is not None else None
        self.seat_order = seat_order
        self.open_resume = open_resume
        self.pass_notices = runtime.handovers and env_switch("MEGAMONO_HANDOVER")
        """Show "pass the keyboard to NAME" when the deciding player changes (never for computer
        players; off by the runtime, with ``MEGAMONO_HANDOVER=off``, in the options or the palette)."""
        self.animations = runtime.animations and env_switch("MEGAMONO_ANIMATIONS")
        """Animate the dice and token moves briefly (any key skips; off by the runtime, with
        ``MEGAMONO_ANIMATIONS=off``, in the options or the palette)."""
        self.notices: list[str] = []
        """Every notification's text, newest last (tests read it)."""
        self.show_notices = runtime.notices
        """Show notices on the notice lines (as the runtime says; a test may turn them on)."""
        self.notice_board = NoticeBoard(runtime.clock)
        self.keys = KeyTimes()
        """When keys came, every key (a hand-over takes a key only after a rest: :mod:`.keytimes`)."""
        """The notices shown now (:class:`~megamono.tui.widgets.notices.NoticeBoard`)."""
        self._notice_timer: Timer | None = None
        self.clock = runtime.clock
        """The one clock (:class:`~megamono.tui.runtime.Clock`): the time a game is open, names of rescued saves."""
        self._played_before = 0  # seconds the game in play was open before it was loaded (its save's)
        self._opened_at = 0.0  # the timer when the game in play was opened
        self._played_saved = 0  # the whole seconds open written in the last autosave (or read at loading)
        self.game_in_play: Game | None = None
        """The game on screen (set by :meth:`start_game`), autosaved when the app leaves it."""
        self.game_id: str | None = None
        """The id of the game in play: its autosave is ``autosave-GAMEID.json``."""
        self.token = secrets.token_hex(8)
        """This app's own mark in the locks of the games it opens (:class:`GameLock`)."""
        self._rescue_dir = rescue_dir
        self._lock: GameLock | None = None  # the GameLock of the game in play
        self.crash_report: str | None = None
        """After an unexpected exception: what happened and where the game was rescued to."""
        self._autosaved: tuple | None = None  # (game id, actions, last action, log length) last written
        self._started: tuple | None = None  # the game's point when it was loaded (None: a new game)
        self._rescued_from: Path | None = None  # the rescued copy the game in play was resumed from
        self._autosave_failed = False
        self._large_warned = False  # the game's save has been said to be very large
        self._leave_unsaved = False  # the player chose to leave without saving
        self._crashed = False
        self._hung_up = False
        self._exit_guard: ExitGuard | None = None  # the SIGHUP/SIGTERM handling (megamono.tui.exitguard)
        self._writer: BackgroundWriter | None = None  # (see :attr:`writer`)
        self.write_in_thread = runtime.threads  # autosave in the writer thread (else at once; a test may set it)
        from megamono.analysis import PlayoutPool  # (light: it imports the rules when a playout runs)
        self.playouts = PlayoutPool(serve=runtime.threads)
        if not runtime.animations:
            self.animation_level = "none"

    exiting = False  # set once the app is told to exit (exit): keys and clicks still on their way are dropped

    def exit(self, result: Any = None, return_code: int = 0, message: Any = None) -> None:
        """Exit as Textual does, and take no more input meanwhile: a key typed just after ``q`` (``n``
        on the start screen, say) must not open a screen in an app that is closing (it crashed)."""
        self.exiting = True
        self.playouts.close()
        super().exit(result, return_code, message)


    async def on_event(self, event: events.Event) -> None:
        if self.exiting and isinstance(event, events.InputEvent):
            return
        if isinstance(event, events.Key) and not event.is_forwarded:  # (once a key: not again as it bubbles up)
            self.keys.key(self.clock.monotonic())
        await super().on_event(event)

    def get_default_screen(self) -> Screen:
        if self.replay is not None:  # (the replay alone: no start screen under it, leaving it quits)
            from .screens.replay import ReplayScreen

            return ReplayScreen(self.replay, leave=self.exit)
        if self.review is not None:  # (the same for the review)
            from .screens.review import ReviewScreen

            review, title = self.review
            return ReviewScreen(review.game, title, review, leave=self.exit)
        return StartScreen()

    def on_mount(self) -> None:
        from megamono.files import remove_dead_temps

        from .screens.options import load_settings

        remove_dead_temps(self.saves_dir)  # temp files of writers killed mid-save (never one at work)
        setup_themes(self)
        load_settings(self)
        self.screen_change_signal.subscribe(self, self.place_notice_lines)
        self.call_after_refresh(guard_size, self)
        self._catch_hangup()
        if self.initial_game is not None:
            self.start_game(self.initial_game, None, origin=self.origin)
        elif self.resume_file is not None:
            self.resume(Path(self.resume_file))
        elif self.open_resume:
            from .screens.saves import ResumeScreen
            self.push_screen(ResumeScreen(self.saves_dir))

    def resume(self, path: Path) -> bool:
        """Load ``path`` into a game screen; on a bad file say why on the start screen."""
        from megamono.saves import SaveError, load_save

        try:
            saved = load_save(path)
        except SaveError as exc:
            self.notify(str(exc), title="Cannot load", severity="error")
            screen = self.screen_stack[0]
            if isinstance(screen, StartScreen):
                screen.call_after_refresh(screen.show_error, f"Cannot load: {exc}", path)
            return False
        self.start_game(saved.game, path, saved.game_id, saved.played_seconds, saved.origin)
        return True

    def start_game(self, game: Game, path: Path | None, game_id: str | None = None,
                   played_seconds: int = 0, origin: Origin | None = None) -> None:
        """Leave whatever is open (the game being left is autosaved first: see :meth:`leave_game`)
        and play ``game``. ``path``: the save it came from; ``game_id``: the id that save carries
        (None: a new game, which gets a new id); ``played_seconds``: how long the game was open
        before (its save's, for the ``time_limit`` option); ``origin``: where it came from (its save's)."""
        self.leave_game(lambda: self._start_game(game, path, game_id, played_seconds, origin))

    def _start_game(self, game: Game, path: Path | None, game_id: str | None, played_seconds: int = 0,
                    origin: Origin | None = None) -> None:
        from megamono.autosave import GameLock, Origin

        from .screens.game import GameScreen

        self.go_start()
        game_id, note = self._claim_game_id(game, path, game_id)
        self.game_in_play = game
        self.game_id = game_id
        self.origin = (origin or Origin()).after(path, copied=note is not None)  # (kept in its saves)
        # a new game is kept from the start (left before its first move, it is still offered), and
        # so is a game resumed from the rescue folder (back into the save folder, the rescued copy
        # then goes); a game loaded from the save folder is not written again until it moves on
        self._rescued_from = path if path is not None and self._in_rescue_folder(path) else None
        self._started = None if path is None or self._rescued_from else self._point(game)
        self._autosaved = None
        self._played_before = self._played_saved = played_seconds
        self._opened_at = self.clock.monotonic()
        self._autosave_failed = self._large_warned = self._leave_unsaved = False
        self._lock = GameLock.take(self.saves_dir, game_id, self.token)
        self.push_screen(GameScreen(game, path))
        if note:
            self.notify(note, title="Autosaved apart", timeout=12)

    def _claim_game_id(self, game: Game, path: Path | None, game_id: str | None) -> tuple[str, str | None]:
        """The id to play ``game`` under, and a word for the player when it is a new one.

        A save keeps its id, unless another running app has the game open, or the game's autosave
        holds a later point (or another branch) of it: then this is a copy, with an id of its own,
        so that the two never overwrite each other's autosave.
        """
        from megamono.autosave import autosave_name, lock_holder, new_game_id, read_summary, same_file

        if game_id is None:
            return new_game_id(), None
        holder = lock_holder(self.saves_dir, game_id, self.token)
        if holder is not None:
            fresh = new_game_id()
            return fresh, (f"This game is open in another megamono too (process {holder}): this copy is "
                           f"autosaved apart, as {autosave_name(fresh)}.json.")
        auto = self.saves_dir / f"{autosave_name(game_id)}.json"
        if path is not None and auto.exists() and not same_file(auto, path):
            try:
                theirs = read_summary(auto).get("actions")
                ours = [a.model_dump(mode="json") for a in game.history]
                earlier = isinstance(theirs, list) and theirs == ours[: len(theirs)]
            except ValueError:
                earlier = False  # unreadable: never overwritten
            if not earlier:
                fresh = new_game_id()
                return fresh, (f"This game's autosave ({auto.name}) has gone further: this point of it is "
                               f"played on as a copy, autosaved apart as {autosave_name(fresh)}.json.")
        return game_id, None

    def go_start(self) -> None:
        """Back to the start screen (the game being left is autosaved first; call
        :meth:`leave_game` before to be told when that fails)."""
        self.autosave_now()
        self.game_in_play = None
        self.game_id = None
        if self._lock is not None:
            self._lock.release()
            self._lock = None
        while len(self.screen_stack) > 1:
            self.pop_screen()

    # -- the time limit (RULES.md O) ------------------------------------------------------------------
    def played_seconds(self) -> float:
        """How long the game in play has been open in the app, in seconds (its saves' time included;
        time while saved and closed does not count)."""
        return self._played_before + max(0.0, self.clock.monotonic() - self._opened_at)

    def time_left(self, game: Game) -> float | None:
        """Seconds left of ``game``'s (the game in play's) ``time_limit`` (0 once out), or None without
        the option (or with no game in play)."""
        limit = game.st.options.time_limit
        if limit is None or self.game_in_play is None:
            return None
        return max(0.0, limit * 60 - self.played_seconds())

    def played_for_save(self, game: Game) -> int | None:
        """What a save of ``game`` keeps of its time open (``played_seconds``): the whole seconds for
        the game in play (or a copy of it rebuilt from its actions) with a ``time_limit``, else None
        (not written)."""
        if game.st.options.time_limit is None or self.game_in_play is None:
            return None
        return int(self.played_seconds())

    def _time_moved(self, game: Game) -> bool:
        """Whether ``game``'s time open has moved on by a second since its last autosave (a game
        with a ``time_limit`` keeps its time even when nothing else changed)."""
        played = self.played_for_save(game)
        return played is not None and played != self._played_saved

    # -- never losing a game ----------------------------------------------------------------------
    @property
    def autosave_path(self) -> Path:
        """The autosave of the game in play: ``autosave-GAMEID.json`` in the save folder."""
        from megamono.autosave import autosave_name

        return self.saves_dir / f"{autosave_name(self.game_id or 'none')}.json"

    @property
    def rescue_dir(self) -> Path:
        """Where a game goes when the save folder cannot take it as the terminal closes (the
        platform's user data folder unless the app was given another)."""
        if self._rescue_dir is None:
            from megamono.autosave import rescue_folder

            self._rescue_dir = rescue_folder()
        return self._rescue_dir

    def write_autosave(self, game: Game, wait: bool = True) -> str | None:
        """Write ``game``'s autosave (atomically); None when written (or already written at this
        point), else why it could not be. A save grown very large is said once.

        The save's bytes are always made here, on the main thread, from the game in play. ``wait``
        False (a turn's end) and :attr:`write_in_thread`: the writer thread writes them (:attr:`writer`) and a
        failure comes back later (:class:`AutosaveWritten`); else they are written now, after
        whatever the writer still holds."""
        from megamono.autosave import autosave_name
        from megamono.saves import LARGE_SAVE_BYTES, MAX_SAVE_BYTES, SaveError, encode_game, save_target, write_save

        key = self._point(game)
        if key == self._autosaved and not self._time_moved(game):
            return None
        if self.game_id is None:
            self.game_id = self._claim_game_id(game, None, None)[0]
        played = self.played_for_save(game)
        try:
            path = save_target(autosave_name(self.game_id), self.saves_dir)
            data = encode_game(game, self.clock.now(), game_id=self.game_id, played_seconds=played,
                               origin=self.origin)
            if wait or not self.write_in_thread:
                self.writer.wait(self.SIGNAL_GRACE)  # (an older point must not land after this one)
                write_save(path, data)
            else:
                self.writer.submit(path, data)
        except (OSError, SaveError, ValueError) as exc:
            return str(exc) or type(exc).__name__
        self._autosaved = key
        if played is not None:
            self._played_saved = played
        if wait or not self.write_in_thread:
            self._forget_rescued_copy()
        if len(data) > LARGE_SAVE_BYTES and not self._large_warned:
            self._large_warned = True
            self.notify(f"This game has gone on for {game.st.turn.round:,} rounds: its save is "
                        f"{len(data) / 1e6:.1f} MB, and a save over {MAX_SAVE_BYTES / 1e6:.0f} MB cannot be "
                        "loaded. End the game before long (e proposes to end it).",
                        title="A very long game", severity="warning", timeout=20)
        return None

    @property
    def writer(self) -> BackgroundWriter:
        """The thread that writes the autosaves' bytes at a turn's end (made when first needed)."""
        if self._writer is None:
            from megamono.autosave import BackgroundWriter
            from megamono.saves import write_save

            self._writer = BackgroundWriter(write_save, lambda path, problem: self.post_message(
                AutosaveWritten(path, problem)))
        return self._writer

    def on_autosave_written(self, message: AutosaveWritten) -> None:
        """The writer thread wrote an autosave (or could not): say a failure once; the rescued copy of
        a game resumed from the rescue folder goes once its autosave is written."""
        if message.problem is None:
            self._forget_rescued_copy()
            return
        self._autosaved = None  # (written again when leaving, which asks what to do if it fails again)
        if not self._autosave_failed:
            self._autosave_failed = True
            self.notify(f"Could not autosave: {message.problem}", title="Autosave", severity="error", timeout=15)

    def autosave_game(self, game: Game) -> None:
        """Write ``game``'s autosave; the game screen calls it when a turn ends.

        Never raises: a failed write is reported once on screen (leaving the game says it again and
        asks what to do, :meth:`leave_game`). Writing the same point of the same game twice is skipped.
        """
        problem = self.write_autosave(game, wait=False)
        if problem is None:
            self._autosave_failed = False
        elif not self._autosave_failed:
            self._autosave_failed = True
            self.notify(f"Could not autosave: {problem}", title="Autosave",
                        severity="error", timeout=15)

    def _in_rescue_folder(self, path: Path) -> bool:
        try:
            return Path(path).resolve().parent == self.rescue_dir.resolve()
        except (OSError, RuntimeError):
            return False

    def _forget_rescued_copy(self) -> None:
        """Once a game resumed from the rescue folder has its autosave again, its rescued copy
        goes (else the start screen would offer that game twice)."""
        if self._rescued_from is not None:
            try:
                self._rescued_from.unlink(missing_ok=True)
            except OSError:
                pass  # (kept: offered again, harmless)
            self._rescued_from = None

    @staticmethod
    def _point(game: Game) -> tuple:
        """Where ``game`` stands: it changes with every action (and with an undo)."""
        return (id(game), len(game.history), game.history[-1] if game.history else None, len(game.st.log))

    def unsaved_changes(self) -> bool:
        """Whether the game in play has moved on since it was started, loaded or last autosaved."""
        game = self.game_in_play
        return (game is not None and not self._crashed and not self._leave_unsaved
                and (self._point(game) not in (self._started, self._autosaved) or self._time_moved(game)))

    def autosave_now(self) -> str | None:
        """Autosave the game in play (when leaving it, quitting or the terminal closing), unless
        nothing was played since it was started, loaded or autosaved; None when that is done (or
        there was nothing to do), else why it failed."""
        game = self.game_in_play
        if game is None or not self.unsaved_changes():
            return None
        problem = self.write_autosave(game)
        if problem is not None:
            self._autosave_failed = True
        return problem

    def leave_game(self, then: Callable[[], None], quitting: bool = False) -> None:
        """Autosave the game in play, then run ``then`` (quit, go to the start screen, start another
        game). When the autosave fails, :class:`SaveFailedDialog` says why and lets the player save
        elsewhere, retry, or leave without saving (``then`` runs after any of those), or stay."""
        problem = self.autosave_now()
        if problem is None:
            then()
            return
        from .dialogs.notice import SaveFailedDialog

        game = self.game_in_play

        def save_elsewhere(target: Path) -> str | None:
            from megamono.saves import SaveError, save_game

            try:
                save_game(game, target.stem, target.parent, game_id=self.game_id,  # type: ignore[arg-type]
                          played_seconds=self.played_for_save(game) if game is not None else None,
                          origin=self.origin, saved_at=self.clock.now())
            except (OSError, SaveError, ValueError) as exc:
                return str(exc) or type(exc).__name__
            return None

        def answer(choice: str | None) -> None:
            if choice == "retry":
                self.leave_game(then, quitting)
            elif choice in ("saved", "discard"):
                self._leave_unsaved = True  # (saved elsewhere, or given up: no autosave on the way out)
                then()

        self.push_screen(SaveFailedDialog(problem, self.autosave_path, save_elsewhere, quitting), answer)

    def action_quit(self) -> None:  # type: ignore[override]
        """Ctrl+Q, over every screen and dialog: :func:`~.dialogs.notice.ask_to_quit`."""
        from .dialogs.notice import ask_to_quit

        ask_to_quit(self)

    def action_help_quit(self) -> None:
        """Ctrl+C: say how to quit (plain text: notices here are not markup)."""
        self.notify("Press ctrl+q to quit megamono", title="Do you want to quit?")

    # -- notices (megamono.tui.widgets.notices) -----------------------------------------------------
    def notice_anchor(self) -> Region | None:
        """Where the notices show on the topmost full screen (not a dialog): the region of its
        notice line (the game screen's one inside the board when the board leaves no free line),
        or None while it has none laid out."""
        for screen in reversed(self.screen_stack):
            if isinstance(screen, ModalScreen):
                continue
            for line in screen.query(NoticeLine):
                if line.display and line.region.area:
                    return line.region
            return None
        return None

    def place_notice_lines(self, _screen: Screen | None = None) -> None:
        """Lay every dialog's notice line exactly over the notice line of the screen under it (the
        dialog itself is laid out above it: a docked widget takes its line from the layout), so
        that a notice never covers a dialog's text, and a dialog never covers a notice."""
        anchor = self.notice_anchor()
        width, height = self.size
        for screen in self.screen_stack:
            if not isinstance(screen, ModalScreen):
                continue
            for line in screen.query(NoticeLine):
                if not line.follows:
                    continue
                if anchor is None:
                    line.styles.clear_rule("margin")
                    line.styles.clear_rule("width")
                    continue
                bottom = max(0, height - 1 - anchor.y)
                margin = (0, max(0, width - anchor.right), bottom, anchor.x)
                if tuple(line.styles.margin) != margin or line.styles.width != anchor.width:
                    line.styles.margin = margin
                    line.styles.width = anchor.width

    def refresh_notice_lines(self) -> None:
        """Draw the notices again on every screen's notice line; expire those whose time is up,
        and come back when the line next changes."""
        if self._notice_timer is not None:
            self._notice_timer.stop()
            self._notice_timer = None
        self.notice_board.expire()
        for screen in self.screen_stack:
            for line in screen.query(NoticeLine):
                line.refresh()
        wait = self.notice_board.next_change()
        if wait is not None:
            self._notice_timer = self.set_timer(wait, self.refresh_notice_lines)

    def notify(self, message: str, *, title: str = "", severity: str = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        """Show a notice on the notice line (never over anything: see
        :mod:`~megamono.tui.widgets.notices`); the same notice again while shown counts up.
        ``markup`` is ignored: a notice is plain text (a name such as "[b]Bo" shows as typed)."""
        self.notices.append(message)
        if not self.show_notices:
            return
        if severity not in ("information", "warning", "error"):
            severity = "information"
        self.notice_board.add(str(message), title, severity,
                              self.NOTIFICATION_TIMEOUT if timeout is None else timeout, self.size.width)
        self.refresh_notice_lines()

    def drop_refusals(self) -> None:
        """No refusal shown any more (an action has just succeeded)."""
        self.notice_board.drop_refusals()
        self.refresh_notice_lines()

    def clear_notifications(self) -> None:
        """No notice shown any more."""
        self.notice_board.clear()
        self.refresh_notice_lines()
        super().clear_notifications()


def run_app(args) -> int:
    """Start the app for parsed command-line ``args`` (.command, .saves, .file; .game, a game made from
    a position by ``megamono play --position``, starts straight into it); the exit code."""
    command = getattr(args, "command", "play")
    file = getattr(args, "file", None)
    app = MegamonoApp(args.saves, resume_file=file if command == "resume" else None,
                      seed=getattr(args, "seed", None), open_resume=(command == "resume" and file is None),
                      edition=getattr(args, "edition", None), game=getattr(args, "game", None),
                      replay=getattr(args, "timeline", None), review=getattr(args, "review", None),
                      origin=getattr(args, "origin", None))
    app.run()
    app.after_run()
    return app.return_code or 0
