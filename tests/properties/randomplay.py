"""A seeded random player of legal actions, shared by the playthrough tests."""

from __future__ import annotations

import json
import random

from megamono.rules.actions import MANAGE_KINDS, Bid, ProposeTrade
from megamono.rules.decisions import TradeSide
from megamono.rules.engine import Game
from megamono.rules.invariants import check_invariants, deed_marks


def random_trade(game: Game, r: random.Random) -> ProposeTrade | None:
    """A random trade offer between two active players (X1), or None if it would be refused."""
    active = game.st.active_players()
    if len(active) < 2:
        return None
    a, b = r.sample(active, 2)

    def side(p: int) -> TradeSide:
        own = [i for i, d in game.st.deeds.items() if d.owner == p]
        pl = game.st.players[p]
        return TradeSide(cash=r.choice([0, 0, r.randint(0, pl.cash)]),
                         deeds=r.sample(own, min(len(own), r.choice([0, 1, 1, 2]))),
                         jail_cards=r.randint(0, len(pl.gojf)), bus_tickets=r.randint(0, len(pl.bus_tickets)))

    offer = ProposeTrade(player=a, partner=b, give=side(a), take=side(b))
    return offer if game.why_not(offer) is None else None


def choose(game: Game, r: random.Random, trades: bool = False):
    """Pick a random legal action, weighted towards decisions and building; with ``trades``,
    now and then a random trade offer."""
    if trades and r.random() < 0.05:
        offer = random_trade(game, r)
        if offer is not None:
            return offer
    acts = game.legal_actions()
    decisions = [a for a in acts if a.kind not in MANAGE_KINDS]
    manage = [a for a in acts if a.kind in MANAGE_KINDS]
    builds = [a for a in manage if a.kind in ("build", "build_depot")]
    if builds and r.random() < 0.5:
        return r.choice(builds)
    if manage and r.random() < 0.1:
        return r.choice(manage)
    if not decisions:  # a debtor who can still raise money
        mine = [a for a in manage if a.player == game.pending.player]
        return r.choice(mine)
    a = r.choice(decisions)
    if a.kind == "bid":
        cash = game.st.players[a.player].cash
        a = Bid(player=a.player, amount=min(cash, a.amount + r.randint(0, 60)))
    return a


def play(seed: int, players: int = 4, max_actions: int = 3000, check=True, roundtrip_every: int = 1,
         edition: str = "mega", trades: bool = False):
    """Play one seeded game of random legal actions on ``edition`` ("mega", "classic"); returns the game.

    With ``check``, asserts I1-I7 (and that the log names every deed changed) after every action
    and that a save/load round trip gives an equal state every ``roundtrip_every`` actions.
    """
    g = Game.new(edition, [f"P{i}" for i in range(players)], seed=seed)
    r = random.Random(seed)
    for k in range(max_actions):
        if g.over:
            break
        a = choose(g, r, trades)
        before = {i: p.cash for i, p in enumerate(g.st.players)}
        deeds = deed_marks(g.st)
        start = len(g.st.log)
        g.act(a)
        if check:
            bad = check_invariants(g.ed, g.st, before, start, deeds)
            assert not bad, (seed, k, a, bad, [e.say(g) for e in g.st.log[start:]])
            if roundtrip_every and k % roundtrip_every == 0:
                assert Game.from_dict(json.loads(g.to_json())).st == g.st
    return g
