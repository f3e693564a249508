"""The game screen: the board with the turn, dice, log and player panels inside it.

It is the conductor of a game: after every engine change it refreshes the view and the footer,
then looks at ``game.pending``. A turn waits for ``r`` (roll) or ``t`` (Bus Ticket) here; every
other decision opens its dialog, after a "pass the keyboard" notice when the deciding player is a
different person than before. Dialogs only return actions; this screen sends them to the engine.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from megamono.rules.actions import ChooseDestination, PickAuctionDeed, PlayBusTicket, Roll
from megamono.rules.engine import Game
from megamono.rules.errors import IllegalAction
from megamono.rules.state import Event

from ..dialogs.auction import BidDialog
from ..dialogs.base import DecisionDialog
from ..dialogs.decisions import (
    BirthdayDialog, BusDialog, BuyDialog, DebtDialog, IncomeTaxDialog, JailDialog, LevellingDialog,
    MortgagedDeedDialog,
)
from ..dialogs.generic import GenericDialog, answers
from ..dialogs.notice import ConfirmDialog, PassKeyboard
from ..dialogs.pick import BoardPickDialog
from ..look import Look
from ..widgets.board import Board
from ..widgets.dice import DiceView
from ..widgets.log import GameLog
from ..widgets.player_panel import PlayersView

DIALOGS: dict[str, type[DecisionDialog]] = {
    "buy": BuyDialog, "jail": JailDialog, "jail_pay": JailDialog, "bus": BusDialog,
    "birthday": BirthdayDialog, "income_tax": IncomeTaxDialog, "levelling": LevellingDialog,
    "mortgaged_deed": MortgagedDeedDialog, "debt": DebtDialog, "bid": BidDialog,
}
ANNOUNCE = ("card", "bus", "jail", "bankrupt", "auction", "game_over")


def status_text(game: Game, look: Look) -> Text:
    """Whose turn, and whose decision (in their colour) with the prompt."""
    st = game.st
    t = Text(f"Turn {st.turn.number}  ", style="bold")
    t.append_text(look.block(st.turn.player))
    t.append(" ")
    t.append_text(look.who(st.turn.player))
    pend = game.pending
    if pend is not None:
        colour = look.colour(pend.player)
        t.append("\nDecision: ", style="bold")
        t.append_text(look.block(pend.player))
        t.append(" ")
        t.append(pend.prompt or game.describe_pending(), style=f"bold {colour}")
    return t


class GameScreen(Screen):
    """Plays one game; ``saved`` is the file it was loaded from or last saved to."""

    BINDINGS = [
        Binding("r", "roll", "Roll"),
        Binding("t", "bus_ticket", "Bus Ticket"),
        Binding("d", "decide", "Decide"),
        Binding("m", "manage", "Manage"),
        Binding("s", "save", "Save"),
        Binding("h,question_mark", "help", "Help", key_display="h/?"),
        Binding("q", "leave", "Quit game"),
    ]

    def __init__(self, game: Game, saved: Path | None = None) -> None:
        super().__init__()
        self.game = game
        self.look = Look(game)
        self.saved = saved
        self.unsaved = False
        self._awaiting = False
        self._last_decider: int | None = None
        self._hidden: tuple | None = None
        centre = Vertical(
            Static(id="status"),
            DiceView(game),
            Horizontal(GameLog(self.look), PlayersView(game, self.look), id="lower"),
            id="centre",
        )
        self.board = Board(game, self.look, centre)

    def compose(self) -> ComposeResult:
        yield self.board
        yield Footer()

    def on_mount(self) -> None:
        log = self.query_one(GameLog)
        log.border_title = "Log"
        log.add(self.game.st.log[-400:])
        self.refresh_view()
        self.call_after_refresh(self.sync)

    # -- view ---------------------------------------------------------------------------------
    def refresh_view(self) -> None:
        self.board.refresh_board()
        self.query_one("#status", Static).update(status_text(self.game, self.look))
        self.query_one(DiceView).refresh_dice()
        self.query_one(PlayersView).refresh_players()
        self.refresh_bindings()

    def announce(self, events: list[Event]) -> None:
        """A short notice for the steps worth seeing as they happen (cards, Bus, Mr. Monopoly, ...)."""
        for ev in events:
            if ev.kind in ANNOUNCE or "Mr. Monopoly" in ev.text or "Triples" in ev.text:
                self.app.notify(ev.text, timeout=5)

    # -- talking to the engine ---------------------------------------------------------------------
    def act(self, action) -> bool:
        """Send ``action`` to the engine; log and show what happened. False (and a notice) if refused."""
        try:
            events = self.game.act(action)
        except IllegalAction as exc:
            self.app.notify(str(exc), severity="warning")
            return False
        except Exception as exc:  # an engine bug: keep the app (and the chance to save) alive
            if self.app.test_mode:
                raise
            self.app.notify(f"The rules engine failed on {action.kind}: {exc!r}. Save the game (s) and "
                            "report it.", title="Engine error", severity="error", timeout=30)
            self.refresh_view()
            return False
        self.unsaved = True
        self.query_one(GameLog).add(events)
        self.announce(events)
        self.refresh_view()
        return True

    def pending_key(self) -> tuple:
        p = self.game.pending
        return (p.kind, p.player, len(self.game.st.log)) if p else ()

    def sync(self) -> None:
        """Show what the game waits for: game over, a hand-over notice, or the decision's dialog."""
        if self._awaiting or not self.is_current:
            return
        self.refresh_view()
        g = self.game
        if g.over:
            from .gameover import GameOverScreen
            self.app.switch_screen(GameOverScreen(g))
            return
        pend = g.pending
        if pend is None:
            return
        if pend.player != self._last_decider:
            self._last_decider = pend.player
            if self.app.pass_notices:
                self.open(PassKeyboard(self.look, pend.player, pend.prompt), None)
                return
        if pend.kind == "turn" or self._hidden == self.pending_key():
            return
        self.open(self.dialog_for(pend.kind), self.on_decision)

    def dialog_for(self, kind: str) -> DecisionDialog:
        g, p = self.game, self.game.pending.player
        if kind == "triples":
            return BoardPickDialog(g, self.look, self.board, g.pending.choices, "triples: move anywhere",
                                   lambda s: ChooseDestination(player=p, space=s))
        if kind == "auction_pick":
            return BoardPickDialog(g, self.look, self.board, g.pending.choices, "pick a deed to auction",
                                   lambda s: PickAuctionDeed(player=p, space=s))
        if kind in DIALOGS:
            return DIALOGS[kind](g, self.look)
        acts = answers(g, kind, p)
        if len(acts) > 1 and len({a.kind for a in acts}) == 1 and all(hasattr(a, "space") for a in acts):
            make = type(acts[0])
            return BoardPickDialog(g, self.look, self.board, [a.space for a in acts], kind.replace("_", " "),
                                   lambda s: make(player=p, space=s))
        return GenericDialog(g, self.look)

    def open(self, screen, callback) -> None:
        """Push a modal; when it closes run ``callback(result)`` then :meth:`sync` again."""
        self._awaiting = True

        def done(result) -> None:
            self._awaiting = False
            if callback is not None:
                callback(result)
            self.call_after_refresh(self.sync)

        self.app.push_screen(screen, done)

    def on_decision(self, result) -> None:
        if result is None:
            self._hidden = self.pending_key()
            self.refresh_bindings()
        elif result == "cancel":
            pass
        elif result == "manage":
            self.open_manage(self.game.pending.player)
        else:
            self.act(result)

    def on_screen_resume(self) -> None:
        self.refresh_view()
        self.call_after_refresh(self.sync)

    def open_manage(self, player: int) -> None:
        from .manage import ManageScreen
        self.open(ManageScreen(self, player), None)

    # -- keys ------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        pend = self.game.pending
        if pend is None or self.game.over:
            return action in ("help", "leave") or None
        if action == "roll":
            return True if pend.kind == "turn" else None
        if action == "bus_ticket":
            return True if pend.kind == "turn" and self.game.st.players[pend.player].bus_tickets else None
        if action == "decide":
            return True if pend.kind != "turn" else None
        return True

    def action_roll(self) -> None:
        pend = self.game.pending
        if pend is not None and pend.kind == "turn":
            self.act(Roll(player=pend.player))
            self.sync()

    def action_bus_ticket(self) -> None:
        g = self.game
        pend = g.pending
        if pend is None or pend.kind != "turn":
            return
        p = pend.player
        reach = [a.destination for a in g.legal_actions(p) if isinstance(a, PlayBusTicket)]
        if not reach:
            self.app.notify("No Bus Ticket to play", severity="warning")
            return
        self.open(BoardPickDialog(g, self.look, self.board, reach, "ride the bus",
                                  lambda s: PlayBusTicket(player=p, destination=s), cancel=True),
                  self.on_decision)

    def action_decide(self) -> None:
        self._hidden = None
        self.sync()

    def action_manage(self) -> None:
        pend = self.game.pending
        self.open_manage(pend.player if pend else 0)

    def action_save(self) -> None:
        from .saves import SaveDialog
        self.open(SaveDialog(self.game, self.app.saves_dir, self.saved), self.on_saved)

    def on_saved(self, path: Path | None) -> None:
        if path is not None:
            self.saved = path
            self.unsaved = False
            self.app.notify(f"Saved to {path}", timeout=6)

    def action_help(self) -> None:
        from .help import HelpScreen
        self.open(HelpScreen(), None)

    def action_leave(self) -> None:
        question = "Leave this game and go back to the start screen?"
        if self.unsaved:
            question += "\nUnsaved progress is lost (press s to save first)."
        self.open(ConfirmDialog(question), lambda yes: yes and self.app.go_start())

