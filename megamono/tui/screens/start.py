"""The start screen: the games in progress (every unfinished autosave, newest first), new game, saved
games, quit."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from megamono.autosave import ResumableGame, folder_words, resumable_games, set_aside

from ..look import DIM, GROUP_STYLE
from ..resizing import LatestSizeOnly
from ..runtime import runtime_of
from ..widgets.footer import KeysFooter
from ..widgets.notices import NoticeLine

if TYPE_CHECKING:
    from textual import getters

    from ..app import MegamonoApp

TITLE = r"""
 __  __                  __  __
|  \/  | ___  __ _  __ _|  \/  | ___  _ __   ___
| |\/| |/ _ \/ _` |/ _` | |\/| |/ _ \| '_ \ / _ \
| |  | |  __/ (_| | (_| | |  | | (_) | | | | (_) |
|_|  |_|\___|\__, |\__,_|_|  |_|\___/|_| |_|\___/
             |___/
"""


SHORT_TITLE_BELOW = 36
"""Terminal rows under which the start screen's title leaves out its big letters when games in progress
are listed (at 100x30 the list pushed the Quit button out of the box)."""


def title_text(short: bool = False) -> Text:
    """The start screen's title: the name in big letters (``short``: in plain bold), the colour groups
    and what the game is."""
    t = Text("megamono" if short else TITLE.strip("\n"), style="bold", justify="center")
    t.append("\n\n")
    for code, bg, fg in GROUP_STYLE.values():
        if code != "Pu":
            t.append(f" {code} ", style=f"bold {fg} on {bg}")
    t.append("\n\nMonopoly: The Mega Edition — hot-seat, 2 to 8 players on one keyboard", style=DIM)
    return t


def when(saved: datetime, now: datetime) -> str:
    """When a game was saved, in few words: "today 21:04", "yesterday 18:30", "Tue 1 Dec 18:30"."""
    days = (now.date() - saved.date()).days
    if days == 0:
        return f"today {saved:%H:%M}"
    if days == 1:
        return f"yesterday {saved:%H:%M}"
    if 0 < days < 300:
        return f"{saved:%a} {saved.day} {saved:%b %H:%M}"
    return f"{saved.day} {saved:%b %Y %H:%M}"


def game_label(entry: ResumableGame, now: datetime, here: Path | None = None) -> Text:
    """One entry of the games in progress: players, round, when saved, and on a second line what is special
    about it: where it came from (a save, a position, a copy; rescued, from which save folder: ``here`` is
    the save folder listed), open in another megamono; or that it is damaged. ``now``: the runtime clock's
    date and time."""
    if entry.damaged is not None:
        t = Text("damaged: ", style="bold")
        t.append(entry.damaged)
        t.append("  (x sets it aside)", style=DIM)
        return t
    t = Text(", ".join(entry.players), style="bold")
    edition = {"mega": "Mega", "classic": "classic"}.get(entry.edition, Path(entry.edition).stem)
    t.append(f"  {edition}  ·" if edition else "")
    t.append(f"  round {entry.round}, turn {entry.turn}  ·  {when(entry.saved, now)}")
    notes = [entry.origin.words(entry.rescued, here)]
    if entry.open_in is not None:
        notes.append(f"open in another megamono (process {entry.open_in})")
    notes = [note for note in notes if note]
    if notes:  # (on a line of their own: a long one wrapped after a dangling "·")
        t.append("\n    " + "  ·  ".join(notes), style="italic")
    return t


class StartScreen(LatestSizeOnly, Screen[None]):
    """The games in progress (``a`` or Enter resumes the highlighted one; ``x`` sets a damaged
    autosave aside), New game (n), saved games (r), Quit (q)."""

    if TYPE_CHECKING:
        app = getters.app(MegamonoApp)

    DEFAULT_CSS = """
    StartScreen { align: center middle; }
    StartScreen #start { width: 80; max-width: 100%; height: auto; max-height: 100%; padding: 1 4;
                         border: heavy $accent; }
    StartScreen #start Button { width: 100%; margin-top: 1; }
    StartScreen #title { content-align: center middle; width: 100%; }
    StartScreen #gameshead { margin-top: 1; color: $text-muted; }
    StartScreen #games { height: auto; max-height: 14; }
    StartScreen #gamewhere { height: auto; color: $text-muted; }
    StartScreen #starterr { color: $error; height: auto; margin-top: 1; }
    """
    BINDINGS = [Binding("a", "autosave", "Resume"), Binding("x", "set_aside", "Set aside", show=False),
                Binding("n", "new", "New game"), Binding("r", "resume", "Saved games"), Binding("q", "quit", "Quit")]

    games: list[ResumableGame] = []
    """The games in progress on offer (and damaged autosaves), as listed."""

    def compose(self) -> ComposeResult:
        with Vertical(id="start"):
            yield Static(title_text(), id="title")
            yield Static("Games in progress (a or Enter resumes)", id="gameshead")
            yield OptionList(id="games")
            yield Static("", id="gamewhere")
            yield Button(Content("New game [n]"), id="new", variant="primary")
            yield Button(Content("Resume a saved game [r]"), id="resume")
            yield Button(Content("Quit [q]"), id="quit")
            yield Static("", id="starterr")
        yield NoticeLine()
        yield KeysFooter()

    def on_mount(self) -> None:
        self.refresh_games()

    def on_screen_resume(self) -> None:
        self.refresh_games()

    @property
    def autosave(self) -> ResumableGame | None:
        """The game ``a`` resumes: the highlighted one (the newest at first), or None."""
        entry = self.highlighted()
        return entry if entry is not None and entry.damaged is None else None

    def highlighted(self) -> ResumableGame | None:
        box = self.query_one("#games", OptionList)
        k = box.highlighted
        return self.games[k] if k is not None and 0 <= k < len(self.games) else None

    def refresh_games(self) -> None:
        """List the games in progress (read again each time the screen shows)."""
        app = self.app
        rescue = getattr(app, "rescue_dir", None)
        before = self.highlighted()
        folder = Path(app.saves_dir)
        self.games = resumable_games(folder, getattr(app, "token", None), rescue)
        if folder.exists() and not folder.is_dir():
            self.show_error(f"The save folder {folder} is a file, not a folder: games cannot be saved there. "
                            "Start megamono with --saves FOLDER to save elsewhere.")
        box = self.query_one("#games", OptionList)
        box.clear_options()
        now = runtime_of(self.app).clock.now()
        box.add_options([Option(game_label(g, now, here=folder), id=str(k)) for k, g in enumerate(self.games)])
        shown = bool(self.games)
        box.display = shown
        self.query_one("#gameshead", Static).display = shown
        self.fit_title()
        if shown:
            # the highlighted game stays highlighted when the list is read again
            paths = [g.path for g in self.games]
            box.highlighted = paths.index(before.path) if before is not None and before.path in paths else 0
            box.focus()
        elif self.focused is None or self.focused is box:
            self.query_one("#new", Button).focus()
        self.say_where()
        self.refresh_bindings()

    def fit_title(self) -> None:
        """The big letters only while there is room for them and every button (see
        :data:`SHORT_TITLE_BELOW`)."""
        short = bool(self.games) and self.app.size.height < SHORT_TITLE_BELOW
        if getattr(self, "_short_title", None) != short:
            self._short_title = short
            self.query_one("#title", Static).update(title_text(short))

    def on_resize(self, event) -> None:
        self.fit_title()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "autosave":
            return self.autosave is not None if self.games else False
        if action == "set_aside":
            entry = self.highlighted()
            return entry is not None and entry.damaged is not None
        return True

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.say_where()
        self.refresh_bindings()

    def say_where(self) -> None:
        """Under the list, where the highlighted game is kept when it is not in the save folder (a
        rescued game: the rescue folder is every save folder's)."""
        entry = self.highlighted()
        words = ""
        if entry is not None and entry.rescued and entry.damaged is None:
            words = (f"Rescued to {folder_words(entry.path.parent)}/{entry.path.name}: once resumed, it is "
                     "autosaved in this save folder again.")
        where = self.query_one("#gamewhere", Static)
        where.update(Text(words))
        where.display = bool(words)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        entry = self.highlighted()
        if entry is not None and entry.damaged is not None:
            self.show_error("This autosave cannot be read: x sets it aside (it is renamed, never deleted).")
            return
        self.action_autosave()

    def show_error(self, message: str, path: Path | None = None) -> None:
        """Say what went wrong under the buttons (``path``: a game that could not be loaded, listed
        as damaged from now on)."""
        self.query_one("#starterr", Static).update(Text(message))
        if path is not None:
            for k, entry in enumerate(self.games):
                if entry.path == path and entry.damaged is None:
                    self.games[k] = ResumableGame(path=path, game_id=None, players=(), round=0, turn=0,
                                                  actions=0, saved=entry.saved, damaged=message)
                    box = self.query_one("#games", OptionList)
                    now = runtime_of(self.app).clock.now()
                    box.replace_option_prompt_at_index(k, game_label(self.games[k], now, here=Path(self.app.saves_dir)))
            self.refresh_bindings()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        {"new": self.action_new, "resume": self.action_resume,
         "quit": self.action_quit}[event.button.id or "quit"]()

    def action_autosave(self) -> None:
        entry = self.autosave
        if entry is not None:
            self.app.resume(entry.path)

    def action_set_aside(self) -> None:
        """``x``: rename a damaged autosave out of the way (asks first; never deletes it)."""
        from ..dialogs.notice import ConfirmDialog

        entry = self.highlighted()
        if entry is None or entry.damaged is None:
            return
        path = entry.path

        def done(yes: bool | None) -> None:
            if not yes:
                return
            try:
                target = set_aside(path)
            except OSError as exc:
                self.show_error(f"Cannot set {path.name} aside: {exc.strerror}")
                return
            self.app.notify(f"{path.name} was renamed {target.name} (the saved-games list shows it)")
            self.query_one("#starterr", Static).update("")
            self.refresh_games()

        self.app.push_screen(ConfirmDialog(f"Set {path.name} aside?\nIt is renamed damaged-{path.stem}-"
                                           "DATE.json, never deleted; the saved-games list still shows it."), done)

    def action_new(self) -> None:
        from .setup import SetupScreen
        self.app.push_screen(SetupScreen(getattr(self.app, "edition", None)))

    def action_resume(self) -> None:
        from .saves import ResumeScreen
        self.app.push_screen(ResumeScreen(self.app.saves_dir))

    def action_quit(self) -> None:
        self.app.exit(0)
