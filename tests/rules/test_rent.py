"""Rent scenarios: RULES.md R2-R6 on the Mega board (seed 000 ex3, ex5).

Each scenario arranges the deeds, moves a token by a scripted throw and checks the exact sums
paid, the next decision and the invariants.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from megamono.rules.events import NoRentMortgaged
from megamono.rules.rent import rent_due
from scenario import (  # noqa: F401 (invariants_hold_at_the_end is an autouse fixture)
    ANN,
    BOB,
    CID,
    act,
    cashes,
    give,
    invariants_hold_at_the_end,
    new_game,
    pend,
    place,
    roll,
    sound,
    stack,
)

REF = Path(__file__).resolve().parents[1] / "data" / "mega_rent_reference.csv"
with open(REF, newline="", encoding="utf-8") as f:
    STREETS = [r for r in csv.DictReader(f) if r["kind"] == "street"]
LADDER = ("base", "h1", "h2", "h3", "h4", "hotel", "skyscraper")


# --- R2 streets: majority x2, whole group x3 ------------------------------------------------------

def test_R2_majority_doubles_base_rent_seed_ex6_group():
    """Bob holds St. James, New York and New Jersey but not Tennessee: St. James pays 2 x $14."""
    g = new_game()
    give(g, BOB, 21, 24, 25)
    place(g, ANN, 16)
    roll(g, ANN, 1, 2, 2)  # 16 + 5 = 21
    assert g.st.players[ANN].position == 21
    assert cashes(g) == [2500 - 28, 2500 + 28, 2500]
    assert pend(g) == ("turn", BOB)
    sound(g)


def test_R2_whole_group_triples_base_rent():
    g = new_game()
    give(g, BOB, 21, 23, 24, 25)
    place(g, ANN, 16)
    roll(g, ANN, 1, 2, 2)
    assert cashes(g) == [2500 - 42, 2500 + 42, 2500]
    sound(g)


def test_R2_half_a_group_pays_base_rent():
    g = new_game()
    give(g, BOB, 21, 23)
    place(g, ANN, 16)
    roll(g, ANN, 1, 2, 2)
    assert cashes(g) == [2500 - 14, 2500 + 14, 2500]


def test_R2_three_lot_group_two_is_majority_three_is_monopoly():
    g = new_game()
    give(g, BOB, 1, 4)
    assert rent_due(g.ed, g.st, 4, ANN) == 2 * 5
    assert rent_due(g.ed, g.st, 1, ANN) == 2 * 2
    give(g, BOB, 3)
    assert rent_due(g.ed, g.st, 4, ANN) == 3 * 5
    give(g, CID, 3)
    assert rent_due(g.ed, g.st, 4, ANN) == 2 * 5
    assert rent_due(g.ed, g.st, 3, ANN) == 4  # Cid holds one lot of three: base rent


def test_R2_mortgaged_lots_count_toward_majority_and_monopoly_but_earn_nothing():
    """Decision R2: Bob's mortgaged New York and New Jersey still make the group whole (x3)."""
    g = new_game()
    give(g, BOB, 21, 23)
    give(g, BOB, 24, 25, mortgaged=True)
    place(g, ANN, 16)
    roll(g, ANN, 1, 2, 2)  # St. James: 3 x 14
    assert cashes(g) == [2500 - 42, 2500 + 42, 2500]
    give(g, BOB, 23, mortgaged=True)
    give(g, BOB, 25)
    assert rent_due(g.ed, g.st, 25, ANN) == 3 * 16
    assert rent_due(g.ed, g.st, 24, ANN) == 0  # R6
    give(g, CID, 23)
    assert rent_due(g.ed, g.st, 25, ANN) == 2 * 16  # majority with 2 of 3 mortgaged lots
    sound(g)


def test_R2_unbuilt_lot_beside_built_lots_is_still_multiplied():
    """Seed ex10's 0, 1, 1: the unbuilt lot of a majority earns 2 x base, the others the ladder."""
    g = new_game()
    give(g, BOB, 21, 23, 24, level=[0, 1, 1])
    assert rent_due(g.ed, g.st, 21, ANN) == 28
    assert rent_due(g.ed, g.st, 23, ANN) == 70
    assert rent_due(g.ed, g.st, 24, ANN) == 80
    place(g, ANN, 18)
    roll(g, ANN, 1, 2, 2)  # 23: 1 house
    assert cashes(g) == [2500 - 70, 2500 + 70, 2500]
    sound(g)


def test_R2_owner_and_lots_of_other_owners_do_not_count():
    g = new_game()
    give(g, BOB, 21, 23, 24)
    assert rent_due(g.ed, g.st, 21, BOB) == 0  # own property
    assert rent_due(g.ed, g.st, 25, ANN) == 0  # unowned
    give(g, CID, 25)
    assert rent_due(g.ed, g.st, 25, ANN) == 16
    assert rent_due(g.ed, g.st, 25, BOB) == 16


@pytest.mark.parametrize("ref", STREETS, ids=lambda r: r["name"])
def test_R2_charged_rent_follows_the_ladder_incl_skyscraper(ref):
    """Built lots charge the deed ladder: 1-4 houses, hotel, skyscraper (data table is authoritative)."""
    g = new_game()
    i = int(ref["index"])
    lots = g.ed.groups[ref["group"]]
    for lvl in range(1, 7):
        give(g, BOB, *lots, level=lvl)
        assert rent_due(g.ed, g.st, i, ANN) == int(ref[LADDER[lvl]]), (ref["name"], lvl)
    hotel, sky = int(ref["hotel"]), int(ref["skyscraper"])
    cheap = ref["group"] in ("Brown", "Light Blue", "Pink", "Orange")
    assert sky == hotel + (500 if cheap else 1000)


def test_R2_decided_cells_arctic_hotel_and_yellow_four_houses():
    g = new_game()
    give(g, BOB, 1, 3, 4, level=5)
    assert rent_due(g.ed, g.st, 4, ANN) == 450
    give(g, BOB, 34, 35, 37, 38, level=4)
    assert rent_due(g.ed, g.st, 37, ANN) == 1025
    assert rent_due(g.ed, g.st, 38, ANN) == 1025


def test_R2_landing_on_a_skyscraper():
    g = new_game()
    give(g, BOB, 48, 49, 51, level=6)
    g.st.players[ANN].cash = 5000
    place(g, ANN, 45)
    roll(g, ANN, 1, 3, 2)  # 45 + 6 = 51 Boardwalk
    assert cashes(g) == [5000 - 3000, 2500 + 3000, 2500]
    sound(g)


# --- R3 railroads and depots --------------------------------------------------------------------

@pytest.mark.parametrize("n,rent", [(1, 25), (2, 50), (3, 100), (4, 200)])
def test_R3_railroad_rent_by_number_owned_mortgaged_ones_count(n, rent):
    g = new_game()
    rrs = [6, 20, 33, 45]
    give(g, BOB, 6)
    give(g, BOB, *rrs[1:n], mortgaged=True)
    assert rent_due(g.ed, g.st, 6, ANN) == rent
    place(g, ANN, 1)
    roll(g, ANN, 1, 3, 1)  # 1 + 5 = 6 Reading
    assert cashes(g) == [2500 - rent, 2500 + rent, 2500]
    sound(g)


def test_R3_ex3_depot_doubles_only_its_railroad():
    """Seed ex3: Reading + Pennsylvania, depot on Pennsylvania: Reading $50, Pennsylvania $100."""
    g = new_game()
    give(g, BOB, 6)
    give(g, BOB, 20, depot=True)
    assert rent_due(g.ed, g.st, 6, ANN) == 50
    assert rent_due(g.ed, g.st, 20, ANN) == 100
    place(g, ANN, 1)
    roll(g, ANN, 1, 3, 1)  # Reading
    assert cashes(g) == [2450, 2550, 2500]
    assert pend(g) == ("turn", BOB)
    place(g, BOB, 15)
    give(g, CID, 6)  # Cid's Reading now: Bob's Pennsylvania alone with its depot = 2 x 25
    assert rent_due(g.ed, g.st, 20, ANN) == 50
    sound(g)


def test_R3_ex3_depot_railroad_via_nearest_railroad_card_pays_200():
    """Seed ex3: landing on Pennsylvania (depot) by the nearest-railroad card: 2 x $100."""
    g = new_game()
    give(g, BOB, 6)
    give(g, BOB, 20, depot=True)
    stack(g, "chance", "CH05")
    roll(g, ANN, 2, 4, 3)  # 0 + 9 = Chance -> nearest railroad = Pennsylvania (20)
    assert g.st.players[ANN].position == 20
    assert cashes(g) == [2300, 2700, 2500]
    sound(g)


def test_R3_ex5_mortgaged_reading_earns_nothing_pennsylvania_still_100():
    """Seed ex5: as ex3 with Reading mortgaged: Reading $0, Pennsylvania $100."""
    g = new_game()
    give(g, BOB, 6, mortgaged=True)
    give(g, BOB, 20, depot=True)
    assert rent_due(g.ed, g.st, 6, ANN) == 0
    assert rent_due(g.ed, g.st, 20, ANN) == 100
    place(g, ANN, 1)
    ev = roll(g, ANN, 1, 3, 1)  # Reading
    assert cashes(g) == [2500, 2500, 2500]
    assert any(isinstance(e, NoRentMortgaged) and e.space == 6 for e in ev)
    assert pend(g) == ("turn", BOB)
    sound(g)


def test_R3_four_railroads_depot_and_card_is_800():
    g = new_game()
    give(g, BOB, 6, 20, 45)
    give(g, BOB, 33, depot=True)
    assert rent_due(g.ed, g.st, 33, ANN) == 400
    assert rent_due(g.ed, g.st, 33, ANN, railroad_multiplier=2) == 800
    stack(g, "chance", "CH06")
    place(g, ANN, 19)
    roll(g, ANN, 4, 2, 3)  # 19 + 9 = 28 Chance -> nearest railroad = B. & O. (33)
    assert g.st.players[ANN].position == 33
    assert cashes(g) == [2500 - 800, 2500 + 800, 2500]
    sound(g)


# --- R4 utilities ---------------------------------------------------------------------------------

@pytest.mark.parametrize("n,mult", [(1, 4), (2, 10), (3, 20)])
def test_R4_utility_multiplier_by_number_owned_mortgaged_ones_count(n, mult):
    g = new_game()
    give(g, BOB, 10)
    give(g, BOB, *[17, 36][: n - 1], mortgaged=True)
    place(g, ANN, 5)
    roll(g, ANN, 1, 2, 2)  # 5 + 5 = 10 Gas Company, dice total 5
    assert cashes(g) == [2500 - 5 * mult, 2500 + 5 * mult, 2500]
    sound(g)


# --- R5 which dice total --------------------------------------------------------------------------

def test_R5_number_face_counts_all_three_dice():
    g = new_game()
    give(g, BOB, 17)
    place(g, ANN, 10)
    roll(g, ANN, 3, 1, 3)  # 10 + 7 = 17 Electric Company: 4 x 7
    assert cashes(g) == [2500 - 28, 2528, 2500]


def test_R5_triples_count_all_three_dice():
    g = new_game()
    give(g, BOB, 17, 36)
    roll(g, ANN, 2, 2, 2)
    assert pend(g) == ("triples", ANN)
    act(g, "choose_destination", ANN, space=36)
    assert g.st.players[ANN].position == 36
    assert cashes(g) == [2500 - 60, 2560, 2500]  # 10 x (2+2+2)
    assert pend(g) == ("turn", BOB)  # no further roll after triples
    sound(g)


def test_R5_mr_monopoly_move_and_bonus_move_use_the_white_dice():
    """The white-dice move lands on Gas Company (10 x 4); the bonus move to Electric Company too."""
    g = new_game()
    for i in g.ed.properties:
        give(g, ANN, i)
    give(g, BOB, 10, 17)
    place(g, ANN, 6)
    roll(g, ANN, 1, 3, "mr")  # 6 + 4 = 10, then Mr. Monopoly: next property owing rent = 17
    assert g.st.players[ANN].position == 17
    assert cashes(g) == [2500 - 40 - 40, 2580, 2500]
    assert pend(g) == ("turn", BOB)
    sound(g)


def test_R5_bus_face_move_uses_the_white_dice():
    g = new_game()
    give(g, BOB, 10)
    place(g, ANN, 6)
    roll(g, ANN, 1, 3, "bus")  # 6 + 4 = 10: 4 x 4
    assert cashes(g) == [2500 - 16, 2516, 2500]
    assert pend(g) == ("bus", ANN)


def test_R5_bus_ticket_move_rolls_all_three_dice_symbol_counts_zero():
    g = new_game()
    give(g, BOB, 10)
    ticket = next(t for t in g.st.decks.bus if t.startswith("BT"))
    g.st.decks.bus.remove(ticket)
    g.st.players[ANN].bus_tickets.append(ticket)
    place(g, ANN, 7)
    g.st.script.append([2, 3, "mr"])  # the fresh roll on arrival: 2 + 3 + 0
    act(g, "play_bus_ticket", ANN, destination=10)
    assert cashes(g) == [2500 - 20, 2520, 2500]
    assert g.st.script == []
    assert pend(g) == ("turn", BOB)
    sound(g)


def test_R5_bus_ticket_fresh_roll_with_a_number_face():
    g = new_game()
    give(g, BOB, 10, 17)
    ticket = next(t for t in g.st.decks.bus if t.startswith("BT"))
    g.st.decks.bus.remove(ticket)
    g.st.players[ANN].bus_tickets.append(ticket)
    place(g, ANN, 7)
    g.st.script.append([2, 3, 3])
    act(g, "play_bus_ticket", ANN, destination=10)
    assert cashes(g) == [2500 - 80, 2580, 2500]


def test_R5_option_off_only_white_dice_count():
    g = new_game(options={"speed_die_counts_for_utilities": False})
    give(g, BOB, 10)
    place(g, ANN, 5)
    roll(g, ANN, 1, 2, 2)  # moves 5 to Gas Company; rent on the white dice 3
    assert g.st.players[ANN].position == 10
    assert cashes(g) == [2500 - 12, 2512, 2500]


def test_R5_option_off_triples_count_the_white_dice_only():
    g = new_game(options={"speed_die_counts_for_utilities": False})
    give(g, BOB, 10, 17)
    roll(g, ANN, 2, 2, 2)
    act(g, "choose_destination", ANN, space=17)
    assert cashes(g) == [2500 - 40, 2540, 2500]  # 10 x (2+2)


def test_R5_nearest_utility_card_pays_10x_a_fresh_roll_whatever_the_count():
    g = new_game()
    give(g, BOB, 10, 17, 36)
    stack(g, "chance", "CH04")
    g.st.script.extend([[2, 4, 3], [3, 3, "bus"]])  # move to Chance 9; the card's roll: 6, doubles ignored
    act(g, "roll", ANN)
    assert g.st.players[ANN].position == 10
    assert cashes(g) == [2500 - 60, 2560, 2500]
    assert pend(g) == ("turn", BOB)
    sound(g)


# --- R6 mortgaged property --------------------------------------------------------------------------

@pytest.mark.parametrize("space,start,throw", [(21, 16, (1, 2, 2)), (6, 1, (1, 3, 1)), (10, 5, (1, 2, 2))])
def test_R6_mortgaged_property_earns_no_rent(space, start, throw):
    g = new_game()
    give(g, BOB, 21, 23, 24, 25, 6, 20, 10, 17)
    give(g, BOB, space, mortgaged=True)
    place(g, ANN, start)
    roll(g, ANN, *throw)
    assert g.st.players[ANN].position == space
    assert cashes(g) == [2500, 2500, 2500]
    assert pend(g) == ("turn", BOB)
    sound(g)
