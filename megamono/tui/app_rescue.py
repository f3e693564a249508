"""Never losing a game when the app ends: the terminal closing (SIGHUP/SIGTERM), any exit, and an
unexpected error (the crash rescue). A mixin of :class:`~megamono.tui.app.MegamonoApp`, which holds the
autosave itself (``autosave_path``, ``unsaved_changes``...).

- However the app ends, the game in play is autosaved (:meth:`GameRescue.save_before_closing`); when the
  save folder cannot take it, it goes to the rescue folder (:func:`megamono.autosave.rescue_folder`) and
  the next start says where.
- A closed terminal (SIGHUP) or a kill (SIGTERM) ends the process for certain (:mod:`.exitguard`): the
  game is autosaved between two messages, or, when the event loop cannot, from another thread
  (:meth:`GameRescue._last_resort_save`), which never reads the game's state: it rebuilds a copy of its
  own from the setup and the list of actions (frozen objects, only ever appended to) and writes that.
- An unexpected exception writes the game to ``recovery-YYYYmmdd-HHMMSS.json`` before the app exits
  (:class:`~.textual_private.CrashHook`, the one hook Textual has for it, is a private one).
"""

from __future__ import annotations

import sys
import traceback
from typing import TYPE_CHECKING

from megamono.autosave import Origin, saves_folder_origin

from .textual_private import CrashHook

if TYPE_CHECKING:
    from pathlib import Path

    from megamono.autosave import BackgroundWriter, GameLock
    from megamono.rules.engine import Game

    from .exitguard import ExitGuard
    from .runtime import Clock, Runtime


class GameRescue(CrashHook):
    """The app's rescue of the game in play as it ends (see the module)."""

    origin = Origin()
    """Where the game in play came from (:class:`~megamono.autosave.Origin`), kept in its saves; a game
    rescued to the rescue folder also keeps the save folder it was played in."""

    if TYPE_CHECKING:  # what MegamonoApp holds and does (declarations only)
        saves_dir: Path
        runtime: Runtime
        clock: Clock
        game_in_play: Game | None
        game_id: str | None
        crash_report: str | None
        _autosaved: tuple | None
        _lock: GameLock | None
        _leave_unsaved: bool
        _crashed: bool
        _hung_up: bool
        _exit_guard: ExitGuard | None
        _writer: BackgroundWriter | None

        @property
        def autosave_path(self) -> Path: ...
        @property
        def rescue_dir(self) -> Path: ...
        def unsaved_changes(self) -> bool: ...
        def played_for_save(self, game: Game) -> int | None: ...
        def _claim_game_id(self, game: Game, path: Path | None, game_id: str | None) -> tuple[str, str | None]: ...
        def _forget_rescued_copy(self) -> None: ...
        @staticmethod
        def _point(game: Game) -> tuple: ...

    def save_before_closing(self) -> str:
        """The terminal is closing (SIGHUP/SIGTERM): autosave the game in play; if the save folder
        cannot take it, write it to the rescue folder (the next start offers it and says where).
        Returns what happened in a line for standard error ("" when the autosave was written, or
        nothing needed writing)."""
        game = self.game_in_play
        if game is None or (not self.unsaved_changes() and self._autosave_on_disk()):
            return ""
        return self._write_on_closing(game)

    def _autosave_on_disk(self) -> bool:
        """Whether the autosave handed to the writer thread at a turn's end is on disk, waiting for it
        at most half of :attr:`SIGNAL_GRACE`: the point counts as autosaved from the moment it is
        handed over, and the writer is a thread the process does not wait for as it ends (found
        closing a terminal on a loaded machine: the game's last turn was in no file)."""
        return self._writer is None or self._writer.wait(self.SIGNAL_GRACE / 2)

    def _write_on_closing(self, game: Game) -> str:
        """Write ``game`` (the game in play, or a copy rebuilt from its actions) as the game's
        autosave, else into the rescue folder; what happened in a line ("" for the autosave). No
        notice is shown: this may run in another thread while the terminal goes (:meth:`_last_resort_save`)."""
        from megamono.autosave import autosave_name
        from megamono.saves import SaveError, save_game

        game_id = self.game_id or self._claim_game_id(game, None, None)[0]
        if self._writer is not None:
            self._writer.wait(self.SIGNAL_GRACE / 2)  # (an autosave still being written comes first)
        try:
            save_game(game, autosave_name(game_id), self.saves_dir, game_id=game_id,
                      played_seconds=self.played_for_save(game), origin=self.origin, saved_at=self.clock.now())
        except (OSError, SaveError, ValueError) as exc:
            problem = str(exc) or type(exc).__name__
        else:
            if game is self.game_in_play:
                self._autosaved = self._point(game)
                self._forget_rescued_copy()
            return ""
        name = f"{autosave_name(game_id)}-{self.clock.now():%Y%m%d-%H%M%S}"
        try:
            path = save_game(game, name, self.rescue_dir, game_id=game_id, played_seconds=self.played_for_save(game),
                             origin=saves_folder_origin(self.origin, self.saves_dir), saved_at=self.clock.now())
        except Exception as exc:  # noqa: BLE001 - closing: say what happened, nothing more can be done
            return (f"megamono: the game could not be autosaved ({problem}) nor rescued to "
                    f"{self.rescue_dir} ({exc})")
        self._leave_unsaved = True
        return f"megamono: the game could not be autosaved ({problem}); it was rescued to {path}"

    def on_unmount(self) -> None:
        # however the app ends (Ctrl+Q has saved already; SIGINT, an exit from elsewhere), the game
        # is autosaved, or rescued when the save folder cannot take it, and the player is told where
        try:
            said = self.save_before_closing()
        except Exception as exc:  # noqa: BLE001 - shutting down: say it, nothing more can be done
            said = f"megamono: the game could not be autosaved ({exc!r})"
        if said and not self.crash_report:
            self.crash_report = said
        self._release_lock()
        if self._exit_guard is not None:
            # (the guard stays: a signal now still ends the process, with status 0 if the game is safe)
            self._exit_guard.saved(exit_code=1 if said else 0)

    SIGNAL_GRACE = 1.5
    """Seconds the normal exit may take after SIGHUP/SIGTERM before the process is ended all the
    same (:mod:`megamono.tui.exitguard`)."""

    def _catch_hangup(self) -> None:
        """A closed terminal (SIGHUP) or a kill (SIGTERM) ends the process for certain: the game is
        autosaved between two messages and the app exits, or, if that has not happened within
        :attr:`SIGNAL_GRACE` seconds (or on a second signal), the game is saved from another thread
        and the process ends (see :mod:`megamono.tui.exitguard`). Not when the runtime says no
        signals (a test runs the app inside the test process)."""
        if not self.runtime.signals:
            return
        import asyncio

        from .exitguard import ExitGuard

        try:
            guard = ExitGuard(asyncio.get_running_loop(), self._hang_up, self._last_resort_save,
                              grace=self.SIGNAL_GRACE, clock=self.clock)
            guard.install()
        except (RuntimeError, ValueError, AttributeError):
            return  # not the main thread, or no such signals (Windows)
        self._exit_guard = guard

    @property
    def signalled(self) -> bool:
        """Whether SIGHUP or SIGTERM ended the app (its exit guard heard one)."""
        return self._exit_guard is not None and self._exit_guard.signalled is not None

    def after_run(self) -> None:
        """What :func:`~megamono.tui.app.run_app` does once the app has stopped (the terminal restored):
        print :attr:`crash_report`, if any; after SIGHUP or SIGTERM (the game saved), end the process at
        once, without the interpreter's teardown (:func:`~megamono.tui.exitguard.end_now`)."""
        if self.crash_report:
            print(self.crash_report, file=sys.stderr)
        if self.signalled:
            from .exitguard import end_now

            end_now(self.return_code or 0)

    def _hang_up(self) -> None:
        """What SIGHUP/SIGTERM run on the event loop (between two messages): autosave, give up the
        game's lock, then exit: with status 0 when the game is safe in its autosave (or had nothing to
        save), else 1 (rescued to the rescue folder, or not saved at all)."""
        self._hung_up = True
        safe = False
        try:
            said = self.save_before_closing()
            if said:
                self.crash_report = said
            safe = not said
            if self._exit_guard is not None:
                self._exit_guard.saved(exit_code=0 if safe else 1)
        finally:
            # (now, not on unmounting: Textual may end without unmounting the app, a signal while the
            # game's first screens open: the lock file was left behind)
            self._release_lock()
            self.exit(return_code=0 if safe else 1)

    def _release_lock(self) -> None:
        """Give up the lock of the game in play (:class:`~megamono.autosave.GameLock`): the app is
        ending. Safe to call again, and from the exit guard's thread."""
        if self._lock is not None:
            self._lock.release()

    def _last_resort_save(self) -> None:
        """Autosave when the event loop could not (it is blocked, or too slow) after SIGHUP/SIGTERM.

        Called from another thread while the loop may be anywhere, even inside ``game.act``: the
        game is not written as it is but rebuilt from its actions (one under way is applied whole),
        so the autosave is always sound; when the save folder cannot take it, it goes to the rescue
        folder (:meth:`_write_on_closing`). Skipped when nothing was played since the game was
        started or loaded, or when it is autosaved already. The game's lock is given up either way,
        and the process's status is 0 when the game is safe in its autosave."""
        game = self.game_in_play
        try:
            if game is None or self._crashed or (not self.unsaved_changes() and self._autosave_on_disk()):
                said = "crashed" if self._crashed else ""  # (a crash wrote a recovery save: status 1)
            else:
                from megamono.rules.engine import Game

                said = self._write_on_closing(Game.replay(game.setup, list(game.history)))
                if said:
                    try:
                        print(said, file=sys.__stderr__, flush=True)
                    except (OSError, ValueError, AttributeError):
                        pass  # (no terminal left to say it on)
            if not said and self._exit_guard is not None:
                self._exit_guard.exit_code = 0  # the game is safe in its autosave
        finally:
            self._release_lock()

    def ending_quietly(self) -> bool:
        """After SIGHUP/SIGTERM the app is ending, its game saved: a screen torn down half-made as it
        started (a signal during start-up) may fail, and that is no news (no traceback)."""
        return self.signalled and self._hung_up

    def on_unexpected_error(self, error: Exception) -> None:
        """An unexpected exception: rescue the game into a recovery save, then let Textual exit
        (it restores the terminal and prints the traceback; :func:`~megamono.tui.app.run_app` prints
        :attr:`crash_report` after it)."""
        if not self._crashed and not self._hung_up:
            self._crashed = True
            try:
                self.crash_report = self._rescue(error)
            except Exception as exc:  # noqa: BLE001 - never hide the first error
                self.crash_report = f"megamono stopped after an unexpected error ({error!r}); " \
                                    f"rescuing the game failed too ({exc!r})."

    def _rescue(self, error: Exception) -> str:
        """Write the game in play to ``recovery-YYYYmmdd-HHMMSS.json``; the message for the player."""
        from megamono.rules.engine import Game
        from megamono.saves import SaveError, load_game, recovery_name, save_game

        what = "".join(traceback.format_exception_only(type(error), error)).strip()
        head = f"megamono stopped after an unexpected error: {what}"
        game = self.game_in_play
        if game is None:
            return f"{head}\nNo game was in play."
        name = recovery_name(self.clock.now())
        folder = self.saves_dir
        try:
            path = save_game(game, name, folder, game_id=self.game_id, played_seconds=self.played_for_save(game),
                             origin=self.origin, saved_at=self.clock.now())
        except (OSError, SaveError):  # the save folder cannot take it: the rescue folder
            folder = self.rescue_dir
            path = save_game(game, name, folder, game_id=self.game_id, played_seconds=self.played_for_save(game),
                             origin=saves_folder_origin(self.origin, self.saves_dir), saved_at=self.clock.now())
        try:
            load_game(path)
        except SaveError:
            # the error may have struck in the middle of an action: rebuild the game from the
            # actions it completed (the last turn's autosave is there too)
            try:
                save_game(Game.replay(game.setup, game.history), name, folder, game_id=self.game_id,
                          saved_at=self.clock.now())
                load_game(path)
            except Exception:  # noqa: BLE001
                return (f"{head}\nThe game was written to {path}, but it may be damaged; the last "
                        f"autosave is {self.autosave_path}.")
        return (f"{head}\nYour game was saved to {path}.\n"
                f"Continue it with:  megamono --saves {self.saves_dir} resume {path}")
