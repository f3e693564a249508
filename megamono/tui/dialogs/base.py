"""The base of every decision dialog: whose decision it is, in their colour, and keyed options.

A dialog never changes the game: it dismisses with the chosen :mod:`~megamono.rules.actions`
action, with ``"manage"`` (open the manage screen for the deciding player first) or with ``None``
(hide the dialog to look at the board; the game screen's ``d`` key brings it back).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.content import Content
from textual.markup import escape
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Static

from megamono.rules.decisions import Decision
from megamono.rules.engine import Game

from ..keytimes import REST
from ..look import DIM, Look
from ..resizing import LatestSizeOnly
from ..runtime import runtime_of
from ..widgets.footer import KeysFooter
from ..widgets.notices import NoticeLine


def on_top(screen: Screen[Any]) -> bool:
    """Whether ``screen`` is the screen on top (Textual's ``is_current`` is also true under a modal screen,
    the manage screen say, that shows it beneath). Nothing opens, and no computer moves, under another
    screen; False while the app closes (no screen stack)."""
    try:
        return screen.app.screen is screen
    except Exception:  # noqa: BLE001 - (no screen stack: the app is closing)
        return False


@dataclass
class Option:
    """One choice of a dialog: its key, a button label and the action it sends (or a word)."""

    key: str
    label: str
    action: Any


D = TypeVar("D", bound=Decision)


class DecisionDialog(LatestSizeOnly, ModalScreen[object], Generic[D]):
    """A modal decision for ``game.pending`` (a ``D``, one of :attr:`DECISION`). Subclasses give
    :meth:`body` and :meth:`options` and bind each option's key to ``choose('<key>')`` in their
    ``BINDINGS``."""

    DECISION: type[Decision] | tuple[type[Decision], ...] = Decision
    """The decision classes the dialog answers (``TypeError`` when opened for another)."""

    DEFAULT_CSS = """
    DecisionDialog { align: center middle; }
    DecisionDialog #dialog {
        width: 84; max-width: 100%; height: auto; max-height: 100%; padding: 0 1;
        border: heavy $accent; background: $panel;
    }
    DecisionDialog #who { text-style: bold; margin-bottom: 1; }
    DecisionDialog #body { margin-bottom: 1; }
    DecisionDialog #choices { height: auto; }
    DecisionDialog Grid#choices { grid-size: 2; grid-rows: 1; grid-gutter: 0 1; }
    DecisionDialog #choices Button { margin-right: 1; min-width: 10; }
    DecisionDialog #why { color: $text-muted; margin-top: 1; }
    """

    AUTO_FOCUS = ""
    """No button has the focus when a dialog opens: a stray Enter (typed ahead, or meant for the
    board) must not answer it. The options' keys answer; Tab reaches the buttons."""

    COMMON_BINDINGS = [
        Binding("m", "manage", "Manage"),
        Binding("w", "win_chances", "Win%"),
        Binding("j", "coach", "Coach"),
        Binding("escape", "hide", "Hide"),
        Binding("ctrl+c", "app.help_quit", "Quit?", show=False),  # (says how to quit, as on the board)
    ]

    def __init_subclass__(cls, **kwargs) -> None:
        # the options' keys first in the footer, then the keys every dialog has
        own = cls.__dict__.get("BINDINGS", [])
        have = {(b.key, b.action) for b in own if isinstance(b, Binding)}
        cls.BINDINGS = [*own, *[b for b in DecisionDialog.COMMON_BINDINGS if (b.key, b.action) not in have]]
        # keys typed ahead by the previous player must not answer this dialog (see GUARD)
        own_check = cls.__dict__.get("check_action")
        if own_check is not None and not getattr(own_check, "_guarded", False):
            @functools.wraps(own_check)
            def check_action(self, action, parameters, _check=own_check):
                if self.too_soon():
                    return False
                return _check(self, action, parameters)
            check_action._guarded = True  # type: ignore[attr-defined]
            cls.check_action = check_action  # type: ignore[method-assign]
        super().__init_subclass__(**kwargs)

    GUARD = 0.25
    """Seconds after opening in which keys are ignored (when the runtime's ``guards`` are on)."""
    after_computer = False
    """Opened straight after a computer player's move with no hand-over: keys of a burst that began before
    it opened (typed through the computer's move) are not taken until the hands rest (:data:`~..keytimes.REST`)."""

    def too_soon(self) -> bool:
        """Whether a key now is too soon: in the first :attr:`GUARD` seconds after opening, or (after a
        computer's move, :attr:`after_computer`) in a burst of keys that began before it opened."""
        opened = getattr(self, "_opened", None)
        runtime = runtime_of(self.app)
        if opened is None or not runtime.guards:
            return False
        now = runtime.clock.monotonic()
        keys = getattr(self.app, "keys", None)
        wait = None
        if now - opened < self.GUARD:
            wait = self.GUARD
        elif self.after_computer and keys is not None and keys.typing_since(opened, now):
            wait = REST
        if wait is None:
            return False
        if not getattr(self, "_guard_timer", False):
            self._guard_timer = True

            def over() -> None:
                self._guard_timer = False
                self.refresh_bindings()

            self.set_timer(wait, over)
        return True

    def __init__(self, game: Game, look: Look, player: int | None = None) -> None:
        """``player``: the seat deciding here, one of ``pending.players`` (the first when not given)."""
        super().__init__()
        self.game = game
        self.look = look
        pend = game.pending
        if not isinstance(pend, self.DECISION):
            raise TypeError(f"{type(self).__name__} answers {self.DECISION}, not {pend!r:.60}")
        self.pend = cast(D, pend)  # (the isinstance above, which mypy cannot tie to D)
        self.player = pend.players[0] if player is None else player
        self._opened: float | None = None  # (the runtime's clock when it was mounted)

    def stale(self) -> bool:
        """The decision the dialog was opened for is no longer the one the game waits for, or no longer
        this dialog's player's: it was answered (the dialog is on its way out) or the game moved on. A
        key or an edit still queued for the dialog then changes nothing (a seat-order bid typed just as
        the auction ended asked for the minimum bid of an auction that was over: a crash, seen on a
        loaded machine)."""
        pend = self.game.pending
        return pend is not self.pend or self.player not in pend.players

    # -- for subclasses -------------------------------------------------------------------------
    def heading(self) -> str:
        return "decision"

    def body(self) -> Text:
        return Text(self.game.say(self.pend))

    def options(self) -> list[Option]:
        return []

    # -- machinery ------------------------------------------------------------------------------
    def who_text(self) -> Text:
        t = Text.assemble(self.look.block(self.player), " ")
        t.append_text(self.look.who(self.player))
        t.append(f" — {self.heading()}", style=f"bold {self.look.colour(self.player)}")
        pl = self.game.st.players[self.player]
        t.append(f"   cash ${pl.cash:,}", style="bold")
        return t

    def compose(self) -> ComposeResult:
        self._options = {o.key: o for o in self.options()}
        with Vertical(id="dialog"):
            yield Static(self.who_text(), id="who")
            yield Static(self.body(), id="body")
            with (Horizontal if len(self._options) <= 3 else Grid)(id="choices"):
                for o in self._options.values():
                    yield Button(Content(f"{o.label} [{o.key}]"), id=f"opt-{o.key}", disabled=not self.legal(o),
                                 compact=True)
            yield Static(self.reasons(), id="why")
        yield NoticeLine()
        yield KeysFooter()

    def on_mount(self) -> None:
        self._opened = runtime_of(self.app).clock.monotonic()
        box = self.query_one("#dialog")
        box.styles.border = ("heavy", self.look.colour(self.player))
        # (a border title is markup: a name such as "[/b]oo" is shown as typed, not read as a tag)
        box.border_title = f"{escape(self.game.st.players[self.player].name)}'s decision"

    def legal(self, o: Option) -> bool:
        return not hasattr(o.action, "kind") or self.game.why_not(o.action) is None

    def reasons(self) -> Text:
        lines = []
        for o in self._options.values():
            if hasattr(o.action, "kind"):
                why = self.game.why_not(o.action)
                if why:
                    lines.append(Text.assemble((f"{o.label}: ", "bold"), why))
        return Text("\n").join(lines) if lines else Text("")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.too_soon():
            return False
        if action == "choose":
            o = getattr(self, "_options", {}).get(str(parameters[0]))
            if o is None:
                return False
            return True if self.legal(o) else None
        return True

    def on_key(self, event: events.Key) -> None:
        """A key that does nothing here (a stray Enter or letter) says which keys answer, instead
        of being ignored without a word; a greyed-out option's key says why it is not allowed."""
        if not (event.is_printable or event.key in ("enter", "space")):
            return
        if self.too_soon():
            if not getattr(self, "_told_too_soon", False):  # (once: typing ahead sends several)
                self._told_too_soon = True
                self.app.notify("A key pressed as the dialog opened was ignored (it may have been meant "
                                "for the one before): press it again", timeout=3)
            return
        active = self.active_bindings.get(event.key)
        if active is not None:
            o = self._options.get(event.key) if active.binding.action.startswith("choose") else None
            if not active.enabled and o is not None:
                self.app.notify(f"{o.label}: {self.game.why_not(o.action) or 'not now'}",
                                severity="warning", timeout=3)
            return
        if isinstance(self.focused, (Input, Button)):
            return  # the focused field or button takes it
        what = {"enter": "Enter", "space": "Space"}.get(event.key, repr(event.character or event.key))
        self.app.notify(f"{what} does nothing here. Keys: {self.keys_hint()}", timeout=3)

    def keys_hint(self) -> str:
        """The keys that answer now, as the footer shows them ("b Buy for $80 · a Auction it · m
        Manage · w Win% · esc Hide"): this dialog's own, enabled keys, an option's key with its label."""
        out, seen = [], set()
        for key, active in self.active_bindings.items():
            b = active.binding
            if active.node is not self or not active.enabled or not b.show or b.action in seen:
                continue
            seen.add(b.action)  # (a binding of several keys, such as "right,down", once)
            o = self._options.get(key) if b.action.startswith("choose") else None
            out.append(f"{self.app.get_key_display(b)} {o.label if o is not None else b.description}")
        return " · ".join(out)

    def action_choose(self, key: str) -> None:
        o = self._options.get(key)
        if o is None:
            return
        if not self.legal(o):
            self.app.notify(self.game.why_not(o.action) or "not now", severity="warning")
            return
        self.dismiss(o.action)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if self.too_soon():
            event.stop()
            return
        if event.button.id and event.button.id.startswith("opt-"):
            event.stop()
            self.action_choose(event.button.id[4:])

    def action_manage(self) -> None:
        self.dismiss("manage")

    def action_win_chances(self) -> None:
        """The win chances panel from where the game stands (the decision waiting); the dialog comes
        back when it closes."""
        self.dismiss("win_chances")

    def action_coach(self) -> None:
        """The coach for this decision (:mod:`..screens.coach`); the dialog comes back when it closes."""
        self.dismiss("coach")

    def action_hide(self) -> None:
        self.dismiss(None)


def dim(text: str) -> Text:
    return Text(text, style=DIM)
