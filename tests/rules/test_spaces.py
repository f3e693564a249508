"""Scenario tests for RULES.md S (spaces), Mega edition."""

from __future__ import annotations

from helpers import (
    ANN,
    BOB,
    CID,
    cash,
    give,
    give_all,
    illegal,
    new_game,
    ok,
    pend,
    place,
    pos,
    restart_turn,
    roll,
    texts,
    top,
)
from megamono.rules.actions import (
    Bid,
    BirthdayChoice,
    Buy,
    ChooseDestination,
    DeclineBuy,
    DropOut,
    IncomeTaxChoice,
    PickAuctionDeed,
    PlayBusTicket,
)

from kit import SEAT_ORDER


# ============================================================================ S1 unowned property
def test_S1_buy_at_printed_price():
    g = new_game(dice=[(1, 2, 3)])
    roll(g)
    assert pend(g) == ("buy", ANN) and g.pending.amount == 200 and "Reading" in g.describe_pending()
    g.act(Buy(player=ANN))
    assert g.st.deeds[6].owner == ANN and cash(g) == [2300, 2500, 2500]
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_S1_declined_property_is_auctioned_from_the_left_of_the_decliner():
    g = new_game(dice=[(1, 2, 3)], options=SEAT_ORDER)
    roll(g)
    g.act(DeclineBuy(player=ANN))
    assert pend(g) == ("bid", BOB) and g.pending.bidders == [BOB, CID, ANN]
    illegal(g, Bid(player=BOB, amount=9), "at least $10")
    illegal(g, Bid(player=CID, amount=10), "Bob")
    g.act(Bid(player=BOB, amount=10))
    illegal(g, Bid(player=CID, amount=10), "at least $11")
    illegal(g, Bid(player=CID, amount=2501), "cash")
    g.act(Bid(player=CID, amount=15))
    g.act(DropOut(player=ANN))  # the decliner may bid too, and drops out
    assert pend(g) == ("bid", BOB)
    g.act(DropOut(player=BOB))
    assert g.st.deeds[6].owner == CID and cash(g) == [2500, 2500, 2485]
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_S1_cannot_pay_means_auction():
    g = new_game(dice=[(1, 2, 3)], cash=[199, 2500, 2500], options=SEAT_ORDER)
    roll(g)
    illegal(g, Buy(player=ANN), "199", "200")
    g.act(DeclineBuy(player=ANN))
    g.act(DropOut(player=BOB))
    g.act(DropOut(player=CID))
    g.act(Bid(player=ANN, amount=150))
    assert g.st.deeds[6].owner == ANN and cash(g)[ANN] == 49
    ok(g)


def test_S1_nobody_bids_the_deed_stays_in_the_bank():
    g = new_game(dice=[(1, 2, 3)], options=SEAT_ORDER)
    roll(g)
    g.act(DeclineBuy(player=ANN))
    for p in (BOB, CID, ANN):
        g.act(DropOut(player=p))
    assert g.st.deeds[6].owner is None and cash(g) == [2500] * 3
    assert pend(g) == ("turn", BOB)


# ============================================================================ S2 owned property
def test_S2_rent_to_the_owner():
    g = new_game(dice=[(1, 2, 3)])
    give(g, BOB, 6)
    roll(g)
    assert cash(g) == [2475, 2525, 2500] and pend(g) == ("turn", BOB)
    ok(g)


def test_S2_own_property_nothing():
    g = new_game(dice=[(1, 2, 3)])
    give(g, ANN, 6)
    roll(g)
    assert cash(g) == [2500] * 3 and pend(g) == ("turn", BOB)


def test_S2_mortgaged_property_no_rent():
    g = new_game(dice=[(1, 2, 3)])
    give(g, BOB, 6, mortgaged=True)
    roll(g)
    assert cash(g) == [2500] * 3 and pend(g) == ("turn", BOB)
    assert any("mortgaged" in t for t in texts(g))
    ok(g)


# ============================================================================ S3 taxes
def test_S3_income_tax_flat_or_ten_percent_of_tax_worth_rounded_up():
    g = new_game(dice=[(1, 2, 2)], cash=[2491, 2500, 2500])
    give(g, ANN, 21, 23, 24, level=1)          # 180 + 180 + 200, 3 houses x $100
    give(g, ANN, 6, depot=True)                # 200, depot $100
    give(g, ANN, 10, mortgaged=True)           # 150: mortgaged deeds count at printed price
    roll(g)
    assert pend(g) == ("income_tax", ANN)
    worth = 2491 + 180 + 180 + 200 + 200 + 150 + 300 + 100  # 3801
    assert g.pending.amounts == {"flat": 200, "percent": -(-worth // 10)} == {"flat": 200, "percent": 381}
    assert "$200" in g.describe_pending() and "$381" in g.describe_pending()
    illegal(g, IncomeTaxChoice(player=BOB, choice="flat"), "Ann")
    g.act(IncomeTaxChoice(player=ANN, choice="percent"))
    assert cash(g)[ANN] == 2491 - 381 and pend(g) == ("turn", BOB)
    ok(g)


def test_S3_tax_worth_counts_hotel_5_and_skyscraper_6_steps():
    g = new_game(dice=[(1, 2, 2)])
    give(g, ANN, 48, level=5)
    give(g, ANN, 49, 51, level=6)
    roll(g)
    # 2500 + 350 + 350 + 400 + (5 + 6 + 6) x 200 = 7000
    assert g.pending.amounts == {"flat": 200, "percent": 700}
    g.act(IncomeTaxChoice(player=ANN, choice="flat"))
    assert cash(g)[ANN] == 2300
    ok(g)


def test_S3_luxury_tax_75():
    g = new_game(dice=[(1, 2, 3)])
    place(g, ANN, 44)
    roll(g)
    assert pos(g)[ANN] == 50 and cash(g)[ANN] == 2425 and pend(g) == ("turn", BOB)
    ok(g)


# ============================================================================ S4 cards
def test_S4_chance_draws_the_top_card_and_puts_it_at_the_bottom():
    g = new_game(dice=[(1, 2, 3)])
    place(g, ANN, 3)
    top(g, "chance", "CH16")
    roll(g)
    assert cash(g)[ANN] == 2650 and g.st.decks.chance[-1] == "CH16" and len(g.st.decks.chance) == 16
    ok(g)


def test_S4_community_chest_draws_the_top_card():
    g = new_game(dice=[(1, 2, 3)])
    place(g, ANN, 16)
    top(g, "community_chest", "CC11")
    roll(g)
    assert pos(g)[ANN] == 22 and cash(g)[ANN] == 2400 and g.st.decks.community_chest[-1] == "CC11"
    ok(g)


# ============================================================================ S5, S6
def test_S5_free_parking_nothing():
    g = new_game(dice=[(1, 2, 3)])
    place(g, ANN, 20)
    roll(g)
    assert pos(g)[ANN] == 26 and cash(g) == [2500] * 3 and pend(g) == ("turn", BOB)


def test_S5_just_visiting_nothing():
    g = new_game(dice=[(1, 2, 3)])
    place(g, ANN, 7)
    roll(g)
    a = g.st.players[ANN]
    assert a.position == 13 and not a.in_jail and a.cash == 2500 and pend(g) == ("turn", BOB)


def test_S6_go_to_jail_space_no_salary_no_reroll():
    g = new_game(dice=[(2, 2, 1)])
    place(g, ANN, 34)
    roll(g)
    a = g.st.players[ANN]
    assert a.position == 13 and a.in_jail and a.cash == 2500
    assert pend(g) == ("turn", BOB)
    ok(g)


# ============================================================================ S7 Auction space
def test_S7_bank_deeds_lander_picks_one_and_everyone_bids():
    g = new_game(dice=[(1, 2, 3)], options=SEAT_ORDER)
    give(g, BOB, 1)
    place(g, ANN, 8)
    roll(g)
    assert pos(g)[ANN] == 14 and pend(g) == ("auction_pick", ANN)
    assert g.pending.choices == [i for i in g.ed.properties if i != 1]
    illegal(g, PickAuctionDeed(player=ANN, space=1), "bank")
    illegal(g, PickAuctionDeed(player=ANN, space=14), "bank")
    illegal(g, PickAuctionDeed(player=BOB, space=51), "Ann")
    g.act(PickAuctionDeed(player=ANN, space=51))
    assert pend(g) == ("bid", BOB) and g.pending.space == 51
    g.act(Bid(player=BOB, amount=10))
    g.act(DropOut(player=CID))
    g.act(Bid(player=ANN, amount=11))
    g.act(DropOut(player=BOB))
    assert g.st.deeds[51].owner == ANN and cash(g) == [2489, 2500, 2500]
    assert pos(g)[ANN] == 14 and pend(g) == ("turn", BOB)
    ok(g)


def test_S7_option_auctions_off_with_bank_deeds_does_nothing():
    g = new_game(dice=[(1, 2, 3)], options={"auctions": False})
    place(g, ANN, 8)
    roll(g)
    assert pos(g)[ANN] == 14 and pend(g) == ("turn", BOB)


def _ex7_board(g):
    """Every deed owned. Highest rent for Ann ($600): New York Ave and New Jersey Ave (3 houses,
    Bob), Boardwalk (2 houses, Cid) and Connecticut Ave (hotel, Cid)."""
    give_all(g, ANN)
    give(g, BOB, 21, 24, 25, level=3)   # 550, 600, 600
    give(g, BOB, 7, 48)                 # 6, 35
    give(g, CID, 23)                    # 14
    give(g, CID, 8, 11, 12, level=5)    # 550, 550, 600
    give(g, CID, 49, 51, level=2)       # 500, 600


def test_S7_ex7_tie_goes_to_new_york_avenue():
    g = new_game(dice=[(5, 6, 3)])
    _ex7_board(g)
    ok(g)
    roll(g)
    assert pos(g)[ANN] == 24
    assert cash(g) == [1900, 3100, 2500]
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_S7_relocation_behind_passes_go_and_pays_salary():
    g = new_game(dice=[(5, 6, 3)])
    give_all(g, ANN)
    give(g, BOB, 12)   # 8
    give(g, CID, 6)    # 25: the highest, behind the Auction space
    roll(g)
    assert pos(g)[ANN] == 6
    assert cash(g) == [2500 + 200 - 25, 2500, 2525]
    ok(g)


def test_S7_all_owned_but_no_rent_owed_nothing_happens():
    g = new_game(dice=[(5, 6, 3)])
    give_all(g, ANN)
    give(g, BOB, 30, mortgaged=True)
    roll(g)
    assert pos(g)[ANN] == 14 and cash(g) == [2500] * 3 and pend(g) == ("turn", BOB)


def test_S7_utilities_ranked_with_the_dice_of_the_move():
    g = new_game(dice=[(5, 6, 3)])
    give_all(g, ANN)
    give(g, BOB, 10, 17, 36)   # 20x 14 = 280 each
    give(g, CID, 51)           # 50
    roll(g)
    assert pos(g)[ANN] == 17  # nearest of the three tied utilities
    assert cash(g) == [2220, 2780, 2500]
    ok(g)


def test_S7_triples_to_auction_space_utility_uses_all_three_dice():
    g = new_game(dice=[(2, 2, 2)])
    give_all(g, ANN)
    give(g, BOB, 10, 17, 36)
    roll(g)
    g.act(ChooseDestination(player=ANN, space=14))
    assert pos(g)[ANN] == 17 and cash(g) == [2500 - 120, 2620, 2500]
    ok(g)


def test_S7_move_without_dice_rolls_once_on_arrival_symbol_counts_zero():
    g = new_game(dice=[(3, 4, "mr")])
    give_all(g, ANN)
    give(g, BOB, 10, 17, 36)
    place(g, ANN, 13)
    g.st.players[ANN].bus_tickets.append(g.st.decks.bus.pop(0))
    restart_turn(g, ANN)
    g.act(PlayBusTicket(player=ANN, destination=14))
    assert pos(g)[ANN] == 17 and cash(g) == [2500 - 140, 2640, 2500]
    assert g.st.script == []
    assert pend(g) == ("turn", BOB)
    ok(g)


# ============================================================================ S8 Bus Ticket space
def test_S8_bus_ticket_space_takes_the_top_ticket():
    g = new_game(dice=[(1, 2, 3)])
    place(g, ANN, 26)
    top(g, "bus", "BT02")
    roll(g)
    assert pos(g)[ANN] == 32 and g.st.players[ANN].bus_tickets == ["BT02"]
    assert len(g.st.decks.bus) == 15 and pend(g) == ("turn", BOB)
    ok(g)


def test_S8_expire_ticket_drawn_on_the_space_removes_every_other_ticket():
    g = new_game(dice=[(1, 2, 3)])
    place(g, ANN, 26)
    for p, t in ((BOB, "BT01"), (ANN, "BT02"), (BOB, "BT03")):
        g.st.decks.bus.remove(t)
        g.st.players[p].bus_tickets.append(t)
    top(g, "bus", "BX02")
    roll(g)
    assert g.st.players[ANN].bus_tickets == ["BX02"] and g.st.players[BOB].bus_tickets == []
    assert sorted(g.st.decks.bus_out) == ["BT01", "BT02", "BT03"] and len(g.st.decks.bus) == 12
    ok(g)


def test_S8_no_tickets_left_nothing():
    g = new_game(dice=[(1, 2, 3)])
    place(g, ANN, 26)
    g.st.decks.bus_out += g.st.decks.bus
    g.st.decks.bus.clear()
    roll(g)
    assert pos(g)[ANN] == 32 and g.st.players[ANN].bus_tickets == [] and pend(g) == ("turn", BOB)
    ok(g)


# ============================================================================ S9 Birthday Gift
def test_S9_birthday_gift_take_100():
    g = new_game(dice=[(1, 2, 3)])
    place(g, ANN, 41)
    roll(g)
    assert pos(g)[ANN] == 47 and pend(g) == ("birthday", ANN)
    illegal(g, BirthdayChoice(player=BOB, choice="cash"), "Ann")
    g.act(BirthdayChoice(player=ANN, choice="cash"))
    assert cash(g)[ANN] == 2600 and g.st.players[ANN].bus_tickets == [] and pend(g) == ("turn", BOB)
    ok(g)


def test_S9_birthday_gift_take_a_bus_ticket():
    g = new_game(dice=[(1, 2, 3)])
    place(g, ANN, 41)
    top(g, "bus", "BT09")
    roll(g)
    g.act(BirthdayChoice(player=ANN, choice="ticket"))
    assert cash(g)[ANN] == 2500 and g.st.players[ANN].bus_tickets == ["BT09"]
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_S9_no_tickets_left_take_100_without_being_asked():
    g = new_game(dice=[(1, 2, 3)])
    place(g, ANN, 41)
    g.st.decks.bus_out += g.st.decks.bus
    g.st.decks.bus.clear()
    roll(g)
    assert cash(g)[ANN] == 2600 and pend(g) == ("turn", BOB)
    ok(g)
