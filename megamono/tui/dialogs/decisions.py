"""Dialogs for the simple pending decisions: buy, jail, Bus (and the Speed Die game's Bus), Birthday Gift,
Income Tax, levelling, mortgaged deed received, and debt (raise money, pay or go bankrupt)."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding

from megamono.rules.actions import (
    BirthdayChoice,
    BusChoice,
    BusMove,
    Buy,
    DeclareBankruptcy,
    DeclineBuy,
    IncomeTaxChoice,
    Level,
    LevelChoice,
    MortgagedDeedChoice,
    PayDebt,
    PayJailFine,
    RollForDoubles,
    UseJailCard,
)
from megamono.rules.decisions import (
    BirthdayDecision,
    BusDecision,
    BusMoveDecision,
    BuyDecision,
    DebtDecision,
    IncomeTaxDecision,
    JailDecision,
    JailPayDecision,
    LevellingDecision,
    MortgagedDeedDecision,
)
from megamono.rules.rent import max_raisable, tax_worth

from ..look import DIM, count, money
from ..widgets.deed_card import deed_card_text
from .base import DecisionDialog, Option


class BuyDialog(DecisionDialog[BuyDecision]):
    """Buy the deed just landed on at its price, or send it to auction."""

    DECISION = BuyDecision

    BINDINGS = [Binding("b", "choose('b')", "Buy"), Binding("a", "choose('a')", "Auction it")]

    def heading(self) -> str:
        return "buy or auction?"

    def body(self) -> Text:
        t = Text(self.game.say(self.pend) + "\n\n")
        assert self.pend.space is not None, "a buy decision names its deed"
        t.append_text(deed_card_text(self.game, self.look, self.pend.space))
        return t

    def options(self) -> list[Option]:
        p = self.player
        return [Option("b", f"Buy for {money(self.pend.amount or 0)}", Buy(player=p)),
                Option("a", "Auction it", DeclineBuy(player=p))]


class JailDialog(DecisionDialog[JailDecision | JailPayDecision]):
    """In jail: pay the fine, use a Get Out of Jail Free card, or roll for doubles."""

    DECISION = (JailDecision, JailPayDecision)

    BINDINGS = [Binding("p", "choose('p')", "Pay fine"), Binding("c", "choose('c')", "Use card"),
                Binding("r", "choose('r')", "Roll for doubles")]

    def heading(self) -> str:
        return "in jail"

    def body(self) -> Text:
        pl = self.game.st.players[self.player]
        t = Text(self.game.say(self.pend) + "\n")
        t.append(f"Get Out of Jail Free cards: {len(pl.gojf)}", style=DIM)
        return t

    def options(self) -> list[Option]:
        p = self.player
        fine = self.game.ed.rules.jail_fine
        out = [Option("p", f"Pay {money(fine)}", PayJailFine(player=p)),
               Option("c", "Use a Get Out of Jail Free card", UseJailCard(player=p))]
        if self.pend.kind == "jail":
            out.append(Option("r", "Roll for doubles", RollForDoubles(player=p)))
        return out


class BusDialog(DecisionDialog[BusDecision]):
    """The Speed Die's Bus face: take a Bus Ticket, or ride to the next Chance/Community Chest."""

    DECISION = BusDecision

    BINDINGS = [Binding("t", "choose('t')", "Take ticket"), Binding("a", "choose('a')", "Ride ahead")]

    def heading(self) -> str:
        return "Bus!"

    def options(self) -> list[Option]:
        p = self.player
        dest = self.pend.space
        where = self.game.ed.spaces[dest].name if dest is not None else "the next card space"
        return [Option("t", "Take a Bus Ticket", BusChoice(player=p, choice="ticket")),
                Option("a", f"Ride to {where}", BusChoice(player=p, choice="advance"))]


class BusMoveDialog(DecisionDialog[BusMoveDecision]):
    """The Bus face under the option "Speed Die game Bus" (RULES.md O, T3.4): before moving, move by
    the first white die, the second, or both."""

    DECISION = BusMoveDecision

    BINDINGS = [Binding("1", "choose('1')", "First die"), Binding("2", "choose('2')", "Second die"),
                Binding("b", "choose('b')", "Both dice")]

    def heading(self) -> str:
        return "Bus! Which dice move you?"

    def body(self) -> Text:
        first, second = self.pend.first, self.pend.second
        spaces = self.game.ed.spaces
        here = self.game.st.players[self.player].position
        t = Text(self.game.say(self.pend) + "\n\n")
        for key, what, steps in (("1", "first die", first), ("2", "second die", second), ("b", "both", first + second)):
            t.append(f"  [{key}] {what}: {steps} to {spaces[(here + steps) % len(spaces)].name}\n")
        t.append("Doubles still roll again; utility rent counts the dice you move by.", style=DIM)
        return t

    def options(self) -> list[Option]:
        p = self.player
        first, second = self.pend.first, self.pend.second
        return [Option("1", f"First die ({first})", BusMove(player=p, dice="first")),
                Option("2", f"Second die ({second})", BusMove(player=p, dice="second")),
                Option("b", f"Both ({first + second})", BusMove(player=p, dice="both"))]


class BirthdayDialog(DecisionDialog[BirthdayDecision]):
    """Birthday Gift: take the cash or a Bus Ticket."""

    DECISION = BirthdayDecision

    BINDINGS = [Binding("c", "choose('c')", "Take cash"), Binding("t", "choose('t')", "Take ticket")]

    def heading(self) -> str:
        return "Birthday Gift"

    def options(self) -> list[Option]:
        p = self.player
        return [Option("c", f"Take {money(self.pend.amount or 0)}", BirthdayChoice(player=p, choice="cash")),
                Option("t", "Take a Bus Ticket", BirthdayChoice(player=p, choice="ticket"))]


class IncomeTaxDialog(DecisionDialog[IncomeTaxDecision]):
    """Income Tax: the flat sum or the percentage of tax worth; both sums are shown."""

    DECISION = IncomeTaxDecision

    BINDINGS = [Binding("f", "choose('f')", "Pay flat"), Binding("p", "choose('p')", "Pay percent")]

    def heading(self) -> str:
        return "Income Tax"

    def body(self) -> Text:
        a = self.pend.amounts
        sp = self.game.ed.spaces[self.pend.space] if self.pend.space is not None else None
        t = Text(self.game.say(self.pend) + "\n\n")
        t.append(f"Flat:    {money(a.get('flat', 0))}\n", style="bold")
        pct = f"{sp.tax_percent}% " if sp and sp.tax_percent else ""
        t.append(f"Percent: {money(a.get('percent', 0))}", style="bold")
        t.append(f"  ({pct}of your worth {money(tax_worth(self.game.ed, self.game.st, self.player))}:"
                 " cash + deed prices + buildings)", style=DIM)
        return t

    def options(self) -> list[Option]:
        p, a = self.player, self.pend.amounts
        return [Option("f", f"Pay {money(a.get('flat', 0))} flat", IncomeTaxChoice(player=p, choice="flat")),
                Option("p", f"Pay {money(a.get('percent', 0))} (percent)",
                       IncomeTaxChoice(player=p, choice="percent"))]


LEVEL_OPTIONS: list[tuple[str, LevelChoice, str, str]] = [  # key, choice, button label, footer label
    ("b", "build", "Build up to even", "Build"),
    ("r", "rearrange", "Rearrange the houses", "Rearrange"),
    ("u", "unmortgage", "Unmortgage", "Unmortgage"),
    ("i", "unmortgage_build", "Unmortgage + build", "Unm.+build"),
    ("e", "unmortgage_rearrange", "Unmortgage + rearrange", "Unm.+rearrange"),
    ("s", "sell_all", "Sell all the group's buildings", "Sell all"),
    ("g", "return", "Give the deed back", "Give back"),
]


class LevellingDialog(DecisionDialog[LevellingDecision]):
    """Levelling (B8): the last lot of a built group was gained; make the group even."""

    DECISION = LevellingDecision

    BINDINGS = [Binding(k, f"choose('{k}')", short) for k, _, _, short in LEVEL_OPTIONS]

    def heading(self) -> str:
        return "levelling"

    def body(self) -> Text:
        g, pend = self.game, self.pend
        space, group = pend.space, g.ed.spaces[pend.space].group if pend.space is not None else None
        assert space is not None and group is not None, "a levelling decision names a street"
        t = Text(g.say(pend) + "\n\n")
        for i in g.ed.groups[group]:
            d = g.st.deeds[i]
            t.append(f"  {g.ed.spaces[i].short:<13}", style="bold" if i == space else "")
            t.append(g.level_name(d.level) + (" (mortgaged)" if d.mortgaged else "") + "\n")
        a = pend.amounts
        t.append(f"\nBuilding {count(a.get('houses', 0), 'house')} here costs {money(a.get('build', 0))}", style=DIM)
        if g.st.deeds[space].mortgaged:
            t.append(f"; unmortgaging costs {money(a.get('unmortgage', 0))}. The lot is mortgaged: lift the "
                     "mortgage and level, or sell the group's buildings and keep it mortgaged (M3)", style=DIM)
        t.append(".\nRearrange: hotels and skyscrapers are sold, the houses spread evenly.", style=DIM)
        return t

    def options(self) -> list[Option]:
        a = self.pend.amounts
        cost = {"build": a.get("build", 0), "unmortgage": a.get("unmortgage", 0),
                "unmortgage_build": a.get("build", 0) + a.get("unmortgage", 0),
                "unmortgage_rearrange": a.get("unmortgage", 0)}
        assert self.pend.space is not None, "a levelling decision names a street"
        mortgaged = self.game.st.deeds[self.pend.space].mortgaged
        # only the choices B8 offers in this case: a mortgaged lot is lifted or its group sold off;
        # a deed can be handed back only after a forced transfer
        hidden = {"build", "rearrange"} if mortgaged else {"unmortgage", "unmortgage_build",
                                                           "unmortgage_rearrange", "sell_all"}
        if not self.pend.forced:
            hidden.add("return")
        out = []
        for k, choice, label, _ in LEVEL_OPTIONS:
            if choice in hidden:
                continue
            if choice in cost and cost[choice]:
                label = f"{label} {money(cost[choice])}"
            out.append(Option(k, label, Level(player=self.player, choice=choice)))
        return out


class MortgagedDeedDialog(DecisionDialog[MortgagedDeedDecision]):
    """A mortgaged deed received: unmortgage it now, or pay 10% and keep it mortgaged (M3)."""

    DECISION = MortgagedDeedDecision

    BINDINGS = [Binding("u", "choose('u')", "Unmortgage"), Binding("k", "choose('k')", "Keep mortgaged")]

    def heading(self) -> str:
        return "mortgaged deed"

    def options(self) -> list[Option]:
        p, a = self.player, self.pend.amounts
        return [Option("u", f"Unmortgage {money(a.get('unmortgage', 0))}",
                       MortgagedDeedChoice(player=p, choice="unmortgage")),
                Option("k", f"Keep it mortgaged, pay {money(a.get('keep', 0))}",
                       MortgagedDeedChoice(player=p, choice="keep"))]


class DebtDialog(DecisionDialog[DebtDecision]):
    """A debt larger than the debtor's cash: raise money (manage), pay, or declare bankruptcy."""

    DECISION = DebtDecision

    BINDINGS = [Binding("p", "choose('p')", "Pay"), Binding("x", "choose('x')", "Declare bankruptcy")]

    def heading(self) -> str:
        return "raise money"

    def body(self) -> Text:
        g, pend = self.game, self.pend
        cash = g.st.players[self.player].cash
        t = Text(g.say(pend) + "\n\n")
        t.append(f"Owed:  {money(pend.amount or 0)}", style="bold")
        creditors = ", ".join(f"{g.name(c.player)} {money(c.amount)}" for c in pend.creditors)
        t.append(f"  ({creditors})\n", style=DIM)
        t.append(f"Cash:  {money(cash)}", style="bold")
        short = (pend.amount or 0) - cash
        t.append(f"  ({'still ' + money(short) + ' short' if short > 0 else 'enough: pay now'})\n",
                 style="bold #ff8080" if short > 0 else "bold #5fd75f")
        most = max_raisable(g.ed, g.st, self.player)
        t.append(f"Selling every building and mortgaging every deed would raise {money(most - cash)} more "
                 f"({money(most)} with your cash)\n", style=DIM)
        t.append("Press m to sell buildings or mortgage deeds.", style=DIM)
        return t

    def options(self) -> list[Option]:
        p = self.player
        return [Option("m", "Raise money", "manage"), Option("p", "Pay", PayDebt(player=p)),
                Option("x", "Declare bankruptcy", DeclareBankruptcy(player=p))]

    def action_choose(self, key: str) -> None:
        """Bankruptcy cannot be undone, so ``x`` asks first (a stray key must not end a player's game)."""
        o = self._options.get(key)
        if key != "x" or o is None or not self.legal(o):
            super().action_choose(key)
            return
        from .notice import ConfirmDialog

        g, pend = self.game, self.pend
        to = ", ".join(g.name(c.player) for c in pend.creditors if c.player is not None) or "the bank"
        question = (f"{g.name(self.player)}: declare bankruptcy and leave the game?\n"
                    f"Everything you own goes to {to} (D3, D4). This cannot be undone.")
        self.app.push_screen(ConfirmDialog(question), lambda yes: yes and self.dismiss(o.action))
