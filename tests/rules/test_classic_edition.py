"""The classic edition file (assets/editions/classic.json) against the reference data.

The reference tables in tests/data/ are copies of data/classic-board.md ("Spaces 0..39",
"Streets: rent table" and "Railroads and utilities") from the project's shared notes, so these
tests run where the notes are not present. The card table below is that file's Chance and
Community Chest lists. Test names carry the RULES.md ids of the rules the data feeds.
"""

from __future__ import annotations

import pytest
from edition_checks import (
    Reference,
    check_card,
    check_deck_ids,
    check_groups,
    check_layout,
    check_loads_by_id_and_by_path,
    check_mortgage_is_half_the_price,
    check_railroad_or_utility,
    check_reference_tables,
    check_rent_figures,
    check_repairs,
    check_rules_flags,
    check_short_names_tell_spaces_apart,
    check_space,
    check_street,
    check_supply,
    check_taxes,
    check_unmortgage,
    over,
)
from megamono.rules.editions import Edition, load_edition

REF = Reference("classic")
LADDER = ("base", "h1", "h2", "h3", "h4", "hotel")  # no skyscraper


@pytest.fixture(scope="module")
def classic() -> Edition:
    return load_edition("classic")


def test_reference_tables_are_complete():
    check_reference_tables(REF, size=40, streets=22, railroads_and_utilities=6)
    # the two tables agree on every deed
    by_index = {int(r["index"]): r for r in REF.spaces}
    for r in REF.rents:
        s = by_index[int(r["index"])]
        assert (s["name"], s["kind"], s["group"], s["price"], s["mortgage"]) == (
            r["name"], r["kind"], r["group"], r["price"], r["mortgage"])


# --- G1: the board ---------------------------------------------------------------------------


def test_G1_classic_loads_by_id_and_by_path(classic):
    check_loads_by_id_and_by_path(classic, "classic", size=40)
    assert classic.name == "Monopoly (classic)"


def test_G1_classic_board_matches_reference(classic):
    assert [(s.index, s.name, s.kind) for s in classic.spaces] == [
        (int(r["index"]), r["name"], r["kind"]) for r in REF.spaces]


@over(REF.spaces)
def test_G1_classic_space_matches_reference(classic, ref):
    space = check_space(classic, ref)
    if space.kind != "street":
        assert space.rents is None and space.house_cost is None
    if space.kind != "tax":
        assert space.tax is None and space.tax_percent is None


def test_G1_classic_board_layout(classic):
    kinds = check_layout(classic, streets=22, railroads=[5, 15, 25, 35], utilities=[12, 28], properties=28,
                         chance=[7, 22, 36], community_chest=[2, 17, 33], tax=[4, 38], corners=(0, 10, 20, 30),
                         jail=10)
    # no Mega-only spaces
    assert not {"auction", "bus_ticket", "birthday_gift"} & set(kinds)


def test_G1_classic_short_names_tell_different_spaces_apart(classic):
    check_short_names_tell_spaces_apart(classic)


# --- R: rents --------------------------------------------------------------------------------


@over(REF.streets)
def test_R1_classic_rent_ladder_matches_reference(classic, ref):
    check_street(classic, ref, LADDER)  # base, 1-4 houses, hotel: no skyscraper


def test_R1_classic_marvin_gardens_base_rent_is_the_us_figure(classic):
    assert classic.spaces[29].name == "Marvin Gardens" and classic.spaces[29].rents[0] == 24


def test_R1_classic_unbuilt_multiplier_whole_group_only(classic):
    assert classic.rules.unbuilt_multipliers == {"0": 2}


@over(REF.railroads_and_utilities)
def test_R3_R4_classic_railroads_and_utilities_match_reference(classic, ref):
    check_railroad_or_utility(classic, ref)


def test_R3_R4_R5_classic_rent_figures(classic):
    check_rent_figures(classic, railroad_rents=[25, 50, 100, 200], utility_multipliers=[4, 10],
                       nearest_utility_multiplier=10)


# --- B: buildings ----------------------------------------------------------------------------


def test_B1_classic_colour_groups_and_house_costs(classic):
    check_groups(classic, {
        "Brown": ([1, 3], 50),
        "Light Blue": ([6, 8, 9], 50),
        "Pink": ([11, 13, 14], 100),
        "Orange": ([16, 18, 19], 100),
        "Red": ([21, 23, 24], 150),
        "Yellow": ([26, 27, 29], 150),
        "Green": ([31, 32, 34], 200),
        "Dark Blue": ([37, 39], 200),
    })


def test_B1_B3_B8_classic_building_flags(classic):
    assert classic.rules.building == "whole_group"
    assert classic.rules.levelling is False  # B8 is [Mega]
    assert classic.max_level == 5  # hotel is the top: no skyscrapers (B3.1 is [Mega])


def test_B4_classic_supply(classic):
    check_supply(classic, houses=32, hotels=12, skyscrapers=0, depots=0)


def test_B6_classic_has_no_depots(classic):
    assert classic.rules.depot_cost == 0
    assert classic.supply.depots == 0


# --- M: mortgages ----------------------------------------------------------------------------


def test_M1_classic_mortgage_is_half_the_price(classic):
    check_mortgage_is_half_the_price(classic)


@over(REF.rents)
def test_M2_classic_unmortgage_is_mortgage_plus_ten_percent_rounded_up(classic, ref):
    check_unmortgage(classic, ref)


# --- G, T, S, J: money and turn flags --------------------------------------------------------


def test_G3_G4_G5_G6_T4_J2_classic_rules_flags(classic):
    check_rules_flags(classic, players=(2, 6), starting_cash=1500, speed_die=False,  # G5, T2
                      turn_order="highest_starts", salary=200, jail_fine=50,
                      birthday_gift=0)  # S9 is [Mega]


def test_S3_classic_flat_taxes(classic):
    check_taxes(classic, income=(4, 200, None), luxury=(38, 100, None))


# --- K: cards (data/classic-board.md, "Chance and Community Chest decks") --------------------

CHANCE = {
    "CH01": ("advance_to", {"destination": 39}),
    "CH02": ("advance_to", {"destination": 0}),
    "CH03": ("advance_to", {"destination": 24}),
    "CH04": ("advance_to", {"destination": 11}),
    "CH05": ("advance_to_nearest", {"nearest": "railroad"}),
    "CH06": ("advance_to_nearest", {"nearest": "railroad"}),
    "CH07": ("advance_to_nearest", {"nearest": "utility"}),
    "CH08": ("collect", {"amount": 50}),
    "CH09": ("get_out_of_jail_free", {}),
    "CH10": ("back", {"spaces": 3}),
    "CH11": ("go_to_jail", {}),
    "CH12": ("repairs", {"per_house": 25, "per_hotel": 100}),
    "CH13": ("pay", {"amount": 15}),
    "CH14": ("advance_to", {"destination": 5}),
    "CH15": ("pay_each_player", {"amount": 50}),
    "CH16": ("collect", {"amount": 150}),
}
COMMUNITY_CHEST = {
    "CC01": ("advance_to", {"destination": 0}),
    "CC02": ("collect", {"amount": 200}),
    "CC03": ("pay", {"amount": 50}),
    "CC04": ("collect", {"amount": 50}),
    "CC05": ("get_out_of_jail_free", {}),
    "CC06": ("go_to_jail", {}),
    "CC07": ("collect", {"amount": 100}),
    "CC08": ("collect", {"amount": 20}),
    "CC09": ("collect_from_each_player", {"amount": 10}),
    "CC10": ("collect", {"amount": 100}),
    "CC11": ("pay", {"amount": 100}),
    "CC12": ("pay", {"amount": 50}),
    "CC13": ("collect", {"amount": 25}),
    "CC14": ("repairs", {"per_house": 40, "per_hotel": 115}),
    "CC15": ("collect", {"amount": 10}),
    "CC16": ("collect", {"amount": 100}),
}
TITLES = {
    "CH01": "Advance to Boardwalk", "CH02": "Advance to GO", "CH03": "Advance to Illinois Avenue",
    "CH04": "Advance to St. Charles Place", "CH08": "Bank dividend", "CH09": "Get Out of Jail Free",
    "CH10": "Go back 3 spaces", "CH11": "Go to Jail", "CH12": "General repairs", "CH13": "Speeding fine",
    "CH14": "Trip to Reading Railroad", "CH15": "Chairman of the Board", "CH16": "Building loan matures",
    "CC01": "Advance to GO", "CC02": "Bank error", "CC03": "Doctor's fee", "CC04": "Sale of stock",
    "CC05": "Get Out of Jail Free", "CC06": "Go to Jail", "CC07": "Holiday fund",
    "CC08": "Income tax refund", "CC09": "Birthday", "CC10": "Life insurance", "CC11": "Hospital fees",
    "CC12": "School fees", "CC13": "Consultancy fee", "CC14": "Street repairs", "CC15": "Beauty contest",
    "CC16": "Inheritance",
}


def test_K2_classic_deck_sizes_and_ids(classic):
    check_deck_ids(classic, CHANCE, COMMUNITY_CHEST)


@pytest.mark.parametrize("card_id", [*CHANCE, *COMMUNITY_CHEST])
def test_K2_classic_card_effect_matches_reference(classic, card_id):
    card = check_card(classic, card_id, {**CHANCE, **COMMUNITY_CHEST})
    if card_id in TITLES:
        assert card.title == TITLES[card_id]


def test_K2_classic_card_destinations_are_the_named_spaces(classic):
    for cid, name in (("CH01", "Boardwalk"), ("CH02", "GO"), ("CH03", "Illinois Avenue"),
                      ("CH04", "St. Charles Place"), ("CH14", "Reading Railroad"), ("CC01", "GO")):
        assert classic.spaces[classic.card(cid).destination].name == name, cid


def test_K6_classic_repairs_charge_houses_and_hotels(classic):
    check_repairs(classic, "CH12", "CC14")


def test_K7_classic_has_no_bus_tickets(classic):
    assert classic.bus_tickets is None
