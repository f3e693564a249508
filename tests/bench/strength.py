"""Strength benchmark: each computer level against three of the level below it (a script, not a test).

    .venv/bin/python tests/bench/strength.py [--games N] [--expert-games N] [--edition mega|classic|both]
                                             [--levels easy,strong] [--seed S] [--jobs J] [--json FILE]

For each pair of neighbouring levels (:data:`ORDER`, of those that exist: ``megamono.bots.LEVELS``) and each
edition, it plays 4-player games of one computer of the higher level against three of the lower, the seats
rotated (game ``i`` puts the higher level in seat ``i % 4``, so it sits in every seat as often), game ``i``
on the seed ``--seed + i`` (a run repeats exactly), on every core (``megamono simulate``'s
:func:`~megamono.simulate.run`, the turn limit its default). It prints the higher level's win rate per seat
(a shared win counts ``1/k``) with its Wilson 95% interval, and whether it meets issue 28's targets: at least
35% with the interval's lower bound above 25% (an even game would be 25%), and ``expert`` against ``strong``
at least 40%. Games per pairing and edition: 400, or 200 for ``expert`` (``--games``, ``--expert-games``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from megamono.analysis import wilson  # noqa: E402
from megamono.bots import LEVELS  # noqa: E402
from megamono.simulate import run  # noqa: E402

ORDER = ("easy", "normal", "strong", "expert")
"""The levels from the weakest; a pairing is a level and the one below it."""
TARGET, EXPERT_TARGET, LOWER_BOUND = 0.35, 0.40, 0.25


def pairings(levels: list[str]) -> list[tuple[str, str]]:
    """(higher, lower) for each neighbouring pair of ``levels``, taken in :data:`ORDER`."""
    ranked = [lv for lv in ORDER if lv in levels]
    return [(ranked[k + 1], ranked[k]) for k in range(len(ranked) - 1)]


def measure(high: str, low: str, edition: str, games: int, seed: int, jobs: int) -> dict[str, object]:
    """Play ``games`` games of ``high`` against three ``low`` and return the figures of ``high``."""
    start = time.perf_counter()
    summary = run(games=games, players=4, edition=edition, bots=[high, low, low, low], seed=seed, jobs=jobs,
                  rotate=True)
    wins = next(float(row["wins"]) for row in summary["wins_by_level"] if row["level"] == high)
    low_bound, high_bound = wilson(wins, games)
    target = EXPERT_TARGET if high == "expert" else TARGET
    return {"high": high, "low": low, "edition": edition, "games": games, "wins": wins,
            "rate": wins / games, "interval": [low_bound, high_bound],
            "met": wins / games >= target and low_bound > LOWER_BOUND, "target": target,
            "rounds_median": summary["rounds"]["median"], "seconds": round(time.perf_counter() - start, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per pairing and edition (default 400)")
    parser.add_argument("--expert-games", type=int, default=200, help="the same against expert (default 200)")
    parser.add_argument("--edition", choices=("mega", "classic", "both"), default="both")
    parser.add_argument("--levels", default=",".join(lv for lv in ORDER if lv in LEVELS),
                        help="the levels to pair, comma-separated (default: every level there is)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--jobs", type=int, default=0, help="processes; 0 = one per core (default)")
    parser.add_argument("--json", help="also write the figures as JSON to this file")
    args = parser.parse_args(argv)
    levels = [lv.strip() for lv in args.levels.split(",") if lv.strip()]
    unknown = [lv for lv in levels if lv not in LEVELS]
    if unknown:
        parser.error(f"no such level: {', '.join(unknown)} (there are {', '.join(LEVELS)})")
    editions = ("mega", "classic") if args.edition == "both" else (args.edition,)
    rows = []
    print(f"{'level':>8} vs 3x {'below':<8} {'edition':<8} {'games':>5}  {'per-seat win rate (95%)':<26} target")
    for high, low in pairings(levels):
        for edition in editions:
            games = args.expert_games if high == "expert" else args.games
            row = measure(high, low, edition, games, args.seed, args.jobs)
            rows.append(row)
            lo, hi = row["interval"]  # type: ignore[misc]
            print(f"{high:>8} vs 3x {low:<8} {edition:<8} {games:>5}  {row['rate']:6.1%} ({lo:5.1%}-{hi:5.1%})"
                  f"       >= {row['target']:.0%}, low > 25%: {'met' if row['met'] else 'MISSED'}"
                  f"   ({row['seconds']} s)", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return 0 if all(row["met"] for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
