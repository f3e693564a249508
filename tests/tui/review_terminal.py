"""``megamono review SAVE`` in a real terminal, ended by SIGTERM or by the terminal closing (issue 26 item 7):
a helper of ``test_review_terminal_close.py`` and of the benchmark ``tests/bench/analysis.py``.

:func:`close_review` runs the real command (``.venv/bin/megamono``, not in test mode) on a pseudo-terminal
that is its controlling terminal, as a terminal window's is (:func:`pty_terminal.with_controlling_terminal`),
and ends it at one of two moments:

- ``"building"``: while the review is built, before the app opens (the save is read, replayed into its
  points): a second and a half after the start, the screen still empty;
- ``"playouts"``: once the review shows its first playouts played in the app's worker processes (the app's
  worker thread then waits in ``PlayoutPool.run`` most of the time), after ``settle`` seconds more.

``how``: ``"term"`` (SIGTERM) or ``"hangup"`` (the terminal closes: SIGHUP). It measures the seconds until
the command has exited and until every process of its session is gone (the app, the fork server, the
resource tracker and the worker processes), and the memory of those processes together before the signal
(the most seen, sampled every 0.1 s: the sum of their resident sizes, shared pages counted in each).
Linux only (``/proc``).
"""

from __future__ import annotations

import os
import re
import signal
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from pty_terminal import PtyTerminal, session_processes, with_controlling_terminal

PLAYED = re.compile(r"([\d,]+) playouts · widest")
"""The review's progress line: how many playouts it has played."""
BUILD_WAIT = 1.5
"""Seconds after the start at which ``"building"`` sends its signal."""
PAGE = os.sysconf("SC_PAGE_SIZE")


def megamono_argv() -> list[str]:
    """The ``megamono`` command of this Python's environment (its console script), or ``python -m megamono``."""
    script = Path(sys.executable).with_name("megamono")
    return [str(script)] if script.exists() else [sys.executable, "-m", "megamono"]


def terminal_env() -> dict[str, str]:
    """A player's terminal: no size forced by COLUMNS/LINES, no Textual test settings, no animations."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("COLUMNS", "LINES", "NO_COLOR") and not k.startswith("TEXTUAL")}
    env.update(TERM="xterm-256color", MEGAMONO_ANIMATIONS="off")
    return env


def megabytes(pids: list[int]) -> float:
    """The resident size of processes ``pids`` together, in MB (2**20 bytes); a process gone counts 0."""
    total = 0
    for pid in pids:
        try:
            total += int(Path(f"/proc/{pid}/statm").read_text().split()[1])
        except (OSError, IndexError, ValueError):
            pass
    return total * PAGE / 2**20


@dataclass(frozen=True)
class Closing:
    """What :func:`close_review` saw: ``exit_seconds``, from the signal to the command's exit, and
    ``gone_seconds``, to its whole session's end (None: not within the limit); ``megabytes``: the most its
    processes held together before the signal; ``processes``: how many there were at the signal;
    ``played``: the playouts the review showed then; ``tail``: the end of the terminal's output."""

    when: str
    how: str
    exit_seconds: float | None
    gone_seconds: float | None
    megabytes: float
    processes: int
    played: int
    screen_before: str
    tail: str


def played(screen: str) -> int:
    """The playouts the review's progress line shows (0 before it shows)."""
    found = PLAYED.search(screen)
    return int(found.group(1).replace(",", "")) if found else 0


def close_review(save: Path, folder: Path, when: str, how: str, *, size: tuple[int, int] = (140, 45),
                 settle: float = 3.0, limit: float = 10.0, start_limit: float = 180.0) -> Closing:
    """Run ``megamono review save`` (saves in ``folder``) in a terminal of ``size`` and end it ``when``
    (``"building"`` or ``"playouts"``) by ``how`` (``"term"`` or ``"hangup"``); see the module doc.
    ``limit``: seconds to wait for the exit; ``start_limit``: for the first playouts. RuntimeError if the
    command stopped by itself, or did not reach the moment."""
    if when not in ("building", "playouts") or how not in ("term", "hangup"):
        raise ValueError(f"no such moment or way: {when!r}, {how!r}")
    argv = with_controlling_terminal([*megamono_argv(), "review", str(save), "--saves", str(folder)])
    with PtyTerminal(argv, size=size, env=terminal_env()) as term:
        started = time.monotonic()
        most = 0.0
        if when == "building":
            time.sleep(BUILD_WAIT)
            if "Review" in term.screen():
                raise RuntimeError(f"the review opened within {BUILD_WAIT} s: no moment to end it while it is built")
        else:
            while played(term.screen()) == 0:
                if term.proc is not None and term.proc.poll() is not None:
                    raise RuntimeError(f"megamono review stopped by itself: {term.tail()}")
                if time.monotonic() - started > start_limit:
                    raise RuntimeError(f"no playouts within {start_limit:.0f} s: {term.tail()}")
                most = max(most, megabytes(session_processes(term.pid)))
                time.sleep(0.1)
            until = time.monotonic() + settle
            while time.monotonic() < until:
                most = max(most, megabytes(session_processes(term.pid)))
                time.sleep(0.1)
        if term.proc is not None and term.proc.poll() is not None:
            raise RuntimeError(f"megamono review stopped by itself: {term.tail()}")
        before = term.screen()
        processes = session_processes(term.pid)
        most = max(most, megabytes(processes))
        start = time.monotonic()
        if how == "hangup":
            term.hang_up()
        else:
            os.kill(term.pid, signal.SIGTERM)
        took = term.wait_exit(limit)
        exit_seconds = None if took is None else time.monotonic() - start
        gone_seconds = None
        while time.monotonic() - start < limit:
            if not session_processes(term.pid):
                gone_seconds = time.monotonic() - start
                break
            time.sleep(0.02)
        return Closing(when, how, exit_seconds, gone_seconds, most, len(processes), played(before), before,
                       term.tail())
