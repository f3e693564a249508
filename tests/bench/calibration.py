"""Are the win chances calibrated? (issue 16 item 7; a script, and the slow test's engine)

    .venv/bin/python tests/bench/calibration.py [--games 500] [--playouts 200] [--jobs 2] [--json FILE]
                                                [--round 20] [--app-every 5] [--check]

Plays seeded 4-player Mega bot games, half of them with the strong computer in every seat
("strong"), half with two easy and two strong computers ("mixed", easy and strong alternating, which
seat starts easy alternating with the seed). Each game is played to its end (bankruptcy, or final
worth at the end of round ``TURN_LIMIT``); then it is replayed to the start of round ``--round`` and
:func:`megamono.analysis.analyse` estimates every player's chance from there with ``--playouts``
playouts (the strong computer in every seat, as ``megamono analyse`` does), on the position's own seed
(:func:`megamono.analysis.position_seed`, every route's default since issue 26). A game over before that
round has no estimate: it is counted and left out.

Every ``--app-every``-th game (the 0th, the 5th, ...; 0: none) is estimated a second time through the
app's own route, as the ``w`` panel does it: :class:`megamono.tui.screens.chances.PositionChances` on a
copy of the game, on its default seed, played on in this process (no pool). Its figures must be
:func:`analyse`'s to the last digit (issue 26: one position, one answer); a game where they are not is
named, and the script exits 1.

Each (player, game) with an estimate is a pair: the chance it was given and what it won (1, 0, or
the fraction of a shared win). The pairs are put in buckets by the chance given (0-20%, 20-40%, ...,
80-100%); in each bucket the mean chance given is compared with the share actually won and that
share's Wilson 95% interval. Calibrated means the mean chance lies within the interval. ``--check``
exits 1 unless the strong games are calibrated in every bucket of at least ``MIN_BUCKET`` pairs, with
the 99% interval there (five buckets are checked at once: 99% each keeps the chance of a false alarm
near 5% for the lot). The pairs of one game are not independent (they sum to 1), which the intervals
ignore.

The mixed games show the estimator's known blind spot: it plays every seat as the strong computer, so
it gives an easy player a strong player's chances. The gap is reported by bucket and by level.

Every game and every estimate comes from the seeds alone: the same arguments give the same figures
whatever ``--jobs`` is.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from megamono.analysis import Z95, Analysis, analyse, wilson  # noqa: E402
from megamono.bots import play_bot_game  # noqa: E402
from megamono.rules.engine import Game  # noqa: E402

TURN_LIMIT = 200
"""The games' own turn limit (rounds; then final worth decides, E2); the playouts keep it."""
EDITION = "mega"
BUCKETS = ((0.0, 0.2), (0.2, 0.4), (0.4, 0.6), (0.6, 0.8), (0.8, 1.0))
MIN_BUCKET = 20
"""``--check`` judges a bucket of at least this many pairs (fewer say too little)."""
Z99 = 2.5758293035489004
MIXED_SEED = 100_000
"""The mixed games' seeds start here (the strong games' at 0)."""
APP_EVERY = 5
"""Every this-many-th game is estimated through the app's route as well (``--app-every``)."""


def games_of(n: int) -> list[tuple[str, int, tuple[str, ...]]]:
    """The ``n`` games: (kind, seed, levels by seat), strong and mixed alternating."""
    out: list[tuple[str, int, tuple[str, ...]]] = []
    for i in range(n):
        k = i // 2
        if i % 2 == 0:
            out.append(("strong", k, ("strong",) * 4))
        else:
            levels = ("easy", "strong", "easy", "strong") if k % 2 == 0 else ("strong", "easy", "strong", "easy")
            out.append(("mixed", MIXED_SEED + k, levels))
    return out


def at_round(game: Game, rnd: int) -> Game | None:
    """``game`` replayed to the first moment of round ``rnd`` (None if it ended before)."""
    g = Game.replay(game.setup, [])
    for a in game.history:
        if g.st.turn.round >= rnd or g.over:
            break
        g.act(a)
    return None if g.over or g.st.turn.round < rnd else g


def app_route(start: Game, playouts: int) -> Analysis:
    """The ``w`` panel's figures of ``start`` after ``playouts`` playouts: the app's own route
    (:class:`~megamono.tui.screens.chances.PositionChances` on a copy of the game, its default seed, played
    on in this process as the panel does without its pool). ``start`` is not changed."""
    from megamono.tui.screens.chances import PositionChances

    chances = PositionChances.of(("calibration",), start.copy(), playouts)
    chances.play_on(lambda: False, lambda figures: None, pool=None)
    assert chances.figures is not None
    return chances.figures


def play_one(job: tuple[str, int, tuple[str, ...], int, int, bool]) -> dict[str, Any]:
    """One game and its estimate (a worker's task): its kind, seed, levels, the chances given at the
    round (None if it ended before) and the playouts' seed, the winners, how and when it ended; with
    ``app`` (the job's last item), whether the app's route gave the same figures to the last digit
    (``app_route``: None when not asked or not estimated; its chances as well when they differ)."""
    kind, seed, levels, playouts, rnd, app = job
    game = play_bot_game(EDITION, list(levels), seed, turn_limit=TURN_LIMIT)
    outcome = game.outcome
    assert outcome is not None
    start = at_round(game, rnd)
    chances = None
    position_seed = None
    same: bool | None = None
    app_chances = None
    if start is not None:
        result = analyse(start, playouts=playouts, jobs=1)
        chances = [pc.chance for pc in result.players]
        position_seed = result.seed
        if app:
            figures = app_route(start, playouts)
            same = figures == result
            if not same:
                app_chances = [pc.chance for pc in figures.players]
    out = {"kind": kind, "seed": seed, "levels": list(levels), "chances": chances,
           "position_seed": position_seed, "winners": list(outcome.winners),
           "termination": outcome.termination, "rounds": game.st.turn.round, "app_route": same}
    if app_chances is not None:
        out["app_chances"] = app_chances
    return out


def run(games: int, playouts: int, jobs: int = 1, rnd: int = 20,
        progress: Callable[[int, int], None] | None = None, app_every: int = APP_EVERY) -> list[dict[str, Any]]:
    """Play the ``games`` and estimate each at round ``rnd`` (see the module doc), every ``app_every``-th
    through the app's route as well (0: none); in game order."""
    work = [(kind, seed, levels, playouts, rnd, app_every > 0 and i % app_every == 0)
            for i, (kind, seed, levels) in enumerate(games_of(games))]
    out: list[dict[str, Any]] = []
    if jobs <= 1:
        for job in work:
            out.append(play_one(job))
            if progress:
                progress(len(out), len(work))
        return out
    with ProcessPoolExecutor(jobs) as pool:
        for r in pool.map(play_one, work):
            out.append(r)
            if progress:
                progress(len(out), len(work))
    return out


def pairs(results: Sequence[dict[str, Any]], kind: str, level: str | None = None) -> list[tuple[float, float]]:
    """(chance given, share won) of every player of the ``kind`` games with an estimate (``level``: only
    the players of that level)."""
    out = []
    for r in results:
        if r["kind"] != kind or r["chances"] is None:
            continue
        for p, chance in enumerate(r["chances"]):
            if level is None or r["levels"][p] == level:
                won = 1 / len(r["winners"]) if p in r["winners"] else 0.0
                out.append((chance, won))
    return out


def buckets(ps: Sequence[tuple[float, float]], z: float = Z95) -> list[dict[str, Any]]:
    """Per bucket of the chance given: its range, the pairs, the mean chance given, the share won and its
    Wilson interval (``z``), and whether the mean chance lies within it."""
    out = []
    for k, (lo, hi) in enumerate(BUCKETS):
        last = k == len(BUCKETS) - 1
        inside = [(c, w) for c, w in ps if lo <= c < hi or (last and c == hi)]
        n = len(inside)
        row: dict[str, Any] = {"bucket": f"{round(lo * 100)}-{round(hi * 100)}%", "n": n}
        if n:
            won = sum(w for _, w in inside)
            low, high = wilson(won, n, z)
            mean = sum(c for c, _ in inside) / n
            row.update(mean_chance=mean, won=won / n, low=low, high=high, gap=won / n - mean,
                       within=low <= mean <= high)
        out.append(row)
    return out


def summary(results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Everything the README reports: games, those over before the round, and the buckets of each kind
    (the mixed games also by level)."""
    out: dict[str, Any] = {}
    for kind in ("strong", "mixed"):
        mine = [r for r in results if r["kind"] == kind]
        ps = pairs(results, kind)
        out[kind] = {"games": len(mine), "estimated": sum(r["chances"] is not None for r in mine),
                     "over_before": sum(r["chances"] is None for r in mine), "pairs": len(ps),
                     "buckets": buckets(ps), "brier": brier(ps)}
    out["mixed"]["by_level"] = {}
    for level in ("easy", "strong"):
        ps = pairs(results, "mixed", level)
        won = sum(w for _, w in ps)
        low, high = wilson(won, len(ps)) if ps else (0.0, 0.0)
        out["mixed"]["by_level"][level] = {
            "pairs": len(ps), "mean_chance": sum(c for c, _ in ps) / len(ps) if ps else 0.0,
            "won": won / len(ps) if ps else 0.0, "low": low, "high": high, "buckets": buckets(ps)}
    out["app_route"] = app_agreement(results)
    return out


def app_agreement(results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The estimates made through the app's route as well: how many, how many gave :func:`analyse`'s
    figures to the last digit, and the seeds of the games where they did not."""
    checked = [r for r in results if r.get("app_route") is not None]
    return {"checked": len(checked), "identical": sum(r["app_route"] is True for r in checked),
            "differ": [r["seed"] for r in checked if r["app_route"] is not True]}


def brier(ps: Sequence[tuple[float, float]]) -> float:
    """The mean squared difference between the chance given and the share won (0 is perfect)."""
    return sum((c - w) ** 2 for c, w in ps) / len(ps) if ps else 0.0


def calibrated(results: Sequence[dict[str, Any]], kind: str = "strong") -> list[str]:
    """The buckets of the ``kind`` games (of at least :data:`MIN_BUCKET` pairs) whose mean chance given
    lies outside the 99% interval of the share won, in words; empty when calibrated."""
    bad = []
    for row in buckets(pairs(results, kind), Z99):
        if row["n"] >= MIN_BUCKET and not row["within"]:
            bad.append(f"{kind} {row['bucket']}: given {row['mean_chance']:.1%} on average, won {row['won']:.1%}"
                       f" (99% interval {row['low']:.1%}-{row['high']:.1%}, {row['n']} players)")
    return bad


def table(s: dict[str, Any]) -> str:
    """The summary as a Markdown table (README's Analysis section)."""
    lines = ["| games | chance given | players | mean chance given | share won | 95% interval | gap |",
             "|---|---|---|---|---|---|---|"]
    rows = [("strong", s["strong"]["buckets"]), ("mixed", s["mixed"]["buckets"])]
    rows += [(f"mixed, {lv} players", s["mixed"]["by_level"][lv]["buckets"]) for lv in ("easy", "strong")]
    for name, bs in rows:
        for b in bs:
            if not b["n"]:
                lines.append(f"| {name} | {b['bucket']} | 0 | | | | |")
                continue
            lines.append(f"| {name} | {b['bucket']} | {b['n']} | {b['mean_chance']:.1%} | {b['won']:.1%} | "
                         f"{b['low']:.1%} - {b['high']:.1%} | {b['gap'] * 100:+.1f} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=500, help="games in all, strong and mixed alternating")
    ap.add_argument("--playouts", type=int, default=200, help="playouts per estimate")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    ap.add_argument("--round", type=int, default=20, help="the round whose start is estimated")
    ap.add_argument("--json", help="write the games and the summary here")
    ap.add_argument("--app-every", type=int, default=APP_EVERY,
                    help="estimate every N-th game through the app's route as well (0: none)")
    ap.add_argument("--check", action="store_true", help="exit 1 unless the strong games are calibrated")
    args = ap.parse_args(argv)
    from megamono.progress import progress_bar
    from rich.console import Console

    err = Console(stderr=True)
    began = time.monotonic()
    with progress_bar(err, "calibrating") as bar:
        task = bar.add_task("games", total=args.games)
        results = run(args.games, args.playouts, args.jobs, args.round,
                      progress=lambda done, total: bar.update(task, completed=done), app_every=args.app_every)
    seconds = time.monotonic() - began
    s = summary(results)
    bad = calibrated(results)
    print(f"{args.games} games ({s['strong']['games']} strong, {s['mixed']['games']} mixed), {args.playouts} playouts"
          f" per estimate at round {args.round}, {args.jobs} processes, {seconds / 60:.1f} min; over before round"
          f" {args.round}: {s['strong']['over_before']} strong, {s['mixed']['over_before']} mixed")
    print(table(s))
    for kind in ("strong", "mixed"):
        print(f"{kind}: Brier score {s[kind]['brier']:.4f} over {s[kind]['pairs']} players")
    for level, v in s["mixed"]["by_level"].items():
        print(f"mixed, {level} players: given {v['mean_chance']:.1%} on average, won {v['won']:.1%}"
              f" ({v['low']:.1%}-{v['high']:.1%}, {v['pairs']} players)")
    print("strong games calibrated (99% intervals, buckets of 20 players or more)" if not bad
          else "NOT calibrated:\n  " + "\n  ".join(bad))
    app = s["app_route"]
    if app["checked"]:
        print(f"app route: {app['identical']} of {app['checked']} estimates identical"
              f" (one game in {args.app_every}: PositionChances on a copy of the game, its default seed)")
    if app["differ"]:
        print("APP ROUTE DIFFERS from analyse in the games of seed " + ", ".join(map(str, app["differ"])))
    if args.json:
        Path(args.json).write_text(json.dumps({
            "games": args.games, "playouts": args.playouts, "round": args.round, "jobs": args.jobs,
            "app_every": args.app_every,
            "turn_limit": TURN_LIMIT, "edition": EDITION, "seconds": round(seconds, 1),
            "load_average": os.getloadavg(), "summary": s, "results": results}, indent=1))
    return 1 if (args.check and bad) or app["differ"] else 0


if __name__ == "__main__":
    sys.exit(main())
