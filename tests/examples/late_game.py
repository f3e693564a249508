"""Make ``saves/examples/late-game.json`` (Mega) and ``classic-late-game.json``: 3-player games played
through the scripting API until they are late (hotels on the board, mortgaged deeds, [Mega] Bus Tickets
held, one player short of cash).

Run: ``python tests/examples/late_game.py`` (rewrites the example). ``tests/test_example_saves.py``
checks the committed file.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from megamono.rules import Bid, Game  # noqa: E402
from megamono.rules.actions import MANAGE_KINDS  # noqa: E402

SEED = 2026
PLAYERS = [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"},
           {"name": "Cid", "colour": "green"}]


def greedy(game: Game, r: random.Random):
    """A plain player: buys what it can afford, bids up to the price, builds with spare cash."""
    pend = game.pending
    acts = game.legal_actions()
    me = pend.player
    cash = game.st.players[me].cash
    by_kind: dict[str, list] = {}
    for a in acts:
        by_kind.setdefault(a.kind, []).append(a)
    if pend.kind == "debt":
        for k in ("pay_debt", "mortgage", "sell_building", "sell_group_buildings", "sell_depot",
                  "declare_bankruptcy"):
            mine = [a for a in by_kind.get(k, []) if a.player == me]
            if mine:
                return mine[0]
    for a in by_kind.get("build", []) + by_kind.get("build_depot", []):
        if game.st.players[a.player].cash > 500:
            return a
    if pend.kind == "buy":
        return by_kind["buy"][0] if "buy" in by_kind and cash > pend.amount + 150 else by_kind["decline_buy"][0]
    if pend.kind == "bid":
        price = game.ed.spaces[pend.space].price
        low = game.min_bid()
        if low <= min(price, cash - 150):
            return Bid(player=me, amount=low + r.randint(0, 10) if low + 10 <= cash - 150 else low)
        return next(a for a in by_kind["pass_bid" if pend.open else "drop_out"] if a.player == me)
    if pend.kind == "levelling":
        return by_kind["level"][-1] if r.random() < 0.5 else by_kind["level"][0]
    decisions = [a for a in acts if a.kind not in MANAGE_KINDS and a.player == me]
    return r.choice(decisions)


def late_enough(game: Game) -> bool:
    st = game.st
    hotels = sum(1 for d in st.deeds.values() if d.level >= 5)
    mortgaged = sum(1 for d in st.deeds.values() if d.mortgaged)
    tickets = sum(len(p.bus_tickets) for p in st.players) if game.ed.bus_tickets else 1
    poor = min(p.cash for p in st.players if not p.bankrupt)
    return (hotels >= 2 and mortgaged >= 2 and tickets >= 1 and poor < 400
            and len(st.active_players()) == 3 and game.pending.kind == "turn" and st.turn.number >= 40)


def make(edition: str = "mega") -> Game:
    for seed in range(SEED, SEED + 200):
        game = Game.new(edition, PLAYERS, seed=seed)
        r = random.Random(seed)
        for _ in range(6000):
            if game.over:
                break
            game.act(greedy(game, r))
            if late_enough(game):
                return game
    raise RuntimeError("no seed reached a late game")


if __name__ == "__main__":
    from megamono.saves import save_game

    for edition, name in (("mega", "late-game"), ("classic", "classic-late-game")):
        g = make(edition)
        path = save_game(g, name, ROOT / "saves" / "examples")
        print(path, "turn", g.st.turn.number, [(p.name, p.cash) for p in g.st.players])
