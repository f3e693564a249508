"""Trades, ending early by vote (E2), claimed rent, undo and the rules screen, all by keys."""

from __future__ import annotations

import re

from megamono.rules.engine import Game
from megamono.tui.app import MegamonoApp
from megamono.tui.runtime import Runtime
from megamono.tui.screens.trade import propose
from textual.widgets import MarkdownViewer
from tui_helpers import SIZE, app_for, new_game, screen_name, settle

MEDITERRANEAN, BALTIC, ARCTIC, READING = 1, 3, 4, 6


def trading_game() -> Game:
    """Ann holds two browns and Reading Railroad; Bob holds the third brown."""
    game = new_game()
    st = game.st
    st.deeds[MEDITERRANEAN].owner = st.deeds[ARCTIC].owner = st.deeds[READING].owner = 0
    st.deeds[BALTIC].owner = 1
    return game


async def propose_reading_and_100_for_baltic(pilot, app) -> None:
    await pilot.press("x")
    await pilot.pause()
    trade = app.screen
    assert screen_name(app) == "TradeScreen" and trade.proposer == 0 and trade.partner == 1
    assert app.focused.id == "cash-give"
    await pilot.press(*"100", "tab", "tab", "tab")  # cash, then past the jail cards and Bus Tickets
    assert app.focused.id == "deeds-give"
    await pilot.press("down", "down", "space")  # past Mediterranean and Arctic: Reading Railroad
    await pilot.press("tab", "tab", "tab", "tab")
    assert app.focused.id == "deeds-take"
    await pilot.press("space")  # Baltic Avenue
    await pilot.pause()
    assert trade.offer.give.cash == 100 and trade.offer.give.deeds == [READING]
    assert trade.offer.take.deeds == [BALTIC]
    assert "Ready" in str(trade.query_one("#why").render())
    await pilot.press("ctrl+g")
    await pilot.pause()


async def test_a_trade_proposed_passed_and_accepted(saves):
    game = trading_game()
    app = app_for(game, saves)
    app.pass_notices = True
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Ann has the keyboard
        await propose_reading_and_100_for_baltic(pilot, app)
        assert game.pending.kind == "trade_reply" and game.pending.player == 1
        assert screen_name(app) == "PassKeyboard" and app.screen.player == 1  # pass it to Bob
        await pilot.press("enter")
        await pilot.pause()
        assert screen_name(app) == "TradeReplyDialog"
        body = str(app.screen.query_one("#body").render())
        assert "Reading Railroad" in body and "$100 cash" in body and "completes Brown for Ann" in body
        st_before = game.st.model_dump()
        await pilot.press("m")  # Bob looks at his deeds before answering (README: m in any dialog)
        await pilot.pause()
        assert screen_name(app) == "ManageScreen" and app.screen.player == 1
        await pilot.press("o")  # but the rules allow no managing while an offer is open: it says why
        await pilot.pause()
        assert st_before == game.st.model_dump() and "must accept or refuse the trade" in app.notices[-1]
        await pilot.press("escape")  # back to the offer, with no second hand-over
        await pilot.pause()
        assert screen_name(app) == "TradeReplyDialog" and app.screen.player == 1
        await pilot.press("a")
        await pilot.pause()
        st = game.st
        assert st.deeds[BALTIC].owner == 0 and st.deeds[READING].owner == 1
        assert st.players[0].cash == 2400 and st.players[1].cash == 2600
        assert screen_name(app) == "PassKeyboard" and app.screen.player == 0  # and back to Ann
        await pilot.press("enter")
        assert game.pending.kind == "turn" and game.pending.player == 0
        assert any("Bob accepts" in n for n in app.notices)


async def test_a_trade_refused_changes_nothing(saves):
    game = trading_game()
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await propose_reading_and_100_for_baltic(pilot, app)
        assert screen_name(app) == "TradeReplyDialog" and app.screen.player == 1
        await pilot.press("r")
        await pilot.pause()
        st = game.st
        assert st.deeds[BALTIC].owner == 1 and st.deeds[READING].owner == 0
        assert st.players[0].cash == 2500 and st.players[1].cash == 2500
        assert game.pending.kind == "turn" and game.pending.player == 0
        assert any(e.say(game) == "Bob refuses the trade" for e in st.log)


async def test_the_trade_screen_explains_what_blocks(saves):
    game = trading_game()
    st = game.st
    st.deeds[ARCTIC].level = st.deeds[MEDITERRANEAN].level = 0
    st.deeds[BALTIC].owner = 0
    st.deeds[BALTIC].level = 1  # Ann has a house in Brown: no brown deed of hers can be traded (X2)
    st.bank.houses -= 1
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("x")
        await pilot.pause()
        trade = app.screen
        deeds = trade.query_one("#deeds-give")
        # every deed is listed (the cursor stops on each); the three brown ones are kept out, with why
        values = [deeds.get_option_at_index(k).value for k in range(deeds.option_count)]
        assert [v in deeds.locked for v in values] == [True, True, True, False]
        assert "built group, X2" in str(deeds.get_option_at_index(0).prompt)
        await pilot.press(*"9999")
        await pilot.pause()
        assert re.search(r"Ann has only \$2,?500", str(trade.query_one("#why").render()))
        assert trade.check_action("propose", ()) is None
        await pilot.press("escape")
        await pilot.pause()
        assert screen_name(app) == "GameScreen" and game.pending.kind == "turn"


async def test_a_computer_partner_answers_by_itself(saves):
    game = Game.new("mega", [{"name": "Ann"}, {"name": "Bob", "kind": "computer"}], seed=2, seat_order=True)
    game.st.deeds[BALTIC].owner = 1
    app = MegamonoApp(saves, runtime=Runtime.scripted(), game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("x")
        await pilot.pause()
        await pilot.press(*"5")  # $5 for Baltic Avenue: the computer refuses
        app.screen.query_one("#deeds-take").focus()
        await pilot.pause()
        await pilot.press("space")
        await pilot.pause()
        assert app.screen.offer.take.deeds == [BALTIC]
        await pilot.press("ctrl+g")
        await settle(pilot, app, until=lambda: game.pending.kind == "turn")
        assert game.st.deeds[BALTIC].owner == 1 and game.st.players[0].cash == 2500
        assert any(e.say(game) == "Bob refuses the trade" for e in game.st.log)


async def test_ending_early_by_votes_goes_to_game_over(saves):
    game = Game.new("mega", ["Ann", "Bob", {"name": "Cat", "kind": "computer"}], seed=1, seat_order=True)
    app = MegamonoApp(saves, runtime=Runtime.scripted(), game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e")
        await pilot.pause()
        assert screen_name(app) == "ConfirmDialog"
        await pilot.press("y")
        await pilot.pause()
        assert game.pending.kind == "end_vote" and game.pending.player == 1
        assert screen_name(app) == "EndVoteDialog"
        await pilot.press("n")  # Bob wants to play on
        await pilot.pause()
        assert game.pending.kind == "turn" and not game.over
        await pilot.press("e", "y")
        await pilot.pause()
        await pilot.press("y")  # Bob agrees; Cat, a computer, votes by itself
        await settle(pilot, app, until=lambda: screen_name(app) == "GameOverScreen")
        assert game.over and game.st.winners == [0, 1, 2]  # all worth $2,500: a shared win
        text = str(app.screen.query_one("Static").render())
        assert "share the win" in text and "Final worth" in text and "$2,500" in text


async def test_the_turn_limit_ends_the_game(saves):
    game = Game.new("mega", ["Ann", "Bob"], seed=1, seat_order=True, dice=[(1, 2, 1), (2, 3, 1)],
                    options={"turn_limit": 1})
    game.st.players[1].cash = 2000
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        assert "round 1 of 1" in str(app.screen.query_one("#status").render())
        await pilot.press("r", "b")  # Ann buys Arctic Avenue
        await pilot.pause()
        await pilot.press("r", "b")  # Bob buys Reading Railroad: round 1 is over
        await settle(pilot, app, until=lambda: screen_name(app) == "GameOverScreen")
        assert game.st.winners == [0]
        text = str(app.screen.query_one("Static").render())
        assert "turn limit is reached" in text and "Ann (A) wins!" in text


async def test_claiming_rent_with_c(saves):
    game = Game.new("mega", ["Ann", "Bob", "Cat"], seed=1, seat_order=True, dice=[(1, 2, 1), (1, 2, 1)],
                    options={"rent_must_be_claimed": True})
    game.st.deeds[ARCTIC].owner = 0
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert screen.check_action("key", ("claim",)) is None  # nothing to claim yet
        await pilot.press("r")  # Ann lands on her own Arctic Avenue
        await pilot.pause()
        await pilot.press("r")  # Bob lands on it: Ann may claim the rent
        await pilot.pause()
        st = game.st
        assert len(st.claims) == 1 and game.pending.player == 2
        rent = st.claims[0].amount
        line = str(screen.query_one("#claims").render())
        assert f"Ann (A) may claim ${rent} rent for Arctic Avenue from Bob (B)" in line
        assert screen.check_action("key", ("claim",)) is True
        await pilot.press("c")
        await pilot.pause()
        assert not st.claims and st.players[0].cash == 2500 + rent and st.players[1].cash == 2500 - rent
        assert not screen.query_one("#claims").display
        assert game.pending.kind == "turn" and game.pending.player == 2  # Cat's turn goes on


async def test_a_computer_claims_its_rent(saves):
    game = Game.new("mega", [{"name": "Ann", "kind": "computer"}, "Bob", "Cat"], seed=1, seat_order=True,
                    dice=[(1, 2, 1)], options={"rent_must_be_claimed": True})
    game.st.deeds[ARCTIC].owner = 0
    game.st.turn.player, game.st.pending.player = 1, 1  # start with Bob's turn
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")  # Bob lands on Ann's Arctic Avenue; Cat is next: Ann claims at once
        await settle(pilot, app, until=lambda: game.pending.player == 2)
        await pilot.pause()
        assert not game.st.claims and game.st.players[1].cash < 2500
        assert any("(claimed)" in e.say(game) for e in game.st.log)


async def test_undo_takes_back_only_the_players_own_decision(saves):
    game = new_game(dice=[(1, 2, 1)])
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert screen.check_action("key", ("undo",)) is None  # nothing to undo yet
        await pilot.press("r")
        await pilot.pause()
        assert screen.check_action("key", ("undo",)) is None  # a roll cannot be undone
        await pilot.press("a")  # Ann declines Arctic Avenue: the auction starts with Bob
        await pilot.pause()
        assert game.pending.kind == "bid" and screen_name(app) == "BidDialog"
        await pilot.press("escape")  # Bob looks at the board
        await pilot.pause()
        assert game.why_not_undo() is None  # the core could take it back ...
        assert screen.check_action("key", ("undo",)) is None  # ... but it is Ann's decision, not Bob's
        await pilot.press("u")
        await pilot.pause()
        assert screen_name(app) == "GameScreen"  # no question: refused at once, saying whose it is
        assert app.notices[-1].startswith("Undo: the last decision is Ann's (decline buy), not Bob's")
        assert game.pending.kind == "bid" and game.history[-1].kind == "decline_buy"


async def test_the_rules_screen_shows_the_rules(saves):
    app = app_for(new_game(), saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert screen_name(app) == "RulesScreen"
        viewer = app.screen.query_one(MarkdownViewer)
        assert "How megamono plays Monopoly" in viewer.document.source
        assert app.focused is viewer
        await pilot.press("pagedown")
        await pilot.pause()
        assert viewer.scroll_y > 0
        await pilot.press("escape", "h")
        await pilot.pause()
        assert screen_name(app) == "HelpScreen"
        await pilot.press("r")  # from the help screen too
        await pilot.pause()
        assert screen_name(app) == "RulesScreen"


async def test_the_last_house_asked_auctioned_and_placed(saves):
    from megamono.rules.actions import Build

    game = new_game()
    st = game.st
    for owner, spaces, level in ((0, (1, 3), 0), (1, (7, 8, 11), 0), (2, (40, 41, 42, 44), 4),
                                 (2, (21, 23, 24), 4), (2, (25,), 3)):
        for i in spaces:
            st.deeds[i].owner, st.deeds[i].level = owner, level
            st.bank.houses -= level
    assert st.bank.houses == 1
    game.act(Build(player=0, space=1))  # Ann wants the bank's last house
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert screen_name(app) == "ShortageDialog" and app.screen.player == 1
        assert "only one house left" in str(app.screen.query_one("#body").render())
        await pilot.press("y")  # Bob wants it too
        await pilot.pause()
        if game.pending.kind == "shortage_ask":
            await pilot.press("n")  # Cat does not
            await pilot.pause()
        assert game.pending.kind == "bid" and game.pending.player == 1
        await pilot.press("ctrl+a", "ctrl+k", "7", "5", "enter")  # Bob bids $75
        await pilot.pause()
        await pilot.press("d")  # Ann drops out
        await pilot.pause()
        assert game.pending.kind == "place_piece" and screen_name(app) == "BoardPickDialog"
        await pilot.press("right", "enter")  # Oriental Avenue (7) -> Vermont Avenue (8)
        await pilot.pause()
        assert [st.deeds[i].level for i in (1, 7, 8, 11)] == [0, 0, 1, 0]
        assert st.players[1].cash == 2500 - 75 and st.bank.houses == 0
        assert game.pending.kind == "turn" and game.pending.player == 0


async def test_X3_B8_B7_a_trade_completes_a_built_group_then_a_shortage_auction(saves):
    """The story of ``saves/examples/trade-and-shortage.json``, by keys: Ann buys Arctic Avenue from
    Bob, levels Brown by building (B8), builds on until the bank's last house, which Bob wants too, so it
    is auctioned (B7) and Ann places it."""
    from pathlib import Path

    from megamono.saves import load_game

    example = Path(__file__).resolve().parents[2] / "saves" / "examples" / "trade-and-shortage.json"
    game = load_game(example)
    st = game.st
    app = app_for(game, saves)
    app.pass_notices = True
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Ann has the keyboard
        await pilot.press("x")
        await pilot.pause()
        assert screen_name(app) == "TradeScreen"
        await pilot.press(*"250")  # Ann's cash; then Tab past her jail cards, Bus Tickets, deeds and
        await pilot.press(*["tab"] * 7, "space")  # Bob's cash, jail cards and Bus Tickets, to his deeds
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert screen_name(app) == "PassKeyboard" and app.screen.player == 1
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("a")  # Bob accepts
        await pilot.pause()
        assert st.deeds[4].owner == 0 and game.pending.kind == "levelling"
        await pilot.press("enter")  # the keyboard back to Ann
        await pilot.pause()
        assert screen_name(app) == "LevellingDialog"
        await pilot.press("b")
        await pilot.pause()
        assert [st.deeds[i].level for i in (1, 3, 4)] == [2, 2, 1] and st.bank.houses == 4
        await pilot.press("m")
        await pilot.pause()
        assert screen_name(app) == "ManageScreen"
        await pilot.press("down", "down", "b", "up", "up", "b", "down", "b")  # Arctic, Mediterranean, Baltic
        await pilot.pause()
        assert [st.deeds[i].level for i in (1, 3, 4)] == [3, 3, 2] and st.bank.houses == 1
        await pilot.press("down", "b")  # the last house: Bob could place one too
        await pilot.pause()
        assert game.pending.kind == "shortage_ask" and game.pending.player == 1
        assert screen_name(app) == "ShortageDialog"  # asked on the same screen, no hand-over (B7)
        await pilot.press("y")
        await pilot.pause()
        assert screen_name(app) == "OpenAuctionDialog"  # the whole table bids at one screen (A3)
        await pilot.press("2", "t")  # Bob opens at $10
        await pilot.pause()
        await pilot.press("1", "t")  # Ann: $20
        await pilot.pause()
        await pilot.press("2", "p")  # Bob passes: the auction closes
        await pilot.pause()
        assert game.pending.kind == "place_piece" and game.pending.player == 0
        await pilot.press("enter")  # Ann (who had the keyboard) places the house
        await pilot.pause()
        assert [st.deeds[i].level for i in (1, 3, 4)] == [3, 3, 3] and st.bank.houses == 0
        assert st.players[0].cash == 2430 - 250 - 50 * 4 - 20
        assert game.pending.kind == "turn" and game.pending.player == 0


async def test_an_offer_in_another_players_name_needs_that_players_yes(saves):
    """Hot seat: Ann holds the keyboard and composes an offer in Bob's name; Bob must agree first."""
    from megamono.rules.actions import ProposeTrade
    from megamono.rules.decisions import TradeSide

    game = trading_game()
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        offer = ProposeTrade(player=1, partner=0, give=TradeSide(cash=500), take=TradeSide())
        propose(screen, offer)  # what the trade screen sends back with Bob chosen as the proposer
        await pilot.pause()
        assert screen_name(app) == "ConfirmDialog"
        assert "Pass the keyboard to Bob" in app.screen.question and "Bob gives $500" in app.screen.question
        await pilot.press("n")  # Bob does not make it
        await pilot.pause()
        assert game.pending.kind == "turn" and game.st.players[1].cash == 2500
        assert any("Bob did not make the offer" in n for n in app.notices)
        propose(screen, offer)
        await pilot.pause()
        await pilot.press("y")  # Bob agrees: the offer goes to Ann
        await pilot.pause()
        assert game.pending.kind == "trade_reply" and game.pending.player == 0
        # Ann's own offers go straight out
        await pilot.press("r")  # Ann refuses Bob's offer
        await pilot.pause()
        assert game.pending.kind == "turn"


async def test_trade_cash_that_is_not_a_whole_number_is_refused(saves):
    """Found by a newcomer: a sum typed as 81.5 was read as 815. Trade sums that are not whole numbers are
    refused with a message, and no offer can be proposed."""
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
