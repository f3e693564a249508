"""Scenario tests for RULES.md G (editions, players, money, dice) and T (a turn), Mega edition; T3.3 and T8
(Mr. Monopoly) are in test_mr_monopoly.py."""

from __future__ import annotations

import pytest
from helpers import (
    ANN,
    BOB,
    CID,
    all_drop,
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
    texts,
    top,
)
from megamono.rules import dice as _dice
from megamono.rules.actions import (
    BirthdayChoice,
    Build,
    BusChoice,
    Buy,
    ChooseDestination,
    DeclineBuy,
    IncomeTaxChoice,
    PlayBusTicket,
    Roll,
)
from megamono.rules.core import throw
from megamono.rules.engine import Game

from kit import SEAT_ORDER


# ============================================================================ G3 players
@pytest.mark.parametrize("n", [2, 8])
def test_G3_mega_takes_2_to_8_players(n):
    g = Game.new("mega", [f"P{i}" for i in range(n)], seed=1, seat_order=True)
    assert len(g.st.players) == n
    assert len({p.colour for p in g.st.players}) == n
    assert pend(g) == ("turn", 0)


@pytest.mark.parametrize("n", [1, 9])
def test_G3_mega_refuses_fewer_than_2_or_more_than_8(n):
    with pytest.raises(ValueError, match="2 to 8"):
        Game.new("mega", [f"P{i}" for i in range(n)], seed=1)


@pytest.mark.parametrize("names", [["Ann", "ann"], ["Ann", ""], ["Ann", "x" * 21], ["Ann", "B\tb"]])
def test_G3_names_unique_and_1_to_20_printable(names):
    with pytest.raises(ValueError):
        Game.new("mega", names, seed=1)


def test_G3_player_kind_and_colour_kept():
    g = Game.new("mega", [{"name": "Ann", "kind": "computer", "colour": "cyan"}, "Bob"], seed=1,
                 seat_order=True)
    assert (g.st.players[0].kind, g.st.players[0].colour) == ("computer", "cyan")
    assert g.st.players[1].kind == "human"


# ============================================================================ G4, G7 start
def test_G4_G7_everyone_starts_on_go_with_2500_and_full_decks():
    g = new_game(n=4)
    assert cash(g) == [2500] * 4
    assert pos(g) == [0] * 4
    assert len(g.st.decks.chance) == 16 and len(g.st.decks.community_chest) == 16
    assert len(g.st.decks.bus) == 16 and g.st.decks.bus_out == []
    assert sorted(g.st.decks.bus) == [f"BT{i:02d}" for i in range(1, 14)] + ["BX01", "BX02", "BX03"]
    assert (g.st.bank.houses, g.st.bank.hotels, g.st.bank.skyscrapers, g.st.bank.depots) == (32, 12, 8, 4)
    assert all(d.owner is None for d in g.st.deeds.values()) and len(g.st.deeds) == 37
    ok(g)


def test_G7_decks_are_shuffled_by_the_seed():
    a, b, c = new_game(seed=5), new_game(seed=5), new_game(seed=6)
    assert a.st.decks == b.st.decks
    assert a.st.decks != c.st.decks
    assert sorted(a.st.decks.chance) == [c.id for c in a.ed.chance]
    assert a.st.decks.chance != [c.id for c in a.ed.chance]  # shuffled, not printed order


def test_G4_starting_cash_option():
    g = new_game(options={"starting_cash": 1500})
    assert cash(g) == [1500] * 3


# ============================================================================ G5 dice
def test_G5_speed_die_faces_and_white_dice_from_the_seeded_generator():
    g = new_game()
    seen = set()
    for _ in range(600):
        t = throw(g.st, True)
        assert 1 <= t.white[0] <= 6 and 1 <= t.white[1] <= 6
        seen.add(t.speed)
    assert seen == {1, 2, 3, "mr", "bus"}
    assert _dice.SPEED_FACES.count("mr") == 2 and len(_dice.SPEED_FACES) == 6


def test_G5_same_seed_same_dice():
    a, b = new_game(seed=42), new_game(seed=42)
    roll(a)
    roll(b)
    assert texts(a) == texts(b) and a.st == b.st


def test_G5_bad_scripted_throw_is_refused():
    with pytest.raises(ValueError):
        new_game(dice=[(0, 2, 1)])
    with pytest.raises(ValueError):
        new_game(dice=[(1, 2, 4)])


# ============================================================================ G6 turn order
def test_G6_seats_ranked_by_roll_ties_reroll_among_themselves():
    # Ann 7, Bob 9, Cid 7 -> Bob first; Ann and Cid re-roll: Ann 2, Cid 12.
    g = Game.new("mega", ["Ann", "Bob", "Cid"], seed=1,
                 dice=[(3, 4), (5, 4), (2, 5), (1, 1), (6, 6)])
    assert [p.name for p in g.st.players] == ["Bob", "Cid", "Ann"]
    assert pend(g) == ("turn", 0) and "Bob" in g.describe_pending()
    assert g.st.script == []


def test_G6_repeated_ties_keep_rerolling_only_the_tied():
    # all 4; re-roll all three: Ann 5, Bob 5, Cid 3; Ann and Bob again: Ann 6, Bob 8.
    g = Game.new("mega", ["Ann", "Bob", "Cid"], seed=1,
                 dice=[(2, 2), (1, 3), (3, 1), (2, 3), (4, 1), (1, 2), (3, 3), (4, 4)])
    assert [p.name for p in g.st.players] == ["Bob", "Ann", "Cid"]
    assert g.st.script == []


# ============================================================================ T1, T7 start of turn
def test_T1_T7_turn_waits_for_the_player_and_says_whose():
    g = new_game()
    assert pend(g) == ("turn", ANN) and "Ann" in g.describe_pending()
    illegal(g, Roll(player=BOB), "Ann")
    illegal(g, Roll(player=7), "no such player")
    illegal(g, Buy(player=ANN), "waiting for")


def test_T1_bus_ticket_offered_instead_of_rolling():
    g = new_game()
    g.st.players[ANN].bus_tickets.append(g.st.decks.bus.pop(0))
    restart_turn(g, ANN)
    assert "Bus Ticket" in g.describe_pending()
    kinds = {a.kind for a in g.legal_actions(ANN)}
    assert {"roll", "play_bus_ticket"} <= kinds


def test_T1_other_players_may_manage_while_the_game_waits():
    g = new_game()
    give(g, BOB, 15, 16, 18)
    g.act(Build(player=BOB, space=16))
    assert g.st.deeds[16].level == 1 and cash(g) == [2500, 2400, 2500]
    assert pend(g) == ("turn", ANN)
    ok(g)


# ============================================================================ T3 roll
def test_T3_1_number_face_moves_all_three_dice():
    g = new_game(dice=[(1, 2, 3)], options=SEAT_ORDER)
    roll(g)
    assert pos(g)[ANN] == 6
    assert pend(g) == ("buy", ANN) and g.pending.space == 6 and g.pending.amount == 200
    g.act(DeclineBuy(player=ANN))
    assert pend(g) == ("bid", BOB)
    all_drop(g)
    assert g.st.deeds[6].owner is None
    assert pend(g) == ("turn", BOB) and not g.pending.roll_again
    assert cash(g) == [2500] * 3
    ok(g)


def test_T3_white_die_matching_speed_die_is_not_doubles():
    g = new_game(dice=[(3, 1, 3)])
    give_all(g, ANN)
    roll(g)
    assert pos(g)[ANN] == 7
    assert pend(g) == ("turn", BOB)
    assert g.st.turn.doubles == 0
    ok(g)


def test_T3_5_doubles_roll_again_then_turn_passes():
    g = new_game(dice=[(1, 1, 2), (3, 4, 1)])
    give_all(g, ANN)
    roll(g)
    assert pos(g)[ANN] == 4
    assert pend(g) == ("turn", ANN) and g.pending.roll_again
    assert "roll again" in g.describe_pending()
    roll(g)
    assert pos(g)[ANN] == 12
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_T3_5_third_doubles_go_to_jail_without_moving():
    g = new_game(dice=[(1, 1, 2), (2, 2, 3), (3, 3, 1)])
    give_all(g, ANN)
    roll(g)
    roll(g)
    assert pos(g)[ANN] == 11
    roll(g)
    a = g.st.players[ANN]
    assert a.position == 13 and a.in_jail and a.jail_turns == 0
    assert cash(g) == [2500] * 3
    assert pend(g) == ("turn", BOB)
    assert any("third doubles" in t for t in texts(g))
    ok(g)


def test_T3_5_doubles_count_restarts_each_turn():
    g = new_game(dice=[(1, 1, 2), (3, 4, 1), (1, 2, 3), (2, 3, 1), (2, 2, 1), (3, 3, 1)])
    give_all(g, ANN)
    roll(g)
    roll(g)  # Ann: one doubles, then 8
    roll(g, BOB)  # Bob 6 -> own? no: Ann's Reading Railroad, rent 200 (4 railroads)
    roll(g, CID)  # Cid 6 -> 6 as well
    assert pend(g) == ("turn", ANN) and g.st.turn.doubles == 0
    roll(g)
    roll(g)  # Ann doubles twice in this turn only: no jail
    assert not g.st.players[ANN].in_jail and pos(g)[ANN] == 12 + 5 + 7
    ok(g)


def test_T3_5_doubles_then_bus_ticket_instead_of_rolling_ends_the_turn():
    g = new_game(dice=[(1, 1, 2)])
    give_all(g, ANN)
    top(g, "bus", "BT05")
    g.st.players[ANN].bus_tickets.append(g.st.decks.bus.pop(0))
    roll(g)
    assert pend(g) == ("turn", ANN) and g.pending.roll_again
    g.act(PlayBusTicket(player=ANN, destination=13))
    a = g.st.players[ANN]
    assert a.position == 13 and not a.in_jail and a.bus_tickets == []
    assert g.st.decks.bus_out == ["BT05"]
    assert pend(g) == ("turn", BOB)
    ok(g)


# ---------------------------------------------------------------------------- T3.2 triples
def test_T3_2_triples_choose_any_space_resolve_it_no_further_roll():
    g = new_game(dice=[(2, 2, 2)])
    roll(g)
    assert pend(g) == ("triples", ANN)
    assert g.pending.choices == list(range(1, 52))
    assert pos(g)[ANN] == 0
    g.act(ChooseDestination(player=ANN, space=51))
    assert pos(g)[ANN] == 51
    assert pend(g) == ("buy", ANN) and g.pending.space == 51
    g.act(Buy(player=ANN))
    assert g.st.deeds[51].owner == ANN
    assert cash(g) == [2100, 2500, 2500]
    assert pend(g) == ("turn", BOB)  # triples are white doubles, but the rolling ends
    ok(g)


def test_T3_2_triples_move_anywhere_pays_salary_when_passing_go():
    g = new_game(dice=[(3, 3, 3)])
    place(g, ANN, 40)
    roll(g)
    g.act(ChooseDestination(player=ANN, space=6))
    assert pos(g)[ANN] == 6 and cash(g)[ANN] == 2700
    assert pend(g) == ("buy", ANN)
    g.act(Buy(player=ANN))
    assert cash(g)[ANN] == 2500 and pend(g) == ("turn", BOB)
    ok(g)


def test_T3_2_triples_to_go_pays_salary_once():
    g = new_game(dice=[(1, 1, 1)])
    place(g, ANN, 30)
    roll(g)
    g.act(ChooseDestination(player=ANN, space=0))
    assert pos(g)[ANN] == 0 and cash(g)[ANN] == 2700 and salaries(g, ANN) == 1
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_T3_2_triples_to_just_visiting_is_not_jail():
    g = new_game(dice=[(2, 2, 2)])
    place(g, ANN, 5)
    roll(g)
    g.act(ChooseDestination(player=ANN, space=13))
    a = g.st.players[ANN]
    assert a.position == 13 and not a.in_jail and a.cash == 2500
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_T3_2_triples_to_go_to_jail_passing_go_pays_then_jail():
    g = new_game(dice=[(1, 1, 1)])
    place(g, ANN, 45)
    roll(g)
    g.act(ChooseDestination(player=ANN, space=39))
    a = g.st.players[ANN]
    assert a.position == 13 and a.in_jail and a.cash == 2700
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_T3_2_triples_to_go_to_jail_without_passing_go():
    g = new_game(dice=[(3, 3, 3)])
    place(g, ANN, 20)
    roll(g)
    g.act(ChooseDestination(player=ANN, space=39))
    a = g.st.players[ANN]
    assert a.position == 13 and a.in_jail and a.cash == 2500
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_T3_2_triples_on_third_roll_after_two_doubles_is_not_jail():
    g = new_game(dice=[(1, 1, 2), (2, 2, 3), (3, 3, 3)])
    give_all(g, ANN)
    roll(g)
    roll(g)
    roll(g)
    assert pend(g) == ("triples", ANN)
    assert not g.st.players[ANN].in_jail and pos(g)[ANN] == 11
    g.act(ChooseDestination(player=ANN, space=26))
    assert pos(g)[ANN] == 26 and not g.st.players[ANN].in_jail
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_T3_2_triples_destination_must_be_another_space():
    g = new_game(dice=[(2, 2, 2)])
    place(g, ANN, 10)
    roll(g)
    illegal(g, ChooseDestination(player=ANN, space=10), "any space but")
    illegal(g, ChooseDestination(player=ANN, space=52), "space")
    illegal(g, ChooseDestination(player=BOB, space=11), "Ann")
    illegal(g, Roll(player=ANN), "waiting for")
    assert pend(g) == ("triples", ANN) and pos(g)[ANN] == 10


def test_T3_2_triples_utility_rent_counts_all_three_dice():
    g = new_game(dice=[(3, 3, 3)])
    give(g, BOB, 36)
    roll(g)
    g.act(ChooseDestination(player=ANN, space=36))
    assert cash(g) == [2500 - 4 * 9, 2500 + 36, 2500]
    assert pend(g) == ("turn", BOB)
    ok(g)


# ---------------------------------------------------------------------------- T3.4 Bus
def test_T3_4_bus_face_take_a_ticket():
    g = new_game(dice=[(1, 3, "bus")])
    top(g, "bus", "BT03")
    roll(g)
    assert pos(g)[ANN] == 4 and pend(g) == ("buy", ANN)
    g.act(Buy(player=ANN))
    assert pend(g) == ("bus", ANN) and g.pending.space == 9
    illegal(g, BusChoice(player=BOB, choice="ticket"), "Ann")
    g.act(BusChoice(player=ANN, choice="ticket"))
    assert g.st.players[ANN].bus_tickets == ["BT03"] and len(g.st.decks.bus) == 15
    assert pos(g)[ANN] == 4 and cash(g)[ANN] == 2420
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_T3_4_bus_face_advance_to_nearest_card_space():
    g = new_game(dice=[(2, 3, "bus")])
    give_all(g, ANN)
    top(g, "chance", "CH07")
    roll(g)
    g.act(IncomeTaxChoice(player=ANN, choice="flat"))
    assert pend(g) == ("bus", ANN)
    g.act(BusChoice(player=ANN, choice="advance"))
    assert pos(g)[ANN] == 9
    assert cash(g)[ANN] == 2500 - 200 + 50
    assert g.st.decks.chance[-1] == "CH07" and g.st.players[ANN].bus_tickets == []
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_T3_4_bus_advance_searches_ahead_of_a_card_space():
    g = new_game(dice=[(2, 4, "bus")])
    give_all(g, ANN)
    top(g, "chance", "CH16")
    top(g, "community_chest", "CC15")
    place(g, ANN, 3)
    roll(g)
    assert pos(g)[ANN] == 9 and cash(g)[ANN] == 2650
    g.act(BusChoice(player=ANN, choice="advance"))
    assert pos(g)[ANN] == 22 and cash(g)[ANN] == 2660
    ok(g)


def test_T3_4_bus_advance_past_go_pays_salary():
    g = new_game(dice=[(1, 2, "bus")])
    give_all(g, ANN)
    top(g, "community_chest", "CC09")
    place(g, ANN, 44)
    roll(g)
    assert pend(g) == ("birthday", ANN)
    g.act(BirthdayChoice(player=ANN, choice="cash"))
    g.act(BusChoice(player=ANN, choice="advance"))
    assert pos(g)[ANN] == 2
    assert cash(g)[ANN] == 2500 + 100 + 200 + 20
    ok(g)


def test_T3_4_no_tickets_left_forces_the_advance():
    g = new_game(dice=[(2, 2, "bus"), (3, 4, 1)])
    give_all(g, ANN)
    g.st.decks.bus_out += g.st.decks.bus
    g.st.decks.bus.clear()
    top(g, "chance", "CH12")
    roll(g)
    assert pos(g)[ANN] == 9 and cash(g)[ANN] == 2485  # no bus decision asked
    assert pend(g) == ("turn", ANN) and g.pending.roll_again  # doubles
    roll(g)
    assert pos(g)[ANN] == 17 and pend(g) == ("turn", BOB)
    ok(g)


def test_T3_4_nothing_more_when_the_white_move_sends_to_jail():
    g = new_game(dice=[(1, 3, "bus")])
    give_all(g, ANN)
    place(g, ANN, 35)
    roll(g)
    assert g.st.players[ANN].in_jail and pend(g) == ("turn", BOB)
    assert g.st.players[ANN].bus_tickets == [] and len(g.st.decks.bus) == 16
    ok(g)


def test_T3_5_doubles_with_bus_take_ticket_then_play_it_instead_of_rolling():
    g = new_game(dice=[(1, 1, "bus")])
    give_all(g, ANN)
    top(g, "community_chest", "CC09")
    top(g, "bus", "BT07")
    roll(g)
    assert pos(g)[ANN] == 2 and cash(g)[ANN] == 2520
    g.act(BusChoice(player=ANN, choice="ticket"))
    assert pend(g) == ("turn", ANN) and g.pending.roll_again
    g.act(PlayBusTicket(player=ANN, destination=12))
    assert pos(g)[ANN] == 12 and g.st.decks.bus_out == ["BT07"]
    assert pend(g) == ("turn", BOB)
    ok(g)


# ============================================================================ T4 GO salary
def test_T4_dice_move_past_go_pays_200():
    g = new_game(dice=[(1, 2, 3)])
    give_all(g, ANN)
    place(g, ANN, 50)
    roll(g)
    assert pos(g)[ANN] == 4 and cash(g)[ANN] == 2700 and salaries(g, ANN) == 1
    ok(g)


def test_T4_dice_landing_on_go_pays_200():
    g = new_game(dice=[(1, 2, 3)])
    place(g, ANN, 46)
    roll(g)
    assert pos(g)[ANN] == 0 and cash(g)[ANN] == 2700
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_T4_option_double_salary_for_landing_on_go():
    g = new_game(dice=[(1, 2, 3)], options={"double_salary_on_go": True})
    place(g, ANN, 46)
    roll(g)
    assert cash(g)[ANN] == 2900


# ============================================================================ T5 end of turn
def test_T5_turn_passes_to_next_active_seat_skipping_bankrupt():
    g = new_game(dice=[(1, 2, 3), (1, 2, 3)])
    give_all(g, ANN)
    g.st.players[BOB].bankrupt = True
    g.st.players[BOB].cash = 0
    roll(g)
    assert pend(g) == ("turn", CID)
    roll(g, CID)
    assert pend(g) == ("turn", ANN)
    assert g.st.turn.number == 3
    ok(g)


def test_T5_turn_does_not_pass_while_a_decision_is_open():
    g = new_game(dice=[(1, 2, 3)])
    roll(g)
    assert pend(g) == ("buy", ANN)
    illegal(g, Roll(player=BOB), "waiting for")
    illegal(g, Buy(player=BOB), "Ann")


def test_T5_buy_without_cash_is_illegal_and_auction_follows():
    g = new_game(dice=[(1, 2, 3)], cash=[150, 2500, 2500])
    roll(g)
    illegal(g, Buy(player=ANN), "150", "200")
    g.act(DeclineBuy(player=ANN))
    assert pend(g) == ("bid", BOB)


def test_T3_4_bus_advance_to_a_go_to_jail_card_ends_a_doubles_turn():
    g = new_game(dice=[(2, 2, "bus")])
    give_all(g, ANN)
    top(g, "chance", "CH10")
    roll(g)
    assert pos(g)[ANN] == 4 and pend(g) == ("bus", ANN)
    g.act(BusChoice(player=ANN, choice="advance"))
    a = g.st.players[ANN]
    assert a.in_jail and a.position == 13 and a.cash == 2500
    assert pend(g) == ("turn", BOB)  # jail ends the turn: no roll for the doubles (J1)
    ok(g)


