"""Random playthroughs of the classic edition: the invariants I1-I7 (``check_invariants``) hold
after every action, saves round-trip, a replay gives the same state (I8), and no Mega-only piece,
card or decision ever appears (G1: the rules follow the edition's flags).

Bounded: seeds 0-5, 2-6 players, at most 700 actions each (a few seconds in all).
"""

from __future__ import annotations

import random

import pytest
from megamono.rules.engine import Game
from megamono.rules.events import JailRoll, Rolled, TurnOrderRoll, UtilityRoll
from randomplay import choose, play

SEEDS = range(6)
MAX_ACTIONS = 700
MEGA_ONLY_KINDS = {"play_bus_ticket", "build_depot", "sell_depot", "choose_destination", "bus_choice",
                   "birthday_choice", "income_tax_choice", "pick_auction_deed", "level"}


def players_for(seed: int) -> int:
    return 2 + seed % 5  # 2, 3, 4, 5, 6, 2


@pytest.mark.parametrize("seed", SEEDS)
def test_I1_I2_I3_I4_I5_I6_I7_classic_random_playthrough(seed):
    n = players_for(seed)
    g = play(seed, players=n, max_actions=MAX_ACTIONS, roundtrip_every=50, edition="classic")
    assert g.ed.id == "classic" and len(g.st.players) == n
    assert g.history, "the game made no progress"
    # G1, B3, B6, K7: nothing of the Mega edition ever turned up
    assert all(d.level <= 5 and not d.depot for d in g.st.deeds.values())
    assert g.st.bank.skyscrapers == 0 and g.st.bank.depots == 0
    assert g.st.decks.bus == [] and g.st.decks.bus_out == []
    assert all(not p.bus_tickets for p in g.st.players)
    assert not MEGA_ONLY_KINDS & {a.kind for a in g.history}
    throws = [e.throw for e in g.st.log if isinstance(e, (Rolled, JailRoll, UtilityRoll, TurnOrderRoll))]
    assert throws and all(t.speed is None for t in throws)  # G5, T2: two white dice, never a Speed Die
    assert not any(e.kind == "bus" for e in g.st.log)
    if g.over:
        assert sum(not p.bankrupt for p in g.st.players) == 1  # E1


def test_I8_classic_playthrough_replays_to_the_same_state():
    g = play(1, players=3, max_actions=300, check=False, edition="classic")
    again = Game.replay(g.setup, g.history)
    assert again.st == g.st


def test_G1_classic_legal_actions_never_offer_mega_only_choices():
    g = Game.new("classic", ["P0", "P1", "P2", "P3"], seed=7)
    r = random.Random(7)
    for _ in range(400):
        if g.over:
            break
        offered = {a.kind for a in g.legal_actions()}
        assert not offered & MEGA_ONLY_KINDS, offered
        assert g.pending.kind not in ("triples", "bus", "birthday", "income_tax", "auction_pick", "levelling")
        g.act(choose(g, r))
