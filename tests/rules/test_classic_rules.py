"""Scenario tests for the [Classic] rules of RULES.md, played on the classic edition.

Each test builds a classic game with scripted dice and the seats in the given order (Ann, Bob, Cid),
arranges the board by writing ``game.st`` directly while Ann's first "turn" decision is pending
(deeds with their pieces taken from the bank, positions, cash, deck order), then plays real actions
through :meth:`Game.act` and checks exact cash, positions, deeds and the invariants (I1-I6).
With no Speed Die every throw is two white dice (T2, G5).

The scenario helpers are tests/kit.py's (``cash`` reads everybody's cash, ``ok`` checks the
invariants); tests/rules/classic_kit.py holds the classic board indices, ``new_game`` (classic games)
and ``roll_to``.
"""
from __future__ import annotations

import pytest
from classic_kit import (  # board indices and helpers
    BALTIC,
    BANDO,
    BOARDWALK,
    CONNECTICUT,
    ELECTRIC,
    GO,
    INCOME_TAX,
    JAIL,
    LUXURY_TAX,
    MEDITERRANEAN,
    MEGA_ONLY_KINDS,
    NEW_YORK,
    ORIENTAL,
    PARK_PLACE,
    PENN_RR,
    READING,
    SHORT_LINE,
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
    AcceptTrade,
    Bid,
    BirthdayChoice,
    Build,
    BuildDepot,
    BusChoice,
    Buy,
    ChooseDestination,
    DeclineBuy,
    DropOut,
    IncomeTaxChoice,
    Level,
    Mortgage,
    PickAuctionDeed,
    PlayBusTicket,
    ProposeTrade,
    Roll,
    SellBuilding,
    SellDepot,
)
from megamono.rules.decisions import TradeSide
from megamono.rules.engine import Game

from kit import ANN, BOB, CID, NAMES, SEAT_ORDER, give, illegal, kinds, pend, place, pos, salaries, texts
from kit import cashes as cash
from kit import sound as ok


# ============================================================================ G3, G4: players and money
@pytest.mark.parametrize("n", [2, 6])
def test_G3_classic_takes_2_to_6_players(n):
    g = Game.new("classic", list(NAMES[:n]), seed=1, seat_order=True)
    assert len(g.st.players) == n
    assert pend(g) == ("turn", 0)
    ok(g)


@pytest.mark.parametrize("n", [1, 7])
def test_G3_classic_refuses_other_player_counts(n):
    with pytest.raises(ValueError, match="2 to 6 players"):
        Game.new("classic", list(NAMES[:n]), seed=1, seat_order=True)


def test_G4_classic_starting_cash_is_1500():
    g = new_game(6)
    assert cash(g) == [1500] * 6
    assert pos(g) == [GO] * 6  # G7


def test_G7_classic_decks_are_shuffled_without_bus_tickets():
    g = new_game()
    d = g.st.decks
    assert sorted(d.chance) == [f"CH{i:02d}" for i in range(1, 17)]
    assert sorted(d.community_chest) == [f"CC{i:02d}" for i in range(1, 17)]
    assert d.chance != sorted(d.chance) or d.community_chest != sorted(d.community_chest)
    assert d.bus == [] and d.bus_out == []
    assert (g.st.bank.houses, g.st.bank.hotels, g.st.bank.skyscrapers, g.st.bank.depots) == (32, 12, 0, 0)


# ============================================================================ G6: turn order
def test_G6_classic_highest_roller_starts_then_seat_order():
    # Ann 3, Bob 11, Cid 4, Dee 6: Bob starts, then the seats as entered (not ranked by totals).
    g = Game.new("classic", ["Ann", "Bob", "Cid", "Dee"], seed=1, dice=[(1, 2), (6, 5), (2, 2), (3, 3)])
    assert [p.name for p in g.st.players] == ["Bob", "Cid", "Dee", "Ann"]
    assert pend(g) == ("turn", 0)
    assert g.st.script == []  # exactly one throw each
    assert "Seats: Bob, Cid, Dee, Ann" in texts(g)
    ok(g)


def test_G6_classic_ties_re_roll_among_the_tied_only():
    # Ann 12, Bob 2, Cid 12: Ann and Cid re-roll (Ann 3, Cid 8): Cid starts, then Ann, Bob.
    g = Game.new("classic", ["Ann", "Bob", "Cid"], seed=1,
                 dice=[(6, 6), (1, 1), (6, 6), (2, 1), (4, 4)])
    assert [p.name for p in g.st.players] == ["Cid", "Ann", "Bob"]
    assert g.st.script == []
    order_rolls = [t for t in texts(g) if "for turn order" in t]
    assert [t.split()[0] for t in order_rolls] == ["Ann", "Bob", "Cid", "Ann", "Cid"]
    assert pend(g) == ("turn", 0)


def test_G6_classic_turns_follow_the_seats_after_the_starter():
    g = Game.new("classic", ["Ann", "Bob", "Cid"], seed=1,
                 dice=[(1, 2), (1, 1), (6, 5), (1, 2), (1, 3), (2, 3)])
    assert [p.name for p in g.st.players] == ["Cid", "Ann", "Bob"]
    seen = []
    for _ in range(3):
        seen.append(g.st.players[g.pending.player].name)
        assert g.pending.kind == "turn"
        g.act(Roll(player=g.pending.player))
        if g.pending.kind == "buy":
            g.act(Buy(player=g.pending.player))
    assert seen == ["Cid", "Ann", "Bob"]
    assert g.st.players[g.pending.player].name == "Cid"


# ============================================================================ T2: the roll
def test_T2_classic_two_dice_move_the_total():
    g = new_game(dice=[(4, 5)])
    assert [a.kind for a in g.legal_actions(ANN)] == ["roll"]
    g.act(Roll(player=ANN))
    assert g.st.turn.last_throw.white == (4, 5) and g.st.turn.last_throw.speed is None
    assert pos(g) == [CONNECTICUT, GO, GO]
    assert pend(g) == ("buy", ANN)
    g.act(Buy(player=ANN))
    assert g.st.deeds[CONNECTICUT].owner == ANN
    assert cash(g) == [1380, 1500, 1500]
    assert pend(g) == ("turn", BOB)  # no doubles: the turn passes (T5)
    ok(g)


def test_T2_classic_three_tuple_throw_ignores_a_speed_face():
    g = new_game(dice=[(2, 3, 1)])
    g.act(Roll(player=ANN))
    assert pos(g)[ANN] == READING  # 5, not 6
    assert g.st.turn.last_throw.speed is None


def test_T2_classic_doubles_roll_again_after_resolving_the_space():
    g = new_game(dice=[(3, 3), (1, 2)], options=SEAT_ORDER)
    g.act(Roll(player=ANN))
    assert pos(g)[ANN] == ORIENTAL
    assert pend(g) == ("buy", ANN)  # the space is resolved first
    g.act(Buy(player=ANN))
    assert pend(g) == ("turn", ANN) and g.pending.roll_again
    g.act(Roll(player=ANN))
    assert pos(g)[ANN] == CONNECTICUT
    g.act(DeclineBuy(player=ANN))
    for p in (BOB, CID, ANN):
        g.act(DropOut(player=p))
    assert pend(g) == ("turn", BOB)
    assert cash(g) == [1400, 1500, 1500]
    ok(g)


def test_T2_J1_classic_third_doubles_go_to_jail_without_moving():
    g = new_game(dice=[(3, 3), (4, 4), (5, 5)])
    give(g, ANN, ORIENTAL, VIRGINIA)  # her own deeds: nothing to resolve on the way
    g.act(Roll(player=ANN))
    assert pend(g) == ("turn", ANN) and pos(g)[ANN] == ORIENTAL
    g.act(Roll(player=ANN))
    assert pend(g) == ("turn", ANN) and pos(g)[ANN] == VIRGINIA
    g.act(Roll(player=ANN))
    ann = g.st.players[ANN]
    assert (ann.position, ann.in_jail) == (JAIL, True)  # not Illinois Avenue (24)
    assert ann.cash == 1500  # no salary, no rent, nothing bought
    assert "Ann moves to Illinois Avenue" not in texts(g)
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_T4_classic_passing_go_pays_200():
    g = new_game(dice=[(4, 5)])
    place(g, ANN, 35)
    g.act(Roll(player=ANN))
    assert pos(g)[ANN] == 4  # Income Tax: 35 + 9 - 40
    assert cash(g)[ANN] == 1500 + 200 - 200
    assert salaries(g, ANN) == 1


# ============================================================================ R1: street rent
def test_R1_classic_base_rent_doubled_with_the_whole_group():
    g = new_game()
    give(g, BOB, ORIENTAL, VERMONT, CONNECTICUT)
    roll_to(g, CONNECTICUT, (4, 5))
    assert cash(g) == [1500 - 16, 1500 + 16, 1500]
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_R1_classic_doubled_even_if_another_lot_is_mortgaged():
    g = new_game()
    give(g, BOB, ORIENTAL, CONNECTICUT)
    give(g, BOB, VERMONT, mortgaged=True)
    roll_to(g, CONNECTICUT, (4, 5))
    assert cash(g) == [1484, 1516, 1500]
    ok(g)


def test_R1_R6_classic_mortgaged_lot_itself_earns_nothing():
    g = new_game()
    give(g, BOB, ORIENTAL, VERMONT)
    give(g, BOB, CONNECTICUT, mortgaged=True)
    roll_to(g, CONNECTICUT, (4, 5))
    assert cash(g) == [1500, 1500, 1500]
    ok(g)


def test_R1_classic_all_lots_but_one_is_not_enough_to_double():
    # Mega's majority rule (R2) would double this; classic only doubles the whole group.
    g = new_game()
    give(g, BOB, ORIENTAL, VERMONT)
    roll_to(g, ORIENTAL, (2, 4))
    assert cash(g) == [1494, 1506, 1500]
    ok(g)


def test_R1_classic_two_lot_group_doubled():
    g = new_game()
    give(g, BOB, PARK_PLACE, BOARDWALK)
    roll_to(g, BOARDWALK, (1, 2))
    assert cash(g) == [1400, 1600, 1500]
    ok(g)


def test_R1_classic_unbuilt_lot_of_a_partly_built_group_is_doubled():
    g = new_game()
    give(g, BOB, ORIENTAL, VERMONT, level=1)
    give(g, BOB, CONNECTICUT)
    roll_to(g, CONNECTICUT, (4, 5))
    assert cash(g) == [1484, 1516, 1500]
    ok(g)


@pytest.mark.parametrize("level,rent", [(1, 40), (2, 100), (3, 300), (4, 450), (5, 600)])
def test_R1_B3_classic_built_rent_follows_the_deed_ladder(level, rent):
    g = new_game()
    give(g, BOB, ORIENTAL, VERMONT, level=min(level, 4))
    give(g, BOB, CONNECTICUT, level=level)
    roll_to(g, CONNECTICUT, (4, 5))
    assert cash(g) == [1500 - rent, 1500 + rent, 1500]
    ok(g)


def test_R3_classic_railroads_mortgaged_ones_count():
    g = new_game()
    give(g, BOB, READING, BANDO)
    give(g, BOB, SHORT_LINE, mortgaged=True)
    roll_to(g, READING, (1, 4))
    assert cash(g) == [1400, 1600, 1500]  # 3 railroads: $100
    ok(g)


# ============================================================================ R4, R5: utilities
def test_R4_R5_classic_one_utility_is_4x_the_two_dice():
    g = new_game()
    give(g, BOB, ELECTRIC)
    roll_to(g, ELECTRIC, (4, 5))
    assert cash(g) == [1500 - 36, 1500 + 36, 1500]
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_R4_R5_classic_two_utilities_are_10x_even_if_one_is_mortgaged():
    g = new_game()
    give(g, BOB, ELECTRIC)
    give(g, BOB, WATER_WORKS, mortgaged=True)
    roll_to(g, ELECTRIC, (4, 5))
    assert cash(g) == [1410, 1590, 1500]
    ok(g)


def test_R4_R5_classic_utility_reached_by_doubles_uses_that_throw_then_rolls_again():
    g = new_game()
    give(g, BOB, ELECTRIC, WATER_WORKS)
    roll_to(g, WATER_WORKS, (3, 3))
    assert cash(g) == [1440, 1560, 1500]
    assert pend(g) == ("turn", ANN) and g.pending.roll_again
    ok(g)


# ============================================================================ B1-B4: buildings
def test_B1_classic_building_needs_the_whole_group_not_a_majority():
    g = new_game()
    give(g, ANN, ORIENTAL, VERMONT)
    illegal(g, Build(player=ANN, space=ORIENTAL), "whole colour group")
    assert "build" not in kinds(g)
    give(g, ANN, CONNECTICUT)
    assert {a.space for a in g.legal_actions(ANN) if a.kind == "build"} == {ORIENTAL, VERMONT, CONNECTICUT}
    g.act(Build(player=ANN, space=ORIENTAL))
    assert g.st.deeds[ORIENTAL].level == 1
    assert cash(g)[ANN] == 1450
    assert g.st.bank.houses == 31
    assert pend(g) == ("turn", ANN)
    ok(g)


def test_B1_classic_no_building_while_a_lot_of_the_group_is_mortgaged():
    g = new_game()
    give(g, ANN, ORIENTAL, VERMONT)
    give(g, ANN, CONNECTICUT, mortgaged=True)
    illegal(g, Build(player=ANN, space=ORIENTAL), "mortgaged")
    assert "build" not in kinds(g)


def test_B1_classic_railroads_and_utilities_take_no_buildings():
    g = new_game()
    give(g, ANN, READING, PENN_RR, BANDO, SHORT_LINE, ELECTRIC, WATER_WORKS)
    illegal(g, Build(player=ANN, space=READING), "not a street")
    illegal(g, Build(player=ANN, space=ELECTRIC), "not a street")


def test_B2_classic_build_evenly():
    g = new_game()
    give(g, ANN, MEDITERRANEAN, BALTIC)
    g.act(Build(player=ANN, space=MEDITERRANEAN))
    illegal(g, Build(player=ANN, space=MEDITERRANEAN), "evenly")
    g.act(Build(player=ANN, space=BALTIC))
    g.act(Build(player=ANN, space=BALTIC))
    assert [g.st.deeds[i].level for i in (MEDITERRANEAN, BALTIC)] == [1, 2]
    assert cash(g)[ANN] == 1350
    ok(g)


def test_B3_classic_hotel_replaces_four_houses_and_is_the_top_level():
    g = new_game()
    give(g, ANN, MEDITERRANEAN, BALTIC, level=4)
    assert (g.st.bank.houses, g.st.bank.hotels) == (24, 12)
    g.act(Build(player=ANN, space=MEDITERRANEAN))
    assert g.st.deeds[MEDITERRANEAN].level == 5
    assert (g.st.bank.houses, g.st.bank.hotels) == (28, 11)
    assert cash(g)[ANN] == 1450
    # no skyscrapers in the classic edition (B3.1 is [Mega])
    illegal(g, Build(player=ANN, space=MEDITERRANEAN), "fully built")
    g.act(Build(player=ANN, space=BALTIC))
    assert (g.st.bank.houses, g.st.bank.hotels, g.st.bank.skyscrapers) == (32, 10, 0)
    illegal(g, Build(player=ANN, space=BALTIC), "fully built")
    assert "build" not in kinds(g)
    ok(g)


def test_B3_classic_hotel_needs_four_houses_on_every_other_lot():
    g = new_game()
    give(g, ANN, ORIENTAL, VERMONT, level=4)
    give(g, ANN, CONNECTICUT, level=3)
    illegal(g, Build(player=ANN, space=ORIENTAL), "evenly")
    g.act(Build(player=ANN, space=CONNECTICUT))
    g.act(Build(player=ANN, space=ORIENTAL))
    assert [g.st.deeds[i].level for i in (ORIENTAL, VERMONT, CONNECTICUT)] == [5, 4, 4]
    ok(g)


def test_B4_classic_no_house_left_means_no_build():
    g = new_game()
    give(g, ANN, MEDITERRANEAN, BALTIC)
    give(g, BOB, ORIENTAL, VERMONT, CONNECTICUT, ST_CHARLES, STATES, VIRGINIA, 16, TENNESSEE, NEW_YORK,
         level=3)  # 27 houses
    give(g, CID, 31, 32, level=2)
    give(g, CID, 34, level=1)  # 5 more: all 32 are out
    assert g.st.bank.houses == 0 and g.st.bank.hotels == 12
    illegal(g, Build(player=ANN, space=MEDITERRANEAN), "no houses")
    ok(g)


def test_B5_classic_selling_a_hotel_returns_four_houses_for_half_a_step():
    g = new_game()
    give(g, ANN, PARK_PLACE, BOARDWALK, level=5)
    g.act(SellBuilding(player=ANN, space=BOARDWALK))
    assert g.st.deeds[BOARDWALK].level == 4
    assert (g.st.bank.houses, g.st.bank.hotels) == (28, 11)
    assert cash(g)[ANN] == 1600
    ok(g)


# ============================================================================ no Mega pieces
def test_B3_B6_K7_classic_never_offers_skyscrapers_depots_or_bus_tickets():
    g = new_game()
    give(g, ANN, READING, PENN_RR)
    give(g, ANN, PARK_PLACE, BOARDWALK, level=5)
    give(g, BOB, BANDO, SHORT_LINE)
    offered = kinds(g)
    assert not offered & MEGA_ONLY_KINDS, offered
    assert {a.space for a in g.legal_actions() if a.kind == "build"} == set()
    illegal(g, BuildDepot(player=ANN, space=READING), "no depots")
    illegal(g, SellDepot(player=ANN, space=READING))
    illegal(g, Build(player=ANN, space=BOARDWALK), "fully built")
    illegal(g, PlayBusTicket(player=ANN, destination=CONNECTICUT), "no Bus Ticket")
    illegal(g, BusChoice(player=ANN, choice="ticket"))
    illegal(g, BirthdayChoice(player=ANN, choice="cash"))
    illegal(g, ChooseDestination(player=ANN, space=BOARDWALK))
    illegal(g, PickAuctionDeed(player=ANN, space=ORIENTAL))
    illegal(g, IncomeTaxChoice(player=ANN, choice="percent"))
    illegal(g, Level(player=ANN, choice="build"))
    ok(g)


# ============================================================================ S3: taxes
def test_S3_classic_income_tax_is_a_flat_200_without_a_choice():
    g = new_game()
    give(g, ANN, BOARDWALK)  # would change a percentage: there is none
    roll_to(g, INCOME_TAX, (1, 3))
    assert pend(g) == ("turn", BOB)  # no income_tax decision
    assert cash(g) == [1300, 1500, 1500]
    assert not any(a.kind == "income_tax_choice" for a in g.legal_actions())
    ok(g)


def test_S3_classic_luxury_tax_is_100():
    g = new_game()
    roll_to(g, LUXURY_TAX, (1, 2))
    assert pend(g) == ("turn", BOB)
    assert cash(g) == [1400, 1500, 1500]
    ok(g)


def test_S3_D1_classic_tax_beyond_cash_is_a_debt():
    g = new_game(cash=[150, 1500, 1500])
    give(g, ANN, BOARDWALK)
    roll_to(g, INCOME_TAX, (1, 3))
    assert pend(g) == ("debt", ANN) and g.pending.amount == 200
    g.act(Mortgage(player=ANN, space=BOARDWALK))
    g.act({"kind": "pay_debt", "player": ANN})
    assert cash(g) == [150, 1500, 1500]
    assert pend(g) == ("turn", BOB)
    ok(g)


# ============================================================================ B8 does not apply
def test_B8_classic_buying_the_last_lot_asks_for_no_levelling():
    g = new_game()
    give(g, ANN, ORIENTAL, VERMONT)
    roll_to(g, CONNECTICUT, (4, 5))
    g.act(Buy(player=ANN))
    assert g.st.deeds[CONNECTICUT].owner == ANN
    assert pend(g) == ("turn", BOB)
    assert not any(s.kind == "levelling" for s in g.st.agenda)
    illegal(g, Level(player=ANN, choice="build"))
    assert "build" in {a.kind for a in g.legal_actions(ANN)}  # the whole group: she may build now
    ok(g)


def test_B8_M3_classic_mortgaged_last_lot_by_trade_asks_only_the_mortgage_choice():
    g = new_game()
    give(g, ANN, ORIENTAL, VERMONT)
    give(g, BOB, CONNECTICUT, mortgaged=True)
    g.act(ProposeTrade(player=ANN, partner=BOB, give=TradeSide(cash=100),
                       take=TradeSide(deeds=[CONNECTICUT])))
    g.act(AcceptTrade(player=BOB))
    assert pend(g) == ("mortgaged_deed", ANN)  # M3 applies; levelling (B8) does not
    assert "level" not in {a.kind for a in g.legal_actions(ANN)}
    g.act({"kind": "mortgaged_deed_choice", "player": ANN, "choice": "keep"})
    assert cash(g) == [1500 - 100 - 6, 1600, 1500]
    assert g.st.deeds[CONNECTICUT].owner == ANN and g.st.deeds[CONNECTICUT].mortgaged
    assert pend(g) == ("turn", ANN)
    ok(g)


# ============================================================================ A: auctions on classic
def test_A1_classic_declined_deed_is_auctioned_from_the_left():
    g = new_game(options=SEAT_ORDER)
    roll_to(g, BOARDWALK, (1, 2))
    g.act(DeclineBuy(player=ANN))
    assert pend(g) == ("bid", BOB)
    g.act(Bid(player=BOB, amount=10))
    g.act(DropOut(player=CID))
    g.act(Bid(player=ANN, amount=11))
    g.act(DropOut(player=BOB))
    assert g.st.deeds[BOARDWALK].owner == ANN
    assert cash(g) == [1489, 1500, 1500]
    ok(g)
