"""Start screen and new-game set-up, driven by keys."""

from __future__ import annotations

from megamono.tui.app import MegamonoApp
from megamono.tui.runtime import Runtime
from tui_helpers import SIZE, screen_name


async def test_new_game_from_the_start_screen(saves):
    app = MegamonoApp(saves, seed=42, runtime=Runtime.scripted(), dice=[(1, 2, 1)], seat_order=True)
    async with app.run_test(size=SIZE) as pilot:
        assert screen_name(app) == "StartScreen"
        await pilot.press("n")
        assert screen_name(app) == "SetupScreen"
        await pilot.press(*"Zoe")  # the name field starts selected: typing replaces it
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert screen_name(app) == "GameScreen"
        game = app.screen.game
        assert [p.name for p in game.st.players] == ["Zoe", "Bob", "Cat"]
        assert [p.colour for p in game.st.players] == ["red", "blue", "green"]
        assert game.setup["seed"] == 42
        assert game.pending.kind == "turn" and game.pending.player == 0
        await pilot.press("r")
        await pilot.pause()
        assert game.st.players[0].position == 4  # the scripted 1+2+1
        assert screen_name(app) == "BuyDialog"


async def test_the_focused_fields_label_is_marked_on_every_row(saves):
    """README: the focused field's row has its label in reverse video. A newcomer found the edition's
    and the player count's labels were not marked (only the field's faint tint showed the focus)."""
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        for field in ("#count", "#edition"):
            await pilot.press("shift+tab")
            await pilot.pause()
            assert screen.focused is screen.query_one(field)
            marked = [row for row in screen.query(screen.ROWS) if row.has_class("-focused")]
            assert len(marked) == 1 and marked[0].query_one(".label").render().plain.startswith(
                "Players:" if field == "#count" else "Edition:")
            assert marked[0].query_one(".label").styles.text_style.reverse


async def test_enter_on_a_house_rule_goes_to_the_next_field_and_space_ticks_it(saves):
    """The heading says Enter goes to the next field; on a house rule's box it ticked the box (a
    newcomer ticked the Free Parking pot by accident). Space ticks; Enter moves on."""
    from megamono.tui.screens.setup import OptionBox

    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        box = app.screen.query(OptionBox).first()
        box.focus()
        await pilot.pause()
        before = box.value
        await pilot.press("enter")
        await pilot.pause()
        assert box.value == before and app.screen.focused is not box
        box.focus()
        await pilot.press("space")
        await pilot.pause()
        assert box.value != before and app.screen.focused is box


async def test_setup_refuses_duplicate_names_and_colours(saves):
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.press(*"Bob")  # player 1 takes Bob's name
        await pilot.pause()
        setup = app.screen
        assert "another player has this name" in str(setup.query_one("#err-0").render())
        assert setup.query_one("#go").disabled
        await pilot.press("ctrl+g")
        assert screen_name(app) == "SetupScreen"
        await pilot.press("ctrl+a", "ctrl+k")  # an empty name
        await pilot.pause()
        assert "1-20 characters" in str(setup.query_one("#err-0").render())
        await pilot.press(*"Al")
        setup.query_one("#colour-1").value = "red"  # Bob picks Al's colour
        await pilot.pause()
        assert "colour" in str(setup.query_one("#err-1").render())
        setup.query_one("#colour-1").value = "yellow"
        await pilot.pause()
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert screen_name(app) == "GameScreen"
        colours = {p.name: p.colour for p in app.screen.game.st.players}  # seats were rolled for
        assert colours == {"Al": "red", "Bob": "yellow", "Cat": "green"}


async def test_quit_from_the_start_screen(saves):
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


async def test_G2_a_board_file_from_the_command_line_is_offered_and_played(saves, tmp_path):
    """``megamono --edition FILE``: the new-game screen offers the player's board first; the game and
    its save use it."""
    import json

    from megamono.rules.editions import edition_path
    from megamono.saves import load_game, save_game

    data = json.loads(edition_path("mega").read_text(encoding="utf-8"))
    data.update(id="mzansi", name="Mzansi board")
    data["spaces"][51].update(name="Table Mountain", short="Table Mtn")
    board = tmp_path / "mzansi.json"
    board.write_text(json.dumps(data), encoding="utf-8")
    app = MegamonoApp(saves, seed=42, runtime=Runtime.scripted(), seat_order=True, edition=str(board))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        assert screen_name(app) == "SetupScreen"
        assert "Mzansi board" in str(app.screen.query_one("#heading").render())
        await pilot.press("ctrl+g")
        await pilot.pause()
        game = app.screen.game
        assert game.ed.name == "Mzansi board" and game.ed.spaces[51].name == "Table Mountain"
        path = save_game(game, "home", saves)
    assert load_game(path).ed.spaces[51].name == "Table Mountain"


def test_O_the_status_line_names_the_house_rules_and_the_pot():
    """House-rule options that differ from the printed rules are named on the board's status line,
    with the Free Parking pot when it is on."""
    from megamono.rules.engine import Game
    from megamono.tui.look import Look
    from megamono.tui.screens.game_text import status_text

    game = Game.new("mega", ["Ann", "Bob"], seed=1, seat_order=True,
                    options={"free_parking_pot": True, "double_salary_on_go": True})
    game.st.pot = 150
    line = status_text(game, Look(game)).plain
    assert "Free Parking pot $150" in line and "House rules: Free Parking pot, Double salary on GO" in line
    plain = Game.new("classic", ["Ann", "Bob"], seed=1, seat_order=True)
    assert "House rules" not in status_text(plain, Look(plain)).plain


async def test_O_the_help_screen_lists_this_games_house_rules(saves):
    """Every option of section O is shown in the help, on or off, with its explanation."""
    from megamono.rules.engine import Game
    from tui_helpers import app_for

    game = Game.new("mega", ["Ann", "Bob"], seed=1, seat_order=True,
                    options={"free_parking_pot": True, "turn_limit": 30})
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await pilot.pause()
        assert screen_name(app) == "HelpScreen"
        text = str(app.screen.query_one("#this-game").render())
        assert "[X] Free Parking pot" in text and "[ ] Double salary on GO" in text
        assert "[X] Auctions" in text and "30 rounds" in text


async def test_O_bus_rule_offered_on_the_new_game_screen(saves):
    """The option bus_rule (RULES.md O, T3.4) is a switch on the new-game screen with its line; ticked,
    the game plays the Speed Die game's Bus; the classic board (no Speed Die) does not offer it."""
    app = MegamonoApp(saves, seed=42, runtime=Runtime.scripted(), dice=[(2, 5, "bus")], seat_order=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        setup = app.screen
        box = setup.query_one("#opt-bus_rule")
        assert not box.value and box.parent.display
        assert "the first die, the second or both" in str(setup.query_one("#explain-bus_rule").render())
        assert setup.options().bus_rule == "mega"
        box.focus()
        await pilot.press("space")
        await pilot.pause()
        assert box.value and setup.options().bus_rule == "speed_die_game"
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert screen_name(app) == "GameScreen"
        game = app.screen.game
        assert game.st.options.bus_rule == "speed_die_game"
        await pilot.press("r")
        await pilot.pause()
        assert screen_name(app) == "BusMoveDialog"
        await pilot.press("2")
        await pilot.pause()
        assert game.st.players[0].position == 5  # the second die
    app = MegamonoApp(saves, runtime=Runtime.scripted(), edition="classic")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        setup = app.screen
        assert screen_name(app) == "SetupScreen"
        assert not setup.query_one("#opt-bus_rule").parent.display


async def test_A3_auctions_in_seat_order_is_a_switch_on_the_new_game_screen(saves):
    """The option auction_bidding (RULES.md O, A3) is a switch on the new-game screen, off by default,
    with its line; ticked with the keys (Tab to it, Space), the game's auctions are in seat order: a
    declined deed opens the one-bidder dialog."""
    app = MegamonoApp(saves, seed=42, runtime=Runtime.scripted(), dice=[(1, 2, 1)], seat_order=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        setup = app.screen
        box = setup.query_one("#opt-auction_bidding")
        assert not box.value and "dropping out for good" in str(setup.query_one("#explain-auction_bidding").render())
        for _ in range(20):  # Tab from the first name down to the switch
            if app.focused is box:
                break
            await pilot.press("tab")
        assert app.focused is box
        await pilot.press("space")
        await pilot.pause()
        assert box.value and setup.options().auction_bidding == "seat_order"
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert screen_name(app) == "GameScreen"
        game = app.screen.game
        assert game.st.options.auction_bidding == game.setup["options"]["auction_bidding"] == "seat_order"
        await pilot.press("r")
        await pilot.pause()
        assert screen_name(app) == "BuyDialog"
        await pilot.press("a")
        await pilot.pause()
        assert screen_name(app) == "BidDialog"


async def test_A3_left_alone_the_switch_gives_open_auctions(saves):
    """Not ticked, the new game's auctions are open (the default of A3): a declined deed opens the
    auction screen of the whole table."""
    app = MegamonoApp(saves, seed=42, runtime=Runtime.scripted(), dice=[(1, 2, 1)], seat_order=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "ctrl+g")
        await pilot.pause()
        assert screen_name(app) == "GameScreen"
        game = app.screen.game
        assert game.st.options.auction_bidding == game.setup["options"]["auction_bidding"] == "open"
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        assert screen_name(app) == "OpenAuctionDialog"
