"""Every player's chance to win over a game, as one chart of text (issue 16: the review and replay).

:func:`chance_chart` draws the estimates of each round on one scale, 0% to 100%, each player with
their own letter (their token's, or the initial of their name), so it reads the same without colour
(``NO_COLOR``, the high-contrast theme); colours, when given, are laid on top. A round can be marked
by a vertical line (the round a replay shows). Plain Rich :class:`~rich.text.Text`: put it in any
``Static``. (Textual's ``Sparkline`` scales each series on its own, so it cannot compare players.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from rich.text import Text

DIM = "dim"
MARK = "┊"
"""The vertical line of the marked round (behind the letters)."""
MANY = "*"
"""A cell where several players' chances meet."""
NUDGE = 0.6
"""How far from its exact height (in rows) a letter may be drawn when its own row is taken: 0.6 keeps
it within 15 points of its chance on the smallest chart (5 rows of 25 points); farther, ``*``."""
BAND = "·"
"""A cell within a player's 95% interval, where the interval is wider than :data:`BAND_OVER`."""
BAND_OVER = 0.05
"""Intervals at most this wide either side (5 points) are not drawn: the letter says enough."""
AXIS_WIDTH = 5
"""The labels of the chance axis ("100%") and the axis line."""


class ChartFigures(Protocol):
    """Where a chart's figures come from, read each time it is drawn (the game review is one, so the
    replay opened from it draws the review's own figures as they refine)."""

    def series(self) -> Sequence[dict[int, float] | None]: ...

    def interval_series(self) -> Sequence[dict[int, tuple[float, float]] | None]: ...

    def last_label(self) -> str | None: ...


@dataclass(frozen=True)
class FixedFigures:
    """A chart's figures given once (``series`` as :func:`chance_chart` takes them; no intervals)."""

    chances: Sequence[dict[int, float] | None]
    label: str | None = None

    def series(self) -> Sequence[dict[int, float] | None]:
        return self.chances

    def interval_series(self) -> Sequence[dict[int, tuple[float, float]] | None]:
        return [None] * len(self.chances)

    def last_label(self) -> str | None:
        return self.label


def initials(names: Sequence[str]) -> list[str]:
    """One distinct capital letter per player: the first letter of the name not taken yet, else of
    the alphabet ("Ann", "Al" -> "A", "L")."""
    taken: set[str] = set()
    out = []
    for name in names:
        letter = next((c.upper() for c in name if c.isalpha() and c.upper() not in taken), None)
        if letter is None:
            letter = next(c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in taken)
        taken.add(letter)
        out.append(letter)
    return out


def _column_rounds(rounds: int, width: int) -> list[range]:
    """The rounds (indices into the series) each of ``width`` columns stands for: a round spread
    over several columns when there are fewer rounds than columns, several rounds averaged in one
    column when there are more."""
    out = []
    for c in range(width):
        first = c * rounds // width
        last = max(first + 1, (c + 1) * rounds // width)
        out.append(range(first, last))
    return out


def _average(series: Sequence[dict[int, float] | None], rounds: range, seat: int) -> float | None:
    values = [est[seat] for est in (series[i] for i in rounds) if est is not None and seat in est]
    return sum(values) / len(values) if values else None


def _place(grid: list[list[tuple[str, str]]], c: int, chances: dict[int, float], letters: Sequence[str],
           styles: Sequence[str]) -> None:
    """Draw column ``c``: each seat's letter in the row of its chance (highest chance first), or
    in the row on the other side of its exact height when that one is taken and the height is
    within :data:`NUDGE` rows of it; else ``*`` (several players there)."""
    rows = len(grid)
    taken: set[int] = set()
    for seat, chance in sorted(chances.items(), key=lambda kv: -kv[1]):
        exact = (1 - max(0.0, min(1.0, chance))) * (rows - 1)
        near = round(exact)
        other = near + (1 if exact > near else -1)
        if abs(exact - other) > NUDGE:
            other = near
        for y in (near, other):
            if y not in taken and 0 <= y < rows:
                grid[y][c] = (letters[seat], f"bold {styles[seat]}".strip())
                taken.add(y)
                break
        else:
            grid[near][c] = (MANY, "bold")


def _band(grid: list[list[tuple[str, str]]], c: int, spans: dict[int, tuple[float, float]],
          styles: Sequence[str]) -> bool:
    """Draw column ``c``'s intervals wider than +-:data:`BAND_OVER` as :data:`BAND` dots in each
    seat's style, under the letters; whether any was drawn."""
    rows = len(grid)
    drawn = False
    for seat, (low, high) in spans.items():
        if (high - low) / 2 <= BAND_OVER:
            continue
        top, bottom = round((1 - high) * (rows - 1)), round((1 - low) * (rows - 1))
        for y in range(max(0, top), min(rows - 1, bottom) + 1):
            if grid[y][c][0] == " ":
                grid[y][c] = (BAND, styles[seat] or DIM)
                drawn = True
    return drawn


def _round_axis(columns: list[range], rounds: int, width: int, mark: int | None,
                mark_round: int | None, last_label: str | None = None) -> tuple[str, range]:
    """The round axis: round 1 and every round that is a multiple of a step (1, 2, 5, 10, 20, 50,
    ...) chosen so the numbers stand at least 8 columns apart; under the marked column ``^`` and
    ``mark_round`` ("^12", or "12^" at the right end), the numbers it would touch left out;
    ``last_label`` ("end", "now"), when given, at the right end for the last item of the series, in
    place of its number. Returns the axis and the columns of the mark's label."""
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10**9)
                if s * width >= 8 * rounds)
    axis = [" "] * width
    keep_clear = marked = range(0)
    if mark is not None:
        label = f"^{mark_round}"
        at = mark if mark + len(label) <= width else mark - len(label) + 1
        if at != mark:
            label = label[1:] + "^"
        axis[at:at + len(label)] = label
        marked = range(at, at + len(label))
        keep_clear = range(at - 1, at + len(label) + 1)
    clear = set(keep_clear)
    if last_label and len(last_label) < width:
        start = width - len(last_label)
        if all(axis[i] == " " for i in range(start, width)):
            axis[start:] = last_label
            clear.update(range(start - 1, width))
    for c, rs in enumerate(columns):
        if c and columns[c - 1].start == rs.start:
            continue  # (a round spread over several columns is numbered at its first)
        ticks = [r for r in range(rs.start + 1, rs.stop + 1)
                 if (r == 1 or r % step == 0) and not (last_label and r == rounds)]
        if not ticks:
            continue
        tick = str(ticks[0])
        span = range(max(0, c - 1), c + len(tick))
        if c + len(tick) <= width and all(axis[i] == " " and i not in clear for i in span):
            axis[c:c + len(tick)] = tick
    return "".join(axis), marked


def _legend(names: Sequence[str], letters: Sequence[str], latest: dict[int, float] | None,
            styles: Sequence[str], width: int, extra: list[Text]) -> list[Text]:
    """The legend's lines: "A Ann 62%" per player (the chance of the marked or the last round),
    then the marks, packed into lines of ``width`` cells."""
    chunks = []
    for seat, name in enumerate(names):
        chunk = Text(letters[seat], style=f"bold {styles[seat]}".strip())
        chunk.append(f" {name}")
        if latest is not None and seat in latest:
            chunk.append(f" {latest[seat]:.0%}", style="bold")
        chunks.append(chunk)
    chunks += extra
    lines: list[Text] = []
    line = Text()
    for chunk in chunks:
        if chunk.cell_len > width:
            chunk.truncate(width, overflow="ellipsis")
        if line.cell_len and line.cell_len + 2 + chunk.cell_len > width:
            lines.append(line)
            line = Text()
        if line.cell_len:
            line.append("  ")
        line.append_text(chunk)
    lines.append(line)
    return lines


def chance_chart(series: Sequence[dict[int, float] | None], names: Sequence[str], width: int, height: int,
                 mark_round: int | None = None, letters: Sequence[str] | None = None,
                 colours: Sequence[str] | None = None, last_label: str | None = None,
                 bands: Sequence[dict[int, tuple[float, float]] | None] | None = None) -> Text:
    """Each player's chance to win, round by round, as a chart of ``width`` x ``height`` cells.

    - ``series``: one estimate per round, ``series[0]`` for round 1, ``series[r - 1]`` for round
      ``r``: a dict seat -> chance (0 to 1), or None for a round not estimated (yet);
    - ``names``: the players' names, by seat;
    - ``width``, ``height``: the chart's size in cells, legend and axes included (at least 20 x 5);
    - ``mark_round``: a round (numbered from 1) to mark with a vertical line, or None;
    - ``letters``: each seat's letter on the chart (default: :func:`initials` of the names; the app
      passes its token letters);
    - ``colours``: each seat's Rich style (a colour), laid over its letter; the chart reads the same
      without them;
    - ``last_label``: the round axis's word for the last item of the series ("end": a finished
      game's result, "now": where a game in progress stands), in place of a round number it never had;
    - ``bands``: each item's 95% intervals (seat -> (low, high)), as ``series``: an interval wider
      than +-5 points is drawn as a band of ``·`` under the letters (the legend says so).

    The chance axis runs from 0% (bottom) to 100% (top) on the left; the rounds run left to right,
    spread or averaged to fill the width. A cell where several players meet shows ``*``; the marked
    round is a dotted line ``┊`` with ``^`` under it on the round axis. Under the chart, the legend:
    each player's letter, name and chance at the marked round (or the last round estimated).
    """
    width, height = max(20, width), max(5, height)
    n = len(names)
    letters = list(letters) if letters is not None else initials(names)
    styles = [str(colours[p]) if colours is not None and p < len(colours) else "" for p in range(n)]
    rounds = len(series)
    shown = [i for i, est in enumerate(series) if est is not None]
    at = mark_round - 1 if mark_round is not None and 0 < mark_round <= rounds else None
    if at is not None and series[at] is None:
        before = [i for i in shown if i <= at]
        latest = series[before[-1]] if before else None
    else:
        latest = series[at] if at is not None else (series[shown[-1]] if shown else None)
    extra = [Text(f"{MANY} several", style=DIM)]
    wide = bands is not None and any(
        spans is not None and any((high - low) / 2 > BAND_OVER for low, high in spans.values()) for spans in bands)
    if wide:
        extra.append(Text(f"{BAND} 95% interval (wider than ±5 points)", style=DIM))
    if mark_round is not None:
        extra.append(Text(f"{MARK} round {mark_round}", style="bold"))
    legend = _legend(names, letters, latest, styles, width, extra)[: height - 4]  # (3 rows and the axis)
    plot_w = width - AXIS_WIDTH
    rows = max(3, height - 1 - len(legend))
    rows -= 1 - rows % 2  # (an odd number of rows: 50% is a row of its own)
    out = Text()
    if not shown:
        out.append("Win chances: none estimated yet", style=DIM)
        return out
    columns = _column_rounds(rounds, plot_w)
    grid: list[list[tuple[str, str]]] = [[(" ", "")] * plot_w for _ in range(rows)]
    mark_col = next((c for c, rs in enumerate(columns) if at is not None and at in rs), None)
    if mark_col is not None:
        for row in grid:
            row[mark_col] = (MARK, "bold")
    if wide and bands is not None:
        for c, rs in enumerate(columns):
            i = next((i for i in rs if i < len(bands) and bands[i] is not None), None)
            if i is not None and bands[i]:
                _band(grid, c, bands[i] or {}, styles)
    for c, rs in enumerate(columns):
        _place(grid, c, {seat: chance for seat in range(n)
                         if (chance := _average(series, rs, seat)) is not None},
               letters, styles)
    for y, row in enumerate(grid):
        share = 1 - y / (rows - 1)
        label = f"{share:.0%}" if (share * 4).is_integer() else ""
        out.append(f"{label:>4}", style=DIM)
        out.append("┤" if label else "│", style=DIM)
        for char, style in row:
            out.append(char, style=style)
        out.append("\n")
    out.append("rnd  ", style=DIM)
    axis, marked = _round_axis(columns, rounds, plot_w, mark_col, mark_round, last_label)
    for c, char in enumerate(axis):
        out.append(char, style="bold" if c in marked else DIM)
    for legend_line in legend:
        out.append("\n")
        out.append_text(legend_line)
    return out
