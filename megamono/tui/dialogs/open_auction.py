"""The open auction (RULES.md A3): one screen for the whole table, no hand-over.

Every bidder is listed with a seat number, their cash and where they stand (high bid, passed, cannot
afford the minimum bid, still to answer). A human raises with two keys: their seat number, then
``t`` (+$10), ``f`` (+$50) or ``h`` (+$100) over the high bid at the moment the key is pressed; or
types an amount and presses Enter; ``p`` passes. When exactly one human is in the auction at all
(among its bidders, the high bidder included) they are chosen already until they pass, so a raise is
one key (their seat number first does no harm); with two humans or more each presses their seat number
first, every time: the seat is let go after each action (a key typed ahead by the one who just bid never acts for
the other). A seat number chooses that seat whenever that player is in the auction, the high bidder
too (pressed just as a computer outbids them, it is not lost); a raise or a pass for the high bidder
is refused with the reason and done for nobody, and they type no amount (a digit is then another
bidder's seat number). Once a chosen-already human types, the seat is theirs as if chosen. The
amount field belongs to the seat the keys act for: it is emptied after every action and whenever that
seat changes; while it holds anything else, ``t``/``f``/``h``/``p`` do nothing and say so (it may be
another player's seat number typed into it). ``Esc`` lets go of the seat chosen and empties the field
(and, with none chosen and nothing typed, hides the screen to look at the board; ``d`` on the board
brings it back). ``m`` opens the manage screen of the seat chosen, to raise cash.

A countdown runs on the runtime's clock (:class:`~..countdown.Countdown`: 10 s from the start, which a
first bid does not cut short; at least 3 s after a raise, 5 s after a computer's; the screen shows the
seconds left). It stands still while the screen cannot be seen or answered (hidden with Esc, the terminal
too small, another screen on top: managing, a question) and while an amount is being typed, and goes on
from where it stopped; the game screen keeps it, so hiding the auction and showing it again (``d``) does
not start it again. An auction that ends while another screen is on top leaves when this screen is back
on top. When it ends, every bidder who
has neither raised nor passed is recorded as passing (a :class:`~megamono.rules.actions.PassBid`
each, so a replay is exact); a raise starts it again. Computer players answer one at a time, in the
order of :func:`~megamono.bots.schedule.computer_to_ask`: the first :data:`~megamono.tui.runtime.BID_PACE`
seconds after the opening or a person's action, each next one a quarter of that after another computer's
answer (all within about a second); none is asked, and no answer is applied, in the countdown's last
:data:`NO_LATE_RAISE` seconds (no sniping: a computer still to answer then passes when it ends). Each answer
is checked against the game as it is when it arrives. The screen closes itself when the auction closes.

The screen never changes the game itself: every action goes through the game screen's controller.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Static

from megamono.rules.actions import Action, Bid, PassBid
from megamono.rules.decisions import BidDecision
from megamono.rules.engine import Game
from megamono.rules.events import AuctionStarts, BidMade, PassesBid, PieceAuction

from ..controller import Change, Refused
from ..countdown import AFTER_RAISE, Countdown
from ..look import DIM, money
from ..resizing import LatestSizeOnly
from ..runtime import runtime_of
from ..widgets.amount import AmountInput
from ..widgets.deed_card import deed_card_text
from ..widgets.footer import KeysFooter
from ..widgets.notices import NoticeLine
from .auction import far_above_question
from .base import on_top
from .notice import ConfirmDialog

if TYPE_CHECKING:
    from ..screens.game import GameScreen

SEAT_KEYS = "12345678"
RAISE_KEYS = ("q", "w", "e", "r", "y", "u", "i", "o")
"""Seat k's one key to raise by :data:`STEP` over the high bid (the top letter row, t left to +$10)."""
PASS_KEYS = ("z", "x", "c", "v", "b", "n", "comma", "full_stop")
"""Seat k's one key to pass (the bottom letter row)."""
KEY_SHOWN = {"comma": ",", "full_stop": "."}
STEP = 10
"""The raise of a seat's one key (dollars over the high bid), shown on its row."""
NO_LATE_RAISE = 2.0
"""Seconds at the countdown's end in which no computer raises (no sniping): one still to answer then
passes when the countdown ends."""
NEXT_COMPUTER = 0.25
"""A computer answers this part of the runtime's ``bid_pace`` after another computer's answer (the first
answers ``bid_pace`` after the opening or a person's action): all within about a second."""


class OpenAuctionDialog(LatestSizeOnly, ModalScreen[object]):
    """The open auction of ``owner``'s game (a :class:`~.screens.game.GameScreen`). Dismissed with
    ``"cancel"`` when the auction has closed, or None when hidden (``Esc`` with no seat chosen)."""


    DEFAULT_CSS = """
    OpenAuctionDialog { align: center middle; }
    OpenAuctionDialog #dialog {
        width: 100; max-width: 100%; height: auto; max-height: 100%; padding: 0 1;
        border: heavy $accent; background: $panel;
    }
    OpenAuctionDialog #top { height: auto; }
    OpenAuctionDialog #card { width: 38; height: auto; margin-right: 2; }
    OpenAuctionDialog #table { width: 1fr; height: auto; }
    OpenAuctionDialog #gavel { text-style: bold; margin-top: 1; }
    OpenAuctionDialog #bidrow { height: auto; margin-top: 1; }
    OpenAuctionDialog #bidlabel { width: auto; text-style: bold; }
    OpenAuctionDialog #amount { width: 14; }
    OpenAuctionDialog #amount-problem { width: 1fr; height: auto; margin-left: 2; color: $error; }
    OpenAuctionDialog #why { color: $text-muted; }
    """

    BINDINGS = [
        # (all priority, the digits too: keys typed fast arrive together, and a priority key would run
        # before a plain key still on its way to the screen: "2 h" raised for the seat chosen before)
        *[Binding(k, f"seat({int(k) - 1})", f"Seat {k}", show=False, priority=True) for k in SEAT_KEYS + "90"],
        # (each human seat's own two keys: raise by the step shown, pass; never taken for another seat)
        *[Binding(k, f"one_key({n}, False)", f"Seat {n + 1} +${STEP}", show=False, priority=True)
          for n, k in enumerate(RAISE_KEYS)],
        *[Binding(k, f"one_key({n}, True)", f"Seat {n + 1} passes", show=False, priority=True)
          for n, k in enumerate(PASS_KEYS)],
        Binding("t", "raise_by(10)", "+$10", priority=True),
        Binding("f", "raise_by(50)", "+$50", priority=True),
        Binding("h", "raise_by(100)", "+$100", priority=True),
        Binding("p", "pass_bid", "Pass", priority=True),
        Binding("m", "manage", "Manage", priority=True),
        Binding("j", "coach", "Coach", priority=True),
        # (a priority binding: Enter bids the amount as typed so far, before the keys typed after it
        # reach the field; the field's own Enter came as a message, after them: "29 Enter 3" bid $293)
        Binding("enter", "bid_typed", "Bid typed amount", show=False, priority=True),
        Binding("escape", "escape", "Let go / hide"),
        Binding("ctrl+c", "app.help_quit", "Quit?", show=False),
    ]

    def __init__(self, owner: GameScreen) -> None:
        super().__init__()
        self.owner = owner
        self.seat: int | None = None
        """The human bidder the keys act for now (chosen by their seat number)."""
        self.item: tuple[int | None, str | None] = self.item_now()
        self.last_high: tuple[int | None, int] = (self.pend.high_bidder, self.pend.high_bid)
        key = (self.game.st.turn.number, *self.item)
        kept = owner.countdown
        self.countdown = kept if kept is not None and kept.auction == key else Countdown(key)
        """This auction's countdown (kept by the game screen: hidden and shown again, it goes on)."""
        owner.countdown = self.countdown
        self._computer_timer: Timer | None = None
        self.closed = False
        """The auction is over (or the screen was let go): nothing more is sent from here."""
        self._dismissed = False
        self._result: str | None = "cancel"
        """What the screen gives back as it leaves: "cancel" when the auction ended, None when hidden."""
        self._keyboard = owner.controller.last_decider
        self._held_said = False
        """What the line beside the amount field says is that the acting seat holds the high bid."""
        self._typing_for: int | None = None
        """The seat the keys acted for at the last redraw: the amount field's text is theirs."""
        """Who had the keyboard before the auction: theirs again after it (the table bid on one screen)."""

    # -- what the screen reads --------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.owner.game

    @property
    def pend(self) -> BidDecision:
        pend = self.game.pending
        assert isinstance(pend, BidDecision), "read only while the auction runs"
        return pend

    def running(self) -> bool:
        """Whether the game still waits on an open auction."""
        pend = self.game.pending
        return isinstance(pend, BidDecision) and pend.at_once and not self.game.over

    def item_now(self) -> tuple[int | None, str | None]:
        pend = self.pend
        return (pend.space, pend.piece)

    def humans(self) -> list[int]:
        """The human bidders in the auction at all (the high bidder and those who passed too), in seat
        order."""
        return [p for p in self.pend.bidders if not self.owner.controller.is_computer(p)]

    def acting(self) -> int | None:
        """The seat the keys act for: the chosen one, else the only human in the auction while they have
        not passed (None: choose). Once they pass the choice leaves their seat (a pass counts towards
        closing: their seat number chooses it again, to raise after all); never for another seat: with
        two humans or more nobody is chosen for them, not even when only one of them may bid now, as a
        key typed ahead by the one who just bid or passed would act for the other."""
        if self.seat is not None:
            return self.seat
        humans = self.humans()
        return humans[0] if len(humans) == 1 and humans[0] not in self.pend.passed else None

    def why_not_now(self, p: int, passing: bool = False) -> str | None:
        """Why the keys for seat ``p`` may not raise (at the minimum bid) or, ``passing``, pass now, or None:
        the rules core's answer (the high bidder waits, A3), never restated here."""
        g = self.game
        action = PassBid(player=p) if passing else Bid(player=p, amount=g.min_bid())
        why = g.why_not(action)
        return None if why is None else f"{why}: nothing was done for anyone."

    # -- layout -------------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.heading(), id="who")
            with Horizontal(id="top"):
                yield Static(self.card(), id="card")
                yield Static(self.table(), id="table")
            yield Static(self.gavel(), id="gavel")
            with Horizontal(id="bidrow"):
                yield Static(self.bid_label(), id="bidlabel")
                amount = AmountInput("", id="amount", compact=True, placeholder="amount")
                amount.cursor_blink = runtime_of(self.app).blink
                yield amount
                yield Static("", id="amount-problem")
            yield Static(self.keys_text(), id="why")
        yield NoticeLine()
        yield KeysFooter()

    def now(self) -> float:
        """The runtime clock's reading."""
        return runtime_of(self.app).clock.monotonic()

    def on_mount(self) -> None:
        self.query_one("#amount", AmountInput).can_focus = False
        self.set_interval(0.2, self.tick)
        self.after_change()

    def on_screen_resume(self) -> None:
        # back from a screen over the auction (managing to raise cash, a question, the terminal too small):
        # the bidders get 3 s at least to act on it, never a last call they had no time to see
        self.countdown.at_least(self.now(), AFTER_RAISE)
        self.after_change()

    def on_screen_suspend(self) -> None:
        self.countdown.stop(self.now())  # (the time under another screen, or the terminal too small, does not count)

    def on_unmount(self) -> None:
        self.countdown.stop(self.now())  # (hidden: d shows it again, and it goes on from here)

    def keep_time(self) -> None:
        """Run the countdown while :meth:`counting`, else stop it where it is."""
        if self.counting():
            self.countdown.run(self.now())
        else:
            self.countdown.stop(self.now())

    def heading(self) -> Text:
        pend = self.pend
        what = self.game.ed.spaces[pend.space].name if pend.space is not None else f"the bank's last {pend.piece}"
        return Text.assemble(("Open auction: ", "bold"), (what, "bold"),
                             ("   any bidder, in any order (A3)", DIM))

    def card(self) -> Text:
        g, pend = self.game, self.pend
        if pend.space is not None:
            return deed_card_text(g, self.owner.look, pend.space)
        return Text(f"The bank's last {pend.piece or 'piece'} (B7): the winner pays the bank and places it "
                    "at once on one of their lots.", style="bold")

    def table(self) -> Text:
        g, pend, look = self.game, self.pend, self.owner.look
        t = Text()
        if pend.high_bidder is None:
            t.append("No bid yet.", style="bold")
        else:
            t.append(f"High bid {money(pend.high_bid)} by ", style="bold")
            t.append_text(look.who(pend.high_bidder))
        t.append(f"   minimum bid {money(g.min_bid())}\n\n", style="bold")
        waiting = set(g.awaited())
        acting = self.acting()
        for p in sorted(pend.bidders):  # (in seat-number order: the numbers people press)
            pl = g.st.players[p]
            mark = "▶ " if p == acting else "  "
            t.append(mark, style="bold")
            t.append(f"[{p + 1}] ", style="bold")
            t.append_text(look.who(p))
            if self.owner.controller.is_computer(p):
                t.append(" computer", style=DIM)
            elif p < len(RAISE_KEYS):
                t.append(f"  {RAISE_KEYS[p]} +${STEP} {KEY_SHOWN.get(PASS_KEYS[p], PASS_KEYS[p])} pass", style="bold")
            t.append(f"  {money(pl.cash)}  ")
            if p == pend.high_bidder:
                t.append("holds the high bid", style="bold green")
            elif p in pend.passed:
                t.append("passed", style=DIM)
            elif p not in waiting:
                t.append("cannot pay the minimum (counts as passed)", style=DIM)
            else:
                t.append("may bid", style="bold")
            t.append("\n")
        recent = self.recent()
        if recent.plain:
            t.append("\n")
            t.append_text(recent)
        return t

    def recent(self) -> Text:
        """The last bids and passes of this auction, newest last (up to 4)."""
        g, look = self.game, self.owner.look
        moves: list[Text] = []
        for ev in reversed(g.st.log):
            if isinstance(ev, (AuctionStarts, PieceAuction)) or len(moves) == 4:
                break
            if isinstance(ev, BidMade):
                moves.append(Text.assemble(look.who(ev.player), f" bids {money(ev.bid)}"))
            elif isinstance(ev, PassesBid):
                moves.append(Text.assemble(look.who(ev.player), " passes"))
        return Text("; ").join(reversed(moves))

    def gavel(self) -> Text:
        """The countdown's words: "Going once… (3 s)"."""
        shown = self.countdown.shown(self.now())
        if self.pend.high_bidder is None:
            return Text(f"Opening the bidding: {shown} s, then whoever said nothing passes.")
        words = ("Bidding open:" if shown > AFTER_RAISE else "Going once…" if shown == 3
                 else "Going twice…" if shown == 2 else "Last call…")
        paused = "" if self.counting() else "  (waiting)"
        return Text(f"{words} {shown} s{paused}", style="bold")

    def bid_label(self) -> Text:
        p = self.acting()
        if p is None:
            return Text("Press your seat number: ", style="bold")
        if p == self.pend.high_bidder:
            return Text.assemble(self.owner.look.who(p), " holds the high bid ")
        return Text.assemble(self.owner.look.who(p), " bids: $")

    def keys_text(self) -> Text:
        p = self.acting()
        if p is None:
            return Text("Your own two keys (on your row) raise by the step or pass at once; or your seat number, "
                        "then t +$10, f +$50, h +$100 over the high bid, p pass, or type an amount and Enter. Saying "
                        "nothing passes when the countdown ends.")
        esc = 'lets go of the seat' if self.seat is not None else 'clears, else hides this'
        if p == self.pend.high_bidder:
            name = self.game.st.players[p].name
            return Text(f"{name} holds the high bid: t +$10  f +$50  h +$100, p pass or a typed amount once "
                        f"outbid; m manage; j coach; Esc {esc}.")
        return Text(f"t +$10  f +$50  h +$100 over the high bid, p pass, or type an amount and Enter; "
                    f"m manage; j coach; Esc {esc}.")

    def say(self, why: str, held: bool = False) -> None:
        """Say ``why`` on the line beside the amount field (``held``: that the seat holds the high bid,
        which a computer's raise makes untrue: then it is cleared)."""
        self._held_said = held
        self.query_one("#amount-problem", Static).update(Text(why, style="bold"))

    def redraw(self) -> None:
        if self.closed or not self.running():
            return
        self.query_one("#who", Static).update(self.heading())
        self.query_one("#card", Static).update(self.card())
        self.query_one("#table", Static).update(self.table())
        self.query_one("#gavel", Static).update(self.gavel())
        self.query_one("#bidlabel", Static).update(self.bid_label())
        self.query_one("#why", Static).update(self.keys_text())
        box = self.query_one("#amount", AmountInput)
        p = self.acting()
        if p != self._typing_for:  # typed for someone else (or for nobody now): not this seat's amount
            self._typing_for = p
            box.value = ""
        # (the high bidder types no amount: a digit then is a seat number, another bidder's say)
        box.can_focus = p is not None and p != self.pend.high_bidder
        box.placeholder = "amount" if box.can_focus else ""
        if box.can_focus and self.focused is not box:
            box.focus()
        elif not box.can_focus and self.focused is box:
            self.set_focus(None)

    # -- after every change -----------------------------------------------------------------------------
    def after_change(self) -> None:
        """Look at the auction after a change: close when it closed, restart the countdown after a raise
        (or a new auction), forget a seat that may no longer act, and ask the next computer."""
        if self._dismissed:
            return
        if self.closed or not self.running():
            # the auction is over (or the screen let go): leave, but only from the top; under another
            # screen (managing) it leaves when it is back on top (dismissing pops the top screen)
            if not self.closed and not self.running():
                self.owner.controller.last_decider = self._keyboard
            self.closed = True
            if on_top(self):
                self._dismissed = True
                self.dismiss(self._result)
            return
        pend = self.pend
        high = (pend.high_bidder, pend.high_bid)
        now = self.now()
        if self.item_now() != self.item or (pend.high_bidder is None and self.last_high[0] is not None):
            self.item = self.item_now()  # a new auction, or one restarted (A3)
            self.countdown.restart(now, (self.game.st.turn.number, *self.item))
        elif high != self.last_high and pend.high_bidder is not None:
            # a raise: the countdown starts again, never cutting short the opening time left (a computer
            # may bid within a second of the opening: the table still gets its first 10 s), and a
            # computer's leaves the humans 5 s at least to answer it
            self.countdown.raised(now, by_computer=self.owner.controller.is_computer(pend.high_bidder))
        if high != self.last_high and self._held_said and self.acting() != pend.high_bidder:
            self.say("")  # "holds the high bid" is said no more: outbid, they may raise now
        self.last_high = high
        if self.seat is not None and self.seat not in pend.bidders:
            self.let_go()  # (a high bidder's seat stays chosen: a computer may outbid them any moment)
        self.keep_time()
        self.redraw()
        self.schedule_computer()

    def send(self, action: Action) -> bool:
        """Send a human's ``action`` through the game screen (a refusal is said on the screen)."""
        result = self.owner.controller.act(action)
        if not self.owner.took(result):
            if hasattr(result, "reason"):
                self.say(str(result.reason))
            return False
        self.let_go()
        self.after_change()
        return True

    # -- the countdown -------------------------------------------------------------------------------------
    def counting(self) -> bool:
        """Whether the countdown runs: this screen on top, no amount being typed, and a human may act."""
        if not on_top(self) or self.closed:
            return False
        boxes = self.query("#amount").results(AmountInput)  # (none yet while the screen is composed)
        box = next(boxes, None)
        if box is None or box.value.strip():
            return False
        return bool(self.humans_waiting())

    def humans_waiting(self) -> list[int]:
        return [p for p in self.game.awaited() if not self.owner.controller.is_computer(p)]

    def tick(self) -> None:
        if self.closed or not self.running():
            return
        self.keep_time()
        if self.countdown.running and self.countdown.over(self.now()):
            self.time_up()
            return
        self.query_one("#gavel", Static).update(self.gavel())

    def time_up(self) -> None:
        """The countdown ended: every bidder who has neither raised nor passed passes (A3), the computers
        too (none raises in the countdown's last :data:`NO_LATE_RAISE` seconds)."""
        for p in list(self.game.awaited()):
            if not self.running() or p not in self.game.awaited():
                break
            self.owner.took(self.owner.controller.act(PassBid(player=p), chosen=False))
        self.let_go()
        self.after_change()

    def late(self) -> bool:
        """Whether the countdown is in its last :data:`NO_LATE_RAISE` seconds (or over): no computer raises
        then (no sniping); a computer still to answer passes when it ends."""
        return self.countdown.seconds_left(self.now()) < NO_LATE_RAISE

    # -- computer players ---------------------------------------------------------------------------------
    def schedule_computer(self) -> None:
        """Ask the next computer bidder for an answer: the runtime's ``bid_pace`` after the opening or a
        person's action, a quarter of it after another computer's answer (all answer within about a
        second), never in the countdown's last seconds (:meth:`late`)."""
        if self._computer_timer is not None or self.owner.computers.thinking or self.closed:
            return
        if self.owner.controller.computer_to_move() is None or self.late():
            return
        self._computer_timer = self.set_timer(max(0.01, self.computer_delay()), self.computer_step)

    def computer_delay(self) -> float:
        """Seconds before the next computer answers: the runtime's ``bid_pace`` after the opening or a
        person's action, :data:`NEXT_COMPUTER` of it after a computer's answer in this auction."""
        c, history = self.owner.controller, self.game.history
        last = history[-1] if history else None
        after_computer = last is not None and c.is_computer(last.player) and last.kind in ("bid", "pass_bid")
        return runtime_of(self.app).bid_pace * (NEXT_COMPUTER if after_computer else 1.0)

    def computer_step(self) -> None:
        self._computer_timer = None
        if self.closed or not self.running():
            return
        if not on_top(self):
            return  # another screen is over this one: asked again when it is back (on_screen_resume)
        seat = self.owner.controller.computer_to_move()
        if seat is None or self.late():
            return
        # (the one computer-move service: chosen on a copy, applied only if the game is still there and
        # the countdown not in its last seconds: a raise then would be sniping)
        self.owner.computers.ask(seat, self.computer_done, wanted=lambda: not self.closed and not self.late())

    def computer_done(self, result: Change | Refused | None) -> None:
        """A computer's answer was applied (``result``), or dropped (None: the game moved on meanwhile)."""
        if result is not None:
            self.owner.took(result)
        if not self.closed:
            self.after_change()

    # -- keys -------------------------------------------------------------------------------------------------
    def let_go(self) -> None:
        self.seat = None
        box = self.query_one("#amount", AmountInput)
        box.value = ""
        self.say("")

    def action_seat(self, p: int) -> None:
        """A digit: while a bidder is chosen (their amount field is open: not the high bidder's), a digit
        of the amount; else the seat number of the bidder the next keys act for. (Read from the field's
        state, not from the focus, which moves a moment later.)"""
        box = self.query_one("#amount", AmountInput)
        if box.can_focus:
            box.insert_text_at_cursor(str(p + 1))
            return
        g, pend = self.game, self.pend
        if p >= len(g.st.players) or p not in pend.bidders:
            self.say(f"{p + 1} is no bidder's seat here.")
            return
        name = g.st.players[p].name
        if self.owner.controller.is_computer(p):
            self.say(f"{name} is a computer player: it bids by itself.")
            return
        self.seat = p  # (the high bidder's seat too: pressed as a computer outbids them, it is not lost)
        if p == pend.high_bidder:
            self.say(f"{name} holds the high bid and waits (A3): chosen, to raise once outbid.", held=True)
        else:
            self.say("")
        self.redraw()

    def who_acts(self) -> int | None:
        p = self.acting()
        if p is None:
            self.say("Press your seat number first (the number before your name).")
        return p

    def who_bids(self, passing: bool = False) -> int | None:
        """The seat a raise, a pass (``passing``) or a typed bid acts for, or None (the reason said): nobody
        chosen, or the rules refuse it for the seat chosen (the high bidder waits: refused for them, never
        passed on to someone else)."""
        p = self.who_acts()
        if p is None:
            return None
        why = self.why_not_now(p, passing)
        if why is not None:
            self.say(why, held=True)
            return None
        return p

    def nothing_typed(self, p: int) -> bool:
        """Whether a key that acts at once for ``p`` (t, f, h, p) may: the amount field is empty, or holds
        only p's own seat number (pressed out of habit while p was chosen already), which it clears. Other
        text may be another player's seat number typed into p's field: nothing is done, and it is said."""
        box = self.query_one("#amount", AmountInput)
        typed = box.value.strip()
        if typed == str(p + 1):
            box.value = ""
        elif typed:
            name = self.game.st.players[p].name
            self.say(f"{typed} is typed for {name}: Enter bids it, Esc clears it (nothing was done).")
            return False
        return True

    def action_raise_by(self, step: int) -> None:
        p = self.who_bids()
        if p is None or not self.nothing_typed(p):
            return
        pend = self.pend
        base = pend.high_bid if pend.high_bidder is not None else 0
        self.bid(p, max(base + step, self.game.min_bid()))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A seat's own key is a letter like any other while an amount is being typed (the field of the seat
        chosen holds something): it goes to the field, where it is refused as typed, and never acts for another
        seat then."""
        if action == "one_key":
            box = next(self.query("#amount").results(AmountInput), None)
            return box is None or not box.value.strip()
        return True

    def action_one_key(self, p: int, passing: bool) -> None:
        """A seat's own key (:data:`RAISE_KEYS`, :data:`PASS_KEYS`): seat ``p`` raises by :data:`STEP` over the
        high bid or, ``passing``, passes, whoever is chosen; refused with the reason if the seat is no human
        bidder or the rules refuse it, and then done for nobody."""
        g, pend = self.game, self.pend
        if p >= len(g.st.players) or p not in pend.bidders:
            self.say(f"Seat {p + 1} is not bidding here: nothing was done.")
            return
        if self.owner.controller.is_computer(p):
            self.say(f"{g.st.players[p].name} is a computer player: it bids by itself.")
            return
        why = self.why_not_now(p, passing)
        if why is not None:
            self.say(why)
            return
        if passing:
            self.send(PassBid(player=p))
            return
        base = pend.high_bid if pend.high_bidder is not None else 0
        self.bid(p, max(base + STEP, g.min_bid()))

    def action_pass_bid(self) -> None:
        p = self.who_bids(passing=True)
        if p is not None and self.nothing_typed(p):
            self.send(PassBid(player=p))

    def action_bid_typed(self) -> None:
        p = self.who_bids()
        if p is None:
            return
        box = self.query_one("#amount", AmountInput)
        why = box.problem()
        if why is not None or box.number is None:
            self.say(f"{why or 'type a whole number of dollars'}: nothing was bid.")
            return
        self.bid(p, box.number)

    def bid(self, p: int, amount: int) -> None:
        action = Bid(player=p, amount=amount)
        why = self.game.why_not(action)
        if why:
            self.say(why)
            return
        question = far_above_question(self.game, self.pend, p, amount)
        if question is None:
            self.send(action)
            return

        def answer(yes: bool | None) -> None:
            if yes and self.running() and self.game.why_not(action) is None:
                self.send(action)
            else:
                self.say(f"Not bid: {money(amount)} was not confirmed.")
                # (the countdown stood still while asked: the bidder gets its last seconds back to bid again)
                self.countdown.at_least(self.now(), AFTER_RAISE)

        self.app.push_screen(ConfirmDialog(question), answer)

    def action_manage(self) -> None:
        p = self.who_acts()
        if p is not None:
            self.owner.keys.manage_for(p)

    def action_coach(self) -> None:
        """The coach for the seat chosen (:mod:`..screens.coach`); the countdown stands still while it shows."""
        p = self.who_acts()
        if p is not None:
            self.owner.keys.coach_for(p)

    def action_escape(self) -> None:
        if self.seat is not None or self.query_one("#amount", AmountInput).value:
            self.let_go()
            self.redraw()
            return
        self._result = None
        self.closed = True
        self.after_change()

    def on_input_changed(self, event: AmountInput.Changed) -> None:
        # (the field as it is now, not as the message says: a change still queued when Esc let the
        # seat go must not choose it again)
        box = self.query_one("#amount", AmountInput)
        if box.value.strip() and self.seat is None and self.acting() is not None:
            self.seat = self.acting()  # typing holds the seat chosen already: a computer's raise keeps it
        problem = box.problem() if box.value.strip() else None
        self.say(problem or "")
        self.keep_time()  # (typing holds the countdown)
        self.query_one("#gavel", Static).update(self.gavel())

    def on_input_submitted(self, event: AmountInput.Submitted) -> None:
        event.stop()  # (never sent: the dialog's Enter comes first, see BINDINGS)
