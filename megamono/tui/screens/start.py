"""The start screen: resume the autosaved game (when there is one), new game, saved games, quit."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..look import DIM, GROUP_STYLE
from ..resizing import LatestSizeOnly

if TYPE_CHECKING:
    from megamono.saves import SaveInfo

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


def autosave_label(info: "SaveInfo | AutosaveInfo") -> str:
    """ "Resume the autosaved game (Ann, Bob, Cat; turn 12)"."""
    return f"Resume the autosaved game ({', '.join(info.players)}; turn {info.turn})"


@dataclass
class AutosaveInfo:
    """What the start screen says about the autosave: read straight from its JSON, so the start
    screen needs neither the save module nor the rules core (see tests/bench/app.py). Loading it
    still goes through :func:`megamono.saves.load_game`, which validates everything."""

    path: Path
    players: list[str]
    turn: int
    over: bool


def unfinished_autosave(path: Path) -> AutosaveInfo | None:
    """The summary of the autosave at ``path`` if it holds a game that is not over (None when it is
    missing, finished or not a megamono save)."""
    import json

    try:
        if path.stat().st_size > 10 * 1024 * 1024:
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != "megamono-save":
            return None
        st = data["state"]
        info = AutosaveInfo(path=path, players=[str(p["name"]) for p in st["players"]],
                            turn=int(st["turn"]["number"]), over=st.get("winner") is not None)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    return None if info.over else info


class StartScreen(LatestSizeOnly, Screen):
    """Resume the autosave (a, shown only when an unfinished one exists), New game (n),
    saved games (r), Quit (q)."""

    DEFAULT_CSS = """
    StartScreen { align: center middle; }
    StartScreen #start { width: 80; max-width: 100%; height: auto; max-height: 100%; padding: 1 4; border: heavy $accent; }
    StartScreen #start Button { width: 100%; margin-top: 1; }
    StartScreen #title { content-align: center middle; width: 100%; }
    StartScreen #starterr { color: $error; height: auto; margin-top: 1; }
    """
    BINDINGS = [Binding("a", "autosave", "Resume autosave"), Binding("n", "new", "New game"),
                Binding("r", "resume", "Resume"), Binding("q", "quit", "Quit")]

    autosave: AutosaveInfo | None = None
    """The unfinished autosaved game offered first, or None."""

    def compose(self) -> ComposeResult:
        with Vertical(id="start"):
            yield Static(title_text(), id="title")
            yield Button("", id="autosave", variant="success")
            yield Button(Content("New game [n]"), id="new", variant="primary")
            yield Button(Content("Resume a saved game [r]"), id="resume")
            yield Button(Content("Quit [q]"), id="quit")
            yield Static("", id="starterr")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_autosave()

    def on_screen_resume(self) -> None:
        self.refresh_autosave()

    def refresh_autosave(self) -> None:
        """Offer the autosaved game first if there is an unfinished one (read again each time)."""
        self.autosave = unfinished_autosave(Path(self.app.saves_dir) / "autosave.json")
        button = self.query_one("#autosave", Button)
        if self.autosave is not None:
            button.label = Content(autosave_label(self.autosave) + " [a]")
            button.display = True
            button.focus()
        else:
            button.display = False
            if self.focused is None or self.focused is button:
                self.query_one("#new", Button).focus()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "autosave":
            return self.autosave is not None
        return True

    def show_error(self, message: str) -> None:
        self.query_one("#starterr", Static).update(Text(message))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        {"autosave": self.action_autosave, "new": self.action_new, "resume": self.action_resume,
         "quit": self.action_quit}[event.button.id or "quit"]()

    def action_autosave(self) -> None:
        if self.autosave is not None:
            self.app.resume(self.autosave.path)

    def action_new(self) -> None:
        from .setup import SetupScreen
        self.app.push_screen(SetupScreen(getattr(self.app, "edition", None)))

    def action_resume(self) -> None:
        from .saves import ResumeScreen
        self.app.push_screen(ResumeScreen(self.app.saves_dir))

    def action_quit(self) -> None:
        self.app.exit(0)
