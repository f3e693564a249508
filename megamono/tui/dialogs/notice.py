"""Small modal notices: "pass the keyboard to NAME", a yes/no confirmation, and what to do when a
game cannot be autosaved as it is left."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ..keytimes import REST
from ..look import DIM, Look
from ..resizing import LatestSizeOnly, stale_resize
from ..runtime import runtime_of
from ..widgets.footer import KeysFooter
from ..widgets.notices import NoticeLine

WHAT = {
    "turn": "it is {name}'s turn", "jail": "{name} is in jail: pay, use a card or roll",
    "jail_pay": "{name} must leave jail", "bid": "auction: {name} bids next",
    "trade_reply": "{name} must answer a trade offer", "end_vote": "{name} votes on ending the game",
    "debt": "{name} owes money", "shortage_ask": "{name} is asked about the last buildings",
    "place_piece": "{name} places a piece won at auction", "auction_pick": "{name} picks a deed to auction",
    "buy": "{name} may buy a property", "triples": "{name} rolled triples",
    "levelling": "{name} levels a colour group", "mortgaged_deed": "{name} received a mortgaged deed",
}
"""What the player is handed the keyboard for, by the kind of pending decision."""


class PassKeyboard(LatestSizeOnly, ModalScreen[object]):
    """Hot-seat hand-over: shown whenever the deciding person changes (never for a computer player;
    the app's ``pass_notices`` switch turns it off). Enter dismisses it. While it shows, the keyboard
    is still with the player handing it over: when their last decision can be taken back (``undo``:
    its words), ``u`` dismisses it with ``"undo"`` and the game screen asks them."""

    DEFAULT_CSS = """
    PassKeyboard { align: center middle; }
    PassKeyboard #pass { width: 64; max-width: 100%; height: auto; max-height: 100%; padding: 1 2;
                         border: heavy $accent; background: $panel; }
    PassKeyboard #banner { width: 100%; height: 3; content-align: center middle; text-style: bold; }
    PassKeyboard #passtext { width: 100%; margin-top: 1; }
    """
    # Enter only: space skips the computer players' moves, and a space pressed to hurry them must
    # not also wave through the next person's hand-over
    BINDINGS = [Binding("enter", "ok", "I am ready"), Binding("u", "undo", "Undo mine"),
                Binding("s", "save", "Save"), Binding("q", "leave", "Quit game")]
    GUARD = 0.4
    """Seconds after opening in which keys are ignored: keys typed ahead by the previous player must
    not dismiss the notice (when the runtime's guards are on)."""
    REST = REST
    """After a key (one the notice ignored, or any pressed just before it opened), the seconds without a
    key it takes before one is taken: keys pressed over and over while a computer plays (Enter, r,
    Enter, r...) never run into the next person's hand-over; it takes a key pressed after a rest (when
    the runtime's guards are on)."""

    def __init__(self, look: Look, player: int, why: str = "", owner=None, undo: str | None = None) -> None:
        super().__init__()
        self.look = look
        self.player = player
        self.why = why
        self.owner = owner
        """The game screen: ``s`` and ``q`` run its save and quit."""
        self.undo = undo
        """The words of the last decision of the player handing over, when it can be taken back."""
        self._opened: float | None = None  # (the runtime clock's reading when it was mounted)
        self._guard_timer = False
        self._told_too_soon = False

    def too_soon(self) -> bool:
        """Whether a key now is too soon: in the first :attr:`GUARD` seconds, or before a rest of
        :attr:`REST` seconds in which no key at all came (the app's :class:`~..keytimes.KeyTimes`:
        keys pressed before the notice opened count)."""
        runtime = runtime_of(self.app)
        if not runtime.guards or self._opened is None:
            return False
        now = runtime.clock.monotonic()
        opening = now - self._opened < self.GUARD
        keys = getattr(self.app, "keys", None)
        resting = keys is not None and not keys.rested(now, self.REST)
        if not (opening or resting):
            return False
        if not self._guard_timer:
            self._guard_timer = True
            self.set_timer(self.REST if resting else self.GUARD, self._guard_over)
        return True

    def _guard_over(self) -> None:
        self._guard_timer = False
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.too_soon():
            return False
        if action in ("save", "leave"):
            return self.owner is not None
        if action == "undo":
            return self.undo is not None and self.owner is not None
        return True

    def on_key(self, event) -> None:
        """A key pressed as the notice opened (typed ahead by the one handing over, or during the
        computer's last move) is not taken: said once on the notice line, not ignored without a word. ``u``
        with nothing the one handing over may take back says why."""
        if not self.too_soon():
            if event.key == "u" and self.undo is None and self.owner is not None:
                game, controller = self.look.game, self.owner.controller
                why = controller.why_not_undo(game.history[-1].player) if game.history else "nothing to undo yet"
                self.app.notify(f"Undo: {why}", severity="warning", timeout=5)
            return
        event.stop()  # (not for this notice's keys: its bindings ask too_soon too)
        event.prevent_default()
        if event.key == "space" or not (event.is_printable or event.key == "enter"):
            return
        if not self._told_too_soon:  # (once: typing ahead sends several)
            self._told_too_soon = True
            name = self.look.game.st.players[self.player].name
            self.app.notify(f"Keys typed ahead are not taken here: {name}, take your hands off the keys a "
                            "moment, then press Enter when you are ready", severity="warning", timeout=3)

    def action_undo(self) -> None:
        if self.undo is not None and self.owner is not None:
            self.dismiss("undo")

    def action_save(self) -> None:
        if self.owner is not None:
            self.owner.keys.save()

    def action_leave(self) -> None:
        if self.owner is not None:
            self.owner.keys.leave()

    def what(self) -> str:
        """"it is Ann's turn", "auction: Bob bids next", ... (empty when not known)."""
        game = self.look.game
        pend = game.pending
        name = game.st.players[self.player].name
        if pend is None or self.player not in pend.players:
            return ""
        return WHAT.get(pend.kind, "{name} decides").format(name=name)

    def compose(self) -> ComposeResult:
        name = self.look.game.st.players[self.player].name
        banner = Text.assemble(("Pass the keyboard to ", "bold"), (f"{name} ({self.look.tokens[self.player]})",
                                                                  "bold"))
        t = Text("")
        what = self.what()
        if what:
            t.append(what[0].upper() + what[1:] + ".", style="bold")
        if self.why:
            t.append(("\n" if what else "") + self.why)
        t.append(f"\n\n{name}: press Enter when you are ready.", style=DIM)
        if self.undo is not None:
            game = self.look.game
            last = game.history[-1].player if game.history else None
            if last is not None:
                t.append(f"\n{game.st.players[last].name}: u takes back your last decision ({self.undo}) "
                         "before you pass the keyboard.", style=DIM)
        with Vertical(id="pass"):
            yield Static(banner, id="banner")
            yield Static(t, id="passtext")
        yield NoticeLine()
        yield KeysFooter()

    def on_mount(self) -> None:
        from textual.color import Color

        self._opened = runtime_of(self.app).clock.monotonic()
        colour = Color.parse(self.look.colour(self.player))
        try:
            box = self.query_one("#pass")
        except NoMatches:  # (not composed: the app is ending as it starts, a signal came)
            return
        box.styles.border = ("heavy", colour)
        box.border_title = "Hot seat"
        banner = self.query_one("#banner")
        banner.styles.background = colour
        banner.styles.color = colour.get_contrast_text(1.0)
        self.place()

    def on_resize(self, event: events.Resize) -> None:
        if not stale_resize(self, event):
            self.call_after_refresh(self.place)  # (once the game screen beneath has its new layout)

    def place(self) -> None:
        """Centre the notice over the board's centre (the game screen's ``#centre``), not the terminal:
        at the compact size the board stands left of the deed card, and a notice centred on the terminal
        covered all but the last letter of the board's right-hand labels ("Gn320" showed as a stray "0"
        beside it). Centred on the terminal when there is no game screen beneath."""
        try:
            box = self.query_one("#pass")
            centre = self.owner.query_one("#centre").region if self.owner is not None else None
        except NoMatches:  # (not composed, or the game screen being torn down: the app is ending)
            return
        if centre is None or not centre.width:
            return
        box.styles.offset = (centre.x + centre.width // 2 - self.app.size.width // 2, 0)

    def action_ok(self) -> None:
        self.dismiss(None)


class ConfirmDialog(LatestSizeOnly, ModalScreen[bool]):
    """A yes/no question: ``y`` confirms, ``n`` or Escape declines."""

    DEFAULT_CSS = """
    ConfirmDialog { align: center middle; }
    ConfirmDialog #confirm { width: 60; max-width: 100%; height: auto; padding: 1 2; border: heavy $warning;
                             background: $panel; }
    """
    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            yield Static(Text(self.question + "\n\n", style="bold") + Text("y = yes, n = no", style=DIM))
        yield NoticeLine()
        yield KeysFooter()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class SaveFailedDialog(LatestSizeOnly, ModalScreen[str | None]):
    """The game could not be autosaved as it is left (a full disk, a read-only save folder): says why
    and offers ``s`` save it elsewhere (a path typed in the box; a folder takes the autosave's name),
    ``r`` try the autosave again, ``q`` leave without saving; Escape goes back to the game.

    ``save_elsewhere(path)`` writes the game there and returns None, or why it could not. Dismisses
    with ``"saved"``, ``"retry"``, ``"discard"``, or None (back to the game).
    """

    DEFAULT_CSS = """
    SaveFailedDialog { align: center middle; }
    SaveFailedDialog #savefailed { width: 80; max-width: 100%; height: auto; max-height: 100%; padding: 1 2;
                                   border: heavy $error; background: $panel; }
    SaveFailedDialog #elsewhere { margin-top: 1; }
    SaveFailedDialog #elsewhereerr { color: $error; height: auto; }
    """
    BINDINGS = [Binding("s", "elsewhere", "Save elsewhere"), Binding("r", "retry", "Try again"),
                Binding("q", "discard", "Leave without saving"), Binding("escape", "back", "Back to the game")]
    AUTO_FOCUS = ""  # (a stray key must not start typing over the path: s goes to the box)

    def __init__(self, problem: str, autosave: Path, save_elsewhere: Callable[[Path], str | None],
                 quitting: bool = False) -> None:
        super().__init__()
        self.problem = problem
        self.autosave = autosave
        self.save_elsewhere = save_elsewhere
        self.quitting = quitting
        self._confirmed: Path | None = None  # the existing file the player said to replace

    def default_target(self) -> str:
        """A file in the home folder, named by the autosave and the time (it may be changed)."""
        stamp = runtime_of(self.app).clock.now()
        return str(Path.home() / f"megamono-{self.autosave.stem}-{stamp:%Y%m%d-%H%M%S}.json")

    def compose(self) -> ComposeResult:
        leave = "quit" if self.quitting else "leave the game"
        text = Text("The game could not be autosaved\n\n", style="bold")
        text.append(f"{self.problem}\n", style="bold")
        text.append(f"(into {self.autosave})\n\n", style=DIM)
        text.append(f"Nothing is written yet. Before you {leave}:\n")
        text.append("  s  save it elsewhere: type the file (or a folder) below, then Enter\n"
                    "  r  try the autosave again (after freeing space, for example)\n"
                    f"  q  {leave} without saving: the game since its last save is lost\n"
                    "  Esc  back to the game")
        with Vertical(id="savefailed"):
            yield Static(text)
            yield Input(self.default_target(), id="elsewhere")
            yield Static("", id="elsewhereerr")
        yield NoticeLine()
        yield KeysFooter()

    def action_elsewhere(self) -> None:
        box = self.query_one("#elsewhere", Input)
        if self.focused is not box:
            box.focus()
            return
        self.try_elsewhere(box.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.try_elsewhere(event.value)

    def try_elsewhere(self, typed: str) -> None:
        """Save to the typed path (a folder takes the autosave's name); dismiss when written."""
        err = self.query_one("#elsewhereerr", Static)
        if not typed.strip():
            err.update("Type where to save the game.")
            return
        target = Path(typed.strip()).expanduser()
        if target.is_dir():
            target = target / self.autosave.name
        if target.suffix != ".json":
            target = target.with_name(target.name + ".json")
        if not target.parent.is_dir():
            err.update(Text(f"{target.parent} is not a folder: type a folder that exists."
                            if target.parent.exists() else
                            f"There is no folder {target.parent}: type a folder that exists."))
            return
        if target.exists() and self._confirmed != target:
            self._confirmed = target
            err.update(Text(f"{target} exists: press Enter again to replace it, or change the name."))
            return
        problem = self.save_elsewhere(target)
        if problem is not None:
            err.update(Text(f"Could not save there either: {problem}"))
            return
        self.app.notify(f"The game was saved to {target}. To continue it: megamono resume {target}",
                        title="Saved", timeout=15)
        self.dismiss("saved")

    def on_input_changed(self, event: Input.Changed) -> None:
        """A changed path asks again before replacing a file."""
        self._confirmed = None

    def action_retry(self) -> None:
        self.dismiss("retry")

    def action_discard(self) -> None:
        self.dismiss("discard")

    def action_back(self) -> None:
        self.dismiss(None)


class QuitQuestion(ConfirmDialog):
    """The question Ctrl+Q asks during a game: quit megamono (the game autosaved)?"""


def ask_to_quit(app: Any) -> None:
    """Ctrl+Q over any screen or dialog of ``app`` (the :class:`~megamono.tui.app.MegamonoApp`), saying
    what it does:

    - over :class:`SaveFailedDialog` it quits nothing (the game is not saved): it says which keys do;
    - over the quit question itself it is a second "yes";
    - over another yes/no question it answers that question "no" first, and says so: the ``y`` typed
      next answers the quit question, never the one that was on screen;
    - then, during a game, it asks whether to quit (the game autosaved); with no game in play it quits.
    """
    top = app.screen
    if isinstance(top, SaveFailedDialog):
        app.notify("Ctrl+Q: the game is not saved yet: s saves it elsewhere, r tries again, q leaves without "
                   "saving, Esc goes back to the game", severity="warning", timeout=8)
        return
    if isinstance(top, QuitQuestion):
        top.dismiss(True)
        return
    if isinstance(top, ConfirmDialog):
        top.dismiss(False)
        app.notify("Ctrl+Q: the question on screen was answered no", severity="warning", timeout=5)
    game = app.game_in_play
    if game is None or game.over:
        app.leave_game(app.exit, quitting=True)
        return
    question = (f"Quit megamono now?\nThe game will be autosaved ({app.autosave_path.name}): the start screen "
                "offers to continue it. (Ctrl+Q again: yes)")

    def answer(yes: bool | None) -> None:
        if yes:
            app.leave_game(app.exit, quitting=True)

    app.push_screen(QuitQuestion(question), answer)
