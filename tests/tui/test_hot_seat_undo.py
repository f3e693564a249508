"""Undo in hot-seat play: each player takes back only what they chose, in their own turn, while nobody else
has acted since (at the keyboard, or on the hand-over screen before passing it on); never another player's,
a computer's, a pass the open auction's countdown recorded, or a decision that ended the turn (undo never
changes whose turn it is); at the compact size. A refusal names whose decision stands in the way, and a
bankruptcy is never taken back."""

from __future__ import annotations

from megamono.rules.actions import Bid, Buy, DeclareBankruptcy, DeclineBuy, IncomeTaxChoice, PassBid, Roll
from megamono.tui.controller import Change, GameController, Refused
from megamono.tui.screens.help import HELP, SCREEN_HELP
from tui_helpers import SIZE, app_for, new_game, screen_name, settle

COMPACT = (100, 30)
ARCTIC = 4


async def test_a_player_undoes_their_own_purchase_in_their_turn(saves):
    game = new_game(dice=[(1, 1, 2)])  # doubles: Ann lands on Arctic Avenue and rolls again
    app = app_for(game, saves)
    async with app.run_test(size=COMPACT) as pilot:
        screen = app.screen
        await pilot.press("r")
        await pilot.pause()
        assert screen_name(app) == "BuyDialog"
        await pilot.press("b")
        await pilot.pause()
        assert game.st.deeds[ARCTIC].owner == 0 and game.pending.kind == "turn" and game.pending.player == 0
        assert screen.check_action("key", ("undo",)) is True
        await pilot.press("u")
        await pilot.pause()
        assert screen_name(app) == "ConfirmDialog"
        assert "Ann: undo your last decision (buy)?" in str(app.screen.question)
        await pilot.press("y")
        await pilot.pause()
        assert game.st.deeds[ARCTIC].owner is None and game.history[-1].kind == "roll"
        assert game.pending.kind == "buy" and game.pending.player == 0
        assert screen_name(app) == "BuyDialog"  # her decision again
        assert app.notices[-1] == "Undone: Ann's buy"


async def test_another_players_decision_is_refused_with_whose_it_is(saves):
    game = new_game(dice=[(1, 2, 1)])
    app = app_for(game, saves)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("r", "a")  # Ann auctions Arctic Avenue: Bob bids first
        await pilot.pause()
        assert screen_name(app) == "BidDialog" and game.pending.player == 1
        await pilot.press("escape", "u")  # Bob tries to take back Ann's choice
        await pilot.pause()
        assert screen_name(app) == "GameScreen"
        assert app.notices[-1] == ("Undo: the last decision is Ann's (decline buy), not Bob's: each player "
                                   "can undo only their own decisions")
        assert game.history[-1].kind == "decline_buy" and game.pending.kind == "bid"
        # the palette offers no undo either
        from megamono.tui.commands import screen_commands
        assert "Undo" not in [c.title for c in screen_commands(app, app.screen)]


async def test_the_player_handing_over_may_take_back_their_decision(saves):
    game = new_game(dice=[(1, 2, 1)])
    app = app_for(game, saves)
    app.pass_notices = True
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("enter")  # Ann takes the keyboard
        await pilot.pause()
        assert screen_name(app) == "GameScreen"
        await pilot.press("r", "a")  # Ann auctions Arctic Avenue: pass the keyboard to Bob
        await pilot.pause()
        handover = app.screen
        assert screen_name(app) == "PassKeyboard" and handover.player == 1
        assert handover.undo == "decline buy"
        assert "Ann: u takes back your last decision (decline buy)" in str(handover.query_one("#passtext").render())
        await pilot.press("u")
        await pilot.pause()
        assert screen_name(app) == "ConfirmDialog"
        await pilot.press("n")  # changed her mind: the hand-over again
        await pilot.pause()
        assert screen_name(app) == "PassKeyboard" and app.screen.player == 1
        await pilot.press("u", "y")
        await pilot.pause()
        assert game.pending.kind == "buy" and game.pending.player == 0 and game.history[-1].kind == "roll"
        assert screen_name(app) == "BuyDialog"  # straight back to Ann: she has the keyboard
        await pilot.press("b")
        await pilot.pause()
        assert game.st.deeds[ARCTIC].owner == 0
        assert screen_name(app) == "PassKeyboard" and app.screen.player == 1
        assert app.screen.undo is None  # her purchase ended her turn: undo never changes whose turn it is
        await pilot.press("u")  # (a newcomer's: u said nothing here) the reason, on the notice line
        await pilot.pause()
        assert screen_name(app) == "PassKeyboard"
        assert app.notices[-1] == ("Undo: the last decision (buy) cannot be taken back: it ended the turn, and "
                                   "undo never changes whose turn it is")

def test_the_help_says_whose_decisions_undo_takes_back():
    assert "undo your own last decision" in HELP
    assert "u" in SCREEN_HELP["PassKeyboard"] and "take back" in SCREEN_HELP["PassKeyboard"]


async def test_undo_after_a_computer_moved_names_the_computer(saves):
    """Found by a newcomer: undo refused after a computer player moved without saying why. It names the
    computer's decision that stands in the way."""
    game = new_game(dice=[(1, 2, 1)])
    game.st.players[1].kind = "computer"
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", "b")  # Ann buys Arctic Avenue; Bob (computer) plays his turn
        await settle(pilot, app, until=lambda: game.pending.player == 2)
        await pilot.press("escape", "u")
        await pilot.pause()
        assert game.history[-1].player == 1
        assert app.notices[-1].startswith("Undo: the last decision was a computer player's (Bob: ")


async def test_a_bankruptcy_cannot_be_taken_back(saves):
    """Found by a newcomer: undo took back a bankruptcy, which its question says is final. The app refuses,
    although the core could."""
    game = new_game(dice=[(1, 3, 1)])
    game.keep_undo = True  # (as the app keeps it)
    game.act(Roll(player=0))  # Income Tax
    game.st.players[0].cash = 0
    game.act(IncomeTaxChoice(player=0, choice="flat"))
    game.act(DeclareBankruptcy(player=0))
    assert game.why_not_undo() == "a bankruptcy cannot be taken back"  # the core refuses, and so does the app
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.controller.undo_at_handover(0) is None
        screen.controller.at_keyboard = lambda: 0  # even at Ann's keyboard
        assert screen.undo.why_not() == "a bankruptcy cannot be taken back"
        screen.undo.take_back()
        assert game.history[-1].kind == "declare_bankruptcy" and game.st.players[0].bankrupt


def _undoable(c: GameController) -> dict[int, str | None]:
    """Each human seat's answer to "may I undo now?" (None: yes)."""
    return {p: c.why_not_undo(p) for p in c.humans()}


def test_a_pass_the_countdown_recorded_is_never_undone_by_the_next_player():
    """The evening's fault: the countdown ended an open auction and recorded the silent players' passes as
    theirs; the next player was the last silent passer, and u wound the game back into the previous turn,
    reopening the auction on a deed they had seen sold."""
    game = new_game(dice=[(1, 2, 1)], options={"auction_bidding": "open"})
    c = GameController(game)
    c.act(Roll(player=0))
    c.act(DeclineBuy(player=0))  # the open auction: Ann, Bob and Cat may bid
    c.act(Bid(player=2, amount=20))  # Cat raises
    c.act(PassBid(player=0), chosen=False)  # the countdown ends: Ann and Bob said nothing
    c.act(PassBid(player=1), chosen=False)
    assert game.st.deeds[ARCTIC].owner == 2 and game.pending.kind == "turn" and game.pending.player == 1
    why = c.why_not_undo(1)
    assert why == ("the last decision (Bob's pass bid) cannot be taken back: nobody chose it at the keyboard "
                   "(the table's clock did)")
    assert c.undo_at_handover(1) is None
    before = list(game.history)
    assert isinstance(c.undo(), Refused) and game.history == before and game.pending.player == 1


def test_a_decision_that_ends_the_turn_is_not_undone():
    game = new_game(dice=[(1, 2, 1)])
    c = GameController(game)
    c.act(Roll(player=0))
    assert isinstance(c.act(Buy(player=0)), Change) and game.pending.player == 1  # Bob's turn now
    assert c.why_not_undo(0) == ("the last decision (buy) cannot be taken back: it ended the turn, and undo "
                                 "never changes whose turn it is")


def test_a_decision_in_another_players_turn_is_not_undone_and_nor_is_a_decline_others_bid_after():
    game = new_game(dice=[(1, 2, 1)])  # seat-order auctions
    c = GameController(game)
    c.act(Roll(player=0))
    c.act(DeclineBuy(player=0))
    assert c.why_not_undo(0) is None  # nobody has acted since, in her own turn
    c.act(Bid(player=1, amount=15))  # Bob bids in Ann's auction
    assert c.why_not_undo(1) == ("the last decision (bid) was made in Ann's turn: only decisions in your own "
                                 "turn are taken back")
    assert c.why_not_undo(0).startswith("the last decision is Bob's (bid), not Ann's")
    assert all(why is not None for why in _undoable(c).values())


def test_undo_then_choose_again_and_undo_again_in_the_same_turn():
    game = new_game(dice=[(1, 1, 2)])  # doubles: Ann's turn goes on after buying
    c = GameController(game)
    c.act(Roll(player=0))
    c.act(Buy(player=0))
    assert c.why_not_undo(0) is None
    assert isinstance(c.undo(), Change) and game.pending.kind == "buy"
    c.act(DeclineBuy(player=0))  # (seat-order: Bob bids next, still Ann's turn)
    assert c.why_not_undo(0) is None and c.undo_at_handover(0) == "decline buy"
