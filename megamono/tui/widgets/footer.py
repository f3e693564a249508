"""The footer of every screen and dialog: Textual's :class:`~textual.widgets.Footer`, rebuilt only when a key it
shows changed (:class:`KeysFooter`).

Why: Textual's Footer composes all its keys again whenever its screen's bindings are refreshed, which Textual
and the screens do after every key, every change of focus and every dialog's guard, though most of the time
no key of the footer changed. Each rebuild mounts every key again and styles it (about a fifth of the app's
time in a test run, and a good part of each frame after a key in play).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.widgets import Footer

if TYPE_CHECKING:
    from textual.screen import Screen


class KeysFooter(Footer):
    """A :class:`~textual.widgets.Footer` that skips the rebuild when the keys it would show are the ones it
    shows: the same bindings, each as enabled, with the same tooltip and key display."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._drawn: tuple[object, ...] | None = None

    def bindings_changed(self, screen: Screen[Any]) -> None:
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            app = screen.app
            drawn = tuple((key, binding, app.get_key_display(binding), enabled, tooltip)
                          for key, (_node, binding, enabled, tooltip) in screen.active_bindings.items())
            if drawn == self._drawn:
                return
            self._drawn = drawn
        super().bindings_changed(screen)
