"""Make ``saves/examples/trade-and-shortage.json``: a Mega game set up for a trade that completes a
built colour group (B8 levelling follows, X3) and a building shortage (B7).

At the save: Ann owns Mediterranean and Baltic Avenues with 2 houses each (Brown majority, B1); Bob owns
Arctic Avenue (Brown's last lot) and Massachusetts, Oriental and Vermont Avenues (Light Blue, 4-4-3
houses); Cid owns Maryland, St. Charles and States (Pink, 4 houses each). The bank has 5 houses left. It
is Ann's turn. Offer Bob cash for Arctic Avenue: once he accepts, Ann must level Brown (build 1 house on
Arctic, or rearrange); building on to 3-3-3 then takes the bank's last house while Bob could still place
one, so Bob is asked and the last house is auctioned between them.

The game is played through the scripting API with dice chosen so tokens land where the story needs
(a first pass picks the dice, a second pass replays them as the game's scripted dice, so the save
replays exactly). Run: ``python tests/examples/trade_levelling.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from megamono.rules import Game  # noqa: E402
from megamono.rules.actions import Bid, Build, Buy, DeclineBuy, DropOut, PassBid, Roll  # noqa: E402

PLAYERS = [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"},
           {"name": "Cid", "colour": "green"}]
SEED = 11
OWNERS = {1: 0, 3: 0, 4: 1, 7: 1, 8: 1, 11: 1, 15: 2, 16: 2, 18: 2}
LEVELS = {1: 2, 3: 2, 7: 4, 8: 4, 11: 3, 15: 4, 16: 4, 18: 4}
SAFE = {"street", "railroad", "utility", "free_parking", "jail", "go"}


def throw_for(game: Game, p: int) -> tuple[int, int, int]:
    """Dice (two different white dice and a Speed Die number) that move player ``p`` to a target deed
    still with the bank, its own first; otherwise to a harmless space."""
    st, ed = game.st, game.ed
    here = st.players[p].position
    throws = [(a, b, s) for a in range(1, 7) for b in range(1, 7) for s in (1, 2, 3) if a != b]
    free = [i for i in OWNERS if st.deeds[i].owner is None]
    for wanted in (sorted(free, key=lambda i: OWNERS[i] != p), [None]):
        for space in wanted:
            for t in throws:
                to = (here + sum(t)) % len(ed.spaces)
                if space is None:
                    if ed.spaces[to].kind in SAFE and to not in OWNERS and (
                            ed.spaces[to].kind not in ("street", "railroad", "utility")
                            or st.deeds[to].owner is None):
                        return t
                elif to == space:
                    return t
    raise RuntimeError("no throw fits")


def decide(game: Game):
    """The story's choice for the pending decision, or None when the set-up is complete."""
    pend, st = game.pending, game.st
    p = pend.player
    if pend.kind == "turn":
        if all(st.deeds[i].owner == OWNERS[i] for i in OWNERS):
            for space, level in LEVELS.items():  # build evenly, one house at a time
                owner = OWNERS[space]
                lots = [s for s in LEVELS if OWNERS[s] == owner and game.ed.spaces[s].group
                        == game.ed.spaces[space].group]
                low = min(st.deeds[s].level for s in lots)
                if st.deeds[space].level == low < level:
                    return Build(player=owner, space=space)
            return None if p == 0 else Roll(player=p)
        return Roll(player=p)
    if pend.kind == "buy":
        return Buy(player=p) if OWNERS.get(pend.space) == p else DeclineBuy(player=p)
    if pend.kind == "bid":
        want = OWNERS.get(pend.space)
        if p == want and pend.high_bidder != p:
            return Bid(player=p, amount=game.min_bid())
        return PassBid(player=p) if pend.open else DropOut(player=p)
    raise RuntimeError(f"unexpected decision {pend.kind}: {game.describe_pending()}")


def play(dice: list | None) -> tuple[Game, list]:
    game = Game.new("mega", PLAYERS, seed=SEED, dice=dice, seat_order=True)
    chosen = []
    while True:
        action = decide(game)
        if action is None:
            return game, chosen
        if isinstance(action, Roll) and dice is None:
            t = throw_for(game, action.player)
            game.st.script.append(list(t))
            chosen.append(t)
        game.act(action)


def make() -> Game:
    _, dice = play(None)
    game, _ = play(dice)
    return game


if __name__ == "__main__":
    from megamono.saves import save_game

    g = make()
    path = save_game(g, "trade-and-shortage", ROOT / "saves" / "examples")
    print(path, "turn", g.st.turn.number, g.st.bank, [(p.name, p.cash, p.position) for p in g.st.players])
