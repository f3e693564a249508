"""Scenario tests for RULES.md K (Chance, Community Chest, Bus Tickets), Mega edition.

Every card of both Mega decks (data/mega-board.md section (e)) is drawn in play, from each
card space where its effect depends on the space.
"""

from __future__ import annotations

import pytest
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
    salaries,
    top,
)
from megamono.rules.actions import BusChoice, Buy, DeclineBuy, DropOut, PlayBusTicket

from kit import SEAT_ORDER


def draw_at(g, space, card, then=()):
    """Ann rolls 1+2+3 onto card ``space`` with ``card`` on top of its deck; ``then`` are further
    scripted throws (e.g. a utility roll)."""
    deck = "chance" if card.startswith("CH") else "community_chest"
    top(g, deck, card)
    place(g, ANN, (space - 6) % 52)
    g.st.script = [[1, 2, 3], *[list(t) for t in then]]
    roll(g)


def at_bottom(g, card):
    deck = g.st.decks.chance if card.startswith("CH") else g.st.decks.community_chest
    return deck[-1] == card and len(deck) == 16


# ============================================================================ K2 decks
def test_K2_mega_decks_are_the_pre_2008_us_decks():
    g = new_game()
    ch = {c.id: c for c in g.ed.chance}
    cc = {c.id: c for c in g.ed.community_chest}
    assert sorted(ch) == [f"CH{i:02d}" for i in range(1, 17)]
    assert sorted(cc) == [f"CC{i:02d}" for i in range(1, 17)]
    assert [ch[k].destination for k in ("CH01", "CH02", "CH03", "CH13", "CH14")] == [0, 30, 16, 6, 51]
    assert [ch[k].nearest for k in ("CH04", "CH05", "CH06")] == ["utility", "railroad", "railroad"]
    assert (ch["CH09"].effect, ch["CH09"].spaces) == ("back", 3)
    assert (ch["CH11"].per_house, ch["CH11"].per_hotel) == (25, 100)
    assert (cc["CC14"].per_house, cc["CC14"].per_hotel) == (40, 115)
    assert (ch["CH15"].effect, ch["CH15"].amount) == ("pay_each_player", 50)
    assert (cc["CC07"].effect, cc["CC07"].amount) == ("collect_from_each_player", 50)
    assert ch["CH10"].effect == cc["CC06"].effect == "go_to_jail"
    assert ch["CH08"].effect == cc["CC05"].effect == "get_out_of_jail_free"


# ============================================================================ K1 cash cards
CASH_CARDS = [("CH07", 50), ("CH12", -15), ("CH16", 150), ("CC02", 200), ("CC03", -50), ("CC04", 45),
              ("CC08", 100), ("CC09", 20), ("CC10", 100), ("CC11", -100), ("CC12", -150), ("CC13", 25),
              ("CC15", 10), ("CC16", 100)]


@pytest.mark.parametrize("card,delta", CASH_CARDS)
def test_K1_cash_card_obeyed_and_put_at_the_bottom(card, delta):
    g = new_game()
    draw_at(g, 28 if card.startswith("CH") else 22, card)
    assert cash(g) == [2500 + delta, 2500, 2500]
    assert at_bottom(g, card)
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_K1_card_that_cannot_be_paid_puts_the_player_in_debt():
    g = new_game(cash=[100, 2500, 2500])
    give(g, ANN, 1)
    draw_at(g, 22, "CC12")
    assert pend(g) == ("debt", ANN) and g.pending.amount == 150
    ok(g)


# ============================================================================ K1 Get Out of Jail Free
@pytest.mark.parametrize("card", ["CH08", "CC05"])
def test_K1_get_out_of_jail_free_is_kept(card):
    g = new_game()
    draw_at(g, 9 if card.startswith("CH") else 22, card)
    assert g.st.players[ANN].gojf == [card]
    deck = g.st.decks.chance if card.startswith("CH") else g.st.decks.community_chest
    assert card not in deck and len(deck) == 15
    assert pend(g) == ("turn", BOB)
    ok(g)


# ============================================================================ K3 advance to
@pytest.mark.parametrize("card,space", [("CH01", 9), ("CH01", 28), ("CH01", 46), ("CC01", 2),
                                        ("CC01", 22), ("CC01", 43)])
def test_K3_advance_to_go_pays_the_salary_once(card, space):
    g = new_game()
    draw_at(g, space, card)
    passed_on_roll = 200 if space == 2 else 0  # rolling from 48 to 2 passes GO first
    assert pos(g)[ANN] == 0
    assert cash(g)[ANN] == 2500 + passed_on_roll + 200
    assert at_bottom(g, card) and pend(g) == ("turn", BOB)
    ok(g)


@pytest.mark.parametrize("space,salary", [(9, 0), (28, 0), (46, 200)])
def test_K3_advance_to_illinois_salary_only_when_passing_go(space, salary):
    g = new_game()
    draw_at(g, space, "CH02")
    assert pos(g)[ANN] == 30 and cash(g)[ANN] == 2500 + salary
    assert pend(g) == ("buy", ANN) and g.pending.space == 30
    ok(g)


@pytest.mark.parametrize("space,salary", [(9, 0), (28, 200), (46, 200)])
def test_K3_advance_to_st_charles_place(space, salary):
    g = new_game()
    give(g, BOB, 16)
    draw_at(g, space, "CH03")
    assert pos(g)[ANN] == 16 and cash(g) == [2500 + salary - 10, 2510, 2500]
    assert pend(g) == ("turn", BOB)
    ok(g)


@pytest.mark.parametrize("space", [9, 28, 46])
def test_K3_ride_on_the_reading_always_passes_go_and_pays_normal_rent(space):
    g = new_game()
    give(g, BOB, 6)
    draw_at(g, space, "CH13")
    assert pos(g)[ANN] == 6 and cash(g) == [2500 + 200 - 25, 2525, 2500]
    ok(g)


@pytest.mark.parametrize("space", [9, 28, 46])
def test_K3_walk_on_the_boardwalk_never_passes_go(space):
    g = new_game()
    give(g, BOB, 51)
    draw_at(g, space, "CH14")
    assert pos(g)[ANN] == 51 and cash(g) == [2450, 2550, 2500]
    assert salaries(g, ANN) == 0
    ok(g)


# ============================================================================ K3 go back 3
def test_K3_go_back_3_from_9_to_reading_resolves_it_no_salary():
    g = new_game()
    draw_at(g, 9, "CH09")
    assert pos(g)[ANN] == 6 and cash(g)[ANN] == 2500
    assert pend(g) == ("buy", ANN) and g.pending.space == 6
    g.act(DeclineBuy(player=ANN))
    assert pend(g) == ("bid", BOB)
    ok(g)


def test_K3_go_back_3_from_28_pays_rent_at_new_jersey_avenue():
    g = new_game()
    give(g, BOB, 25)
    draw_at(g, 28, "CH09")
    assert pos(g)[ANN] == 25 and cash(g) == [2484, 2516, 2500]
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_K3_go_back_3_from_46_draws_community_chest_at_43():
    g = new_game()
    top(g, "community_chest", "CC13")
    draw_at(g, 46, "CH09")
    assert pos(g)[ANN] == 43 and cash(g)[ANN] == 2525
    assert at_bottom(g, "CH09") and at_bottom(g, "CC13")
    ok(g)


# ============================================================================ K3, J1 go to jail
@pytest.mark.parametrize("card,space", [("CH10", 46), ("CC06", 43), ("CC06", 2)])
def test_K3_go_to_jail_card_no_salary(card, space):
    g = new_game()
    draw_at(g, space, card)
    a = g.st.players[ANN]
    assert a.position == 13 and a.in_jail
    assert a.cash == 2500 + (200 if space == 2 else 0)  # only the roll past GO pays
    assert at_bottom(g, card) and pend(g) == ("turn", BOB)
    ok(g)


def test_K3_go_to_jail_card_ends_a_doubles_turn():
    g = new_game(dice=[(4, 4, 1)])
    top(g, "chance", "CH10")
    roll(g)
    assert pos(g)[ANN] == 13 and g.st.players[ANN].in_jail
    assert pend(g) == ("turn", BOB)


# ============================================================================ K4 nearest railroad
@pytest.mark.parametrize("card", ["CH05", "CH06"])
@pytest.mark.parametrize("space,dest,salary", [(9, 20, 0), (28, 33, 0), (46, 6, 200)])
def test_K4_nearest_railroad_unowned_may_buy(card, space, dest, salary):
    g = new_game()
    draw_at(g, space, card)
    assert pos(g)[ANN] == dest and cash(g)[ANN] == 2500 + salary
    assert pend(g) == ("buy", ANN) and g.pending.space == dest and g.pending.amount == 200
    g.act(Buy(player=ANN))
    assert g.st.deeds[dest].owner == ANN and pend(g) == ("turn", BOB)
    ok(g)


def test_K4_ex3_nearest_railroad_doubles_the_depot_rent():
    g = new_game()
    give(g, BOB, 6)
    give(g, BOB, 20, depot=True)
    draw_at(g, 9, "CH05")
    assert pos(g)[ANN] == 20 and cash(g) == [2300, 2700, 2500]  # 50 x depot 2 x card 2
    ok(g)


def test_K4_nearest_railroad_from_46_passes_go_twice_rent():
    g = new_game()
    give(g, BOB, 6, 20)
    draw_at(g, 46, "CH06")
    assert pos(g)[ANN] == 6 and cash(g) == [2500 + 200 - 100, 2600, 2500]
    ok(g)


def test_K4_ex5_nearest_railroad_mortgaged_pays_nothing():
    g = new_game()
    give(g, BOB, 6, mortgaged=True)
    give(g, BOB, 20, depot=True)
    draw_at(g, 46, "CH05")
    assert pos(g)[ANN] == 6 and cash(g) == [2700, 2500, 2500]
    ok(g)


def test_K4_nearest_railroad_four_railroads_depot_card_800():
    g = new_game()
    give(g, BOB, 6, 20, 45)
    give(g, BOB, 33, depot=True)
    draw_at(g, 28, "CH05")
    assert pos(g)[ANN] == 33 and cash(g) == [1700, 3300, 2500]
    ok(g)


# ============================================================================ K5 nearest utility
@pytest.mark.parametrize("space,dest,salary", [(9, 10, 0), (28, 36, 0), (46, 10, 200)])
def test_K5_nearest_utility_unowned_may_buy_else_auction(space, dest, salary):
    g = new_game()
    draw_at(g, space, "CH04")
    assert pos(g)[ANN] == dest and cash(g)[ANN] == 2500 + salary
    assert pend(g) == ("buy", ANN) and g.pending.space == dest and g.pending.amount == 150
    g.act(DeclineBuy(player=ANN))
    assert pend(g) == ("bid", BOB) and g.pending.space == dest
    ok(g)


def test_K5_nearest_utility_owned_pays_10x_a_fresh_three_dice_roll_even_with_three_utilities():
    g = new_game()
    give(g, BOB, 10, 17, 36)
    draw_at(g, 28, "CH04", then=[(3, 4, 2)])
    assert pos(g)[ANN] == 36 and cash(g) == [2500 - 90, 2590, 2500]
    assert g.st.script == []
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_K5_nearest_utility_speed_die_symbol_counts_zero_and_passes_go():
    g = new_game()
    give(g, BOB, 10)
    draw_at(g, 46, "CH04", then=[(3, 4, "mr")])
    assert pos(g)[ANN] == 10 and cash(g) == [2500 + 200 - 70, 2570, 2500]
    ok(g)


def test_K5_doubles_on_the_utility_roll_mean_nothing():
    g = new_game()
    give(g, BOB, 10)
    draw_at(g, 9, "CH04", then=[(2, 2, "bus")])
    assert cash(g) == [2460, 2540, 2500]
    assert pend(g) == ("turn", BOB)  # no re-roll, no Bus option
    assert g.st.turn.doubles == 0 and g.st.players[ANN].bus_tickets == []
    ok(g)


def test_K5_utility_roll_does_not_count_towards_third_doubles():
    g = new_game()
    give_all(g, ANN, except_=[10])
    give(g, BOB, 10)
    top(g, "chance", "CH04")
    # Ann: doubles to 4, doubles to 9 (Chance: utility roll is doubles too), then 3 + 4 + 1.
    g.st.script = [[1, 1, 2], [1, 1, 3], [3, 3, "mr"], [3, 4, 1]]
    roll(g)
    roll(g)
    assert pos(g)[ANN] == 10 and cash(g)[ANN] == 2500 - 60
    assert pend(g) == ("turn", ANN) and g.pending.roll_again and g.st.turn.doubles == 2
    roll(g)
    assert pos(g)[ANN] == 18 and not g.st.players[ANN].in_jail and pend(g) == ("turn", BOB)
    ok(g)


def test_K5_option_speed_die_not_counted_for_utilities():
    g = new_game(options={"speed_die_counts_for_utilities": False})
    give(g, BOB, 10)
    draw_at(g, 9, "CH04", then=[(3, 4, 2)])
    assert cash(g) == [2430, 2570, 2500]


# ============================================================================ K6 repairs
def _builder(g):
    give(g, ANN, 15, 16, 18, level=2)     # 6 houses
    give(g, ANN, 48, level=5)             # 1 hotel
    give(g, ANN, 49, 51, level=6)         # 2 skyscrapers: free
    give(g, ANN, 6, depot=True)           # depot: free


def test_K6_general_repairs_houses_and_hotels_skyscrapers_and_depots_free():
    g = new_game()
    _builder(g)
    draw_at(g, 9, "CH11")
    assert cash(g)[ANN] == 2500 - (6 * 25 + 1 * 100)
    assert at_bottom(g, "CH11")
    ok(g)


def test_K6_street_repairs():
    g = new_game()
    _builder(g)
    draw_at(g, 43, "CC14")
    assert cash(g)[ANN] == 2500 - (6 * 40 + 1 * 115)
    ok(g)


@pytest.mark.parametrize("card", ["CH11", "CC14"])
def test_K6_repairs_with_only_skyscrapers_and_depots_cost_nothing(card):
    g = new_game()
    give(g, ANN, 48, 49, 51, level=6)
    give(g, ANN, 6, depot=True)
    draw_at(g, 46 if card.startswith("CH") else 43, card)
    assert cash(g)[ANN] == 2500 and pend(g) == ("turn", BOB)
    ok(g)


# ============================================================================ K1 players cards (D5, D6)
def test_K1_chairman_of_the_board_pays_each_other_player():
    g = new_game(n=4)
    draw_at(g, 9, "CH15")
    assert cash(g) == [2350, 2550, 2550, 2550]
    ok(g)


def test_K1_chairman_skips_bankrupt_players():
    g = new_game()
    g.st.players[CID].bankrupt, g.st.players[CID].cash = True, 0
    draw_at(g, 9, "CH15")
    assert cash(g) == [2450, 2550, 0]
    assert pend(g) == ("turn", BOB)


def test_K1_grand_opera_night_every_other_player_pays():
    g = new_game(n=4)
    draw_at(g, 22, "CC07")
    assert cash(g) == [2650, 2450, 2450, 2450]
    assert pend(g) == ("turn", BOB)
    ok(g)


# ============================================================================ K7 Bus Tickets
def test_K7_bus_deck_has_13_ordinary_and_3_expire():
    g = new_game()
    assert sum(t.startswith("BT") for t in g.st.decks.bus) == 13
    assert sum(t.startswith("BX") for t in g.st.decks.bus) == 3


def test_K7_expire_from_bus_face_removes_drawers_older_tickets_too():
    g = new_game(dice=[(1, 3, "bus")])
    give_all(g, ANN)
    for p, t in ((ANN, "BT01"), (ANN, "BT02"), (CID, "BT03")):
        g.st.decks.bus.remove(t)
        g.st.players[p].bus_tickets.append(t)
    top(g, "bus", "BX03")
    roll(g)
    g.act(BusChoice(player=ANN, choice="ticket"))
    assert g.st.players[ANN].bus_tickets == ["BX03"] and g.st.players[CID].bus_tickets == []
    assert sorted(g.st.decks.bus_out) == ["BT01", "BT02", "BT03"]
    ok(g)


def test_K7_expire_ticket_is_played_like_an_ordinary_one_and_leaves_the_game():
    g = new_game()
    g.st.decks.bus.remove("BX01")
    g.st.players[ANN].bus_tickets.append("BX01")
    restart_turn(g, ANN)
    g.act(PlayBusTicket(player=ANN, destination=12))
    assert pos(g)[ANN] == 12 and g.st.decks.bus_out == ["BX01"] and len(g.st.decks.bus) == 15
    assert pend(g) == ("buy", ANN)
    ok(g)


# ============================================================================ K8 playing a Bus Ticket
def _ticket(g, at, ticket="BT01"):
    place(g, ANN, at)
    g.st.decks.bus.remove(ticket)
    g.st.players[ANN].bus_tickets.append(ticket)
    restart_turn(g, ANN)


def test_K8_reach_matches_the_data_table():
    g = new_game()
    for p in range(52):
        side_end = {0: 13, 1: 26, 2: 39, 3: 52}[p // 13]
        assert g.bus_reach(p) == [i % 52 for i in range(p + 1, side_end + 1)], p


def test_K8_ex1_from_indiana_avenue_illinois_to_go_to_jail():
    g = new_game()
    _ticket(g, 29)
    dests = sorted(a.destination for a in g.legal_actions(ANN) if a.kind == "play_bus_ticket")
    assert dests == list(range(30, 40))
    illegal(g, PlayBusTicket(player=ANN, destination=40), "corner")
    illegal(g, PlayBusTicket(player=ANN, destination=29), "corner")
    illegal(g, PlayBusTicket(player=ANN, destination=28), "corner")
    illegal(g, PlayBusTicket(player=BOB, destination=30), "Ann")
    g.act(PlayBusTicket(player=ANN, destination=39))
    a = g.st.players[ANN]
    assert a.position == 13 and a.in_jail and a.cash == 2500 and a.bus_tickets == []
    assert g.st.decks.bus_out == ["BT01"]
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_K8_ex1_ticket_to_illinois_avenue_resolves_it():
    g = new_game()
    give(g, BOB, 30)
    _ticket(g, 29)
    g.act(PlayBusTicket(player=ANN, destination=30))
    assert pos(g)[ANN] == 30 and cash(g) == [2480, 2520, 2500]
    assert pend(g) == ("turn", BOB)  # a ticket move is not a roll
    ok(g)


def test_K8_ticket_from_the_last_side_to_go_pays_salary():
    g = new_game()
    _ticket(g, 45)
    assert g.bus_reach(45) == [46, 47, 48, 49, 50, 51, 0]
    illegal(g, PlayBusTicket(player=ANN, destination=1), "corner")
    g.act(PlayBusTicket(player=ANN, destination=0))
    assert pos(g)[ANN] == 0 and cash(g)[ANN] == 2700 and pend(g) == ("turn", BOB)
    ok(g)


def test_K8_from_a_corner_the_side_that_starts_there():
    g = new_game()
    _ticket(g, 13)  # just visiting
    dests = sorted(a.destination for a in g.legal_actions(ANN) if a.kind == "play_bus_ticket")
    assert dests == list(range(14, 27))
    g.act(PlayBusTicket(player=ANN, destination=26))
    assert pos(g)[ANN] == 26 and pend(g) == ("turn", BOB)


def test_K8_ticket_to_a_utility_rolls_all_three_dice_normal_multiplier():
    g = new_game(dice=[(2, 3, 1)])
    give(g, BOB, 17)
    _ticket(g, 13)
    g.act(PlayBusTicket(player=ANN, destination=17))
    assert cash(g) == [2500 - 24, 2524, 2500] and g.st.script == []
    ok(g)


def test_K8_no_ticket_no_play():
    g = new_game()
    illegal(g, PlayBusTicket(player=ANN, destination=5), "no Bus Ticket")


def test_K8_ticket_play_is_instead_of_rolling_not_after():
    g = new_game(dice=[(1, 2, 3)], options=SEAT_ORDER)
    _ticket(g, 0)
    roll(g)
    assert pend(g) == ("buy", ANN)
    illegal(g, PlayBusTicket(player=ANN, destination=13), "waiting for")
    g.act(DeclineBuy(player=ANN))
    for p in (BOB, CID, ANN):
        g.act(DropOut(player=p))
    assert pend(g) == ("turn", BOB) and g.st.players[ANN].bus_tickets == ["BT01"]
    illegal(g, PlayBusTicket(player=ANN, destination=13), "Bob")
