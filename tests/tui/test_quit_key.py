"""Ctrl+Q works over every screen and dialog, and says what it does (issue 27, item 5): over a yes/no
question it answers that question "no" and asks whether to quit, so the ``y`` typed next never answers
the question that was on screen; twice, it quits; over "the game could not be autosaved" it says which
keys save or leave."""

from __future__ import annotations

from tui_helpers import SIZE, app_for, new_game, roll_and_quit, screen_name, unwritable


async def test_ctrl_q_over_a_question_answers_it_no_and_the_next_y_quits(saves):
    """The late-game fault: Enter e Ctrl+Q y proposed to end the game (Ctrl+Q was silently ignored over the
    question, and y answered it)."""
    game = new_game(dice=[(1, 2, 1)])
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        assert screen_name(app) == "ConfirmDialog" and "propose to end" in app.screen.question
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert screen_name(app) == "QuitQuestion"
        assert "Ctrl+Q: the question on screen was answered no" in app.notices
        await pilot.press("y")
        await pilot.pause()
    assert not any(a.kind == "propose_end" for a in game.history) and app.return_code == 0


async def test_ctrl_q_twice_quits_and_no_after_it_goes_back_to_the_game(saves):
    game = new_game(dice=[(1, 2, 1)])
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert screen_name(app) == "QuitQuestion" and "Ctrl+Q again: yes" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert screen_name(app) == "GameScreen"
        await pilot.press("ctrl+q", "ctrl+q")
        await pilot.pause()
    assert app.return_code == 0 and app.autosave_path.exists()


async def test_ctrl_q_over_the_undo_question_never_undoes(saves):
    game = new_game(dice=[(1, 1, 2)])  # doubles: Ann buys and her turn goes on
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", "b")
        await pilot.pause()
        assert game.st.deeds[4].owner == 0
        await pilot.press("u")
        await pilot.pause()
        assert screen_name(app) == "ConfirmDialog" and "undo your last decision" in app.screen.question
        await pilot.press("ctrl+q", "y")
        await pilot.pause()
    assert game.st.deeds[4].owner == 0 and game.history[-1].kind == "buy"


async def test_ctrl_q_over_a_failed_autosave_says_which_keys_save_or_leave(tmp_path):
    app = app_for(new_game(dice=[(1, 2, 1)]), unwritable(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await roll_and_quit(app, pilot)
        assert screen_name(app) == "SaveFailedDialog"
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert screen_name(app) == "SaveFailedDialog"
        assert any(said.startswith("Ctrl+Q: the game is not saved yet: s saves it elsewhere") for said in app.notices)
        await pilot.press("q")  # leave without saving: the player's choice
        await pilot.pause()
    assert app.return_code == 0
