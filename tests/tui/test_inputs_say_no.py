"""Inputs say no instead of changing what was typed: a name longer than 20 characters, a bid or an
amount with anything but digits (and thousands commas), a starting cash below $100 or a turn limit
below 1 are kept as typed and refused with a message beside the field; the focused field of a form is
unmistakable (a highlight and the cursor), in the high-contrast theme and with NO_COLOR too."""

from __future__ import annotations

from contextlib import asynccontextmanager

import pytest
from megamono.tui.app import MegamonoApp
from megamono.tui.runtime import Runtime
from textual.widgets import Input
from tui_helpers import app_for, new_game, screen_name

COMPACT = (100, 30)
LONG_NAME = "Annabel Smith-Jones the Third"  # 29 characters


@pytest.fixture
def setup_screen(saves):
    """Drive the new-game screen: ``async with setup_screen(size) as (app, pilot, screen)``."""
    @asynccontextmanager
    async def run(size=COMPACT):
        app = MegamonoApp(saves, runtime=Runtime.scripted())
        async with app.run_test(size=size) as pilot:
            await pilot.press("n")
            await pilot.pause()
            assert screen_name(app) == "SetupScreen"
            yield app, pilot, app.screen
    return run


def said(screen, selector: str) -> str:
    return str(screen.query_one(selector).render())


async def retype(pilot, text: str) -> None:
    """Clear the focused field and type ``text`` into it, key by key."""
    await pilot.press("home", "ctrl+k", *text)
    await pilot.pause()


async def test_a_name_longer_than_20_characters_is_kept_and_refused_beside_it(setup_screen):
    async with setup_screen() as (app, pilot, screen):
        name = screen.query_one("#name-0", Input)
        assert name.has_focus
        await retype(pilot, LONG_NAME)
        assert name.value == LONG_NAME  # not cut at 20
        err = screen.query_one("#err-0")
        assert said(screen, "#err-0") == "29 characters: a name is at most 20"
        # beside the field: on the line under it, starting under it, and wide enough to read whole
        assert err.region.y == name.region.bottom and err.region.x == name.region.x
        assert err.region.width >= len(said(screen, "#err-0"))
        assert name.has_class("-invalid")
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert screen_name(app) == "SetupScreen" and "Fix the marked fields" in said(screen, "#problem")
        assert app.notices[-1] == "Fix the marked fields first: 29 characters: a name is at most 20"
        assert name.has_focus  # the field to fix (scrolled into view)
        await pilot.press(*["backspace"] * 9)  # "Annabel Smith-Jones " -> 20 characters: fine
        await pilot.pause()
        assert said(screen, "#err-0") == "" and not name.has_class("-invalid")


STARTING_CASH_REFUSED = [
    ("7", "at least $100"), ("99", "at least $100"), ("-5", "-5 is not a whole number of dollars"),
    ("1e3", "1e3 is not a whole number of dollars"), ("2,000,000", "at most $1,000,000"),
]


async def test_a_starting_cash_below_100_or_not_a_number_is_refused(setup_screen):
    async with setup_screen() as (app, pilot, screen):  # (one screen for every value: each starts valid)
        box = screen.query_one("#opt-starting_cash", Input)
        for typed, why in STARTING_CASH_REFUSED:
            box.focus()
            await retype(pilot, typed)
            assert box.value == typed, typed
            assert said(screen, "#err-starting_cash") == why, typed
            err = screen.query_one("#err-starting_cash").region
            assert err.y == box.region.y and err.x == box.region.right + 2, typed  # right beside the field
            screen.query_one("#name-1").focus()
            await pilot.press("ctrl+g")
            await pilot.pause()
            assert screen_name(app) == "SetupScreen" and box.has_focus, typed  # back to the field to fix
            await retype(pilot, "1,500")
            assert said(screen, "#err-starting_cash") == "" and screen.options().starting_cash == 1500, typed


TURN_LIMIT_REFUSED = [("0", "at least 1"), ("-5", "-5 is not a whole number"), ("2.5", "2.5 is not a whole number")]


async def test_a_turn_limit_below_1_or_not_a_number_is_refused(setup_screen):
    async with setup_screen() as (app, pilot, screen):  # (one screen for every value: each starts valid)
        box = screen.query_one("#opt-turn_limit", Input)
        for typed, why in TURN_LIMIT_REFUSED:
            box.focus()
            await retype(pilot, typed)
            assert box.value == typed and said(screen, "#err-turn_limit") == why, typed
            await pilot.press("ctrl+g")
            await pilot.pause()
            assert screen_name(app) == "SetupScreen", typed
            await retype(pilot, "")
            assert said(screen, "#err-turn_limit") == "", typed


@pytest.mark.parametrize("typed", ["1e3", "-5", "12a", "1 000"])
async def test_a_bid_with_anything_but_digits_is_refused_as_typed(saves, typed):
    game = new_game(dice=[(1, 2, 1)])  # Ann lands on Arctic Avenue ($80), declines: Bob bids
    app = app_for(game, saves)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("r", "a")
        await pilot.pause()
        assert screen_name(app) == "BidDialog"
        dialog = app.screen
        await pilot.press("ctrl+a", "ctrl+k", *typed)
        await pilot.pause()
        box = dialog.query_one("#amount", Input)
        assert box.value == typed  # nothing dropped: "1e3" is not read as 13, "-5" not as 5
        problem = dialog.query_one("#amount-problem")
        assert str(problem.render()) == f"{typed} is not a whole number of dollars"
        assert problem.region.y == box.region.y and problem.region.x > box.region.right  # beside it
        await pilot.press("enter")
        await pilot.pause()
        assert screen_name(app) == "BidDialog" and game.pending.high_bidder is None
        await pilot.press("ctrl+a", "ctrl+k", *"1,00", "enter")  # a misplaced comma: refused too
        await pilot.pause()
        assert game.pending.high_bidder is None
        await pilot.press("ctrl+a", "ctrl+k", *"100", "enter")  # digits: a bid
        await pilot.pause()
        assert game.pending.high_bid == 100 and game.pending.high_bidder == 1


async def test_trade_cash_with_anything_but_digits_is_refused_beside_the_field(saves):
    app = app_for(new_game(), saves)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("x")
        await pilot.pause()
        assert screen_name(app) == "TradeScreen"
        screen = app.screen
        await pilot.press(*"1e3")
        await pilot.pause()
        assert screen.query_one("#cash-give", Input).value == "1e3"
        assert said(screen, "#has-cash-give") == "1e3 is not a whole number of dollars"
        assert screen.offer is None
        await pilot.press("backspace", "backspace", "backspace", *"100")
        await pilot.pause()
        assert said(screen, "#has-cash-give") == "has $2,500"


def focus_marks(box) -> tuple:
    """How the focused ``box`` and its row's label are drawn: (the field's style, the style of the
    cell under the cursor, the label's style)."""
    cells = [seg.style for seg in box.render_line(0) for _ in seg.text]
    label = box.parent.query_one(".seat, .label")
    return box.rich_style, cells[box.cursor_position], label.rich_style


@pytest.mark.parametrize("look", ["standard", "high contrast", "NO_COLOR"])
async def test_the_focused_field_is_unmistakable(saves, monkeypatch, look):
    if look == "NO_COLOR":
        monkeypatch.setenv("NO_COLOR", "1")
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=COMPACT) as pilot:
        if look == "high contrast":
            await pilot.press("f2")
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        for field in ("#name-0", "#opt-starting_cash"):
            box = screen.query_one(field, Input)
            box.focus()
            await pilot.pause()
            style, cursor, label = focus_marks(box)
            assert label.reverse  # the row's label is marked
            other = screen.query_one("#name-1", Input)
            assert not other.parent.query_one(".seat").rich_style.reverse
            if look == "NO_COLOR":  # no colour to tell them by: bold underlined text, a reverse cursor
                assert app.no_color and style.bold and style.underline and cursor.reverse
            else:  # a highlight: the field's background differs from an unfocused field's; the cursor
                assert style.bgcolor != other.rich_style.bgcolor  # is a block of another colour
                assert cursor.bgcolor not in (style.bgcolor, None) or cursor.reverse
