"""The options: the hot-seat hand-over screens and the animations; and, for the game in play, whom
the computer players propose trades to.

Both switches start on unless turned off in the environment (``MEGAMONO_HANDOVER=off``,
``MEGAMONO_ANIMATIONS=off``) or last time: a change here or in the command palette (Ctrl+P) is
remembered in the save folder (``.megamono-settings.json``, like the theme). The same file keeps the
last game started on the new-game screen (its edition, players and house rules: :func:`remember_last_game`),
which that screen offers next time.

The game's option ``computer_offers`` (chosen on the new-game screen, kept in the save's setup and
state: :func:`set_computer_offers`) can be changed here while a game is in play, say to stop the
computers' offers for the rest of the evening.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Select, Static

from megamono.rules.engine import Game

from ..look import DIM
from ..resizing import LatestSizeOnly
from ..runtime import runtime_of
from ..widgets.footer import KeysFooter
from ..widgets.notices import NoticeLine

if TYPE_CHECKING:
    from textual import getters

    from ..app import MegamonoApp

SETTINGS_FILE = ".megamono-settings.json"
SETTINGS = {"handover": "pass_notices", "animations": "animations"}  # file key -> app attribute


def load_settings(app) -> None:
    """Apply the switches remembered in the save folder; a missing or unreadable file changes
    nothing, and a switch turned off in the environment stays off."""
    import os
    from pathlib import Path

    from megamono.files import KB, read_json_file

    folder = getattr(app, "saves_dir", None)
    if folder is None or not runtime_of(app).settings:
        return
    try:  # (only a small regular file is read: never a FIFO or a device of that name)
        data = read_json_file(Path(folder) / SETTINGS_FILE, 64 * KB, "settings file")
    except ValueError:
        return
    if not isinstance(data, dict):
        return
    for key, attr in SETTINGS.items():
        env_off = os.environ.get(f"MEGAMONO_{key.upper()}", "").lower() in ("off", "0", "no", "false")
        if isinstance(data.get(key), bool) and not env_off:
            setattr(app, attr, data[key])


def _settings_file(app) -> dict:
    """What the settings file of ``app``'s save folder holds now ({} when missing or unreadable)."""
    from pathlib import Path

    from megamono.files import KB, read_json_file

    folder = getattr(app, "saves_dir", None)
    if folder is None or not runtime_of(app).settings:
        return {}
    try:  # (only a small regular file is read: never a FIFO or a device of that name)
        data = read_json_file(Path(folder) / SETTINGS_FILE, 64 * KB, "settings file")
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def _write_settings(app, data: dict) -> None:
    """Write ``data`` as the settings file of ``app``'s save folder (quietly skipped when it cannot be)."""
    import json
    from pathlib import Path

    folder = getattr(app, "saves_dir", None)
    if folder is None or not runtime_of(app).settings:
        return
    try:
        Path(folder).mkdir(parents=True, exist_ok=True)
        (Path(folder) / SETTINGS_FILE).write_text(json.dumps(data) + "\n", encoding="utf-8")
    except OSError:
        pass


def remember_settings(app) -> None:
    """Write the switches to the save folder (quietly skipped when it cannot be written), keeping the
    rest of the file (the last game)."""
    _write_settings(app, {**_settings_file(app), **{key: bool(getattr(app, attr)) for key, attr in SETTINGS.items()}})


def remember_last_game(app, game: dict) -> None:
    """Keep the game just started on the new-game screen (``{"edition", "players": [{"name", "colour",
    "kind"}], "options"}``, ``kind`` "human" or a computer's level) in the save folder's settings file:
    the new-game screen offers it next time (:func:`last_game`)."""
    _write_settings(app, {**_settings_file(app), "last_game": game})


def last_game(app) -> dict:
    """The last game started on the new-game screen, as :func:`remember_last_game` kept it ({} if none)."""
    game = _settings_file(app).get("last_game")
    return game if isinstance(game, dict) else {}


def set_computer_offers(game: Game, who: str) -> None:
    """Change the option ``computer_offers`` of ``game`` in play (``"everyone"``, ``"computers"``,
    ``"nobody"``): in its state and in its setup alike, so that the save still replays to its state
    (RULES.md I8). The states kept for undo hold the old value, so undo starts again from here."""
    from megamono.rules.state import Options

    Options(computer_offers=who)  # type: ignore[arg-type]  # (ValueError for another value)
    if game.st.options.computer_offers == who:
        return
    game.st.options.computer_offers = who  # type: ignore[assignment]  # (checked above)
    options = game.setup.setdefault("options", {})
    if isinstance(options, dict):
        options["computer_offers"] = who
    game.forget_undo("the computers' trade offers were changed (Options): undo starts again from here")


class OptionsScreen(LatestSizeOnly, ModalScreen[None]):
    """Two switches, and the game's ``computer_offers`` while a game with computers is in play; Space
    ticks, Esc closes (each change applies at once)."""

    DEFAULT_CSS = """
    OptionsScreen { align: center middle; }
    OptionsScreen #options { width: 72; max-width: 100%; height: auto; padding: 1 2; border: heavy $accent;
                             background: $panel; }
    OptionsScreen Checkbox { width: 100%; }
    OptionsScreen .hint { color: $text-muted; margin: 0 0 1 4; }
    OptionsScreen #offers-row { height: 1; }
    OptionsScreen #offers-row .label { width: auto; margin: 0 1 0 4; }
    OptionsScreen #offers-row Select { width: 20; }
    """
    BINDINGS = [Binding("escape,q", "close", "Close")]
    if TYPE_CHECKING:
        app = getters.app(MegamonoApp)

    def compose(self) -> ComposeResult:
        app = self.app
        with Vertical(id="options"):
            yield Static(Text("Options", style="bold"))
            yield Checkbox("Hand-over screens", getattr(app, "pass_notices", True), id="handover")
            yield Static("\"Pass the keyboard to NAME\" whenever another person must decide "
                         "(never for computer players).", classes="hint")
            yield Checkbox("Animations", getattr(app, "animations", True), id="animations")
            yield Static("Dice and token moves, briefly; any key skips them.", classes="hint")
            game = getattr(app, "game_in_play", None)
            if game is not None and any(pl.kind == "computer" for pl in game.st.players):
                from .setup import CHOICES

                label, _, values = CHOICES["computer_offers"]
                with Horizontal(id="offers-row"):
                    yield Static(f"{label} (this game):", classes="label")
                    yield Select([(Text(shown), v) for shown, v in values], value=game.st.options.computer_offers,
                                 allow_blank=False, id="computer_offers", compact=True)
                yield Static("Whom the computer players propose trades to: each human at most once in 3 rounds, "
                             "a deed to the same human once in 6 unless the offer gives more, the humans one "
                             "offer a round in all, and never a refused offer again as it was. Kept in the save.",
                             classes="hint")
            yield Static(Text("Tab moves, Space ticks, Enter opens a choice, Esc closes. Also in the command "
                              "palette (Ctrl+P).",
                              style=DIM))
        yield NoticeLine()
        yield KeysFooter()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        if event.checkbox.id == "handover":
            self.app.pass_notices = event.value
        elif event.checkbox.id == "animations":
            self.app.animations = event.value
        remember_settings(self.app)

    def on_select_changed(self, event: Select.Changed) -> None:
        game = getattr(self.app, "game_in_play", None)
        if event.select.id == "computer_offers" and game is not None and isinstance(event.value, str):
            set_computer_offers(game, event.value)
            shown = {"computers": "other computers only"}.get(event.value, event.value)
            self.app.notify(f"Computer players now propose trades to {shown} (this game)")

    def action_close(self) -> None:
        self.dismiss(None)
