"""The options: the hot-seat hand-over screens and the animations, for this run of the app.

Both start on unless turned off in the environment (``MEGAMONO_HANDOVER=off``,
``MEGAMONO_ANIMATIONS=off``); the command palette (Ctrl+P) switches them too.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Footer, Static

from ..look import DIM


class OptionsScreen(ModalScreen[None]):
    """Two switches; Space ticks, Esc closes (each change applies at once)."""

    DEFAULT_CSS = """
    OptionsScreen { align: center middle; }
    OptionsScreen #options { width: 72; max-width: 100%; height: auto; padding: 1 2; border: heavy $accent; background: $panel; }
    OptionsScreen Checkbox { width: 100%; }
    OptionsScreen .hint { color: $text-muted; margin: 0 0 1 4; }
    """
    BINDINGS = [Binding("escape,q", "close", "Close")]

    def compose(self) -> ComposeResult:
        app = self.app
        with Vertical(id="options"):
            yield Static(Text("Options", style="bold"))
            yield Checkbox("Hand-over screens", getattr(app, "pass_notices", True), id="handover")
            yield Static("\"Pass the keyboard to NAME\" whenever another person must decide "
                         "(never for computer players).", classes="hint")
            yield Checkbox("Animations", getattr(app, "animations", True), id="animations")
            yield Static("Dice and token moves, briefly; any key skips them.", classes="hint")
            yield Static(Text("Tab moves, Space ticks, Esc closes. Also in the command palette (Ctrl+P).",
                              style=DIM))
        yield Footer()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        if event.checkbox.id == "handover":
            self.app.pass_notices = event.value
        elif event.checkbox.id == "animations":
            self.app.animations = event.value

    def action_close(self) -> None:
        self.dismiss(None)
