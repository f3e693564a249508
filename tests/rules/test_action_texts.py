"""Actions in words: ``megamono.rules.texts.action_text``, the one place an action becomes text
(the command palette, the numbered fallback dialog, undo and the hand-over screen use it)."""

from megamono.rules.actions import (
    ACTION_KINDS,
    Bid,
    Build,
    Buy,
    ClaimRent,
    DeclineBuy,
    DropOut,
    Level,
    Mortgage,
    PayJailFine,
    PlayBusTicket,
    ProposeEnd,
    ProposeTrade,
    Roll,
)
from megamono.rules.decisions import TradeSide
from megamono.rules.texts import LEVEL_WORDS, action_text
from scenario import ANN, BOB, CID, give, new_game


def test_a_legal_action_in_words_names_the_deed_and_the_price():
    game = new_game(dice=[(1, 2, 1)])
    game.act(Roll(player=ANN))
    assert action_text(game, Buy(player=ANN)) == "Buy Arctic Avenue ($80)"
    assert action_text(game, DeclineBuy(player=ANN)) == "Auction Arctic Avenue (do not buy)"
    game.act(DeclineBuy(player=ANN))
    assert action_text(game, Bid(player=BOB, amount=1000)) == (
        "Bid $1,000 (the lowest bid; type any amount in the auction dialog)")
    assert action_text(game, DropOut(player=BOB)) == "Drop out of the auction"


def test_every_action_legal_now_has_its_own_words():
    game = new_game()
    give(game, ANN, 6)
    game.st.players[ANN].bus_tickets.append(game.st.decks.bus.pop(0))
    texts = {action_text(game, a) for a in game.legal_actions()}
    assert {"Roll the dice", "Mortgage Reading Railroad", "Play a Bus Ticket to Vermont Avenue"} <= texts
    assert all(t[0].isupper() and not t.endswith(".") for t in texts)
    assert action_text(game, PayJailFine(player=ANN)) == "Pay the $50 jail fine"
    assert action_text(game, Build(player=ANN, space=1)) == "Build on Mediterranean Avenue"
    assert action_text(game, ClaimRent(player=CID, space=6)) == "Claim the rent for Reading Railroad"
    assert action_text(game, Level(player=ANN, choice="return")) == "Give the deed back to the bank"
    assert len(LEVEL_WORDS) == 7
    assert action_text(game, ProposeTrade(player=ANN, partner=BOB, give=TradeSide(cash=1))) == (
        "Propose a trade to Bob")
    assert action_text(game, ProposeEnd(player=ANN)) == "Propose to end the game"


def test_brief_words_need_no_decision_pending():
    """The brief register, for undo and the hand-over screen: the kind's words and the space."""
    game = new_game()
    assert action_text(game, DeclineBuy(player=ANN), brief=True) == "decline buy"
    assert action_text(game, Buy(player=ANN), brief=True) == "buy"
    assert action_text(game, Mortgage(player=ANN, space=6), brief=True) == "mortgage Reading Railroad"
    assert action_text(game, PlayBusTicket(player=ANN, destination=51), brief=True) == "play bus ticket Boardwalk"
    plain = [cls for cls in ACTION_KINDS.values() if cls.__dataclass_fields__.keys() == {"kind", "player"}]
    assert {action_text(game, cls(player=ANN), brief=True) for cls in plain} >= {"roll", "pay debt", "accept trade"}
