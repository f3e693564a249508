"""A screen's footer that fits the width (the game screen's and the manage screen's): its keys in full
words when they fit, else Textual's compact footer with shorter words (``SHORT_KEYS``), without the
keys said elsewhere (``TIGHT_KEYS``) when even that does not fit, and redrawn only when a key's state
changed."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from textual.binding import Binding
from textual.widgets import Footer

from ..textual_private import forget_closed_watchers, own_bindings, use_bindings

if TYPE_CHECKING:
    from textual.binding import BindingsMap
    from textual.screen import Screen

    class _FooterHost(Screen[Any]):
        """A screen with a fitted footer, as the type checker sees it (declarations only)."""

        _full_keys: BindingsMap
        _short_keys: BindingsMap
        _tight_keys: BindingsMap
else:
    _FooterHost = object


class FittedFooter(_FooterHost):  # (object at run time)
    """Mixin of a screen (listed before Textual's ``Screen``) whose keys may not fit the footer: its
    ``SHORT_KEYS`` give shorter words; call :meth:`setup_footer` in ``__init__``. The short form is
    used when the full one does not fit the width (:meth:`fit_footer`)."""

    SHORT_KEYS: dict[str, str | None] = {}
    """The footer's short form, by action (``"do('x')"``) or action name (``"look"``): shorter words,
    or None to leave the key out of the footer (it still works, and ``?`` lists it)."""
    TIGHT_KEYS: frozenset[str] = frozenset()
    """Action names also left out of the short form when it does not fit either (the tight form): keys
    said elsewhere at that width."""
    PALETTE_KEY = 14
    """Columns the footer's command-palette key takes (" ^p palette " and its divider)."""
    short_footer = False
    """The footer shows its short form (see :data:`SHORT_KEYS`)."""
    tight_footer = False
    """The footer shows its tight form (see :data:`TIGHT_KEYS`)."""

    def setup_footer(self) -> None:
        """Make the binding maps of the footer's two forms (in ``__init__``, after Textual's)."""
        self._full_keys = own_bindings(self)
        self._short_keys = self._full_keys.copy()
        for key, bindings in self._short_keys.key_to_bindings.items():
            self._short_keys.key_to_bindings[key] = [self._shorten(b) for b in bindings]
        self._tight_keys = self._short_keys.copy()
        for key, bindings in self._tight_keys.key_to_bindings.items():
            self._tight_keys.key_to_bindings[key] = [
                replace(b, show=False) if b.action.split("(")[0] in self.TIGHT_KEYS else b for b in bindings]
        self.short_footer = False
        self.tight_footer = False

    # -- the footer: redrawn only when a key's state changed (speed, see tests/bench/app.py) ----------
    _keys_shown: tuple | None = None

    @classmethod
    def _shorten(cls, binding: Binding) -> Binding:
        name = binding.action if binding.action in cls.SHORT_KEYS else binding.action.split("(")[0]
        if name not in cls.SHORT_KEYS:
            return binding
        words = cls.SHORT_KEYS[name]
        return replace(binding, show=False) if words is None else replace(binding, description=words)

    def full_footer_width(self, active, form: BindingsMap | None = None, pad: int = 3) -> int:
        """Columns the footer's keys take in their full form (Textual's Footer: " key words " each), or
        in ``form`` with ``pad`` columns beside each key's words (the compact footer: 2)."""
        full = (form or self._full_keys).key_to_bindings
        seen: set[str] = set()
        width = 0
        for key, active_binding in active.items():
            binding = next((b for b in full.get(key, ()) if b.action == active_binding.binding.action),
                           active_binding.binding)
            if not binding.show or binding.action in seen or key == self.app.COMMAND_PALETTE_BINDING:
                continue
            seen.add(binding.action)
            width += len(self.app.get_key_display(binding)) + len(binding.description) + pad
        return width

    def fit_footer(self, active) -> bool:
        """Use the footer's short form when the full one does not fit the width, and its tight form
        (without :data:`TIGHT_KEYS`) when the short one does not fit either; True if it changed."""
        room = self.app.size.width - self.PALETTE_KEY
        short = self.full_footer_width(active) > room
        tight = short and self.full_footer_width(active, self._short_keys, 2) > room + 1
        if (short, tight) == (self.short_footer, self.tight_footer):
            return False
        self.short_footer, self.tight_footer = short, tight
        use_bindings(self, self._tight_keys if tight else self._short_keys if short else self._full_keys)
        return True

    def refresh_bindings(self) -> None:
        """Textual's Footer rebuilds all its keys on every call; skip it when nothing changed."""
        try:
            active = self.active_bindings
            if self.fit_footer(active):
                active = self.active_bindings
            state = (self.app.size.width,
                     tuple((key, b.binding.description, b.enabled) for key, b in active.items()))
        except Exception:  # noqa: BLE001 - not mounted yet
            state = None
        if state is not None and state == self._keys_shown:
            return
        self._keys_shown = state
        for footer in self.query(Footer):
            forget_closed_watchers(footer)  # (Textual's Footer never forgets the keys it composed)
            footer.compact = self.short_footer  # Textual's compact footer: less space between keys
        super().refresh_bindings()
