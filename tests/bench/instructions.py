"""Machine instructions per strong-bot game, counted by valgrind (a script, not a test).

    .venv/bin/python tests/bench/instructions.py [--games 6] [--edition mega|classic|both] [--seat-order]

Wall-clock speed on a shared machine varies by a third from day to day; an instruction count does
not depend on the load. It runs valgrind's cachegrind (no cache simulation) over this same script
playing 4-player strong-bot games of seeds 0..N-1 (1,000-round limit, as ``engine.py``) and over it
playing none, and prints the difference per game and per turn (the turns counted in a plain run of
the same games, which replay exactly), in millions. Needs ``valgrind`` on the PATH.

``--seat-order`` plays every auction in seat order (option ``auction_bidding``), the games of before
open auctions (RULES.md A3): the cost of the code apart from the cost of the rule.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def play(edition: str, games: int, bidding: str = "open") -> int:
    """The games counted: seeds 0..games-1 of ``edition``, auctions as ``bidding`` says (``"open"`` or
    ``"seat_order"``); the number of turns they took."""
    sys.path.insert(0, str(ROOT))
    from megamono.bots import play_bot_game

    turns = 0
    for seed in range(games):
        game = play_bot_game(edition, ["strong"] * 4, seed, turn_limit=1000, options={"auction_bidding": bidding})
        turns += game.st.turn.number
    return turns


def count(edition: str, games: int, bidding: str = "open") -> int:
    """Instructions (valgrind's "I refs") of a process that plays ``games`` games."""
    cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
           sys.executable, __file__, "--play", edition, str(games), bidding]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stderr
    refs = re.search(r"I\s+refs:\s+([\d,]+)", out)
    if refs is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{out[-2000:]}")
    return int(refs.group(1).replace(",", ""))


def main() -> None:
    if len(sys.argv) == 5 and sys.argv[1] == "--play":
        play(sys.argv[2], int(sys.argv[3]), sys.argv[4])
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--edition", choices=("mega", "classic", "both"), default="both")
    ap.add_argument("--seat-order", action="store_true", help="every auction in seat order (the older rule)")
    args = ap.parse_args()
    bidding = "seat_order" if args.seat_order else "open"
    for edition in (("mega", "classic") if args.edition == "both" else (args.edition,)):
        spent = count(edition, args.games, bidding) - count(edition, 0, bidding)
        turns = play(edition, args.games, bidding)
        print(f"{edition}: {spent / args.games / 1e6:.1f} million instructions per game, "
              f"{spent / turns / 1e6:.2f} million per turn ({turns / args.games:.0f} turns a game; "
              f"seeds 0-{args.games - 1}; {bidding} auctions)")


if __name__ == "__main__":
    main()
