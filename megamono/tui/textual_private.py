"""Every use megamono makes of Textual's private names, in one place. No other module of megamono may
use one (``tests/tui/test_textual_private.py`` checks the source, and checks that each name below
still exists in the Textual installed and does what megamono relies on: an upgrade of Textual that
renames or changes one fails those tests, loudly, instead of a game going wrong).

What is here, and why Textual's public API does not do it (Textual 8.2):

- :class:`CrashHook`: the crash rescue. ``App._handle_exception`` is the one place every unexpected
  exception passes before the app exits; Textual has no public hook, and megamono must write the game
  to a recovery save there (:mod:`megamono.tui.app_rescue`).
- :func:`binding_chain`: the nodes from the focused widget up to the app with their bindings
  (``Screen._binding_chain``), so that the app's priority keys (``?``, ``F1``) give way to a screen
  or widget that binds the same key.
- :func:`own_bindings` / :func:`use_bindings`: a node's own key map (``DOMNode._bindings``), which
  the game screen swaps for the footer's short form, and which a number field asks whether a key is
  bound above it.
- :func:`forget_closed_watchers`: Textual's Footer binds each key it composes to its ``compact``
  reactive and never forgets them (``__watchers``); every rebuild of the game screen's footer kept the
  old keys alive (about 1 MB per hundred actions).
- :func:`styles_key`: a key that changes whenever a node's styles change (``RenderStyles._cache_key``),
  so that the log can keep its combined style.
- :func:`forget_dirty_regions`: the board draws every cell itself from its own cache; Textual's
  record of the regions to draw again (``Widget._dirty_regions``) is emptied as it draws.
- :class:`ResizeFirst`: a handler that runs before the screen's own resize handler
  (``Screen._on_resize``, the layout pass) and can stop it, for resizes already out of date.
- :data:`TOGGLE_INNER`: the tick of a selection list's box (``textual.widgets._toggle_button``, a
  private module).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.widgets._toggle_button import ToggleButton

if TYPE_CHECKING:
    from textual import events
    from textual.binding import BindingsMap
    from textual.css.styles import RenderStyles
    from textual.dom import DOMNode
    from textual.screen import Screen
    from textual.widget import Widget

TOGGLE_INNER: str = ToggleButton.BUTTON_INNER
"""The character inside a ticked selection-list box (Textual draws it in every box, ticked or not)."""

WATCHERS = "__watchers"
"""The attribute in which Textual's reactives keep the callbacks that watch them."""


def binding_chain(screen: Screen[Any]) -> Iterable[tuple[DOMNode, BindingsMap]]:
    """(node, its bindings) from the focused widget (or the screen) up to the app."""
    return screen._binding_chain


def own_bindings(node: DOMNode) -> BindingsMap:
    """The key map of ``node`` itself (its class's ``BINDINGS`` and those it inherits)."""
    return node._bindings


def use_bindings(node: DOMNode, bindings: BindingsMap) -> None:
    """Give ``node`` the key map ``bindings`` (call ``refresh_bindings`` after)."""
    node._bindings = bindings


def forget_closed_watchers(node: DOMNode) -> None:
    """Drop the watchers of ``node``'s reactives that belong to widgets removed since."""
    watchers = getattr(node, WATCHERS, None)
    if watchers:
        for _name, pairs in watchers.items():
            pairs[:] = [(n, c) for n, c in pairs if not getattr(n, "_closing", False)
                        and not getattr(n, "_closed", False)]


def styles_key(styles: RenderStyles) -> object:
    """A value that changes whenever ``styles`` change."""
    return styles._cache_key


def forget_dirty_regions(widget: Widget) -> None:
    """Forget the regions of ``widget`` Textual means to draw again (the widget draws them now)."""
    widget._dirty_regions.clear()


class CrashHook(App[Any]):
    """An app that hears of every unexpected exception before Textual exits:
    :meth:`on_unexpected_error` runs first (it must not raise), then Textual's own handling."""

    def on_unexpected_error(self, error: Exception) -> None:
        """Override: what to do first with ``error`` (the app exits after)."""

    def ending_quietly(self) -> bool:
        """Override: whether the app is ending already for a reason of its own (a signal), so that an
        error of a screen torn down half-made is no news: Textual's handling (the traceback) is skipped."""
        return False

    def _handle_exception(self, error: Exception) -> None:
        if self.ending_quietly():
            return
        self.on_unexpected_error(error)
        super()._handle_exception(error)


class ResizeFirst:
    """Mixin of a screen, listed before Textual's ``Screen``: :meth:`drop_resize` is asked about each
    resize before Textual's own handler (the layout pass) runs; True stops the event there."""

    def drop_resize(self, event: events.Resize) -> bool:
        """Override: whether ``event`` should not reach Textual's handlers."""
        return False

    # async, as Screen's own ``_on_resize`` it stands in front of (Textual awaits each in turn)
    async def _on_resize(self, event: events.Resize) -> None:
        if self.drop_resize(event):
            event.prevent_default()
            event.stop()
