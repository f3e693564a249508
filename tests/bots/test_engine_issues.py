"""Regression tests for engine problems found while building the bots (option rent_must_be_claimed,
T6 with D1-D3): a claim that bankrupts the payer never leaves the game waiting on them."""

from __future__ import annotations

from botkit import give
from megamono.rules.actions import ClaimRent, DeclareBankruptcy, Roll
from megamono.rules.engine import Game
from megamono.rules.state import RentClaim


def test_T6_D3_claimed_rent_that_bankrupts_the_payer_does_not_leave_the_game_waiting_on_them():
    g = Game.new("mega", ["Ann", "Bob", "Cid"], seed=1, dice=[(1, 3, "bus")], seat_order=True,
                 options={"rent_must_be_claimed": True})
    g.st.players[0].cash = 10
    give(g, 1, 1, 3, 4, level=5)          # Bob: hotels on Brown; Arctic Avenue rent $450
    g.act(Roll(player=0))                 # Ann: 1+3 to Arctic Avenue, then the Bus face
    assert g.pending.kind == "bus" and g.st.claims
    g.act(ClaimRent(player=1, space=4))   # Bob claims while Ann's Bus choice is open
    g.act(DeclareBankruptcy(player=0))    # Ann cannot pay $450
    assert g.st.players[0].bankrupt and not g.over
    assert g.pending.player != 0, f"the game waits on bankrupt Ann ({g.pending.kind})"
    assert any(a.kind not in ("build", "sell_building", "sell_group_buildings", "mortgage", "unmortgage",
                              "build_depot", "sell_depot") for a in g.legal_actions())


def test_T6_D1_a_second_claim_against_a_payer_in_debt_does_not_leave_the_game_waiting_on_them():
    g = Game.new("mega", ["Ann", "Bob", "Cid"], seed=1, dice=[(1, 4, 1)], seat_order=True,
                 options={"rent_must_be_claimed": True})
    g.st.players[0].cash = 100
    give(g, 1, 1, 3, 4, level=5)          # Bob: hotels on Brown; Arctic Avenue rent $450
    give(g, 2, 10)                        # Cid: the Gas Company
    give(g, 0, 48)                        # Ann can raise $175 by mortgaging Park Place: not enough
    g.act(Roll(player=0))                 # Ann: 1+4+1 to Reading Railroad (the bank's)
    assert g.pending.kind == "buy"
    # two rents Ann owes, as if she had landed on both this turn (set by hand for brevity)
    g.st.claims[:] = [RentClaim(owner=1, payer=0, amount=450, space=4),
                      RentClaim(owner=2, payer=0, amount=500, space=10)]
    g.act(ClaimRent(player=1, space=4))   # Ann owes $450, has $100: in debt
    assert g.pending.kind == "debt" and g.pending.player == 0
    g.act(ClaimRent(player=2, space=10))  # the engine takes a second claim meanwhile
    g.act(DeclareBankruptcy(player=0))
    assert g.st.players[0].bankrupt and not g.over
    assert g.pending.player != 0, f"the game waits on bankrupt Ann ({g.pending.kind})"
