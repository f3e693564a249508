"""``megamono review`` ends when it is killed (SIGTERM) or its terminal closes (SIGHUP), whatever it is
doing, and leaves no process behind (issue 26 item 7): while the review is built, before the app opens,
and while its playouts run in the app's worker processes (the app's worker thread waiting in
``PlayoutPool.run``). The real command on a real terminal (``review_terminal.py``).

The quick tests end the review of the 27-round evening while its playouts run. The slow ones do it with a
7,000-round game of four easy computers (a 1 MB save, made here), at both moments, and measure the memory
of the app and its workers together (under 400 MB) and the exit time (printed; the target, 2 s, is the
benchmark's, ``tests/bench/analysis.py``)::

    .venv/bin/python -m pytest -m slow tests/tui/test_review_terminal_close.py -s
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from megamono.bots import play_bot_game
from megamono.saves import save_game
from review_terminal import Closing, close_review

pytestmark = [pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pseudo-terminals and /proc"),
              pytest.mark.xdist_group("serial")]

EVENING = Path(__file__).resolve().parents[1] / "data" / "repro" / "debt-round27.json"
CLOSE_LIMIT = 10.0
"""Seconds within which the command and every process of its session must be gone (a guard against a
hang: the target is 2 s)."""
MEMORY_LIMIT_MB = 400.0


def check_ended(closing: Closing) -> None:
    what = f"{closing.how} while {closing.when}"
    assert closing.exit_seconds is not None, \
        f"megamono review still runs {CLOSE_LIMIT:.0f} s after {what}: {closing.tail}"
    assert closing.gone_seconds is not None, f"processes of megamono review left {CLOSE_LIMIT:.0f} s after {what}"


@pytest.mark.parametrize("how", ["term", "hangup"])
def test_the_review_ends_on_a_signal_while_its_playouts_run(how, tmp_path):
    closing = close_review(EVENING, tmp_path, "playouts", how, settle=1.0, limit=CLOSE_LIMIT)
    assert closing.played > 0 and closing.processes >= 3  # (the app, the fork server, workers)
    check_ended(closing)


@pytest.fixture(scope="module")
def long_save(tmp_path_factory) -> Path:
    """A 7,000-round classic game of four easy computers (``play_bot_game``, seed 7), saved."""
    game = play_bot_game("classic", ["easy"] * 4, seed=7, turn_limit=7000)
    return save_game(game, "long-7000", tmp_path_factory.mktemp("long"))


@pytest.mark.slow
@pytest.mark.parametrize(("when", "how"), [("building", "term"), ("building", "hangup"),
                                           ("playouts", "term"), ("playouts", "hangup")])
def test_the_review_of_a_7000_round_game_ends_on_a_signal(long_save, when, how, tmp_path):
    closing = close_review(long_save, tmp_path, when, how, limit=CLOSE_LIMIT)
    print(f"\n{how} while {when}: exit {closing.exit_seconds or float('nan'):.2f} s, every process gone"
          f" {closing.gone_seconds or float('nan'):.2f} s (target 2 s); {closing.processes} processes,"
          f" {closing.megabytes:.0f} MB together at most; {closing.played} playouts shown")
    check_ended(closing)
    assert closing.megabytes < MEMORY_LIMIT_MB
    if when == "playouts":
        assert closing.played > 0 and closing.processes >= 3
