"""Write ``data/screen-games.json``: seeded games of random legal actions that reach each kind of
decision, for the tests that open every screen of the real app (``screen_recipes.py``).

The games are made of actions only (no state edited by hand), so they replay, and so does their
autosave. Run it again when the rules change the games (a recipe then fails to replay)::

    .venv/bin/python tests/tui/make_screen_games.py
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "properties"))

from megamono.rules.engine import Game  # noqa: E402
from randomplay import choose  # noqa: E402

KINDS = ("turn", "buy", "bid", "trade_reply", "income_tax", "bus", "birthday", "jail", "triples",
         "mortgaged_deed", "debt", "levelling", "shortage_ask")
"""The pending decisions a recipe starts from (one action before each, made in the app)."""
NAMES = ["Ann", "Bob", "Cat"]
OUT = HERE / "data" / "screen-games.json"


def main() -> None:
    found: dict[str, tuple[str, int]] = {}
    games: dict[str, dict] = {}
    for seed in range(1, 400):
        g = Game.new("mega", NAMES, seed=seed)
        r = random.Random(seed)
        last = 0
        for k in range(1500):
            if g.over or set(KINDS) <= set(found):
                break
            kind = g.pending.kind
            if kind in KINDS and kind not in found and k >= 1:
                found[kind] = (str(seed), k)
                last = k
            g.act(choose(g, r, trades=True))
        if last:
            games[str(seed)] = {"setup": g.setup,
                                "actions": [a.model_dump(mode="json") for a in g.history[:last]]}
        if set(KINDS) <= set(found):
            break
    missing = set(KINDS) - set(found)
    if missing:
        raise SystemExit(f"no game reached {sorted(missing)}")
    OUT.write_text(json.dumps({"games": games, "decisions": found}, separators=(",", ":")) + "\n")
    print(f"wrote {OUT}: {found}")


if __name__ == "__main__":
    main()
