"""Decisions as types (issue 14, item 2): one class per kind with only its own fields, and who may
act on it: ``players``.

Every kind of decision names the seats who may act on it now: one seat for every kind but the open
auction (RULES.md A3), where every bidder but the high bidder may. The engine's ``why_not`` and ``legal_actions``,
the bots and the app ask ``players``, never a single seat of their own.
"""

from __future__ import annotations

import random
from dataclasses import MISSING, fields
from typing import get_args

import pytest
from megamono.bots import make_bot
from megamono.rules.actions import MANAGE_KINDS
from megamono.rules.decisions import DECISION_CLASSES, BidDecision, Decision, PendingKind
from megamono.rules.dispatch import decision_candidates
from megamono.rules.records import Record
from megamono.rules.state import GameState

from kit import SEAT_ORDER, new_game

KINDS = get_args(PendingKind)


def test_there_are_19_kinds_of_decision() -> None:
    assert len(KINDS) == 19  # (issue 14's 18, and "bus_move" of the option bus_rule, T3.4)


# Each kind's own fields (besides kind and player), as issue 14 lists them, and since save version 10
# what their words need that the prompt said before (no decision keeps words: rules/prompts.py).
OWN_FIELDS = {
    "turn": {"roll_again", "bus_ticket"}, "jail": {"attempt"}, "jail_pay": {"amount"}, "buy": {"space", "amount"},
    "bid": {"space", "piece", "high_bid", "high_bidder", "bidders", "open", "passed"}, "triples": {"choices"},
    "auction_pick": {"choices"}, "bus": {"space"}, "bus_move": {"first", "second"},
    "birthday": {"space", "amount"},
    "income_tax": {"space", "amounts"}, "levelling": {"space", "forced", "amounts"},
    "mortgaged_deed": {"space", "amounts"}, "debt": {"amount", "creditors", "amounts", "why", "rent_for"},
    "trade_reply": {"trade"},
    "end_vote": {"voters", "proposer"}, "shortage_ask": {"space", "piece", "askees", "builder", "wanting"},
    "place_piece": {"piece", "choices"}, "game_over": {"winners"},
}
REQUIRED = {"amount": 7, "space": 5, "trade": {"proposer": 0, "partner": 1}, "proposer": 0, "builder": 0,
            "piece": "house", "first": 1, "second": 3}


def make(kind: str, seat: int) -> Decision:
    """A decision of ``kind`` asked of ``seat``, with what its class requires."""
    cls = DECISION_CLASSES[kind]  # type: ignore[index]
    need = {f.name: REQUIRED[f.name] for f in fields(cls)
            if f.default is MISSING and f.default_factory is MISSING and f.name not in ("kind", "player")}
    return cls.model_validate({"kind": kind, "player": seat, **need})


@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_is_its_own_class_with_only_its_own_fields(kind: str) -> None:
    cls = DECISION_CLASSES[kind]  # type: ignore[index]
    assert {f.name for f in fields(cls)} == {"kind", "player"} | OWN_FIELDS[kind]
    assert make(kind, 0).kind == kind


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_names_one_seat_today(kind: str) -> None:
    for seat in range(8):
        pend = make(kind, seat)
        assert pend.players == (seat,)
        assert isinstance(pend.players, tuple)
    # the seats are the decision's own: changing the seat (the next bidder, the next voter) changes them
    pend = make(kind, 1)
    pend.player = 3
    assert pend.players == (3,)


def test_players_is_not_saved() -> None:
    """``players`` is asked of a decision, never stored: a save holds what it held before."""
    dumped = BidDecision(player=2, space=5, bidders=[0, 2]).model_dump(mode="json")
    assert "players" not in dumped
    assert BidDecision.model_validate(dumped).players == (2,)


def test_a_decision_of_another_kind_is_refused_when_read() -> None:
    with pytest.raises(ValueError, match="voters"):
        GameState.adapter().validate_python({**new_game().st.model_dump(), "pending": {
            "kind": "end_vote", "player": 1, "proposer": 0, "voters": "everyone"}})
    assert issubclass(DECISION_CLASSES["turn"], Record)


def _play_checking(edition: str, seed: int, options: dict | None, seen: set[str], actions: int = 1500) -> None:
    """Play a bot game, and at every decision check that only the seats of ``players`` may answer it."""
    game = new_game(4, seed=seed, options=options, edition=edition)
    bots = [make_bot("strong" if k % 2 else "easy", seed * 10 + k) for k in range(4)]
    rng = random.Random(seed)
    for _ in range(actions):
        pend = game.pending
        if game.over or pend is None:
            break
        seen.add(pend.kind)
        who = pend.players
        open_auction = isinstance(pend, BidDecision) and pend.open
        assert (len(who) >= 1 if open_auction else len(who) == 1) and set(who) <= set(game.st.active_players())
        answers = [a for a in game.legal_actions() if a.kind not in MANAGE_KINDS
                   and a.kind not in ("propose_trade", "propose_end", "claim_rent")]
        assert {a.player for a in answers} <= set(who)  # (none in a debt that must be raised first)
        candidates = decision_candidates(game.st, game.ed, pend)  # every answer, legal or not
        assert candidates and {a.player for a in candidates} == set(who)
        other = next((q for q in game.st.active_players() if q not in who), None)
        if other is None:  # an open auction before its first bid: everyone may bid
            seat = game.awaited()[0]
            game.act(bots[seat].choose(game, seat))
            continue
        a = rng.choice(candidates)
        stranger = type(a)(**{**{f: getattr(a, f) for f in a.__dataclass_fields__}, "player": other})
        if open_auction:  # the high bidder, or a player left out of a shortage auction (B7)
            assert game.why_not(stranger) in (
                f"{game.name(other)} holds the high bid (${pend.high_bid:,}): the high bidder neither raises nor"
                " passes (A3)", f"{game.name(other)} is not bidding in this auction")
            seat = game.awaited()[0]
        else:
            assert game.why_not(stranger) == f"it is {game.name(who[0])}'s decision, not {game.name(other)}'s"
            seat = who[0]
        with pytest.raises(ValueError, match=f"waits on seat {' or '.join(map(str, who))}, not {other}"):
            bots[other].choose(game, other)
        game.act(bots[seat].choose(game, seat))


def test_only_the_seats_of_players_may_answer() -> None:
    """In bot games of both boards, every decision met may be answered by its ``players`` only: the
    legal answers are theirs, another seat's answer is refused, and a bot asked for another seat
    refuses to choose."""
    seen: set[str] = set()
    for edition, seed, options in (("mega", 1, SEAT_ORDER), ("classic", 2, SEAT_ORDER), ("mega", 3, None),
                                   ("mega", 4, {"turn_limit": 8}), ("classic", 5, None)):
        _play_checking(edition, seed, options, seen)
    assert {"turn", "jail", "jail_pay", "buy", "bid", "debt", "income_tax", "bus", "birthday"} <= seen, seen


def test_auction_bidding_is_open_by_default_or_seat_order() -> None:
    """RULES.md O, A3: ``auction_bidding`` is ``open`` unless the game chose ``seat_order``; the setup
    keeps it, and no other value is taken."""
    from megamono.rules.state import Options

    assert new_game(3).st.options.auction_bidding == "open"
    game = new_game(3, options=SEAT_ORDER)
    assert game.st.options.auction_bidding == "seat_order"
    assert game.setup["options"]["auction_bidding"] == "seat_order"
    with pytest.raises(ValueError, match="auction_bidding"):
        Options.model_validate({"auction_bidding": "sealed"})
