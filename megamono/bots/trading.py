"""The strong computer player's trading: proposing trades that complete a colour group and
answering trades, by the bots' valuation (see :mod:`megamono.bots.strong`).

- Proposes at most one trade per turn, completing one of its colour groups at a price both sides'
  valuations call fair, and only as :mod:`.offers` allows: never an offer its partner refused
  unless a deed in it changed since or it gives clearly more (at least $20 or a fifth more), each
  human at most once every three rounds, and only to whom the option ``computer_offers`` allows.
- Answers trades by the same valuation, so it never hands an opponent a colour group for nothing.
- In the last round of a game that ends by final worth (the ``turn_limit`` option's last round, or
  time up: RULES.md E2) a trade is only its change of final worth, which is one side's gain and the
  other's loss: the bot proposes none, and accepts one that raises its final worth
  (:func:`final_worth_gain`), whatever a colour group would earn after the game's end.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from megamono.rules.actions import AcceptTrade, Action, ProposeTrade, RefuseTrade
from megamono.rules.decisions import TradeOffer, TradeReplyDecision, TradeSide
from megamono.rules.endgame import deed_worth, last_round
from megamono.rules.rent import transfer_fee, unmortgage_cost

from .base import Bot
from .model import DeedSig, Memory, TradeTarget, View, moves_gain
from .offers import OfferLedger

if TYPE_CHECKING:  # pragma: no cover
    from megamono.rules.engine import Game

CARD_WORTH: Mapping[str, int] = MappingProxyType({"jail_cards": 50, "bus_tickets": 40})
TRADE_TOLERANCE = 5      # dollars of rounding a trade answer forgives
MIN_TRADE_GAIN = 40      # a proposal must be worth at least this much to the proposer

# The terms of a proposal (see TradingMixin._offer): (proposer, partner, give, take, cash from proposer).
TradeTerms = tuple[int, int, list[int], list[int], int]
# A priced trade (see TradingMixin._price_trade): (gain to the proposer, terms).
PricedTrade = tuple[float, TradeTerms]
# What a trade search depends on: (trade signature, its offers refused, players in the game, seat, round
# (in a game with humans: whom it may ask, OfferLedger.may_propose_to, changes with the rounds)).
SearchSig = tuple[tuple[DeedSig, ...], int, int, int, int]


def final_worth_gain(game: Game, offer: TradeOffer) -> int:
    """How much ``offer`` would raise its partner's E2 final worth (negative: lower it; the proposer's
    changes by the opposite, but for the fees): the cash and the deeds' worth
    (:func:`~megamono.rules.endgame.deed_worth`) received less those given, less the 10% fee (M3) of
    each mortgaged deed received, at least what keeping or lifting its mortgage costs in final worth."""
    st, ed = game.st, game.ed
    gain = offer.give.cash - offer.take.cash
    gain += sum(deed_worth(st, ed, i) - (transfer_fee(ed, i) if st.deeds[i].mortgaged else 0)
                for i in offer.give.deeds)
    gain -= sum(deed_worth(st, ed, i) for i in offer.take.deeds)
    return gain


def clearly_more(refused_cash: int) -> int:
    """How much more cash (net, to the partner) the strong bot offers before it proposes again an
    offer of no more deeds than one refused: $20, or a fifth of the sum refused when that is more."""
    return max(20, abs(refused_cash) // 5)


class TradingMixin(Bot):
    """Trade proposals and answers of :class:`~megamono.bots.strong.StrongBot` (X1-X3). Uses the
    bot's ``reserve`` and ``_reserve_of``; what was offered and refused it reads from the game's log
    (:class:`~megamono.bots.offers.OfferLedger`, in the bot's memory)."""

    if TYPE_CHECKING:  # pragma: no cover  (the bot's: StrongBot.reserve)
        def reserve(self, game: Game, p: int, rents: list[int] | None = None) -> int: ...

    def __init__(self, seed: int, memory: Memory | None = None) -> None:
        super().__init__(seed, memory)
        self._ledger: OfferLedger | None = None  # (the one of the trade search under way)
        # (what the last search that found nothing depended on, the budget and partners' cash it noted)
        self._no_offer_sig: tuple[SearchSig, int | None, dict[int, int]] | None = None
        self._short_of_cash = False
        self._need_budget: int | None = None  # what the last trade search would have needed
        self._need_cash: dict[int, int] = {}

    def trade_deltas(self, game: Game, offer: TradeOffer) -> tuple[float, float]:
        """(gain to the proposer, gain to the partner) of ``offer``, in dollars, by the bots' valuation."""
        a, b_ = offer.proposer, offer.partner
        da, db = self._deed_deltas(game, a, b_, tuple(offer.give.deeds), tuple(offer.take.deeds))
        cash = offer.give.cash - offer.take.cash
        da -= cash
        db += cash
        for field, worth in CARD_WORTH.items():
            n = getattr(offer.give, field) - getattr(offer.take, field)
            da -= n * worth
            db += n * worth
        return da, db

    def _deed_deltas(self, game: Game, a: int, b_: int, give: tuple[int, ...],
                     take: tuple[int, ...]) -> tuple[float, float]:
        """The deeds' part of :meth:`trade_deltas` (kept until a deed changes hands)."""
        v = self.view_of(game)
        deeds = game.st.deeds
        memo = v.owner_memo.deed_deltas
        key = (a, b_, give, take, tuple([deeds[i].mortgaged for i in give + take]))
        out = memo.get(key)
        if out is not None:
            return out
        moves = dict.fromkeys(give, b_)
        moves.update(dict.fromkeys(take, a))
        da = moves_gain(v, a, moves)
        db = moves_gain(v, b_, moves)
        # mortgaged deeds are worth their price less the mortgage to lift; the receiver also pays 10%
        for _holder, to, lots in ((a, b_, give), (b_, a, take)):
            for i in lots:
                if deeds[i].mortgaged:
                    lift = unmortgage_cost(game.ed, i)
                    fee = transfer_fee(game.ed, i)
                    if to == a:
                        da -= lift + fee
                        db += lift
                    else:
                        db -= lift + fee
                        da += lift
        out = memo[key] = (da, db)
        return out

    @staticmethod
    def rival_weight(game: Game) -> float:
        return 1.0 if len(game.st.active_players()) <= 2 else 0.7

    def on_trade_reply(self, game: Game, p: int, pend: TradeReplyDecision) -> Action:
        offer = pend.trade
        assert offer is not None, "a trade reply carries the offer"
        cash_after = game.st.players[p].cash - offer.take.cash + offer.give.cash
        if last_round(game.st):  # (the game ends by final worth at the end of this round)
            fair = final_worth_gain(game, offer) > 0
        else:
            da, db = self.trade_deltas(game, offer)
            fair = db >= 0 and db + TRADE_TOLERANCE >= self.rival_weight(game) * da
        if fair and (offer.take.cash == 0 or cash_after >= self.reserve(game, p) // 2):
            return AcceptTrade(player=p)
        return RefuseTrade(player=p)

    def propose_trade(self, game: Game, p: int) -> ProposeTrade | None:
        """The best group-completing trade this player can fairly offer now, or None.

        Only partners :meth:`OfferLedger.may_propose_to <megamono.bots.offers.OfferLedger.may_propose_to>`
        allows are asked (the option ``computer_offers``; a human once every three rounds, and humans
        one offer a round in all), no offer to a human with a deed offered them in the last six rounds
        unless it gives them more (:meth:`~megamono.bots.offers.OfferLedger.deed_offered_lately`), and no
        offer that repeats a refused one (:meth:`~megamono.bots.offers.OfferLedger.repeats`, with
        :func:`clearly_more`). The search depends on the deeds, the partners it may ask, the refused
        offers, this player's budget (cash less half the reserve) and the partners' cash. When a
        search found nothing, it notes the least budget and partner cash that would have made a
        difference; until one of those is reached (or the rest changes) the search is skipped: the
        answer would be None again.
        """
        st = game.st
        if st.options.computer_offers == "nobody":
            return None
        v = self.view_of(game)
        targets = self._trade_targets(v, p)
        if not targets:
            return None
        ledger = self._ledger = self.memory.offers(game)
        may_propose_to = ledger.may_propose_to if ledger.humans or st.options.computer_offers != "everyone" else None
        b = v.board
        owners = v.owners
        cash = st.players[p].cash
        sig: SearchSig = (v.trade_signature(), ledger.refused_count(p), len(st.active_players()), p, ledger.round)
        budget = None  # cash - reserve // 2, worked out when needed
        last = self._no_offer_sig
        if last is not None and last[0] == sig:
            need_budget, need_cash = last[1], last[2]
            if all(st.players[q].cash < c for q, c in need_cash.items()):
                if need_budget is None or cash < need_budget:
                    return None
                budget = cash - self.reserve(game, p) // 2
                if budget < need_budget:
                    return None
        self._need_budget, self._need_cash = None, {}
        w = self.rival_weight(game)
        mine_tradeable: list[int] | None = None
        best = None
        for g, missing, partners in targets:
            for q, held in partners:
                if may_propose_to is not None and not may_propose_to(game, p, q):
                    continue  # (a human asked less than three rounds ago; the option computer_offers)
                qlots = [i for i in held if self._tradeable(v, q, i)]
                if len(qlots) < missing:
                    continue
                take = sorted(sorted(qlots, key=lambda i: (st.deeds[i].mortgaged, b.price[i]))[:missing])
                if budget is None:
                    budget = cash - self.reserve(game, p) // 2
                # cash alone; else with one of our deeds the partner has a use for
                cand = self._price_trade(game, p, q, [], take, w, budget)
                if cand is None and self._short_of_cash:
                    if mine_tradeable is None:
                        mine_tradeable = [i for i in v.owned_by(p) if self._tradeable(v, p, i)]
                    for e in mine_tradeable:
                        eg = b.group_of.get(e)
                        if eg == g:
                            continue
                        related = (b.groups[eg] if eg is not None
                                   else b.railroads if e in b.railroads else b.utilities)
                        if not any(owners[i] == q for i in related):
                            continue
                        c = self._price_trade(game, p, q, [e], take, w, budget)
                        if c is not None and (cand is None or c[0] > cand[0]):
                            cand = c
                if cand is not None and (best is None or cand[0] > best[0]):
                    best = cand
        if best is None:
            self._no_offer_sig = (sig, self._need_budget, self._need_cash)
            return None
        self._no_offer_sig = None
        if last_round(st):
            return None  # (in the last round a trade the partner should accept lowers the proposer's worth)
        offer = self._offer(best[1])
        if game.why_not(offer) is not None:
            return None
        return offer

    @staticmethod
    def _trade_targets(v: View, p: int) -> list[TradeTarget]:
        """The colour groups ``p`` could complete by one trade with one partner: (group, lots
        missing, [(holder, the holder's lots there)]), only holders with enough of the missing
        lots, by seat; kept until a deed changes hands."""
        memo = v.owner_memo.trade_targets
        out = memo.get(p)
        if out is None:
            b, owners, group_owners, need = v.board, v.owners, v.group_owners, v.board.need
            out = memo[p] = []
            group_of = b.group_of
            my_groups = {group_of.get(i) for i in v.owned_by(p)}  # the groups where p holds a lot
            for g, lots in b.groups.items():
                if g not in my_groups:
                    continue
                lot_owners = group_owners[g]
                k = lot_owners.count(p)
                missing = need[g] - k
                if k == 0 or missing <= 0 or missing > 2:
                    continue
                if len(lots) - k - lot_owners.count(None) < missing:  # the lots others hold
                    continue
                held_by = [(i, q) for i, q in zip(lots, lot_owners, strict=False) if q is not None and q != p]
                held = [i for i, _ in held_by]
                # the holders who alone hold enough of the missing lots (one trade, one partner)
                partners = [(q, mine) for q in sorted({q for _, q in held_by})
                            if len(mine := [i for i in held if owners[i] == q]) >= missing]
                if partners:
                    out.append((g, missing, partners))
        return out

    @staticmethod
    def _tradeable(v: View, holder: int, space: int) -> bool:
        """Whether ``holder`` may hand ``space`` over (no depot, no buildings in its group: X2),
        by the game's view ``v``; kept while that group or railroad does not change."""
        b = v.board
        known = v.family_memo(b.family_of[space]).tradeable
        key = (holder, space)
        ok = known.get(key)
        if ok is None:
            deeds = v.deeds
            g = b.group_of.get(space)
            ok = known[key] = not deeds[space].depot and (
                g is None or not any([deeds[i].owner == holder and deeds[i].level for i in b.groups[g]]))
        return ok

    def _price_trade(self, game: Game, p: int, q: int, give: list[int], take: list[int], w: float,
                     budget: int) -> PricedTrade | None:
        """Cash that makes the swap fair for both sides: (gain to ``p``, the offer's terms for
        :meth:`_offer`); None if there is no such price, or if that offer would repeat one ``q``
        refused (``_short_of_cash`` then says whether a fair price existed but was over ``budget``)."""
        self._short_of_cash = False
        # what trade_deltas says of the deeds alone (no cash, no cards)
        ga, gb = self._deed_deltas(game, p, q, tuple(give), tuple(take))
        # partner accepts when  x + gb >= 0  and  x + gb >= w (ga - x);  x = cash from p to q
        x = math.ceil(max(-gb, (w * ga - gb) / (1 + w))) + 1
        if not self.worth_proposing(ga, gb, x, w):
            return None
        st = game.st
        if x >= 0:
            if x > budget:
                self._short_of_cash = True
                if self._need_budget is None or x < self._need_budget:
                    self._need_budget = x  # the least budget that would have done
                return None
        elif -x > st.players[q].cash:
            if -x < self._need_cash.get(q, 1 << 40):
                self._need_cash[q] = -x  # the least cash of ``q`` that would have done
            return None
        terms = (p, q, give, take, x)
        ledger = self._ledger
        if ledger is not None and ledger.humans and ledger.deed_offered_lately(self._offer(terms).offer()):
            return None  # a deed offered to the same human lately: only an offer that gives them more (offers.py)
        if ledger is not None and ledger.refused_count(p) and ledger.repeats(self._offer(terms).offer(), clearly_more):
            return None  # only a clearly better offer than one refused (offers.py)
        return (ga - x, terms)

    @staticmethod
    def worth_proposing(ga: float, gb: float, x: int, w: float) -> bool:
        """Whether a swap the proposer values at ``ga`` and its partner at ``gb`` (dollars, deeds alone) is
        worth proposing with ``x`` dollars from the proposer to the partner (negative: the other way), the
        rival weight ``w`` (:meth:`rival_weight`): its own gain at least ``w`` times the partner's, and at
        least :data:`MIN_TRADE_GAIN`."""
        return ga - x >= w * (gb + x) and ga - x >= MIN_TRADE_GAIN

    @staticmethod
    def _offer(terms: TradeTerms) -> ProposeTrade:
        """The proposal of :meth:`_price_trade`'s terms: ``p`` gives ``give`` and ``x`` dollars
        (or receives ``-x``) for ``take`` from ``q``."""
        p, q, give, take, x = terms
        if x >= 0:
            side_give, side_take = TradeSide(cash=x, deeds=give), TradeSide(deeds=take)
        else:
            side_give, side_take = TradeSide(deeds=give), TradeSide(cash=-x, deeds=take)
        return ProposeTrade(player=p, partner=q, give=side_give, take=side_take)

