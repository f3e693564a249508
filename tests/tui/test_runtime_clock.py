"""Time is injected (issue 27, item 3): one clock module, no test-mode branch, and the hand-over's rest
on that clock, whatever the key."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from megamono.tui.keytimes import KeyTimes
from megamono.tui.runtime import FakeClock, Runtime

TUI = Path(__file__).resolve().parents[2] / "megamono" / "tui"
CLOCK_READS = re.compile(r"\b(time\.(monotonic|time|perf_counter|sleep)|datetime\.now|date\.today)\s*\(")


def test_only_the_clock_module_reads_the_system_clock_and_nothing_branches_on_being_tested():
    readers, tested = [], []
    for path in sorted(TUI.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if path.name != "runtime.py" and CLOCK_READS.search(text):
            readers.append(path.relative_to(TUI).as_posix())
        if "test_mode" in text:
            tested.append(path.relative_to(TUI).as_posix())
    assert readers == [] and tested == []


def test_a_fake_clock_moves_only_when_told_and_never_back():
    clock = FakeClock(at=5.0)
    start = clock.now()
    assert clock.monotonic() == 5.0
    clock.advance(90)
    assert clock.monotonic() == 95.0 and (clock.now() - start).total_seconds() == 90
    clock.sleep(1.5)
    assert clock.monotonic() == 96.5
    with pytest.raises(ValueError, match="never goes back"):
        clock.advance(-1)


def test_a_scripted_runtime_runs_everything_at_once_on_its_fake_clock():
    runtime = Runtime.scripted()
    assert isinstance(runtime.clock, FakeClock)
    assert (runtime.computer_pace, runtime.bid_pace, runtime.threads, runtime.guards) == (0.0, 0.0, False, False)
    with pytest.raises(RuntimeError, match="a bug"):
        runtime.say_or_raise(RuntimeError("a bug"))
    assert Runtime().say_or_raise(RuntimeError("a bug")) is True


def test_the_rest_restarts_on_every_key_whatever_it_is():
    """A burst (r Enter r r, 0.2 s apart, after 3 s of quiet) never counts as a rest: only a key after
    REST seconds with no key at all does."""
    clock, keys, rest = FakeClock(), KeyTimes(), 1.5
    assert keys.rested(clock.monotonic(), rest)  # (no key yet)
    clock.advance(3)
    for _ in ("r", "enter", "r", "r"):
        keys.key(clock.monotonic())
        clock.advance(0.2)
    assert not keys.rested(clock.monotonic(), rest)  # (0.2 s since the last: no rest)
    clock.advance(1.0)
    keys.key(clock.monotonic())  # an Enter 1.2 s after the burst: taken? no
    assert not keys.rested(clock.monotonic(), rest)
    clock.advance(1.5)
    keys.key(clock.monotonic())  # a key after 1.5 s of quiet: it is
    assert keys.rested(clock.monotonic(), rest)
