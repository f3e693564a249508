"""Mortgage scenarios: RULES.md M1-M3 (and B6's depot rule for railroads)."""

from __future__ import annotations

import csv
from pathlib import Path

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

REF = Path(__file__).resolve().parents[1] / "data" / "mega_rent_reference.csv"
with open(REF, newline="", encoding="utf-8") as f:
    DEEDS = list(csv.DictReader(f))


# --- M1 mortgage value ----------------------------------------------------------------------------

@pytest.mark.parametrize("ref", DEEDS, ids=lambda r: r["name"])
def test_M1_mortgage_pays_half_the_price(ref):
    g = new_game()
    i = int(ref["index"])
    give(g, ANN, i)
    ev = act(g, "mortgage", ANN, space=i)
    assert int(ref["mortgage"]) == int(ref["price"]) // 2
    assert cashes(g) == [2500 + int(ref["price"]) // 2, 2500, 2500]
    assert g.st.deeds[i].mortgaged and g.st.deeds[i].owner == ANN
    assert [(e.payer, e.payee, e.amount) for e in ev if e.kind == "cash"] == [(None, ANN, int(ref["mortgage"]))]
    illegal(g, {"kind": "mortgage", "player": ANN, "space": i}, "already mortgaged")
    sound(g)


def test_M1_not_while_any_own_lot_of_the_group_is_built():
    g = new_game()
    give(g, ANN, 21, 24, 25, level=[1, 1, 0])
    illegal(g, {"kind": "mortgage", "player": ANN, "space": 25}, r"sell the buildings in Orange first \(M1\)")
    illegal(g, {"kind": "mortgage", "player": ANN, "space": 21}, "sell the buildings")
    act(g, "sell_building", ANN, space=21)
    illegal(g, {"kind": "mortgage", "player": ANN, "space": 25}, "sell the buildings")
    act(g, "sell_building", ANN, space=24)
    act(g, "mortgage", ANN, space=25)
    assert cashes(g)[ANN] == 2500 + 50 + 50 + 100
    illegal(g, {"kind": "build", "player": ANN, "space": 21}, "mortgaged")
    sound(g)


def test_M1_another_owners_buildings_in_the_group_do_not_matter():
    g = new_game()
    give(g, ANN, 21, 24, 25, level=2)
    give(g, CID, 23)
    act(g, "mortgage", CID, space=23)
    assert cashes(g)[CID] == 2590
    sound(g)


def test_M1_railroad_with_a_depot_after_the_depot_is_sold():
    g = new_game()
    give(g, ANN, 45, depot=True)
    illegal(g, {"kind": "mortgage", "player": ANN, "space": 45}, "sell the depot")
    act(g, "sell_depot", ANN, space=45)
    act(g, "mortgage", ANN, space=45)
    assert cashes(g)[ANN] == 2500 + 50 + 100
    assert bank(g) == (32, 12, 8, 4)
    sound(g)


def test_M1_only_the_owner_mortgages():
    g = new_game()
    give(g, BOB, 6)
    illegal(g, {"kind": "mortgage", "player": ANN, "space": 6}, "Ann does not own Reading Railroad")
    illegal(g, {"kind": "mortgage", "player": ANN, "space": 5}, "does not own")


# --- M2 unmortgaging --------------------------------------------------------------------------------

@pytest.mark.parametrize("ref", DEEDS, ids=lambda r: r["name"])
def test_M2_unmortgage_costs_mortgage_plus_10_percent_rounded_up(ref):
    g = new_game()
    i = int(ref["index"])
    give(g, ANN, i, mortgaged=True)
    m = int(ref["mortgage"])
    cost = int(ref["unmortgage"])
    assert cost == m + -(-m // 10)
    act(g, "unmortgage", ANN, space=i)
    assert cashes(g)[ANN] == 2500 - cost
    assert not g.st.deeds[i].mortgaged
    illegal(g, {"kind": "unmortgage", "player": ANN, "space": i}, "not mortgaged")
    sound(g)


def test_M2_florida_175_costs_193_and_needs_the_cash():
    g = new_game()
    give(g, ANN, 48, mortgaged=True)
    cash(g, ANN, 192)
    illegal(g, {"kind": "unmortgage", "player": ANN, "space": 48}, r"costs \$193 \(M2\); Ann has \$192")
    cash(g, ANN, 193)
    act(g, "unmortgage", ANN, space=48)
    assert cashes(g)[ANN] == 0
    illegal(g, {"kind": "unmortgage", "player": BOB, "space": 48}, "does not own")


def test_M2_any_player_may_unmortgage_when_a_decision_waits():
    g = new_game()
    give(g, CID, 48, mortgaged=True)
    assert pend(g) == ("turn", ANN)
    act(g, "unmortgage", CID, space=48)
    assert cashes(g) == [2500, 2500, 2500 - 193]


# --- M3 receiving a mortgaged deed --------------------------------------------------------------------

def _trade_reading_to_bob(g):
    give(g, ANN, 6, mortgaged=True)
    act(g, "propose_trade", ANN, partner=BOB, give={"deeds": [6]}, take={"cash": 50})
    act(g, "accept_trade", BOB)
    assert owners(g, 6) == [BOB] and g.st.deeds[6].mortgaged
    assert pend(g) == ("mortgaged_deed", BOB)
    assert g.pending.space == 6
    assert g.pending.amounts == {"unmortgage": 110, "keep": 10}


def test_M3_by_trade_unmortgage_at_once():
    g = new_game()
    _trade_reading_to_bob(g)
    act(g, "mortgaged_deed_choice", BOB, choice="unmortgage")
    assert not g.st.deeds[6].mortgaged
    assert cashes(g) == [2550, 2500 - 50 - 110, 2500]
    assert pend(g) == ("turn", ANN)  # the interrupted decision comes back
    sound(g)


def test_M3_by_trade_keep_for_10_percent_then_unmortgaging_costs_M2_in_full():
    g = new_game()
    _trade_reading_to_bob(g)
    act(g, "mortgaged_deed_choice", BOB, choice="keep")
    assert g.st.deeds[6].mortgaged
    assert cashes(g) == [2550, 2500 - 50 - 10, 2500]
    assert pend(g) == ("turn", ANN)
    act(g, "unmortgage", BOB, space=6)
    assert cashes(g)[BOB] == 2440 - 110
    sound(g)


def test_M3_only_the_receiver_answers_and_nothing_else_waits():
    g = new_game()
    _trade_reading_to_bob(g)
    illegal(g, {"kind": "mortgaged_deed_choice", "player": ANN, "choice": "keep"}, "Bob's decision")
    illegal(g, {"kind": "roll", "player": ANN}, "waiting for")


def test_M3_unmortgage_needs_the_cash_keep_always_offered():
    g = new_game()
    give(g, ANN, 6, mortgaged=True)
    cash(g, BOB, 109)
    act(g, "propose_trade", ANN, partner=BOB, give={"deeds": [6]})
    act(g, "accept_trade", BOB)
    illegal(g, {"kind": "mortgaged_deed_choice", "player": BOB, "choice": "unmortgage"}, r"costs \$110")
    assert [a.choice for a in g.legal_actions(BOB) if a.kind == "mortgaged_deed_choice"] == ["keep"]
    act(g, "mortgaged_deed_choice", BOB, choice="keep")
    assert cashes(g)[BOB] == 99


def test_M3_keep_fee_without_the_cash_is_a_debt_D1():
    g = new_game()
    give(g, ANN, 48, mortgaged=True)
    give(g, BOB, 10)
    cash(g, BOB, 5)
    act(g, "propose_trade", ANN, partner=BOB, give={"deeds": [48]})
    act(g, "accept_trade", BOB)
    act(g, "mortgaged_deed_choice", BOB, choice="keep")  # fee: 10% of 175 = $18 (rounded up)
    assert pend(g) == ("debt", BOB)
    assert g.pending.amount == 18
    act(g, "mortgage", BOB, space=10)
    act(g, "pay_debt", BOB)
    assert cashes(g)[BOB] == 5 + 75 - 18
    assert pend(g) == ("turn", ANN)
    sound(g)


def test_M3_after_bankruptcy_one_choice_per_mortgaged_deed_in_board_order():
    g = new_game()
    give(g, ANN, 6, 17, 45, mortgaged=True)
    give(g, BOB, 21, 23, 24, level=1)
    cash(g, ANN, 30)
    place(g, ANN, 18)
    roll(g, ANN, 2, 1, 2)  # Tennessee, 1 house: $70
    assert pend(g) == ("debt", ANN)
    act(g, "declare_bankruptcy", ANN)
    assert owners(g, 6, 17, 45) == [BOB, BOB, BOB]
    assert cashes(g) == [0, 2530, 2500]
    assert (pend(g), g.pending.space) == (("mortgaged_deed", BOB), 6)
    act(g, "mortgaged_deed_choice", BOB, choice="unmortgage")
    assert (pend(g), g.pending.space) == (("mortgaged_deed", BOB), 17)
    assert g.pending.amounts == {"unmortgage": 83, "keep": 8}
    act(g, "mortgaged_deed_choice", BOB, choice="keep")
    assert (pend(g), g.pending.space) == (("mortgaged_deed", BOB), 45)
    act(g, "mortgaged_deed_choice", BOB, choice="keep")
    assert cashes(g)[BOB] == 2530 - 110 - 8 - 10
    assert [g.st.deeds[i].mortgaged for i in (6, 17, 45)] == [False, True, True]
    assert pend(g) == ("turn", BOB)
    sound(g)


def test_M3_the_deed_being_decided_cannot_be_managed_or_traded_meanwhile():
    g = new_game()
    _trade_reading_to_bob(g)
    illegal(g, {"kind": "unmortgage", "player": BOB, "space": 6}, "first settle Reading Railroad")
    illegal(g, {"kind": "propose_trade", "player": BOB, "partner": CID, "give": {"deeds": [6]}},
            "just received")
    act(g, "mortgaged_deed_choice", BOB, choice="unmortgage")
    assert cashes(g)[BOB] == 2500 - 50 - 110


def test_M3_not_charged_for_a_deed_received_unmortgaged_and_mortgaged_before_its_turn_came():
    g = new_game()
    give(g, ANN, 6, mortgaged=True)
    give(g, ANN, 51)
    cash(g, BOB, 0)
    act(g, "propose_trade", ANN, partner=BOB, give={"deeds": [6, 51]})
    act(g, "accept_trade", BOB)
    assert (pend(g), g.pending.space) == (("mortgaged_deed", BOB), 6)
    act(g, "mortgaged_deed_choice", BOB, choice="keep")
    assert pend(g) == ("debt", BOB)
    act(g, "mortgage", BOB, space=51)
    act(g, "pay_debt", BOB)
    assert cashes(g)[BOB] == 200 - 10
    assert pend(g) == ("turn", ANN)  # no M3 fee for Boardwalk, which Bob mortgaged himself
