"""Building scenarios: RULES.md B1-B6 (seed 000 ex2, ex4, ex5, ex6); B8 levelling is in test_levelling.py.

B7 (shortage auctions) is not covered here. Costs on the Mega board: Brown and Light Blue $50 a
step, Pink and Orange $100, Red and Yellow $150, Green and Dark Blue $200.
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

ORANGE = (21, 23, 24, 25)


def build(g, p, space):
    return act(g, "build", p, space=space)


def sell(g, p, space):
    return act(g, "sell_building", p, space=space)


# --- B1 who may build -----------------------------------------------------------------------------

def test_B1_ex6_majority_builds_up_to_hotels_without_tennessee():
    """Seed ex6: St. James, New York and New Jersey without Tennessee may go up to hotels."""
    g = new_game()
    give(g, ANN, 21, 24, 25)
    for _ in range(5):
        for s in (21, 24, 25):
            build(g, ANN, s)
    assert levels(g, 21, 23, 24, 25) == [5, 0, 5, 5]
    assert cashes(g)[ANN] == 2500 - 15 * 100
    assert bank(g) == (32, 9, 8, 4)
    illegal(g, {"kind": "build", "player": ANN, "space": 21}, "skyscraper needs the whole colour group")
    assert pend(g) == ("turn", ANN)
    sound(g)


def test_B1_half_a_group_may_not_build():
    g = new_game()
    give(g, ANN, 21, 24)
    illegal(g, {"kind": "build", "player": ANN, "space": 21}, r"all lots of the group but one \(2 of 4 owned\)")


def test_B1_three_lot_group_two_lots_are_a_majority():
    g = new_game()
    give(g, ANN, 48, 51)
    build(g, ANN, 51)
    build(g, ANN, 48)
    assert levels(g, 48, 49, 51) == [1, 0, 1]
    assert cashes(g)[ANN] == 2100
    give(g, ANN, 1)
    illegal(g, {"kind": "build", "player": ANN, "space": 1}, r"but one \(1 of 3 owned\)")
    sound(g)


def test_B1_no_building_while_an_own_lot_of_the_group_is_mortgaged():
    g = new_game()
    give(g, ANN, 21, 24)
    give(g, ANN, 25, mortgaged=True)
    illegal(g, {"kind": "build", "player": ANN, "space": 21}, "mortgaged")
    act(g, "unmortgage", ANN, space=25)
    build(g, ANN, 21)
    assert cashes(g)[ANN] == 2500 - 110 - 100


def test_B1_another_owners_mortgaged_lot_does_not_block_the_majority():
    g = new_game()
    give(g, ANN, 21, 24, 25)
    give(g, CID, 23, mortgaged=True)
    build(g, ANN, 21)
    assert levels(g, *ORANGE) == [1, 0, 0, 0]
    sound(g)


@pytest.mark.parametrize("space", [6, 10])
def test_B1_never_on_railroads_or_utilities(space):
    g = new_game()
    give(g, ANN, 6, 20, 33, 45, 10, 17, 36)
    illegal(g, {"kind": "build", "player": ANN, "space": space}, "not a street")


def test_B1_only_the_owner_builds():
    g = new_game()
    give(g, ANN, 21, 24, 25)
    illegal(g, {"kind": "build", "player": BOB, "space": 21}, "Bob does not own St. James Place")


def test_B1_any_player_may_build_while_a_decision_is_pending():
    g = new_game()
    give(g, BOB, 21, 24, 25)
    assert pend(g) == ("turn", ANN)
    build(g, BOB, 21)
    assert levels(g, 21) == [1] and cashes(g) == [2500, 2400, 2500]
    assert pend(g) == ("turn", ANN)


def test_B1_building_needs_the_cash():
    g = new_game()
    give(g, ANN, 21, 24, 25)
    cash(g, ANN, 99)
    illegal(g, {"kind": "build", "player": ANN, "space": 21}, r"costs \$100; Ann has \$99")


# --- B2 even building ------------------------------------------------------------------------------

def test_B2_build_evenly_one_level_at_a_time():
    g = new_game()
    give(g, ANN, 21, 24, 25)
    build(g, ANN, 24)
    illegal(g, {"kind": "build", "player": ANN, "space": 24}, "build evenly")
    build(g, ANN, 21)
    illegal(g, {"kind": "build", "player": ANN, "space": 21}, "build evenly")
    build(g, ANN, 25)
    build(g, ANN, 21)
    assert levels(g, 21, 24, 25) == [2, 1, 1]
    assert bank(g) == (28, 12, 8, 4)
    sound(g)


def test_B2_sell_evenly():
    g = new_game()
    give(g, ANN, 21, 24, 25, level=[2, 2, 1])
    illegal(g, {"kind": "sell_building", "player": ANN, "space": 25}, "sell evenly")
    sell(g, ANN, 21)
    illegal(g, {"kind": "sell_building", "player": ANN, "space": 21}, "sell evenly")
    sell(g, ANN, 24)
    sell(g, ANN, 25)
    assert levels(g, 21, 24, 25) == [1, 1, 0]
    assert cashes(g)[ANN] == 2500 + 3 * 50
    sound(g)


# --- B3 hotels, B3.1 skyscrapers -------------------------------------------------------------------

def test_B3_hotel_costs_one_step_and_returns_four_houses():
    g = new_game()
    give(g, ANN, 27, 29, 30, level=4)
    assert bank(g) == (20, 12, 8, 4)
    build(g, ANN, 30)
    assert levels(g, 27, 29, 30) == [4, 4, 5]
    assert bank(g) == (24, 11, 8, 4)
    assert cashes(g)[ANN] == 2500 - 150
    sound(g)


def test_B3_level_names_are_the_words_the_app_shows():
    g = new_game()
    assert [g.level_name(n) for n in range(7)] == [
        "no buildings", "1 house", "2 houses", "3 houses", "4 houses", "a hotel", "a skyscraper"]


def test_B3_hotel_needs_every_other_own_lot_at_four():
    g = new_game()
    give(g, ANN, 27, 29, 30, level=[4, 4, 3])
    illegal(g, {"kind": "build", "player": ANN, "space": 27}, "build evenly")
    build(g, ANN, 30)
    build(g, ANN, 27)
    assert levels(g, 27, 29, 30) == [5, 4, 4]


def test_B3_1_skyscraper_needs_whole_group_all_at_hotel_and_returns_the_hotel():
    g = new_game()
    give(g, ANN, 27, 29, 30, 31, level=[5, 5, 5, 4])
    illegal(g, {"kind": "build", "player": ANN, "space": 27}, "build evenly")
    build(g, ANN, 31)
    assert bank(g) == (32, 8, 8, 4)
    build(g, ANN, 27)
    assert levels(g, 27, 29, 30, 31) == [6, 5, 5, 5]
    assert bank(g) == (32, 9, 7, 4)
    assert cashes(g)[ANN] == 2500 - 2 * 150
    illegal(g, {"kind": "build", "player": ANN, "space": 27}, "fully built")
    for s in (29, 30, 31):
        build(g, ANN, s)
    illegal(g, {"kind": "build", "player": ANN, "space": 27}, "fully built")
    assert bank(g) == (32, 12, 4, 4)
    sound(g)


def test_B3_1_majority_stops_at_hotels_even_with_the_last_lot_mortgaged_elsewhere():
    g = new_game()
    give(g, ANN, 27, 29, 30, level=5)
    give(g, BOB, 31)
    illegal(g, {"kind": "build", "player": ANN, "space": 27}, "skyscraper needs the whole colour group")


# --- B4 supply -------------------------------------------------------------------------------------

def test_B4_no_houses_left_wait_until_one_comes_back():
    g = new_game(options={"shortage_auctions": False})  # B7 off: first come, first served
    give(g, CID, 7, 8, 11, 12, 15, 16, 18, 19, level=4)  # all 32 houses
    give(g, ANN, 21, 24, 25)
    assert bank(g) == (0, 12, 8, 4)
    illegal(g, {"kind": "build", "player": ANN, "space": 21}, r"no houses left \(B4\)")
    sell(g, CID, 7)
    build(g, ANN, 21)
    assert bank(g) == (0, 12, 8, 4)
    sound(g)


def test_B4_no_hotels_left():
    g = new_game()
    give(g, CID, 1, 3, 4, 7, 8, 11, 12, 15, 16, 18, 19, 34, level=5)  # all 12 hotels
    give(g, ANN, 21, 24, 25, level=4)
    illegal(g, {"kind": "build", "player": ANN, "space": 21}, r"no hotels left \(B4\)")
    sound(g)


def test_B4_no_skyscrapers_left():
    g = new_game()
    give(g, CID, 1, 3, 4, 7, 8, 11, 12, 15, level=6)  # all 8 skyscrapers
    give(g, CID, 16, 18, 19, level=5)
    give(g, ANN, 27, 29, 30, 31, level=5)
    illegal(g, {"kind": "build", "player": ANN, "space": 27}, r"no skyscrapers left \(B4\)")
    sound(g)


def test_B4_four_depots_one_per_railroad():
    """With 4 depots and 4 railroads the depot supply never runs short; the box count is 4."""
    g = new_game()
    give(g, CID, 6, 20, 33)
    give(g, ANN, 45)
    for s in (6, 20, 33):
        act(g, "build_depot", CID, space=s)
    act(g, "build_depot", ANN, space=45)
    assert bank(g) == (32, 12, 8, 0)
    assert cashes(g) == [2400, 2500, 2200]
    sound(g)


# --- B5 selling ------------------------------------------------------------------------------------

@pytest.mark.parametrize("lots,half", [((1, 3), 25), ((15, 16, 18), 50), ((27, 29, 30), 75), ((48, 51), 100)])
def test_B5_a_level_sells_for_half_a_step(lots, half):
    g = new_game()
    give(g, BOB, *lots, level=1)
    sell(g, BOB, lots[0])
    assert cashes(g) == [2500, 2500 + half, 2500]
    assert levels(g, lots[0]) == [0]
    assert bank(g) == (32 - len(lots) + 1, 12, 8, 4)
    sound(g)


def test_B5_hotel_back_to_four_houses_takes_them_from_the_bank():
    g = new_game()
    give(g, ANN, 27, 29, 30, level=5)
    sell(g, ANN, 27)
    assert levels(g, 27, 29, 30) == [4, 5, 5]
    assert bank(g) == (28, 10, 8, 4)
    assert cashes(g)[ANN] == 2575


def test_B5_ex2_skyscraper_to_hotel_pays_half_a_house_cost():
    g = new_game()
    give(g, ANN, 40, 41, 42, 44, level=6)
    sell(g, ANN, 44)
    assert levels(g, 40, 41, 42, 44) == [6, 6, 6, 5]
    assert bank(g) == (32, 11, 5, 4)
    assert cashes(g)[ANN] == 2500 + 100
    sound(g)


def test_B5_ex2_clearing_skyscraper_lots_pays_six_half_steps_each():
    g = new_game()
    give(g, ANN, 48, 49, 51, level=6)
    ev = act(g, "sell_group_buildings", ANN, space=49)
    assert levels(g, 48, 49, 51) == [0, 0, 0]
    assert cashes(g)[ANN] == 2500 + 3 * 6 * 100
    assert [e.amount for e in ev if e.kind == "cash"] == [600, 600, 600]
    assert bank(g) == (32, 12, 8, 4)
    sound(g)


def test_B5_ex2_clearing_one_skyscraper_lot_level_by_level_pays_six_half_steps():
    """Whole Dark Blue: 6, 0, 0 is not reachable evenly, so take Brown with the bank well stocked."""
    g = new_game()
    give(g, ANN, 1, 3, 4, level=[6, 5, 5])
    sell(g, ANN, 1)  # 5,5,5
    for s in (1, 3, 4):
        sell(g, ANN, s)  # 4,4,4
    for _ in range(4):
        for s in (1, 3, 4):
            sell(g, ANN, s)
    assert levels(g, 1, 3, 4) == [0, 0, 0]
    assert cashes(g)[ANN] == 2500 + (6 + 5 + 5) * 25
    assert bank(g) == (32, 12, 8, 4)
    sound(g)


def test_B5_bank_lacks_houses_the_group_goes_further_down():
    g = new_game()
    give(g, CID, 7, 8, 11, 12, level=4)
    give(g, CID, 15, 16, 18, 19, level=3)
    give(g, CID, 1, 3, level=[1, 0])  # 29 houses on the board
    give(g, ANN, 27, 29, 30, level=5)
    assert bank(g) == (3, 9, 8, 4)
    # A hotel cannot come down to 4 houses: only 3 are in the bank. The group goes down to the
    # highest even levels 3 houses allow, 1,1,1; every level removed pays half a step.
    act(g, "sell_building", ANN, space=27)
    assert levels(g, 27, 29, 30) == [1, 1, 1]
    assert cashes(g)[ANN] == 2500 + 12 * 75
    assert bank(g) == (0, 12, 8, 4)
    sound(g)


def test_B5_selling_the_whole_group_at_once():
    g = new_game()
    give(g, ANN, 27, 29, 30, level=5)
    act(g, "sell_group_buildings", ANN, space=27)
    assert levels(g, 27, 29, 30) == [0, 0, 0]
    assert cashes(g)[ANN] == 2500 + 3 * 5 * 75
    assert bank(g) == (32, 12, 8, 4)
    sound(g)


def test_B5_bank_lacks_a_hotel_for_a_skyscraper_to_step_down():
    g = new_game()
    give(g, CID, 1, 3, 4, 7, 8, 11, 12, 15, level=5)
    give(g, ANN, 27, 29, 30, 31, level=[6, 6, 6, 6])
    give(g, CID, 16, level=5)
    assert bank(g) == (32, 3, 4, 4)
    give(g, CID, 18, 19, 34, level=5)
    assert bank(g) == (32, 0, 4, 4)
    # No hotel to step a skyscraper down to: the group goes down to 4 houses on every lot.
    act(g, "sell_building", ANN, space=27)
    assert levels(g, 27, 29, 30, 31) == [4, 4, 4, 4]
    assert cashes(g)[ANN] == 2500 + 4 * 2 * 75
    assert bank(g) == (16, 0, 8, 4)
    sound(g)


def test_B5_nothing_to_sell():
    g = new_game()
    give(g, ANN, 21, 24, 25)
    illegal(g, {"kind": "sell_building", "player": ANN, "space": 21}, "has no buildings")
    illegal(g, {"kind": "sell_group_buildings", "player": ANN, "space": 21}, "no buildings in Orange")
    illegal(g, {"kind": "sell_building", "player": BOB, "space": 21}, "does not own")


# --- B6 depots -------------------------------------------------------------------------------------

def test_B6_ex4_one_railroad_is_enough_for_a_depot():
    g = new_game()
    give(g, ANN, 33)
    act(g, "build_depot", ANN, space=33)
    assert g.st.deeds[33].depot
    assert cashes(g)[ANN] == 2400
    assert bank(g) == (32, 12, 8, 3)
    illegal(g, {"kind": "build_depot", "player": ANN, "space": 33}, "already has a depot")
    act(g, "sell_depot", ANN, space=33)
    assert not g.st.deeds[33].depot
    assert cashes(g)[ANN] == 2450
    assert bank(g) == (32, 12, 8, 4)
    illegal(g, {"kind": "sell_depot", "player": ANN, "space": 33}, "no depot")
    sound(g)


def test_B6_depot_only_on_an_own_unmortgaged_railroad():
    g = new_game()
    give(g, ANN, 6, mortgaged=True)
    give(g, BOB, 20)
    give(g, ANN, 21)
    illegal(g, {"kind": "build_depot", "player": ANN, "space": 6}, "mortgaged")
    illegal(g, {"kind": "build_depot", "player": ANN, "space": 20}, "does not own")
    illegal(g, {"kind": "build_depot", "player": ANN, "space": 21}, "does not own the railroad")
    cash(g, BOB, 99)
    illegal(g, {"kind": "build_depot", "player": BOB, "space": 20}, r"costs \$100")


def test_B6_ex5_depot_railroad_cannot_be_mortgaged_another_can():
    """Seed ex5: with a depot on Pennsylvania, Reading can be mortgaged; Pennsylvania cannot."""
    g = new_game()
    give(g, ANN, 6)
    give(g, ANN, 20, depot=True)
    illegal(g, {"kind": "mortgage", "player": ANN, "space": 20}, "sell the depot")
    act(g, "mortgage", ANN, space=6)
    assert g.st.deeds[6].mortgaged and cashes(g)[ANN] == 2600
    act(g, "sell_depot", ANN, space=20)
    act(g, "mortgage", ANN, space=20)
    assert cashes(g)[ANN] == 2600 + 50 + 100
    sound(g)


@pytest.mark.parametrize("kind", ["build", "sell_building", "sell_group_buildings", "build_depot",
                                  "sell_depot", "mortgage", "unmortgage"])
@pytest.mark.parametrize("space", [-1, 52, 99])
def test_B1_B5_B6_M1_a_space_off_the_board_is_refused(kind, space):
    g = new_game()
    give(g, ANN, 48, 49, 51, level=1)
    illegal(g, {"kind": kind, "player": ANN, "space": space}, f"no space {space}")
