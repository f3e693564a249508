"""Decisions driven by keys through the dialogs; every test asserts on the engine state."""

from __future__ import annotations

from tui_helpers import NAMES, SIZE, app_for, new_game, screen_name

import kit

ARCTIC, READING, INCOME_TAX, GO_TO_JAIL, BOARDWALK = 4, 6, 5, 39, 51


async def test_buy_a_deed(saves):
    game = new_game(dice=[(1, 2, 1)])
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        assert screen_name(app) == "GameScreen"
        await pilot.press("r")
        await pilot.pause()
        assert screen_name(app) == "BuyDialog"
        assert app.screen.player == 0
        await pilot.press("b")
        await pilot.pause()
        assert game.st.deeds[ARCTIC].owner == 0
        assert game.st.players[0].cash == 2500 - 80
        assert screen_name(app) == "GameScreen"
        assert game.pending.kind == "turn" and game.pending.player == 1


async def test_auction_after_declining(saves):
    game = new_game(dice=[(1, 2, 1)])
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("a")  # Ann declines: auction, bidding from her left
        await pilot.pause()
        assert screen_name(app) == "BidDialog" and game.pending.player == 1
        await pilot.press("ctrl+a", "ctrl+k", "5", "0", "enter")  # Bob types $50
        await pilot.pause()
        assert game.pending.high_bid == 50 and game.pending.high_bidder == 1
        assert game.pending.player == 2
        await pilot.press("t")  # Cat: the bid field becomes high bid + $10 ...
        await pilot.pause()
        assert game.pending.player == 2 and app.screen.query_one("#amount").value == "60"
        await pilot.press("t")  # ... + $10 more ...
        await pilot.pause()
        assert app.screen.query_one("#amount").value == "70"
        await pilot.press("ctrl+a", "ctrl+k", "6", "0", "enter")  # ... and Enter bids the field
        await pilot.pause()
        assert game.pending.high_bid == 60 and game.pending.high_bidder == 2
        await pilot.press("d")  # Ann drops out
        await pilot.pause()
        assert game.pending.player == 1
        await pilot.press("d")  # Bob drops out: Cat wins
        await pilot.pause()
        assert game.st.deeds[ARCTIC].owner == 2
        assert game.st.players[2].cash == 2500 - 60
        assert screen_name(app) == "GameScreen"


async def test_a_bid_above_cash_is_refused_with_the_reason(saves):
    game = new_game(dice=[(1, 2, 1)])
    game.st.players[1].cash = 30
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", "a")
        await pilot.pause()
        await pilot.press("ctrl+a", "ctrl+k", "9", "9", "enter")
        await pilot.pause()
        assert screen_name(app) == "BidDialog" and game.pending.high_bidder is None
        assert "cannot exceed your cash" in str(app.screen.query_one("#why").render())
        assert app.screen.check_action("quick", ("f",)) is None  # +$50 is greyed out


async def test_go_to_jail_then_pay_the_fine(saves):
    game = new_game(dice=[(1, 2, 1), (1, 2, 1), (2, 3, 1), (3, 4, 1)])
    game.st.players[0].position = GO_TO_JAIL - 4
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")  # Ann lands on Go To Jail
        await pilot.pause()
        ann = game.st.players[0]
        assert ann.in_jail and ann.position == game.ed.jail
        await pilot.press("r", "a", "d", "d", "d")  # Bob declines Arctic Ave; nobody bids
        await pilot.pause()
        await pilot.press("r", "b")  # Cat buys Reading Railroad
        await pilot.pause()
        assert game.st.deeds[READING].owner == 2
        assert screen_name(app) == "JailDialog" and game.pending.player == 0
        await pilot.press("p")
        await pilot.pause()
        assert not ann.in_jail and ann.cash == 2500 - 50
        assert game.pending.kind == "turn" and game.pending.player == 0
        await pilot.press("r")
        await pilot.pause()
        assert ann.position == game.ed.jail + 8


async def test_triples_destination_is_picked_on_the_board(saves):
    game = new_game(dice=[(2, 2, 2)])
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert screen_name(app) == "BoardPickDialog"
        board = app.screen.board
        assert board.cursor == 1 and 0 not in board.choices
        await pilot.press("right", "right", "right")
        assert board.cursor == ARCTIC
        await pilot.press("enter")
        await pilot.pause()
        assert game.st.players[0].position == ARCTIC
        assert board.cursor is None
        assert screen_name(app) == "BuyDialog"


async def test_levelling_after_completing_a_built_group(saves):
    game = new_game(dice=[(1, 2, 1)])
    st = game.st
    for space in (1, 3):  # Ann holds two Browns with 2 houses each (majority building)
        st.deeds[space].owner = 0
        st.deeds[space].level = 2
    st.bank.houses -= 4
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", "b")  # buys Arctic Ave, the group's last lot
        await pilot.pause()
        assert screen_name(app) == "LevellingDialog"
        assert game.pending.amounts["build"] == 50
        # only B8's choices for this case: no hand-back (not a forced transfer), nothing about mortgages
        assert app.screen.check_action("choose", ("g",)) is False
        assert app.screen.check_action("choose", ("u",)) is False
        await pilot.press("b")
        await pilot.pause()
        assert [st.deeds[i].level for i in (1, 3, ARCTIC)] == [2, 2, 1]
        assert st.players[0].cash == 2500 - 80 - 50
        assert screen_name(app) == "GameScreen"


async def test_debt_raise_money_in_manage_then_pay(saves):
    game = new_game(dice=[(1, 3, 1)])
    st = game.st
    st.players[0].cash = 10
    st.deeds[BOARDWALK].owner = 0
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert screen_name(app) == "IncomeTaxDialog"
        await pilot.press("f")  # flat $200 with $10 in hand
        await pilot.pause()
        assert screen_name(app) == "DebtDialog"
        assert app.screen.check_action("choose", ("p",)) is None
        assert app.screen.check_action("choose", ("x",)) is None  # bankruptcy only when nothing is left
        await pilot.press("m")
        await pilot.pause()
        assert screen_name(app) == "ManageScreen" and app.screen.player == 0
        await pilot.press("o")  # mortgage Boardwalk (+$200)
        assert st.deeds[BOARDWALK].mortgaged and st.players[0].cash == 210
        await pilot.press("escape")
        await pilot.pause()
        assert screen_name(app) == "DebtDialog"
        await pilot.press("p")
        await pilot.pause()
        assert st.players[0].cash == 10
        assert game.pending.kind == "turn" and game.pending.player == 1


async def test_bankruptcy_to_the_bank(saves):
    game = new_game(dice=[(1, 3, 1)])
    game.st.players[0].cash = 10
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", "f")
        await pilot.pause()
        assert screen_name(app) == "DebtDialog"
        await pilot.press("x")  # asks first: n keeps the player in the game
        await pilot.pause()
        assert screen_name(app) == "ConfirmDialog" and "the bank" in str(app.screen.query_one("Static").render())
        await pilot.press("n")
        await pilot.pause()
        assert screen_name(app) == "DebtDialog" and not game.st.players[0].bankrupt
        await pilot.press("x", "y")
        await pilot.pause()
        assert game.st.players[0].bankrupt
        assert game.pending.player == 1


async def test_pass_the_keyboard_notice(saves):
    game = new_game(dice=[(1, 2, 1)])
    app = app_for(game, saves)
    app.pass_notices = True
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert screen_name(app) == "PassKeyboard" and app.screen.player == 0
        await pilot.press("r")  # not Ann's keys yet
        assert game.st.turn.last_throw is None
        await pilot.press("enter")
        await pilot.press("r")
        await pilot.pause()
        assert screen_name(app) == "BuyDialog"  # same player: no notice
        await pilot.press("b")
        await pilot.pause()
        assert screen_name(app) == "PassKeyboard" and app.screen.player == 1


async def test_a_decision_without_its_own_dialog_gets_the_numbered_list(saves, monkeypatch):
    from megamono.rules.actions import ProposeTrade
    from megamono.rules.decisions import TradeSide
    from megamono.tui.screens import game as game_screen

    monkeypatch.delitem(game_screen.DIALOGS, "trade_reply")  # as if the trade reply had no dialog
    game = new_game()
    game.act(ProposeTrade(player=0, partner=1, give=TradeSide(cash=100)))
    assert game.pending.kind == "trade_reply"
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert screen_name(app) == "GenericDialog" and app.screen.player == 1
        labels = [o.label for o in app.screen._options.values()]
        assert labels == ["Accept the trade", "Refuse the trade"]  # (the core's action_text)
        await pilot.press("1")
        await pilot.pause()
        assert game.st.players[1].cash == 2600 and game.st.players[0].cash == 2400
        assert game.pending.kind == "turn" and game.pending.player == 0


async def test_bus_ticket_ride_picked_on_the_board(saves):
    game = new_game()
    game.st.players[0].bus_tickets.append("BT01")
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        assert screen_name(app) == "BoardPickDialog"
        assert app.screen.board.choices == set(range(1, 14))  # this side, up to the Jail corner
        await pilot.press("escape")  # the ride is optional: Esc cancels
        await pilot.pause()
        assert screen_name(app) == "GameScreen" and game.st.players[0].bus_tickets == ["BT01"]
        await pilot.press("t", "right", "right", "enter")
        await pilot.pause()
        assert game.st.players[0].position == 3 and not game.st.players[0].bus_tickets
        assert screen_name(app) == "BuyDialog"


async def test_escape_hides_a_decision_and_d_brings_it_back(saves):
    game = new_game(dice=[(1, 2, 1)])
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", "escape")
        await pilot.pause()
        assert screen_name(app) == "GameScreen" and game.pending.kind == "buy"
        assert app.screen.check_action("key", ("roll",)) is None
        await pilot.press("d")
        await pilot.pause()
        assert screen_name(app) == "BuyDialog"


async def test_a_greyed_out_key_says_why(saves):
    """With the buy question hidden (Esc), r does nothing and a notice says what comes first."""
    game = new_game(dice=[(1, 2, 1)])
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert screen_name(app) == "BuyDialog"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert game.pending.kind == "buy"
        assert any(n.startswith("Roll: first this:") and "(d shows the question)" in n for n in app.notices)


def test_whole_numbers_as_people_type_sums():
    """Found by a newcomer: a bid typed as 81.5 was read as 815. Sums are read as people type them ($, thousands
    commas); anything that is not a whole number is refused."""
    from megamono.tui.widgets.amount import whole_number

    assert [whole_number(t) for t in ("120", " 120 ", "$120", "1,000", "$12,345,678")] == \
        [120, 120, 120, 1000, 12345678]
    assert [whole_number(t) for t in ("81.5", "81,5", "1,00", "", "$", "1.000", "٣")] == [None] * 7
    assert whole_number("$5", money=False) is None


async def test_a_bid_that_is_not_a_whole_number_is_refused_and_nothing_is_bid(saves):
    """Found by a newcomer: a bid typed as 81.5 was read as 815. It is refused with a message and nothing is
    bid."""
    game = new_game(dice=[(1, 2, 1)])  # Ann lands on Arctic Avenue ($80)
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", "a")  # Ann declines: Bob bids first
        await pilot.pause()
        assert screen_name(app) == "BidDialog" and game.pending.player == 1
        await pilot.press("ctrl+a", "ctrl+k", *"81.5", "enter")
        await pilot.pause()
        dialog = app.screen
        assert screen_name(app) == "BidDialog" and game.pending.high_bidder is None and len(game.history) == 2
        assert dialog.query_one("#amount").value == "81.5"  # the dot was typed, not dropped
        assert "81.5 is not a whole number of dollars: nothing was bid" in str(dialog.query_one("#why").render())
        await pilot.press("backspace", "backspace", "enter")  # "81": a bid
        await pilot.pause()
        assert game.pending.high_bid == 81 and game.pending.high_bidder == 1


async def test_a_bid_far_above_the_printed_price_asks_first(saves):
    """Found by a newcomer: a mistyped bid (815 for 81.5) was taken as it stood. A bid over twice the printed
    price asks y/n first."""
    game = new_game(dice=[(1, 2, 1)])  # Arctic Avenue: $80
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", "a")
        await pilot.pause()
        await pilot.press("ctrl+a", "ctrl+k", *"815", "enter")
        await pilot.pause()
        assert screen_name(app) == "ConfirmDialog"
        assert "Bob: bid $815 for Arctic Avenue?" in app.screen.question
        assert "more than 2 times Arctic Avenue's printed price ($80)" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert screen_name(app) == "BidDialog" and game.pending.high_bidder is None
        assert "Not bid" in str(app.screen.query_one("#why").render())
        await pilot.press("ctrl+a", "ctrl+k", *"160", "enter")  # twice the price: no question
        await pilot.pause()
        assert game.pending.high_bid == 160 and game.pending.player == 2
        await pilot.press("ctrl+a", "ctrl+k", *"$1,000", "enter")  # Cat
        await pilot.pause()
        assert screen_name(app) == "ConfirmDialog"
        await pilot.press("y")
        await pilot.pause()
        assert game.pending.high_bid == 1000 and game.pending.high_bidder == 2


async def test_a_bid_for_the_last_house_far_above_its_cost_asks_first(saves):
    """Found by a newcomer: a mistyped bid was taken as it stood. A bid for a shortage piece over twice its
    building cost asks y/n first."""
    from megamono.rules.actions import Build
    game = new_game()
    st = game.st
    for owner, spaces, level in ((0, (1, 3), 0), (1, (7, 8, 11), 0), (2, (40, 41, 42, 44), 4),
                                 (2, (21, 23, 24), 4), (2, (25,), 3)):
        for i in spaces:
            st.deeds[i].owner, st.deeds[i].level = owner, level
            st.bank.houses -= level
    game.act(Build(player=0, space=1))  # Ann wants the bank's last house; Bob may want it too
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("y")  # Bob wants it
        await pilot.pause()
        if game.pending.kind == "shortage_ask":
            await pilot.press("n")  # Cat does not
            await pilot.pause()
        assert game.pending.kind == "bid" and game.pending.player == 1
        await pilot.press("ctrl+a", "ctrl+k", *"101", "enter")  # a house on Bob's light blues: $50
        await pilot.pause()
        assert screen_name(app) == "ConfirmDialog"
        assert "the bank's last house" in app.screen.question and "($50)" in app.screen.question
        await pilot.press("escape")
        await pilot.pause()
        assert game.pending.high_bidder is None
        await pilot.press("ctrl+a", "ctrl+k", *"100", "enter")
        await pilot.pause()
        assert game.pending.high_bid == 100 and game.pending.high_bidder == 1


async def test_a_hidden_decision_disables_roll_and_bus_ticket(saves):
    """Reported by a new player: with a decision hidden (Esc), r and t looked available. They are greyed and do
    nothing until the decision is answered."""
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
        assert app.screen.check_action("key", ("roll",)) is None
        from textual.widgets._footer import FooterKey
        keys = {k.key: k for k in app.screen.query(FooterKey)}
        assert keys["r"].has_class("-disabled")
        await pilot.press("r", "t")
        await pilot.pause()
        assert game.pending.kind == "buy" and screen_name(app) == "GameScreen"


async def test_T3_4_speed_die_game_bus_dialog_keys_1_2_b(saves):
    """RULES.md O, T3.4: with the option bus_rule = speed_die_game, the Bus face asks before the move
    which white dice move the token; 1, 2 and b answer."""
    from megamono.rules.decisions import BusMoveDecision

    for key, where in (("1", 1), ("2", 3), ("b", ARCTIC)):
        game = kit.new_game(dice=[(1, 3, "bus")], names=NAMES, options={"bus_rule": "speed_die_game"})
        app = app_for(game, saves)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("r")
            await pilot.pause()
            assert screen_name(app) == "BusMoveDialog" and isinstance(game.pending, BusMoveDecision)
            assert game.st.players[0].position == 0  # the choice comes before the move
            shown = " ".join(str(b.label) for b in app.screen.query("Button"))
            assert "First die (1) [1]" in shown and "Second die (3) [2]" in shown and "Both (4) [b]" in shown
            body = str(app.screen.query_one("#body").render())
            assert "first die: 1 to Mediterranean Avenue" in body and "both: 4 to Arctic Avenue" in body
            await pilot.press(key)
            await pilot.pause()
            assert game.st.players[0].position == where
            assert screen_name(app) == "BuyDialog" and game.st.players[0].bus_tickets == []


def test_the_dice_line_says_how_far_the_speed_die_games_bus_moved():
    """The Speed Die game's Bus moves the token by the dice chosen: the dice line says that, not the
    throw's total (found by the option's maker)."""
    from megamono.rules.actions import BusMove, Roll
    from megamono.tui.widgets.dice import dice_text

    import kit

    game = kit.new_game(dice=[(6, 4, "bus")], names=NAMES, options={"bus_rule": "speed_die_game"})
    game.act(Roll(player=0))
    assert "= ? (choose the dice)" in dice_text(game).plain
    game.act(BusMove(player=0, dice="first"))
    assert "moves 6 (the first die)" in dice_text(game).plain and "= 10" not in dice_text(game).plain
