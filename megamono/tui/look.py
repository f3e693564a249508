"""How things look: player and colour-group colours, token letters, money and building text.

Every colour-coded thing also has a letter: players have a token letter, colour groups a two-letter
code, buildings "1h".."4h", "H" (hotel), "S" (skyscraper), "D" (depot), and mortgages "M". Nothing is
told by colour alone, so the game reads the same with ``NO_COLOR`` set.

Colours come from a :class:`Palette`: :data:`STANDARD` or :data:`HIGH_CONTRAST` (chosen with the
app's theme, see :mod:`megamono.tui.themes`). :attr:`Look.palette` is the one in use.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rich.cells import cell_len, set_cell_size
from rich.text import Text

if TYPE_CHECKING:  # the start screen uses this module before the rules core is imported
    from megamono.rules.editions import Edition
    from megamono.rules.engine import Game
    from megamono.rules.state import DeedState, Player

# Engine colour names (state.PLAYER_COLOURS) -> colours that read well on a dark background.
PLAYER_RGB = {
    "red": "#ff5f5f", "blue": "#6f8fff", "green": "#5fd75f", "yellow": "#ffd75f",
    "magenta": "#ff6fe0", "cyan": "#5fd7ff", "white": "#e8e8e8", "orange": "#ffaf3f",
}

# Colour group -> (code, background, foreground).
GROUP_STYLE = {
    "Brown": ("Br", "#8b5a2b", "#ffffff"),
    "Light Blue": ("LB", "#87ceeb", "#000000"),
    "Pink": ("Pk", "#e75480", "#000000"),
    "Purple": ("Pu", "#8e44ad", "#ffffff"),
    "Orange": ("Or", "#ff8c00", "#000000"),
    "Red": ("Rd", "#d32f2f", "#ffffff"),
    "Yellow": ("Ye", "#ffd700", "#000000"),
    "Green": ("Gn", "#2e8b57", "#ffffff"),
    "Dark Blue": ("DB", "#1f3a93", "#ffffff"),
}
KIND_STYLE = {
    "railroad": ("RR", "#5a5a5a", "#ffffff"),
    "utility": ("Ut", "#9a9a9a", "#000000"),
}
MORTGAGE_STYLE = "bold #ffffff on #8b0000"
DIM = "#7a7a7a"


@dataclass(frozen=True)
class Palette:
    """Every colour the board, deed cards and player panels use."""

    players: dict[str, str] = field(default_factory=lambda: dict(PLAYER_RGB))
    groups: dict[str, tuple[str, str, str]] = field(default_factory=lambda: dict(GROUP_STYLE))
    kinds: dict[str, tuple[str, str, str]] = field(default_factory=lambda: dict(KIND_STYLE))
    cell_bg: tuple[str, str] = ("#1c1c1c", "#2a2a2a")
    choice_bg: str = "#1f4d1f"
    cursor: str = "bold #000000 on #ffff5f"
    mortgage: str = MORTGAGE_STYLE
    dim: str = DIM
    due: str = "bold #000000 on #ffd75f"
    """The rent due now, in a deed card's rent ladder."""
    warn: str = "bold #ff8080"


STANDARD = Palette()
HIGH_CONTRAST = Palette(
    players={"red": "#ff4040", "blue": "#5c8cff", "green": "#00ff00", "yellow": "#ffff00",
             "magenta": "#ff40ff", "cyan": "#00ffff", "white": "#ffffff", "orange": "#ff9900"},
    groups={
        "Brown": ("Br", "#a0522d", "#ffffff"), "Light Blue": ("LB", "#a0e0ff", "#000000"),
        "Pink": ("Pk", "#ff69b4", "#000000"), "Purple": ("Pu", "#b040ff", "#000000"),
        "Orange": ("Or", "#ff9900", "#000000"), "Red": ("Rd", "#ff2020", "#000000"),
        "Yellow": ("Ye", "#ffff00", "#000000"), "Green": ("Gn", "#00c040", "#000000"),
        "Dark Blue": ("DB", "#2040ff", "#ffffff"),
    },
    kinds={"railroad": ("RR", "#ffffff", "#000000"), "utility": ("Ut", "#c0c0c0", "#000000")},
    cell_bg=("#000000", "#000000"),
    choice_bg="#006000",
    cursor="bold #000000 on #ffff00",
    mortgage="bold #000000 on #ffffff",
    dim="#c8c8c8",
    due="bold #000000 on #ffff00",
    warn="bold #ff6060",
)

# Short codes for the compact board (at most 3 characters, unique on a board); by full name.
CODES = {
    "GO": "GO", "Mediterranean Avenue": "Med", "Community Chest": "CC", "Baltic Avenue": "Bal",
    "Arctic Avenue": "Arc", "Income Tax": "Tax", "Reading Railroad": "RdR", "Massachusetts Avenue": "Mas",
    "Oriental Avenue": "Ori", "Chance": "Ch?", "Gas Company": "Gas", "Vermont Avenue": "Ver",
    "Connecticut Avenue": "Con", "Jail / Just Visiting": "Jail", "Auction": "Auc",
    "Maryland Avenue": "Mry", "St. Charles Place": "StC", "Electric Company": "Elc",
    "States Avenue": "Sta", "Virginia Avenue": "Vir", "Pennsylvania Railroad": "PRR",
    "St. James Place": "StJ", "Tennessee Avenue": "Ten", "New York Avenue": "NY",
    "New Jersey Avenue": "NJ", "Free Parking": "Park", "Kentucky Avenue": "Ken",
    "Indiana Avenue": "Ind", "Illinois Avenue": "Ill", "Michigan Avenue": "Mic", "Bus Ticket": "Bus",
    "B. & O. Railroad": "B&O", "Atlantic Avenue": "Atl", "Ventnor Avenue": "Ven", "Water Works": "Wat",
    "Marvin Gardens": "Mvn", "California Avenue": "Cal", "Go To Jail": "ToJail",
    "Pacific Avenue": "Pac", "South Carolina Avenue": "SC", "North Carolina Avenue": "NC",
    "Pennsylvania Avenue": "Pen", "Short Line": "SL", "Birthday Gift": "Bdy", "Florida Avenue": "Fla",
    "Park Place": "PkP", "Luxury Tax": "Lux", "Boardwalk": "Bwk",
}


def space_code(ed: Edition, space: int) -> str:
    """A short code for the compact board: "Ken", "B&O", "CC"; made from the name when unknown."""
    sp = ed.spaces[space]
    if sp.name in CODES:
        return CODES[sp.name]
    words = [w for w in sp.short.replace(".", " ").split() if w[:1].isalnum()]
    if len(words) >= 2:
        return "".join(w[0] for w in words)[:3]
    return (words[0] if words else sp.short)[:3]


def space_help(game: Game, space: int) -> str:
    """What a space that is not a deed does, in a sentence."""
    ed, st = game.ed, game.st
    sp = ed.spaces[space]
    r = ed.rules
    kind = sp.kind
    if kind == "go":
        return f"Collect {money(r.salary)} salary each time you pass or land on GO."
    if kind in ("chance", "community_chest"):
        return "Draw a card and do what it says."
    if kind == "tax":
        if sp.tax_percent:
            return (f"Pay {money(sp.tax or 0)} or {sp.tax_percent}% of your worth (cash + deeds + buildings),"
                    " your choice.")
        return f"Pay {money(sp.tax or 0)} to the bank."
    if kind == "jail":
        return f"Just visiting, unless sent here. In jail: pay {money(r.jail_fine)}, use a card or roll doubles."
    if kind == "go_to_jail":
        return f"Go straight to jail; do not pass GO, do not collect {money(r.salary)}."
    if kind == "free_parking":
        return f"Free Parking: the pot is {money(st.pot)}." if st.options.free_parking_pot else \
            "Free Parking: nothing happens; take a rest."
    if kind == "auction":
        return ("Pick a deed the bank holds to auction; when all are owned, pay the highest rent "
                "on the board.")
    if kind == "bus_ticket":
        return "Take a Bus Ticket: later, ride to any space ahead on your side of the board."
    if kind == "birthday_gift":
        return f"Take {money(r.birthday_gift)} from the bank, or a Bus Ticket."
    return sp.name


def player_colour(colour: str, palette: Palette = STANDARD) -> str:
    """The display colour for an engine colour name (unknown names pass through)."""
    return palette.players.get(colour, colour)


def space_style(ed: Edition, space: int, palette: Palette = STANDARD) -> tuple[str, str, str] | None:
    """(code, background, foreground) of a deed's colour group or kind; None for other spaces."""
    sp = ed.spaces[space]
    if sp.kind == "street" and sp.group:
        return palette.groups.get(sp.group, (sp.group[:2], "#444444", "#ffffff"))
    return palette.kinds.get(sp.kind)


def group_code(ed: Edition, space: int) -> str:
    style = space_style(ed, space)
    return style[0] if style else "  "


def building_text(deed: DeedState, short: bool = False) -> str:
    """"" / "1h".."4h" / "H" / "S", plus "D" for a depot; ``short``: houses as a digit ("3")."""
    level = {0: "", 5: "H", 6: "S"}.get(deed.level, f"{deed.level}" if short else f"{deed.level}h")
    return level + ("D" if deed.depot else "")


def chars_in_cells(text: str, cells: int) -> int:
    """How many characters of ``text`` fit in ``cells`` terminal cells (at least one: a word too long
    for a line is cut there, and a wide letter, an emoji or a CJK one, is never halved)."""
    used = 0
    for k, ch in enumerate(text):
        used += cell_len(ch)
        if used > cells:
            return max(1, k)
    return max(1, len(text))


def fit_cells(text: str, width: int) -> str:
    """``text`` cut to at most ``width`` terminal cells and padded with spaces to exactly ``width``: a
    column of names lines up whatever their letters (an emoji or a CJK letter takes two cells, not one:
    "山田太郎" is 8 cells)."""
    return set_cell_size(text, max(0, width))


def money(amount: int) -> str:
    return f"${amount:,}"


def count(n: int, word: str, words: str | None = None) -> str:
    """``n`` things in words, singular for one: "1 house", "2 houses", "0 houses" (``words``: the
    plural when it is not ``word`` + "s")."""
    return f"{n:,} {word if n == 1 else words or word + 's'}"


def token_letters(players: list[Player]) -> list[str]:
    """A distinct letter per seat, never a digit (a digit beside a letter reads as houses: "A3"):
    the first letter of the name when free, else the next free letter of the name, else the next
    free letter of the alphabet after its first letter. Letters of any script count, one cell wide
    ("Zoë" Z, "Юля" Ю; a name without such a letter, "7" or "张伟", starts from A)."""
    used: set[str] = set()
    out = []
    for p in players:
        letters = [_capital(c) for c in p.name if c.isalpha() and cell_len(_capital(c)) == 1]
        start = ALPHABET.find(letters[0]) + 1 if letters else 0
        rest = ALPHABET[start:] + ALPHABET[:start]
        letter = next(c for c in [*letters, *rest] if c not in used)  # (8 seats, 26 letters)
        used.add(letter)
        out.append(letter)
    return out


ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _capital(c: str) -> str:
    """``c`` in capitals when that is one character ("ß" stays "ß")."""
    upper = c.upper()
    return upper if len(upper) == 1 else c


class Look:
    """Per-game display helpers: token letters and player styles (build one per game).

    ``palette`` is switched by the game screen when the app's theme changes.
    """

    def __init__(self, game: Game, palette: Palette = STANDARD) -> None:
        self.game = game
        self.tokens = token_letters(game.st.players)
        self.palette = palette

    @property
    def dim(self) -> str:
        return self.palette.dim

    def colour(self, p: int) -> str:
        return player_colour(self.game.st.players[p].colour, self.palette)

    def style_of(self, space: int) -> tuple[str, str, str] | None:
        """(code, background, foreground) of a deed's group in this palette."""
        return space_style(self.game.ed, space, self.palette)

    def token(self, p: int, underline: bool = False) -> Text:
        """The token letter in the player's colour (bold)."""
        style = f"bold {self.colour(p)}" + (" underline" if underline else "")
        if self.game.st.players[p].bankrupt:
            style = f"strike {self.dim}"
        return Text.assemble((self.tokens[p], style))

    def block(self, p: int) -> Text:
        """The token letter as a coloured block (used for ownership)."""
        return Text.assemble((self.tokens[p], f"bold #000000 on {self.colour(p)}"))

    def who(self, p: int) -> Text:
        """"NAME (L)" in the player's colour: whose something is."""
        pl = self.game.st.players[p]
        style = f"bold {self.colour(p)}" if not pl.bankrupt else self.dim
        return Text.assemble((pl.name, style), " (", (self.tokens[p], style), ")")

    def deed_tag(self, space: int) -> Text:
        """Group code block for a deed (e.g. "Br" on brown)."""
        style = self.style_of(space)
        if style is None:
            return Text("  ")
        code, bg, fg = style
        return Text.assemble((code, f"bold {fg} on {bg}"))

    def deed_state(self, space: int, short: bool = False) -> Text:
        """Owner block, buildings and mortgage mark of a deed, e.g. "A2h M"; price if unowned.
        ``short``: the tightest form ("A2M")."""
        ed, st = self.game.ed, self.game.st
        deed = st.deeds.get(space)
        if deed is None:
            return Text("")
        if deed.owner is None:
            price = ed.spaces[space].price or 0
            return Text(str(price) if short else money(price), style=self.dim)
        out = self.block(deed.owner)
        b = building_text(deed, short)
        if b:
            out.append(b, style="bold")
        if deed.mortgaged:
            if not short:
                out.append(" ")
            out.append("M", style=self.palette.mortgage)
        return out


def update_if_changed(widget, content) -> None:
    """``widget.update(content)`` only when the content differs from what it shows (Rich Text compares
    by text and styles): an unchanged panel then costs Textual no layout and no repaint. New text with
    as many lines as before, none wider than the widget, keeps its size: it is repainted without a
    layout pass (the costly part of a key press)."""
    before = getattr(widget, "_megamono_shown", None)
    if before == content:
        return
    widget._megamono_shown = content
    same_size = False
    if isinstance(before, Text) and isinstance(content, Text):
        from rich.cells import cell_len

        width = widget.content_size.width
        old, new = before.plain.split("\n"), content.plain.split("\n")
        same_size = (len(old) == len(new) and width > 0
                     and all(cell_len(line) <= width for line in old + new))
    widget.update(content, layout=not same_size)


if TYPE_CHECKING:
    from textual.cache import LRUCache
    from textual.strip import Strip
    from textual.style import Style
    from textual.widgets import Static

    _KeptLinesBase = Static
else:
    _KeptLinesBase = object  # a mixin listed before Static: it is a Static for the type checker only


class KeptLines(_KeptLinesBase):
    """For a ``Static`` showing a Rich ``Text`` whose lines fit its width (a player panel): each line
    is rendered on its own and kept, so a new text re-renders only its new lines (Textual's Line
    API: :meth:`render_line`). Anything else (a line too wide to fit, so wrapped; a mouse selection)
    is drawn whole by Textual, as before."""

    KEPT_LINES = 64
    _kept_lines: LRUCache[tuple, Strip]  # (set on first use, with the style they were drawn in)
    _kept_style: Style

    def render_line(self, y: int) -> Strip:
        from textual.cache import LRUCache
        from textual.content import Content
        from textual.strip import Strip
        from textual.visual import Visual

        content = self.content
        width = self.size.width
        if self.text_selection is not None or not isinstance(content, Text) or width <= 0:
            return super().render_line(y)
        lines = getattr(self, "_kept_split", None)
        if lines is None or lines[0] is not content:
            lines = (content, content.split("\n", allow_blank=True))
            self._kept_split = lines
        lines = lines[1]
        if any(line.cell_len > width for line in lines):
            return super().render_line(y)
        if y >= len(lines):
            return Strip.blank(width, self.visual_style.rich_style)
        style = self.visual_style
        kept = getattr(self, "_kept_lines", None)
        if kept is None or self._kept_style != style:
            kept = self._kept_lines = LRUCache(self.KEPT_LINES)
            self._kept_style = style
        line = lines[y]
        key = (line.plain, tuple(line.spans), str(line.style), width)
        strip = kept.get(key)
        if strip is None:
            visual = Content.from_rich_text(line, console=self.app.console)
            strips = Visual.to_strips(self, visual, width, 1, style)
            strip = strips[0] if strips else Strip.blank(width, style.rich_style)
            kept[key] = strip
        return strip.apply_offsets(0, y)
