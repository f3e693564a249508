"""Small modal notices: "pass the keyboard to NAME" and a yes/no confirmation."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from ..look import DIM, Look


class PassKeyboard(ModalScreen[None]):
    """Hot-seat hand-over: shown whenever the deciding player changes; Enter dismisses it."""

    DEFAULT_CSS = """
    PassKeyboard { align: center middle; }
    PassKeyboard #pass { width: 56; height: auto; padding: 1 2; border: heavy $accent; background: $panel; }
    """
    BINDINGS = [Binding("enter,space", "ok", "I am ready")]

    def __init__(self, look: Look, player: int, why: str = "") -> None:
        super().__init__()
        self.look = look
        self.player = player
        self.why = why

    def compose(self) -> ComposeResult:
        name = self.look.game.st.players[self.player].name
        t = Text("Pass the keyboard to\n\n", style="bold")
        t.append_text(self.look.block(self.player))
        t.append(" ")
        t.append_text(self.look.who(self.player))
        if self.why:
            t.append(f"\n\n{self.why}", style=DIM)
        t.append(f"\n\n{name}: press Enter when you are ready.", style=DIM)
        with Vertical(id="pass"):
            yield Static(t)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#pass").styles.border = ("heavy", self.look.colour(self.player))

    def action_ok(self) -> None:
        self.dismiss(None)


class ConfirmDialog(ModalScreen[bool]):
    """A yes/no question: ``y`` confirms, ``n`` or Escape declines."""

    DEFAULT_CSS = """
    ConfirmDialog { align: center middle; }
    ConfirmDialog #confirm { width: 60; height: auto; padding: 1 2; border: heavy $warning; background: $panel; }
    """
    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            yield Static(Text(self.question + "\n\n", style="bold") + Text("y = yes, n = no", style=DIM))
        yield Footer()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
