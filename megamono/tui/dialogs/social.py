"""Dialogs for the questions other players are asked: a trade offer (X1), a vote to end the game
(E2) and the bank's last building piece (B7); and a small numbered picker (e.g. which rent to claim).

These questions interrupt another decision, and the rules allow no managing while they are open: ``m``
opens the manage screen of the one asked all the same, to look at their deeds before answering (every key
there says the rules core's reason), and the question comes back when it closes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from megamono.rules.actions import AcceptTrade, RefuseTrade, ShortageAnswer, VoteEnd
from megamono.rules.decisions import EndVoteDecision, ShortageAskDecision, TradeOffer, TradeReplyDecision, TradeSide
from megamono.rules.engine import Game

from ..look import DIM, Look, money
from ..resizing import LatestSizeOnly
from ..widgets.footer import KeysFooter
from ..widgets.notices import NoticeLine
from .base import D, DecisionDialog, Option


def side_lines(game: Game, look: Look, holder: int, receiver: int, side: TradeSide) -> Text:
    """What ``holder`` hands over, one item a line, with what each deed means for ``receiver``."""
    ed, st = game.ed, game.st
    t = Text()
    if side.is_empty():
        return Text("  nothing\n", style=DIM)
    if side.cash:
        t.append(f"  {money(side.cash)} cash\n", style="bold")
    for i in side.deeds:
        sp = ed.spaces[i]
        t.append("  ")
        t.append_text(look.deed_tag(i))
        t.append(f" {sp.name}", style="bold")
        t.append(f"  price {money(sp.price or 0)}", style=DIM)
        if st.deeds[i].mortgaged:
            t.append("  MORTGAGED", style="bold #ff8080")
            t.append(" (receiver pays 10% now or lifts it, M3)", style=DIM)
        if sp.kind == "street" and sp.group:
            lots = ed.groups[sp.group]
            after = sum(1 for j in lots if st.deeds[j].owner == receiver or j in side.deeds)
            if after == len(lots):
                t.append(f"  completes {sp.group} for {st.players[receiver].name}", style="bold #5fd75f")
        t.append("\n")
    if side.jail_cards:
        t.append(f"  {side.jail_cards} Get Out of Jail Free card{'s' * (side.jail_cards > 1)}\n")
    if side.bus_tickets:
        t.append(f"  {side.bus_tickets} Bus Ticket{'s' * (side.bus_tickets > 1)}\n")
    return t


class QuestionDialog(DecisionDialog[D]):
    """A decision that interrupts another one. Its ``m`` opens the manage screen of the one asked, as every
    dialog's does, though only to look: the rules core refuses every managing action until it is answered
    (the manage screen asks it, and says why)."""


@dataclass(frozen=True)
class CounterOffer:
    """What the trade reply dialog answers with ``c``: refuse ``offer`` (``refusal``), then open the trade
    screen filled with it reversed, for the one who refused to change and send back
    (:func:`megamono.tui.screens.trade.counter_offer`; the game screen does both)."""

    refusal: RefuseTrade
    offer: TradeOffer


class TradeReplyDialog(QuestionDialog[TradeReplyDecision]):
    """A trade offer to the deciding player: both sides listed, accept (a), refuse (r) or counter (c:
    refuse, and make an offer back, the trade screen filled with this one reversed)."""

    DECISION = TradeReplyDecision

    BINDINGS = [Binding("a", "choose('a')", "Accept"), Binding("r", "choose('r')", "Refuse"),
                Binding("c", "choose('c')", "Counter")]

    def heading(self) -> str:
        return "trade offer"

    def body(self) -> Text:
        g, look = self.game, self.look
        offer = self.pend.trade
        a, b = offer.proposer, offer.partner
        t = Text.assemble(look.who(a), " offers ", look.who(b), " a trade.\n\n")
        t.append_text(look.who(a))
        t.append(" gives:\n", style="bold")
        t.append_text(side_lines(g, look, a, b, offer.give))
        t.append("\n")
        t.append_text(look.who(b))
        t.append(" gives:\n", style="bold")
        t.append_text(side_lines(g, look, b, a, offer.take))
        cash = g.st.players[b].cash + offer.give.cash - offer.take.cash
        t.append(f"\n{g.st.players[b].name}'s cash after the trade: {money(cash)}", style=DIM)
        t.append(f"\nc: refuse, and offer {g.st.players[a].name} your own terms (this offer reversed, to change).",
                 style=DIM)
        return t

    def legal(self, o: Option) -> bool:
        if isinstance(o.action, CounterOffer):  # (as legal as the refusal it starts with)
            return self.game.why_not(o.action.refusal) is None
        return super().legal(o)

    def options(self) -> list[Option]:
        p = self.player
        refuse = RefuseTrade(player=p)
        return [Option("a", "Accept", AcceptTrade(player=p)), Option("r", "Refuse", refuse),
                Option("c", "Counter", CounterOffer(refuse, self.pend.trade))]


class EndVoteDialog(QuestionDialog[EndVoteDecision]):
    """E2: another player proposes to end the game now; agree (y) or play on (n)."""

    DECISION = EndVoteDecision

    BINDINGS = [Binding("y", "choose('y')", "Agree to end"), Binding("n", "choose('n')", "Play on")]

    def heading(self) -> str:
        return "end the game now?"

    def body(self) -> Text:
        g, look, pend = self.game, self.look, self.pend
        t = Text.assemble(look.who(pend.proposer), " proposes to end the game now.\n", style="bold")
        t.append("If every other player agrees, the game ends and the highest final worth wins (a tie shares "
                 "the win). One \"no\" and the game goes on.\n\n", style=DIM)
        t.append("Final worth now (cash + deeds at price, mortgaged at mortgage value, buildings):\n", style="bold")
        for p, worth in g.standings():
            if g.st.players[p].bankrupt:
                continue
            t.append("  ")
            t.append_text(look.who(p))
            t.append(f"  {money(worth)}\n")
        asked = pend.voters
        left = asked[asked.index(self.player) + 1:]
        if left:
            t.append("\nStill to vote after you: " + ", ".join(g.st.players[q].name for q in left), style=DIM)
        return t

    def options(self) -> list[Option]:
        p = self.player
        return [Option("y", "Agree: end the game", VoteEnd(player=p, agree=True)),
                Option("n", "Play on", VoteEnd(player=p, agree=False))]


class ShortageDialog(QuestionDialog[ShortageAskDecision]):
    """B7: someone wants the bank's last house/hotel/skyscraper; does the deciding player want one too?"""

    DECISION = ShortageAskDecision

    BINDINGS = [Binding("y", "choose('y')", "I want it too"), Binding("n", "choose('n')", "No")]

    def heading(self) -> str:
        return f"the bank's last {self.pend.piece or 'piece'}"

    def body(self) -> Text:
        g, pend = self.game, self.pend
        piece = pend.piece or "piece"
        builder = g.st.players[pend.builder].name
        where = g.ed.spaces[pend.space].name
        t = Text(f"{builder} wants to build on {where}, but the bank has only one {piece} left.\n\n")
        t.append(f"Yes: the {piece} is auctioned between {builder} and everyone who wants it ($10 opening, "
                 f"$1 raises, paid to the bank); the winner places it at once.\n", style=DIM)
        t.append(f"No: if nobody else wants it, {builder} builds it at the normal cost.", style=DIM)
        return t

    def options(self) -> list[Option]:
        p = self.player
        return [Option("y", "Yes, I want it too", ShortageAnswer(player=p, want=True)),
                Option("n", "No", ShortageAnswer(player=p, want=False))]


class PickDialog(LatestSizeOnly, ModalScreen[Any]):
    """Choose one of up to nine labelled values with the keys 1-9; Esc cancels (None)."""

    DEFAULT_CSS = """
    PickDialog { align: center middle; }
    PickDialog #pickbox { width: 80; max-width: 100%; height: auto; max-height: 100%; padding: 1 2;
                          border: heavy $accent; background: $panel; }
    """
    BINDINGS = [*[Binding(str(k), f"pick({k})", f"Choose {k}", show=False) for k in range(1, 10)],
                Binding("escape", "pick(0)", "Cancel")]

    def __init__(self, title: str, items: Sequence[tuple[Text | str, Any]]) -> None:
        super().__init__()
        self.title_text = title
        self.items = items[:9]

    def compose(self) -> ComposeResult:
        t = Text(self.title_text + "\n\n", style="bold")
        for k, (label, _) in enumerate(self.items, 1):
            t.append(f" {k}  ", style="bold reverse")
            t.append(" ")
            t.append_text(label if isinstance(label, Text) else Text(label))
            t.append("\n")
        t.append("\nPress a number, or Esc to cancel.", style=DIM)
        with Vertical(id="pickbox"):
            yield Static(t)
        yield NoticeLine()
        yield KeysFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        k = parameters[0] if parameters else None  # (the k of a "pick(k)" binding: always an int)
        if action == "pick" and isinstance(k, int) and k > len(self.items):
            return False
        return True

    def action_pick(self, k: int) -> None:
        self.dismiss(self.items[k - 1][1] if 1 <= k <= len(self.items) else None)
