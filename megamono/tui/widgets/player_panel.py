"""Player panels: cash, position, jail, cards, Bus Tickets, deeds grouped by colour group, and
what the player could build now (asked of the rules core: ``Game.legal_actions`` and ``why_not``).

In the compact layout (100x30) a panel is shorter (:func:`compact_player_text`): one heading line
with "build (m)" when the player could build, then the deeds by colour group in the board's short
codes; no net-worth sparkline. Four players fit without scrolling; from five on the panels scroll,
the panel of whose turn it is kept in view.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Sparkline, Static

from megamono.rules.actions import Build, BuildDepot
from megamono.rules.engine import Game

from ..look import KeptLines, Look, building_text, money, space_code, update_if_changed
from .hanging import wrap_cells


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


def build_options(game: Game) -> dict[int, list[Build | BuildDepot]]:
    """Every player's legal Build and BuildDepot actions now, by seat (one call to the core)."""
    out: dict[int, list[Build | BuildDepot]] = {}
    for a in game.legal_actions():
        if isinstance(a, (Build, BuildDepot)):
            out.setdefault(a.player, []).append(a)
    return out


def build_text(game: Game, look: Look, p: int, options: list[Build | BuildDepot] | None,
               width: int) -> Text | None:
    """"build now (m): Kentucky $150, ..." from the legal actions, or why the player cannot build
    yet on the street group they are nearest to completing (the core's ``why_not``); None when the
    player holds no street and no railroad that could take a depot."""
    ed, st = game.ed, game.st
    if options:
        # by colour group: "Br Mediterr., Arctic $50"; depots: "RR depot Reading RR $100"
        groups: dict[str, list[Build | BuildDepot]] = {}
        for a in options:
            key = ed.spaces[a.space].group if isinstance(a, Build) else "depot"
            groups.setdefault(key or "depot", []).append(a)
        parts = []
        for key, acts in groups.items():
            first = acts[0]
            cost = ed.spaces[first.space].house_cost if isinstance(first, Build) else ed.rules.depot_cost
            names = ", ".join(tiny_name(ed.spaces[a.space].short) for a in acts)
            what = f" {'depot ' if key == 'depot' else ''}{names} {money(cost or 0)}"
            parts.append(look.deed_tag(first.space) + Text(what))
        return pack([Text("build now (m):", style="bold")] + parts, width, indent="  ")
    streets = [i for i in ed.properties if st.deeds[i].owner == p and ed.spaces[i].kind == "street"]
    if not streets or game.pending is None or game.over:
        return None
    owned: dict[str, list[int]] = {}
    for i in streets:
        group = ed.spaces[i].group
        assert group is not None, "a street is in a colour group"
        owned.setdefault(group, []).append(i)
    # the group nearest to complete (most lots owned, then fewest missing), its least built lot
    key = max(owned, key=lambda g: (len(owned[g]) / len(ed.groups[g]), len(owned[g])))
    lot = min(owned[key], key=lambda i: st.deeds[i].level)
    why = game.why_not(Build(player=p, space=lot))
    if why is None:
        return None
    head = Text.assemble("  ", ("build: ", "bold"), look.deed_tag(lot), " ")
    # the reason wrapped under itself (a hanging indent), never a stray line at the panel's edge
    lines = wrap_cells(why, max(12, width - head.cell_len)) or [""]
    body = Text("\n" + " " * head.cell_len).join(Text(line, style=look.dim) for line in lines)
    return head + body


def bankrupt_text(look: Look, p: int, name: str) -> Text:
    """A bankrupt player's panel, in every layout: the name and BANKRUPT, dimmed."""
    DIM = look.dim
    return Text.assemble((f"{look.tokens[p]} {name}", f"bold {DIM}"), ("  BANKRUPT", f"bold {DIM}"), style=DIM)


def player_text(game: Game, look: Look, p: int, width: int = 56,
                options: list[Build | BuildDepot] | None = None, builds: bool = True) -> Text:
    """The text of one player's panel: a heading line, flags, deeds packed by colour group, then
    what they could build now (``options``: their legal builds; computed when None)."""
    st = game.st
    pl = st.players[p]
    DIM = look.dim
    if pl.bankrupt:
        return bankrupt_text(look, p, pl.name)
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
                part.append("M", style=look.palette.mortgage)
            parts.append(part)
        t.append_text(Text(", ").join(parts))
        chunks.append(t)
    out = heading(game, look, p, width)
    if chunks:
        out.append("\n")
        out.append_text(pack(chunks, width))
    if builds:
        if options is None:
            options = build_options(game).get(p, [])
        line = build_text(game, look, p, options, width)
        if line is not None:
            out.append("\n")
            out.append_text(line)
    return out


def heading(game: Game, look: Look, p: int, width: int, extra: Sequence[Text] = ()) -> Text:
    """A panel's first line: token, name, turn mark, cash, position, then the flags (jail, Get Out
    of Jail Free cards, Bus Tickets) and ``extra``, each on a line of its own when it no longer fits."""
    st = game.st
    pl = st.players[p]
    colour = look.colour(p)
    DIM = look.dim
    turn = p == st.turn.player
    out = Text.assemble(look.block(p), " ", (pl.name, f"bold {colour}"),
                        (" (cpu)" if pl.kind == "computer" else "", DIM),
                        (" ◀ turn" if turn else "", f"bold {colour}"))
    out.append(f"  {money(pl.cash)}", style="bold")
    where = game.ed.spaces[pl.position].short
    if pl.position == game.ed.jail and not pl.in_jail:
        where = "Visiting"  # (Just Visiting: "@Jail" read as in jail)
    out.append(f"  @{where}", style=DIM if not turn else "")
    flags = []
    if pl.in_jail:
        flags.append(Text(f"IN JAIL {min(pl.jail_turns + 1, 3)}/3", style="bold #ff8080"))
    if pl.gojf:
        flags.append(Text(f"GOJF×{len(pl.gojf)}", style="bold #ffd75f"))
    if pl.bus_tickets:
        flags.append(Text(f"Bus×{len(pl.bus_tickets)}", style="bold #5fd7ff"))
    for f in [*flags, *extra]:
        if cell_len(out.plain.split("\n")[-1]) + 2 + f.cell_len <= width:
            out.append("  ")
        else:
            out.append("\n  ")
        out.append_text(f)
    return out


def compact_player_text(game: Game, look: Look, p: int, width: int = 66,
                        options: list[Build | BuildDepot] | None = None) -> Text:
    """The compact layout's panel: the heading (with "build (m)" when the player could build now:
    ``options``, their legal builds) and the deeds packed by colour group in the board's codes:
    "LB 2/4 Ori Ver 2h", a mortgaged deed dimmed with an M."""
    st = game.st
    pl = st.players[p]
    DIM = look.dim
    if pl.bankrupt:
        return bankrupt_text(look, p, pl.name)
    extra = [Text("build (m)", style="bold")] if options else []
    out = heading(game, look, p, width, extra)
    chunks = []
    for key, spaces in deed_groups(game, p):
        t = Text.assemble(look.deed_tag(spaces[0]))
        t.append(f" {len(spaces)}/{group_size(game, key)}", style=DIM)
        for i in spaces:
            d = st.deeds[i]
            part = Text(space_code(game.ed, i))
            b = building_text(d, short=True)
            if b:
                part.append(b, style="bold")
            if d.mortgaged:
                part.stylize(DIM)
                part.append("M", style=look.palette.mortgage)
            t.append(" ")
            t.append_text(part)
        chunks.append(t)
    if chunks:
        out.append("\n")
        out.append_text(pack(chunks, width))
    return out


class PlayerPanel(KeptLines, Static):
    """One player's panel; the left border is the player's colour."""

    def __init__(self, game: Game, look: Look, p: int) -> None:
        super().__init__(id=f"player-{p}", classes="player-panel")
        self.game, self.look, self.p = game, look, p
        self.styles.border_left = ("outer", look.colour(p))

    options: list[Build | BuildDepot] | None = None
    """This player's legal builds (set by :meth:`PlayersView.refresh_players`)."""
    compact = False
    """The compact layout's shorter form (set by :meth:`PlayersView.set_compact`)."""

    def refresh_panel(self) -> None:
        width = self.content_size.width or 56
        self.styles.border_left = ("outer", self.look.colour(self.p))
        make = compact_player_text if self.compact else player_text
        update_if_changed(self, make(self.game, self.look, self.p, max(width, 30), self.options or []))

    def on_resize(self) -> None:
        # the text is packed for the width: redraw it after this layout pass (a new height asked
        # for during the pass would be lost, leaving a stale blank line under the panel)
        self.call_after_refresh(self.refresh_panel)
        self.set_class(self.game.st.players[self.p].bankrupt, "bankrupt")


class PlayersView(VerticalScroll, can_focus=False):
    """All player panels, in seat order."""

    def __init__(self, game: Game, look: Look) -> None:
        super().__init__(id="players")
        self.game, self.look = game, look
        n = len(game.st.players)
        self.panels = [PlayerPanel(game, look, p) for p in range(n)]
        self.sparklines = [WorthSparkline(game, look, p) for p in range(n)]

    def compose(self) -> ComposeResult:
        for panel, spark in zip(self.panels, self.sparklines, strict=False):
            yield panel
            yield spark

    compact = False
    """Panels in the compact layout's form, without sparklines (see :meth:`set_compact`)."""

    def set_compact(self, compact: bool) -> None:
        """Switch the panels to the compact layout's form (or back) and redraw them."""
        self.compact = compact
        for panel in self.panels:
            panel.compact = compact
        for spark in self.sparklines:
            spark.compact = compact
        self.refresh_players()

    def refresh_players(self) -> None:
        options = build_options(self.game)
        for panel in self.panels:
            panel.options = options.get(panel.p, [])
            panel.refresh_panel()
        refresh_worth(self)
        # the panel of whose turn it is stays in view (the compact layout shows only a few)
        turn = self.game.st.turn.player
        if self.max_scroll_y:
            for panel in self.panels:
                if panel.p == turn:
                    self.call_after_refresh(self.scroll_to_widget, panel, animate=False, top=True)


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
        # (Text: a name is shown as typed, never read as markup)
        self.tooltip = Text(f"{game.st.players[p].name}: net worth after each turn")

    compact = False
    """Hidden in the compact layout (its panels are kept short)."""

    def refresh_worth(self, series: list[int]) -> None:
        width = self.size.width or 40
        pl = self.game.st.players[self.p]
        self.display = not self.compact and not pl.bankrupt and len(series) > 1
        self.data = series[-width:]


def refresh_worth(view: PlayersView) -> None:
    """Bring every player's sparkline up to date (the statistics are kept incrementally)."""
    from ..stats import stats_for

    stats = stats_for(view.game)
    for spark in view.sparklines:
        spark.refresh_worth(stats.series(spark.p))
