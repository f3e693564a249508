"""A screen's footer that fits the width (the game screen's, the manage screen's and the replay's): its
keys in full words when they fit, else Textual's compact footer with shorter words (``SHORT_KEYS``),
without the keys said elsewhere (``TIGHT_KEYS``) when even that does not fit, and redrawn only when a
key's state changed. An object the screen owns (:class:`FooterFit`); the screen's ``refresh_bindings``
asks it first."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from textual.binding import Binding
from textual.widgets import Footer

from ..textual_private import forget_closed_watchers, own_bindings, use_bindings

if TYPE_CHECKING:
    from textual.binding import BindingsMap
    from textual.screen import Screen

PALETTE_KEY = 14
"""Columns the footer's command-palette key takes (" ^p palette " and its divider)."""


class FooterFit:
    """The footer of ``screen`` (made in its ``__init__``, after Textual's): ``short_keys`` gives shorter
    words by action (``"do('x')"``) or action name (``"look"``), None leaving the key out of the footer
    (it still works, and ``?`` lists it); ``tight_keys``: actions or action names also left out when the
    short form does not fit either."""

    def __init__(self, screen: Screen[Any], short_keys: dict[str, str | None],
                 tight_keys: frozenset[str] = frozenset()) -> None:
        self.screen = screen
        self.short_keys = short_keys
        self.full = own_bindings(screen)
        self.short = self.full.copy()
        for key, bindings in self.short.key_to_bindings.items():
            self.short.key_to_bindings[key] = [self._shorten(b) for b in bindings]
        self.tight = self.short.copy()
        for key, bindings in self.tight.key_to_bindings.items():
            self.tight.key_to_bindings[key] = [
                replace(b, show=False) if {b.action, b.action.split("(")[0]} & tight_keys else b for b in bindings]
        self.short_footer = False
        """The footer shows its short form."""
        self.tight_footer = False
        """The footer shows its tight form."""
        self._shown: tuple[Any, ...] | None = None

    def _shorten(self, binding: Binding) -> Binding:
        name = binding.action if binding.action in self.short_keys else binding.action.split("(")[0]
        if name not in self.short_keys:
            return binding
        words = self.short_keys[name]
        return replace(binding, show=False) if words is None else replace(binding, description=words)

    def width(self, active: Any, form: BindingsMap | None = None, pad: int = 3) -> int:
        """Columns the footer's keys take in their full form (Textual's Footer: " key words " each), or
        in ``form`` with ``pad`` columns beside each key's words (the compact footer: 2)."""
        app = self.screen.app
        full = (form or self.full).key_to_bindings
        seen: set[str] = set()
        width = 0
        for key, active_binding in active.items():
            binding = next((b for b in full.get(key, ()) if b.action == active_binding.binding.action),
                           active_binding.binding)
            if not binding.show or binding.action in seen or key == app.COMMAND_PALETTE_BINDING:
                continue
            seen.add(binding.action)
            width += len(app.get_key_display(binding)) + len(binding.description) + pad
        return width

    def fit(self, active: Any) -> bool:
        """Use the short form when the full one does not fit the width, and the tight form when the short
        one does not fit either; True if it changed."""
        room = self.screen.app.size.width - PALETTE_KEY
        short = self.width(active) > room
        tight = short and self.width(active, self.short, 2) > room + 1
        if (short, tight) == (self.short_footer, self.tight_footer):
            return False
        self.short_footer, self.tight_footer = short, tight
        use_bindings(self.screen, self.tight if tight else self.short if short else self.full)
        return True

    def unchanged(self) -> bool:
        """Fit the footer to the width; True when no key's state changed since it was last drawn (Textual's
        Footer rebuilds all its keys on every refresh: the screen skips it then)."""
        screen = self.screen
        try:
            active = screen.active_bindings
            if self.fit(active):
                active = screen.active_bindings
            state = (screen.app.size.width,
                     tuple((key, b.binding.description, b.enabled) for key, b in active.items()))
        except Exception:  # noqa: BLE001 - not mounted yet
            state = None
        if state is not None and state == self._shown:
            return True
        self._shown = state
        for footer in screen.query(Footer):
            forget_closed_watchers(footer)  # (Textual's Footer never forgets the keys it composed)
            footer.compact = self.short_footer  # Textual's compact footer: less space between keys
        return False
