"""The win chances panel (``w``, issue 16 item 3): every player's chance to win from the position, by
playouts on a copy of the game; Esc closes it and leaves the game as it was; the figures are kept for
the position, shown at once when it opens again there, and forgotten once the game moves on."""

from __future__ import annotations

import pytest
from megamono.rules.actions import Roll
from megamono.tui.runtime import SCRIPTED_PLAYOUTS
from megamono.tui.screens.chances import ChancesScreen, PositionChances
from textual.widgets import ProgressBar, Static
from tui_helpers import app_for, new_game, screen_name, settle, shown


def state_of(game) -> dict:
    return game.st.model_dump(mode="json")


async def test_the_panel_shows_chances_that_sum_to_100_and_leaves_the_game_unchanged(saves, monkeypatch):
    game = new_game(seed=3)
    app = app_for(game, saves)
    async with app.run_test(size=(140, 45)) as pilot:
        gs = app.screen
        before, history = state_of(game), list(game.history)
        await pilot.press("w")
        await settle(pilot, app, until=lambda: screen_name(app) == "ChancesScreen")
        screen = app.screen
        assert isinstance(screen, ChancesScreen)
        figures = screen.chances.figures
        assert figures is not None and figures.playouts == SCRIPTED_PLAYOUTS
        assert [pc.name for pc in figures.players] == ["Ann", "Bob", "Cat"]
        assert abs(sum(pc.chance for pc in figures.players) - 1) < 1e-9
        assert all(pc.low <= pc.chance <= pc.high for pc in figures.players)
        table = shown(screen.query_one("#chances-table", Static))
        for pc in figures.players:
            assert pc.name in table and f"{pc.chance:.1%}" in table
        assert screen.query_one(ProgressBar).progress == 100  # (done)
        done = shown(screen.query_one("#chances-done", Static))
        assert f"{SCRIPTED_PLAYOUTS:,} playouts, every interval within" in done
        await pilot.press("escape")
        await settle(pilot, app, until=lambda: app.screen is gs)
        assert state_of(game) == before and game.history == history  # played on a copy

        # the same position: the kept figures at once, nothing played again
        def no_playouts(*args, **kwargs):
            raise AssertionError("played again")

        monkeypatch.setattr(PositionChances, "play_on", no_playouts)
        await pilot.press("w")
        await settle(pilot, app, until=lambda: screen_name(app) == "ChancesScreen")
        assert app.screen.chances.figures is figures
        await pilot.press("escape")
        await settle(pilot, app, until=lambda: app.screen is gs)
        monkeypatch.undo()

        # the game moves on: new figures
        gs.act(Roll(player=0))
        await settle(pilot, app)
        if screen_name(app) != "GameScreen":  # (a decision dialog: put it aside)
            await pilot.press("escape")
            await settle(pilot, app, until=lambda: app.screen is gs)
        await pilot.press("w")
        await settle(pilot, app, until=lambda: screen_name(app) == "ChancesScreen")
        assert app.screen.chances.figures is not figures
        assert app.screen.chances.figures.playouts == SCRIPTED_PLAYOUTS


EIGHT = ["Annabel", "Bartholomew", "Catherine", "Dmitri", "Evangeline", "Fitzgerald", "Gwendolyn", "Hieronymus"]


async def test_the_panel_fits_100x30_with_eight_players(saves):
    app = app_for(new_game(names=EIGHT), saves)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("w")
        await settle(pilot, app, until=lambda: screen_name(app) == "ChancesScreen")
        await pilot.pause()
        screen = app.screen
        panel = screen.query_one("#chances")
        assert panel.region.right <= 100 and panel.region.bottom <= 29  # (the footer's line below)
        table = screen.query_one("#chances-table", Static)
        assert table.region.bottom <= panel.region.bottom - 1
        assert table.size.height == 2 + len(EIGHT)  # (the header, its rule, a line per player: nothing wrapped)
        lines = shown(table).splitlines()
        assert all(name in line for name, line in zip(EIGHT, lines[2:], strict=True))
        assert screen.query_one(ProgressBar).region.bottom <= panel.region.bottom


async def test_w_opens_the_panel_over_a_decision_and_the_decision_comes_back(saves):
    """Found by a newcomer: ``w`` did nothing while a decision dialog was open (the palette's Win chances
    worked). It opens the panel from the decision; Esc brings the decision back, unanswered."""
    game = new_game(seed=3, dice=[(1, 2, 1)])
    app = app_for(game, saves)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.press("r")
        await settle(pilot, app, until=lambda: screen_name(app) == "BuyDialog")
        await pilot.press("w")
        await settle(pilot, app, until=lambda: screen_name(app) == "ChancesScreen")
        assert app.screen.chances.figures is not None and game.pending.kind == "buy"
        await pilot.press("escape")
        await settle(pilot, app, until=lambda: screen_name(app) == "BuyDialog")
        assert game.pending.kind == "buy"


@pytest.mark.xdist_group("serial")  # (it starts the app's worker processes)
async def test_in_play_the_panel_plays_in_worker_processes_with_the_figures_of_one_thread(saves):
    """Out of test mode the panel plays its first playouts in a thread of the app and the rest in the
    app's worker processes (a fork server started before the app runs: once Textual has replaced the
    standard error, multiprocessing could not start one, "bad value(s) in fds_to_keep", and the panel
    stopped at 10 playouts). The figures are those of one thread, playout for playout."""
    import asyncio

    from megamono.tui.app import MegamonoApp
    from megamono.tui.dialogs.notice import PassKeyboard
    from megamono.tui.runtime import FakeClock, Runtime
    from megamono.tui.screens.chances import CHUNK

    game = new_game(seed=3)
    clock = FakeClock()
    app = MegamonoApp(saves, runtime=Runtime(clock=clock, signals=False, settings=False), game=game)
    async with app.run_test(size=(140, 45)) as pilot:
        # (the hand-over first: pass it, once it shows, with no key before, after its rest)
        await settle(pilot, app, until=lambda: screen_name(app) == "PassKeyboard")
        clock.advance(PassKeyboard.GUARD + PassKeyboard.REST)
        await pilot.press("enter")
        await settle(pilot, app, until=lambda: screen_name(app) == "GameScreen")
        await pilot.press("w")
        for _ in range(1200):  # (the worker processes' playouts: a guard against a hang, up to two minutes)
            await asyncio.sleep(0.1)
            screen = app.screen
            if isinstance(screen, ChancesScreen) and len(screen.chances.results) >= 3 * CHUNK:
                break
        screen = app.screen
        assert isinstance(screen, ChancesScreen) and len(screen.chances.results) >= 3 * CHUNK
        await pilot.press("escape")
        await pilot.pause()
        played = screen.chances
    alone = PositionChances.of(("alone",), game.copy(), len(played.results), seed=played.seed)
    alone.play_on(lambda: False, lambda figures: None)
    assert alone.results == played.results[: len(alone.results)]
