"""Random playthroughs with random trade offers (X1-X3), on both editions: I1-I7 after every action,
save/load equality on the way, and I8 (replay) at the end. Shortages (B7) come up as the random
players build everything they can."""

import pytest
from megamono.rules import Game
from randomplay import play


@pytest.mark.parametrize("edition", ["mega", "classic"])
@pytest.mark.parametrize("seed", [0, 3])
def test_I1_I7_I8_X1_X3_random_playthrough_with_trades(edition, seed):
    g = play(seed, players=3 + seed % 3, max_actions=900, roundtrip_every=30, edition=edition, trades=True)
    assert any(e.kind == "trade" for e in g.st.log)
    assert Game.replay(g.setup, g.history).st == g.st
