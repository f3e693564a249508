"""Checks shared by test_edition.py (Mega) and test_classic_edition.py: an edition file against
the reference tables in tests/data/ (``<edition>_spaces_reference.csv``, ``<edition>_rent_reference.csv``).

Each test module keeps its own test functions (their names carry the RULES.md ids) and the
figures that differ between the editions; the checks that are the same for both live here.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from megamono.rules.editions import Edition, edition_path, load_edition

DATA = Path(__file__).resolve().parents[1] / "data"
CARD_ARGS = ("destination", "nearest", "spaces", "amount", "per_house", "per_hotel")


def read_csv(name: str) -> list[dict[str, str]]:
    with open(DATA / name, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


class Reference:
    """An edition's reference tables: every space, and the deeds with their rents."""

    def __init__(self, edition: str) -> None:
        self.spaces = read_csv(f"{edition}_spaces_reference.csv")
        self.rents = read_csv(f"{edition}_rent_reference.csv")
        self.streets = [r for r in self.rents if r["kind"] == "street"]
        self.railroads_and_utilities = [r for r in self.rents if r["kind"] in ("railroad", "utility")]


def over(rows: list[dict[str, str]]):
    """Parametrize a test over reference rows as ``ref``, each named "<index>-<name>"."""
    return pytest.mark.parametrize("ref", rows, ids=lambda r: f"{r['index']}-{r['name']}")


# ---------------------------------------------------------------------------- G1: the board
def check_reference_tables(ref: Reference, size: int, streets: int, railroads_and_utilities: int) -> None:
    assert [int(r["index"]) for r in ref.spaces] == list(range(size))
    assert len(ref.streets) == streets
    assert len(ref.railroads_and_utilities) == railroads_and_utilities


def check_loads_by_id_and_by_path(ed: Edition, edition: str, size: int) -> None:
    assert ed.id == edition
    assert len(ed.spaces) == size and ed.size == size
    assert load_edition(edition_path(edition)) is ed  # same file, cached


def check_space(ed: Edition, ref: dict[str, str]):
    """The space at the row's index matches the spaces table; returns it."""
    space = ed.spaces[int(ref["index"])]
    assert space.index == int(ref["index"])
    assert space.name == ref["name"]
    assert space.kind == ref["kind"]
    assert space.group == (ref["group"] or None)
    assert space.price == (int(ref["price"]) if ref["price"] else None)
    assert space.mortgage == (int(ref["mortgage"]) if ref["mortgage"] else None)
    assert 1 <= len(space.short) <= 12
    return space


def check_layout(ed: Edition, *, streets: int, railroads: list[int], utilities: list[int], properties: int,
                 chance: list[int], community_chest: list[int], tax: list[int], corners: tuple[int, int, int, int],
                 jail: int) -> list[str]:
    """Where the kinds of space stand (``corners``: GO, Jail, Free Parking, Go To Jail); returns
    the kind of every space."""
    kinds = [s.kind for s in ed.spaces]
    assert kinds.count("street") == streets
    assert ed.railroads == railroads
    assert ed.utilities == utilities
    assert len(ed.properties) == properties
    assert [i for i, k in enumerate(kinds) if k == "chance"] == chance
    assert [i for i, k in enumerate(kinds) if k == "community_chest"] == community_chest
    assert [i for i, k in enumerate(kinds) if k == "tax"] == tax
    assert [kinds[i] for i in corners] == ["go", "jail", "free_parking", "go_to_jail"]
    assert ed.jail == jail
    return kinds


def check_short_names_tell_spaces_apart(ed: Edition) -> None:
    by_short: dict[str, set[str]] = {}
    for s in ed.spaces:
        by_short.setdefault(s.short, set()).add(s.name)
    assert all(len(names) == 1 for names in by_short.values()), by_short


# ---------------------------------------------------------------------------- R: rents
def check_street(ed: Edition, ref: dict[str, str], ladder: tuple[str, ...]) -> None:
    """The street matches the rent table, its rents read in ``ladder`` order."""
    space = ed.spaces[int(ref["index"])]
    assert space.kind == "street"
    assert space.name == ref["name"]
    assert space.group == ref["group"]
    assert space.price == int(ref["price"])
    assert space.rents == [int(ref[k]) for k in ladder]
    assert space.house_cost == int(ref["house_cost"])
    assert space.mortgage == int(ref["mortgage"])


def check_railroad_or_utility(ed: Edition, ref: dict[str, str]) -> None:
    space = ed.spaces[int(ref["index"])]
    assert (space.name, space.kind) == (ref["name"], ref["kind"])
    assert space.price == int(ref["price"])
    assert space.mortgage == int(ref["mortgage"])
    assert space.group is None and space.rents is None and space.house_cost is None


def check_rent_figures(ed: Edition, railroad_rents: list[int], utility_multipliers: list[int],
                       nearest_utility_multiplier: int) -> None:
    assert ed.rules.railroad_rents == railroad_rents
    assert ed.rules.utility_multipliers == utility_multipliers
    assert ed.rules.nearest_utility_multiplier == nearest_utility_multiplier


# ---------------------------------------------------------------------------- B: buildings
def check_groups(ed: Edition, expected: dict[str, tuple[list[int], int]]) -> None:
    """``expected``: group -> (its spaces, their house cost), in the edition's order."""
    assert list(ed.groups) == list(expected)
    for group, (indices, cost) in expected.items():
        assert ed.groups[group] == indices
        assert {ed.spaces[i].house_cost for i in indices} == {cost}


def check_supply(ed: Edition, houses: int, hotels: int, skyscrapers: int, depots: int) -> None:
    s = ed.supply
    assert (s.houses, s.hotels, s.skyscrapers, s.depots) == (houses, hotels, skyscrapers, depots)


# ---------------------------------------------------------------------------- M: mortgages
def check_mortgage_is_half_the_price(ed: Edition) -> None:
    for i in ed.properties:
        s = ed.spaces[i]
        assert s.mortgage * 2 == s.price, s.name


def check_unmortgage(ed: Edition, ref: dict[str, str]) -> None:
    """Unmortgaging costs the mortgage plus 10%, rounded up, as the rent table says."""
    mortgage = ed.spaces[int(ref["index"])].mortgage
    assert -(-mortgage * 11 // 10) == int(ref["unmortgage"])


# ---------------------------------------------------------------------------- G, T, S, J: money and turn flags
def check_rules_flags(ed: Edition, *, players: tuple[int, int], starting_cash: int, speed_die: bool,
                      turn_order: str, salary: int, jail_fine: int, birthday_gift: int) -> None:
    r = ed.rules
    assert (r.min_players, r.max_players) == players  # G3
    assert r.starting_cash == starting_cash  # G4
    assert r.speed_die is speed_die  # G5, T2, T3
    assert r.turn_order == turn_order  # G6
    assert r.salary == salary  # T4
    assert r.jail_fine == jail_fine  # J2
    assert r.birthday_gift == birthday_gift  # S9


# ---------------------------------------------------------------------------- S3: taxes
def check_taxes(ed: Edition, income: tuple[int, int, int | None], luxury: tuple[int, int, int | None]) -> None:
    """``income``, ``luxury``: (space, tax, tax percent) of Income Tax and Luxury Tax."""
    for name, (index, tax, percent) in (("Income Tax", income), ("Luxury Tax", luxury)):
        s = ed.spaces[index]
        assert (s.name, s.tax, s.tax_percent) == (name, tax, percent)


# ---------------------------------------------------------------------------- K: cards
def check_deck_ids(ed: Edition, chance: dict, community_chest: dict) -> None:
    assert [c.id for c in ed.chance] == list(chance)
    assert [c.id for c in ed.community_chest] == list(community_chest)
    assert len(ed.chance) == len(ed.community_chest) == 16


def check_card(ed: Edition, card_id: str, table: dict[str, tuple[str, dict]]):
    """The card's effect and arguments are ``table[card_id]``, and it has a title and a text; returns it."""
    effect, args = table[card_id]
    card = ed.card(card_id)
    assert card.effect == effect
    assert {k: getattr(card, k) for k in CARD_ARGS if getattr(card, k) is not None} == args
    assert card.title and card.text
    return card


def check_repairs(ed: Edition, chance_card: str, chest_card: str) -> None:
    """The repairs cards charge $25/$100 (Chance) and $40/$115 (Community Chest) a house/hotel."""
    assert (ed.card(chance_card).per_house, ed.card(chance_card).per_hotel) == (25, 100)
    assert (ed.card(chest_card).per_house, ed.card(chest_card).per_hotel) == (40, 115)
