"""Open bidding: RULES.md A3 (option ``auction_bidding`` = ``open``, the default), with A1, A2 and M3.

Most scenarios start from Bob declining Massachusetts Avenue (7, $100) in a four-player game
(:func:`scenario.bob_declines_massachusetts`): the bidders are Cid, Dee, Ann and Bob, in seat order
from Bob's left. Every test ends on exact cash and the deed's owner.
"""

from __future__ import annotations

from megamono.rules import auctions
from megamono.rules.actions import (
    AcceptTrade,
    Bid,
    Build,
    BuildDepot,
    DropOut,
    Level,
    MortgagedDeedChoice,
    PassBid,
    Unmortgage,
)
from megamono.rules.decisions import BidDecision, Decision
from megamono.rules.events import BidMade, Cash, NobodyBid, TradeVoid
from scenario import (  # noqa: F401 (invariants_hold_at_the_end is an autouse fixture)
    ANN,
    BOB,
    CID,
    DEE,
    act,
    bank,
    bob_declines_massachusetts,
    cash,
    cashes,
    give,
    illegal,
    invariants_hold_at_the_end,
    levels,
    new_game,
    offer,
    owners,
    pend,
    place,
    roll,
    set_turn,
    sound,
)

from kit import SEAT_ORDER

GUARD = "Cid holds the high bid of ${} in the auction: cash may not go below it until the auction ends (A3)"
"""The reason a high bidder's spending is refused (A3), for Cid and a bid."""


def _passes(g, *seats):
    for p in seats:
        act(g, "pass_bid", p)


def _cash_moves(events):
    return [(e.payer, e.payee, e.amount) for e in events if isinstance(e, Cash)]


# --- bids in the order made ---------------------------------------------------------------------------------

def test_A3_bids_out_of_seat_order_are_taken_in_the_order_made():
    """A3: "You don't need to follow turn order": Ann (third from Bob's left) bids first, then Cid,
    then Bob, the decliner (A1); each bid is taken as it comes."""
    g = bob_declines_massachusetts()
    assert g.pending.open and g.pending.bidders == [CID, DEE, ANN, BOB] and g.pending.high_bidder is None
    act(g, "bid", ANN, amount=10)
    act(g, "bid", CID, amount=20)
    act(g, "bid", BOB, amount=25)
    assert [(e.player, e.bid) for e in g.st.log if isinstance(e, BidMade)] == [(ANN, 10), (CID, 20), (BOB, 25)]
    assert (g.pending.high_bid, g.pending.high_bidder) == (25, BOB)
    _passes(g, CID, DEE)
    assert owners(g, 7) == [None] and pend(g)[0] == "bid"  # Ann has not passed yet
    ev = act(g, "pass_bid", ANN)
    assert _cash_moves(ev) == [(BOB, None, 25)]
    assert owners(g, 7) == [BOB]
    assert cashes(g) == [2500, 2475, 2500, 2500]
    assert pend(g) == ("turn", CID)  # Bob's turn is over


def test_A2_A3_a_bid_not_above_the_high_bid_is_refused_with_a_reason():
    g = bob_declines_massachusetts()
    assert g.why_not(Bid(player=DEE, amount=9)) == "the bid must be at least $10"
    act(g, "bid", DEE, amount=40)
    for seat, amount in ((CID, 40), (ANN, 39), (BOB, 10)):
        assert g.why_not(Bid(player=seat, amount=amount)) == "the bid must be at least $41"
        illegal(g, {"kind": "bid", "player": seat, "amount": amount}, r"at least \$41")
    assert g.why_not(Bid(player=CID, amount=41)) is None
    _passes(g, CID, ANN, BOB)
    assert owners(g, 7) == [DEE]
    assert cashes(g) == [2500, 2500, 2500, 2460]


def test_A3_the_high_bidder_neither_raises_nor_passes():
    g = bob_declines_massachusetts()
    act(g, "bid", CID, amount=10)
    why = "Cid holds the high bid ($10): the high bidder neither raises nor passes (A3)"
    assert g.why_not(Bid(player=CID, amount=11)) == why
    assert g.why_not(PassBid(player=CID)) == why
    illegal(g, {"kind": "bid", "player": CID, "amount": 11}, r"Cid holds the high bid \(\$10\)")
    illegal(g, {"kind": "pass_bid", "player": CID}, r"neither raises nor passes \(A3\)")
    assert [a.kind for a in g.legal_actions(CID)] == []  # Cid owns nothing to manage either
    _passes(g, DEE, ANN, BOB)
    assert owners(g, 7) == [CID]
    assert cashes(g) == [2500, 2500, 2490, 2500]


# --- passes -------------------------------------------------------------------------------------------------

def test_A3_a_bidder_who_passed_may_still_raise_and_a_raise_cancels_every_pass():
    g = bob_declines_massachusetts()
    act(g, "bid", CID, amount=10)
    _passes(g, DEE, ANN)
    assert g.pending.passed == [DEE, ANN]
    assert g.why_not(PassBid(player=DEE)) == "Dee has already passed on this bid"
    assert g.why_not(Bid(player=DEE, amount=11)) is None  # a pass only counts towards closing
    act(g, "bid", DEE, amount=11)
    assert g.pending.passed == []  # Ann's pass went too
    assert (g.pending.high_bid, g.pending.high_bidder) == (11, DEE)
    assert g.awaited() == (ANN, BOB, CID)
    _passes(g, ANN, BOB)
    assert g.pending.passed == [ANN, BOB] and g.awaited() == (CID,)
    act(g, "pass_bid", CID)
    assert owners(g, 7) == [DEE]
    assert cashes(g) == [2500, 2500, 2500, 2489]
    assert pend(g) == ("turn", CID)


def test_A3_nobody_drops_out_of_an_open_auction():
    g = bob_declines_massachusetts()
    assert g.why_not(DropOut(player=CID)) == ("in an open auction a bidder passes (and may still raise until it"
                                              " closes): nobody drops out")
    illegal(g, {"kind": "drop_out", "player": CID}, "nobody drops out")
    act(g, "pass_bid", CID)
    act(g, "bid", CID, amount=10)  # a pass is not for good
    _passes(g, DEE, ANN, BOB)
    assert owners(g, 7) == [CID]
    assert cashes(g) == [2500, 2500, 2490, 2500]


# --- closing ------------------------------------------------------------------------------------------------

def test_A3_closes_when_every_bidder_but_the_high_bidder_has_passed_and_the_winner_pays_the_bank_the_bid():
    g = bob_declines_massachusetts()
    act(g, "bid", CID, amount=137)
    _passes(g, DEE, ANN)
    assert pend(g)[0] == "bid" and g.awaited() == (BOB,)  # the decliner bids like anyone (A1)
    assert owners(g, 7) == [None] and cashes(g) == [2500] * 4
    ev = act(g, "pass_bid", BOB)
    assert _cash_moves(ev) == [(CID, None, 137)]  # to the bank, exactly the bid
    assert owners(g, 7) == [CID]
    assert cashes(g) == [2500, 2500, 2500 - 137, 2500]
    assert pend(g) == ("turn", CID)
    sound(g)


def test_A3_everyone_passes_with_no_bid_the_deed_stays_in_the_bank():
    g = bob_declines_massachusetts()
    start = len(g.st.log)
    _passes(g, CID, DEE, ANN)
    assert pend(g)[0] == "bid" and g.awaited() == (BOB,)  # with no bid, every bidder must pass
    act(g, "pass_bid", BOB)
    assert owners(g, 7) == [None]
    assert cashes(g) == [2500] * 4
    assert _cash_moves(g.st.log[start:]) == []
    assert [e.space for e in g.st.log[start:] if isinstance(e, NobodyBid)] == [7]
    assert pend(g) == ("turn", CID)


# --- a bidder without the cash (A2, A3) ---------------------------------------------------------------------

def test_A3_a_bidder_below_the_minimum_bid_counts_as_passed():
    """Cid has $5, below the $10 opening bid: the auction does not wait for him, and closes without him."""
    g = bob_declines_massachusetts(cash=[2500, 2500, 5, 2500])
    assert g.awaited() == (DEE, ANN, BOB)
    assert CID in g.pending.players  # still a bidder: he may bid once he has the cash
    assert g.why_not(Bid(player=CID, amount=10)) == "Cid has only $5: a bid cannot exceed your cash"
    act(g, "bid", DEE, amount=10)
    assert g.awaited() == (ANN, BOB)
    _passes(g, ANN, BOB)  # Cid never passed: he counts as having passed
    assert owners(g, 7) == [DEE]
    assert cashes(g) == [2500, 2500, 5, 2490]


def test_A2_A3_a_bidder_counts_again_once_they_have_the_cash_and_not_once_the_bid_passes_it():
    """Cid, with $5, mortgages Reading Railroad during the auction (A2: $100) and bids; once the high bid
    passes his cash he counts as having passed again."""
    g = bob_declines_massachusetts(cash=[2500, 2500, 5, 2500])
    give(g, CID, 6)
    act(g, "bid", DEE, amount=10)
    assert g.awaited() == (ANN, BOB)
    act(g, "mortgage", CID, space=6)
    assert cashes(g)[CID] == 105
    assert g.awaited() == (ANN, BOB, CID)
    _passes(g, ANN, BOB)
    assert pend(g)[0] == "bid" and g.awaited() == (CID,)  # the auction now waits for Cid
    act(g, "bid", CID, amount=60)
    act(g, "bid", DEE, amount=105)  # the next bid, $106, is above Cid's $105
    assert g.awaited() == (ANN, BOB)
    _passes(g, ANN, BOB)
    assert owners(g, 6, 7) == [CID, DEE] and g.st.deeds[6].mortgaged
    assert cashes(g) == [2500, 2500, 105, 2500 - 105]


# --- the high bidder's cash guard ---------------------------------------------------------------------------

def test_A3_the_high_bidder_may_build_down_to_exactly_the_bid_and_no_further():
    g = bob_declines_massachusetts()
    give(g, CID, 21, 23, 24)  # three of Orange's four lots (B1 majority); houses $100
    cash(g, CID, 230)
    act(g, "bid", CID, amount=130)
    act(g, "build", CID, space=21)  # $230 -> $130: exactly the bid
    assert cashes(g)[CID] == 130
    assert g.why_not(Build(player=CID, space=23)) == GUARD.format(130)
    illegal(g, {"kind": "build", "player": CID, "space": 23}, r"holds the high bid of \$130")
    act(g, "bid", DEE, amount=131)  # Cid no longer holds the high bid: he may spend again
    act(g, "build", CID, space=23)
    _passes(g, ANN, BOB)  # Cid's $30 is below the next bid: he counts as having passed
    assert owners(g, 7, 21, 23, 24) == [DEE, CID, CID, CID] and levels(g, 21, 23, 24) == [1, 1, 0]
    assert cashes(g) == [2500, 2500, 30, 2500 - 131]
    sound(g)


def test_A3_B6_the_high_bidder_may_build_a_depot_down_to_exactly_the_bid_and_no_further():
    g = bob_declines_massachusetts()
    give(g, CID, 6, 20)
    cash(g, CID, 200)
    act(g, "bid", CID, amount=100)
    act(g, "build_depot", CID, space=6)  # $100 depot: $200 -> $100
    assert g.why_not(BuildDepot(player=CID, space=20)) == GUARD.format(100)
    illegal(g, {"kind": "build_depot", "player": CID, "space": 20}, r"holds the high bid of \$100")
    _passes(g, DEE, ANN, BOB)
    assert owners(g, 7) == [CID]
    assert [g.st.deeds[i].depot for i in (6, 20)] == [True, False]
    assert cashes(g) == [2500, 2500, 0, 2500]
    sound(g)


def test_A3_M2_the_high_bidder_may_unmortgage_down_to_exactly_the_bid_and_no_further():
    g = bob_declines_massachusetts()
    give(g, CID, 6, 20, mortgaged=True)  # each costs $110 to unmortgage (M2)
    cash(g, CID, 330)
    act(g, "bid", CID, amount=220)
    act(g, "unmortgage", CID, space=6)  # $330 -> $220
    assert g.why_not(Unmortgage(player=CID, space=20)) == GUARD.format(220)
    illegal(g, {"kind": "unmortgage", "player": CID, "space": 20}, r"holds the high bid of \$220")
    _passes(g, DEE, ANN, BOB)
    assert owners(g, 7) == [CID]
    assert [g.st.deeds[i].mortgaged for i in (6, 20)] == [False, True]
    assert cashes(g) == [2500, 2500, 0, 2500]


def test_A3_X1_a_trade_may_not_take_the_high_bidders_cash_below_the_bid_either_side():
    """What counts is the cash given less the cash got: Cid, with $300 and the $100 high bid, may give
    $250 for $50 (he keeps exactly $100), not $251 for $50, nor $201 for nothing, whether he offers or
    is asked."""
    g = bob_declines_massachusetts()
    cash(g, CID, 300)
    act(g, "bid", CID, amount=100)
    for bad in (offer(CID, ANN, {"cash": 201}), offer(ANN, CID, None, {"cash": 201}),
                offer(CID, ANN, {"cash": 251}, {"cash": 50}), offer(ANN, CID, {"cash": 50}, {"cash": 251})):
        assert g.why_not(bad) == GUARD.format(100), bad
        illegal(g, bad.model_dump(), r"holds the high bid of \$100")
    fair = offer(ANN, CID, {"cash": 50}, {"cash": 250})
    assert g.why_not(fair) is None
    g.act(fair)
    g.act(AcceptTrade(player=CID))
    assert cashes(g) == [2700, 2500, 100, 2500]
    assert pend(g)[0] == "bid" and g.pending.high_bidder == CID  # the auction comes back
    _passes(g, DEE, ANN, BOB)
    assert owners(g, 7) == [CID]
    assert cashes(g) == [2700, 2500, 0, 2500]
    sound(g)


def test_A3_M3_a_trade_may_not_bring_the_high_bidder_a_mortgaged_deed_whose_fee_takes_them_below_the_bid():
    """Reading Railroad mortgaged ($100): its M3 fee is $10. Cid, with $300 and the $100 high bid, may pay
    Ann $190 for it, not $191; afterwards M3's unmortgaging ($110) is refused, keeping it ($10) leaves
    exactly the bid."""
    g = bob_declines_massachusetts()
    give(g, ANN, 6, mortgaged=True)
    cash(g, CID, 300)
    act(g, "bid", CID, amount=100)
    too_much = offer(ANN, CID, {"deeds": [6]}, {"cash": 191})
    assert g.why_not(too_much) == GUARD.format(100)
    assert g.why_not(offer(CID, ANN, {"cash": 191}, {"deeds": [6]})) == GUARD.format(100)
    illegal(g, too_much.model_dump(), r"holds the high bid of \$100")
    g.act(offer(ANN, CID, {"deeds": [6]}, {"cash": 190}))
    g.act(AcceptTrade(player=CID))
    assert pend(g) == ("mortgaged_deed", CID) and cashes(g)[CID] == 110
    assert g.why_not(MortgagedDeedChoice(player=CID, choice="unmortgage")) == GUARD.format(100)
    act(g, "mortgaged_deed_choice", CID, choice="keep")
    assert cashes(g)[CID] == 100
    assert pend(g)[0] == "bid" and g.awaited() == (DEE, ANN, BOB)
    _passes(g, DEE, ANN, BOB)
    assert owners(g, 6, 7) == [CID, CID] and g.st.deeds[6].mortgaged
    assert cashes(g) == [2690, 2500, 0, 2500]
    sound(g)


def test_A3_X1_an_accepted_trade_is_void_if_it_now_takes_the_high_bidder_below_the_bid():
    """The guard is checked again on acceptance. Nothing in the rules can move cash while an offer waits
    (managing and rent claims are refused until it is answered, and the auction it set aside takes no
    bids), so the change is written on the state: Cid hands Ann $1 after offering."""
    g = bob_declines_massachusetts()
    give(g, ANN, 10)
    cash(g, CID, 300)
    act(g, "bid", CID, amount=100)
    g.act(offer(CID, ANN, {"cash": 200}, {"deeds": [10]}))  # leaves exactly $100: allowed
    g.st.players[CID].cash -= 1  # (by state, see above)
    g.st.players[ANN].cash += 1
    ev = g.act(AcceptTrade(player=ANN))
    assert [e.problem for e in ev if isinstance(e, TradeVoid)] == [GUARD.format(100)]
    assert owners(g, 10) == [ANN] and cashes(g) == [2501, 2500, 299, 2500]
    assert pend(g)[0] == "bid" and g.pending.high_bidder == CID
    _passes(g, DEE, ANN, BOB)
    assert owners(g, 7, 10) == [CID, ANN]
    assert cashes(g) == [2501, 2500, 199, 2500]


def _cid_completes_orange(cid_cash):
    """Cid (``cid_cash``) holds the $100 high bid and buys New Jersey Avenue (25) from Ann for $100: it
    completes his Orange group, built to 2 houses, so he must level it at once (B8): one house ($100) on
    New Jersey, or rearrange for free."""
    g = bob_declines_massachusetts()
    give(g, CID, 21, 23, 24, level=2)
    give(g, ANN, 25)
    cash(g, CID, cid_cash)
    act(g, "bid", CID, amount=100)
    g.act(offer(CID, ANN, {"cash": 100}, {"deeds": [25]}))
    g.act(AcceptTrade(player=ANN))
    assert pend(g) == ("levelling", CID) and g.pending.amounts["build"] == 100
    return g


def test_A3_B8_the_high_bidder_may_not_level_by_building_below_the_bid():
    """Found by this file (fixed in levelling.why_not_level): B8's "build" took a high bidder below the bid."""
    g = _cid_completes_orange(250)  # $150 after the trade: the house would leave $50
    assert g.why_not(Level(player=CID, choice="build")) == GUARD.format(100)
    illegal(g, {"kind": "level", "player": CID, "choice": "build"}, r"holds the high bid of \$100")
    act(g, "level", CID, choice="rearrange")  # 2, 2, 2 and the new lot: 6 houses over 4 lots
    assert sorted(levels(g, 21, 23, 24, 25)) == [1, 1, 2, 2]
    assert pend(g)[0] == "bid" and cashes(g)[CID] == 150
    _passes(g, DEE, ANN, BOB)
    assert owners(g, 7, 25) == [CID, CID]
    assert cashes(g) == [2600, 2500, 50, 2500]
    sound(g)


def test_A3_B8_the_high_bidder_may_level_by_building_down_to_exactly_the_bid():
    g = _cid_completes_orange(300)  # $200 after the trade: the house leaves exactly $100
    act(g, "level", CID, choice="build")
    assert levels(g, 21, 23, 24, 25) == [2, 2, 2, 1]
    assert pend(g)[0] == "bid" and cashes(g)[CID] == 100
    _passes(g, DEE, ANN, BOB)
    assert owners(g, 7, 25) == [CID, CID]
    assert cashes(g) == [2600, 2500, 0, 2500]
    sound(g)


def test_A3_B7_the_high_bidder_may_not_bid_in_a_shortage_auction_beyond_the_cash_above_their_bid():
    """Cid, with $300 and the $100 high bid for Massachusetts, wants the bank's last house too when Dee
    builds it: the piece's auction (B7, bidding as A3) takes from him no bid above $200."""
    g = bob_declines_massachusetts()
    give(g, CID, 21, 23, 24)
    give(g, DEE, 27, 29, 30)
    give(g, ANN, 40, 41, 42, 44, level=4)  # 16 houses
    give(g, ANN, 15, 16, 18, 19, level=[4, 4, 4, 3])  # 15 more: the bank keeps 1
    assert bank(g)[0] == 1
    cash(g, CID, 300)
    act(g, "bid", CID, amount=100)
    act(g, "build", DEE, space=27)
    act(g, "shortage_answer", ANN, want=False)  # (Ann could place it on Virginia Avenue)
    act(g, "shortage_answer", CID, want=True)
    assert pend(g)[0] == "bid" and g.pending.piece == "house" and g.pending.open
    assert "holds the high bid of $100" in (g.why_not(Bid(player=CID, amount=201)) or "")
    act(g, "bid", CID, amount=200)
    act(g, "pass_bid", DEE)
    act(g, "place_piece", CID, space=21)
    assert pend(g)[0] == "bid" and g.pending.space == 7 and cashes(g)[CID] == 100
    _passes(g, DEE, ANN, BOB)
    assert owners(g, 7) == [CID] and levels(g, 21, 27) == [1, 0]
    assert cashes(g) == [2500, 2500, 0, 2500]


# --- bankruptcy during the auction --------------------------------------------------------------------------

def _ann_leads_then_owes_maryland(bids):
    """Option rent_must_be_claimed (T6): Ann ($100) lands on Bob's Maryland Avenue (hotel, $750 unclaimed
    yet), Mr. Monopoly takes her on to Pennsylvania Railroad (20), she declines it; the open auction
    (Bob, Cid, Ann) takes ``bids`` (seat, amount; amount None: a pass)."""
    g = new_game(options={"rent_must_be_claimed": True})
    give(g, BOB, 15, 16, 18, level=5)
    give(g, CID, 17, 19)
    cash(g, ANN, 100)
    place(g, ANN, 10)
    roll(g, ANN, 2, 3, "mr")  # 15 Maryland (a claim), then Mr. Monopoly: Pennsylvania Railroad (20)
    assert pend(g) == ("buy", ANN) and g.pending.space == 20
    act(g, "decline_buy", ANN)
    assert g.pending.open and g.pending.bidders == [BOB, CID, ANN]
    for seat, amount in bids:
        if amount is None:
            act(g, "pass_bid", seat)
        else:
            act(g, "bid", seat, amount=amount)
    act(g, "claim_rent", BOB, space=15)
    assert pend(g) == ("debt", ANN) and g.pending.amount == 750
    return g


def test_A3_D3_a_high_bidder_who_goes_bankrupt_leaves_and_the_auction_restarts_at_no_bid():
    g = _ann_leads_then_owes_maryland([(BOB, 10), (CID, 11), (ANN, 50), (CID, None)])
    act(g, "declare_bankruptcy", ANN)  # to Bob (D3): her $100 goes to him
    assert pend(g)[0] == "bid" and g.pending.space == 20
    assert g.pending.bidders == [BOB, CID]
    assert (g.pending.high_bid, g.pending.high_bidder, g.pending.passed) == (0, None, [])  # Cid's pass went too
    assert g.awaited() == (BOB, CID)
    act(g, "bid", BOB, amount=10)
    act(g, "pass_bid", CID)
    assert owners(g, 20) == [BOB]
    assert cashes(g) == [0, 2500 + 100 - 10, 2500]
    assert pend(g) == ("turn", BOB)
    sound(g)


def test_A3_D3_a_bidder_who_goes_bankrupt_leaves_and_the_high_bid_stands():
    """Ann is not the high bidder: the auction goes on at Bob's $50; Cid has passed on it, so with Ann gone
    it closes at once."""
    g = _ann_leads_then_owes_maryland([(BOB, 10), (ANN, 20), (BOB, 50), (CID, None)])
    act(g, "declare_bankruptcy", ANN)
    assert owners(g, 20) == [BOB]
    assert cashes(g) == [0, 2500 + 100 - 50, 2500]
    assert pend(g) == ("turn", BOB)
    sound(g)


# --- who the game waits on (T7) -----------------------------------------------------------------------------

def test_A3_T7_awaited_names_every_bidder_the_open_auction_waits_on_and_one_seat_otherwise():
    g = new_game(4)
    assert g.awaited() == (ANN,) and g.pending.players == (ANN,)  # a turn
    g = bob_declines_massachusetts()
    assert g.awaited() == (CID, DEE, ANN, BOB) == g.pending.players  # before any bid: everyone
    act(g, "bid", DEE, amount=10)
    assert g.awaited() == (ANN, BOB, CID)  # from the high bidder's left
    assert g.pending.players == (CID, ANN, BOB)  # who may act: every bidder but the high bidder
    act(g, "pass_bid", ANN)
    assert g.awaited() == (BOB, CID)  # the game no longer waits for Ann ...
    assert ANN in g.pending.players  # ... who may still raise
    assert {a.kind for a in g.legal_actions(ANN)} == {"bid"}
    assert {a.kind for a in g.legal_actions(BOB)} == {"bid", "pass_bid"}
    assert g.legal_actions(DEE) == []
    _passes(g, BOB, CID)
    assert g.awaited() == (CID,) and pend(g) == ("turn", CID)  # a turn again: one seat
    assert owners(g, 7) == [DEE]
    assert cashes(g) == [2500, 2500, 2500, 2490]


def test_A3_the_engine_settles_an_open_auction_exactly_once_per_action(monkeypatch):
    """``auctions.settle_open`` (whom the auction waits on, or its close) runs once after every action
    taken while an open auction is pending, the one that opens it and the one that closes it included,
    and nowhere else: it is the auction's hook (``BidDecision.after_action``), which the engine runs."""
    calls: list[int] = []
    real = auctions.settle_open

    def counted(st, ed):
        calls.append(len(st.log))
        real(st, ed)

    monkeypatch.setattr(BidDecision, "after_action", staticmethod(counted))
    monkeypatch.setattr(auctions, "settle_open", counted)  # (a call by name elsewhere would count too)
    assert Decision.after_action is None and not Decision(kind="turn", player=ANN).at_once

    def settles(g, kind, player, **fields):
        calls.clear()
        act(g, kind, player, **fields)
        return len(calls)

    g = new_game(4)
    give(g, ANN, 1)
    set_turn(g, BOB)
    roll(g, BOB, 2, 3, 2)  # to Massachusetts Avenue (7)
    assert pend(g) == ("buy", BOB) and settles(g, "mortgage", ANN, space=1) == 0  # no auction yet
    assert settles(g, "decline_buy", BOB) == 1 and g.pending.at_once  # it opens: settled once
    assert settles(g, "bid", CID, amount=20) == 1 and g.awaited() == (DEE, ANN, BOB)
    assert settles(g, "pass_bid", DEE) == 1 and g.pending.player == ANN
    assert settles(g, "unmortgage", ANN, space=1) == 1  # any action while it runs (a bidder's cash)
    assert settles(g, "pass_bid", ANN) == 1
    assert settles(g, "pass_bid", BOB) == 1 and owners(g, 7) == [CID]  # the last pass: it closes
    assert pend(g) == ("turn", CID) and settles(g, "mortgage", ANN, space=1) == 0  # over: no more
    # an auction nobody can open closes in the action that starts it, settled once
    g = new_game(4, cash=5)
    set_turn(g, BOB)
    roll(g, BOB, 2, 3, 2)
    assert settles(g, "decline_buy", BOB) == 1 and owners(g, 7) == [None] and pend(g) == ("turn", CID)
    # in seat order the hook runs too, and leaves the auction to its bidders in turn
    g = bob_declines_massachusetts(options={"auction_bidding": "seat_order"})
    assert not g.pending.at_once and settles(g, "bid", CID, amount=20) == 1 and g.pending.player == DEE


# --- the old rule -------------------------------------------------------------------------------------------

def test_A3_option_seat_order_bidders_act_one_at_a_time_and_drop_out_for_good():
    g = bob_declines_massachusetts(options=SEAT_ORDER)
    assert not g.pending.open and g.awaited() == (CID,) == g.pending.players
    illegal(g, {"kind": "bid", "player": DEE, "amount": 10}, "Cid's decision")
    illegal(g, {"kind": "pass_bid", "player": CID}, "in seat order")
    act(g, "bid", CID, amount=10)
    assert g.awaited() == (DEE,)
    act(g, "drop_out", DEE)
    act(g, "bid", ANN, amount=11)
    act(g, "drop_out", BOB)
    assert g.awaited() == (CID,)
    illegal(g, {"kind": "bid", "player": DEE, "amount": 12}, "Cid's decision")  # Dee is out for good
    act(g, "drop_out", CID)
    assert owners(g, 7) == [ANN]
    assert cashes(g) == [2489, 2500, 2500, 2500]
    assert pend(g) == ("turn", CID)
