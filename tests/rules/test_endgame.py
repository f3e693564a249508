"""E1, E2 and the turn limit (O): how a game ends."""

from megamono.rules.endgame import deed_worth, last_round
from scenario import ANN, BOB, CID, act, give, illegal, new_game, pend


def test_E2_everyone_agrees_highest_final_worth_wins():
    g = new_game()
    give(g, BOB, 48, 49, level=1)            # 350+350 + 2 houses x 200
    give(g, CID, 51, mortgaged=True)          # mortgage value 200
    act(g, "propose_end", ANN)
    assert pend(g) == ("end_vote", BOB)
    act(g, "vote_end", BOB, agree=True)
    assert pend(g) == ("end_vote", CID)
    act(g, "vote_end", CID, agree=True)
    assert g.over and g.st.winners == [BOB] and pend(g) == ("game_over", BOB)
    assert g.final_worth(BOB) == 2500 + 700 + 400
    assert g.final_worth(CID) == 2500 + 200


def test_E2_one_refusal_and_the_game_goes_on():
    g = new_game()
    act(g, "propose_end", ANN)
    act(g, "vote_end", BOB, agree=False)
    assert not g.over and pend(g) == ("turn", ANN)


def test_E2_a_tie_shares_the_win():
    g = new_game(2)
    act(g, "propose_end", BOB)
    act(g, "vote_end", ANN, agree=True)
    assert g.st.winners == [ANN, BOB]


def test_O_turn_limit_ends_after_the_round_and_E2_decides():
    g = new_game(2, dice=[(1, 2, 3), (2, 3, 1)], options={"turn_limit": 1})
    act(g, "roll", ANN)                         # to Reading Railroad (6)
    act(g, "buy", ANN)
    assert not g.over
    act(g, "roll", BOB)                         # also to Reading: $25 rent to Ann
    assert g.over and g.st.winners == [ANN] and pend(g) == ("game_over", ANN)
    assert [g.final_worth(ANN), g.final_worth(BOB)] == [2525, 2475]
    illegal(g, {"kind": "roll", "player": ANN}, "over")


def test_E2_last_round_is_the_turn_limit_round_or_the_round_time_ran_out():
    """``last_round``: the round at whose end the game ends by final worth (the computers' cue, E2)."""
    g = new_game(2, options={"turn_limit": 3})
    assert not last_round(g.st)
    g.st.turn.round = 3
    assert last_round(g.st)
    g = new_game(2, options={"time_limit": 30})
    assert not last_round(g.st)
    g.st.turn.time_up = True
    assert last_round(g.st)


def test_E2_final_worth_is_cash_and_each_deeds_worth():
    g = new_game(2)
    spaces = {s.name: i for i, s in enumerate(g.ed.board.spaces)}
    streets, railroad = [spaces["Mediterranean Avenue"], spaces["Baltic Avenue"]], spaces["Reading Railroad"]
    give(g, ANN, *streets, level=1)
    give(g, ANN, railroad, mortgaged=True)
    worths = [deed_worth(g.st, g.ed, i) for i in (*streets, railroad)]
    assert worths == [60 + 50, 60 + 50, 100]  # (price and a house; the mortgage value)
    assert g.final_worth(ANN) == g.st.players[ANN].cash + sum(worths)
