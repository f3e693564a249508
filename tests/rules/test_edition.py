"""The Mega edition file (assets/editions/mega.json) against the reference data, and the loader.

The reference tables in tests/data/ are copies of data/mega-board.md (tables (a), (b) and (c)) from
the project's shared notes, so these tests run where the notes are not present. Test names carry the
RULES.md ids of the rules the data feeds.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from megamono.rules.editions import Edition, EditionError, edition_path, load_edition

DATA = Path(__file__).resolve().parents[1] / "data"


def _read_csv(name: str) -> list[dict[str, str]]:
    with open(DATA / name, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


SPACES_REF = _read_csv("mega_spaces_reference.csv")
RENT_REF = _read_csv("mega_rent_reference.csv")
STREETS_REF = [r for r in RENT_REF if r["kind"] == "street"]
RR_UTIL_REF = [r for r in RENT_REF if r["kind"] in ("railroad", "utility")]
LADDER = ("base", "h1", "h2", "h3", "h4", "hotel", "skyscraper")


@pytest.fixture(scope="module")
def mega() -> Edition:
    return load_edition("mega")


def test_reference_tables_are_complete():
    assert [int(r["index"]) for r in SPACES_REF] == list(range(52))
    assert len(STREETS_REF) == 30
    assert len(RR_UTIL_REF) == 7


# --- G1: the board ---------------------------------------------------------------------------


def test_G1_mega_loads_by_id_and_by_path(mega):
    assert mega.id == "mega"
    assert len(mega.spaces) == 52 and mega.size == 52
    assert load_edition(edition_path("mega")) is mega  # same file, cached


@pytest.mark.parametrize("ref", SPACES_REF, ids=lambda r: f"{r['index']}-{r['name']}")
def test_G1_space_matches_reference(mega, ref):
    space = mega.spaces[int(ref["index"])]
    assert space.index == int(ref["index"])
    assert space.name == ref["name"]
    assert space.kind == ref["kind"]
    assert space.group == (ref["group"] or None)
    assert space.price == (int(ref["price"]) if ref["price"] else None)
    assert space.mortgage == (int(ref["mortgage"]) if ref["mortgage"] else None)
    assert 1 <= len(space.short) <= 12


def test_G1_board_layout(mega):
    kinds = [s.kind for s in mega.spaces]
    assert kinds.count("street") == 30
    assert mega.railroads == [6, 20, 33, 45]
    assert mega.utilities == [10, 17, 36]
    assert len(mega.properties) == 37
    assert [i for i, k in enumerate(kinds) if k == "chance"] == [9, 28, 46]
    assert [i for i, k in enumerate(kinds) if k == "community_chest"] == [2, 22, 43]
    assert [i for i, k in enumerate(kinds) if k == "tax"] == [5, 50]
    assert [kinds[i] for i in (0, 13, 26, 39)] == ["go", "jail", "free_parking", "go_to_jail"]
    assert mega.jail == 13
    assert (kinds[14], kinds[32], kinds[47]) == ("auction", "bus_ticket", "birthday_gift")


def test_G1_short_names_tell_different_spaces_apart(mega):
    by_short: dict[str, set[str]] = {}
    for s in mega.spaces:
        by_short.setdefault(s.short, set()).add(s.name)
    assert all(len(names) == 1 for names in by_short.values()), by_short


# --- R: rents --------------------------------------------------------------------------------


@pytest.mark.parametrize("ref", STREETS_REF, ids=lambda r: f"{r['index']}-{r['name']}")
def test_R2_rent_ladder_matches_reference(mega, ref):
    space = mega.spaces[int(ref["index"])]
    assert space.kind == "street"
    assert space.name == ref["name"]
    assert space.group == ref["group"]
    assert space.price == int(ref["price"])
    assert space.rents == [int(ref[k]) for k in LADDER]
    assert space.house_cost == int(ref["house_cost"])
    assert space.mortgage == int(ref["mortgage"])


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


@pytest.mark.parametrize("ref", RR_UTIL_REF, ids=lambda r: f"{r['index']}-{r['name']}")
def test_R3_R4_railroads_and_utilities_match_reference(mega, ref):
    space = mega.spaces[int(ref["index"])]
    assert (space.name, space.kind) == (ref["name"], ref["kind"])
    assert space.price == int(ref["price"])
    assert space.mortgage == int(ref["mortgage"])
    assert space.group is None and space.rents is None and space.house_cost is None


def test_R3_R4_R5_rent_figures(mega):
    assert mega.rules.railroad_rents == [25, 50, 100, 200]
    assert mega.rules.utility_multipliers == [4, 10, 20]
    assert mega.rules.nearest_utility_multiplier == 10


# --- B: buildings ----------------------------------------------------------------------------


def test_B1_colour_groups_and_house_costs(mega):
    expected = {
        "Brown": ([1, 3, 4], 50),
        "Light Blue": ([7, 8, 11, 12], 50),
        "Pink": ([15, 16, 18, 19], 100),
        "Orange": ([21, 23, 24, 25], 100),
        "Red": ([27, 29, 30, 31], 150),
        "Yellow": ([34, 35, 37, 38], 150),
        "Green": ([40, 41, 42, 44], 200),
        "Dark Blue": ([48, 49, 51], 200),
    }
    assert list(mega.groups) == list(expected)
    for group, (indices, cost) in expected.items():
        assert mega.groups[group] == indices
        assert {mega.spaces[i].house_cost for i in indices} == {cost}


def test_B1_B8_building_flags(mega):
    assert mega.rules.building == "majority"
    assert mega.rules.levelling is True
    assert mega.max_level == 6


def test_B4_supply(mega):
    s = mega.supply
    assert (s.houses, s.hotels, s.skyscrapers, s.depots) == (32, 12, 8, 4)


def test_B6_depot_cost(mega):
    assert mega.rules.depot_cost == 100


# --- M: mortgages ----------------------------------------------------------------------------


def test_M1_mortgage_is_half_the_price(mega):
    for i in mega.properties:
        s = mega.spaces[i]
        assert s.mortgage * 2 == s.price, s.name


@pytest.mark.parametrize("ref", RENT_REF, ids=lambda r: f"{r['index']}-{r['name']}")
def test_M2_unmortgage_is_mortgage_plus_ten_percent_rounded_up(mega, ref):
    mortgage = mega.spaces[int(ref["index"])].mortgage
    assert -(-mortgage * 11 // 10) == int(ref["unmortgage"])


# --- G, T, S, J: money and turn flags --------------------------------------------------------


def test_G3_G4_G5_G6_T4_J2_S9_rules_flags(mega):
    r = mega.rules
    assert (r.min_players, r.max_players) == (2, 8)  # G3
    assert r.starting_cash == 2500  # G4
    assert r.speed_die is True  # G5, T3
    assert r.turn_order == "ranked"  # G6
    assert r.salary == 200  # T4
    assert r.jail_fine == 50  # J2
    assert r.birthday_gift == 100  # S9


def test_S3_taxes(mega):
    income, luxury = mega.spaces[5], mega.spaces[50]
    assert (income.name, income.tax, income.tax_percent) == ("Income Tax", 200, 10)
    assert (luxury.name, luxury.tax, luxury.tax_percent) == ("Luxury Tax", 75, None)


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
CARD_ARGS = ("destination", "nearest", "spaces", "amount", "per_house", "per_hotel")


def test_K2_deck_sizes_and_ids(mega):
    assert [c.id for c in mega.chance] == list(CHANCE)
    assert [c.id for c in mega.community_chest] == list(COMMUNITY_CHEST)
    assert len(mega.chance) == len(mega.community_chest) == 16


@pytest.mark.parametrize("card_id", [*CHANCE, *COMMUNITY_CHEST])
def test_K2_card_effect_matches_reference(mega, card_id):
    effect, args = {**CHANCE, **COMMUNITY_CHEST}[card_id]
    card = mega.card(card_id)
    assert card.effect == effect
    assert {k: getattr(card, k) for k in CARD_ARGS if getattr(card, k) is not None} == args
    assert card.title and card.text


def test_K6_repairs_charge_houses_and_hotels_only(mega):
    assert (mega.card("CH11").per_house, mega.card("CH11").per_hotel) == (25, 100)
    assert (mega.card("CC14").per_house, mega.card("CC14").per_hotel) == (40, 115)


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
        load_edition(_write(tmp_path, raw))
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
        load_edition(path)
    with pytest.raises(EditionError, match="no such edition file"):
        load_edition(tmp_path / "absent.json")
    with pytest.raises(EditionError, match="no such edition file"):
        load_edition("no-such-edition")
