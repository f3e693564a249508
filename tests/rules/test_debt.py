"""Debt, bankruptcy and the end of the game: RULES.md D1-D6 and E1."""

from __future__ import annotations

from megamono.rules.actions import ClaimRent, DeclareBankruptcy, Roll
from megamono.rules.state import RentClaim
from scenario import (  # noqa: F401 (invariants_hold_at_the_end is an autouse fixture)
    ANN,
    BOB,
    CID,
    DEE,
    act,
    bank,
    cash,
    cashes,
    give,
    illegal,
    invariants_hold_at_the_end,
    levels,
    new_game,
    owners,
    pend,
    place,
    roll,
    set_turn,
    sound,
    stack,
)

import kit
from kit import SEAT_ORDER


def _ann_owes_bob_750(n=3, options=None):
    """Ann lands on Bob's Maryland Avenue (hotel, $750)."""
    g = new_game(n, options=options)
    give(g, BOB, 15, 16, 18, level=5)
    place(g, ANN, 10)
    return g


def _land_on_maryland(g):
    roll(g, ANN, 1, 2, 2)  # 10 + 5 = 15
    assert g.st.players[ANN].position == 15


# --- D1 debt waits ----------------------------------------------------------------------------------

def test_D1_debt_waits_while_the_debtor_raises_money_then_pays():
    g = _ann_owes_bob_750()
    give(g, ANN, 21, 24, 25, level=1)
    give(g, ANN, 6, depot=True)
    give(g, ANN, 51)
    give(g, BOB, 40, 41, 42)
    cash(g, ANN, 100)
    _land_on_maryland(g)
    assert pend(g) == ("debt", ANN)
    assert g.pending.amount == 750
    assert [(c.player, c.amount) for c in g.pending.creditors] == [(BOB, 750)]
    assert g.pending.amounts["raisable"] == 100 + 150 + 290 + 50 + 100 + 200
    assert cashes(g) == [100, 2500, 2500]  # nothing is paid until the whole sum is there
    sound(g)
    # the game does not move on; the debtor may only raise money
    illegal(g, {"kind": "roll", "player": BOB}, "waiting for")
    illegal(g, {"kind": "build", "player": ANN, "space": 21}, r"in debt: only selling and mortgaging")
    illegal(g, {"kind": "unmortgage", "player": ANN, "space": 6}, "in debt")
    illegal(g, {"kind": "pay_debt", "player": ANN}, r"has \$100 of the \$750 owed")
    illegal(g, {"kind": "declare_bankruptcy", "player": ANN}, r"can still raise \$790 by selling buildings "
            r"and mortgaging \(\$890 with the cash in hand, \$750 owed\)")
    illegal(g, {"kind": "pay_debt", "player": BOB}, "Ann's decision")
    # other players may manage meanwhile
    act(g, "build", BOB, space=40)
    act(g, "sell_group_buildings", ANN, space=21)
    act(g, "sell_depot", ANN, space=6)
    act(g, "mortgage", ANN, space=6)
    act(g, "mortgage", ANN, space=51)
    act(g, "mortgage", ANN, space=21)
    assert cashes(g)[ANN] == 100 + 150 + 50 + 100 + 200 + 90
    illegal(g, {"kind": "pay_debt", "player": ANN}, r"has \$690 of the \$750")
    act(g, "mortgage", ANN, space=24)
    assert pend(g) == ("debt", ANN)
    ev = act(g, "pay_debt", ANN)
    assert [(e.payer, e.payee, e.amount) for e in ev if e.kind == "cash"] == [(ANN, BOB, 750)]
    assert cashes(g) == [40, 2500 - 200 + 750, 2500]
    assert pend(g) == ("turn", BOB)
    sound(g)


def test_D1_a_debtor_may_trade_to_raise_money():
    g = _ann_owes_bob_750()
    give(g, ANN, 51)
    cash(g, ANN, 0)
    _land_on_maryland(g)
    act(g, "propose_trade", CID, partner=ANN, give={"cash": 800}, take={"deeds": [51]})
    act(g, "accept_trade", ANN)
    assert pend(g) == ("debt", ANN)
    act(g, "pay_debt", ANN)
    assert cashes(g) == [50, 3250, 1700]
    assert owners(g, 51) == [CID]
    sound(g)


def test_D1_I5_a_debtor_may_only_sell_for_cash_and_never_pass_assets_on_before_a_bankruptcy():
    """A debtor's trades must raise money: no cash given, no deeds or cards taken, and at least the
    mortgage value of the unmortgaged deeds sold; nor may the debtor propose to end the game."""
    g = _ann_owes_bob_750()
    give(g, ANN, 1, 3)  # Mediterranean and Baltic: mortgage $30 each
    give(g, ANN, 6, mortgaged=True)
    give(g, CID, 8)
    cash(g, ANN, 500)
    _land_on_maryland(g)
    assert pend(g) == ("debt", ANN)
    illegal(g, {"kind": "propose_trade", "player": ANN, "partner": CID, "give": {"cash": 500, "deeds": [1, 3]}},
            r"Ann is in debt: a trade may bring them cash, not take cash from them \(D1\)")
    illegal(g, {"kind": "propose_trade", "player": ANN, "partner": CID, "give": {"deeds": [1, 3]}},
            r"selling those deeds must bring at least \$60")
    illegal(g, {"kind": "propose_trade", "player": ANN, "partner": CID, "give": {"deeds": [1, 3]},
                "take": {"cash": 59}}, r"at least \$60")
    illegal(g, {"kind": "propose_trade", "player": ANN, "partner": CID, "give": {"deeds": [1]},
                "take": {"cash": 100, "deeds": [8]}}, "may only sell deeds and cards for cash, not take any")
    illegal(g, {"kind": "propose_trade", "player": ANN, "partner": CID, "give": {"deeds": [6]}},
            r"a trade must bring them cash \(D1\)")
    # the same when another player makes the offer
    illegal(g, {"kind": "propose_trade", "player": CID, "partner": ANN, "take": {"deeds": [1]}}, r"at least \$30")
    illegal(g, {"kind": "propose_end", "player": ANN}, r"Ann is in debt: pay or raise the money first")
    # the others may still trade with each other, and buy from the debtor at a fair price
    act(g, "propose_trade", BOB, partner=CID, give={"cash": 10}, take={"deeds": [8]})
    act(g, "accept_trade", CID)
    assert pend(g) == ("debt", ANN)
    act(g, "propose_trade", CID, partner=ANN, give={"cash": 260}, take={"deeds": [1, 3, 6]})
    act(g, "accept_trade", ANN)
    assert owners(g, 1, 3, 6, 8) == [CID, CID, CID, BOB]
    act(g, "mortgaged_deed_choice", CID, choice="keep")  # M3 for the mortgaged railroad
    assert pend(g) == ("debt", ANN) and cashes(g)[ANN] == 760
    act(g, "pay_debt", ANN)
    assert cashes(g)[ANN] == 10
    sound(g)


# --- D2 bankruptcy only when it cannot be covered -----------------------------------------------------

def test_D2_bankruptcy_refused_while_selling_and_mortgaging_everything_would_cover_the_debt():
    g = _ann_owes_bob_750()
    give(g, ANN, 21, 24, 25, level=1)  # 3 x $50 + 90 + 100 + 100
    give(g, ANN, 6, depot=True)  # $50 + $100
    give(g, ANN, 36, mortgaged=True)  # nothing more
    cash(g, ANN, 160)
    _land_on_maryland(g)
    assert g.pending.amounts["raisable"] == 750
    illegal(g, {"kind": "declare_bankruptcy", "player": ANN}, "only for a debt that cannot be covered")
    assert [a.kind for a in g.legal_actions(ANN) if a.kind in ("pay_debt", "declare_bankruptcy")] == []


def test_D2_bankruptcy_allowed_one_dollar_short():
    g = _ann_owes_bob_750()
    give(g, ANN, 21, 24, 25, level=1)
    give(g, ANN, 6, depot=True)
    cash(g, ANN, 159)
    _land_on_maryland(g)
    assert g.pending.amounts["raisable"] == 749
    assert [a.kind for a in g.legal_actions(ANN) if a.kind in ("pay_debt", "declare_bankruptcy")] == [
        "declare_bankruptcy"]


# --- D3 bankruptcy to a player ----------------------------------------------------------------------

def test_D3_everything_goes_to_the_creditor_buildings_sold_first_M3_follows():
    g = _ann_owes_bob_750()
    give(g, ANN, 21, 24, 25, level=1)
    give(g, ANN, 6, depot=True)
    give(g, ANN, 36, mortgaged=True)
    cash(g, ANN, 100)
    for deck, cid in (("chance", "CH08"), ("community_chest", "CC05")):
        getattr(g.st.decks, deck).remove(cid)
        g.st.players[ANN].gojf.append(cid)
    tickets = [g.st.decks.bus.pop(0) for _ in range(2)]
    g.st.players[ANN].bus_tickets.extend(tickets)
    _land_on_maryland(g)
    act(g, "declare_bankruptcy", ANN)
    a, b = g.st.players[ANN], g.st.players[BOB]
    assert a.bankrupt and a.cash == 0 and a.gojf == [] and a.bus_tickets == []
    # 3 houses at $50 and the depot at $50 were sold to the bank, then all $300 went to Bob
    assert cashes(g) == [0, 2800, 2500]
    assert levels(g, 21, 24, 25) == [0, 0, 0] and not g.st.deeds[6].depot
    assert bank(g) == (32, 9, 8, 4)
    assert owners(g, 6, 21, 24, 25, 36) == [BOB] * 5
    assert b.gojf == ["CH08", "CC05"] and b.bus_tickets == tickets
    assert (pend(g), g.pending.space) == (("mortgaged_deed", BOB), 36)
    sound(g)
    act(g, "mortgaged_deed_choice", BOB, choice="keep")
    assert cashes(g) == [0, 2792, 2500]
    assert pend(g) == ("turn", BOB)
    sound(g)


def test_D3_B8_creditor_gains_the_last_lot_of_a_built_group():
    """Bob's hotels on three pink lots; Ann's Virginia Avenue completes the group: B8 with 'return'."""
    g = _ann_owes_bob_750()
    give(g, ANN, 19)
    cash(g, ANN, 0)
    _land_on_maryland(g)
    act(g, "declare_bankruptcy", ANN)
    assert owners(g, 19) == [BOB]
    assert pend(g) == ("levelling", BOB) and g.pending.forced and g.pending.amounts["build"] == 400
    act(g, "level", BOB, choice="build")
    assert levels(g, 15, 16, 18, 19) == [5, 5, 5, 4]
    assert cashes(g) == [0, 2100, 2500]
    assert pend(g) == ("turn", BOB)
    sound(g)


# --- D4 bankruptcy to the bank -------------------------------------------------------------------------

def test_D4_to_the_bank_deeds_auctioned_unmortgaged_cards_back_tickets_out():
    g = new_game(options=SEAT_ORDER)
    give(g, ANN, 1, 3, level=1)
    give(g, ANN, 6, mortgaged=True)
    cash(g, ANN, 5)
    g.st.decks.chance.remove("CH08")
    g.st.players[ANN].gojf.append("CH08")
    ticket = g.st.decks.bus.pop(0)
    g.st.players[ANN].bus_tickets.append(ticket)
    stack(g, "community_chest", "CC12")  # School tax $150
    place(g, ANN, 17)
    roll(g, ANN, 1, 2, 2)  # 22: Community Chest
    assert pend(g) == ("debt", ANN)
    assert [(c.player, c.amount) for c in g.pending.creditors] == [(None, 150)]
    assert g.pending.amounts["raisable"] == 5 + 50 + 60
    act(g, "declare_bankruptcy", ANN)
    assert cashes(g) == [0, 2500, 2500]
    assert bank(g) == (32, 12, 8, 4)
    assert owners(g, 1, 3, 6) == [None, None, None]
    assert not any(g.st.deeds[i].mortgaged for i in (1, 3, 6))
    assert g.st.decks.chance[-1] == "CH08"
    assert ticket in g.st.decks.bus_out and g.st.players[ANN].bus_tickets == []
    # each deed is auctioned at once, in board order, from the bankrupt player's left
    assert pend(g) == ("bid", BOB) and g.pending.space == 1 and g.pending.bidders == [BOB, CID]
    sound(g)
    act(g, "bid", BOB, amount=10)
    act(g, "drop_out", CID)
    assert owners(g, 1) == [BOB]
    assert pend(g) == ("bid", BOB) and g.pending.space == 3
    act(g, "drop_out", BOB)
    act(g, "drop_out", CID)
    assert owners(g, 3) == [None]
    assert pend(g) == ("bid", BOB) and g.pending.space == 6
    act(g, "drop_out", BOB)
    act(g, "bid", CID, amount=99)
    assert owners(g, 6) == [CID] and not g.st.deeds[6].mortgaged
    assert cashes(g) == [0, 2490, 2401]
    assert pend(g) == ("turn", BOB)
    sound(g)


# --- D5 several creditors ------------------------------------------------------------------------------

def _chairman(n, drawer, cash_, options=None):
    g = new_game(n, options=options)
    set_turn(g, drawer)
    cash(g, drawer, cash_)
    stack(g, "chance", "CH15")
    roll(g, drawer, 2, 4, 3)  # 0 + 9: Chance
    return g


def test_D5_chairman_the_debt_is_the_total_and_waits_whole():
    g = _chairman(4, ANN, 120)
    give(g, ANN, 51)
    assert pend(g) == ("debt", ANN) and g.pending.amount == 150
    assert [(c.player, c.amount) for c in g.pending.creditors] == [(BOB, 50), (CID, 50), (DEE, 50)]
    assert cashes(g) == [120, 2500, 2500, 2500]
    act(g, "mortgage", ANN, space=51)
    act(g, "pay_debt", ANN)
    assert cashes(g) == [170, 2550, 2550, 2550]
    assert pend(g) == ("turn", BOB)
    sound(g)


def test_D5_chairman_bankrupt_pays_creditors_in_seat_order_first_unpaid_gets_the_rest():
    g = _chairman(4, ANN, 120)
    give(g, ANN, 6, mortgaged=True)
    g.st.decks.community_chest.remove("CC05")
    g.st.players[ANN].gojf.append("CC05")
    act(g, "declare_bankruptcy", ANN)
    assert cashes(g) == [0, 2550, 2550, 2520]
    assert owners(g, 6) == [DEE]
    assert g.st.players[DEE].gojf == ["CC05"]
    assert pend(g) == ("mortgaged_deed", DEE)
    act(g, "mortgaged_deed_choice", DEE, choice="keep")
    assert cashes(g)[DEE] == 2510
    assert pend(g) == ("turn", BOB)
    sound(g)


def test_D5_first_unpaid_creditor_is_the_D3_creditor_the_later_ones_get_nothing():
    g = _chairman(4, ANN, 30)
    give(g, ANN, 21, 24, 25, mortgaged=True)
    act(g, "declare_bankruptcy", ANN)
    assert cashes(g) == [0, 2530, 2500, 2500]
    assert owners(g, 21, 24, 25) == [BOB] * 3
    assert pend(g) == ("mortgaged_deed", BOB)


def test_D5_seat_order_starts_at_the_debtors_left():
    """Decision read from D5/D6: seat order round the table from the debtor's left (Cid: Dee, Ann, Bob)."""
    g = _chairman(4, CID, 70)
    assert [c.player for c in g.pending.creditors] == [DEE, ANN, BOB]
    act(g, "declare_bankruptcy", CID)
    assert cashes(g) == [2520, 2500, 0, 2550]
    assert pend(g) == ("turn", DEE)
    sound(g)


# --- D6 several debtors ---------------------------------------------------------------------------------

def test_D6_grand_opera_night_payers_settle_in_seat_order_from_the_drawers_left():
    g = new_game(4)
    set_turn(g, BOB)
    cash(g, DEE, 20)
    stack(g, "community_chest", "CC07")
    place(g, BOB, 17)
    roll(g, BOB, 1, 2, 2)  # 22: Community Chest, Grand Opera Night
    # Cid paid first; Dee cannot: Ann (who comes after) has not paid yet
    assert pend(g) == ("debt", DEE)
    assert [(c.player, c.amount) for c in g.pending.creditors] == [(BOB, 50)]
    assert cashes(g) == [2500, 2550, 2450, 20]
    act(g, "declare_bankruptcy", DEE)
    assert cashes(g) == [2450, 2500 + 50 + 20 + 50, 2450, 0]
    assert g.st.players[DEE].bankrupt
    assert pend(g) == ("turn", CID)
    sound(g)


# --- E1 the last player left wins --------------------------------------------------------------------

def test_E1_last_player_not_bankrupt_wins():
    g = _ann_owes_bob_750(n=2)
    cash(g, ANN, 0)
    _land_on_maryland(g)
    act(g, "declare_bankruptcy", ANN)
    assert g.over and g.st.winner == BOB
    assert pend(g) == ("game_over", BOB)
    assert g.legal_actions() == []
    illegal(g, {"kind": "roll", "player": BOB}, "the game is over")
    illegal(g, {"kind": "mortgage", "player": BOB, "space": 15}, "the game is over")
    sound(g)


def test_E1_with_three_players_the_game_goes_on_and_skips_the_bankrupt_seat():
    g = _ann_owes_bob_750(options=SEAT_ORDER)
    cash(g, ANN, 0)
    _land_on_maryland(g)
    act(g, "declare_bankruptcy", ANN)
    assert not g.over and pend(g) == ("turn", BOB)
    roll(g, BOB, 1, 2, 3)  # 0 + 6 Reading: decline, nobody bids
    act(g, "decline_buy", BOB)
    assert g.pending.bidders == [CID, BOB]
    act(g, "drop_out", CID)
    act(g, "drop_out", BOB)
    assert pend(g) == ("turn", CID)
    roll(g, CID, 1, 2, 3)
    act(g, "decline_buy", CID)
    act(g, "drop_out", BOB)
    act(g, "drop_out", CID)
    assert pend(g) == ("turn", BOB)
    sound(g)


def test_D3_a_bankrupt_mover_rolls_no_more_even_after_doubles():
    g = _ann_owes_bob_750()
    cash(g, ANN, 0)
    roll(g, ANN, 2, 2, 1)  # doubles: 10 + 5 = 15
    assert pend(g) == ("debt", ANN)
    act(g, "declare_bankruptcy", ANN)
    assert pend(g) == ("turn", BOB) and not g.pending.roll_again
    sound(g)


# --- D1 with deeds still to settle (regressions: the debtor was left with no legal action) ---------------

def test_D1_a_fee_debt_while_other_received_deeds_wait_may_be_raised_in_their_unbuilt_group():
    """Bob receives Reading and Boardwalk, both mortgaged; keeping Reading costs $10 he lacks. His
    Park Place (same group as Boardwalk, whose M3 choice is still to come) may be mortgaged."""
    g = new_game()
    give(g, BOB, 49)
    cash(g, BOB, 5)
    give(g, ANN, 6, 51, mortgaged=True)
    cash(g, ANN, 0)
    place(g, ANN, 45)
    roll(g, ANN, 1, 2, 1)  # 45 + 4 = Park Place: $35
    act(g, "declare_bankruptcy", ANN)
    assert (pend(g), g.pending.space) == (("mortgaged_deed", BOB), 6)
    act(g, "mortgaged_deed_choice", BOB, choice="keep")
    assert pend(g) == ("debt", BOB) and g.pending.amount == 10
    assert [(a.kind, a.space) for a in g.legal_actions(BOB)] == [("mortgage", 49)]
    act(g, "mortgage", BOB, space=49)
    act(g, "pay_debt", BOB)
    assert (pend(g), g.pending.space) == (("mortgaged_deed", BOB), 51)
    act(g, "mortgaged_deed_choice", BOB, choice="keep")
    assert cashes(g) == [0, 5 + 175 - 10 - 20, 2500]
    assert pend(g) == ("turn", BOB)


def test_D1_a_fee_debt_while_a_levelling_waits_may_be_raised_by_selling_in_that_group():
    """Bob's orange houses are his only wealth; the levelling for New Jersey waits behind Reading's M3."""
    g = new_game()
    give(g, BOB, 21, 23, 24, level=1)
    cash(g, BOB, 0)
    give(g, ANN, 6, 25, mortgaged=True)
    cash(g, ANN, 0)
    place(g, ANN, 16)
    roll(g, ANN, 1, 2, 2)  # St. James, 1 house: $70
    act(g, "declare_bankruptcy", ANN)
    act(g, "mortgaged_deed_choice", BOB, choice="keep")
    assert pend(g) == ("debt", BOB) and g.pending.amount == 10
    sound(g)  # Orange (25 mortgaged beside houses) waits for its levelling
    illegal(g, {"kind": "build", "player": BOB, "space": 21}, "in debt")
    assert {a.kind for a in g.legal_actions(BOB)} == {"sell_building", "sell_group_buildings"}
    act(g, "sell_building", BOB, space=21)
    act(g, "pay_debt", BOB)
    assert cashes(g)[BOB] == 40
    assert pend(g) == ("levelling", BOB) and g.pending.space == 25 and g.pending.forced
    assert {a.choice for a in g.legal_actions(BOB) if a.kind == "level"} == {"sell_all", "return"}
    act(g, "level", BOB, choice="return")
    assert owners(g, 25) == [None]
    assert pend(g) == ("bid", CID)


# --- bankruptcy while another decision is set aside (regressions: the game waited on a bankrupt) ---------

def test_D4_bankrupt_over_a_trades_M3_fee_in_their_own_turn_the_turn_passes():
    g = new_game(options=SEAT_ORDER)
    give(g, BOB, 51, mortgaged=True)
    cash(g, ANN, 10)
    act(g, "propose_trade", BOB, partner=ANN, give={"deeds": [51]})
    act(g, "accept_trade", ANN)
    act(g, "mortgaged_deed_choice", ANN, choice="keep")  # $20 fee, Ann has $10
    assert pend(g) == ("debt", ANN)
    act(g, "declare_bankruptcy", ANN)  # to the bank: Boardwalk is auctioned
    assert pend(g) == ("bid", BOB) and g.pending.space == 51
    act(g, "drop_out", BOB)
    act(g, "drop_out", CID)
    assert pend(g) == ("turn", BOB)  # Ann's set-aside turn is gone with her
    sound(g)


def test_D3_a_bidder_bankrupt_over_a_claimed_rent_leaves_the_auction_and_the_bid_is_void():
    """Option rent_must_be_claimed (T6): Bob claims Maryland's rent during an auction Ann leads."""
    g = new_game(options={**SEAT_ORDER, **{"rent_must_be_claimed": True}})
    give(g, BOB, 15, 16, 18, level=5)
    give(g, CID, 17, 19)
    cash(g, ANN, 100)
    place(g, ANN, 10)
    roll(g, ANN, 2, 3, "mr")  # 15 Maryland (claim), then Mr. Monopoly: Pennsylvania Railroad (20)
    assert pend(g) == ("buy", ANN) and g.pending.space == 20
    act(g, "decline_buy", ANN)
    act(g, "bid", BOB, amount=10)
    act(g, "bid", CID, amount=11)
    act(g, "bid", ANN, amount=50)
    act(g, "claim_rent", BOB, space=15)
    assert pend(g) == ("debt", ANN) and g.pending.amount == 750
    act(g, "declare_bankruptcy", ANN)
    assert pend(g) == ("bid", BOB)
    assert g.pending.bidders == [BOB, CID] and g.pending.high_bidder is None
    act(g, "bid", BOB, amount=10)
    act(g, "drop_out", CID)
    assert owners(g, 20) == [BOB]
    assert cashes(g) == [0, 2500 + 100 - 10, 2500]
    assert pend(g) == ("turn", BOB)
    sound(g)


def test_D5_a_debt_set_aside_is_no_longer_owed_to_a_creditor_who_went_bankrupt_meanwhile():
    g = _chairman(3, ANN, 60, options=SEAT_ORDER)  # owes Bob and Cid $50 each
    assert pend(g) == ("debt", ANN) and g.pending.amount == 100
    give(g, ANN, 51, mortgaged=True)
    cash(g, BOB, 5)
    act(g, "propose_trade", ANN, partner=BOB, give={"deeds": [51]}, take={"cash": 1})  # a debtor sells (I5)
    act(g, "accept_trade", BOB)
    act(g, "mortgaged_deed_choice", BOB, choice="keep")  # $20 fee, Bob has $4
    act(g, "declare_bankruptcy", BOB)  # to the bank
    assert pend(g) == ("bid", CID) and g.pending.space == 51 and g.pending.bidders == [CID, ANN]
    act(g, "drop_out", CID)
    act(g, "drop_out", ANN)
    assert pend(g) == ("debt", ANN)
    assert [(c.player, c.amount) for c in g.pending.creditors] == [(CID, 50)] and g.pending.amount == 50
    act(g, "pay_debt", ANN)
    assert cashes(g) == [11, 0, 2550]
    assert pend(g) == ("turn", CID)
    sound(g)


def test_T6_D3_claimed_rent_that_bankrupts_the_payer_does_not_leave_the_game_waiting_on_them():
    """Found while building the bots (option rent_must_be_claimed, T6 with D1-D3): a claim that bankrupts the
    payer, made while the payer's Bus choice is open, left the game waiting on the bankrupt player."""
    g = kit.new_game(dice=[(1, 3, "bus")], options={"rent_must_be_claimed": True})
    g.st.players[0].cash = 10
    give(g, 1, 1, 3, 4, level=5)          # Bob: hotels on Brown; Arctic Avenue rent $450
    g.act(Roll(player=0))                 # Ann: 1+3 to Arctic Avenue, then the Bus face
    assert g.pending.kind == "bus" and g.st.claims
    g.act(ClaimRent(player=1, space=4))   # Bob claims while Ann's Bus choice is open
    g.act(DeclareBankruptcy(player=0))    # Ann cannot pay $450
    assert g.st.players[0].bankrupt and not g.over
    assert g.pending.player != 0, f"the game waits on bankrupt Ann ({g.pending.kind})"
    assert any(a.kind not in ("build", "sell_building", "sell_group_buildings", "mortgage", "unmortgage",
                              "build_depot", "sell_depot") for a in g.legal_actions())


def test_T6_D1_a_second_claim_against_a_payer_in_debt_does_not_leave_the_game_waiting_on_them():
    """Found while building the bots (option rent_must_be_claimed, T6 with D1-D3): a second claim taken while
    the payer was in debt left the game waiting on the bankrupt player."""
    g = kit.new_game(dice=[(1, 4, 1)], options={"rent_must_be_claimed": True})
    g.st.players[0].cash = 100
    give(g, 1, 1, 3, 4, level=5)          # Bob: hotels on Brown; Arctic Avenue rent $450
    give(g, 2, 10)                        # Cid: the Gas Company
    give(g, 0, 48)                        # Ann can raise $175 by mortgaging Park Place: not enough
    g.act(Roll(player=0))                 # Ann: 1+4+1 to Reading Railroad (the bank's)
    assert g.pending.kind == "buy"
    # two rents Ann owes, as if she had landed on both this turn (set by hand for brevity)
    g.st.claims[:] = [RentClaim(owner=1, payer=0, amount=450, space=4),
                      RentClaim(owner=2, payer=0, amount=500, space=10)]
    g.act(ClaimRent(player=1, space=4))   # Ann owes $450, has $100: in debt
    assert g.pending.kind == "debt" and g.pending.player == 0
    g.act(ClaimRent(player=2, space=10))  # the engine takes a second claim meanwhile
    g.act(DeclareBankruptcy(player=0))
    assert g.st.players[0].bankrupt and not g.over
    assert g.pending.player != 0, f"the game waits on bankrupt Ann ({g.pending.kind})"
