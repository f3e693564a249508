"""Snapshot tests (plain ``def``): the start screen, the game screen and the buy dialog.

Update after an intended change of the look with ``pytest tests/tui --snapshot-update``.
"""

from __future__ import annotations

from megamono.tui.app import MegamonoApp
from megamono.tui.runtime import Runtime
from tui_helpers import SIZE, app_for, new_game


def test_start_screen(snap_compare, saves):
    assert snap_compare(MegamonoApp(saves, runtime=Runtime.scripted()), terminal_size=SIZE)


def test_game_screen(snap_compare, saves):
    game = new_game(seed=7)
    st = game.st
    st.deeds[1].owner = st.deeds[3].owner = st.deeds[4].owner = 1
    st.deeds[1].level, st.deeds[3].level, st.deeds[4].level = 2, 2, 1
    st.bank.houses -= 5
    st.deeds[6].owner, st.deeds[6].depot = 2, True
    st.bank.depots -= 1
    st.deeds[51].owner, st.deeds[51].mortgaged = 0, True
    st.players[2].position = 13
    st.players[2].in_jail = True
    st.players[1].position = 27
    st.players[0].bus_tickets.append("BT01")
    assert snap_compare(app_for(game, saves), terminal_size=SIZE)


def test_buy_dialog(snap_compare, saves):
    game = new_game(seed=7, dice=[(1, 2, 1)])
    assert snap_compare(app_for(game, saves), press=["r"], terminal_size=SIZE)


def test_setup_screen(snap_compare, saves):
    assert snap_compare(MegamonoApp(saves, runtime=Runtime.scripted()), press=["n"], terminal_size=SIZE)


def test_trade_screen(snap_compare, saves):
    game = new_game(seed=7)
    st = game.st
    st.deeds[1].owner = st.deeds[4].owner = st.deeds[6].owner = 0
    st.deeds[3].owner = st.deeds[11].owner = 1
    st.deeds[11].mortgaged = True
    st.deeds[16].owner = st.deeds[18].owner = st.deeds[19].owner = 1  # Bob's pinks, one with a house
    st.deeds[18].level = 1
    st.bank.houses -= 1
    st.decks.chance.remove("CH08")
    st.players[1].gojf.append("CH08")
    assert snap_compare(app_for(game, saves), press=["x", *"150", "tab", "tab", "tab", "down", "down", "space"],
                        terminal_size=SIZE)


def test_start_screen_with_games_in_progress(snap_compare, saves):
    from megamono.saves import save_game

    for k, names in enumerate((["Ann", "Bob", "Cat"], ["Zed", "Yan"])):
        path = save_game(new_game(seed=k + 1, names=names), f"autosave-00000000000{k}", saves,
                         game_id=f"00000000000{k}")
        stamp = f"2025-0{k + 1}-02T1{k}:00:00"  # (long ago: written as a date, whatever the day)
        path.write_text(path.read_text().replace('"saved_at":"', f'"saved_at":"{stamp}","was":"', 1))
    (saves / "autosave-00000000dead.json").write_text('{"format": "megamono-save", "state": [1, 2')
    assert snap_compare(MegamonoApp(saves, runtime=Runtime.scripted()), terminal_size=SIZE)
