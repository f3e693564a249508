"""Help: the game screen's full help (every key, ``h`` or ``?``), and on every other screen ``?``
shows :class:`KeysPanel`: Textual's help panel (the screen's keys) with a word on the screen from
:data:`SCREEN_HELP`."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import HelpPanel, Markdown

from ..look import count
from ..resizing import LatestSizeOnly
from ..widgets.footer import KeysFooter
from ..widgets.hanging import HangingText
from ..widgets.notices import NoticeLine

HELP = """\
GAME SCREEN
  r        roll the dice (when it is your turn)
@bus  t        play a Bus Ticket: pick a space ahead on this side of the board
  d        open the pending decision again (after Esc hid it)
@depots  m        manage: build, sell, depots, mortgage — any human player, whenever the game waits
@!depots  m        manage: build, sell, mortgage — any human player, whenever the game waits
@bus  x        trade: who offers what to whom (cash, deeds, jail cards, Bus Tickets); partner answers
@!bus  x        trade: who offers what to whom (cash, deeds, jail cards); partner answers
  c        claim rent (house rule "rent must be claimed"), before the next player rolls
  e        propose to end the game now: the others vote; all agree = the highest final worth wins
  u        undo your own last decision in your own turn, again for the one before (back to the last die roll, \
card or shuffle; asks first); never once another player acted, nor a decision that ended your turn
  space    computer players: skip ahead (their moves at once, until a human decides)
  w        win chances: every player's chance to win from here, played out by the computer in the background (a \
progress bar; the figures refine); Esc closes it and stops; they are kept for this position
  j        coach: the answers to your decision (on the board, in every decision dialog, in the open auction for \
the seat chosen) as the expert computer weighs them, best first, each with its chance to win and interval; it \
only shows, you decide
  s        save the game       h / ?   this help       F1   the rules       q   leave the game
  ←↑↓→     look around the board: the cursor's space shows its deed card (price, rents with the rent due now marked \
▶, building cost, mortgage, owner); Home: back to whose turn
  PgUp/PgDn or [ ]   the log: a page back / on (the newest event brings it to the end)
  F2       high-contrast theme on/off (remembered)

DECISIONS (a dialog in the deciding player's colour; every option has a key)
  Buy           b buy, a auction it
  Open auction  the whole table at one screen: your own two keys (on your row: seat 1 q/z, 2 w/x, 3 e/c, 4 r/v, \
5 y/b, 6 u/n, 7 i/, 8 o/.) raise by $10 or pass at once; or your seat number, then t +$10, f +$50, h +$100 over \
the high bid, p pass, or an amount + Enter; j the coach; a countdown closes it, silence passes
  Auction in seat order (option)  type a bid (whole dollars) + Enter, t +$10, f +$50, h +$100, d drop out; a bid \
over twice the price asks y/n first
  Jail          p pay the fine, c use a card, r roll for doubles
@pick  Pick a space  ←/→ move the cursor on the board, PgUp/PgDn a side, Enter choose: {picks} (Esc cancels a Bus \
Ticket ride)
@bus  Bus           t take a Bus Ticket, a ride to the next Chance / Community Chest
@speed  Bus (option Speed Die game Bus)   1 move by the first die, 2 the second, b both
@birthday  Birthday      c take the cash, t take a Bus Ticket
@income  Income Tax    f flat sum, p percent of your worth (both sums shown)
@levelling  Levelling     b build, r rearrange, u unmortgage, i unmortgage+build, e unmortgage+rearrange, s sell \
all, g give back
  Mortgaged deed  u unmortgage, k keep it mortgaged (pay 10%)
  Debt          m raise money (manage), p pay, x declare bankruptcy (only when nothing is left)
  Trade offer   a accept, r refuse, c counter (your terms back)   End the game?   y agree, n play on
  Last house/hotel (shortage)   y I want it too (it is auctioned), n no
  Place a piece won at a shortage auction: pick the lot on the board (←/→, Enter)
  In every dialog: m opens the manage screen, Esc hides the dialog to look at the board.

MANAGE SCREEN
  ↑/↓ choose a deed; 1-8 or Tab choose the player (a computer player's deeds are read-only)
@depots  b build   x sell a building   g sell the group's buildings (asks first)   d build/sell a depot
@!depots  b build   x sell a building   g sell the group's buildings (asks first)
  o mortgage   u unmortgage      Esc back.  A refused action shows the reason.

THE BOARD (compact from 100x30, full from 140x45, large from 200x60)
  Each space: colour-group strip with its code (Br LB Pk Or Rd Ye Gn DB, RR railroad, Ut utility), the owner's \
letter on the owner's colour (or the price while the bank holds it), buildings {buildings}, M mortgaged; the tokens \
standing there (the player whose turn it is underlined). Jail shows who is in jail and who is visiting.
  Compact board: short names (Ken = Kentucky Avenue), houses as a digit (A3 = owner A, 3 houses), the bank's price \
without $, "3p" = 3 tokens, "[C]" = C in jail.
  Each player's panel lists their deeds by colour group and what they could build now (m).

TRADE SCREEN
  Tab moves between fields; the selectors choose the proposer and the partner; type {fields}; Space ticks a deed. \
The engine's verdict shows as you go. Ctrl+G proposes, Esc cancels.

REPLAY (megamono replay SAVE; the game review)
  ←/→        one action back / forward
  PgUp/PgDn  the start of this turn (again: of the turn before) / the start of the next turn
  Home/End   the game as it was set up / as it was saved
  12 Enter   a round number, then Enter: the start of that round (Backspace erases, Esc forgets it)
  [ ]        the log: a page back / on
  h / ?      this help        Esc or q   leave the replay
  The board, the panels, the dice and the log show the game as it was after that action; nothing is played, and \
the save is only read. Given the win chances (the game review), a chart marks the round shown (┊).

HOT-SEAT AND COMPUTER PLAYERS
  Whenever the decision passes to another person, the game says "Pass the keyboard to NAME".
  Computer players move by themselves, a step at a time, each step in the log; space skips ahead.

EVERYWHERE
  Ctrl+P   the command palette: every action that is legal now ("Ann: Buy Baltic Avenue", "Mortgage ...", "Propose a \
trade..."), every screen, the options and the themes
  ?        on any other screen: its keys           F1   the rules         Ctrl+Q   quit
  Options (palette): hand-over screens on/off, animations on/off (any key skips an animation).
  Environment: MEGAMONO_HANDOVER=off, MEGAMONO_ANIMATIONS=off turn them off at start.
"""
"""Every key of the game. A line starting ``@feature`` is shown only when the edition has it
(``@!feature``: only when it has not); see :func:`help_text`."""


def edition_features(ed) -> dict[str, bool]:
    """What of the Mega Edition a board has: the help shows only its keys (``ed`` None: all)."""
    if ed is None:
        return {k: True for k in ("bus", "speed", "depots", "skyscrapers", "levelling", "auction_space",
                                  "birthday", "income", "pick")}
    kinds = {sp.kind for sp in ed.spaces}
    have = {
        "bus": ed.bus_tickets is not None, "speed": ed.rules.speed_die, "depots": ed.supply.depots > 0,
        "skyscrapers": ed.supply.skyscrapers > 0, "levelling": ed.rules.levelling,
        "auction_space": "auction" in kinds, "birthday": "birthday_gift" in kinds and ed.bus_tickets is not None,
        "income": any(sp.kind == "tax" and sp.tax_percent for sp in ed.spaces),
    }
    have["pick"] = have["speed"] or have["auction_space"] or have["bus"]
    return have


def help_text(ed=None, first: str | None = None) -> str:
    """:data:`HELP` for the edition ``ed`` (None: every edition): the other edition's keys left out;
    ``first``: the heading of a section to put first (the screen the help is asked from)."""
    have = edition_features(ed)
    lines = []
    for line in HELP.splitlines():
        if line.startswith("@"):
            tag, _, line = line[1:].partition(" ")
            line = line.lstrip(" ")
            line = "  " + line
            if have.get(tag.lstrip("!"), False) == tag.startswith("!"):
                continue
        lines.append(line)
    picks = [what for what, on in (("triples", have["speed"]), ("the Auction space", have["auction_space"]),
                                   ("Bus Ticket rides", have["bus"])) if on]
    pieces = ["1h-4h", "H hotel"] + (["S skyscraper"] if have["skyscrapers"] else []) + \
        (["D depot"] if have["depots"] else [])
    if first is not None:
        sections = "\n".join(lines).split("\n\n")
        sections.sort(key=lambda section: not section.startswith(first))
        lines = "\n\n".join(sections).split("\n")
    return "\n".join(lines).format(
        picks=", ".join(picks), buildings=", ".join(pieces),
        fields="cash (whole dollars), jail cards and Bus Tickets" if have["bus"] else
        "cash (whole dollars) and jail cards")


SCREEN_HELP: dict[str, str] = {
    "StartScreen": "**Start.** The games in progress (every unfinished game, newest first; one open in "
                   "another megamono is marked so): `↑`/`↓` choose, `a` or `Enter` resumes, `x` sets a "
                   "damaged autosave aside (renamed, never deleted). `n` starts a new game, `r` lists the "
                   "saved games, `q` quits. Ctrl+P opens the command palette.",
    "SaveFailedDialog": "**The game could not be autosaved** as you leave it: `s` saves it elsewhere (type a "
                        "file or a folder, then `Enter`), `r` tries the autosave again, `q` leaves without "
                        "saving, `Esc` goes back to the game.",
    "SetupScreen": "**New game.** Choose the edition, the players (a name and a colour each; any seat "
                   "may be a computer player, easy, normal or strong) and the house rules. `Tab` moves between "
                   "fields, `Space` ticks a box, `Ctrl+G` starts, `Esc` goes back.",
    "ResumeScreen": "**Saved games**, newest first. `Enter` loads, `v` reviews (win chances over the game, "
                    "turning points, replay; the file is only read), `n` renames, `Del` or `x` deletes "
                    "(asks first), `Esc` goes back.",
    "SaveDialog": "**Save.** Type a name (letters, digits, space, `-`, `_`, `.`) and press `Enter`; "
                  "`Esc` cancels.",
    "RenameDialog": "**Rename.** Type the new name, `Enter` renames, `Esc` cancels.",
    "ManageScreen": "**Manage**: any human player, whenever the game waits (a computer player's deeds "
                    "are shown read-only). `↑`/`↓` choose a deed, `1`-`8` or `Tab` the player; `b` build, "
                    "`x` sell a level, `g` sell the group's buildings (asks first), `d` depot, `o` mortgage, "
                    "`u` unmortgage, `Esc` back. A refused key says why.",
    "TradeScreen": "**Trade.** Choose the proposer and the partner, tick deeds on both sides (`↑`/`↓` go "
                   "through every deed, `Space` ticks the one under the cursor or says why it cannot be traded), "
                   "type cash, jail cards and Bus Tickets. The verdict shows as you go. `Ctrl+G` "
                   "proposes, `Esc` cancels (the offer comes back if the screen opens again this turn); the "
                   "partner answers `a` accept, `r` refuse or `c` counter "
                   "(this screen again, filled with the offer reversed). `Ctrl+W` shows what the offer on "
                   "screen does to both sides' win chances: before and after, by playouts, refined as they "
                   "finish.",
    "BidDialog": "**Auction.** Type a bid in whole dollars and press `Enter`, or let `t` (+$10), `f` (+$50), "
                 "`h` (+$100) set it; `d` drops out for good. A bid over twice the printed price asks `y`/`n` "
                 "first. Bids go round in seat order.",
    "OpenAuctionDialog": "**Open auction** (A3): the whole table bids at this screen, in any order. Press "
                         "your seat number (the number before your name), then `t` (+$10), `f` (+$50), "
                         "`h` (+$100) over the high bid, `p` to pass, or type an amount and `Enter`. A pass "
                         "only counts towards closing: you may still raise, and any raise cancels every pass. "
                         "A countdown after each raise closes it, everyone silent passing; it stands still "
                         "while an amount is typed or another screen is open. `m` manages the chosen seat, "
                         "`Esc` lets go of the seat, or hides the auction.",
    "BoardPickDialog": "**Pick a space.** `←`/`→` move the cursor, `PgUp`/`PgDn` a side at a time, "
                       "`Enter` chooses (green names are the legal choices).",
    "DecisionDialog": "**A decision** for the player named at the top, in their colour. Every option "
                      "has a key (greyed when not allowed, with the reason). `m` manages first, `Esc` "
                      "hides the dialog to look at the board (`d` brings it back).",
    "PassKeyboard": "**Hand-over.** Another person decides now: pass the keyboard, then they press "
                    "`Enter`. Before passing it, `u` lets you take back your own last decision (when "
                    "it can be: in your own turn, not dice or cards, and not one that ended your turn). "
                    "`s` saves, `q` leaves the game. Turn these screens "
                    "off in the options (command palette, Ctrl+P).",
    "ChancesScreen": "**Win chances** from where the game stands: the game played out to its end many times "
                     "by the strong computer in every seat, each player's share of the wins with its 95% "
                     "interval and their expected final worth; the figures refine as the playouts finish. "
                     "`Esc` (or `w`) closes the panel and stops them; what was played is kept for this "
                     "position.",
    "ReplayScreen": "**Replay**: the game as it was after each of its actions, read-only (the save is only read). "
                    "`←`/`→` one action, `PgUp`/`PgDn` one turn, `Home`/`End` the start and the end, a round "
                    "number then `Enter` that round's start, `[`/`]` a page of the log, `Esc` or `q` leaves.",
    "ReviewScreen": "**Game review**: each player's chance to win at the start of every round (playouts by "
                    "the strong computer, refined in the background), the turning points and the statistics. "
                    "`↑`/`↓` choose a turning point, `Enter` replays from its round, `r` replays from the start, "
                    "`s` the statistics, `Esc` or `q` goes back.",
    "ConfirmDialog": "**A question.** `y` yes, `n` or `Esc` no.",
    "PickDialog": "**Pick one.** `↑`/`↓` choose, `Enter` confirms, `Esc` cancels.",
    "GameOverScreen": "**Game over**: the standings, everyone's net worth over the game and the "
                      "statistics. `v` the game's review (win chances over the game, turning points, replay), "
                      "`n` back to the start screen, `q` quits.",
    "RulesScreen": "**Rules.** `↑`/`↓`, `PgUp`/`PgDn` scroll, `t` shows the contents, `Esc` closes.",
    "OptionsScreen": "**Options.** `Tab` moves, `Space` ticks, `Enter` opens a choice, `Esc` closes.",
}
"""A word on each screen for :class:`KeysPanel`, by class name (a subclass falls back to its base's)."""


def screen_help(screen) -> str:
    for cls in type(screen).__mro__:
        if cls.__name__ in SCREEN_HELP:
            return SCREEN_HELP[cls.__name__]
    return "Press `F1` for the rules, `Ctrl+P` for the command palette."


class KeysPanel(HelpPanel):
    """Textual's help panel (the keys of the screen) with the screen's word on top, shown even when
    nothing is focused. ``?`` shows and hides it."""

    DEFAULT_CSS = """
    KeysPanel #widget-help { display: block; }
    """

    def update_help(self, focused_widget) -> None:
        text = ""
        if focused_widget is not None:
            for node in focused_widget.ancestors_with_self:
                if node is self.screen:
                    break
                if getattr(node, "HELP", None):
                    text = node.HELP
                    break
        text = screen_help(self.screen) + ("\n\n" + text if text else "")
        try:
            self.query_one(Markdown).update(text)
        except Exception:  # noqa: BLE001 - not composed yet
            pass

    def on_mount(self) -> None:
        super().on_mount()
        self.update_help(self.screen.focused)


def this_game_text(game) -> Text:
    """The edition and every house-rule option of the game on screen (RULES.md O), on or off, with
    what it does: the options are chosen at set-up and stored in the save."""
    from .setup import CHOICE_SWITCHES, CHOICES, MEGA_ONLY, NUMBERS, SWITCHES

    ed, opts = game.ed, game.st.options
    t = Text()
    t.append("THIS GAME\n", style="bold")
    t.append(f"  {ed.name}: {len(game.st.players)} players, starting cash ")
    cash = opts.starting_cash if opts.starting_cash is not None else ed.rules.starting_cash
    t.append(f"${cash:,}\n")
    t.append("  House rules (chosen on the new-game screen, kept in the save):\n")
    for field, (label, explain) in SWITCHES.items():
        if field in MEGA_ONLY and not ed.rules.speed_die:
            continue
        on = getattr(opts, field)
        if field in CHOICE_SWITCHES:
            on = on == CHOICE_SWITCHES[field][1]
        t.append(f"  [{'X' if on else ' '}] {label:<26}", style="bold" if on else "")
        t.append(explain + "\n", style="" if on else "dim")
    limit = opts.turn_limit
    label, explain = NUMBERS["turn_limit"][:2]
    t.append(f"      {label:<26}", style="bold" if limit else "")  # under the labels above
    t.append((f"{count(limit, 'round')}; then the highest final worth wins" if limit else "none: play to the end")
             + "\n")
    minutes = opts.time_limit
    if minutes:
        t.append(f"      {NUMBERS['time_limit'][0]:<26}", style="bold")
        t.append(f"{count(minutes, 'minute')} open; then the game ends when the round ends, the highest final"
                 " worth wins\n")
    who = {"computers": "other computers only"}.get(opts.computer_offers, opts.computer_offers)
    t.append(f"      {CHOICES['computer_offers'][0]:<26}", style="bold" if opts.computer_offers != "everyone" else "")
    t.append(f"computers offer trades to {who} (Options changes it)\n")
    t.append("\n")
    return t


class HelpScreen(LatestSizeOnly, ModalScreen[None]):
    """Keys and conventions; Esc, q or h closes it; F1 or r opens the rules."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen #help { width: 104; max-width: 100%; height: 40; max-height: 100%; padding: 0 2;
                       border: heavy $accent; background: $panel; }
    """
    BINDINGS = [Binding("escape,q,h,question_mark", "close", "Close"), Binding("f1,r", "rules", "Rules")]

    def __init__(self, first: str | None = None) -> None:
        super().__init__()
        self.first = first
        """The heading of the section shown first (the replay's), or None: the game screen's first."""

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            game = getattr(self.app, "game_in_play", None)
            if game is not None:
                yield HangingText(this_game_text(game), id="this-game")
            yield HangingText(Text(help_text(game.ed if game is not None else None, self.first)), id="keys")
        yield NoticeLine()
        yield KeysFooter()

    def action_rules(self) -> None:
        from .rules import RulesScreen
        self.app.push_screen(RulesScreen())

    def action_close(self) -> None:
        self.dismiss(None)
