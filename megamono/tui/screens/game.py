"""The game screen: the board with the turn, dice, log and player panels inside it.

It is the conductor of a game. It talks to the game through one
:class:`~megamono.tui.controller.GameController` (no Textual there): a key or a dialog's action goes
to :meth:`GameScreen.act`, the controller applies it and calls back with the change, which this screen
posts to itself as a :class:`GameChanged` message; handling it, the screen logs and announces the
events, redraws, animates, autosaves at a turn's end and then looks at what the game waits for
(:mod:`.game_flow`): a turn waits for ``r`` (roll) or ``t`` (Bus Ticket) here; every other decision
opens its dialog, after a "pass the keyboard" notice when the deciding player is a different person
than before. Dialogs only return actions.

Computer players' decisions are played by their bots (one per seat, see :mod:`..computer`) at a
readable pace, one step every ``pace`` seconds (0 in test mode), each chosen in a worker thread on a
copy of the game (:mod:`.game_computer`); space plays them at once until a human decides. Rent a
computer may claim is claimed as soon as it may be (option ``rent_must_be_claimed``). Trades (``x``),
ending early (``e``), claiming rent (``c``) and undo (``u``) start here too. When a turn ends the app's
``autosave_game`` (if it has one) is called.

The layout follows the terminal's size (:func:`~..widgets.board.layout_for`: compact from 100x30
with the deed card beside the board, full from 140x45, large from 200x60; the screen gets the class
``-compact``, ``-full`` or ``-large``). The arrow keys move a cursor over the board; the deed card
shows the space under it, which follows the token of whose turn it is whenever that token moves.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.signal import SignalError
from textual.widgets import Footer, Static

from megamono.rules.actions import Action, PlayBusTicket, ProposeEnd, Roll, TimeUp
from megamono.rules.engine import Game
from megamono.rules.events import Event, JailRoll, MrMonopolySends, MrMonopolyStays, Rolled, Triples, UtilityRoll
from megamono.rules.texts import action_text

from ..computers import ComputerMoves
from ..controller import Change, GameController, Refused
from ..dialogs.notice import ConfirmDialog
from ..dialogs.pick import BoardPickDialog
from ..dialogs.social import PickDialog
from ..look import Look, update_if_changed
from ..resizing import stale_resize
from ..runtime import DEFAULT, runtime_of
from ..table import AFTER_HANDOVER, Ask, ClaimForComputer, ComputerMove, GameOver, HandOver, OpenAuction, Table
from ..themes import palette_for
from ..widgets.board import LAYOUT_MIN, Board, layout_for
from ..widgets.deed_card import DeedCard
from ..widgets.dice import DiceView
from ..widgets.log import GameLog
from ..widgets.notices import NoticeLine
from ..widgets.player_panel import PlayersView
from .game_computer import ComputerTurns, say_computer_failed
from .game_flow import AFTER_COMPUTER_GUARD, DIALOGS, decided, say_wait, screen_for, worker_runner
from .game_footer import FooterFit
from .game_text import aside_keys, claim_lines, status_text
from .game_undo import UndoQuestions
from .toosmall import covered

if TYPE_CHECKING:
    from textual import getters

    from ..animate import Animation
    from ..app import MegamonoApp
    from ..countdown import Countdown
    from .chances import PositionChances

ANNOUNCE = ("card", "bus", "jail", "bankrupt", "auction", "game_over", "trade")
__all__ = ["AFTER_COMPUTER_GUARD", "ANNOUNCE", "DIALOGS", "GameChanged", "GameScreen"]


class GameChanged(Message):
    """The game changed (``change``, from the :class:`GameController`'s callback): the game screen
    redraws, then looks at what the game waits for."""

    def __init__(self, change: Change) -> None:
        super().__init__()
        self.change = change


class GameScreen(Screen[None]):
    """Plays one game; ``saved`` is the file it was loaded from or last saved to."""

    if TYPE_CHECKING:
        app = getters.app(MegamonoApp)

    BINDINGS = [
        Binding("r", "roll", "Roll"),
        Binding("t", "bus_ticket", "Bus Ticket"),
        Binding("d", "decide", "Decide"),
        Binding("m", "manage", "Manage"),
        Binding("x", "trade", "Trade"),
        Binding("c", "claim", "Claim rent"),
        Binding("e", "end_game", "End game"),
        Binding("u", "undo", "Undo"),
        Binding("space", "skip", "Skip ahead", key_display="space"),
        Binding("w", "win_chances", "Win chances"),
        Binding("left", "look(-1, 0)", "Look", key_display="←↑↓→"),
        Binding("right", "look(1, 0)", "Look right", show=False),
        Binding("up", "look(0, -1)", "Look up", show=False),
        Binding("down", "look(0, 1)", "Look down", show=False),
        Binding("home", "look_home", "Look at whose turn it is", show=False),
        Binding("pageup,left_square_bracket", "log_page(-1)", "Log: a page back", key_display="PgUp/[", show=False),
        Binding("pagedown,right_square_bracket", "log_page(1)", "Log: a page on", key_display="PgDn/]", show=False),
        Binding("s", "save", "Save"),
        Binding("h,question_mark", "help", "Help", key_display="h/?"),
        Binding("f1", "rules", "Rules"),
        Binding("q", "leave", "Quit game"),
    ]

    SHORT_KEYS: dict[str, str | None] = {
        "bus_ticket": "Ticket", "end_game": "End", "win_chances": "Win%", "skip": "Skip", "leave": "Quit",
        "look": None, "rules": None, "claim": None,
    }
    """The footer's short form, used when the keys do not fit the width (at 100 and 140 columns; the
    full words fit from 200, the large layout): shorter words, and keys that are
    said elsewhere left out of the footer (None) but still active and listed by ``?`` and
    ``h``: the arrows (the deed card's title, the compact key legend), F1 (on every screen) and
    claiming rent (the claim line says "key c")."""
    TIGHT_KEYS = frozenset({"win_chances"})
    """Left out when even the short form does not fit (at 100 columns with a computer player): the
    compact layout's key legend says ``w``."""
    WORDS = {b.action: b.description for b in BINDINGS if isinstance(b, Binding)}  # (all are Bindings)
    """Each action's full words, for the messages of keys that do nothing now."""

    def __init__(self, game: Game, saved: Path | None = None) -> None:
        super().__init__()
        self.controller = GameController(game, self.post_change)
        """The one way to the game: every change goes through it and comes back as a :class:`GameChanged`."""
        try:
            runtime = runtime_of(self.app)
        except Exception:  # noqa: BLE001 - built outside a running app
            runtime = DEFAULT
        self.table = Table(self.controller, runtime.clock, lambda: bool(getattr(self.app, "pass_notices", False)),
                           guards=lambda: runtime_of(self.app).guards)
        """What shows next, and which keys act (:mod:`..table`, no Textual)."""
        self.computers = ComputerMoves(self.controller, worker_runner(self, "computer"),
                                       lambda error: say_computer_failed(self.app, error))
        """The one computer-move service (the open auction's screen asks it too)."""
        self.turns = ComputerTurns(self, self.computers, runtime.computer_pace)
        self.undo = UndoQuestions(self)
        self._asking: object = None  # the step a dialog is awaited for (:meth:`ask`), None when none
        self.footer = FooterFit(self, self.SHORT_KEYS, self.TIGHT_KEYS)
        """The footer's form for the width (:class:`~.game_footer.FooterFit`)."""
        self.look = Look(game)
        self.saved = saved
        self.unsaved = False
        self.countdown: Countdown | None = None
        """The open auction's countdown (:mod:`..countdown`), kept here while its screen is hidden."""
        self.chances: PositionChances | None = None
        """The win chances of the last position they were asked for (``w``), kept while it stands."""
        try:
            layout = layout_for(*self.app.size) or "compact"
        except Exception:  # noqa: BLE001 - built outside a running app
            layout = "full"
        self._followed: tuple | None = None
        self.board = Board(game, self.look, self._centre(), layout)
        self.set_reactive(GameScreen.board_layout, layout)
        self.add_class(f"-{layout}")

    # -- the controller's side ------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.controller.game

    def post_change(self, change: Change) -> None:
        """The controller's callback: the change comes back as a message (handled in order, after the
        key or dialog that caused it)."""
        self.post_message(GameChanged(change))

    def act(self, action: Action) -> bool:
        """Send ``action`` through the controller. False (and a notice) if refused; the redraw follows
        on the change's message (:meth:`on_game_changed`)."""
        return self.took(self.controller.act(action))

    def took(self, result: Change | Refused) -> bool:
        """What the controller answered: True for a change; a refusal is said (an engine failure too,
        raised in test mode)."""
        if isinstance(result, Change):
            self.unsaved = True
            return True
        if result.error is not None:  # an engine bug: keep the app (and the chance to save) alive
            runtime_of(self.app).say_or_raise(result.error)
            self.app.notify(f"The rules engine failed on {result.action.kind}: {result.error!r}. Save the game (s) "
                            "and report it.", title="Engine error", severity="error", timeout=30)
            self.refresh_view()
            return False
        self.app.notify(result.reason, severity="warning")
        return False

    def on_game_changed(self, message: GameChanged) -> None:
        """Show a change: the log, the notices worth seeing, the board and panels, the animation of the
        move; autosave when the turn changed hands; then what the game waits for."""
        change = message.change
        if change.what == "undo":
            self.undo.undone(change.action.player, action_text(self.game, change.action, brief=True))
            self.refresh_view()
        else:
            self._log.add(change.events)
            self.announce(change.events)
            self.refresh_view()
            self.animate_events(change.positions_before, change.events)
        if change.turn_ended:
            self.autosave()
        self.sync_after_paint()

    def autosave(self) -> None:
        """Let the app autosave the game (at a turn's end; a screen shown in another app has none)."""
        autosave = getattr(self.app, "autosave_game", None)
        if autosave is not None:
            autosave(self.game)

    def _centre(self) -> Vertical:
        """What the board's ring holds: whose turn, the dice, the looked-at space, log and players."""
        g, look = self.game, self.look
        # kept: the view is refreshed after every step, without searching the screen for them
        card = self._card = DeedCard(g, look, keep_below=8, id="card")  # (the log keeps 8 rows)
        card.border_title = "Space (←↑↓→ look around)"
        self._aside_card = DeedCard(g, look, id="aside-card")
        self._status = Static(id="status")
        self._dice = DiceView(g)
        self._claims = Static(id="claims")
        self._log = GameLog(look)
        self._players = PlayersView(g, look)
        self._notice = NoticeLine(id="notice")
        self._notice_inner = NoticeLine(docked=False, id="notice-inner")
        return Vertical(
            self._status,
            self._dice,
            self._claims,
            Horizontal(Vertical(card, self._log, id="logcol"), self._players, id="lower"),
            self._notice_inner,
            id="centre",
        )

    # -- layout (compact 100x30, full 140x45, large 200x60) ----------------------------------------
    board_layout: reactive[str] = reactive("full", init=False)
    """The board's layout for the terminal's size (see :func:`~..widgets.board.layout_for`)."""


    def refresh_bindings(self) -> None:
        if not self.footer.unchanged():  # (the footer's form fitted to the width; redrawn only on a change)
            super().refresh_bindings()

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            yield self.board
            with Vertical(id="aside"):
                yield self._aside_card
                yield Static(aside_keys(self.look), id="aside-keys")
        yield self._notice
        yield Footer()

    def apply_layout(self, size=None) -> None:
        """Pick the layout for the terminal (``size`` or the app's); never fails on a resize."""
        try:
            width, height = size if size is not None else self.app.size
        except Exception:  # noqa: BLE001
            return
        self.board_layout = layout_for(width, height) or "compact"

    def watch_board_layout(self, layout: str) -> None:
        self._lay_out(layout)
        self.call_after_refresh(self.refill_log)

    def refill_log(self) -> None:
        """Write the log again at its new width (a log keeps the line breaks it was written with)."""
        log = self._log
        log.clear()
        log.add(self.game.st.log[-400:])

    def _lay_out(self, layout: str) -> None:
        """Classes, board geometry and widget options for ``layout``."""
        for name in LAYOUT_MIN:
            self.set_class(name == layout, f"-{name}")
        self._card.tall = layout == "large"
        self._players.set_compact(layout == "compact")
        shown, hidden = self._cards()
        shown.show(hidden.space if hidden.space is not None else shown.space)
        self.board.set_layout(layout)
        self.place_notices()
        self.call_after_refresh(self.refresh_view)

    def on_resize(self, event) -> None:
        if stale_resize(self, event):  # (a size the terminal no longer has: see megamono.tui.resizing)
            event.prevent_default()  # (Textual's own layout pass, after this handler, is not run for it)
            event.stop()
            return
        self.apply_layout(tuple(event.size))
        self.place_notices(tuple(event.size))
        self.refresh_bindings()  # the footer's form follows the width

    def place_notices(self, size=None) -> None:
        """The notice line: above the footer when the board leaves a line free there (100x30,
        200x60, the classic board), else the bottom line of the board's centre (the Mega board at
        140x45): a line nothing else uses, never over a space of the board or the log."""
        try:
            height = size[1] if size is not None else self.app.size.height
        except Exception:  # noqa: BLE001 - built outside a running app
            return
        free = height - 1 - self.board.geometry.height  # (the footer's line)
        self._notice.display = free >= 1
        self._notice_inner.display = free < 1

    _notice_region: Region | None = None

    def _notices_follow_layout(self, _screen=None) -> None:
        """After a layout pass: when the notice line moved (a resize, another layout), lay the
        notice lines of the dialogs over it again."""
        line = self._notice if self._notice.display else self._notice_inner
        region = line.region
        if region != self._notice_region:
            self._notice_region = region
            self.app.place_notice_lines()

    def on_board_selected(self, message: Board.Selected) -> None:
        self.show_space(message.space)

    def show_space(self, space: int) -> None:
        """Show ``space`` in the deed card of the layout (the one beside the board in the compact
        layout, else the one inside it); the hidden one only remembers it (see :meth:`_lay_out`)."""
        shown, hidden = self._cards()
        hidden.space = space
        shown.show(space)

    def _cards(self) -> tuple[DeedCard, DeedCard]:
        """(the deed card shown in this layout, the hidden one)."""
        if self.board_layout == "compact":
            return self._aside_card, self._card
        return self._card, self._aside_card

    def follow_turn(self) -> None:
        """Move the cursor to the token of whose turn it is whenever that token moves or the turn
        passes (the player may look elsewhere with the arrow keys in between)."""
        st = self.game.st
        here = (st.turn.number, st.turn.player, st.players[st.turn.player].position)
        if here != self._followed:
            self._followed = here
            self.board.select(here[2])

    def on_theme_changed(self, theme) -> None:
        """The app's theme changed: draw the board, cards and panels in the matching palette."""
        self.look.palette = palette_for(theme.name)
        self.query_one("#aside-keys", Static).update(aside_keys(self.look))
        self.refresh_view()

    def on_mount(self) -> None:
        log = self._log
        log.border_title = "Log"
        log.add(self.game.st.log[-400:])
        self.look.palette = palette_for(self.app.theme)
        try:
            self.app.theme_changed_signal.subscribe(self, self.on_theme_changed)
            self.screen_layout_refresh_signal.subscribe(self._log, self._notices_follow_layout)
        except SignalError:  # (the app is ending as it starts: a signal came; nothing more to set up)
            return
        self._lay_out(self.board_layout)
        self.apply_layout()
        self.show_space(self.board.shown)
        self.refresh_view()
        if self.game.st.options.time_limit is not None:
            self.set_interval(1.0, self.check_time)
        self.call_after_refresh(self.sync)

    # -- the time limit (RULES.md O) ------------------------------------------------------------------
    def time_left(self) -> float | None:
        """Seconds left of the game's ``time_limit`` by the app's clock, or None (no limit, no app clock)."""
        left = getattr(self.app, "time_left", None)
        return left(self.game) if left is not None else None

    def check_time(self) -> bool:
        """Every second while the game is open: show the time left; when it is out, record the
        time-up action once (in the history, autosaved: a save replays it), for the seat whose
        decision waits. True when it was recorded now."""
        left = self.time_left()
        g = self.game
        update_if_changed(self._status, status_text(g, self.look, self.controller.levels, left))
        if left is None or left > 0 or g.over or g.st.turn.time_up or g.pending is None:
            return False
        p = self.controller.decider()
        if p is None or not self.took(self.controller.act(TimeUp(player=p), chosen=False)):
            return False
        update_if_changed(self._status, status_text(g, self.look, self.controller.levels, left))
        self.app.notify(f"Time is up: the game ends when round {g.st.turn.round} ends; the highest final worth "
                        "wins.", title="Time limit", timeout=10)
        self.autosave()
        return True

    # -- view ---------------------------------------------------------------------------------
    def refresh_view(self) -> None:
        self.follow_turn()
        self.board.refresh_board()
        self.show_space(self.board.shown)
        update_if_changed(self._status, status_text(self.game, self.look, self.controller.levels, self.time_left()))
        self._dice.refresh_dice()
        claims = self._claims
        claims.display = bool(self.game.st.claims)
        update_if_changed(claims, claim_lines(self.game, self.look))
        self._players.refresh_players()
        self.refresh_bindings()

    def announce(self, events: list[Event]) -> None:
        """A short notice for the steps worth seeing as they happen (cards, Bus, Mr. Monopoly, ...)."""
        for ev in events:
            if (ev.kind in ANNOUNCE or isinstance(ev, (MrMonopolySends, MrMonopolyStays, Triples))
                    or isinstance(ev, (Rolled, JailRoll, UtilityRoll)) and ev.throw.speed == "mr"):
                self.app.notify(ev.say(self.game), timeout=5)

    # -- animations (megamono.tui.animate) ----------------------------------------------------------
    animation: Animation | None = None
    """The animation running (dice, token moves), or None; :meth:`sync` waits for its end."""

    def dice_view(self) -> DiceView | None:
        return self._dice

    def animate_events(self, before: list[int], events: list[Event]) -> None:
        """Animate what the last action did, briefly (when the app's animations are on)."""
        if self.animation is not None:
            self.animation.finish()
        if not getattr(self.app, "animations", False) or self.table.fast:
            return
        from ..animate import Animation

        anim = Animation(self, before, events, self._animation_done)
        if anim.needed:
            self.animation = anim
            anim.start()

    def sync_after_paint(self) -> None:
        """:meth:`sync` once the changed board is on screen: the roll shows at once and the next
        dialog follows a frame later, as it does after an animation."""
        self.refresh()  # (the widgets' own refreshes may not have reached the screen yet: a frame first)
        self.call_after_refresh(self.sync)

    def _animation_done(self) -> None:
        self.animation = None
        self.call_after_refresh(self.sync)

    def on_key(self, event) -> None:
        """Any key skips an animation (and does nothing else); a greyed-out game key says why it
        does nothing now (the footer alone is easy to miss). While a computer player finishes its
        turn, or the keyboard is about to pass to the next person, a key that does nothing (Enter, a
        dialog's letter typed before the dialog shows) says so: "Wait: …". It is not kept for later:
        the next thing to show is a hand-over or another person's question, which a key typed before it
        was seen must not answer."""
        if self.animation is not None:
            event.stop()
            event.prevent_default()
            self.animation.finish()
            say_wait(self, event)
            return
        active = self.active_bindings.get(event.key)
        if active is not None and not active.enabled and active.node is self:
            words = self.WORDS.get(active.binding.action, active.binding.description)
            self.app.notify(f"{words}: {self.table.why_key_off(active.binding.action)}",
                            severity="warning", timeout=3)
        elif active is None:
            say_wait(self, event)

    def on_screen_resume(self) -> None:
        self.apply_layout()
        self.refresh_view()
        self.call_after_refresh(self.sync)

    def open_manage(self, player: int) -> None:
        from .manage import ManageScreen
        self.open(ManageScreen(self, player), None)

    # -- the flow (megamono.tui.table: what shows next, as a value) ---------------------------------
    def sync(self) -> None:
        """Show what the game waits for: the table's next step (:meth:`~..table.Table.next_step`), when
        the board is on top, no dialog is awaited, no animation runs and the terminal is big enough."""
        if self._asking is not None or not self.on_top() or self.animation is not None or covered(self.app):
            return
        self.refresh_view()
        step = self.table.next_step()
        match step:
            case GameOver():
                from .gameover import GameOverScreen
                self.app.switch_screen(GameOverScreen(self.game))
            case ClaimForComputer(action=claim):
                result = self.controller.apply_computer(claim)  # (the change's message comes back here)
                if result is not None:
                    self.took(result)
            case ComputerMove():
                self.turns.schedule()
            case HandOver() | Ask() | OpenAuction():
                self._asking = step
                self.ask(step)

    @work(group="flow")
    async def ask(self, step: HandOver | Ask | OpenAuction) -> None:
        """Show ``step``'s screen and await its answer here; the answer is handled on the screen's own
        queue (:meth:`answered`: a bug there ends the app as any other, its game rescued)."""
        result = await self.app.push_screen_wait(screen_for(self, step))
        self.call_later(self.answered, step, result)

    def answered(self, step: HandOver | Ask | OpenAuction, result: Any) -> None:
        """Do what ``step``'s answer says (:func:`~.game_flow.decided`; a hand-over's "undo" asks the one
        handing over), then look again (:meth:`sync`): no other step opens before."""
        self._asking = None
        if isinstance(step, HandOver):
            if result == "undo":
                self.undo.ask(handing_over=step.handing_over)
            else:  # (passed: the next keys of the same burst wait a moment, AFTER_HANDOVER)
                self.table.passed()
                self.set_timer(AFTER_HANDOVER, self.refresh_bindings)
        else:
            decided(self, result)
        self.call_after_refresh(self.sync)

    def asking(self) -> bool:
        """Whether a step's dialog is open and awaited (:meth:`ask`)."""
        return self._asking is not None

    def on_top(self) -> bool:
        """Whether the game screen is the screen on top (Textual's ``is_current`` is also true under a
        modal screen). Nothing opens, and no computer moves, under another screen; the flow goes on when
        the game screen is back on top."""
        try:
            return self.app.screen is self
        except Exception:  # noqa: BLE001 - (no screen stack: the app is closing)
            return False

    def open(self, screen: Screen[Any], callback: Callable[[Any], object] | None) -> None:
        """Push ``screen`` (a key's: manage, trade, save, help...); its answer goes to ``callback``, then the
        flow looks again."""
        def done(result: Any) -> None:
            if callback is not None:
                callback(result)
            self.call_after_refresh(self.sync)

        self.app.push_screen(screen, done)

    # -- keys ------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.table.allows(action)  # (the table's answer: :meth:`~..table.Table.allows`)

    def action_look(self, dx: int, dy: int) -> None:
        """Arrow keys: move the cursor to the next space on screen; its deed card shows."""
        self.board.move(dx, dy)

    def action_look_home(self) -> None:
        """Home: the cursor back to the token of whose turn it is."""
        st = self.game.st
        self.board.select(st.players[st.turn.player].position)

    def action_roll(self) -> None:
        pend, p = self.game.pending, self.controller.decider()
        if pend is not None and p is not None and pend.kind == "turn" and not self.controller.is_computer(p):
            self.act(Roll(player=p))  # (the change's message redraws, then shows what comes next)

    def action_bus_ticket(self) -> None:
        g = self.game
        pend, p = g.pending, self.controller.decider()
        if pend is None or p is None or pend.kind != "turn" or self.controller.is_computer(p):
            return
        reach = [a.destination for a in g.legal_actions(p) if isinstance(a, PlayBusTicket)]
        if not reach:
            self.app.notify("No Bus Ticket to play", severity="warning")
            return
        self.open(BoardPickDialog(g, self.look, self.board, reach, "ride the bus",
                                  lambda s: PlayBusTicket(player=p, destination=s), cancel=True, player=p),
                  lambda result: decided(self, result))

    def action_log_page(self, pages: int) -> None:
        self._log.page(pages)

    def action_decide(self) -> None:
        self.table.hidden = None
        self.sync()

    def action_manage(self) -> None:
        c = self.controller
        p = c.decider()
        self.open_manage(p if p is not None and not c.is_computer(p) else (c.at_keyboard() or 0))

    def action_undo(self) -> None:
        self.undo.key()

    def action_trade(self) -> None:
        if not self.table.can_trade():
            return
        from .trade import TradeScreen, propose
        keyboard = self.controller.at_keyboard() or 0
        self.open(TradeScreen(self.game, self.look, keyboard, position_chances=self.position_chances),
                  lambda offer: propose(self, offer))

    # rent claims (option rent_must_be_claimed)
    def action_claim(self) -> None:
        claims = self.table.human_claims()
        if not claims:
            return
        if len(claims) == 1:
            self.act(claims[0])
            return
        g = self.game
        items = []
        for a in claims:
            c = next(c for c in g.st.claims if c.owner == a.player and c.space == a.space)
            items.append((Text.assemble(self.look.who(c.owner), f" claims ${c.amount:,} for "
                                        f"{g.ed.spaces[c.space].name} from ", self.look.who(c.payer)), a))
        self.open(PickDialog("Which rent is claimed?", items), lambda a: a is not None and self.act(a))

    # ending early (E2)
    def action_end_game(self) -> None:
        p = self.controller.at_keyboard()
        if p is None:
            return
        name = self.game.st.players[p].name
        question = (f"{name}: propose to end the game now?\nEvery other player votes in turn; if all agree, "
                    "the highest final worth wins (a tie shares the win).")
        self.open(ConfirmDialog(question), lambda yes: yes and self.act(ProposeEnd(player=p)))

    def action_skip(self) -> None:
        self.turns.skip()
        self.refresh_bindings()
        self.sync()

    def action_save(self) -> None:
        from .saves import SaveDialog
        self.open(SaveDialog(self.game, self.app.saves_dir, self.saved, game_id=self.app.game_id), self.on_saved)

    def on_saved(self, path: Path | None) -> None:
        if path is not None:
            self.saved = path
            self.unsaved = False
            self.app.notify(f"Saved to {path}", timeout=6)

    def position_chances(self) -> PositionChances:
        """The playouts of the position as it stands (:mod:`.chances`): the ones kept for it, else new
        ones from a copy of the game taken now (none played yet). The win chances panel and the trade
        screen's before/after figures share them."""
        from .chances import PLAYOUTS, TARGET, PositionChances, position_key

        key = position_key(self.controller)
        if self.chances is None or self.chances.key != key:
            copy = self.controller.copy_for_computer()
            total = runtime_of(self.app).playouts or PLAYOUTS
            self.chances = PositionChances.of(key, copy, total, target=TARGET)
        return self.chances

    def action_win_chances(self) -> None:
        """The win chances panel (:mod:`.chances`) of the position as it stands."""
        from .chances import ChancesScreen

        self.open(ChancesScreen(self.position_chances(), self.look), None)

    def action_help(self) -> None:
        from .help import HelpScreen
        self.open(HelpScreen(), None)

    def action_rules(self) -> None:
        from .rules import RulesScreen
        self.open(RulesScreen(), None)

    def action_leave(self) -> None:
        question = "Leave this game and go back to the start screen?"
        if self.unsaved:
            question += ("\nIt will be autosaved as it stands: the start screen offers to resume it (press"
                         " s first to keep it under a name of its own).")

        def answer(yes: bool | None) -> None:
            if yes:
                self.app.leave_game(self.app.go_start)

        self.open(ConfirmDialog(question), answer)
