"""A real terminal for tests, made with the standard library's pseudo-terminals (no tmux needed).

:class:`PtyTerminal` starts a command as the leader of a new session on a new pseudo-terminal, reads
everything it writes (as a terminal window does, so its writes never block), sends keys, resizes
the terminal and closes it: closing the terminal's master side hangs the terminal up, and the
kernel sends the session leader SIGHUP and SIGCONT, as when a terminal window or a tmux session is
closed. Use it as a context manager: on leaving, whatever is left of the session is killed.
Linux only (it reads ``/proc``).
"""

from __future__ import annotations

import fcntl
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Sequence
from pathlib import Path

import pyte


def session_processes(sid: int) -> list[int]:
    """The ids of the live processes of session ``sid`` (zombies left out)."""
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[3]) == sid and fields[0] != "Z":  # fields: state, ppid, pgrp, session, ...
            out.append(int(entry.name))
    return out


def wait_session_gone(sid: int, limit: float) -> list[int]:
    """The processes of session ``sid`` still alive after waiting up to ``limit`` seconds for them to end
    (helpers that end when the app does, such as multiprocessing's fork server, notice it a moment
    after it)."""
    deadline = time.monotonic() + limit
    while True:
        left = session_processes(sid)
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.02)


class PtyTerminal:
    """``argv`` run on a terminal of ``size`` (columns, rows), with ``env`` (default: this
    process's). The command's output is collected in :attr:`output` (bytes)."""

    def __init__(self, argv: Sequence[str], size: tuple[int, int] = (140, 45),
                 env: dict[str, str] | None = None, cwd: str | Path | None = None) -> None:
        self.argv = list(argv)
        self.size = size
        self.env = env
        self.cwd = cwd
        self.output = bytearray()
        self._screen = pyte.Screen(*size)
        self._stream = pyte.ByteStream(self._screen)
        self.proc: subprocess.Popen | None = None
        self._master: int | None = None
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._reader: threading.Thread | None = None

    # -- life -----------------------------------------------------------------------------------
    def __enter__(self) -> PtyTerminal:
        master, slave = os.openpty()
        self._master = master
        self._set_size(self.size)
        try:
            self.proc = subprocess.Popen(self.argv, stdin=slave, stdout=slave, stderr=slave, env=self.env,
                                         cwd=self.cwd, start_new_session=True, close_fds=True)
        finally:
            os.close(slave)
        self._reader = threading.Thread(target=self._read, name="pty-reader", daemon=True)
        self._reader.start()
        return self

    def __exit__(self, *exc) -> None:
        self.kill()
        self.hang_up()

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def hang_up(self) -> None:
        """Close the terminal (its master side): the kernel hangs it up."""
        self._stop.set()
        if self._reader is not None:
            self._reader.join()  # (a read in progress would keep the master open)
        if self._master is not None:
            os.close(self._master)
            self._master = None

    def kill(self) -> None:
        """SIGKILL whatever is left of the command's session, and reap the command."""
        if self.proc is None:
            return
        for pid in session_processes(self.pid):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        try:
            self.proc.kill()
        except ProcessLookupError:
            pass
        self.proc.wait()

    def wait_exit(self, limit: float) -> float | None:
        """Seconds until the command has exited (None if it is still running after ``limit``)."""
        assert self.proc is not None
        start = time.monotonic()
        try:
            self.proc.wait(limit)
        except subprocess.TimeoutExpired:
            return None
        return time.monotonic() - start

    # -- input and output -----------------------------------------------------------------------
    def _read(self) -> None:
        master = self._master
        while not self._stop.is_set():
            ready, _, _ = select.select([master], [], [], 0.05)
            if not ready:
                continue
            try:
                data = os.read(master, 65536)
            except OSError:  # the other side is gone (EIO)
                return
            if not data:
                return
            with self._lock:
                self.output.extend(data)
                self._stream.feed(data)

    def text(self) -> str:
        with self._lock:
            return self.output.decode("utf-8", "replace")

    def screen(self) -> str:
        """What the terminal shows now: its lines, joined by newlines."""
        with self._lock:
            return "\n".join(line.rstrip() for line in self._screen.display)

    def wait_screen(self, text: str, limit: float) -> bool:
        """Whether ``text`` shows on the screen within ``limit`` seconds."""
        deadline = time.monotonic() + limit
        while text not in self.screen():
            if time.monotonic() > deadline:
                return False
            time.sleep(0.05)
        return True

    def tail(self, n: int = 2000) -> str:
        """The end of the output, escape sequences shown, for failure messages."""
        return repr(self.text()[-n:])

    def send(self, data: str | bytes) -> None:
        """Type ``data`` (a str is sent as UTF-8)."""
        if self._master is None:
            return
        os.write(self._master, data.encode() if isinstance(data, str) else data)

    def _set_size(self, size: tuple[int, int]) -> None:
        fcntl.ioctl(self._master, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))

    def resize(self, width: int, height: int) -> None:
        """Resize the terminal (the kernel sends SIGWINCH to its foreground processes)."""
        self.size = (width, height)
        with self._lock:
            self._screen.resize(lines=height, columns=width)
        if self._master is not None:
            self._set_size(self.size)


def python_argv(script: Path, *args: str) -> list[str]:
    """The command line that runs ``script`` with this test run's Python."""
    return [sys.executable, str(script), *args]


CONTROLLING = ("import fcntl, os, sys, termios; fcntl.ioctl(0, termios.TIOCSCTTY, 0); "
               "os.execvp(sys.argv[1], sys.argv[1:])")


def with_controlling_terminal(argv: Sequence[str]) -> list[str]:
    """``argv`` run as a terminal window runs a command: its terminal made the session's controlling
    terminal first (then ``exec``: the same process), so closing the terminal sends it SIGHUP. A
    command started by :class:`PtyTerminal` alone has no controlling terminal: no SIGHUP comes."""
    return [sys.executable, "-c", CONTROLLING, *argv]

