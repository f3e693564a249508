"""Undo: the last decision that involved no chance can be taken back; dice and cards never."""

import pytest
from megamono.rules import Buy, DeclineBuy, Game, IllegalAction, Roll

from kit import new_game


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
    with pytest.raises(IllegalAction, match="cannot be taken back"):
        g.undo()
    g.act(Buy(player=0))
    g.act(Roll(player=1))                          # doubles: Bob rolls on; dice cannot be undone
    with pytest.raises(IllegalAction):
        g.undo()
