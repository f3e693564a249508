"""Paying, debt, bankruptcy and auctions (RULES.md D1-D6, A1-A3)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .core import Core, commas
from .events import (
    AuctionStarts,
    Bankrupt,
    BidMade,
    DeedsTaken,
    DropsOut,
    InDebt,
    NobodyBid,
    PotGrows,
    WinsAuction,
    WinsPiece,
)
from .rent import max_raisable, sale_value
from .state import Creditor, GameState, Step


class MoneyMixin(Core):
    """Debts are agenda steps: a payment that cannot be made waits as a ``debt`` decision."""

    # -- paying (D1) ---------------------------------------------------------------------------
    def _step_pay(self, s: Step) -> None:
        """The agenda's form of :meth:`pay`: data ``creditors``, ``why`` and ``fine``."""
        d = s.data
        self.pay(s.player, d["creditors"], d["why"], d.get("fine", False))

    def pay(self, p: int, creditors: Iterable[tuple[int | None, int]], why: str, fine: bool = False) -> None:
        """Pay each creditor ``[player|None, amount]``; if cash is short, wait in debt (D1).

        ``fine``: a tax or fine, which goes into the Free Parking pot when that option is on."""
        players = self.st.players
        if players[p].bankrupt:
            return
        owed = []
        total = 0
        for c, a in creditors:
            if a > 0 and (c is None or not players[c].bankrupt):
                owed.append((c, a))
                total += a
        if total == 0:
            return
        if players[p].cash >= total:
            for c, a in owed:
                self.transfer(p, c, a, why)
            if fine:
                self.into_pot({"fine": fine}, total)
            return
        owing = [Creditor(player=c, amount=a) for c, a in owed]
        to = ", ".join(self.name(c) for c, _ in owed)
        self.log(InDebt(player=p, amount=total, why=why, cash=players[p].cash))
        self.wait("debt", p, f"{self.name(p)}: you owe ${commas(total)} to {to} ({why}). "
                  "Sell buildings or mortgage deeds to raise it.", amount=total, creditors=owing,
                  amounts={"raisable": max_raisable(self.ed, self.st, p)})
        self.st.agenda.append(self.step("debt_note", p, why=why, fine=fine))

    def into_pot(self, data: Mapping[str, object], amount: int) -> None:
        """Option ``free_parking_pot``: a tax or fine paid to the bank goes into the pot (O)."""
        if data.get("fine") and self.st.options.free_parking_pot:
            self.st.pot += amount
            self.log(PotGrows(amount, self.st.pot))

    def _step_debt_note(self, s: Step) -> None:
        """Marker left under a debt so its reason survives a save; nothing to do when reached."""

    def why_not_pay_debt(self, p: int) -> str | None:
        pend = self.st.pending
        if self.st.players[p].cash < pend.amount:
            have = commas(self.st.players[p].cash)
            return f"{self.name(p)} has ${have} of the ${commas(pend.amount)} owed: raise more first"
        return None

    def do_pay_debt(self, p: int) -> None:
        pend = self.st.pending
        note = self._debt_note()
        self.st.pending = None
        for c in pend.creditors:
            self.transfer(p, c.player, c.amount, note.get("why", "debt"))
        self.into_pot(note, pend.amount)

    def _debt_note(self) -> dict:
        if self.st.agenda and self.st.agenda[-1].kind == "debt_note":
            return self.st.agenda.pop().data
        return {}

    def why_not_bankruptcy(self, p: int) -> str | None:
        pend = self.st.pending
        raisable = max_raisable(self.ed, self.st, p)
        if raisable >= pend.amount:
            more = raisable - self.st.players[p].cash
            return (f"{self.name(p)} can still raise ${commas(more)} by selling buildings and mortgaging"
                    f" (${commas(raisable)} with the cash in hand, ${commas(pend.amount)} owed):"
                    " bankruptcy is only for a debt that cannot be covered")
        return None

    # -- bankruptcy (D2-D5) -----------------------------------------------------------------------
    def do_bankruptcy(self, p: int) -> None:
        """D3/D4/D5: hand everything to the creditor (or the bank) and leave the game."""
        pend = self.st.pending
        self._debt_note()
        self.st.pending = None
        pl = self.st.players[p]
        self.log(Bankrupt(p, sorted(i for i, d in self.st.deeds.items() if d.owner == p) or None))
        self.sell_all_buildings_of(p, "bankruptcy")
        creditor: int | None = None
        for c in pend.creditors:
            if c.player is None:
                continue
            if pl.cash >= c.amount and c is not pend.creditors[-1]:
                self.transfer(p, c.player, c.amount, "debt before bankruptcy")
            else:
                creditor = c.player
                break
        pl.bankrupt = True
        if self.st.turn.player == p:
            self.st.turn.ended = True
        if creditor is None:
            self._bankrupt_to_bank(p)
        else:
            self._bankrupt_to_player(p, creditor)
        self.check_game_over()

    def check_resumed(self) -> None:
        """A decision set aside (by a trade, a rent claim or a shortage) has just come back: drop
        what a bankruptcy in the meantime made void (D3/D4), so that the game never waits on a
        player who has left it.

        - an auction loses its bankrupt bidders, and a bankrupt high bidder's bid;
        - a debt is no longer owed to a bankrupt creditor;
        - a shortage question skips a bankrupt player, and is void if the builder went bankrupt;
        - any other decision of a bankrupt player is dropped; if it was the start of their turn,
          a triples choice or the jail decision, their turn passes (T5).
        """
        pend = self.st.pending
        if pend is None:
            return

        def gone(q: int | None) -> bool:
            return q is not None and self.st.players[q].bankrupt

        if pend.kind == "bid":
            if gone(pend.high_bidder):
                pend.high_bidder, pend.high_bid = None, 0
            if any(gone(q) for q in pend.bidders):
                k = pend.bidders.index(pend.player)
                nxt = next((q for q in pend.bidders[k:] + pend.bidders[:k] if not gone(q)), None)
                pend.bidders = [q for q in pend.bidders if not gone(q)]
                self._next_bidder(pend.bidders.index(nxt) if nxt is not None else 0)
            elif pend.high_bidder is None:
                self._bid_prompt()
            return
        if pend.kind == "debt" and not gone(pend.player):
            if any(gone(c.player) for c in pend.creditors):
                pend.creditors = [c for c in pend.creditors if not gone(c.player)]
                pend.amount = sum(c.amount for c in pend.creditors)
                if not pend.creditors:
                    self._debt_note()
                    self.st.pending = None
            return
        if pend.kind == "shortage_ask":
            pend.choices = [q for q in pend.choices if not gone(q)]
            pend.bidders = [q for q in pend.bidders if not gone(q) or q == pend.player]
            if gone(pend.high_bidder):
                self.st.pending = None
            elif gone(pend.player):
                self.do_shortage_answer(pend.player, False)  # type: ignore[attr-defined]
            return
        if gone(pend.player):
            self.st.pending = None
            if pend.kind in ("turn", "jail", "jail_pay", "triples"):
                self.push(self.step("end_turn"))

    def sell_all_buildings_of(self, p: int, why: str) -> None:
        for i, deed in self.st.deeds.items():
            if deed.owner == p and (deed.level or deed.depot):
                value = sale_value(self.ed, self.st, i)
                self.return_pieces(i, 0)
                if deed.depot:
                    deed.depot = False
                    self.st.bank.depots += 1
                self.transfer(None, p, value, f"buildings on {self.sname(i)} sold to the bank ({why})", i)

    def return_pieces(self, space: int, to_level: int) -> None:
        """Put a street's pieces above ``to_level`` back in the bank and set its level (no money)."""
        deed = self.st.deeds[space]
        bank = self.st.bank
        lvl = deed.level
        if lvl == 6:
            bank.skyscrapers += 1
        elif lvl == 5:
            bank.hotels += 1
        else:
            bank.houses += lvl
        if to_level == 5:
            bank.hotels -= 1
        elif 1 <= to_level <= 4:
            bank.houses -= to_level
        deed.level = to_level

    def _bankrupt_to_player(self, p: int, creditor: int) -> None:
        """D3: cash, deeds, cards and tickets go to the creditor; M3 and B8 follow."""
        pl = self.st.players[p]
        cr = self.st.players[creditor]
        self.transfer(p, creditor, pl.cash, f"everything {pl.name} had")
        got = sorted(i for i, d in self.st.deeds.items() if d.owner == p)
        for i in got:
            self.st.deeds[i].owner = creditor
        cr.gojf.extend(pl.gojf)
        cr.bus_tickets.extend(pl.bus_tickets)
        pl.gojf.clear()
        pl.bus_tickets.clear()
        if got:
            self.log(DeedsTaken(creditor, list(got)))
        self.push(*self.after_receiving(creditor, got, forced=True))

    def _bankrupt_to_bank(self, p: int) -> None:
        """D4: cash to the bank, deeds back unmortgaged and auctioned, cards back, tickets out."""
        pl = self.st.players[p]
        if pl.cash:
            self.transfer(p, None, pl.cash, f"everything {pl.name} had")
        got = sorted(i for i, d in self.st.deeds.items() if d.owner == p)
        for i in got:
            d = self.st.deeds[i]
            d.owner, d.mortgaged = None, False
        for cid in pl.gojf:
            deck = "chance" if cid in {c.id for c in self.ed.chance} else "community_chest"
            getattr(self.st.decks, deck).append(cid)
        self.st.decks.bus_out.extend(pl.bus_tickets)
        pl.gojf.clear()
        pl.bus_tickets.clear()
        if got and self.st.options.auctions:
            self.push(*[self.step("auction", p, space=i) for i in got])

    def check_game_over(self) -> bool:
        """E1: the last player not bankrupt wins."""
        active = self.st.active_players()
        if len(active) == 1:
            self.finish([active[0]], "last_player_standing")  # type: ignore[attr-defined]
            return True
        return False

    # -- auctions (A1-A3) ----------------------------------------------------------------------
    def _step_auction(self, s: Step) -> None:
        """A1/A3: every active player bids, in seat order from the left of who triggered it."""
        space = s.data["space"]
        if self.st.deeds[space].owner is not None:
            return
        trigger = s.player
        n = len(self.st.players)
        order = [(trigger + d) % n for d in range(1, n + 1)
                 if not self.st.players[(trigger + d) % n].bankrupt]
        if not order:
            return
        self.log(AuctionStarts(space))
        self.wait("bid", order[0], "", space=space, bidders=order)
        self._bid_prompt()

    def auction_item(self) -> str:
        """What the running auction sells: a deed's name, or "the last house" (B7)."""
        pend = self.st.pending
        return f"the last {pend.piece}" if pend.piece else self.sname(pend.space)

    def min_bid(self) -> int:
        """A2: the opening bid is at least $10, each raise at least $1."""
        pend = self.st.pending
        return 10 if pend.high_bidder is None else pend.high_bid + 1

    def _bid_prompt(self) -> None:
        st = self.st
        pend = st.pending
        players = st.players
        if pend.high_bidder is None:
            lead = "no bid yet"
        else:
            lead = f"high bid ${commas(pend.high_bid)} by {players[pend.high_bidder].name}"
        pend.prompt = (f"{players[pend.player].name}: auction of {self.auction_item()} ({lead});"
                       f" bid at least ${commas(self.min_bid())} or drop out")

    def why_not_bid(self, p: int, amount: int) -> str | None:
        low = self.min_bid()
        if amount < low:
            return f"the bid must be at least ${commas(low)}"
        if amount > self.st.players[p].cash:
            return f"{self.name(p)} has only ${commas(self.st.players[p].cash)}: a bid cannot exceed your cash"
        return None

    def do_bid(self, p: int, amount: int) -> None:
        st = self.st
        pend = st.pending
        pend.high_bid, pend.high_bidder = amount, p
        self.log(BidMade(player=p, bid=amount, space=pend.space, piece=pend.piece))
        self._next_bidder(pend.bidders.index(p) + 1)

    def do_drop_out(self, p: int) -> None:
        st = self.st
        pend = st.pending
        k = pend.bidders.index(p)
        pend.bidders.remove(p)
        self.log(DropsOut(p, pend.space))
        self._next_bidder(k)

    def _next_bidder(self, k: int) -> None:
        pend = self.st.pending
        b = pend.bidders
        if len(b) > 1:  # (the usual case: the auction goes on)
            pend.player = b[k % len(b)]
            self._bid_prompt()
            return
        if not b:
            self.log(NobodyBid(pend.space, pend.piece))
            self.st.pending = None
            return
        if len(b) == 1 and pend.high_bidder == b[0] and pend.piece:
            w, price, piece = b[0], pend.high_bid, pend.piece
            self.st.pending = None
            self.log(WinsPiece(w, piece, price))
            self.push(self.step("pay", w, creditors=[[None, price]], why=f"auction of the last {piece}"),
                      self.step("place_piece", w, piece=piece))
            return
        if len(b) == 1 and pend.high_bidder == b[0]:
            w, price, space = b[0], pend.high_bid, pend.space
            self.st.pending = None
            self.log(WinsAuction(w, space, price))
            self.push(self.step("pay", w, creditors=[[None, price]], why=f"auction of {self.sname(space)}"),
                      self.step("grant", w, space=space))
            return
        pend.player = b[k % len(b)]
        self._bid_prompt()

    def deeds_awaiting_grant(self) -> list[int]:
        """The deeds won at auction and not handed over yet: the winner owes the price (a debt
        decision, D1) and gets the deed once it is paid. Such a hand-over is the one change of a
        deed that the events of the action making it do not name (:class:`WinsAuction` named it
        before); every other change is named (``Event.deeds_changed``)."""
        return awaiting_grant(self.st)

    def _step_grant(self, s: Step) -> None:
        """Give a bank deed to a buyer (after payment) and check levelling (B8)."""
        if self.st.players[s.player].bankrupt:
            return
        self.st.deeds[s.data["space"]].owner = s.player
        self.settle_received(s.player, s.data["space"])  # type: ignore[attr-defined]


def awaiting_grant(st: GameState) -> list[int]:
    """:meth:`MoneyMixin.deeds_awaiting_grant` of the game in state ``st``."""
    return [s.data["space"] for s in st.agenda if s.kind == "grant"]
