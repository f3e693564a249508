"""A saved game as a timeline to step through (issue 16 item 5, README "Replay"); no screen here.

A game replays exactly from its setup and its actions (RULES.md I8, :meth:`Game.replay`), so the
game as it was after any number ``k`` of its actions (``0 <= k <= n``, ``n`` the number of actions)
is one replay away. :class:`Timeline` replays the game once when it is made and keeps:

- a copy of the state every :data:`SNAPSHOT_EVERY` actions (without the log, which only grows: the
  log after ``k`` actions is the first ``log_len(k)`` events of the whole game's log), so that the
  state after ``k`` actions is a copy of the nearest snapshot at or before ``k`` and at most
  ``SNAPSHOT_EVERY - 1`` actions replayed on it: about a millisecond on the development machine,
  whatever the game's length (a bot game of 5,104 actions is read in about 0.3 s);
- for every ``k``: the turn number, the round and whose turn it is, and the number of log events;
- the words of each action (:func:`~megamono.rules.texts.action_text`, the core's one place for
  them, read on the game as it was just before the action: "Ann: Buy Baltic Avenue ($60)");
- the action indices where each turn and each round starts.

Nothing here writes anything: :meth:`Timeline.from_save` only reads the save
(:func:`~megamono.saves.load_save`), so a replay leaves the file byte for byte as it was.
"""

from __future__ import annotations

import bisect
import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from megamono.rules.actions import Action, Bid, ProposeTrade
from megamono.rules.engine import Game
from megamono.rules.events import Event
from megamono.rules.state import GameState
from megamono.rules.texts import action_text

SNAPSHOT_EVERY = 32
"""A copy of the state is kept every this many actions (a step replays fewer than this many)."""


@dataclass(frozen=True)
class Moment:
    """Where the game stood after ``k`` actions: turn ``turn`` (numbered from 1), round ``round``
    (from 1), whose turn it was (``player``, a seat) and how many log events there were (``log_len``)."""

    turn: int
    round: int
    player: int
    log_len: int


def action_words(game: Game, action: Action) -> str:
    """``action`` in words, read on ``game`` as it stands just before the action (the full words
    of :func:`~megamono.rules.texts.action_text`, with the player's name first): "Ann: Buy Baltic
    Avenue ($60)". A bid says its amount only (the full words describe the bid the dialog offers);
    a proposed trade says what it offers."""
    who = game.name(action.player)
    if isinstance(action, Bid):
        return f"{who}: Bid ${action.amount:,}"
    try:
        words = action_text(game, action)
        if isinstance(action, ProposeTrade):
            words += f": {game.describe_trade(action.offer())}"
    except Exception:  # noqa: BLE001 - words are never worth failing a replay for
        words = action_text(game, action, brief=True)
    return f"{who}: {words}"


class Timeline:
    """A game's every moment, from its ``setup`` and its ``actions`` (``Game.replay``'s arguments).

    ``length`` is ``n``, the number of actions; a moment is a whole number ``k``, ``0 <= k <= n``:
    the game after its first ``k`` actions (0: as it was set up, the first turn waiting; ``n``: as
    it was saved). Raises what ``Game.replay`` raises for actions that do not replay
    (:meth:`from_save` checks the save first).
    """

    def __init__(self, setup: Mapping[str, Any], actions: Sequence[Action], every: int = SNAPSHOT_EVERY) -> None:
        self.setup: dict[str, Any] = dict(setup)
        self.history: list[Action] = list(actions)
        self.every = max(1, every)
        game = Game.replay(self.setup, [])
        self.game = game
        """The whole game, replayed to its end (the events of every moment's log are its log's)."""
        self._snapshots: list[GameState] = []
        self._moments: list[Moment] = []
        self._words: list[str] = []
        for k, action in enumerate(self.history):
            self._note(game, k)
            self._words.append(action_words(game, action))
            game.act(action)
        self._note(game, len(self.history))
        self.turn_starts: list[int] = [k for k, m in enumerate(self._moments)
                                       if k == 0 or m.turn != self._moments[k - 1].turn]
        """The moments where a turn starts (the first moment of each turn number), in order; 0 first."""
        self.round_starts: dict[int, int] = {}
        """Round number -> the first moment of that round."""
        for k, m in enumerate(self._moments):
            self.round_starts.setdefault(m.round, k)

    def _note(self, game: Game, k: int) -> None:
        st = game.st
        if k % self.every == 0:
            self._snapshots.append(st.copy(log=False))
        self._moments.append(Moment(turn=st.turn.number, round=st.turn.round, player=st.turn.player,
                                    log_len=len(st.log)))

    @classmethod
    def from_game(cls, game: Game, every: int = SNAPSHOT_EVERY) -> Timeline:
        """The timeline of ``game`` (its setup and history; the game itself is left alone)."""
        return cls(game.setup, game.history, every)

    @classmethod
    def from_save(cls, path: Path, every: int = SNAPSHOT_EVERY, name: str | None = None) -> Timeline:
        """The timeline of the save at ``path``, checked as loading it for play checks it
        (:func:`~megamono.saves.load_save`: a broken or foreign file raises its one-line
        ``SaveError``, naming the file by ``name`` or its file name). The file is only read."""
        from megamono.saves import load_save

        loaded = load_save(Path(path), name=name)
        return cls.from_game(loaded.game, every)

    # -- the moments ------------------------------------------------------------------------------
    @property
    def length(self) -> int:
        """``n``: the number of actions (the last moment)."""
        return len(self.history)

    def clamp(self, k: int) -> int:
        """``k`` brought into ``0..n``."""
        return max(0, min(self.length, k))

    def moment(self, k: int) -> Moment:
        """Turn, round, whose turn and log length after ``k`` actions."""
        return self._moments[self.clamp(k)]

    def log(self, k: int) -> list[Event]:
        """The log after ``k`` actions (a new list of the whole game's events, oldest first)."""
        return self.game.st.log[: self.moment(k).log_len]

    def state(self, k: int) -> GameState:
        """A new copy of the state after ``k`` actions (log included): the nearest snapshot at or
        before ``k`` copied, and the actions after it replayed on the copy."""
        return self._replayed(self.clamp(k)).st

    def state_without_log(self, k: int) -> GameState:
        """A new copy of the state after ``k`` actions with an empty log (what the playouts start from
        needs no log: the review reads the whole game's log once). Quicker and smaller than
        :meth:`state`: the log of a long game is the most of it."""
        k = self.clamp(k)
        s = k // self.every
        game = Game(self.game.ed, self._snapshots[s].copy(log=False))
        for action in self.history[s * self.every:k]:
            game.act(action)
        game.st.log = []
        return game.st

    def game_at(self, k: int) -> Game:
        """A new :class:`Game` as it was after ``k`` actions, its history the first ``k`` actions."""
        return self._replayed(self.clamp(k))

    def _replayed(self, k: int) -> Game:
        s = k // self.every
        base = s * self.every
        st = self._snapshots[s].copy(log=False)
        st.log = self.log(base)
        game = Game(self.game.ed, st, copy.deepcopy(self.setup), self.history[:base])
        for action in self.history[base:k]:
            game.act(action)
        return game

    def action(self, k: int) -> Action | None:
        """The action that led to moment ``k`` (the ``k``-th, counted from 1); None at moment 0."""
        k = self.clamp(k)
        return self.history[k - 1] if k else None

    def words(self, k: int) -> str:
        """The action that led to moment ``k`` in words ("Ann: Buy Baltic Avenue ($60)"); at moment 0,
        "the game as it was set up"."""
        k = self.clamp(k)
        return self._words[k - 1] if k else "the game as it was set up"

    # -- moving about -------------------------------------------------------------------------------
    def next_turn(self, k: int) -> int:
        """The first moment of the next turn after moment ``k`` (``n`` when none follows)."""
        i = bisect.bisect_right(self.turn_starts, k)
        return self.turn_starts[i] if i < len(self.turn_starts) else self.length

    def previous_turn(self, k: int) -> int:
        """The start of the turn under way at moment ``k`` when ``k`` is past it, else the start of
        the turn before (0 at the first)."""
        i = bisect.bisect_left(self.turn_starts, k)
        return self.turn_starts[i - 1] if i > 0 else 0

    def rounds(self) -> range:
        """The round numbers the game went through (from its first moment's to its last's)."""
        return range(self._moments[0].round, self._moments[-1].round + 1)

    def round_start(self, r: int) -> int | None:
        """The first moment of round ``r``, or None when the game has no round ``r``."""
        return self.round_starts.get(r)
