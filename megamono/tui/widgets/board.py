"""The board: the ring of spaces drawn around a centre area.

A board of N spaces has N/4 spaces to a side; the corners are GO (bottom right), Jail (bottom
left), Free Parking (top left) and Go To Jail (top right), as on the printed board. The top and
bottom rows have tall narrow cells (group strip, name on two lines, tokens), the left and right
columns wide short cells (group strip, name, tokens).

Each cell shows: the colour-group strip with its code ("Br", "LB", "RR", "Ut"), the owner's token
letter on the owner's colour (or the price when the bank holds it), buildings ("1h".."4h", "H"
hotel, "S" skyscraper, "D" depot), "M" when mortgaged, and the tokens standing there. A picking
cursor (triples, Bus Ticket, Auction space) reverses a cell; legal choices get a green name line.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget

from megamono.rules.engine import Game

from ..look import DIM, Look, money, space_style

CORNER_W = 16
TALL_H = 4
WIDE_H = 3
BOARD_W = 140
CELL_BG = ("#1c1c1c", "#2a2a2a")
CHOICE_BG = "#1f4d1f"
CURSOR_STYLE = "bold #000000 on #ffff5f"


def ring(size: int) -> dict[str, list[int]]:
    """Space indices per side in display order (rows left to right, columns top to bottom)."""
    s = size // 4
    return {
        "top": list(range(2 * s, 3 * s + 1)),
        "bottom": list(range(s, -1, -1)),
        "left": list(range(2 * s - 1, s, -1)),
        "right": list(range(3 * s + 1, 4 * s)),
    }


def cell_width(size: int) -> int:
    return (BOARD_W - 2 * CORNER_W) // (size // 4 - 1)


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
    """One side of the ring: a row (top/bottom) or a column (left/right) of board cells."""

    DEFAULT_CSS = """
    BoardEdge { height: auto; width: auto; }
    """

    def __init__(self, board: "Board", side: str) -> None:
        super().__init__(id=f"edge-{side}")
        self.board = board
        self.side = side
        self.spaces = ring(board.game.ed.size)[side]
        cw = cell_width(board.game.ed.size)
        if side in ("top", "bottom"):
            self.styles.width = 2 * CORNER_W + (len(self.spaces) - 2) * cw
            self.styles.height = TALL_H
        else:
            self.styles.width = CORNER_W
            self.styles.height = WIDE_H * len(self.spaces)

    def render(self) -> Text:
        b = self.board
        cw = cell_width(b.game.ed.size)
        if self.side in ("top", "bottom"):
            cells = []
            for k, i in enumerate(self.spaces):
                corner = k in (0, len(self.spaces) - 1)
                cells.append(b.cell(i, CORNER_W if corner else cw, TALL_H, corner))
            rows = [Text("").join(c[r] for c in cells) for r in range(TALL_H)]
        else:
            rows = []
            for i in self.spaces:
                rows += b.cell(i, CORNER_W, WIDE_H, False)
        return Text("\n").join(rows)


class Board(Vertical):
    """The whole ring of spaces with ``centre`` (any widget) inside it.

    ``cursor`` (a space or None) and ``choices`` (spaces) drive the picking highlight; call
    :meth:`refresh_board` after the game changes.
    """

    DEFAULT_CSS = """
    Board { width: auto; height: auto; }
    Board > Horizontal { height: auto; width: auto; }
    """

    def __init__(self, game: Game, look: Look, centre: Widget) -> None:
        super().__init__(id="board")
        self.game = game
        self.look = look
        self.centre = centre
        self.cursor: int | None = None
        self.choices: set[int] = set()
        self.shown_at: dict[int, int] = {}
        """Where to show a token instead of its player's position (animations)."""
        s = game.ed.size // 4
        centre.styles.width = (s - 1) * cell_width(game.ed.size)
        centre.styles.height = WIDE_H * (s - 1)

    def compose(self) -> ComposeResult:
        yield BoardEdge(self, "top")
        with Horizontal():
            yield BoardEdge(self, "left")
            yield self.centre
            yield BoardEdge(self, "right")
        yield BoardEdge(self, "bottom")

    def refresh_board(self) -> None:
        for edge in self.query(BoardEdge):
            edge.refresh()

    def set_pick(self, cursor: int | None, choices: set[int] | None = None) -> None:
        self.cursor = cursor
        if choices is not None:
            self.choices = choices
        self.refresh_board()

    # -- one cell ----------------------------------------------------------------------------
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

    def cell(self, space: int, width: int, height: int, corner: bool) -> list[Text]:
        """The lines of one cell, each exactly ``width`` cells wide."""
        ed = self.game.ed
        sp = ed.spaces[space]
        bg = f"on {CELL_BG[space % 2]}"
        free, jailed = self.tokens_here(space)
        lines: list[Text]
        if corner:
            lines = [Text(sp.short, style="bold")]
            if sp.kind == "jail":
                lines += [Text("In: ", style="bold #ff8080") + jailed, Text("Visiting:", style=DIM)]
            elif sp.kind == "go":
                lines += [Text(f"collect {money(ed.rules.salary)}", style=DIM), Text("")]
            else:
                lines += [Text(""), Text("")]
            lines.append(free)
            lines = [fit(Text(" ") + t, width, bg) for t in lines]
            if space in self.choices:
                lines[0] = fit(Text(" ") + Text(sp.short, style="bold"), width, f"on {CHOICE_BG}")
        else:
            strip = self.strip(space, width)
            if height == TALL_H:
                # leave the last column blank as a gutter when the name wraps without hyphens
                narrow = wrap_name(sp.short, width - 1, 2)
                if any(n.endswith("-") for n in narrow) or " ".join(narrow).strip() != sp.short:
                    narrow = wrap_name(sp.short, width, 2)
                names = [Text(n) for n in narrow]
            else:
                names = [Text(" " + sp.short)]
            name_bg = f"on {CHOICE_BG}" if space in self.choices else bg
            lines = [strip] + [fit(n, width, name_bg) for n in names] + [fit(Text(" ") + free if height != TALL_H
                                                                           else free, width, bg)]
        if space == self.cursor:
            lines = [fit(Text(ln.plain), width, CURSOR_STYLE) for ln in lines]
            lines[-1] = fit(Text("▶" + lines[-1].plain[1:]), width, CURSOR_STYLE)
        return lines

    def strip(self, space: int, width: int) -> Text:
        """The colour-group strip: code, owner/buildings/mortgage (or price)."""
        style = space_style(self.game.ed, space)
        if style is None:
            return fit(Text(""), width, f"on {CELL_BG[space % 2]}")
        code, gbg, gfg = style
        body = Text(code + " ", style=f"bold {gfg}")
        state = self.look.deed_state(space)
        if self.game.st.deeds[space].owner is None:
            state.stylize(gfg)
        body.append_text(state)
        return fit(body, width, f"on {gbg}")
