"""The trade screen as a newcomer met it, by keys: the partner offered first is the first other human,
not a computer; the deed list's cursor goes through every deed in board order and stops at the ends (it
skipped the deeds the rules keep out of trades and wrapped around: five presses of the down arrow
ticked the wrong deed twice), and Space ticks the deed under it, or says why it cannot; an offer left
with Esc comes back when the screen opens again in the same turn (kept by the app, megamono.tui.drafts)."""

from __future__ import annotations

from megamono.rules.engine import Game
from megamono.tui.drafts import TradeDraft, TradeDrafts
from tui_helpers import SIZE, app_for, new_game, screen_name

# Ann's deeds in board order (Mega): the three browns (a house on Baltic: Brown is kept out, X2), Reading
# Railroad, Oriental Avenue, Gas Company, Vermont Avenue, Connecticut Avenue
MEDITERRANEAN, BALTIC, ARCTIC, READING, ORIENTAL, GAS, VERMONT, CONNECTICUT = 1, 3, 4, 6, 8, 10, 11, 12
ANNS = [MEDITERRANEAN, BALTIC, ARCTIC, READING, ORIENTAL, GAS, VERMONT, CONNECTICUT]


def table() -> Game:
    """Ann and Cat are human, Bob (seated between them) a computer."""
    game = new_game(names=["Ann", {"name": "Bob", "kind": "computer"}, "Cat"])
    st = game.st
    for i in ANNS:
        st.deeds[i].owner = 0
    st.deeds[BALTIC].level = 1  # a house on Brown, complete: no brown deed of Ann's is tradeable (X2)
    st.bank.houses -= 1
    return game


async def open_trade(pilot, app):
    await pilot.press("x")
    await pilot.pause()
    assert screen_name(app) == "TradeScreen"
    return app.screen


async def test_the_partner_offered_first_is_the_first_other_human_not_a_computer(saves):
    app = app_for(table(), saves)
    async with app.run_test(size=SIZE) as pilot:
        trade = await open_trade(pilot, app)
        assert trade.proposer == 0 and trade.partner == 2  # Cat, past Bob the computer
        assert "Cat" in str(trade.query_one("#side-take .head").render())


async def test_the_deed_cursor_goes_through_every_deed_in_order_and_space_ticks_the_one_under_it(saves):
    app = app_for(table(), saves)
    async with app.run_test(size=SIZE) as pilot:
        trade = await open_trade(pilot, app)
        await pilot.press("tab", "tab", "tab")  # past cash, jail cards and Bus Tickets
        deeds = trade.query_one("#deeds-give")
        assert app.focused is deeds and deeds.highlighted == 0  # Mediterranean, kept out (X2): still a stop
        assert trade.query_one("#side-give .deeds").has_class("-focused")  # its label is marked
        await pilot.press("space")
        await pilot.pause()
        assert deeds.selected == [] and app.notices[-1].startswith("Not tradeable: ")
        await pilot.press(*["down"] * 5, "space")  # the sixth deed: Gas Company
        await pilot.pause()
        assert deeds.highlighted == 5 and deeds.selected == [GAS]
        await pilot.press(*["down"] * 5, "space")  # stops at the last (no wrap): Connecticut Avenue
        await pilot.pause()
        assert deeds.highlighted == len(ANNS) - 1 and sorted(deeds.selected) == [GAS, CONNECTICUT]
        await pilot.press(*["up"] * 9)  # and at the first
        assert deeds.highlighted == 0
        assert trade.offer.give.deeds == [GAS, CONNECTICUT]


async def test_an_offer_left_with_esc_comes_back_in_the_same_turn(saves):
    game = table()
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        trade = await open_trade(pilot, app)
        await pilot.press(*"120", "tab", "tab", "tab", "down", "down", "down", "space")  # $120, Reading Railroad
        await pilot.pause()
        assert trade.offer.give.cash == 120 and trade.offer.give.deeds == [READING]
        trade.query_one("#partner").focus()
        await pilot.press("enter", "up", "enter")  # the offer goes to Bob instead
        await pilot.pause()
        assert trade.partner == 1
        await pilot.press("escape")
        await pilot.pause()
        assert screen_name(app) == "GameScreen"
        again = await open_trade(pilot, app)
        assert again is not trade and (again.proposer, again.partner) == (0, 1)
        assert again.offer.give.cash == 120 and again.offer.give.deeds == [READING]
        assert again.query_one("#cash-give").value == "120"
        # proposed, the draft is gone: the next trade starts empty
        await pilot.press("ctrl+g")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        third = await open_trade(pilot, app)
        assert third.offer is None or third.offer.give.cash == 0
        assert third.query_one("#cash-give").value == ""


def test_a_draft_belongs_to_its_turn():
    drafts = TradeDrafts()
    drafts.keep(TradeDraft(turn=("g", 1, 5), proposer=0, partner=2, fields=(("cash-give", "7"),), deeds=()))
    assert drafts.get(("g", 1, 5)) is not None
    assert drafts.get(("g", 1, 6)) is None  # another turn: forgotten
    assert drafts.get(("g", 1, 5)) is None
