"""Small modal notices: "pass the keyboard to NAME" and a yes/no confirmation."""

from __future__ import annotations

import time

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
    BINDINGS = [Binding("enter,space", "ok", "I am ready"), Binding("s", "save", "Save"),
                Binding("q", "leave", "Quit game")]
    GUARD = 0.4
    """Seconds after opening in which keys are ignored: keys typed ahead by the previous player must
    not dismiss the notice (off in test mode)."""

    def __init__(self, look: Look, player: int, why: str = "", owner=None) -> None:
        super().__init__()
        self.look = look
        self.player = player
        self.why = why
        self.owner = owner
        """The game screen: ``s`` and ``q`` run its save and quit."""
        self._opened = time.monotonic()
        self._guard_timer = False

    def too_soon(self) -> bool:
        if getattr(self.app, "test_mode", False) or time.monotonic() - self._opened >= self.GUARD:
            return False
        if not self._guard_timer:
            self._guard_timer = True
            self.set_timer(self.GUARD, self.refresh_bindings)
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.too_soon():
            return False
        if action in ("save", "leave"):
            return self.owner is not None
        return True

    def action_save(self) -> None:
        if self.owner is not None:
            self.owner.action_save()

    def action_leave(self) -> None:
        if self.owner is not None:
            self.owner.action_leave()

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
