"""The game-over screen: the winner (or the players sharing the win), the standings by final worth,
a chart of everyone's net worth over the whole game, and the game's statistics (rent paid and
received per player, the spaces landed on most). The numbers come from :mod:`..stats`.

Everything is readable without colour: each chart row is labelled with the player's name and token
letter, the bars share one scale (shown on the left), and the first and last turns are written under it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from megamono.rules.engine import Game
from megamono.rules.events import termination_words

from ..look import DIM, Look, count, fit_cells, money
from ..resizing import LatestSizeOnly
from ..stats import GameStats, bar_rows, columns, stats_for
from ..widgets.footer import KeysFooter
from ..widgets.notices import NoticeLine

if TYPE_CHECKING:
    from textual import getters

    from ..app import MegamonoApp


def standings(game: Game) -> list[tuple[int, int, int]]:
    """(seat, cash, final worth) best first: the engine's standings (E2 final worth; bankrupt last),
    with the winner(s) on top."""
    st = game.st
    winners = list(st.winners or ([st.winner] if st.winner is not None else []))
    rows = [(p, st.players[p].cash if not st.players[p].bankrupt else 0, worth) for p, worth in game.standings()]
    return sorted(rows, key=lambda r: (r[0] not in winners, st.players[r[0]].bankrupt, -r[2]))


def winners_of(game: Game) -> list[int]:
    st = game.st
    return list(getattr(st, "winners", []) or ([st.winner] if st.winner is not None else []))


def standings_text(game: Game, look: Look) -> Text:
    g = game
    t = Text("GAME OVER\n\n", style="bold")
    winners = winners_of(g)
    if winners:
        for k, w in enumerate(winners):
            t.append(", " if k else "")
            t.append_text(look.block(w))
            t.append(" ")
            t.append_text(look.who(w))
        t.append(" wins!\n\n" if len(winners) == 1 else " share the win!\n\n", style="bold")
    t.append(f"{'':3}{'Player':<22}{'Cash':>12}{'Property':>12}{'Final worth':>14}\n", style="bold")
    for rank, (p, cash, worth) in enumerate(standings(g), 1):
        pl = g.st.players[p]
        t.append(f"{rank:>2} ")
        t.append(fit_cells(pl.name, 20) + "  ", style=f"bold {look.colour(p)}" if not pl.bankrupt else DIM)
        if pl.bankrupt:
            t.append(f"{'':>12}{'':>12}{'bankrupt':>14}\n", style=DIM)
            continue
        t.append(f"{money(cash):>12}{money(worth - cash):>12}")
        t.append(f"{money(worth):>14}", style="bold")
        t.append("  ★ winner\n" if p in winners else "\n", style="bold #ffd75f")
    t.append("\nFinal worth: cash + printed price of deeds (mortgaged: mortgage value) + buildings.\n",
             style=DIM)
    outcome = g.outcome
    if outcome is not None and outcome.termination != "last_player_standing":
        t.append(termination_words(outcome.termination, g.st.turn.round) + ".\n", style=DIM)
    rounds = g.st.turn.round  # (a round: every player's turn once; simulate counts rounds)
    t.append(f"{count(g.st.turn.number, 'turn')} played, in {count(rounds, 'round')}.", style=DIM)
    return t


def worth_chart(game: Game, look: Look, stats: GameStats, width: int = 100) -> Text:
    """Every player's net worth after each turn, one row of bars per player on one shared scale, in
    ``width`` columns: no line is longer (the figures beside the bars are measured first, the bars
    take the rest)."""
    n = len(game.st.players)
    height = 2 if n <= 4 else 1
    label_w = 16
    series = {p: stats.series(p) for p in range(n)}
    values = [v for s in series.values() for v in s]
    high = max(values, default=0)
    low = min((v for v in values if v > 0), default=0)
    notes: dict[int, list[str]] = {}
    for p in range(n):
        pl = game.st.players[p]
        peak, when = stats.peak(p) if series[p] else (0, 0)
        end = "bankrupt" if pl.bankrupt else money(series[p][-1]) if series[p] else ""
        # the name on the bar's top row, the figures beside it
        notes[p] = [f" {end:>9}", f"  peak {money(peak)} (turn {when})"] if series[p] else ["", ""]
        if height == 1:
            notes[p] = [notes[p][0] + notes[p][1]]
    notes_w = max((len(note) for rows in notes.values() for note in rows), default=0)
    plot_w = max(10, width - label_w - notes_w)
    t = Text("Net worth over the game", style="bold")
    scale = (f"one scale for all: the lowest bar is {money(low)}, a full bar {money(high)}"
             f"{'; no bar = bankrupt' if any(v <= 0 for v in values) else ''}")
    fits = len(t) + 3 + len(scale) <= width
    t.append(("   " if fits else "\n") + scale + "\n", style=DIM)
    turns = [s.turn for s in stats.samples]
    for p in range(n):
        pl = game.st.players[p]
        rows = bar_rows(columns(series[p], plot_w), low, high, height)
        style = look.colour(p) if not pl.bankrupt else DIM
        for r, row in enumerate(rows):
            if r == 0:
                t.append(f"{look.tokens[p]} {fit_cells(pl.name, label_w - 3)} ", style=f"bold {style}")
            else:
                t.append(" " * label_w)
            t.append(f"{row:<{plot_w}}", style=style)
            t.append(notes[p][r] if r < len(notes[p]) else "", style=DIM if pl.bankrupt or r else "")
            t.append("\n")
        if len(rows) > 1:  # a blank line between players: a tall bar never reads as the row above
            t.append("\n")
    if turns:
        first, last = f"turn {turns[0]}", f"turn {turns[-1]}"
        used = len(columns(turns, plot_w))
        t.append(" " * label_w + first + " " * max(1, used - len(first) - len(last)) + last, style=DIM)
    return t


def statistics_text(game: Game, look: Look, stats: GameStats) -> Text:
    """Rent paid and received per player, and the spaces landed on most."""
    g = game
    t = Text("Rent", style="bold")
    t.append(f"\n{'':3}{'Player':<16}{'paid':>10}{'received':>10}{'balance':>10}\n", style="bold")
    for p, pl in enumerate(g.st.players):
        paid, got = stats.rent_paid[p], stats.rent_received[p]
        t.append(f"{look.tokens[p]:<3}")
        t.append(fit_cells(pl.name, 15) + " ", style=f"bold {look.colour(p)}" if not pl.bankrupt else DIM)
        t.append(f"{money(paid):>10}{money(got):>10}")
        bal = got - paid
        t.append(f"{('+' if bal > 0 else '-' if bal < 0 else '') + money(abs(bal)):>10}\n", style="bold")
    t.append("\nMost landed on", style="bold")
    top = stats.most_landed(5)
    if not top:
        t.append("\n  nobody moved", style=DIM)
    spaces = g.ed.spaces
    names = [sp.name for sp in spaces]
    for space, times in top:
        name = spaces[space].name
        if names.count(name) > 1:  # several Community Chests: which one
            name = f"{name} (after {spaces[space - 1].short})"
        t.append(f"\n  {fit_cells(name, 38)} {times:>3} time{'s' if times != 1 else ''}")
    return t


class GameOverScreen(LatestSizeOnly, Screen[None]):
    """Winner, standings, the net-worth chart and statistics; ``v`` the game's review, ``n`` back to the
    start screen, ``q`` quits."""

    if TYPE_CHECKING:
        app = getters.app(MegamonoApp)

    DEFAULT_CSS = """
    GameOverScreen { align: center middle; }
    GameOverScreen #over { width: 124; max-width: 100%; height: auto; max-height: 100%; padding: 0 2;
                           border: heavy $success; }
    GameOverScreen #over > Static { height: auto; margin-bottom: 1; }
    """
    # not Enter: a player hammering Enter through the last debt must still see the standings
    BINDINGS = [Binding("v", "review", "Review"), Binding("n", "start", "Start screen"), Binding("q", "quit", "Quit")]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.look = Look(game)
        self.stats = stats_for(game)

    BOX = 124
    """The box's width (its CSS), when the terminal is as wide."""

    def chart_width(self) -> int:
        """The columns the chart has: the box's inside (less its border, padding and scroll bar)."""
        chart = self.query("#chart")
        if chart and chart.first().size.width:
            return chart.first().size.width
        return min(self.BOX, self.app.size.width) - 2 - 4 - 2

    def compose(self) -> ComposeResult:
        g, look = self.game, self.look
        with VerticalScroll(id="over"):  # focused: PgDn, arrows and the mouse scroll it
            yield Static(standings_text(g, look), id="standings")
            yield Static(worth_chart(g, look, self.stats, self.chart_width()), id="chart")
            yield Static(statistics_text(g, look, self.stats), id="stats")
        yield NoticeLine()
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#over").focus()

    _chart_drawn_for = 0

    def on_resize(self, event) -> None:
        self.call_after_refresh(self.fit_chart)

    def fit_chart(self) -> None:
        """Draw the chart again for the width it has now (the terminal was resized)."""
        width = self.chart_width()
        if width != self._chart_drawn_for:
            self._chart_drawn_for = width
            self.query_one("#chart", Static).update(worth_chart(self.game, self.look, self.stats, width))

    def action_review(self) -> None:
        """The game's review (:mod:`.review`): win chances over the game, turning points, replay."""
        from .review import ReviewScreen

        self.app.push_screen(ReviewScreen(self.game, "this game"))

    def action_start(self) -> None:
        self.app.leave_game(self.app.go_start)

    def action_quit(self) -> None:
        self.app.leave_game(lambda: self.app.exit(0), quitting=True)
