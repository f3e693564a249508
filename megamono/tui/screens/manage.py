"""The manage screen: any player's deeds, and building, selling and mortgaging on them.

Open it with ``m`` whenever the game waits (and from a debt, to raise money). It only sends
manage actions through the game screen (``game.why_not`` / ``game.act``); a refused action shows
the engine's reason. A computer player's deeds are shown read-only: only its bot manages them
(as the command palette offers no action of a computer player).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.css.scalar import Scalar
from textual.screen import Screen
from textual.widgets import DataTable, Static

from megamono.rules.actions import (
    Build,
    BuildDepot,
    Mortgage,
    SellBuilding,
    SellDepot,
    SellGroupBuildings,
    Unmortgage,
)
from megamono.rules.rent import rent_due, sale_value, unmortgage_cost

from ..dialogs.notice import ConfirmDialog
from ..look import DIM, building_text, money
from ..resizing import LatestSizeOnly
from ..widgets.deed_card import DeedCard
from ..widgets.footer import KeysFooter
from ..widgets.notices import NoticeLine
from ..widgets.player_panel import deed_groups
from .game_footer import FooterFit

if TYPE_CHECKING:
    from textual import getters

    from ..app import MegamonoApp

KEYS = {  # key -> (label, space kinds it applies to)
    "b": ("Build", ("street",)),
    "x": ("Sell building", ("street",)),
    "g": ("Sell group's buildings", ("street",)),
    "d": ("Depot build/sell", ("railroad",)),
    "o": ("Mortgage", ("street", "railroad", "utility")),
    "u": ("Unmortgage", ("street", "railroad", "utility")),
}


class ManageScreen(LatestSizeOnly, Screen[None]):
    """Deeds of one player (switch with 1-8 or Tab) and the manage keys b x g d o u."""

    if TYPE_CHECKING:
        app = getters.app(MegamonoApp)

    DEFAULT_CSS = """
    ManageScreen #manage { padding: 0 1; }
    ManageScreen #mhead { height: auto; margin-bottom: 1; }
    ManageScreen DataTable { height: auto; }  /* at most the height left (fit_table): it scrolls */
    ManageScreen .deed-card { height: auto; margin-top: 1; padding: 0 1; border: round $accent; }
    ManageScreen #legal { height: 5; }  /* the most keys a deed has: the table does not jump */
    """

    BINDINGS = [
        Binding("b", "do('b')", "Build"),
        Binding("x", "do('x')", "Sell bldg"),
        Binding("g", "do('g')", "Sell group bldgs"),
        Binding("d", "do('d')", "Depot"),
        Binding("o", "do('o')", "Mortgage"),
        Binding("u", "do('u')", "Unmortgage"),
        Binding("tab", "next_player", "Next player", priority=True),
        # (the table's own Home/End move across columns; in this list they go to the first/last deed)
        Binding("home", "row('first')", "First deed", show=False, priority=True),
        Binding("end", "row('last')", "Last deed", show=False, priority=True),
        *[Binding(str(k), f"player({k - 1})", f"Player {k}", show=False) for k in range(1, 9)],
        Binding("escape,q", "close", "Back"),
        Binding("f1", "rules", "Rules"),
    ]
    SHORT_KEYS: dict[str, str | None] = {
        "next_player": "Player", "do('x')": "Sell", "do('g')": "Sell all", "rules": None,
    }
    """The footer's short form, used when the keys do not fit (at 100 columns): shorter words, and F1
    (on every screen) left out of the footer but still active."""

    def __init__(self, game_screen, player: int) -> None:
        super().__init__()
        self.footer = FooterFit(self, self.SHORT_KEYS)
        """The footer's form for the width (:class:`~.game_footer.FooterFit`)."""
        self.gs = game_screen
        self.game = game_screen.game
        self.look = game_screen.look
        self.player = player if not self.game.st.players[player].bankrupt else self.game.st.active_players()[0]
        self.spaces: list[int] = []

    def computer(self) -> bool:
        """The shown player is a computer player: their deeds are shown, never managed by a human."""
        return self.game.st.players[self.player].kind == "computer"


    def refresh_bindings(self) -> None:
        if not self.footer.unchanged():  # (the footer's form fitted to the width; redrawn only on a change)
            super().refresh_bindings()

    def compose(self) -> ComposeResult:
        with Vertical(id="manage"):
            yield Static(id="mhead")
            table: DataTable[str | Text] = DataTable(id="deeds", cursor_type="row", zebra_stripes=True)
            table.add_columns("Grp", "Deed", "Buildings", "Mortgaged", "Rent now", "Build cost",
                              "Mortgage / lift")
            yield table
            yield DeedCard(self.game, self.look)
            yield Static(id="legal")
        yield NoticeLine()
        yield KeysFooter()

    def on_mount(self) -> None:
        self.reload()
        self.query_one(DataTable).focus()
        self.screen_layout_refresh_signal.subscribe(self, self.fit_table)

    def on_resize(self, event) -> None:
        self.refresh_bindings()  # the footer's form follows the width

    def fit_table(self, _screen=None) -> None:
        """After every layout pass: let the deed table take at most the height the rest of the screen
        leaves it (it scrolls to its cursor), so that the deed card and the list of what the keys do
        are never cut (their heights change with the deed looked at)."""
        box = self.query_one("#manage")
        table = self.query_one(DataTable)
        others = sum(w.outer_size.height + w.styles.margin.top + w.styles.margin.bottom
                     for w in box.children if w is not table and w.display)
        room = max(3, box.content_size.height - others)
        if table.styles.max_height != Scalar.from_number(room):
            table.styles.max_height = room
            self.call_after_refresh(lambda: table.move_cursor(row=table.cursor_row))  # (in view)

    # -- view -------------------------------------------------------------------------------------
    @property
    def space(self) -> int | None:
        table = self.query_one(DataTable)
        if not self.spaces:
            return None
        return self.spaces[min(table.cursor_row, len(self.spaces) - 1)]

    def reload(self) -> None:
        g, look, p = self.game, self.look, self.player
        st = g.st
        pl = st.players[p]
        head = Text("Manage  ", style="bold")
        head.append_text(look.block(p))
        head.append(" ")
        head.append_text(look.who(p))
        head.append(f"   cash {money(pl.cash)}", style="bold")
        if self.computer():
            head.append("   computer player: read only", style="bold #ff8080")
        pend = g.pending
        if pend is not None and pend.kind == "debt" and p in pend.players:
            short = (pend.amount or 0) - pl.cash
            head.append(f"\nOwes {money(pend.amount or 0)}: ", style="bold #ff8080")
            head.append(f"raise {money(short)} more (sell buildings, mortgage)" if short > 0 else
                        "enough cash now: press Esc, then p to pay", style="bold #ff8080" if short > 0 else
                        "bold #5fd75f")
        others = Text("\nPlayers: ", style=DIM)
        for k in st.active_players():
            others.append(f" {k + 1}:")
            others.append_text(look.token(k, underline=(k == p)))
        others.append("   (1-8 or Tab to switch)", style=DIM)
        head.append_text(others)
        self.query_one("#mhead", Static).update(head)
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear()
        self.spaces = [i for _, spaces in deed_groups(g, p) for i in spaces]
        for i in self.spaces:
            sp, d = g.ed.spaces[i], st.deeds[i]
            if d.mortgaged:
                rent = "-"
            elif sp.kind == "utility":  # R4: the multiplier for the utilities its owner holds now
                mults = g.ed.rules.utility_multipliers
                held = sum(1 for j in g.ed.utilities if st.deeds[j].owner == p)
                rent = f"dice × {mults[min(held, len(mults)) - 1]}"
            else:
                rent = money(rent_due(g.ed, st, i, -1))
            cost = money(sp.house_cost) if sp.house_cost else (money(g.ed.rules.depot_cost)
                                                               if sp.kind == "railroad" else "")
            table.add_row(look.deed_tag(i), Text(sp.name), building_text(d) or "-",
                          Text("M", style="bold #ff8080") if d.mortgaged else "",
                          rent, cost, f"{money(sp.mortgage or 0)} / {money(unmortgage_cost(g.ed, i))}")
        if not self.spaces:
            table.add_row("", Text(f"{pl.name} has no deeds", style=DIM), "", "", "", "", "")
        if self.spaces:
            table.move_cursor(row=min(row, len(self.spaces) - 1))
        self.show_deed()
        self.refresh_bindings()

    def action_for(self, key: str):
        space = self.space
        if space is None:
            return None
        p = self.player
        kind = self.game.ed.spaces[space].kind
        if kind not in KEYS[key][1]:
            return None
        if key == "d":
            return (SellDepot if self.game.st.deeds[space].depot else BuildDepot)(player=p, space=space)
        return {"b": Build, "x": SellBuilding, "g": SellGroupBuildings, "o": Mortgage,
                "u": Unmortgage}[key](player=p, space=space)

    def show_deed(self) -> None:
        self.query_one(DeedCard).show(self.space)
        lines = Text()
        if self.computer():
            lines.append(f"{self.game.st.players[self.player].name} is a computer player: it builds, sells "
                         "and mortgages its own deeds. 1-8 or Tab shows a human player's.", style=DIM)
            self.query_one("#legal", Static).update(lines)
            return
        for key, (_label, _) in KEYS.items():
            a = self.action_for(key)
            if a is None:
                continue
            why = self.game.why_not(a)
            lines.append(f"{key} {a.label():<22}", style="bold" if why is None else DIM)
            lines.append(("ok\n" if why is None else why + "\n"), style="#5fd75f" if why is None else DIM)
        self.query_one("#legal", Static).update(lines)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_deed()
        self.refresh_bindings()

    # -- keys -------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "do":
            return True if not self.computer() and self.action_for(str(parameters[0])) is not None else None
        if action == "player":
            assert isinstance(parameters[0], int), "the player(k) keys give a seat number"
            k = int(parameters[0])
            players = self.game.st.players
            return k < len(players) and not players[k].bankrupt
        return True

    def why_key_off(self, key: str) -> str:
        """Why manage key ``key`` does nothing on the highlighted row."""
        if self.computer():
            return (f"{self.game.st.players[self.player].name} is a computer player: only it manages its "
                    "deeds")
        space = self.space
        if space is None:
            return f"{self.game.st.players[self.player].name} has no deeds"
        kinds = " or ".join(k + "s" for k in KEYS[key][1])
        return f"only for {kinds}, not {self.game.ed.spaces[space].name}"

    def on_key(self, event) -> None:
        """A greyed-out manage key says why it does nothing (a computer's deeds, a deed of the wrong
        kind); the footer alone is easy to miss."""
        active = self.active_bindings.get(event.key)
        if active is not None and not active.enabled and active.node is self \
                and active.binding.action.startswith("do("):
            key = active.binding.action[4:-2]
            self.app.notify(self.why_key_off(key), title=f"{KEYS[key][0]}: not allowed", severity="warning",
                            timeout=4)

    def action_do(self, key: str) -> None:
        if self.computer():
            self.app.notify(self.why_key_off(key), title=f"{KEYS[key][0]}: not allowed", severity="warning")
            return
        a = self.action_for(key)
        if a is None:
            return
        why = self.game.why_not(a)
        if why:
            self.app.notify(why, title=f"{KEYS[key][0]}: not allowed", severity="warning")
            return
        if key in ("g", "x"):  # (a sale asks first: a stray key must never sell a building unseen)
            def answer(yes: bool | None) -> None:
                if yes:
                    self.send(a)

            question = self.sell_group_question(a.space) if key == "g" else self.sell_question(a)
            self.app.push_screen(ConfirmDialog(question), answer)
            return
        self.send(a)

    def sell_question(self, sale: SellBuilding) -> str:
        """"Bob: sell a building level of Mediterranean Avenue (a hotel now) back to the bank for $50?" The
        sum is the rules core's: the sale made on a copy of the game (selling down when the bank lacks the
        pieces pays for every level sold, B5)."""
        g = self.game
        space = sale.space
        trial = g.copy()
        before = trial.st.players[sale.player].cash
        trial.act(sale)
        paid = trial.st.players[sale.player].cash - before
        level = g.level_name(g.st.deeds[space].level)
        return (f"{g.st.players[self.player].name}: sell a building level of {g.ed.spaces[space].name} ({level} now) "
                f"back to the bank for {money(paid)}?")

    def sell_group_question(self, space: int) -> str:
        """"Ann: sell the Brown group's 7 buildings (...) to the bank for $175?" """
        g, p = self.game, self.player
        sp = g.ed.spaces[space]
        lots = [i for i in g.ed.groups[sp.group] if g.st.deeds[i].owner == p and g.st.deeds[i].level]
        count = {"house": 0, "hotel": 0, "skyscraper": 0}
        for i in lots:
            level = g.st.deeds[i].level
            if level <= 4:
                count["house"] += level
            else:
                count["hotel" if level == 5 else "skyscraper"] += 1
        pieces = ", ".join(f"{n} {what}{'s' if n > 1 else ''}" for what, n in count.items() if n)
        total = sum(count.values())
        cash = sum(sale_value(g.ed, g.st, i) for i in lots)
        where = "; ".join(f"{g.ed.spaces[i].name}: {g.level_name(g.st.deeds[i].level)}" for i in lots)
        return (f"{g.st.players[p].name}: sell the {sp.group} group's {total} building{'s' if total > 1 else ''} "
                f"({pieces}) to the bank for {money(cash)}?\n{where}")

    def send(self, a) -> None:
        """Send manage action ``a`` through the game screen, then show the result."""
        if self.game.why_not(a):  # the game changed while a question was open
            self.app.notify(self.game.why_not(a) or "", severity="warning")
            self.reload()
            return
        before = (self.game.pending.kind, self.game.pending.players)
        self.app.drop_refusals()  # (a refusal shown before would read as this action's)
        self.gs.act(a)
        pend = self.game.pending
        if (pend.kind, pend.players) != before:
            # the build raised a new question (a shortage, B7) or settled the one on screen: go back
            # to the board, where it is asked (after the hand-over notice if it is someone else's)
            self.dismiss(None)
            return
        self.reload()

    def action_player(self, k: int) -> None:
        if k < len(self.game.st.players) and not self.game.st.players[k].bankrupt:
            self.player = k
            self.reload()

    def action_next_player(self) -> None:
        active = self.game.st.active_players()
        later = [k for k in active if k > self.player]
        self.action_player((later or active)[0])

    def action_row(self, where: str) -> None:
        """Home/End: the cursor to the first or last deed of the list."""
        if self.spaces:
            self.query_one(DataTable).move_cursor(row=0 if where == "first" else len(self.spaces) - 1)

    def action_rules(self) -> None:
        """F1: the rules (the app's key, bound here too so that the short footer may leave it out)."""
        self.app.action_rules()

    def action_close(self) -> None:
        self.dismiss(None)
