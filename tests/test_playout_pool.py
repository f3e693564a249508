"""The worker processes of the win chances and the review (``megamono.analysis.PlayoutPool``, issue 26
items 5 and 7): closing the pool ends its workers at once, a caller waiting for a job then gets
``PoolClosed`` (not a hang), and the workers never outlive the process that owns the pool, however it
ends (SIGKILL included). Real processes, no timing assertions: the waits below are guards against a
hang, long enough for a loaded machine.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from megamono.analysis import PlayoutPool, PoolClosed, playout_base
from megamono.saves import load_game

from processes import alive, descendants

pytestmark = [pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc"),
              pytest.mark.xdist_group("serial")]

EVENING = Path(__file__).resolve().parent / "data" / "repro" / "evening-round15.json"
GUARD = 60.0
"""Seconds to wait for something that should come at once (a guard against a hang, not a timing)."""


def wait_gone(pids: set[int], limit: float = GUARD) -> set[int]:
    """``pids`` still alive after waiting up to ``limit`` seconds for them to end."""
    deadline = time.monotonic() + limit
    while True:
        left = {p for p in pids if alive(p)}
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.05)


def wait_for(found, limit: float = GUARD):
    """``found()`` once it is true (None after ``limit`` seconds)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        value = found()
        if value:
            return value
        time.sleep(0.05)
    return None


@pytest.fixture(scope="module")
def base():
    return playout_base(load_game(EVENING))


def test_closing_the_pool_ends_its_workers(base):
    pool = PlayoutPool(2, serve=True)  # (the fork server and the resource tracker are not the pool's workers)
    before = descendants(os.getpid())
    try:
        assert len(pool.run([(base, 1, 0, 1), (base, 1, 1, 2)])) == 2
        workers = descendants(os.getpid()) - before
        assert workers, "the jobs ran in no worker process"
    finally:
        pool.close()
    assert not wait_gone(workers), "a worker process outlived the pool's close"
    with pytest.raises(PoolClosed):
        pool.run([(base, 1, 0, 1)])


def test_a_caller_waiting_when_the_pool_closes_gets_pool_closed(base):
    """The app's worker thread waits in ``pool.run`` for a long job; the app closes the pool as it ends:
    the wait ends with PoolClosed (the job's process is ended, not waited for)."""
    pool = PlayoutPool(1, serve=True)
    before = descendants(os.getpid())
    outcome: list[BaseException | None] = []

    def wait_for_a_long_job() -> None:
        try:
            pool.run([(base, 1, 0, 5000)])  # (minutes of playouts)
            outcome.append(None)
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            outcome.append(exc)

    waiter = threading.Thread(target=wait_for_a_long_job, daemon=True)
    waiter.start()
    try:
        workers = wait_for(lambda: descendants(os.getpid()) - before)
        assert workers, "the job never reached a worker process"
    finally:
        pool.close()
    waiter.join(GUARD)
    assert not waiter.is_alive(), "the caller still waits after the pool closed"
    assert len(outcome) == 1 and isinstance(outcome[0], PoolClosed), outcome
    assert not wait_gone(workers)


OWNER = """
import sys, time
from megamono.analysis import PlayoutPool, playout_base
from megamono.saves import load_game


def main():
    pool = PlayoutPool(2)
    base = playout_base(load_game(sys.argv[1]))
    pool.run([(base, 1, 0, 1), (base, 1, 1, 2)])
    print("ready", flush=True)
    pool.run([(base, 1, k, k + 1) for k in range(2, 5000)])  # (busy in the workers when killed)


if __name__ == "__main__":
    main()
"""


def test_the_workers_end_with_their_owner_killed(tmp_path):
    """SIGKILL leaves the owner no time to close its pool: the workers (and multiprocessing's fork
    server and resource tracker) end by themselves."""
    script = tmp_path / "owner.py"
    script.write_text(OWNER)
    owner = subprocess.Popen([sys.executable, str(script), str(EVENING)], stdout=subprocess.PIPE, text=True)
    try:
        assert owner.stdout is not None
        assert owner.stdout.readline().strip() == "ready"
        below = descendants(owner.pid)
        assert len(below) >= 2, below  # (the fork server and the workers at least)
        owner.send_signal(signal.SIGKILL)
        owner.wait(GUARD)
        assert not wait_gone(below), "processes of the pool outlived its owner"
    finally:
        if owner.poll() is None:
            owner.kill()
            owner.wait()
