"""Leaving never claims a save that did not happen: when the autosave fails as a game is left
(quit, back to the start screen, the terminal closing), the player is told why and chooses: save
elsewhere, try again, or leave without saving; a closed terminal writes to the rescue folder, and the
next start offers the game from there and says where it is."""

from __future__ import annotations

import os
import subprocess

import pytest
from megamono.autosave import folder_words, rescue_folder
from megamono.saves import load_game, load_save
from megamono.tui.app import MegamonoApp
from megamono.tui.runtime import Runtime
from tui_helpers import SIZE, app_for, new_game, roll_and_quit, screen_name, unwritable

DICE = [(1, 2, 1), (2, 3, 1)]  # Ann to Arctic Avenue (a buy decision)


async def test_quitting_when_the_autosave_fails_says_why_and_saves_elsewhere(tmp_path):
    game = new_game(dice=DICE)
    app = app_for(game, unwritable(tmp_path))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    async with app.run_test(size=SIZE) as pilot:
        await roll_and_quit(app, pilot)
        assert screen_name(app) == "SaveFailedDialog"  # not quit, not "autosaved"
        dialog = app.screen
        assert "Not a directory" in dialog.problem or "File exists" in dialog.problem
        await pilot.press("r")  # try again: it fails again, and says so again
        await pilot.pause()
        assert screen_name(app) == "SaveFailedDialog"
        await pilot.press("s")  # to the path box
        await pilot.pause()
        box = app.screen.query_one("#elsewhere")
        assert app.screen.focused is box
        box.value = str(elsewhere / "rescued game")
        await pilot.press("enter")
        await pilot.pause()
    assert app.return_code == 0
    written = elsewhere / "rescued game.json"
    saved = load_save(written)
    assert saved.game.st == game.st and saved.game_id == app.game_id


async def test_saving_elsewhere_into_a_folder_that_fails_too_says_so_and_stays(tmp_path):
    game = new_game(dice=DICE)
    bad = unwritable(tmp_path)
    app = app_for(game, bad)
    async with app.run_test(size=SIZE) as pilot:
        await roll_and_quit(app, pilot)
        await pilot.press("s")
        await pilot.pause()
        app.screen.query_one("#elsewhere").value = str(bad / "x.json")
        await pilot.press("enter")
        await pilot.pause()
        assert screen_name(app) == "SaveFailedDialog"
        assert f"{bad} is not a folder" in str(app.screen.query_one("#elsewhereerr").render())
        app.screen.query_one("#elsewhere").value = "/proc/x.json"  # a folder that takes no file
        await pilot.press("enter")
        await pilot.pause()
        assert screen_name(app) == "SaveFailedDialog"
        assert "Could not save there either" in str(app.screen.query_one("#elsewhereerr").render())
        await pilot.press("escape")  # the path box
        await pilot.pause()
        if screen_name(app) == "SaveFailedDialog":
            await pilot.press("escape")
            await pilot.pause()
        assert screen_name(app) == "BuyDialog"  # back to the game, nothing lost
        assert app.is_running


async def test_quitting_without_saving_is_the_players_choice(tmp_path):
    game = new_game(dice=DICE)
    app = app_for(game, unwritable(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await roll_and_quit(app, pilot)
        assert screen_name(app) == "SaveFailedDialog"
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0
    assert list(tmp_path.rglob("*.json")) == []


async def test_leaving_for_the_start_screen_when_the_autosave_fails_asks_too(tmp_path):
    game = new_game(dice=DICE)
    app = app_for(game, unwritable(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("escape")  # hide the buy dialog
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert screen_name(app) == "ConfirmDialog"
        await pilot.press("y")
        await pilot.pause()
        assert screen_name(app) == "SaveFailedDialog"
        assert "leave the game without saving" in str(app.screen.query_one("Static").render())
        await pilot.press("escape")
        await pilot.pause()
        assert screen_name(app) == "GameScreen" and app.game_in_play is game


async def test_a_closed_terminal_that_cannot_autosave_rescues_the_game_and_the_next_start_says_where(tmp_path):
    game = new_game(dice=DICE)
    saves = tmp_path / "saves"
    saves.mkdir()
    (tmp_path / "then").mkdir()
    app = app_for(game, unwritable(tmp_path / "then"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        app._hang_up()  # what SIGHUP / SIGTERM run
        await pilot.pause()
    assert app.return_code == 1
    [rescued] = list(rescue_folder().glob("autosave-*.json"))
    assert load_game(rescued).st == game.st
    assert str(rescued) in app.crash_report  # printed on standard error as the app ends
    # the next start, on a save folder that works again, offers it and says where it is
    again = MegamonoApp(saves, runtime=Runtime.scripted())
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = again.screen
        label = str(start.query_one("#games").get_option_at_index(0).prompt)
        # the line says where the game was played (another save folder here), in few words, not the file
        assert label.startswith("Ann, Bob, Cat") and label.endswith("rescued from the save folder …/then/saves")
        assert str(rescued) not in label
        where = str(start.query_one("#gamewhere").render())  # (under the list, for the game highlighted)
        assert f"Rescued to {folder_words(rescued.parent)}/{rescued.name}" in where
        await pilot.press("a")
        await pilot.pause()
        assert screen_name(again) == "BuyDialog" and again.screen.game.st == game.st
        assert rescued.exists()  # (kept until the game has its autosave again)
        again.autosave_now()
        await pilot.pause()
    # once it is autosaved again, the rescued copy goes: the start screen offers the game once
    assert not rescued.exists()
    assert load_game(again.autosave_path).st == game.st


@pytest.fixture(params=["full", "read-only"])
def broken_disk(request, tmp_path):
    """A real file system that cannot take a save: a 64 KiB tmpfs, filled, or mounted read-only
    (needs root and mount; else skipped). Yields (its save folder, the error the system gives)."""
    where = tmp_path / "disk"
    where.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(where)],
                      capture_output=True).returncode != 0:
        pytest.skip("cannot mount a small tmpfs here (not root, or no mount)")
    try:
        (where / "saves").mkdir()
        if request.param == "full":
            fd = os.open(where / "filler", os.O_WRONLY | os.O_CREAT)
            try:
                while os.write(fd, b"\0" * 4096):
                    pass
            except OSError:
                pass  # full
            finally:
                os.close(fd)
            error = "No space left on device"
        else:
            subprocess.run(["mount", "-o", "remount,ro", str(where)], check=True, capture_output=True)
            error = "Read-only file system"
        yield where / "saves", error
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True)


@pytest.mark.xdist_group("serial")
async def test_a_full_or_read_only_disk_is_said_as_it_is_and_nothing_half_written_stays(broken_disk, tmp_path):
    folder, error = broken_disk
    game = new_game(dice=DICE)
    app = app_for(game, folder)
    async with app.run_test(size=SIZE) as pilot:
        await roll_and_quit(app, pilot)
        assert screen_name(app) == "SaveFailedDialog"
        assert error in app.screen.problem
        assert not list(folder.iterdir())  # no half-written file left behind
        await pilot.press("s")
        await pilot.pause()
        app.screen.query_one("#elsewhere").value = str(tmp_path)
        await pilot.press("enter")
        await pilot.pause()
    written = tmp_path / f"autosave-{app.game_id}.json"
    assert load_game(written).st == game.st


async def test_an_autosave_that_works_again_on_retry_quits(tmp_path):
    game = new_game(dice=DICE)
    folder = unwritable(tmp_path)
    app = app_for(game, folder)
    async with app.run_test(size=SIZE) as pilot:
        await roll_and_quit(app, pilot)
        assert screen_name(app) == "SaveFailedDialog"
        folder.unlink()  # the player frees the way
        await pilot.press("r")
        await pilot.pause()
    assert app.return_code == 0
    assert load_game(folder / f"autosave-{app.game_id}.json").st == game.st


async def test_saving_elsewhere_into_a_missing_folder_is_refused(tmp_path):
    app = app_for(new_game(dice=DICE), unwritable(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await roll_and_quit(app, pilot)
        await pilot.press("s")
        await pilot.pause()
        app.screen.query_one("#elsewhere").value = str(tmp_path / "no such folder" / "game.json")
        await pilot.press("enter")
        await pilot.pause()
        assert screen_name(app) == "SaveFailedDialog"
        assert "There is no folder" in str(app.screen.query_one("#elsewhereerr").render())
    assert not (tmp_path / "no such folder").exists()


async def test_saving_elsewhere_over_a_file_asks_first(tmp_path):
    game = new_game(dice=DICE)
    app = app_for(game, unwritable(tmp_path))
    there = tmp_path / "precious.json"
    there.write_text("someone's file")
    async with app.run_test(size=SIZE) as pilot:
        await roll_and_quit(app, pilot)
        await pilot.press("s")
        await pilot.pause()
        box = app.screen.query_one("#elsewhere")
        box.value = str(there)
        await pilot.press("enter")
        await pilot.pause()
        assert screen_name(app) == "SaveFailedDialog"
        assert "press Enter again to replace it" in str(app.screen.query_one("#elsewhereerr").render())
        assert there.read_text() == "someone's file"
        box.value = str(tmp_path / "other.json")  # a change of path...
        box.value = str(there)  # ...and back: asked again
        await pilot.press("enter")
        await pilot.pause()
        assert there.read_text() == "someone's file"
        await pilot.press("enter")  # replaced when asked twice in a row
        await pilot.pause()
    assert app.return_code == 0
    assert load_save(there).game.st == game.st
    assert any(f"megamono resume {there}" in n for n in app.notices)
