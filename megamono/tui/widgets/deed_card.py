"""A title deed as text: price, the rent ladder with the rent due now marked, building and mortgage
costs, the owner and buildings, and who holds the rest of the group. Spaces that are not deeds say
what they do and who stands there."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static

from megamono.rules.engine import Game
from megamono.rules.rent import group_holding, rent_due, unmortgage_cost

from ..look import Look, building_text, money, space_code, space_help, update_if_changed
from .hanging import hang

LEVEL_LABELS = ["base", "1h", "2h", "3h", "4h", "H", "S"]
LEVEL_WORDS = ["base", "1 house", "2 houses", "3 houses", "4 houses", "hotel", "skyscraper"]
DUE_MARK = "▶"
HANG = 4
"""Cells a deed card's wrapped line goes on under (a rent ladder's further lines)."""


def rent_ladder(game: Game, space: int) -> list[tuple[str, str, str, bool]]:
    """The deed's rents as (short label, long label, amount, due now) rows; "due now" marks the rent
    a player landing here would pay now (none while the bank holds it or it is mortgaged)."""
    ed, st = game.ed, game.st
    sp = ed.spaces[space]
    deed = st.deeds[space]
    rules = ed.rules
    live = deed.owner is not None and not deed.mortgaged
    rows: list[tuple[str, str, str, bool]] = []
    if sp.kind == "street" and sp.rents:
        missing = None
        if live and deed.owner is not None and deed.level == 0:  # (live: owned)
            owned, size = group_holding(ed, st, space, deed.owner)
            missing = str(size - owned)
        due_mult = rules.unbuilt_multipliers.get(missing, 1) if missing is not None else None
        rows.append(("base", "base rent", money(sp.rents[0]), due_mult == 1))
        for k, m in sorted(rules.unbuilt_multipliers.items(), reverse=True):
            which, short = ("all", "all") if k == "0" else (f"all but {k}", f"all-{k}")
            rows.append((f"×{m} {short}", f"×{m} {which}", money(sp.rents[0] * m), due_mult == m))
        for lvl in range(1, len(sp.rents)):
            rows.append((LEVEL_LABELS[lvl], LEVEL_WORDS[lvl], money(sp.rents[lvl]), live and deed.level == lvl))
    elif sp.kind == "railroad":
        n = sum(1 for i in ed.railroads if st.deeds[i].owner == deed.owner) if live else 0
        for j, r in enumerate(rules.railroad_rents):
            rows.append((f"{j + 1} RR", f"{j + 1} railroad{'s' if j else ''} owned", money(r),
                         live and n == j + 1 and not deed.depot))
        if ed.supply.depots:
            due = rent_due(ed, st, space, -1) if live and deed.depot else 0
            rows.append(("+depot", "with a depot", money(due) if due else "rent ×2", bool(due)))
    elif sp.kind == "utility":
        n = sum(1 for i in ed.utilities if st.deeds[i].owner == deed.owner) if live else 0
        for j, m in enumerate(rules.utility_multipliers):
            rows.append((f"{j + 1} Ut", f"{j + 1} utilit{'ies' if j else 'y'} owned", f"{m}× dice",
                         live and n == j + 1))
    return rows


def rent_now(game: Game, space: int) -> Text:
    """"Rent now $700 (3 houses)" / "no rent: mortgaged" / "no rent: the bank holds it"."""
    ed, st = game.ed, game.st
    sp = ed.spaces[space]
    deed = st.deeds[space]
    if deed.owner is None:
        return Text(f"for sale: {money(sp.price or 0)}", style="bold")
    if deed.mortgaged:
        return Text("no rent: mortgaged", style="bold")
    if sp.kind == "utility":
        n = sum(1 for i in ed.utilities if st.deeds[i].owner == deed.owner)
        m = ed.rules.utility_multipliers[min(n, len(ed.rules.utility_multipliers)) - 1]
        return Text(f"rent now {m}× the dice", style="bold")
    due = rent_due(ed, st, space, -1)
    what = ""
    if sp.kind == "street":
        if deed.level:
            what = f" ({game.level_name(deed.level)})"
        else:
            owned, size = group_holding(ed, st, space, deed.owner)
            what = f" ({owned} of {size} in the group)"
    elif sp.kind == "railroad":
        n = sum(1 for i in ed.railroads if st.deeds[i].owner == deed.owner)
        what = f" ({n} RR{', depot' if deed.depot else ''})"
    return Text(f"rent now {money(due)}{what}", style="bold")


def deed_card_text(game: Game, look: Look, space: int, width: int | None = None, tall: bool = False,
                   dense: bool = False) -> Text:
    """Lines describing the deed at ``space`` (or the space, when it is not a deed).

    ``width`` narrower than 44 gives one rent a line with short labels (the compact layout's side
    panel); ``tall`` one rent a line with words ("3 houses"); otherwise, or with ``dense`` (a card
    short of rows), the rents are packed on a few lines.
    """
    ed, st = game.ed, game.st
    sp = ed.spaces[space]
    narrow = width is not None and width < 44 and not dense
    tall = tall and not dense
    dim = look.dim
    out = Text()
    if sp.is_property:
        out.append_text(look.deed_tag(space))
        out.append(" ")
    out.append(sp.name, style="bold")
    if sp.group:
        out.append(f"  ({sp.group})", style=dim)
    if not sp.is_property:
        out.append("\n")
        out.append(space_help(game, space))
        here = [p for p, pl in enumerate(st.players) if pl.position == space and not pl.bankrupt]
        if here:
            out.append("\nHere: ")
            parts = []
            for p in here:
                t = look.who(p)
                if st.players[p].in_jail:
                    t.append(" in jail", style=look.palette.warn)
                parts.append(t)
            out.append_text(Text(", ").join(parts))
        return out
    deed = st.deeds[space]
    sep = "\n" if narrow else "  ·  "
    out.append("\n")
    out.append(f"Price {money(sp.price or 0)}", style="bold")
    out.append(sep)
    if deed.owner is None:
        out.append("for sale by the bank", style="bold")
    else:
        out.append("owner ")
        out.append_text(look.who(deed.owner))
        if deed.level or deed.depot:
            out.append(sep)
            out.append(f"{building_text(deed)}: {game.level_name(deed.level) if deed.level else ''}"
                       f"{', ' if deed.level and deed.depot else ''}{'a depot' if deed.depot else ''}",
                       style="bold")
        if deed.mortgaged:
            out.append(sep)
            out.append("M: MORTGAGED", style=look.palette.warn)
    if deed.owner is not None:
        out.append("\n")
        now = rent_now(game, space)
        out.append_text(Text(DUE_MARK + " ", style="bold") + now if not deed.mortgaged else now)
    rows = rent_ladder(game, space)
    if rows:
        out.append("\n")
        if narrow or tall:
            labelled = [(r[0] if narrow else r[1], r[2], r[3]) for r in rows]  # (short labels when narrow)
            span = max(len(label) + len(amount) + 2 for label, amount, _ in labelled)
            span = max(span, min(width or span, 20 if narrow else 30))
            lines = []
            for label, amount, due in labelled:
                gap = max(1, span - 1 - len(label) - len(amount))
                line = Text(f"{DUE_MARK if due else ' '}{label}{' ' * gap}{amount}")
                if due:
                    line.stylize(look.palette.due)
                lines.append(line)
            out.append_text(Text("\n").join(lines))
        else:
            chunks = []
            for short, label, amount, due in rows:
                if sp.kind != "street":
                    label = short
                label = LEVEL_LABELS[LEVEL_WORDS.index(label)] if label in LEVEL_WORDS[1:] else label
                label = "base" if label == "base rent" else label
                c = Text(f"{DUE_MARK if due else ' '}{label} {amount}")
                if due:
                    c.stylize(look.palette.due)
                chunks.append(c)
            out.append("Rent", style="bold")
            line_len = 4
            limit = (width or 76) - 1
            for c in chunks:
                if line_len + 1 + c.cell_len > limit:
                    out.append("\n" + " " * HANG)
                    line_len = HANG
                out.append(" ")
                out.append_text(c)
                line_len += 1 + c.cell_len
    out.append("\n")
    if sp.kind == "street":
        out.append(f"Building {money(sp.house_cost or 0)} a level")
        assert sp.group is not None, "a street is in a colour group"
        lots = ed.groups[sp.group]
        holders = []
        for i in lots:
            o = st.deeds[i].owner
            holders.append(Text.assemble(ed.spaces[i].short if not narrow else space_code(ed, i), " ",
                                         look.block(o) if o is not None else Text("bank", style=dim)))
        out.append("\n" if narrow else "  ·  ")
        out.append("group: ")
        out.append_text(Text(", ").join(holders))
        out.append("\n")
    elif sp.kind == "railroad" and ed.supply.depots:
        out.append(f"Depot {money(ed.rules.depot_cost)}: doubles the rent\n")
    out.append(f"Mortgage {money(sp.mortgage or 0)}{sep if not narrow else chr(10)}unmortgage "
               f"{money(unmortgage_cost(ed, space))}", style=dim)
    return hang(out, width, HANG) if width else out


class DeedCard(Static):
    """A :func:`deed_card_text` in a box; :meth:`show` switches the space shown."""

    DEFAULT_CSS = """
    DeedCard { height: auto; padding: 0 1; border: round $primary-darken-1; border-title-align: left; }
    """

    def __init__(self, game: Game, look: Look, space: int | None = None, keep_below: int | None = None,
                 **kw) -> None:
        kw.setdefault("classes", "deed-card")
        super().__init__(**kw)
        self.game, self.look = game, look
        self.space = space
        self.keep_below = keep_below
        """Rows the widget under the card (the game's log) keeps at least: a card that would take
        them packs its rents on a few lines instead (None: the card has its column to itself)."""
        self.tall = False
        """One rent a line, with words (the large layout)."""

    def on_mount(self) -> None:
        self.show(self.space)

    def on_resize(self) -> None:
        self.show(self.space)

    def show(self, space: int | None) -> None:
        self.space = space
        if space is None:
            update_if_changed(self, Text(""))
            return
        width = self.content_size.width or None
        text = deed_card_text(self.game, self.look, space, width, self.tall)
        rows = self.rows_free()
        lines = len(text.plain.split("\n"))
        if rows is not None and lines > rows:  # it would be cut off: pack the rents
            text = deed_card_text(self.game, self.look, space, width, self.tall, dense=True)
            lines = len(text.plain.split("\n"))
        update_if_changed(self, text)
        if self.content_size.height and self.content_size.height != lines:
            self.refresh(layout=True)  # (a card laid out at another width kept its old height)

    def rows_free(self) -> int | None:
        """The rows of text the card can show in its column, leaving ``keep_below`` rows to the
        widget under it (None when the card does not share its column, or is not laid out yet)."""
        parent = self.parent
        if self.keep_below is None or not isinstance(parent, Widget) or not parent.content_size.height:
            return None
        return parent.content_size.height - self.keep_below - self.styles.gutter.height
