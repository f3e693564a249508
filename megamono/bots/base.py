"""The computer players' common frame: dispatch on the pending decision, raise money, stay legal.

A bot answers one question: given a :class:`~megamono.rules.engine.Game` waiting on ``player``,
which action? It may answer with a managing action of its own first (build, mortgage, propose a
trade); it is then asked again. Every answer is checked with ``game.why_not`` before it is
returned, so a bot never hands the engine an illegal action: a bad idea falls back to a legal
choice and is counted in :attr:`Bot.fallbacks` (the tests require it to stay 0). A caller that
sends the answer straight to ``game.act`` (which checks it anyway) may skip that first check
(``choose(..., check=False)``) and ask :meth:`Bot.refused` for the fallback if the engine refuses.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from megamono.rules.actions import (
    MANAGE_KINDS,
    Action,
    Bid,
    ClaimRent,
    DeclareBankruptcy,
    DropOut,
    Level,
    LevelChoice,
    Mortgage,
    PassBid,
    PayDebt,
    SellBuilding,
    SellDepot,
    SellGroupBuildings,
)
from megamono.rules.auctions import free_cash
from megamono.rules.decisions import (
    AuctionPickDecision,
    BidDecision,
    BirthdayDecision,
    BusDecision,
    BusMoveDecision,
    BuyDecision,
    DebtDecision,
    EndVoteDecision,
    GameOverDecision,
    IncomeTaxDecision,
    JailDecision,
    JailPayDecision,
    LevellingDecision,
    MortgagedDeedDecision,
    Pending,
    PlacePieceDecision,
    ShortageAskDecision,
    TradeReplyDecision,
    TriplesDecision,
    TurnDecision,
)

from .model import Board, Memory, View

if TYPE_CHECKING:  # pragma: no cover
    from megamono.rules.engine import Game

# After this many managing actions in a row a bot must answer the decision itself (a guard
# against any loop of managing; raising money for a debt is not limited: it only ever sells).
MAX_MANAGE_STREAK = 60
LEVEL_ORDER: tuple[LevelChoice, ...] = ("build", "rearrange", "unmortgage_build", "unmortgage_rearrange",
                                        "unmortgage", "sell_all", "return")


class Bot:
    """Base class of the computer players. Subclasses implement ``on_<pending kind>``."""

    level = "base"

    def __init__(self, seed: int, memory: Memory | None = None) -> None:
        """A bot whose choices are seeded by ``seed``; ``memory``: where it keeps what it derives
        from the game (:class:`~megamono.bots.model.Memory`; its own unless one is given, which the
        bots of one game may share)."""
        self.seed = seed
        self.rng = random.Random(seed)
        self.memory = memory = Memory() if memory is None else memory
        # (the memory's own methods, called straight: the bots ask on every decision)
        self.view_of: Callable[[Game], View] = memory.view
        """``view_of(game)``: the view of ``game``'s deeds now (:meth:`Memory.view
        <megamono.bots.model.Memory.view>`; shared: do not change it)."""
        self.board_of: Callable[[Game], Board] = memory.board
        """``board_of(game)``: the board facts of ``game``'s edition (:class:`~megamono.bots.model.Board`)."""
        self.fallbacks = 0
        self.fallback_notes: list[str] = []
        self._streak = 0
        self._streak_before = 0

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"

    # ------------------------------------------------------------------ the one entry point
    def choose(self, game: Game, player: int, check: bool = True) -> Action:
        """One legal action for ``player``, who must be one of those the game waits on (``pending.players``;
        ValueError if not).

        ``check=False`` leaves both checks to the caller (that ``player`` may act now and that the
        answer is legal), who sends the action to ``game.act`` (which checks every action anyway)
        and, should it be refused, asks :meth:`refused` for the fallback instead (``play_bot_game``
        does this, for the seats of ``pending.players``).
        """
        st = game.st
        pend = st.pending
        if pend is None or st.winner is not None or pend.kind == "game_over":  # (game.over: a winner)
            raise ValueError("the game is not waiting for a decision")
        if check and player not in pend.players:
            seats = " or ".join(str(q) for q in pend.players)
            raise ValueError(f"the game waits on seat {seats}, not {player}")
        answer: Action | None
        try:
            answer = self.answer(game, player, pend)
            why = "no action chosen" if answer is None else game.why_not(answer) if check else None
        except Exception as exc:  # a bug in a bot must not stop a simulation; it is counted
            answer, why = None, f"{type(exc).__name__}: {exc}"
        if answer is None or why is not None:  # (no answer always comes with a reason)
            action = self._fall_back(game, player, answer, "no action chosen" if why is None else why)
        else:
            action = answer
        self._streak_before = self._streak
        kind = action.kind
        self._streak = self._streak + 1 if kind in MANAGE_KINDS or kind == "propose_trade" else 0
        return action

    def refused(self, game: Game, player: int, action: Action, why: str) -> Action:
        """The legal action to send instead of ``action`` (from ``choose(check=False)``), which
        ``game.act`` refused for the reason ``why``: counted as a fallback, as in :meth:`choose`."""
        action = self._fall_back(game, player, action, why)
        self._streak = self._streak_before + 1 if action.kind in MANAGE_KINDS or action.kind == "propose_trade" else 0
        return action

    def _fall_back(self, game: Game, player: int, action: Action | None, why: str) -> Action:
        self.fallbacks += 1
        if len(self.fallback_notes) < 20:
            pend = game.pending
            assert pend is not None, "a bot answers only while the game waits on a decision"
            self.fallback_notes.append(f"{pend.kind}: {action!r}: {why}")
        return self.fallback(game, player)

    def may_manage(self) -> bool:
        """Whether this bot may manage (or offer a trade) once more: fewer than
        ``MAX_MANAGE_STREAK`` such actions in a row so far. (A method: a property costs about three
        times a method's call.)"""
        return self._streak < MAX_MANAGE_STREAK

    def claims(self, game: Game, player: int) -> list[ClaimRent]:
        """Rent ``player`` may claim now (option ``rent_must_be_claimed``): always claim it."""
        return [ClaimRent(player=player, space=c.space) for c in game.st.claims if c.owner == player]

    def fallback(self, game: Game, player: int) -> Action:
        """A safe legal action: the decision's own answers first, managing only when in debt."""
        pend = game.pending
        assert pend is not None, "a bot answers only while the game waits on a decision"
        acts = game.legal_actions(player)
        decisions = [a for a in acts if a.kind not in MANAGE_KINDS and a.kind != "claim_rent"]
        prefer = ("pay_debt", "roll", "refuse_trade", "drop_out", "pass_bid", "decline_buy", "keep")
        for kind in prefer:
            for a in decisions:
                if a.kind == kind:
                    return a
        if decisions and not (pend.kind == "debt" and len(decisions) == 1
                              and decisions[0].kind == "declare_bankruptcy" and len(acts) > 1):
            return decisions[0]
        raising = [a for a in acts if a.kind in ("mortgage", "sell_building", "sell_group_buildings", "sell_depot")]
        if raising:
            return raising[0]
        if acts:
            return acts[0]
        raise RuntimeError(f"no legal action for seat {player} at {pend.kind}")

    # ------------------------------------------------------------------ shared helpers
    def first_legal(self, game: Game, actions: Iterable[Action]) -> Action | None:
        for a in actions:
            if game.why_not(a) is None:
                return a
        return None

    def level_choice(self, game: Game, p: int, order: Sequence[LevelChoice] = LEVEL_ORDER) -> Action:
        return self.first_legal(game, [Level(player=p, choice=c) for c in order]) or Level(player=p, choice=order[0])

    def mortgage_keep_value(self, game: Game, p: int, space: int) -> float:
        """How much ``p`` wants to keep ``space`` unmortgaged (lower is mortgaged first).

        It may depend only on who owns what (:meth:`mortgage_order` keeps it until a deed
        changes hands)."""
        return float(space)  # board order; the strong bot overrides this

    def mortgage_order(self, game: Game, p: int) -> list[int]:
        """``p``'s deeds by :meth:`mortgage_keep_value`, lowest first (board order among equals)."""
        v = self.view_of(game)
        memo = v.owner_memo.mortgage_order
        key = (type(self).mortgage_keep_value, p)
        order = memo.get(key)
        if order is None:
            order = memo[key] = [i for _, _, i in sorted(
                (self.mortgage_keep_value(game, p, i), n, i) for n, i in enumerate(v.owned_by(p)))]
        return order

    def raise_money(self, game: Game, p: int) -> Action | None:
        """One action that raises cash: mortgage first, then depots, then buildings (D1)."""
        v = self.view_of(game)
        deeds = game.st.deeds
        group_of = v.board.group_of
        built = v.built_groups(p)
        # the legal mortgage of the lowest keep value (the first on the board among equals);
        # deeds with a depot or buildings in their group cannot be mortgaged (M1, B6): not asked
        for i in self.mortgage_order(game, p):
            d = deeds[i]
            if d.mortgaged or d.depot or (built and group_of.get(i) in built):
                continue
            a = Mortgage(player=p, space=i)
            if game.why_not(a) is None:
                return a
        for i in v.owned_by(p):
            if deeds[i].depot:
                sell = SellDepot(player=p, space=i)
                if game.why_not(sell) is None:
                    return sell
        return self.sell_one_building(game, p)

    def building_sale_order(self, game: Game, p: int) -> list[str]:
        """The colour groups with ``p``'s buildings, in the order to sell from (board order here;
        the list is shared: do not change it)."""
        return self.view_of(game).built_groups(p)

    def sell_one_building(self, game: Game, p: int) -> Action | None:
        b = self.board_of(game)
        st = game.st
        for g in self.building_sale_order(game, p):
            mine = [i for i in b.groups[g] if st.deeds[i].owner == p]
            top = max(mine, key=lambda i: (st.deeds[i].level, i))
            sell = SellBuilding(player=p, space=top)
            if game.why_not(sell) is None:
                return sell
            sell_all = SellGroupBuildings(player=p, space=mine[0])  # (made only when asked)
            if game.why_not(sell_all) is None:
                return sell_all
        return None

    # ------------------------------------------------------------------ the answers, by decision
    def answer(self, game: Game, player: int, pend: Pending) -> Action:
        """The answer of ``player`` to ``pend``, from the handler of its kind (``on_<kind>``; each
        bot gives those it plays, :meth:`on_debt` is shared). May return an illegal action (the
        caller checks)."""
        match pend:  # (the commonest decisions first: a match tries its cases in turn)
            case TurnDecision():
                return self.on_turn(game, player, pend)
            case BidDecision():
                bid = self.on_bid(game, player, pend)
                if isinstance(bid, Bid) and bid.amount > (free := free_cash(game.st, player)):
                    # (a high bid held in an auction set aside caps this one, A3: bid what is free, or not)
                    bid = Bid(player=player, amount=free) if free >= game.min_bid() else DropOut(player=player)
                # (each bot answers as if bidding in seat order; in an open auction, not bidding is a pass)
                return PassBid(player=player) if pend.at_once and bid.kind == "drop_out" else bid
            case DebtDecision():
                return self.on_debt(game, player, pend)
            case BuyDecision():
                return self.on_buy(game, player, pend)
            case MortgagedDeedDecision():
                return self.on_mortgaged_deed(game, player, pend)
            case JailDecision():
                return self.on_jail(game, player, pend)
            case BusDecision():
                return self.on_bus(game, player, pend)
            case TradeReplyDecision():
                return self.on_trade_reply(game, player, pend)
            case JailPayDecision():
                return self.on_jail_pay(game, player, pend)
            case TriplesDecision():
                return self.on_triples(game, player, pend)
            case BusMoveDecision():
                return self.on_bus_move(game, player, pend)
            case BirthdayDecision():
                return self.on_birthday(game, player, pend)
            case IncomeTaxDecision():
                return self.on_income_tax(game, player, pend)
            case AuctionPickDecision():
                return self.on_auction_pick(game, player, pend)
            case LevellingDecision():
                return self.on_levelling(game, player, pend)
            case EndVoteDecision():
                return self.on_end_vote(game, player, pend)
            case ShortageAskDecision():
                return self.on_shortage_ask(game, player, pend)
            case PlacePieceDecision():
                return self.on_place_piece(game, player, pend)
            case GameOverDecision():
                return self.on_game_over(game, player, pend)
        raise ValueError(f"no handler for the decision {pend!r:.60}")

    def on_turn(self, game: Game, p: int, pend: TurnDecision) -> Action:
        raise NotImplementedError(f"{type(self).__name__} does not answer 'turn'")

    def on_jail(self, game: Game, p: int, pend: JailDecision) -> Action:
        raise NotImplementedError(f"{type(self).__name__} does not answer 'jail'")

    def on_jail_pay(self, game: Game, p: int, pend: JailPayDecision) -> Action:
        raise NotImplementedError(f"{type(self).__name__} does not answer 'jail_pay'")

    def on_buy(self, game: Game, p: int, pend: BuyDecision) -> Action:
        raise NotImplementedError(f"{type(self).__name__} does not answer 'buy'")

    def on_bid(self, game: Game, p: int, pend: BidDecision) -> Action:
        raise NotImplementedError(f"{type(self).__name__} does not answer 'bid'")

    def on_triples(self, game: Game, p: int, pend: TriplesDecision) -> Action:
        raise NotImplementedError(f"{type(self).__name__} does not answer 'triples'")

    def on_bus(self, game: Game, p: int, pend: BusDecision) -> Action:
        raise NotImplementedError(f"{type(self).__name__} does not answer 'bus'")

    def on_bus_move(self, game: Game, p: int, pend: BusMoveDecision) -> Action:
        raise NotImplementedError(f"{type(self).__name__} does not answer 'bus_move'")

    def on_birthday(self, game: Game, p: int, pend: BirthdayDecision) -> Action:
        raise NotImplementedError(f"{type(self).__name__} does not answer 'birthday'")

    def on_income_tax(self, game: Game, p: int, pend: IncomeTaxDecision) -> Action:
        raise NotImplementedError(f"{type(self).__name__} does not answer 'income_tax'")

    def on_auction_pick(self, game: Game, p: int, pend: AuctionPickDecision) -> Action:
        raise NotImplementedError(f"{type(self).__name__} does not answer 'auction_pick'")

    def on_levelling(self, game: Game, p: int, pend: LevellingDecision) -> Action:
        raise NotImplementedError(f"{type(self).__name__} does not answer 'levelling'")

    def on_mortgaged_deed(self, game: Game, p: int, pend: MortgagedDeedDecision) -> Action:
        raise NotImplementedError(f"{type(self).__name__} does not answer 'mortgaged_deed'")

    def on_trade_reply(self, game: Game, p: int, pend: TradeReplyDecision) -> Action:
        raise NotImplementedError(f"{type(self).__name__} does not answer 'trade_reply'")

    def on_end_vote(self, game: Game, p: int, pend: EndVoteDecision) -> Action:
        raise NotImplementedError(f"{type(self).__name__} does not answer 'end_vote'")

    def on_shortage_ask(self, game: Game, p: int, pend: ShortageAskDecision) -> Action:
        raise NotImplementedError(f"{type(self).__name__} does not answer 'shortage_ask'")

    def on_place_piece(self, game: Game, p: int, pend: PlacePieceDecision) -> Action:
        raise NotImplementedError(f"{type(self).__name__} does not answer 'place_piece'")

    def on_debt(self, game: Game, p: int, pend: DebtDecision) -> Action:
        """D1: pay when the cash is there; bankruptcy only when nothing could cover it; else raise."""
        pay = PayDebt(player=p)
        if game.why_not(pay) is None:
            return pay
        assert pend.amount is not None, "a debt decision carries the debt's total"
        # what could be raised when the debt began (the debt's "raisable"): mortgaging and selling
        # turn deeds and buildings into exactly that much cash, so while it covers the debt,
        # bankruptcy stays refused (D2) and need not be asked
        if pend.amounts.get("raisable", -1) < pend.amount:
            bust = DeclareBankruptcy(player=p)
            if game.why_not(bust) is None:
                return bust
        return self.raise_money(game, p) or DeclareBankruptcy(player=p)

    def on_game_over(self, game: Game, p: int, pend: GameOverDecision) -> Action:  # pragma: no cover
        raise ValueError("the game is over")
