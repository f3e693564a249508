"""What every form (the new-game screen, the trade screen) does to show where the focus is.

A highlight on the focused field (app.tcss) is not all: each form marks the label of the row that
holds the focused field (reverse video, so it shows without colour too). Textual's ``:focus-within``
only styles the row itself, not a label inside it, and not again when the focus moves on, so the row
gets the class ``-focused`` instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events

if TYPE_CHECKING:
    from textual.screen import Screen

    _FormHost = Screen[Any]
else:  # (object at run time: Textual takes a screen's CSS from its first base that is a DOMNode)
    _FormHost = object


class MarksFocusedRow(_FormHost):
    """Mixin of a form screen (listed before Textual's ``Screen``): the row of ``ROWS`` (a CSS
    selector) that holds the focused widget has the class ``-focused``, the others not."""

    ROWS = ""

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self.mark_focused_row()

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        self.call_after_refresh(self.mark_focused_row)

    def mark_focused_row(self) -> None:
        """Put ``-focused`` on the row holding the focused widget (if any), and on no other row."""
        focused = self.screen.focused if self.is_attached else None
        holders = set(focused.ancestors) if focused is not None else set()
        for row in self.query(self.ROWS):
            row.set_class(row in holders, "-focused")
