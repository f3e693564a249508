"""The help screen: every key, and the house rules the game plays by."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

HELP = """\
GAME SCREEN
  r        roll the dice (when it is your turn)
  t        play a Bus Ticket: pick a space ahead on this side of the board
  d        open the pending decision again (after Esc hid it)
  m        manage: build, sell, depots, mortgage — any player, whenever the game waits
  s        save the game          h / ?   this help          q   leave the game

DECISIONS (a dialog in the deciding player's colour; every option has a key)
  Buy           b buy, a auction it
  Auction       type a bid + Enter, t +$10, f +$50, h +$100 over the high bid, d drop out
  Jail          p pay the fine, c use a card, r roll for doubles
  Triples / Auction space / Bus Ticket: ←/→ move the cursor on the board, PgUp/PgDn a side,
                Enter choose (Esc cancels a Bus Ticket ride)
  Bus           t take a Bus Ticket, a ride to the next Chance / Community Chest
  Birthday      c take the cash, t take a Bus Ticket
  Income Tax    f flat sum, p percent of your worth (both sums shown)
  Levelling     b build, r rearrange, u unmortgage, i unmortgage+build, e unmortgage+rearrange,
                s sell all, g give back
  Mortgaged deed  u unmortgage, k keep it mortgaged (pay 10%)
  Debt          m raise money (manage), p pay, x declare bankruptcy (only when nothing is left)
  In every dialog: m opens the manage screen, Esc hides the dialog to look at the board.

MANAGE SCREEN
  ↑/↓ choose a deed; 1-8 or Tab choose the player
  b build   x sell a building   g sell the group's buildings   d build/sell a depot
  o mortgage   u unmortgage      Esc back.  A refused action shows the reason.

THE BOARD
  Each space: colour-group strip with its code (Br LB Pk Or Rd Ye Gn DB, RR railroad,
  Ut utility), the owner's letter on the owner's colour (or the price while the bank holds it),
  buildings 1h-4h, H hotel, S skyscraper, D depot, M mortgaged; the tokens standing there
  (the player whose turn it is underlined). Jail shows who is in jail and who is visiting.

HOT-SEAT
  Whenever the decision passes to another player, the game says "Pass the keyboard to NAME".
"""


class HelpScreen(ModalScreen[None]):
    """Keys and conventions; Esc, q or h closes it."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen #help { width: 104; height: 40; padding: 0 2; border: heavy $accent; background: $panel; }
    """
    BINDINGS = [Binding("escape,q,h,question_mark", "close", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Static(Text(HELP))
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
