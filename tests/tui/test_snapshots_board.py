"""Snapshot tests of the responsive board (plain ``def``): the game screen in its three layouts
(compact 100x30, full 140x45, large 200x60), a deed card with the rent due now marked, the
high-contrast theme and the "terminal too small" screen.

Update after an intended change of the look with
``pytest tests/tui/test_snapshots_board.py --snapshot-update``.
"""

from __future__ import annotations

from megamono.tui.look import Look
from megamono.tui.widgets.deed_card import DeedCard
from textual.app import App, ComposeResult
from tui_helpers import app_for, new_game


def board_game(seed: int = 7):
    """Bob holds the browns with houses, Cat a railroad with a depot and sits in jail, Ann a
    mortgaged Boardwalk and a Bus Ticket; Bob stands on Kentucky Avenue."""
    game = new_game(seed=seed)
    st = game.st
    st.deeds[1].owner = st.deeds[3].owner = st.deeds[4].owner = 1
    st.deeds[1].level, st.deeds[3].level, st.deeds[4].level = 2, 2, 1
    st.bank.houses -= 5
    st.deeds[6].owner, st.deeds[6].depot = 2, True
    st.bank.depots -= 1
    st.deeds[51].owner, st.deeds[51].mortgaged = 0, True
    st.deeds[29].owner = 0
    st.players[2].position = 13
    st.players[2].in_jail = True
    st.players[1].position = 27
    st.players[0].bus_tickets.append("BT01")
    return game


# From GO the cursor goes left along the bottom row: three steps to Baltic Avenue (2 houses).
TO_BALTIC = ["left", "left", "left"]


def test_board_compact_100x30(snap_compare, saves):
    assert snap_compare(app_for(board_game(), saves), press=TO_BALTIC, terminal_size=(100, 30))


def test_board_full_140x45(snap_compare, saves):
    assert snap_compare(app_for(board_game(), saves), press=TO_BALTIC, terminal_size=(140, 45))


def test_board_large_200x60(snap_compare, saves):
    assert snap_compare(app_for(board_game(), saves), press=TO_BALTIC, terminal_size=(200, 60))


def test_board_high_contrast(snap_compare, saves):
    assert snap_compare(app_for(board_game(), saves), press=["f2", *TO_BALTIC], terminal_size=(140, 45))


def test_too_small_screen(snap_compare, saves):
    assert snap_compare(app_for(board_game(), saves), terminal_size=(90, 25))


class CardApp(App):
    """Just deed cards: Baltic Avenue (built, the rent due marked) and a railroad with a depot."""

    CSS = "DeedCard { width: 60; }"

    def __init__(self) -> None:
        super().__init__()
        self.game = board_game()
        self.look = Look(self.game)

    def compose(self) -> ComposeResult:
        yield DeedCard(self.game, self.look, 3)
        yield DeedCard(self.game, self.look, 6)
        card = DeedCard(self.game, self.look, 4)
        card.tall = True
        yield card


def test_deed_card(snap_compare):
    assert snap_compare(CardApp(), terminal_size=(62, 40))
