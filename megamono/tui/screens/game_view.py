"""What the game screen shows, and how it follows the terminal's size: an object the screen owns
(:class:`GameView`).

The board (:class:`~..widgets.board.Board`) holds in its ring whose turn it is, the dice, the rent claims, the
deed card of the space looked at, the log and the player panels; beside it, in the compact layout, the deed card
and a key legend; under it the notice line and the footer. The layout follows the terminal's size
(:func:`~..widgets.board.layout_for`: compact from 100x30 with the deed card beside the board, full from 140x45,
large from 200x60; the screen gets the class ``-compact``, ``-full`` or ``-large``). The arrow keys move a cursor
over the board; the deed card shows the space under it, which follows the token of whose turn it is whenever that
token moves. An action's dice and token moves are animated briefly (:mod:`..animate`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from megamono.rules.events import Event, JailRoll, MrMonopolySends, MrMonopolyStays, Rolled, Triples, UtilityRoll

from ..look import update_if_changed
from ..themes import palette_for
from ..widgets.board import LAYOUT_MIN, Board, layout_for
from ..widgets.deed_card import DeedCard
from ..widgets.dice import DiceView
from ..widgets.footer import KeysFooter
from ..widgets.log import GameLog
from ..widgets.notices import NoticeLine
from ..widgets.player_panel import PlayersView
from .game_text import aside_keys, claim_lines, status_text

if TYPE_CHECKING:
    from textual.app import ComposeResult
    from textual.geometry import Region

    from megamono.rules.engine import Game

    from ..animate import Animation
    from .game import GameScreen

ANNOUNCE = ("card", "bus", "jail", "bankrupt", "auction", "game_over", "trade")
"""Kinds of events said in a notice as they happen (besides Mr. Monopoly, triples and the Bus roll)."""
LOG_KEPT = 400
"""Lines of the log written into the log widget (on mount, after an undo, at a new width)."""


class GameView:
    """The widgets of ``screen``'s game and its layout (``layout``: "compact", "full" or "large", the one
    for the terminal's size when the screen is made)."""

    def __init__(self, screen: GameScreen, layout: str) -> None:
        self.screen = screen
        game, look = screen.game, screen.look
        self.card = DeedCard(game, look, keep_below=8, id="card")  # (the log keeps 8 rows)
        self.card.border_title = "Space (←↑↓→ look around)"
        self.aside_card = DeedCard(game, look, id="aside-card")
        self.status = Static(id="status")
        self.dice = DiceView(game)
        self.claims = Static(id="claims")
        self.log = GameLog(look)
        self.log.border_title = "Log"
        self.players = PlayersView(game, look)
        self.notice = NoticeLine(id="notice")
        self.notice_inner = NoticeLine(docked=False, id="notice-inner")
        centre = Vertical(
            self.status, self.dice, self.claims,
            Horizontal(Vertical(self.card, self.log, id="logcol"), self.players, id="lower"),
            self.notice_inner, id="centre")
        self.board = Board(game, look, centre, layout)
        self.layout = layout
        """The board's layout for the terminal's size (see :func:`~..widgets.board.layout_for`)."""
        self.animation: Animation | None = None
        """The animation running (dice, token moves), or None; the screen's flow waits for its end."""
        self._followed: tuple[int, int, int] | None = None
        self._notice_region: Region | None = None
        screen.add_class(f"-{layout}")

    @property
    def game(self) -> Game:
        return self.screen.game

    def compose(self) -> ComposeResult:
        """The screen's widgets: the board and the column beside it, the notice line, the footer."""
        with Horizontal(id="main"):
            yield self.board
            with Vertical(id="aside"):
                yield self.aside_card
                yield Static(aside_keys(self.screen.look), id="aside-keys")
        yield self.notice
        yield KeysFooter()

    def mounted(self) -> None:
        """Once the screen is mounted: the log, the palette of the app's theme, the layout and the view."""
        self.log.add(self.game.st.log[-LOG_KEPT:])
        self.screen.look.palette = palette_for(self.screen.app.theme)
        self.lay_out(self.layout)
        self.fit()
        self.show_space(self.board.shown)
        self.refresh()

    # -- layout (compact 100x30, full 140x45, large 200x60) ----------------------------------------
    def fit(self, size: tuple[int, int] | None = None) -> None:
        """Take the layout for the terminal (``size`` or the app's) if it changed; never fails on a resize."""
        try:
            width, height = size if size is not None else self.screen.app.size
        except Exception:  # noqa: BLE001 - (no app size: the app is closing)
            return
        layout = layout_for(width, height) or "compact"
        if layout != self.layout:
            self.layout = layout
            self.lay_out(layout)
            self.screen.call_after_refresh(self.refill_log)

    def resized(self, size: tuple[int, int]) -> None:
        """The terminal has ``size`` now: the layout and the notice line's place for it."""
        self.fit(size)
        self.place_notices(size)

    def lay_out(self, layout: str) -> None:
        """Classes, board geometry and widget options for ``layout``."""
        for name in LAYOUT_MIN:
            self.screen.set_class(name == layout, f"-{name}")
        self.card.tall = layout == "large"
        self.players.set_compact(layout == "compact")
        shown, hidden = self.cards()
        shown.show(hidden.space if hidden.space is not None else shown.space)
        self.board.set_layout(layout)
        self.place_notices()
        self.screen.call_after_refresh(self.refresh)

    def refill_log(self) -> None:
        """Write the log again (at a new width: a log keeps the line breaks it was written with; after an undo)."""
        self.log.clear()
        self.log.add(self.game.st.log[-LOG_KEPT:])

    def place_notices(self, size: tuple[int, int] | None = None) -> None:
        """The notice line: above the footer when the board leaves a line free there (100x30,
        200x60, the classic board), else the bottom line of the board's centre (the Mega board at
        140x45): a line nothing else uses, never over a space of the board or the log."""
        try:
            height = size[1] if size is not None else self.screen.app.size.height
        except Exception:  # noqa: BLE001 - built outside a running app
            return
        free = height - 1 - self.board.geometry.height  # (the footer's line)
        self.notice.display = free >= 1
        self.notice_inner.display = free < 1

    def notices_follow_layout(self, _screen: Any = None) -> None:
        """After a layout pass: when the notice line moved (a resize, another layout), lay the
        notice lines of the dialogs over it again."""
        line = self.notice if self.notice.display else self.notice_inner
        region = line.region
        if region != self._notice_region:
            self._notice_region = region
            self.screen.app.place_notice_lines()

    # -- the space looked at -------------------------------------------------------------------
    def show_space(self, space: int) -> None:
        """Show ``space`` in the deed card of the layout (the one beside the board in the compact
        layout, else the one inside it); the hidden one only remembers it (see :meth:`lay_out`)."""
        shown, hidden = self.cards()
        hidden.space = space
        shown.show(space)

    def cards(self) -> tuple[DeedCard, DeedCard]:
        """(the deed card shown in this layout, the hidden one)."""
        if self.layout == "compact":
            return self.aside_card, self.card
        return self.card, self.aside_card

    def follow_turn(self) -> None:
        """Move the cursor to the token of whose turn it is whenever that token moves or the turn
        passes (the player may look elsewhere with the arrow keys in between)."""
        st = self.game.st
        here = (st.turn.number, st.turn.player, st.players[st.turn.player].position)
        if here != self._followed:
            self._followed = here
            self.board.select(here[2])

    # -- drawing ---------------------------------------------------------------------------------
    def theme_changed(self, theme: Any) -> None:
        """The app's theme changed: draw the board, cards and panels in the matching palette."""
        look = self.screen.look
        look.palette = palette_for(theme.name)
        self.screen.query_one("#aside-keys", Static).update(aside_keys(look))
        self.refresh()

    def refresh(self) -> None:
        """Draw the game as it stands: board, deed card, status (with the time left), dice, claims, panels."""
        screen = self.screen
        self.follow_turn()
        self.board.refresh_board()
        self.show_space(self.board.shown)
        self.show_status()
        self.dice.refresh_dice()
        self.claims.display = bool(self.game.st.claims)
        update_if_changed(self.claims, claim_lines(self.game, screen.look))
        self.players.refresh_players()
        screen.refresh_bindings()

    def show_status(self) -> None:
        """The status line: whose turn, the round, the time left of a time limit."""
        screen = self.screen
        update_if_changed(self.status, status_text(self.game, screen.look, screen.controller.levels,
                                                   screen.time_limit.left()))

    def announce(self, events: list[Event]) -> None:
        """A short notice for the steps worth seeing as they happen (cards, Bus, Mr. Monopoly, ...)."""
        for ev in events:
            if (ev.kind in ANNOUNCE or isinstance(ev, (MrMonopolySends, MrMonopolyStays, Triples))
                    or isinstance(ev, (Rolled, JailRoll, UtilityRoll)) and ev.throw.speed == "mr"):
                self.screen.app.notify(ev.say(self.game), timeout=5)

    # -- animations (megamono.tui.animate) ----------------------------------------------------------
    def animate(self, before: list[int], events: list[Event], animations: bool) -> None:
        """Animate what the last action did, briefly, when ``animations`` (the app's option, off while
        skipping ahead); the screen's flow goes on when it ends."""
        if self.animation is not None:
            self.animation.finish()
        if not animations:
            return
        from ..animate import Animation

        anim = Animation(self, before, events, self._animation_done)
        if anim.needed:
            self.animation = anim
            anim.start()

    def _animation_done(self) -> None:
        self.animation = None
        self.screen.call_after_refresh(self.screen.sync)
