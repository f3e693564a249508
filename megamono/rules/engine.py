"""The game engine: the turn and decision state machine (RULES.md G, T, J, K8, T7).

:class:`Game` owns a :class:`~megamono.rules.state.GameState` and changes it in place.
The app and the scripting API use four things: :meth:`Game.new`, :attr:`Game.pending`,
:meth:`Game.legal_actions` and :meth:`Game.act`. An illegal action raises
:class:`~megamono.rules.errors.IllegalAction` with the reason and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import fields
from pathlib import Path
from types import MappingProxyType
from typing import Any

from . import dice as _dice
from .actions import (
    ACTION_KINDS,
    MANAGE_KINDS,
    RAISE_MONEY_KINDS,
    AcceptTrade,
    Action,
    Bid,
    BirthdayChoice,
    Build,
    BuildDepot,
    BusChoice,
    Buy,
    ChooseDestination,
    ClaimRent,
    DeclareBankruptcy,
    DeclineBuy,
    DropOut,
    IncomeTaxChoice,
    Level,
    Mortgage,
    MortgagedDeedChoice,
    PayDebt,
    PayJailFine,
    PickAuctionDeed,
    PlacePiece,
    PlayBusTicket,
    ProposeEnd,
    ProposeTrade,
    RefuseTrade,
    Roll,
    RollForDoubles,
    SellBuilding,
    SellDepot,
    SellGroupBuildings,
    ShortageAnswer,
    Unmortgage,
    UseJailCard,
    VoteEnd,
    check_action,
)
from .core import commas, new_seed
from .dice import SpeedFace
from .editions import Edition, load_edition
from .endgame import EndgameMixin
from .errors import IllegalAction
from .events import BusTicketPlayed as BusTicketPlayedEvent
from .events import (
    ClaimLapsed,
    Rolled,
    Seats,
    Source,
    Triples,
    TurnOrderRoll,
    TurnStarted,
    attach,
    rent_why,
)
from .history import HistoryMixin
from .invariants import SETTLING_KINDS, anything_settling, settling_groups, settling_spaces
from .jail import JailMixin
from .money import MoneyMixin
from .property import PropertyMixin
from .shortage import ShortageMixin
from .spaces import SpacesMixin
from .state import (
    PLAYER_COLOURS,
    Bank,
    Decks,
    DeedState,
    Event,
    GameState,
    Options,
    Pending,
    Player,
    Step,
)
from .trades import TradesMixin

# Which decision each action answers (manage actions answer none: they may come any time).
DECISION_OF: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "roll": ("turn",), "play_bus_ticket": ("turn",), "pay_jail_fine": ("jail", "jail_pay"),
    "use_jail_card": ("jail", "jail_pay"), "roll_for_doubles": ("jail",), "buy": ("buy",),
    "decline_buy": ("buy",), "bid": ("bid",), "drop_out": ("bid",),
    "choose_destination": ("triples",), "bus_choice": ("bus",), "birthday_choice": ("birthday",),
    "income_tax_choice": ("income_tax",), "pick_auction_deed": ("auction_pick",),
    "level": ("levelling",), "mortgaged_deed_choice": ("mortgaged_deed",), "pay_debt": ("debt",),
    "declare_bankruptcy": ("debt",), "accept_trade": ("trade_reply",), "refuse_trade": ("trade_reply",),
    "vote_end": ("end_vote",), "shortage_answer": ("shortage_ask",), "place_piece": ("place_piece",),
})
# The decisions during which managing is limited (see Game._manage_limits).
_LIMITING_DECISIONS = frozenset({"trade_reply", "shortage_ask", "place_piece", "end_vote", "debt",
                                 *SETTLING_KINDS})


class Game(SpacesMixin, MoneyMixin, PropertyMixin, TradesMixin, EndgameMixin, ShortageMixin, JailMixin,
           HistoryMixin):
    """One game of megamono.

    Attributes: ``ed`` (the :class:`Edition`), ``st`` (the :class:`GameState`), ``setup``
    (the arguments it was created with) and ``history`` (every action applied), which
    together replay the game (I8); ``board`` is ``ed.board``, the edition as plain objects,
    quicker to read than the pydantic models (for code that reads the board many times a move).
    """

    def __init__(self, edition: Edition, state: GameState, setup: dict[str, Any] | None = None,
                 history: list[Action] | None = None) -> None:
        self.ed = edition
        self.board = edition.board
        self.source = Source(self)
        self.st = state
        if state.log:
            attach(state.log, self.source)
        self.setup = setup or {}
        self.history: list[Action] = history or []

    # ===================================================================== creation (G3-G7)
    @classmethod
    def new(cls, edition: str | Path | Edition = "mega", players: Sequence[str | Mapping[str, object]] = ("Ann", "Bob"),
            seed: int | None = None, dice: Iterable[Sequence[SpeedFace]] | None = None,
            seat_order: bool = False, options: Options | Mapping[str, object] | None = None) -> Game:
        """Create a game ready for its first turn.

        - ``edition``: "mega", "classic", a path to an edition file, or an :class:`Edition`.
        - ``players``: names in seat order, or dicts ``{"name", "colour", "kind"}`` (G3).
        - ``seed``: the random seed (a fresh one if None).
        - ``dice``: scripted throws used before the generator, each ``(w1, w2)`` or
          ``(w1, w2, speed)`` with speed 1-3, "mr" or "bus" (also used by the turn-order roll).
        - ``seat_order``: True keeps the given order and skips the turn-order roll (G6).

        Raises ``ValueError`` for a bad player list, throw or option.
        """
        ed = edition if isinstance(edition, Edition) else load_edition(edition)
        opts = options if isinstance(options, Options) else Options.model_validate(options or {})
        seed = new_seed() if seed is None else int(seed)
        script = [_dice.normalise_throw(t) for t in (dice or [])]
        plist = cls._check_players(ed, players)
        ref = ed.id if isinstance(edition, Edition) or not (isinstance(edition, Path)
                                                         or str(edition).endswith(".json")) else str(edition)
        setup = {"edition": ref, "players": [p.model_dump(include={"name", "colour", "kind"}) for p in plist],
                 "seed": seed, "dice": script, "seat_order": seat_order, "options": opts.model_dump()}
        cash = opts.starting_cash if opts.starting_cash is not None else ed.rules.starting_cash
        for p in plist:
            p.cash = cash
        st = GameState(
            edition=ref, options=opts, players=plist,
            deeds={i: DeedState() for i in ed.properties},
            bank=Bank(houses=ed.supply.houses, hotels=ed.supply.hotels,
                      skyscrapers=ed.supply.skyscrapers, depots=ed.supply.depots),
            decks=Decks(chance=[c.id for c in ed.chance], community_chest=[c.id for c in ed.community_chest],
                        bus=cls._bus_ids(ed)),
            rng=_dice.seed_state(seed), script=[list(t) for t in script],  # the setup keeps its own
        )
        game = cls(ed, st, setup)
        for deck in (st.decks.chance, st.decks.community_chest, st.decks.bus):
            st.rng = _dice.shuffle(st.rng, deck)
        if not seat_order:
            game._roll_for_order()
        game.log(Seats())
        game.st.turn.player = len(st.players) - 1
        game.push(game.step("end_turn"))
        game._advance()
        return game

    @staticmethod
    def _bus_ids(ed: Edition) -> list[str]:
        if not ed.bus_tickets:
            return []
        return ([f"BT{i:02d}" for i in range(1, ed.bus_tickets.ordinary + 1)]
                + [f"BX{i:02d}" for i in range(1, ed.bus_tickets.expire + 1)])

    @staticmethod
    def _check_players(ed: Edition, players: Sequence[str | Mapping[str, object]]) -> list[Player]:
        r = ed.rules
        if not r.min_players <= len(players) <= r.max_players:
            raise ValueError(f"{ed.name} is for {r.min_players} to {r.max_players} players, got {len(players)}")
        out = []
        for k, p in enumerate(players):
            d = {"name": p} if isinstance(p, str) else dict(p)
            name = str(d.get("name", "")).strip()
            if not 1 <= len(name) <= 20 or not name.isprintable():
                raise ValueError(f"player {k + 1}: a name is 1-20 printable characters, got {name!r}")
            d["name"] = name
            d.setdefault("colour", PLAYER_COLOURS[k % len(PLAYER_COLOURS)])
            out.append(Player.model_validate({**d, "cash": 0}))  # other keys (an app's notes) are ignored
        names = [p.name.casefold() for p in out]
        if len(set(names)) != len(names):
            raise ValueError("player names must be different")
        return out

    def _roll_for_order(self) -> None:
        """G6: roll the two white dice for seats; ties re-roll among themselves."""
        def roll_all(group: list[int]) -> dict[int, int]:
            totals = {}
            for i in group:
                t = self.throw(False)
                totals[i] = t.white_total
                self.log(TurnOrderRoll(i, t))
            return totals

        def rank(group: list[int]) -> list[int]:
            if len(group) == 1:
                return group
            totals = roll_all(group)
            out: list[int] = []
            for total in sorted(set(totals.values()), reverse=True):
                out += rank([i for i in group if totals[i] == total])
            return out

        seats = list(range(len(self.st.players)))
        if self.board.rules.turn_order == "ranked":
            order = rank(seats)
        else:
            group = seats
            while len(group) > 1:
                totals = roll_all(group)
                top = max(totals.values())
                group = [i for i in group if totals[i] == top]
            order = seats[group[0]:] + seats[:group[0]]
        self.st.players = [self.st.players[i] for i in order]
        seat_of = {old: new for new, old in enumerate(order)}
        for ev in self.st.log:
            if ev.player is not None:
                ev.player = seat_of[ev.player]

    # ===================================================================== the public API
    @property
    def pending(self) -> Pending | None:
        """The decision the game waits for (None only while resolving)."""
        return self.st.pending

    @property
    def over(self) -> bool:
        return self.st.winner is not None

    def act(self, action: Action | Mapping[str, object] | str) -> list[Event]:
        """Apply ``action`` (an Action, or its dict/JSON form) and run the game on to the next decision.

        An object is checked exactly as its dict form would be, and the well-formed copy is what is
        applied and recorded (:func:`~megamono.rules.actions.check_action`). Returns the log events
        it caused. Raises :class:`IllegalAction` (nothing changed) with a one-line reason when the
        action is malformed ("not an action: FIELD: PROBLEM") or not legal now.
        """
        action = check_action(action)
        why = self.why_not(action)
        if why:
            raise IllegalAction(why)
        if self.keep_undo:
            return self._act_keeping_undo(action)
        st = self.st
        log = st.log
        start = len(log)
        _ACT[action.kind](self, action)
        self.history.append(action)
        if st.pending is None:  # (with a decision pending already, the agenda waits)
            self._advance()
        self._undo = None
        return log[start:]

    def _act_keeping_undo(self, action: Action) -> list[Event]:
        """:meth:`act` (the action is legal) remembering the state before, for :meth:`undo`."""
        start = len(self.st.log)
        before = self._snapshot()
        _ACT[action.kind](self, action)
        self.history.append(action)
        self._advance()
        self._undo = None
        st = self.st
        chance = (before.rng != st.rng or len(before.script) != len(st.script)
                  or before.decks != st.decks)
        if not chance:
            self._undo = (before, action, start)
        return st.log[start:]

    def why_not(self, action: Action) -> str | None:
        """The reason ``action`` is illegal now, or None if it is legal.

        ``action`` must be well-formed: from :meth:`legal_actions`, or checked by
        :func:`~megamono.rules.actions.check_action` (as :meth:`act` does first).
        """
        st = self.st
        pend = st.pending
        if pend is None or st.winner is not None:
            return "the game is over" if st.winner is not None else "the game is not waiting for a decision"
        p = action.player
        players = st.players
        deciders = pend.players  # who may answer the decision now
        if not (p in deciders or 0 <= p < len(players)) or players[p].bankrupt:
            return "no such player in the game"
        kind = action.kind
        # (the tables are read-only mappings: ``in`` and ``[]`` are their quick reads, not ``get``)
        if kind in _PLAIN_ANSWERS and p in deciders and pend.kind in _PLAIN_ANSWERS[kind]:
            # the quick way for the usual case: the awaited player answers the decision, with an
            # action that names no space (the checks below would all pass up to the last one)
            return _CHECK[kind](self, action) if kind in _CHECK else None
        if kind in MANAGE_KINDS:  # (each names a space)
            if not 0 <= action.space < self.board.size:
                return f"there is no space {action.space} on this board"
            return self._why_not_manage(action)
        space = getattr(action, "space", None)
        if space is not None and not 0 <= space < self.board.size:
            return f"there is no space {space} on this board"
        if kind == "propose_trade":
            return self.why_not_trade(action.offer())
        if kind == "propose_end":
            return self.why_not_propose_end(p)
        if kind == "claim_rent":
            return self.why_not_claim_rent(p, action.space)
        if kind == "play_bus_ticket" and pend.kind in ("jail", "jail_pay") and p in deciders:
            return ("a Bus Ticket cannot be played in jail: pay the fine or use a Get Out of Jail Free"
                    " card first (J3)")
        if pend.kind not in DECISION_OF[kind]:
            return f"the game is waiting for {self.describe_pending()}, not for {action.label()}"
        if p not in deciders:
            return f"it is {self.names_of(deciders)}'s decision, not {self.name(p)}'s"
        return _CHECK[kind](self, action) if kind in _CHECK else None

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every legal action now (optionally only ``player``'s).

        A bid appears once, at the minimum; any amount up to the bidder's cash is legal.
        """
        pend = self.st.pending
        if pend is None or self.over:
            return []
        cands: list[Action] = list(self._decision_candidates(pend))
        for p in self.st.active_players():
            for i, d in self.st.deeds.items():
                if d.owner != p:
                    continue
                kind = self.board.spaces[i].kind
                if kind == "street":
                    cands += [Build(player=p, space=i), SellBuilding(player=p, space=i)]
                    if i == self.owned_lots(i, p)[0]:
                        cands.append(SellGroupBuildings(player=p, space=i))
                elif kind == "railroad" and self.board.supply.depots:
                    cands += [BuildDepot(player=p, space=i), SellDepot(player=p, space=i)]
                cands += [Mortgage(player=p, space=i), Unmortgage(player=p, space=i)]
        cands += [ClaimRent(player=c.owner, space=c.space) for c in self.st.claims]
        return [a for a in cands if (player is None or a.player == player) and self.why_not(a) is None]

    def _decision_candidates(self, pend: Pending) -> list[Action]:
        """The answers to the decision ``pend`` (legal or not yet checked) of every seat who may act now."""
        who = pend.players
        if len(who) == 1:
            return self._answers_of(pend, who[0])
        return [a for p in who for a in self._answers_of(pend, p)]

    def _answers_of(self, pend: Pending, p: int) -> list[Action]:
        k = pend.kind
        if k == "turn":
            pl = self.st.players[p]
            out: list[Action] = [Roll(player=p)]
            if pl.bus_tickets:
                out += [PlayBusTicket(player=p, destination=d) for d in self.bus_reach(pl.position)]
            return out
        if k in ("jail", "jail_pay"):
            out = [PayJailFine(player=p), UseJailCard(player=p)]
            return out + [RollForDoubles(player=p)] if k == "jail" else out
        if k == "buy":
            return [Buy(player=p), DeclineBuy(player=p)]
        if k == "bid":
            return [Bid(player=p, amount=self.min_bid()), DropOut(player=p)]
        if k == "triples":
            return [ChooseDestination(player=p, space=i) for i in pend.choices]
        if k == "bus":
            return [BusChoice(player=p, choice="ticket"), BusChoice(player=p, choice="advance")]
        if k == "birthday":
            return [BirthdayChoice(player=p, choice="cash"), BirthdayChoice(player=p, choice="ticket")]
        if k == "income_tax":
            return [IncomeTaxChoice(player=p, choice="flat"), IncomeTaxChoice(player=p, choice="percent")]
        if k == "auction_pick":
            return [PickAuctionDeed(player=p, space=i) for i in pend.choices]
        if k == "levelling":
            return [Level(player=p, choice=c) for c in ("build", "rearrange", "unmortgage", "unmortgage_build",
                                                         "unmortgage_rearrange", "sell_all", "return")]
        if k == "mortgaged_deed":
            return [MortgagedDeedChoice(player=p, choice="unmortgage"), MortgagedDeedChoice(player=p, choice="keep")]
        if k == "debt":
            return [PayDebt(player=p), DeclareBankruptcy(player=p)]
        if k == "trade_reply":
            return [AcceptTrade(player=p), RefuseTrade(player=p)]
        if k == "shortage_ask":
            return [ShortageAnswer(player=p, want=True), ShortageAnswer(player=p, want=False)]
        if k == "place_piece":
            return [PlacePiece(player=p, space=i) for i in pend.choices]
        if k == "end_vote":
            return [VoteEnd(player=p, agree=True), VoteEnd(player=p, agree=False)]
        return []

    def describe_pending(self) -> str:
        pend = self.st.pending
        if pend is None:
            return "nothing"
        return pend.prompt or f"{self.names_of(pend.players)} ({pend.kind})"

    def names_of(self, seats: Sequence[int]) -> str:
        """The names of ``seats``: "Ann", "Ann or Bob", "Ann, Bob or Cy"."""
        names = [self.name(q) for q in seats]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]

    # ===================================================================== the agenda loop
    def _advance(self) -> None:
        """Run agenda steps until a decision is pending or the game is over."""
        st = self.st
        agenda = st.agenda
        while st.pending is None and agenda and st.winner is None:
            s = agenda.pop()
            _STEP[s.kind](self, s)
        if st.pending is None and st.winner is None:
            raise AssertionError("the engine ran out of things to do without a decision")

    # ===================================================================== turns (T1-T5)
    def _step_end_turn(self, s: Step | None) -> None:
        """T5: the turn passes to the next active player in seat order."""
        st = self.st
        players = st.players
        n = len(players)
        t = st.turn
        cur = t.player
        nxt = (cur + 1) % n
        while players[nxt].bankrupt:  # (someone is always left: the game is over otherwise)
            nxt = (nxt + 1) % n
        if nxt <= cur:  # a new round starts
            if st.options.turn_limit and t.round >= st.options.turn_limit:
                self.end_by_worth("turn_limit")
                return
            t.round += 1
        t.player, t.doubles, t.ended, t.last_throw, t.mr_monopoly_lock = nxt, 0, False, None, False
        t.number += 1
        pl = players[nxt]
        self.log(TurnStarted(nxt, t.number))
        if pl.in_jail:
            self.wait("jail", nxt, f"{pl.name} is in jail (attempt {pl.jail_turns + 1} of 3): pay "
                      f"${commas(self.board.rules.jail_fine)}, use a card, or roll for doubles")
        else:
            self._offer_turn(nxt, again=False)

    def _offer_turn(self, p: int, again: bool) -> None:
        pl = self.st.players[p]
        what = "roll again" if again else "roll the dice"
        if pl.bus_tickets and self.board.bus_tickets:
            what += " or play a Bus Ticket"
        pend = self.st.pending = Pending("turn", p, f"{pl.name}: {what}")
        if again:  # (set apart: a keyword to a class costs a dict per call)
            pend.roll_again = True

    def _check_play_bus_ticket(self, a: PlayBusTicket) -> str | None:
        pl = self.st.players[a.player]
        if not pl.bus_tickets:
            return f"{pl.name} has no Bus Ticket"
        if a.destination not in self.bus_reach(pl.position):
            return "a Bus Ticket reaches only this side of the board, up to the next corner (K8)"
        return None

    def _act_play_bus_ticket(self, a: PlayBusTicket) -> None:
        """K8: a Bus Ticket move instead of a roll; the turn then ends."""
        pl = self.st.players[a.player]
        self.st.pending = None
        self.st.decks.bus_out.append(pl.bus_tickets.pop(0))
        self.log(BusTicketPlayedEvent(a.player, a.destination))
        self.push(self.step("move_to", a.player, space=a.destination, dice=None),
                  self.step("end_of_throw", a.player, again=False))

    def _act_roll(self, a: Roll) -> None:
        """T2/T3: throw, then move (doubles, third doubles, triples, Mr. Monopoly, Bus)."""
        p = a.player
        st = self.st
        t = st.turn
        st.pending = None
        if st.claims:
            self.lapse_claims(p)
        speed = self.board.rules.speed_die
        th = self.throw(speed)
        t.last_throw = th
        self.log(Rolled(p, th))
        w1, w2 = th.white
        face = th.speed
        doubles = w1 == w2
        if speed and doubles and face == w1:  # (th.triples)
            self.log(Triples(p))
            pos = self.st.players[p].position
            self.wait("triples", p, f"{self.name(p)}: triples! Choose any space to move to",
                      choices=[i for i in range(self.board.size) if i != pos])
            return
        if doubles:
            t.doubles += 1
            if t.doubles == 3:
                self.go_to_jail(p, "third doubles in one turn")
                self.push(self.step("end_turn"))
                return
        white = w1 + w2
        if speed and face.__class__ is int:
            steps = white + face
            util = steps if st.options.speed_die_counts_for_utilities else white
        else:
            steps = util = white
        # the move happens now; what follows it waits on the agenda (as Steps: a decision on
        # the way, such as buying the deed landed on, may be saved before they run)
        agenda = st.agenda
        again = doubles
        if face == "mr" or face == "bus":
            agenda.append(Step("end_of_throw", p, {"again": again}))
            if face == "mr":
                t.mr_monopoly_lock = True
                agenda.append(Step("mr_monopoly", p, {"dice": white}))
            else:
                agenda.append(Step("bus_face", p, {}))
            self.move(p, steps, util)
            return
        base = len(agenda)
        self.move(p, steps, util)
        if st.pending is None and len(agenda) == base:
            self.end_of_throw(p, again)  # nothing came up on the way: the throw ends now
        else:  # a decision or more steps came up: the end of the throw waits under them
            agenda.insert(base, Step("end_of_throw", p, {"again": again}))

    def _act_choose_destination(self, a: ChooseDestination) -> None:
        """T3.2: triples move forward to the chosen space; no further roll."""
        th = self.st.turn.last_throw
        self.st.pending = None
        util = th.total if self.st.options.speed_die_counts_for_utilities else th.white_total
        self.push(self.step("move_to", a.player, space=a.space, dice=util),
                  self.step("end_of_throw", a.player, again=False))

    def _check_choose_destination(self, a: ChooseDestination) -> str | None:
        return None if a.space in self.st.pending.choices else "choose any space but the one you stand on"

    def _step_end_of_throw(self, s: Step) -> None:
        self.end_of_throw(s.player, s.data["again"])

    def end_of_throw(self, p: int, again: bool) -> None:
        """After a throw's move: roll again after doubles (T3), else the turn ends (T5)."""
        t = self.st.turn
        t.mr_monopoly_lock = False
        pl = self.st.players[p]
        if again and not (t.ended or pl.bankrupt or pl.in_jail):
            self._offer_turn(p, again=True)
        else:
            self._step_end_turn(None)  # (as pushing an end_turn step, which would run next)

    # ===================================================================== other decisions
    def _act_buy(self, a: Buy) -> None:
        self.do_buy(a.player)

    def _check_buy(self, a: Buy) -> str | None:
        return self.why_not_buy(a.player)

    def _act_decline_buy(self, a: DeclineBuy) -> None:
        self.do_decline_buy(a.player)

    def _check_bid(self, a: Bid) -> str | None:
        return self.why_not_bid(a.player, a.amount)

    def _act_bid(self, a: Bid) -> None:
        self.do_bid(a.player, a.amount)

    def _act_drop_out(self, a: DropOut) -> None:
        self.do_drop_out(a.player)

    def _check_bus_choice(self, a: BusChoice) -> str | None:
        return None if a.choice == "advance" or self.st.decks.bus else "no Bus Tickets are left"

    def _act_bus_choice(self, a: BusChoice) -> None:
        self.st.pending = None
        if a.choice == "ticket":
            self.draw_bus_ticket(a.player)
        else:
            self.bus_advance(a.player)

    def _check_birthday_choice(self, a: BirthdayChoice) -> str | None:
        return None if a.choice == "cash" or self.st.decks.bus else "no Bus Tickets are left"

    def _act_birthday_choice(self, a: BirthdayChoice) -> None:
        self.st.pending = None
        if a.choice == "ticket":
            self.draw_bus_ticket(a.player)
        else:
            self.transfer(None, a.player, self.board.rules.birthday_gift, "Birthday Gift")

    def _act_income_tax_choice(self, a: IncomeTaxChoice) -> None:
        pend = self.st.pending
        self.st.pending = None
        label = "flat" if a.choice == "flat" else f"{self.board.spaces[pend.space].tax_percent}% of worth"
        self.push(self.step("pay", a.player, creditors=[[None, pend.amounts[a.choice]]],
                            why=f"{self.sname(pend.space)} ({label})", fine=True))

    def _check_pick_auction_deed(self, a: PickAuctionDeed) -> str | None:
        return None if a.space in self.st.pending.choices else "pick a deed the bank still holds"

    def _act_pick_auction_deed(self, a: PickAuctionDeed) -> None:
        self.st.pending = None
        self.push(self.step("auction", a.player, space=a.space))

    def _check_level(self, a: Level) -> str | None:
        return self.why_not_level(a.player, a.choice)

    def _act_level(self, a: Level) -> None:
        self.do_level(a.player, a.choice)

    def _check_mortgaged_deed_choice(self, a: MortgagedDeedChoice) -> str | None:
        return self.why_not_mortgaged_deed_choice(a.player, a.choice)

    def _act_mortgaged_deed_choice(self, a: MortgagedDeedChoice) -> None:
        self.do_mortgaged_deed_choice(a.player, a.choice)

    def _check_pay_debt(self, a: PayDebt) -> str | None:
        return self.why_not_pay_debt(a.player)

    def _act_pay_debt(self, a: PayDebt) -> None:
        self.do_pay_debt(a.player)

    def _check_declare_bankruptcy(self, a: DeclareBankruptcy) -> str | None:
        return self.why_not_bankruptcy(a.player)

    def _act_declare_bankruptcy(self, a: DeclareBankruptcy) -> None:
        self.do_bankruptcy(a.player)

    # ===================================================================== managing (T1, T8, D1)
    def _why_not_manage(self, a: Action) -> str | None:
        st = self.st
        pend = st.pending
        if (pend.kind in _LIMITING_DECISIONS or st.agenda or st.suspended or st.turn.mr_monopoly_lock
                or pend.piece):  # (else none of the limits below applies: the quick way)
            why = self._manage_limits(a)
            if why:
                return why
        return _WHY_NOT[a.kind](self, a.player, a.space)

    def _manage_limits(self, a: Action) -> str | None:
        """Why no managing action, or not this one, is allowed while the game waits for the
        decision now pending (T1, T8, D1, B7, B8, M3), or None."""
        st = self.st
        pend = st.pending
        p = a.player
        if pend.kind == "trade_reply":
            return f"first {self.name(pend.player)} must accept or refuse the trade on offer"
        if pend.kind in ("shortage_ask", "place_piece", "end_vote") or (
                a.kind == "build" and (pend.piece or st.suspended and any(pd.piece for pd in st.suspended))):
            return "wait until the question on screen is settled"
        if pend.kind == "debt" and pend.player == p and a.kind not in RAISE_MONEY_KINDS:
            return f"{self.name(p)} is in debt: only selling and mortgaging are allowed until it is paid (D1)"
        if st.turn.mr_monopoly_lock and p != st.turn.player and a.kind in ("build", "build_depot"):
            # the build's own reason first (a player without the lots hears that, not the lock)
            return (_WHY_NOT[a.kind](self, p, a.space)
                    or "no other player may build until Mr. Monopoly's move is over (T8)")
        if (st.agenda or st.suspended or pend.kind in SETTLING_KINDS) and anything_settling(st):
            if a.space in settling_spaces(st):
                return f"first settle {self.sname(a.space)}: it was just received (B8, M3)"
            group = self.board.spaces[a.space].group
            raising = pend.kind == "debt" and pend.player == p and a.kind in RAISE_MONEY_KINDS
            if group is not None and not raising and group in settling_groups(self.ed, st):
                return "first settle the deed just received in this group (B8, M3)"
        return None

    def _act_build(self, a: Build) -> None:
        others = self.shortage_candidates(a.player, a.space)
        if others:
            self.start_shortage(a.player, a.space, others)
        else:
            self.do_build(a.player, a.space)

    def _act_shortage_answer(self, a: ShortageAnswer) -> None:
        self.do_shortage_answer(a.player, a.want)

    def _check_place_piece(self, a: PlacePiece) -> str | None:
        return None if a.space in self.st.pending.choices else "place it on one of the lots offered (B2)"

    def _act_place_piece(self, a: PlacePiece) -> None:
        self.do_place_piece(a.player, a.space)

    def _act_sell_building(self, a: SellBuilding) -> None:
        self.do_sell_building(a.player, a.space)

    def _act_sell_group_buildings(self, a: SellGroupBuildings) -> None:
        self.do_sell_group_buildings(a.player, a.space)

    def _act_build_depot(self, a: BuildDepot) -> None:
        self.do_build_depot(a.player, a.space)

    def _act_sell_depot(self, a: SellDepot) -> None:
        self.do_sell_depot(a.player, a.space)

    def _act_mortgage(self, a: Mortgage) -> None:
        self.do_mortgage(a.player, a.space)

    def _act_unmortgage(self, a: Unmortgage) -> None:
        self.do_unmortgage(a.player, a.space)

    # ===================================================================== trades (X1-X3)
    def _act_propose_trade(self, a: ProposeTrade) -> None:
        self.do_propose_trade(a.offer())

    def _act_accept_trade(self, a: AcceptTrade) -> None:
        self.do_reply_trade(True)

    def _act_refuse_trade(self, a: RefuseTrade) -> None:
        self.do_reply_trade(False)

    # ===================================================================== ending early (E2), claims (T6)
    def _act_propose_end(self, a: ProposeEnd) -> None:
        self.do_propose_end(a.player)

    def _act_vote_end(self, a: VoteEnd) -> None:
        self.do_vote_end(a.player, a.agree)

    def why_not_claim_rent(self, p: int, space: int) -> str | None:
        if self.st.pending.kind in ("trade_reply", "end_vote", "game_over"):
            return "rent cannot be claimed right now"
        if not any(c.owner == p and c.space == space for c in self.st.claims):
            return f"{self.name(p)} has no rent to claim on {self.sname(space)}"
        return None

    def timely_claims(self) -> list[ClaimRent]:
        """The rent claims (option ``rent_must_be_claimed``, T6) an owner makes now at the latest,
        as actions in the order the rent fell due: every claim legal now whose payer is not the
        player about to roll (a "turn" or "jail" decision), since that roll lets it lapse.

        Never while the payer has a decision open: a claim sets the current decision aside, and
        if the rent bankrupts the payer the engine brings that decision back for a bankrupt
        player (tests/rules/test_debt.py). Auctions and other players' answers are not
        interrupted. The computer players (the bots, and the app's) claim these; a person may
        claim any legal claim whenever the game waits (:meth:`legal_actions`).
        """
        st = self.st
        pend = st.pending
        if not st.claims or pend is None or pend.kind not in ("turn", "jail"):
            return []
        out = []
        for c in st.claims:
            if c.payer not in pend.players:
                a = ClaimRent(player=c.owner, space=c.space)
                if self.why_not(a) is None:
                    out.append(a)
        return out

    def _act_claim_rent(self, a: ClaimRent) -> None:
        claim = next(c for c in self.st.claims if c.owner == a.player and c.space == a.space)
        self.st.claims.remove(claim)
        self.st.suspended.append(self.st.pending)
        self.st.pending = None
        self.push(self.step("pay", claim.payer, creditors=[[claim.owner, claim.amount]],
                            why=f"{rent_why(self, claim.space)} (claimed)"), self.step("resume"))

    def lapse_claims(self, roller: int) -> None:
        """T6 option: unclaimed rent lapses when the next player rolls."""
        if not self.st.claims:
            return
        lapsed = [c for c in self.st.claims if c.payer != roller]
        for c in lapsed:
            self.log(ClaimLapsed(c.owner, c.amount))
            self.st.claims.remove(c)


# Decision answers that name no space (why_not's quick way), with the decisions each answers,
# and the kinds that have a check.
_PLAIN_ANSWERS = MappingProxyType({k: frozenset(DECISION_OF[k]) for k, t in ACTION_KINDS.items()
                                   if k in DECISION_OF and not any(f.name == "space" for f in fields(t))})


# What runs each kind of action, check, agenda step and managing action: ``act``, ``why_not`` and
# the agenda loop look a kind up here and call the function with the game (``fn(self, action)``).
# Every action kind has a handler; the decision answers without a check here are always legal once
# the decision is pending (tests/rules/test_plumbing.py checks the tables against the kinds).
_ACT: Mapping[str, Callable[[Game, Any], None]] = MappingProxyType({
    "roll": Game._act_roll,
    "play_bus_ticket": Game._act_play_bus_ticket,
    "pay_jail_fine": Game._act_pay_jail_fine,
    "use_jail_card": Game._act_use_jail_card,
    "roll_for_doubles": Game._act_roll_for_doubles,
    "buy": Game._act_buy,
    "decline_buy": Game._act_decline_buy,
    "bid": Game._act_bid,
    "drop_out": Game._act_drop_out,
    "choose_destination": Game._act_choose_destination,
    "bus_choice": Game._act_bus_choice,
    "birthday_choice": Game._act_birthday_choice,
    "income_tax_choice": Game._act_income_tax_choice,
    "pick_auction_deed": Game._act_pick_auction_deed,
    "level": Game._act_level,
    "mortgaged_deed_choice": Game._act_mortgaged_deed_choice,
    "pay_debt": Game._act_pay_debt,
    "declare_bankruptcy": Game._act_declare_bankruptcy,
    "build": Game._act_build,
    "sell_building": Game._act_sell_building,
    "sell_group_buildings": Game._act_sell_group_buildings,
    "build_depot": Game._act_build_depot,
    "sell_depot": Game._act_sell_depot,
    "mortgage": Game._act_mortgage,
    "unmortgage": Game._act_unmortgage,
    "propose_trade": Game._act_propose_trade,
    "accept_trade": Game._act_accept_trade,
    "refuse_trade": Game._act_refuse_trade,
    "propose_end": Game._act_propose_end,
    "vote_end": Game._act_vote_end,
    "claim_rent": Game._act_claim_rent,
    "shortage_answer": Game._act_shortage_answer,
    "place_piece": Game._act_place_piece,
})

_CHECK: Mapping[str, Callable[[Game, Any], str | None]] = MappingProxyType({
    "play_bus_ticket": Game._check_play_bus_ticket,
    "pay_jail_fine": Game._check_pay_jail_fine,
    "use_jail_card": Game._check_use_jail_card,
    "buy": Game._check_buy,
    "bid": Game._check_bid,
    "choose_destination": Game._check_choose_destination,
    "bus_choice": Game._check_bus_choice,
    "birthday_choice": Game._check_birthday_choice,
    "pick_auction_deed": Game._check_pick_auction_deed,
    "level": Game._check_level,
    "mortgaged_deed_choice": Game._check_mortgaged_deed_choice,
    "pay_debt": Game._check_pay_debt,
    "declare_bankruptcy": Game._check_declare_bankruptcy,
    "place_piece": Game._check_place_piece,
})

_STEP: Mapping[str, Callable[[Game, Step], None]] = MappingProxyType({
    "auction": Game._step_auction,
    "back": Game._step_back,
    "bus_face": Game._step_bus_face,
    "debt_note": Game._step_debt_note,
    "end_of_throw": Game._step_end_of_throw,
    "end_turn": Game._step_end_turn,
    "go_to_jail": Game._step_go_to_jail,
    "grant": Game._step_grant,
    "jail_move": Game._step_jail_move,
    "land": Game._step_land,
    "levelling": Game._step_levelling,
    "mortgaged_deed": Game._step_mortgaged_deed,
    "move": Game._step_move,
    "move_to": Game._step_move_to,
    "mr_monopoly": Game._step_mr_monopoly,
    "pay": Game._step_pay,
    "place_piece": Game._step_place_piece,
    "resume": Game._step_resume,
    "unlock": Game._step_unlock,
})

_WHY_NOT: Mapping[str, Callable[[Game, int, int], str | None]] = MappingProxyType({
    "build": Game.why_not_build,
    "sell_group_buildings": Game.why_not_sell_group_buildings,
    "unmortgage": Game.why_not_unmortgage,
    "sell_building": Game.why_not_sell_building,
    "build_depot": Game.why_not_build_depot,
    "sell_depot": Game.why_not_sell_depot,
    "mortgage": Game.why_not_mortgage,
})
