"""The new-game screen: how many players, their names and colours, checked as you type."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Select, Static

from megamono.rules.engine import Game
from megamono.rules.state import PLAYER_COLOURS

from ..look import DIM, player_colour

DEFAULT_NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
MAX_PLAYERS = 8


def colour_label(colour: str) -> Text:
    return Text.assemble(("██ ", player_colour(colour)), colour)


class SetupScreen(Screen):
    """Choose 2-8 players: a name (1-20 characters, all different) and a colour (each its own)."""

    DEFAULT_CSS = """
    SetupScreen #setup { width: 96; height: auto; padding: 1 2; border: heavy $accent; }
    SetupScreen { align: center middle; }
    SetupScreen .row { height: 3; }
    SetupScreen .row Input { width: 30; }
    SetupScreen .row Select { width: 22; }
    SetupScreen .row .seat { width: 10; padding-top: 1; }
    SetupScreen .row .err { width: 1fr; padding-top: 1; color: $error; }
    SetupScreen #count { width: 22; }
    SetupScreen #counter { height: 3; margin-bottom: 1; }
    SetupScreen #counter Static { width: auto; padding: 1 1 0 0; }
    SetupScreen #go { margin-top: 1; }
    SetupScreen #problem { color: $error; height: auto; }
    """
    BINDINGS = [
        Binding("ctrl+g", "start", "Start game", priority=True),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.count = 3

    def compose(self) -> ComposeResult:
        test = getattr(self.app, "test_mode", False)
        with Vertical(id="setup"):
            yield Static(Text("New game — Monopoly: The Mega Edition", style="bold"))
            yield Static(Text("Tab moves between fields; Enter goes to the next one; Ctrl+G starts.\n",
                              style=DIM))
            with Horizontal(id="counter"):
                yield Static("Players:")
                yield Select([(str(n), n) for n in range(2, MAX_PLAYERS + 1)], value=self.count,
                             allow_blank=False, id="count")
            for k in range(MAX_PLAYERS):
                with Horizontal(classes="row", id=f"row-{k}"):
                    yield Static(f"Player {k + 1}", classes="seat")
                    name = Input(DEFAULT_NAMES[k], id=f"name-{k}", max_length=20, placeholder="name")
                    if test:
                        name.cursor_blink = False
                    yield name
                    yield Select([(colour_label(c), c) for c in PLAYER_COLOURS], value=PLAYER_COLOURS[k],
                                 allow_blank=False, id=f"colour-{k}")
                    yield Static("", classes="err", id=f"err-{k}")
            yield Static("", id="problem")
            yield Button("Start game [ctrl+g]", id="go", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.show_rows()
        self.query_one("#name-0", Input).focus()

    def show_rows(self) -> None:
        for k in range(MAX_PLAYERS):
            self.query_one(f"#row-{k}").display = k < self.count
        self.validate()

    def players(self) -> list[dict]:
        return [{"name": self.query_one(f"#name-{k}", Input).value.strip(),
                 "colour": self.query_one(f"#colour-{k}", Select).value, "kind": "human"}
                for k in range(self.count)]

    def validate(self) -> bool:
        """Show a message beside every bad row; True when the table is good to start."""
        players = self.players()
        ok = True
        for k in range(MAX_PLAYERS):
            msg = ""
            if k < self.count:
                p = players[k]
                names = [q["name"].casefold() for q in players]
                if not 1 <= len(p["name"]) <= 20:
                    msg = "a name is 1-20 characters"
                elif not p["name"].isprintable():
                    msg = "letters, digits and punctuation only"
                elif names.count(p["name"].casefold()) > 1:
                    msg = "another player has this name"
                elif [q["colour"] for q in players].count(p["colour"]) > 1:
                    msg = "another player has this colour"
            ok = ok and not msg
            self.query_one(f"#err-{k}", Static).update(msg)
        self.query_one("#go", Button).disabled = not ok
        return ok

    def on_input_changed(self, event: Input.Changed) -> None:
        self.validate()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "count":
            self.count = int(event.value)  # type: ignore[arg-type]
            self.show_rows()
        else:
            self.validate()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "go":
            self.action_start()

    def action_start(self) -> None:
        if not self.validate():
            self.query_one("#problem", Static).update("Fix the marked rows first.")
            return
        app = self.app
        try:
            game = Game.new("mega", self.players(), seed=app.seed, dice=app.dice, seat_order=app.seat_order)
        except ValueError as exc:
            self.query_one("#problem", Static).update(str(exc))
            return
        app.start_game(game, None)

    def action_back(self) -> None:
        self.app.go_start()
