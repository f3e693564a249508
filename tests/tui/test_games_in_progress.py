"""The start screen offers every game in progress, and two games never share an autosave: a game
open in another megamono, or an earlier point of a game autosaved further, is played on as a copy
with an id of its own; a damaged autosave is said to be so and can be set aside."""

from __future__ import annotations

from megamono.autosave import GameLock, lock_path
from megamono.rules.actions import Roll
from megamono.saves import load_save, save_game
from megamono.tui.app import MegamonoApp
from megamono.tui.runtime import Runtime
from tui_helpers import SIZE, app_for, new_game, screen_name

DICE = [(1, 2, 1), (2, 3, 1)]


def started(names=("Ann", "Bob", "Cat"), seed=1, rolls=1):
    game = new_game(dice=DICE * 2, seed=seed, names=list(names))
    for _ in range(rolls):
        game.act(Roll(player=game.pending.player))
        if game.pending.kind == "buy":
            game.act(game.legal_actions(game.pending.player)[0])
    return game


def labels(app) -> list[str]:
    box = app.screen.query_one("#games")
    return [str(box.get_option_at_index(k).prompt) for k in range(box.option_count)]


async def test_two_games_played_one_after_the_other_each_keep_their_autosave(saves):
    first = new_game(dice=DICE)
    app = app_for(first, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", "b")
        await pilot.pause()
        a_id = app.game_id
        app.autosave_now()
    second = new_game(dice=DICE, names=["Zed", "Yan"])
    app = app_for(second, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", "b")
        await pilot.pause()
        b_id = app.game_id
        app.autosave_now()
    assert a_id != b_id
    assert load_save(saves / f"autosave-{a_id}.json").game.st == first.st
    assert load_save(saves / f"autosave-{b_id}.json").game.st == second.st
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shown = labels(app)
        assert len(shown) == 2 and shown[0].startswith("Zed, Yan") and shown[1].startswith("Ann, Bob, Cat")
        await pilot.press("down", "a")  # the older one
        await pilot.pause()
        assert app.game_id == a_id and app.screen.game.st == first.st


async def test_a_game_open_in_another_megamono_is_marked_and_opened_as_a_copy(saves):
    game = started()
    path = save_game(game, "autosave-0123456789ab", saves, game_id="0123456789ab")
    before = path.read_bytes()
    other = GameLock.take(saves, "0123456789ab", token="another-app")  # (this process: alive)
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        [label] = labels(app)
        assert "open in another megamono (process" in label
        await pilot.press("a")
        await pilot.pause()
        assert app.game_id != "0123456789ab"
        assert any("open in another megamono too" in n for n in app.notices)
        await pilot.press("r")
        await pilot.pause()
        app.autosave_now()
    assert path.read_bytes() == before  # the other app's autosave is never written by this one
    assert (saves / f"autosave-{app.game_id}.json").exists()
    other.release()
    assert not lock_path(saves, "0123456789ab").exists()


async def test_the_open_game_is_locked_while_played_and_unlocked_when_left(saves):
    app = app_for(new_game(dice=DICE), saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lock = lock_path(saves, app.game_id)
        assert lock.exists()
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert screen_name(app) == "StartScreen" and not lock.exists()


async def test_an_earlier_point_of_a_game_autosaved_further_is_played_on_as_a_copy(saves):
    early = started(rolls=1)
    save_game(early, "kept", saves, game_id="0123456789ab")
    later = started(rolls=2)
    auto = save_game(later, "autosave-0123456789ab", saves, game_id="0123456789ab")
    before = auto.read_bytes()
    app = MegamonoApp(saves, runtime=Runtime.scripted(), resume_file=saves / "kept.json")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.game_id != "0123456789ab"
        assert any("has gone further" in n for n in app.notices)
        await pilot.press("r")
        await pilot.pause()
        app.autosave_now()
    assert auto.read_bytes() == before


async def test_a_save_of_an_earlier_point_whose_autosave_is_behind_keeps_its_id(saves):
    early = started(rolls=1)
    save_game(early, "autosave-0123456789ab", saves, game_id="0123456789ab")
    later = started(rolls=2)
    save_game(later, "kept", saves, game_id="0123456789ab")
    app = MegamonoApp(saves, runtime=Runtime.scripted(), resume_file=saves / "kept.json")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.game_id == "0123456789ab"  # the autosave holds an earlier point: it is taken over


async def test_a_damaged_autosave_is_said_and_set_aside_on_request(saves):
    save_game(started(), "autosave-0123456789ab", saves, game_id="0123456789ab")
    bad = saves / "autosave-00000000dead.json"
    bad.write_text('{"format": "megamono-save", "version": 2, "state": [1, 2')
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shown = labels(app)
        assert shown[0].startswith("Ann, Bob, Cat") and shown[1].startswith("damaged: autosave-00000000dead.json")
        assert app.screen.check_action("set_aside", ()) is False  # the good one is highlighted
        await pilot.press("down")
        await pilot.pause()
        assert app.screen.check_action("set_aside", ()) is True
        await pilot.press("enter")  # it cannot be resumed: the screen says what to do
        await pilot.pause()
        assert "x sets it aside" in str(app.screen.query_one("#starterr").render())
        await pilot.press("x")
        await pilot.pause()
        assert screen_name(app) == "ConfirmDialog"
        await pilot.press("y")
        await pilot.pause()
        assert not bad.exists()
        [kept] = saves.glob("damaged-autosave-00000000dead-*.json")
        assert kept.read_text().startswith('{"format"')
        assert len(labels(app)) == 1


async def test_an_autosave_that_fails_to_load_is_marked_damaged_on_the_spot(saves):
    path = save_game(started(), "autosave-0123456789ab", saves, game_id="0123456789ab")
    path.write_text(path.read_text().replace('"rng":', '"rng":1,"x":', 1))  # the summary reads, the game does not
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        assert screen_name(app) == "StartScreen"
        assert labels(app)[0].startswith("damaged: Cannot load")
        assert app.screen.check_action("set_aside", ()) is True


async def test_the_saved_games_list_opened_in_a_game_shows_it_autosaved_and_esc_goes_back(saves):
    game = new_game(dice=DICE)
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert screen_name(app) == "BuyDialog"
        app.action_saved_games()
        await pilot.pause()
        assert screen_name(app) == "ResumeScreen"
        assert load_save(app.autosave_path).game.st == game.st  # autosaved first: the list is current
        await pilot.press("escape")
        await pilot.pause()
        assert screen_name(app) == "BuyDialog" and app.game_in_play is game


async def test_the_autosave_of_the_game_in_play_is_neither_deleted_nor_renamed(saves):
    game = new_game(dice=DICE)
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        app.action_saved_games()
        await pilot.pause()
        screen = app.screen
        assert screen.current() == app.autosave_path
        assert "the autosave of the game you are playing" in str(screen.query_one("#info").render())
        await pilot.press("x")
        await pilot.pause()
        assert screen_name(app) == "ResumeScreen"  # no "Delete?" question
        await pilot.press("n")
        await pilot.pause()
        assert screen_name(app) == "ResumeScreen"
        assert sum("is not deleted: it is the autosave of the game you are playing" in n for n in app.notices) == 1
    assert app.autosave_path.exists()


async def test_the_autosave_of_a_game_open_elsewhere_is_neither_deleted_nor_renamed(saves):
    path = save_game(started(), "autosave-0123456789ab", saves, game_id="0123456789ab")
    other = GameLock.take(saves, "0123456789ab", token="another-app")
    try:
        app = MegamonoApp(saves, runtime=Runtime.scripted(), open_resume=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert screen_name(app) == "ResumeScreen"
            assert "open in another megamono (process" in str(app.screen.query_one("#info").render())
            await pilot.press("x")
            await pilot.pause()
            assert screen_name(app) == "ResumeScreen"
            assert any("is not deleted: its game is open in another megamono" in n for n in app.notices)
        assert path.exists()
    finally:
        other.release()


async def test_the_start_screen_keeps_the_highlighted_game_when_it_comes_back(saves):
    for k, names in enumerate((["Ann", "Bob"], ["Cat", "Dan"], ["Eve", "Fay"])):
        save_game(started(names=names, seed=k + 1), f"autosave-00000000000{k}", saves, game_id=f"00000000000{k}")
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("down", "down")
        await pilot.pause()
        chosen = app.screen.highlighted()
        await pilot.press("r")  # the saved-games list, and back
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert screen_name(app) == "StartScreen" and app.screen.highlighted() == chosen


async def test_the_start_screen_says_when_the_save_folder_is_a_file(tmp_path):
    folder = tmp_path / "saves"
    folder.write_text("not a folder")
    app = MegamonoApp(folder, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        said = str(app.screen.query_one("#starterr").render())
        assert f"The save folder {folder} is a file, not a folder" in said


async def test_at_100x30_the_start_screen_keeps_every_button_with_games_listed(saves):
    """Found by a newcomer: with two games in progress at 100x30 the list pushed the Quit button out of
    the start box. Below 36 rows the title leaves out its big letters while games are listed."""
    from megamono.tui.app import MegamonoApp
    from textual.widgets import Button

    for k, gid in enumerate(("0123456789ab", "ba9876543210")):
        save_game(new_game(seed=k + 1), f"autosave-{gid}", saves, game_id=gid)
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert len(screen.games) == 2 and screen._short_title is True
        box = screen.query_one("#start").region
        for button in screen.query(Button):
            assert box.contains_region(button.region), button.id
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=(140, 45)) as pilot:  # (room enough: the big letters)
        await pilot.pause()
        assert app.screen._short_title is False
