"""Scenario tests for the [Classic] rules of RULES.md, played on the classic edition.

Each test builds a classic game with scripted dice and the seats in the given order (Ann, Bob, Cid),
arranges the board by writing ``game.st`` directly while Ann's first "turn" decision is pending
(deeds with their pieces taken from the bank, positions, cash, deck order), then plays real actions
through :meth:`Game.act` and checks exact cash, positions, deeds and the invariants (I1-I6).
With no Speed Die every throw is two white dice (T2, G5).

The scenario helpers are tests/kit.py's (``cash`` reads everybody's cash, ``ok`` checks the
invariants); ``new_game`` here makes classic games.
"""

from __future__ import annotations

from typing import Iterable, Sequence

import pytest

import kit
from kit import ANN, BOB, CID, NAMES, give, illegal, kinds, pend, place, pos, salaries, script, texts, top
from kit import cashes as cash
from kit import sound as ok
from megamono.rules.actions import (
    AcceptTrade, Bid, BirthdayChoice, Build, BuildDepot, BusChoice, Buy, ChooseDestination,
    DeclineBuy, DropOut, IncomeTaxChoice, Level, Mortgage, PayJailFine, PickAuctionDeed, PlayBusTicket,
    ProposeTrade, Roll, RollForDoubles, SellBuilding, SellDepot, UseJailCard,
)
from megamono.rules.engine import Game
from megamono.rules.state import TradeSide

MEGA_ONLY_KINDS = {"play_bus_ticket", "build_depot", "sell_depot", "choose_destination", "bus_choice",
                   "birthday_choice", "income_tax_choice", "pick_auction_deed", "level"}

# board indices of the classic edition
GO, INCOME_TAX, READING, ORIENTAL, CHANCE1, VERMONT, CONNECTICUT, JAIL = 0, 4, 5, 6, 7, 8, 9, 10
MEDITERRANEAN, BALTIC = 1, 3
ST_CHARLES, ELECTRIC, STATES, VIRGINIA, PENN_RR = 11, 12, 13, 14, 15
TENNESSEE, CHEST2, NEW_YORK, CHANCE2, ILLINOIS, BANDO = 18, 17, 19, 22, 24, 25
WATER_WORKS, GO_TO_JAIL, CHEST3, SHORT_LINE, CHANCE3 = 28, 30, 33, 35, 36
PARK_PLACE, LUXURY_TAX, BOARDWALK = 37, 38, 39


# ============================================================================ helpers
# The common ones are tests/kit.py's (imported above); these are the classic-only ones.
def new_game(n: int = 3, dice: Iterable[Sequence] | None = None, cash: int | Sequence[int] | None = None) -> Game:
    """A classic game of ``n`` players (Ann, Bob, Cid, ...) in seat order, Ann to play."""
    return kit.new_game(n, dice, cash, edition="classic")


def roll_to(game: Game, space: int, throw: tuple[int, int] = (1, 2), player: int = ANN) -> None:
    """Put ``player`` ``sum(throw)`` spaces before ``space`` and roll ``throw`` to land there
    (the token may then move on: a card, Go To Jail)."""
    place(game, player, (space - sum(throw)) % game.ed.size)
    game.st.script.insert(0, list(throw))  # before any throw already queued for later
    start = len(game.st.log)
    game.act(Roll(player=player))
    moves = [e.space for e in game.st.log[start:] if e.kind == "move" and e.player == player]
    assert moves[:1] == [space], moves


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
    g = new_game(dice=[(3, 3), (1, 2)])
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
    g = new_game()
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
