"""The "terminal too small" screen: over everything while the terminal is smaller than the compact
layout needs (100x30); it goes away by itself when the terminal grows. The game underneath keeps its
state and continues where it was."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static

from ..layouts import LAYOUT_MIN

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


class TooSmallScreen(ModalScreen[None]):
    """Covers the app while the terminal is too small; dismisses itself once it is large enough."""

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; background: $background; }
    TooSmallScreen #toosmall { width: 100%; height: auto; padding: 0 1; text-align: center;
                               color: $text; }
    """

    def compose(self) -> ComposeResult:
        yield Static(message(self.app.size), id="toosmall")

    def check(self, size=None) -> None:
        size = size if size is not None else self.app.size
        if not too_small(size):
            if self.is_current:
                self.dismiss(None)
            return
        self.query_one("#toosmall", Static).update(message(size))

    def on_resize(self, event) -> None:
        self.check(tuple(event.size))

    def on_screen_resume(self) -> None:
        self.check()


def guard_size(app: App, size=None) -> None:
    """Show :class:`TooSmallScreen` while the terminal (``size``, else the app's) is too small;
    the app calls it when the terminal is resized and once it has started."""
    try:
        top = app.screen
    except Exception:  # noqa: BLE001 - no screen yet
        return
    if too_small(size if size is not None else app.size):
        if isinstance(top, TooSmallScreen):
            top.check(size)
        else:
            app.push_screen(TooSmallScreen())
    elif isinstance(top, TooSmallScreen):
        top.dismiss(None)
