"""The save dialog's default name keeps the letters of the players' names in any script and drops
markup and emoji cleanly ("[b]Bo[/b]" was saved as "bBob", "Zoë" as "Zo"); a save name may hold
letters of any script; a name longer than the limit is refused, never cut."""

from __future__ import annotations

import pytest
from megamono.saves import SaveError, check_save_name, load_game
from megamono.tui.screens.saves import suggest_name
from textual.widgets import Input
from tui_helpers import app_for, new_game, screen_name


@pytest.mark.parametrize(("names", "default"), [
    (["[b]Bo[/b]", "Zoë 😀", "Юля"], "Bo-Zoë-Юля-turn1"),  # markup tags go whole, emoji go
    (["Ann", "[bold red]Cy", "😀"], "Ann-Cy-P3-turn1"),  # nothing left: the seat
    (["Mary-Jane", "O'Neil", "张伟"], "MaryJane-ONeil-张伟-turn1"),
    (["e\u0301lan", "Ólafur", "Bob"], "élan-Ólafur-Bob-turn1"),  # accents kept (composed)
])
def test_the_default_save_name(names, default):
    name = suggest_name(new_game(names=names))
    assert name == default
    assert check_save_name(name) == default + ".json"  # a name the save dialog takes


@pytest.mark.parametrize("name", ["Zoë", "Юля 2", "张伟_a.b-c", "Ólafur"])
def test_save_names_may_hold_letters_of_any_script(name):
    assert check_save_name(name) == name + ".json"


@pytest.mark.parametrize("name", ["a/b", "..", "x\u202ey", "😀", "-a", "a" * 65, "Zoë\x07", "\u0301a"])
def test_save_names_refused(name):
    with pytest.raises(SaveError):
        check_save_name(name)


async def test_saving_under_the_default_name_keeps_every_letter(saves):
    game = new_game(names=["[b]Bo[/b]", "Zoë 😀", "Юля"])
    app = app_for(game, saves)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        assert screen_name(app) == "SaveDialog"
        assert app.screen.query_one("#savename", Input).value == "Bo-Zoë-Юля-turn1"
        await pilot.press("enter")
        await pilot.pause()
        assert screen_name(app) == "GameScreen"
        path = saves / "Bo-Zoë-Юля-turn1.json"
        assert path.exists() and load_game(path).st == game.st


async def test_a_save_name_longer_than_64_is_refused_not_cut(saves):
    app = app_for(new_game(), saves)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("s", *("x" * 70), "enter")
        await pilot.pause()
        assert screen_name(app) == "SaveDialog"
        assert app.screen.query_one("#savename", Input).value == "x" * 70
        assert "1-64" in str(app.screen.query_one("#saveerr").render())
