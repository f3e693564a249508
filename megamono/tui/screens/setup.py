"""The new-game screen: the edition, the players (name, colour, human or computer) and the house rules.

Everything is checked as you type; Ctrl+G starts the game. The house-rule options are those of
:class:`~megamono.rules.state.Options`, each with a line saying what it does.

The screen offers the last game started on it (its edition, players, colours, computers and house
rules), remembered in the save folder's settings file (:func:`~.options.remember_last_game`); a board
given with ``megamono --edition FILE`` is offered first all the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.validation import Failure, Function, Length, Validator
from textual.widgets import Button, Checkbox, Input, Select, Static

from megamono.boards import read_board
from megamono.rules.engine import Game
from megamono.rules.state import PLAYER_COLOURS, Options

from ..computer import record_levels
from ..forms import MarksFocusedRow
from ..look import DIM, player_colour
from ..resizing import LatestSizeOnly
from ..runtime import runtime_of
from ..widgets.amount import AmountInput
from ..widgets.footer import KeysFooter
from ..widgets.notices import NoticeLine
from .options import last_game, remember_last_game

if TYPE_CHECKING:
    from textual import getters

    from ..app import MegamonoApp

DEFAULT_NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
MAX_PLAYERS = 8
EDITIONS = (("mega", "Mega Edition"), ("classic", "Classic"))
TITLES = {"mega": "Monopoly: The Mega Edition", "classic": "Monopoly: classic"}
KINDS = (("Human", "human"), ("Computer: easy", "easy"), ("Computer: normal", "normal"),
         ("Computer: strong", "strong"), ("Computer: expert", "expert"))

# option field -> (label, one-line explanation); the order they are shown in
SWITCHES = {
    "auctions": ("Auctions", "a deed its buyer declines is auctioned (off: it stays with the bank)"),
    "auction_bidding": ("Auctions in seat order",
                        "bid one at a time, dropping out for good (off: anyone bids any time, A3)"),
    "shortage_auctions": ("Shortage auctions",
                          "the bank's last houses/hotels are auctioned when others want them too (B7)"),
    "rent_must_be_claimed": ("Rent must be claimed",
                             "owners claim rent with c before the next player rolls, or lose it"),
    "speed_die_counts_for_utilities": ("Speed Die for utilities",
                                       "[Mega] utility rent counts the Speed Die (off: white dice only)"),
    "bus_rule": ("Speed Die game Bus", "[Mega] Bus: move by the first die, the second or both; no ticket, no ride"),
    "free_parking_pot": ("Free Parking pot", "taxes and fines go into a pot; landing on Free Parking takes it"),
    "double_salary_on_go": ("Double salary on GO", "landing exactly on GO pays twice the salary"),
    "no_rent_in_jail": ("No rent in jail", "an owner in jail collects no rent"),
}
CHOICE_SWITCHES = {"auction_bidding": ("open", "seat_order"), "bus_rule": ("mega", "speed_die_game")}
"""The switches of an option with two values, not a yes/no: option field -> (value off, value on)."""
MEGA_ONLY = ("speed_die_counts_for_utilities", "bus_rule")
"""The switches of rules of the Speed Die: not offered on a board without it."""
NUMBERS = {  # option field -> (label, explanation, lowest, highest)
    "starting_cash": ("Starting cash $", "each player's cash at the start (blank: the edition's {cash})",
                      100, 1_000_000),
    "turn_limit": ("Turn limit", "rounds; then the highest final worth wins (blank: play to the end)", 1, 10_000),
    "time_limit": ("Time limit", "minutes open; then the game ends with that round (blank: none)",
                   1, 10_000),
}
CHOICES = {  # option field -> (label, explanation, [(shown, value)])
    "computer_offers": ("Computer offers", "whom computers offer trades to (a human at most once in 3 rounds)",
                        [("everyone", "everyone"), ("computers", "computers"), ("nobody", "nobody")]),
}
"""The options of several values, each a selector: option field -> (label, explanation, choices)."""

NAME_MAX = 20
"""The longest name a player may have (longer is refused, never cut)."""


class NameLength(Length):
    """Textual's :class:`~textual.validation.Length` check of a player's name, whose failure says
    how long the name typed is."""

    def describe_failure(self, failure: Failure) -> str | None:
        n = len(failure.value or "")
        if self.maximum is not None and n > self.maximum:
            return f"{n} characters: a name is at most {self.maximum}"
        return f"a name is {self.minimum}-{self.maximum} characters"


def name_checks() -> list[Validator]:
    """The checks of a name field (Textual validators): 1-20 characters, something besides spaces,
    nothing unprintable."""
    return [NameLength(1, NAME_MAX), Function(lambda v: bool(v.strip()), "type a name"),
            Function(str.isprintable, "letters, digits and punctuation only")]


class OptionBox(Checkbox, inherit_bindings=False):
    """A checkbox whose mark is blank when off, so on and off read apart without colour too. Space ticks
    it; Enter goes to the next field, as in every field of the form (Textual's Enter ticked it too: a
    house rule was ticked by accident)."""

    BINDINGS = [Binding("space", "toggle_button", "Tick", show=False),
                Binding("enter", "next_field", "Next field", show=False)]

    def action_next_field(self) -> None:
        self.screen.focus_next()

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]
        return "X" if self.value else " "


def colour_label(colour: str) -> Text:
    return Text.assemble(("██ ", player_colour(colour)), colour)


class SetupScreen(MarksFocusedRow, LatestSizeOnly, Screen[None]):
    """Choose the edition, 2-8 players (2-6 in classic) and the house rules, then start."""

    if TYPE_CHECKING:
        app = getters.app(MegamonoApp)

    DEFAULT_CSS = """
    SetupScreen { align: center middle; }
    SetupScreen #setup { width: 118; max-width: 100%; height: auto; max-height: 100%; padding: 0 2;
                         border: heavy $accent; }
    SetupScreen #heading { height: auto; margin-bottom: 1; }
    SetupScreen .row, SetupScreen .opt, SetupScreen #counter { height: 1; margin-bottom: 1; }
    SetupScreen .player { height: auto; }
    SetupScreen .player .row { margin-bottom: 0; }
    SetupScreen .player .err { height: 1; margin-left: 10; color: $error; text-style: bold; }
    SetupScreen .player.-focused .seat, SetupScreen .opt.-focused .label { text-style: reverse bold; }
    SetupScreen .opt { margin-bottom: 0; height: auto; }
    SetupScreen .row Input { width: 24; margin-right: 2; }
    SetupScreen .row Select { width: 20; margin-right: 2; }
    SetupScreen .row .kind { width: 22; }
    SetupScreen .row .seat { width: 10; }
    SetupScreen #counter .pick { width: auto; height: 1; }
    SetupScreen #counter .label { width: auto; margin-right: 1; }
    SetupScreen #counter Select { margin-right: 4; }
    SetupScreen .pick.-focused .label { text-style: reverse bold; }
    SetupScreen #edition { width: 22; }
    SetupScreen #count { width: 10; }
    SetupScreen #rules-head { margin-top: 0; height: 1; text-style: bold; }
    SetupScreen .opt Checkbox { width: 32; }
    SetupScreen .opt .label { width: 18; }
    SetupScreen .opt Input { width: 12; margin-right: 2; }
    SetupScreen .opt Select.choice { width: 12; margin-right: 2; }
    SetupScreen .opt .explain { width: 1fr; height: auto; color: $text-muted; }
    SetupScreen .opt .err { width: auto; color: $error; text-style: bold; margin-right: 2; }
    SetupScreen #problem { color: $error; height: auto; margin-top: 1; }
    SetupScreen #go { margin-top: 1; margin-bottom: 1; }
    """
    ROWS = ".player, .opt, .pick"
    """The rows whose label is marked while they hold the focus (:class:`~..forms.MarksFocusedRow`)."""
    BINDINGS = [
        Binding("ctrl+g", "start", "Start game", priority=True),
        Binding("f1", "rules", "Rules"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, edition: str | None = None) -> None:
        """``edition``: the board offered first: "mega", "classic" or the path of a board file a
        player wrote (``megamono --edition FILE``, already checked), which joins the list (G2)."""
        super().__init__()
        self.given_edition = edition
        self.problems: list[tuple[str, str]] = []
        """What :meth:`validate` found: (the id of a field, what is wrong with it), in the form's order."""
        self.count = 3
        self.edition = edition or "mega"
        self.choices = list(EDITIONS)
        self.editions = {key: read_board(key) for key, _ in EDITIONS}
        if self.edition not in self.editions:
            own = read_board(self.edition)
            self.editions[self.edition] = own
            self.choices.append((self.edition, own.name[:18]))

    # -- layout ---------------------------------------------------------------------------------
    def last(self) -> tuple[list[dict], dict]:
        """The last game's players and house rules, as far as this screen can offer them: its edition
        (unless a board was given), its player count, and per seat a name, a colour and a kind."""
        last = last_game(self.app)
        edition = last.get("edition")
        if self.given_edition is None and isinstance(edition, str) and edition in self.editions:
            self.edition = edition
        players = [p for p in last.get("players", []) if isinstance(p, dict)][:MAX_PLAYERS]
        r = self.editions[self.edition].rules
        if len(players) >= 2:
            self.count = max(r.min_players, min(len(players), r.max_players))
        options = last.get("options")
        return players, options if isinstance(options, dict) else {}

    def compose(self) -> ComposeResult:
        blink = runtime_of(self.app).blink
        players, last_options = self.last()
        kinds = {value for _, value in KINDS}

        def seat(k: int, key: str, default: object, allowed) -> object:
            value = players[k].get(key) if k < len(players) else None
            return value if isinstance(value, str) and allowed(value) else default

        try:
            defaults = Options.model_validate(last_options)
        except ValueError:  # (a settings file edited by hand: the defaults)
            defaults = Options()
        with VerticalScroll(id="setup"):
            yield Static(id="heading")
            with Horizontal(id="counter"):
                with Horizontal(classes="pick"):
                    yield Static("Edition:", classes="label")
                    yield Select([(Text(label), key) for key, label in self.choices], value=self.edition,
                                 allow_blank=False, id="edition", compact=True)
                with Horizontal(classes="pick"):
                    yield Static("Players:", classes="label")
                    yield Select(self.count_options(), value=self.count, allow_blank=False, id="count", compact=True)
            for k in range(MAX_PLAYERS):
                with Vertical(classes="player", id=f"row-{k}"):
                    with Horizontal(classes="row"):
                        yield Static(f"Player {k + 1}", classes="seat")
                        name = Input(str(seat(k, "name", DEFAULT_NAMES[k], lambda v: True)), id=f"name-{k}",
                                     validators=name_checks(), placeholder="name", compact=True)
                        name.cursor_blink = blink
                        yield name
                        yield Select([(colour_label(c), c) for c in PLAYER_COLOURS],
                                     value=seat(k, "colour", PLAYER_COLOURS[k], PLAYER_COLOURS.__contains__),
                                     allow_blank=False, id=f"colour-{k}", compact=True)
                        yield Select(list(KINDS), value=seat(k, "kind", "human", kinds.__contains__),
                                     allow_blank=False, id=f"kind-{k}", compact=True, classes="kind")
                    # what is wrong with the row, on the line under its name field
                    yield Static("", classes="err", id=f"err-{k}")
            yield Static("House rules", id="rules-head")
            for field, (label, explain) in SWITCHES.items():
                with Horizontal(classes="opt"):
                    on = getattr(defaults, field)
                    if field in CHOICE_SWITCHES:
                        on = on == CHOICE_SWITCHES[field][1]
                    yield OptionBox(label, on, id=f"opt-{field}", compact=True)
                    yield Static(Text(explain), classes="explain", id=f"explain-{field}")
            for field, (label, explain, low, high) in NUMBERS.items():
                with Horizontal(classes="opt"):
                    yield Static(label, classes="label")
                    number = getattr(defaults, field)
                    box = AmountInput("" if number is None else str(number), money=field == "starting_cash",
                                      minimum=low, maximum=high,
                                      id=f"opt-{field}", valid_empty=True, compact=True, placeholder="none")
                    box.cursor_blink = blink
                    yield box
                    yield Static("", classes="err", id=f"err-{field}")  # (beside the field)
                    yield Static(Text(explain), classes="explain", id=f"explain-{field}")
            for field, (label, explain, values) in CHOICES.items():
                with Horizontal(classes="opt"):
                    yield Static(label, classes="label")
                    yield Select([(Text(shown), v) for shown, v in values], value=getattr(defaults, field),
                                 allow_blank=False, id=f"opt-{field}", compact=True, classes="choice")
                    yield Static(Text(explain), classes="explain", id=f"explain-{field}")
            yield Static("", id="problem")
            yield Button("Start game [ctrl+g]", id="go", variant="primary", compact=True)
        yield NoticeLine()
        yield KeysFooter()

    def count_options(self) -> list[tuple[str, int]]:
        r = self.editions[self.edition].rules
        return [(str(n), n) for n in range(r.min_players, min(r.max_players, MAX_PLAYERS) + 1)]

    def on_mount(self) -> None:
        self.show_edition()
        self.query_one("#name-0", Input).focus()

    def show_edition(self) -> None:
        ed = self.editions[self.edition]
        r = ed.rules
        self.query_one("#heading", Static).update(Text.assemble(
            (f"New game — {TITLES.get(self.edition, ed.name)}", "bold"),
            (f"   {r.min_players} to {r.max_players} players, ${r.starting_cash:,} each", DIM),
            ("\nTab moves between fields, Enter goes to the next one, Space ticks a box; Ctrl+G starts, "
             "F1 shows the rules.", DIM)))
        for field in MEGA_ONLY:  # [Mega] rules: not offered on a board without the Speed Die
            speed = self.query_one(f"#opt-{field}", Checkbox)
            speed.disabled = not r.speed_die
            speed.parent.display = r.speed_die  # type: ignore[union-attr]
        cash = self.query_one("#opt-starting_cash", Input)
        cash.placeholder = f"{r.starting_cash}"
        self.query_one("#explain-starting_cash", Static).update(
            Text(NUMBERS["starting_cash"][1].format(cash=f"${r.starting_cash:,}")))
        self.show_rows()

    def show_rows(self) -> None:
        for k in range(MAX_PLAYERS):
            self.query_one(f"#row-{k}").display = k < self.count
        self.validate()

    # -- reading the form -------------------------------------------------------------------------
    def players(self) -> list[dict]:
        return [{"name": self.query_one(f"#name-{k}", Input).value.strip(),
                 "colour": self.query_one(f"#colour-{k}", Select).value,
                 "kind": "human" if self.level(k) == "human" else "computer"}
                for k in range(self.count)]

    def level(self, k: int) -> str:
        return str(self.query_one(f"#kind-{k}", Select).value)

    def levels(self) -> dict[str, str]:
        """Player name -> bot level, for the computer seats."""
        return {p["name"]: self.level(k) for k, p in enumerate(self.players()) if p["kind"] == "computer"}

    def number(self, field: str) -> tuple[int | None, str]:
        """The value of a number option (None when blank) and the problem with it ("" when fine):
        the field's own check (:class:`~..widgets.amount.WholeNumber`, with the option's range)."""
        box = self.query_one(f"#opt-{field}", AmountInput)
        why = box.problem()
        if why is not None:
            return None, why
        return box.number, ""

    def options(self) -> Options:
        values: dict = {f: self.query_one(f"#opt-{f}", Checkbox).value for f in SWITCHES}
        for field, (off, on) in CHOICE_SWITCHES.items():
            values[field] = on if values[field] and not self.query_one(f"#opt-{field}", Checkbox).disabled else off
        for field in NUMBERS:
            values[field] = self.number(field)[0]
        for field in CHOICES:
            values[field] = self.query_one(f"#opt-{field}", Select).value
        return Options(**values)

    def validate(self) -> bool:
        """Show a message beside every bad row or number; True when the form is good to start."""
        players = self.players()
        ok = True
        self.problems = []
        for k in range(MAX_PLAYERS):
            msg = ""
            if k < self.count:
                p = players[k]
                names = [q["name"].casefold() for q in players]
                box = self.query_one(f"#name-{k}", Input)
                checked = box.validate(box.value)  # (the field's own checks: name_checks)
                if checked is not None and not checked.is_valid:
                    msg = checked.failure_descriptions[0]
                elif names.count(p["name"].casefold()) > 1:
                    msg = "another player has this name"
                elif [q["colour"] for q in players].count(p["colour"]) > 1:
                    msg = "another player has this colour"
            ok = ok and not msg
            self.query_one(f"#err-{k}", Static).update(msg)
            if msg:
                self.problems.append((f"colour-{k}" if "colour" in msg else f"name-{k}", msg))
        for field in NUMBERS:
            msg = self.number(field)[1]
            ok = ok and not msg
            err = self.query_one(f"#err-{field}", Static)
            err.update(msg)
            err.display = bool(msg)  # (taking no room without a message)
            if msg:
                self.problems.append((f"opt-{field}", msg))
        self.query_one("#go", Button).disabled = not ok
        if ok:  # the rows are fixed: the old "fix the marked fields" message no longer holds
            self.query_one("#problem", Static).update("")
        return ok

    # -- events -----------------------------------------------------------------------------------
    def on_input_changed(self, event: Input.Changed) -> None:
        self.validate()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "edition":
            if event.value != self.edition:
                self.edition = str(event.value)
                r = self.editions[self.edition].rules
                self.count = max(r.min_players, min(self.count, r.max_players))
                count = self.query_one("#count", Select)
                with count.prevent(Select.Changed):
                    count.set_options(self.count_options())
                    count.value = self.count
                self.show_edition()
        elif event.select.id == "count":
            assert isinstance(event.value, int), "the player count select holds numbers (no blank)"
            self.count = int(event.value)
            self.show_rows()
        else:
            self.validate()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "go":
            self.action_start()

    # -- keys -------------------------------------------------------------------------------------
    def action_start(self) -> None:
        if not self.validate():
            self.query_one("#problem", Static).update("Fix the marked fields first.")
            field, why = self.problems[0]
            self.query_one(f"#{field}").focus()  # (scrolled into view: the form may be taller than the terminal)
            self.app.notify(f"Fix the marked fields first: {why}", severity="warning", timeout=4)
            return
        app = self.app
        try:
            game = Game.new(self.edition, self.players(), seed=app.seed, dice=app.dice,
                            seat_order=app.seat_order, options=self.options())
        except ValueError as exc:
            self.query_one("#problem", Static).update(str(exc))
            return
        record_levels(game, self.levels())
        remember_last_game(app, {"edition": self.edition, "options": self.options().model_dump(mode="json"),
                                 "players": [{**p, "kind": self.level(k)} for k, p in enumerate(self.players())]})
        app.start_game(game, None)

    def action_rules(self) -> None:
        from .rules import RulesScreen
        self.app.push_screen(RulesScreen())

    def action_back(self) -> None:
        self.app.go_start()
