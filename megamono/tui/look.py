"""How things look: player and colour-group colours, token letters, money and building text.

Every colour-coded thing also has a letter: players have a token letter, colour groups a two-letter
code, buildings "1h".."4h", "H" (hotel), "S" (skyscraper), "D" (depot), and mortgages "M".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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


def player_colour(colour: str) -> str:
    """The display colour for an engine colour name (unknown names pass through)."""
    return PLAYER_RGB.get(colour, colour)


def space_style(ed: Edition, space: int) -> tuple[str, str, str] | None:
    """(code, background, foreground) of a deed's colour group or kind; None for other spaces."""
    sp = ed.spaces[space]
    if sp.kind == "street" and sp.group:
        return GROUP_STYLE.get(sp.group, (sp.group[:2], "#444444", "#ffffff"))
    return KIND_STYLE.get(sp.kind)


def group_code(ed: Edition, space: int) -> str:
    style = space_style(ed, space)
    return style[0] if style else "  "


def building_text(deed: DeedState) -> str:
    """"" / "1h".."4h" / "H" / "S", plus "D" for a depot."""
    level = {0: "", 5: "H", 6: "S"}.get(deed.level, f"{deed.level}h")
    return level + ("D" if deed.depot else "")


def level_words(level: int) -> str:
    return {0: "no buildings", 1: "1 house", 5: "a hotel", 6: "a skyscraper"}.get(level, f"{level} houses")


def money(amount: int) -> str:
    return f"${amount:,}"


def token_letters(players: list[Player]) -> list[str]:
    """A distinct one-character token per seat: the name's first letter when free, else another of
    its letters, else the seat number."""
    used: set[str] = set()
    out = []
    for k, p in enumerate(players):
        cands = [c.upper() for c in p.name if c.isalnum()] + [str(k + 1)]
        letter = next((c for c in cands if c not in used), str(k + 1))
        used.add(letter)
        out.append(letter)
    return out


class Look:
    """Per-game display helpers: token letters and player styles (build one per game)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.tokens = token_letters(game.st.players)

    def colour(self, p: int) -> str:
        return player_colour(self.game.st.players[p].colour)

    def token(self, p: int, underline: bool = False) -> Text:
        """The token letter in the player's colour (bold)."""
        style = f"bold {self.colour(p)}" + (" underline" if underline else "")
        if self.game.st.players[p].bankrupt:
            style = f"strike {DIM}"
        return Text.assemble((self.tokens[p], style))

    def block(self, p: int) -> Text:
        """The token letter as a coloured block (used for ownership)."""
        return Text.assemble((self.tokens[p], f"bold #000000 on {self.colour(p)}"))

    def who(self, p: int) -> Text:
        """"NAME (L)" in the player's colour: whose something is."""
        pl = self.game.st.players[p]
        style = f"bold {self.colour(p)}" if not pl.bankrupt else DIM
        return Text.assemble((pl.name, style), " (", (self.tokens[p], style), ")")

    def deed_tag(self, space: int) -> Text:
        """Group code block for a deed (e.g. "Br" on brown)."""
        style = space_style(self.game.ed, space)
        if style is None:
            return Text("  ")
        code, bg, fg = style
        return Text.assemble((code, f"bold {fg} on {bg}"))

    def deed_state(self, space: int) -> Text:
        """Owner block, buildings and mortgage mark of a deed, e.g. "A 2h M"; price if unowned."""
        ed, st = self.game.ed, self.game.st
        deed = st.deeds.get(space)
        if deed is None:
            return Text("")
        if deed.owner is None:
            return Text(money(ed.spaces[space].price or 0), style=DIM)
        out = self.block(deed.owner)
        b = building_text(deed)
        if b:
            out.append(b, style="bold")
        if deed.mortgaged:
            out.append(" ")
            out.append("M", style=MORTGAGE_STYLE)
        return out
