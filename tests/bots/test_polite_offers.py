"""Polite computers (issue 15 item 2, megamono/bots/offers.py): a computer never repeats an offer its
partner refused unless a deed in it changed or the new one gives strictly more; it proposes to each
human at most once every three rounds; the option ``computer_offers`` says whom computers propose to;
a trade with a given deed goes to the same human at most once in six rounds unless it gives them more, and
the computers make humans at most one offer a round (issue 28, item 4); all of it read from the game's log,
so it holds after a save is resumed."""

from __future__ import annotations

import pytest
from botkit import give, new_game
from megamono.bots import make_bot
from megamono.bots.model import Memory
from megamono.bots.offers import DEED_ROUNDS, HUMAN_ROUNDS, OfferLedger
from megamono.rules.actions import Mortgage, ProposeTrade, RefuseTrade, Roll, Unmortgage
from megamono.rules.decisions import TradeSide
from megamono.rules.engine import Game
from megamono.rules.events import TradeOffered, TradeRefused, TurnStarted
from megamono.saves import load_save, save_game

ANN, BOB, CID = 0, 1, 2
COMPUTERS = [{"name": "Ann", "kind": "computer"}, {"name": "Bob", "kind": "computer"}, "Cid"]


def orange_for_ann(kinds=COMPUTERS, options=None) -> Game:
    """Ann (a strong computer) holds two Orange lots; Bob holds the third (Mega: 21, 23 and 24)."""
    g = new_game(3, cash=2500, names=kinds, options=options)
    give(g, ANN, 21, 23)
    give(g, BOB, 24)
    return g


def refused(g: Game, offer: ProposeTrade) -> None:
    g.act(offer)
    g.act(RefuseTrade(player=offer.partner))


def offer(cash: int = 300, gets: tuple[int, ...] = (), gives: tuple[int, ...] = (24,)) -> ProposeTrade:
    """Ann offers Bob ``cash`` and the deeds ``gets`` for the deeds ``gives``."""
    return ProposeTrade(player=ANN, partner=BOB, give=TradeSide(cash=cash, deeds=list(gets)),
                        take=TradeSide(deeds=list(gives)))


# -- the rule, on the ledger ------------------------------------------------------------------------
def test_a_refused_offer_is_a_repeat_and_so_is_any_that_gives_no_more():
    g = orange_for_ann()
    give(g, ANN, 1)
    refused(g, offer(300))
    ledger = OfferLedger().update(g)
    assert ledger.refused_count(ANN) == 1
    assert ledger.repeats(offer(300).offer())                      # the same offer
    assert ledger.repeats(offer(250).offer())                      # less cash for the same deed
    assert ledger.repeats(offer(300, gives=(24, 39)).offer())      # asks more of Bob


def test_an_offer_that_gives_strictly_more_is_no_repeat():
    g = orange_for_ann()
    give(g, ANN, 1)
    refused(g, offer(300))
    ledger = OfferLedger().update(g)
    assert not ledger.repeats(offer(301).offer())                  # more cash
    assert not ledger.repeats(offer(300, gets=(1,)).offer())       # the same and a deed
    more_card = ProposeTrade(player=ANN, partner=BOB, give=TradeSide(cash=300, bus_tickets=1),
                             take=TradeSide(deeds=[24]))
    assert not ledger.repeats(more_card.offer())
    # another proposer, another partner: not the refusal of this pair
    assert not ledger.repeats(ProposeTrade(player=CID, partner=BOB, give=TradeSide(cash=300),
                                           take=TradeSide(deeds=[24])).offer())
    # a bot stricter than the rule: at least $20 more
    assert ledger.repeats(offer(301).offer(), margin=lambda cash: 20)
    assert not ledger.repeats(offer(320).offer(), margin=lambda cash: 20)


def test_an_offer_is_no_repeat_once_a_deed_in_it_changed():
    g = orange_for_ann()
    refused(g, offer(300))
    assert OfferLedger().update(g).repeats(offer(300).offer())
    g.act(Mortgage(player=BOB, space=24))     # changed (and changed back): the refusal no longer holds
    g.act(Unmortgage(player=BOB, space=24))
    assert not OfferLedger().update(g).repeats(offer(300).offer())


def test_a_refusal_is_read_from_the_log_not_remembered():
    """The ledger reads only the typed events: a refusal it did not see in the log does not count,
    and it follows the log as it grows (each event read once)."""
    g = orange_for_ann()
    ledger = OfferLedger().update(g)
    assert ledger.refused_count(ANN) == 0
    g.act(offer(300))
    assert ledger.update(g).refused_count(ANN) == 0 and isinstance(g.st.log[-1], TradeOffered)
    g.act(RefuseTrade(player=BOB))
    assert isinstance(g.st.log[-1], TradeRefused)
    assert ledger.update(g).refused_count(ANN) == 1 and ledger.repeats(offer(300).offer())


# -- the strong bot ---------------------------------------------------------------------------------------
def test_strong_does_not_repeat_a_refused_offer_in_a_later_turn():
    g = orange_for_ann()
    ann = make_bot("strong", 1)
    first = ann.choose(g, ANN)
    assert first.kind == "propose_trade" and first.partner == BOB and first.take.deeds == [24]
    refused(g, first)
    # a fresh bot (nothing remembered) in a later turn of Ann's: the log says it was refused
    g.st.turn.number += 1
    again = make_bot("strong", 2).choose(g, ANN)
    assert again.kind != "propose_trade" or not OfferLedger().update(g).repeats(again.offer())
    assert again.kind != "propose_trade" or again.take.deeds != [24] or again.give.cash >= first.give.cash + 20


def test_strong_proposes_again_once_a_deed_in_the_refused_offer_changed():
    g = orange_for_ann()
    first = make_bot("strong", 1).choose(g, ANN)
    refused(g, first)
    g.st.turn.number += 1
    assert make_bot("strong", 1).choose(g, ANN).kind != "propose_trade"
    g.act(Mortgage(player=BOB, space=24))
    g.act(Unmortgage(player=BOB, space=24))
    g.st.turn.number += 1
    again = make_bot("strong", 1).choose(g, ANN)
    assert again == first


def test_strong_proposes_again_when_it_gives_clearly_more():
    """Bob refused $100 less than the bot's fair price: the fair price gives him clearly more (at least
    $20 or a fifth more), so the bot offers it."""
    g = orange_for_ann()
    fair = make_bot("strong", 1).choose(g, ANN)
    assert fair.kind == "propose_trade"
    low = ProposeTrade(player=ANN, partner=BOB, give=TradeSide(cash=fair.give.cash - 100),
                       take=TradeSide(deeds=[24]))
    refused(g, low)                   # Ann offered $100 less, refused
    g.st.turn.number += 1
    assert make_bot("strong", 1).choose(g, ANN) == fair    # strictly (and clearly) more: offered


# -- whom, and how often ---------------------------------------------------------------------------------
def play_rounds(g: Game, rounds: int) -> None:
    """Every seat rolls and lets strong bots answer the rest, until ``rounds`` more rounds began."""
    mem = Memory()
    bots = [make_bot("strong", 10 + k, mem) for k in range(len(g.st.players))]
    start = g.st.turn.round
    for _ in range(5000):
        if g.over or g.st.turn.round >= start + rounds:
            return
        p = g.awaited()[0]
        if g.pending.kind == "turn":  # (the bots' own proposals are not what these tests look at)
            g.act(Roll(player=p))
            continue
        if g.pending.kind == "trade_reply":
            g.act(RefuseTrade(player=p))
            continue
        g.act(bots[p].choose(g, p))
    raise AssertionError("the rounds did not pass")


def test_a_computer_proposes_to_a_human_at_most_once_every_three_rounds():
    humans = [{"name": "Ann", "kind": "computer"}, "Bob", "Cid"]
    g = orange_for_ann(humans)
    ledger = OfferLedger()
    first = make_bot("strong", 1).choose(g, ANN)
    assert first.kind == "propose_trade" and first.partner == BOB
    refused(g, first)
    r = ledger.update(g).round  # (the round of Ann's offer)
    assert r == g.st.turn.round and ledger._proposed[(ANN, BOB)] == r
    for k in range(1, HUMAN_ROUNDS):
        play_rounds(g, 1)
        g.act(Mortgage(player=BOB, space=24))  # (so that the offer would be no repeat: only the rounds stop it)
        g.act(Unmortgage(player=BOB, space=24))
        assert ledger.update(g).round == r + k
        assert not ledger.may_propose_to(g, ANN, BOB)
        assert ledger.may_propose_to(g, ANN, CID)
    play_rounds(g, 1)
    assert ledger.update(g).may_propose_to(g, ANN, BOB)


def test_a_deed_goes_to_the_same_human_once_in_six_rounds_unless_the_offer_gives_more():
    """Issue 28, item 4 (a play-test: Park Place offered to the same player three times in six rounds)."""
    humans = [{"name": "Ann", "kind": "computer"}, "Bob", "Cid"]
    g = orange_for_ann(humans)
    give(g, ANN, 1)
    ledger = OfferLedger()
    refused(g, offer(300, gets=(1,)))  # Ann offers Bob $300 and Mediterranean for New York
    r = ledger.update(g).round
    assert ledger.deed_offered_lately(offer(300, gets=(1,)).offer())
    assert ledger.deed_offered_lately(offer(200).offer())  # New York again, for less
    assert not ledger.deed_offered_lately(offer(301, gets=(1,)).offer())  # it gives Bob more
    assert not ledger.deed_offered_lately(offer(100, gives=(26,)).offer())  # another deed
    to_cid = ProposeTrade(player=ANN, partner=CID, give=TradeSide(cash=300, deeds=[1]), take=TradeSide())
    assert not ledger.deed_offered_lately(to_cid.offer())  # another human
    play_rounds(g, DEED_ROUNDS - 1)
    assert ledger.update(g).round == r + DEED_ROUNDS - 1 and ledger.deed_offered_lately(offer(200).offer())
    play_rounds(g, 1)
    assert not ledger.update(g).deed_offered_lately(offer(200).offer())


def test_the_computers_make_humans_one_offer_a_round_in_all():
    kinds = [{"name": "Ann", "kind": "computer"}, "Bob", {"name": "Cid", "kind": "computer"}, "Dan"]
    g = new_game(4, cash=2500, names=kinds)
    give(g, ANN, 21, 23)
    give(g, BOB, 24)
    ledger = OfferLedger()
    assert ledger.update(g).may_propose_to(g, CID, 3)
    refused(g, offer(300))  # Ann's offer to Bob this round
    assert not ledger.update(g).may_propose_to(g, CID, 3)  # so no other computer offers a human this round
    assert ledger.may_propose_to(g, CID, ANN)  # (offers between computers are as before)
    play_rounds(g, 1)
    assert ledger.update(g).may_propose_to(g, CID, 3)


def test_the_rounds_are_counted_as_the_engine_counts_them():
    g = new_game(3, names=["Ann", "Bob", "Cid"])
    play_rounds(g, 5)
    ledger = OfferLedger().update(g)
    assert ledger.round == g.st.turn.round
    assert sum(isinstance(ev, TurnStarted) for ev in g.st.log) >= 15


@pytest.mark.parametrize("who, partners", [("everyone", {BOB, CID}), ("computers", {BOB}), ("nobody", set())])
def test_O_computer_offers_says_whom_computers_propose_to(who, partners):
    g = orange_for_ann([{"name": "Ann", "kind": "computer"}, {"name": "Bob", "kind": "computer"}, "Cid"],
                       options={"computer_offers": who})
    give(g, CID, 25)            # Cid (human) holds an Orange lot too: either could give Ann 3 of 4
    ledger = OfferLedger().update(g)
    assert {q for q in (BOB, CID) if ledger.may_propose_to(g, ANN, q)} == partners
    a = make_bot("strong", 1).choose(g, ANN)
    if partners:
        assert a.kind == "propose_trade" and a.partner in partners
    else:
        assert a.kind != "propose_trade"


def test_O_computer_offers_nobody_no_human_is_ever_offered_a_trade():
    """Whole games of strong computers and humans (the humans played by bots that refuse every offer):
    with ``computers`` no computer offers a human anything; with ``nobody`` no computer offers at all."""
    kinds = [{"name": n, "kind": k} for n, k in zip(["Ann", "Bob", "Cid", "Dan"],
                                                     ["computer", "human", "computer", "human"], strict=True)]
    counts = {}
    for who in ("everyone", "computers", "nobody"):
        to_humans = to_computers = 0
        for seed in range(3):
            g = Game.new("mega", kinds, seed=seed, seat_order=True, options={"computer_offers": who, "turn_limit": 40})
            _play_with_refusing_humans(g)
            for ev in g.st.log:
                if isinstance(ev, TradeOffered) and g.st.players[ev.offer.proposer].kind == "computer":
                    if g.st.players[ev.offer.partner].kind == "human":
                        to_humans += 1
                    else:
                        to_computers += 1
        counts[who] = (to_humans, to_computers)
    assert counts["everyone"][0] > 0 and counts["computers"][1] > 0
    assert counts["computers"][0] == 0
    assert counts["nobody"] == (0, 0)


def _play_with_refusing_humans(g: Game, max_actions: int = 20_000) -> None:
    """Strong bots play every seat; a human seat refuses every offer and proposes none."""
    mem = Memory()
    bots = [make_bot("strong", 100 + k, mem) for k in range(len(g.st.players))]
    for _ in range(max_actions):
        if g.over:
            return
        p = g.awaited()[0]
        human = g.st.players[p].kind == "human"
        if human and g.pending.kind == "trade_reply":
            g.act(RefuseTrade(player=p))
            continue
        a = bots[p].choose(g, p)
        if human and a.kind == "propose_trade":
            a = Roll(player=p) if g.why_not(Roll(player=p)) is None else bots[p].fallback(g, p)
        g.act(a)
    raise AssertionError("the game did not end")


def test_in_whole_games_no_refused_offer_is_repeated_and_humans_wait_three_rounds():
    """Strong computers with humans who refuse everything: each exact offer a partner refused comes
    again only after a deed in it changed, each human hears from each computer at most once in
    three rounds, of a given deed at most once in six unless the offer gives more, and the humans from
    the computers at most once a round."""
    kinds = [{"name": n, "kind": k} for n, k in zip(["Ann", "Bob", "Cid", "Dan"],
                                                     ["computer", "human", "computer", "human"], strict=True)]
    offers_to_humans = 0
    for seed in range(4):
        g = Game.new("mega", kinds, seed=seed, seat_order=True, options={"turn_limit": 40})
        _play_with_refusing_humans(g)
        refused_at: dict = {}  # (proposer, partner, gets, gives) -> log index of the refusal
        changed: dict[int, int] = {}
        last_to_human: dict = {}
        deed_to_human: dict = {}  # (proposer, human, deed) -> (round, what the human got, gave, net cash)
        round_to_humans: set[int] = set()
        rnd, last_seat, open_offer = 0, None, None
        for k, ev in enumerate(g.st.log):
            for d in ev.deeds_changed():
                changed[d] = k
            if isinstance(ev, TurnStarted):
                rnd += last_seat is None or ev.player <= last_seat
                last_seat = ev.player
            elif isinstance(ev, TradeOffered):
                o = open_offer = ev.offer
                key = (o.proposer, o.partner, o.give.model_dump_json(), o.take.model_dump_json())
                if g.st.players[o.proposer].kind == "computer" and key in refused_at:
                    at = refused_at[key]
                    assert any(changed.get(d, -1) > at for d in o.give.deeds + o.take.deeds), (seed, o)
                if g.st.players[o.proposer].kind == "computer" and g.st.players[o.partner].kind == "human":
                    offers_to_humans += 1
                    before = last_to_human.get((o.proposer, o.partner))
                    assert before is None or rnd - before >= HUMAN_ROUNDS, (seed, o, rnd, before)
                    last_to_human[(o.proposer, o.partner)] = rnd
                    assert rnd not in round_to_humans, (seed, o, rnd)  # one offer to humans a round
                    round_to_humans.add(rnd)
                    got, gave, cash = set(o.give.deeds), set(o.take.deeds), o.give.cash - o.take.cash
                    for d in got | gave:
                        then = deed_to_human.get((o.proposer, o.partner, d))
                        if then is not None and rnd - then[0] < DEED_ROUNDS:  # (only an offer that gives more)
                            assert not (got <= then[1] and gave >= then[2] and cash <= then[3]), (seed, o, rnd, then)
                        deed_to_human[(o.proposer, o.partner, d)] = (rnd, got, gave, cash)
            elif isinstance(ev, TradeRefused):
                o = open_offer
                refused_at[(o.proposer, o.partner, o.give.model_dump_json(), o.take.model_dump_json())] = k
    assert offers_to_humans >= 5, offers_to_humans


# -- save and resume ----------------------------------------------------------------------------------------
def test_the_refusals_and_rounds_survive_a_save_and_resume(tmp_path):
    """Resumed from a save (which keeps no log: loading replays the actions), the ledger reads the same
    refusals and rounds, and fresh bots go on exactly as the bots that played before the save."""
    kinds = [{"name": n, "kind": k} for n, k in zip(["Ann", "Bob", "Cid", "Dan"],
                                                     ["computer", "human", "computer", "human"], strict=True)]
    g = Game.new("mega", kinds, seed=3, seat_order=True, options={"turn_limit": 60})
    mem = Memory()
    bots = [make_bot("strong", 100 + k, mem) for k in range(4)]

    def step(game: Game, bots: list) -> None:
        p = game.awaited()[0]
        if game.st.players[p].kind == "human" and game.pending.kind == "trade_reply":
            game.act(RefuseTrade(player=p))
        else:
            game.act(bots[p].choose(game, p))

    while not (sum(OfferLedger().update(g).refused_count(p) for p in range(4)) >= 2 and g.pending.kind == "turn"
               and g.pending.player == ANN and not g.pending.roll_again):
        step(g, bots)
    saved = load_save(save_game(g, "polite", tmp_path))
    again = saved.game
    a, b = mem.offers(g), Memory().offers(again)
    assert [a.refused_count(p) for p in range(4)] == [b.refused_count(p) for p in range(4)]
    assert (a.round, a._proposed) == (b.round, b._proposed)
    mem2 = Memory()
    fresh = [make_bot("strong", 100 + k, mem2) for k in range(4)]
    for _ in range(600):
        if g.over:
            break
        step(g, bots)
        step(again, fresh)
    assert again.history == g.history
