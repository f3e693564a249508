"""A decision's words, per kind, with forced dice: made when read (``Game.say(decision)``,
``Game.describe_pending()``: ``megamono.rules.prompts``) from the decision's fields and the game's names,
never kept in the state; the words each kind has always shown (tests/bench/regress.py checks them on 570
games; tests/test_save_versions.py against the words every save fixture kept).
"""

from __future__ import annotations

import json
from typing import get_args

import pytest
from helpers import jail, restart_turn
from megamono.rules.decisions import PendingKind
from megamono.rules.engine import Game
from megamono.rules.prompts import say_decision
from megamono.rules.rent import rent_due
from scenario import (  # noqa: F401 (invariants_hold_at_the_end is an autouse fixture)
    ANN,
    BOB,
    CID,
    act,
    dice,
    give,
    invariants_hold_at_the_end,
    new_game,
    offer,
    place,
    roll,
)

from kit import SEAT_ORDER


def _turn() -> Game:
    return new_game()


def _roll_again() -> Game:
    g = new_game()
    roll(g, ANN, 3, 3, 1)  # doubles: Massachusetts Avenue
    act(g, "buy", ANN)
    return g


def _turn_with_a_ticket() -> Game:
    g = new_game()
    g.st.players[ANN].bus_tickets.append(g.st.decks.bus.pop(0))
    restart_turn(g, ANN)
    return g


def _jail() -> Game:
    g = new_game()
    jail(g, ANN, failed=1)
    return g


def _jail_pay() -> Game:
    g = new_game()
    jail(g, ANN, failed=2)
    dice(g, (1, 2))
    act(g, "roll_for_doubles", ANN)
    return g


def _buy() -> Game:
    g = new_game()
    roll(g, ANN, 2, 3, 1)  # Reading Railroad
    return g


def _bid_open() -> Game:
    g = _buy()
    act(g, "decline_buy", ANN)
    act(g, "bid", BOB, amount=1250)
    return g


def _bid_seat_order() -> Game:
    g = new_game(options=SEAT_ORDER)
    roll(g, ANN, 2, 3, 1)
    act(g, "decline_buy", ANN)
    return g


def _triples() -> Game:
    g = new_game()
    roll(g, ANN, 2, 2, 2)
    return g


def _bus() -> Game:
    g = new_game()
    place(g, ANN, 9)
    roll(g, ANN, 1, 3, "bus")  # Just Visiting
    return g


def _bus_move() -> Game:
    g = new_game(options={"bus_rule": "speed_die_game"})
    roll(g, ANN, 1, 3, "bus")
    return g


def _birthday() -> Game:
    g = new_game()
    place(g, ANN, 43)
    roll(g, ANN, 1, 2, 1)
    return g


def _income_tax() -> Game:
    g = new_game()
    give(g, ANN, 51)  # worth $2,500 + $400
    roll(g, ANN, 1, 3, 1)
    return g


def _auction_pick() -> Game:
    g = new_game()
    place(g, ANN, 10)
    roll(g, ANN, 1, 2, 1)
    return g


def _levelling() -> Game:
    g = new_game()
    give(g, BOB, 7, 8, 11, level=2)
    give(g, ANN, 12)
    g.act(offer(ANN, BOB, {"deeds": [12]}, {"cash": 200}))
    act(g, "accept_trade", BOB)
    return g


def _mortgaged_deed() -> Game:
    g = new_game()
    give(g, ANN, 6, mortgaged=True)
    g.act(offer(ANN, BOB, {"deeds": [6]}, {"cash": 50}))
    act(g, "accept_trade", BOB)
    return g


def _debt() -> Game:
    g = new_game(cash=[10, 2500, 2500])
    give(g, BOB, 7, level=5)
    give(g, CID, 6)
    roll(g, ANN, 2, 3, 2)  # Massachusetts Avenue with a hotel
    return g


def _claimed_debt() -> Game:
    g = new_game(cash=[2, 1500, 1500], options={"rent_must_be_claimed": True})
    give(g, BOB, 7)
    roll(g, ANN, 2, 3, 2)
    act(g, "claim_rent", BOB, space=7)
    return g


def _trade_reply() -> Game:
    g = new_game()
    give(g, BOB, 7)
    g.act(offer(ANN, BOB, {"cash": 1234, "jail_cards": 0}, {"deeds": [7]}))
    return g


def _end_vote() -> Game:
    g = new_game()
    act(g, "propose_end", ANN)
    act(g, "vote_end", BOB, agree=True)
    return g


def _short_of_houses() -> Game:
    g = new_game(options=SEAT_ORDER)
    give(g, ANN, 1, 3)
    give(g, BOB, 7, 8, 11)
    give(g, CID, 40, 41, 42, 44, level=4)
    give(g, CID, 21, 23, 24, 25, level=[4, 4, 4, 3])  # the bank keeps one house
    act(g, "build", ANN, space=1)
    return g


def _place_piece() -> Game:
    g = _short_of_houses()
    act(g, "shortage_answer", BOB, want=True)
    act(g, "shortage_answer", CID, want=False)
    act(g, "bid", BOB, amount=10)
    act(g, "drop_out", ANN)
    return g


def _game_over() -> Game:
    g = new_game(2, cash=[10, 1500])
    give(g, BOB, 7, level=5)
    roll(g, ANN, 2, 3, 2)
    act(g, "declare_bankruptcy", ANN)
    return g


def _shared_win() -> Game:
    g = new_game(2)
    act(g, "propose_end", BOB)
    act(g, "vote_end", ANN, agree=True)
    return g


WORDS = {
    "turn": [(_turn, "Ann: roll the dice"), (_roll_again, "Ann: roll again"),
             (_turn_with_a_ticket, "Ann: roll the dice or play a Bus Ticket")],
    "jail": [(_jail, "Ann is in jail (attempt 2 of 3): pay $50, use a card, or roll for doubles")],
    "jail_pay": [(_jail_pay, "Ann: third failed roll: pay $50 or use a card, then move 3")],
    "buy": [(_buy, "Ann: buy Reading Railroad for $200, or auction it?")],
    "bid": [(_bid_open, "Auction of Reading Railroad (high bid $1,250 by Bob): anyone may bid at least $1,251 or pass"),
            (_bid_seat_order, "Bob: auction of Reading Railroad (no bid yet); bid at least $10 or drop out")],
    "triples": [(_triples, "Ann: triples! Choose any space to move to")],
    "bus": [(_bus, "Ann: Bus! Take a Bus Ticket, or ride to the next Chance / Community Chest?")],
    "bus_move": [(_bus_move, "Ann: Bus! Move 1 (the first die), 3 (the second) or 4 (both)?")],
    "birthday": [(_birthday, "Ann: Birthday Gift: take $100 or a Bus Ticket")],
    "income_tax": [(_income_tax, "Ann: pay Income Tax: $200 or 10% of your worth ($290)")],
    "auction_pick": [(_auction_pick, "Ann: pick a bank deed to auction")],
    "levelling": [(_levelling, "Bob: Connecticut Avenue completes your built Light Blue group: make it even (B8)")],
    "mortgaged_deed": [(_mortgaged_deed, "Bob: Reading Railroad comes mortgaged: unmortgage it ($110) or pay $10 and"
                                         " keep it mortgaged (M3)")],
    "debt": [(_debt, "Ann: you owe ${rent} to Bob (rent for Massachusetts Avenue). Sell buildings or mortgage deeds"
                     " to raise it."),
             (_claimed_debt, "Ann: you owe $6 to Bob (rent for Massachusetts Avenue (claimed)). Sell buildings or"
                             " mortgage deeds to raise it.")],
    "trade_reply": [(_trade_reply, "Bob: Ann offers a trade: Ann gives $1,234; Bob gives Massachusetts Avenue."
                                   " Accept or refuse?")],
    "end_vote": [(_end_vote, "Cid: Ann proposes to end the game now; the highest final worth wins. Agree?")],
    "shortage_ask": [(_short_of_houses, "Bob: Ann wants the bank's last house. Do you want one too? (then it is"
                                        " auctioned, B7)")],
    "place_piece": [(_place_piece, "Bob: place your house (B7)")],
    "game_over": [(_game_over, "Game over: Bob wins the game!"),
                  (_shared_win, "Game over: Ann and Bob share the win!")],
}
"""Each kind of decision, the games that stop on it, and its words there."""


def test_every_kind_of_decision_has_its_words_here():
    assert set(WORDS) == set(get_args(PendingKind))


@pytest.mark.parametrize("make, words", [case for cases in WORDS.values() for case in cases],
                         ids=lambda x: x.__name__.strip("_") if callable(x) else "")
def test_a_decisions_words_are_made_from_its_fields_when_read(make, words):
    g = make()
    pend = g.pending
    assert pend is not None and pend.kind in WORDS and (make, words) in WORDS[pend.kind]
    if pend.kind == "debt" and pend.rent_for == 7 and not pend.why:
        words = words.format(rent=f"{rent_due(g.ed, g.st, 7, ANN):,}")
    assert g.describe_pending() == words == g.say(pend) == say_decision(g, pend)
    # no words are kept: not in the decision, nor in the state a save holds
    assert not hasattr(pend, "prompt") and "prompt" not in pend.model_dump()
    assert words not in json.dumps(g.st.model_dump(mode="json", exclude={"log"}))


def test_the_words_follow_the_decision_as_it_changes():
    """A decision's fields change while it waits (the next bidder, a higher bid, the next voter): its
    words, made when read, say the change."""
    g = _bid_seat_order()
    act(g, "bid", BOB, amount=40)
    assert g.describe_pending() == ("Cid: auction of Reading Railroad (high bid $40 by Bob); bid at least $41 or"
                                    " drop out")
    g = _end_vote()
    assert g.describe_pending().startswith("Cid: Ann proposes")
    act(g, "vote_end", CID, agree=False)
    assert g.describe_pending() == "Ann: roll the dice"
    g = _trade_reply()  # a decision set aside keeps its own words
    [turn] = g.st.suspended
    assert g.say(turn) == "Ann: roll the dice"
    assert g.say(g.st.log[-1]) == "Ann offers Bob a trade: Ann gives $1,234; Bob gives Massachusetts Avenue"


def test_nothing_pending_is_nothing():
    g = new_game()
    g.st.pending = None
    assert g.describe_pending() == "nothing"
