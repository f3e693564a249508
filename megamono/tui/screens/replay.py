"""Replay (issue 16 item 5, README "Replay"): step through a game as it was played, read-only.

The screen shows the game of a :class:`~megamono.replay.Timeline` as it was after ``k`` of its
actions, with the game screen's own widgets (the board, the player panels with their net-worth
lines, the dice and the log), and a status line "Round R · turn of NAME · action k of n: what was
done". ``←``/``→`` step one action, ``PgUp``/``PgDn`` one turn, ``Home``/``End`` go to the start and
the end, a round number typed then ``Enter`` jumps to that round's start; ``Esc`` or ``q`` leaves
(the screen is dismissed: from ``megamono replay SAVE`` the app then quits). Given the win chances
of each round (the game review's own figures, read again as the review refines them), it shows their
chart (:func:`~megamono.tui.widgets.chance_chart.chance_chart`) with the round shown marked.

Nothing here acts on a game that is played or saved: the screen's one :class:`Game` is a view whose
state is replaced at every step (``view.st``, a copy the timeline makes), and no key sends an action.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from megamono.replay import Timeline

from ..look import DIM, Look, update_if_changed
from ..resizing import LatestSizeOnly, stale_resize
from ..stats import stats_for
from ..themes import palette_for
from ..widgets.board import LAYOUT_MIN, Board, layout_for
from ..widgets.chance_chart import ChartFigures, chance_chart
from ..widgets.dice import DiceView
from ..widgets.footer import KeysFooter
from ..widgets.log import GameLog
from ..widgets.notices import NoticeLine
from ..widgets.player_panel import PlayersView
from .game_footer import FooterFit

if TYPE_CHECKING:
    from textual import getters

    from ..app import MegamonoApp

LOG_REWRITE = 24
"""Events written again, at least, when the log is redrawn (a jump, a step back, a new width): as
many as the log has lines, else this many; a step forward only adds its own."""
LOG_IN_FULL = 400
"""Events the log holds once the keys rest (as the game screen's log on a resume), to scroll back in."""
LOG_REST_SECONDS = 0.4
"""How long after a quick rewrite the log is written again in full (keys held down rewrite it quickly)."""
MAX_ROUND_DIGITS = 5
CHART_EVERY = 1.0
"""Seconds between two drawings of the chart (the review may still refine its figures)."""


def replay_keys(look: Look) -> Text:
    """The keys and the board's letters, beside the board in the compact layout (15 columns)."""
    dim = look.dim
    t = Text("REPLAY\n", style="bold")
    for key, what in (("←/→", "action"), ("PgUp/Dn", "turn"), ("Home/End", ""), ("12 ⏎", "round 12"),
                      ("q", "leave"), ("h", "help")):
        t.append(f"{key} ", style="bold")
        t.append(what + "\n", style=dim)
    t.append("\n")
    for key, what in (("A3", "A owns, 3h"), ("M", "mortgaged"), ("220", "bank price"), ("3p", "3 tokens"),
                      ("[C]", "in jail")):
        t.append(f"{key:<4}", style="bold")
        t.append(what + "\n", style=dim)
    t.rstrip()
    return t


class ReplayScreen(LatestSizeOnly, Screen[None]):
    """Steps through ``timeline`` from moment ``start`` (0: as the game was set up); ``chances``: where
    each round's win chances come from (:class:`~megamono.tui.widgets.chance_chart.ChartFigures`: the
    game review, whose figures it reads each time it draws the chart, so both show the same), or None.
    Leaving (``Esc``, ``q``) dismisses the screen, or calls ``leave`` when given (``megamono replay``:
    the app's ``exit``, the replay being its only screen)."""

    if TYPE_CHECKING:
        app = getters.app(MegamonoApp)

    BINDINGS = [
        Binding("left", "step(-1)", "Back", key_display="←"),
        Binding("right", "step(1)", "Next", key_display="→"),
        Binding("pageup", "turn(-1)", "Prev turn", key_display="PgUp"),
        Binding("pagedown", "turn(1)", "Next turn", key_display="PgDn"),
        Binding("home", "to_end(0)", "Start"),
        Binding("end", "to_end(1)", "End"),
        Binding("0", "digit(0)", "Go to round", key_display="0-9"),
        *[Binding(str(d), f"digit({d})", f"Round digit {d}", show=False) for d in range(1, 10)],
        Binding("enter", "jump", "Go to the round", show=False),
        Binding("backspace", "erase", "Erase a digit", show=False),
        Binding("left_square_bracket", "log_page(-1)", "Log: a page back", key_display="[", show=False),
        Binding("right_square_bracket", "log_page(1)", "Log: a page on", key_display="]", show=False),
        Binding("h,question_mark", "help", "Help", key_display="h/?"),
        Binding("escape,q", "leave", "Leave"),
    ]
    SHORT_KEYS: dict[str, str | None] = {"to_end": None, "digit": "Round"}
    """The footer's short form (at 100 columns): Home and End are left to the compact layout's key
    legend (and ``?``)."""

    def __init__(self, timeline: Timeline, chances: ChartFigures | None = None,
                 start: int = 0, leave: Callable[[], object] | None = None) -> None:
        super().__init__()
        self.footer = FooterFit(self, self.SHORT_KEYS)
        """The footer's form for the width (:class:`~.game_footer.FooterFit`)."""
        self.leave = leave
        self.timeline = timeline
        self.chances = chances
        self.k = timeline.clamp(start)
        """The moment shown: the game after its first ``k`` actions."""
        self.typed = ""
        """The round number being typed (digits), or ""."""
        self.view = timeline.game_at(self.k)
        """The game shown: its state is the timeline's copy for the moment (never played on)."""
        self.look = Look(self.view)
        self._samples = stats_for(timeline.game).samples
        self._sample_ends = [s.actions for s in self._samples]  # (in order: a turn's end is an action)
        self._log_shown = -1  # the moment the log was last written for
        try:
            layout = layout_for(*self.app.size) or "compact"
        except Exception:  # noqa: BLE001 - built outside a running app
            layout = "full"
        self.layout_name = layout
        self._status = Static(id="status")
        self._dice = DiceView(self.view)
        self._chart = Static(id="chart")
        self._log = GameLog(self.look)
        self._players = PlayersView(self.view, self.look)
        self._notice = NoticeLine(id="notice")
        self._notice_inner = NoticeLine(docked=False, id="notice-inner")
        centre = Vertical(self._status, self._dice, self._chart,
                          Horizontal(Vertical(self._log, id="logcol"), self._players, id="lower"),
                          self._notice_inner, id="centre")
        self.board = Board(self.view, self.look, centre, layout)
        self.add_class(f"-{layout}")


    def refresh_bindings(self) -> None:
        if not self.footer.unchanged():  # (the footer's form fitted to the width; redrawn only on a change)
            super().refresh_bindings()

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            yield self.board
            with Vertical(id="aside"):
                yield Static(replay_keys(self.look), id="aside-keys")
        yield self._notice
        yield KeysFooter()

    def on_mount(self) -> None:
        self._log.border_title = "Log"
        self.look.palette = palette_for(self.app.theme)
        self.app.theme_changed_signal.subscribe(self, self.on_theme_changed)
        self.screen_layout_refresh_signal.subscribe(self._log, self._notices_follow_layout)
        self.set_class(self.chances is not None, "-chart")
        self.apply_layout()
        self.show()
        if self.chances is not None:  # (the review's figures refine: drawn again as they do)
            self.set_interval(CHART_EVERY, self.show_chart)

    def on_theme_changed(self, theme) -> None:
        self.look.palette = palette_for(theme.name)
        self.query_one("#aside-keys", Static).update(replay_keys(self.look))
        self.show(rewrite_log=False)

    # -- layout (as the game screen's: compact 100x30, full 140x45, large 200x60) ---------------------
    def apply_layout(self, size=None) -> None:
        try:
            width, height = size if size is not None else self.app.size
        except Exception:  # noqa: BLE001
            return
        layout = layout_for(width, height) or "compact"
        for name in LAYOUT_MIN:
            self.set_class(name == layout, f"-{name}")
        self.layout_name = layout
        self._players.set_compact(layout == "compact")
        self.board.set_layout(layout)
        free = height - 1 - self.board.geometry.height  # (the footer's line)
        self._notice.display = free >= 1
        self._notice_inner.display = free < 1
        self._log_shown = -1  # (a log keeps the line breaks it was written with)
        self.call_after_refresh(self.show)

    def chart_height(self) -> int:
        """The most lines the chart takes: a third of the board's centre, 7 to 13 (it takes an odd
        number of rows, so that 50% is one of them: one line fewer at times)."""
        return max(7, min(13, self.board.geometry.centre[1] // 3))

    def on_resize(self, event) -> None:
        if stale_resize(self, event):
            return
        self.apply_layout(tuple(event.size))
        self.refresh_bindings()  # the footer's form follows the width

    _notice_region = None

    def _notices_follow_layout(self, _screen=None) -> None:
        line = self._notice if self._notice.display else self._notice_inner
        if line.region != self._notice_region:
            self._notice_region = line.region
            self.app.place_notice_lines()

    # -- the moment shown ---------------------------------------------------------------------------
    def go(self, k: int) -> None:
        """Show the game after ``k`` actions (brought into 0..n)."""
        k = self.timeline.clamp(k)
        if k != self.k:
            self.k = k
            self.show()

    def show(self, rewrite_log: bool = True) -> None:
        """Everything from the moment ``k``: the state, the board, the panels, the dice, the log,
        the chart and the status line."""
        tl, k, view = self.timeline, self.k, self.view
        view.st = tl.state(k)
        view.history = tl.history[:k]
        stats = stats_for(view, build=False)
        stats.take_samples(self._samples[:bisect.bisect_right(self._sample_ends, k)])
        here = view.st.players[view.st.turn.player].position
        self.board.select(here)
        self.board.refresh_board()
        self._dice.refresh_dice()
        self._players.refresh_players()
        if rewrite_log:
            self.write_log()
        self.show_chart()
        self.show_status()
        self.refresh_bindings()

    def write_log(self) -> None:
        """The log as it was: a step forward adds its events, anything else writes the log again."""
        tl, k, log = self.timeline, self.k, self._log
        last = self._log_shown
        if 0 <= last < k and k - last <= 8:
            log.add(tl.log(k)[tl.moment(last).log_len:])
        else:
            log.clear()
            log.add(tl.log(k)[-max(LOG_REWRITE, log.size.height):])
            if self._full_log_timer is not None:
                self._full_log_timer.stop()
            self._full_log_timer = self.set_timer(self.log_rest_seconds, self.write_log_in_full)
        self._log_shown = k

    _full_log_timer: Timer | None = None
    log_rest_seconds = LOG_REST_SECONDS
    """How long the keys rest before the log is written in full (:data:`LOG_REST_SECONDS`)."""

    def action_log_page(self, pages: int) -> None:
        self._log.page(pages)

    def write_log_in_full(self) -> None:
        """The log of the moment shown, its last :data:`LOG_IN_FULL` events (once the keys rest after a
        jump: the quick rewrite wrote a screenful only)."""
        self._full_log_timer = None
        if self._log_shown != self.k:
            return
        self._log.clear()
        self._log.add(self.timeline.log(self.k)[-LOG_IN_FULL:])

    def show_chart(self) -> None:
        chart = self._chart
        if self.chances is None:
            update_if_changed(chart, Text("Win chances: not computed (the game review computes them)", style=DIM))
            return
        players = self.view.st.players
        width = chart.content_size.width or self.board.geometry.centre[0] - 2
        figures = self.chances
        update_if_changed(chart, chance_chart(
            figures.series(), [pl.name for pl in players], width, self.chart_height(),
            mark_round=self.timeline.moment(self.k).round, letters=self.look.tokens,
            colours=[self.look.colour(p) for p in range(len(players))], last_label=figures.last_label(),
            bands=figures.interval_series()))

    def show_status(self) -> None:
        update_if_changed(self._status, self.status_text())

    def status_text(self) -> Text:
        """"Round R · turn of NAME · action k of n: what was done", then what the game waited for
        next (or the round number being typed)."""
        tl, k, view, look = self.timeline, self.k, self.view, self.look
        m = tl.moment(k)
        t = Text("Replay", style="bold reverse") if self.layout_name != "compact" else Text()
        t.append(f"{'  ' if t else ''}Round {m.round} · turn of ", style="bold")
        t.append_text(look.who(m.player))
        t.append(f" · action {k:,} of {tl.length:,}: ", style="bold")
        t.append(tl.words(k))
        t.append("\n")
        if self.typed:
            rounds = tl.rounds()
            t.append(f"Go to round {self.typed}▏", style="bold")
            t.append(f"  Enter goes there (rounds {rounds.start}-{rounds.stop - 1}), Esc cancels", style=DIM)
        elif view.over:
            t.append("The game is over", style="bold")
            if k < tl.length:
                t.append("  (the actions after this are the end's last words)", style=DIM)
        elif view.pending is not None:
            who = view.pending.players
            t.append("Next: ", style=DIM)
            t.append(view.describe_pending(), style=f"bold {look.colour(who[0])}")
        return t

    # -- keys -----------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("jump", "erase"):
            return True if self.typed else None
        return True

    def action_step(self, d: int) -> None:
        """One action back (-1) or forward (1)."""
        self.typed = ""
        if not 0 <= self.k + d <= self.timeline.length:
            self.say_end(d)
        self.go(self.k + d)

    def action_turn(self, d: int) -> None:
        """To the start of this turn, or the one before (-1); to the start of the next turn (1)."""
        self.typed = ""
        tl = self.timeline
        if (d < 0 and self.k == 0) or (d > 0 and self.k == tl.length):
            self.say_end(d)
            return
        self.go(tl.previous_turn(self.k) if d < 0 else tl.next_turn(self.k))

    def action_to_end(self, last: int) -> None:
        """Home: the game as it was set up; End: as it was saved."""
        self.typed = ""
        self.go(self.timeline.length if last else 0)
        self.show_status()
        self.refresh_bindings()

    def say_end(self, d: int) -> None:
        self.app.notify("This is the end of the game as saved" if d > 0 else "This is the start of the game",
                        severity="warning", timeout=3)

    def action_digit(self, d: int) -> None:
        if len(self.typed) < MAX_ROUND_DIGITS and (self.typed or d):
            self.typed += str(d)
        self.show_status()
        self.refresh_bindings()

    def action_erase(self) -> None:
        self.typed = self.typed[:-1]
        self.show_status()
        self.refresh_bindings()

    def action_jump(self) -> None:
        """Enter: to the start of the round typed."""
        if not self.typed:
            return
        r, self.typed = int(self.typed), ""
        k = self.timeline.round_start(r)
        if k is None:
            rounds = self.timeline.rounds()
            self.app.notify(f"No round {r} in this game: rounds {rounds.start} to {rounds.stop - 1}",
                            severity="warning", timeout=4)
        else:
            self.go(k)
        self.show_status()
        self.refresh_bindings()

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(first="REPLAY"))

    def action_leave(self) -> None:
        """Esc: first forget a round number being typed; else (and q) leave the replay."""
        if self.typed:
            self.typed = ""
            self.show_status()
            self.refresh_bindings()
            return
        if self.leave is not None:
            self.leave()
        else:
            self.dismiss(None)

