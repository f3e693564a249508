"""The expert computer player (issue 28, item 2): it weighs the answers of a decision by playouts through the
analysis engine of the win chances, on common seeds, with a budget of playouts, so the same game and seed
give the same choice; it weighs an auction's cap once, at its first bid, and answers raises at once."""

from __future__ import annotations

from botkit import give, new_game
from megamono.analysis import analyse, weigh
from megamono.bots import make_bot
from megamono.bots.expert import PLAYOUTS, ExpertBot
from megamono.rules.actions import Bid, DeclineBuy, ProposeTrade
from megamono.rules.decisions import TradeSide

ANN, BOB, CID = 0, 1, 2


def test_weighing_is_the_analysis_engine_on_common_seeds():
    """Each position's figures are analyse's on the same seed (one engine, one answer), and the same position
    weighed twice gets the same figures (the playouts' seeds are the same for every answer)."""
    game = new_game(3)
    first, again = weigh([game, game.copy()], 6, seed=11, turn_limit=5)
    assert first == again
    assert first == analyse(game, 6, seed=11, turn_limit=5)


def test_the_expert_refuses_to_hand_over_a_colour_group_for_nothing_and_takes_a_gift():
    game = new_game(3)
    give(game, ANN, 21, 23)
    give(game, BOB, 24, 1)
    game.act(ProposeTrade(player=ANN, partner=BOB, give=TradeSide(cash=1), take=TradeSide(deeds=[24])))
    expert = make_bot("expert", 5)
    assert expert.choose(game, BOB).kind == "refuse_trade" and expert.weighed == 1


def test_the_same_game_and_seed_give_the_same_choice():
    def choices(seed: int) -> list[str]:
        game = new_game(3, dice=[(3, 4, 1)])  # Ann lands on Connecticut Avenue (a buy: S1)...
        game.act(game.legal_actions(ANN)[0]) if game.pending.kind != "turn" else None
        game.act(next(a for a in game.legal_actions(ANN) if a.kind == "roll"))
        assert game.pending.kind == "buy"
        bot = ExpertBot(seed)
        return [bot.choose(game, ANN).kind, str(bot.weighed)]

    assert choices(7) == choices(7)


def test_an_auction_cap_is_weighed_once_and_raises_are_answered_at_once():
    game = new_game(3, dice=[(3, 4, 1)])
    game.act(next(a for a in game.legal_actions(ANN) if a.kind == "roll"))
    game.act(DeclineBuy(player=ANN))
    assert game.pending.kind == "bid"
    expert = ExpertBot(3)
    seat = game.pending.player
    first = expert.choose(game, seat)
    assert expert.weighed == 1
    if isinstance(first, Bid):
        game.act(first)
        other = game.pending.player
        game.act(Bid(player=other, amount=game.min_bid()))
        if game.pending.kind == "bid" and seat in game.pending.players:
            expert.choose(game, seat)
    assert expert.weighed == 1, "a raise is answered from the cap weighed at the opening"
    assert PLAYOUTS >= 8
