"""Each player's chance to win from a game's position, by playouts (issue 16, item 2): the one engine of
``megamono analyse`` (its command line: :mod:`megamono.analyse_cli`), the app's win chances, the review and
the expert computer player (:func:`weigh`).

:func:`analyse` plays the game on to its end ``playouts`` times from where it stands, with the strong
computer player in every seat, and sums up: each player's share of the wins (a shared win, E2's tie,
counts ``1/k`` for each of its ``k`` winners) with a Wilson 95% interval (:func:`wilson`), each player's
expected final worth at the end (E2's final worth, :func:`megamono.rules.endgame.final_worth`; 0 for a
player gone bankrupt), and how the playouts ended (RULES.md E1 last player standing, E2 turn limit...).

A playout (:func:`playout`) never touches the game: it plays on a copy of the state (the log's events
shared, in a list of its own), in which

- the dice take a fresh seed and scripted throws are dropped;
- every card nobody has seen is reshuffled: in the Chance and Community Chest decks the cards never
  drawn in this game (a drawn card goes to the bottom of its deck, K1, where everyone saw it go, as does
  a Get Out of Jail Free card used or given back: the order of those is known and kept), and the whole
  Bus Ticket deck (a ticket taken never comes back, K7);
- every seat is played by the strong computer player, whatever it was; the copy logs on after the
  game's own log, so the computers know what the log tells them, as the app's computers do: an offer
  refused before the position is not made again in the playouts (a counter-offer's "before" figures
  once counted Cat's refused offer made again and accepted at once, the same as "after");
- the game ends by final worth at the end of round ``current + turn_limit`` at the latest, or at the
  game's own ``turn_limit`` option's round if that comes first (E2); the app's ``time_limit`` clock does
  not run (a time already up still ends the game when its round ends).

Playout ``i`` takes everything random (dice, card order, the bots' own choices) from ``(seed, i)`` alone
(:func:`playout_seed`), so the figures are the same whatever the number of processes. The game may stand
anywhere: at a turn's start, in an auction, in debt...

This module imports nothing heavy at import time (the command line loads it to add its options) and never
Rich (the computer players use it); the rules core and the bots are imported when a playout runs.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

    from megamono.rules.actions import ProposeTrade
    from megamono.rules.editions import Edition
    from megamono.rules.engine import Game
    from megamono.rules.events import Known
    from megamono.rules.state import GameState

DEFAULT_PLAYOUTS = 1000
DEFAULT_TURN_LIMIT = 300
"""Rounds a playout may run beyond the current one before final worth decides (E2)."""

Z95 = 1.959963984540054
"""The standard normal quantile of 97.5%: a two-sided 95% interval."""

TERMINATIONS = ("last_player_standing", "turn_limit", "time_limit", "agreed_end")
"""How a game ends (:class:`megamono.rules.events.Outcome`), in the order the summary lists them."""

BOT_LEVEL = "strong"
"""The computer player that plays every seat of a playout."""


# ----------------------------------------------------------------------------- the figures
def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: ``successes`` (may be fractional: shared wins) out of
    ``n`` trials, at the normal quantile ``z`` (95% by default). Unlike the plain ``p +- z*se``, it stays
    within [0, 1] and is not empty at ``p`` = 0 or 1:

        centre = (p + z^2/2n) / (1 + z^2/n),  half = z / (1 + z^2/n) * sqrt(p(1-p)/n + z^2/4n^2)
    """
    if n <= 0:
        return 0.0, 1.0
    p = min(1.0, max(0.0, successes / n))
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    low = 0.0 if p == 0 else max(0.0, centre - half)  # (exactly 0 and 1 at the ends: no rounding error)
    high = 1.0 if p == 1 else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True)
class PlayerChance:
    """One seat's figures: ``wins`` (shared wins as fractions), ``chance`` (``wins / playouts``), its
    Wilson 95% interval ``low``-``high``, and ``worth``, the mean final worth at the playouts' end."""

    seat: int
    name: str
    wins: float
    chance: float
    low: float
    high: float
    worth: float


@dataclass(frozen=True)
class Analysis:
    """What :func:`analyse` found: ``players`` in seat order; ``endings``: playouts by how they ended
    (:data:`TERMINATIONS`); ``turns`` and ``rounds``: the mean turns and rounds a playout played on (a
    round ends after the last seat's turn); ``start_round``: the round the game stands in; ``last_round``:
    the round at whose end the playouts stop at the latest; the arguments it ran with."""

    playouts: int
    seed: int
    turn_limit: int
    last_round: int
    start_round: int
    players: list[PlayerChance]
    endings: dict[str, int]
    turns: float
    rounds: float

    def share(self, termination: str) -> float:
        """The share of the playouts that ended by ``termination``."""
        return self.endings.get(termination, 0) / self.playouts

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (``--json``)."""
        d = asdict(self)
        d["ending_shares"] = {k: round(self.share(k), 6) for k in self.endings}
        return d


@dataclass(frozen=True)
class Playout:
    """One playout's end: the ``winners`` (seats), how it ended, every seat's final ``worth``, and the
    ``turns`` and ``rounds`` it played on."""

    winners: tuple[int, ...]
    termination: str
    worth: tuple[int, ...]
    turns: int
    rounds: int


# ----------------------------------------------------------------------------- one playout
@dataclass(frozen=True)
class Base:
    """What every playout starts from (picklable, no log): the edition, the state (a copy without its
    log) with the playouts' turn limit set, the places of the unseen cards in each deck, the outcome
    of a game that is over already, and what the computers know from before (``known``: the offers
    refused whose deeds have not changed since, and an offer waiting for its answer; each playout's
    log starts with it: :func:`megamono.rules.positions.known_of`)."""

    ed: Edition
    state: GameState
    unseen: dict[str, tuple[int, ...]] = field(default_factory=dict)
    over: Playout | None = None
    known: Known | None = None


def unseen_places(st: GameState, seen: set[str]) -> dict[str, tuple[int, ...]]:
    """The places (indices, top first) of the cards nobody has seen, in each deck of ``st``, given the
    cards ``seen`` (:func:`megamono.rules.positions.known_of`: drawn in the game, as K1 puts a drawn
    card at the bottom, in view; held; or known as seen from before a position): the unseen cards are
    the ones above all of those. The Bus Ticket deck is unseen as a whole: a ticket taken never comes
    back (K7)."""
    out: dict[str, tuple[int, ...]] = {}
    for name in ("chance", "community_chest"):
        deck: list[str] = getattr(st.decks, name)
        out[name] = tuple(k for k, c in enumerate(deck) if c not in seen)
    out["bus"] = tuple(range(len(st.decks.bus)))
    return out


def playout_base(game: Game, turn_limit: int = DEFAULT_TURN_LIMIT, known: Known | None = None) -> Base:
    """The :class:`Base` of :func:`analyse`'s playouts from ``game`` (which it does not change).
    ``known``: what the table knows at ``game``'s moment, if read already (the review reads one log
    for all its points: :class:`~megamono.rules.positions.KnownReader`); else read from its log.

    The playouts end by final worth at the end of round ``current + turn_limit``, or of the game's own
    ``turn_limit`` round when that is sooner (E2); the app-only ``time_limit`` is dropped unless time is up
    already; every seat becomes a computer's."""
    from megamono.rules.events import Known
    from megamono.rules.positions import known_of

    if turn_limit < 1:
        raise ValueError("the turn limit must be at least 1 round")
    st = game.st
    state = st.copy(log=False)
    own = state.options.turn_limit
    last = state.turn.round + turn_limit
    state.options.turn_limit = last if not own else min(own, last)
    if not state.turn.time_up:
        state.options.time_limit = None
    state.script = []
    for p in state.players:
        p.kind = "computer"
    over = None
    outcome = game.outcome
    if outcome is not None:
        over = Playout(tuple(outcome.winners), outcome.termination,
                       tuple(game.final_worth(p) for p in range(len(st.players))), 0, 0)
    if known is None:
        known = known_of(st)
    remembered = (Known(seen=(), refused=known.refused, waiting=known.waiting)
                  if known.refused or known.waiting else None)
    return Base(game.ed, state, unseen_places(st, set(known.seen)), over, remembered)


def position_seed(base: Base) -> int:
    """The playouts' seed of a position: made from what the playouts start from (:class:`Base`: the
    state but for its log and dice, the unseen cards' places, what the computers know), so every route
    to the same moment (the app's panel and trade screen, ``megamono analyse`` of a save or of its
    position, a game started from that position) plays the same playouts by default. A number below
    2**31, shown with the figures."""
    doc = {"edition": base.ed.id,
           "state": base.state.model_dump(mode="json", exclude={"log", "rng", "script"}),
           "unseen": base.unseen,
           "known": base.known.model_dump(mode="json") if base.known is not None else None}
    return derived_seed(json.dumps(doc, sort_keys=True, separators=(",", ":")).encode())


def after_trade(game: Game, offer: ProposeTrade) -> Game:
    """A copy of ``game`` (which is not changed) as it would stand once ``offer`` is made and its
    partner accepts it (X1-X3): the deeds, cash, cards and tickets have changed hands; what the trade
    leaves to decide (M3: pay the 10% or lift the mortgage of a mortgaged deed received) waits in the
    copy, for the playouts' computers. :class:`~megamono.rules.errors.IllegalAction` (a ValueError,
    with the engine's reason) if the offer may not be made or accepted now."""
    from megamono.rules.actions import AcceptTrade

    copy = game.copy()
    copy.act(offer)
    copy.act(AcceptTrade(player=offer.partner))
    return copy


def playout_seed(seed: int, index: int) -> int:
    """Playout ``index``'s own seed: a hash of ``(seed, index)`` alone, so a playout is the same in any
    process and in any order."""
    digest = hashlib.sha256(f"megamono-analyse/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def playout_state(base: Base, seed: int, index: int) -> tuple[GameState, random.Random]:
    """The state playout ``index`` of ``seed`` starts from (a copy of ``base``'s with fresh dice and the
    unseen cards reshuffled), and the playout's random source for what else it needs (the bots' seeds)."""
    from megamono.rules.dice import seed_state

    rnd = random.Random(playout_seed(seed, index))
    st = base.state.copy(log=False)
    if base.known is not None:
        st.log.append(base.known)
    st.rng = seed_state(rnd.getrandbits(63))
    for name, places in base.unseen.items():
        deck: list[str] = getattr(st.decks, name)
        cards = [deck[k] for k in places]
        rnd.shuffle(cards)
        for k, c in zip(places, cards, strict=True):
            deck[k] = c
    return st, rnd


def playout(base: Base, seed: int, index: int) -> Playout:
    """Play playout ``index`` of ``seed`` from ``base`` to the end (see the module doc)."""
    from megamono.bots import Memory, make_bot, play_on
    from megamono.rules.endgame import final_worth
    from megamono.rules.engine import Game

    if base.over is not None:
        return base.over
    st, rnd = playout_state(base, seed, index)
    n = len(st.players)
    memory = Memory()
    seeds = [rnd.getrandbits(32) for _ in range(n)]
    first = st.turn.player  # (bots seeded from the player to move on: relabelling the seats keeps them)
    bots = [make_bot(BOT_LEVEL, seeds[(k - first) % n], memory) for k in range(n)]
    turn, start = st.turn.number, st.turn.round
    game = play_on(Game(base.ed, st), bots)
    outcome = game.outcome
    assert outcome is not None, "play_on returns a finished game"
    return Playout(tuple(outcome.winners), outcome.termination,
                   tuple(final_worth(st, base.ed, p) for p in range(n)), st.turn.number - turn,
                   st.turn.round - start)


def playout_chunk(job: tuple[Base, int, int, int]) -> list[Playout]:
    """Playouts ``start`` to ``stop - 1`` of ``seed`` from ``base``, for ``job = (base, seed, start, stop)``
    (a worker process's share; the review's too)."""
    base, seed, start, stop = job
    return [playout(base, seed, i) for i in range(start, stop)]


# ----------------------------------------------------------------------------- worker processes
Job = tuple[Base, int, int, int]
"""A share of playouts: ``(base, seed, start, stop)`` (:func:`playout_chunk`)."""


CLOSE_WAIT = 1.0
"""Seconds :meth:`PlayoutPool.close` waits at most for its worker processes to be gone."""


class PoolClosed(RuntimeError):
    """The :class:`PlayoutPool` was closed while (or before) its jobs ran: the app is ending. The playouts
    of the jobs under way are lost; nothing else is wrong."""


def _watch_owner(life: Connection) -> None:
    """A worker process's first act (the pool's ``initializer``): a daemon thread that waits on ``life``,
    the read end of a pipe whose one write end the pool's owner holds, and ends this process at once when
    it closes: the pool closed (:meth:`PlayoutPool.close`), or its owner ended in any way, ``os._exit``
    and SIGKILL included. A worker never outlives its app, even in the middle of a playout."""
    import threading

    def watch() -> None:
        try:
            while True:
                life.recv_bytes()  # (nothing is ever sent: this waits for the end)
        except (EOFError, OSError):
            pass
        os._exit(0)

    threading.Thread(target=watch, name="megamono-owner-watch", daemon=True).start()


class PlayoutPool:
    """Worker processes that play :func:`playout_chunk` jobs, for ``analyse --jobs``, the app's win
    chances and the review. The processes are started the safe way for an app with threads (Textual's):
    by a fork server (a fresh process that forks the workers; no thread of the app is forked), or spawned
    where there is none. Results come back in the order of the jobs, so the figures are the same as in one
    process. ``workers``: how many (default: one per CPU). Nothing is started before the first job but,
    with ``serve``, the fork server (:meth:`serve`). Use as a context manager or :meth:`close`.

    The workers never outlive the pool's owner: each watches a pipe that only the owner holds open
    (:func:`_watch_owner`), so they end when :meth:`close` closes it or when the owner process ends, however
    it ends. Thread-safe: :meth:`close` may come from another thread while a job runs; the job's caller then
    gets :class:`PoolClosed`."""

    def __init__(self, workers: int | None = None, serve: bool = False) -> None:
        """``serve``: start the fork server now (see :meth:`serve`)."""
        import threading

        self.workers = max(1, workers or os.cpu_count() or 1)
        self._executor: ProcessPoolExecutor | None = None
        self._life: Connection | None = None  # the write end of the workers' life line (_watch_owner)
        self._lock = threading.Lock()
        self.closed = False
        """Whether :meth:`close` was called: no job runs any more."""
        if serve:
            self.serve()

    @staticmethod
    def _method() -> str:
        import multiprocessing

        return "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"

    def serve(self) -> None:
        """Start the fork server and multiprocessing's resource tracker now, while the standard error is
        still the terminal's: they pass its file descriptor on, and a Textual app running replaces it with
        one that has none ("bad value(s) in fds_to_keep": the app starts them before it runs). The worker
        processes themselves start with the first job."""
        import multiprocessing.forkserver
        import multiprocessing.resource_tracker

        if self._method() == "forkserver":
            multiprocessing.forkserver.ensure_running()
        multiprocessing.resource_tracker.ensure_running()

    def _submit(self, job: Job) -> Future[list[Playout]]:
        """``job`` handed to a worker (the workers start with the first); :class:`PoolClosed` once closed."""
        with self._lock:
            if self.closed:
                raise PoolClosed("the playout pool is closed")
            if self._executor is None:
                import multiprocessing

                context = multiprocessing.get_context(self._method())
                life_r, self._life = context.Pipe(duplex=False)
                self._executor = ProcessPoolExecutor(self.workers, mp_context=context, initializer=_watch_owner,
                                                     initargs=(life_r,))
            return self._executor.submit(playout_chunk, job)

    def __enter__(self) -> PlayoutPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def play(self, jobs: Sequence[Job], stop: Callable[[], bool] = lambda: False) -> Iterator[list[Playout]]:
        """Each job's playouts, in the jobs' order, as they finish; at most two jobs a worker are under
        way at a time. ``stop()`` is asked between two results: once it is True, the jobs not started
        are dropped and nothing more is yielded. :class:`PoolClosed` if the pool is closed meanwhile
        (from any thread: the wait for a job under way ends at once)."""
        from collections import deque
        from concurrent.futures import CancelledError
        from concurrent.futures.process import BrokenProcessPool

        todo = iter(jobs)
        running: deque[Future[list[Playout]]] = deque()
        try:
            for job in todo:
                running.append(self._submit(job))
                if len(running) >= 2 * self.workers:
                    break
            while running:
                try:
                    result = running.popleft().result()
                except (BrokenProcessPool, CancelledError):
                    if self.closed:
                        raise PoolClosed("the playout pool was closed while its jobs ran") from None
                    raise
                if stop():
                    return
                yield result
                following = next(todo, None)
                if following is not None:
                    running.append(self._submit(following))
        finally:
            for f in running:
                f.cancel()

    def run(self, jobs: Sequence[Job]) -> list[list[Playout]]:
        """Every job's playouts, in order (a :data:`megamono.review.Runner`); :class:`PoolClosed` if the
        pool is closed meanwhile."""
        return list(self.play(jobs))

    def close(self, wait: float = CLOSE_WAIT) -> None:
        """Stop the workers at once, from any thread: the jobs not started are dropped, a playout under way
        is abandoned (its process ends), and a caller waiting for a job gets :class:`PoolClosed`. Waits up
        to ``wait`` seconds for the worker processes to be gone (they end within milliseconds). The fork
        server, if one was started, is multiprocessing's own: it ends when this process does."""
        import threading

        with self._lock:
            self.closed = True
            executor, self._executor = self._executor, None
            if self._life is not None:
                self._life.close()  # (the workers see it close: _watch_owner)
                self._life = None
        if executor is not None:  # (its manager thread sees the workers end and reaps them: waited for here)
            ending = threading.Thread(target=executor.shutdown, kwargs={"wait": True, "cancel_futures": True},
                                      name="megamono-pool-close", daemon=True)
            ending.start()
            ending.join(wait)


# ----------------------------------------------------------------------------- many playouts
def analyse(game: Game, playouts: int = DEFAULT_PLAYOUTS, seed: int | None = None,
            turn_limit: int = DEFAULT_TURN_LIMIT, jobs: int = 1,
            progress: Callable[[int, int], None] | None = None) -> Analysis:
    """Each player's chance to win ``game`` from where it stands, by ``playouts`` playouts (module doc),
    on ``seed``, by default the position's own (:func:`position_seed`; the figures say which).

    ``jobs`` > 1 plays in that many processes (the figures do not change); ``progress(done, total)`` is
    called as playouts finish. ``game`` is not changed. ValueError for a bad number."""
    if playouts < 1:
        raise ValueError("the number of playouts must be at least 1")
    if jobs < 1:
        raise ValueError("the number of jobs must be at least 1")
    base = playout_base(game, turn_limit)
    if seed is None:
        seed = position_seed(base)
    results: list[Playout] = []
    jobs = min(jobs, playouts)
    if jobs == 1:
        for i in range(playouts):
            results.append(playout(base, seed, i))
            if progress:
                progress(len(results), playouts)
    else:
        size = max(1, min(20, playouts // (jobs * 4)))
        work = [(base, seed, a, min(a + size, playouts)) for a in range(0, playouts, size)]
        with PlayoutPool(jobs) as pool:
            for chunk in pool.play(work):  # (in playout order)
                results.extend(chunk)
                if progress:
                    progress(len(results), playouts)
    return summarise(base, results, seed, turn_limit)


def weigh(games: Sequence[Game], playouts: int, seed: int, turn_limit: int = DEFAULT_TURN_LIMIT) -> list[Analysis]:
    """The positions after each answer to one decision, ``games`` (copies, not changed), weighed by the
    same playouts: playout ``i`` of every position is played on the seed ``(seed, i)`` (common random
    numbers: the same dice and card order wherever the answers leave them alike), so what differs between
    the figures is the answers' doing more than luck's. One :class:`Analysis` per game, in order, as
    :func:`analyse` would give it on ``seed``. Used by the expert computer player
    (:mod:`megamono.bots.expert`) and the coach; ValueError for a bad number."""
    if playouts < 1:
        raise ValueError("the number of playouts must be at least 1")
    out = []
    for game in games:
        base = playout_base(game, turn_limit)
        out.append(summarise(base, [playout(base, seed, i) for i in range(playouts)], seed, turn_limit))
    return out


def summarise(base: Base, results: Sequence[Playout], seed: int, turn_limit: int) -> Analysis:
    """The :class:`Analysis` of ``results`` (playouts from ``base``, of ``seed``)."""
    n = len(results)
    st = base.state
    seats = len(st.players)
    wins = [0.0] * seats
    worth = [0] * seats
    endings = dict.fromkeys(TERMINATIONS, 0)
    for r in results:
        for w in r.winners:
            wins[w] += 1 / len(r.winners)
        for p in range(seats):
            worth[p] += r.worth[p]
        endings[r.termination] = endings.get(r.termination, 0) + 1
    players = []
    for p, pl in enumerate(st.players):
        low, high = wilson(wins[p], n)
        players.append(PlayerChance(p, pl.name, round(wins[p], 6), wins[p] / n, low, high, worth[p] / n))
    last = st.options.turn_limit
    assert last is not None  # (playout_base sets it)
    return Analysis(playouts=n, seed=seed, turn_limit=turn_limit, last_round=last,
                    start_round=st.turn.round, players=players, endings=endings,
                    turns=sum(r.turns for r in results) / n, rounds=sum(r.rounds for r in results) / n)


def derived_seed(data: bytes) -> int:
    """A seed (below 2**31) made from ``data``'s bytes: the same bytes, the same seed."""
    return int.from_bytes(hashlib.sha256(data).digest()[:4], "big") >> 1
