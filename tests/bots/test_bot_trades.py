"""Trades: the strong bot never hands an opponent a colour group for nothing, accepts fair offers,
proposes group-completing trades at most once a turn, and never repeats a refused offer."""

from __future__ import annotations

import random

import pytest
from botkit import drive, give, new_game
from megamono.bots import make_bot
from megamono.bots.model import Board
from megamono.rules.actions import ProposeTrade, RefuseTrade
from megamono.rules.decisions import TradeSide

ANN, BOB, CID = 0, 1, 2


def reply(game, offer_give: TradeSide, offer_take: TradeSide, partner: int = BOB) -> str:
    """Ann offers ``partner`` a trade; the strong bot's answer ("accept_trade" / "refuse_trade")."""
    game.act(ProposeTrade(player=ANN, partner=partner, give=offer_give, take=offer_take))
    assert game.pending.kind == "trade_reply" and game.pending.player == partner
    action = make_bot("strong", 4).choose(game, partner)
    assert game.why_not(action) is None
    return action.kind


# (edition, Ann's lots of the group, the partner's lot Ann asks for, what Ann offers)
NOTHING_FOR_A_GROUP = [
    ("mega", [21, 23], 24, TradeSide()),                            # Orange: 3 of 4 = building rights
    ("mega", [21, 23], 24, TradeSide(cash=1)),
    ("mega", [21, 23], 24, TradeSide(deeds=[4])),                   # a cheap deed of no use to Bob
    ("mega", [48, 49], 51, TradeSide()),                            # Dark Blue: the whole group
    ("mega", [1], 3, TradeSide(cash=10)),                           # Brown: 2 of 3
    ("classic", [37], 39, TradeSide()),                             # Boardwalk completes Dark Blue
    ("classic", [37], 39, TradeSide(cash=50)),
    ("classic", [16, 18], 19, TradeSide(deeds=[12])),               # Orange for the Electric Company
]


@pytest.mark.parametrize("edition,mine,asked,offer", NOTHING_FOR_A_GROUP)
def test_strong_never_hands_an_opponent_a_colour_group_for_nothing(edition, mine, asked, offer):
    g = new_game(3, edition=edition)
    give(g, ANN, *mine, *offer.deeds)
    give(g, BOB, asked)
    assert reply(g, offer, TradeSide(deeds=[asked])) == "refuse_trade"
    assert g.st.deeds[asked].owner == BOB


def test_strong_accepts_a_fair_offer_for_a_group_lot():
    g = new_game(3)
    give(g, ANN, 21, 23)
    give(g, BOB, 24)
    assert reply(g, TradeSide(cash=1200), TradeSide(deeds=[24])) == "accept_trade"


def test_strong_accepts_a_swap_that_completes_its_own_group_too():
    g = new_game(3)
    give(g, ANN, 21, 23, 15)     # Ann: 2 Orange and a Pink
    give(g, BOB, 24, 16, 18)     # Bob: 1 Orange and 2 Pink
    offer = TradeSide(deeds=[15], cash=150)
    assert reply(g, offer, TradeSide(deeds=[24])) == "accept_trade"


def test_strong_accepts_free_gifts_and_refuses_robbery():
    g = new_game(3)
    assert reply(g, TradeSide(cash=100), TradeSide()) == "accept_trade"
    g = new_game(3)
    give(g, BOB, 6)
    assert reply(g, TradeSide(), TradeSide(deeds=[6])) == "refuse_trade"


def test_random_cheap_offers_for_a_group_lot_are_always_refused():
    """From the middle of real bot games: any offer that gives the proposer building rights on a
    colour group and pays at most the lot's price in cash is refused."""
    checked = 0
    for seed in range(6):
        g = new_game(3, edition="mega" if seed % 2 else "classic", seed=300 + seed)
        easy = {k: make_bot("easy", seed * 10 + k) for k in range(3)}
        drive(g, easy, lambda game: game.st.turn.round >= 15 and game.pending.kind == "turn", max_actions=5000)
        b = Board(g.ed)
        r = random.Random(seed)
        for g_name, lots in b.groups.items():
            for proposer in range(3):
                for partner in range(3):
                    if proposer == partner or g.st.players[partner].bankrupt or g.st.players[proposer].bankrupt:
                        continue
                    mine = [i for i in lots if g.st.deeds[i].owner == proposer]
                    theirs = [i for i in lots if g.st.deeds[i].owner == partner and not g.st.deeds[i].level]
                    if len(mine) >= b.need[g_name] or len(mine) + len(theirs) < b.need[g_name] or not theirs:
                        continue
                    take = theirs[: b.need[g_name] - len(mine)]
                    cash = r.randint(0, min(sum(b.price[i] for i in take), g.st.players[proposer].cash))
                    offer = ProposeTrade(player=proposer, partner=partner, give=TradeSide(cash=cash),
                                         take=TradeSide(deeds=take))
                    if g.why_not(offer) is not None:
                        continue
                    game = type(g).from_dict(g.to_dict())
                    game.act(offer)
                    answer = make_bot("strong", seed).choose(game, partner)
                    assert answer.kind == "refuse_trade", (seed, g_name, cash, take)
                    checked += 1
    assert checked >= 10, checked


def test_strong_proposes_once_per_turn_and_never_repeats_a_refused_offer():
    g = new_game(3, cash=2500)
    give(g, ANN, 21, 23)
    give(g, BOB, 24)
    ann = make_bot("strong", 1)
    first = ann.choose(g, ANN)
    assert first.kind == "propose_trade" and first.partner == BOB and first.take.deeds == [24]
    assert first.give.cash > 0
    g.act(first)
    g.act(RefuseTrade(player=BOB))
    assert g.pending.kind == "turn" and g.pending.player == ANN
    again = ann.choose(g, ANN)
    assert again.kind == "roll"                   # once per turn: now it rolls
    g.act(again)
    # the next turns: the same offer is never made again
    bots = {BOB: make_bot("easy", 2), CID: make_bot("easy", 3), ANN: ann}
    offers = []

    def watch(game):
        if game.pending.kind == "trade_reply":
            offers.append(game.pending.trade)
        return game.st.turn.number > 30

    drive(g, bots, watch, max_actions=3000)
    same = [o for o in offers if o.partner == BOB and o.take.deeds == [24] and o.give.deeds == []
            and o.give.cash <= first.give.cash]
    assert not same, same
