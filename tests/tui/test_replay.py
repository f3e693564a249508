"""The replay screen (issue 16 item 5, megamono/tui/screens/replay.py): every key steps through the game
(←/→ an action, PgUp/PgDn a turn, Home/End, a round number then Enter), the board, panels, dice and log
show the game as it was at that moment, the win-chance chart marks the round shown, leaving from
``megamono replay`` quits, and the save is byte for byte what it was. Snapshots at 140x45 and 100x30
(update after an intended change of the look with ``pytest tests/tui/test_replay.py --snapshot-update``);
and the chart itself (megamono/tui/widgets/chance_chart.py), read without colour."""

from __future__ import annotations

from pathlib import Path

from megamono.replay import Timeline
from megamono.tui.app import MegamonoApp
from megamono.tui.runtime import Runtime
from megamono.tui.screens.replay import ReplayScreen
from megamono.tui.widgets.chance_chart import FixedFigures, chance_chart, initials
from megamono.tui.widgets.dice import dice_text
from rich.text import Text
from textual.widgets import Static
from tui_helpers import screen_name, shown

ROOT = Path(__file__).resolve().parents[2]
LATE_GAME = ROOT / "saves" / "examples" / "late-game.json"




def chances(rounds: int = 14) -> FixedFigures:
    """Made-up win chances of three players, round by round (round 2 not estimated): seat 0 rises
    (Cid in the late game, whose seats are Cid, Bob, Ann), seat 1 falls, seat 2 stays at 30%."""
    out: list[dict[int, float] | None] = []
    for r in range(1, rounds + 1):
        rises = min(0.7, 0.2 + 0.05 * r)
        out.append(None if r == 2 else {0: rises, 1: round(0.7 - rises, 6), 2: 0.3})
    return FixedFigures(out)


def copy_of_late_game(tmp_path: Path) -> Path:
    path = tmp_path / "late.json"
    path.write_bytes(LATE_GAME.read_bytes())
    return path


def check_moment(screen: ReplayScreen, k: int) -> None:
    """The screen shows moment ``k``: the status line, the state, the panels, the dice, the log."""
    tl = screen.timeline
    assert screen.k == k
    status = shown(screen.query_one("#status", Static).content)
    m = tl.moment(k)
    assert f"Round {m.round} · turn of {tl.game.name(m.player)}" in status
    assert f"action {k:,} of {tl.length:,}: {tl.words(k)}" in " ".join(status.split())
    game = tl.game_at(k)
    assert screen.view.st.model_dump(mode="json") == game.st.model_dump(mode="json")
    assert screen.board.game is screen.view
    panels = " ".join(shown(p.content) for p in screen._players.panels)
    for pl in game.st.players:
        assert f"${pl.cash:,}" in panels, pl.name
    assert shown(screen.query_one("#dice", Static).content).startswith(shown(dice_text(game)).rstrip())
    last = game.st.log[-1].say(game)
    log_text = "".join(strip.text for strip in screen._log.lines[-6:])
    assert " ".join(last.split())[:30] in " ".join(log_text.split()), last


async def test_every_key_steps_through_the_game_and_the_save_stays_as_it_was(saves, tmp_path):
    path = copy_of_late_game(tmp_path)
    before, mtime = path.read_bytes(), path.stat().st_mtime_ns
    tl = Timeline.from_save(path)
    n = tl.length
    app = MegamonoApp(saves, runtime=Runtime.scripted(), replay=tl)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        check_moment(screen, 0)
        assert "not computed" in shown(screen.query_one("#chart", Static).content)
        await pilot.press("right", "right", "right")
        check_moment(screen, 3)
        await pilot.press("left")
        check_moment(screen, 2)
        await pilot.press("pagedown")
        check_moment(screen, tl.next_turn(2))
        await pilot.press("pagedown", "pagedown", "right")
        here = screen.k
        await pilot.press("pageup")
        check_moment(screen, tl.previous_turn(here))
        assert screen.k in tl.turn_starts
        await pilot.press("pageup")
        check_moment(screen, tl.turn_starts[tl.turn_starts.index(tl.previous_turn(here)) - 1])
        await pilot.press("end")
        check_moment(screen, n)
        await pilot.press("right")
        check_moment(screen, n)
        assert app.notices[-1] == "This is the end of the game as saved"
        await pilot.press("pagedown")
        check_moment(screen, n)
        await pilot.press("home")
        check_moment(screen, 0)
        await pilot.press("left")
        check_moment(screen, 0)
        assert app.notices[-1] == "This is the start of the game"
        # a round number typed, then Enter
        await pilot.press("1", "2")
        assert "Go to round 12" in shown(screen.query_one("#status", Static).content)
        await pilot.press("backspace", "3", "enter")
        check_moment(screen, tl.round_start(13))
        assert tl.moment(screen.k).round == 13 and tl.moment(screen.k - 1).round == 12
        await pilot.press("9", "9", "enter")
        check_moment(screen, tl.round_start(13))
        assert app.notices[-1] == "No round 99 in this game: rounds 1 to 14"
        await pilot.press("0", "4")  # (a leading 0 is not typed)
        assert screen.typed == "4"
        await pilot.press("escape")  # Esc first forgets the number typed
        assert screen.typed == "" and app.screen is screen
        await pilot.press("enter")  # (nothing typed: nothing happens)
        check_moment(screen, tl.round_start(13))
        # help, then leave: the app quits (megamono replay SAVE)
        await pilot.press("h")
        await pilot.pause()
        assert screen_name(app) == "HelpScreen"
        assert shown(app.screen.query_one("#keys").content).lstrip().startswith("REPLAY")  # (its keys first)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        footer_keys = {b.binding.action for b in screen.active_bindings.values() if b.binding.show}
        assert {"step(-1)", "step(1)", "turn(-1)", "turn(1)", "to_end(0)", "to_end(1)", "digit(0)",
                "leave"} <= footer_keys
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0
    assert path.read_bytes() == before and path.stat().st_mtime_ns == mtime
    assert sorted(p.name for p in tmp_path.iterdir()) == ["late.json", "saves"]
    assert list(saves.iterdir()) in ([], [saves / "settings.json"])


async def test_the_chart_marks_the_round_shown_and_leaving_goes_back(saves):
    tl = Timeline.from_save(LATE_GAME)
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=(140, 45)) as pilot:
        start = app.screen
        left = []
        app.push_screen(ReplayScreen(tl, chances(), start=tl.round_start(5)), left.append)
        await pilot.pause()
        screen = app.screen
        chart = screen.query_one("#chart", Static)
        text = shown(chart.content)
        assert "┊ round 5" in text and "C Cid 45%" in text and "A Ann 30%" in text and "^" in text
        assert 7 <= chart.size.height <= screen.chart_height()
        await pilot.press("1", "1", "enter")
        text = shown(chart.content)
        assert "┊ round 11" in text and "C Cid 70%" in text and "B Bob 0%" in text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is start and left == [None] and app.is_running


async def test_the_compact_layout_fits_100x30(saves):
    tl = Timeline.from_save(LATE_GAME)
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(ReplayScreen(tl, chances(), start=tl.round_start(8)))
        await pilot.pause()
        screen = app.screen
        assert screen.has_class("-compact")
        check_moment(screen, tl.round_start(8))
        for widget in (screen.query_one("#status"), screen.query_one("#chart"), screen._log, screen._players):
            region = widget.region
            assert region.height > 0 and region.right <= 100 and region.bottom <= 29, widget
        await pilot.press("right", "pagedown")
        check_moment(screen, tl.next_turn(tl.round_start(8) + 1))


# -- snapshots ----------------------------------------------------------------------------------------
def _replay_app(saves: Path) -> tuple[MegamonoApp, object]:
    tl = Timeline.from_save(LATE_GAME)
    app = MegamonoApp(saves, runtime=Runtime.scripted())

    async def open_replay(pilot) -> None:
        app.push_screen(ReplayScreen(tl, chances()))
        await pilot.pause()
        await pilot.press(*TO_ROUND_10)
        await log_at_rest(pilot, app.screen)

    return app, open_replay


async def log_at_rest(pilot, screen: ReplayScreen) -> None:
    """The keys rest after a jump: the log is written in full, as its timer would once the rest is over
    (at once: no test waits out a real rest)."""
    await pilot.pause()
    timer = screen._full_log_timer
    if timer is not None:
        timer.stop()
        screen.write_log_in_full()
    await pilot.pause()
    await pilot.pause()  # (the log scrolls to its end after the repaint that follows)


# Round 10's start, then three actions on: a roll, its move and what followed show in the log.
TO_ROUND_10 = ["1", "0", "enter", "right", "right", "right"]


def test_replay_full_140x45(snap_compare, saves):
    app, open_replay = _replay_app(saves)
    assert snap_compare(app, terminal_size=(140, 45), run_before=open_replay)


def test_replay_compact_100x30(snap_compare, saves):
    app, open_replay = _replay_app(saves)
    assert snap_compare(app, terminal_size=(100, 30), run_before=open_replay)


async def test_after_a_jump_the_log_holds_what_came_before_once_the_keys_rest(saves):
    """A jump writes a screenful of the log at once (keys held down stay quick), then, once the keys
    rest, the log of that moment in full (its last 400 events), to scroll back in."""
    from megamono.tui.screens.replay import LOG_IN_FULL, LOG_REWRITE

    tl = Timeline.from_save(LATE_GAME)
    app = MegamonoApp(saves, runtime=Runtime.scripted(), replay=tl)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.log_rest_seconds = 60  # (the rest is never waited out: log_at_rest ends it)
        await pilot.press("end", "home", "1", "2", "enter")
        k = screen.k
        assert len(tl.log(k)) > LOG_IN_FULL and screen._full_log_timer is not None
        assert len(screen._log.lines) < 2 * LOG_REWRITE
        await pilot.press("left", "right")  # the keys rest after this jump back and forward
        await log_at_rest(pilot, screen)
        check_moment(screen, k)
        first = " ".join(tl.log(k)[-LOG_IN_FULL].say(tl.game).split())
        written = " ".join(" ".join(strip.text for strip in screen._log.lines[:3]).split())
        assert first[:30] in written
        bottom = screen._log.scroll_y
        await pilot.press("left_square_bracket")  # a page of the log back, and on again
        await pilot.pause()
        assert screen._log.scroll_y < bottom
        await pilot.press("right_square_bracket")
        await pilot.pause()
        assert screen._log.scroll_y == bottom
        await pilot.press("right")  # a step forward adds its own events to the full log
        check_moment(screen, k + 1)
        assert first[:30] in " ".join(" ".join(strip.text for strip in screen._log.lines[:3]).split())


# -- the chart ----------------------------------------------------------------------------------------
def test_the_chart_fits_its_size_and_reads_without_colour():
    series = chances(40).series()
    for width, height in ((100, 12), (60, 8), (20, 5)):
        chart = chance_chart(series, ["Ann", "Bob", "Cid"], width, height, mark_round=23)
        lines = shown(chart).rstrip("\n").split("\n")
        assert len(lines) <= height and max(len(line.rstrip()) for line in lines) <= width, (width, height)
    chart = shown(chance_chart(series, ["Ann", "Bob", "Cid"], 60, 12, mark_round=23))
    lines = chart.split("\n")
    assert lines[0].startswith("100%┤") and any(line.startswith(" 50%┤") for line in lines)
    assert "A Ann 70%" in chart and "B Bob 0%" in chart and "C Cid 30%" in chart  # round 23's
    assert "┊ round 23" in chart
    rows = {line[:4].strip(): line[5:] for line in lines if line[4:5] == "┤"}
    assert set(rows) == {"100%", "75%", "50%", "25%", "0%"}
    # late in the game: Ann at 70% (the 75% row), Cid at 30% (the 25% row), Bob at 0%
    assert rows["75%"].rstrip().endswith("AAAA") and rows["25%"].rstrip().endswith("CCCC")
    assert rows["0%"].rstrip().endswith("BBBB") and "A" not in rows["100%"]
    axis = next(line for line in lines if line.startswith("rnd"))
    mark = axis.index("^")
    assert all(line[mark] in "┊ABC*" for line in lines[:axis and lines.index(axis)])


def test_the_chart_draws_intervals_wider_than_five_points_as_a_band():
    """Issue 26 item 3: where the review's budget ran out before a point's interval came within +-5
    points, the chart draws the interval as a band of dots under the letter, and the legend says so;
    intervals within +-5 points are not drawn."""
    series = [{0: 0.5, 1: 0.5}] * 10
    narrow = [{0: (0.46, 0.54), 1: (0.46, 0.54)}] * 10
    wide = [{0: (0.2, 0.8), 1: (0.46, 0.54)}] * 10
    plain = shown(chance_chart(series, ["Ann", "Bob"], 40, 13, bands=narrow))
    assert "·" not in plain
    chart = shown(chance_chart(series, ["Ann", "Bob"], 40, 13, bands=wide))
    assert "· 95% interval (wider than ±5 points)" in chart
    rows = [line for line in chart.split("\n") if line[4:5] in "┤│"]
    dotted = [k for k, line in enumerate(rows) if "·" in line[5:]]
    assert dotted and min(dotted) >= 1 and max(dotted) <= len(rows) - 2  # (20% to 80%, not 0 or 100)


def test_the_chart_without_estimates_and_with_gaps():
    assert "none estimated yet" in shown(chance_chart([None, None], ["Ann", "Bob"], 60, 8))
    # a marked round not estimated: the legend gives the last estimate before it
    chart = shown(chance_chart([{0: 0.7, 1: 0.3}, None, None], ["Ann", "Bob"], 60, 8, mark_round=3))
    assert "A Ann 70%" in chart and "B Bob 30%" in chart and "┊ round 3" in chart


def test_the_chart_letters_and_colours():
    assert initials(["Ann", "Al", "Bo", "Åsa", "42"]) == ["A", "L", "B", "Å", "C"]
    chart = chance_chart([{0: 0.5, 1: 0.5}], ["Ann", "Bob"], 40, 7, letters=["X", "Y"], colours=["red", "blue"])
    assert "*" in chart.plain and "X Ann 50%" in chart.plain  # both at 50%: one cell, marked several
    assert any("red" in str(span.style) for span in chart.spans)
    plain = Text(chance_chart([{0: 1.0, 1: 0.0}], ["Ann", "Bob"], 40, 7).plain)
    rows = plain.plain.split("\n")
    assert "A" in rows[0][5:] and "B" in next(r for r in rows if r.startswith("  0%"))[5:]
