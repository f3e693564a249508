"""The Mega edition file (assets/editions/mega.json) against the reference data, and the loader.

The reference tables in tests/data/ are copies of data/mega-board.md (tables (a), (b) and (c)) from
the project's shared notes, so these tests run where the notes are not present. Test names carry the
RULES.md ids of the rules the data feeds.
"""

from __future__ import annotations

import json
from pathlib import Path

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
from megamono.boards import read_board
from megamono.rules.editions import Edition, EditionError, edition_path, load_edition

REF = Reference("mega")
LADDER = ("base", "h1", "h2", "h3", "h4", "hotel", "skyscraper")


@pytest.fixture(scope="module")
def mega() -> Edition:
    return load_edition("mega")


def test_reference_tables_are_complete():
    check_reference_tables(REF, size=52, streets=30, railroads_and_utilities=7)


# --- G1: the board ---------------------------------------------------------------------------


def test_G1_mega_loads_by_id_and_by_path(mega):
    check_loads_by_id_and_by_path(mega, "mega", size=52)


@over(REF.spaces)
def test_G1_space_matches_reference(mega, ref):
    check_space(mega, ref)


def test_G1_board_layout(mega):
    kinds = check_layout(mega, streets=30, railroads=[6, 20, 33, 45], utilities=[10, 17, 36], properties=37,
                         chance=[9, 28, 46], community_chest=[2, 22, 43], tax=[5, 50], corners=(0, 13, 26, 39),
                         jail=13)
    assert (kinds[14], kinds[32], kinds[47]) == ("auction", "bus_ticket", "birthday_gift")


def test_G1_short_names_tell_different_spaces_apart(mega):
    check_short_names_tell_spaces_apart(mega)


# --- R: rents --------------------------------------------------------------------------------


@over(REF.streets)
def test_R2_rent_ladder_matches_reference(mega, ref):
    check_street(mega, ref, LADDER)


def test_R2_skyscraper_rent_is_hotel_plus_500_or_1000(mega):
    cheap = {"Brown", "Light Blue", "Pink", "Orange"}
    for s in mega.spaces:
        if s.kind != "street":
            continue
        assert s.rents[6] - s.rents[5] == (500 if s.group in cheap else 1000), s.name


def test_R2_decisions_on_cells_printings_disagree_on(mega):
    assert mega.spaces[4].name == "Arctic Avenue" and mega.spaces[4].rents[5] == 450
    assert mega.spaces[37].name == "Marvin Gardens" and mega.spaces[37].rents[4] == 1025
    assert mega.spaces[38].name == "California Avenue" and mega.spaces[38].rents[4] == 1025


def test_R2_unbuilt_multipliers_majority_and_monopoly(mega):
    assert mega.rules.unbuilt_multipliers == {"0": 3, "1": 2}


@over(REF.railroads_and_utilities)
def test_R3_R4_railroads_and_utilities_match_reference(mega, ref):
    check_railroad_or_utility(mega, ref)


def test_R3_R4_R5_rent_figures(mega):
    check_rent_figures(mega, railroad_rents=[25, 50, 100, 200], utility_multipliers=[4, 10, 20],
                       nearest_utility_multiplier=10)


# --- B: buildings ----------------------------------------------------------------------------


def test_B1_colour_groups_and_house_costs(mega):
    check_groups(mega, {
        "Brown": ([1, 3, 4], 50),
        "Light Blue": ([7, 8, 11, 12], 50),
        "Pink": ([15, 16, 18, 19], 100),
        "Orange": ([21, 23, 24, 25], 100),
        "Red": ([27, 29, 30, 31], 150),
        "Yellow": ([34, 35, 37, 38], 150),
        "Green": ([40, 41, 42, 44], 200),
        "Dark Blue": ([48, 49, 51], 200),
    })


def test_B1_B8_building_flags(mega):
    assert mega.rules.building == "majority"
    assert mega.rules.levelling is True
    assert mega.max_level == 6


def test_B4_supply(mega):
    check_supply(mega, houses=32, hotels=12, skyscrapers=8, depots=4)


def test_B6_depot_cost(mega):
    assert mega.rules.depot_cost == 100


# --- M: mortgages ----------------------------------------------------------------------------


def test_M1_mortgage_is_half_the_price(mega):
    check_mortgage_is_half_the_price(mega)


@over(REF.rents)
def test_M2_unmortgage_is_mortgage_plus_ten_percent_rounded_up(mega, ref):
    check_unmortgage(mega, ref)


# --- G, T, S, J: money and turn flags --------------------------------------------------------


def test_G3_G4_G5_G6_T4_J2_S9_rules_flags(mega):
    check_rules_flags(mega, players=(2, 8), starting_cash=2500, speed_die=True,  # G5, T3
                      turn_order="ranked", salary=200, jail_fine=50, birthday_gift=100)


def test_S3_taxes(mega):
    check_taxes(mega, income=(5, 200, 10), luxury=(50, 75, None))


# --- K: cards --------------------------------------------------------------------------------

CHANCE = {
    "CH01": ("advance_to", {"destination": 0}),
    "CH02": ("advance_to", {"destination": 30}),
    "CH03": ("advance_to", {"destination": 16}),
    "CH04": ("advance_to_nearest", {"nearest": "utility"}),
    "CH05": ("advance_to_nearest", {"nearest": "railroad"}),
    "CH06": ("advance_to_nearest", {"nearest": "railroad"}),
    "CH07": ("collect", {"amount": 50}),
    "CH08": ("get_out_of_jail_free", {}),
    "CH09": ("back", {"spaces": 3}),
    "CH10": ("go_to_jail", {}),
    "CH11": ("repairs", {"per_house": 25, "per_hotel": 100}),
    "CH12": ("pay", {"amount": 15}),
    "CH13": ("advance_to", {"destination": 6}),
    "CH14": ("advance_to", {"destination": 51}),
    "CH15": ("pay_each_player", {"amount": 50}),
    "CH16": ("collect", {"amount": 150}),
}
COMMUNITY_CHEST = {
    "CC01": ("advance_to", {"destination": 0}),
    "CC02": ("collect", {"amount": 200}),
    "CC03": ("pay", {"amount": 50}),
    "CC04": ("collect", {"amount": 45}),
    "CC05": ("get_out_of_jail_free", {}),
    "CC06": ("go_to_jail", {}),
    "CC07": ("collect_from_each_player", {"amount": 50}),
    "CC08": ("collect", {"amount": 100}),
    "CC09": ("collect", {"amount": 20}),
    "CC10": ("collect", {"amount": 100}),
    "CC11": ("pay", {"amount": 100}),
    "CC12": ("pay", {"amount": 150}),
    "CC13": ("collect", {"amount": 25}),
    "CC14": ("repairs", {"per_house": 40, "per_hotel": 115}),
    "CC15": ("collect", {"amount": 10}),
    "CC16": ("collect", {"amount": 100}),
}


def test_K2_deck_sizes_and_ids(mega):
    check_deck_ids(mega, CHANCE, COMMUNITY_CHEST)


@pytest.mark.parametrize("card_id", [*CHANCE, *COMMUNITY_CHEST])
def test_K2_card_effect_matches_reference(mega, card_id):
    check_card(mega, card_id, {**CHANCE, **COMMUNITY_CHEST})


def test_K6_repairs_charge_houses_and_hotels_only(mega):
    check_repairs(mega, "CH11", "CC14")


def test_K7_bus_tickets(mega):
    assert mega.bus_tickets is not None
    assert (mega.bus_tickets.ordinary, mega.bus_tickets.expire) == (13, 3)
    assert mega.bus_tickets.ordinary + mega.bus_tickets.expire == 16


# --- the loader refuses malformed editions, naming the bad field ------------------------------


def _raw() -> dict:
    return json.loads(edition_path("mega").read_text(encoding="utf-8"))


def _write(tmp_path: Path, raw: dict) -> Path:
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(raw, indent=2), encoding="utf-8")
    return path


def _refused(tmp_path: Path, raw: dict) -> str:
    with pytest.raises(EditionError) as info:
        read_board(_write(tmp_path, raw))
    message = str(info.value)
    assert message.startswith("broken.json: "), message
    return message


@pytest.mark.parametrize("bad", ["10", "ten", True, 10.5, None])
def test_G1_rents_entry_not_an_integer_is_refused(tmp_path, bad):
    raw = _raw()
    raw["spaces"][1]["rents"][2] = bad
    assert "spaces.1.rents.2" in _refused(tmp_path, raw)


def test_G1_missing_price_is_refused(tmp_path):
    raw = _raw()
    del raw["spaces"][3]["price"]
    message = _refused(tmp_path, raw)
    assert "spaces.3" in message and "price" in message


def test_G1_bad_index_is_refused(tmp_path):
    raw = _raw()
    raw["spaces"][5]["index"] = 6
    assert "spaces[5].index: expected 5, got 6" in _refused(tmp_path, raw)


def test_G1_short_rent_ladder_is_refused(tmp_path):
    raw = _raw()
    raw["spaces"][51]["rents"].pop()
    assert "spaces[51].rents: expected 7 entries" in _refused(tmp_path, raw)


def test_G1_unknown_field_is_refused(tmp_path):
    raw = _raw()
    raw["spaces"][1]["prise"] = 60
    assert "spaces.1.prise" in _refused(tmp_path, raw)


def test_G1_unknown_kind_is_refused(tmp_path):
    raw = _raw()
    raw["spaces"][2]["kind"] = "community chest"
    assert "spaces.2.kind" in _refused(tmp_path, raw)


def test_G1_card_off_the_board_is_refused(tmp_path):
    raw = _raw()
    raw["chance"][1]["destination"] = 52
    assert "CH02.destination" in _refused(tmp_path, raw)


def test_G1_card_without_its_argument_is_refused(tmp_path):
    raw = _raw()
    del raw["community_chest"][13]["per_hotel"]
    message = _refused(tmp_path, raw)
    assert "community_chest.13" in message and "per_hotel" in message


def test_G1_invalid_json_and_missing_file_are_refused(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"id": "mega",', encoding="utf-8")
    with pytest.raises(EditionError, match="broken.json: not valid JSON"):
        read_board(path)
    with pytest.raises(EditionError, match="no such edition file"):
        read_board(tmp_path / "absent.json")
    with pytest.raises(EditionError, match="no such edition file"):
        read_board("no-such-edition")
    # the rules core itself reads no file but its own editions: it names what it lacks
    with pytest.raises(EditionError, match="no-such-edition: no such edition"):
        load_edition("no-such-edition")
    with pytest.raises(EditionError, match="a board file not read yet"):
        load_edition(tmp_path / "absent.json")
