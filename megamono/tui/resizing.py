"""Screens that lay out only for the terminal's size now, never for a size it had a moment ago.

Why: Textual posts every terminal resize to the top screen and to the screen under it, and a screen
whose own size changes in a layout pass posts itself a Resize. In a storm of resizes (a window being
dragged) a screen's queue could hold two Resize events of different sizes, with other messages
between them (so Textual does not merge them): laying the screen out for one size posted a Resize
for that size again, then the same for the other size, for ever. A Textual message pump does not
yield to the event loop while it has messages, so the app froze for good at one core's worth of CPU
(no keys, no signals, "Terminal too small" left on screen at 140x45).

:class:`LatestSizeOnly` breaks that loop: a Resize whose size is not the terminal's size now is
dropped before Textual lays the screen out for it. The Resize for the size now always follows (the
app posts one whenever the size changes), and a screen that comes back on top is laid out for the
size now by Textual.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .textual_private import ResizeFirst

if TYPE_CHECKING:
    from textual import events


def stale_resize(screen, event) -> bool:
    """Whether ``event`` (a Resize sent to ``screen``) is for a size the terminal no longer has."""
    try:
        return tuple(event.size) != tuple(screen.app.size)
    except Exception:  # noqa: BLE001 - no app (yet): nothing to compare with
        return False


class LatestSizeOnly(ResizeFirst):
    """Mixin for every megamono Screen, listed before Textual's ``Screen``/``ModalScreen`` in the
    bases: a stale Resize (see :func:`stale_resize`) is dropped with ``prevent_default``, so
    Textual's own handlers (the layout pass) do not run for it. A subclass's own ``on_resize`` runs
    before this one: it should return early on a stale event too."""

    def drop_resize(self, event: events.Resize) -> bool:
        return stale_resize(self, event)
