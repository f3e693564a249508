"""Whole games of random legal actions: RULES.md I1-I8 hold after every action.

``randomplay.play`` checks I1-I7 after every action and a save/load round trip every
``roundtrip_every`` actions; these tests add a final round trip and I8: replaying the game's
setup and recorded actions gives the same state.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent))

from megamono.rules.engine import Game  # noqa: E402
from megamono.rules.invariants import check_invariants  # noqa: E402
from randomplay import play  # noqa: E402

PLAYER_COUNTS = (2, 3, 4, 6)


def _check_end(g: Game) -> None:
    assert not check_invariants(g.ed, g.st)
    assert Game.from_dict(json.loads(g.to_json())).st == g.st  # save/load
    replayed = Game.replay(g.setup, g.history)  # I8
    assert replayed.st == g.st
    assert replayed.pending == g.pending


@pytest.mark.parametrize("seed", range(8))
def test_I1_I8_seeded_whole_games(seed):
    """Seeds 0..7, with 2, 3, 4 and 6 players in turn, each game bounded to 500 actions."""
    players = PLAYER_COUNTS[seed % len(PLAYER_COUNTS)]
    g = play(seed, players, max_actions=500, roundtrip_every=10)
    assert len(g.history) > 0
    assert g.over or len(g.history) == 500
    if g.over:
        assert g.pending.kind == "game_over"
        assert [i for i, p in enumerate(g.st.players) if not p.bankrupt] == [g.st.winner] or g.st.winners
    _check_end(g)


@settings(max_examples=15, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), players=st.sampled_from((2, 3, 4, 5, 6, 7, 8)))
def test_I1_I8_hypothesis_games(seed, players):
    g = play(seed, players, max_actions=200, roundtrip_every=20)
    _check_end(g)
