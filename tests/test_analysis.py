"""Win chances from a position (issue 16, item 2; its tests, item 7): ``megamono analyse`` and
:func:`megamono.analysis.analyse`.

A playout plays the game on with the strong computer in every seat until it ends (RULES.md E1, the last
player standing; E2, the turn limit, then the highest final worth wins, a tie sharing the win). The
chances sum to 100%; a dominant position gives its owner at least 95%; relabelling the seats relabels
the figures; the number of processes changes nothing; the game and its save are never touched.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from megamono.analysis import (
    TERMINATIONS,
    analyse,
    playout,
    playout_base,
    playout_seed,
    playout_state,
    position_seed,
    wilson,
)
from megamono.bots import make_bot
from megamono.bots.schedule import computer_to_ask
from megamono.cli import main
from megamono.rules.editions import load_edition
from megamono.rules.engine import Game
from megamono.saves import load_game

from kit import last_round_lead

ROOT = Path(__file__).resolve().parents[1]
LATE = ROOT / "saves" / "examples" / "late-game.json"
CLASSIC = load_edition("classic")
HOTEL_GROUPS = ("Orange", "Red", "Yellow", "Green")  # 12 streets: every one of classic's 12 hotels


def dominant(order=("Ann", "Bob", "Cid"), turn="Bob"):
    """Classic: Ann has a hotel on every street of four groups (all 12 hotels) and $5,000; Bob and Cid
    have $20 and nothing. ``order``: the seats; ``turn``: who moves."""
    deeds = {s.name: {"owner": "Ann", "level": 5} for s in CLASSIC.spaces
             if s.kind == "street" and s.group in HOTEL_GROUPS}
    cash = {"Ann": 5000, "Bob": 20, "Cid": 20}
    doc = {"players": [{"name": n, "cash": cash[n]} for n in order], "deeds": deeds, "turn": turn, "seed": 3}
    return Game.from_position("classic", doc)


def by_name(result):
    """The figures of each player (by name), and the rest (the seats aside)."""
    players = {p.name: (p.wins, p.chance, p.low, p.high, p.worth) for p in result.players}
    return players, (result.playouts, result.endings, result.turns)


# ---------------------------------------------------------------------------- the figures
def test_wilson_interval_known_values():
    """Issue 16: the chances come with Wilson 95% intervals (a shared win as a fraction)."""
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(10, 10)
    assert high == 1 and low == pytest.approx(0.7225, abs=1e-4)
    assert wilson(2.5, 10)[0] < 0.25 < wilson(2.5, 10)[1]


def test_chances_sum_to_one_and_every_playout_ends_somehow():
    """Issue 16 item 7: the chances sum to 100%; E1/E2: each playout ends by bankruptcy or the turn limit
    (a short one here, so that both happen), final worth deciding at the end of the limit's round."""
    game = load_game(LATE)
    result = analyse(game, playouts=24, seed=11, turn_limit=8)
    assert sum(p.chance for p in result.players) == pytest.approx(1.0)
    assert sum(p.wins for p in result.players) == pytest.approx(24)
    assert sum(result.endings.values()) == 24 and set(result.endings) == set(TERMINATIONS)
    assert result.endings["turn_limit"] > 0
    assert result.last_round == game.st.turn.round + 8 and result.start_round == game.st.turn.round
    for p in result.players:
        assert 0 <= p.low <= p.chance <= p.high <= 1
        assert (p.low, p.high) == wilson(p.wins, 24)
    assert sum(result.share(k) for k in TERMINATIONS) == pytest.approx(1.0)


def test_a_dominant_position_gives_its_owner_at_least_95_percent():
    """Issue 16 item 7: one player owns every hotel, the others are nearly broke: at least 95%."""
    result = analyse(dominant(), playouts=40, seed=1, turn_limit=20)
    ann = result.players[0]
    assert ann.name == "Ann" and ann.chance >= 0.95
    assert ann.worth > 5000 and all(p.worth < 100 for p in result.players[1:])


def test_relabelling_the_seats_relabels_the_figures():
    """Issue 16 item 7: the same position with the seats relabelled (the players in other seats, the
    table's order and the player to move unchanged) gives the same figures, relabelled."""
    first = analyse(dominant(("Ann", "Bob", "Cid")), playouts=20, seed=4, turn_limit=20)
    for order in (("Cid", "Ann", "Bob"), ("Bob", "Cid", "Ann")):
        again = analyse(dominant(order), playouts=20, seed=4, turn_limit=20)
        assert [p.name for p in again.players] == list(order)
        assert by_name(again) == by_name(first)


def test_renaming_the_players_changes_nothing_but_the_names():
    """The figures follow the seats, not the names."""
    game = load_game(LATE)
    doc = game.position().model_dump(mode="json")
    new = {"Ann": "Zoe", "Bob": "Yan", "Cid": "Xia"}
    for p in doc["players"]:
        p["name"] = new[p["name"]]
    for d in doc["deeds"].values():
        d["owner"] = new[d["owner"]]
    doc["turn"] = new[doc["turn"]]
    one = analyse(Game.from_position(None, game.position()), playouts=6, seed=2, turn_limit=10)
    two = analyse(Game.from_position(None, doc), playouts=6, seed=2, turn_limit=10)
    assert [new[p.name] for p in one.players] == [p.name for p in two.players]
    assert [(p.wins, p.worth) for p in one.players] == [(p.wins, p.worth) for p in two.players]


@pytest.mark.xdist_group("serial")  # (it starts processes)
def test_the_figures_do_not_depend_on_the_number_of_processes():
    """Issue 16: ``--seed`` gives the same figures whatever ``--jobs`` is (playout i's seed is made from
    the seed and i alone)."""
    game = load_game(LATE)
    seen: list[tuple[int, int]] = []
    one = analyse(game, playouts=10, seed=7, turn_limit=10)
    two = analyse(game, playouts=10, seed=7, turn_limit=10, jobs=2, progress=lambda d, t: seen.append((d, t)))
    assert one == two
    assert seen[-1] == (10, 10) and [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert analyse(game, playouts=10, seed=8, turn_limit=10) != one


# ---------------------------------------------------------------------------- a playout
def test_a_playout_never_touches_the_game():
    """Issue 16: a playout copies the state and never touches the game."""
    game = load_game(LATE)
    before, log, history = game.st.model_dump(), len(game.st.log), list(game.history)
    analyse(game, playouts=3, seed=1, turn_limit=5)
    assert game.st.model_dump() == before and len(game.st.log) == log and game.history == history


def test_a_playout_reshuffles_the_unseen_cards_only_with_fresh_dice_and_no_script():
    """Issue 16: a fresh dice seed, scripted dice cleared, every card nobody has seen reshuffled: the cards
    drawn in the game (at the bottom of their deck, K1) keep their order; the Bus Tickets (K7) are all
    unseen; every seat is a computer's; the app's time limit does not run."""
    game = load_game(LATE)
    st = game.st
    drawn = {e.card for e in st.log if e.kind == "card"}
    unseen = playout_base(game).unseen
    for deck in ("chance", "community_chest"):
        cards = getattr(st.decks, deck)
        places = unseen[deck]
        assert places == tuple(range(len(places)))  # (the unseen cards are above the seen ones)
        assert all(c not in drawn for c in cards[:len(places)]) and all(c in drawn for c in cards[len(places):])
        assert len(places) < len(cards)
    assert unseen["bus"] == tuple(range(len(st.decks.bus)))
    game.st.script = [[1, 2, 3]]
    game.st.options.time_limit = 30
    base = playout_base(game, 10)
    game.st.script, game.st.options.time_limit = [], None
    assert base.state.script == [] and base.state.options.time_limit is None
    assert base.state.options.turn_limit == st.turn.round + 10
    assert all(p.kind == "computer" for p in base.state.players)
    assert base.state.log == [] and len(st.log) > 0
    decks = [playout_state(base, 5, i)[0].decks for i in range(2)]
    for d in decks:
        for deck in ("chance", "community_chest"):
            n = len(unseen[deck])
            assert getattr(d, deck)[n:] == getattr(st.decks, deck)[n:]
            assert sorted(getattr(d, deck)[:n]) == sorted(getattr(st.decks, deck)[:n])
    assert decks[0] != decks[1]
    assert playout_state(base, 5, 0)[0].rng != playout_state(base, 5, 1)[0].rng != st.rng
    assert playout(base, 5, 0) == playout(base, 5, 0) and playout_seed(5, 0) != playout_seed(5, 1)


def test_the_game_s_own_turn_limit_counts_when_it_is_sooner():
    """Issue 16: the playouts stop at the smaller of the game's own limit and ``turn_limit`` more rounds."""
    game = load_game(LATE)
    game.st.options.turn_limit = game.st.turn.round + 2
    result = analyse(game, playouts=4, seed=1, turn_limit=300)
    assert result.last_round == game.st.turn.round + 2
    assert result.rounds <= 3


def test_analysis_starts_from_any_state_an_auction_say():
    """Issue 16: analysis starts from any game state, not only a turn's start (here, an auction)."""
    game = Game.new("classic", ["Ann", "Bob"], seed=4, seat_order=True)
    bots = [make_bot("easy", 1), make_bot("easy", 2)]
    for _ in range(2000):
        if game.pending.kind == "bid":
            break
        p = computer_to_ask(game)
        action = bots[p].choose(game, p)
        if action.kind == "buy":  # (decline: an auction follows)
            action = next(a for a in game.legal_actions(p) if a.kind == "decline_buy")
        game.act(action)
    assert game.pending.kind == "bid"
    result = analyse(game, playouts=4, seed=1, turn_limit=5)
    assert sum(p.chance for p in result.players) == pytest.approx(1.0)


def test_a_game_over_has_its_winner_for_sure():
    """E1: a finished game's winner wins every playout."""
    from megamono.bots import play_bot_game

    game = play_bot_game("classic", ["strong", "strong"], seed=3, turn_limit=20)
    assert game.over
    result = analyse(game, playouts=3, seed=1)
    for p in result.players:
        assert p.chance == (1 / len(game.st.winners) if p.seat in game.st.winners else 0)


def test_bad_numbers_are_refused():
    game = dominant()
    for kw in ({"playouts": 0}, {"jobs": 0}, {"turn_limit": 0}):
        with pytest.raises(ValueError):
            analyse(game, **{"playouts": 1, "seed": 1, **kw})


# ---------------------------------------------------------------------------- the command line
def test_analyse_prints_the_table_writes_json_and_leaves_the_save_byte_identical(tmp_path, capsys):
    """Issue 16: ``megamono analyse SAVE`` prints each player's chance with its interval, the expected final
    worth and the endings; ``--json FILE`` writes the same; the save is byte-identical afterwards."""
    save = tmp_path / "late.json"
    shutil.copyfile(LATE, save)
    data = save.read_bytes()
    mtime = save.stat().st_mtime_ns
    out_json = tmp_path / "out.json"
    assert main(["analyse", str(save), "--playouts", "6", "--jobs", "1", "--turn-limit", "10",
                 "--json", str(out_json)]) == 0
    out = capsys.readouterr().out
    assert save.read_bytes() == data and save.stat().st_mtime_ns == mtime
    assert "Chances to win" in out and "95% interval" in out and "Endings: bankruptcy" in out and "turn limit" in out
    for name in ("Ann", "Bob", "Cid"):
        assert name in out
    doc = json.loads(out_json.read_text())
    assert doc["format"] == "megamono-analysis" and doc["playouts"] == 6
    assert doc["seed"] == position_seed(playout_base(load_game(save), 10)) and f"seed {doc['seed']}" in out
    assert [p["name"] for p in doc["players"]] == ["Cid", "Bob", "Ann"]
    assert sum(p["chance"] for p in doc["players"]) == pytest.approx(1.0)
    assert sum(doc["endings"].values()) == 6
    for p in doc["players"]:
        assert f"{p['chance']:.1%}" in out and f"${p['worth']:,.0f}" in out
    # the default seed comes from the file: the same figures again; --json - prints the JSON alone
    assert main(["analyse", str(save), "-n", "6", "-j", "1", "--turn-limit", "10", "--json", "-"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["players"] == doc["players"]
    assert "Chances to win" in captured.err


def test_analyse_a_position_file(tmp_path, capsys):
    """Issue 16: ``--position FILE`` analyses a position (README "Positions")."""
    pos = tmp_path / "pos.json"
    pos.write_text(dominant().position().model_dump_json())
    assert main(["analyse", "--position", str(pos), "-n", "5", "-j", "1", "--turn-limit", "10", "--seed", "3",
                 "--json", "-"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["seed"] == 3 and doc["players"][0]["name"] == "Ann" and doc["players"][0]["chance"] == 1.0


@pytest.mark.parametrize("argv, words", [
    (["analyse"], "give a save file or --position FILE"),
    (["analyse", "SAVE", "--position", "POS"], "give a save file or --position FILE"),
    (["analyse", "nope.json"], "no such save file"),
    (["analyse", "--position", "nope.json"], "nope.json"),
    (["analyse", "BAD"], "not a JSON file"),
    (["analyse", "SAVE", "--playouts", "0"], "--playouts must be at least 1"),
    (["analyse", "SAVE", "--jobs", "-1"], "--jobs must be 0"),
    (["analyse", "SAVE", "--turn-limit", "0"], "--turn-limit must be at least 1"),
])
def test_analyse_refuses_in_one_line(tmp_path, capsys, argv, words):
    """Refusals (a missing file, a bad save, bad numbers) are one line and a non-zero exit, no traceback."""
    save = tmp_path / "late.json"
    shutil.copyfile(LATE, save)
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    subs = {"SAVE": str(save), "BAD": str(bad), "POS": str(save), "nope.json": str(tmp_path / "nope.json")}
    assert main([subs.get(a, a) for a in argv]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("megamono: cannot analyse: ")
    assert words in captured.err and captured.err.count("\n") == 1 and "Traceback" not in captured.err


def test_an_offer_refused_before_the_position_is_not_made_again_in_the_playouts():
    """Found by a newcomer: just after Ann refused Cat's offer (Cat, a computer, gives $280 for Ann's
    Vermont Avenue), the counter-offer's "before" and "after" win chances were the same to the last
    digit: the playouts' computers, knowing nothing of the game before, made Cat's offer again at once
    and took it. The playouts' logs start with what the table knows (``Known``: the offers refused
    whose deeds have not changed since), so they know it was refused."""
    from megamono.analysis import after_trade, playout_base, playout_state
    from megamono.bots import Memory, make_bot, play_on
    from megamono.rules.actions import ProposeTrade
    from megamono.rules.engine import Game
    from megamono.rules.events import TradeOffered, TradeRefused

    game = load_game(Path(__file__).parent / "data" / "refused-offer.json")
    assert isinstance(game.st.log[-1], TradeRefused)
    refused = [e for e in game.st.log if isinstance(e, TradeOffered)][-1].offer
    base = playout_base(game)
    assert base.known is not None and refused in base.known.refused
    for i in range(5):  # the playouts' own logs: the refused offer is never made again
        st, rnd = playout_state(base, 5, i)
        bots = [make_bot("strong", rnd.getrandbits(32), Memory()) for _ in st.players]
        played = play_on(Game(base.ed, st), bots)
        again = [e for e in played.st.log if isinstance(e, TradeOffered) and e.offer == refused]
        assert not again
    counter = ProposeTrade(player=refused.partner, partner=refused.proposer, give=refused.take, take=refused.give)
    before, after = analyse(game, 60, 5), analyse(after_trade(game, counter), 60, 5)
    assert [p.chance for p in before.players] != [p.chance for p in after.players]


def test_the_leader_of_a_turn_limited_games_last_round_is_the_favourite():
    """A play-tester's review gave the leader of a five-round game 0% at the start of round 5: the
    playouts' computers traded for colour groups (Dan paid $888 for a $320 deed) as if the game went
    on. One round, the game's own last, with a $430 lead that one round's rent hardly turns."""
    game = last_round_lead(order=("Bob", "Dan", "Ann", "Cat"))  # (Dan moves before Ann: the buyer)
    result = analyse(game, playouts=40, seed=1)
    assert result.last_round == 5 and result.endings["turn_limit"] == 40 and result.rounds == 0
    chances = {p.name: p.chance for p in result.players}
    assert chances["Dan"] >= 0.85, chances
    assert [p.seat for p in result.players if p.name == "Dan"] == [1]
