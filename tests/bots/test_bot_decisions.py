"""Every kind of decision, set up on purpose (Mega board, scripted dice), answered legally by both
bots; then play goes on under the bots for a while. Plus the strong bot's specific choices."""

from __future__ import annotations

import pytest
from botkit import bots_for, drive, give, new_game
from megamono.bots import make_bot
from megamono.rules.actions import Build, ProposeEnd, ProposeTrade, Roll
from megamono.rules.decisions import TradeSide

ANN, BOB, CID = 0, 1, 2
STEP4 = (1, 2, 1)  # four steps, no doubles, no Speed Die symbol


def at(game, player, space, cash=None):
    game.st.players[player].position = space
    if cash is not None:
        game.st.players[player].cash = cash


def setup_simple(space_before, cash=None, dice=(STEP4,), options=None):
    def setup():
        g = new_game(3, dice=list(dice), cash=cash, options=options)
        at(g, ANN, space_before)
        return g
    return setup


def setup_jail_pay():
    g = new_game(3, dice=[STEP4, STEP4, STEP4, (1, 2)], cash=[60, 2500, 2500])
    at(g, ANN, 35)  # 35 + 4 = Go To Jail
    g.st.players[ANN].jail_turns = 0
    return g


def setup_jail_third_try():
    g = setup_jail_pay()
    # after going to jail, pretend two rolls already failed: the next failure is the third
    orig = g.st.players[ANN]
    g._bot_test_hook = lambda: setattr(orig, "jail_turns", 2)  # noqa: B010
    return g


def setup_levelling():
    g = new_game(3, dice=[STEP4], cash=5000)
    give(g, ANN, 21, 23, 24, level=3)
    at(g, ANN, 21)  # 21 + 4 = New Jersey Avenue, the last orange lot
    return g


def setup_debt():
    g = new_game(3, dice=[STEP4], cash=[0, 2500, 2500])
    give(g, BOB, 4, level=0)
    give(g, BOB, 1, 3)  # Bob holds all of Brown: triple rent
    give(g, ANN, 6)
    return g


def setup_shortage():
    g = new_game(3, cash=3000)
    give(g, ANN, 7, 8, 11)          # Light Blue, 3 of 4: may build (Mega majority)
    give(g, BOB, 15, 16, 18)        # Pink, 3 of 4
    give(g, CID, 21, 23, 24, 25, level=4)
    give(g, CID, 27, 29, 30, level=4)
    give(g, CID, 31, level=3)       # 31 houses out: the bank keeps its last one
    assert g.st.bank.houses == 1
    g.act(Build(player=ANN, space=7))  # the bank's last house: others are asked (B7)
    return g


def setup_trade_reply():
    g = new_game(3)
    give(g, ANN, 21, 23)
    give(g, BOB, 24)
    g.act(ProposeTrade(player=ANN, partner=BOB, take=TradeSide(deeds=[24])))
    return g


def setup_mortgaged_deed():
    g = new_game(3)
    give(g, ANN, 6, mortgaged=True)
    g.act(ProposeTrade(player=ANN, partner=BOB, give=TradeSide(cash=300, deeds=[6])))
    return g


def setup_end_vote():
    g = new_game(3)
    g.act(ProposeEnd(player=ANN))
    return g


SCENARIOS = {
    "turn": setup_simple(0),
    "buy": setup_simple(0),
    "bid": setup_simple(0, cash=[100, 2500, 2500]),                     # Ann cannot keep a reserve
    "triples": setup_simple(0, dice=[(3, 3, 3)]),
    "bus": setup_simple(0, dice=[(1, 2, "bus")]),
    "bus_move": setup_simple(0, dice=[(1, 2, "bus")], options={"bus_rule": "speed_die_game"}),  # (T3.4, O)
    "birthday": setup_simple(43),
    "income_tax": setup_simple(1),
    "auction_pick": setup_simple(10),
    "jail": setup_jail_pay,
    "jail_pay": setup_jail_third_try,
    "levelling": setup_levelling,
    "debt": setup_debt,
    "shortage_ask": setup_shortage,
    "place_piece": setup_shortage,
    "trade_reply": setup_trade_reply,
    "mortgaged_deed": setup_mortgaged_deed,
    "end_vote": setup_end_vote,
}
# The easy bot never wants the last house, so with easy bots nobody wins it to place it.
STRONG_ONLY = {"place_piece"}


@pytest.mark.parametrize("level", ["easy", "strong"])
@pytest.mark.parametrize("kind", sorted(SCENARIOS))
def test_bots_answer_every_kind_of_decision_legally(kind, level):
    g = SCENARIOS[kind]()
    bots = bots_for(g, level, seed=7)
    hook = getattr(g, "_bot_test_hook", None)
    seen: set[str] = set()

    def reached(game):
        if hook and game.st.players[ANN].in_jail and game.pending.kind == "turn":
            hook()
        return game.pending.kind == kind

    drive(g, bots, reached, max_actions=400, seen=seen)
    if kind in STRONG_ONLY and level == "easy" and g.pending.kind != kind:
        return
    assert g.pending.kind == kind, (kind, g.pending.kind, seen)
    p = g.pending.player
    a = bots[p].choose(g, p)
    assert g.why_not(a) is None, a
    assert bots[p].fallbacks == 0
    g.act(a)
    # and the game goes on under the bots
    drive(g, bots, lambda game: False if len(game.history) < 120 else True, max_actions=400)


# ----------------------------------------------------------------------------- strong choices
def strong_answer(g, kind):
    """Ann rolls (by hand, so no bot manages her property first); bots answer until ``kind``."""
    g.act(Roll(player=ANN))
    drive(g, bots_for(g, "strong", 3), lambda game: game.pending.kind == kind, max_actions=50)
    assert g.pending.kind == kind
    return make_bot("strong", 1).choose(g, g.pending.player)


def test_strong_pays_the_smaller_income_tax():
    g = new_game(3, dice=[STEP4], cash=[500, 2500, 2500])
    at(g, ANN, 1)
    a = strong_answer(g, "income_tax")
    assert a.choice == "percent"  # 10% of $500 worth is $50 < $200
    g = new_game(3, dice=[STEP4], cash=[5000, 2500, 2500])
    at(g, ANN, 1)
    assert strong_answer(g, "income_tax").choice == "flat"


def test_strong_levels_by_building_when_it_can_afford_it_else_rearranges():
    g = setup_levelling()
    assert strong_answer(g, "levelling").choice == "build"
    g = setup_levelling()
    g.st.players[ANN].cash = 420  # $220 after buying the lot: 2 houses ($200) would eat the reserve
    a = strong_answer(g, "levelling")
    assert a.choice == "rearrange"


def test_strong_agrees_to_end_only_when_leading():
    g = setup_end_vote()
    g.st.players[BOB].cash = 9000
    assert make_bot("strong", 1).choose(g, BOB).agree is True
    g = setup_end_vote()
    g.st.players[ANN].cash = 9000
    assert make_bot("strong", 1).choose(g, BOB).agree is False


def test_strong_mortgages_before_selling_buildings_in_debt():
    g = new_game(3, dice=[STEP4], cash=[0, 2500, 2500])
    give(g, BOB, 1, 3, 4, level=2)           # Brown with two houses each: $80 rent on Arctic
    give(g, ANN, 7, 8, 11, level=1)          # Ann's Light Blue, built
    give(g, ANN, 10)                         # and a utility
    g.act(Roll(player=ANN))
    assert g.pending.kind == "debt"
    a = make_bot("strong", 1).choose(g, ANN)
    assert a.kind == "mortgage" and a.space == 10


def test_strong_declares_bankruptcy_only_when_nothing_can_cover_the_debt():
    g = new_game(3, dice=[STEP4], cash=[0, 2500, 2500])
    give(g, BOB, 1, 3, 4, level=5)           # hotels on Brown: $450 on Arctic
    give(g, ANN, 10)                         # a utility: mortgage $75, not enough
    g.act(Roll(player=ANN))
    assert g.pending.kind == "debt"
    assert make_bot("strong", 1).choose(g, ANN).kind == "declare_bankruptcy"
    give(g, ANN, 48, 49, 51)                 # Dark Blue: mortgages cover it now
    assert make_bot("strong", 1).choose(g, ANN).kind == "mortgage"


def test_strong_stays_in_jail_late_when_built_lots_lie_ahead_and_leaves_early():
    g = new_game(3, dice=[STEP4, STEP4, STEP4], cash=2500)
    at(g, ANN, 35)
    g.act(Roll(player=ANN))
    drive(g, bots_for(g, "strong"), lambda game: game.pending.kind == "jail", max_actions=60)
    early = make_bot("strong", 1).choose(g, ANN)
    assert early.kind == "pay_jail_fine"
    # late game: every deed owned, Bob's Pink and Orange built up just past the jail
    for i in g.st.deeds:
        if g.st.deeds[i].owner is None:
            give(g, CID, i)
    give(g, BOB, 15, 16, 18, 19, level=3)
    give(g, BOB, 21, 23, 24, 25, level=3)
    late = make_bot("strong", 1).choose(g, ANN)
    assert late.kind == "roll_for_doubles"
