"""Problems a newcomer found: managing a computer's deeds, bid amounts, saving from a hand-over,
deleting broken saves, selling a group's buildings, bids typed ahead, edition-specific options."""

from __future__ import annotations

from megamono.rules.engine import Game
from tui_helpers import SIZE, app_for, screen_name

BROWNS = (1, 3, 4)


def robo_game(dice=()) -> Game:
    """Ann and Bob (humans) and Robo (a computer player), Ann to play."""
    return Game.new("mega", ["Ann", "Bob", {"name": "Robo", "kind": "computer"}], seed=1, dice=list(dice),
                    seat_order=True)


def give_built_browns(game: Game, p: int) -> None:
    """Player ``p`` owns the brown group with a house on each lot."""
    for space in BROWNS:
        game.st.deeds[space].owner = p
        game.st.deeds[space].level = 1
    game.st.bank.houses -= len(BROWNS)


# -- 1. a computer player's deeds are read-only in the manage screen ------------------------------
async def test_manage_shows_a_computer_players_deeds_but_refuses_every_manage_key(saves):
    game = robo_game()
    give_built_browns(game, 2)
    rr = game.ed.railroads[0]
    game.st.deeds[rr].owner = 2  # a railroad (depot key)
    cash = game.st.players[2].cash
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await pilot.pause()
        manage = app.screen
        assert screen_name(app) == "ManageScreen" and manage.player == 0
        await pilot.press("3")  # Robo's deeds: shown
        await pilot.pause()
        assert manage.player == 2 and manage.spaces[:3] == list(BROWNS)
        assert "read only" in str(manage.query_one("#mhead").render())
        for key in ("x", "g", "b", "o", "u", "down", "down", "down", "d", "o"):
            await pilot.press(key)
            await pilot.pause()
        assert [game.st.deeds[i].level for i in BROWNS] == [1, 1, 1]
        assert not game.st.deeds[rr].depot and not any(game.st.deeds[i].mortgaged for i in (*BROWNS, rr))
        assert game.st.players[2].cash == cash and not game.history
        assert "Robo is a computer player" in app.notices[-1]
        assert all(manage.check_action("do", (k,)) is None for k in "bxgdou")  # greyed in the footer
        await pilot.press("1")  # a human's deeds: the keys work again
        await pilot.pause()
        assert manage.player == 0 and manage.check_action("do", ("b",)) is None  # Ann has no deeds
        await pilot.press("escape", "x")  # nor does a trade propose as a computer player
        await pilot.pause()
        assert screen_name(app) == "TradeScreen" and app.screen.proposers == [0, 1]


# -- 3. saving (or not leaving) from a hand-over keeps the hand-over on top ------------------------
async def test_saving_from_a_hand_over_keeps_it_on_top_until_enter(saves):
    from tui_helpers import new_game

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


# -- 4. broken saves can be deleted (after the usual question) ------------------------------------
async def test_broken_saves_can_be_deleted_and_say_what_loading_says(saves):
    from megamono.tui.app import MegamonoApp

    (saves / "truncated.json").write_text('{"format": "megamono-save", "version": 1, "state": {"play')
    (saves / "array.json").write_text("[1, 2, 3]")
    app = MegamonoApp(saves, test_mode=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert screen_name(app) == "ResumeScreen"
        assert screen.paths == sorted(screen.paths)  # array.json first, then truncated.json
        info = str(screen.query_one("#info").render())
        assert 'array.json: not a megamono save (no "format": "megamono-save")' in info
        assert "AttributeError" not in info
        await pilot.press("enter")  # loading it says the same
        await pilot.pause()
        assert 'array.json: not a megamono save' in str(screen.query_one("#loaderr").render())
        await pilot.press("x")
        await pilot.pause()
        assert screen_name(app) == "ConfirmDialog"
        assert "Delete the file array.json, which cannot be read as a save?" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert (saves / "array.json").exists()
        await pilot.press("delete")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert screen_name(app) == "ResumeScreen" and not (saves / "array.json").exists()
        assert screen.current() == saves / "truncated.json"
        assert "not a JSON file" in str(screen.query_one("#info").render())
        await pilot.press("x")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert not (saves / "truncated.json").exists() and screen.paths == []
        assert "No saved games here yet" in str(screen.query_one("#empty").render())


# -- 5. selling a group's buildings asks first -----------------------------------------------------
async def test_selling_a_groups_buildings_asks_first_naming_what_and_for_how_much(saves):
    from tui_helpers import new_game

    game = new_game()
    give_built_browns(game, 0)
    game.st.deeds[3].level = 2  # Baltic: 2 houses
    game.st.bank.houses -= 1
    cash = game.st.players[0].cash
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        assert screen_name(app) == "ConfirmDialog"
        question = app.screen.question
        assert "Ann: sell the Brown group's 4 buildings (4 houses) to the bank for $100?" in question
        assert "Baltic Avenue: 2 houses" in question
        await pilot.press("n")  # nothing sold
        await pilot.pause()
        assert screen_name(app) == "ManageScreen"
        assert [game.st.deeds[i].level for i in BROWNS] == [1, 2, 1] and game.st.players[0].cash == cash
        await pilot.press("g")
        await pilot.pause()
        await pilot.press("escape")  # Esc is no as well
        await pilot.pause()
        assert [game.st.deeds[i].level for i in BROWNS] == [1, 2, 1]
        await pilot.press("g")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert screen_name(app) == "ManageScreen"
        assert [game.st.deeds[i].level for i in BROWNS] == [0, 0, 0] and game.st.players[0].cash == cash + 100


# -- 2. bids and trade sums are whole numbers; a bid far above the price asks first ----------------
def test_whole_numbers_as_people_type_sums():
    from megamono.tui.widgets.amount import whole_number

    assert [whole_number(t) for t in ("120", " 120 ", "$120", "1,000", "$12,345,678")] == \
        [120, 120, 120, 1000, 12345678]
    assert [whole_number(t) for t in ("81.5", "81,5", "1,00", "", "$", "1.000", "٣")] == [None] * 7
    assert whole_number("$5", money=False) is None


async def test_a_bid_that_is_not_a_whole_number_is_refused_and_nothing_is_bid(saves):
    from tui_helpers import new_game

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
    from tui_helpers import new_game

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
    from megamono.rules.actions import Build
    from tui_helpers import new_game

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


async def test_trade_cash_that_is_not_a_whole_number_is_refused(saves):
    from tui_helpers import new_game

    game = new_game()
    game.st.deeds[1].owner = 1
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("x")
        await pilot.pause()
        trade = app.screen
        assert screen_name(app) == "TradeScreen" and app.focused.id == "cash-give"
        await pilot.press(*"81.5")
        await pilot.pause()
        assert trade.query_one("#cash-give").value == "81.5"
        assert "cash: 81.5 is not a whole number of dollars" in str(trade.query_one("#why").render())
        assert trade.offer is None and trade.check_action("propose", ()) is None
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert screen_name(app) == "TradeScreen" and game.pending.kind == "turn"
        await pilot.press("backspace", "backspace", "tab", *"1.5")  # jail cards: 1.5
        await pilot.pause()
        assert "jail cards: 1.5 is not a whole number" in str(trade.query_one("#why").render())
        await pilot.press("backspace", "backspace", "backspace")
        await pilot.pause()
        assert trade.offer is not None and trade.offer.give.cash == 81


# -- 6. an Enter typed ahead after a computer's bid does not bid -----------------------------------
class RaisingBot:
    """A computer bidder that raises by $5 while it may (deterministic, unlike the real bots)."""

    def choose(self, game, p):
        from megamono.rules.actions import Bid, DropOut

        bid = Bid(player=p, amount=game.min_bid() + 4)
        return bid if game.why_not(bid) is None else DropOut(player=p)


async def test_after_a_computers_bid_the_dialog_shows_it_and_ignores_keys_typed_ahead(saves):
    from megamono.tui.screens.game import AFTER_COMPUTER_GUARD

    game = Game.new("mega", ["Ann", {"name": "Robo", "kind": "computer"}], seed=1, dice=[(1, 2, 1)],
                    seat_order=True)
    app = app_for(game, saves)
    app.pass_notices = True
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen_stack[-1]
        await pilot.pause()
        await pilot.press("enter")  # Ann's hand-over
        screen = next(s for s in app.screen_stack if type(s).__name__ == "GameScreen")
        screen.bots[1] = RaisingBot()
        await pilot.press("r", "a")  # Ann lands on Arctic Avenue and declines: Robo bids first ...
        await pilot.pause()
        await pilot.pause()
        # ... and Ann bids next: the same person as before, so no hand-over
        assert screen_name(app) == "BidDialog" and game.pending.player == 0
        assert game.pending.high_bid == 14 and game.pending.high_bidder == 1
        assert app.screen.GUARD == AFTER_COMPUTER_GUARD  # a longer guard than a dialog's own
        await pilot.press("enter")  # Ann bids the minimum, $15; Robo raises to $20
        await pilot.pause()
        await pilot.pause()
        dialog = app.screen
        assert screen_name(app) == "BidDialog" and game.pending.player == 0 and game.pending.high_bid == 20
        body = str(dialog.query_one("#body").render())
        assert "Since your last bid: Robo (R, computer) bids $20." in body
        app.test_mode = False  # the guard is off in test mode
        try:
            dialog.GUARD = 60.0  # long enough that a slow machine cannot outlast it
            await pilot.press("enter")  # "I am ready", typed ahead: ignored
            await pilot.pause()
            assert screen_name(app) == "BidDialog" and game.pending.high_bid == 20
            assert game.pending.player == 0
            dialog.GUARD = 0.0  # the guard time is over: Enter bids
            await pilot.press("enter")
            await pilot.pause()
            assert game.pending.high_bid >= 21 and dialog is not app.screen
        finally:
            app.test_mode = True


# -- 7. each edition's own options and keys; wrapped lines keep their indent ---------------------
async def test_classic_hides_the_speed_die_option_and_the_mega_keys_in_the_help(saves):
    from megamono.tui.app import MegamonoApp

    app = MegamonoApp(saves, seed=42, test_mode=True, seat_order=True)
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
    from megamono.rules.editions import load_edition
    from megamono.tui.screens.help import help_text

    text = help_text(load_edition("mega"))
    assert "  t        play a Bus Ticket" in text and "d build/sell a depot" in text
    assert "Enter choose: triples, the Auction space, Bus Ticket rides" in text
    assert "S skyscraper, D depot" in text and "@" not in text
    assert help_text() == text  # no game: every key


def test_hanging_indent():
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


async def test_the_deed_card_in_a_board_pick_keeps_its_rent_lines_indented(saves):
    from tui_helpers import new_game

    game = new_game(dice=[(2, 2, 2)])  # triples: move anywhere
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        dialog = app.screen
        assert screen_name(app) == "BoardPickDialog"
        for _ in range(40):  # to a street with a long rent ladder
            if game.ed.spaces[dialog.cursor].kind == "street" and game.ed.spaces[dialog.cursor].price >= 200:
                break
            await pilot.press("right")
        await pilot.pause()
        body = dialog.query_one("#body")
        lines = str(body.render()).split("\n")
        width = body.content_size.width
        assert all(len(line) <= width for line in lines)
        k = next(i for i, line in enumerate(lines) if line.startswith("Rent"))
        assert lines[k + 1].startswith("    ") and "H $" in lines[k + 1]
