"""No test waits on the wall clock, or reads it, but those that drive real processes or real terminals.

The app's time is injected (``megamono/tui/runtime.py``: a scripted table runs on a :class:`FakeClock` the
tests advance), so a test of the app never needs a real wait: it advances the fake clock, or lets the app
run with ``pilot.pause()`` (no delay). A real wait makes the run slower and flaky on a loaded machine.
This test searches the tests' sources (not ``tests/bench``: benchmarks time things by nature) for real
waits and clock reads; a file that may have them is in :data:`REAL_TIME` with its reason, and its tests
that start processes are in ``xdist_group("serial")`` or marked ``slow`` (README.md).
"""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent

SLEEPS = re.compile(r"\btime\.sleep\(|(?<![\w.])sleep\(|\basyncio\.sleep\((?!\s*0\s*\))|\.pause\(\s*[^)\s]")
"""A real wait: ``time.sleep(...)``, a bare ``sleep(...)``, ``asyncio.sleep(...)`` of more than nothing, a
pilot's ``pause(delay)`` (``clock.sleep(...)`` on a fake clock only moves it)."""
CLOCK_READS = re.compile(r"\btime\.(monotonic|time|perf_counter)\(|\bdatetime\.now\(|\bdate\.today\(")
"""A reading of the system's clock."""

REAL_TIME: dict[str, str] = {
    "tui/test_terminal_close.py": "closes the real app's pseudo-terminal and signals it; times its exit",
    "tui/test_start_up_signals.py": "signals the real app at moments after its start",
    "tui/review_terminal.py": "the real review in a pseudo-terminal, its end timed (test_review_terminal_close.py)",
    "tui/pty_terminal.py": "reads a real pseudo-terminal until its screen shows something, or a deadline",
    "tui/screen_recipes.py": "drives the real app (real timers and guards) in screen_launcher.py's process",
    "tui/test_resize_storm.py": "the slow storm in a real terminal, 10-90 ms between resizes for 30 s",
    "tui/test_two_games_at_once.py": "two real apps on one folder, waiting for their writer threads' autosaves",
    "tui/test_win_chances.py": "waits for the playouts of the app's real worker processes",
    "test_playout_pool.py": "waits for real worker processes to start and end",
    "test_autosave_locks.py": "a child process holds a game's lock while it sleeps",
    "test_save_durability.py": "a child writer killed mid-write sleeps; temp files backdated from now",
    "test_save_kill.py": "kills a real saving process at random moments",
    "test_saves_format.py": "a save's time is the real clock's (megamono.saves); temp files backdated from now",
    "bots/test_markov.py": "the slow run prints its throughput",
    "rules/test_action_validation.py": "the slow run times the validation of every legal action",
}
"""The files that may wait on or read the real clock, and why."""


def sources() -> dict[str, str]:
    return {path.relative_to(TESTS).as_posix(): path.read_text(encoding="utf-8")
            for path in sorted(TESTS.rglob("*.py")) if "bench" not in path.relative_to(TESTS).parts}


def lines_matching(text: str, pattern: re.Pattern[str]) -> list[str]:
    return [f"{n}: {line.strip()}" for n, line in enumerate(text.splitlines(), 1)
            if pattern.search(line.split("#", 1)[0])]


def test_no_test_waits_on_or_reads_the_wall_clock_outside_the_real_process_files():
    found = {name: lines_matching(text, SLEEPS) + lines_matching(text, CLOCK_READS)
             for name, text in sources().items() if name not in REAL_TIME and name != "test_test_clock.py"}
    found = {name: lines for name, lines in found.items() if lines}
    assert not found, ("real time in tests: advance the app's FakeClock or pause() with no delay, or add the "
                       f"file to REAL_TIME with its reason: {found}")


def test_every_file_allowed_real_time_exists_and_uses_it():
    texts = sources()
    for name, reason in REAL_TIME.items():
        assert name in texts, f"{name} is gone: take it off REAL_TIME"
        assert len(reason) >= 20, f"{name}: say why"
        assert lines_matching(texts[name], SLEEPS) or lines_matching(texts[name], CLOCK_READS), \
            f"{name} no longer waits on or reads the clock: take it off REAL_TIME"


def test_the_search_sees_each_kind_of_real_wait():
    samples = ["time.sleep(0.1)", "await asyncio.sleep(2.0)", "await pilot.pause(0.05)", "sleep(1)",
               "t = time.monotonic()", "datetime.now()"]
    assert all(SLEEPS.search(s) or CLOCK_READS.search(s) for s in samples)
    for fine in ["await asyncio.sleep(0)", "await pilot.pause()", "clock.sleep(1.5)", "clock.advance(3)"]:
        assert not SLEEPS.search(fine) and not CLOCK_READS.search(fine), fine
