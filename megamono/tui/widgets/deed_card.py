"""A title deed as text: price, rents by level, building and mortgage costs, who holds the group."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from megamono.rules.engine import Game
from megamono.rules.rent import unmortgage_cost

from ..look import DIM, Look, building_text, level_words, money

LEVEL_LABELS = ["base", "1h", "2h", "3h", "4h", "H", "S"]


def deed_card_text(game: Game, look: Look, space: int) -> Text:
    """Several lines describing the deed at ``space`` (or the space, when it is not a deed)."""
    ed, st = game.ed, game.st
    sp = ed.spaces[space]
    out = Text()
    out.append_text(look.deed_tag(space) if sp.is_property else Text(""))
    out.append(f" {sp.name}", style="bold")
    if sp.group:
        out.append(f"  ({sp.group})", style=DIM)
    if not sp.is_property:
        out.append(f"  {sp.kind.replace('_', ' ')}", style=DIM)
        return out
    deed = st.deeds[space]
    out.append("\n")
    if deed.owner is None:
        out.append(f"Price {money(sp.price or 0)}  ·  held by the bank")
    else:
        out.append(f"Price {money(sp.price or 0)}  ·  owner ")
        out.append_text(look.who(deed.owner))
        if deed.level or deed.depot:
            out.append(f"  ·  {building_text(deed)} ({level_words(deed.level)}{', depot' if deed.depot else ''})")
        if deed.mortgaged:
            out.append("  ·  MORTGAGED", style="bold #ff8080")
    out.append("\n")
    rules = ed.rules
    if sp.kind == "street" and sp.rents:
        mult = rules.unbuilt_multipliers
        base = f"Rent {money(sp.rents[0])}"
        extras = [f"×{m} with {'all' if k == '0' else f'all but {k}'}" for k, m in sorted(mult.items())]
        if extras:
            base += " (" + ", ".join(extras) + ")"
        out.append(base + "\n")
        ladder = "  ".join(f"{LEVEL_LABELS[k]} {money(r)}" for k, r in enumerate(sp.rents) if k)
        out.append(ladder + "\n", style=DIM)
        out.append(f"Building {money(sp.house_cost or 0)} a level  ·  ")
        lots = ed.groups[sp.group]
        holders = []
        for i in lots:
            o = st.deeds[i].owner
            holders.append(Text.assemble(ed.spaces[i].short, " ",
                                         look.block(o) if o is not None else Text("bank", style=DIM)))
        out.append("group: ")
        out.append_text(Text(", ").join(holders))
        out.append("\n")
    elif sp.kind == "railroad":
        out.append("Rent " + ", ".join(f"{k + 1} RR {money(r)}" for k, r in enumerate(rules.railroad_rents)))
        if ed.supply.depots:
            out.append(f"\nA depot ({money(rules.depot_cost)}) doubles the rent")
        out.append("\n")
    elif sp.kind == "utility":
        out.append("Rent " + ", ".join(f"{k + 1} owned: {m}× dice" for k, m in enumerate(rules.utility_multipliers)))
        out.append("\n")
    out.append(f"Mortgage {money(sp.mortgage or 0)}  ·  unmortgage {money(unmortgage_cost(ed, space))}",
               style=DIM)
    return out


class DeedCard(Static):
    """A :func:`deed_card_text` in a box; :meth:`show` switches the deed shown."""

    def __init__(self, game: Game, look: Look, space: int | None = None, **kw) -> None:
        super().__init__(classes="deed-card", **kw)
        self.game, self.look = game, look
        if space is not None:
            self.show(space)

    def show(self, space: int | None) -> None:
        self.update(Text("") if space is None else deed_card_text(self.game, self.look, space))
