"""Trades between players (RULES.md X1-X3).

A trade is proposed by one player to another whenever the game waits (T1); the decision the
game was waiting for is set aside while the other player accepts or refuses, and comes back
afterwards. Nothing changes until the offer is accepted. Deeds received mortgaged follow M3;
a trade that completes a built colour group leads to levelling (B8).
"""

from __future__ import annotations

from .agenda import AgendaStep, ResumeStep
from .core import Core, commas
from .decisions import TradeOffer, TradeReplyDecision, TradeSide, TurnDecision
from .events import TradeAccepted, TradeOffered, TradeRefused, TradeVoid, trade_words
from .invariants import settling_spaces


class TradesMixin(Core):
    """Propose / accept / refuse, and the set-aside ("suspended") decision they interrupt."""

    def _step_resume(self, s: ResumeStep) -> None:
        if self.st.suspended:
            self.st.pending = self.st.suspended.pop()
            self.check_resumed()
            pend = self.st.pending
            if isinstance(pend, TurnDecision):
                # asked again: its words offer a Bus Ticket only while the player holds one (a
                # trade may have given one away, or brought one)
                self._offer_turn(pend.player, pend.roll_again)

    def side_problem(self, holder: int, side: TradeSide) -> str | None:
        """Why ``holder`` cannot hand over ``side`` (X1, X2), or None."""
        pl = self.st.players[holder]
        if side.cash < 0:
            return "cash in a trade cannot be negative"
        if side.cash > pl.cash:
            return f"{pl.name} has only ${commas(pl.cash)}"
        if len(set(side.deeds)) != len(side.deeds):
            return "a deed is listed twice"
        for i in side.deeds:
            deed = self.st.deeds.get(i)
            if deed is None or deed.owner != holder:
                return f"{pl.name} does not own {self.sname(i) if 0 <= i < self.board.size else i}"
            sp = self.board.spaces[i]
            if i in settling_spaces(self.st):
                return f"{sp.name} was just received: first settle it (B8, M3)"
            if sp.kind == "street" and any(self.st.deeds[j].owner == holder and self.st.deeds[j].level
                                           for j in self.board.groups[sp.group]):
                return f"{sp.name} cannot be traded while {pl.name} has buildings in {sp.group} (X2)"
            if deed.depot:
                return f"{sp.name} has a depot: sell it before trading the railroad (B6, X2)"
        if not 0 <= side.jail_cards <= len(pl.gojf):
            return f"{pl.name} holds {len(pl.gojf)} Get Out of Jail Free cards"
        if not 0 <= side.bus_tickets <= len(pl.bus_tickets):
            return f"{pl.name} holds {len(pl.bus_tickets)} Bus Tickets"
        return None

    def debtors(self) -> set[int]:
        """The seats in debt now (D1): the player of the decision waited for, or of one a trade or
        a vote has set aside, when that decision is a debt."""
        st = self.st
        return {pend.player for pend in (st.pending, *st.suspended) if pend is not None and pend.kind == "debt"}

    def debt_problem(self, holder: int, gives: TradeSide, gets: TradeSide) -> str | None:
        """Why ``holder``, in debt, may not give ``gives`` for ``gets`` (D1, I5), or None.

        *Our choice* (RULES.md lets a debtor trade but accepts only debt-resolving actions from
        them, I5): a player in debt may only sell, for cash: they give no cash, take no deeds or
        cards, receive some cash, and at least the mortgage value of the unmortgaged deeds they
        give (what mortgaging them would raise), so a trade never lowers what they could raise (D2)
        and cannot pass their assets to a friend before a bankruptcy (D3).
        """
        name = self.name(holder)
        if gives.cash:
            return f"{name} is in debt: a trade may bring them cash, not take cash from them (D1)"
        if gets.deeds or gets.jail_cards or gets.bus_tickets:
            return f"{name} is in debt: they may only sell deeds and cards for cash, not take any (D1)"
        spaces = self.board.spaces
        floor = sum(spaces[i].mortgage or 0 for i in gives.deeds if not self.st.deeds[i].mortgaged)
        if gets.cash < max(1, floor):
            if floor:
                return (f"{name} is in debt: selling those deeds must bring at least ${commas(floor)}, what"
                        " mortgaging them would raise (D1, D2)")
            return f"{name} is in debt: a trade must bring them cash (D1)"
        return None

    def why_not_propose_trade(self, p: int) -> str | None:
        """Why player ``p`` may propose no trade now, whatever the offer (X1, T8), or None when
        some offer of theirs could be legal: the game waits on a decision that is not a trade's
        reply, no Mr. Monopoly move is under way, ``p`` is in the game and someone else is too.

        The app asks this before opening its trade screen; :meth:`why_not_trade` checks an offer.
        """
        st = self.st
        if st.winner is not None:
            return "the game is over"
        if st.pending is None:
            return "the game is not waiting for a decision"
        if not 0 <= p < len(st.players) or st.players[p].bankrupt:
            return "no such player in the game"
        why = self._trade_time_problem()
        if why:
            return why
        if len(st.active_players()) < 2:
            return "a trade needs two players in the game"
        return None

    def _trade_time_problem(self) -> str | None:
        """Why no trade may be proposed at this moment (X1, T8), or None."""
        st = self.st
        if st.pending is not None and st.pending.kind in ("trade_reply", "game_over"):
            return "a trade cannot be proposed now"
        if st.turn.mr_monopoly_lock:
            return "no trading until Mr. Monopoly's move is over (T8)"
        return None

    def why_not_trade(self, offer: TradeOffer) -> str | None:
        st = self.st
        a, b = offer.proposer, offer.partner
        if a == b:
            return "a trade needs two different players"
        if not 0 <= b < len(st.players) or st.players[b].bankrupt:
            return "no such player to trade with"
        why = self._trade_time_problem()
        if why:
            return why
        if offer.give.is_empty() and offer.take.is_empty():
            return "the trade is empty"
        return (self.side_problem(a, offer.give) or self.side_problem(b, offer.take)
                or self._debt_trade_problem(offer))

    def _debt_trade_problem(self, offer: TradeOffer) -> str | None:
        """:meth:`debt_problem` for whichever side of ``offer`` is in debt, or None."""
        debtors = self.debtors()
        if not debtors:
            return None
        if offer.proposer in debtors:
            why = self.debt_problem(offer.proposer, offer.give, offer.take)
            if why:
                return why
        if offer.partner in debtors:
            return self.debt_problem(offer.partner, offer.take, offer.give)
        return None

    def do_propose_trade(self, offer: TradeOffer) -> None:
        self.log(TradeOffered(offer.proposer, offer))
        self.suspend(TradeReplyDecision(
            player=offer.partner, trade=offer,
            prompt=f"{self.name(offer.partner)}: {self.name(offer.proposer)} offers a trade: "
                   f"{self.describe_trade(offer)}. Accept or refuse?"))

    def describe_trade(self, offer: TradeOffer) -> str:
        """A trade in words (:func:`~megamono.rules.events.trade_words`)."""
        return trade_words(self, offer)

    def do_reply_trade(self, accept: bool) -> None:
        offer = self.pending_as(TradeReplyDecision).trade
        self.st.pending = None
        self.push(ResumeStep())
        if not accept:
            self.log(TradeRefused(offer.partner))
            return
        problem = (self.side_problem(offer.proposer, offer.give) or self.side_problem(offer.partner, offer.take)
                   or self._debt_trade_problem(offer))
        if problem:
            self.log(TradeVoid(offer.partner, problem))
            return
        self.log(TradeAccepted(offer.partner, offer))
        steps = self._hand_over(offer.proposer, offer.partner, offer.give)
        steps += self._hand_over(offer.partner, offer.proposer, offer.take)
        self.push(*steps)

    def _hand_over(self, frm: int, to: int, side: TradeSide) -> list[AgendaStep]:
        a, b = self.st.players[frm], self.st.players[to]
        self.transfer(frm, to, side.cash, "trade")
        for i in side.deeds:
            self.st.deeds[i].owner = to
        for _ in range(side.jail_cards):
            b.gojf.append(a.gojf.pop(0))
        for _ in range(side.bus_tickets):
            b.bus_tickets.append(a.bus_tickets.pop(0))
        return self.after_receiving(to, sorted(side.deeds), forced=False)
