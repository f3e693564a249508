"""Keys that do nothing in a dialog say so; no stray Enter answers a decision; the manage list's
Home/End and its utility rents (found by newcomers playing the app)."""

from __future__ import annotations

from megamono.rules.engine import Game
from megamono.tui.runtime import Runtime
from tui_helpers import SIZE, app_for, guards_on, new_game, screen_name

ARCTIC = 4
GAS, ELECTRIC, WATER = 10, 17, 36


async def test_a_stray_enter_does_not_buy_and_says_which_keys_answer(saves):
    game = new_game(dice=[(1, 2, 1)])
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert screen_name(app) == "BuyDialog" and app.screen.focused is None
        await pilot.press("enter", "x")
        await pilot.pause()
        assert screen_name(app) == "BuyDialog" and game.st.deeds[ARCTIC].owner is None
        assert app.notices[-2] == ("Enter does nothing here. Keys: b Buy for $80 · a Auction it · m Manage · w Win%"
                                   " · j Coach · esc Hide")
        assert app.notices[-1].startswith("'x' does nothing here.")
        await pilot.press("tab", "enter")  # Tab reaches the buttons: Enter presses the focused one
        await pilot.pause()
        assert game.st.deeds[ARCTIC].owner == 0


async def test_a_greyed_out_option_key_says_why(saves):
    game = new_game(dice=[(1, 2, 1)])
    game.st.players[0].cash = 50
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert screen_name(app) == "BuyDialog"
        await pilot.press("b")
        await pilot.pause()
        assert screen_name(app) == "BuyDialog" and game.st.deeds[ARCTIC].owner is None
        assert app.notices[-1].startswith("Buy for $80: ") and "$50" in app.notices[-1]


async def test_manage_list_home_end_and_utility_rent(saves):
    game = new_game()
    st = game.st
    for space in (ARCTIC, GAS, ELECTRIC, WATER):
        st.deeds[space].owner = 0
    st.deeds[WATER].mortgaged = True
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await pilot.pause()
        manage = app.screen
        assert screen_name(app) == "ManageScreen"
        table = manage.query_one("DataTable")
        rent = {manage.spaces[r]: str(table.get_row_at(r)[4]) for r in range(len(manage.spaces))}
        # R4: three utilities held (one mortgaged) -> 20x the dice; a mortgaged deed charges none
        assert rent[GAS] == rent[ELECTRIC] == "dice × 20" and rent[WATER] == "-"
        await pilot.press("end")
        assert manage.space == manage.spaces[-1]
        await pilot.press("home")
        assert manage.space == manage.spaces[0]


MARKUP_NAMES = ["[/b]oo", "Zoë[bold]X[/b]", "Cat"]


def title(app) -> str:
    """The open dialog's border title as drawn (a border title is markup)."""
    from textual.content import Content

    return Content.from_markup(str(app.screen.query_one("#dialog").border_title)).plain


async def test_names_that_look_like_markup_are_shown_as_typed(saves):
    """A name such as "[/b]oo" crashed the app (a dialog's border title, the saves list read it as
    markup); everywhere it is shown as typed."""
    from megamono.saves import save_game
    from megamono.tui.app import MegamonoApp

    game = new_game(dice=[(1, 2, 1)], names=MARKUP_NAMES)
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert screen_name(app) == "BuyDialog" and title(app) == "[/b]oo's decision"
        await pilot.press("a")
        await pilot.pause()
        assert screen_name(app) == "BidDialog" and title(app) == "Zoë[bold]X[/b]'s decision"
        await pilot.press("d", "d", "d")  # everyone drops out
        await pilot.pause()
        await pilot.press("x")  # the trade screen's proposer and partner lists
        await pilot.pause()
        assert screen_name(app) == "TradeScreen"
        await pilot.press("escape", "m")
        await pilot.pause()
        assert screen_name(app) == "ManageScreen"
        await pilot.press("escape")
    save_game(game, "markup", saves)
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert screen_name(app) == "ResumeScreen"
        players = app.screen.query_one("DataTable").get_row_at(0)[2]
        assert str(players) == "[/b]oo, Zoë[bold]X[/b], Cat"


async def test_the_space_card_is_never_cut_off_on_the_shorter_classic_board(saves):
    """At 140x45 the classic board's centre is shorter: the card packs its rents on a few lines
    rather than lose its last lines under the log (found by a newcomer)."""

    game = Game.new("classic", ["Ann", "Bob", "Cat"], seed=1, seat_order=True)
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        for space in (9, 39, 5, 12):  # Connecticut Avenue, Boardwalk, a railroad, a utility
            screen.view.show_space(space)
            await pilot.pause()
            card = screen.view.card
            lines = card._megamono_shown.plain.split("\n")
            assert card.content_size.height == len(lines), (space, lines)
            assert "unmortgage" in lines[-1]
            assert screen.view.log.region.height >= card.keep_below


async def test_a_key_pressed_as_a_dialog_opens_is_ignored_with_a_word(saves, monkeypatch):
    """Keys in the first moment of a dialog are ignored (they may be the previous player's typing
    ahead); the player is told once, so that a quick key is not lost without a word."""
    from megamono.tui.dialogs.base import DecisionDialog

    game = new_game(dice=[(1, 2, 1)])
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert screen_name(app) == "BuyDialog"
        monkeypatch.setattr(DecisionDialog, "too_soon", lambda self: True)
        await pilot.press("b", "b")
        await pilot.pause()
        assert game.st.deeds[ARCTIC].owner is None
        told = [n for n in app.notices if n.startswith("A key pressed as the dialog opened was ignored")]
        assert len(told) == 1
        monkeypatch.undo()
        await pilot.press("b")
        await pilot.pause()
        assert game.st.deeds[ARCTIC].owner == 0


async def test_the_hint_lists_the_keys_each_dialog_has(saves):
    """The hint is the dialog's own footer: a board pick lists its moving keys, and no dialog lists
    a key it does not have (found by a newcomer: a Bus Ticket pick listed none)."""
    game = new_game(dice=[(2, 2, 2)])
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert screen_name(app) == "BoardPickDialog"
        await pilot.press("x", "space")
        await pilot.pause()
        assert app.notices[-2].startswith("'x' does nothing here. Keys: →/↓ Next · ←/↑ Back")
        assert app.notices[-2].count("Next ·") == 1 and "⏎ Choose" in app.notices[-2]
        assert game.pending.kind == "triples"
        assert app.notices[-1].startswith("Space does nothing here.")


class RaisingBot:
    """A computer bidder that raises by $5 while it may (deterministic, unlike the real bots)."""

    def choose(self, game, p):
        from megamono.rules.actions import Bid, DropOut

        bid = Bid(player=p, amount=game.min_bid() + 4)
        return bid if game.why_not(bid) is None else DropOut(player=p)


async def test_after_a_computers_bid_the_dialog_shows_it_and_ignores_keys_typed_ahead(saves):
    """Found by a newcomer: an Enter typed ahead as the bid dialog opened straight after a computer's bid (no
    hand-over) made a bid. The dialog ignores keys for a while and says what the others bid since the player's
    last bid."""
    from megamono.tui.keytimes import REST
    from megamono.tui.screens.game import AFTER_COMPUTER_GUARD

    game = new_game(dice=[(1, 2, 1)], names=["Ann", {"name": "Robo", "kind": "computer"}])
    app = app_for(game, saves)
    app.pass_notices = True
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen_stack[-1]
        await pilot.pause()
        await pilot.press("enter")  # Ann's hand-over
        screen = next(s for s in app.screen_stack if type(s).__name__ == "GameScreen")
        screen.controller.bots[1] = RaisingBot()
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
        with guards_on(app):  # (a scripted runtime has no guards)
            dialog.GUARD = 60.0  # long enough that a slow machine cannot outlast it
            await pilot.press("enter")  # "I am ready", typed ahead: ignored
            await pilot.pause()
            assert screen_name(app) == "BidDialog" and game.pending.high_bid == 20
            assert game.pending.player == 0
            dialog.GUARD = 0.0  # the guard time is over, but the keys are one burst begun before it opened
            await pilot.press("enter")
            await pilot.pause()
            assert game.pending.high_bid == 20 and dialog is app.screen
            app.clock.advance(REST)  # her hands rest: Enter bids
            await pilot.press("enter")
            await pilot.pause()
            assert game.pending.high_bid >= 21 and dialog is not app.screen


async def test_a_bid_dialog_left_behind_by_the_auctions_end_ignores_what_is_still_queued_for_it(saves):
    """Found by the terminal-close tests on a loaded machine: an edit of the bid field still queued for the
    seat-order bid dialog after the auction had ended asked the rules for the minimum bid of an auction that
    was over, and the app stopped with an unexpected error. A dialog whose decision is no longer the one the
    game waits for changes nothing."""
    from megamono.rules.actions import DropOut
    from textual.widgets import Input

    game = new_game(dice=[(1, 2, 1)], names=["Ann", "Bob"])
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", "a")  # Ann lands on Arctic Avenue and declines: the auction opens
        await pilot.pause()
        dialog = app.screen
        assert screen_name(app) == "BidDialog" and not dialog.stale()
        field = dialog.query_one("#amount", Input)
        game.act(DropOut(player=dialog.player))  # the auction goes on without this dialog's bidder
        assert dialog.stale() and game.pending.kind == "bid"
        assert dialog.check_action("quick", ("t",)) is False
        game.act(DropOut(player=game.pending.players[0]))  # and ends, nobody having bid
        assert game.pending.kind != "bid" and dialog.stale()
        assert dialog.check_action("quick", ("t",)) is False
        dialog.on_input_changed(Input.Changed(field, "25"))  # (asked the rules for a minimum bid: raised)
        dialog.on_button_pressed(dialog.query_one("#quick-t").Pressed(dialog.query_one("#quick-t")))
