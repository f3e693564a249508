"""Save benchmark: save time, load time and file size of a 300-turn 4-player Mega game (a script).

    .venv/bin/python tests/bench/saves.py [--turns 300] [--runs 30] [--player bots|random] [--seed N]

The game is played by computer players (strong, strong, easy, easy; or the random player of the
playthrough tests) until its turn number reaches ``--turns``; a game that ends earlier is replaced
by the next seed's. Then, ``--runs`` times each:

- save: :func:`megamono.saves.save_game` (encode, write a temp file, fsync, rename);
- load: :func:`megamono.saves.load_game` with ``verify=False`` (read, parse, validate, rebuild the
  current state, check it is possible; no replay);
- verified load: the same with the replay check the app does when resuming (reported, no target).

Reports the median and the worst time, the file size (and the rules core's plain
``Game.to_json`` size for comparison), and whether the targets are met: save < 30 ms,
load < 60 ms, file < 300 KB. Exit code 1 if a median misses its target.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "properties"))

from megamono.bots import make_bot  # noqa: E402
from megamono.rules.engine import Game  # noqa: E402
from megamono.saves import load_game, save_game  # noqa: E402

TARGETS = {"save": 30.0, "load": 60.0}  # milliseconds
SIZE_TARGET = 300 * 1024  # bytes
LEVELS = ["strong", "strong", "easy", "easy"]


def bot_game(seed: int, turns: int) -> Game | None:
    """Four bots play until turn ``turns``; None if the game ends before."""
    game = Game.new("mega", [{"name": f"{lv.capitalize()} {k + 1}", "kind": "computer"}
                             for k, lv in enumerate(LEVELS)], seed=seed, seat_order=True)
    seeder = random.Random(seed)
    bots = [make_bot(lv, seeder.getrandbits(32)) for lv in LEVELS]
    st = game.st
    while st.turn.number < turns:
        if game.over:
            return None
        p = st.pending.player
        game.act(bots[p].choose(game, p))
    return game


def random_game(seed: int, turns: int) -> Game | None:
    """The playthrough tests' random player until turn ``turns``; None if the game ends before."""
    from randomplay import choose

    game = Game.new("mega", ["Ann", "Bob", "Cid", "Dee"], seed=seed)
    r = random.Random(seed)
    while game.st.turn.number < turns:
        if game.over:
            return None
        game.act(choose(game, r))
    return game


def timed(fn, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=300)
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--player", choices=["bots", "random"], default="bots")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)

    make = bot_game if args.player == "bots" else random_game
    t0 = time.perf_counter()
    seed, game = args.seed, None
    while game is None:
        game = make(seed, args.turns)
        seed += 1 if game is None else 0
    played = time.perf_counter() - t0
    st = game.st
    print(f"game: 4-player Mega, {args.player}, seed {seed}: turn {st.turn.number}, "
          f"{len(game.history)} actions, {len(st.log)} log events (played in {played:.1f} s)")

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = save_game(game, "bench", folder)
        assert load_game(path).st == st, "the save does not load to the same state"
        save_ms = timed(lambda: save_game(game, "bench", folder), args.runs)
        load_ms = timed(lambda: load_game(path, verify=False), args.runs)
        verify_ms = timed(lambda: load_game(path, verify=True), max(3, args.runs // 5))
        size = path.stat().st_size
        core = len(game.to_json().encode())

    ok = True
    print(f"{'':16}{'median':>10}{'worst':>10}{'target':>10}")
    for what, times, target in (("save", save_ms, TARGETS["save"]), ("load", load_ms, TARGETS["load"]),
                                ("verified load", verify_ms, None)):
        med = statistics.median(times)
        mark = "" if target is None else ("  ok" if med < target else "  MISSED")
        ok &= target is None or med < target
        tgt = "" if target is None else f"< {target:.0f} ms"
        print(f"{what:16}{med:>8.1f}ms{max(times):>8.1f}ms{tgt:>10}{mark}")
    mark = "  ok" if size < SIZE_TARGET else "  MISSED"
    ok &= size < SIZE_TARGET
    print(f"{'file size':16}{size / 1024:>8.1f}KB{'':>10}{'< 300 KB':>10}{mark}")
    print(f"{'(Game.to_json)':16}{core / 1024:>8.1f}KB   the rules core's plain form, for comparison")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
