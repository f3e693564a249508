"""Auction scenarios: RULES.md A1-A3 (hot-seat bidding, $10 opening, $1 raises, winner pays the bank)."""

from __future__ import annotations

from scenario import (  # noqa: F401 (invariants_hold_at_the_end is an autouse fixture)
    ANN,
    BOB,
    CID,
    DEE,
    act,
    bob_declines_massachusetts,
    cash,
    cashes,
    give,
    illegal,
    invariants_hold_at_the_end,
    new_game,
    owners,
    pend,
    place,
    roll,
    set_turn,
    sound,
)

from kit import SEAT_ORDER


def _bob_declines_massachusetts(n=4, **kw):
    """Bob (seat 1) lands on Massachusetts Avenue (7, $100) and declines it (auctions in seat order unless
    ``options`` says otherwise)."""
    return bob_declines_massachusetts(n, **{"options": SEAT_ORDER, **kw})


def test_A1_A3_declined_deed_is_auctioned_from_the_left_of_the_decliner_who_may_bid_too():
    g = _bob_declines_massachusetts()
    assert pend(g) == ("bid", CID)
    assert g.pending.space == 7 and g.pending.bidders == [CID, DEE, ANN, BOB]
    assert g.pending.high_bidder is None
    act(g, "bid", CID, amount=10)
    assert pend(g) == ("bid", DEE)
    act(g, "bid", DEE, amount=11)
    assert pend(g) == ("bid", ANN)
    act(g, "drop_out", ANN)
    assert pend(g) == ("bid", BOB) and g.pending.bidders == [CID, DEE, BOB]
    act(g, "bid", BOB, amount=50)
    assert pend(g) == ("bid", CID)
    act(g, "drop_out", CID)
    assert pend(g) == ("bid", DEE) and (g.pending.high_bid, g.pending.high_bidder) == (50, BOB)
    act(g, "bid", DEE, amount=51)
    assert pend(g) == ("bid", BOB)
    ev = act(g, "drop_out", BOB)
    assert owners(g, 7) == [DEE]
    assert cashes(g) == [2500, 2500, 2500, 2500 - 51]
    assert [(e.payer, e.payee, e.amount) for e in ev if e.kind == "cash"] == [(DEE, None, 51)]
    assert pend(g) == ("turn", CID)  # Bob's turn is over
    sound(g)


def test_A2_opening_bid_at_least_10_then_raises_of_at_least_1():
    g = _bob_declines_massachusetts()
    illegal(g, {"kind": "bid", "player": CID, "amount": 9}, r"at least \$10")
    bids = [a for a in g.legal_actions(CID) if a.kind == "bid"]
    assert [a.amount for a in bids] == [10]
    act(g, "bid", CID, amount=10)
    illegal(g, {"kind": "bid", "player": DEE, "amount": 10}, r"at least \$11")
    act(g, "bid", DEE, amount=11)
    act(g, "bid", ANN, amount=400)  # any raise of $1 or more
    assert g.pending.high_bid == 400 and g.pending.high_bidder == ANN
    assert "bid at least $401" in g.describe_pending()


def test_A2_no_bid_above_the_bidders_cash_but_cash_may_be_raised_during_the_auction():
    g = _bob_declines_massachusetts()
    cash(g, CID, 30)
    give(g, CID, 6)
    illegal(g, {"kind": "bid", "player": CID, "amount": 31}, r"Cid has only \$30")
    act(g, "mortgage", CID, space=6)  # managing during the auction
    act(g, "bid", CID, amount=130)
    assert g.pending.high_bid == 130
    for p in (DEE, ANN, BOB):
        act(g, "drop_out", p)
    assert owners(g, 7) == [CID] and cashes(g)[CID] == 0
    sound(g)


def test_A3_only_the_bidder_whose_turn_it_is_may_act():
    g = _bob_declines_massachusetts()
    illegal(g, {"kind": "bid", "player": DEE, "amount": 10}, "Cid's decision")
    illegal(g, {"kind": "drop_out", "player": BOB}, "Cid's decision")
    illegal(g, {"kind": "roll", "player": BOB}, "waiting for")


def test_A3_everyone_drops_out_the_deed_stays_in_the_bank():
    g = _bob_declines_massachusetts()
    for p in (CID, DEE, ANN, BOB):
        act(g, "drop_out", p)
    assert owners(g, 7) == [None]
    assert cashes(g) == [2500] * 4
    assert pend(g) == ("turn", CID)
    sound(g)


def test_A3_the_last_bidder_left_without_a_bid_may_still_bid():
    g = _bob_declines_massachusetts()
    for p in (CID, DEE, ANN):
        act(g, "drop_out", p)
    assert pend(g) == ("bid", BOB) and g.pending.bidders == [BOB]
    act(g, "bid", BOB, amount=10)
    assert owners(g, 7) == [BOB] and cashes(g)[BOB] == 2490
    assert pend(g) == ("turn", CID)


def test_A3_ends_as_soon_as_one_bidder_is_left_holding_the_high_bid():
    g = _bob_declines_massachusetts()
    act(g, "bid", CID, amount=10)
    for p in (DEE, ANN, BOB):
        act(g, "drop_out", p)
    assert owners(g, 7) == [CID] and cashes(g)[CID] == 2490


def test_A3_who_dropped_out_never_comes_back():
    g = _bob_declines_massachusetts()
    act(g, "drop_out", CID)
    act(g, "bid", DEE, amount=10)
    act(g, "bid", ANN, amount=11)
    act(g, "bid", BOB, amount=12)
    assert pend(g) == ("bid", DEE)  # Cid is skipped
    illegal(g, {"kind": "bid", "player": CID, "amount": 20}, "Dee's decision")


def test_A1_bankrupt_players_do_not_bid():
    g = new_game(4)
    g.st.players[CID].bankrupt = True
    set_turn(g, BOB)
    roll(g, BOB, 2, 3, 2)
    act(g, "decline_buy", BOB)
    assert g.pending.bidders == [DEE, ANN, BOB]


def test_A1_option_auctions_off_a_declined_deed_stays_in_the_bank():
    g = _bob_declines_massachusetts(options={"auctions": False})
    assert owners(g, 7) == [None]
    assert pend(g) == ("turn", CID)


def test_A1_buy_refused_without_the_cash_then_auction():
    g = new_game()
    cash(g, ANN, 99)
    roll(g, ANN, 2, 3, 2)
    illegal(g, {"kind": "buy", "player": ANN}, r"Ann has \$99 of the \$100")
    act(g, "decline_buy", ANN)
    assert pend(g) == ("bid", BOB) and g.pending.bidders == [BOB, CID, ANN]


def test_A1_auction_space_lander_picks_a_bank_deed_and_bids_from_their_left():
    g = new_game(options=SEAT_ORDER)
    give(g, BOB, 51)
    place(g, ANN, 9)
    roll(g, ANN, 1, 2, 2)  # 9 + 5 = Auction (14)
    assert pend(g) == ("auction_pick", ANN)
    assert 51 not in g.pending.choices and 49 in g.pending.choices
    illegal(g, {"kind": "pick_auction_deed", "player": ANN, "space": 51}, "bank still holds")
    act(g, "pick_auction_deed", ANN, space=49)
    assert pend(g) == ("bid", BOB) and g.pending.space == 49 and g.pending.bidders == [BOB, CID, ANN]
    act(g, "bid", BOB, amount=10)
    act(g, "bid", CID, amount=200)
    act(g, "bid", ANN, amount=201)
    act(g, "drop_out", BOB)
    act(g, "drop_out", CID)
    assert owners(g, 49) == [ANN] and cashes(g) == [2299, 2500, 2500]
    assert pend(g) == ("turn", BOB)
    sound(g)


def test_A3_a_winner_who_spent_the_bid_meanwhile_owes_it_as_a_debt():
    """A bid is checked against cash when made; spending it afterwards leaves a debt to the bank (D1)."""
    g = _bob_declines_massachusetts()
    give(g, CID, 21, 23, 24)
    cash(g, CID, 120)
    act(g, "bid", CID, amount=110)
    act(g, "build", CID, space=21)  # $100: Cid now has $20
    for p in (DEE, ANN, BOB):
        act(g, "drop_out", p)
    assert pend(g) == ("debt", CID) and g.pending.amount == 110
    assert owners(g, 7) == [None] and g.deeds_awaiting_grant() == [7]  # (WinsAuction named it)
    act(g, "sell_building", CID, space=21)
    act(g, "mortgage", CID, space=23)
    act(g, "pay_debt", CID)
    assert owners(g, 7) == [CID] and g.deeds_awaiting_grant() == []
    assert cashes(g)[CID] == 20 + 50 + 90 - 110
    sound(g)
