"""The "terminal too small" screen: over everything while the terminal is smaller than the compact
layout needs (100x30); it goes away by itself when the terminal grows. The game underneath keeps its
state and continues where it was."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static

from ..layouts import LAYOUT_MIN
from ..resizing import LatestSizeOnly, stale_resize
from ..widgets.notices import NoticeLine

MIN_SIZE = LAYOUT_MIN["compact"]


def too_small(size) -> bool:
    width, height = size
    return width < MIN_SIZE[0] or height < MIN_SIZE[1]


def message(size) -> Text:
    width, height = size
    t = Text("Terminal too small\n\n", style="bold")
    t.append(f"megamono needs at least {MIN_SIZE[0]}x{MIN_SIZE[1]} characters; this one is {width}x{height}.\n")
    short = []
    if width < MIN_SIZE[0]:
        short.append(f"{MIN_SIZE[0] - width} more columns")
    if height < MIN_SIZE[1]:
        short.append(f"{MIN_SIZE[1] - height} more rows")
    t.append(" and ".join(short).capitalize() + " needed: enlarge the window or use a smaller font.\n\n")
    t.append("Nothing is lost: the game goes on from here when the terminal is large enough.\n"
             "140x45 shows the full board, 200x60 the large one.   Ctrl+Q quits.")
    return t


class TooSmallScreen(LatestSizeOnly, ModalScreen[None]):
    """Covers the app while the terminal is too small; goes by itself once it is large enough.

    It only ever leaves from the top of the stack, and only once (a screen opened over it, such as
    the rules, is closed first; it checks the size again when it is back on top). Safe to check at
    any moment, also before it is composed."""

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; background: $background; }
    TooSmallScreen #toosmall { width: 100%; height: auto; padding: 0 1; text-align: center;
                               color: $text; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.leaving = False
        """Dismissed already (it may stay in the stack a moment longer)."""

    def compose(self) -> ComposeResult:
        yield Static(message(self.app.size), id="toosmall")
        yield NoticeLine(follows=False, last=True)  # (no footer here: the very bottom line)

    def check(self, size=None) -> None:
        """Leave if the terminal (``size``, else the app's size now) is large enough, else say its size."""
        size = tuple(size if size is not None else self.app.size)
        if not too_small(size):
            self.leave()
            return
        for note in self.query("#toosmall").results(Static):  # (none before compose)
            note.update(message(size))

    def leave(self) -> None:
        """Dismiss this screen, if it is on top and not leaving already."""
        if self.leaving or not self.is_active:
            return
        self.leaving = True
        self.dismiss(None)

    def on_resize(self, event) -> None:
        if not stale_resize(self, event):
            self.check()

    def on_screen_resume(self) -> None:
        self.check()


def guard_size(app: App, size=None) -> None:
    """Show :class:`TooSmallScreen` while the terminal (``size``, else the app's) is too small, and
    take it away when it is large enough; the app calls it when the terminal is resized and once it
    has started. Idempotent: never a second such screen, never one dismissed twice."""
    try:
        stack = app.screen_stack
    except Exception:  # noqa: BLE001 - no screen yet
        return
    if not stack:
        return
    size = tuple(size if size is not None else app.size)
    guards = [screen for screen in stack if isinstance(screen, TooSmallScreen) and not screen.leaving]
    if too_small(size):
        if guards:
            guards[-1].check(size)
        else:
            app.push_screen(TooSmallScreen())
    else:
        for screen in guards:
            screen.leave()


def covered(app: App) -> bool:
    """Whether a :class:`TooSmallScreen` is in the app's stack (not leaving): the game waits."""
    try:
        return any(isinstance(s, TooSmallScreen) and not s.leaving for s in app.screen_stack)
    except Exception:  # noqa: BLE001
        return False
