"""How long the expert computer player takes to decide (a script, not a test; issue 28, item 2).

    .venv/bin/python tests/bench/expert_time.py [--games N] [--seed S]

Plays ``N`` 4-player games (default 4) per edition, one expert against three strong, seats rotated, and times
every decision the expert weighs by playouts (the wall clock of its weighing: the playouts and the copies),
apart: an auction's cap (at its first bid; its target is 1 s, as it answers an open auction's opening) and the
rest (target 2 s). Prints the load, then for each the count, the mean, the 95th percentile and the longest.
Run it on a quiet machine: the expert's budget is a number of playouts, so its time is the machine's.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from megamono.bots import play_on  # noqa: E402
from megamono.bots.expert import ExpertBot  # noqa: E402
from megamono.bots.model import Memory  # noqa: E402
from megamono.bots.strong import StrongBot  # noqa: E402
from megamono.rules.engine import Game  # noqa: E402


class TimedExpert(ExpertBot):
    """The expert, its weighings timed: (seconds, was it an auction's cap)."""

    def __init__(self, seed: int, memory: Memory | None = None) -> None:
        super().__init__(seed, memory)
        self.times: list[tuple[float, bool]] = []

    def deed_cap(self, game, p, space):  # type: ignore[no-untyped-def]
        start = time.perf_counter()
        cap = super().deed_cap(game, p, space)
        self.times.append((time.perf_counter() - start, True))
        return cap

    def best(self, game, p, answers):  # type: ignore[no-untyped-def]
        start = time.perf_counter()
        action = super().best(game, p, answers)
        if len(answers) > 1:
            self.times.append((time.perf_counter() - start, False))
        return action


def figures(times: list[float]) -> str:
    if not times:
        return "none"
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return f"{len(times)} decisions, mean {sum(times) / len(times):.2f} s, 95% {p95:.2f} s, longest {times[-1]:.2f} s"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"load {os.getloadavg()[0]:.2f} at the start")
    for edition in ("mega", "classic"):
        caps: list[float] = []
        rest: list[float] = []
        for i in range(args.games):
            game = Game.new(edition, [{"name": f"P{k}", "kind": "computer"} for k in range(4)],
                            seed=args.seed + i, seat_order=True, options={"turn_limit": 300})
            memory = Memory()
            expert = TimedExpert(args.seed + i, memory)
            bots = [StrongBot(args.seed + i + 100 * k, memory) for k in range(4)]
            bots[i % 4] = expert
            play_on(game, bots)
            caps += [t for t, cap in expert.times if cap]
            rest += [t for t, cap in expert.times if not cap]
        print(f"{edition:8} auction caps: {figures(caps)}")
        print(f"{'':8} other decisions: {figures(rest)}")
    print(f"load {os.getloadavg()[0]:.2f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
