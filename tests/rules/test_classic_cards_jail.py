"""Scenario tests for the [Classic] cards (K) and jail (J) of RULES.md, on the classic edition.

Built like tests/rules/test_classic_rules.py: scripted two-dice throws, the board arranged by writing
``game.st`` while Ann's first decision is pending, exact cash, positions and the invariants checked.
"""

from __future__ import annotations

import pytest
from classic_kit import (  # board indices and helpers
    BALTIC,
    BANDO,
    BOARDWALK,
    CHANCE1,
    CHANCE2,
    CHANCE3,
    CHEST2,
    CHEST3,
    CONNECTICUT,
    ELECTRIC,
    GO,
    GO_TO_JAIL,
    ILLINOIS,
    INCOME_TAX,
    JAIL,
    MEDITERRANEAN,
    MEGA_ONLY_KINDS,
    NEW_YORK,
    ORIENTAL,
    PARK_PLACE,
    PENN_RR,
    READING,
    ST_CHARLES,
    STATES,
    TENNESSEE,
    VERMONT,
    VIRGINIA,
    WATER_WORKS,
    new_game,
    roll_to,
)
from megamono.rules.actions import (
    PayJailFine,
    Roll,
    RollForDoubles,
    UseJailCard,
)
from megamono.rules.engine import Game

from kit import ANN, BOB, give, pend, place, pos, salaries, script, texts, top
from kit import cashes as cash
from kit import sound as ok

# ============================================================================ K: classic cards
CASH_CARDS = [
    ("chance", "CH08", 50), ("chance", "CH13", -15), ("chance", "CH16", 150),
    ("community_chest", "CC02", 200), ("community_chest", "CC03", -50), ("community_chest", "CC04", 50),
    ("community_chest", "CC07", 100), ("community_chest", "CC08", 20), ("community_chest", "CC10", 100),
    ("community_chest", "CC11", -100), ("community_chest", "CC12", -50), ("community_chest", "CC13", 25),
    ("community_chest", "CC15", 10), ("community_chest", "CC16", 100),
]


@pytest.mark.parametrize("deck,card_id,delta", CASH_CARDS, ids=[c[1] for c in CASH_CARDS])
def test_K1_K2_classic_cash_cards(deck, card_id, delta):
    g = new_game()
    top(g, deck, card_id)
    roll_to(g, CHANCE1 if deck == "chance" else CHEST2, (1, 2))
    assert cash(g) == [1500 + delta, 1500, 1500]
    assert getattr(g.st.decks, deck)[-1] == card_id  # K1: to the bottom
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_K2_D6_classic_birthday_collects_10_from_each_other_player():
    g = new_game()
    top(g, "community_chest", "CC09")
    roll_to(g, CHEST2, (1, 2))
    assert cash(g) == [1520, 1490, 1490]
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_K2_D5_classic_chairman_pays_50_to_each_other_player():
    g = new_game(4)
    top(g, "chance", "CH15")
    roll_to(g, CHANCE2, (1, 2))
    assert cash(g) == [1350, 1550, 1550, 1550]
    ok(g)


def test_K5_R5_classic_nearest_utility_charges_10x_a_fresh_two_dice_roll():
    g = new_game()
    give(g, BOB, ELECTRIC)  # one utility: a landing would charge 4x
    top(g, "chance", "CH07")
    script(g, (3, 4))  # the fresh roll for the card, after the move's throw
    roll_to(g, CHANCE1, (1, 2))
    assert pos(g)[ANN] == ELECTRIC
    assert cash(g) == [1430, 1570, 1500]
    assert any("rolls 3+4 for the utility rent" in t for t in texts(g))
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_K5_classic_nearest_utility_fresh_doubles_mean_nothing_and_passing_go_pays():
    g = new_game()
    give(g, BOB, ELECTRIC, WATER_WORKS)
    top(g, "chance", "CH07")
    script(g, (2, 2))
    roll_to(g, CHANCE3, (1, 2))  # 36 -> Electric Company (12), passing GO
    assert pos(g)[ANN] == ELECTRIC
    assert cash(g) == [1500 + 200 - 40, 1540, 1500]
    assert pend(g) == ("turn", BOB)  # the card's doubles give no roll again
    ok(g)


def test_K5_classic_nearest_utility_unowned_may_be_bought():
    g = new_game()
    top(g, "chance", "CH07")
    roll_to(g, CHANCE2, (1, 2))
    assert pos(g)[ANN] == WATER_WORKS
    assert pend(g) == ("buy", ANN) and g.pending.amount == 150


@pytest.mark.parametrize("card_id", ["CH05", "CH06"])
def test_K4_classic_nearest_railroad_pays_twice_the_rent(card_id):
    g = new_game()
    give(g, BOB, PENN_RR, BANDO)
    top(g, "chance", card_id)
    roll_to(g, CHANCE1, (1, 2))
    assert pos(g)[ANN] == PENN_RR
    assert cash(g) == [1400, 1600, 1500]
    ok(g)


def test_K4_T4_classic_nearest_railroad_from_36_passes_go_to_reading():
    g = new_game()
    give(g, BOB, READING)
    top(g, "chance", "CH05")
    roll_to(g, CHANCE3, (1, 2))
    assert pos(g)[ANN] == READING
    assert cash(g) == [1500 + 200 - 50, 1550, 1500]
    ok(g)


@pytest.mark.parametrize("card_id,start,dest,salary,pending", [
    ("CH01", CHANCE3, BOARDWALK, 0, "buy"),
    ("CH02", CHANCE1, GO, 200, "turn"),
    ("CH03", CHANCE1, ILLINOIS, 0, "buy"),
    ("CH03", CHANCE3, ILLINOIS, 200, "buy"),
    ("CH04", CHANCE1, ST_CHARLES, 0, "buy"),
    ("CH04", CHANCE2, ST_CHARLES, 200, "buy"),
    ("CH14", CHANCE1, READING, 200, "buy"),
    ("CH14", CHANCE3, READING, 200, "buy"),
])
def test_K3_T4_classic_advance_cards(card_id, start, dest, salary, pending):
    g = new_game()
    top(g, "chance", card_id)
    roll_to(g, start, (1, 2))
    assert pos(g)[ANN] == dest
    assert cash(g)[ANN] == 1500 + salary
    assert g.pending.kind == pending
    ok(g)


def test_K3_classic_advance_to_go_from_community_chest():
    g = new_game()
    top(g, "community_chest", "CC01")
    roll_to(g, CHEST3, (1, 2))
    assert pos(g)[ANN] == GO and cash(g)[ANN] == 1700
    ok(g)


def test_K3_classic_go_back_3_from_7_pays_income_tax():
    g = new_game()
    top(g, "chance", "CH10")
    roll_to(g, CHANCE1, (1, 2))
    assert pos(g)[ANN] == INCOME_TAX
    assert cash(g)[ANN] == 1300
    ok(g)


def test_K3_classic_go_back_3_from_36_draws_community_chest_without_salary():
    g = new_game()
    top(g, "chance", "CH10")
    top(g, "community_chest", "CC02")
    roll_to(g, CHANCE3, (1, 2))
    assert pos(g)[ANN] == CHEST3
    assert cash(g)[ANN] == 1700  # the bank error only
    assert salaries(g, ANN) == 0
    ok(g)


def test_K3_classic_go_back_3_from_22_reaches_new_york_avenue():
    g = new_game()
    give(g, BOB, 16, TENNESSEE, NEW_YORK)
    top(g, "chance", "CH10")
    roll_to(g, CHANCE2, (1, 2))
    assert pos(g)[ANN] == NEW_YORK
    assert cash(g) == [1468, 1532, 1500]
    ok(g)


@pytest.mark.parametrize("deck,card_id", [("chance", "CH11"), ("community_chest", "CC06")])
def test_J1_K3_classic_go_to_jail_cards(deck, card_id):
    g = new_game()
    top(g, deck, card_id)
    roll_to(g, CHANCE3 if deck == "chance" else CHEST3, (1, 2))
    ann = g.st.players[ANN]
    assert (ann.position, ann.in_jail, ann.cash) == (JAIL, True, 1500)
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_K1_classic_get_out_of_jail_free_is_kept():
    g = new_game()
    top(g, "chance", "CH09")
    roll_to(g, CHANCE1, (1, 2))
    assert g.st.players[ANN].gojf == ["CH09"]
    assert "CH09" not in g.st.decks.chance and len(g.st.decks.chance) == 15
    ok(g)


@pytest.mark.parametrize("deck,card_id,per_house,per_hotel", [
    ("chance", "CH12", 25, 100), ("community_chest", "CC14", 40, 115)])
def test_K6_classic_repairs(deck, card_id, per_house, per_hotel):
    g = new_game()
    give(g, ANN, PARK_PLACE, BOARDWALK, level=5)  # 2 hotels
    give(g, ANN, ORIENTAL, VERMONT, CONNECTICUT, level=2)  # 6 houses
    give(g, BOB, MEDITERRANEAN, BALTIC, level=5)  # not Ann's
    top(g, deck, card_id)
    roll_to(g, CHANCE1 if deck == "chance" else CHEST2, (1, 2))
    assert cash(g) == [1500 - 6 * per_house - 2 * per_hotel, 1500, 1500]
    ok(g)


# ============================================================================ J: jail on the 40-space board
def two_player_jail() -> Game:
    """Ann goes to jail from Go To Jail (30) and Bob takes a quiet turn: Ann's jail decision is pending."""
    g = new_game(2)
    give(g, BOB, BALTIC)
    roll_to(g, GO_TO_JAIL, (1, 2))
    assert g.st.players[ANN].in_jail and pos(g)[ANN] == JAIL
    assert pend(g) == ("turn", BOB)
    place(g, BOB, GO)
    script(g, (1, 2))
    g.act(Roll(player=BOB))  # Baltic Avenue, his own
    assert pend(g) == ("jail", ANN)
    return g


def test_J1_S5_classic_landing_on_10_is_just_visiting():
    g = new_game()
    roll_to(g, JAIL, (4, 6))
    ann = g.st.players[ANN]
    assert (ann.position, ann.in_jail, ann.cash) == (JAIL, False, 1500)
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_J1_classic_go_to_jail_space_sends_to_10_without_salary():
    g = two_player_jail()
    assert cash(g) == [1500, 1500]
    assert salaries(g, ANN) == 0
    assert {a.kind for a in g.legal_actions(ANN)} >= {"pay_jail_fine", "roll_for_doubles"}
    assert not {a.kind for a in g.legal_actions(ANN)} & MEGA_ONLY_KINDS
    ok(g)


def test_J2_classic_pay_50_then_roll_and_move():
    g = two_player_jail()
    g.act(PayJailFine(player=ANN))
    assert cash(g)[ANN] == 1450 and not g.st.players[ANN].in_jail
    assert pend(g) == ("turn", ANN)
    script(g, (2, 3))
    g.act(Roll(player=ANN))
    assert pos(g)[ANN] == PENN_RR
    assert pend(g) == ("buy", ANN)
    ok(g)


def test_J2_classic_paid_out_then_doubles_rolls_again():
    g = two_player_jail()
    give(g, ANN, VIRGINIA)
    g.act(PayJailFine(player=ANN))
    script(g, (2, 2))
    g.act(Roll(player=ANN))
    assert pos(g)[ANN] == VIRGINIA
    assert pend(g) == ("turn", ANN) and g.pending.roll_again


def test_J2_classic_doubles_leave_jail_and_end_the_turn():
    g = two_player_jail()
    give(g, ANN, TENNESSEE)
    script(g, (4, 4))
    g.act(RollForDoubles(player=ANN))
    ann = g.st.players[ANN]
    assert (ann.position, ann.in_jail, ann.cash) == (TENNESSEE, False, 1500)
    assert pend(g) == ("turn", BOB)  # no re-roll
    ok(g)


def test_J2_classic_failed_roll_stays_in_jail():
    g = two_player_jail()
    script(g, (1, 2))
    g.act(RollForDoubles(player=ANN))
    ann = g.st.players[ANN]
    assert (ann.position, ann.in_jail, ann.jail_turns) == (JAIL, True, 1)
    assert pend(g) == ("turn", BOB)


def test_J2_classic_third_failed_roll_pays_50_and_moves_by_it():
    g = two_player_jail()
    g.st.players[ANN].jail_turns = 2  # two failed rolls already
    give(g, ANN, STATES)
    script(g, (1, 2))
    g.act(RollForDoubles(player=ANN))
    assert pend(g) == ("jail_pay", ANN)
    assert "roll_for_doubles" not in {a.kind for a in g.legal_actions(ANN)}
    g.act(PayJailFine(player=ANN))
    ann = g.st.players[ANN]
    assert (ann.position, ann.in_jail, ann.cash) == (STATES, False, 1450)
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_J2_K1_classic_get_out_of_jail_free_goes_to_the_bottom_of_its_deck():
    g = two_player_jail()
    g.st.decks.community_chest.remove("CC05")
    g.st.players[ANN].gojf.append("CC05")
    g.act(UseJailCard(player=ANN))
    assert g.st.decks.community_chest[-1] == "CC05"
    assert g.st.players[ANN].gojf == [] and not g.st.players[ANN].in_jail
    assert pend(g) == ("turn", ANN)
    assert cash(g)[ANN] == 1500
    ok(g)
