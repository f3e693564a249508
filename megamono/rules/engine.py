"""The game: :class:`Game`, the public API over the state machine of turns and decisions, and a new
game's set-up (RULES.md G3 players, G6 turn order, G7 the start).

:class:`Game` owns a :class:`~megamono.rules.state.GameState` and changes it in place through the rule
areas (functions over the state and the edition; :mod:`megamono.rules.dispatch` runs each action and
agenda step with its area's function). The app and the scripting API use four things:
:meth:`Game.new`, :attr:`Game.pending`, :meth:`Game.legal_actions` and :meth:`Game.act`. An illegal
action raises :class:`~megamono.rules.errors.IllegalAction` with the reason and changes nothing.
"""

from __future__ import annotations

import copy
import json
import threading
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from . import auctions, cards, dispatch, endgame, positions, shortage, trades, turns
from . import dice as _dice
from .actions import (
    Action,
    ClaimRent,
    check_action,
    parse_action,
)
from .agenda import (
    EndTurnStep,
)
from .core import log, name, new_seed, pending_as, push, throw
from .decisions import (
    BidDecision,
    Decision,
    Pending,
    TradeOffer,
    TradeSide,
)
from .dice import SpeedFace
from .dispatch import ACT, STEP, why_not
from .editions import Edition, load_edition
from .errors import IllegalAction
from .events import (
    Bankrupt,
    BusTicketTaken,
    CardDrawn,
    Event,
    JailRoll,
    Outcome,
    Rolled,
    Seats,
    TimeIsUp,
    TurnOrderRoll,
    UtilityRoll,
    level_name,
)
from .invariants import awaiting_grant, check_state
from .positions import Position
from .prompts import say_decision
from .records import Data
from .state import (
    Bank,
    Decks,
    DeedState,
    GameState,
    Options,
    Player,
)


class Game:
    """One game of megamono.

    Attributes: ``ed`` (the :class:`Edition`), ``st`` (the :class:`GameState`), ``setup``
    (the arguments it was created with) and ``history`` (every action applied), which
    together replay the game (I8); ``board`` is ``ed.board``, the edition as plain objects,
    quicker to read than the pydantic models (for code that reads the board many times a move).
    """

    def __init__(self, edition: Edition, state: GameState, setup: Data | None = None,
                 history: list[Action] | None = None) -> None:
        self.ed = edition
        self.board = edition.board
        self.st = state
        self._lock = threading.Lock()
        """Held while an action or an undo changes the game, and while :meth:`copy` copies it."""
        self.setup = setup or {}
        self.history: list[Action] = history or []
        self._undo: list[tuple[GameState, Action, int]] = []
        """The states before the last decisions that involved no chance, newest last (:meth:`undo`)."""
        self._undo_stop: str | None = None
        """Why nothing older can be undone: what decided the game last (a die roll, a card...); None
        while nothing did since undo was kept."""

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
        ref = cls._edition_ref(edition, ed)
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
        log(st, Seats())
        game.st.turn.player = len(st.players) - 1
        push(st, EndTurnStep())
        game._advance()
        return game

    @classmethod
    def from_position(cls, edition: str | Path | Edition | None,
                      position: Position | Mapping[str, object] | str | bytes,
                      dice: Iterable[Sequence[SpeedFace]] | None = None,
                      options: Options | Mapping[str, object] | None = None) -> Game:
        """Create a game at the start of the turn a position describes (issue 16; README "Positions").

        - ``edition``: "mega", "classic", a path to an edition file, an :class:`Edition`, or None for
          the position's own ``edition`` (which must agree with a given one);
        - ``position``: a :class:`~megamono.rules.positions.Position`, its dict, or its JSON text;
        - ``dice``: scripted throws used before the generator, as in :meth:`new`;
        - ``options``: the house rules, replacing the position's (the setup keeps them apart, so that
          an option changed during play, such as ``computer_offers``, replays).

        The position is checked against the invariants (RULES.md I1-I6) before play. The game's setup
        keeps the position (with its seed, a fresh one when it had none), so :meth:`replay` starts from
        it (I8). Raises :class:`~megamono.rules.positions.PositionError` (a ``ValueError``), one line
        naming the field, for a bad position, and ``ValueError`` for a bad throw, option or edition.
        """
        pos = positions.parse_position(position)
        if edition is None:
            edition = pos.edition or "mega"
        ed = edition if isinstance(edition, Edition) else load_edition(edition)
        if pos.edition is not None and not isinstance(edition, Edition) and str(pos.edition) != str(edition):
            named = load_edition(pos.edition)
            if named.id != ed.id:
                raise positions.PositionError(f"edition: the position is for {named.name}, not {ed.name}")
        if options is None:
            opts = pos.options
        else:
            opts = options if isinstance(options, Options) else Options.model_validate(options)
        opts = opts.model_copy(deep=True)
        seed = new_seed() if pos.seed is None else int(pos.seed)
        script = [_dice.normalise_throw(t) for t in (dice or [])]
        ref = cls._edition_ref(edition, ed)
        st = positions.position_state(ed, ref, pos, opts, seed)
        st.script = [list(t) for t in script]
        kept = pos.model_copy(update={"seed": seed, "edition": ref})
        setup = {"edition": ref, "players": [p.model_dump(include={"name", "colour", "kind"}) for p in st.players],
                 "seed": seed, "dice": script, "options": opts.model_dump(), "position": kept.model_dump(mode="json")}
        game = cls(ed, st, setup)
        log(st, Seats())
        known = positions.known_event(ed, pos, st)
        if known.seen or known.refused:
            log(st, known)  # (what the table knew before: README "Positions")
        turns.begin_turn(st, ed)
        return game

    def position(self) -> Position:
        """The game as a :class:`~megamono.rules.positions.Position`, at the start of a turn only
        (:func:`~megamono.rules.positions.position_of`; ``PositionError`` otherwise)."""
        return positions.position_of(self.ed, self.st)

    @staticmethod
    def _edition_ref(edition: str | Path | Edition, ed: Edition) -> str:
        """How a game's state and setup name its edition: the id of a shipped one, a file's path."""
        return ed.id if isinstance(edition, Edition) or not (isinstance(edition, Path)
                                                           or str(edition).endswith(".json")) else str(edition)

    @classmethod
    def from_dict(cls, data: Data) -> Game:
        """Rebuild a game from :meth:`to_dict` output (pydantic ``ValidationError`` if malformed)."""
        state = GameState.model_validate(data["state"])
        ed = load_edition(state.edition)
        history = [parse_action(a) for a in data.get("actions", [])]
        return cls(ed, state, data.get("setup"), history)

    @classmethod
    def replay(cls, setup: Data, actions: Iterable[Action | Mapping[str, object]]) -> Game:
        """Create a game from ``setup`` and apply ``actions`` in order (I8). ``setup`` is :meth:`new`'s
        arguments, or :meth:`from_position`'s setup (which holds a ``"position"``), or a setup holding the
        ``"state"`` the game started from (a game state's dict with its log: how a version-1 save without
        actions goes on, its log kept as :class:`~megamono.rules.events.PlainText` lines). What an app
        noted on a player's entry of the setup beside the rules' keys (the app's computer level) is kept.
        Raises ``ValueError`` for a bad setup (a ``"state"`` that breaks the invariants of RULES.md I:
        the first problem), ``IllegalAction`` for an action that does not apply."""
        if "position" in setup:
            g = cls.from_position(setup.get("edition"), setup["position"], dice=setup.get("dice"),
                                  options=setup.get("options"))
        elif "state" in setup:
            st = GameState.model_validate(setup["state"])
            ed = load_edition(st.edition)
            problems = check_state(ed, st)
            if problems:
                raise ValueError(f"the state the game started from is impossible: {problems[0]}")
            g = cls(ed, st, dict(setup))
        else:
            g = cls.new(**setup)
        for mine, given in zip(g.setup["players"], setup.get("players", []), strict=False):
            if isinstance(mine, dict) and isinstance(given, Mapping):
                mine.update({k: v for k, v in given.items() if k not in mine})
        for a in actions:
            g.act(a)
        return g

    @staticmethod
    def _bus_ids(ed: Edition) -> list[str]:
        if not ed.bus_tickets:
            return []
        return ([f"BT{i:02d}" for i in range(1, ed.bus_tickets.ordinary + 1)]
                + [f"BX{i:02d}" for i in range(1, ed.bus_tickets.expire + 1)])

    @staticmethod
    def _check_players(ed: Edition, players: Sequence[str | Mapping[str, object]]) -> list[Player]:
        return positions.check_players(ed, players)

    def _roll_for_order(self) -> None:
        """G6: roll the two white dice for seats; ties re-roll among themselves."""
        def roll_all(group: list[int]) -> dict[int, int]:
            totals = {}
            for i in group:
                t = throw(self.st, False)
                totals[i] = t.white_total
                log(self.st, TurnOrderRoll(i, t))
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
        self.st.log = [TurnOrderRoll(seat_of[ev.player], ev.throw) if isinstance(ev, TurnOrderRoll) else ev
                       for ev in self.st.log]  # (only the rolls for seats so far; events are values)

    # ===================================================================== the public API
    @property
    def pending(self) -> Pending | None:
        """The decision the game waits for (None only while resolving)."""
        return self.st.pending

    @property
    def over(self) -> bool:
        return self.st.winner is not None

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (winners and termination), or None while it goes on (E1, E2)."""
        return endgame.outcome(self.st)

    def deeds_awaiting_grant(self) -> list[int]:
        """The deeds won at auction and not handed over yet (:func:`megamono.rules.invariants.awaiting_grant`)."""
        return awaiting_grant(self.st)

    def awaited(self) -> tuple[int, ...]:
        """The seats the game waits on now, in the order to ask them: an open auction's bidders who
        have neither passed on the high bid nor hold it and can bid (RULES.md A3), from the high
        bidder's left; any other decision's :attr:`~megamono.rules.decisions.Decision.players`; ()
        when nothing is pending."""
        pend = self.st.pending
        if pend is None:
            return ()
        if isinstance(pend, BidDecision):
            return auctions.awaited(self.st, pend)
        return pend.players

    def min_bid(self) -> int:
        """A2: the lowest bid the running auction takes now, in dollars."""
        return auctions.min_bid(pending_as(self.st, BidDecision))

    def lots_for_piece(self, p: int, piece: str) -> list[int]:
        """B7: the lots where ``p`` could place the bank's last ``piece`` (cash aside)."""
        return shortage.lots_for_piece(self.st, self.ed, p, piece)

    def bus_reach(self, pos: int) -> list[int]:
        """K8: the spaces a Bus Ticket played from ``pos`` reaches."""
        return cards.bus_reach(self.st, self.ed, pos)

    def why_not_propose_trade(self, p: int) -> str | None:
        """Why ``p`` may not propose a trade now (X1, T8), or None: the app asks before its trade screen."""
        return trades.why_not_propose_trade(self.st, self.ed, p)

    def describe_trade(self, offer: TradeOffer) -> str:
        """A trade in words: "Ann gives $100; Bob gives Boardwalk"."""
        return trades.describe_trade(self.st, self.ed, offer)

    def side_problem(self, holder: int, side: TradeSide) -> str | None:
        """Why ``holder`` cannot hand over ``side`` of a trade (X1, X2), or None."""
        return trades.side_problem(self.st, self.ed, holder, side)

    def final_worth(self, p: int) -> int:
        """E2 final worth of seat ``p`` in dollars (:func:`megamono.rules.endgame.final_worth`)."""
        return endgame.final_worth(self.st, self.ed, p)

    def standings(self) -> list[tuple[int, int]]:
        """(seat, final worth) of every player, best first (:func:`megamono.rules.endgame.standings`)."""
        return endgame.standings(self.st, self.ed)

    def why_not(self, action: Action) -> str | None:
        """The reason ``action`` is illegal now, or None if it is legal.

        ``action`` must be well-formed: from :meth:`legal_actions`, or checked by
        :func:`~megamono.rules.actions.check_action` (as :meth:`act` does first).
        """
        return why_not(self.st, self.ed, action)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every legal action now (optionally only ``player``'s). A bid appears once, at the minimum;
        any amount up to the bidder's cash is legal."""
        return dispatch.legal_actions(self.st, self.ed, player)

    def describe_pending(self) -> str:
        """The pending decision in words, made from its fields and this game's names when asked
        (:func:`~megamono.rules.prompts.say_decision`): "Ann: buy Arctic Avenue for $60, or auction
        it?"; "nothing" while none is pending."""
        return dispatch.describe_pending(self.st, self.ed)

    def timely_claims(self) -> list[ClaimRent]:
        """The rent claims an owner makes now at the latest (option ``rent_must_be_claimed``, T6):
        :func:`megamono.rules.dispatch.timely_claims`."""
        return dispatch.timely_claims(self.st, self.ed)

    def log(self, ev: Event) -> None:
        """Append ``ev`` to this game's log (for an event made outside the rules: the rule areas log
        through :func:`megamono.rules.core.log`)."""
        self.st.log.append(ev)

    def say(self, what: Event | Decision) -> str:
        """The words of an event (``ev.say(game)``) or of a decision of this game
        (:func:`~megamono.rules.prompts.say_decision`), with this game's names (players, spaces,
        cards), made now: neither holds words of its own."""
        if isinstance(what, Event):
            return what.say(self)
        return say_decision(self, what)

    def name(self, player: int | None) -> str:
        """A seat's name, or "the bank" for None."""
        return name(self.st, player)

    level_name = staticmethod(level_name)
    """B3's words for a street's level: ``level_name(2)`` is "2 houses" (the app shows them too)."""

    def act(self, action: Action | Mapping[str, object] | str) -> list[Event]:
        """Apply ``action`` (an Action, or its dict/JSON form) and run the game on to the next decision.

        An object is checked exactly as its dict form would be, and the well-formed copy is what is
        applied and recorded (:func:`~megamono.rules.actions.check_action`). Returns the log events
        it caused. Raises :class:`IllegalAction` (nothing changed) with a one-line reason when the
        action is malformed ("not an action: FIELD: PROBLEM") or not legal now.
        """
        action = check_action(action)
        with self._lock:  # (a copy made meanwhile in another thread waits: Game.copy)
            why = why_not(self.st, self.ed, action)
            if why:
                raise IllegalAction(why)
            if self.keep_undo:
                return self._act_keeping_undo(action)
            st = self.st
            log = st.log
            start = len(log)
            ACT[action.kind](st, self.ed, action)
            self.history.append(action)
            self._advance()
            return log[start:]

    def _act_keeping_undo(self, action: Action) -> list[Event]:
        """:meth:`act` (the action is legal) remembering the state before, for :meth:`undo`: kept
        while no chance decides anything; a die roll, a card, a shuffle or a bankruptcy forgets
        every state kept (nothing before it can be undone), and says so."""
        start = len(self.st.log)
        before = self.st.copy(log=False)
        ACT[action.kind](self.st, self.ed, action)
        self.history.append(action)
        self._advance()
        st = self.st
        stop = _chance_in(st.log[start:], before, st)
        if stop is None:
            self._undo.append((before, action, start))
            del self._undo[:-_UNDO_KEPT]
        else:
            self._undo.clear()
            self._undo_stop = stop
        return st.log[start:]

    # ===================================================================== the agenda loop
    def _advance(self) -> None:
        """After an action (or the set-up): run agenda steps until a decision is pending (with a
        decision pending already, the agenda waits) or the game is over, then that decision's hook
        (:attr:`~megamono.rules.decisions.Decision.after_action`), exactly once: should the hook end
        the decision (an open auction that waits on nobody closes, A3), on to the next decision, and
        its hook."""
        st = self.st
        ed = self.ed
        agenda = st.agenda
        while True:
            while st.pending is None and agenda and st.winner is None:
                s = agenda.pop()
                STEP[s.kind](st, ed, s)
            pend = st.pending
            if pend is None:
                if st.winner is None:
                    raise AssertionError("the engine ran out of things to do without a decision")
                return
            hook = pend.after_action
            if hook is None:
                return
            hook(st, ed)
            if st.pending is not None:
                return

    # ===================================================================== undo and the save form (I8)
    def copy(self) -> Game:
        """A copy of this game to play on, sharing nothing that can change with it (the one way a game
        is copied: the app's computer moves, the win chances, the review, the replay and undo all use
        it or :meth:`GameState.copy <megamono.rules.state.GameState.copy>`, which copies the state).

        The copy has the same edition (read only), a copy of the state (its log a new list of the same
        events: an event is a value, never changed once logged), a copy of the setup and of the history
        (a new list of the same frozen actions). Undo is not kept in the copy (``keep_undo`` False). Safe
        from any thread: the copy waits for an action under way in another thread (:meth:`act`,
        :meth:`undo`) to end."""
        with self._lock:
            return Game(self.ed, self.st.copy(), copy.deepcopy(self.setup), list(self.history))

    # -- undo ------------------------------------------------------------------------------------
    keep_undo = False
    """Set True (the app does) to remember the state before each action so it can be undone."""

    def why_not_undo(self, player: int | None = None) -> str | None:
        """Why the last decision cannot be taken back (by ``player``, when given), or None if it can.

        Undo steps back one decision at a time through the decisions since chance last decided
        something (a die roll, a card, a shuffle) or a player went bankrupt: it never re-rolls. With
        ``player``, only that player's own decision: never past another player's. The state returns
        exactly to what it was, log included, so a save still replays (I8).
        """
        if not self.keep_undo:
            return "undo is not kept for this game"
        if not self._undo:
            if self._undo_stop is not None:
                return self._undo_stop
            if self.history:
                return "decisions made before this game was opened cannot be undone"
            return "there is nothing to undo yet"
        last = self._undo[-1][1]
        if player is not None and last.player != player:
            return f"the last decision is {self.name(last.player)}'s, not {self.name(player)}'s"
        return None

    def forget_undo(self, why: str) -> None:
        """Nothing decided so far can be undone any more, for the reason ``why`` (the app acts for a
        computer player without keeping undo, which never reaches past another player's decision)."""
        self._undo.clear()
        self._undo_stop = why

    def undo(self, player: int | None = None) -> Action:
        """Take back the last decision (see :meth:`why_not_undo`); returns it. IllegalAction (with the
        reason) if it cannot be."""
        with self._lock:
            why = self.why_not_undo(player)
            if why or not self._undo:
                raise IllegalAction(why or "nothing to undo")
            before, action, log_len = self._undo.pop()
            before.log = self.st.log[:log_len]
            self.st = before
            self.history.pop()
            return action

    # ===================================================================== saving (I8)
    def to_dict(self) -> Data:
        """The save form: setup, every action taken, and the current state (JSON-ready)."""
        return {"format": "megamono-save", "version": 1, "setup": self.setup,
                "actions": [a.model_dump() for a in self.history], "state": self.st.model_dump(mode="json")}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))


_UNDO_KEPT = 100
"""The most decisions in a row undo can take back (a long managing spell keeps the last ones)."""


def _chance_in(events: list[Event], before: GameState, after: GameState) -> str | None:
    """What decided the game in an action that logged ``events`` (state ``before`` and ``after``)
    so that nothing before it can be undone: "the last decision involved a die roll" (or a card, a
    shuffle), "a bankruptcy cannot be taken back"; None when nothing did."""
    if any(isinstance(ev, Bankrupt) for ev in events):
        return "a bankruptcy cannot be taken back"
    if any(isinstance(ev, TimeIsUp) for ev in events):
        return "time is up: the time limit cannot be taken back"
    if any(isinstance(ev, (Rolled, JailRoll, UtilityRoll, TurnOrderRoll)) for ev in events):
        return "the last decision involved a die roll: undo never re-rolls"
    if any(isinstance(ev, (CardDrawn, BusTicketTaken)) for ev in events):
        return "the last decision drew a card: undo never puts a card back"
    # (a card used or a ticket played goes back to its deck, or out: nothing chance decides)
    if before.rng != after.rng or len(before.script) != len(after.script):
        return "the last decision involved a shuffle: undo never reshuffles"
    return None
