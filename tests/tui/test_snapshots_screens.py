"""Snapshot tests (plain ``def``, fixed seeds) of the screens: start (with its keys panel), new game,
auction (seat order and open), trade, manage, help, hand-over, win chances and game over (standings,
net-worth chart, statistics).

Update after an intended change of the look with
``pytest tests/tui/test_snapshots_screens.py --snapshot-update``.
"""

from __future__ import annotations

from pathlib import Path

from megamono.rules.actions import ProposeEnd, VoteEnd
from megamono.saves import load_game
from megamono.tui.app import MegamonoApp
from megamono.tui.runtime import Runtime
from tui_helpers import SIZE, app_for, new_game

LATE_GAME = Path(__file__).resolve().parents[2] / "saves" / "examples" / "late-game.json"


def test_start_screen_keys(snap_compare, saves):
    assert snap_compare(MegamonoApp(saves, runtime=Runtime.scripted()), press=["question_mark"], terminal_size=SIZE)


def test_setup_screen_keys(snap_compare, saves):
    async def keys(pilot):
        await pilot.press("n")
        await pilot.pause()
        pilot.app.action_keys()
        await pilot.pause()

    assert snap_compare(MegamonoApp(saves, runtime=Runtime.scripted()), run_before=keys, terminal_size=SIZE)


def test_auction_dialog(snap_compare, saves):
    game = new_game(seed=7, dice=[(1, 2, 1)])
    assert snap_compare(app_for(game, saves), press=["r", "a"], terminal_size=SIZE)


OPEN = {"auction_bidding": "open"}


def test_open_auction_dialog(snap_compare, saves):
    """The open auction (RULES.md A3) at 140x45: Bob holds the high bid ($10, raised with 2 t), Ann has
    pressed her seat number (1) and may type an amount. The countdown stands still in test mode."""
    game = new_game(seed=7, dice=[(1, 2, 1)], options=OPEN)
    assert snap_compare(app_for(game, saves), press=["r", "a", "2", "t", "1"], terminal_size=SIZE)


def test_open_auction_dialog_compact(snap_compare, saves):
    """The open auction at 100x30, the smallest terminal: Bob's $10, then Cat's $60 (3 f); nobody chosen."""
    game = new_game(seed=7, dice=[(1, 2, 1)], options=OPEN)
    assert snap_compare(app_for(game, saves), press=["r", "a", "2", "t", "3", "f"], terminal_size=(100, 30))


def test_trade_screen_with_offer(snap_compare, saves):
    game = new_game(seed=7)
    st = game.st
    st.deeds[1].owner = st.deeds[3].owner = 0
    st.deeds[6].owner = 1
    assert snap_compare(app_for(game, saves), press=["x", *"75"], terminal_size=SIZE)


def test_trade_reply_dialog_with_counter(snap_compare, saves):
    """A strong computer's offer to a human: accept, refuse or counter (c)."""
    game = new_game(seed=7, names=[{"name": "Ann", "kind": "computer"}, "Bob", "Cat"])
    st = game.st
    st.deeds[21].owner = st.deeds[23].owner = 0
    st.deeds[24].owner = 1

    async def offer(pilot):
        for _ in range(100):
            await pilot.pause()
            if type(pilot.app.screen).__name__ == "TradeReplyDialog":
                return

    assert snap_compare(app_for(game, saves), run_before=offer, terminal_size=SIZE)


def test_manage_screen(snap_compare, saves):
    game = new_game(seed=7)
    st = game.st
    st.deeds[1].owner = st.deeds[3].owner = st.deeds[6].owner = 0
    st.deeds[1].level = 1
    st.bank.houses -= 1
    assert snap_compare(app_for(game, saves), press=["m"], terminal_size=SIZE)


def test_help_screen(snap_compare, saves):
    assert snap_compare(app_for(new_game(seed=7), saves), press=["question_mark"], terminal_size=SIZE)


def test_hand_over_screen(snap_compare, saves):
    app = app_for(new_game(seed=7, dice=[(1, 2, 1)]), saves)
    app.pass_notices = True
    assert snap_compare(app, press=["enter", "r", "a"], terminal_size=SIZE)  # the auction: Bob bids


def test_game_over_screen(snap_compare, saves):
    game = load_game(LATE_GAME)
    game.act(ProposeEnd(player=game.pending.player))
    while not game.over:
        game.act(VoteEnd(player=game.pending.player, agree=True))
    assert snap_compare(app_for(game, saves), terminal_size=SIZE)


def test_win_chances_panel(snap_compare, saves):
    """The win chances panel (w) on the late-game example at 140x45: test mode's 20 playouts, played at
    once (the seed is made from the position: the same figures every run)."""
    assert snap_compare(app_for(load_game(LATE_GAME), saves), press=["w"], terminal_size=SIZE)


def test_win_chances_panel_compact(snap_compare, saves):
    """The same panel at 100x30, the smallest terminal."""
    assert snap_compare(app_for(load_game(LATE_GAME), saves), press=["w"], terminal_size=(100, 30))
