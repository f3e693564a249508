"""Mr. Monopoly scenarios: RULES.md T3.3 (the Speed Die face: move by the white dice, then on to the next
unowned property, else the next one owing rent) and T8 (no building or trading by others meanwhile).
"""

from __future__ import annotations

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
    roll,
    texts,
)
from megamono.rules.actions import (
    Bid,
    Build,
    Buy,
    DeclareBankruptcy,
    DeclineBuy,
    DropOut,
    IncomeTaxChoice,
    Mortgage,
    ProposeTrade,
    Unmortgage,
)
from megamono.rules.decisions import TradeSide

from kit import SEAT_ORDER


def test_T3_3_mr_monopoly_moves_by_white_then_to_next_unowned_T8_locks_others():
    g = new_game(dice=[(1, 2, "mr")], options=SEAT_ORDER)
    give(g, BOB, 15, 16, 18)
    roll(g)
    assert pos(g)[ANN] == 3  # white dice only
    assert pend(g) == ("buy", ANN) and g.pending.space == 3
    illegal(g, Build(player=BOB, space=15), "Mr. Monopoly")
    illegal(g, ProposeTrade(player=BOB, partner=CID, give=TradeSide(cash=10)), "Mr. Monopoly")
    g.act(Mortgage(player=BOB, space=15))  # raising money is not locked
    g.act(Unmortgage(player=BOB, space=15))
    g.act(Buy(player=ANN))
    assert pos(g)[ANN] == 4
    assert pend(g) == ("buy", ANN) and g.pending.space == 4 and g.pending.amount == 80
    illegal(g, Build(player=BOB, space=15), "Mr. Monopoly")
    g.act(DeclineBuy(player=ANN))
    assert pend(g) == ("bid", BOB)
    illegal(g, Build(player=BOB, space=15), "Mr. Monopoly")
    g.act(Bid(player=BOB, amount=10))
    g.act(DropOut(player=CID))
    g.act(DropOut(player=ANN))
    assert g.st.deeds[4].owner == BOB and g.st.deeds[3].owner == ANN
    assert cash(g) == [2440, 2490 + 70 - 77, 2500]
    assert pend(g) == ("turn", BOB)
    g.act(Build(player=BOB, space=15))  # the bonus move is over
    assert g.st.deeds[15].level == 1
    g.act(ProposeTrade(player=BOB, partner=CID, give=TradeSide(cash=10)))
    assert pend(g) == ("trade_reply", CID)
    ok(g)


def test_T3_3_mr_monopoly_advance_passes_go_and_pays_salary():
    g = new_game(dice=[(2, 3, "mr")])
    give_all(g, ANN, except_=[3])
    place(g, ANN, 45)
    roll(g)
    assert pos(g)[ANN] == 3
    assert pend(g) == ("buy", ANN) and g.pending.space == 3
    assert cash(g)[ANN] == 2500 - 75 + 200
    ok(g)


def test_T3_3_all_owned_goes_to_next_property_owing_rent_and_pays():
    g = new_game(dice=[(1, 2, "mr")])
    give_all(g, ANN)
    give(g, CID, 27, mortgaged=True)
    give(g, BOB, 30)
    place(g, ANN, 20)
    roll(g)
    assert pos(g)[ANN] == 30
    assert cash(g) == [2480, 2520, 2500]
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_T3_3_rent_on_a_utility_after_the_bonus_uses_the_white_dice():
    g = new_game(dice=[(2, 3, "mr")])
    give_all(g, ANN)
    give(g, BOB, 36)
    place(g, ANN, 30)
    roll(g)
    assert pos(g)[ANN] == 36
    assert cash(g) == [2500 - 4 * 5, 2500 + 20, 2500]
    ok(g)


def test_T3_3_nothing_owing_rent_stays():
    g = new_game(dice=[(2, 3, "mr")])
    give_all(g, ANN)
    give(g, CID, 27, mortgaged=True)
    roll(g)
    assert pend(g) == ("income_tax", ANN)
    g.act(IncomeTaxChoice(player=ANN, choice="flat"))
    assert pos(g)[ANN] == 5 and cash(g) == [2300, 2500, 2500]
    assert pend(g) == ("turn", BOB)
    assert any("stays" in t for t in texts(g))
    assert not g.st.turn.mr_monopoly_lock
    ok(g)


def test_T3_3_only_unowned_property_is_own_space_stays():
    g = new_game(dice=[(1, 2, "mr")], options=SEAT_ORDER)
    give_all(g, BOB, except_=[3])
    roll(g)
    assert pend(g) == ("buy", ANN) and g.pending.space == 3
    g.act(DeclineBuy(player=ANN))
    all_drop(g)
    assert g.st.deeds[3].owner is None
    assert pos(g)[ANN] == 3  # never comes back to its own space, and no rent branch
    assert cash(g) == [2500] * 3
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_T3_3_no_bonus_when_the_white_move_sends_to_jail():
    g = new_game(dice=[(2, 2, "mr")])
    give_all(g, ANN, except_=[40])
    place(g, ANN, 35)
    roll(g)
    a = g.st.players[ANN]
    assert a.in_jail and a.position == 13
    assert pend(g) == ("turn", BOB)  # no bonus, and no re-roll for the doubles
    assert g.st.deeds[40].owner is None
    ok(g)


def test_T3_3_no_bonus_after_bankruptcy_on_the_white_move():
    g = new_game(dice=[(1, 3, "mr")], cash=[1, 2500, 2500])
    give(g, BOB, 4)
    roll(g)
    assert pend(g) == ("debt", ANN) and g.pending.amount == 5
    g.act(DeclareBankruptcy(player=ANN))
    assert g.st.players[ANN].bankrupt
    assert pend(g) == ("turn", BOB)
    assert cash(g)[BOB] == 2501
    assert g.st.deeds[6].owner is None
    ok(g)


def test_T3_3_doubles_with_mr_monopoly_bonus_first_then_roll_again():
    g = new_game(dice=[(2, 2, "mr")])
    give_all(g, ANN, except_=[10])
    roll(g)
    assert pos(g)[ANN] == 10 and pend(g) == ("buy", ANN)
    g.act(Buy(player=ANN))
    assert pend(g) == ("turn", ANN) and g.pending.roll_again
    assert not g.st.turn.mr_monopoly_lock
    ok(g)


def test_T3_3_option_no_rent_in_jail_skips_a_jailed_owner():
    g = new_game(dice=[(1, 2, "mr")], options={"no_rent_in_jail": True})
    give_all(g, ANN)
    give(g, BOB, 27)
    give(g, CID, 30)
    g.st.players[BOB].position, g.st.players[BOB].in_jail = 13, True
    place(g, ANN, 20)
    roll(g)
    assert pos(g)[ANN] == 30
    assert cash(g) == [2480, 2500, 2520]
    ok(g)


def test_T3_3_rent_search_never_comes_back_to_own_space():
    g = new_game(dice=[(1, 2, "mr")])
    give_all(g, ANN)
    give(g, BOB, 23)
    place(g, ANN, 20)
    roll(g)
    assert pos(g)[ANN] == 23  # paid Tennessee's rent on the white move, then stays
    assert cash(g) == [2486, 2514, 2500]
    assert pend(g) == ("turn", BOB)
    ok(g)


def test_T3_3_white_move_to_auction_space_all_owned_then_bonus_rent():
    # white 5+6 = 11 from 3 -> Auction (14): every deed owned, highest rent Bob's Boardwalk (50 x 1),
    # then Mr. Monopoly: next property ahead owing rent is Bob's Baltic Avenue past GO.
    g = new_game(dice=[(5, 6, "mr")])
    give_all(g, ANN)
    give(g, BOB, 51)
    give(g, BOB, 3)
    place(g, ANN, 3)
    roll(g)
    assert pos(g)[ANN] == 3
    # Boardwalk 50 (Bob holds 1 of 3 dark blue), GO salary, Baltic 4
    assert cash(g) == [2500 - 50 + 200 - 4, 2554, 2500]
    assert pend(g) == ("turn", BOB)
    ok(g)
