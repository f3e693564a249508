"""The game review (issue 16 item 4, issue 26 item 3): each player's chance to win over a game, one
estimate per round, and the turning points, the moves of a chance that are more than the playouts'
own uncertainty, with what the player did then.

:func:`review_game` takes a game's :class:`~megamono.replay.Timeline` (the game replayed from its setup
and actions; the game itself is not touched) and makes a :class:`ReviewPoint` at the start of every
round, and at the game's end (or where it stands, for a game in progress). A point keeps only what its
playouts start from (a :class:`~megamono.analysis.Base`: the state without its log, what the table
knows), so the review's memory grows with the number of points, not with the game's log; a game of more
than :data:`MAX_POINTS` rounds gets a point every few rounds (``Review.thinned`` says so).

Every point is played on the review's one seed (``Review.seed``, shown on the screen; by default the
position seed of the game's first point, :func:`megamono.analysis.position_seed`): playout ``i`` of every
point takes its dice, cards and computers' seeds from ``(seed, i)``, as ``megamono analyse --seed`` of
that moment does, so a point's figures after ``n`` playouts are exactly ``analyse``'s with that seed and
``n``, and neighbouring points are played on common random numbers.

:meth:`Review.refine` plays :data:`FIRST` playouts at every point (a whole chart comes first), then
more, :data:`CHUNK` at a time, for every point whose 95% interval is wider than +-:data:`TARGET` for
some player, until every point is that close or the review's ``budget`` of playouts is spent (a number
of playouts, never a time: the same review on any machine). The point at a finished game's end needs no
playouts: its winners won.

:meth:`Review.turning_points` names a move of a player's chance between two neighbouring points only
where it is more than the uncertainty: the paired difference over the playouts the two points share
(:func:`paired_move`) has a 95% interval that excludes zero, and something that happened in between
involves that player (they bought, sold, traded, built, paid or were paid: :func:`involves`), which the
turning point names. Anywhere else the chances held.

No Textual here: the review screen (``megamono/tui/screens/review.py``) and ``megamono review`` show it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from megamono.analysis import (
    DEFAULT_TURN_LIMIT,
    Z95,
    Analysis,
    Base,
    Playout,
    playout_base,
    playout_chunk,
    position_seed,
    summarise,
)

if TYPE_CHECKING:
    from megamono.replay import Timeline
    from megamono.rules.engine import Game
    from megamono.rules.events_base import Event, Names

FIRST = 10
"""Playouts every point gets first, before any point gets more: a whole chart early..."""
FIRST_CHART = 300
"""... or fewer, so that the first whole chart takes at most this many playouts (at least 2 a point:
a long game's review has many points)."""
CHUNK = 10
"""Playouts a point gets at a time after the first."""
TARGET = 0.05
"""A point is played until every player's 95% interval is at most this wide either side (5 points)."""
BUDGET = 9000
"""The review's default budget, in playouts over every point: about 120 s of the quiet 2-core
development machine with both cores at work (README "The game review")."""
MAX_POINTS = FIRST_CHART // 2
"""The most points a review has (150): a longer game gets a point every few rounds (the chart says so),
so that its first whole chart, 2 playouts a point, is at most :data:`FIRST_CHART` playouts (it was 200
points: the first chart of a 7,000-round game took 400 playouts, 12 s of a busy 2-core machine). A chart
is at most as many columns wide as the terminal, 96 at 100 columns: 150 points still fill it."""
MIN_PAIRS = 10
"""The fewest playouts two neighbouring points share before a move between them may be named."""
REPORT_EVERY = 0.5
"""Seconds between two reports of :meth:`Review.refine`."""
BIG_RENT = 200
"""The smallest rent (dollars) a turning point names among what happened."""
SMALL_PAYMENT = 100
"""The smallest payment (dollars) that alone explains a turning point: a player whose chance moved
while they only paid or received less is not named (the move came from what others did)."""

_V = TypeVar("_V")

Runner = Callable[[list[tuple[Base, int, int, int]]], list[list[Playout]]]
"""Plays a list of :func:`~megamono.analysis.playout_chunk` jobs, returning their playouts in order
(in this thread by default; a process pool's ``map``: :class:`megamono.analysis.PlayoutPool`)."""


@dataclass
class ReviewPoint:
    """One point of the review: the game as it stood after ``action`` actions (``log`` events logged),
    at the start of round ``round``, or at the game's end (``end``) or where it stands now (``now``);
    ``base``: what its playouts start from; ``results``: its playouts so far (playouts ``0..n-1`` of the
    review's seed), ``figures`` their summary."""

    round: int
    action: int
    log: int
    base: Base
    end: bool = False
    now: bool = False
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

    def intervals(self) -> dict[int, tuple[float, float]] | None:
        """Seat -> the 95% interval of its chance (0 to 1); None before the first playout."""
        if self.figures is None:
            return None
        if self.end:
            return {pc.seat: (pc.chance, pc.chance) for pc in self.figures.players}
        return {pc.seat: (pc.low, pc.high) for pc in self.figures.players}

    def half_width(self) -> float:
        """The widest 95% interval of a player's chance here, half of it (1 before any playout; 0 at
        a finished game's end)."""
        if self.end and self.figures is not None:
            return 0.0
        spans = self.intervals()
        return max((high - low) / 2 for low, high in spans.values()) if spans else 1.0


@dataclass(frozen=True)
class Move:
    """How ``player``'s chance moved between two neighbouring points, from the playouts they share
    (``pairs``; the same seeds: common random numbers): ``change``, the mean of the paired
    differences, and its 95% interval ``low``-``high`` (from -1 to 1)."""

    player: int
    change: float
    low: float
    high: float
    pairs: int

    @property
    def clear(self) -> bool:
        """Whether the move is more than the uncertainty: its interval excludes zero, on at least
        :data:`MIN_PAIRS` pairs."""
        return self.pairs >= MIN_PAIRS and (self.low > 0 or self.high < 0)


@dataclass(frozen=True)
class TurningPoint:
    """A turning point: between ``before`` and ``after`` (indices of :attr:`Review.points`), during round
    ``round``, ``player``'s chance moved by ``move.change`` (from -1 to 1, with its interval);
    ``happened``: what happened then that involves the player, in the log's words (the most telling
    first; never empty)."""

    before: int
    after: int
    round: int
    player: int
    move: Move
    happened: tuple[str, ...]

    @property
    def change(self) -> float:
        """The change of the player's chance (the paired mean)."""
        return self.move.change


def _share(r: Playout, player: int) -> float:
    """``player``'s share of playout ``r``'s win: 1/k for one of ``k`` winners, else 0."""
    return 1 / len(r.winners) if player in r.winners else 0.0


def paired_move(a: ReviewPoint, b: ReviewPoint, player: int) -> Move | None:
    """How ``player``'s chance moved from point ``a`` to point ``b`` (:class:`Move`), from the playouts of
    the same index the two have played: the differences of the player's share of each pair's win, their
    mean and its 95% interval (mean +- 1.96 standard errors). A finished game's end point counts as its
    one result at every index. None before they share a playout."""
    def at(p: ReviewPoint, i: int) -> Playout:
        return p.results[0] if p.end else p.results[i]

    if not a.results or not b.results:
        return None
    lengths = [len(p.results) for p in (a, b) if not p.end]
    n = min(lengths) if lengths else 1
    diffs = [_share(at(b, i), player) - _share(at(a, i), player) for i in range(n)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    half = Z95 * math.sqrt(var / n)
    return Move(player, mean, max(-1.0, mean - half), min(1.0, mean + half), n)


@dataclass
class Review:
    """A game's review: the whole ``game`` replayed, its :attr:`points` (see the module doc), the
    ``timeline`` they come from (for the replay), the review's ``seed`` (every point's), the playouts'
    turn limit, the ``budget`` of playouts and ``thinned``: whether a long game got fewer points than
    rounds."""

    game: Game
    points: list[ReviewPoint]
    timeline: Timeline
    seed: int
    turn_limit: int = DEFAULT_TURN_LIMIT
    budget: int = BUDGET
    thinned: bool = False

    @property
    def names(self) -> list[str]:
        """The players' names, in seat order."""
        return [p.name for p in self.game.st.players]

    def played(self) -> int:
        """Playouts played so far, over every point."""
        return sum(len(p.results) for p in self.points if not p.end)

    def live_points(self) -> list[ReviewPoint]:
        """The points that take playouts (all but a finished game's end)."""
        return [p for p in self.points if not p.end]

    def settled(self, target: float = TARGET) -> bool:
        """Whether every point's every interval is at most +-``target``."""
        return all(p.half_width() <= target for p in self.points)

    def widest(self) -> float:
        """The widest interval at any point, half of it (0 to 1)."""
        return max((p.half_width() for p in self.points), default=0.0)

    def series(self) -> list[dict[int, float] | None]:
        """The chart's series: item ``r - 1`` holds the chances at the start of round ``r`` (seat -> 0
        to 1; None where there is no point, e.g. before a game started from a position, between the
        points of a long game, or before a point's first playout); a finished game's end (or a game
        in progress's "now") is the item after its last round's."""
        return self._by_round([p.chances() for p in self.points])

    def interval_series(self) -> list[dict[int, tuple[float, float]] | None]:
        """The 95% intervals of :meth:`series`, item for item (seat -> (low, high))."""
        return self._by_round([p.intervals() for p in self.points])

    def _by_round(self, values: list[_V | None]) -> list[_V | None]:
        """``values`` (one a point) placed at their rounds' items, None between them."""
        out: list[_V | None] = []
        for k, (p, v) in enumerate(zip(self.points, values, strict=True)):
            after_the_last_round = k == len(self.points) - 1 and (p.end or p.now) and out
            if not after_the_last_round:
                out.extend([None] * (p.round - 1 - len(out)))  # (rounds without a point)
            out.append(v)
        return out

    def last_label(self) -> str | None:
        """The chart's word for the last item of :meth:`series`: "end" (a finished game's result),
        "now" (where a game in progress stands, mid-round), or None (the start of a round)."""
        last = self.points[-1] if self.points else None
        return "end" if last is not None and last.end else "now" if last is not None and last.now else None

    # -- the playouts ------------------------------------------------------------------------------
    def refine(self, stop: Callable[[], bool] = lambda: False, report: Callable[[Review], None] | None = None,
               budget: int | None = None, first: int = FIRST, chunk: int = CHUNK, target: float = TARGET,
               run: Runner | None = None, batch: int = 4) -> None:
        """Play the points' playouts: ``first`` at every point (from the first round to the last; fewer
        where :data:`FIRST_CHART` says), then ``chunk`` more at a time at every point whose interval is
        wider than +-``target``, the widest first, until every point is that close, ``budget`` playouts
        are played over all points (the review's own by default; the chunk that would pass it is not
        played), or ``stop()``
        (asked between two batches of ``batch`` chunks). ``report(self)`` every :data:`REPORT_EVERY`
        seconds and at the end. ``run`` plays a batch (in this thread by default). The playouts played
        depend on the seed, the budget and the targets alone, never on the time or the processes."""
        budget = self.budget if budget is None else budget
        first = max(2, min(first, FIRST_CHART // max(1, len(self.live_points()))))
        play = run or (lambda jobs: [playout_chunk(j) for j in jobs])
        for p in self.points:
            if p.end and p.base.over is not None and not p.results:
                p.results.append(p.base.over)
                p.figures = summarise(p.base, p.results, self.seed, self.turn_limit)
        last = time.monotonic()
        played = self.played()
        stopped = False
        while not stopped:
            wanting = [(p, first) for p in self.live_points() if len(p.results) < first]
            if not wanting:  # (the first pass done: more where the intervals are wide, the widest first)
                wide = sorted((p for p in self.live_points() if p.half_width() > target),
                              key=lambda p: -p.half_width())
                wanting = [(p, len(p.results) + chunk) for p in wide]
            jobs: list[tuple[ReviewPoint, int, int]] = []
            for p, upto in wanting:
                a = len(p.results)
                if played + (upto - a) > budget:
                    break
                jobs.append((p, a, upto))
                played += upto - a
            if not jobs:
                break
            for k in range(0, len(jobs), batch):
                if stop():
                    stopped = True
                    break
                part = jobs[k:k + batch]
                found = play([(p.base, self.seed, a, upto) for p, a, upto in part])
                for (p, a, _), results in zip(part, found, strict=True):
                    assert len(p.results) == a, "a point's playouts come in order"
                    p.results.extend(results)
                    p.figures = summarise(p.base, p.results, self.seed, self.turn_limit)
                if report is not None and time.monotonic() - last >= REPORT_EVERY:
                    last = time.monotonic()
                    report(self)
        if report is not None:
            report(self)

    # -- what the figures say ----------------------------------------------------------------------
    def moves(self, k: int) -> list[Move]:
        """Every player's :class:`Move` from point ``k - 1`` to point ``k`` (empty before both have
        playouts)."""
        a, b = self.points[k - 1], self.points[k]
        out = [paired_move(a, b, p) for p in range(len(self.game.st.players))]
        return [m for m in out if m is not None]

    def turning_points(self, count: int = 5) -> list[TurningPoint]:
        """The turning points (see the module doc), the ``count`` biggest moves first: for each pair of
        neighbouring points, each player whose move is clear (:attr:`Move.clear`) and who is involved in
        something that happened in between, with what (:func:`happenings`). Empty: the chances held."""
        found: list[TurningPoint] = []
        log = self.game.st.log
        for k in range(1, len(self.points)):
            a, b = self.points[k - 1], self.points[k]
            events = log[a.log:b.log]
            for m in self.moves(k):
                if not m.clear:
                    continue
                said = happenings(events, self.game, m.player)
                if said:
                    found.append(TurningPoint(k - 1, k, a.round, m.player, m, tuple(said)))
        found.sort(key=lambda t: (-abs(t.change), t.before, t.player))
        return found[:count]


def involves(ev: Event, player: int) -> bool:
    """Whether ``ev`` is something ``player`` did with money or deeds: they paid or were paid (a cash
    event, rent, a purchase, a mortgage), bought at auction, built or sold buildings, traded, or went
    bankrupt."""
    from megamono.rules.events import Cash, TradeAccepted

    if isinstance(ev, Cash):
        return player in (ev.payer, ev.payee)
    if isinstance(ev, TradeAccepted):
        return player in (ev.offer.proposer, ev.offer.partner)
    return ev.kind in ("build", "deeds", "auction", "bankrupt", "shortage") and ev.player == player


def happenings(events: Sequence[Event], names: Names, player: int | None = None,
               big_rent: int = BIG_RENT) -> list[str]:
    """What stands out among ``events`` (a stretch of a game's log), in words with the names of
    ``names`` (the game reviewed), the most telling first: bankruptcies, trades accepted, auctions won,
    each player's building (the highest level reached, and how many builds more), then the biggest rent
    paid if it is at least ``big_rent`` dollars. With ``player``, only what involves that player
    (:func:`involves`), and when none of that stands out, their biggest payment for a deed (bought,
    built, sold, mortgaged), else their biggest rent or payment to or from another player of at least
    :data:`SMALL_PAYMENT` dollars (a salary or a card's money alone explains nothing)."""
    from megamono.rules.events import Bankrupt, Built, Cash, TradeAccepted, WinsAuction

    found: list[tuple[int, int, str]] = []
    rent: Cash | None = None
    built: dict[int, list[Built]] = {}
    for n, ev in enumerate(events):
        if player is not None and not involves(ev, player):
            continue
        if isinstance(ev, Built):
            built.setdefault(ev.player, []).append(ev)
        if isinstance(ev, Bankrupt):
            found.append((0, n, ev.say(names)))
        elif isinstance(ev, TradeAccepted):
            found.append((1, n, ev.say(names)))
        elif isinstance(ev, WinsAuction):
            found.append((2, n, ev.say(names)))
        elif isinstance(ev, Cash) and ev.rent and ev.amount >= big_rent and (rent is None or ev.amount > rent.amount):
            rent = ev
    for who, builds in built.items():
        top = max(builds, key=lambda ev: ev.level)
        more = len(builds) - 1
        found.append((3, who, top.say(names) + (f" (and {more} more build{'s' if more > 1 else ''})" if more else "")))
    if rent is not None:
        found.append((4, 0, rent.say(names)))
    if player is not None and not found:  # (else their biggest payment either way, if it is one that counts)
        paid = [ev for ev in events if isinstance(ev, Cash) and involves(ev, player) and (
            ev.deed is not None or (ev.amount >= SMALL_PAYMENT and (ev.rent or None not in (ev.payer, ev.payee))))]
        if paid:
            found.append((5, 0, max(paid, key=lambda ev: (ev.deed is not None, ev.amount)).say(names)))
    return [text for _, _, text in sorted(found)]


def review_game(game: Game, turn_limit: int = DEFAULT_TURN_LIMIT, timeline: Timeline | None = None,
                seed: int | None = None, budget: int = BUDGET, max_points: int = MAX_POINTS) -> Review:
    """The review of ``game`` (a save's game: its setup and actions; it is not changed), from its
    :class:`~megamono.replay.Timeline` (made here unless given: the replay shares it): a point at the
    start of every round (at most ``max_points``: a longer game gets one every few rounds, the first
    and last rounds always) and one at the end (or where it stands now), no playouts yet, all on
    ``seed`` (by default the position seed of the first point). ValueError if the game has no setup to
    replay it from."""
    from megamono.replay import Timeline
    from megamono.rules.engine import Game as GameClass
    from megamono.rules.positions import KnownReader

    if not isinstance(game.setup, dict):
        raise ValueError("this game has no setup to replay it from")
    if timeline is None:
        timeline = Timeline.from_game(game)
    whole = timeline.game
    log = whole.st.log
    n = timeline.length
    starts = sorted(k for r, k in timeline.round_starts.items() if not (k == n and whole.over))
    thinned = len(starts) > max(2, max_points)
    if thinned:
        m = max(2, max_points)
        starts = sorted({starts[round(i * (len(starts) - 1) / (m - 1))] for i in range(m)})
    moments = [(k, False, False) for k in starts]
    if whole.over:
        moments.append((n, True, False))
    elif not starts or starts[-1] != n:
        moments.append((n, False, True))
    reader = KnownReader()
    points = []
    for k, end, now in moments:
        moment = timeline.moment(k)
        st = whole.st if end else timeline.state_without_log(k)
        reader.read(log, moment.log_len)
        known = reader.known(st)
        at = whole if end else GameClass(whole.ed, st)
        points.append(ReviewPoint(round=moment.round, action=k, log=moment.log_len,
                                  base=playout_base(at, turn_limit, known), end=end, now=now))
    if seed is None:
        seed = position_seed(points[0].base) if points else 0
    return Review(whole, points, timeline, seed, turn_limit, budget, thinned)

