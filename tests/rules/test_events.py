"""The log's events as data (issue 14, item 3): each thing that happens is an event class with typed
fields (megamono/rules/events.py), its words made from them; how a game ended is an Outcome."""

from __future__ import annotations

import dataclasses
import typing

import pytest
from helpers import jail
from megamono.bots import play_bot_game
from megamono.rules.agenda import DebtNoteStep
from megamono.rules.decisions import TradeOffer, TradeSide
from megamono.rules.dice import Throw
from megamono.rules.engine import Game
from megamono.rules.events import (
    EVENT_TYPES,
    AuctionStarts,
    Bankrupt,
    BidMade,
    Built,
    Cash,
    DeclinesToBuy,
    DropsOut,
    EndProposed,
    EndVote,
    Event,
    EventKind,
    FinalWorth,
    GameOver,
    InDebt,
    Known,
    LeavesJail,
    Moved,
    Outcome,
    Rolled,
    WinsAuction,
)
from megamono.rules.rent import rent_due
from megamono.rules.state import GameState
from pydantic import TypeAdapter
from scenario import (  # noqa: F401 (invariants_hold_at_the_end is an autouse fixture)
    ANN,
    BOB,
    CID,
    act,
    give,
    invariants_hold_at_the_end,
    new_game,
    pend,
    roll,
)

from kit import SEAT_ORDER


def test_dice_and_a_move_are_a_throw_and_a_space():
    g = new_game(2)
    rolled, moved = roll(g, ANN, 1, 3, 2)
    assert rolled == Rolled(ANN, Throw((1, 3), 2)) and rolled.kind == "dice"
    assert rolled.throw.total == 6 and rolled.say(g) == "Ann rolls 1+3 + 2"
    assert moved == Moved(ANN, 6) and moved.kind == "move" and moved.space == g.st.players[ANN].position
    assert moved.say(g) == "Ann moves to Reading Railroad"


def test_buying_is_a_payment_to_the_bank():
    g = new_game(2)
    roll(g, ANN, 1, 3, 2)
    paid, turn = act(g, "buy", ANN)
    assert turn.kind == "turn" and turn.player == BOB
    assert paid == Cash(ANN, None, 200, "buys Reading Railroad", deed=6) and paid.kind == "cash"
    assert (paid.player, paid.payer, paid.payee, paid.amount) == (ANN, ANN, None, 200)
    assert paid.changes_deeds and paid.deeds_changed() == (6,)  # the deed bought
    assert not paid.rent and paid.say(g) == "Ann pays $200 to the bank: buys Reading Railroad"


def test_rent_is_a_payment_between_players_marked_as_rent():
    g = new_game(2)
    give(g, BOB, 7)
    due = rent_due(g.ed, g.st, 7, ANN)
    events = roll(g, ANN, 2, 3, 2)
    [rent] = [e for e in events if isinstance(e, Cash)]
    assert (rent.payer, rent.payee, rent.amount, rent.rent) == (ANN, BOB, due, True)
    assert rent.deed is None and rent.deeds_changed() == ()  # rent changes no deed
    assert rent.say(g) == f"Ann pays ${due} to Bob: rent for Massachusetts Avenue"


def test_D1_rent_paid_after_a_debt_is_still_rent_the_reason_kept_typed_through_a_save():
    """Issue 14 item 3: the reason of a payment is data (``rent_for``), never read back from its words."""
    g = new_game(2, cash=[0, 1500])
    give(g, BOB, 7)
    give(g, ANN, 6)
    due = rent_due(g.ed, g.st, 7, ANN)
    events = roll(g, ANN, 2, 3, 2)
    assert events[-1] == InDebt(ANN, due, "", 0, rent_for=7) and pend(g) == ("debt", ANN)
    [note] = [s for s in g.st.agenda if isinstance(s, DebtNoteStep)]
    assert (note.why, note.rent_for) == ("", 7)
    assert "(rent for Massachusetts Avenue)" in g.describe_pending()
    saved = Game.from_dict(g.to_dict())  # the debt's reason goes through a save as its fields
    assert saved.st.agenda == g.st.agenda
    act(saved, "mortgage", ANN, space=6)
    [paid] = [e for e in act(saved, "pay_debt", ANN) if isinstance(e, Cash)]
    assert paid == Cash(ANN, BOB, due, "", rent_for=7) and paid.rent
    assert paid.say(g) == f"Ann pays ${due} to Bob: rent for Massachusetts Avenue"


def test_T6_claimed_rent_is_rent_with_its_word():
    g = new_game(2, options={"rent_must_be_claimed": True})
    give(g, BOB, 7)
    due = rent_due(g.ed, g.st, 7, ANN)
    roll(g, ANN, 2, 3, 2)
    [paid] = [e for e in act(g, "claim_rent", BOB, space=7) if isinstance(e, Cash)]
    assert paid == Cash(ANN, BOB, due, "claimed", rent_for=7) and paid.rent
    assert paid.say(g) == f"Ann pays ${due} to Bob: rent for Massachusetts Avenue (claimed)"


def test_a_fine_is_a_payment_and_leaving_jail_an_event():
    g = new_game(2)
    jail(g, ANN)
    fine = g.ed.rules.jail_fine
    events = act(g, "pay_jail_fine", ANN)
    assert events[:2] == [Cash(ANN, None, fine, "jail fine"), LeavesJail(ANN)]
    assert events[1].kind == "jail" and events[1].say(g) == "Ann leaves jail"


def test_an_auction_is_a_start_bids_drop_outs_and_a_winner_who_pays():
    g = new_game(3, options=SEAT_ORDER)
    roll(g, ANN, 2, 3, 2)                      # Massachusetts Avenue (7), $100
    assert act(g, "decline_buy", ANN) == [DeclinesToBuy(ANN, 7), AuctionStarts(7)]
    [bid] = act(g, "bid", BOB, amount=10)
    assert bid == BidMade(BOB, 10, 7, None) and bid.kind == "bid" and bid.amount is None
    assert bid.say(g) == "Bob bids $10 for Massachusetts Avenue"
    assert act(g, "drop_out", CID) == [DropsOut(CID, 7)]
    events = act(g, "drop_out", ANN)
    assert events[:3] == [DropsOut(ANN, 7), WinsAuction(BOB, 7, 10),
                          Cash(BOB, None, 10, "auction of Massachusetts Avenue")]
    assert events[1].say(g) == "Bob wins Massachusetts Avenue for $10" and g.st.deeds[7].owner == BOB


def test_building_is_a_payment_and_the_new_level():
    g = new_game(2)
    give(g, ANN, 1, 3, 4)
    cost = g.ed.spaces[1].house_cost
    assert act(g, "build", ANN, space=1) == [Cash(ANN, None, cost, "building on Mediterranean Avenue", 1),
                                             Built(ANN, 1, 1)]
    assert g.st.log[-1].deeds_changed() == (1,)
    assert g.st.log[-1].say(g) == "Ann builds on Mediterranean Avenue: now 1 house"


def test_a_mortgage_is_a_payment_from_the_bank():
    g = new_game(2)
    give(g, ANN, 6)
    [paid] = act(g, "mortgage", ANN, space=6)
    assert paid == Cash(None, ANN, g.ed.spaces[6].mortgage, "mortgage on Reading Railroad", 6)
    assert paid.player == ANN and paid.say(g) == "Ann receives $100 from the bank: mortgage on Reading Railroad"


def test_bankruptcy_ends_the_game_with_the_last_player_standing():
    g = new_game(2, cash=[10, 1500])
    give(g, BOB, 7, level=5)
    owed = rent_due(g.ed, g.st, 7, ANN)
    events = roll(g, ANN, 2, 3, 2)
    assert events[-1] == InDebt(ANN, owed, "", 10, rent_for=7) and pend(g) == ("debt", ANN)
    assert events[-1].say(g) == (f"Ann owes ${owed} (rent for Massachusetts Avenue) but has only $10: raise money or "
                               "declare bankruptcy")
    assert g.outcome is None
    events = act(g, "declare_bankruptcy", ANN)
    assert events[0] == Bankrupt(ANN) and Cash(ANN, BOB, 10, "everything Ann had") in events
    assert events[-1] == GameOver(Outcome(winners=[BOB], termination="last_player_standing"))
    assert events[-1].player == BOB and events[-1].say(g) == "Bob wins the game!"
    assert g.outcome == Outcome(winners=[BOB], termination="last_player_standing")


def test_the_turn_limit_ends_by_final_worth():
    g = new_game(2, dice=[(1, 2, 3), (2, 3, 1)], options={"turn_limit": 1})
    act(g, "roll", ANN)
    act(g, "buy", ANN)
    worth, over = act(g, "roll", BOB)[-2:]
    assert worth == FinalWorth("turn_limit", 1, [(ANN, 2525), (BOB, 2475)])
    assert worth.say(g) == "Round 1 is over: the turn limit is reached. Final worth: Ann $2,525, Bob $2,475"
    assert over == GameOver(Outcome(winners=[ANN], termination="turn_limit")) == g.st.log[-1]
    assert g.outcome == over.outcome


def test_an_agreed_end_and_a_shared_win():
    g = new_game(2)
    assert act(g, "propose_end", BOB) == [EndProposed(BOB)]
    events = act(g, "vote_end", ANN, agree=True)
    assert events[0] == EndVote(ANN, True) and events[0].say(g) == "Ann agrees to end the game"
    assert g.outcome == Outcome(winners=[ANN, BOB], termination="agreed_end")
    assert events[-1].say(g) == "Ann and Bob share the win!"


# -- every event class -----------------------------------------------------------------------------------
def _sample(g, field: str):
    """A value for an event field of that name, sound in game ``g``."""
    values = {
        "player": ANN, "space": 7, "to": 11, "deed": 8, "amount": 1500, "payer": ANN, "payee": BOB, "why": "a reason",
        "throw": Throw((1, 3), "mr"), "total": 4, "number": 12, "roller": BOB, "deck": "chance",
        "card": g.ed.chance[0].id, "level": 3, "piece": "hotel", "bidders": [BOB, ANN], "bid": 20, "price": 30,
        "gone": 2, "rent": 26, "tenant": BOB, "owner": BOB, "cash": 5, "added": 50, "pot": 150, "deeds": [7, 8],
        "levels": [(7, 2), (8, 3)], "group": "Light Blue", "problem": "Bob does not own Boardwalk",
        "offer": TradeOffer(proposer=ANN, partner=BOB, give=TradeSide(cash=100), take=TradeSide(deeds=[7])),
        "agrees": True, "want": False, "termination": "turn_limit", "round": 9, "minutes": 90,
        "worths": [(ANN, 1000), (BOB, 900)],
        "outcome": Outcome(winners=[BOB], termination="agreed_end"), "dice": "second", "steps": 3,
        "rent_for": 7, "line": "Ann rolls 3+2 = 5 for turn order", "category": "dice",
        "seen": ("CH01",), "refused": (TradeOffer(proposer=BOB, partner=ANN, take=TradeSide(deeds=[8])),),
        "waiting": None,
    }
    return values[field]


def _every_event(g) -> list[Event]:
    return [cls(**{f.name: _sample(g, f.name) for f in dataclasses.fields(cls)}) for cls in EVENT_TYPES.values()]


def test_every_event_class_has_a_kind_typed_fields_and_words():
    g = new_game(2)
    kinds = set(typing.get_args(EventKind))
    assert len(EVENT_TYPES) > 50
    for ev in _every_event(g):
        assert ev.kind in kinds, type(ev).__name__
        assert type(ev).__doc__, type(ev).__name__
        words = ev.say(g)
        assert words and words == words.strip() and "None" not in words, (type(ev).__name__, words)
        for common in ("player", "space", "amount", "payer", "payee"):
            assert getattr(ev, common) is None or isinstance(getattr(ev, common), int), (type(ev).__name__, common)
        with pytest.raises(AttributeError):
            ev.no_such_field  # noqa: B018


def test_every_event_class_round_trips_through_its_dict_form():
    g = new_game(2)
    events = _every_event(g)
    log = TypeAdapter(list[Event])
    data = log.dump_python(events, mode="json")
    assert [d["event"] for d in data] == [type(e).__name__ for e in events]
    assert log.validate_python(data) == events


def test_a_known_event_written_before_its_offer_was_named_waiting_still_reads():
    """``Known.waiting`` (an offer made and not answered before a position) was ``open`` in the dict form
    of before (a game's ``to_dict``, which keeps its log): that key still reads."""
    offer = TradeOffer(proposer=BOB, partner=ANN, give=TradeSide(cash=30))
    known = Known(seen=("CH01",), refused=(), waiting=offer)
    log = TypeAdapter(list[Event])
    [data] = log.dump_python([known], mode="json")
    assert data["waiting"]["proposer"] == BOB and "open" not in data
    old = {("open" if k == "waiting" else k): v for k, v in data.items()}
    assert log.validate_python([old]) == [known] == log.validate_python([data])
    assert known.say(new_game(2)) == "Known from before: 1 card seen; Bob's offer to Ann waits"


def test_a_loaded_games_log_has_the_same_words():
    g = play_bot_game("mega", ["strong"] * 3, 4, turn_limit=40)
    data = g.to_dict()
    again = type(g).from_dict(data)
    assert again.st == g.st and [e.say(again) for e in again.st.log] == [e.say(g) for e in g.st.log]
    assert isinstance(GameState.model_validate(data["state"]).log[0], Event)


@pytest.mark.parametrize("edition", ["mega", "classic"])
def test_every_event_of_bot_games_says_something(edition):
    seen = set()
    for seed in range(3):
        g = play_bot_game(edition, ["strong", "easy", "strong"], seed, turn_limit=150,
                          options={"rent_must_be_claimed": seed == 1, "free_parking_pot": True})
        for ev in g.st.log:
            seen.add(type(ev).__name__)
            assert ev.say(g)
        if g.over:
            assert g.outcome is not None and g.outcome.winners == g.st.winners
    assert {"Seats", "TurnStarted", "Rolled", "Moved", "Cash"} <= seen
