"""Analysis benchmark (issue 26 items 5 and 7): how fast the win chances come in the app, the panel and
the game review, with the app's worker processes, and how much memory they take (a script, not a test).

    .venv/bin/python tests/bench/analysis.py [--save FILE] [--review-save FILE] [--single N]
                                             [--skip-app] [--skip-review] [--skip-long] [--instructions N]

Every figure is printed with the load average (1 minute) when it was taken: the targets are for the
quiet 2-core development machine, and a machine shared with other work is slower. The CPU seconds the app
and its workers spent are printed beside the review's times (``cpu``): on two quiet cores a phase takes
about half of them. Targets (issue 26 item 5, on ``tests/data/repro/evening-round15.json`` and
``tests/data/repro/debt-round27.json``):

- the win chances panel, in the real app run headless (Textual's ``run_test``, not in test mode: the
  panel's worker thread and the app's worker processes, as in play), on ``--save`` (default the 4-player
  evening, round 15): the first figures within 1 s of ``w``; every player's 95% interval at most +-3
  points within 10 s;
- the review of ``--review-save`` (default the whole 27-round evening) in the app run headless as
  ``megamono review`` opens it (the review made from the save, then its screen's worker with the app's
  pool): its first whole chart (every point estimated) within 10 s of the start, and +-5 points at every
  point within 120 s (or the review's budget spent first: missed);
- memory: the app and its workers (this process, the fork server, the resource tracker and the worker
  processes: their resident sizes added up, shared pages counted in each) under 300 MB, the most seen;
- the review of a 7,000-round game of four easy computers (issue 26 item 7:
  ``play_bot_game('classic', ['easy'] * 4, seed=7, turn_limit=7000)``, saved in a temporary folder): its
  first whole chart within 10 s, the app and its workers under 400 MB, and ``megamono review`` of it in a
  real terminal ends within 2 s of SIGTERM and of the terminal closing, while the review is built and
  while its playouts run (``tests/tui/review_terminal.py``);
- ``--single N``: playouts per second of :func:`megamono.analysis.analyse` in one process on ``--save``
  (no target: the engine's speed, to tell a slow machine from a slow design);
- ``--instructions N``: instructions per playout, N playouts counted by valgrind's cachegrind (as
  ``tests/bench/instructions.py`` counts games; needs ``valgrind``).

Exit code 1 if a target is missed. Loading a save is not timed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "tui"))  # (review_terminal, pty_terminal)
sys.path.insert(0, str(ROOT / "tests"))  # (processes)

from megamono.analysis import analyse  # noqa: E402
from megamono.saves import load_game  # noqa: E402

from processes import descendants  # noqa: E402

REPRO = ROOT / "tests" / "data" / "repro"
PANEL_FIRST_SECONDS = 1.0
PANEL_TARGET_SECONDS = 10.0
PANEL_TARGET = 0.03
REVIEW_FIRST_SECONDS = 10.0
REVIEW_SETTLED_SECONDS = 120.0
APP_MEGABYTES = 300.0
LONG_MEGABYTES = 400.0
CLOSE_SECONDS = 2.0
LONG_GAME = ("classic", ["easy"] * 4, 7, 7000)
"""``play_bot_game``'s edition, levels, seed and turn limit of the long game (issue 26 item 7)."""
REST = 2.0
"""Seconds without a key before the hand-over screen takes Enter (its guard wants a 1.5 s rest)."""
PAGE = os.sysconf("SC_PAGE_SIZE")
TICK = os.sysconf("SC_CLK_TCK")


# ----------------------------------------------------------------------------- measuring
def load() -> float:
    """The load average of the last minute."""
    return os.getloadavg()[0]


def megabytes() -> float:
    """This process and every process below it: their resident sizes added up, in MB (2**20 bytes)."""
    total = 0
    for pid in [os.getpid(), *descendants(os.getpid())]:
        try:
            total += int(Path(f"/proc/{pid}/statm").read_text().split()[1])
        except (OSError, IndexError, ValueError):
            pass
    return total * PAGE / 2**20


def cpu_seconds() -> float:
    """CPU seconds spent so far by this process (every thread) and the live processes below it."""
    total = time.process_time()
    for pid in descendants(os.getpid()):
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
            fields = stat[stat.rindex(")") + 2:].split()
            total += (int(fields[11]) + int(fields[12])) / TICK  # (utime, stime)
        except (OSError, IndexError, ValueError):
            pass
    return total


@dataclass
class Verdicts:
    """The targets met and missed, printed as they come."""

    missed: list[str] = field(default_factory=list)

    def check(self, what: str, value: float | None, target: float, unit: str, fmt: str = ".2f",
              note: str = "") -> str:
        """``what``'s ``value`` against at most ``target`` (None: never reached): the words, e.g.
        "0.31 s (target <= 1 s: met)"."""
        met = value is not None and value <= target
        if not met:
            self.missed.append(what)
        shown = "not reached" if value is None else f"{value:{fmt}} {unit}"
        return f"{shown} (target <= {target:g} {unit}: {'met' if met else 'MISSED'}){note}"


def line(text: str) -> None:
    print(f"[load {load():.1f}] {text}", flush=True)


# ----------------------------------------------------------------------------- the app, headless
def real_app(folder: Path, **kwargs):
    """The app as ``megamono`` makes it (the default runtime: its worker processes, its threads)."""
    from megamono.tui.app import MegamonoApp

    return MegamonoApp(folder, **kwargs)


@dataclass
class PanelRun:
    first: float | None = None
    settled: float | None = None
    playouts: int = 0
    widest: float = 1.0
    widest_at_target: float | None = None
    megabytes: float = 0.0


def panel_run(save: Path, limit: float = 60.0) -> PanelRun:
    """The win chances panel on ``save`` in the real app run headless: seconds from ``w`` (the game screen
    drawn and idle) to the first figures shown, and to every interval within +-3 points; the widest
    interval at :data:`PANEL_TARGET_SECONDS`; the memory of the app and its workers at most."""
    from megamono.saves import load_save
    from megamono.tui.screens.chances import ChancesScreen
    from textual import events
    from textual.widgets import ProgressBar

    saved = load_save(save)
    out = PanelRun()

    async def run() -> None:
        with tempfile.TemporaryDirectory() as folder:
            app = real_app(Path(folder), game=saved.game)
            async with app.run_test(size=(140, 45)) as pilot:
                for _ in range(20):  # (the hand-over screen first: pass it, as a player does, after a rest)
                    await pilot.pause(REST)
                    if type(app.screen).__name__ == "GameScreen":
                        break
                    await pilot.press("enter")
                await pilot.pause(2.0)  # (the board drawn and the app idle, as when a player looks at it)
                t0 = time.perf_counter()
                app.post_message(events.Key("w", "w"))  # (pilot.press would wait for the worker's end)
                while time.perf_counter() - t0 < limit:
                    await pilot.pause(0.02)
                    now = time.perf_counter() - t0
                    out.megabytes = max(out.megabytes, megabytes())
                    screen = app.screen
                    if not isinstance(screen, ChancesScreen):
                        continue
                    figures = screen.chances.figures
                    if out.first is None and screen.query_one(ProgressBar).progress > 0:
                        out.first = now
                    if figures is not None:
                        out.playouts = figures.playouts
                        out.widest = max((pc.high - pc.low) / 2 for pc in figures.players)
                        if out.widest_at_target is None and now >= PANEL_TARGET_SECONDS:
                            out.widest_at_target = out.widest
                    done = figures is not None and figures.playouts == len(screen.chances.results)
                    if done and screen.chances.finished:
                        out.settled = now
                        break
                await pilot.press("escape")
                await pilot.pause(0.2)

    asyncio.run(run())
    return out


@dataclass
class ReviewRun:
    rounds: int = 0
    points: int = 0
    thinned: bool = False
    built: float = 0.0
    first: float | None = None
    first_cpu: float = 0.0
    first_load: float = 0.0
    settled: float | None = None
    spent: float | None = None
    end_cpu: float = 0.0
    played: int = 0
    widest: float = 1.0
    megabytes: float = 0.0


def review_run(game, limit: float, until_settled: bool) -> ReviewRun:
    """``game``'s review in the real app run headless, as ``megamono review`` opens it: the review made
    (its timeline, its points), then the review screen's worker with the app's pool. Seconds from the
    start to the first whole chart and (``until_settled``) to every point within +-5 points, or to the
    budget spent; the memory of the app and its workers at most."""
    from megamono.replay import Timeline
    from megamono.review import review_game
    from megamono.tui.screens.review import ReviewScreen

    out = ReviewRun(rounds=game.st.turn.round)
    cpu0 = cpu_seconds()
    t0 = time.perf_counter()
    review = review_game(game, timeline=Timeline.from_game(game))
    out.built = time.perf_counter() - t0
    out.points, out.thinned = len(review.points), review.thinned

    async def run() -> None:
        with tempfile.TemporaryDirectory() as folder:
            app = real_app(Path(folder), review=(review, "benchmark"))
            async with app.run_test(size=(140, 45)) as pilot:
                while time.perf_counter() - t0 < limit:
                    await pilot.pause(0.05)
                    now = time.perf_counter() - t0
                    out.megabytes = max(out.megabytes, megabytes())
                    if out.first is None and all(p.results for p in review.points):
                        out.first, out.first_cpu, out.first_load = now, cpu_seconds() - cpu0, load()
                        if not until_settled:
                            break
                    screen = app.screen
                    if isinstance(screen, ReviewScreen) and not screen.refining:
                        if review.settled():
                            out.settled = now
                        else:
                            out.spent = now
                        break
                out.end_cpu = cpu_seconds() - cpu0
                out.played, out.widest = review.played(), review.widest()
                await pilot.press("escape")
                await pilot.pause(0.2)

    asyncio.run(run())
    return out


def review_words(name: str, r: ReviewRun, verdicts: Verdicts, settled: bool, megabyte_target: float) -> None:
    thin = ", a point every few rounds" if r.thinned else ""
    line(f"review of {name} ({r.rounds:,} rounds, {r.points} points{thin}; the app headless, its pool):"
         f" made from the save in {r.built:.2f} s")
    first = verdicts.check(f"{name}: first whole chart", r.first, REVIEW_FIRST_SECONDS, "s",
                           note=f"; cpu {r.first_cpu:.1f} s, load {r.first_load:.1f}")
    line(f"  first whole chart {first}")
    if settled:
        if r.settled is not None:
            words = verdicts.check(f"{name}: +-5 at every point", r.settled, REVIEW_SETTLED_SECONDS, "s", ".1f")
        else:
            verdicts.missed.append(f"{name}: +-5 at every point")
            why = (f"the budget was spent at {r.spent:.1f} s" if r.spent is not None
                   else f"still refining after {REVIEW_SETTLED_SECONDS * 1.5:.0f} s")
            words = f"not reached: {why} (target <= {REVIEW_SETTLED_SECONDS:g} s: MISSED)"
        line(f"  every point within ±5 points: {words}; {r.played:,} playouts, widest ±{r.widest * 100:.1f}"
             f" points, cpu {r.end_cpu:.1f} s")
    memory = verdicts.check(f"{name}: memory", r.megabytes, megabyte_target, "MB", ".0f")
    line(f"  memory: the app and its workers {memory}")


# ----------------------------------------------------------------------------- the rest
def long_game_save(folder: Path) -> Path:
    """The 7,000-round game (:data:`LONG_GAME`), saved in ``folder``."""
    from megamono.bots import play_bot_game
    from megamono.saves import save_game

    edition, levels, seed, rounds = LONG_GAME
    return save_game(play_bot_game(edition, levels, seed, turn_limit=rounds), "long-7000", folder)


def terminal_closings(save: Path, verdicts: Verdicts) -> None:
    """``megamono review save`` in a real terminal, ended by SIGTERM and by the terminal closing, while the
    review is built and while its playouts run."""
    from review_terminal import close_review

    for when in ("building", "playouts"):
        for how in ("term", "hangup"):
            with tempfile.TemporaryDirectory() as folder:
                c = close_review(save, Path(folder), when, how, limit=10.0)
            what = {"term": "SIGTERM", "hangup": "the terminal closing"}[how]
            during = ("while the review is built" if when == "building"
                      else f"while its playouts run ({c.played:,} shown)")
            ends = verdicts.check(f"megamono review: {how} {when}", c.exit_seconds, CLOSE_SECONDS, "s")
            gone = "never" if c.gone_seconds is None else f"{c.gone_seconds:.2f} s"
            line(f"  megamono review in a terminal, {what} {during}: ends {ends}; all {c.processes} processes"
                 f" gone {gone}; {c.megabytes:.0f} MB together before")
            if c.gone_seconds is None:
                verdicts.missed.append(f"megamono review: processes left ({how} {when})")
            if c.megabytes >= LONG_MEGABYTES:
                verdicts.missed.append(f"megamono review: memory ({how} {when})")


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


def timed(what: Callable[[], object]) -> float:
    t0 = time.perf_counter()
    what()
    return time.perf_counter() - t0


def main() -> int:
    if len(sys.argv) == 4 and sys.argv[1] == "--play":  # (counted by valgrind: see instructions())
        game = load_game(Path(sys.argv[2]))
        if int(sys.argv[3]):
            analyse(game, int(sys.argv[3]), 1, jobs=1)
        return 0
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--save", type=Path, default=REPRO / "evening-round15.json",
                        help="the panel's position (default: the 4-player evening, round 15)")
    parser.add_argument("--review-save", type=Path, default=REPRO / "debt-round27.json",
                        help="the game reviewed (default: the whole 27-round evening)")
    parser.add_argument("--single", type=int, default=100, metavar="N", help="playouts timed in one process")
    parser.add_argument("--skip-app", action="store_true", help="do not time the win chances panel")
    parser.add_argument("--skip-review", action="store_true", help="do not time the review of --review-save")
    parser.add_argument("--skip-long", action="store_true", help="do not time the 7,000-round game's review")
    parser.add_argument("--instructions", type=int, default=0, metavar="N",
                        help="count instructions per playout over N playouts (valgrind)")
    args = parser.parse_args()
    verdicts = Verdicts()
    print(f"megamono analysis benchmark: {os.cpu_count()} CPUs, Python {sys.version.split()[0]};"
          f" load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} (1, 5, 15 minutes) at the start",
          flush=True)

    if args.single:
        game = load_game(args.save)
        seconds = timed(lambda: analyse(game, args.single, 1, jobs=1))
        line(f"1 process: {args.single} playouts of {args.save.name} in {seconds:.2f} s ="
             f" {args.single / seconds:.1f} playouts/s (no target)")

    if not args.skip_app:
        p = panel_run(args.save)
        line(f"win chances panel on {args.save.name} (the app headless, its pool): first figures"
             f" {verdicts.check('panel: first figures', p.first, PANEL_FIRST_SECONDS, 's')} after w")
        widest = ("" if p.widest_at_target is None
                  else f"; ±{p.widest_at_target * 100:.1f} at {PANEL_TARGET_SECONDS:g} s")
        line(f"  every interval within ±{PANEL_TARGET * 100:g} points:"
             f" {verdicts.check('panel: +-3 points', p.settled, PANEL_TARGET_SECONDS, 's', '.1f')};"
             f" {p.playouts:,} playouts, widest ±{p.widest * 100:.1f}{widest}")
        memory = verdicts.check("panel: memory", p.megabytes, APP_MEGABYTES, "MB", ".0f")
        line(f"  memory: the app and its workers {memory}")

    if not args.skip_review:
        r = review_run(load_game(args.review_save), REVIEW_SETTLED_SECONDS * 1.5, until_settled=True)
        review_words(args.review_save.name, r, verdicts, True, APP_MEGABYTES)

    if not args.skip_long:
        with tempfile.TemporaryDirectory() as folder:
            save = long_game_save(Path(folder))
            r = review_run(load_game(save), REVIEW_FIRST_SECONDS * 6, until_settled=False)
            review_words(f"the 7,000-round game ({save.stat().st_size / 1e6:.2f} MB save)", r, verdicts, False,
                         LONG_MEGABYTES)
            terminal_closings(save, verdicts)

    if args.instructions:
        per = instructions(args.save, args.instructions)
        line(f"instructions: {per / 1e6:.1f} million per playout ({args.instructions} playouts counted)")
    if verdicts.missed:
        print(f"MISSED: {'; '.join(verdicts.missed)}", flush=True)
    else:
        print("every target met", flush=True)
    return 1 if verdicts.missed else 0


if __name__ == "__main__":
    sys.exit(main())
