"""The rules screen: the player-facing rules (``megamono.docs.rules_text()``) as scrollable Markdown.

Open it with F1 from the game screen, the help screen or the new-game screen. ``t`` shows or hides
the table of contents (Enter on a heading jumps to it); arrows, PgUp/PgDn, Home/End scroll.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import MarkdownViewer

from megamono.docs import rules_text

from ..resizing import LatestSizeOnly
from ..widgets.footer import KeysFooter
from ..widgets.notices import NoticeLine


class RulesViewer(MarkdownViewer, can_focus=True):
    """A Markdown viewer that takes the focus, so the arrow and page keys scroll it."""


class RulesScreen(LatestSizeOnly, ModalScreen[None]):
    """The rules as Markdown; Esc, q or F1 closes it."""

    DEFAULT_CSS = """
    RulesScreen { align: center middle; }
    RulesScreen #rules { width: 120; max-width: 100%; height: 1fr; border: heavy $accent; background: $panel; }
    RulesScreen #rules MarkdownTableOfContents { width: 36; }
    """
    BINDINGS = [
        Binding("escape,q,f1", "close", "Close"),
        Binding("t", "toc", "Contents"),
    ]

    def compose(self) -> ComposeResult:
        viewer = RulesViewer(rules_text(), id="rules", show_table_of_contents=False,
                                open_links=False)
        viewer.border_title = "Rules (↑/↓ PgUp/PgDn scroll, t contents, Esc close)"
        yield viewer
        yield NoticeLine()
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(MarkdownViewer).focus()

    def action_toc(self) -> None:
        viewer = self.query_one(MarkdownViewer)
        viewer.show_table_of_contents = not viewer.show_table_of_contents
        if viewer.show_table_of_contents:
            viewer.table_of_contents.focus()
        else:
            viewer.focus()

    def action_close(self) -> None:
        self.dismiss(None)
