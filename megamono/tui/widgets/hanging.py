"""Wrapping with a hanging indent: a line too long for its width goes on under its own second column
(a key list's description, a house rule's explanation) instead of back at the left edge.

``hang`` works on Rich :class:`~rich.text.Text` (styles kept) for a known width;
:class:`HangingText` is a :class:`~textual.widgets.Static` that re-wraps its text whenever its width
changes (the help screen).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

from ..look import chars_in_cells

SECOND_COLUMN = re.compile(r"^( *)\S.*?\S? {2,}(?=\S)")
"""Indent, a first column, then a gap of two or more spaces before the second column."""


def hang_column(line: str) -> int:
    """Where a wrapped ``line`` goes on: its second column (after a gap of two or more spaces), else
    its own indent."""
    m = SECOND_COLUMN.match(line)
    if m:
        return cell_len(m.group(0))
    return cell_len(line) - cell_len(line.lstrip(" "))


def _breaks(plain: str, width: int, column: int) -> list[int]:
    """Offsets in ``plain`` where its wrapped lines start: after a space, the first line up to
    ``width`` cells, the others up to ``width - column``; a word too long is cut."""
    starts = [m.start() for m in re.finditer(r"(?<= )\S", plain)]
    out: list[int] = []
    start, room = 0, width
    while cell_len(plain[start:].rstrip()) > room:
        fits = [s for s in starts if s > start and cell_len(plain[start:s].rstrip()) <= room
                and (out or cell_len(plain[:s]) > column)]
        cut = fits[-1] if fits else start + chars_in_cells(plain[start:], room)
        out.append(cut)
        start, room = cut, max(1, width - column)
    return out


def wrap_cells(text: str, width: int) -> list[str]:
    """``text`` (one line) wrapped at spaces into lines of at most ``width`` terminal cells (a wide
    letter, an emoji or a CJK one, counts two: :func:`textwrap.wrap` counts characters); a word too
    long is cut."""
    text = " ".join(text.split())
    if not text:
        return []
    starts = [0, *_breaks(text, max(1, width), 0), len(text)]
    return [text[a:b].strip() for a, b in zip(starts, starts[1:], strict=False) if text[a:b].strip()]


def hang(text: Text, width: int, indent: int | Callable[[str], int] | None = None) -> Text:
    """``text`` with every line wider than ``width`` cells wrapped at spaces, its further lines
    indented by ``indent`` cells (a number, a function of the line, or by default
    :func:`hang_column`). The column is dropped to the line's own indent when it would leave fewer
    than 20 cells."""
    if width <= 0:
        return text
    lines = text.split("\n", allow_blank=True)
    if all(line.cell_len <= width for line in lines):
        return text
    out: list[Text] = []
    for line in lines:
        plain = line.plain
        if line.cell_len <= width:
            out.append(line)
            continue
        column = indent(plain) if callable(indent) else hang_column(plain) if indent is None else indent
        if width - column < 20:
            column = min(column, cell_len(plain) - cell_len(plain.lstrip(" ")), max(0, width - 20))
        pieces = line.divide(_breaks(plain, width, column))
        for k, piece in enumerate(pieces):
            piece.rstrip()
            out.append(piece if k == 0 else Text(" " * column) + piece)
    return Text("\n").join(out)


class HangingText(Static):
    """A :class:`~textual.widgets.Static` showing ``text`` wrapped by :func:`hang` at its own width."""

    def __init__(self, text: Text, indent: int | Callable[[str], int] | None = None, **kwargs) -> None:
        super().__init__(text, **kwargs)
        self.text = text
        self.indent = indent
        self._wrapped_at = 0

    def set_text(self, text: Text) -> None:
        self.text = text
        self._wrapped_at = 0
        self._wrap()

    def on_resize(self) -> None:
        self._wrap()

    def _wrap(self) -> None:
        width = self.content_size.width
        if width > 0 and width != self._wrapped_at:
            self._wrapped_at = width
            self.update(hang(self.text, width, self.indent))
