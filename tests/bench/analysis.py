"""Analysis benchmark: playouts per second of ``megamono analyse`` from the late-game example (a script).

    .venv/bin/python tests/bench/analysis.py [--save FILE] [--playouts 1000] [--seed 1] [--jobs J]

Runs :func:`megamono.analysis.analyse` from the save (default ``saves/examples/late-game.json``) with the
default turn limit, once on 1 process (``--single`` playouts, default 200: enough for a rate) and once on
``--jobs`` processes (default: all cores) for ``--playouts`` playouts. Reports playouts per second of each,
the time to ``--playouts`` playouts on all cores, and whether issue 16's target is met: 1,000 playouts in
at most 15 s (on the 2-core machine). Exit code 1 if it is missed. The save's loading is not timed.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from megamono.analysis import analyse  # noqa: E402
from megamono.saves import load_game  # noqa: E402

TARGET_SECONDS = 15.0
TARGET_PLAYOUTS = 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--save", type=Path, default=ROOT / "saves" / "examples" / "late-game.json")
    parser.add_argument("--playouts", type=int, default=TARGET_PLAYOUTS)
    parser.add_argument("--single", type=int, default=200, help="playouts timed on 1 process")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    game = load_game(args.save)
    print(f"{args.save.name}: round {game.st.turn.round}, {len(game.st.players)} players; "
          f"{os.cpu_count()} CPUs, Python {sys.version.split()[0]}")

    t0 = time.perf_counter()
    one = analyse(game, args.single, args.seed, jobs=1)
    single = time.perf_counter() - t0
    print(f"1 process: {args.single} playouts in {single:.2f} s = {args.single / single:.1f} playouts/s"
          f" (mean {one.turns:.0f} turns a playout)")

    t0 = time.perf_counter()
    many = analyse(game, args.playouts, args.seed, jobs=args.jobs)
    seconds = time.perf_counter() - t0
    print(f"{args.jobs} processes: {args.playouts} playouts in {seconds:.2f} s = {args.playouts / seconds:.1f}"
          f" playouts/s ({args.playouts / seconds / (args.single / single):.2f}x one process)")
    chances = ", ".join(f"{p.name} {p.chance:.1%} ({p.low:.1%}-{p.high:.1%})" for p in many.players)
    print(f"  chances: {chances}")
    per_1000 = seconds * TARGET_PLAYOUTS / args.playouts
    ok = per_1000 <= TARGET_SECONDS
    print(f"time to {TARGET_PLAYOUTS:,} playouts on {args.jobs} processes: {per_1000:.1f} s "
          f"(target <= {TARGET_SECONDS:.0f} s: {'met' if ok else 'MISSED'})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
