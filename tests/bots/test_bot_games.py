"""Whole games between computer players: every move legal, invariants after every action,
games finish, the strong bot beats the easy one, and bots never touch the game's state or dice."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from megamono.bots import LEVELS, BotGameError, make_bot, play_bot_game
from megamono.rules.engine import Game

# (edition, levels by seat, seed): Mega with 2-6 players, classic with 2-4, mixed levels.
GAMES = [
    ("mega", ["strong", "easy"], 11),
    ("mega", ["easy", "strong", "strong", "easy"], 12),
    ("mega", ["strong", "easy", "strong", "easy", "strong", "easy"], 13),
    ("classic", ["easy", "strong"], 14),
    ("classic", ["strong", "easy", "strong"], 15),
    ("classic", ["strong", "strong", "easy", "easy"], 16),
]


@pytest.mark.xdist_group("serial")
def test_bots_play_six_games_legally_to_the_end_with_invariants_after_every_action():
    """Invariants I1-I7 after every action (check=True raises on a breach); the engine refuses any
    illegal action, and no bot ever needed its fallback. Bounded: 150 rounds (how fast bots play is
    tests/bench/engine.py's to measure, not a test's)."""
    for edition, levels, seed in GAMES:
        g = play_bot_game(edition, levels, seed, turn_limit=150, check=True)
        assert g.over, (edition, levels, seed)
        assert len(g.st.players) == len(levels)
        assert [b.level for b in g.bots] == levels
        assert sum(b.fallbacks for b in g.bots) == 0, [b.fallback_notes for b in g.bots]
        assert g.st.winners and all(not g.st.players[w].bankrupt for w in g.st.winners)


def test_strong_beats_easy_in_most_games():
    """20 two-player Mega games, seats alternating: the strong bot wins a clear majority."""
    strong = 0.0
    for seed in range(20):
        levels = ["strong", "easy"] if seed % 2 == 0 else ["easy", "strong"]
        g = play_bot_game("mega", levels, 1000 + seed, turn_limit=100)
        for w in g.st.winners:
            if levels[w] == "strong":
                strong += 1 / len(g.st.winners)
    assert strong >= 13, strong


def test_same_seed_same_game_and_bots_never_change_the_state_or_the_dice():
    a = play_bot_game("mega", ["strong", "easy", "strong"], 5, turn_limit=30)
    b = play_bot_game("mega", ["strong", "easy", "strong"], 5, turn_limit=30)
    assert a.history == b.history and a.st == b.st
    # asking a bot changes nothing: not the state, not the dice generator
    g = Game.new("mega", ["A", "B", "C"], seed=9, seat_order=True)
    bots = [make_bot("strong", 1), make_bot("easy", 2), make_bot("strong", 3)]
    for _ in range(250):
        if g.over:
            break
        p = g.pending.player
        snapshot = g.st.model_copy(deep=True)
        action = bots[p].choose(g, p)
        assert g.st == snapshot
        g.act(action)


def test_replay_of_a_bot_game_gives_the_same_state():
    g = play_bot_game("classic", ["strong", "easy", "strong"], 21, turn_limit=40)
    assert Game.replay(g.setup, g.history).st == g.st


def test_every_decision_kind_has_a_handler_in_every_bot():
    from typing import get_args

    from megamono.bots.base import Bot
    from megamono.rules.decisions import PendingKind

    kinds = set(get_args(PendingKind)) - {"game_over"}
    for level, cls in LEVELS.items():
        # Bot's own handlers are stubs that refuse; every bot answers every kind (debt is shared)
        missing = sorted(k for k in kinds if getattr(cls, "on_" + k) is getattr(Bot, "on_" + k) and k != "debt")
        assert not missing, (level, missing)


def test_make_bot_levels_and_errors():
    assert make_bot("easy", 1).level == "easy"
    assert make_bot("Strong", 1).level == "strong"
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("godlike", 1)


def test_a_bot_answers_only_for_the_player_the_game_waits_on():
    g = Game.new("mega", ["A", "B"], seed=3, seat_order=True)
    with pytest.raises(ValueError):
        make_bot("strong", 1).choose(g, 1 - g.pending.player)


@pytest.mark.xdist_group("serial")
def test_bots_import_neither_textual_nor_rich():
    code = ("import sys, megamono.bots; print(sorted(m for m in sys.modules "
            "if m.split('.')[0] in ('textual', 'rich') or m.startswith('megamono.tui')))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.strip().replace("'", '"')) == []


@pytest.mark.parametrize("options", [
    {"rent_must_be_claimed": True}, {"auctions": False}, {"shortage_auctions": False},
    {"free_parking_pot": True, "double_salary_on_go": True, "no_rent_in_jail": True}, {"starting_cash": 600},
])
def test_bots_play_the_house_rule_options(options):
    for edition in ("mega", "classic"):
        g = play_bot_game(edition, ["strong", "easy", "strong"], 40, turn_limit=60, check=True, options=options)
        assert g.over and sum(b.fallbacks for b in g.bots) == 0
        if options.get("rent_must_be_claimed"):
            assert any(a.kind == "claim_rent" for a in g.history)


def test_the_bots_rent_table_matches_the_engines_rent():
    """The bots' view recomputes rents for the whole board at once; it must agree with rent_due."""
    from megamono.rules.rent import rent_due

    for edition in ("mega", "classic"):
        g = play_bot_game(edition, ["strong", "strong", "easy"], 3, turn_limit=25)
        bot = g.bots[0]
        b = bot.board_of(g)
        for p in range(len(g.st.players)):
            table = bot.view_of(g).rents(p)
            for i in g.st.deeds:
                assert table[i] == rent_due(g.ed, g.st, i, p, b.utility_guess), (edition, p, i)


def test_an_illegal_bot_answer_refused_by_the_engine_falls_back_legally(monkeypatch):
    """play_bot_game lets Game.act check the bots' answers (choose(check=False)); an answer the
    engine refuses is replaced by the bot's fallback and counted, and the game goes on."""
    from megamono.bots.strong import StrongBot
    from megamono.rules.actions import Build

    def bad_buy(self, game, p, pend):
        return Build(player=p, space=pend.space)  # never legal for a deed still in the bank

    monkeypatch.setattr(StrongBot, "on_buy", bad_buy)
    g = play_bot_game("mega", ["strong", "easy"], 4, turn_limit=20, check=True)
    strong = g.bots[0] if g.bots[0].level == "strong" else g.bots[1]
    assert g.over and strong.fallbacks > 0
    assert all("buy: Build" in note for note in strong.fallback_notes)


def test_the_seat_asked_is_the_one_computer_to_ask_names_open_auctions_included(monkeypatch):
    """play_on asks each decision of its ``player``, which the engine keeps the first seat of
    ``Game.awaited()`` (in an open auction, A3: ``auctions.settle_open``): the seat that
    ``computer_to_ask``, the scheduler of ``megamono simulate`` and the app, names with every seat a
    computer. ``check=True`` checks it after every action, in games with open auctions (bids and
    passes); and the check would see a difference."""
    for edition, seed in (("mega", 0), ("classic", 1)):
        g = play_bot_game(edition, ["strong"] * 4, seed, turn_limit=40, check=True)
        assert {"bid", "pass_bid"} <= {a.kind for a in g.history}, edition

    def reversed_awaited(self):
        return self.pending.players[::-1] if self.pending is not None else ()

    monkeypatch.setattr(Game, "awaited", reversed_awaited)
    with pytest.raises(BotGameError, match="computer_to_ask names"):
        play_bot_game("mega", ["strong"] * 4, 0, turn_limit=40, check=True)


def test_normal_plays_as_strong_but_never_bids_above_the_price_and_seldom_proposes():
    """The normal level (issue 28, item 1): over whole games against strong players it never bids above a
    deed's printed price, and proposes far fewer trades than the strong players beside it."""
    from megamono.rules.events import BidMade, TradeOffered

    assert make_bot("normal", 1).level == "normal"
    proposals = {"normal": 0, "strong": 0}
    for seed in range(6):
        levels = ["normal", "strong", "normal", "strong"]
        g = play_bot_game("mega", levels, seed=seed, turn_limit=60)
        price = {i: sp.price for i, sp in enumerate(g.ed.spaces)}
        for ev in g.st.log:
            if isinstance(ev, BidMade) and levels[ev.player] == "normal" and ev.space is not None:
                assert ev.bid <= price[ev.space], (seed, ev)
            if isinstance(ev, TradeOffered):
                proposals[levels[ev.offer.proposer]] += 1
    assert proposals["strong"] >= 5 * max(1, proposals["normal"]), proposals
