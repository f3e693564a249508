"""The board: the ring of spaces drawn around a centre area, in three sizes.

A board of N spaces has N/4 spaces to a side; the corners are GO (bottom right), Jail (bottom
left), Free Parking (top left) and Go To Jail (top right), as on the printed board. The top and
bottom rows have tall narrow cells (group strip, name, tokens), the left and right columns wide
short cells (group strip, name, tokens).

The :class:`Geometry` comes from the layout the game screen picks for the terminal:

- ``compact`` (from 100x30): two-line cells, short codes for the names ("Ken", "B&O"), houses as a
  digit ("3"), the bank's price without "$", and a count ("3p") where the tokens do not fit;
- ``full`` (from 140x45): the board's short names ("Kentucky Ave") on two lines;
- ``large`` (from 200x60): bigger cells with the full names.

Each cell shows: the colour-group strip with its code ("Br", "LB", "RR", "Ut"), the owner's token
letter on the owner's colour (or the price while the bank holds it), buildings ("1h".."4h", "H"
hotel, "S" skyscraper, "D" depot), "M" when mortgaged, and the tokens standing there (the player
whose turn it is underlined). The cursor (the space looked at with the arrow keys, or the one being
picked for triples, a Bus Ticket or the Auction space) paints the cell's lines under the strip
(in reverse video with ``NO_COLOR``); legal choices of a pick get a green, underlined name line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.cache import LRUCache
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget

from ..layouts import LAYOUT_MIN, layout_for  # noqa: F401  (re-exported for the game screen)
from ..look import Look, money, space_code
from ..textual_private import forget_dirty_regions

if TYPE_CHECKING:
    from megamono.rules.engine import Game

# layout -> (board width, corner width, tall cell height, wide cell height, names)
_SPEC = {
    "compact": (84, 6, 2, 2, "code"),
    "full": (140, 16, 4, 3, "short"),
    "large": (200, 22, 5, 4, "full"),
}


@dataclass(frozen=True)
class Geometry:
    """Cell sizes of one layout for a board of ``size`` spaces."""

    layout: str
    size: int
    corner_w: int
    cell_w: int
    tall_h: int
    wide_h: int
    names: str
    """"code" (compact), "short" (the edition's short names) or "full" (full names)."""

    @classmethod
    def of(cls, layout: str, size: int) -> Geometry:
        width, corner, tall, wide, names = _SPEC[layout]
        cell = (width - 2 * corner) // (size // 4 - 1)
        return cls(layout, size, corner, cell, tall, wide, names)

    @property
    def side(self) -> int:
        """Spaces between two corners."""
        return self.size // 4 - 1

    @property
    def width(self) -> int:
        return 2 * self.corner_w + self.side * self.cell_w

    @property
    def height(self) -> int:
        return 2 * self.tall_h + self.side * self.wide_h

    @property
    def centre(self) -> tuple[int, int]:
        """(width, height) of the area inside the ring."""
        return self.side * self.cell_w, self.side * self.wide_h


def ring(size: int) -> dict[str, list[int]]:
    """Space indices per side in display order (rows left to right, columns top to bottom)."""
    s = size // 4
    return {
        "top": list(range(2 * s, 3 * s + 1)),
        "bottom": list(range(s, -1, -1)),
        "left": list(range(2 * s - 1, s, -1)),
        "right": list(range(3 * s + 1, 4 * s)),
    }


def grid(size: int) -> dict[int, tuple[int, int]]:
    """Each space's (column, row) on a square of ``size // 4 + 1`` places a side; GO is bottom right."""
    s = size // 4
    pos = {}
    for i in range(size):
        side, k = divmod(i, s)
        pos[i] = [(s - k, s), (0, s - k), (k, 0), (s, k)][side]
    return pos


def step(size: int, space: int, dx: int, dy: int) -> int:
    """The space next to ``space`` in a direction on screen (dx, dy in -1..1). Moving into the middle
    of the board jumps straight across to the other side; moving off the board stays put."""
    pos = grid(size)
    at = {v: k for k, v in pos.items()}
    s = size // 4
    x, y = pos[space]
    nx, ny = x + dx, y + dy
    if (nx, ny) in at:
        return at[(nx, ny)]
    if not (0 <= nx <= s and 0 <= ny <= s):
        return space
    # into the middle: across to the opposite side
    if dx:
        nx = s if dx > 0 else 0
    if dy:
        ny = s if dy > 0 else 0
    return at.get((nx, ny), space)


def wrap_name(name: str, width: int, lines: int) -> list[str]:
    """Word-wrap ``name`` into ``lines`` lines of ``width``; a word too long is hyphenated."""
    out: list[str] = []
    cur = ""
    for word in name.split():
        while len(word) > width:
            if cur:
                out.append(cur)
                cur = ""
            out.append(word[: width - 1] + "-")
            word = word[width - 1:]
        if not cur:
            cur = word
        elif len(cur) + 1 + len(word) <= width:
            cur += " " + word
        else:
            out.append(cur)
            cur = word
    if cur:
        out.append(cur)
    out = out[:lines]
    return out + [""] * (lines - len(out))


def fit(text: Text, width: int, style: str = "") -> Text:
    """Pad or crop ``text`` to exactly ``width`` cells, with ``style`` under it."""
    t = text.copy()
    t.truncate(width, overflow="crop")
    t.pad_right(width - t.cell_len)
    if style:
        t.stylize_before(style, 0, len(t))
    return t


class BoardEdge(Widget):
    """One side of the ring: a row (top/bottom) or a column (left/right) of board cells.

    Drawn through Textual's Line API: each line is the cells' lines joined, and each cell's lines
    are rendered once per look (:meth:`Board.cell_key`: what the cell shows) and kept, so a roll
    re-renders only the cells that changed. :meth:`refresh_cells` repaints just those cells.
    :meth:`render` (the whole side as one Rich ``Text``) is what a mouse selection copies, and
    draws the side while text is selected in it.
    """

    DEFAULT_CSS = """
    BoardEdge { height: auto; width: auto; }
    """

    CACHE_SIZE = 400
    """Rendered cells kept per side (every look a cell had lately)."""

    def __init__(self, board: Board, side: str) -> None:
        super().__init__(id=f"edge-{side}")
        self.board = board
        self.side = side
        self.spaces = ring(board.game.ed.size)[side]
        self._strips: LRUCache[tuple, list[Strip]] = LRUCache(self.CACHE_SIZE)
        self._painted: dict[int, tuple] = {}
        """Cell index -> the key of the look last drawn there."""
        self._cache_style: object = None
        self.apply_geometry()

    @property
    def across(self) -> bool:
        """A row of cells (top, bottom), not a column."""
        return self.side in ("top", "bottom")

    def apply_geometry(self) -> None:
        g = self.board.geometry
        if self.across:
            self.styles.width = g.width
            self.styles.height = g.tall_h
        else:
            self.styles.width = g.corner_w
            self.styles.height = g.wide_h * len(self.spaces)
        self._painted.clear()

    def cell_args(self, k: int) -> tuple[int, int, int, bool, bool]:
        """(space, width, height, corner, tall) of the ``k``-th cell of this side."""
        g = self.board.geometry
        i = self.spaces[k]
        if self.across:
            corner = k in (0, len(self.spaces) - 1)
            return i, g.corner_w if corner else g.cell_w, g.tall_h, corner, True
        return i, g.corner_w, g.wide_h, False, False

    def cell_region(self, k: int) -> Region:
        g = self.board.geometry
        if self.across:
            x = 0 if k == 0 else g.corner_w + (k - 1) * g.cell_w
            return Region(x, 0, self.cell_args(k)[1], g.tall_h)
        return Region(0, k * g.wide_h, g.corner_w, g.wide_h)

    def render(self) -> Text:
        b = self.board
        g = b.geometry
        if self.across:
            cells = [b.cell(*self.cell_args(k)) for k in range(len(self.spaces))]
            rows = [Text("").join(c[r] for c in cells) for r in range(g.tall_h)]
        else:
            rows = []
            for k in range(len(self.spaces)):
                rows += b.cell(*self.cell_args(k))
        return Text("\n").join(rows)

    def refresh_cells(self) -> None:
        """Repaint the cells whose look changed since they were drawn (nothing when none did)."""
        key = self.board.cell_key
        for k in range(len(self.spaces)):
            if self._painted.get(k) != key(*self.cell_args(k)):
                self.refresh(self.cell_region(k))

    def _cell_strips(self, k: int) -> list[Strip]:
        args = self.cell_args(k)
        key = self.board.cell_key(*args)
        self._painted[k] = key
        strips = self._strips.get(key)
        if strips is None:
            _, width, height, _, _ = args
            text = Text("\n").join(self.board.cell(*args))
            visual = Content.from_rich_text(text, console=self.app.console)
            strips = Visual.to_strips(self, visual, width, height, self.visual_style)
            self._strips[key] = strips
        return strips

    def render_line(self, y: int) -> Strip:
        if self.text_selection is not None:
            return super().render_line(y)  # the whole Text, with the selection drawn on it
        style = (self.visual_style, self.app.console.color_system, self.app.ansi_theme)
        if style != self._cache_style:  # a new theme: every cell again
            self._cache_style = style
            self._strips.clear()
        forget_dirty_regions(self)
        g = self.board.geometry
        # the offsets (for a mouse selection) count from the side's left edge, as in :meth:`render`
        if self.across:
            if y >= g.tall_h:
                return Strip.blank(self.size.width)
            return Strip.join([self._cell_strips(k)[y].apply_offsets(self.cell_region(k).x, y)
                               for k in range(len(self.spaces))])
        k, row = divmod(y, g.wide_h)
        if k >= len(self.spaces):
            return Strip.blank(self.size.width)
        return self._cell_strips(k)[row].apply_offsets(0, y)


class Board(Vertical):
    """The whole ring of spaces with ``centre`` (any widget) inside it.

    ``selected`` is the space the arrow keys look at (:meth:`move`); ``cursor`` (a space or None)
    and ``choices`` (spaces) drive a pick's highlight (:meth:`set_pick`). A change of the space under
    the cursor posts :class:`Board.Selected`. Call :meth:`refresh_board` after the game changes and
    :meth:`set_layout` when the terminal's size calls for another layout.
    """

    DEFAULT_CSS = """
    Board { width: auto; height: auto; }
    Board > Horizontal { height: auto; width: auto; }
    """

    class Selected(Message):
        """The space under the cursor changed."""

        def __init__(self, space: int) -> None:
            super().__init__()
            self.space = space

    def __init__(self, game: Game, look: Look, centre: Widget, layout: str = "full") -> None:
        super().__init__(id="board")
        self.game = game
        self.look = look
        self.centre = centre
        self.cursor: int | None = None
        self.choices: set[int] = set()
        self.shown_at: dict[int, int] = {}
        """Where to show a token instead of its player's position (animations)."""
        self.selected: int = game.st.players[game.st.turn.player].position
        self.geometry = Geometry.of(layout, game.ed.size)
        self.edges: dict[str, BoardEdge] = {}
        """The four sides (once composed)."""
        self._size_centre()

    def _size_centre(self) -> None:
        w, h = self.geometry.centre
        self.centre.styles.width = w
        self.centre.styles.height = h

    def compose(self) -> ComposeResult:
        self.edges = {side: BoardEdge(self, side) for side in ("top", "left", "right", "bottom")}
        yield self.edges["top"]
        with Horizontal():
            yield self.edges["left"]
            yield self.centre
            yield self.edges["right"]
        yield self.edges["bottom"]

    @property
    def layout_name(self) -> str:
        return self.geometry.layout

    def set_layout(self, layout: str) -> None:
        """Redraw the board in another layout ("compact", "full", "large")."""
        if layout == self.geometry.layout:
            return
        self.geometry = Geometry.of(layout, self.game.ed.size)
        self._size_centre()
        for edge in self.edges.values():
            edge.apply_geometry()
            edge.refresh()

    def refresh_board(self) -> None:
        """Repaint the cells whose look changed (the game, the cursor, a pick, a walking token)."""
        for edge in self.edges.values():
            edge.refresh_cells()

    @property
    def shown(self) -> int:
        """The space under the cursor: the pick's, else the one looked at."""
        return self.cursor if self.cursor is not None else self.selected

    def set_pick(self, cursor: int | None, choices: set[int] | None = None) -> None:
        before = self.shown
        self.cursor = cursor
        if cursor is not None:
            self.selected = cursor
        if choices is not None:
            self.choices = choices
        self.refresh_board()
        if self.shown != before:
            self.post_message(self.Selected(self.shown))

    def select(self, space: int) -> None:
        """Put the looking cursor on ``space``."""
        space %= self.game.ed.size
        if space != self.selected:
            self.selected = space
            self.refresh_board()
            self.post_message(self.Selected(space))

    def move(self, dx: int, dy: int) -> None:
        """Move the looking cursor to the next space in a direction on screen."""
        self.select(step(self.game.ed.size, self.selected, dx, dy))

    # -- one cell ----------------------------------------------------------------------------
    def cell_key(self, space: int, width: int, height: int, corner: bool, tall: bool = True) -> tuple:
        """Everything :meth:`cell` draws from: two equal keys, two equal cells."""
        st = self.game.st
        shown = self.shown_at
        turn = st.turn.player
        tokens = tuple((p, pl.in_jail and p not in shown, p == turn) for p, pl in enumerate(st.players)
                       if not pl.bankrupt and shown.get(p, pl.position) == space)
        deed = st.deeds.get(space)
        return (space, width, height, corner, tall, self.geometry.names, tokens,
                None if deed is None else (deed.owner, deed.mortgaged, deed.level, deed.depot),
                space in self.choices, space == self.shown, id(self.look.palette),
                bool(getattr(self.app, "no_color", False)))

    def tokens_here(self, space: int) -> tuple[Text, Text]:
        """(tokens standing here, tokens in jail here): letters in the players' colours."""
        st = self.game.st
        free, jailed = Text(""), Text("")
        shown = self.shown_at  # a token walking (megamono.tui.animate) is shown there instead
        for p, pl in enumerate(st.players):
            if pl.bankrupt or shown.get(p, pl.position) != space:
                continue
            t = jailed if pl.in_jail and p not in shown else free
            t.append_text(self.look.token(p, underline=(p == st.turn.player)))
        return free, jailed

    @staticmethod
    def squeeze(tokens: Text, room: int) -> Text:
        """The tokens, or their count ("3p": three players) when they do not fit in ``room``."""
        if tokens.cell_len <= room or room < 2:
            return tokens
        return Text(f"{tokens.cell_len}p", style="bold")

    def name_lines(self, space: int, width: int, lines: int) -> list[Text]:
        """The space's name on ``lines`` lines of ``width`` (short or full name, by layout)."""
        sp = self.game.ed.spaces[space]
        name = sp.name if self.geometry.names == "full" else sp.short
        if name.endswith(" / Just Visiting"):
            name = name[: -len(" / Just Visiting")]
        if lines == 1 and len(name) > width:
            name = sp.short
        # one column is always left free, so two names never run together (with no colour too)
        room = max(1, width - 1)
        narrow = wrap_name(name, room, lines)
        if (any(n.endswith("-") for n in narrow) or " ".join(n for n in narrow if n).strip() != name) \
                and name != sp.short:
            short = wrap_name(sp.short, room, lines)
            if " ".join(n for n in short if n).strip() == sp.short:
                narrow = short
        return [Text(n) for n in narrow]

    def cell(self, space: int, width: int, height: int, corner: bool, tall: bool = True) -> list[Text]:
        """The lines of one cell, each exactly ``width`` cells wide."""
        ed = self.game.ed
        pal = self.look.palette
        bg = f"on {pal.cell_bg[space % 2]}"
        free, jailed = self.tokens_here(space)
        compact = self.geometry.names == "code"
        lines: list[Text]
        if corner:
            lines = self.corner(space, width, height, free, jailed)
            lines = [fit(t, width, bg) for t in lines]
            if space in self.choices:
                lines[0] = fit(lines[0], width, f"underline on {pal.choice_bg}")
        else:
            strip = self.strip(space, width, gap=compact and tall)
            # a pick's legal choices: green and underlined (the underline survives NO_COLOR)
            name_bg = f"underline on {pal.choice_bg}" if space in self.choices else bg
            pad = "" if tall else " "
            if compact:
                # top and bottom rows keep their last column blank: it parts two cells
                inner = width - 1 if tall else width
                code = space_code(ed, space)
                tok = self.squeeze(free, max(inner - len(code) - 1, 2))
                code = code[: max(1, inner - 1 - tok.cell_len)] if tok.cell_len else code
                last = Text(code, style="bold") + (Text(" ") + tok if tok.cell_len else Text(""))
                lines = [strip, fit(last, inner, name_bg)]
                if tall:
                    lines = [fit(ln, width, bg) for ln in lines]
            else:
                names = self.name_lines(space, width - len(pad), height - 2)
                lines = [strip] + [fit(Text(pad) + n, width, name_bg) for n in names]
                lines.append(fit(Text(pad) + self.squeeze(free, width - len(pad)), width, bg))
        if space == self.shown:
            style = "bold reverse" if getattr(self.app, "no_color", False) else pal.cursor
            first = 0 if corner else 1
            lines = lines[:first] + [fit(Text(ln.plain), width, style) for ln in lines[first:]]
        return lines

    def corner(self, space: int, width: int, height: int, free: Text, jailed: Text) -> list[Text]:
        """The lines of a corner (not yet padded)."""
        ed = self.game.ed
        sp = ed.spaces[space]
        dim = self.look.dim
        if height <= 2:
            code = space_code(ed, space)
            inner = width - 1 if grid(ed.size)[space][0] == 0 else width  # a gap before the next cell
            if sp.kind == "jail":
                # "[C]AB": C is in jail, A and B are visiting
                inside = Text("[") + self.squeeze(jailed, inner - 3) + Text("]") if jailed.cell_len else Text("")
                return [Text("Jail", style="bold"),
                        inside + self.squeeze(free, inner - inside.cell_len)]
            if sp.kind == "go":
                return [Text("GO", style="bold") + Text(f"+{ed.rules.salary}", style=dim),
                        self.squeeze(free, inner)]
            return [Text(code[:inner], style="bold"), self.squeeze(free, inner)]
        name = sp.name if self.geometry.names == "full" else sp.short
        if sp.kind == "jail":
            name = "Jail"
        lines = [Text(" " + name, style="bold")]
        if sp.kind == "jail":
            lines += [Text(" In: ", style="bold #ff8080") + self.squeeze(jailed, width - 5),
                      Text(" Visiting:", style=dim)]
        elif sp.kind == "go":
            lines += [Text(f" collect {money(ed.rules.salary)}", style=dim), Text("")]
        else:
            lines += [Text(""), Text("")]
        while len(lines) < height - 1:
            lines.append(Text(""))
        lines = lines[: height - 1]
        lines.append(Text(" ") + self.squeeze(free, width - 1))
        return lines

    def strip(self, space: int, width: int, gap: bool = False) -> Text:
        """The colour-group strip: code, owner/buildings/mortgage (or price); ``gap`` leaves the
        last column in the cell's background."""
        pal = self.look.palette
        style = self.look.style_of(space)
        if style is None:
            return fit(Text(""), width, f"on {pal.cell_bg[space % 2]}")
        code, gbg, gfg = style
        compact = self.geometry.names == "code"
        inner = width - 1 if gap else width
        body = Text(code + ("" if compact else " "), style=f"bold {gfg}")
        state = self.look.deed_state(space, short=compact)
        if self.game.st.deeds[space].owner is None:
            state.stylize(gfg)
            if compact and body.cell_len + state.cell_len > inner:
                state = Text("")
        body.append_text(state)
        return fit(body, inner, f"on {gbg}")
