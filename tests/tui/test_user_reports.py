"""Problems reported by a new player: save dialog keys, pass notice, Ctrl+Q, jail count, log."""

from __future__ import annotations

from megamono.tui.dialogs.notice import PassKeyboard
from megamono.tui.screens.game import GameScreen
from tui_helpers import SIZE, app_for, new_game, screen_name


async def test_keys_typed_at_once_into_the_save_dialog_are_all_kept(saves):
    app = app_for(new_game(), saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s", *"turn34", "enter")
        await pilot.pause()
        assert (saves / "turn34.json").exists()


async def test_ctrl_q_asks_first_and_says_the_game_is_autosaved(saves):
    app = app_for(new_game(), saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert screen_name(app) == "ConfirmDialog"
        assert "autosaved" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert screen_name(app) == "GameScreen"
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0


async def test_ctrl_c_says_how_to_quit_without_markup(saves):
    app = app_for(new_game(), saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.action_help_quit()
        assert app.notices[-1] == "Press ctrl+q to quit megamono"


async def test_the_pass_notice_lets_s_and_q_work(saves):
    app = app_for(new_game(), saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game_screen = app.screen
        assert isinstance(game_screen, GameScreen)
        game_screen.open(PassKeyboard(game_screen.look, 0, "", owner=game_screen), None)
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert screen_name(app) == "SaveDialog"
        await pilot.press("escape")
        await pilot.pause()
        assert screen_name(app) == "PassKeyboard"
        await pilot.press("q")
        await pilot.pause()
        assert screen_name(app) == "ConfirmDialog"


async def test_a_hidden_decision_disables_roll_and_bus_ticket(saves):
    game = new_game(dice=[(1, 2, 1)])
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert screen_name(app) == "BuyDialog"
        await pilot.press("escape")
        await pilot.pause()
        assert screen_name(app) == "GameScreen"
        active = app.screen.active_bindings
        assert active["r"].enabled is False
        assert "t" not in active or active["t"].enabled is False
        assert app.screen.check_action("roll", ()) is None
        from textual.widgets._footer import FooterKey
        keys = {k.key: k for k in app.screen.query(FooterKey)}
        assert keys["r"].has_class("-disabled")
        await pilot.press("r", "t")
        await pilot.pause()
        assert game.pending.kind == "buy" and screen_name(app) == "GameScreen"


async def test_a_small_terminal_gets_a_notice_until_it_is_enlarged(saves):
    from megamono.tui.screens.toosmall import TooSmallScreen

    app = app_for(new_game(), saves)
    async with app.run_test(size=(99, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "at least 100x30" in str(app.screen.query_one("#toosmall").render())
        await pilot.resize_terminal(140, 45)
        await pilot.pause()
        assert screen_name(app) == "GameScreen"
        await pilot.resize_terminal(120, 29)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen) and "120x29" in str(app.screen.query_one("#toosmall").render())


def test_jail_attempts_are_shown_at_most_3_of_3_and_one_depot_is_singular():
    from megamono.tui.look import Look
    from megamono.tui.widgets.dice import bank_text
    from megamono.tui.widgets.player_panel import player_text

    game = new_game()
    ann = game.st.players[0]
    ann.in_jail, ann.jail_turns = True, 3
    text = player_text(game, Look(game), 0).plain
    assert "IN JAIL 3/3" in text and "4/3" not in text
    game.st.bank.depots = 1
    if game.ed.supply.depots:
        assert "1 depot" in bank_text(game).plain and "1 depots" not in bank_text(game).plain


async def test_the_log_shows_its_newest_line_after_an_action(saves):
    game = new_game(dice=[(1, 2, 1)])
    from megamono.rules.events import Seats
    for _ in range(300):
        game.log(Seats())  # (any old line)
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        await pilot.pause()
        from megamono.tui.widgets.log import GameLog
        log = app.screen_stack[1].query_one(GameLog)
        assert log.scroll_y == log.max_scroll_y


async def test_keys_right_after_the_pass_notice_opens_are_ignored(saves):
    app = app_for(new_game(), saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game_screen = app.screen
        app.test_mode = False  # the guard is off in test mode
        notice = PassKeyboard(game_screen.look, 0, "", owner=game_screen)
        notice.GUARD = 60.0  # long enough that a slow machine cannot outlast it
        try:
            game_screen.open(notice, None)
            await pilot.pause()
            await pilot.press("enter")  # typed ahead by the previous player
            assert screen_name(app) == "PassKeyboard"
            notice.GUARD = 0.0  # the guard time is over
            await pilot.press("enter")
            await pilot.pause()
            assert screen_name(app) == "GameScreen"
        finally:
            app.test_mode = True
