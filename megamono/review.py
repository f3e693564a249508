"""The game review (issue 16 item 4): each player's chance to win over a game, one estimate per round, and
the turning points, the rounds where a chance moved most, with what happened in them.

:func:`review_game` takes a game's :class:`~megamono.replay.Timeline` (the game replayed from its setup
and actions; the game itself is not touched) and a copy of the game at the start of every round, and at
its end (or where it stands, for a game in progress): the review's :class:`ReviewPoint` objects.
:meth:`Review.refine` estimates every point's win chances by playouts of :mod:`megamono.analysis` (the
strong computer in every seat), in passes: a few playouts for every point first (:data:`PASSES`), so a
whole chart comes early, then more for every point, up to the last pass. The point at a finished game's
end needs no playouts: its winners won.

:meth:`Review.turning_points` names the rounds where a player's chance moved most between the start of
that round and the next point, with what happened in between, read from the typed events of the log:
trades accepted, auctions won, bankruptcies, the biggest rent paid (:func:`happenings`).

No Textual here: the review screen (``megamono/tui/screens/review.py``) and ``megamono review`` show it.
Every point's playouts take their seed from the game's seed and the number of actions before the point,
so a save's review gives the same figures every time.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from megamono.analysis import (
    DEFAULT_TURN_LIMIT,
    Analysis,
    Base,
    Playout,
    derived_seed,
    playout_base,
    playout_chunk,
    summarise,
)

if TYPE_CHECKING:
    from megamono.replay import Timeline
    from megamono.rules.engine import Game
    from megamono.rules.events_base import Event

PASSES = (10, 25, 50, 100)
"""Playouts per point after each pass of :meth:`Review.refine`: the first gives a whole chart quickly."""
REPORT_EVERY = 0.5
"""Seconds between two reports of :meth:`Review.refine`."""
BIG_RENT = 200
"""The smallest rent (dollars) a turning point names among what happened."""


@dataclass
class ReviewPoint:
    """One point of the review: the game as it stood after ``action`` actions (``log`` events logged),
    at the start of round ``round``, or at the game's end (``end``) or where it stands now (``now``);
    ``game``: a copy at that moment; ``results``: its playouts so far, ``figures`` their summary."""

    round: int
    action: int
    log: int
    game: Game
    seed: int
    end: bool = False
    now: bool = False
    base: Base | None = None
    results: list[Playout] = field(default_factory=list)
    figures: Analysis | None = None

    @property
    def label(self) -> str:
        """``round 12``, ``end`` or ``now``."""
        return "end" if self.end else "now" if self.now else f"round {self.round}"

    def chances(self) -> dict[int, float] | None:
        """Seat -> win chance (0 to 1) at this point; None before its first playout."""
        if self.figures is None:
            return None
        return {pc.seat: pc.chance for pc in self.figures.players}


@dataclass(frozen=True)
class TurningPoint:
    """A turning point: between ``before`` and ``after`` (indices of :attr:`Review.points`), during round
    ``round``, ``player``'s chance moved by ``change`` (from -1 to 1); ``happened``: what happened then,
    in the log's words (the most telling first; empty if nothing stands out)."""

    before: int
    after: int
    round: int
    player: int
    change: float
    happened: tuple[str, ...]


@dataclass
class Review:
    """A game's review: the whole ``game`` replayed, its :attr:`points` (see the module doc), the
    ``timeline`` they come from (for the replay) and the playouts' turn limit."""

    game: Game
    points: list[ReviewPoint]
    timeline: Timeline
    turn_limit: int = DEFAULT_TURN_LIMIT

    @property
    def names(self) -> list[str]:
        """The players' names, in seat order."""
        return [p.name for p in self.game.st.players]

    def played(self) -> int:
        """Playouts played so far, over every point."""
        return sum(len(p.results) for p in self.points if not p.end)

    def total(self, upto: int = PASSES[-1]) -> int:
        """Playouts of the whole review at ``upto`` a point."""
        return upto * sum(1 for p in self.points if not p.end)

    def series(self) -> list[dict[int, float] | None]:
        """The chart's series: item ``r - 1`` holds the chances at the start of round ``r`` (seat -> 0
        to 1; None before the first point, e.g. a game started from a position, or before its first
        playout); a finished game's end is the item after its last round's."""
        first = self.points[0].round if self.points else 1
        return [None] * (first - 1) + [p.chances() for p in self.points]

    def last_label(self) -> str | None:
        """The chart's word for the last item of :meth:`series`: "end" (a finished game's result),
        "now" (where a game in progress stands, mid-round), or None (the start of a round)."""
        last = self.points[-1] if self.points else None
        return "end" if last is not None and last.end else "now" if last is not None and last.now else None

    # -- the playouts ------------------------------------------------------------------------------
    def refine(self, stop: Callable[[], bool] = lambda: False, report: Callable[[Review], None] | None = None,
               passes: Sequence[int] = PASSES, chunk: int = 10) -> None:
        """Play every point's playouts, in ``passes`` (a pass brings every point up to that many, from the
        first round to the last), until the last pass or ``stop()`` (asked between two chunks of
        ``chunk`` playouts); ``report(self)`` every :data:`REPORT_EVERY` seconds and at the end. One
        process (the app's worker thread runs it; a quick review needs no more, see
        ``tests/bench/review.py``). Safe in a worker thread: it plays on the copies only."""
        for p in self.points:
            if p.base is None:
                p.base = playout_base(p.game, self.turn_limit)
            if p.end and p.base.over is not None and not p.results:
                p.results.append(p.base.over)
                p.figures = summarise(p.game, p.base, p.results, p.seed, self.turn_limit)
        last = time.monotonic()
        for target in passes:
            for p in self.points:
                while not p.end and len(p.results) < target:
                    if stop():
                        break
                    assert p.base is not None
                    a = len(p.results)
                    p.results.extend(playout_chunk((p.base, p.seed, a, min(a + chunk, target))))
                    p.figures = summarise(p.game, p.base, p.results, p.seed, self.turn_limit)
                    if report is not None and time.monotonic() - last >= REPORT_EVERY:
                        last = time.monotonic()
                        report(self)
            if stop():
                break
        if report is not None:
            report(self)

    def passes_done(self, passes: Sequence[int] = PASSES) -> int:
        """How many of ``passes`` every point has had."""
        least = min((len(p.results) for p in self.points if not p.end), default=passes[-1])
        return sum(1 for target in passes if least >= target)

    # -- what the figures say ----------------------------------------------------------------------
    def turning_points(self, count: int = 5) -> list[TurningPoint]:
        """The ``count`` biggest moves of one player's chance between two points in a row (the biggest
        first; one per pair of points), each with what happened in between (:func:`happenings`)."""
        moves: list[TurningPoint] = []
        for k in range(1, len(self.points)):
            a, b = self.points[k - 1].chances(), self.points[k].chances()
            if a is None or b is None:
                continue
            player = max(a, key=lambda p: (abs(b[p] - a[p]), -p))
            events = self.game.st.log[self.points[k - 1].log:self.points[k].log]
            moves.append(TurningPoint(k - 1, k, self.points[k - 1].round, player, b[player] - a[player],
                                      tuple(happenings(events))))
        moves.sort(key=lambda m: (-abs(m.change), m.before))
        return moves[:count]


def happenings(events: Sequence[Event], big_rent: int = BIG_RENT) -> list[str]:
    """What stands out among ``events`` (a stretch of a game's log), in its words, the most telling
    first: bankruptcies, trades accepted, auctions won, each player's building (the highest level
    reached, and how many builds more), then the biggest rent paid if it is at least ``big_rent``
    dollars."""
    from megamono.rules.events import Bankrupt, Built, Cash, TradeAccepted, WinsAuction

    found: list[tuple[int, int, str]] = []
    rent: Cash | None = None
    built: dict[int, list[Built]] = {}
    for n, ev in enumerate(events):
        if isinstance(ev, Built):
            built.setdefault(ev.player, []).append(ev)
        if isinstance(ev, Bankrupt):
            found.append((0, n, ev.text))
        elif isinstance(ev, TradeAccepted):
            found.append((1, n, ev.text))
        elif isinstance(ev, WinsAuction):
            found.append((2, n, ev.text))
        elif isinstance(ev, Cash) and ev.rent and ev.amount >= big_rent and (rent is None or ev.amount > rent.amount):
            rent = ev
    for player, builds in built.items():
        top = max(builds, key=lambda ev: ev.level)
        more = len(builds) - 1
        found.append((3, player, top.text + (f" (and {more} more build{'s' if more > 1 else ''})" if more else "")))
    if rent is not None:
        found.append((4, 0, rent.text))
    return [text for _, _, text in sorted(found)]


def review_game(game: Game, turn_limit: int = DEFAULT_TURN_LIMIT, timeline: Timeline | None = None) -> Review:
    """The review of ``game`` (a save's game: its setup and actions; it is not changed), from its
    :class:`~megamono.replay.Timeline` (made here unless given: the replay shares it): a point at the
    start of every round and one at the end (or where it stands now), no playouts yet. ValueError if
    the game has no setup to replay it from."""
    from megamono.replay import Timeline

    if not isinstance(game.setup, dict):
        raise ValueError("this game has no setup to replay it from")
    if timeline is None:
        timeline = Timeline.from_game(game)
    seed = game.setup.get("seed")
    whole = timeline.game
    n = timeline.length

    def point(k: int, end: bool = False, now: bool = False) -> ReviewPoint:
        at = timeline.game_at(k)
        return ReviewPoint(round=at.st.turn.round, action=k, log=len(at.st.log), game=at,
                           seed=derived_seed(f"megamono-review/{seed}/{k}".encode()), end=end, now=now)

    starts = sorted(k for r, k in timeline.round_starts.items() if not (k == n and whole.over))
    points = [point(k) for k in starts]
    if whole.over:
        points.append(point(n, end=True))
    elif not points or points[-1].action != n:
        points.append(point(n, now=True))
    return Review(whole, points, timeline, turn_limit)
