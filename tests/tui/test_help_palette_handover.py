"""Help on every screen (`?`), the command palette running legal actions, the hot-seat hand-over
screen, the animations and the game's statistics. Every flow asserts on the engine state too."""

from __future__ import annotations

from megamono.rules.actions import Buy, ProposeEnd, Roll
from megamono.tui.app import MegamonoApp
from megamono.tui.commands import legal_commands, palette_act
from megamono.tui.dialogs.notice import PassKeyboard
from megamono.tui.runtime import Runtime
from megamono.tui.screens.game import GameScreen
from megamono.tui.stats import bar_rows, columns, stats_for
from tui_helpers import SIZE, app_for, guarded_hand_over, new_game, pass_after_a_rest, screen_name

ARCTIC = 4


def keys_panel(app):
    return list(app.screen.query("KeysPanel"))


# -- ? on every screen -------------------------------------------------------------------------------
async def test_question_mark_shows_the_keys_of_the_start_and_saves_screens(saves):
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert screen_name(app) == "StartScreen" and keys_panel(app)
        await pilot.press("question_mark")  # ? again hides it
        await pilot.pause()
        assert not keys_panel(app)
        await pilot.press("r")
        await pilot.pause()
        assert screen_name(app) == "ResumeScreen"
        await pilot.press("question_mark")
        await pilot.pause()
        assert keys_panel(app)


async def test_question_mark_in_the_game_dialogs_manage_and_game_over(saves):
    game = new_game(dice=[(1, 2, 1)])
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")  # the game screen: its full help
        await pilot.pause()
        assert screen_name(app) == "HelpScreen"
        await pilot.press("escape", "r")
        await pilot.pause()
        assert screen_name(app) == "BuyDialog"
        await pilot.press("question_mark")  # a dialog: its keys, the dialog stays
        await pilot.pause()
        assert screen_name(app) == "BuyDialog" and keys_panel(app)
        await pilot.press("b")
        await pilot.pause()
        assert game.st.deeds[ARCTIC].owner == 0
        await pilot.press("m")
        await pilot.pause()
        assert screen_name(app) == "ManageScreen"
        await pilot.press("question_mark")
        await pilot.pause()
        assert keys_panel(app)
        await pilot.press("escape")
        await pilot.pause()
        assert screen_name(app) == "GameScreen"
        # end the game by agreement: the game-over screen has its keys too
        game_screen = app.screen
        game_screen.act(ProposeEnd(player=1))
        from megamono.rules.actions import VoteEnd
        while not game.over:
            game_screen.act(VoteEnd(player=game.pending.player, agree=True))
        game_screen.sync()
        await pilot.pause()
        assert screen_name(app) == "GameOverScreen"
        await pilot.press("question_mark")
        await pilot.pause()
        assert keys_panel(app)


# -- the command palette -----------------------------------------------------------------------------
async def test_the_palette_runs_legal_actions(saves):
    game = new_game(dice=[(1, 2, 1)])
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"roll the dice")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert [a.kind for a in game.history] == ["roll"]
        assert screen_name(app) == "BuyDialog"
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"buy arctic")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert game.st.deeds[ARCTIC].owner == 0
        assert screen_name(app) == "GameScreen" and game.pending.player == 1


async def test_the_palette_offers_every_legal_action_of_the_humans_and_the_screens(saves):
    game = Game_with_a_computer()
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        texts = [t for t, _, _ in legal_commands(screen)]
        legal = [a for a in game.legal_actions() if game.st.players[a.player].kind == "human"]
        assert len([t for t in texts if not t.endswith("…")]) == len(legal)
        assert "Ann: Roll the dice" in texts and "Propose a trade…" in texts
        assert not any(t.startswith("Bob:") for t in texts)  # Bob is a computer player
        titles = [c.title for c in app.get_system_commands(screen)]
        for title in ("Manage", "Save the game", "Rules", "Help", "Options", "Trade"):
            assert title in titles
        assert "Hand-over screens: turn on" in titles  # off in test mode


def Game_with_a_computer():
    return new_game(seed=3, names=["Ann", {"name": "Bob", "kind": "computer"}])


# -- the hand-over screen ----------------------------------------------------------------------------
async def test_hand_over_when_the_decider_changes_in_an_auction(saves):
    game = new_game(dice=[(1, 2, 1)])
    app = app_for(game, saves)
    app.pass_notices = True
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert screen_name(app) == "PassKeyboard" and app.screen.player == 0
        assert "Ann's turn" in app.screen.what()
        await pilot.press("enter", "r")
        await pilot.pause()
        await pilot.press("a")  # Ann declines: the auction starts with Bob
        await pilot.pause()
        assert screen_name(app) == "PassKeyboard" and app.screen.player == 1
        assert "bids next" in app.screen.what()
        await pilot.press("enter")
        await pilot.pause()
        assert screen_name(app) == "BidDialog" and game.pending.player == 1
        await pilot.press("d")  # Bob drops out: Cat next, another hand-over
        await pilot.pause()
        assert screen_name(app) == "PassKeyboard" and app.screen.player == 2


async def test_no_hand_over_when_the_option_is_off(saves):
    game = new_game(dice=[(1, 2, 1)])
    app = app_for(game, saves)
    app.pass_notices = True
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert screen_name(app) == "PassKeyboard"
        await pilot.press("enter")
        app.action_toggle_handover()  # what the palette's "Hand-over screens: turn off" runs
        assert app.pass_notices is False
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        assert screen_name(app) == "BidDialog" and game.pending.player == 1


async def test_never_a_hand_over_for_a_computer_player(saves):
    from megamono.bots import make_bot

    game = Game_with_a_computer()
    app = app_for(game, saves)
    app.pass_notices = True
    ann = make_bot("easy", 1)  # answers Ann's dialogs through the palette's path
    seen = []
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen_stack[1]
        for _ in range(300):
            await pilot.pause()
            if game.st.turn.number > 4 or game.over:
                break
            if screen_name(app) == "PassKeyboard":
                seen.append(app.screen.player)
                await pilot.press("enter")
            elif game.pending.player == 0 and not screen.asking() and screen_name(app) == "GameScreen" \
                    and game.pending.kind == "turn":
                await pilot.press("r")
            elif game.pending.player == 0 and screen_name(app) not in ("GameScreen", "PassKeyboard"):
                palette_act(screen, ann.choose(game, 0))
        assert game.st.turn.number > 4
        assert seen == [0]  # Ann once, at the start; never for Bob, the computer player


async def test_the_options_screen_switches_the_hand_over_and_the_animations(saves):
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        app.action_options()
        await pilot.pause()
        assert screen_name(app) == "OptionsScreen"
        assert app.pass_notices is False and app.animations is False
        await pilot.press("space")  # the first box: hand-over screens
        await pilot.pause()
        assert app.pass_notices is True
        await pilot.press("tab", "space")
        await pilot.pause()
        assert app.animations is True
        await pilot.press("escape")
        await pilot.pause()
        assert screen_name(app) == "StartScreen"


# -- animations ----------------------------------------------------------------------------------------
async def test_a_roll_animates_and_any_key_skips_it(saves, monkeypatch):
    from megamono.tui import animate

    # slow frames, so a loaded machine cannot finish the animation before the test looks at it
    monkeypatch.setattr(animate, "FRAME", 5.0)
    monkeypatch.setattr(animate, "STEP", 5.0)
    game = new_game(dice=[(1, 2, 1)])
    app = app_for(game, saves)
    app.animations = True
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("r")
        assert screen.view.animation is not None and screen.board.shown_at  # the token is walking
        assert game.st.players[0].position == ARCTIC  # the game has already moved
        await pilot.press("m")  # skips the animation, does nothing else
        assert screen.view.animation is None and screen.board.shown_at == {}
        await pilot.pause()
        assert screen_name(app) == "BuyDialog"


# -- statistics ------------------------------------------------------------------------------------------
def test_statistics_follow_the_game_and_an_undo():
    game = new_game(dice=[(1, 2, 1), (2, 1, 1)])
    game.keep_undo = True
    stats = stats_for(game)
    assert stats.series(0) == [2500]
    game.act(Roll(player=0))
    game.act(Buy(player=0))  # Arctic Avenue, $80: Ann's worth stays (cash to a deed at its price)
    stats.observe()
    assert [s.turn for s in stats.samples] == [0, 1] and stats.series(0) == [2500, 2500]
    game.act(Roll(player=1))  # Bob lands on Arctic Avenue and pays rent
    stats.observe()
    assert stats.rent_paid[1] > 0 and stats.rent_received[0] == stats.rent_paid[1]
    assert stats.landings[ARCTIC] == 2
    rebuilt = stats_for(new_game_like(game))  # a resumed game: rebuilt by replaying the actions
    assert [s.worth for s in rebuilt.samples] == [s.worth for s in stats.samples]


def new_game_like(game):
    from megamono.rules.engine import Game
    return Game.from_dict(game.to_dict())


def test_chart_helpers():
    assert columns([1, 2, 3, 4], 2) == [2, 4]
    assert columns([1, 2], 4) == [1, 1, 2, 2]
    rows = bar_rows([0, 50, 100], 50, 100, 1)
    assert rows == [" ▁█"]


def test_the_hand_over_and_animation_switches_are_remembered(tmp_path, monkeypatch):
    """A switch changed in the options or the palette is written to the save folder and applied on
    the next start; a broken file changes nothing; the environment's "off" wins."""
    from types import SimpleNamespace

    from megamono.tui.screens.options import SETTINGS_FILE, load_settings, remember_settings

    monkeypatch.delenv("MEGAMONO_HANDOVER", raising=False)
    monkeypatch.delenv("MEGAMONO_ANIMATIONS", raising=False)
    app = SimpleNamespace(saves_dir=tmp_path, pass_notices=False, animations=True)
    remember_settings(app)
    later = SimpleNamespace(saves_dir=tmp_path, pass_notices=True, animations=False)
    load_settings(later)
    assert (later.pass_notices, later.animations) == (False, True)
    monkeypatch.setenv("MEGAMONO_ANIMATIONS", "off")
    off = SimpleNamespace(saves_dir=tmp_path, pass_notices=True, animations=False)
    load_settings(off)
    assert (off.pass_notices, off.animations) == (False, False)
    (tmp_path / SETTINGS_FILE).write_text("{not json", encoding="utf-8")
    same = SimpleNamespace(saves_dir=tmp_path, pass_notices=True, animations=True)
    load_settings(same)
    assert (same.pass_notices, same.animations) == (True, True)


async def test_saving_from_a_hand_over_keeps_it_on_top_until_enter(saves):
    """Found by a newcomer: saving (s) or declining to leave (q, n) from a hand-over opened the next dialog over
    it. The hand-over stays on top until Enter."""
    game = new_game(dice=[(1, 2, 1)])
    app = app_for(game, saves)
    app.pass_notices = True
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "r")
        await pilot.pause()
        await pilot.press("a")  # Ann declines: Bob bids first, after a hand-over
        await pilot.pause()
        assert screen_name(app) == "PassKeyboard" and app.screen.player == 1
        await pilot.press("s")
        await pilot.pause()
        assert screen_name(app) == "SaveDialog"
        await pilot.press(*"at the auction", "enter")
        await pilot.pause()
        await pilot.pause()
        assert (saves / "at the auction.json").exists()
        assert screen_name(app) == "PassKeyboard"  # not the bid dialog on top of it
        assert not any(type(s).__name__ == "BidDialog" for s in app.screen_stack)
        await pilot.press("q")  # leave the game? no: still the hand-over
        await pilot.pause()
        assert screen_name(app) == "ConfirmDialog"
        await pilot.press("n")
        await pilot.pause()
        await pilot.pause()
        assert screen_name(app) == "PassKeyboard"
        await pilot.press("enter")
        await pilot.pause()
        assert screen_name(app) == "BidDialog" and game.pending.player == 1
        assert [type(s).__name__ for s in app.screen_stack][-2:] == ["GameScreen", "BidDialog"]


async def test_classic_hides_the_speed_die_option_and_the_mega_keys_in_the_help(saves):
    """Found by a newcomer: a classic game offered the Speed Die option and its help listed the Mega-only keys.
    Both follow the edition."""
    app = MegamonoApp(saves, seed=42, runtime=Runtime.scripted(), seat_order=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        setup = app.screen
        speed = setup.query_one("#opt-speed_die_counts_for_utilities")
        assert speed.parent.display  # Mega: offered
        await pilot.press("shift+tab", "shift+tab", "enter", "down", "enter")  # the edition: Classic
        await pilot.pause()
        assert setup.edition == "classic" and not speed.parent.display and speed.disabled
        await pilot.press("ctrl+g")
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        assert screen_name(app) == "HelpScreen"
        keys = app.screen.query_one("#keys").text.plain
        this_game = app.screen.query_one("#this-game").text.plain
    assert "Bus Ticket" not in keys and "depot" not in keys and "Levelling" not in keys
    assert "Birthday" not in keys and "Income Tax" not in keys and "skyscraper" not in keys
    assert "  x        trade: who offers what to whom (cash, deeds, jail cards); partner answers" in keys
    assert "Speed Die" not in this_game


def test_the_mega_help_keeps_every_key():
    """Found by a newcomer: (with the classic help above) the Mega help, and the help with no game, keep every
    key."""
    from megamono.rules.editions import load_edition
    from megamono.tui.screens.help import help_text

    text = help_text(load_edition("mega"))
    assert "  t        play a Bus Ticket" in text and "d build/sell a depot" in text
    assert "Enter choose: triples, the Auction space, Bus Ticket rides" in text
    assert "S skyscraper, D depot" in text and "@" not in text
    assert help_text() == text  # no game: every key


def test_hanging_indent():
    """Found by a newcomer: wrapped help lines lost their indent. A wrapped line hangs under the text it
    continues, and keeps its styles."""
    from megamono.tui.widgets.hanging import hang
    from rich.text import Text

    line = "  [X] Auctions                  a deed its buyer declines is auctioned (off: it stays with the bank)"
    assert hang(Text(line), 96).plain.split("\n") == [
        "  [X] Auctions                  a deed its buyer declines is auctioned (off: it stays with the",
        "                                bank)"]
    styled = Text("Rent  base $2  3h $90  4h $160  H $250")
    styled.stylize("bold", 6, 13)
    wrapped = hang(styled, 24, 4)
    assert wrapped.plain.split("\n") == ["Rent  base $2  3h $90", "    4h $160  H $250"]
    assert wrapped.spans[0].start == 6 and wrapped.spans[0].end == 13  # styles kept
    assert hang(Text("short"), 40).plain == "short"


async def test_the_pass_notice_lets_s_and_q_work(saves):
    """Reported by a new player: s and q did nothing on the pass-the-keyboard notice."""
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


async def test_keys_right_after_the_pass_notice_opens_are_ignored(saves):
    """Reported by a new player: an Enter typed by the previous player passed the pass-the-keyboard notice by.
    Keys pressed right after it opens are ignored."""
    app = app_for(new_game(), saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        async with guarded_hand_over(app, pilot, 0) as notice:  # (60 s: no slow machine outlasts it)
            await pilot.press("enter")  # typed ahead by the previous player
            assert screen_name(app) == "PassKeyboard"
            await pass_after_a_rest(app, pilot, notice)
