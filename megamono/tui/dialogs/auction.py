"""The auction dialog: one bidder at a time, in hot-seat order (A2, A3)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Input, Static

from megamono.rules.actions import Bid, DropOut
from megamono.rules.decisions import BidDecision
from megamono.rules.engine import Game
from megamono.rules.events import BidMade, DropsOut

from ..look import DIM, money
from ..runtime import runtime_of
from ..widgets.amount import AmountInput
from ..widgets.deed_card import deed_card_text
from ..widgets.footer import KeysFooter
from ..widgets.notices import NoticeLine
from .base import DecisionDialog
from .notice import ConfirmDialog

QUICK = {"t": 10, "f": 50, "h": 100}
FAR_ABOVE = 2
"""A bid above this many times the deed's printed price (a piece's building cost) asks first."""


def reference(game: Game, pend: BidDecision, player: int) -> tuple[int, str] | None:
    """(the printed price a bid is compared with, in dollars; its words), or None when there is none:
    the deed's price, or for the bank's last piece (B7) what building on ``player``'s lots costs."""
    if pend.space is not None:
        price = game.ed.spaces[pend.space].price
        return (price, f"{game.ed.spaces[pend.space].name}'s printed price") if price else None
    piece = pend.piece or "house"
    try:
        lots = game.lots_for_piece(player, piece)
    except Exception:  # noqa: BLE001 - only a comparison for a question
        lots = []
    costs = [game.ed.spaces[i].house_cost or 0 for i in lots] or \
        [sp.house_cost or 0 for sp in game.ed.spaces if sp.kind == "street"]
    cost = max(costs, default=0)
    return (cost, f"the cost of a {piece} on your lots") if cost else None


def far_above_question(game: Game, pend: BidDecision, player: int, amount: int) -> str | None:
    """The y/n question asked before ``player`` bids ``amount`` dollars more than :data:`FAR_ABOVE`
    times the :func:`reference` price ("Ann: bid $900 for Boardwalk? ..."), or None to bid at once."""
    ref = reference(game, pend, player)
    if ref is None or amount <= FAR_ABOVE * ref[0]:
        return None
    item = game.ed.spaces[pend.space].name if pend.space is not None else f"the bank's last {pend.piece or 'piece'}"
    return (f"{game.st.players[player].name}: bid {money(amount)} for {item}?\n"
            f"That is more than {FAR_ABOVE} times {ref[1]} ({money(ref[0])}).")


class BidDialog(DecisionDialog[BidDecision]):
    """Bid for the deed on auction or drop out. Type an amount and press Enter. The quick keys only
    change the "Your bid" field (Enter bids it): ``t`` +$10, ``f`` +$50, ``h`` +$100 — on the high
    bid while the field is untouched, then on the field; ``d`` drops out for good. What is not a
    whole number of dollars ("81.5") is refused with a message; a bid more than twice the printed
    price (the building cost, for the bank's last piece) asks y/n first."""

    DECISION = BidDecision

    DEFAULT_CSS = """
    BidDialog #bidrow { height: 1; margin-bottom: 1; }
    BidDialog #bidlabel { width: auto; text-style: bold; }
    BidDialog #amount { width: 14; }
    BidDialog #amount-problem { width: 1fr; margin-left: 2; color: $error; }
    BidDialog #why { color: $error; }
    """

    BINDINGS = [
        Binding("t", "quick('t')", "Your bid +$10", priority=True),
        Binding("f", "quick('f')", "Your bid +$50", priority=True),
        Binding("h", "quick('h')", "Your bid +$100", priority=True),
        Binding("d", "drop", "Drop out", priority=True),
        Binding("m", "manage", "Manage", priority=True),
        Binding("j", "coach", "Coach", priority=True),  # (before the amount field, which has the focus)
        Binding("enter", "bid", "Bid typed amount", show=True),
    ]

    def heading(self) -> str:
        return "auction" if self.pend.piece is None else f"auction of the last {self.pend.piece}"

    def body(self) -> Text:
        g, pend, look = self.game, self.pend, self.look
        if pend.space is not None:
            t = deed_card_text(g, look, pend.space)
        else:  # B7: the bank's last building piece, not a deed
            t = Text(f"The bank's last {pend.piece or 'piece'} is auctioned (B7): the winner pays the bank "
                     "and places it at once on one of their lots.", style="bold")
        t.append("\n\n")
        since = self.since_last_bid()
        if since.plain:
            t.append_text(since)
            t.append("\n")
        if pend.high_bidder is None:
            t.append("No bid yet.", style="bold")
        else:
            t.append(f"High bid {money(pend.high_bid)} by ", style="bold")
            t.append_text(look.who(pend.high_bidder))
        t.append(f"   Minimum bid {money(g.min_bid())}", style="bold")
        t.append("\nStill bidding, from whoever bids now: ")
        order = list(pend.bidders)
        if self.player in order:  # the bidders' seat order, turned to start at the one deciding
            k = order.index(self.player)
            order = order[k:] + order[:k]
        t.append_text(Text(" ").join(look.who(b) for b in order))
        t.append(f"\n{g.st.players[self.player].name} has {money(g.st.players[self.player].cash)}.", style=DIM)
        return t

    def since_last_bid(self) -> Text:
        """What the others did in this auction since this bidder's last bid, oldest first ("Since
        your last bid: Robo (R, computer) bids $130."), from the game log; empty at their first bid."""
        g, look = self.game, self.look
        moves: list[Text] = []
        for ev in reversed(g.st.log):
            if ev.kind == "auction":  # the auction's start: this bidder has not bid yet
                return Text("")
            if not isinstance(ev, (BidMade, DropsOut)):
                continue
            if ev.player == self.player:
                break
            who = look.who(ev.player)
            if g.st.players[ev.player].kind == "computer":  # "Robo (R)" -> "Robo (R, computer)"
                who.right_crop(1)
                who.append(", computer)")
            moves.append(Text.assemble(who, f" bids ${ev.bid:,}" if isinstance(ev, BidMade) else " drops out"))
        else:
            return Text("")
        if not moves:
            return Text("")
        return Text.assemble(("Since your last bid: ", "bold"), Text("; ").join(reversed(moves[:6])), ".")

    def quick_amount(self, key: str) -> int:
        """The "Your bid" field after quick key ``key``: the high bid (while the field still holds
        the minimum bid it opened with) or the field, plus the key's step; never below the minimum."""
        pend = self.pend
        base = pend.high_bid if pend.high_bidder is not None else 0
        try:
            typed = self.query_one("#amount", AmountInput).number
        except Exception:  # not composed yet
            typed = None
        if getattr(self, "_touched", False) and typed is not None:
            base = typed
        return max(base + QUICK[key], self.game.min_bid())

    def compose(self) -> ComposeResult:
        self._options = {}
        with Vertical(id="dialog"):
            yield Static(self.who_text(), id="who")
            yield Static(self.body(), id="body")
            with Horizontal(id="bidrow"):
                yield Static("Your bid: $", id="bidlabel")
                amount = AmountInput(str(self.game.min_bid()), id="amount", compact=True)
                amount.cursor_blink = runtime_of(self.app).blink
                yield amount
                yield Static("", id="amount-problem")  # what is wrong with the amount typed, as it is typed
            with Horizontal(id="choices"):
                for k, v in QUICK.items():
                    yield Button(Content(f"+{money(v)} [{k}]"), id=f"quick-{k}", compact=True)
                yield Button(Content("Drop out [d]"), id="drop", compact=True)
                yield Button(Content("Bid [enter]"), id="bid", compact=True)
            yield Static("", id="why")
        yield NoticeLine()
        yield KeysFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self._touched = False  # the field still holds the minimum bid it opened with
        self.refresh_quick()
        self.query_one("#amount", Input).focus()

    def refresh_quick(self) -> None:
        for k in QUICK:
            self.query_one(f"#quick-{k}", Button).disabled = self.check_action("quick", (k,)) is not True
        self.refresh_bindings()

    def on_input_changed(self, event: Input.Changed) -> None:
        if self.stale():
            return
        if event.value.strip() != str(self.game.min_bid()):
            self._touched = True
        self.query_one("#why", Static).update("")
        problem = self.query_one("#amount", AmountInput).problem()
        self.query_one("#amount-problem", Static).update(Text(problem or ""))
        self.refresh_quick()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.stale():
            return False
        if action == "quick":
            a = Bid(player=self.player, amount=self.quick_amount(str(parameters[0])))
            return True if self.game.why_not(a) is None else None
        return True

    def say(self, why: str) -> None:
        self.query_one("#why", Static).update(Text(why, style="bold #ff8080"))

    def send(self, amount: int) -> None:
        action = Bid(player=self.player, amount=amount)
        why = self.game.why_not(action)
        if why:
            self.say(why)
            return
        question = far_above_question(self.game, self.pend, self.player, amount)
        if question is not None:

            def answer(yes: bool | None) -> None:
                if yes and self.game.why_not(action) is None:
                    self.dismiss(action)
                else:
                    self.say(f"Not bid: {money(amount)} was not confirmed. Type another amount.")
                    self.query_one("#amount", AmountInput).focus()

            self.app.push_screen(ConfirmDialog(question), answer)
            return
        self.dismiss(action)

    def action_quick(self, key: str) -> None:
        box = self.query_one("#amount", Input)
        box.value = str(self.quick_amount(key))
        box.cursor_position = len(box.value)
        self._touched = True
        box.focus()

    def action_bid(self) -> None:
        box = self.query_one("#amount", AmountInput)
        why = box.problem()
        if why is not None or box.number is None:
            self.say(f"{why or 'type a whole number of dollars'}: nothing was bid.")
            return
        self.send(box.number)

    def action_drop(self) -> None:
        self.dismiss(DropOut(player=self.player))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.too_soon() or self.stale():
            return
        self.action_bid()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if self.too_soon() or self.stale():
            return
        bid = event.button.id or ""
        if bid.startswith("quick-"):
            self.action_quick(bid[6:])
        elif bid == "bid":
            self.action_bid()
        elif bid == "drop":
            self.action_drop()
