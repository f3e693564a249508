"""The auction dialog: one bidder at a time, in hot-seat order (A2, A3)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Footer, Input, Static

from megamono.rules.actions import Bid, DropOut

from ..look import DIM, money
from ..widgets.deed_card import deed_card_text
from .base import DecisionDialog

QUICK = {"t": 10, "f": 50, "h": 100}


class AmountInput(Input):
    """A dollar amount: it takes only digits, so the dialog's letter keys still work while typing."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and character.isdigit()


class BidDialog(DecisionDialog):
    """Bid for the deed on auction or drop out. Type an amount and press Enter. The quick keys only
    change the "Your bid" field (Enter bids it): ``t`` +$10, ``f`` +$50, ``h`` +$100 — on the high
    bid while the field is untouched, then on the field; ``d`` drops out for good."""

    DEFAULT_CSS = """
    BidDialog #bidrow { height: 1; margin-bottom: 1; }
    BidDialog #bidlabel { width: auto; text-style: bold; }
    BidDialog #amount { width: 14; }
    BidDialog #why { color: $error; }
    """

    BINDINGS = [
        Binding("t", "quick('t')", "Your bid +$10", priority=True),
        Binding("f", "quick('f')", "Your bid +$50", priority=True),
        Binding("h", "quick('h')", "Your bid +$100", priority=True),
        Binding("d", "drop", "Drop out", priority=True),
        Binding("m", "manage", "Manage", priority=True),
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
        if pend.high_bidder is None:
            t.append("No bid yet.", style="bold")
        else:
            t.append(f"High bid {money(pend.high_bid)} by ", style="bold")
            t.append_text(look.who(pend.high_bidder))
        t.append(f"   Minimum bid {money(g.min_bid())}", style="bold")
        t.append("\nStill bidding, from whoever bids now: ")
        order = list(pend.bidders)
        if pend.player in order:  # the bidders' seat order, turned to start at the one deciding
            k = order.index(pend.player)
            order = order[k:] + order[:k]
        t.append_text(Text(" ").join(look.who(b) for b in order))
        t.append(f"\n{g.st.players[self.player].name} has {money(g.st.players[self.player].cash)}.", style=DIM)
        return t

    def quick_amount(self, key: str) -> int:
        """The "Your bid" field after quick key ``key``: the high bid (while the field still holds
        the minimum bid it opened with) or the field, plus the key's step; never below the minimum."""
        pend = self.pend
        base = pend.high_bid if pend.high_bidder is not None else 0
        try:
            value = self.query_one("#amount", Input).value.strip()
        except Exception:  # not composed yet
            value = ""
        if getattr(self, "_touched", False) and value.isdigit():
            base = int(value)
        return max(base + QUICK[key], self.game.min_bid())

    def compose(self) -> ComposeResult:
        self._options = {}
        with Vertical(id="dialog"):
            yield Static(self.who_text(), id="who")
            yield Static(self.body(), id="body")
            with Horizontal(id="bidrow"):
                yield Static("Your bid: $", id="bidlabel")
                amount = AmountInput(str(self.game.min_bid()), type="integer", id="amount", max_length=7,
                               compact=True)
                if getattr(self.app, "test_mode", False):
                    amount.cursor_blink = False
                yield amount
            with Horizontal(id="choices"):
                for k, v in QUICK.items():
                    yield Button(Content(f"+{money(v)} [{k}]"), id=f"quick-{k}", compact=True)
                yield Button(Content("Drop out [d]"), id="drop", compact=True)
                yield Button(Content("Bid [enter]"), id="bid", compact=True)
            yield Static("", id="why")
        yield Footer()

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
        if event.value.strip() != str(self.game.min_bid()):
            self._touched = True
        self.query_one("#why", Static).update("")
        self.refresh_quick()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "quick":
            a = Bid(player=self.player, amount=self.quick_amount(str(parameters[0])))
            return True if self.game.why_not(a) is None else None
        return True

    def send(self, amount: int) -> None:
        action = Bid(player=self.player, amount=amount)
        why = self.game.why_not(action)
        if why:
            self.query_one("#why", Static).update(Text(why, style="bold #ff8080"))
            return
        self.dismiss(action)

    def action_quick(self, key: str) -> None:
        box = self.query_one("#amount", Input)
        box.value = str(self.quick_amount(key))
        box.cursor_position = len(box.value)
        self._touched = True
        box.focus()

    def action_bid(self) -> None:
        value = self.query_one("#amount", Input).value.strip()
        if not value.isdigit():
            self.query_one("#why", Static).update(Text("type a whole number of dollars", style="bold #ff8080"))
            return
        self.send(int(value))

    def action_drop(self) -> None:
        self.dismiss(DropOut(player=self.player))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.too_soon():
            return
        self.action_bid()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if self.too_soon():
            return
        bid = event.button.id or ""
        if bid.startswith("quick-"):
            self.action_quick(bid[6:])
        elif bid == "bid":
            self.action_bid()
        elif bid == "drop":
            self.action_drop()
