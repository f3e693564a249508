"""The game review (issue 16 item 4): each player's chance to win over the game, the turning points and
the game's statistics. Opened from the game-over screen (``v``), from the saved games (``v`` on a save)
and by ``megamono review SAVE``.

The chance of every round comes from :class:`megamono.review.Review` (playouts from the start of each
round, the strong computer in every seat, on the review's one seed), computed in a thread worker: a whole
chart first, then more playouts where the intervals are wide, until every point is within +-5 points or
the review's budget is spent (a progress bar says which; intervals still wider are drawn as a band). The
screen stays usable meanwhile, and leaving it stops the playouts. The chart is
:func:`~..widgets.chance_chart.chance_chart` (letters: it reads without colour). The turning points are
the moves of a chance clearer than the playouts' uncertainty, with what the player did then (else: the
chances held); ``Enter`` on one opens the replay (:class:`~.replay.ReplayScreen`) at the start of that
round, ``r`` at the start of the game, with the review's own chart marking the round shown. In test mode
a small first pass is played at once.

Once the chart is done, the same worker marks the human decisions (:mod:`megamono.marks`: inaccuracies,
mistakes and blunders against the expert's best answer), shown as they come under the turning points, per
player, each with the better answer; ``Enter`` on one opens the replay just before that decision. (A
runtime with no threads plays no marks.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList, ProgressBar, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, get_current_worker

from megamono.analysis import PoolClosed
from megamono.marks import Mark, marks
from megamono.review import FIRST, TARGET, Review, TurningPoint, review_game
from megamono.rules.engine import Game

from ..look import DIM, Look
from ..resizing import LatestSizeOnly
from ..runtime import runtime_of
from ..stats import stats_for
from ..widgets.chance_chart import chance_chart
from ..widgets.footer import KeysFooter
from ..widgets.notices import NoticeLine
from .chances import say_playouts_failed
from .gameover import statistics_text, winners_of

if TYPE_CHECKING:
    from textual import getters

    from ..app import MegamonoApp



class ReviewRefined(Message):
    """The review's worker has new figures."""


class ReviewDone(Message):
    """The review's worker is done: every point within +-5 points, or the budget spent."""


class MarkWeighed(Message):
    """The review's worker weighed decision ``done`` of ``of`` to mark; ``mark``: its mark, or None."""

    def __init__(self, done: int, of: int, mark: Mark | None) -> None:
        super().__init__()
        self.done, self.of, self.mark = done, of, mark


def mark_text(mark: Mark, look: Look) -> Text:
    """One mark: the grade, who and when, the fall with its interval, what was played and the better answer."""
    t = Text(f"{mark.grade.capitalize()}: ", style="bold")
    t.append_text(look.who(mark.player))
    t.append(f", round {mark.round}, −{mark.fall * 100:.0f} points ({mark.low * 100:.0f} to {mark.high * 100:.0f})\n")
    t.append(f"  played: {mark.played}\n  better: {mark.better}", style=DIM)
    return t


def turning_point_text(review: Review, tp: TurningPoint, look: Look) -> Group:
    """One turning point: the round, whose chance moved and how (from → to), and under it what happened
    (each line indented, wrapped under itself)."""
    a, b = review.points[tp.before].chances(), review.points[tp.after].chances()
    assert a is not None and b is not None
    head = Text(f"Round {tp.round}: ", style="bold")
    head.append_text(look.who(tp.player))
    sign = "+" if tp.change > 0 else "−"
    head.append(f" {sign}{abs(tp.change) * 100:.0f} points", style="bold")
    half = (tp.move.high - tp.move.low) / 2
    head.append(f" ±{half * 100:.0f} ({a[tp.player]:.0%} → {b[tp.player]:.0%})")
    grid = Table.grid(expand=True)
    grid.add_column(width=2)
    grid.add_column(ratio=1)
    for line in tp.happened[:3]:
        grid.add_row("", Text(line))
    return Group(head, grid)


class ReviewScreen(LatestSizeOnly, Screen[None]):
    """The review of ``game`` (a finished game, or a save's game as it stands); ``title``: what it is
    (the save's name). ``Esc`` goes back (or quits, when ``megamono review`` opened it)."""

    if TYPE_CHECKING:
        app = getters.app(MegamonoApp)

    DEFAULT_CSS = """
    ReviewScreen #review { height: 1fr; padding: 0 1; }
    ReviewScreen #review-head { height: auto; }
    ReviewScreen #review-chart { height: auto; margin-top: 1; }
    ReviewScreen #review-progress { height: 1; }
    ReviewScreen #review-progress ProgressBar { width: 40; }
    ReviewScreen #review-passes { width: 1fr; color: $text-muted; }
    ReviewScreen #review-lower { height: 1fr; min-height: 8; margin-top: 1; }
    ReviewScreen #turning-col { width: 1fr; }
    ReviewScreen #turning-head { height: 1; }
    ReviewScreen #turning { height: 1fr; }
    ReviewScreen #marks-head { height: 1; }
    ReviewScreen #marks { height: 1fr; }
    ReviewScreen #review-stats { width: 62; height: 1fr; padding-left: 2; }
    ReviewScreen.-narrow #review-stats { display: none; width: 1fr; padding-left: 0; }
    ReviewScreen.-narrow.-stats #review-stats { display: block; }
    ReviewScreen.-narrow.-stats #turning-col { display: none; }
    """
    BINDINGS = [
        Binding("escape,q", "leave", "Back"),
        Binding("r", "replay", "Replay"),
        Binding("s", "statistics", "Statistics"),
        Binding("s", "turning", "Turning points"),
    ]

    def __init__(self, game: Game, title: str = "", review: Review | None = None,
                 leave: Callable[[], object] | None = None) -> None:
        """``review``: the game's review if made already (else made here); ``leave``: what leaving does
        (``megamono review``: quit), instead of going back to the screen below."""
        super().__init__()
        self.leave = leave
        self.game = game
        self.title_text = title
        self.review = review if review is not None else review_game(game)
        self.look = Look(self.review.game)
        self.stats = stats_for(self.review.game)
        self.turning: list[TurningPoint] = []
        self.marks: list[Mark] = []
        """The human decisions marked so far, by seat, then in the game's order."""
        self.weighed: tuple[int, int] | None = None
        """Decisions weighed for marks so far, and of how many (None: not begun)."""
        self.refining = True
        """Whether the playouts may still refine the figures (the worker runs)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="review"):
            yield Static(self.head_text(), id="review-head")
            yield Static(id="review-chart")
            with Horizontal(id="review-progress"):
                yield ProgressBar(total=self.review.budget, show_eta=False)
                yield Static(id="review-passes")
            with Horizontal(id="review-lower"):
                with Vertical(id="turning-col"):
                    yield Static(self.turning_head(refining=True), id="turning-head")
                    yield OptionList(id="turning")
                    yield Static(self.marks_head(), id="marks-head")
                    yield OptionList(id="marks")
                with VerticalScroll(id="review-stats"):
                    yield Static(statistics_text(self.review.game, self.look, self.stats))
        yield NoticeLine()
        yield KeysFooter()

    def head_text(self) -> Text:
        """What is reviewed, how it ended, and what the chart shows."""
        g = self.review.game
        t = Text("Review", style="bold")
        if self.title_text:
            t.append(f" of {self.title_text}")
        end = self.review.points[-1]
        t.append(f" ({g.ed.name}): ")
        winners = winners_of(g)
        if g.over and winners:
            for k, w in enumerate(winners):
                t.append(", " if k else "")
                t.append_text(self.look.who(w))
            t.append(" won" if len(winners) == 1 else " shared the win", style="bold")
            t.append(f" in round {end.round}.")
        else:
            t.append(f"in progress, round {g.st.turn.round}.")
        every = "every round" if not self.review.thinned else "rounds spread over the game (one point a round at most)"
        t.append(f"\nEach player's chance to win at the start of {every}: the game played out from there many"
                 f" times, the strong computer in every seat; one seed for every round, {self.review.seed} (a round's"
                 " figures are `megamono analyse --seed` of its start with as many playouts; the w panel plays"
                 " each position on its own seed).", style=DIM)
        return t

    # -- the playouts -----------------------------------------------------------------------------
    def on_mount(self) -> None:
        self.set_class(self.app.size.width < 120, "-narrow")
        self.show()
        self.query_one("#turning", OptionList).focus()
        runtime = runtime_of(self.app)
        if not runtime.threads:  # (one pass at once, on the main thread)
            first = runtime.playouts or FIRST
            self.review.budget = first * len(self.review.live_points())
            self.review.refine(first=first)
            self.refining = False
            self.show()
            return
        self.run_worker(self._play, thread=True, group="review", exit_on_error=False)

    def _play(self) -> None:
        worker = get_current_worker()
        def report(review: Review) -> None:
            self.post_message(ReviewRefined())

        pool = self.app.playouts
        try:
            self.review.refine(lambda: worker.is_cancelled, report, run=pool.run, batch=2 * pool.workers)
            self.post_message(ReviewDone())
            for done, of, mark in marks(self.review.timeline, self.review.seed, run=pool.run,
                                        stop=lambda: worker.is_cancelled):
                self.post_message(MarkWeighed(done, of, mark))
        except PoolClosed:  # (the app is ending: its worker processes are gone)
            return

    def on_review_refined(self, message: ReviewRefined) -> None:
        self.show()

    def on_review_done(self, message: ReviewDone) -> None:
        self.refining = False
        self.show()

    def on_mark_weighed(self, message: MarkWeighed) -> None:
        self.weighed = (message.done, message.of)
        if message.mark is not None:
            self.add_mark(message.mark)
        else:
            self.query_one("#marks-head", Static).update(self.marks_head())

    def add_mark(self, mark: Mark) -> None:
        """Show ``mark`` in its place: by seat, then in the game's order."""
        self.marks = sorted([*self.marks, mark], key=lambda m: (m.player, m.moment))
        box = self.query_one("#marks", OptionList)
        keep = box.highlighted
        box.clear_options()
        box.add_options([Option(mark_text(m, self.look)) for m in self.marks])
        box.highlighted = min(keep or 0, len(self.marks) - 1)
        self.query_one("#marks-head", Static).update(self.marks_head())

    def marks_head(self) -> Text:
        """The marks' heading: what they are, and how far the weighing is."""
        head = Text("Marks", style="bold").append("  (against the expert's best answer; Enter replays)",
                                                  style=DIM)
        if self.weighed is None:
            return head.append("  after the chart", style=DIM)
        done, of = self.weighed
        if done < of:
            return head.append(f"  weighing {done} of {of} decisions…", style=DIM)
        weighed = f"{of} decision{'s' * (of != 1)} weighed"
        return head.append(f"  {weighed}" + ("" if self.marks else ": none marked"), style=DIM)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        say_playouts_failed(self, event, "review", "Review")

    def on_resize(self, event) -> None:
        self.set_class(event.size.width < 120, "-narrow")
        if not self.has_class("-narrow") and self.has_class("-stats"):
            self.remove_class("-stats")
        self.refresh_bindings()
        self.call_after_refresh(self.show_chart)

    # -- showing ----------------------------------------------------------------------------------
    def chart_size(self) -> tuple[int, int]:
        width, height = self.app.size
        return max(20, width - 4), max(7, min(16, height // 3))

    def show_chart(self) -> None:
        width, height = self.chart_size()
        st = self.review.game.st
        chart = chance_chart(self.review.series(), self.review.names, width, height,
                             letters=self.look.tokens, colours=[self.look.colour(p) for p in range(len(st.players))],
                             last_label=self.review.last_label(),
                             bands=None if self.refining else self.review.interval_series())
        self.query_one("#review-chart", Static).update(chart)

    def progress_words(self) -> str:
        """How far the playouts are: how many, the widest interval, and once done why (one short line)."""
        review = self.review
        words = f"{review.played():,} playouts · widest ±{review.widest() * 100:.0f} points"
        if review.settled():
            return words + f": done, all within ±{TARGET * 100:.0f}"
        if not self.refining:
            return words + f": budget of {review.budget:,} spent"
        return words + f" · refining to ±{TARGET * 100:.0f}"

    def show(self) -> None:
        """The chart, the progress and the turning points as the playouts stand."""
        self.show_chart()
        review = self.review
        done = not self.refining or review.settled()
        self.query_one(ProgressBar).update(total=review.budget, progress=review.budget if done else review.played())
        self.query_one("#review-passes", Static).update(" " + self.progress_words())
        self.query_one("#turning-head", Static).update(self.turning_head(refining=not done))
        self.show_turning_points(done)

    @staticmethod
    def turning_head(refining: bool) -> Text:
        """The turning points' heading; while the playouts refine, it says the list may still change."""
        head = Text("Turning points", style="bold").append("  (Enter replays from that round)", style=DIM)
        return head.append("  refining: they may change", style=DIM) if refining else head

    def show_turning_points(self, done: bool = False) -> None:
        turning = self.review.turning_points() if self.review.played() else []
        options = self.query_one("#turning", OptionList)
        if turning == self.turning and options.option_count and (turning or not done):
            return
        self.turning = turning
        keep = options.highlighted
        options.clear_options()
        if not turning:
            words = ("The chances held: no player's chance moved by more than the playouts' uncertainty"
                     " through something they did." if done else "Waiting for the first playouts…")
            options.add_option(Option(Text(words, style=DIM), disabled=True))
            return
        options.add_options([Option(turning_point_text(self.review, tp, self.look)) for tp in turning])
        options.highlighted = min(keep or 0, len(turning) - 1)

    # -- keys -------------------------------------------------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_list.id == "marks":
            if 0 <= event.option_index < len(self.marks):
                self.open_replay(self.marks[event.option_index].moment)
            return
        if 0 <= event.option_index < len(self.turning):
            tp = self.turning[event.option_index]
            self.open_replay(self.review.points[tp.before].action)

    def action_replay(self) -> None:
        """The replay from the start of the game."""
        self.open_replay(0)

    def open_replay(self, action: int) -> None:
        """The replay (:class:`~.replay.ReplayScreen`) after ``action`` actions, drawing this review's
        chart as it refines."""
        from .replay import ReplayScreen

        self.app.push_screen(ReplayScreen(self.review.timeline, self.review, start=action))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``s`` only on a narrow screen (wider, the statistics stand beside the turning points): it shows
        the statistics in their place, then (as "Turning points") brings them back."""
        if action in ("statistics", "turning"):
            showing = self.has_class("-stats")
            return self.has_class("-narrow") and showing == (action == "turning")
        return True

    def action_statistics(self) -> None:
        """The statistics in the turning points' place (a narrow screen)."""
        self.add_class("-stats")
        self.query_one("#review-stats").focus()
        self.refresh_bindings()

    def action_turning(self) -> None:
        """The turning points back in their place (a narrow screen)."""
        self.remove_class("-stats")
        self.query_one("#turning").focus()
        self.refresh_bindings()

    def action_leave(self) -> None:
        self.workers.cancel_group(self, "review")
        if self.leave is not None:
            self.leave()
        else:
            self.dismiss(None)
