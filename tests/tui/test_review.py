"""The game review screen (issue 16 item 4, megamono/tui/screens/review.py): from the game-over screen
(``v``), from the saved games (``v`` on a save) and from ``megamono review SAVE``; the chart of every
round's win chances, the turning points with what happened (``Enter`` replays from that round, ``r``
from the start), the statistics (``s``; in their place on a narrow screen), ``Esc`` back. The save is
only read. Snapshots at 140x45 and 100x30 (``--snapshot-update`` after an intended change of the look)."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from megamono.bots import play_bot_game
from megamono.cli import main as cli_main
from megamono.review import review_game
from megamono.saves import save_game
from megamono.tui.app import MegamonoApp
from megamono.tui.runtime import SCRIPTED_PLAYOUTS, Runtime
from megamono.tui.screens.gameover import GameOverScreen
from megamono.tui.screens.replay import ReplayScreen
from megamono.tui.screens.review import ReviewScreen
from textual.widgets import OptionList, Static
from tui_helpers import screen_name, settle, shown

ROOT = Path(__file__).resolve().parents[2]
LATE_GAME = ROOT / "saves" / "examples" / "late-game.json"


def few_playouts() -> Runtime:
    """A scripted table whose review plays 2 playouts a point, not SCRIPTED_PLAYOUTS: for the tests of
    the screen's ways in and out, which read no figure and follow no turning point (the late game's 14
    points take seconds at 20 each)."""
    return replace(Runtime.scripted(), playouts=2)


@pytest.fixture(scope="module")
def finished():
    """A short finished game of three strong computers (Mega, 10 rounds, then final worth decides)."""
    return play_bot_game("mega", ["strong"] * 3, seed=4, turn_limit=10)


async def test_from_the_game_over_screen_to_the_review_and_a_turning_point_replayed(saves, finished):
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=(140, 45)) as pilot:
        app.push_screen(GameOverScreen(finished))
        await pilot.pause()
        await pilot.press("v")
        await settle(pilot, app, until=lambda: screen_name(app) == "ReviewScreen")
        screen = app.screen
        review = screen.review
        assert review.played() == SCRIPTED_PLAYOUTS * len(review.live_points())  # (scripted: one pass at once)
        head = shown(screen.query_one("#review-head", Static).content)
        assert "won in round 10" in head or "shared the win" in head
        chart = shown(screen.query_one("#review-chart", Static).content)
        assert "100%" in chart and "0%" in chart and "rnd" in chart
        for letter, name in zip(screen.look.tokens, review.names, strict=True):
            assert f"{letter} {name}" in chart  # the legend, readable without colour
        assert "playouts" in shown(screen.query_one("#review-passes", Static).content)
        assert f"one seed for every round, {review.seed}" in " ".join(head.split())
        options = screen.query_one("#turning", OptionList)
        assert options.option_count == len(screen.turning) > 0
        first = screen.turning[0]
        assert f"Round {first.round}:" in shown(options.get_option_at_index(0).prompt)
        assert shown(screen.query_one("#review-stats").query_one(Static).content).startswith("Rent")
        assert not screen.check_action("statistics", ())  # (beside the turning points: no s)
        assert shown(screen.query_one("#review-chart", Static).content).split("\n")[-3].rstrip().endswith("end")

        await pilot.press("enter")  # the first turning point, replayed from its round's start
        await settle(pilot, app, until=lambda: screen_name(app) == "ReplayScreen")
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert replay.k == review.points[first.before].action == replay.timeline.round_start(first.round)
        assert replay.chances is review  # (the replay draws the review's own figures)
        await pilot.press("escape")
        await settle(pilot, app, until=lambda: app.screen is screen)
        await pilot.press("r")  # the replay from the start
        await settle(pilot, app, until=lambda: screen_name(app) == "ReplayScreen")
        assert app.screen.k == 0
        await pilot.press("escape")
        await settle(pilot, app, until=lambda: app.screen is screen)
        await pilot.press("escape")
        await settle(pilot, app, until=lambda: screen_name(app) == "GameOverScreen")


async def test_from_the_saved_games_the_file_only_read(saves, finished):
    path = save_game(finished, "finished", saves)
    before = path.read_bytes()
    app = MegamonoApp(saves, runtime=few_playouts(), open_resume=True)
    async with app.run_test(size=(140, 45)) as pilot:
        await settle(pilot, app, until=lambda: screen_name(app) == "ResumeScreen")
        await pilot.press("v")
        await settle(pilot, app, until=lambda: screen_name(app) == "ReviewScreen")
        assert "Review of finished" in shown(app.screen.query_one("#review-head", Static).content)
        assert app.game_in_play is None  # nothing loaded into play
        await pilot.press("escape")
        await settle(pilot, app, until=lambda: screen_name(app) == "ResumeScreen")
    assert path.read_bytes() == before


async def test_a_narrow_screen_shows_the_statistics_in_place_of_the_turning_points(saves, finished):
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(ReviewScreen(finished, "this game"))
        await pilot.pause()
        screen = app.screen
        stats, turning = screen.query_one("#review-stats"), screen.query_one("#turning-col")
        assert screen.has_class("-narrow") and turning.region.height > 0 and stats.region.height == 0
        for widget in (screen.query_one("#review-chart"), screen.query_one("#review-progress"), turning):
            assert widget.region.right <= 100 and widget.region.bottom <= 29, widget
        assert screen.check_action("statistics", ()) and not screen.check_action("turning", ())
        await pilot.press("s")
        await pilot.pause()
        assert stats.region.height > 0 and turning.region.height == 0
        assert screen.check_action("turning", ()) and not screen.check_action("statistics", ())
        await pilot.press("s")
        await pilot.pause()
        assert turning.region.height > 0 and screen.query_one("#turning", OptionList).has_focus
        await pilot.press("down", "enter")  # the turning points work again
        await settle(pilot, app, until=lambda: screen_name(app) == "ReplayScreen")


async def test_a_game_in_progress_is_reviewed_up_to_now(saves):
    from megamono.saves import load_game

    game = load_game(LATE_GAME)
    app = MegamonoApp(saves, runtime=few_playouts())
    async with app.run_test(size=(140, 45)) as pilot:
        app.push_screen(ReviewScreen(game, "late-game"))
        await pilot.pause()
        screen = app.screen
        assert "in progress, round 14" in shown(screen.query_one("#review-head", Static).content)
        assert screen.review.points[-1].action == len(game.history)


def test_megamono_review_refuses_a_broken_save_in_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert cli_main(["review", str(bad)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("megamono: cannot review:") and "\n" not in err
    assert bad.read_text() == "{not json"


def test_megamono_review_opens_the_review_alone_and_leaving_quits(tmp_path, monkeypatch):
    shutil.copy(LATE_GAME, tmp_path / "late.json")
    seen = {}

    def run_app(args) -> int:
        seen["review"] = args.review
        return 0

    monkeypatch.setattr("megamono.tui.app.run_app", run_app)
    assert cli_main(["review", str(tmp_path / "late.json"), "--saves", str(tmp_path)]) == 0
    review, title = seen["review"]
    assert title == "late" and review.points[-1].action == len(review.timeline.history)


async def test_the_app_opened_on_a_review_quits_when_it_is_left(saves):
    from megamono.saves import load_game

    review = review_game(load_game(LATE_GAME))
    app = MegamonoApp(saves, runtime=few_playouts(), review=(review, "late-game"))
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        assert screen_name(app) == "ReviewScreen"
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


def _review_app(saves: Path, finished):
    app = MegamonoApp(saves, runtime=Runtime.scripted())

    async def open_review(pilot) -> None:
        app.push_screen(ReviewScreen(finished, "this game"))
        await pilot.pause()

    return app, open_review


def test_review_140x45(snap_compare, saves, finished):
    app, open_review = _review_app(saves, finished)
    assert snap_compare(app, terminal_size=(140, 45), run_before=open_review)


def test_review_100x30(snap_compare, saves, finished):
    app, open_review = _review_app(saves, finished)
    assert snap_compare(app, terminal_size=(100, 30), run_before=open_review)
