"""The ``time_limit`` option (RULES.md O): the app records a time-up action when the game's minutes
are up; the game ends when that round ends and the highest final worth wins (E2)."""

import pytest
from megamono.rules import Game, IllegalAction, Options
from megamono.rules.actions import TimeUp, parse_action
from megamono.rules.events import FinalWorth, TimeIsUp
from pydantic import ValidationError
from scenario import ANN, BOB, CID, act, illegal, new_game, pend

from kit import new_game as kit_new_game


def test_O_time_limit_time_up_ends_the_game_when_the_round_ends_and_E2_decides():
    g = new_game(2, dice=[(1, 2, 3), (2, 3, 1)], options={"time_limit": 30})
    act(g, "time_up", ANN)                     # recorded for Ann, whose decision waits
    assert not g.over and pend(g) == ("turn", ANN)
    assert g.st.turn.time_up
    assert isinstance(g.st.log[-1], TimeIsUp) and g.st.log[-1].round == 1
    assert "Time is up (30 minutes): the game ends when round 1 ends" in g.st.log[-1].say(g)
    act(g, "roll", ANN)                        # to Reading Railroad (6)
    act(g, "buy", ANN)
    assert not g.over                          # Bob's turn is still in this round
    act(g, "roll", BOB)                        # also to Reading: $25 rent to Ann; the round ends
    assert g.over and g.st.winners == [ANN] and pend(g) == ("game_over", ANN)
    assert g.outcome.termination == "time_limit"
    assert [g.final_worth(ANN), g.final_worth(BOB)] == [2525, 2475]
    worth = next(e for e in g.st.log if isinstance(e, FinalWorth))
    assert worth.say(g).startswith("Round 1 is over: the time is up. Final worth: Ann $2,525, Bob $2,475")
    illegal(g, {"kind": "roll", "player": ANN}, "over")
    illegal(g, {"kind": "time_up", "player": ANN}, "over")


def test_O_time_limit_time_up_mid_round_plays_the_round_to_its_end():
    g = new_game(3, dice=[(1, 2, 3), (2, 3, 1), (1, 3, 1)], options={"time_limit": 5})
    act(g, "roll", ANN)
    act(g, "buy", ANN)
    assert pend(g) == ("turn", BOB)
    act(g, "time_up", BOB)                     # during Bob's turn: Cid still plays
    act(g, "roll", BOB)
    assert not g.over and pend(g) == ("turn", CID)
    while not g.over:                          # Cid's turn, whatever it asks, ends the round
        assert g.st.turn.player == CID
        g.act(g.legal_actions()[0])            # (the pending decision's first answer)
    assert g.outcome.termination == "time_limit" and g.st.turn.round == 1


def test_O_time_limit_time_up_refused_without_the_option_twice_or_for_another_seat():
    g = new_game(2)
    illegal(g, {"kind": "time_up", "player": ANN}, "no time limit")
    g = new_game(2, options={"time_limit": 1})
    illegal(g, {"kind": "time_up", "player": BOB}, "Ann, whose decision waits")
    act(g, "time_up", ANN)
    illegal(g, {"kind": "time_up", "player": ANN}, "time is up already")


def test_O_time_limit_time_up_is_never_offered_to_players_or_bots():
    g = new_game(2, options={"time_limit": 1})
    assert g.why_not(TimeUp(player=ANN)) is None       # legal: the app may record it
    assert all(not isinstance(a, TimeUp) for a in g.legal_actions())


def test_O_time_limit_time_up_replays_exactly_and_undo_never_takes_it_back():
    g = new_game(2, dice=[(1, 2, 3), (2, 3, 1)], options={"time_limit": 30})
    g.keep_undo = True
    act(g, "time_up", ANN)
    assert "time limit cannot be taken back" in (g.why_not_undo() or "")
    act(g, "roll", ANN)
    act(g, "buy", ANN)
    act(g, "roll", BOB)
    assert g.over
    assert {"player": 0, "kind": "time_up"} in [a.model_dump() for a in g.history]
    again = Game.replay(g.setup, [parse_action(a.model_dump()) for a in g.history])
    assert again.st == g.st and [e.say(again) for e in again.st.log] == [e.say(g) for e in g.st.log]


def test_O_time_limit_is_whole_minutes_at_least_one():
    assert Options(time_limit=1).time_limit == 1
    for bad in (0, -3):
        with pytest.raises(ValidationError):
            Options.model_validate({"time_limit": bad})
    with pytest.raises((ValidationError, IllegalAction, ValueError)):
        kit_new_game(2, options={"time_limit": 0})
