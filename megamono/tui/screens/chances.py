"""The win chances panel (``w`` on the game screen, issue 16 item 3): every player's chance to win from
where the game stands, by playouts of :mod:`megamono.analysis` (the strong computer in every seat).

The panel is modal: the game waits while it is open (no computer moves), and ``Esc`` closes it at any
time. The playouts run in a thread worker on a copy of the game taken on the main thread when the panel
opens (:meth:`~megamono.tui.controller.GameController.copy_for_computer`), never on the game itself;
the figures come to the panel as :class:`ChancesRefined` messages about twice a second, with a progress
bar, so the first figures show within a second and then refine up to :data:`PLAYOUTS` playouts.
Closing the panel stops the playouts (the worker looks at its flag between two playouts). What was
played is kept by the game screen for that position (:class:`PositionChances`, keyed by
:func:`position_key`): opening the panel again at the same position shows those figures at once and
goes on from there; once the game moves on, they are forgotten.

One thread, one process (``jobs=1``): forking worker processes from a threaded app is not safe, and
the playouts' figures do not depend on it (playout ``i`` depends on the seed and ``i`` alone, so the
figures after ``n`` playouts are those of ``megamono analyse --playouts n`` with the same seed).
When the runtime runs nothing in threads (:mod:`..runtime`) the panel plays its playouts at once, on
the main thread (``runtime.playouts`` of them).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import ProgressBar, Static
from textual.worker import Worker, WorkerState, get_current_worker

from megamono.analysis import (
    DEFAULT_TURN_LIMIT,
    Analysis,
    Base,
    Playout,
    PlayoutPool,
    PoolClosed,
    playout,
    playout_base,
    position_seed,
    summarise,
)

from ..look import Look
from ..resizing import LatestSizeOnly
from ..runtime import Clock, runtime_of
from ..widgets.footer import KeysFooter
from ..widgets.notices import NoticeLine

if TYPE_CHECKING:
    from textual import getters

    from megamono.rules.engine import Game

    from ..app import MegamonoApp
    from ..controller import GameController

PLAYOUTS = 4000
"""The most playouts the panel plays from a position (the figures refine as they finish) ..."""
TARGET = 0.03
"""... stopping once every player's 95% interval is within +-3 points."""
TARGET_AFTER = 100
"""Playouts before the panel looks whether the figures are close enough."""
CHUNK = 10
"""Playouts a worker process plays at a time (and the steps at which the panel looks at the target)."""
REPORT_EVERY = 0.5
"""Seconds between two refinements of the figures on screen."""


def position_key(controller: GameController) -> tuple:
    """Where the game stands, for keeping its figures: the controller's point and the last action (a
    replaced state could take the id of an old one)."""
    g = controller.game
    return (*controller.point(), g.history[-1] if g.history else None)


@dataclass
class PositionChances:
    """The playouts of one position so far (no Textual here): ``game`` is a copy taken on the main
    thread, ``results`` the playouts played (0 to ``len - 1`` of ``seed``), ``figures`` their summary
    (None before the first). :meth:`play_on` adds playouts, one thread at a time (``lock``)."""

    key: tuple
    game: Game
    seed: int
    total: int
    turn_limit: int = DEFAULT_TURN_LIMIT
    results: list[Playout] = field(default_factory=list)
    figures: Analysis | None = None
    base: Base | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)
    target: float | None = None
    """Stop once every player's 95% interval is within +-this (0 to 1), or None: play :attr:`total`."""

    @classmethod
    def of(cls, key: tuple, game: Game, total: int, turn_limit: int = DEFAULT_TURN_LIMIT,
           seed: int | None = None, target: float | None = None) -> PositionChances:
        """The playouts of ``game`` (a copy the caller gives up) up to ``total``, none played yet, on
        ``seed`` or, by default, the position's own (:func:`megamono.analysis.position_seed`: what
        ``megamono analyse`` of the same moment uses)."""
        base = playout_base(game, turn_limit)
        return cls(key, game, position_seed(base) if seed is None else seed, total, turn_limit, base=base,
                   target=target)

    @property
    def finished(self) -> bool:
        """All :attr:`total` playouts are played, or the figures are as close as :attr:`target` asks."""
        return len(self.results) >= self.total or self.close_enough()

    def close_enough(self) -> bool:
        """Whether every player's 95% interval is within +-:attr:`target` (after at least
        :data:`TARGET_AFTER` playouts, looked at every :data:`CHUNK`: the same stop in any process)."""
        n, f = len(self.results), self.figures
        if self.target is None or n < TARGET_AFTER or n % CHUNK or f is None or f.playouts != n:
            return False
        return max((pc.high - pc.low) / 2 for pc in f.players) <= self.target

    def play_on(self, stop: Callable[[], bool], report: Callable[[Analysis], None],
                every: float = REPORT_EVERY, upto: int | None = None, pool: PlayoutPool | None = None,
                clock: Clock | None = None) -> None:
        """Play the next playouts until :attr:`finished` (or ``upto`` played, if fewer) or ``stop()``
        (asked between two playouts, or two of the pool's chunks); ``report(figures)`` every ``every``
        seconds and at the end. With ``pool``, the first :data:`CHUNK` are played here (the first figures
        come while the pool starts) and the rest by the pool's processes, :data:`CHUNK` at a time (the
        figures are the same). Safe in a worker thread: it reads only the copy; a second caller waits
        until the first has stopped. ``every`` is measured on ``clock`` (the runtime's; the system's when
        not given)."""
        clock = clock or Clock()
        last_one = self.total if upto is None else min(upto, self.total)
        with self.lock:
            if self.base is None:
                self.base = playout_base(self.game, self.turn_limit)
            base = self.base
            last = clock.monotonic()

            def add(found: list[Playout]) -> bool:
                """Keep ``found``; report when it is time; whether to go on."""
                nonlocal last
                self.results.extend(found)
                now = clock.monotonic()
                n = len(self.results)
                first = self.figures is None
                if first or n >= last_one or now - last >= every or (self.target is not None and n % CHUNK == 0):
                    self.figures = summarise(base, self.results, self.seed, self.turn_limit)
                    if first or n >= last_one or now - last >= every:  # (the first figures at once)
                        last = now
                        report(self.figures)
                return n < last_one and not self.close_enough()

            going = len(self.results) < last_one and not self.finished
            while going and not stop() and (pool is None or len(self.results) < CHUNK):
                going = add([playout(base, self.seed, len(self.results))])
            if going and pool is not None and not stop():
                start = len(self.results)
                jobs = [(base, self.seed, a, min(a + CHUNK, last_one)) for a in range(start, last_one, CHUNK)]
                for found in pool.play(jobs, stop):
                    if not add(found):
                        break
            if self.results and (self.figures is None or self.figures.playouts < len(self.results)):
                # (stopped: the playouts since the last report are kept in the figures too)
                self.figures = summarise(base, self.results, self.seed, self.turn_limit)
                report(self.figures)


def say_playouts_failed(node: Widget, event: Worker.StateChanged, group: str, title: str) -> None:
    """A playout failed in ``node``'s worker of ``group``: say so (the figures so far stay on screen).
    For the win chances panel, the trade screen and the review."""
    if event.state == WorkerState.ERROR and event.worker.group == group:
        node.app.notify(f"The playouts stopped: {event.worker.error!r}. Save the game (s) and report it.",
                        title=title, severity="error", timeout=30)


class ChancesRefined(Message):
    """New figures from the panel's worker."""

    def __init__(self, figures: Analysis) -> None:
        super().__init__()
        self.figures = figures


def chances_table(figures: Analysis | None, look: Look) -> Table:
    """Each player (name and token in their colour) with their win chance, its 95% interval and their
    expected final worth; dashes before the first figures."""
    table = Table(box=box.SIMPLE_HEAD, expand=False, pad_edge=False, show_edge=False)
    table.add_column("player")
    table.add_column("win chance", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("expected final worth", justify="right")
    st = look.game.st
    for p, pl in enumerate(st.players):
        who = look.who(p)
        if pl.bankrupt:
            who.append(" bankrupt", style=look.dim)
        if figures is None:
            table.add_row(who, "…", "…", "…")
            continue
        pc = figures.players[p]
        table.add_row(who, Text(f"{pc.chance:.1%}", style="bold"), f"{pc.low:.1%} - {pc.high:.1%}",
                      f"${pc.worth:,.0f}")
    return table


class ChancesScreen(LatestSizeOnly, ModalScreen[None]):
    """The win chances panel over the game screen: the figures of ``chances`` (a position's playouts,
    kept by the game screen), refined by a worker (with the app's worker processes) until every
    interval is within +-3 points; Esc closes it and stops them."""

    if TYPE_CHECKING:
        app = getters.app(MegamonoApp)

    DEFAULT_CSS = """
    ChancesScreen { align: center middle; }
    ChancesScreen #chances { width: 78; max-width: 100%; height: auto; max-height: 100%; padding: 0 2;
                             border: heavy $accent; background: $panel; }
    ChancesScreen #chances-about { margin-bottom: 1; }
    ChancesScreen #chances-bar { margin-top: 1; }
    ChancesScreen #chances-done { color: $text-muted; }
    """
    BINDINGS = [Binding("escape,w,q", "close", "Close")]

    def __init__(self, chances: PositionChances, look: Look) -> None:
        super().__init__()
        self.chances = chances
        self.look = look

    def compose(self) -> ComposeResult:
        with Vertical(id="chances") as box_:
            box_.border_title = "Win chances"
            yield Static(self.about(), id="chances-about")
            yield Static(chances_table(self.chances.figures, self.look), id="chances-table")
            yield ProgressBar(total=100, show_eta=False, id="chances-bar")
            yield Static(self.done_text(), id="chances-done")
        yield NoticeLine()
        yield KeysFooter()

    def about(self) -> Text:
        """What the figures are: from which round and whose move, by whom."""
        st = self.chances.game.st
        t = Text(f"From round {st.turn.round}, ")
        t.append_text(self.look.who(st.turn.player))
        t.append(" to move: the game played out to its end many times, the strong computer in every seat"
                 f" (a player who plays better has better chances); seed {self.chances.seed}.")
        return t

    def progress(self, figures: Analysis | None) -> float:
        """How far the playouts are, 0 to 100: of :attr:`PositionChances.total`, or, with a target, of
        the playouts it takes (an interval narrows as one over the square root of the playouts)."""
        c = self.chances
        if figures is None:
            return 0.0
        if figures.playouts >= c.total or c.finished:
            return 100.0
        if c.target is None:
            return 100 * figures.playouts / c.total
        widest = max((pc.high - pc.low) / 2 for pc in figures.players)
        return 100 * min(1.0, max(figures.playouts / c.total, (c.target / widest) ** 2)) if widest else 100.0

    def done_text(self, figures: Analysis | None = None) -> str:
        """How many playouts ``figures`` (else the kept ones) stand on, and whether more are coming."""
        c = self.chances
        figures = figures or c.figures
        n = figures.playouts if figures is not None else 0
        if c.target is not None:
            widest = max(((pc.high - pc.low) / 2 for pc in figures.players), default=1.0) if figures else 1.0
            so_far = f"{n:,} playouts, every interval within ±{widest * 100:.1f} points"
            if n >= c.total or (n == len(c.results) and c.close_enough()):
                return f"{so_far}: done. Esc closes (the figures are kept for this position)."
            return (f"{so_far} so far, refining to ±{c.target * 100:.0f}. Esc stops (what was played is kept for"
                    " this position).")
        if n >= c.total:
            return f"{n:,} playouts: done. Esc closes (the figures are kept for this position)."
        return (f"{n:,} of {c.total:,} playouts so far: the figures refine as more finish. Esc stops"
                " (what was played is kept for this position).")

    def on_mount(self) -> None:
        self.show()
        if self.chances.finished:
            return
        if not runtime_of(self.app).threads:  # (at once, on the main thread)
            self.chances.play_on(lambda: False, lambda figures: None)
            self.show()
            return
        self.run_worker(self._play, thread=True, group="chances", exit_on_error=False)

    def _play(self) -> None:
        """The worker: play on until done or cancelled (the panel closed, the app ending)."""
        worker = get_current_worker()
        def report(figures: Analysis) -> None:
            self.post_message(ChancesRefined(figures))

        try:
            self.chances.play_on(lambda: worker.is_cancelled, report, pool=self.app.playouts,
                                 clock=runtime_of(self.app).clock)
        except PoolClosed:  # (the app is ending: its worker processes are gone)
            return

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        say_playouts_failed(self, event, "chances", "Win chances")

    def on_chances_refined(self, message: ChancesRefined) -> None:
        """New figures: show them."""
        self.show(message.figures)

    def show(self, figures: Analysis | None = None) -> None:
        """Show ``figures`` (else the kept ones) and how far the playouts are."""
        figures = figures or self.chances.figures
        self.query_one("#chances-table", Static).update(chances_table(figures, self.look))
        self.query_one("#chances-bar", ProgressBar).update(progress=self.progress(figures))
        self.query_one("#chances-done", Static).update(self.done_text(figures))

    def action_close(self) -> None:
        """Close the panel; the worker stops after its playout (the figures so far are kept)."""
        self.workers.cancel_group(self, "chances")
        self.dismiss(None)
