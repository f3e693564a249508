"""A trade's effect on the win chances (issue 16 item 3): Ctrl+W on the trade screen shows, for both
sides of the offer on screen, the chance to win before and after it, each with its interval; the game
is not changed; changing the offer clears the figures, going back to it shows them again."""

from __future__ import annotations

from megamono.analysis import after_trade
from megamono.rules.actions import ProposeTrade
from megamono.rules.decisions import TradeSide
from megamono.tui.runtime import SCRIPTED_PLAYOUTS
from megamono.tui.screens.trade_chances import TradeChances
from test_trades_and_endings import BALTIC, MEDITERRANEAN, READING, trading_game
from textual.widgets import Static
from tui_helpers import SIZE, app_for, screen_name, settle, shown


def test_after_trade_is_a_copy_with_the_deeds_moved():
    game = trading_game()
    before = game.st.model_dump(mode="json")
    offer = ProposeTrade(player=0, partner=1, give=TradeSide(cash=100, deeds=[READING]),
                         take=TradeSide(deeds=[BALTIC]))
    after = after_trade(game, offer)
    assert after.st.deeds[BALTIC].owner == 0 and after.st.deeds[READING].owner == 1
    assert after.st.players[0].cash == game.st.players[0].cash - 100
    assert game.st.model_dump(mode="json") == before  # the game itself unchanged


async def test_ctrl_w_shows_both_sides_before_and_after(saves):
    game = trading_game()
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Ann has the keyboard
        before_state, history = game.st.model_dump(mode="json"), list(game.history)
        await pilot.press("x")
        await settle(pilot, app, until=lambda: screen_name(app) == "TradeScreen")
        trade = app.screen
        assert "Ctrl+W" not in shown(trade.query_one("#effect", Static))  # nothing to weigh yet
        assert trade.check_action("win_chances", ()) is None  # shown greyed in the footer
        await pilot.press("tab", "tab", "tab")
        assert app.focused.id == "deeds-give"
        await pilot.press("down", "down", "space")  # Reading Railroad
        await pilot.press("tab", "tab", "tab", "tab", "space")  # for Baltic Avenue
        await pilot.pause()
        assert "Ctrl+W" in shown(trade.query_one("#effect", Static))
        await pilot.press("ctrl+w")
        await pilot.pause()
        effect = trade.effect()
        assert isinstance(effect, TradeChances) and effect.finished and effect.played == SCRIPTED_PLAYOUTS
        before, after = effect.before.figures, effect.after.figures
        assert before is not None and after is not None
        assert abs(sum(pc.chance for pc in after.players) - 1) < 1e-9
        assert after.players[0].chance > before.players[0].chance  # Ann completes the browns
        text = shown(trade.query_one("#effect", Static))
        assert "before → after" in text
        for seat in (0, 1):
            assert f"{before.players[seat].chance:.1%}" in text and f"{after.players[seat].chance:.1%}" in text
        assert "Cat" not in text  # only the two sides of the offer

        # another offer: the figures go; back to the first: they come back
        await pilot.press("space")  # Baltic unticked
        await pilot.pause()
        assert trade.effect() is None and "before → after" not in shown(trade.query_one("#effect", Static))
        await pilot.press("space")
        await pilot.pause()
        assert trade.effect() is effect and "before → after" in shown(trade.query_one("#effect", Static))

        # the same position's playouts are the win chances panel's
        await pilot.press("escape")
        await settle(pilot, app, until=lambda: screen_name(app) == "GameScreen")
        assert app.screen.position_chances() is effect.before
        assert game.st.model_dump(mode="json") == before_state and game.history == history


async def test_trade_effect_fits_100x30(saves):
    game = trading_game()
    app = app_for(game, saves)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.press("x")
        await settle(pilot, app, until=lambda: screen_name(app) == "TradeScreen")
        trade = app.screen
        trade.query_one("#side-give").query_one("#deeds-give").select(MEDITERRANEAN)
        trade.query_one("#side-take").query_one("#deeds-take").select(BALTIC)
        await pilot.pause()
        await pilot.press("ctrl+w")
        await pilot.pause()
        effect = trade.query_one("#effect", Static)
        assert effect.region.height >= 2 and effect.region.bottom <= 30
        assert trade.query_one("#side-give").region.height >= 8  # the sides still show their deeds
