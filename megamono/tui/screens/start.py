"""The start screen: new game, resume a saved game, or quit."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from ..look import DIM, GROUP_STYLE

TITLE = r"""
 __  __                  __  __
|  \/  | ___  __ _  __ _|  \/  | ___  _ __   ___
| |\/| |/ _ \/ _` |/ _` | |\/| |/ _ \| '_ \ / _ \
| |  | |  __/ (_| | (_| | |  | | (_) | | | | (_) |
|_|  |_|\___|\__, |\__,_|_|  |_|\___/|_| |_|\___/
             |___/
"""


def title_text() -> Text:
    t = Text(TITLE.strip("\n"), style="bold", justify="center")
    t.append("\n\n")
    for code, bg, fg in GROUP_STYLE.values():
        if code != "Pu":
            t.append(f" {code} ", style=f"bold {fg} on {bg}")
    t.append("\n\nMonopoly: The Mega Edition — hot-seat, 2 to 8 players on one keyboard", style=DIM)
    return t


class StartScreen(Screen):
    """New game (n), Resume (r), Quit (q)."""

    DEFAULT_CSS = """
    StartScreen { align: center middle; }
    StartScreen #start { width: 80; height: auto; padding: 1 4; border: heavy $accent; }
    StartScreen #start Button { width: 100%; margin-top: 1; }
    StartScreen #title { content-align: center middle; width: 100%; }
    StartScreen #starterr { color: $error; height: auto; margin-top: 1; }
    """
    BINDINGS = [Binding("n", "new", "New game"), Binding("r", "resume", "Resume"), Binding("q", "quit", "Quit")]

    def compose(self) -> ComposeResult:
        with Vertical(id="start"):
            yield Static(title_text(), id="title")
            yield Button(Content("New game [n]"), id="new", variant="primary")
            yield Button(Content("Resume a saved game [r]"), id="resume")
            yield Button(Content("Quit [q]"), id="quit")
            yield Static("", id="starterr")
        yield Footer()

    def show_error(self, message: str) -> None:
        self.query_one("#starterr", Static).update(Text(message))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        {"new": self.action_new, "resume": self.action_resume, "quit": self.action_quit}[event.button.id or "quit"]()

    def action_new(self) -> None:
        from .setup import SetupScreen
        self.app.push_screen(SetupScreen())

    def action_resume(self) -> None:
        from .saves import ResumeScreen
        self.app.push_screen(ResumeScreen(self.app.saves_dir))

    def action_quit(self) -> None:
        self.app.exit(0)
