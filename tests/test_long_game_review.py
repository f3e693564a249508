"""A review of any game that can be played (issue 26 item 7): a long game's review keeps at most
``MAX_POINTS`` points, so that its first whole chart is at most ``FIRST_CHART`` playouts; ``Review.refine``
stops within one batch when asked, and a pool closed under it (the app ending) stops it at once with every
point's playouts whole; the review's memory grows linearly with the game (slow: games of 1,750 to 7,000
rounds, each reviewed in a process of its own: the second doubling of the game adds about twice the
memory the first added, not four times).

``megamono review`` of the 7,000-round game in a real terminal, ended by SIGTERM or the terminal closing:
``tests/tui/test_review_terminal_close.py``; its speed: ``tests/bench/analysis.py``.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from megamono.analysis import Playout, PoolClosed
from megamono.bots import play_bot_game
from megamono.review import FIRST_CHART, MAX_POINTS, Review, review_game
from megamono.saves import save_game

LONG_GAME = {"edition": "classic", "levels": ["easy"] * 4, "seed": 7}
"""Four easy computers that seldom go bankrupt: ``turn_limit=7000`` plays 7,000 rounds (a 1 MB save)."""
MEMORY_LIMIT_MB = 400.0


def long_game(rounds: int):
    return play_bot_game(LONG_GAME["edition"], LONG_GAME["levels"], LONG_GAME["seed"], turn_limit=rounds)


@pytest.fixture(scope="module")
def long_review() -> Review:
    """The review of a 400-round game: more rounds than points."""
    return review_game(long_game(400))


def fake(jobs) -> list[list[Playout]]:
    """A runner that plays nothing: every playout a win of seat 0 (the batches' shapes are what count here)."""
    return [[Playout((0,), "turn_limit", (0, 0, 0, 0), 1, 1)] * (stop - start) for _, _, start, stop in jobs]


def fresh(review: Review) -> Review:
    """``review`` with no playouts yet."""
    for p in review.points:
        p.results, p.figures = [], None
    return review


def test_a_long_games_first_whole_chart_is_at_most_first_chart_playouts(long_review):
    review = fresh(long_review)
    assert review.thinned and len(review.live_points()) <= MAX_POINTS
    review.refine(stop=lambda: all(p.results for p in review.points), run=fake)
    assert all(p.results for p in review.points)
    assert review.played() <= FIRST_CHART


@pytest.mark.parametrize("batches", [1, 3])
def test_refine_stops_within_one_batch_when_asked(long_review, batches):
    review = fresh(long_review)
    ran: list[int] = []

    def run(jobs):
        ran.append(len(jobs))
        return fake(jobs)

    review.refine(stop=lambda: len(ran) >= batches, run=run, batch=4)
    assert len(ran) == batches and review.played() == sum(
        len(r) for p in review.live_points() for r in [p.results])


def test_a_pool_closed_under_refine_stops_it_with_whole_points(long_review):
    """The app ends while the review's worker waits in ``pool.run``: PoolClosed comes out of ``refine``;
    what was played before stays, whole batches only."""
    review = fresh(long_review)
    ran: list[int] = []

    def run(jobs):
        ran.append(len(jobs))
        if len(ran) == 2:
            raise PoolClosed("the playout pool was closed while its jobs ran")
        return fake(jobs)

    with pytest.raises(PoolClosed):
        review.refine(run=run, batch=4)
    assert review.played() == 4 * len(review.live_points()[0].results)
    assert sum(1 for p in review.live_points() if p.results) == 4


MEASURE = """
import json, os, resource, sys
from pathlib import Path

from megamono.replay import Timeline
from megamono.review import review_game
from megamono.saves import load_save

def rss():
    return int(Path("/proc/self/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20

warm = load_save(Path(sys.argv[2]))  # (everything imported, pydantic's schemas made: not the review's memory)
review_game(warm.game, timeline=Timeline.from_game(warm.game))
del warm
before = rss()
loaded = load_save(Path(sys.argv[1]))  # (as megamono review does: the save, its timeline, the review)
review = review_game(loaded.game, timeline=Timeline.from_game(loaded.game))
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"before": before, "peak": peak, "actions": len(loaded.game.history),
                  "points": len(review.points)}))
"""


@pytest.mark.slow
def test_the_reviews_memory_grows_linearly_with_the_game(tmp_path):
    """Games of 1,750, 3,500 and 7,000 rounds, each reviewed in a fresh process: the memory the review
    takes (the process's peak less what it held before) grows with the game's actions no faster than in
    proportion (from 3,500 to 7,000 rounds by at most 3 times what it grew from 1,750 to 3,500, twice the
    actions: 2 times is linear, 4 quadratic), and the 7,000-round game's review stays under 400 MB."""
    found = {}
    short = save_game(long_game(3), "short", tmp_path)
    for rounds in (1750, 3500, 7000):
        path = save_game(long_game(rounds), f"long-{rounds}", tmp_path)
        done = subprocess.run([sys.executable, "-c", MEASURE, str(path), str(short)], capture_output=True,
                              text=True, check=True)
        found[rounds] = json.loads(done.stdout)
        f = found[rounds]
        print(f"{rounds} rounds, {f['actions']:,} actions, {path.stat().st_size / 1e6:.2f} MB save:"
              f" {f['peak']:.0f} MB at most ({f['peak'] - f['before']:.0f} MB for the review), {f['points']} points")
    taken = {r: f["peak"] - f["before"] for r, f in found.items()}  # (MB; a part is the points', the same for all)
    first, second = taken[3500] - taken[1750], taken[7000] - taken[3500]  # (the second doubling adds twice the actions)
    assert second <= 3 * first + 3, f"grows faster than the game: +{first:.0f} MB, then +{second:.0f} MB"
    assert found[7000]["peak"] < MEMORY_LIMIT_MB
