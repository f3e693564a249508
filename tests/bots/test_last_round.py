"""The strong bot in the last round of a game that ends by final worth (the ``turn_limit`` option's
last round, or time up: RULES.md E2): a trade is then only its change of final worth, one side's gain
the other's loss, and a bid above a deed's price only loses. So it proposes no trade, accepts one that
raises its final worth, and bids no more than the price. (A play-tester's review gave the leader of
a five-round game 0% at the start of round 5: in every playout the strong computer in the leader's
seat paid $888 for a $320 deed, to build on a group the game would not last to use.)"""

from __future__ import annotations

from megamono.bots import make_bot
from megamono.rules.actions import ProposeTrade
from megamono.rules.decisions import BidDecision, TradeSide
from megamono.rules.engine import Game

from kit import last_round_lead

DAN, ANN = 0, 1


def position(turn_limit: int = 5, turn: str = "Dan") -> Game:
    """:func:`kit.last_round_lead`: Dan (seat 0) leads by $430 in round 5, the last with ``turn_limit`` 5."""
    return last_round_lead(turn_limit, turn=turn)


def space(game: Game, name: str) -> int:
    return next(i for i, s in enumerate(game.ed.board.spaces) if s.name == name)


def test_position_worths():
    g = position()
    assert [g.final_worth(p) for p in range(4)] == [2800, 2370, 2300, 2250]


def test_no_trade_proposed_in_the_last_round_but_one_a_round_earlier():
    """The cause: a round before the end, the strong bot buys the lot that gives it building rights at
    well over its price (worth it in a game that goes on); in the last round it proposes nothing."""
    earlier = position(turn_limit=6)
    offer = make_bot("strong", 1).choose(earlier, DAN)
    assert isinstance(offer, ProposeTrade) and offer.take.deeds == [space(earlier, "Pennsylvania Avenue")]
    assert offer.give.cash > 320 + 430  # (were it accepted in the last round, Dan would lose the lead)
    last = position()
    assert make_bot("strong", 1).choose(last, DAN).kind != "propose_trade"


def reply(game: Game, give: TradeSide, take: TradeSide) -> str:
    """Ann offers Dan ``give`` for ``take`` (on her turn); the strong bot's answer."""
    game.act(ProposeTrade(player=ANN, partner=DAN, give=give, take=take))
    assert game.pending.kind == "trade_reply" and game.pending.player == DAN
    return make_bot("strong", 2).choose(game, DAN).kind


def test_in_the_last_round_a_trade_is_accepted_by_final_worth():
    g = position(turn="Ann")
    pacific = space(g, "Pacific Avenue")
    # $350 for a $300 deed of Dan's group: it raises Dan's final worth, the group no longer matters
    assert reply(g, TradeSide(cash=350), TradeSide(deeds=[pacific])) == "accept_trade"
    g = position(turn="Ann")
    assert reply(g, TradeSide(cash=290), TradeSide(deeds=[pacific])) == "refuse_trade"
    # a round earlier the group matters: $350 does not buy a lot of it
    g = position(turn_limit=6, turn="Ann")
    assert reply(g, TradeSide(cash=350), TradeSide(deeds=[pacific])) == "refuse_trade"


def test_in_the_last_round_no_bid_above_the_price():
    g = position()
    bot = make_bot("strong", 3)
    pennsylvania = space(g, "Pennsylvania Avenue")
    g.st.deeds[pennsylvania].owner = None  # (up for auction: it gives Dan building rights)
    pend = BidDecision(player=DAN, space=pennsylvania, bidders=[0, 1, 2, 3], high_bidder=ANN, high_bid=320)
    g.st.pending = pend
    assert bot.on_bid(g, DAN, pend).kind == "drop_out"
    earlier = position(turn_limit=6)
    earlier.st.deeds[pennsylvania].owner = None
    earlier.st.pending = pend
    action = bot.on_bid(earlier, DAN, pend)
    assert action.kind == "bid" and action.amount > 320
