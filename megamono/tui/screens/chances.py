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
In test mode the panel plays :data:`TEST_PLAYOUTS` playouts at once, on the main thread.
"""

from __future__ import annotations

import threading
import time
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
from textual.widgets import Footer, ProgressBar, Static
from textual.worker import Worker, WorkerState, get_current_worker

from megamono.analysis import (
    DEFAULT_TURN_LIMIT,
    Analysis,
    Base,
    Playout,
    derived_seed,
    playout,
    playout_base,
    summarise,
)

from ..look import Look
from ..resizing import LatestSizeOnly
from ..widgets.notices import NoticeLine

if TYPE_CHECKING:
    from megamono.rules.engine import Game

    from ..controller import GameController

PLAYOUTS = 1000
"""Playouts the panel plays from a position (the figures refine as they finish)."""
TEST_PLAYOUTS = 20
"""Playouts in test mode (played at once: the figures are the same every run)."""
REPORT_EVERY = 0.5
"""Seconds between two refinements of the figures on screen."""


def position_key(controller: GameController) -> tuple:
    """Where the game stands, for keeping its figures: the controller's point and the last action (a
    replaced state could take the id of an old one)."""
    g = controller.game
    return (*controller.point(), g.history[-1] if g.history else None)


def position_seed(game: Game) -> int:
    """The playouts' seed at ``game``'s position: made from the game's seed and its number of actions,
    so the same position gives the same figures."""
    seed = game.setup.get("seed") if isinstance(game.setup, dict) else None
    return derived_seed(f"{seed}/{len(game.history)}".encode())


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

    @property
    def finished(self) -> bool:
        """All :attr:`total` playouts are played."""
        return len(self.results) >= self.total

    def play_on(self, stop: Callable[[], bool], report: Callable[[Analysis], None],
                every: float = REPORT_EVERY, upto: int | None = None) -> None:
        """Play the next playouts until :attr:`total` (or ``upto`` played, if fewer) or ``stop()``
        (asked between two playouts); ``report(figures)`` every ``every`` seconds and at the end. Safe
        in a worker thread: it reads only the copy; a second caller waits until the first has stopped."""
        last_one = self.total if upto is None else min(upto, self.total)
        with self.lock:
            if self.base is None:
                self.base = playout_base(self.game, self.turn_limit)
            last = time.monotonic()
            while len(self.results) < last_one and not stop():
                self.results.append(playout(self.base, self.seed, len(self.results)))
                now = time.monotonic()
                if len(self.results) >= last_one or now - last >= every:
                    last = now
                    self.figures = summarise(self.game, self.base, self.results, self.seed, self.turn_limit)
                    report(self.figures)
            if self.results and (self.figures is None or self.figures.playouts < len(self.results)):
                # (stopped: the playouts since the last report are kept in the figures too)
                self.figures = summarise(self.game, self.base, self.results, self.seed, self.turn_limit)


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
    kept by the game screen), refined by a worker until all are played; Esc closes it and stops them."""

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
            yield ProgressBar(total=self.chances.total, show_eta=False, id="chances-bar")
            yield Static(self.done_text(), id="chances-done")
        yield NoticeLine()
        yield Footer()

    def about(self) -> Text:
        """What the figures are: from which round and whose move, by whom."""
        st = self.chances.game.st
        t = Text(f"From round {st.turn.round}, ")
        t.append_text(self.look.who(st.turn.player))
        t.append(" to move: the game played out to its end many times, the strong computer in every seat"
                 " (a player who plays better has better chances).")
        return t

    def done_text(self, figures: Analysis | None = None) -> str:
        """How many playouts ``figures`` (else the kept ones) stand on, and whether more are coming."""
        c = self.chances
        figures = figures or c.figures
        n = figures.playouts if figures is not None else 0
        if n >= c.total:
            return f"{n:,} playouts: done. Esc closes (the figures are kept for this position)."
        return (f"{n:,} of {c.total:,} playouts so far: the figures refine as more finish. Esc stops"
                " (what was played is kept for this position).")

    def on_mount(self) -> None:
        self.show()
        if self.chances.finished:
            return
        if getattr(self.app, "test_mode", False):
            self.chances.play_on(lambda: False, lambda figures: None)
            self.show()
            return
        self.run_worker(self._play, thread=True, group="chances", exit_on_error=False)

    def _play(self) -> None:
        """The worker: play on until done or cancelled (the panel closed, the app ending)."""
        worker = get_current_worker()
        def report(figures: Analysis) -> None:
            self.post_message(ChancesRefined(figures))

        self.chances.play_on(lambda: worker.is_cancelled, report)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        say_playouts_failed(self, event, "chances", "Win chances")

    def on_chances_refined(self, message: ChancesRefined) -> None:
        """New figures: show them."""
        self.show(message.figures)

    def show(self, figures: Analysis | None = None) -> None:
        """Show ``figures`` (else the kept ones) and how far the playouts are."""
        figures = figures or self.chances.figures
        self.query_one("#chances-table", Static).update(chances_table(figures, self.look))
        self.query_one("#chances-bar", ProgressBar).update(progress=figures.playouts if figures else 0)
        self.query_one("#chances-done", Static).update(self.done_text(figures))

    def action_close(self) -> None:
        """Close the panel; the worker stops after its playout (the figures so far are kept)."""
        self.workers.cancel_group(self, "chances")
        self.dismiss(None)
