"""Player panels: cash, position, jail, cards, Bus Tickets and deeds grouped by colour group."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Sparkline, Static

from megamono.rules.engine import Game

from ..look import DIM, MORTGAGE_STYLE, Look, building_text, money


def deed_groups(game: Game, p: int) -> list[tuple[str, list[int]]]:
    """The deeds of seat ``p`` grouped: colour groups in board order, then railroads, utilities."""
    ed, st = game.ed, game.st
    mine = [i for i in ed.properties if st.deeds[i].owner == p]
    groups: dict[str, list[int]] = {}
    for i in mine:
        sp = ed.spaces[i]
        key = sp.group if sp.kind == "street" and sp.group else sp.kind
        groups.setdefault(key, []).append(i)
    return list(groups.items())


def group_size(game: Game, key: str) -> int:
    ed = game.ed
    if key in ed.groups:
        return len(ed.groups[key])
    return len(ed.railroads) if key == "railroad" else len(ed.utilities)


def tiny_name(name: str) -> str:
    """A deed's board name without a trailing "Ave" (the panel is narrow)."""
    return name[:-4] if name.endswith(" Ave") else name


def pack(chunks: list[Text], width: int, indent: str = "  ") -> Text:
    """Lay ``chunks`` out in lines of ``width`` cells, breaking only between chunks."""
    lines: list[Text] = []
    cur: Text | None = None
    for c in chunks:
        if cur is not None and cur.cell_len + 2 + c.cell_len <= width:
            cur.append("  ")
            cur.append_text(c)
        else:
            if cur is not None:
                lines.append(cur)
            cur = Text(indent) + c
    if cur is not None:
        lines.append(cur)
    return Text("\n").join(lines)


def player_text(game: Game, look: Look, p: int, width: int = 56) -> Text:
    """The text of one player's panel: a heading line, flags, then deeds packed by colour group."""
    st = game.st
    pl = st.players[p]
    colour = look.colour(p)
    if pl.bankrupt:
        return Text.assemble((f"{look.tokens[p]} {pl.name}", f"bold {DIM}"), ("  BANKRUPT", f"bold {DIM}"),
                             style=DIM)
    turn = p == st.turn.player
    head = Text.assemble(look.block(p), " ", (pl.name, f"bold {colour}"),
                         (" (cpu)" if pl.kind == "computer" else "", DIM),
                         (" ◀ turn" if turn else "", f"bold {colour}"))
    head.append(f"  {money(pl.cash)}", style="bold")
    head.append(f"  @{game.ed.spaces[pl.position].short}", style=DIM if not turn else "")
    flags = []
    if pl.in_jail:
        flags.append(Text(f"IN JAIL {min(pl.jail_turns + 1, 3)}/3", style="bold #ff8080"))
    if pl.gojf:
        flags.append(Text(f"GOJF×{len(pl.gojf)}", style="bold #ffd75f"))
    if pl.bus_tickets:
        flags.append(Text(f"Bus×{len(pl.bus_tickets)}", style="bold #5fd7ff"))
    chunks = []
    for key, spaces in deed_groups(game, p):
        t = Text.assemble(look.deed_tag(spaces[0]))
        t.append(f" {len(spaces)}/{group_size(game, key)} ", style=DIM)
        parts = []
        for i in spaces:
            d = st.deeds[i]
            part = Text(tiny_name(game.ed.spaces[i].short))
            b = building_text(d)
            if b:
                part.append(" " + b, style="bold")
            if d.mortgaged:
                part.stylize(DIM)
                part.append(" ")
                part.append("M", style=MORTGAGE_STYLE)
            parts.append(part)
        t.append_text(Text(", ").join(parts))
        chunks.append(t)
    out = head
    for f in flags:
        if len(out.plain.split("\n")[-1]) + 2 + f.cell_len <= width:
            out.append("  ")
            out.append_text(f)
        else:
            out.append("\n  ")
            out.append_text(f)
    if chunks:
        out.append("\n")
        out.append_text(pack(chunks, width))
    return out


class PlayerPanel(Static):
    """One player's panel; the left border is the player's colour."""

    def __init__(self, game: Game, look: Look, p: int) -> None:
        super().__init__(id=f"player-{p}", classes="player-panel")
        self.game, self.look, self.p = game, look, p
        self.styles.border_left = ("outer", look.colour(p))

    def refresh_panel(self) -> None:
        width = self.content_size.width or 56
        self.update(player_text(self.game, self.look, self.p, max(width, 30)))

    def on_resize(self) -> None:
        self.refresh_panel()
        self.set_class(self.game.st.players[self.p].bankrupt, "bankrupt")


class PlayersView(VerticalScroll, can_focus=False):
    """All player panels, in seat order."""

    def __init__(self, game: Game, look: Look) -> None:
        super().__init__(id="players")
        self.game, self.look = game, look

    def compose(self) -> ComposeResult:
        for p in range(len(self.game.st.players)):
            yield PlayerPanel(self.game, self.look, p)
            yield WorthSparkline(self.game, self.look, p)

    def refresh_players(self) -> None:
        for panel in self.query(PlayerPanel):
            panel.refresh_panel()
        refresh_worth(self)


# -- net worth over time (a Sparkline under each panel; data from megamono.tui.stats) -------------
class WorthSparkline(Sparkline):
    """Seat ``p``'s net worth after each turn (the latest turns that fit), in the player's colour."""

    DEFAULT_CSS = """
    WorthSparkline { height: 1; margin: 0 0 0 2; }
    """

    def __init__(self, game: Game, look: Look, p: int) -> None:
        from textual.color import Color

        colour = Color.parse(look.colour(p))
        super().__init__([], min_color=colour.with_alpha(0.35), max_color=colour, id=f"worth-{p}",
                         classes="worth-sparkline")
        self.game, self.p = game, p
        self.tooltip = f"{game.st.players[p].name}: net worth after each turn"

    def refresh_worth(self, series: list[int]) -> None:
        width = self.size.width or 40
        pl = self.game.st.players[self.p]
        self.display = not pl.bankrupt and len(series) > 1
        self.data = series[-width:]


def refresh_worth(view: "PlayersView") -> None:
    """Bring every player's sparkline up to date (the statistics are kept incrementally)."""
    from ..stats import stats_for

    stats = stats_for(view.game)
    for spark in view.query(WorthSparkline):
        spark.refresh_worth(stats.series(spark.p))
