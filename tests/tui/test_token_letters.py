"""Tokens are always a letter: the first letter of the name, else the next free letter of the name,
else the next free letter of the alphabet. A digit token ("7" for "7Hal") read like houses beside an
owner's letter ("DB 7H")."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from megamono.tui.app import MegamonoApp
from megamono.tui.look import token_letters
from megamono.tui.runtime import Runtime
from textual.widgets import Input
from tui_helpers import screen_name


@pytest.mark.parametrize(("names", "tokens"), [
    (["7Ann", "Bob"], ["A", "B"]),  # the first letter, not the first character
    (["Ann", "Amy", "Anna"], ["A", "M", "N"]),  # taken: the name's next free letter
    (["Ann", "A", "Aa"], ["A", "B", "C"]),  # none left in the name: the alphabet after its first letter
    (["Zed", "Zz"], ["Z", "A"]),  # ... round from Z to A
    (["123", "😀", "Bo"], ["A", "B", "O"]),  # no letter at all: the alphabet from A
    (["zoë", "Юля", "张伟", "straße"], ["Z", "Ю", "A", "S"]),  # letters of any script, one cell wide
])
def test_token_letters(names, tokens):
    got = token_letters([SimpleNamespace(name=n) for n in names])
    assert got == tokens
    assert all(t.isalpha() and len(t) == 1 for t in got)


async def test_a_name_beginning_with_a_digit_gets_a_letter_token(saves):
    app = MegamonoApp(saves, runtime=Runtime.scripted(), seat_order=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        for k, name in enumerate(["7Hal", "Hank", "12"]):
            app.screen.query_one(f"#name-{k}", Input).focus()
            await pilot.press("home", "ctrl+k", *name)
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert screen_name(app) == "GameScreen"
        screen = app.screen
        assert [p.name for p in screen.game.st.players] == ["7Hal", "Hank", "12"]
        assert screen.look.tokens == ["H", "A", "B"]
        # 7Hal's Baltic Avenue with 3 houses reads "BrH3" on the board ("Br73" before)
        st = screen.game.st
        st.deeds[3].owner, st.deeds[3].level = 0, 3
        screen.view.refresh()
        await pilot.pause()
        assert "BrH3" in screen.board.edges["bottom"].render().plain
