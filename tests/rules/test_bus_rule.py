"""RULES.md T3.4 with the option ``bus_rule`` = ``"speed_die_game"`` (section O): the standard Speed Die
game's Bus. Before the token moves, the mover chooses the first white die, the second, or both."""

from __future__ import annotations

from helpers import ANN, BOB, cash, give, give_all, illegal, new_game, ok, pend, place, pos, roll, texts
from megamono.rules.actions import BusChoice, BusMove, Buy, Roll
from megamono.rules.decisions import BusMoveDecision

SPEED = {"bus_rule": "speed_die_game"}


def test_O_bus_rule_default_is_mega():
    assert new_game().st.options.bus_rule == "mega"


def test_T3_4_speed_die_game_the_choice_comes_before_the_move():
    g = new_game(dice=[(1, 3, "bus")], options=SPEED)
    roll(g)
    assert pend(g) == ("bus_move", ANN) and pos(g)[ANN] == 0
    assert isinstance(g.pending, BusMoveDecision) and (g.pending.first, g.pending.second) == (1, 3)
    assert g.legal_actions(ANN)[:3] == [BusMove(player=ANN, dice="first"), BusMove(player=ANN, dice="second"),
                                         BusMove(player=ANN, dice="both")]
    assert not any(isinstance(a, BusChoice) for a in g.legal_actions())
    illegal(g, BusMove(player=BOB, dice="first"), "Ann")
    illegal(g, BusChoice(player=ANN, choice="ticket"))
    illegal(g, Roll(player=ANN))
    ok(g)


def test_T3_4_speed_die_game_first_die():
    g = new_game(dice=[(1, 3, "bus")], options=SPEED)
    roll(g)
    g.act(BusMove(player=ANN, dice="first"))
    assert pos(g)[ANN] == 1 and pend(g) == ("buy", ANN)
    assert "Ann takes the Bus: moves by the first die (1)" in texts(g)
    g.act(Buy(player=ANN))
    # no Bus Ticket, no ride ahead: the turn ends
    assert pend(g) == ("turn", BOB) and g.st.players[ANN].bus_tickets == [] and len(g.st.decks.bus) == 16
    assert pos(g)[ANN] == 1 and cash(g)[ANN] == 2500 - 60
    ok(g)


def test_T3_4_speed_die_game_second_die():
    g = new_game(dice=[(1, 3, "bus")], options=SPEED)
    roll(g)
    g.act(BusMove(player=ANN, dice="second"))
    assert pos(g)[ANN] == 3 and pend(g) == ("buy", ANN)
    ok(g)


def test_T3_4_speed_die_game_both_dice_and_no_bus_ticket():
    g = new_game(dice=[(2, 3, "bus")], options=SPEED)
    give_all(g, ANN)
    roll(g)
    g.act(BusMove(player=ANN, dice="both"))
    assert pos(g)[ANN] == 5 and pend(g) == ("income_tax", ANN)
    assert "Ann takes the Bus: moves by both dice (5)" in texts(g)
    illegal(g, BusChoice(player=ANN, choice="ticket"))  # (no Bus choice follows)
    ok(g)


def test_T3_4_speed_die_game_passing_go_pays_the_salary():
    g = new_game(dice=[(2, 5, "bus")], options=SPEED)
    give_all(g, ANN)
    place(g, ANN, 50)
    roll(g)
    g.act(BusMove(player=ANN, dice="second"))  # 50 + 5 = 55 -> 3 on the 52-space board
    assert pos(g)[ANN] == (50 + 5) % g.ed.board.size
    assert cash(g)[ANN] == 2500 + 200
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_T3_5_speed_die_game_bus_doubles_roll_again():
    g = new_game(dice=[(2, 2, "bus"), (1, 2, 3)], options=SPEED)
    give_all(g, ANN)
    roll(g)
    assert pend(g) == ("bus_move", ANN)
    g.act(BusMove(player=ANN, dice="both"))
    assert pos(g)[ANN] == 4
    assert pend(g) == ("turn", ANN) and g.pending.roll_again
    ok(g)


def test_T3_5_speed_die_game_third_doubles_on_the_bus_go_to_jail_with_no_choice():
    g = new_game(dice=[(1, 1, 2), (2, 2, 3), (3, 3, "bus")], options=SPEED)
    give_all(g, ANN)
    roll(g)
    roll(g)
    start = pos(g)[ANN]
    roll(g)
    assert g.st.players[ANN].in_jail and pos(g)[ANN] != start
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_R5_speed_die_game_utility_rent_uses_the_dice_moved():
    g = new_game(dice=[(4, 6, "bus")], options=SPEED)
    give(g, BOB, 10)
    place(g, ANN, 6)
    roll(g)
    g.act(BusMove(player=ANN, dice="first"))  # 6 + 4 = 10, Gas Company: 4 x 4
    assert pos(g)[ANN] == 10
    assert cash(g)[ANN] == 2500 - 16 and cash(g)[BOB] == 2516
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_R5_speed_die_game_utility_rent_uses_both_dice_when_both_moved():
    g = new_game(dice=[(1, 3, "bus")], options=SPEED)
    give(g, BOB, 10)
    place(g, ANN, 6)
    roll(g)
    g.act(BusMove(player=ANN, dice="both"))  # 6 + 4 = 10: 4 x 4
    assert cash(g)[ANN] == 2500 - 16
    ok(g)


def test_T3_4_mega_bus_rule_unchanged_moves_first_then_chooses():
    g = new_game(dice=[(1, 3, "bus")], options={"bus_rule": "mega"})
    roll(g)
    assert pos(g)[ANN] == 4 and pend(g) == ("buy", ANN)
    g.act(Buy(player=ANN))
    assert pend(g) == ("bus", ANN)
    illegal(g, BusMove(player=ANN, dice="first"))
    ok(g)


def test_T3_4_speed_die_game_other_faces_unchanged():
    g = new_game(dice=[(1, 3, 2)], options=SPEED)
    roll(g)
    assert pos(g)[ANN] == 6 and pend(g) == ("buy", ANN)
    ok(g)
