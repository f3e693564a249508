"""Ending the process for certain when the terminal closes (SIGHUP) or the game is killed (SIGTERM).

Why this is needed: when a terminal closes, the kernel hangs its pseudo-terminal up and sends the
session leader SIGHUP *and SIGCONT*. Textual's driver answers SIGCONT by starting its application
mode again (a new writer thread and a new input thread on the dead terminal). The new writer dies on
its first write (EIO), the next writes fill its bounded queue (30 items), and the event loop then
blocks for good in ``WriterThread.write`` -> ``Queue.put`` (seen in ``App._shutdown`` ->
``LinuxDriver.disable_input``). The SIGHUP/SIGTERM handlers added with ``loop.add_signal_handler``
only run when the loop is free, so SIGTERM did nothing after that, and only SIGKILL ended it.

Signal handlers in Python run in the main thread, and only once that thread runs: a main thread
blocked on a lock is woken only if the kernel delivers the signal to that very thread, and Linux may
deliver it to any other thread instead (here it went to Textual's input thread, which spins once its
terminal has hung up, in most tries).
So :class:`ExitGuard` hears of the signals in a thread of its own, through ``signal.set_wakeup_fd``
(the interpreter writes each signal's number there from whichever thread caught it):

1. On the first SIGHUP or SIGTERM it starts a watchdog and asks the event loop to run ``on_signal``
   (the app autosaves there, between two messages, then exits the normal way).
2. On SIGHUP the terminal is gone, so restoring it is pointless: stdin, stdout and stderr are pointed
   at ``/dev/null`` (reads end at once, writes vanish), so that Textual's own exit neither blocks nor
   fails on the dead terminal. SIGCONT reaches Textual's handler (which restarts the application
   mode, for Ctrl+Z) only while the terminal is still there.
   A terminal that hangs up without sending SIGHUP (it was not the process's controlling terminal)
   is noticed within :data:`TERMINAL_POLL` seconds and handled as a SIGHUP.
3. If the process still exists ``grace`` seconds after the signal (the loop is blocked, or the exit
   hangs), or when another signal comes (later than :data:`SAME_EVENT`), ``last_save`` is run (in a
   thread of its own, for at most ``save_limit`` seconds) unless the game is saved already, and the
   process ends with ``os._exit(exit_code)``.
4. Once the app has stopped the normal way after a signal, :func:`end_now` ends the process without
   the interpreter's teardown: that teardown lets no other thread run, the watchdog's included, and
   freeing a long game's review took over a second (``megamono review`` of a 7,000-round game).

Nothing here touches Textual's internals.
"""

from __future__ import annotations

import asyncio
import os
import select
import signal
import termios
import threading
from collections.abc import Callable

from .runtime import Clock

SIGNALS = (signal.SIGHUP, signal.SIGTERM)
"""The signals that end the game: a closed terminal and a kill."""

GRACE = 1.5
"""Seconds the normal exit may take after the first signal before the watchdog ends the process."""

SAVE_LIMIT = 3.0
"""Seconds the watchdog gives ``last_save`` before it ends the process all the same."""

TERMINAL_POLL = 1.0
"""Seconds between two looks at the terminal, to notice one that hung up without a SIGHUP."""

SAME_EVENT = 0.25
"""Seconds within which signals count as one (closing a tmux session sends SIGHUP twice: to the
process group, then by hanging the terminal up); a later one is a second signal."""


def terminal_alive(fd: int = 0) -> bool:
    """Whether ``fd`` is still a working terminal (False once it has hung up, or is not one)."""
    try:
        termios.tcgetattr(fd)
    except (termios.error, OSError, ValueError):
        return False
    return True


class ExitGuard:
    """SIGHUP/SIGTERM handling that always ends the process (see the module doc).

    - ``loop``: the app's running event loop; ``on_signal()`` is run there, between two messages,
      after the first signal. It should autosave and start the normal exit, and call :meth:`saved`
      once the game is safe.
    - ``last_save()``: run when the normal way did not finish in time (from another thread, while
      the event loop may be blocked anywhere); it must not rely on the loop. Exceptions are ignored.
    - ``grace``, ``save_limit``: seconds, see :data:`GRACE` and :data:`SAVE_LIMIT`.
    - ``exit_code``: the process's exit status when the guard ends it (1 until the app says its game
      is safe: :meth:`saved`, or ``last_save`` setting it).

    :meth:`install` must be called in the main thread (``ValueError`` otherwise, from ``signal``).
    """

    def __init__(self, loop: asyncio.AbstractEventLoop, on_signal: Callable[[], None],
                 last_save: Callable[[], None], *, grace: float = GRACE, save_limit: float = SAVE_LIMIT,
                 exit_code: int = 1, clock: Clock | None = None) -> None:
        self.loop = loop
        self.clock = clock or Clock()
        """The runtime's clock (:mod:`.runtime`): the grace and the time between two signals."""
        self.on_signal = on_signal
        self.last_save = last_save
        self.grace = grace
        self.save_limit = save_limit
        self.exit_code = exit_code
        self.signalled: int | None = None
        """The first of :data:`SIGNALS` received, None before."""
        self._first = 0.0  # the clock's reading at the first signal
        self._saved = threading.Event()
        self._forward = -1  # the wakeup fd set before ours (its bytes are passed on)

    # -- set up ---------------------------------------------------------------------------------
    def install(self) -> None:
        """Catch :data:`SIGNALS` for the rest of the process's life (after the app has stopped, a
        signal ends the process at once), and let SIGCONT through to the handler it has now only
        while the terminal is alive."""
        read_end, write_end = os.pipe()
        os.set_blocking(write_end, False)
        for sig in SIGNALS:
            signal.signal(sig, _heard_elsewhere)
        cont = signal.getsignal(signal.SIGCONT)
        if callable(cont):
            signal.signal(signal.SIGCONT, _only_on_a_live_terminal(cont))
        self._forward = signal.set_wakeup_fd(write_end, warn_on_full_buffer=False)
        threading.Thread(target=self._listen, args=(read_end,), name="megamono-signals", daemon=True).start()

    def saved(self, exit_code: int | None = None) -> None:
        """The game is dealt with (autosaved, rescued, or nothing to save): ``last_save`` will not be
        run. ``exit_code``: the status the process now ends with, if the guard ends it (0: the game is
        safe in its autosave)."""
        if exit_code is not None:
            self.exit_code = exit_code
        self._saved.set()

    # -- the signals ----------------------------------------------------------------------------
    def _listen(self, read_end: int) -> None:
        """The thread that hears of every signal (one byte each, its number). While no signal has
        come, it also looks at the terminal every :data:`TERMINAL_POLL` seconds: one that hung up
        without a SIGHUP (it was not the controlling terminal) counts as SIGHUP."""
        watch = terminal_alive(0)
        while True:
            ready, _, _ = select.select([read_end], [], [], TERMINAL_POLL)
            if not ready:
                if watch and self.signalled is None and not terminal_alive(0):
                    self._received(signal.SIGHUP)
                continue
            try:
                data = os.read(read_end, 512)
            except OSError:
                return
            if not data:
                return
            if self._forward >= 0:
                try:
                    os.write(self._forward, data)
                except OSError:
                    pass
            for signum in data:
                if signum in SIGNALS:
                    self._received(signum)

    def _received(self, signum: int) -> None:
        now = self.clock.monotonic()
        if signum == signal.SIGHUP:
            self._leave_terminal()
        if self.signalled is None:
            self.signalled, self._first = signum, now
            threading.Thread(target=self._watch, name="megamono-exit-watchdog", daemon=True).start()
            try:
                self.loop.call_soon_threadsafe(self.on_signal)
            except RuntimeError:  # the loop is closed: the app has stopped already
                self._finish()
        elif now - self._first >= SAME_EVENT:
            self._finish()  # a second signal: no more waiting

    @staticmethod
    def _leave_terminal() -> None:
        """The terminal has hung up: nothing can be shown or read on it any more. Give Textual
        harmless stand-ins: writes vanish, reads end at once (as on a hung-up terminal)."""
        try:
            null = os.open(os.devnull, os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(null, fd)
            os.close(null)
        except OSError:
            pass  # the watchdog still ends the process

    def _watch(self) -> None:
        self.clock.sleep(self.grace)
        self._finish()

    def _finish(self) -> None:
        """Save by ``last_save`` unless saved already (at most ``save_limit`` s), then end the process."""
        if not self._saved.is_set():
            saver = threading.Thread(target=self._save_quietly, name="megamono-last-save", daemon=True)
            saver.start()
            saver.join(self.save_limit)
        os._exit(self.exit_code)

    def _save_quietly(self) -> None:
        try:
            self.last_save()
        except BaseException:  # noqa: BLE001 - ending anyway: nothing can be reported any more
            pass
        else:
            self._saved.set()


def end_now(exit_code: int) -> None:
    """End the process at once with ``exit_code`` (the standard streams flushed first): for an app that
    has stopped after SIGHUP or SIGTERM, its game saved. The interpreter's own teardown would come
    next: it frees every object (a second or more for the review of a long game on a busy machine),
    and while it runs no other thread does, not even the guard's watchdog, so nothing else would bound
    it."""
    import sys

    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):
            pass  # (no terminal left)
    os._exit(exit_code)


def _heard_elsewhere(signum: int, frame) -> None:
    """The Python-level handler of :data:`SIGNALS`: nothing to do in the main thread (the guard's
    own thread hears of the signal through the wakeup fd); it replaces the default action (to end
    the process at once, without saving)."""


def _only_on_a_live_terminal(handler: Callable) -> Callable:
    """``handler`` (Textual's SIGCONT handler, which restarts the application mode) run only while
    the terminal is alive: after a hang-up it would start writing to the dead terminal again."""

    def on_sigcont(signum: int, frame) -> None:
        if terminal_alive(0):
            handler(signum, frame)

    return on_sigcont
