"""Undo: a player steps back through their own decisions since chance last decided something (a die
roll, a card, a shuffle) or another player decided; dice and cards are never taken back, and the refusal
names the real reason (issue 15 item 3)."""

import pytest
from megamono.rules import Build, Buy, DeclineBuy, Game, IllegalAction, Mortgage, Roll

from kit import ANN, BOB, give, new_game


def _game():
    g = new_game(2, seed=5, dice=[(1, 2, 3), (2, 2, 1)])
    g.keep_undo = True
    return g


def test_I8_undo_a_declined_purchase_then_buy():
    g = _game()
    g.act(Roll(player=0))
    assert g.why_not_undo() is not None          # a roll is never taken back
    before = g.st.model_copy(deep=True)
    g.act(DeclineBuy(player=0))
    assert g.pending.kind == "bid"
    assert g.undo() == DeclineBuy(player=0)
    assert g.st == before and g.pending.kind == "buy"
    g.act(Buy(player=0))
    assert g.st.deeds[6].owner == 0
    assert Game.replay(g.setup, g.history).st == g.st   # the save still replays


def test_undo_refused_after_dice_and_only_once():
    g = _game()
    g.act(Roll(player=0))
    g.act(Buy(player=0))
    g.undo()
    with pytest.raises(IllegalAction, match="the last decision involved a die roll: undo never re-rolls"):
        g.undo()
    g.act(Buy(player=0))
    g.act(Roll(player=1))                          # doubles: Bob rolls on; dice cannot be undone
    with pytest.raises(IllegalAction):
        g.undo()


LOTS = (6, 8, 9)  # the classic light blues: Oriental, Vermont, Connecticut


def _builder():
    """Ann owns the classic light blues and has rolled: managing is open."""
    g = new_game(2, edition="classic", seed=5, dice=[(1, 2)])
    g.keep_undo = True
    give(g, ANN, *LOTS)
    give(g, BOB, 1, 3)
    g.act(Roll(player=ANN))
    return g


def test_undo_steps_back_through_several_of_ones_own_decisions_one_per_undo():
    """Reported by a tester: undo went back one step, then refused the earlier build saying it
    involved dice or a card, which it did not."""
    g = _builder()
    states = [g.st.model_copy(deep=True)]
    for space in LOTS:
        g.act(Build(player=ANN, space=space))
        states.append(g.st.model_copy(deep=True))
    assert [g.st.deeds[i].level for i in LOTS] == [1, 1, 1]
    for k in (3, 2, 1):
        assert g.why_not_undo(ANN) is None
        assert g.undo(ANN) == Build(player=ANN, space=LOTS[k - 1])
        assert g.st == states[k - 1]
    assert g.why_not_undo(ANN) == "the last decision involved a die roll: undo never re-rolls"


def test_undo_never_reaches_past_another_players_decision():
    g = _builder()
    g.act(Build(player=ANN, space=6))
    g.act(Mortgage(player=BOB, space=1))  # Bob manages meanwhile
    assert g.why_not_undo(ANN) == "the last decision is Bob's, not Ann's"
    assert g.undo(BOB) == Mortgage(player=BOB, space=1)
    assert g.undo(ANN) == Build(player=ANN, space=6)  # Bob took his back: Ann's is the last again
    with pytest.raises(IllegalAction, match="is Ann's, not Bob's|die roll"):
        g.undo(BOB)


def test_a_loaded_game_says_why_its_earlier_decisions_stay():
    g = _builder()
    again = Game.replay(g.setup, g.history)
    again.keep_undo = True
    assert again.why_not_undo() == "decisions made before this game was opened cannot be undone"


def test_using_a_get_out_of_jail_free_card_can_be_undone():
    """Found by a newcomer: undoing the use of a card said it "drew a card"; nothing was drawn."""
    from megamono.rules import UseJailCard

    from rules.helpers import jail

    g = new_game(2, edition="classic", seed=5)
    g.keep_undo = True
    g.st.players[ANN].gojf.append(g.st.decks.chance.pop())
    jail(g, ANN)
    before = g.st.model_copy(deep=True)
    g.act(UseJailCard(player=ANN))
    assert g.why_not_undo(ANN) is None
    assert g.undo(ANN) == UseJailCard(player=ANN) and g.st == before
