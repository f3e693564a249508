"""After the terminal grows, the bank's line and the footer take their full form again (a newcomer
started small, 100x30, and grew the window): the bank in words, not letters; the footer's short form at
140 columns and its full words at 200 (the widths they fit); the player panels' full form. With a
dialog on top while it grows, too."""

from __future__ import annotations

from megamono.tui.screens.game import GameScreen
from textual.widgets._footer import FooterKey
from tui_helpers import app_for, new_game, shown

ROLL = [(1, 2, 1)]  # Ann lands on Arctic Avenue: a buy dialog


def forms(app) -> tuple[str, str, bool, bool, bool]:
    """(the bank's words, the footer's word for r, short footer, tight footer, compact panels)."""
    screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
    bank = shown(screen.query_one("#dice")).strip().split("Bank: ")[-1].strip()
    keys = {k.key: k.description for k in screen.query(FooterKey)}
    return bank, keys.get("t", ""), screen.footer.short_footer, screen.footer.tight_footer, screen.view.players.compact


async def grow(pilot, size) -> None:
    await pilot.resize_terminal(*size)
    for _ in range(4):
        await pilot.pause()


async def test_the_bank_line_and_the_footer_take_their_full_form_as_the_terminal_grows(saves):
    game = new_game(dice=ROLL, names=["Ann", {"name": "Bob", "kind": "computer"}, "Cat"])
    app = app_for(game, saves)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert forms(app) == ("32h 12H 8S 4D", "Ticket", True, True, True)
        await grow(pilot, (140, 45))
        assert forms(app) == ("32 houses, 12 hotels, 8 skyscrapers, 4 depots", "Ticket", True, False, False)
        await grow(pilot, (200, 60))
        assert forms(app) == ("32 houses, 12 hotels, 8 skyscrapers, 4 depots", "Bus Ticket", False, False, False)
        await grow(pilot, (100, 30))  # and back
        assert forms(app) == ("32h 12H 8S 4D", "Ticket", True, True, True)


async def test_grown_under_a_dialog_the_game_screen_shows_its_full_form_when_it_closes(saves):
    game = new_game(dice=ROLL)
    app = app_for(game, saves)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert type(app.screen).__name__ == "BuyDialog"
        await grow(pilot, (140, 45))
        await grow(pilot, (200, 60))
        await pilot.press("escape")  # (hides the dialog: the board)
        for _ in range(4):
            await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert forms(app) == ("32 houses, 12 hotels, 8 skyscrapers, 4 depots", "Bus Ticket", False, False, False)


async def test_the_tumbling_dice_keep_the_bank_line_whole_at_100_columns(saves):
    """Found in a play-test: while the dice tumbled at 100x30 the bank's words were cut ("... 12 hotels, 8").
    The rolling frame shortens them as the thrown dice do."""
    app = app_for(new_game(dice=ROLL), saves)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        screen.view.dice.show_rolling((3, 5, "bus"))
        await pilot.pause()
        line = shown(screen.query_one("#dice")).strip()
        assert "rolling…" in line and line.endswith("Bank: 32h 12H 8S 4D"), line
