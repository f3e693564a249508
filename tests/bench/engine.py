"""Engine benchmark: 4-player strong-bot games per second, per edition (a script, not a test).

    .venv/bin/python tests/bench/engine.py [--games N] [--players P] [--profile N]

One process, a 1,000-round limit, invariant checks off. For each edition it reports games per
second, turns per second and actions per second, how the time splits between the engine
(``Game.act``) and the bots (``Bot.choose``) (measured in a separate timed pass over the same
games), the peak resident memory of the process
(``resource``) and the peak Python allocation while playing one game (``tracemalloc``).
``--profile N`` then runs cProfile over N Mega games and lists the engine's hotspots
(functions of ``megamono/rules``, by cumulative time).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import resource
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from megamono.bots import make_bot, play_bot_game  # noqa: E402
from megamono.rules.engine import Game  # noqa: E402

ROUND_LIMIT = 1000


def timed_game(edition: str, players: int, seed: int) -> dict:
    """One bot game played with the engine's and the bots' time measured apart."""
    # the same players, seeds and bots as play_bot_game(edition, ["strong"] * players, seed)
    game = Game.new(edition, [{"name": f"Strong {k + 1}", "kind": "computer"} for k in range(players)],
                    seed=seed, seat_order=True, options={"turn_limit": ROUND_LIMIT})
    seeder = random.Random(seed)
    bots = [make_bot("strong", seeder.getrandbits(32)) for _ in range(players)]
    t_bot = t_engine = 0.0
    clock = time.perf_counter
    st = game.st
    while not game.over:
        p = st.pending.player
        t0 = clock()
        a = bots[p].choose(game, p, check=False)  # as play_bot_game: Game.act checks it
        t1 = clock()
        game.act(a)
        t2 = clock()
        t_bot += t1 - t0
        t_engine += t2 - t1
    return {"turns": st.turn.number, "rounds": st.turn.round, "actions": len(game.history),
            "bot": t_bot, "engine": t_engine, "limit": len(st.active_players()) > 1}


def bench(edition: str, games: int, players: int) -> dict:
    results = []
    t0 = time.perf_counter()
    for seed in range(games):
        results.append(timed_game(edition, players, seed))
    wall = time.perf_counter() - t0
    turns = sum(r["turns"] for r in results)
    actions = sum(r["actions"] for r in results)
    engine = sum(r["engine"] for r in results)
    bot = sum(r["bot"] for r in results)
    # the same games through play_bot_game, as simulations run them
    t1 = time.perf_counter()
    for seed, r in zip(range(games), results, strict=False):
        g = play_bot_game(edition, ["strong"] * players, seed, turn_limit=ROUND_LIMIT)
        assert len(g.history) == r["actions"], "the timed pass played a different game"
    wall2 = time.perf_counter() - t1
    tracemalloc.start()
    play_bot_game(edition, ["strong"] * players, 0, turn_limit=ROUND_LIMIT)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "edition": edition, "games": games, "wall": wall,
        "games_per_s": games / wall2, "turns_per_s": turns / wall2, "actions_per_s": actions / wall2,
        "engine_share": engine / (engine + bot), "engine_actions_per_s": actions / engine,
        "engine_only_games_per_s": games / engine,
        "rounds_median": statistics.median(r["rounds"] for r in results),
        "turns_mean": turns / games, "actions_mean": actions / games,
        "limit_hits": sum(r["limit"] for r in results),
        "tracemalloc_peak_mb": peak / 2**20,
    }


def profile(games: int, players: int, top: int = 25) -> str:
    prof = cProfile.Profile()
    prof.enable()
    for seed in range(games):
        play_bot_game("mega", ["strong"] * players, seed, turn_limit=ROUND_LIMIT)
    prof.disable()
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out)
    stats.sort_stats("cumulative").print_stats("megamono/rules", top)
    out.write("\n--- by own time (tottime), every module ---\n")
    stats.sort_stats("tottime").print_stats(top)
    return out.getvalue()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=20, help="games per edition (default 20)")
    ap.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    ap.add_argument("--editions", default="mega,classic")
    ap.add_argument("--profile", type=int, default=0, metavar="N", help="cProfile N Mega games afterwards")
    args = ap.parse_args(argv)
    print(f"{args.players}-player strong-bot games, one process, {ROUND_LIMIT}-round limit, invariant checks off")
    for ed in args.editions.split(","):
        r = bench(ed, args.games, args.players)
        print(f"\n[{ed}] {r['games']} games: {r['games_per_s']:.2f} games/s, {r['turns_per_s']:.0f} turns/s, "
              f"{r['actions_per_s']:.0f} actions/s")
        print(f"  per game: median {r['rounds_median']:g} rounds, {r['turns_mean']:.0f} turns, "
              f"{r['actions_mean']:.0f} actions; turn limit reached in {r['limit_hits']}")
        print(f"  time split: engine (Game.act) {r['engine_share']:.0%}, bots {1 - r['engine_share']:.0%}; "
              f"engine alone {r['engine_actions_per_s']:.0f} actions/s = {r['engine_only_games_per_s']:.1f} games/s")
        print(f"  tracemalloc peak while playing one game: {r['tracemalloc_peak_mb']:.1f} MiB")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"\npeak resident memory of the process: {rss / 1024:.0f} MiB")
    if args.profile:
        print(f"\ncProfile of {args.profile} Mega games: engine functions by cumulative time")
        print(profile(args.profile, args.players))
    return 0


if __name__ == "__main__":
    sys.exit(main())
