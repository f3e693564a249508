"""The coach (``j``, issue 28 item 5): for the decision a human is answering, the answers as the expert weighs
them, best first, each with the chance to win after it and its interval; from the board, every decision dialog
and the open auction (for the seat chosen, the countdown standing still); it never decides, and the figures
are the core's (:func:`megamono.bots.expert.coach` on the same seed) whatever the route."""

from __future__ import annotations

from megamono.bots.expert import coach
from megamono.tui.runtime import SCRIPTED_PLAYOUTS
from megamono.tui.screens.coach import CoachScreen
from textual.widgets import Static
from tui_helpers import SIZE, app_for, new_game, screen_name, settle, shown

OPEN = {"auction_bidding": "open"}


def state_of(game) -> dict:
    return game.st.model_dump(mode="json")


async def test_the_coach_weighs_buy_and_auction_in_the_buy_dialog_and_decides_nothing(saves):
    game = new_game(dice=[(1, 2, 1)])  # Ann lands on Arctic Avenue
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await settle(pilot, app, until=lambda: screen_name(app) == "BuyDialog")
        before, history = state_of(game), list(game.history)
        await pilot.press("j")
        await settle(pilot, app, until=lambda: screen_name(app) == "CoachScreen")
        screen = app.screen
        assert isinstance(screen, CoachScreen) and screen.player == 0
        await settle(pilot, app, until=lambda: screen.advice is not None)
        advice = screen.advice
        assert {a.action.kind for a in advice} == {"buy", "decline_buy"}
        assert advice == coach(game, 0, SCRIPTED_PLAYOUTS)  # the core's figures: the same by any route
        assert all(a.low <= a.chance <= a.high for a in advice)
        table = shown(screen.query_one("#coach-table", Static))
        assert "best" in table and "Buy Arctic Avenue" in table and f"{advice[0].chance:.1%}" in table
        assert state_of(game) == before and game.history == history  # it only shows
        await pilot.press("escape")
        await settle(pilot, app, until=lambda: screen_name(app) == "BuyDialog")
        assert game.pending.kind == "buy"


async def test_the_coach_from_the_board_at_the_start_of_a_turn(saves):
    game = new_game()
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("j")
        await settle(pilot, app, until=lambda: screen_name(app) == "CoachScreen")
        screen = app.screen
        await settle(pilot, app, until=lambda: screen.advice is not None)
        assert screen.advice[0].action.kind == "roll"
        assert "Coach" in shown(screen.query_one("#coach-note", Static)) or "you decide" in shown(
            screen.query_one("#coach-note", Static))
        await pilot.press("j")  # (j again closes it)
        await settle(pilot, app, until=lambda: screen_name(app) == "GameScreen")
        assert game.pending.kind == "turn" and not game.history


async def test_the_coach_in_the_open_auction_is_for_the_seat_chosen_and_holds_the_countdown(saves):
    game = new_game(dice=[(1, 2, 1)], options=OPEN)
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", "a")
        await settle(pilot, app, until=lambda: screen_name(app) == "OpenAuctionDialog")
        dialog = app.screen
        await pilot.press("j")  # nobody chosen: it says to press a seat number first
        await pilot.pause()
        assert screen_name(app) == "OpenAuctionDialog"
        await pilot.press("2", "j")
        await settle(pilot, app, until=lambda: screen_name(app) == "CoachScreen")
        screen = app.screen
        assert screen.player == 1
        await settle(pilot, app, until=lambda: screen.advice is not None)
        words = [a.words for a in screen.advice]
        assert any(w.startswith("Win it at $") for w in words) and len(words) >= 2
        left = dialog.countdown.seconds_left(dialog.now())
        app.runtime.clock.advance(30)  # the coach on top: the countdown stands still
        assert not dialog.counting()
        await pilot.press("escape")
        await settle(pilot, app, until=lambda: screen_name(app) == "OpenAuctionDialog")
        assert game.pending.kind == "bid" and abs(dialog.countdown.seconds_left(dialog.now()) - left) < 1e-6


async def test_the_coach_in_the_seat_order_auction_dialog_whose_amount_field_has_the_focus(saves):
    game = new_game(dice=[(1, 2, 1)], options={"auction_bidding": "seat_order"})
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", "a")
        await settle(pilot, app, until=lambda: screen_name(app) == "BidDialog")
        await pilot.press("j")
        await settle(pilot, app, until=lambda: screen_name(app) == "CoachScreen")
        screen = app.screen
        await settle(pilot, app, until=lambda: screen.advice is not None)
        assert any(a.words.startswith("Win it at $") for a in screen.advice)
        await pilot.press("escape")
        await settle(pilot, app, until=lambda: screen_name(app) == "BidDialog")
