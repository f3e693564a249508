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
  x        trade: who offers what to whom (cash, deeds, jail cards, Bus Tickets); partner answers
  c        claim rent (house rule "rent must be claimed"), before the next player rolls
  e        propose to end the game now: the others vote; all agree = the highest final worth wins
  u        undo the last decision (not dice or cards; asks first)
  space    computer players: skip ahead (their moves at once, until a human decides)
  s        save the game       h / ?   this help       F1   the rules       q   leave the game
  ←↑↓→     look around the board: the cursor's space shows its deed card (price, rents with
           the rent due now marked ▶, building cost, mortgage, owner); Home: back to whose turn
  F2       high-contrast theme on/off (remembered)

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
  Trade offer   a accept, r refuse          End the game?   y agree, n play on
  Last house/hotel (shortage)   y I want it too (it is auctioned), n no
  Place a piece won at a shortage auction: pick the lot on the board like triples
  In every dialog: m opens the manage screen, Esc hides the dialog to look at the board.

MANAGE SCREEN
  ↑/↓ choose a deed; 1-8 or Tab choose the player
  b build   x sell a building   g sell the group's buildings   d build/sell a depot
  o mortgage   u unmortgage      Esc back.  A refused action shows the reason.

THE BOARD (compact from 100x30, full from 140x45, large from 200x60)
  Each space: colour-group strip with its code (Br LB Pk Or Rd Ye Gn DB, RR railroad,
  Ut utility), the owner's letter on the owner's colour (or the price while the bank holds it),
  buildings 1h-4h, H hotel, S skyscraper, D depot, M mortgaged; the tokens standing there
  (the player whose turn it is underlined). Jail shows who is in jail and who is visiting.
  Compact board: short names (Ken = Kentucky Avenue), houses as a digit (A3 = owner A, 3
  houses), the bank's price without $, "3p" = 3 tokens, "[C]" = C in jail.
  Each player's panel lists their deeds by colour group and what they could build now (m).

TRADE SCREEN
  Tab moves between fields; the selectors choose the proposer and the partner; type cash,
  jail cards and Bus Tickets; Space ticks a deed. The engine's verdict shows as you go.
  Ctrl+G proposes, Esc cancels.

HOT-SEAT AND COMPUTER PLAYERS
  Whenever the decision passes to another person, the game says "Pass the keyboard to NAME".
  Computer players move by themselves, a step at a time, each step in the log; space skips ahead.
"""


class HelpScreen(ModalScreen[None]):
    """Keys and conventions; Esc, q or h closes it; F1 or r opens the rules."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen #help { width: 104; height: 40; padding: 0 2; border: heavy $accent; background: $panel; }
    """
    BINDINGS = [Binding("escape,q,h,question_mark", "close", "Close"), Binding("f1,r", "rules", "Rules")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Static(Text(HELP))
        yield Footer()

    def action_rules(self) -> None:
        from .rules import RulesScreen
        self.app.push_screen(RulesScreen())

    def action_close(self) -> None:
        self.dismiss(None)
