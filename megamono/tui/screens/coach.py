"""The coach (``j`` on the board, in every decision dialog and in the open auction; issue 28, item 5): the
answers to the decision a human is answering, best first, as the expert computer player weighs them
(:func:`megamono.bots.expert.coach`: the same playouts, on the position's own seed), each with the chance
to win after it and its 95% interval.

It never decides: it shows, and ``Esc`` (or ``j`` again) closes it; the decision waits meanwhile (an open
auction's countdown stands still while it is on top, as under any other screen). The weighing runs in a
thread worker on a copy of the game taken when the coach opens (at once, on the main thread, when the
runtime has no threads).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import LoadingIndicator, Static
from textual.worker import Worker

from megamono.bots.expert import COACH_PLAYOUTS, HORIZON, Advice, coach

from ..look import Look
from ..resizing import LatestSizeOnly
from ..runtime import runtime_of
from ..widgets.footer import KeysFooter
from ..widgets.notices import NoticeLine
from .chances import say_playouts_failed

if TYPE_CHECKING:
    from megamono.rules.engine import Game


class Advised(Message):
    """The coach's answers, weighed."""

    def __init__(self, advice: list[Advice]) -> None:
        super().__init__()
        self.advice = advice


def advice_table(advice: list[Advice]) -> Table:
    """The answers, best first: the best marked, each with its chance to win, interval and final worth."""
    table = Table(box=box.SIMPLE_HEAD, expand=False, pad_edge=False, show_edge=False)
    table.add_column("")
    table.add_column("answer")
    table.add_column("chance to win", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("expected final worth", justify="right")
    for k, a in enumerate(advice):
        mark = "best" if k == 0 and len(advice) > 1 else ""
        style = "bold" if k == 0 else ""
        table.add_row(Text(mark, style="bold"), Text(a.words, style=style), Text(f"{a.chance:.1%}", style=style),
                      f"{a.low:.1%} - {a.high:.1%}", f"${a.worth:,.0f}")
    return table


class CoachScreen(LatestSizeOnly, ModalScreen[None]):
    """The coach for seat ``player`` of ``game`` (a copy the screen keeps), over whatever is open."""

    DEFAULT_CSS = """
    CoachScreen { align: center middle; }
    CoachScreen #coach { width: 96; max-width: 100%; height: auto; max-height: 100%; padding: 0 2;
                         border: heavy $accent; background: $panel; }
    CoachScreen #coach-about { margin-bottom: 1; }
    CoachScreen LoadingIndicator { height: 1; }
    CoachScreen #coach-note { color: $text-muted; margin-top: 1; }
    """
    BINDINGS = [Binding("escape,j", "close", "Close")]

    def __init__(self, game: Game, player: int, look: Look) -> None:
        super().__init__()
        self.game = game
        self.player = player
        self.look = look
        self.advice: list[Advice] | None = None
        """The answers weighed (None until they come)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="coach") as frame:
            frame.border_title = "Coach"
            yield Static(self.about(), id="coach-about")
            yield LoadingIndicator(id="coach-busy")
            yield Static("", id="coach-table")
            yield Static(self.note(), id="coach-note")
        yield NoticeLine()
        yield KeysFooter()

    def playouts(self) -> int:
        """Playouts per answer: the coach's, or fewer at a scripted table (the runtime's ``playouts``)."""
        scripted = runtime_of(self.app).playouts
        return COACH_PLAYOUTS if scripted is None else min(COACH_PLAYOUTS, scripted)

    def about(self) -> Text:
        t = Text("The answers of ")
        t.append_text(self.look.who(self.player))
        t.append(f" to: {self.game.describe_pending()}")
        return t

    def note(self) -> str:
        n = self.playouts() if self.is_mounted else COACH_PLAYOUTS
        seed = f"; seed {self.advice[0].seed}" if self.advice else ""
        return (f"Each answer is played out {n} times, the strong computer in every seat, {HORIZON} rounds on and "
                f"then final worth decides (RULES.md E2){seed}. The coach only shows: you decide. Esc closes it.")

    def on_mount(self) -> None:
        if not runtime_of(self.app).threads:
            self.show(coach(self.game, self.player, self.playouts()))
            return
        n = self.playouts()
        self.run_worker(lambda: self.post_message(Advised(coach(self.game, self.player, n))), thread=True,
                        group="coach", exit_on_error=False)

    def on_advised(self, message: Advised) -> None:
        self.show(message.advice)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        say_playouts_failed(self, event, "coach", "Coach")

    def show(self, advice: list[Advice]) -> None:
        """Show the answers weighed."""
        self.advice = advice
        self.query_one("#coach-busy").display = False
        self.query_one("#coach-table", Static).update(advice_table(advice))
        self.query_one("#coach-note", Static).update(self.note())

    def action_close(self) -> None:
        """Close the coach (the weighing under way is dropped: its answer goes nowhere)."""
        self.workers.cancel_group(self, "coach")
        self.dismiss(None)
