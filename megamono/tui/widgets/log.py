"""The game log: every engine event, newest at the bottom, coloured by player."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widgets import RichLog

from megamono.rules.events import Event

from ..look import DIM, Look
from ..textual_private import styles_key

KIND_STYLE = {"turn": "bold", "dice": "", "cash": "#b0b0b0", "info": DIM, "bankrupt": "bold #ff5f5f",
              "game_over": "bold #ffd75f", "jail": "#ff8080", "card": "#ffd75f", "bus": "#5fd7ff"}


class GameLog(RichLog, can_focus=False):
    """A scrolling log of :class:`~megamono.rules.state.Event` lines."""

    def __init__(self, look: Look) -> None:
        super().__init__(id="log", wrap=True, markup=False, max_lines=2000, auto_scroll=True, min_width=20)
        self.look = look

    _style_key: tuple = ()
    _style: Style | None = None

    @property
    def rich_style(self) -> Style:
        """Textual's ``rich_style`` (the styles of this widget and its parents combined), kept until
        one of those styles changes: a RichLog asks for it once or twice per line it draws."""
        key = tuple(styles_key(node.styles) for node in self.ancestors_with_self)
        if key != self._style_key or self._style is None:
            self._style_key = key
            self._style = super().rich_style
        return self._style

    def line(self, ev: Event) -> Text:
        t = Text()
        if ev.player is not None and ev.player < len(self.look.tokens):
            t.append_text(self.look.token(ev.player))
            t.append(" ")
        else:
            t.append("· ", style=DIM)
        t.append(ev.say(self.look.game), style=KIND_STYLE.get(ev.kind, ""))
        if ev.kind == "turn":
            t = Text("─ ", style=DIM) + t
        return t

    def page(self, pages: int) -> None:
        """Scroll ``pages`` pages on (negative: back) from the keyboard; new events scroll to the end."""
        self.scroll_relative(y=pages * max(1, self.scrollable_content_region.height - 1), animate=False)

    def add(self, events: list[Event]) -> None:
        for ev in events:
            self.write(self.line(ev), scroll_end=True)
        # always show the newest line (also right after a resume, before the first layout)
        self.scroll_end(animate=False, immediate=False)
        self.call_after_refresh(self.scroll_end, animate=False)
