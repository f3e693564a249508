"""The save browser: list, load, rename (checked), delete (confirmed); examples are never
changed, broken files may be deleted but never renamed."""

from __future__ import annotations

import os
from pathlib import Path

from megamono.rules.actions import Roll
from megamono.saves import save_game
from megamono.tui.app import MegamonoApp
from megamono.tui.runtime import Runtime
from tui_helpers import SIZE, new_game, screen_name

EXAMPLE = Path(__file__).resolve().parents[2] / "saves" / "examples" / "late-game.json"


def fill_folder(saves: Path) -> dict[str, Path]:
    game = new_game()
    game.act(Roll(player=0))
    paths = {"one": save_game(game, "one", saves), "two": save_game(game, "two", saves)}
    (saves / "examples").mkdir()
    paths["example"] = saves / "examples" / "late-game.json"
    paths["example"].write_bytes(EXAMPLE.read_bytes())
    paths["junk"] = saves / "junk.json"
    paths["junk"].write_text("{not json")
    return paths


async def open_browser(app, pilot):
    await pilot.pause()
    assert screen_name(app) == "StartScreen"
    await pilot.press("r")
    await pilot.pause()
    assert screen_name(app) == "ResumeScreen"
    return app.screen


async def go_to(pilot, screen, path: Path) -> None:
    row = screen.query_one("DataTable").cursor_row
    target = screen.paths.index(path)
    await pilot.press(*(["down"] * (target - row) if target > row else ["up"] * (row - target)))
    await pilot.pause()
    assert screen.current() == path


def cell_texts(screen) -> list[list[str]]:
    table = screen.query_one("DataTable")
    return [[str(c) for c in table.get_row_at(r)] for r in range(table.row_count)]


async def test_the_browser_lists_every_save_newest_first_with_its_details(saves):
    paths = fill_folder(saves)
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_browser(app, pilot)
        order = [p for p in screen.paths if p in (paths["one"], paths["two"])]
        assert order == [paths["two"], paths["one"]]  # newest first
        assert screen.paths[-1] == paths["junk"]  # the unreadable ones last
        rows = cell_texts(screen)
        assert rows[screen.paths.index(paths["two"])][:4] == ["two", "mega", "Ann, Bob, Cat", "1"]
        assert ["examples/late-game", "mega"] == rows[screen.paths.index(paths["example"])][:2]
        assert rows[-1][:3] == ["junk", "", "(cannot be read)"]
        await go_to(pilot, screen, paths["junk"])
        assert "not a JSON file" in str(screen.query_one("#info").render())


async def test_rename_checks_the_name_and_renames_the_file(saves):
    paths = fill_folder(saves)
    two = paths["two"].read_bytes()
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_browser(app, pilot)
        await go_to(pilot, screen, paths["one"])
        await pilot.press("n")
        await pilot.pause()
        assert screen_name(app) == "RenameDialog"
        await pilot.press(*"two")  # the old name is selected: typing replaces it
        await pilot.pause()
        assert "two.json exists already" in str(app.screen.query_one("#renameerr").render())
        await pilot.press("enter")
        await pilot.pause()
        assert screen_name(app) == "RenameDialog"  # refused
        await pilot.press("backspace", "backspace", "backspace", *"a/b")
        await pilot.pause()
        assert "no slashes" in str(app.screen.query_one("#renameerr").render())
        await pilot.press("enter")
        assert screen_name(app) == "RenameDialog"
        await pilot.press("backspace", "backspace", "backspace", *"kept game", "enter")
        await pilot.pause()
        assert screen_name(app) == "ResumeScreen"
        kept = saves / "kept game.json"
        assert kept.exists() and not paths["one"].exists()
        assert paths["two"].read_bytes() == two
        assert screen.current() == kept
        assert "kept game" in [r[0] for r in cell_texts(screen)]
        # Escape cancels a rename
        await pilot.press("n")
        await pilot.pause()
        await pilot.press(*"other", "escape")
        await pilot.pause()
        assert screen_name(app) == "ResumeScreen" and kept.exists()
        assert not (saves / "other.json").exists()


async def test_delete_asks_first(saves):
    paths = fill_folder(saves)
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_browser(app, pilot)
        await go_to(pilot, screen, paths["two"])
        await pilot.press("delete")
        await pilot.pause()
        assert screen_name(app) == "ConfirmDialog"
        assert "Delete the save two (Ann, Bob, Cat; turn 1)?" in str(app.screen.query_one("Static").render())
        await pilot.press("n")
        await pilot.pause()
        assert screen_name(app) == "ResumeScreen" and paths["two"].exists()
        await pilot.press("x")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert screen_name(app) == "ResumeScreen"
        assert not paths["two"].exists() and paths["one"].exists()
        assert paths["two"] not in screen.paths
        assert "two" not in [r[0] for r in cell_texts(screen)]


async def test_examples_cannot_be_renamed_or_deleted_nor_broken_files_renamed(saves):
    paths = fill_folder(saves)
    example, junk = paths["example"].read_bytes(), paths["junk"].read_bytes()
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_browser(app, pilot)
        await go_to(pilot, screen, paths["example"])
        assert "an example game (it cannot be renamed or deleted)" in str(screen.query_one("#info").render())
        assert screen.check_action("rename", ()) is None and screen.check_action("delete", ()) is None
        for key in ("n", "delete", "x"):  # greyed out in the footer: nothing happens but a word why
            await pilot.press(key)
            await pilot.pause()
            assert screen_name(app) == "ResumeScreen"
            assert "is an example: it cannot be" in app.notices[-1]
        # and were they called anyway, they refuse
        screen.action_rename()
        assert "is an example: it cannot be renamed" in str(screen.query_one("#loaderr").render())
        screen.action_delete()
        await pilot.pause()
        assert screen_name(app) == "ResumeScreen"
        await go_to(pilot, screen, paths["junk"])
        assert "Del/x deletes it" in str(screen.query_one("#info").render())
        assert screen.check_action("rename", ()) is None and screen.check_action("delete", ()) is True
        await pilot.press("n")
        await pilot.pause()
        assert screen_name(app) == "ResumeScreen"
        assert "cannot be read, so it is not renamed" in app.notices[-1]
        await pilot.press("enter")
        await pilot.pause()
        assert screen_name(app) == "ResumeScreen"
        assert "Cannot load: junk.json: not a JSON file" in str(screen.query_one("#loaderr").render())
        await go_to(pilot, screen, paths["one"])
        assert screen.check_action("rename", ()) is True and screen.check_action("delete", ()) is True
    assert paths["example"].read_bytes() == example and paths["junk"].read_bytes() == junk


async def test_an_example_loads_from_the_browser(saves):
    paths = fill_folder(saves)
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_browser(app, pilot)
        await go_to(pilot, screen, paths["example"])
        await pilot.press("enter")
        await pilot.pause()
        assert screen_name(app) != "ResumeScreen"
        assert sorted(p.name for p in app.game_in_play.st.players) == sorted(["Ann", "Bob", "Cid"])
        await pilot.press("escape")


async def test_home_and_end_go_to_the_first_and_last_save(saves):
    fill_folder(saves)
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_browser(app, pilot)
        table = screen.query_one("DataTable")
        await pilot.press("end")
        assert table.cursor_row == table.row_count - 1 > 0
        await pilot.press("home")
        assert table.cursor_row == 0


def hostile_folder(saves: Path) -> dict[str, Path]:
    """Two sound saves among files that once crashed or hung the list (issue 13, 4): a number of
    4301 digits, a turn number of Infinity, a FIFO, a link to /dev/zero, a name with a newline, and
    a sound save whose date is out of range in local time."""
    import json
    import os

    paths = fill_folder(saves)
    text = paths["one"].read_text()
    paths["digits"] = saves / "digits.json"
    paths["digits"].write_text(text.replace('"seed":', '"seed":' + "9" * 4301 + ',"x":', 1))
    data = json.loads(text)
    data["state"]["turn"]["number"] = float("inf")
    paths["infinity"] = saves / "infinity.json"
    paths["infinity"].write_text(json.dumps(data))
    data["state"]["turn"]["number"] = 1
    data["saved_at"] = "0001-01-01T00:00:00+05:00"
    paths["year-one"] = saves / "year-one.json"
    paths["year-one"].write_text(json.dumps(data))
    paths["fifo"] = saves / "fifo.json"
    os.mkfifo(paths["fifo"])
    paths["zero"] = saves / "zero.json"
    os.symlink("/dev/zero", paths["zero"])
    paths["newline"] = saves / "new\nline.json"
    paths["newline"].write_text("{not json")
    return paths


async def test_hostile_files_are_listed_as_damaged_and_every_other_save_stays_usable(saves):
    paths = hostile_folder(saves)
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_browser(app, pilot)
        assert {s.path for s in screen.saves} == {paths[k] for k in ("one", "two", "example", "year-one")}
        damaged = {"junk": "not a JSON file", "digits": "a number of more than 4300 digits",
                   "infinity": "state.turn.number",
                   "fifo": "not a save file: it is a FIFO", "zero": "it is a symbolic link to a character device",
                   "newline": "new\\nline.json: not a JSON file"}
        assert set(screen.errors) == {paths[k] for k in damaged}
        rows = cell_texts(screen)
        for key, why in damaged.items():
            assert why in screen.errors[paths[key]] and "\n" not in screen.errors[paths[key]]
            await go_to(pilot, screen, paths[key])
            info = str(screen.query_one("#info").render())
            assert why in info and "Del/x deletes it" in info
            assert rows[screen.paths.index(paths[key])][2] == "(cannot be read)"
        assert rows[screen.paths.index(paths["newline"])][0] == "new\\nline"  # one line, escaped
        # the FIFO is deleted (never opened), and a sound save still loads
        await go_to(pilot, screen, paths["fifo"])
        await pilot.press("x")
        await pilot.pause()
        assert "Delete the file fifo.json, which cannot be read as a save?" in app.screen.question
        await pilot.press("y")
        await pilot.pause()
        assert not paths["fifo"].exists() and paths["fifo"] not in screen.paths
        await go_to(pilot, screen, paths["one"])
        await pilot.press("enter")
        await pilot.pause()
        assert screen_name(app) != "ResumeScreen" and app.game_in_play is not None  # (its buy question)
    assert os.readlink(paths["zero"]) == "/dev/zero"


async def test_broken_saves_can_be_deleted_and_say_what_loading_says(saves):
    """Found by a newcomer: a file that cannot be read as a save could not be deleted, and its reason showed
    Python internals. It can be deleted (after the usual question) and says what loading says."""
    (saves / "truncated.json").write_text('{"format": "megamono-save", "version": 1, "state": {"play')
    (saves / "array.json").write_text("[1, 2, 3]")
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert screen_name(app) == "ResumeScreen"
        assert screen.paths == sorted(screen.paths)  # array.json first, then truncated.json
        info = str(screen.query_one("#info").render())
        assert 'array.json: not a megamono save (no "format": "megamono-save")' in info
        assert "AttributeError" not in info
        await pilot.press("enter")  # loading it says the same
        await pilot.pause()
        assert 'array.json: not a megamono save' in str(screen.query_one("#loaderr").render())
        await pilot.press("x")
        await pilot.pause()
        assert screen_name(app) == "ConfirmDialog"
        assert "Delete the file array.json, which cannot be read as a save?" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert (saves / "array.json").exists()
        await pilot.press("delete")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert screen_name(app) == "ResumeScreen" and not (saves / "array.json").exists()
        assert screen.current() == saves / "truncated.json"
        assert "not a JSON file" in str(screen.query_one("#info").render())
        await pilot.press("x")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert not (saves / "truncated.json").exists() and screen.paths == []
        assert "No saved games here yet" in str(screen.query_one("#empty").render())
