"""A game's history as numbers: each player's net worth at every turn end, rent paid and received,
and the spaces landed on most. The app's sparklines and the game-over screen read them.

Nothing here changes the rules core or asks it for more than its public API:

- ``Game.final_worth(p)`` (E2 final worth) is each player's net worth; a bankrupt player is worth 0;
- ``Game.replay(setup, history)``'s steps, i.e. ``Game.replay(setup, [])`` then ``act`` per action, rebuild
  the worth samples of the turns played before the app opened the game (a resumed save);
- ``game.st.log`` (the events, :mod:`megamono.rules.events`): :class:`Cash` events that are ``rent``
  with a player on both sides; :class:`Moved` and :class:`MovedBack` events carry the space moved to
  (a landing).

:func:`stats_for` keeps one :class:`GameStats` per game object; the game screen calls
:meth:`GameStats.observe` after every action so the samples grow as the game is played (an undo is
noticed by the shorter history and log and drops what came after it).
"""

from __future__ import annotations

import weakref
from collections import Counter
from dataclasses import dataclass, field

from megamono.rules.engine import Game
from megamono.rules.events import Cash, Moved, MovedBack


@dataclass
class Sample:
    """Net worth of every seat when ``turn`` had been played (turn 0: the start)."""

    turn: int
    actions: int
    """How many actions of the history had been applied: an undo below it drops the sample."""
    worth: list[int]


@dataclass
class GameStats:
    """Samples of net worth per turn, and counters read from the log."""

    game: Game
    samples: list[Sample] = field(default_factory=list)
    rent_paid: Counter = field(default_factory=Counter)
    rent_received: Counter = field(default_factory=Counter)
    landings: Counter = field(default_factory=Counter)
    _log_seen: int = 0
    _built: bool = False

    # -- net worth ---------------------------------------------------------------------------------
    @staticmethod
    def worth_now(game: Game) -> list[int]:
        return [0 if pl.bankrupt else game.final_worth(p) for p, pl in enumerate(game.st.players)]

    def build(self) -> None:
        """Rebuild the samples of every turn so far by replaying the game's actions (I8)."""
        g = self.game
        self.samples = []
        history = list(g.history)
        try:
            replay = Game.replay(g.setup, [])
        except Exception:  # noqa: BLE001 - a game without a usable setup: start from now
            self.samples = [Sample(g.st.turn.number, len(history), self.worth_now(g))]
            self._built = True
            return
        self.samples.append(Sample(0, 0, self.worth_now(replay)))
        turn = replay.st.turn.number
        for k, a in enumerate(history, 1):
            try:
                replay.act(a)
            except Exception:  # noqa: BLE001 - never let statistics stop the game
                break
            if replay.st.turn.number != turn or replay.over:
                turn = replay.st.turn.number
                self._add(Sample(turn - (0 if replay.over else 1), k, self.worth_now(replay)))
        self._built = True
        self.observe()

    def take_samples(self, samples: list[Sample]) -> None:
        """Take ``samples`` as the samples so far, without replaying: a replay's view of a game
        (:mod:`megamono.tui.screens.replay`) gives the whole game's samples up to the moment shown."""
        self.samples = list(samples)
        self._built = True

    def _add(self, s: Sample) -> None:
        if self.samples and self.samples[-1].turn == s.turn:
            self.samples[-1] = s
        else:
            self.samples.append(s)

    def observe(self) -> None:
        """Bring the samples and counters up to date with the game (cheap; call after every action)."""
        g = self.game
        if not self._built:
            self.build()
            return
        n = len(g.history)
        while self.samples and self.samples[-1].actions > n:  # undone
            self.samples.pop()
        last = self.samples[-1] if self.samples else None
        if last is None or g.over or g.st.turn.number - 1 > last.turn:
            self._add(Sample(g.st.turn.number - (0 if g.over else 1), n, self.worth_now(g)))
        self._read_log()

    # -- the log -----------------------------------------------------------------------------------
    def _read_log(self) -> None:
        log = self.game.st.log
        if len(log) < self._log_seen:  # an undo shortened it: count again
            self.rent_paid.clear()
            self.rent_received.clear()
            self.landings.clear()
            self._log_seen = 0
        for ev in log[self._log_seen:]:
            if isinstance(ev, Cash):
                if ev.rent and ev.payer is not None and ev.payee is not None:
                    self.rent_paid[ev.payer] += ev.amount
                    self.rent_received[ev.payee] += ev.amount
            elif isinstance(ev, (Moved, MovedBack)):
                self.landings[ev.space] += 1
        self._log_seen = len(log)

    # -- for the views -----------------------------------------------------------------------------
    def series(self, p: int) -> list[int]:
        """Seat ``p``'s net worth at the start and after every turn (bankrupt: 0)."""
        return [s.worth[p] for s in self.samples if p < len(s.worth)]

    def most_landed(self, n: int = 5) -> list[tuple[int, int]]:
        """(space, landings) of the ``n`` spaces landed on most, most first (ties by board order)."""
        return sorted(self.landings.items(), key=lambda kv: (-kv[1], kv[0]))[:n]

    def peak(self, p: int) -> tuple[int, int]:
        """(highest worth, turn when reached) of seat ``p``."""
        best = max(self.samples, key=lambda s: s.worth[p])
        return best.worth[p], best.turn


_CACHE: weakref.WeakKeyDictionary[Game, GameStats] = weakref.WeakKeyDictionary()


def stats_for(game: Game, build: bool = True) -> GameStats:
    """The :class:`GameStats` of ``game`` (one per game object, kept up to date by :meth:`observe`)."""
    stats = _CACHE.get(game)
    if stats is None:
        stats = GameStats(game)
        _CACHE[game] = stats
    if build:
        stats.observe()
    return stats


# -- a chart of everyone's net worth, on one scale ---------------------------------------------------
BARS = " ▁▂▃▄▅▆▇█"


def columns(values: list[int], width: int) -> list[int]:
    """``values`` fitted to ``width`` columns: squeezed (each column shows the last value of its
    stretch of turns) or widened (each value repeated, so a short game still fills the chart)."""
    if not values:
        return []
    if len(values) <= width:
        return [values[c * len(values) // width] for c in range(width)]
    out = []
    for c in range(width):
        end = (c + 1) * len(values) // width
        out.append(values[max(end - 1, 0)])
    return out


def bar_rows(values: list[int], low: int, high: int, height: int) -> list[str]:
    """Vertical bars of ``values`` on the scale ``low``..``high`` (a value at ``low`` still shows
    the smallest bar; a value of 0 none), ``height`` text rows, top row first."""
    levels = height * 8
    span = max(high - low, 1)
    cells = [0 if v <= 0 else max(1, 1 + round((v - low) / span * (levels - 1))) for v in values]
    rows = []
    for r in range(height - 1, -1, -1):
        rows.append("".join(BARS[max(0, min(8, c - 8 * r))] for c in cells))
    return rows
