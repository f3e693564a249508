"""Saving (a name dialog) and the save browser (resume, rename, delete)."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Input, Static

from megamono.autosave import AUTOSAVE_PREFIX, is_autosave, lock_holder
from megamono.files import printable, shown_name
from megamono.rules.engine import Game
from megamono.saves import (
    SaveError,
    SaveInfo,
    check_save_name,
    delete_save,
    is_autosave_name,
    list_saves,
    load_save,
    rename_save,
    save_game,
)

from ..look import DIM
from ..resizing import LatestSizeOnly
from ..runtime import runtime_of
from ..widgets.footer import KeysFooter
from ..widgets.notices import NoticeLine

if TYPE_CHECKING:
    from textual import getters

    from ..app import MegamonoApp


MARKUP_TAG = re.compile(r"\[/?[A-Za-z#@/][^\[\]]*\]")
"""A markup tag typed into a name ("[b]", "[/b]", "[bold red]"): dropped whole from a save name."""


def suggest_name(game: Game) -> str:
    """A default save name: the players' names and the turn ("Ann-Zoë-Юля-turn12"). A name keeps its
    letters (of any script, with their accents) and digits; markup tags go whole ("[b]Bo[/b]" is
    "Bo"), and so does anything else a save name may not hold (emoji, punctuation)."""
    parts = []
    for k, p in enumerate(game.st.players):
        name = unicodedata.normalize("NFC", MARKUP_TAG.sub("", p.name))
        kept = "".join(c for c in name if unicodedata.category(c)[0] in "LMN")
        while kept and unicodedata.category(kept[0])[0] == "M":  # (an accent whose letter went)
            kept = kept[1:]
        parts.append(kept or f"P{k + 1}")
    names = "-".join(parts)[:48]
    while len(names.encode()) > 160:  # (a save name is at most 200 bytes: letters of 4 bytes)
        names = names[:-1]
    return f"{names.rstrip('-')}-turn{game.st.turn.number}"


class SaveNameInput(Input):
    """The save dialog's name field: its Enter says in the footer what it does (a plain Input's own
    Enter, hidden, hid the dialog's, so the footer said only Esc)."""

    BINDINGS = [Binding("enter", "submit", "Save")]


class RenameInput(Input):
    """The rename dialog's name field (see :class:`SaveNameInput`)."""

    BINDINGS = [Binding("enter", "submit", "Rename")]


class SaveDialog(LatestSizeOnly, ModalScreen[Path | None]):
    """Ask for a save name (checked by :func:`check_save_name`) and write the game atomically.

    Dismisses with the written path, or None when cancelled. An existing save of that name (the one the
    game was resumed from too) is only replaced after a second Enter.
    """

    DEFAULT_CSS = """
    SaveDialog { align: center middle; }
    SaveDialog #savebox { width: 72; max-width: 100%; height: auto; padding: 1 2; border: heavy $accent;
                          background: $panel; }
    SaveDialog #saveerr { color: $error; height: auto; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("enter", "save", "Save", show=True)]
    AUTO_FOCUS = "#savename"

    def __init__(self, game: Game, folder: Path, current: Path | None = None, game_id: str | None = None) -> None:
        super().__init__()
        self.game = game
        self.folder = folder
        self.current = current
        self.game_id = game_id
        """The id of the game being played (its autosave's): a named save carries it too, so that the
        start screen knows both for one game."""
        self._confirm: Path | None = None
        self._early = False  # keys were typed before the name box had focus

    def compose(self) -> ComposeResult:
        default = suggest_name(self.game)
        if (self.current and self.current.parent == self.folder and not re.search(r"-turn\d+$", self.current.stem)
                and not is_autosave_name(self.current.stem)):
            default = self.current.stem  # keep saving under the name the player chose
        with Vertical(id="savebox"):
            yield Static(Text("Save the game", style="bold"))
            yield Static(Text(f"into {self.folder}/ — letters, digits, space, _ . - (up to 64)", style=DIM))
            box = SaveNameInput(default, id="savename")
            box.cursor_blink = runtime_of(self.app).blink
            yield box
            yield Static("", id="saveerr")
        yield NoticeLine()
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_key(self, event) -> None:
        """A key typed before the name box had focus still goes into the name."""
        box = self.query_one(Input)
        if self.focused is not box and event.is_printable and event.character:
            event.stop()
            event.prevent_default()
            # like typing over the selected default name: the first key replaces it
            box.value = (box.value if self._early else "") + event.character
            box.cursor_position = len(box.value)
            self._early = True
            box.select_on_focus = False
            box.focus()

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
        if is_autosave_name(path.stem):  # it would be replaced at the end of the turn
            err.update(Text("names beginning \"autosave\" are the automatic saves' (replaced at every turn): "
                            "choose another"))
            return
        if path.exists() and self._confirm != path:  # (the save this game came from too: it asks first)
            self._confirm = path
            what = "is the save this game was resumed from" if path == self.current else "exists"
            err.update(Text(f"{path.name} {what}: press Enter again to replace it"))
            return
        try:
            played = getattr(self.app, "played_for_save", None)
            written = save_game(self.game, name, self.folder, game_id=self.game_id,
                                played_seconds=played(self.game) if played else None,
                                origin=getattr(self.app, "origin", None), saved_at=runtime_of(self.app).clock.now())
        except (SaveError, OSError) as exc:
            err.update(Text(f"could not save: {exc}"))
            return
        self.dismiss(written)

    def action_cancel(self) -> None:
        self.dismiss(None)


class RenameDialog(LatestSizeOnly, ModalScreen[str | None]):
    """Ask for a new name of a save: checked as you type (:func:`check_save_name`, not an existing
    file); dismisses with the name, or None when cancelled."""

    DEFAULT_CSS = """
    RenameDialog { align: center middle; }
    RenameDialog #renamebox { width: 72; max-width: 100%; height: auto; padding: 1 2; border: heavy $accent;
                              background: $panel; }
    RenameDialog #renameerr { color: $error; height: auto; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("enter", "rename", "Rename", show=True)]

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path

    def compose(self) -> ComposeResult:
        with Vertical(id="renamebox"):
            yield Static(Text(f"Rename the save {shown_name(self.path.stem)}", style="bold"))
            yield Static(Text("letters, digits, space, _ . - (up to 64)", style=DIM))
            box = RenameInput(self.path.stem, id="newname")
            box.cursor_blink = runtime_of(self.app).blink
            yield box
            yield Static("", id="renameerr")
        yield NoticeLine()
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def problem(self, name: str) -> str | None:
        """Why ``name`` cannot be the new name, or None."""
        try:
            target = self.path.parent / check_save_name(name)
        except SaveError as exc:
            return str(exc)
        if is_autosave_name(target.stem):
            return "names beginning \"autosave\" are the automatic saves': choose another"
        if target.exists() and target != self.path:
            return f"{target.name} exists already: choose another name"
        return None

    def on_input_changed(self, event: Input.Changed) -> None:
        self.query_one("#renameerr", Static).update(Text(self.problem(event.value) or ""))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_rename()

    def action_rename(self) -> None:
        name = self.query_one(Input).value
        why = self.problem(name)
        if why:
            self.query_one("#renameerr", Static).update(Text(why))
            return
        self.dismiss(name.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)


class ResumeScreen(LatestSizeOnly, Screen[None]):
    """The save browser: every save in the save folder and its ``examples``, newest first, with
    name, edition, players, turn and date. Enter loads, ``v`` reviews (:mod:`.review`), ``n`` renames,
    Delete or ``x`` deletes (after a yes/no question). Examples cannot be renamed or deleted. A file
    that cannot be read is listed with the reason; it can be deleted (after the same question), not
    renamed.
    """

    if TYPE_CHECKING:
        app = getters.app(MegamonoApp)

    DEFAULT_CSS = """
    ResumeScreen #resume { padding: 1 2; }
    ResumeScreen DataTable { height: auto; max-height: 30; }
    ResumeScreen #info { height: auto; margin-top: 1; }
    ResumeScreen #loaderr { color: $error; height: auto; }
    """
    BINDINGS = [
        Binding("escape,q", "back", "Back"),
        Binding("enter", "load", "Load", show=True),
        Binding("v", "review", "Review"),
        Binding("n", "rename", "Rename"),
        Binding("delete,x", "delete", "Delete", key_display="Del/x"),
        # (the table's own Home/End move across columns; in this list they go to the first/last save)
        Binding("home", "row('first')", "First", show=False, priority=True),
        Binding("end", "row('last')", "Last", show=False, priority=True),
    ]

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = Path(folder)
        self.saves: list[SaveInfo] = []
        self.damaged: list[Path] = []
        self.errors: dict[Path, str] = {}
        """Why each damaged file cannot be read (the :class:`SaveError` message)."""
        self.paths: list[Path] = []
        """The files in table order: the readable saves newest first, then the damaged ones."""
        self.scan()

    def scan(self) -> None:
        """Read the folder again: the saves, and why each other ``*.json`` file cannot be read (a
        damaged save, a FIFO, a file too large...: one bad file never hides the others)."""
        errors: dict[Path, str] = {}
        self.saves = list_saves(self.folder, unreadable=errors)
        self.errors = dict(sorted(errors.items()))
        self.damaged = list(self.errors)
        self.paths = [s.path for s in self.saves] + self.damaged

    def compose(self) -> ComposeResult:
        with Vertical(id="resume"):
            title = Text(f"Saved games  ({self.folder}/)", style="bold")
            title.append("    Enter load · v review · n rename · Del/x delete · Esc back", style=DIM)
            yield Static(title)
            table: DataTable[str | Text] = DataTable(id="saves", cursor_type="row")
            table.add_columns("Name", "Edition", "Players", "Turn", "Saved")
            yield table
            yield Static(Text("No saved games here yet.", style=DIM), id="empty")
            yield Static("", id="info")
            yield Static("", id="loaderr")
        yield NoticeLine()
        yield KeysFooter()

    def on_mount(self) -> None:
        self.fill()
        self.query_one(DataTable).focus()

    def fill(self, select: Path | None = None) -> None:
        """(Re)build the table from :attr:`paths`; put the cursor on ``select`` if given."""
        table = self.query_one(DataTable)
        table.clear()
        for s in self.saves:
            # (Text: names are shown as typed; a string cell would be read as markup)
            # (a name's control characters are shown escaped: a newline would break the row)
            name = Text(shown_name(s.name), style=DIM) if s.example else Text(shown_name(s.name))
            players = Text(printable(", ".join(s.players) + (" (over)" if s.over else "")))
            table.add_row(name, Text(printable(s.edition)), players, str(s.turn),
                          s.modified.strftime("%Y-%m-%d %H:%M"), key=str(s.path))
        for f in self.damaged:
            stem = shown_name(f"examples/{f.stem}" if f.parent.name == "examples" else f.stem)
            table.add_row(Text(stem), "", Text("(cannot be read)", style="#ff8080"), "", "", key=str(f))
        self.query_one("#empty").display = not self.paths
        if select in self.paths:
            table.move_cursor(row=self.paths.index(select))
        self.show_info()
        self.refresh_bindings()

    def current(self) -> Path | None:
        if not self.paths:
            return None
        row = self.query_one(DataTable).cursor_row
        return self.paths[row] if 0 <= row < len(self.paths) else None

    def info_of(self, path: Path) -> SaveInfo | None:
        return next((s for s in self.saves if s.path == path), None)

    def show_info(self) -> None:
        """Under the table: what the highlighted file is (or why it cannot be read)."""
        path = self.current()
        info = self.query_one("#info", Static)
        if path is None:
            info.update("")
            return
        if path in self.errors:
            info.update(Text(f"Cannot be read: {self.errors[path]}" + (
                "" if path.parent.name == "examples" else "  (Del/x deletes it)"), style="#ff8080"))
        elif path.parent.name == "examples":
            info.update(Text(f"{shown_name(path)}: an example game (it cannot be renamed or deleted)", style=DIM))
        else:
            why = self.in_use(path)
            info.update(Text(shown_name(path) + (f"  ({why}: it cannot be renamed or deleted)" if why else ""),
                             style=DIM))

    def action_row(self, where: str) -> None:
        """Home/End: the cursor to the first or last save of the list."""
        table = self.query_one(DataTable)
        if table.row_count:
            table.move_cursor(row=0 if where == "first" else table.row_count - 1)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.query_one("#loaderr", Static).update("")
        self.show_info()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Rename is greyed out on an example or an unreadable file, delete on an example."""
        if action in ("rename", "delete"):
            path = self.current()
            return None if path is None or self.protected(path, action) else True
        if action == "load":
            return True if self.paths else None
        return True

    def protected(self, path: Path, action: str = "rename") -> bool:
        """An example is never renamed or deleted; an unreadable file may be deleted, not renamed;
        an autosave in use (:meth:`in_use`) is left alone."""
        return (path.parent.name == "examples" or (action == "rename" and path in self.errors)
                or self.in_use(path) is not None)

    def in_use(self, path: Path) -> str | None:
        """Why ``path`` may be neither renamed nor deleted now: it is the autosave of the game in
        play, or of a game open in another running megamono (its lock, :func:`lock_holder`); else
        None."""
        app = self.app
        if getattr(app, "game_in_play", None) is not None and getattr(app, "game_id", None) \
                and path.name == app.autosave_path.name and path.parent.resolve() == app.autosave_path.parent.resolve():
            return "it is the autosave of the game you are playing"
        prefix = AUTOSAVE_PREFIX + "-"
        if is_autosave(path) and path.stem.startswith(prefix):
            holder = lock_holder(self.folder, path.stem[len(prefix):], getattr(app, "token", None))
            if holder is not None:
                return f"its game is open in another megamono (process {holder})"
        return None

    def on_key(self, event) -> None:
        """A greyed-out rename or delete key says why it does nothing (the footer is easy to miss)."""
        active = self.active_bindings.get(event.key)
        path = self.current()
        if active is not None and not active.enabled and active.node is self and path is not None \
                and active.binding.action in ("rename", "delete"):
            self.refuse_change(path, "renamed" if active.binding.action == "rename" else "deleted")

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.load(event.cursor_row)

    def say(self, message: str) -> None:
        self.query_one("#loaderr", Static).update(Text(message))
        self.app.notify(message, severity="warning")

    def action_load(self) -> None:
        if self.paths:
            self.load(self.query_one(DataTable).cursor_row)

    def load(self, row: int) -> None:
        if not 0 <= row < len(self.paths):
            return
        path = self.paths[row]
        try:
            saved = load_save(path)
        except SaveError as exc:
            self.query_one("#loaderr", Static).update(Text(f"Cannot load: {exc}"))
            self.app.notify(str(exc), title="Cannot load", severity="error")
            return
        self.app.start_game(saved.game, path, saved.game_id, saved.played_seconds)

    def action_review(self) -> None:
        """The review of the save under the cursor (:mod:`.review`): win chances over the game, turning
        points, replay. Nothing is loaded into play and the file is not touched."""
        path = self.current()
        if path is None:
            return
        try:
            saved = load_save(path)
        except SaveError as exc:
            self.say(f"Cannot review: {exc}")
            return
        from .review import ReviewScreen

        self.app.push_screen(ReviewScreen(saved.game, shown_name(path.stem)))

    def refuse_change(self, path: Path, verb: str) -> bool:
        """Say why ``path`` cannot be renamed or deleted (an example, or unreadable); True if so."""
        if path.parent.name == "examples":
            self.say(f"examples/{shown_name(path.stem)} is an example: it cannot be {verb}")
            return True
        if path in self.errors and verb == "renamed":
            self.say(f"{shown_name(path.name)} cannot be read, so it is not renamed (Del/x deletes it)")
            return True
        why = self.in_use(path)
        if why is not None:
            self.say(f"{shown_name(path.stem)} is not {verb}: {why}")
            return True
        return False

    def action_rename(self) -> None:
        path = self.current()
        if path is None or self.refuse_change(path, "renamed"):
            return

        def done(name: str | None) -> None:
            if name is None:
                return
            try:
                target = rename_save(path, name)
            except (SaveError, OSError) as exc:
                self.say(f"Cannot rename: {exc}")
                return
            self.app.notify(f"Renamed {shown_name(path.name)} to {shown_name(target.name)}")
            self.scan()
            self.fill(select=target)

        self.app.push_screen(RenameDialog(path), done)

    def action_delete(self) -> None:
        path = self.current()
        if path is None or self.refuse_change(path, "deleted"):
            return
        from ..dialogs.notice import ConfirmDialog

        info = self.info_of(path)
        about = f" ({printable(', '.join(info.players))}; turn {info.turn})" if info else ""
        what = f"the save {shown_name(path.stem)}{about}"
        if path in self.errors:
            what = f"the file {shown_name(path.name)}, which cannot be read as a save"
        row = self.paths.index(path)

        def done(yes: bool | None) -> None:
            if not yes:
                return
            try:
                delete_save(path)
            except (SaveError, OSError) as exc:
                self.say(f"Cannot delete: {exc}")
                return
            self.app.notify(f"Deleted {shown_name(path.name)}")
            self.scan()
            self.fill(select=self.paths[min(row, len(self.paths) - 1)] if self.paths else None)

        self.app.push_screen(ConfirmDialog(f"Delete {what}?\nThis cannot be undone."), done)

    def action_back(self) -> None:
        """Back to the game when one is in play (this list was opened over it), else to the start."""
        from .game import GameScreen

        if any(isinstance(s, GameScreen) for s in self.app.screen_stack[:-1]):
            self.app.pop_screen()
        else:
            self.app.leave_game(self.app.go_start)
