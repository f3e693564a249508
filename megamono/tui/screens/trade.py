"""The trade screen (X1-X3): one player offers another cash, deeds, Get Out of Jail Free cards and
[Mega] Bus Tickets, and asks for the same in return.

Choose who proposes and to whom, then what each side gives. The engine's verdict on the offer
(``game.why_not(ProposeTrade(...))``) is shown as you go; deeds the rules keep out of trades (a street
while its group has buildings, X2; a railroad with a depot, B6) are listed greyed out with the reason.
Ctrl+G proposes: the screen dismisses with the :class:`~megamono.rules.actions.ProposeTrade` action
(the game screen sends it to the engine); Esc cancels with ``None``.

The partner offered first is the first other human from the proposer's left (a computer only when
nobody else is human). The deed lists list every deed of each side in board order: the cursor goes
through each one, those the rules keep out of trades included (greyed, with the reason; Space there says
why and ticks nothing), and stops at the ends. An offer left with Esc is kept by the app
(:mod:`megamono.tui.drafts`, ``app.trade_drafts``) and comes back when the screen opens again in the
same turn.

A counter-offer (``c`` on a trade offer, :func:`counter_offer`) opens the screen filled with the offer
refused, reversed: the one who refused proposes, to the one who offered, what they were asked for in
return for what they were offered; they change it and send it back. A computer answers it as it
answers any offer (its valuation, :mod:`megamono.bots.trading`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.strip import Strip
from textual.widgets import Button, Input, Select, SelectionList, Static
from textual.widgets.option_list import OptionDoesNotExist
from textual.widgets.selection_list import Selection
from textual.worker import Worker, get_current_worker

from megamono.rules.actions import Action, ProposeTrade
from megamono.rules.decisions import TradeOffer, TradeSide
from megamono.rules.engine import Game

from ..dialogs.notice import ConfirmDialog
from ..drafts import TradeDraft, TradeDrafts
from ..forms import MarksFocusedRow
from ..look import DIM, Look, money
from ..resizing import LatestSizeOnly, stale_resize
from ..runtime import runtime_of
from ..textual_private import TOGGLE_INNER
from ..widgets.amount import AmountInput
from ..widgets.footer import KeysFooter
from ..widgets.notices import NoticeLine
from .trade_chances import TradeChances, TradeChancesRefined, effect_text

if TYPE_CHECKING:
    from ..controller import GameController
    from .chances import PositionChances

RULES = ("Rules: nothing changes until the partner accepts (X1). A street cannot be traded while its owner "
         "has buildings in its colour group, and buildings never change hands (X2); [Mega] a railroad with "
         "a depot cannot be traded (B6). A mortgaged deed received costs 10% now, or lift the mortgage (M3).")


def short_reason(why: str) -> str:
    """A few words for a deed the rules keep out of trades (the list has one line per deed)."""
    if "(X2)" in why:
        return "built group, X2"
    if "depot" in why:
        return "depot, B6"
    if "just received" in why:
        return "just received: settle it first, B8/M3"
    return why


class DeedPicker(SelectionList[int]):
    """A selection list whose box is blank when not ticked (ticked reads apart without colour too).

    Every deed of the holder is listed, in board order, and the cursor goes through each one and stops
    at the ends (Textual's list skipped disabled options and wrapped around: five presses of the down
    arrow ticked the wrong deed twice). A deed the rules keep out of trades (:attr:`locked`) is greyed
    with the reason; Space on it says why and ticks nothing.

    It scrolls when the holder has more deeds than fit (4 rows or fewer at 100x30), and shows it: its
    scrollbar is drawn in the accent colour over a lighter track (Textual's own, dark on dark, was
    the colour of the highlighted row: in the list with the focus the thumb beside it vanished), and
    the label above says "more ▲▼" while deeds are out of sight (read without colour too)."""

    DEFAULT_CSS = """
    DeedPicker {
        scrollbar-size-vertical: 1;
        scrollbar-background: $panel-lighten-2;
        scrollbar-background-hover: $panel-lighten-2;
        scrollbar-background-active: $panel-lighten-2;
        scrollbar-color: $accent;
        scrollbar-color-hover: $accent-lighten-1;
        scrollbar-color-active: $accent-lighten-2;
    }
    """

    locked: dict[int, str] = {}
    """The deeds the rules keep out of trades now, with why (set by :meth:`TradeSidePanel.set_holder`)."""

    def action_cursor_down(self) -> None:
        if self.highlighted is None or self.highlighted < self.option_count - 1:
            super().action_cursor_down()

    def action_cursor_up(self) -> None:
        if self.highlighted is None or self.highlighted > 0:
            super().action_cursor_up()

    def action_select(self) -> None:
        """Space (or a click) ticks the deed under the cursor, unless the rules keep it out of trades:
        then it says why."""
        k = self.highlighted
        deed = self.get_option_at_index(k).value if k is not None else None
        if deed is not None and deed in self.locked and deed not in self.selected:
            self.app.notify(f"Not tradeable: {self.locked[deed]}", severity="warning", timeout=4)
            return
        super().action_select()

    def more(self) -> str:
        """"▲", "▼" or "▲▼": where deeds are out of sight ("" when all show, or before the layout)."""
        if self.size.height == 0 or self.max_scroll_y <= 0:
            return ""
        return ("▲" if self.scroll_y > 0 else "") + ("▼" if self.scroll_y < self.max_scroll_y else "")

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.tell_panel()

    def on_resize(self) -> None:
        self.tell_panel()

    def tell_panel(self) -> None:
        panel = next((node for node in self.ancestors if isinstance(node, TradeSidePanel)), None)
        if panel is not None:
            panel.say_deeds()

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        _, scroll_y = self.scroll_offset
        try:
            selection = self.get_option_at_index(scroll_y + y)
        except OptionDoesNotExist:
            return strip
        if selection.value in self.selected:
            return strip
        segments = list(strip)
        if len(segments) > 1 and segments[1].text == TOGGLE_INNER:
            segments[1] = Segment(" ", segments[1].style, segments[1].control)
            return Strip(segments, strip.cell_length)
        return strip


def trade_partners(game: Game, proposer: int) -> list[int]:
    """Everyone else still in the game, from the proposer's left."""
    n = len(game.st.players)
    return sorted((p for p in game.st.active_players() if p != proposer), key=lambda p: (p - proposer) % n)


def first_human(game: Game, partners: list[int]) -> int:
    """The partner offered first: the first human of ``partners`` (a computer only when none is)."""
    return next((p for p in partners if game.st.players[p].kind == "human"), partners[0])


def turn_key(app: object, game: Game) -> tuple[object, ...]:
    """The turn a trade draft belongs to (:mod:`megamono.tui.drafts`): the game in play (its id, and the
    game itself) and its turn."""
    return getattr(app, "game_id", None), id(game), game.st.turn.round, game.st.turn.number


class TradeSidePanel(Vertical):
    """What one player (the holder) gives: cash, deeds, jail cards and Bus Tickets."""

    def __init__(self, game: Game, look: Look, role: str) -> None:
        super().__init__(id=f"side-{role}", classes="side")
        self.game, self.look, self.role = game, look, role
        self.holder = 0
        self._has: dict[str, str] = {}
        """Field -> what the holder has of it ("has $1,500", "of 2"), shown beside the field."""

    def compose(self) -> ComposeResult:
        r = self.role
        yield Static(id=f"head-{r}", classes="head")
        with Horizontal(classes="field"):
            yield Static("Cash $", classes="label")
            yield AmountInput("", id=f"cash-{r}", valid_empty=True, compact=True, placeholder="0")
            yield Static(id=f"has-cash-{r}", classes="has")
        with Horizontal(classes="field"):
            yield Static("Jail cards", classes="label")
            yield AmountInput("", money=False, id=f"gojf-{r}", valid_empty=True, compact=True, placeholder="0")
            yield Static(id=f"has-gojf-{r}", classes="has")
        if self.game.ed.bus_tickets:
            with Horizontal(classes="field"):
                yield Static("Bus Tickets", classes="label")
                yield AmountInput("", money=False, id=f"bus-{r}", valid_empty=True, compact=True,
                                  placeholder="0")
                yield Static(id=f"has-bus-{r}", classes="has")
        with Vertical(classes="deeds"):
            yield Static("Deeds (Space ticks one):", classes="label-deeds")
            yield DeedPicker(id=f"deeds-{r}", compact=True)

    def on_mount(self) -> None:
        for box in self.query(Input):
            box.cursor_blink = runtime_of(self.app).blink

    def set_holder(self, p: int) -> None:
        """Show player ``p``'s side, empty."""
        g, look, r = self.game, self.look, self.role
        self.holder = p
        pl = g.st.players[p]
        head = Text.assemble(look.block(p), " ", look.who(p), (" gives", "bold"))
        self.query_one(f"#head-{r}", Static).update(head)
        self.styles.border = ("round", look.colour(p))
        for box in self.query(Input):
            with box.prevent(Input.Changed):
                box.value = ""
        self._has = {"cash": f"has {money(pl.cash)}", "gojf": f"of {len(pl.gojf)}"}
        if g.ed.bus_tickets:
            self._has["bus"] = f"of {len(pl.bus_tickets)}"
        self.mark_fields()
        deeds = self.query_one(f"#deeds-{r}", DeedPicker)
        deeds.clear_options()
        deeds.locked = {}
        items = []
        for i in g.ed.properties:
            if g.st.deeds[i].owner != p:
                continue
            why = g.side_problem(p, TradeSide(deeds=[i]))
            if why:  # (greyed with the reason: the cursor still stops on it, Space says why)
                deeds.locked[i] = why
                label = Text.assemble(look.deed_tag(i), " ", (g.ed.spaces[i].name, DIM))
                label.append(f"  — {short_reason(why)}", style=DIM)
            else:
                label = Text.assemble(look.deed_tag(i), " ", g.ed.spaces[i].name)
                if g.st.deeds[i].mortgaged:
                    label.append(" (mortgaged)", style="#ff8080")
            items.append(Selection(label, i, False))
        if items:
            deeds.add_options(items)
            deeds.highlighted = 0  # the first deed: Space ticks it straight away
        deeds.display = bool(items)
        self.say_deeds()
        self.call_after_refresh(self.say_deeds)  # (whether they all fit is known after the layout)

    def say_deeds(self) -> None:
        """The deed list's label: "No deeds.", or how to tick one, with how many and "more ▲▼" when
        some are out of sight (scroll with the arrows)."""
        deeds = self.query_one(f"#deeds-{self.role}", DeedPicker)
        n = deeds.option_count
        if not n:
            words = Text("No deeds.", style=DIM)
        else:
            more = deeds.more()
            words = Text("Deeds (Space ticks one):" + (f" {n}, more {more}" if more else ""))
        label = self.query_one(".label-deeds", Static)
        if str(label.render()) != str(words):
            label.update(words)

    def draft(self) -> tuple[tuple[tuple[str, str], ...], tuple[int, ...]]:
        """The side as typed, for a draft: (field id, text) of every field, and the deeds ticked."""
        fields = tuple((box.id or "", box.value) for box in self.query(Input))
        return fields, tuple(sorted(self.query_one(f"#deeds-{self.role}", SelectionList).selected))

    def restore(self, fields: dict[str, str], deeds: tuple[int, ...]) -> None:
        """Type a draft's ``fields`` (field id -> text) back and tick its ``deeds`` still this holder's."""
        for box in self.query(Input):
            if box.id in fields:
                box.value = fields[box.id]
        picker = self.query_one(f"#deeds-{self.role}", SelectionList)
        for i in deeds:
            try:
                picker.select(i)
            except OptionDoesNotExist:  # (no longer this holder's)
                pass
        self.mark_fields()

    def fill(self, side: TradeSide) -> None:
        """Type ``side`` into the fields and tick its deeds (a counter-offer's start)."""
        r = self.role
        values = {"cash": side.cash, "gojf": side.jail_cards}
        if self.game.ed.bus_tickets:
            values["bus"] = side.bus_tickets
        for wid, n in values.items():
            self.query_one(f"#{wid}-{r}", AmountInput).value = str(n) if n else ""
        deeds = self.query_one(f"#deeds-{r}", SelectionList)
        for i in side.deeds:
            try:
                deeds.select(i)
            except OptionDoesNotExist:  # (no longer this holder's: the engine's verdict says so)
                pass
        ticked = [k for k in range(deeds.option_count) if deeds.get_option_at_index(k).value in side.deeds]
        if ticked:  # the first deed ticked in sight (a short list at 100x30 hid it below)
            deeds.highlighted = ticked[0]
        self.mark_fields()

    def mark_fields(self) -> None:
        """Beside each field: what the holder has, or what is wrong with the number typed."""
        r = self.role
        for wid, has in self._has.items():
            why = self.query_one(f"#{wid}-{r}", AmountInput).problem()
            self.query_one(f"#has-{wid}-{r}", Static).update(
                Text(why, style="bold #ff8080") if why is not None else Text(has, style=DIM))

    def read(self) -> tuple[TradeSide | None, str]:
        """The side as typed, or None and what is wrong with a field."""
        r = self.role
        values = {}
        fields = [("cash", "cash"), ("gojf", "jail_cards")]
        if self.game.ed.bus_tickets:
            fields.append(("bus", "bus_tickets"))
        for wid, field in fields:
            box = self.query_one(f"#{wid}-{r}", AmountInput)
            why = box.problem()
            if why is not None:
                return None, f"{field.replace('_', ' ')}: {why}"
            values[field] = box.number or 0
        deeds = sorted(self.query_one(f"#deeds-{r}", SelectionList).selected)
        return TradeSide(deeds=deeds, **values), ""


class TradeScreen(MarksFocusedRow, LatestSizeOnly, Screen[ProposeTrade | None]):
    """Compose an offer; ``proposer`` is the player who starts it (changeable with the selector)."""

    DEFAULT_CSS = """
    TradeScreen { align: center top; }
    TradeScreen #trade { width: 136; max-width: 100%; height: 100%; padding: 0 1; }
    TradeScreen #thead { height: 2; }
    TradeScreen #who { height: 1; margin-bottom: 1; }
    TradeScreen #who > Static { width: auto; margin-right: 1; }
    TradeScreen #who > Select { width: 28; margin-right: 4; }
    TradeScreen #sides { height: 1fr; }
    TradeScreen .side { width: 1fr; height: 100%; border: round $accent; padding: 0 1; }
    TradeScreen .side .head { height: 1; margin-bottom: 1; }
    TradeScreen .side .field { height: 1; margin-bottom: 1; }
    TradeScreen .side .label { width: 13; }
    TradeScreen .side .field.-focused .label { text-style: reverse bold; }
    TradeScreen .side Input { width: 12; margin-right: 2; }
    TradeScreen .side .has { width: 1fr; }
    TradeScreen .side .deeds { height: 1fr; }
    TradeScreen .side SelectionList { height: 1fr; }
    TradeScreen .side .deeds.-focused .label-deeds, TradeScreen #who .pick.-focused .label { text-style: reverse bold; }
    TradeScreen #who .pick { width: auto; height: 1; }
    TradeScreen #who .pick > Static { width: auto; margin-right: 1; }
    TradeScreen #who .pick > Select { width: 28; margin-right: 4; }
    TradeScreen #summary { height: auto; margin-top: 1; }
    TradeScreen #why { height: auto; }
    TradeScreen #effect { height: auto; }
    TradeScreen #xrules { height: auto; color: $text-muted; margin-top: 1; }
    TradeScreen #propose { margin-top: 1; }
    TradeScreen.-short #who, TradeScreen.-short .side .head, TradeScreen.-short .side .field { margin-bottom: 0; }
    TradeScreen.-short #summary, TradeScreen.-short #xrules, TradeScreen.-short #propose { margin-top: 0; }
    """
    SHORT_BELOW = 36
    """Below this many rows the screen drops its blank lines, so the deed lists show more deeds (a
    100x30 terminal: 11 rows where 3 were)."""
    ROWS = ".field, .deeds, .pick"
    """The rows whose label is marked while they hold the focus (:class:`~..forms.MarksFocusedRow`)."""
    BINDINGS = [
        Binding("ctrl+g", "propose", "Propose", priority=True),
        Binding("ctrl+w", "win_chances", "Win chances", priority=True),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, game: Game, look: Look, proposer: int, counter: TradeOffer | None = None,
                 position_chances: Callable[[], PositionChances] | None = None) -> None:
        """``counter``: an offer just refused, to answer with a counter-offer: the screen opens filled
        with it reversed (its partner proposes to its proposer). ``position_chances``: the playouts of
        the position as it stands (the game screen keeps them), for a trade's effect on the win chances
        (:mod:`.trade_chances`); without it, Ctrl+W does nothing."""
        super().__init__()
        self.game, self.look = game, look
        self.position_chances = position_chances
        self.effects: dict[str, TradeChances] = {}
        """The win chances before and after each offer asked for (Ctrl+W) while the screen is open, by
        the offer's JSON (an action holds lists: it is not hashable)."""
        humans = [p for p in game.st.active_players() if game.st.players[p].kind == "human"]
        self.proposers = humans or game.st.active_players()
        self.counter = counter
        if counter is not None:
            proposer = counter.partner
        self.proposer = proposer if proposer in self.proposers else self.proposers[0]
        partners = trade_partners(game, self.proposer)
        self.partner = (counter.proposer if counter is not None and counter.proposer in partners
                        else first_human(game, partners))
        self.offer: ProposeTrade | None = None

    def compose(self) -> ComposeResult:
        g = self.game
        with Vertical(id="trade"):
            if self.counter is None:
                head = Text.assemble(("Trade", "bold"), (
                    "   Tab moves between fields, Space ticks a deed, Ctrl+G proposes, Esc cancels.\n"
                    "What the proposer gives is on the left, what the partner gives on the right.", DIM))
            else:
                who = g.st.players[self.partner].name
                head = Text.assemble(("Counter-offer", "bold"), (
                    f"   {who}'s offer, reversed: change it, Ctrl+G sends it to {who}, Esc sends nothing.\n"
                    "What you give is on the left, what you ask for on the right.", DIM))
            yield Static(head, id="thead")
            with Horizontal(id="who"):
                with Horizontal(classes="pick"):
                    yield Static("Proposer:", classes="label")
                    yield Select([(Text(g.st.players[p].name), p) for p in self.proposers], value=self.proposer,
                                 allow_blank=False, id="proposer", compact=True)
                with Horizontal(classes="pick"):
                    yield Static("Partner:", classes="label")
                    yield Select(self.partner_options(), value=self.partner, allow_blank=False, id="partner",
                                 compact=True)
            with Horizontal(id="sides"):
                yield TradeSidePanel(g, self.look, "give")
                yield TradeSidePanel(g, self.look, "take")
            yield Static(id="summary")
            yield Static(id="why")
            yield Static(id="effect")
            yield Static(Text(RULES), id="xrules")
            yield Button("Propose the trade [ctrl+g]", id="propose", variant="primary", compact=True)
        yield NoticeLine()
        yield KeysFooter()

    def partner_options(self) -> list[tuple[Text, int]]:
        g = self.game  # (Text: a name is shown as typed, never read as markup)
        return [(Text(g.st.players[p].name + (" (computer)" if g.st.players[p].kind == "computer" else "")), p)
                for p in trade_partners(g, self.proposer)]

    def on_resize(self, event: events.Resize) -> None:
        if stale_resize(self, event):
            return
        self.set_class(event.size.height < self.SHORT_BELOW, "-short")

    def on_mount(self) -> None:
        self.set_class(self.app.size.height < self.SHORT_BELOW, "-short")
        give = self.query_one("#side-give", TradeSidePanel)
        take = self.query_one("#side-take", TradeSidePanel)
        give.set_holder(self.proposer)
        take.set_holder(self.partner)
        if self.counter is not None:  # (what they asked for is what you give; what they gave, you ask)
            give.fill(self.counter.take)
            take.fill(self.counter.give)
        else:
            self.restore_draft()
        self.check()
        self.query_one("#cash-give", Input).focus()

    # -- the draft left with Esc (megamono.tui.drafts) -----------------------------------------------
    def drafts(self) -> TradeDrafts | None:
        """The app's trade drafts (none for a counter-offer: it answers one offer, then it is gone)."""
        store = getattr(self.app, "trade_drafts", None)
        return store if isinstance(store, TradeDrafts) and self.counter is None else None

    def restore_draft(self) -> None:
        """Start from the offer left with Esc in this turn, if any (its proposer and partner when they
        may still trade)."""
        store = self.drafts()
        draft = store.get(turn_key(self.app, self.game)) if store is not None else None
        if draft is None or draft.proposer not in self.proposers:
            return
        if draft.proposer != self.proposer:
            self.choose_proposer(draft.proposer)
        if draft.partner != self.partner and draft.partner in trade_partners(self.game, self.proposer):
            self.choose_partner(draft.partner)
        fields, deeds = dict(draft.fields), dict(draft.deeds)
        for side in self.query(TradeSidePanel):
            side.restore(fields, deeds.get(side.role, ()))
        self.app.notify("The offer left with Esc is back (this turn's).", timeout=4)

    def keep_draft(self) -> None:
        """Esc: keep the offer as it is for this turn (:meth:`restore_draft`)."""
        store = self.drafts()
        if store is None:
            return
        fields: list[tuple[str, str]] = []
        deeds: list[tuple[str, tuple[int, ...]]] = []
        for side in self.query(TradeSidePanel):
            typed, ticked = side.draft()
            fields += typed
            deeds.append((side.role, ticked))
        store.keep(TradeDraft(turn_key(self.app, self.game), self.proposer, self.partner, tuple(fields),
                              tuple(deeds)))

    # -- the offer --------------------------------------------------------------------------------
    def check(self) -> str | None:
        """Build the offer from the fields; show it and the engine's verdict. The reason, or None."""
        g, look = self.game, self.look
        give, bad_give = self.query_one("#side-give", TradeSidePanel).read()
        take, bad_take = self.query_one("#side-take", TradeSidePanel).read()
        why: str | None
        self.offer = None
        if give is None or take is None:
            why = bad_give or bad_take
        else:
            self.offer = ProposeTrade(player=self.proposer, partner=self.partner, give=give, take=take)
            why = g.why_not(self.offer)
        summary = Text()
        if self.offer is not None:
            summary.append("Offer: ", style="bold")
            summary.append(g.describe_trade(self.offer.offer()))
        self.query_one("#summary", Static).update(summary)
        if why:
            self.query_one("#why", Static).update(Text.assemble(("Not yet: ", "bold #ff8080"), (why, "#ff8080")))
        else:
            self.query_one("#why", Static).update(Text.assemble(
                ("Ready: ", "bold #5fd75f"), "Ctrl+G offers this to ",
                look.who(self.partner), "; they accept or refuse."))
        self.query_one("#propose", Button).disabled = why is not None
        self.show_effect()
        self.refresh_bindings()
        return why

    # -- the offer's effect on the win chances (Ctrl+W, .trade_chances) -----------------------------
    def effect(self) -> TradeChances | None:
        """The win chances asked for the offer on screen, if any."""
        return self.effects.get(self.offer.model_dump_json()) if self.offer is not None else None

    def show_effect(self) -> None:
        """Show the offer's effect, or how to ask for it; playouts of another offer stop."""
        current = self.effect()
        if current is None or current.finished:
            self.workers.cancel_group(self, "trade-chances")
        ready = self.offer is not None and self.position_chances is not None and self.game.why_not(self.offer) is None
        self.query_one("#effect", Static).update(effect_text(current, self.look, ready))

    def action_win_chances(self) -> None:
        """Each side's win chance before and after the offer on screen: playouts in a worker thread."""
        if self.offer is None or self.position_chances is None or self.check() is not None:
            self.app.notify("Make a trade that may be proposed first; then Ctrl+W shows its effect on the"
                            " win chances.", severity="warning")
            return
        current = self.effect()
        if current is None:
            current = TradeChances.start(self.offer, self.position_chances())
            self.effects[self.offer.model_dump_json()] = current
        self.show_effect()
        if current.finished:
            return
        runtime = runtime_of(self.app)
        if not runtime.threads:  # (at once, on the main thread)
            current.total = min(current.total, runtime.playouts or current.total)
            current.play_on(lambda: False, lambda chances: None)
            self.show_effect()
            return
        self.workers.cancel_group(self, "trade-chances")
        self.run_worker(lambda: self._play(current), thread=True, group="trade-chances", exit_on_error=False)

    def _play(self, chances: TradeChances) -> None:
        """The worker: play before and after until done or cancelled (the offer changed, the screen closed)."""
        worker = get_current_worker()
        def report(c: TradeChances) -> None:
            self.post_message(TradeChancesRefined(c))

        chances.play_on(lambda: worker.is_cancelled, report)

    def on_trade_chances_refined(self, message: TradeChancesRefined) -> None:
        if message.chances is self.effect():
            self.show_effect()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        from .chances import say_playouts_failed

        say_playouts_failed(self, event, "trade-chances", "Win chances")

    def on_input_changed(self, event: Input.Changed) -> None:
        for side in self.query(TradeSidePanel):
            side.mark_fields()
        self.check()

    def on_selection_list_selected_changed(self, event: SelectionList.SelectedChanged) -> None:
        self.check()

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        if event.value != event.select.value:
            return  # (posted for a value since replaced: a select's first value, as a draft comes back)
        if event.select.id == "proposer" and event.value != self.proposer:
            assert isinstance(event.value, int), "the proposer select holds seats (no blank)"
            self.choose_proposer(int(event.value))
        elif event.select.id == "partner" and event.value != self.partner:
            assert isinstance(event.value, int), "the partner select holds seats (no blank)"
            self.choose_partner(int(event.value))
        self.check()

    def choose_proposer(self, p: int) -> None:
        """``p`` proposes: both sides start empty (the partner stays, unless it is ``p``)."""
        self.proposer = p
        partners = trade_partners(self.game, p)
        if self.partner not in partners:
            self.partner = first_human(self.game, partners)
        for wid, value, options in (("#proposer", p, None), ("#partner", self.partner, self.partner_options())):
            sel = self.query_one(wid, Select)
            with sel.prevent(Select.Changed):
                if options is not None:
                    sel.set_options(options)
                sel.value = value
        self.query_one("#side-give", TradeSidePanel).set_holder(p)
        self.query_one("#side-take", TradeSidePanel).set_holder(self.partner)

    def choose_partner(self, p: int) -> None:
        """The offer is to ``p``: their side starts empty."""
        self.partner = p
        sel = self.query_one("#partner", Select)
        with sel.prevent(Select.Changed):
            sel.value = p
        self.query_one("#side-take", TradeSidePanel).set_holder(p)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "propose":
            event.stop()
            self.action_propose()

    # -- keys -------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "propose":
            return True if self.offer is not None and self.game.why_not(self.offer) is None else None
        if action == "win_chances":
            if self.position_chances is None:
                return False
            return True if self.offer is not None and self.game.why_not(self.offer) is None else None
        return True

    def action_propose(self) -> None:
        why = self.check()
        if why or self.offer is None:
            self.app.notify(why or "not a trade yet", severity="warning")
            return
        self.workers.cancel_group(self, "trade-chances")
        store = self.drafts()
        if store is not None:
            store.drop()
        self.dismiss(self.offer)

    def action_cancel(self) -> None:
        self.workers.cancel_group(self, "trade-chances")
        self.keep_draft()
        self.dismiss(None)


class CounterHost(Protocol):
    """What :func:`counter_offer` uses of the game screen."""

    look: Look
    controller: GameController
    app: Any
    position_chances: Callable[[], PositionChances]

    @property
    def game(self) -> Game: ...

    def act(self, action: Action) -> bool: ...
    def open(self, screen: Screen[Any], callback: Callable[[Any], object] | None) -> None: ...


def counter_offer(host: CounterHost, refusal: Action, offer: TradeOffer) -> None:
    """A counter-offer (``c`` on a trade offer): send ``refusal`` (the offer is refused: no trade is
    proposed while one waits for its reply, X1), then open the trade screen filled with ``offer``
    reversed; what it proposes in the name of the one who refused (at the keyboard) is sent at once, and
    one in another player's name is first put to that player (:func:`propose`); Esc sends nothing. The
    game screen's computer players wait while the screen is open."""
    if not host.act(refusal):
        return
    host.open(TradeScreen(host.game, host.look, refusal.player, counter=offer,
                          position_chances=host.position_chances),
              lambda answer: propose(host, answer, keyboard=refusal.player))


def propose(host: CounterHost, offer: ProposeTrade | None, keyboard: int | None = None) -> None:
    """Send the trade screen's ``offer`` (None: nothing). An offer made in another player's name (the
    proposer is not the person at the keyboard: ``keyboard``, else the controller's answer) is first put
    to the proposer, who must pass by the keyboard and agree to it (y/n): nobody makes an offer for
    someone else."""
    if offer is None:
        return
    keyboard = host.controller.at_keyboard() if keyboard is None else keyboard
    if keyboard is None or offer.player == keyboard:
        host.act(offer)
        return
    g = host.game
    proposer, back = g.name(offer.player), g.name(keyboard)
    question = (f"Pass the keyboard to {proposer}.\n\n{proposer}: do you make this offer to "
                f"{g.name(offer.partner)}?\n{g.describe_trade(offer.offer())}\n\n"
                f"(then hand the keyboard back to {back})")
    host.open(ConfirmDialog(question), lambda yes: host.act(offer) if yes else host.app.notify(
        f"{proposer} did not make the offer: nothing was proposed", severity="information"))
