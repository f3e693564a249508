"""Picking a space on the board: triples destination, Bus Ticket ride, Auction-space deed.

The dialog sits in the middle of the board and moves a cursor over the board's legal spaces
(highlighted green); the board underneath stays visible, undimmed.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from megamono.rules.decisions import Decision
from megamono.rules.engine import Game

from ..look import DIM, Look
from ..widgets.board import Board
from ..widgets.deed_card import deed_card_text
from ..widgets.footer import KeysFooter
from ..widgets.notices import NoticeLine
from .base import DecisionDialog


class BoardPickDialog(DecisionDialog[Decision]):
    """Choose one of ``choices`` (space indices) with the arrow keys and Enter.

    ``make`` builds the action for a space. ``cancel`` True (the Bus Ticket, which is optional)
    makes Escape cancel; otherwise Escape hides the dialog like every decision.
    """

    DEFAULT_CSS = """
    BoardPickDialog { background: $background 0%; }
    BoardPickDialog #dialog { width: 72; max-width: 100%; }
    """

    BINDINGS = [
        Binding("right,down", "move(1)", "Next", key_display="→/↓"),
        Binding("left,up", "move(-1)", "Back", key_display="←/↑"),
        Binding("pagedown", "side(1)", "Next side", key_display="PgDn"),
        Binding("pageup", "side(-1)", "Side back", key_display="PgUp"),
        Binding("enter", "pick", "Choose"),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, game: Game, look: Look, board: Board, choices: list[int], what: str,
                 make: Callable[[int], object], cancel: bool = False, player: int | None = None) -> None:
        super().__init__(game, look, player)
        self.board = board
        self.choices = sorted(choices)
        self.what = what
        self.make = make
        self.cancel = cancel
        pos = game.st.players[self.player].position
        after = [c for c in self.choices if c > pos]
        self.cursor = (after or self.choices)[0]

    def heading(self) -> str:
        return self.what

    def compose(self) -> ComposeResult:
        self._options = {}
        with Vertical(id="dialog"):
            yield Static(self.who_text(), id="who")
            yield Static(Text(self.game.say(self.pend)) if self.pend.kind != "turn" else
                         Text("Play a Bus Ticket: ride ahead on this side of the board, up to the corner."),
                         id="prompt")
            yield Static(id="body")
            yield Static(Text("←/→ move along the board (clockwise →), PgUp/PgDn a side, Enter choose, "
                              + ("Esc cancel" if self.cancel else "Esc look at the board"), style=DIM))
        yield NoticeLine()
        yield KeysFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.show()

    BOX_WIDTH = 72
    """The dialog's width (its CSS), for the deed card's lines before the first layout."""

    def show(self) -> None:
        self.board.set_pick(self.cursor, set(self.choices))
        body = self.query_one("#body", Static)
        width = body.content_size.width or min(self.BOX_WIDTH, self.app.size.width) - 4
        t = Text.assemble(("▶ ", "bold #ffff5f"), deed_card_text(self.game, self.look, self.cursor, width - 2))
        body.update(t)

    def on_resize(self) -> None:
        self.show()

    def action_move(self, step: int) -> None:
        k = self.choices.index(self.cursor)
        self.cursor = self.choices[(k + step) % len(self.choices)]
        self.show()

    def action_side(self, step: int) -> None:
        n = self.game.ed.size
        target = (self.cursor + step * (n // 4)) % n
        self.cursor = min(self.choices, key=lambda c: ((c - target) % n) if step > 0 else ((target - c) % n))
        self.show()

    def action_pick(self) -> None:
        self.board.set_pick(None, set())
        self.dismiss(self.make(self.cursor))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Esc cancels an optional pick (Bus Ticket) and hides a required one (triples, Auction space)
        if action == "cancel":
            return self.cancel
        if action == "hide":
            return not self.cancel
        return True

    def action_cancel(self) -> None:
        self.board.set_pick(None, set())
        self.dismiss("cancel")

    def action_hide(self) -> None:
        self.board.set_pick(None, set())
        self.dismiss(None)

    def action_manage(self) -> None:
        self.board.set_pick(None, set())
        self.dismiss("manage")
