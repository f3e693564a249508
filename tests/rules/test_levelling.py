"""Levelling scenarios: RULES.md B8, the last lot of a built colour group acquired (seed 000 ex9, ex10,
ex11): by purchase, auction, trade or bankruptcy, and a mortgaged last lot (with M3).

Costs on the Mega board: Orange $100 a step.
"""

from __future__ import annotations

import pytest
from scenario import (  # noqa: F401 (invariants_hold_at_the_end is an autouse fixture)
    ANN,
    BOB,
    CID,
    act,
    bank,
    cash,
    cashes,
    give,
    illegal,
    invariants_hold_at_the_end,
    levels,
    new_game,
    owners,
    pend,
    place,
    roll,
    sound,
)

from kit import SEAT_ORDER

ORANGE = (21, 23, 24, 25)


def build(g, p, space):
    return act(g, "build", p, space=space)


def sell(g, p, space):
    return act(g, "sell_building", p, space=space)


def _buy_last_orange(lv, cash_=2500):
    """Ann holds St. James, Tennessee, New York at ``lv`` and buys New Jersey (25)."""
    g = new_game()
    give(g, ANN, 21, 23, 24, level=lv)
    cash(g, ANN, cash_)
    place(g, ANN, 20)
    roll(g, ANN, 1, 2, 2)  # 20 + 5 = 25
    assert pend(g) == ("buy", ANN)
    act(g, "buy", ANN)
    return g


def test_B8_ex9_build_two_houses_on_the_new_lot():
    g = _buy_last_orange([2, 3, 3])
    assert pend(g) == ("levelling", ANN)
    assert g.pending.space == 25 and not g.pending.forced
    assert g.pending.amounts["build"] == 200
    assert {a.choice for a in g.legal_actions(ANN) if a.kind == "level"} == {"build", "rearrange"}
    sound(g)  # the group is exempt until levelled
    act(g, "level", ANN, choice="build")
    assert levels(g, *ORANGE) == [2, 3, 3, 2]
    assert cashes(g)[ANN] == 2500 - 200 - 200
    assert bank(g) == (32 - 10, 12, 8, 4)
    assert pend(g) == ("turn", BOB)
    sound(g)


def test_B8_ex9_rearrange_to_two_two_two_two():
    g = _buy_last_orange([2, 3, 3])
    act(g, "level", ANN, choice="rearrange")
    assert levels(g, *ORANGE) == [2, 2, 2, 2]
    assert cashes(g)[ANN] == 2500 - 200
    assert bank(g) == (24, 12, 8, 4)
    assert pend(g) == ("turn", BOB)
    sound(g)


def test_B8_the_group_is_settled_before_anything_else_is_done_to_it():
    g = _buy_last_orange([2, 3, 3])
    illegal(g, {"kind": "build", "player": ANN, "space": 25}, "first settle")
    illegal(g, {"kind": "sell_building", "player": ANN, "space": 23}, "first settle")
    illegal(g, {"kind": "level", "player": ANN, "choice": "return"}, "forced transfer")
    illegal(g, {"kind": "level", "player": ANN, "choice": "unmortgage_build"}, "not mortgaged")
    illegal(g, {"kind": "level", "player": ANN, "choice": "sell_all"}, "not mortgaged")
    illegal(g, {"kind": "roll", "player": ANN}, "waiting for")
    illegal(g, {"kind": "level", "player": BOB, "choice": "build"}, "Ann's decision")


def test_B8_ex10_already_even_nothing_happens():
    g = _buy_last_orange([0, 1, 1])
    assert levels(g, *ORANGE) == [0, 1, 1, 0]
    assert cashes(g)[ANN] == 2300
    assert pend(g) == ("turn", BOB)
    sound(g)


def test_B8_ex11_build_four_houses_on_the_new_lot():
    g = _buy_last_orange([4, 5, 5])
    assert g.pending.amounts["build"] == 400
    act(g, "level", ANN, choice="build")
    assert levels(g, *ORANGE) == [4, 5, 5, 4]
    assert cashes(g)[ANN] == 2500 - 200 - 400
    assert bank(g) == (24, 10, 8, 4)
    sound(g)


def test_B8_ex11_rearrange_to_one_each_and_receive_two_hotels_value():
    g = _buy_last_orange([4, 5, 5])
    act(g, "level", ANN, choice="rearrange")
    assert levels(g, *ORANGE) == [1, 1, 1, 1]
    assert cashes(g)[ANN] == 2500 - 200 + 2 * 5 * 50
    assert bank(g) == (28, 12, 8, 4)
    assert pend(g) == ("turn", BOB)
    sound(g)


def test_B8_build_needs_the_cash_and_the_houses_rearrange_is_always_possible():
    g = _buy_last_orange([4, 5, 5], cash_=500)
    assert cashes(g)[ANN] == 300
    illegal(g, {"kind": "level", "player": ANN, "choice": "build"}, r"costs \$400; Ann has \$300")
    give(g, CID, 7, 8, 11, 12, 15, 16, 18, level=4)
    g.st.players[ANN].cash = 1000
    illegal(g, {"kind": "level", "player": ANN, "choice": "build"}, "the bank has 0 houses; 4 are needed")
    act(g, "level", ANN, choice="rearrange")  # the group's own 4 houses are spread: no bank houses needed
    assert levels(g, *ORANGE) == [1, 1, 1, 1]
    assert cashes(g)[ANN] == 1000 + 500
    assert bank(g) == (0, 12, 8, 4)
    sound(g)


def test_B8_last_lot_won_at_auction():
    g = new_game(options=SEAT_ORDER)
    give(g, ANN, 21, 23, 24, level=[2, 3, 3])
    place(g, ANN, 20)
    roll(g, ANN, 1, 2, 2)
    act(g, "decline_buy", ANN)
    act(g, "drop_out", BOB)
    act(g, "drop_out", CID)
    act(g, "bid", ANN, amount=10)
    assert pend(g) == ("levelling", ANN) and not g.pending.forced
    act(g, "level", ANN, choice="build")
    assert levels(g, *ORANGE) == [2, 3, 3, 2]
    assert cashes(g)[ANN] == 2500 - 10 - 200
    sound(g)


def test_B8_forced_transfer_may_hand_the_last_lot_back_for_auction():
    g = new_game(options=SEAT_ORDER)
    give(g, BOB, 21, 23, 24, level=[4, 5, 5])
    give(g, ANN, 25)
    cash(g, ANN, 10)
    place(g, ANN, 18)
    roll(g, ANN, 2, 1, 2)  # 23: hotel, $950
    assert pend(g) == ("debt", ANN)
    act(g, "declare_bankruptcy", ANN)
    assert owners(g, 25) == [BOB]
    assert pend(g) == ("levelling", BOB) and g.pending.forced
    assert {a.choice for a in g.legal_actions(BOB) if a.kind == "level"} == {"build", "rearrange", "return"}
    sound(g)
    act(g, "level", BOB, choice="return")
    assert owners(g, 25) == [None]
    assert pend(g) == ("bid", CID)  # from Bob's left, the bankrupt Ann skipped
    assert g.pending.bidders == [CID, BOB]
    act(g, "bid", CID, amount=150)
    act(g, "drop_out", BOB)
    assert owners(g, 25) == [CID]
    assert cashes(g) == [0, 2510, 2350]
    assert levels(g, *ORANGE) == [4, 5, 5, 0]
    assert pend(g) == ("turn", BOB)
    sound(g)


@pytest.mark.parametrize("choice,lv,bob_cash", [
    ("build", [4, 5, 5, 4], 2510 - 400),
    ("rearrange", [1, 1, 1, 1], 2510 + 500),
])
def test_B8_forced_transfer_may_also_level_normally(choice, lv, bob_cash):
    g = new_game()
    give(g, BOB, 21, 23, 24, level=[4, 5, 5])
    give(g, ANN, 25)
    cash(g, ANN, 10)
    place(g, ANN, 18)
    roll(g, ANN, 2, 1, 2)
    act(g, "declare_bankruptcy", ANN)
    act(g, "level", BOB, choice=choice)
    assert levels(g, *ORANGE) == lv
    assert cashes(g)[BOB] == bob_cash
    assert pend(g) == ("turn", BOB)
    sound(g)


def _bankrupt_with_mortgaged_last_lot(bob_levels, options=None):
    g = new_game(options=options)
    give(g, BOB, 21, 23, 24, level=bob_levels)
    give(g, ANN, 25, mortgaged=True)
    cash(g, ANN, 10)
    place(g, ANN, 18)
    roll(g, ANN, 2, 1, 2)  # Tennessee
    assert pend(g) == ("debt", ANN)
    act(g, "declare_bankruptcy", ANN)
    assert owners(g, 25) == [BOB] and g.st.deeds[25].mortgaged
    assert pend(g) == ("levelling", BOB) and g.pending.forced
    assert g.pending.amounts["unmortgage"] == 110
    sound(g)
    return g


def test_B8_mortgaged_last_lot_must_be_unmortgaged_before_building_or_rearranging():
    g = _bankrupt_with_mortgaged_last_lot([2, 3, 3])
    assert cashes(g)[BOB] == 2500 + 10
    illegal(g, {"kind": "level", "player": BOB, "choice": "build"}, "mortgaged")
    illegal(g, {"kind": "level", "player": BOB, "choice": "rearrange"}, "mortgaged")
    illegal(g, {"kind": "level", "player": BOB, "choice": "unmortgage"}, "would not be even")
    illegal(g, {"kind": "unmortgage", "player": BOB, "space": 25}, "first settle")
    assert {a.choice for a in g.legal_actions(BOB) if a.kind == "level"} == {
        "unmortgage_build", "unmortgage_rearrange", "sell_all", "return"}


def test_B8_mortgaged_last_lot_unmortgage_and_build():
    g = _bankrupt_with_mortgaged_last_lot([2, 3, 3])
    act(g, "level", BOB, choice="unmortgage_build")
    assert not g.st.deeds[25].mortgaged
    assert levels(g, *ORANGE) == [2, 3, 3, 2]
    assert cashes(g)[BOB] == 2510 - 110 - 200
    assert pend(g) == ("turn", BOB)
    sound(g)


def test_B8_mortgaged_last_lot_unmortgage_and_rearrange():
    g = _bankrupt_with_mortgaged_last_lot([2, 3, 3])
    act(g, "level", BOB, choice="unmortgage_rearrange")
    assert levels(g, *ORANGE) == [2, 2, 2, 2]
    assert cashes(g)[BOB] == 2510 - 110
    sound(g)


def test_B8_mortgaged_last_lot_sell_every_building_and_keep_it_mortgaged_under_M3():
    g = _bankrupt_with_mortgaged_last_lot([2, 3, 3])
    act(g, "level", BOB, choice="sell_all")
    assert levels(g, *ORANGE) == [0, 0, 0, 0]
    assert g.st.deeds[25].mortgaged
    assert cashes(g)[BOB] == 2510 + 8 * 50 - 10  # 8 houses at half price, M3's 10% fee
    assert bank(g) == (32, 12, 8, 4)
    assert pend(g) == ("turn", BOB)
    sound(g)


def test_B8_mortgaged_last_lot_beside_one_house_each_unmortgage_alone_is_enough():
    g = _bankrupt_with_mortgaged_last_lot([0, 1, 1])
    assert {a.choice for a in g.legal_actions(BOB) if a.kind == "level"} == {"unmortgage", "sell_all", "return"}
    act(g, "level", BOB, choice="unmortgage")
    assert levels(g, *ORANGE) == [0, 1, 1, 0]
    assert not g.st.deeds[25].mortgaged
    assert cashes(g)[BOB] == 2510 - 110
    sound(g)


def test_B8_mortgaged_last_lot_of_an_unbuilt_group_is_just_M3():
    g = new_game()
    give(g, BOB, 21, 23, 24)
    give(g, ANN, 25, mortgaged=True)
    cash(g, ANN, 10)
    place(g, ANN, 18)
    roll(g, ANN, 2, 1, 2)  # Tennessee x2 = 28 > 10
    act(g, "declare_bankruptcy", ANN)
    assert pend(g) == ("mortgaged_deed", BOB)
    act(g, "mortgaged_deed_choice", BOB, choice="keep")
    assert cashes(g)[BOB] == 2510 - 10
    sound(g)


def test_B8_last_lot_by_trade_levels_but_cannot_be_handed_back():
    g = new_game()
    give(g, ANN, 21, 23, 24, level=[4, 5, 5])
    give(g, BOB, 25)
    act(g, "propose_trade", ANN, partner=BOB, give={"cash": 300}, take={"deeds": [25]})
    act(g, "accept_trade", BOB)
    assert pend(g) == ("levelling", ANN) and not g.pending.forced
    illegal(g, {"kind": "level", "player": ANN, "choice": "return"}, "forced transfer")
    act(g, "level", ANN, choice="build")
    assert levels(g, *ORANGE) == [4, 5, 5, 4]
    assert cashes(g) == [2500 - 300 - 400, 2800, 2500]
    assert pend(g) == ("turn", ANN)
    sound(g)


def test_B8_mortgaged_last_lot_handed_back_goes_to_auction_unmortgaged():
    g = _bankrupt_with_mortgaged_last_lot([2, 3, 3], options=SEAT_ORDER)
    act(g, "level", BOB, choice="return")
    assert owners(g, 25) == [None] and not g.st.deeds[25].mortgaged
    assert pend(g) == ("bid", CID) and g.pending.space == 25
    act(g, "drop_out", CID)
    act(g, "drop_out", BOB)
    assert owners(g, 25) == [None]
    assert levels(g, *ORANGE) == [2, 3, 3, 0]
    assert cashes(g) == [0, 2510, 2500]
    assert pend(g) == ("turn", BOB)
    sound(g)


def test_B8_a_trade_proposed_during_levelling_sets_it_aside_and_it_comes_back():
    g = _buy_last_orange([2, 3, 3])
    give(g, ANN, 6)
    act(g, "propose_trade", ANN, partner=BOB, give={"deeds": [6]}, take={"cash": 300})
    assert pend(g) == ("trade_reply", BOB)
    sound(g)  # Orange is still waiting for its levelling
    illegal(g, {"kind": "propose_trade", "player": ANN, "partner": BOB, "give": {"deeds": [25]}},
            "trade")
    act(g, "accept_trade", BOB)
    assert pend(g) == ("levelling", ANN)
    illegal(g, {"kind": "propose_trade", "player": ANN, "partner": BOB, "give": {"deeds": [25]}},
            "just received")
    act(g, "level", ANN, choice="build")
    assert levels(g, *ORANGE) == [2, 3, 3, 2]
    assert cashes(g)[ANN] == 2500 - 200 + 300 - 200
    sound(g)


def test_B8_a_levelling_set_aside_while_the_group_came_down_can_still_be_closed():
    """Ann, levelling New Jersey, takes a mortgaged Reading by trade, cannot pay its M3 fee and sells
    her orange houses: the levelling that comes back has nothing left to even out."""
    g = _buy_last_orange([2, 3, 3], cash_=200)
    give(g, BOB, 6, mortgaged=True)
    act(g, "propose_trade", ANN, partner=BOB, take={"deeds": [6]})
    act(g, "accept_trade", BOB)
    act(g, "mortgaged_deed_choice", ANN, choice="keep")
    assert pend(g) == ("debt", ANN) and g.pending.amount == 10
    act(g, "sell_group_buildings", ANN, space=21)
    act(g, "pay_debt", ANN)
    assert pend(g) == ("levelling", ANN) and levels(g, *ORANGE) == [0, 0, 0, 0]
    assert {a.choice for a in g.legal_actions(ANN) if a.kind == "level"} == {"rearrange"}
    act(g, "level", ANN, choice="rearrange")
    assert levels(g, *ORANGE) == [0, 0, 0, 0]
    assert cashes(g)[ANN] == 400 - 10
    assert pend(g) == ("turn", BOB)
