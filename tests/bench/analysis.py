"""Analysis benchmark (issue 16 item 6): how fast the win chances come, from the command line, in the app
and in the game review (a script, not a test).

    .venv/bin/python tests/bench/analysis.py [--save FILE] [--playouts 1000] [--seed 1] [--jobs J]
                                             [--skip-app] [--skip-review] [--instructions N]

From the save (default ``saves/examples/late-game.json``, the late-game example), with the default turn
limit:

- playouts per second of :func:`megamono.analysis.analyse` on 1 process (``--single`` playouts, default
  200) and on ``--jobs`` processes (default: all cores) for ``--playouts`` playouts; the time to 1,000
  playouts (target: at most 15 s on the 2-core machine);
- the in-app panel: the time from pressing ``w`` (the game screen drawn and idle) to the first figures
  shown in the panel, in the real app run headless (Textual's ``run_test``, not in test mode: the worker
  thread as in play); target under 2 s;
- the review chart of a seeded 4-player Mega game of strong computers (seed 1): the replay into its
  points, the first full chart (every round estimated) and the chart at 100 playouts a round (target:
  the first full chart within 2 minutes on 2 cores);
- memory: the peak resident size of this process and of the largest worker process (target: under
  300 MB with 2 worker processes);
- ``--instructions N``: instructions per playout, N playouts counted by valgrind's cachegrind (as
  ``tests/bench/instructions.py`` counts games; needs ``valgrind``).

Exit code 1 if a target is missed. Loading the save is not timed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from megamono.analysis import analyse  # noqa: E402
from megamono.saves import load_game  # noqa: E402

TARGET_SECONDS = 15.0
TARGET_PLAYOUTS = 1000
TARGET_PANEL_SECONDS = 2.0
TARGET_REVIEW_SECONDS = 120.0
TARGET_MEGABYTES = 300.0


def panel_seconds(save: Path) -> float:
    """Seconds from ``w`` to the first figures in the win chances panel of the real app (headless)."""
    from megamono.saves import load_save
    from megamono.tui.app import MegamonoApp
    from megamono.tui.screens.chances import ChancesScreen
    from textual import events
    from textual.widgets import ProgressBar

    saved = load_save(save)

    async def run() -> float:
        with tempfile.TemporaryDirectory() as folder:
            app = MegamonoApp(Path(folder), game=saved.game)
            async with app.run_test(size=(140, 45)) as pilot:
                for _ in range(50):  # (the hand-over screen first: pass it)
                    await pilot.pause(0.05)
                    if type(app.screen).__name__ == "GameScreen":
                        break
                    await pilot.press("enter")
                await pilot.pause(2.0)  # (the board drawn and the app idle, as when a player looks at it)
                t0 = time.perf_counter()
                app.post_message(events.Key("w", "w"))  # (pilot.press would wait for the worker's end)
                while True:
                    await pilot.pause(0.02)
                    screen = app.screen
                    if isinstance(screen, ChancesScreen) and screen.query_one(ProgressBar).progress > 0:
                        seconds = time.perf_counter() - t0
                        await pilot.press("escape")
                        return seconds
                    if time.perf_counter() - t0 > 60:
                        raise RuntimeError("no figures within a minute")

    return asyncio.run(run())


def review_seconds() -> tuple[int, int, float, float, float]:
    """The review of the seed-1 4-player strong Mega game: (rounds, points, seconds to replay it into
    points, seconds to the first full chart, seconds to 100 playouts a round)."""
    from megamono.bots import play_bot_game
    from megamono.review import PASSES, review_game

    game = play_bot_game("mega", ["strong"] * 4, 1)
    t0 = time.perf_counter()
    review = review_game(game)
    replayed = time.perf_counter() - t0
    first: list[float] = []

    def report(r) -> None:
        if not first and r.passes_done() >= 1:
            first.append(time.perf_counter() - t0)

    review.refine(report=report)
    whole = time.perf_counter() - t0
    assert review.passes_done() == len(PASSES)
    return game.st.turn.round, len(review.points), replayed, first[0] if first else whole, whole


def instructions(save: Path, playouts: int) -> float:
    """Instructions per playout (valgrind's "I refs" of ``playouts`` playouts less those of none)."""
    def refs(n: int) -> int:
        cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
               sys.executable, __file__, "--play", str(save), str(n)]
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stderr
        found = re.search(r"I\s+refs:\s+([\d,]+)", out)
        if found is None:
            raise RuntimeError(f"no instruction count in valgrind's output:\n{out[-2000:]}")
        return int(found.group(1).replace(",", ""))

    return (refs(playouts) - refs(0)) / playouts


def megabytes() -> tuple[float, float]:
    """Peak resident size (MB) of this process and of its largest child process so far."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return own, child


def main() -> int:
    if len(sys.argv) == 4 and sys.argv[1] == "--play":  # (counted by valgrind: see instructions())
        game = load_game(Path(sys.argv[2]))
        if int(sys.argv[3]):
            analyse(game, int(sys.argv[3]), 1, jobs=1)
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--save", type=Path, default=ROOT / "saves" / "examples" / "late-game.json")
    parser.add_argument("--playouts", type=int, default=TARGET_PLAYOUTS)
    parser.add_argument("--single", type=int, default=200, help="playouts timed on 1 process")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--skip-app", action="store_true", help="do not time the in-app panel")
    parser.add_argument("--skip-review", action="store_true", help="do not time the review chart")
    parser.add_argument("--instructions", type=int, default=0, metavar="N",
                        help="count instructions per playout over N playouts (valgrind)")
    args = parser.parse_args()
    game = load_game(args.save)
    print(f"{args.save.name}: round {game.st.turn.round}, {len(game.st.players)} players; "
          f"{os.cpu_count()} CPUs, Python {sys.version.split()[0]}, load average {os.getloadavg()[0]:.1f}")
    ok = True

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
    met = per_1000 <= TARGET_SECONDS
    ok &= met
    print(f"time to {TARGET_PLAYOUTS:,} playouts on {args.jobs} processes: {per_1000:.1f} s "
          f"(target <= {TARGET_SECONDS:.0f} s: {'met' if met else 'MISSED'})")

    if not args.skip_app:
        panel = panel_seconds(args.save)
        met = panel < TARGET_PANEL_SECONDS
        ok &= met
        print(f"in-app panel: first figures {panel:.2f} s after w (target < {TARGET_PANEL_SECONDS:.0f} s: "
              f"{'met' if met else 'MISSED'})")

    if not args.skip_review:
        rounds, points, replayed, first, whole = review_seconds()
        met = first <= TARGET_REVIEW_SECONDS
        ok &= met
        print(f"review of the seed-1 4-player strong Mega game ({rounds} rounds, {points} points, 1 thread):"
              f" replayed into points in {replayed:.2f} s; first full chart {first:.1f} s (target <= "
              f"{TARGET_REVIEW_SECONDS:.0f} s: {'met' if met else 'MISSED'}); 100 playouts a round {whole:.1f} s")

    own, child = megabytes()
    met = own + args.jobs * child < TARGET_MEGABYTES
    ok &= met
    print(f"memory: peak {own:.0f} MB in this process, {child:.0f} MB in the largest worker; with {args.jobs}"
          f" workers at most {own + args.jobs * child:.0f} MB (target < {TARGET_MEGABYTES:.0f} MB: "
          f"{'met' if met else 'MISSED'})")

    if args.instructions:
        per = instructions(args.save, args.instructions)
        print(f"instructions: {per / 1e6:.1f} million per playout ({args.instructions} playouts counted)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
