"""The open auction's countdown is the clock it shows (issue 27, item 3; RULES.md A3): it shows the
seconds left, stops while the auction cannot be seen (hidden with Esc, the terminal too small) and goes
on from where it stopped, and leaves the humans 5 s at least after a computer's raise. On a fake clock."""

from __future__ import annotations

from dataclasses import replace

from megamono.rules.actions import PassBid
from megamono.tui.countdown import AFTER_COMPUTER, AFTER_RAISE, OPENING, Countdown
from megamono.tui.dialogs.open_auction import NEXT_COMPUTER, NO_LATE_RAISE
from megamono.tui.runtime import BID_PACE, FakeClock
from tui_helpers import SIZE, app_for, new_game, screen_name

OPEN = {"auction_bidding": "open"}


def test_the_countdown_shows_the_whole_seconds_left_and_ends_at_zero():
    clock, c = FakeClock(), Countdown(("auction",))
    assert c.shown(clock.monotonic()) == OPENING and not c.running
    c.run(clock.monotonic())
    clock.advance(7.5)
    assert c.shown(clock.monotonic()) == 3 and not c.over(clock.monotonic())  # 2.5 s left: "3 s"
    clock.advance(2.0)
    assert c.shown(clock.monotonic()) == 1
    clock.advance(0.5)
    assert c.shown(clock.monotonic()) == 0 and c.over(clock.monotonic())


def test_stopped_it_keeps_its_seconds_and_goes_on_from_there():
    clock, c = FakeClock(), Countdown()
    c.run(clock.monotonic())
    clock.advance(4)
    c.stop(clock.monotonic())
    clock.advance(600)
    assert c.seconds_left(clock.monotonic()) == OPENING - 4
    c.run(clock.monotonic())
    clock.advance(1)
    assert c.seconds_left(clock.monotonic()) == OPENING - 5


def test_a_raise_leaves_three_seconds_a_computers_five_and_never_cuts_the_opening_short():
    clock, c = FakeClock(), Countdown()
    c.run(clock.monotonic())
    clock.advance(1)
    c.raised(clock.monotonic(), by_computer=True)  # a computer's first bid within a second
    assert c.seconds_left(clock.monotonic()) == OPENING - 1
    clock.advance(8.5)
    c.raised(clock.monotonic(), by_computer=True)
    assert c.seconds_left(clock.monotonic()) == AFTER_COMPUTER
    clock.advance(4.5)
    c.raised(clock.monotonic(), by_computer=False)
    assert c.seconds_left(clock.monotonic()) == AFTER_RAISE
    c.restart(clock.monotonic(), ("again",))
    assert c.seconds_left(clock.monotonic()) == OPENING and c.running and c.auction == ("again",)


async def test_hidden_with_esc_it_stands_still_and_d_goes_on_from_there(saves):
    game = new_game(dice=[(1, 2, 1)], options=OPEN)
    app = app_for(game, saves)
    clock = app.runtime.clock
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", "a")
        await pilot.pause()
        dialog = app.screen
        assert screen_name(app) == "OpenAuctionDialog" and dialog.countdown.running
        clock.advance(4)
        assert "Opening the bidding: 6 s" in str(dialog.gavel())
        await pilot.press("escape")  # hidden: the board
        await pilot.pause()
        assert screen_name(app) == "GameScreen"
        clock.advance(60)
        await pilot.press("d")
        await pilot.pause()
        assert screen_name(app) == "OpenAuctionDialog" and app.screen is not dialog
        assert "Opening the bidding: 6 s" in str(app.screen.gavel())
        assert game.pending.kind == "bid"  # nobody passed on their silence while it was hidden


async def test_the_terminal_too_small_holds_the_countdown(saves):
    game = new_game(dice=[(1, 2, 1)], options=OPEN)
    app = app_for(game, saves)
    clock = app.runtime.clock
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", "a", "2", "t")  # Bob raises: 10 s left still (the opening's)
        await pilot.pause()
        dialog = app.screen
        clock.advance(7)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert screen_name(app) == "TooSmallScreen"
        clock.advance(30)
        dialog.tick()
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert app.screen is dialog and dialog.countdown.shown(clock.monotonic()) == 3
        assert "Going once… 3 s" in str(dialog.gavel()) and game.pending.kind == "bid"


async def test_a_computers_raise_leaves_the_humans_five_seconds(saves):
    game = new_game(dice=[(1, 2, 1)], names=["Ann", "Bob", {"name": "Robo", "kind": "computer"}], options=OPEN)
    app = app_for(game, saves)
    app.runtime = replace(app.runtime, bid_pace=600.0)  # Robo answers when the test says
    clock = app.runtime.clock
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", "a")
        await pilot.pause()
        dialog = app.screen
        clock.advance(OPENING - 3)  # 3 s left: a computer may still raise
        dialog.computer_step()
        await pilot.pause()
        assert game.pending.high_bidder == 2  # Robo bid
        assert dialog.countdown.seconds_left(clock.monotonic()) == AFTER_COMPUTER
        assert "Bidding open: 5 s" in str(dialog.gavel())


async def test_no_computer_raises_in_the_countdowns_last_two_seconds(saves):
    """Issue 28, item 3 (a play-test: the strong computer won its auctions "at the last moment of the
    countdown"): in the last 2 s no computer is asked (an answer chosen before is not applied), and a
    computer still to answer passes when the countdown ends, as the humans do."""
    game = new_game(dice=[(1, 2, 1)], names=["Ann", "Bob", {"name": "Robo", "kind": "computer"}], options=OPEN)
    app = app_for(game, saves)
    app.runtime = replace(app.runtime, bid_pace=600.0)  # Robo answers when the test says
    clock = app.runtime.clock
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", "a", "2", "t")  # Bob bids $10
        await pilot.pause()
        dialog = app.screen
        clock.advance(OPENING - NO_LATE_RAISE + 0.1)  # 1.9 s left
        assert dialog.late()
        dialog.computer_step()
        await pilot.pause()
        assert game.pending.high_bidder == 1 and 2 in game.awaited()  # Robo was not asked
        clock.advance(2)
        dialog.tick()
        await pilot.pause()
        assert game.pending is None or game.pending.kind != "bid"  # closed: Bob won at $10
        assert game.st.deeds[4].owner == 1
        passes = [a for a in game.history if a.kind == "pass_bid"]
        assert {a.player for a in passes} == {0, 2}  # Ann and Robo passed as the countdown ended


async def test_the_computers_answer_within_about_a_second(saves):
    """The first computer answers ``bid_pace`` (1 s) after the opening or a person's raise, each next one a
    quarter of it after another computer's answer: three computers within 1.5 s."""
    names = ["Ann", {"name": "Robo", "kind": "computer"}, {"name": "Cog", "kind": "computer"},
             {"name": "Dot", "kind": "computer"}]
    game = new_game(dice=[(1, 2, 1)], names=names, options=OPEN)
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        app.runtime = replace(app.runtime, bid_pace=600.0)  # (the computers wait while the test looks)
        await pilot.press("r", "a")
        await pilot.pause()
        dialog = app.screen
        app.runtime = replace(app.runtime, bid_pace=BID_PACE)
        assert dialog.computer_delay() == BID_PACE  # after Ann's decline opened it
        game_screen = dialog.owner
        game_screen.controller.act(PassBid(player=1), chosen=False)  # (Robo's answer)
        assert dialog.computer_delay() == NEXT_COMPUTER * BID_PACE
        assert BID_PACE + 2 * NEXT_COMPUTER * BID_PACE <= 1.5
