"""The counter-offer (issue 15 item 2): a human answering a trade offer presses ``c``; the offer is
refused and the trade screen opens filled with it reversed, to change and send back; a computer
answers a counter-offer by the valuation it answers any offer with."""

from __future__ import annotations

from megamono.bots import make_bot
from megamono.rules.engine import Game
from tui_helpers import SIZE, app_for, new_game, screen_name, settle

MEDITERRANEAN, BALTIC, ARCTIC, READING = 1, 3, 4, 6
ANN, BOB = 0, 1


def offer_from_the_computer() -> Game:
    """Ann, a strong computer, holds two Orange lots and is to move; Bob, a human, holds the third."""
    game = new_game(names=[{"name": "Ann", "kind": "computer"}, "Bob", "Cat"])
    st = game.st
    st.deeds[21].owner = st.deeds[23].owner = ANN
    st.deeds[24].owner = BOB
    return game


async def the_offer(pilot, app, game: Game):
    await settle(pilot, app, until=lambda: screen_name(app) == "TradeReplyDialog")
    offer = game.pending.trade
    assert offer.proposer == ANN and offer.partner == BOB and offer.take.deeds == [24]
    return offer


async def test_counter_opens_the_trade_screen_with_the_offer_reversed(saves):
    game = offer_from_the_computer()
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        offer = await the_offer(pilot, app, game)
        assert "Counter [c]" in str(app.screen.query_one("#opt-c").label)
        await pilot.press("c")
        await pilot.pause()
        assert screen_name(app) == "TradeScreen"
        trade = app.screen
        assert (trade.proposer, trade.partner) == (BOB, ANN)
        assert "Counter-offer" in str(trade.query_one("#thead").render())
        # the offer was refused (no trade is proposed while one waits), and the computer waits
        assert game.pending.kind == "turn" and game.pending.player == ANN
        assert any(type(ev).__name__ == "TradeRefused" for ev in game.st.log)
        assert trade.offer.give.deeds == [24] and trade.offer.take.cash == offer.give.cash
        assert trade.query_one("#cash-take").value == str(offer.give.cash)
        assert "Ready" in str(trade.query_one("#why").render())
        await pilot.press("ctrl+g")  # sent back as it stands: Ann made this offer, so she takes it
        await settle(pilot, app, until=lambda: game.st.deeds[24].owner == ANN)
        assert game.st.players[BOB].cash == 2500 + offer.give.cash


async def test_a_computer_answers_a_counter_offer_by_its_valuation(saves):
    game = offer_from_the_computer()
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        offer = await the_offer(pilot, app, game)
        await pilot.press("c")
        await pilot.pause()
        trade = app.screen
        trade.query_one("#cash-take").focus()
        await pilot.press("ctrl+a", "ctrl+k", *str(offer.give.cash + 900))  # ask $900 more
        await pilot.pause()
        assert trade.offer.take.cash == offer.give.cash + 900
        counter = trade.offer
        what_if = Game.from_dict(game.to_dict())  # (what the valuation says of it, on a copy)
        what_if.act(counter)
        assert make_bot("strong", 0).choose(what_if, ANN).kind == "refuse_trade"
        await pilot.press("ctrl+g")
        await settle(pilot, app, until=lambda: game.pending.kind != "trade_reply")
        assert game.st.deeds[24].owner == BOB and game.st.players[BOB].cash == 2500
        assert any(type(ev).__name__ == "TradeOffered" and ev.offer == counter.offer() for ev in game.st.log)


async def test_esc_on_the_counter_sends_nothing_and_the_offer_stays_refused(saves):
    game = offer_from_the_computer()
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await the_offer(pilot, app, game)
        offers = len(game.history)
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("escape")
        await settle(pilot, app, until=lambda: game.pending.kind != "turn" or game.st.turn.number > 1)
        assert [a.kind for a in game.history[offers:offers + 2]] == ["refuse_trade", "roll"]
        assert game.st.deeds[24].owner == BOB


async def test_a_human_counters_a_humans_offer(saves):
    """Between two humans: Bob counters Ann's offer, asking $50 more; the offer goes to Ann."""
    game = new_game()
    st = game.st
    st.deeds[MEDITERRANEAN].owner = st.deeds[ARCTIC].owner = st.deeds[READING].owner = ANN
    st.deeds[BALTIC].owner = BOB
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        from test_trades_and_endings import propose_reading_and_100_for_baltic
        await propose_reading_and_100_for_baltic(pilot, app)
        assert screen_name(app) == "TradeReplyDialog" and app.screen.player == BOB
        await pilot.press("c")
        await pilot.pause()
        trade = app.screen
        assert (trade.proposer, trade.partner) == (BOB, ANN)
        assert trade.offer.give.deeds == [BALTIC]
        assert trade.offer.take.deeds == [READING] and trade.offer.take.cash == 100
        trade.query_one("#cash-take").focus()
        await pilot.press("ctrl+a", "ctrl+k", *"150")
        await pilot.press("ctrl+g")
        await pilot.pause()
        pend = game.pending
        assert pend.kind == "trade_reply" and pend.player == ANN
        assert pend.trade.proposer == BOB and pend.trade.take.cash == 150 and pend.trade.take.deeds == [READING]


async def test_both_deed_lists_scroll_visibly_at_100x30(saves):
    """Found play-testing at 100x30: in the counter-offer, the player's own deed list (with the focus)
    seemed to have no scrollbar when it overflowed, while the other list had one. Both had one, but
    Textual's thumb was the colour of the focused list's highlighted row beside it. Both lists scroll,
    with a thumb in the accent colour over a lighter track, and the label says "more ▲▼". Below 36 rows
    the screen drops its blank lines, so each list shows more than a few deeds (11 rows at 100x30)."""
    game = offer_from_the_computer()
    app = app_for(game, saves)
    async with app.run_test(size=(100, 30)) as pilot:
        await the_offer(pilot, app, game)
        st = game.st
        free = [i for i, d in st.deeds.items() if d.owner is None]
        for i in free[:14]:
            st.deeds[i].owner = BOB
        for i in free[14:28]:
            st.deeds[i].owner = ANN
        await pilot.press("c")
        await pilot.pause()
        trade = app.screen
        assert screen_name(app) == "TradeScreen"
        labels = {}
        assert trade.has_class("-short")
        for role in ("give", "take"):
            deeds = trade.query_one(f"#deeds-{role}")
            assert deeds.size.height >= 10
            assert deeds.option_count > deeds.size.height and deeds.max_scroll_y > 0  # it overflows
            assert deeds.show_vertical_scrollbar and deeds.scrollbar_size_vertical == 1
            assert deeds.vertical_scrollbar.region.height == deeds.size.height  # drawn beside the rows
            thumb = deeds.styles.scrollbar_color.rich_color
            assert thumb != deeds.styles.scrollbar_background.rich_color
            for part in ("option-list--option-highlighted", "option-list--option"):
                assert thumb != deeds.get_component_rich_style(part).bgcolor  # not lost beside a row
            labels[role] = str(trade.query_one(f"#side-{role} .label-deeds").render())
        # Bob gives New York Avenue, ticked and shown: the last of his; Ann's list starts at the top
        assert labels == {"give": "Deeds (Space ticks one): 15, more ▲",
                          "take": "Deeds (Space ticks one): 16, more ▼"}
        take = trade.query_one("#deeds-take")
        take.focus()
        await pilot.press(*["down"] * take.size.height)
        await pilot.pause()
        assert take.scroll_y > 0
        assert str(trade.query_one("#side-take .label-deeds").render()) == "Deeds (Space ticks one): 16, more ▲▼"


async def test_a_counter_offer_in_a_third_players_name_is_put_to_that_player_first(saves):
    """Found by a newcomer: Cat countered Bob's offer with one in Ann's name (Ann gives Tennessee Avenue for
    nothing), Ctrl+G sent it straight to Bob and Ann lost the deed without seeing it. The proposer, when it
    is not the one who refused, must pass by the keyboard and agree first."""
    from megamono.rules.actions import ProposeTrade
    from megamono.rules.decisions import TradeSide

    game = offer_from_the_computer()
    game.st.deeds[BALTIC].owner = 2  # (Cat holds Baltic Avenue)
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await the_offer(pilot, app, game)
        await pilot.press("c")
        await pilot.pause()
        assert screen_name(app) == "TradeScreen"
        third = ProposeTrade(player=2, partner=ANN, give=TradeSide(deeds=[BALTIC]), take=TradeSide())
        app.screen.dismiss(third)  # (what the screen sends with Cat chosen as the proposer)
        await pilot.pause()
        assert screen_name(app) == "ConfirmDialog" and "Pass the keyboard to Cat" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert game.st.deeds[BALTIC].owner == 2 and game.pending.kind == "turn"
