"""Section O: the house-rule options, each against its default."""

from megamono.rules import Game
from megamono.rules.actions import ClaimRent, ProposeTrade
from megamono.rules.decisions import TradeSide
from scenario import ANN, BOB, CID, act, cashes, give, illegal, new_game, owners, pend, place, sound


def test_O_T6_defaults_are_the_rules_rent_is_collected_automatically():
    o = new_game().st.options
    assert (o.auctions, o.shortage_auctions, o.rent_must_be_claimed, o.speed_die_counts_for_utilities,
            o.free_parking_pot, o.double_salary_on_go, o.no_rent_in_jail, o.starting_cash,
            o.turn_limit) == (True, True, False, True, False, False, False, None, None)


def test_T6_rent_is_paid_without_being_claimed():
    g = new_game(dice=[(1, 2, 3)])
    give(g, CID, 6)
    act(g, "roll", ANN)
    assert cashes(g) == [2475, 2500, 2525] and g.st.claims == []


def test_O_auctions_off_declined_deed_stays_in_the_bank():
    g = new_game(dice=[(1, 2, 3)], options={"auctions": False})
    act(g, "roll", ANN)
    act(g, "decline_buy", ANN)
    assert owners(g, 6) == [None] and pend(g) == ("turn", BOB)


def test_O_free_parking_pot_collects_taxes_and_fines():
    g = new_game(dice=[(1, 3, 1)], options={"free_parking_pot": True})
    act(g, "roll", ANN)                       # 1+3+1 = 5: Income Tax
    act(g, "income_tax_choice", ANN, choice="flat")
    assert g.st.pot == 200 and cashes(g)[ANN] == 2300
    place(g, BOB, 14)
    g.st.script.append([4, 5, 3])             # Bob: 4+5+3 = 12 from 14: Free Parking (26)
    act(g, "roll", BOB)
    assert cashes(g)[BOB] == 2700 and g.st.pot == 0
    sound(g)


def test_O_double_salary_on_landing_exactly_on_GO():
    g = new_game(dice=[(4, 5, 3)], options={"double_salary_on_go": True})
    place(g, ANN, 40)                         # 40 + 12 = 52 -> GO
    act(g, "roll", ANN)
    assert g.st.players[ANN].position == 0 and cashes(g)[ANN] == 2900


def test_O_rent_must_be_claimed_before_the_next_player_rolls():
    g = new_game(dice=[(1, 2, 3), (1, 2, 3), (1, 2, 3)], options={"rent_must_be_claimed": True})
    give(g, CID, 6)
    act(g, "roll", ANN)                       # Ann lands on Cid's Reading: nothing paid yet
    assert cashes(g) == [2500, 2500, 2500]
    act(g, "claim_rent", CID, space=6)
    assert cashes(g) == [2475, 2500, 2525] and pend(g) == ("turn", BOB)
    act(g, "roll", BOB)                       # Bob lands there too, Cid forgets
    assert [c.payer for c in g.st.claims] == [BOB]
    g.st.script.append([2, 3, 1])
    act(g, "roll", CID)                       # the next player rolls: Bob's rent lapses
    assert g.st.claims == [] and cashes(g)[BOB] == 2500
    illegal(g, {"kind": "claim_rent", "player": CID, "space": 6}, "no rent to claim")


def test_O_T6_timely_claims_are_the_ones_the_next_roll_would_lapse():
    """Game.timely_claims: what the computer players claim (the bots and the app's), the claims
    legal now whose payer is not the player about to roll, never during another's answer."""
    g = new_game(dice=[(1, 2, 3)], options={"rent_must_be_claimed": True})
    give(g, CID, 6)
    assert g.timely_claims() == []
    act(g, "roll", ANN)                       # Ann lands on Cid's Reading; Bob is about to roll
    assert pend(g) == ("turn", BOB)
    assert g.timely_claims() == [ClaimRent(player=CID, space=6)]
    g.act(ProposeTrade(player=ANN, partner=BOB, give=TradeSide(cash=10), take=TradeSide()))
    assert g.timely_claims() == []            # not while Bob answers an offer
    act(g, "refuse_trade", BOB)
    assert g.timely_claims() == [ClaimRent(player=CID, space=6)]
    act(g, "claim_rent", CID, space=6)
    assert g.timely_claims() == [] and cashes(g) == [2475, 2500, 2525]


def test_O_speed_die_not_counted_for_utilities():
    g = new_game(dice=[(2, 3, 2)], options={"speed_die_counts_for_utilities": False})
    give(g, BOB, 10)
    place(g, ANN, 3)                          # 3 + 7 = Gas Company (10)
    act(g, "roll", ANN)
    assert cashes(g)[:2] == [2500 - 4 * 5, 2500 + 4 * 5]


def test_O_starting_cash_and_no_rent_in_jail():
    g = new_game(dice=[(1, 2, 3)], options={"starting_cash": 1000, "no_rent_in_jail": True})
    assert cashes(g) == [1000, 1000, 1000]
    give(g, BOB, 6)
    g.st.players[BOB].in_jail = True
    g.st.players[BOB].position = 13
    act(g, "roll", ANN)
    assert cashes(g) == [1000, 1000, 1000]


def test_O_options_are_stored_in_the_save():
    g = new_game(options={"turn_limit": 30, "free_parking_pot": True})
    again = Game.from_dict(g.to_dict())
    assert again.st.options.turn_limit == 30 and again.st.options.free_parking_pot
