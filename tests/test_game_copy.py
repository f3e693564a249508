"""One game copy, in the core (issue 26 item 1): ``Game.copy`` (and ``GameState.copy``, which it and undo
use) shares nothing that can change with the original, from any thread; events are plain values that
hold no game, whose words are made from the names the reader passes in."""

from __future__ import annotations

import dataclasses
import threading

from megamono.bots import make_bot, play_bot_game, play_on
from megamono.rules.engine import Game
from megamono.rules.events import Event
from megamono.rules.invariants import check_state

IMMUTABLE = (int, float, str, bool, bytes, type(None), tuple, frozenset)


def mutable_ids(obj: object, seen: dict[int, object] | None = None) -> dict[int, object]:
    """Every mutable object reachable from ``obj`` (lists, dicts, sets, record objects), by id; the
    log's events are left out (values shared by design, checked apart)."""
    seen = {} if seen is None else seen
    if isinstance(obj, IMMUTABLE) or isinstance(obj, Event) or id(obj) in seen:
        return seen
    seen[id(obj)] = obj
    if isinstance(obj, dict):
        for k, v in obj.items():
            mutable_ids(k, seen)
            mutable_ids(v, seen)
    elif isinstance(obj, (list, set)):
        for v in obj:
            mutable_ids(v, seen)
    elif dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            mutable_ids(getattr(obj, f.name), seen)
    return seen


def mid_game(seed: int = 3) -> Game:
    """A 4-player strong-bot Mega game of 12 rounds, half played (a trade, an auction or two behind it)."""
    whole = play_bot_game("mega", ["strong"] * 4, seed, turn_limit=12)
    return Game.replay(whole.setup, whole.history[: len(whole.history) // 2])


def play_some(game: Game, actions: int) -> None:
    """Play ``actions`` actions of ``game`` with strong computers in every seat (or to its end)."""
    bots = [make_bot("strong", k) for k in range(len(game.st.players))]
    for _ in range(actions):
        if game.over:
            return
        p = game.pending.player
        game.act(bots[p].choose(game, p))


def test_a_copy_shares_nothing_that_can_change_with_its_original():
    game = mid_game()
    copy = game.copy()
    frozen_actions = {id(a) for a in game.history}  # (actions are frozen values)
    mine = mutable_ids(game.st) | mutable_ids(game.setup) | {id(game.history): game.history}
    theirs = mutable_ids(copy.st) | mutable_ids(copy.setup) | {id(copy.history): copy.history}
    shared = {k for k in mine.keys() & theirs.keys() if k not in frozen_actions}
    assert not shared, [type(mine[k]).__name__ for k in shared][:10]
    assert copy.st.log == game.st.log and copy.st.log is not game.st.log
    assert copy.ed is game.ed  # (the edition is read only)


def test_a_copy_played_on_leaves_the_original_and_every_event_of_its_log_as_they_were():
    game = mid_game()
    before = game.to_json()
    events = [ev.model_dump() for ev in game.st.log]
    words = [ev.say(game) for ev in game.st.log]
    copy = game.copy()
    play_on(copy, [make_bot("strong", k) for k in range(4)])
    copy.st.players[0].name = "Changed"  # (a copy's names are its own)
    assert copy.over and len(copy.st.log) > len(events)
    assert game.to_json() == before
    assert [ev.model_dump() for ev in game.st.log] == events
    assert [ev.say(game) for ev in game.st.log] == words  # (an event's words come from the reader's names)


def test_events_hold_no_game():
    game = mid_game()
    for ev in game.st.log[:200]:
        held = [getattr(ev, f.name) for f in dataclasses.fields(ev)]
        assert not any(isinstance(v, Game) for v in held)
        assert not hasattr(ev, "__dict__")  # (slotted: nothing can be hung on an event)


def test_a_copy_made_in_a_thread_while_the_game_plays_on_is_a_whole_moment_of_it():
    """A worker thread copies the game again and again while the main thread plays it on: every copy
    is the game as it stood between two actions (its state is the replay of its own actions, and
    sound), and the original ends as a game played without copies does."""
    game = Game.replay(mid_game(5).setup, [])
    alone = Game.replay(game.setup, [])
    copies: list[Game] = []
    done = threading.Event()

    def copy_on() -> None:
        while not done.is_set():
            copies.append(game.copy())

    worker = threading.Thread(target=copy_on)
    worker.start()
    try:
        play_some(game, 400)
    finally:
        done.set()
        worker.join()
    play_some(alone, 400)
    assert game.to_json() == alone.to_json()
    assert len(copies) > 5
    for copy in copies[:: max(1, len(copies) // 12)]:
        again = Game.replay(copy.setup, copy.history)
        assert copy.st.model_dump(mode="json") == again.st.model_dump(mode="json")
        assert check_state(copy.ed, copy.st) == []


def test_undo_keeps_copies_of_the_state_that_share_nothing_with_it():
    game = Game.new("mega", ["Ann", "Bob"], seed=1, dice=[(1, 2, 3)])
    game.keep_undo = True
    from megamono.rules.actions import parse_action

    game.act(parse_action({"kind": "roll", "player": game.pending.player}))
    legal = [a for a in game.legal_actions() if a.kind in ("buy", "decline")]
    if legal:
        game.act(legal[0])
        kept = game._undo[-1][0]
        assert not (mutable_ids(kept).keys() & mutable_ids(game.st).keys())
