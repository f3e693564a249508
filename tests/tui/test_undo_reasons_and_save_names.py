"""Undo says whose decision stands in the way first, a bankruptcy stays final, and a save may not
take the automatic save's name (found by a newcomer)."""

from __future__ import annotations

from megamono.rules.actions import DeclareBankruptcy, IncomeTaxChoice, Roll
from tui_helpers import SIZE, app_for, new_game, screen_name, settle


async def test_undo_after_a_computer_moved_names_the_computer(saves):
    game = new_game(dice=[(1, 2, 1)])
    game.st.players[1].kind = "computer"
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", "b")  # Ann buys Arctic Avenue; Bob (computer) plays his turn
        await settle(pilot, app, until=lambda: game.pending.player == 2)
        await pilot.press("escape", "u")
        await pilot.pause()
        assert game.history[-1].player == 1
        assert app.notices[-1].startswith("Undo: the last decision was a computer player's (Bob: ")


async def test_a_bankruptcy_cannot_be_taken_back(saves):
    game = new_game(dice=[(1, 3, 1)])
    game.keep_undo = True  # (as the app keeps it)
    game.act(Roll(player=0))  # Income Tax
    game.st.players[0].cash = 0
    game.act(IncomeTaxChoice(player=0, choice="flat"))
    game.act(DeclareBankruptcy(player=0))
    assert game.why_not_undo() is None  # the core could: the app does not (its question said so)
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.undo_at_handover(0) is None
        screen.at_keyboard = lambda: 0  # even at Ann's keyboard
        assert screen.why_not_undo() == "a bankruptcy cannot be taken back"
        screen.on_undo(True)
        assert game.history[-1].kind == "declare_bankruptcy" and game.st.players[0].bankrupt


async def test_a_save_may_not_be_named_autosave(saves):
    app = app_for(new_game(), saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", *"AutoSave", "enter")
        await pilot.pause()
        assert screen_name(app) == "SaveDialog"
        assert "are the automatic saves'" in str(app.screen.query_one("#saveerr").render())
        await pilot.press("escape")
    assert [f.name for f in saves.iterdir() if not f.name.startswith("autosave-")] == []  # (only the autosave)
