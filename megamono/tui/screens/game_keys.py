"""The game screen's keys: one binding per key, each the action ``key('<name>', ...)`` that the screen's one
dispatcher (:meth:`~.game.GameScreen.action_key`) hands to :class:`BoardKeys`; whether a key acts now is the
table's answer (:meth:`~megamono.tui.table.Table.allows`, no Textual there).

Trades (``x``), ending early (``e``), claiming rent (``c``), undo (``u``), the Bus Ticket (``t``), the manage
screen (``m``), saving (``s``), the win chances (``w``), help, the rules and leaving start here.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual.actions import parse
from textual.binding import Binding

from megamono.rules.actions import PlayBusTicket, ProposeEnd, Roll

from ..dialogs.notice import ConfirmDialog
from ..dialogs.pick import BoardPickDialog
from ..dialogs.social import PickDialog
from ..runtime import runtime_of
from .game_flow import decided

if TYPE_CHECKING:
    from .chances import PositionChances
    from .game import GameScreen


def key(name: str) -> str:
    """The binding action of the board's key ``name``: ``key('roll')``."""
    return f"key({name!r})"


def key_name(action: str) -> str:
    """The board key's name of a binding's ``action`` (``"key('roll')"`` -> ``"roll"``, by Textual's parser);
    another action's own name."""
    _namespace, name, args = parse(action)
    return str(args[0]) if name == "key" and args else name


KEYS = [
    Binding("r", key("roll"), "Roll"),
    Binding("t", key("bus_ticket"), "Bus Ticket"),
    Binding("d", key("decide"), "Decide"),
    Binding("m", key("manage"), "Manage"),
    Binding("x", key("trade"), "Trade"),
    Binding("c", key("claim"), "Claim rent"),
    Binding("e", key("end_game"), "End game"),
    Binding("u", key("undo"), "Undo"),
    Binding("space", key("skip"), "Skip ahead", key_display="space"),
    Binding("w", key("win_chances"), "Win chances"),
    Binding("j", key("coach"), "Coach"),
    Binding("left", key("look_left"), "Look", key_display="←↑↓→"),
    Binding("right", key("look_right"), "Look right", show=False),
    Binding("up", key("look_up"), "Look up", show=False),
    Binding("down", key("look_down"), "Look down", show=False),
    Binding("home", key("look_home"), "Look at whose turn it is", show=False),
    Binding("pageup,left_square_bracket", key("log_back"), "Log: a page back", key_display="PgUp/[", show=False),
    Binding("pagedown,right_square_bracket", key("log_on"), "Log: a page on", key_display="PgDn/]", show=False),
    Binding("s", key("save"), "Save"),
    Binding("h,question_mark", key("help"), "Help", key_display="h/?"),
    Binding("f1", key("rules"), "Rules"),
    Binding("q", key("leave"), "Quit game"),
]
"""The board's keys (the footer shows those with ``show``; ``?`` and ``h`` list them all)."""
SHORT_KEYS: dict[str, str | None] = {
    key("bus_ticket"): "Ticket", key("end_game"): "End", key("win_chances"): "Win%", key("skip"): "Skip",
    key("leave"): "Quit", key("look_left"): None, key("rules"): None, key("claim"): None,
}
"""The footer's short form, used when the keys do not fit the width (at 100 and 140 columns; the
full words fit from 200, the large layout): shorter words, and keys that are
said elsewhere left out of the footer (None) but still active and listed by ``?`` and
``h``: the arrows (the deed card's title, the compact key legend), F1 (on every screen) and
claiming rent (the claim line says "key c")."""
TIGHT_KEYS = frozenset({key("win_chances"), key("coach")})
"""Left out when even the short form does not fit (at 100 columns with a computer player): the
compact layout's key legend says ``w`` and ``j``."""
WORDS = {key_name(b.action): b.description for b in KEYS}
"""Each key's full words by name, for the messages of keys that do nothing now."""


class BoardKeys:
    """What each of the board's keys does on ``screen`` (a :class:`~.game.GameScreen`); called by its
    dispatcher only when the table allows the key (:meth:`press`)."""

    NAMES = frozenset(WORDS)

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.chances: PositionChances | None = None
        """The win chances of the last position they were asked for (``w``), kept while it stands."""

    def press(self, name: str) -> None:
        """Do what the key ``name`` does (one of :attr:`NAMES`).

        Raises:
            ValueError: ``name`` is not a key of the board.
        """
        if name not in self.NAMES:
            raise ValueError(f"no board key {name!r}")
        getattr(self, name)()

    # -- looking around ----------------------------------------------------------------------------
    def look_left(self) -> None:
        """Arrow keys: move the cursor to the next space on screen that way; its deed card shows."""
        self.screen.board.move(-1, 0)

    def look_right(self) -> None:
        self.screen.board.move(1, 0)

    def look_up(self) -> None:
        self.screen.board.move(0, -1)

    def look_down(self) -> None:
        self.screen.board.move(0, 1)

    def look_home(self) -> None:
        """Home: the cursor back to the token of whose turn it is."""
        st = self.screen.game.st
        self.screen.board.select(st.players[st.turn.player].position)

    def log_back(self) -> None:
        """PgUp or ``[``: the log a page back."""
        self.screen.view.log.page(-1)

    def log_on(self) -> None:
        """PgDn or ``]``: the log a page on."""
        self.screen.view.log.page(1)

    # -- the turn ----------------------------------------------------------------------------------
    def roll(self) -> None:
        """``r``: the human whose turn it is rolls."""
        gs = self.screen
        pend, p = gs.game.pending, gs.controller.decider()
        if pend is not None and p is not None and pend.kind == "turn" and not gs.controller.is_computer(p):
            gs.act(Roll(player=p))  # (the change's message redraws, then shows what comes next)

    def bus_ticket(self) -> None:
        """``t``: pick where to ride on the board (the Bus Tickets' destinations the core allows)."""
        gs = self.screen
        g = gs.game
        pend, p = g.pending, gs.controller.decider()
        if pend is None or p is None or pend.kind != "turn" or gs.controller.is_computer(p):
            return
        reach = [a.destination for a in g.legal_actions(p) if isinstance(a, PlayBusTicket)]
        if not reach:
            gs.app.notify("No Bus Ticket to play", severity="warning")
            return
        gs.open(BoardPickDialog(g, gs.look, gs.board, reach, "ride the bus",
                                lambda s: PlayBusTicket(player=p, destination=s), cancel=True, player=p),
                lambda result: decided(gs, result))

    def decide(self) -> None:
        """``d``: the question put aside, again."""
        self.screen.table.hidden = None
        self.screen.sync()

    def skip(self) -> None:
        """Space: the computers' moves at once until a human decides."""
        self.screen.turns.skip()
        self.screen.refresh_bindings()
        self.screen.sync()

    def undo(self) -> None:
        """``u``: take back the last decision of the player at the keyboard (it asks first)."""
        self.screen.undo.key()

    # -- a person's screens -----------------------------------------------------------------------
    def manage(self) -> None:
        """``m``: the manage screen of the human deciding, else of the one at the keyboard."""
        c = self.screen.controller
        p = c.decider()
        self.manage_for(p if p is not None and not c.is_computer(p) else (c.at_keyboard() or 0))

    def manage_for(self, player: int) -> None:
        """The manage screen of ``player`` (build, sell, depots, mortgage)."""
        from .manage import ManageScreen
        self.screen.open(ManageScreen(self.screen, player), None)

    def trade(self) -> None:
        """``x``: the trade screen of the one at the keyboard; its offer is proposed (:func:`~.trade.propose`)."""
        gs = self.screen
        if not gs.table.can_trade():
            return
        from .trade import TradeScreen, propose
        keyboard = gs.controller.at_keyboard() or 0
        gs.open(TradeScreen(gs.game, gs.look, keyboard, position_chances=self.position_chances),
                lambda offer: propose(gs, offer))

    def claim(self) -> None:
        """``c``: claim rent (option ``rent_must_be_claimed``): the one claim, or a pick of several."""
        gs = self.screen
        claims = gs.table.human_claims()
        if not claims:
            return
        if len(claims) == 1:
            gs.act(claims[0])
            return
        g = gs.game
        items = []
        for a in claims:
            c = next(c for c in g.st.claims if c.owner == a.player and c.space == a.space)
            items.append((Text.assemble(gs.look.who(c.owner), f" claims ${c.amount:,} for "
                                        f"{g.ed.spaces[c.space].name} from ", gs.look.who(c.payer)), a))
        gs.open(PickDialog("Which rent is claimed?", items), lambda a: a is not None and gs.act(a))

    def end_game(self) -> None:
        """``e``: propose to end the game now (RULES.md E2); it asks first."""
        gs = self.screen
        p = gs.controller.at_keyboard()
        if p is None:
            return
        name = gs.game.st.players[p].name
        question = (f"{name}: propose to end the game now?\nEvery other player votes in turn; if all agree, "
                    "the highest final worth wins (a tie shares the win).")
        gs.open(ConfirmDialog(question), lambda yes: yes and gs.act(ProposeEnd(player=p)))

    def save(self) -> None:
        """``s``: save under a name (:class:`~.saves.SaveDialog`)."""
        from .saves import SaveDialog
        gs = self.screen
        gs.open(SaveDialog(gs.game, gs.app.saves_dir, gs.saved, game_id=gs.app.game_id), self.saved)

    def saved(self, path: Path | None) -> None:
        """The save dialog's answer: the file written, or None."""
        if path is not None:
            self.screen.saved = path
            self.screen.unsaved = False
            self.screen.app.notify(f"Saved to {path}", timeout=6)

    # -- win chances, help, rules, leaving ----------------------------------------------------------
    def position_chances(self) -> PositionChances:
        """The playouts of the position as it stands (:mod:`.chances`): the ones kept for it, else new
        ones from a copy of the game taken now (none played yet). The win chances panel and the trade
        screen's before/after figures share them."""
        from .chances import PLAYOUTS, TARGET, PositionChances, position_key

        controller = self.screen.controller
        at = position_key(controller)
        if self.chances is None or self.chances.key != at:
            copy = controller.copy_for_computer()
            total = runtime_of(self.screen.app).playouts or PLAYOUTS
            self.chances = PositionChances.of(at, copy, total, target=TARGET)
        return self.chances

    def coach(self) -> None:
        """``j``: the coach (:mod:`.coach`) for the human deciding now: the answers weighed by the expert."""
        p = self.screen.controller.decider()
        assert p is not None, "the table allows the coach only for a human deciding"
        self.coach_for(p)

    def coach_for(self, player: int) -> None:
        """The coach for ``player``'s answer to the decision waiting (also the open auction's ``j``, for the
        seat chosen there)."""
        from .coach import CoachScreen

        controller = self.screen.controller
        self.screen.open(CoachScreen(controller.copy_for_computer(), player, self.screen.look), None)

    def win_chances(self) -> None:
        """``w``: the win chances panel (:mod:`.chances`) of the position as it stands."""
        from .chances import ChancesScreen

        self.screen.open(ChancesScreen(self.position_chances(), self.screen.look), None)

    def help(self) -> None:
        """``h``/``?``: every key of the game."""
        from .help import HelpScreen
        self.screen.open(HelpScreen(), None)

    def rules(self) -> None:
        """F1: the rules the game plays by."""
        from .rules import RulesScreen
        self.screen.open(RulesScreen(), None)

    def leave(self) -> None:
        """``q``: back to the start screen (it asks first; the game is autosaved)."""
        gs = self.screen
        question = "Leave this game and go back to the start screen?"
        if gs.unsaved:
            question += ("\nIt will be autosaved as it stands: the start screen offers to resume it (press"
                         " s first to keep it under a name of its own).")

        def answer(yes: bool | None) -> None:
            if yes:
                gs.app.leave_game(gs.app.go_start)

        gs.open(ConfirmDialog(question), answer)
