"""Moving tokens and resolving spaces and cards (RULES.md T3.3, T3.4, T4, S, K)."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable

from . import jail
from .agenda import BackStep, BusFaceStep, MoveStep, MoveToStep, MrMonopolyStep, PayStep, UnlockStep
from .core import Core, commas
from .decisions import AuctionPickDecision, BirthdayDecision, BusDecision, BuyDecision, IncomeTaxDecision
from .editions import Card
from .events import (
    BusRidesOn,
    BusTicketsExpire,
    BusTicketTaken,
    CardDrawn,
    Deck,
    HighestRent,
    Moved,
    MovedBack,
    MrMonopolySends,
    MrMonopolyStays,
    NoBusTicket,
    NoRentInJail,
    NoRentMortgaged,
    NoRepairs,
    NothingToAuction,
    RentClaimable,
    rent_why,
)
from .rent import ceil_percent, rent_due, tax_worth
from .state import RentClaim


class SpacesMixin(Core):
    """Movement, landing, cards, Bus Tickets, the Auction space and Mr. Monopoly."""

    # -- moves (T4) -------------------------------------------------------------------------
    def salary(self, p: int, landed: bool) -> None:
        """GO salary (T4); option ``double_salary_on_go`` pays double for landing exactly."""
        amount = self.board.rules.salary
        if landed and self.st.options.double_salary_on_go:
            amount *= 2
        self.transfer(None, p, amount, "salary for passing GO" if not landed else "salary for landing on GO")

    def move(self, p: int, steps: int, dice: int | None) -> None:
        """Move forward ``steps`` spaces (dice moves), paying salary past GO, then land.

        ``dice`` is the total a utility's rent uses (R5). Landing follows at once (as the
        ``land`` step it once pushed would have, straight after)."""
        st = self.st
        pl = st.players[p]
        n = self.board.size
        dest = (pl.position + steps) % n
        passed = pl.position + steps >= n
        pl.position = dest
        self.log(Moved(p, dest))
        if passed:
            self.salary(p, dest == 0)
        self.land(p, dest, dice)

    def _step_move(self, s: MoveStep) -> None:
        """The agenda's form of :meth:`move`."""
        self.move(s.player, s.steps, s.dice)

    def _step_move_to(self, s: MoveToStep) -> None:
        """The agenda's form of :meth:`move_to`."""
        self.move_to(s.player, s.space, s.dice, s.rr, s.ucard)

    def move_to(self, p: int, dest: int, dice: int | None, rr: int = 1, ucard: bool = False,
                salary: bool = True) -> None:
        """Move forward to ``dest`` (salary when the move passes or lands on GO, unless not
        ``salary``), then land (``dice``, ``rr``, ``ucard`` as for :meth:`land`)."""
        pl = self.st.players[p]
        passed = dest < pl.position or dest == 0
        pl.position = dest
        self.log(Moved(p, dest))
        if passed and salary:
            self.salary(p, dest == 0)
        self.land(p, dest, dice, rr, ucard)

    def _step_back(self, s: BackStep) -> None:
        """Go back ``steps`` spaces: never pays salary (T4, K3)."""
        pl = self.st.players[s.player]
        pl.position = (pl.position - s.steps) % self.board.size
        self.log(MovedBack(s.player, pl.position))
        self.land(s.player, pl.position, None)

    def go_to_jail(self, p: int, why: str) -> None:
        """:func:`megamono.rules.jail.go_to_jail` in this game."""
        jail.go_to_jail(self.st, self.ed, p, why)

    def next_space(self, start: int, test: Callable[[int], bool]) -> int | None:
        """First space ahead of ``start`` (never ``start`` itself) for which ``test(i)`` holds."""
        n = self.board.size
        for d in range(1, n):
            i = (start + d) % n
            if test(i):
                return i
        return None

    # -- landing (S) --------------------------------------------------------------------------
    def land(self, p: int, space: int, dice: int | None, rr: int = 1, ucard: bool = False) -> None:
        """Resolve ``p`` landing on ``space`` (S): ``dice`` for a utility's rent (R5), ``rr`` the
        railroad rent multiplier and ``ucard`` the utility card's rent (K4, K5)."""
        if self.st.players[p].bankrupt:
            return
        sp = self.board.spaces[space]
        kind = sp.kind
        if sp.is_property:
            self.land_on_property(p, space, dice, rr, ucard)
        elif kind == "tax":
            if sp.tax_percent:
                pct = ceil_percent(tax_worth(self.ed, self.st, p), sp.tax_percent)
                self.wait(IncomeTaxDecision(
                    player=p, space=space, amounts={"flat": sp.tax, "percent": pct},
                    prompt=f"{self.name(p)}: pay {sp.name}: ${commas(sp.tax)} or {sp.tax_percent}% of your worth "
                           f"(${commas(pct)})"))
            else:
                self.push(PayStep(player=p, creditors=[(None, sp.tax)], why=sp.name, fine=True))
        elif kind in ("chance", "community_chest"):
            self.draw_card(p, kind)
        elif kind == "go_to_jail":
            self.go_to_jail(p, "landed on Go To Jail")
        elif kind == "free_parking" and self.st.pot:
            pot, self.st.pot = self.st.pot, 0
            self.transfer(None, p, pot, "the Free Parking pot")
        elif kind == "auction":
            self.land_on_auction(p, dice)
        elif kind == "bus_ticket":
            if self.st.decks.bus:
                self.draw_bus_ticket(p)
            else:
                self.log(NoBusTicket(p))
        elif kind == "birthday_gift":
            gift = self.board.rules.birthday_gift
            if self.st.decks.bus:
                self.wait(BirthdayDecision(
                    player=p, space=space, amount=gift,
                    prompt=f"{self.name(p)}: Birthday Gift: take ${commas(gift)} or a Bus Ticket"))
            else:
                self.transfer(None, p, gift, "Birthday Gift")

    def land_on_property(self, p: int, space: int, dice: int | None, rr: int = 1,
                         ucard: bool = False) -> None:
        """S1/S2: offer an unowned deed, or charge rent (R; K4 doubles, K5 10x a fresh roll)."""
        deed = self.st.deeds[space]
        sp = self.board.spaces[space]
        if deed.owner is None:
            self.st.pending = BuyDecision(player=p, space=space, amount=sp.price,
                                          prompt=f"{self.st.players[p].name}: buy {sp.name} for "
                                                 f"${commas(sp.price)}, or auction it?")
            return
        if deed.owner == p or deed.mortgaged:
            if deed.mortgaged and deed.owner != p:
                self.log(NoRentMortgaged(p, space))
            return
        if self.st.options.no_rent_in_jail and self.st.players[deed.owner].in_jail:
            self.log(NoRentInJail(p, space, deed.owner))
            return
        if sp.kind == "utility":
            if ucard:
                rent = self.board.rules.nearest_utility_multiplier * self.utility_roll(p)
            else:
                rent = rent_due(self.ed, self.st, space, p, dice if dice is not None else self.utility_roll(p))
        else:
            rent = rent_due(self.ed, self.st, space, p, 0, rr)
        if self.st.options.rent_must_be_claimed:
            self.st.claims.append(RentClaim(owner=deed.owner, payer=p, amount=rent, space=space))
            self.log(RentClaimable(player=deed.owner, space=space, rent=rent, tenant=p))
            return
        if 0 < rent <= self.st.players[p].cash:  # (pay's quick way: neither side is bankrupt)
            self.transfer(p, deed.owner, rent, rent_why(self, space))
        else:
            self.pay(p, [(deed.owner, rent)], rent_why(self, space))  # (as a pushed pay step, run next)

    # -- cards (K) ---------------------------------------------------------------------------
    def draw_card(self, p: int, deck_name: Deck) -> None:
        """K1: draw the top card and obey it; it goes to the bottom (Get Out of Jail Free is kept)."""
        deck = getattr(self.st.decks, deck_name)
        cid = deck.pop(0)
        card = self.ed.card(cid)
        self.log(CardDrawn(p, deck_name, cid))
        if card.effect == "get_out_of_jail_free":
            self.st.players[p].gojf.append(cid)
            return
        deck.append(cid)
        pos = self.st.players[p].position
        e = card.effect
        if e == "advance_to":
            self.push(MoveToStep(player=p, space=_arg(card, card.destination), dice=None))
        elif e == "advance_to_nearest":
            kinds = {card.nearest}
            dest = self.next_space(pos, lambda i: self.board.spaces[i].kind in kinds)
            if dest is None:
                raise ValueError(f"card {card.id}: the board has no {card.nearest}")
            if card.nearest == "railroad":
                self.push(MoveToStep(player=p, space=dest, dice=None, rr=2))
            else:
                self.push(MoveToStep(player=p, space=dest, dice=None, ucard=True))
        elif e == "back":
            self.push(BackStep(player=p, steps=_arg(card, card.spaces)))
        elif e == "go_to_jail":
            self.go_to_jail(p, card.title)
        elif e == "collect":
            self.transfer(None, p, _arg(card, card.amount), card.title)
        elif e == "pay":
            self.push(PayStep(player=p, creditors=[(None, _arg(card, card.amount))], why=card.title, fine=True))
        elif e == "pay_each_player":
            others = self.others_from_left(p)
            if others:
                self.push(PayStep(player=p, creditors=[(o, _arg(card, card.amount)) for o in others],
                                  why=card.title))
        elif e == "collect_from_each_player":
            self.push(*[PayStep(player=o, creditors=[(p, _arg(card, card.amount))], why=card.title)
                        for o in self.others_from_left(p)])
        elif e == "repairs":
            houses = hotels = 0
            for deed in self.st.deeds.values():
                if deed.owner == p:
                    if 1 <= deed.level <= 4:
                        houses += deed.level
                    elif deed.level == 5:
                        hotels += 1
            cost = houses * _arg(card, card.per_house) + hotels * _arg(card, card.per_hotel)
            if cost:
                self.push(PayStep(player=p, creditors=[(None, cost)],
                                    why=f"{card.title} ({houses} houses, {hotels} hotels)", fine=True))
            else:
                self.log(NoRepairs(p))

    def others_from_left(self, p: int) -> list[int]:
        """Active players other than ``p``, in seat order starting at ``p``'s left (D5, D6)."""
        n = len(self.st.players)
        return [(p + d) % n for d in range(1, n) if not self.st.players[(p + d) % n].bankrupt]

    # -- Bus Tickets (K7, K8) -----------------------------------------------------------------
    def draw_bus_ticket(self, p: int) -> None:
        """K7: take the top Bus Ticket; an expire ticket sends every other held ticket out."""
        tid = self.st.decks.bus.pop(0)
        if tid.startswith("BX"):
            gone = 0
            for pl in self.st.players:
                gone += len(pl.bus_tickets)
                self.st.decks.bus_out.extend(pl.bus_tickets)
                pl.bus_tickets.clear()
            self.log(BusTicketsExpire(p, gone))
        else:
            self.log(BusTicketTaken(p))
        self.st.players[p].bus_tickets.append(tid)

    def bus_reach(self, pos: int) -> list[int]:
        """K8: spaces a Bus Ticket reaches from ``pos``: ahead on this side up to the next corner."""
        n = self.board.size
        side = n // 4
        corner = (pos // side + 1) * side
        return [i % n for i in range(pos + 1, corner + 1)]

    def nearest_card_space(self, pos: int) -> int | None:
        return self.next_space(pos, lambda i: self.board.spaces[i].kind in ("chance", "community_chest"))

    # -- bonus moves (T3.3, T3.4) --------------------------------------------------------------
    def _turn_over_for(self, p: int) -> bool:
        pl = self.st.players[p]
        return self.st.turn.ended or pl.bankrupt or pl.in_jail

    def _step_mr_monopoly(self, s: MrMonopolyStep) -> None:
        """T3.3: advance to the next unowned property, else the next one owing rent, else stay."""
        p = s.player
        if self._turn_over_for(p):
            return
        pos = self.st.players[p].position
        deeds = self.st.deeds
        # the properties ahead in board order, up to but not including the token's own space: the
        # next unowned one, or if the only one is the token's own space, none (it stays)
        props = self.board.properties
        ahead = props[bisect_right(props, pos):] + props[:bisect_left(props, pos)]
        target = None
        for i in ahead:
            if deeds[i].owner is None:
                target = i
                break
        here = deeds.get(pos)
        if target is None and (here is None or here.owner is not None):
            # every property is owned: the next one that would charge rent
            jailed_skip = self.st.options.no_rent_in_jail  # option O: skip jailed owners
            players = self.st.players
            for i in ahead:
                d = deeds[i]
                if (d.owner is not None and d.owner != p and not d.mortgaged
                        and not (jailed_skip and players[d.owner].in_jail)):
                    target = i
                    break
        if target is None:
            self.log(MrMonopolyStays(p))
            self.st.turn.mr_monopoly_lock = False
            return
        st = self.st
        self.log(MrMonopolySends(p, target))
        # the move, then the unlock, as if pushed as steps (the agenda would run them next)
        agenda = st.agenda
        base = len(agenda)
        self.move_to(p, target, s.dice)
        if st.pending is None and len(agenda) == base and st.winner is None:
            st.turn.mr_monopoly_lock = False  # (nothing came up: the unlock step at once)
        else:
            agenda.insert(base, UnlockStep(player=p))

    def _step_unlock(self, s: UnlockStep) -> None:
        self.st.turn.mr_monopoly_lock = False

    def _step_bus_face(self, s: BusFaceStep) -> None:
        """T3.4: take a Bus Ticket or advance to the nearest Chance / Community Chest."""
        p = s.player
        if self._turn_over_for(p):
            return
        if self.st.decks.bus:
            self.wait(BusDecision(player=p, space=self.nearest_card_space(self.st.players[p].position),
                                  prompt=f"{self.name(p)}: Bus! Take a Bus Ticket, or ride to the next "
                                         "Chance / Community Chest?"))
        else:
            self.log(BusRidesOn(p))
            self.bus_advance(p)

    def bus_advance(self, p: int) -> None:
        dest = self.nearest_card_space(self.st.players[p].position)
        if dest is not None:
            self.push(MoveToStep(player=p, space=dest, dice=None))

    # -- the Auction space (S7) -----------------------------------------------------------------
    def land_on_auction(self, p: int, dice: int | None) -> None:
        bank = [i for i, d in self.st.deeds.items() if d.owner is None]
        if bank:
            if self.st.options.auctions:
                self.wait(AuctionPickDecision(player=p, prompt=f"{self.name(p)}: pick a bank deed to auction",
                                              choices=sorted(bank)))
            return
        deeds = self.st.deeds
        cands = [i for i, d in deeds.items() if d.owner not in (None, p) and not d.mortgaged
                 and not (self.st.options.no_rent_in_jail and self.st.players[d.owner].in_jail)]
        if not cands:
            self.log(NothingToAuction(p))
            return
        if dice is None and any(self.board.spaces[i].kind == "utility" for i in cands):
            dice = self.utility_roll(p)
        pos = self.st.players[p].position
        n = self.board.size
        best = max(cands, key=lambda i: (rent_due(self.ed, self.st, i, p, dice or 0), -((i - pos) % n or n)))
        self.log(HighestRent(p, best))
        self.push(MoveToStep(player=p, space=best, dice=dice))


def _arg(card: Card, value: int | None) -> int:
    """An argument ``card``'s effect needs (an edition is checked to give each effect its own,
    :class:`~megamono.rules.editions.Card`); ValueError if it is missing."""
    if value is None:
        raise ValueError(f"card {card.id}: its {card.effect} effect lacks an argument")
    return value
