"""Scenario tests for RULES.md J (jail), Mega edition."""

from __future__ import annotations

from helpers import ANN, BOB, CID, cash, give, give_all, illegal, jail, new_game, ok, pend, place, pos, roll, salaries
from megamono.rules.actions import (
    Bid,
    Build,
    Buy,
    DeclareBankruptcy,
    DeclineBuy,
    DropOut,
    Mortgage,
    PayDebt,
    PayJailFine,
    PlayBusTicket,
    Roll,
    RollForDoubles,
    UseJailCard,
)

from kit import SEAT_ORDER


def hold_ticket(g, player=ANN, ticket="BT01"):
    g.st.decks.bus.remove(ticket)
    g.st.players[player].bus_tickets.append(ticket)


def hold_card(g, card, player=ANN):
    deck = g.st.decks.chance if card.startswith("CH") else g.st.decks.community_chest
    deck.remove(card)
    g.st.players[player].gojf.append(card)


# ============================================================================ J1 going to jail
def test_J1_jailed_player_starts_next_turn_in_jail_and_still_collects_rent_J3():
    g = new_game(dice=[(2, 2, 1), (1, 2, 3), (1, 2, 3)])
    give_all(g, ANN)
    place(g, ANN, 34)
    roll(g)  # to Go To Jail: no re-roll for the doubles
    assert g.st.players[ANN].in_jail and pos(g)[ANN] == 13 and pend(g) == ("turn", BOB)
    roll(g, BOB)
    roll(g, CID)  # both land on Ann's Reading Railroad (4 railroads): $200 each
    assert cash(g) == [2900, 2300, 2300]
    assert pend(g) == ("jail", ANN) and "attempt 1 of 3" in g.describe_pending()
    illegal(g, Roll(player=ANN), "waiting for")
    ok(g)


def test_J1_no_salary_even_when_go_to_jail_is_reached_past_go_by_card():
    g = new_game(dice=[(1, 2, 3)])
    g.st.decks.chance.remove("CH10")
    g.st.decks.chance.insert(0, "CH10")
    place(g, ANN, 40)
    roll(g)
    assert g.st.players[ANN].in_jail and cash(g)[ANN] == 2500 and salaries(g, ANN) == 0


# ============================================================================ J2 pay
def test_J2_pay_50_then_roll_all_three_dice_and_move():
    g = new_game(dice=[(1, 2, 3)])
    jail(g)
    assert {a.kind for a in g.legal_actions(ANN)} >= {"pay_jail_fine", "roll_for_doubles"}
    g.act(PayJailFine(player=ANN))
    a = g.st.players[ANN]
    assert not a.in_jail and a.cash == 2450 and a.position == 13
    assert pend(g) == ("turn", ANN) and not g.pending.roll_again
    roll(g)
    assert pos(g)[ANN] == 19 and pend(g) == ("buy", ANN)
    ok(g)


def test_J2_paid_then_doubles_rolls_again():
    g = new_game(dice=[(2, 2, 1), (3, 4, 1)])
    give_all(g, ANN)
    jail(g)
    g.act(PayJailFine(player=ANN))
    roll(g)
    assert pos(g)[ANN] == 18 and pend(g) == ("turn", ANN) and g.pending.roll_again
    roll(g)
    assert pos(g)[ANN] == 26 and pend(g) == ("turn", BOB)
    ok(g)


def test_J2_paid_then_triples_move_anywhere():
    g = new_game(dice=[(1, 1, 1)])
    jail(g)
    g.act(PayJailFine(player=ANN))
    roll(g)
    assert pend(g) == ("triples", ANN) and 13 not in g.pending.choices


def test_J2_fine_needs_the_cash_but_money_may_be_raised_first():
    g = new_game(cash=[40, 2500, 2500])
    give(g, ANN, 3)
    jail(g)
    illegal(g, PayJailFine(player=ANN), "$50", "$40")
    g.act(Mortgage(player=ANN, space=3))
    assert cash(g)[ANN] == 70 and pend(g) == ("jail", ANN)
    g.act(PayJailFine(player=ANN))
    assert cash(g)[ANN] == 20 and not g.st.players[ANN].in_jail
    ok(g)


# ============================================================================ J2 card
def test_J2_use_card_it_goes_to_the_bottom_of_its_deck_then_roll():
    g = new_game(dice=[(1, 2, 3)])
    hold_card(g, "CC05")
    hold_card(g, "CH08")
    jail(g)
    g.act(UseJailCard(player=ANN))
    a = g.st.players[ANN]
    assert not a.in_jail and a.cash == 2500 and a.gojf == ["CH08"]
    assert g.st.decks.community_chest[-1] == "CC05" and len(g.st.decks.community_chest) == 16
    assert pend(g) == ("turn", ANN)
    roll(g)
    assert pos(g)[ANN] == 19
    ok(g)


def test_J2_no_card_no_use():
    g = new_game()
    jail(g)
    illegal(g, UseJailCard(player=ANN), "no Get Out of Jail Free")


# ============================================================================ J2 roll for doubles
def test_J2_doubles_leave_jail_move_by_white_dice_turn_ends():
    g = new_game(dice=[(3, 3, "mr")])
    jail(g)
    g.act(RollForDoubles(player=ANN))
    a = g.st.players[ANN]
    assert not a.in_jail and a.position == 19 and a.jail_turns == 0
    assert pend(g) == ("buy", ANN)
    g.act(Buy(player=ANN))
    assert pend(g) == ("turn", BOB)  # no re-roll, no Speed Die (no Mr. Monopoly move)
    assert cash(g)[ANN] == 2500 - 160
    ok(g)


def test_J2_failed_rolls_stay_in_jail_and_count():
    g = new_game(dice=[(1, 2), (1, 2, 3), (1, 2, 3), (5, 6)])
    give_all(g, CID)
    jail(g)
    g.act(RollForDoubles(player=ANN))
    a = g.st.players[ANN]
    assert a.in_jail and a.position == 13 and a.jail_turns == 1 and a.cash == 2500
    assert pend(g) == ("turn", BOB)
    roll(g, BOB)
    roll(g, CID)
    assert pend(g) == ("jail", ANN) and "attempt 2 of 3" in g.describe_pending()
    g.act(RollForDoubles(player=ANN))
    assert a.in_jail and g.st.players[ANN].jail_turns == 2 and pend(g) == ("turn", BOB)
    ok(g)


def test_J2_third_failed_roll_must_pay_and_move_by_that_roll():
    g = new_game(dice=[(1, 2)], options=SEAT_ORDER)
    hold_ticket(g)
    jail(g, failed=2)
    assert "attempt 3 of 3" in g.describe_pending()
    g.act(RollForDoubles(player=ANN))
    assert pend(g) == ("jail_pay", ANN) and g.pending.amount == 3
    illegal(g, RollForDoubles(player=ANN), "waiting for")
    illegal(g, Roll(player=ANN), "waiting for")
    illegal(g, PlayBusTicket(player=ANN, destination=14), "J3")
    illegal(g, UseJailCard(player=ANN), "no Get Out of Jail Free")
    g.act(PayJailFine(player=ANN))
    a = g.st.players[ANN]
    assert not a.in_jail and a.position == 16 and a.cash == 2450
    assert pend(g) == ("buy", ANN)
    g.act(DeclineBuy(player=ANN))
    for p in (BOB, CID, ANN):
        g.act(DropOut(player=p))
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_J2_third_failed_roll_use_a_card():
    g = new_game(dice=[(6, 5)])
    give_all(g, ANN)
    hold_card(g, "CH08")
    jail(g, failed=2)
    g.act(RollForDoubles(player=ANN))
    g.act(UseJailCard(player=ANN))
    a = g.st.players[ANN]
    assert not a.in_jail and a.position == 24 and a.cash == 2500 and a.gojf == []
    assert g.st.decks.chance[-1] == "CH08"
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_J2_third_failed_roll_raises_money_for_the_fine():
    g = new_game(dice=[(1, 2)], cash=[20, 2500, 2500])
    give(g, ANN, 3)
    jail(g, failed=2)
    g.act(RollForDoubles(player=ANN))
    g.act(PayJailFine(player=ANN))
    assert pend(g) == ("debt", ANN) and g.pending.amount == 50
    illegal(g, PayDebt(player=ANN), "raise more")
    illegal(g, DeclareBankruptcy(player=ANN), "can still raise")
    g.act(Mortgage(player=ANN, space=3))
    g.act(PayDebt(player=ANN))
    a = g.st.players[ANN]
    assert a.cash == 0 and not a.in_jail and a.position == 16
    assert pend(g) == ("buy", ANN)
    ok(g)


def test_J2_third_failed_roll_bankrupt_over_the_fine_turn_passes():
    g = new_game(dice=[(1, 2)], cash=[10, 2500, 2500])
    jail(g, failed=2)
    g.act(RollForDoubles(player=ANN))
    g.act(PayJailFine(player=ANN))
    g.act(DeclareBankruptcy(player=ANN))
    assert g.st.players[ANN].bankrupt and cash(g) == [0, 2500, 2500]
    assert pend(g) == ("turn", BOB)
    ok(g)


# ============================================================================ J3 in jail
def test_J3_bus_ticket_not_playable_in_jail_but_after_paying():
    g = new_game()
    hold_ticket(g)
    jail(g)
    reason = illegal(g, PlayBusTicket(player=ANN, destination=14), "jail", "J3")
    assert "pay" in reason
    assert not any(a.kind == "play_bus_ticket" for a in g.legal_actions(ANN))
    g.act(PayJailFine(player=ANN))
    dests = sorted(a.destination for a in g.legal_actions(ANN) if a.kind == "play_bus_ticket")
    assert dests == list(range(14, 27))
    g.act(PlayBusTicket(player=ANN, destination=26))
    assert pos(g)[ANN] == 26 and cash(g)[ANN] == 2450 and pend(g) == ("turn", BOB)
    ok(g)


def test_J3_bus_ticket_after_using_a_card():
    g = new_game()
    hold_ticket(g)
    hold_card(g, "CH08")
    jail(g)
    g.act(UseJailCard(player=ANN))
    g.act(PlayBusTicket(player=ANN, destination=20))
    assert pos(g)[ANN] == 20 and pend(g) == ("buy", ANN)


def test_J3_jailed_player_builds_and_bids():
    g = new_game(dice=[(1, 2), (1, 2, 3)], options=SEAT_ORDER)
    give(g, ANN, 15, 16, 18)
    jail(g)
    g.act(Build(player=ANN, space=15))
    assert g.st.deeds[15].level == 1 and pend(g) == ("jail", ANN)
    # a failed roll; on Bob's turn Bob declines a deed and Ann, still in jail, wins the auction
    g.act(RollForDoubles(player=ANN))
    assert pend(g) == ("turn", BOB)
    roll(g, BOB)
    g.act(DeclineBuy(player=BOB))
    g.act(DropOut(player=CID))
    g.act(Bid(player=ANN, amount=10))
    g.act(DropOut(player=BOB))
    assert g.st.deeds[6].owner == ANN and g.st.players[ANN].in_jail
    assert cash(g)[ANN] == 2500 - 100 - 10
    ok(g)
