"""Saving (a name dialog) and resuming (the list of saves)."""

from __future__ import annotations

import re
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Footer, Input, Static

from megamono.rules.engine import Game
from megamono.saves import SaveError, check_save_name, list_saves, load_game, save_game

from ..look import DIM


def suggest_name(game: Game) -> str:
    """A default save name: the players' names (safe characters only) and the turn."""
    names = "-".join(re.sub(r"[^A-Za-z0-9]", "", p.name) or f"P{k + 1}" for k, p in enumerate(game.st.players))
    return f"{names[:48]}-turn{game.st.turn.number}"


class SaveDialog(ModalScreen[Path | None]):
    """Ask for a save name (checked by :func:`check_save_name`) and write the game atomically.

    Dismisses with the written path, or None when cancelled. An existing save of that name is only
    replaced after a second Enter.
    """

    DEFAULT_CSS = """
    SaveDialog { align: center middle; }
    SaveDialog #savebox { width: 72; height: auto; padding: 1 2; border: heavy $accent; background: $panel; }
    SaveDialog #saveerr { color: $error; height: auto; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("enter", "save", "Save", show=True)]

    def __init__(self, game: Game, folder: Path, current: Path | None = None) -> None:
        super().__init__()
        self.game = game
        self.folder = folder
        self.current = current
        self._confirm: Path | None = None

    def compose(self) -> ComposeResult:
        default = suggest_name(self.game)
        if self.current and self.current.parent == self.folder and not re.search(r"-turn\d+$", self.current.stem):
            default = self.current.stem  # keep saving under the name the player chose
        with Vertical(id="savebox"):
            yield Static(Text("Save the game", style="bold"))
            yield Static(Text(f"into {self.folder}/ — letters, digits, space, _ . - (up to 64)", style=DIM))
            box = Input(default, id="savename", max_length=69)
            if getattr(self.app, "test_mode", False):
                box.cursor_blink = False
            yield box
            yield Static("", id="saveerr")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        self._confirm = None
        self.query_one("#saveerr", Static).update("")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save()

    def action_save(self) -> None:
        name = self.query_one(Input).value
        err = self.query_one("#saveerr", Static)
        try:
            path = self.folder / check_save_name(name)
        except SaveError as exc:
            err.update(Text(str(exc)))
            return
        if path.exists() and path != self.current and self._confirm != path:
            self._confirm = path
            err.update(Text(f"{path.name} exists: press Enter again to replace it"))
            return
        try:
            written = save_game(self.game, name, self.folder)
        except (SaveError, OSError) as exc:
            err.update(Text(f"could not save: {exc}"))
            return
        self.dismiss(written)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ResumeScreen(Screen):
    """The saves in the save folder (name, players, turn, date); Enter loads one.

    A file that fails to load shows the :class:`SaveError` message and is left untouched.
    """

    DEFAULT_CSS = """
    ResumeScreen #resume { padding: 1 2; }
    ResumeScreen DataTable { height: auto; max-height: 30; }
    ResumeScreen #loaderr { color: $error; height: auto; margin-top: 1; }
    """
    BINDINGS = [Binding("escape,q", "back", "Back"), Binding("enter", "load", "Load", show=True)]

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder
        self.saves = list_saves(folder)
        listed = {s.path for s in self.saves}
        # files list_saves cannot read are listed too, so choosing one says what is wrong with it
        self.damaged = sorted(f for f in [*folder.glob("*.json"), *(folder / "examples").glob("*.json")]
                              if f not in listed)
        self.paths = [s.path for s in self.saves] + self.damaged

    def compose(self) -> ComposeResult:
        with Vertical(id="resume"):
            yield Static(Text(f"Resume a saved game  ({self.folder}/)", style="bold"))
            table = DataTable(id="saves", cursor_type="row")
            table.add_columns("Name", "Players", "Turn", "Saved")
            for s in self.saves:
                table.add_row(s.name, ", ".join(s.players), str(s.turn), s.modified.strftime("%Y-%m-%d %H:%M"))
            yield table
            for f in self.damaged:
                name = f"examples/{f.stem}" if f.parent.name == "examples" else f.stem
                table.add_row(name, Text("(cannot be read)", style="#ff8080"), "", "")
            if not self.paths:
                yield Static(Text("No saved games here yet.", style=DIM))
            yield Static("", id="loaderr")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(DataTable).focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.load(event.cursor_row)

    def action_load(self) -> None:
        if self.paths:
            self.load(self.query_one(DataTable).cursor_row)

    def load(self, row: int) -> None:
        if not 0 <= row < len(self.paths):
            return
        path = self.paths[row]
        try:
            game = load_game(path)
        except SaveError as exc:
            self.query_one("#loaderr", Static).update(Text(f"Cannot load: {exc}"))
            self.app.notify(str(exc), title="Cannot load", severity="error")
            return
        self.app.start_game(game, path)

    def action_back(self) -> None:
        self.app.go_start()
