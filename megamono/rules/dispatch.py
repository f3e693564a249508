"""From an action to its rule area: the tables that run each kind of action, check it and run each
agenda step (functions over the state and the edition), and ``why_not`` and ``legal_actions`` over
them, with the limits on managing while a decision is pending.

:class:`megamono.rules.engine.Game` calls these; nothing here holds a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from types import MappingProxyType
from typing import Any

from . import (
    auctions,
    buildings,
    buying,
    cards,
    debt,
    endgame,
    jail,
    levelling,
    mortgages,
    movement,
    shortage,
    trades,
    turns,
)
from .actions import (
    ACTION_KINDS,
    LEVEL_CHOICES,
    MANAGE_KINDS,
    MANAGE_TYPES,
    RAISE_MONEY_KINDS,
    AcceptTrade,
    Action,
    Bid,
    BirthdayChoice,
    Build,
    BuildDepot,
    BusChoice,
    BusMove,
    Buy,
    ChooseDestination,
    ClaimRent,
    DeclareBankruptcy,
    DeclineBuy,
    DropOut,
    IncomeTaxChoice,
    Level,
    ManageAction,
    Mortgage,
    MortgagedDeedChoice,
    PassBid,
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
    TimeUp,
    Unmortgage,
    UseJailCard,
    VoteEnd,
)
from .agenda import AuctionStep, PayStep
from .core import name, pending_as, push, sname, transfer
from .decisions import (
    AuctionPickDecision,
    BidDecision,
    BirthdayDecision,
    BusDecision,
    BusMoveDecision,
    BuyDecision,
    DebtDecision,
    EndVoteDecision,
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
from .editions import Edition
from .events import NamesOf
from .invariants import SETTLING_KINDS, anything_settling, settling_groups, settling_spaces
from .prompts import say_decision
from .state import GameState

# Which decision each action answers (manage actions answer none: they may come any time).
DECISION_OF: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "roll": ("turn",), "play_bus_ticket": ("turn",), "pay_jail_fine": ("jail", "jail_pay"),
    "use_jail_card": ("jail", "jail_pay"), "roll_for_doubles": ("jail",), "buy": ("buy",),
    "decline_buy": ("buy",), "bid": ("bid",), "drop_out": ("bid",), "pass_bid": ("bid",),
    "choose_destination": ("triples",), "bus_choice": ("bus",), "bus_move": ("bus_move",),
    "birthday_choice": ("birthday",),
    "income_tax_choice": ("income_tax",), "pick_auction_deed": ("auction_pick",),
    "level": ("levelling",), "mortgaged_deed_choice": ("mortgaged_deed",), "pay_debt": ("debt",),
    "declare_bankruptcy": ("debt",), "accept_trade": ("trade_reply",), "refuse_trade": ("trade_reply",),
    "vote_end": ("end_vote",), "shortage_answer": ("shortage_ask",), "place_piece": ("place_piece",),
})
# The decisions during which managing is limited (see manage_limits).
_LIMITING_DECISIONS = frozenset({"trade_reply", "shortage_ask", "place_piece", "end_vote", "debt",
                                 *SETTLING_KINDS})


def no_space(space: int) -> str:
    """The refusal of an action naming a space off the board: the number in words up to a billion,
    beyond it "no such space" (a number of thousands of digits cannot be written: ValueError)."""
    return f"there is no space {space} on this board" if abs(space) < 10**9 else "there is no such space on this board"


def why_not(st: GameState, ed: Edition, action: Action) -> str | None:
    """The reason ``action`` is illegal now, or None if it is legal.

    ``action`` must be well-formed: from :meth:`legal_actions`, or checked by
    :func:`~megamono.rules.actions.check_action` (as :meth:`act` does first).
    """
    pend = st.pending
    if pend is None or st.winner is not None:
        return "the game is over" if st.winner is not None else "the game is not waiting for a decision"
    p = action.player
    players = st.players
    if not 0 <= p < len(players) or players[p].bankrupt:  # (whoever may decide is a seat)
        return "no such player in the game"
    kind = action.kind
    # (the tables are read-only mappings: ``in`` and ``[]`` are their quick reads, not ``get``)
    if kind in _PLAIN_ANSWERS and pend.kind in _PLAIN_ANSWERS[kind] and p in pend.players:
        # the quick way for the usual case: the awaited player answers the decision, with an
        # action that names no space (the checks below would all pass up to the last one)
        return CHECK[kind](st, ed, action) if kind in CHECK else None
    if kind in MANAGE_KINDS:  # (each names a space)
        assert isinstance(action, MANAGE_TYPES)  # (the kinds are those classes': tells the type)
        if not 0 <= action.space < ed.board.size:
            return no_space(action.space)
        return _why_not_manage(st, ed, action)
    deciders = pend.players  # who may answer the decision now
    space = getattr(action, "space", None)
    if space is not None and not 0 <= space < ed.board.size:
        return no_space(space)
    if isinstance(action, ProposeTrade):
        return trades.why_not_trade(st, ed, action.offer())
    if kind == "propose_end":
        return endgame.why_not_propose_end(st, p, debt.debtors(st, ed))
    if kind == "time_up":  # (recorded by the app in the name of the seat whose decision waits)
        if p not in deciders:
            return f"time up is recorded for {names_of(st, ed, deciders)}, whose decision waits"
        return endgame.why_not_time_up(st)
    if isinstance(action, ClaimRent):
        return turns.why_not_claim_rent(st, ed, p, action.space)
    if kind == "play_bus_ticket" and pend.kind in ("jail", "jail_pay") and p in deciders:
        return ("a Bus Ticket cannot be played in jail: pay the fine or use a Get Out of Jail Free"
                " card first (J3)")
    if pend.kind not in DECISION_OF[kind]:
        return f"the game is waiting for {describe_pending(st, ed)}, not for {action.label()}"
    if p not in deciders:
        if pend.at_once:  # (several may act on it now: A3)
            return auctions.why_not_bidder(st, ed, p)
        return f"it is {names_of(st, ed, deciders)}'s decision, not {name(st, p)}'s"
    return CHECK[kind](st, ed, action) if kind in CHECK else None


def legal_actions(st: GameState, ed: Edition, player: int | None = None) -> list[Action]:
    """Every legal action now (optionally only ``player``'s).

    A bid appears once, at the minimum; any amount up to the bidder's cash is legal.
    """
    board = ed.board
    pend = st.pending
    if pend is None or (st.winner is not None):
        return []
    cands: list[Action] = list(decision_candidates(st, ed, pend))
    for p in st.active_players():
        for i, d in st.deeds.items():
            if d.owner != p:
                continue
            kind = board.spaces[i].kind
            if kind == "street":
                cands += [Build(player=p, space=i), SellBuilding(player=p, space=i)]
                if i == buildings.owned_lots(st, ed, i, p)[0]:
                    cands.append(SellGroupBuildings(player=p, space=i))
            elif kind == "railroad" and board.supply.depots:
                cands += [BuildDepot(player=p, space=i), SellDepot(player=p, space=i)]
            cands += [Mortgage(player=p, space=i), Unmortgage(player=p, space=i)]
    cands += [ClaimRent(player=c.owner, space=c.space) for c in st.claims]
    return [a for a in cands if (player is None or a.player == player) and why_not(st, ed, a) is None]


def decision_candidates(st: GameState, ed: Edition, pend: Pending) -> list[Action]:
    """The answers to the decision ``pend`` (legal or not yet checked) of every seat who may act now."""
    who = pend.players
    if len(who) == 1:
        return _answers_of(st, ed, pend, who[0])
    return [a for p in who for a in _answers_of(st, ed, pend, p)]


def _answers_of(st: GameState, ed: Edition, pend: Pending, p: int) -> list[Action]:
    """The answers of seat ``p`` to the decision ``pend`` (not yet checked)."""
    if isinstance(pend, TurnDecision):
        pl = st.players[p]
        out: list[Action] = [Roll(player=p)]
        if pl.bus_tickets:
            out += [PlayBusTicket(player=p, destination=d) for d in cards.bus_reach(st, ed, pl.position)]
        return out
    if isinstance(pend, (JailDecision, JailPayDecision)):
        out = [PayJailFine(player=p), UseJailCard(player=p)]
        return out + [RollForDoubles(player=p)] if isinstance(pend, JailDecision) else out
    if isinstance(pend, BuyDecision):
        return [Buy(player=p), DeclineBuy(player=p)]
    if isinstance(pend, BidDecision):
        last: Action = PassBid(player=p) if pend.at_once else DropOut(player=p)
        return [Bid(player=p, amount=auctions.min_bid(pend)), last]
    if isinstance(pend, TriplesDecision):
        return [ChooseDestination(player=p, space=i) for i in pend.choices]
    if isinstance(pend, BusDecision):
        return [BusChoice(player=p, choice="ticket"), BusChoice(player=p, choice="advance")]
    if isinstance(pend, BusMoveDecision):
        return [BusMove(player=p, dice="first"), BusMove(player=p, dice="second"), BusMove(player=p, dice="both")]
    if isinstance(pend, BirthdayDecision):
        return [BirthdayChoice(player=p, choice="cash"), BirthdayChoice(player=p, choice="ticket")]
    if isinstance(pend, IncomeTaxDecision):
        return [IncomeTaxChoice(player=p, choice="flat"), IncomeTaxChoice(player=p, choice="percent")]
    if isinstance(pend, AuctionPickDecision):
        return [PickAuctionDeed(player=p, space=i) for i in pend.choices]
    if isinstance(pend, LevellingDecision):
        return [Level(player=p, choice=c) for c in LEVEL_CHOICES]
    if isinstance(pend, MortgagedDeedDecision):
        return [MortgagedDeedChoice(player=p, choice="unmortgage"), MortgagedDeedChoice(player=p, choice="keep")]
    if isinstance(pend, DebtDecision):
        return [PayDebt(player=p), DeclareBankruptcy(player=p)]
    if isinstance(pend, TradeReplyDecision):
        return [AcceptTrade(player=p), RefuseTrade(player=p)]
    if isinstance(pend, ShortageAskDecision):
        return [ShortageAnswer(player=p, want=True), ShortageAnswer(player=p, want=False)]
    if isinstance(pend, PlacePieceDecision):
        return [PlacePiece(player=p, space=i) for i in pend.choices]
    if isinstance(pend, EndVoteDecision):
        return [VoteEnd(player=p, agree=True), VoteEnd(player=p, agree=False)]
    return []


def describe_pending(st: GameState, ed: Edition) -> str:
    """The pending decision in words, made now from its fields and the names of ``st`` and ``ed``
    (:func:`megamono.rules.prompts.say_decision`); "nothing" while none is pending."""
    pend = st.pending
    if pend is None:
        return "nothing"
    return say_decision(NamesOf(st, ed), pend)


def names_of(st: GameState, ed: Edition, seats: Sequence[int]) -> str:
    """The names of ``seats``: "Ann", "Ann or Bob", "Ann, Bob or Cy"."""
    names = [name(st, q) for q in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _act_pay_jail_fine(st: GameState, ed: Edition, a: PayJailFine) -> None:
    if jail.pay_fine(st, ed, a.player):
        turns.offer_turn(st, ed, a.player, again=False)


def _act_use_jail_card(st: GameState, ed: Edition, a: UseJailCard) -> None:
    if jail.use_card(st, ed, a.player):
        turns.offer_turn(st, ed, a.player, again=False)


def _act_roll_for_doubles(st: GameState, ed: Edition, a: RollForDoubles) -> None:
    turns.lapse_claims(st, ed, a.player)
    jail.roll_for_doubles(st, ed, a.player)


def _act_buy(st: GameState, ed: Edition, a: Buy) -> None:
    buying.do_buy(st, ed, a.player)


def _check_buy(st: GameState, ed: Edition, a: Buy) -> str | None:
    return buying.why_not_buy(st, ed, a.player)


def _act_decline_buy(st: GameState, ed: Edition, a: DeclineBuy) -> None:
    buying.do_decline_buy(st, ed, a.player)


def _check_bid(st: GameState, ed: Edition, a: Bid) -> str | None:
    return auctions.why_not_bid(st, ed, a.player, a.amount)


def _act_bid(st: GameState, ed: Edition, a: Bid) -> None:
    auctions.do_bid(st, ed, a.player, a.amount)


def _act_drop_out(st: GameState, ed: Edition, a: DropOut) -> None:
    auctions.do_drop_out(st, ed, a.player)


def _check_drop_out(st: GameState, ed: Edition, a: DropOut) -> str | None:
    return auctions.why_not_drop_out(st, ed, a.player)


def _act_pass_bid(st: GameState, ed: Edition, a: PassBid) -> None:
    auctions.do_pass(st, ed, a.player)


def _check_pass_bid(st: GameState, ed: Edition, a: PassBid) -> str | None:
    return auctions.why_not_pass(st, ed, a.player)


def _check_bus_choice(st: GameState, ed: Edition, a: BusChoice) -> str | None:
    return None if a.choice == "advance" or st.decks.bus else "no Bus Tickets are left"


def _act_bus_choice(st: GameState, ed: Edition, a: BusChoice) -> None:
    st.pending = None
    if a.choice == "ticket":
        cards.draw_bus_ticket(st, ed, a.player)
    else:
        movement.bus_advance(st, ed, a.player)


def _check_birthday_choice(st: GameState, ed: Edition, a: BirthdayChoice) -> str | None:
    return None if a.choice == "cash" or st.decks.bus else "no Bus Tickets are left"


def _act_birthday_choice(st: GameState, ed: Edition, a: BirthdayChoice) -> None:
    st.pending = None
    if a.choice == "ticket":
        cards.draw_bus_ticket(st, ed, a.player)
    else:
        transfer(st, None, a.player, ed.board.rules.birthday_gift, "Birthday Gift")


def _act_income_tax_choice(st: GameState, ed: Edition, a: IncomeTaxChoice) -> None:
    pend = pending_as(st, IncomeTaxDecision)
    st.pending = None
    label = "flat" if a.choice == "flat" else f"{ed.board.spaces[pend.space].tax_percent}% of worth"
    push(st, PayStep(player=a.player, creditors=[(None, pend.amounts[a.choice])],
                      why=f"{sname(ed, pend.space)} ({label})", fine=True))


def _check_pick_auction_deed(st: GameState, ed: Edition, a: PickAuctionDeed) -> str | None:
    return None if a.space in pending_as(st, AuctionPickDecision).choices else "pick a deed the bank still holds"


def _act_pick_auction_deed(st: GameState, ed: Edition, a: PickAuctionDeed) -> None:
    st.pending = None
    push(st, AuctionStep(player=a.player, space=a.space))


def _check_level(st: GameState, ed: Edition, a: Level) -> str | None:
    return levelling.why_not_level(st, ed, a.player, a.choice)


def _act_level(st: GameState, ed: Edition, a: Level) -> None:
    levelling.do_level(st, ed, a.player, a.choice)


def _check_mortgaged_deed_choice(st: GameState, ed: Edition, a: MortgagedDeedChoice) -> str | None:
    return mortgages.why_not_mortgaged_deed_choice(st, ed, a.player, a.choice)


def _act_mortgaged_deed_choice(st: GameState, ed: Edition, a: MortgagedDeedChoice) -> None:
    mortgages.do_mortgaged_deed_choice(st, ed, a.player, a.choice)


def _check_pay_debt(st: GameState, ed: Edition, a: PayDebt) -> str | None:
    return debt.why_not_pay_debt(st, ed, a.player)


def _act_pay_debt(st: GameState, ed: Edition, a: PayDebt) -> None:
    debt.do_pay_debt(st, ed, a.player)


def _check_declare_bankruptcy(st: GameState, ed: Edition, a: DeclareBankruptcy) -> str | None:
    return debt.why_not_bankruptcy(st, ed, a.player)


def _act_declare_bankruptcy(st: GameState, ed: Edition, a: DeclareBankruptcy) -> None:
    debt.do_bankruptcy(st, ed, a.player)


def _why_not_manage(st: GameState, ed: Edition, a: ManageAction) -> str | None:
    pend = st.pending
    if (pend is None or pend.kind in _LIMITING_DECISIONS or st.agenda or st.suspended
            or st.turn.mr_monopoly_lock or (pend.kind == "bid" and pend.piece)):
        # (else none of the limits below applies: the quick way)
        why = _manage_limits(st, ed, a)
        if why:
            return why
    return WHY_NOT[a.kind](st, ed, a.player, a.space)


def _manage_limits(st: GameState, ed: Edition, a: ManageAction) -> str | None:
    """Why no managing action, or not this one, is allowed while the game waits for the
    decision now pending (T1, T8, D1, B7, B8, M3), or None."""
    pend = st.pending
    if pend is None:
        return "the game is not waiting for a decision"
    p = a.player
    if pend.kind == "trade_reply":
        return f"first {name(st, pend.player)} must accept or refuse the trade on offer"
    if pend.kind in ("shortage_ask", "place_piece", "end_vote") or (
            a.kind == "build" and any(_piece_of(pd) for pd in (pend, *st.suspended))):
        return "wait until the question on screen is settled"
    if pend.kind == "debt" and pend.player == p and a.kind not in RAISE_MONEY_KINDS:
        return f"{name(st, p)} is in debt: only selling and mortgaging are allowed until it is paid (D1)"
    if st.turn.mr_monopoly_lock and p != st.turn.player and a.kind in ("build", "build_depot"):
        # the build's own reason first (a player without the lots hears that, not the lock)
        return (WHY_NOT[a.kind](st, ed, p, a.space)
                or "no other player may build until Mr. Monopoly's move is over (T8)")
    if (st.agenda or st.suspended or pend.kind in SETTLING_KINDS) and anything_settling(st):
        if a.space in settling_spaces(st):
            return f"first settle {sname(ed, a.space)}: it was just received (B8, M3)"
        group = ed.board.spaces[a.space].group
        raising = pend.kind == "debt" and pend.player == p and a.kind in RAISE_MONEY_KINDS
        if group and not raising and group in settling_groups(ed, st):
            return "first settle the deed just received in this group (B8, M3)"
    return None


def _act_build(st: GameState, ed: Edition, a: Build) -> None:
    others = shortage.shortage_candidates(st, ed, a.player, a.space,
                                          lambda q, i: why_not(st, ed, Build(player=q, space=i)) is None)
    if others:
        shortage.start_shortage(st, ed, a.player, a.space, others)
    else:
        buildings.do_build(st, ed, a.player, a.space)


def _act_shortage_answer(st: GameState, ed: Edition, a: ShortageAnswer) -> None:
    shortage.do_shortage_answer(st, ed, a.player, a.want)


def _check_place_piece(st: GameState, ed: Edition, a: PlacePiece) -> str | None:
    return (None if a.space in pending_as(st, PlacePieceDecision).choices
            else "place it on one of the lots offered (B2)")


def _act_place_piece(st: GameState, ed: Edition, a: PlacePiece) -> None:
    shortage.do_place_piece(st, ed, a.player, a.space)


def _act_sell_building(st: GameState, ed: Edition, a: SellBuilding) -> None:
    buildings.do_sell_building(st, ed, a.player, a.space)


def _act_sell_group_buildings(st: GameState, ed: Edition, a: SellGroupBuildings) -> None:
    buildings.do_sell_group_buildings(st, ed, a.player, a.space)


def _act_build_depot(st: GameState, ed: Edition, a: BuildDepot) -> None:
    buildings.do_build_depot(st, ed, a.player, a.space)


def _act_sell_depot(st: GameState, ed: Edition, a: SellDepot) -> None:
    buildings.do_sell_depot(st, ed, a.player, a.space)


def _act_mortgage(st: GameState, ed: Edition, a: Mortgage) -> None:
    mortgages.do_mortgage(st, ed, a.player, a.space)


def _act_unmortgage(st: GameState, ed: Edition, a: Unmortgage) -> None:
    mortgages.do_unmortgage(st, ed, a.player, a.space)


def _act_propose_trade(st: GameState, ed: Edition, a: ProposeTrade) -> None:
    trades.do_propose_trade(st, ed, a.offer())


def _act_accept_trade(st: GameState, ed: Edition, a: AcceptTrade) -> None:
    trades.do_reply_trade(st, ed, True)


def _act_refuse_trade(st: GameState, ed: Edition, a: RefuseTrade) -> None:
    trades.do_reply_trade(st, ed, False)


def _act_propose_end(st: GameState, ed: Edition, a: ProposeEnd) -> None:
    endgame.propose_end(st, a.player)


def _act_vote_end(st: GameState, ed: Edition, a: VoteEnd) -> None:
    endgame.vote_end(st, ed, a.player, a.agree)


def _act_time_up(st: GameState, ed: Edition, a: TimeUp) -> None:
    endgame.time_up(st)


def timely_claims(st: GameState, ed: Edition) -> list[ClaimRent]:
    """The rent claims (option ``rent_must_be_claimed``, T6) an owner makes now at the latest,
    as actions in the order the rent fell due: every claim legal now whose payer is not the
    player about to roll (a "turn" or "jail" decision), since that roll lets it lapse.

    Never while the payer has a decision open: a claim sets the current decision aside, and
    if the rent bankrupts the payer the engine brings that decision back for a bankrupt
    player (tests/rules/test_debt.py). Auctions and other players' answers are not
    interrupted. The computer players (the bots, and the app's) claim these; a person may
    claim any legal claim whenever the game waits (:meth:`legal_actions`).
    """
    pend = st.pending
    if not st.claims or pend is None or pend.kind not in ("turn", "jail"):
        return []
    out = []
    for c in st.claims:
        if c.payer not in pend.players:
            a = ClaimRent(player=c.owner, space=c.space)
            if why_not(st, ed, a) is None:
                out.append(a)
    return out



def _check_pay_jail_fine(st: GameState, ed: Edition, a: PayJailFine) -> str | None:
    return jail.why_not_pay_fine(st, ed, a.player)


def _check_use_jail_card(st: GameState, ed: Edition, a: UseJailCard) -> str | None:
    return jail.why_not_use_card(st, a.player)


def _piece_of(pend: Pending) -> str | None:
    """The bank's last piece a decision is about (B7: its question, auction or placing), or None."""
    if isinstance(pend, (BidDecision, ShortageAskDecision, PlacePieceDecision)):
        return pend.piece
    return None


# Decision answers that name no space (why_not's quick way), with the decisions each answers,
# and the kinds that have a check.
_PLAIN_ANSWERS = MappingProxyType({k: frozenset(DECISION_OF[k]) for k, t in ACTION_KINDS.items()
                                   if k in DECISION_OF and not any(f.name == "space" for f in fields(t))})


# What runs each kind of action, check, agenda step and managing action: ``act``, ``why_not`` and
# the agenda loop look a kind up here and call the function with the game (``fn(self, action)``).
# Every action kind has a handler; the decision answers without a check here are always legal once
# the decision is pending (tests/rules/test_plumbing.py checks the tables against the kinds).
_Run = Callable[[GameState, Edition, Any], None]  # Any: each function takes the action (or step) class its key names
_Check = Callable[[GameState, Edition, Any], str | None]  # Any: each function takes the action class its key names
ACT: Mapping[str, _Run] = MappingProxyType({
    "roll": turns.roll,
    "play_bus_ticket": turns.play_bus_ticket,
    "pay_jail_fine": _act_pay_jail_fine,
    "use_jail_card": _act_use_jail_card,
    "roll_for_doubles": _act_roll_for_doubles,
    "buy": _act_buy,
    "decline_buy": _act_decline_buy,
    "bid": _act_bid,
    "drop_out": _act_drop_out,
    "pass_bid": _act_pass_bid,
    "choose_destination": turns.choose_destination,
    "bus_choice": _act_bus_choice,
    "bus_move": turns.bus_move,
    "birthday_choice": _act_birthday_choice,
    "income_tax_choice": _act_income_tax_choice,
    "pick_auction_deed": _act_pick_auction_deed,
    "level": _act_level,
    "mortgaged_deed_choice": _act_mortgaged_deed_choice,
    "pay_debt": _act_pay_debt,
    "declare_bankruptcy": _act_declare_bankruptcy,
    "build": _act_build,
    "sell_building": _act_sell_building,
    "sell_group_buildings": _act_sell_group_buildings,
    "build_depot": _act_build_depot,
    "sell_depot": _act_sell_depot,
    "mortgage": _act_mortgage,
    "unmortgage": _act_unmortgage,
    "propose_trade": _act_propose_trade,
    "accept_trade": _act_accept_trade,
    "refuse_trade": _act_refuse_trade,
    "propose_end": _act_propose_end,
    "vote_end": _act_vote_end,
    "time_up": _act_time_up,
    "claim_rent": turns.claim_rent,
    "shortage_answer": _act_shortage_answer,
    "place_piece": _act_place_piece,
})

CHECK: Mapping[str, _Check] = MappingProxyType({
    "play_bus_ticket": turns.why_not_play_bus_ticket,
    "pay_jail_fine": _check_pay_jail_fine,
    "use_jail_card": _check_use_jail_card,
    "buy": _check_buy,
    "bid": _check_bid,
    "drop_out": _check_drop_out,
    "pass_bid": _check_pass_bid,
    "choose_destination": turns.why_not_choose_destination,
    "bus_choice": _check_bus_choice,
    "birthday_choice": _check_birthday_choice,
    "pick_auction_deed": _check_pick_auction_deed,
    "level": _check_level,
    "mortgaged_deed_choice": _check_mortgaged_deed_choice,
    "pay_debt": _check_pay_debt,
    "declare_bankruptcy": _check_declare_bankruptcy,
    "place_piece": _check_place_piece,
})

STEP: Mapping[str, _Run] = MappingProxyType({
    "auction": auctions.step_auction,
    "back": movement.step_back,
    "bus_face": movement.step_bus_face,
    "debt_note": debt.step_debt_note,
    "end_of_throw": turns.step_end_of_throw,
    "end_turn": turns.step_end_turn,
    "grant": auctions.step_grant,
    "jail_move": jail.step_jail_move,
    "levelling": levelling.step_levelling,
    "mortgaged_deed": mortgages.step_mortgaged_deed,
    "move": movement.step_move,
    "move_to": movement.step_move_to,
    "mr_monopoly": movement.step_mr_monopoly,
    "pay": debt.step_pay,
    "place_piece": shortage.step_place_piece,
    "resume": turns.step_resume,
    "unlock": movement.step_unlock,
})

WHY_NOT: Mapping[str, Callable[[GameState, Edition, int, int], str | None]] = MappingProxyType({
    "build": buildings.why_not_build,
    "sell_group_buildings": buildings.why_not_sell_group_buildings,
    "unmortgage": mortgages.why_not_unmortgage,
    "sell_building": buildings.why_not_sell_building,
    "build_depot": buildings.why_not_build_depot,
    "sell_depot": buildings.why_not_sell_depot,
    "mortgage": mortgages.why_not_mortgage,
})
