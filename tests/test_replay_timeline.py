"""Replay's timeline (issue 16 item 5, megamono/replay.py): the game after any number of its actions is
exactly the game replayed to that point (RULES.md I8), with the log of that moment; the turns and rounds
start where the game says; each action is in the core's words; reading a save for a replay never
changes it; ``megamono replay SAVE`` refuses a bad save in one line and opens the app on a good one."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from megamono.bots import play_bot_game
from megamono.cli import main
from megamono.replay import SNAPSHOT_EVERY, Timeline, action_words
from megamono.rules.actions import Bid
from megamono.rules.editions import load_edition
from megamono.rules.engine import Game
from megamono.rules.events import NamesOf
from megamono.saves import SaveError, load_game, save_game

ROOT = Path(__file__).resolve().parents[1]
LATE_GAME = ROOT / "saves" / "examples" / "late-game.json"
POSITION_GAME = ROOT / "tests" / "saves" / "v7" / "position-game.json"


def dump(game_or_state) -> tuple[dict, list[str]]:
    """A state as plain data, and its log's words (the log is not in the dump)."""
    st = getattr(game_or_state, "st", game_or_state)
    names = game_or_state if hasattr(game_or_state, "st") else NamesOf(st, load_edition(st.edition))
    return st.model_dump(mode="json"), [ev.say(names) for ev in st.log]


@pytest.fixture(scope="module")
def bot_save(tmp_path_factory) -> Path:
    """A whole game of two strong computers (seed 1), saved."""
    game = play_bot_game("mega", ["strong", "strong"], seed=1)
    assert game.over
    return save_game(game, "bots", tmp_path_factory.mktemp("replay"))


def test_every_moment_is_the_game_replayed_to_it(bot_save):
    timeline = Timeline.from_save(bot_save, every=7)  # (a short stride: many snapshots and replays on them)
    assert timeline.length > 100
    for k in range(timeline.length + 1):
        assert dump(timeline.state(k)) == dump(Game.replay(timeline.setup, timeline.history[:k])), k


def test_the_default_stride_on_a_saved_late_game_and_a_game_from_a_position():
    for path in (LATE_GAME, POSITION_GAME):
        timeline = Timeline.from_save(path)
        saved = load_game(path)
        assert timeline.history == saved.history
        assert dump(timeline.state(timeline.length)) == dump(saved)
        for k in {0, 1, SNAPSHOT_EVERY - 1, SNAPSHOT_EVERY, SNAPSHOT_EVERY + 1, timeline.length // 2}:
            if k <= timeline.length:
                game = timeline.game_at(k)
                assert game.history == saved.history[:k]
                assert dump(game) == dump(Game.replay(saved.setup, saved.history[:k])), (path.name, k)


def test_a_state_is_a_copy_of_its_own(bot_save):
    timeline = Timeline.from_save(bot_save)
    first = timeline.state(5)
    first.players[0].cash += 1000
    first.log.clear()
    assert dump(timeline.state(5)) == dump(Game.replay(timeline.setup, timeline.history[:5]))


def test_turns_and_rounds_start_where_the_game_says(bot_save):
    timeline = Timeline.from_save(bot_save)
    n = timeline.length
    turns = [timeline.moment(k).turn for k in range(n + 1)]
    rounds = [timeline.moment(k).round for k in range(n + 1)]
    assert timeline.turn_starts == [0] + [k for k in range(1, n + 1) if turns[k] != turns[k - 1]]
    assert len(timeline.turn_starts) > 20
    assert list(timeline.round_starts) == list(timeline.rounds()) and timeline.rounds().start == 1
    for r, k in timeline.round_starts.items():
        assert rounds[k] == r and (k == 0 or rounds[k - 1] == r - 1)
    assert timeline.round_start(timeline.rounds().stop) is None
    # moving by turns: forward to the next turn's start, back to this turn's start, then the one before
    starts = timeline.turn_starts
    assert timeline.next_turn(0) == starts[1]
    assert timeline.next_turn(starts[3] + 1) == starts[4]
    assert timeline.previous_turn(starts[3] + 1) == starts[3]
    assert timeline.previous_turn(starts[3]) == starts[2]
    assert timeline.previous_turn(0) == 0 and timeline.next_turn(n) == n
    moment = timeline.moment(starts[5])
    game = timeline.game_at(starts[5])
    assert (moment.turn, moment.round, moment.player) == (game.st.turn.number, game.st.turn.round,
                                                          game.st.turn.player)
    assert [ev.say(game) for ev in timeline.log(starts[5])] == [ev.say(game) for ev in game.st.log]


def test_each_action_in_the_cores_words(bot_save):
    timeline = Timeline.from_save(bot_save)
    assert timeline.action(0) is None and timeline.words(0) == "the game as it was set up"
    first = timeline.history[0]
    assert timeline.action(1) == first
    name = timeline.game.name(first.player)
    assert timeline.words(1) == f"{name}: Roll the dice"
    for k in range(1, timeline.length + 1):
        before = timeline.game_at(k - 1)
        assert timeline.words(k) == action_words(before, timeline.history[k - 1])
    bids = [k for k in range(1, timeline.length + 1) if isinstance(timeline.action(k), Bid)]
    assert bids, "the bot game has an auction"
    bid = timeline.action(bids[0])
    assert timeline.words(bids[0]) == f"{timeline.game.name(bid.player)}: Bid ${bid.amount:,}"
    assert any(": Buy " in timeline.words(k) and "($" in timeline.words(k) for k in range(1, timeline.length + 1))


def test_a_replay_leaves_the_save_byte_for_byte_as_it_was(tmp_path):
    path = tmp_path / "late.json"
    path.write_bytes(LATE_GAME.read_bytes())
    before, stat = path.read_bytes(), path.stat()
    timeline = Timeline.from_save(path)
    for k in (timeline.length, 0, 17, timeline.next_turn(17), timeline.length // 2):
        timeline.game_at(k)
    assert path.read_bytes() == before and path.stat().st_mtime_ns == stat.st_mtime_ns
    assert sorted(p.name for p in tmp_path.iterdir()) == ["late.json"]


def test_a_broken_or_foreign_save_is_refused_in_one_line(tmp_path):
    for name, text in (("foreign.json", '{"hello": 1}'), ("broken.json", "{not json")):
        path = tmp_path / name
        path.write_text(text)
        with pytest.raises(SaveError) as caught:
            Timeline.from_save(path)
        assert "\n" not in str(caught.value) and name in str(caught.value)


def test_a_step_replays_fewer_than_SNAPSHOT_EVERY_actions_on_a_long_game(monkeypatch):
    """A game of thousands of actions: any moment is a snapshot copied and fewer than SNAPSHOT_EVERY
    actions replayed on it, whatever the game's length (about a millisecond a step on the development
    machine: the speed is the analysis benchmark's to measure, tests/bench/analysis.py), and the state
    is that of the game replayed from the start."""
    game = play_bot_game("mega", ["easy"] * 8, seed=6, turn_limit=500)
    assert len(game.history) > 4000
    timeline = Timeline.from_game(game)
    acted: list[object] = []
    act = Game.act

    def counted(self, action):
        acted.append(action)
        return act(self, action)

    moments = random.Random(1).sample(range(timeline.length + 1), 100)
    monkeypatch.setattr(Game, "act", counted)
    for k in moments:
        acted.clear()
        timeline.state(k)
        assert len(acted) < SNAPSHOT_EVERY and len(acted) == k % SNAPSHOT_EVERY
    monkeypatch.undo()
    for k in moments[:3]:
        assert timeline.state(k) == Game.replay(game.setup, game.history[:k]).st


# -- the command line -----------------------------------------------------------------------------------
def test_replay_of_a_broken_save_exits_1_with_the_reason_and_leaves_it_alone(capsys, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "megamono-save", "version": 7}')
    before = path.read_bytes()
    assert main(["--saves", str(tmp_path), "replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"megamono: cannot replay: {path}: ") and err.count("\n") == 1
    assert path.read_bytes() == before
    assert main(["replay", str(tmp_path / "missing.json")]) == 1
    assert "cannot replay" in capsys.readouterr().err


def test_replay_opens_the_app_on_the_saves_timeline(monkeypatch, tmp_path):
    import megamono.tui.app

    seen = {}

    def run_app(args):
        seen["args"] = args
        return 0

    monkeypatch.setattr(megamono.tui.app, "run_app", run_app)
    assert main(["replay", str(LATE_GAME), "--saves", str(tmp_path)]) == 0
    args = seen["args"]
    assert args.command == "replay" and args.save == LATE_GAME
    assert args.timeline.history == load_game(LATE_GAME).history
