"""Buying, building, selling, mortgaging, levelling (RULES.md S1, B1-B6, B8, M1-M3)."""

from __future__ import annotations

from .core import Core, commas
from .events import (
    BuildingSold,
    Built,
    DeclinesToBuy,
    DepotBuilt,
    GroupAlreadyEven,
    HandsBack,
    Levelled,
    Rearranged,
    SoldDown,
    level_name,
)
from .rent import transfer_fee, unmortgage_cost
from .state import Step


class PropertyMixin(Core):
    """Checks return a reason string when an action is not allowed, or None when it is."""

    def group_lots(self, space: int) -> list[int]:
        return self.board.groups[self.board.spaces[space].group]

    def owned_lots(self, space: int, owner: int) -> list[int]:
        """The lots of ``space``'s colour group that ``owner`` holds, in board order."""
        return [i for i in self.group_lots(space) if self.st.deeds[i].owner == owner]

    def _building_right(self, lots: int, owned: int, mortgaged: bool) -> str | None:
        """B1, who may build on a group at all: the reason a builder may not, for a group of ``lots``
        lots of which the builder holds ``owned``, ``mortgaged`` when one of those is mortgaged, or None."""
        need = lots if self.board.rules.building == "whole_group" else lots - 1
        if owned < need:
            what = "the whole colour group" if need == lots else "all lots of the group but one"
            return f"building needs {what} ({owned} of {lots} owned)"
        if mortgaged:
            return "no building while a lot of the group is mortgaged (B1)"
        return None

    # -- build / sell (B1-B5) -------------------------------------------------------------------
    def why_not_build(self, p: int, space: int, ignore_cash: bool = False) -> str | None:
        board = self.board
        sp = board.spaces[space]
        deeds = self.st.deeds
        deed = deeds.get(space)
        if sp.kind != "street" or deed is None:
            return f"{sp.name} is not a street: only streets take houses"
        if deed.owner != p:
            return f"{self.name(p)} does not own {sp.name}"
        lvl = deed.level
        lots = board.groups[sp.group]
        owned = 0  # the group's lots p holds, one of them mortgaged, one with fewer buildings
        mortgaged = lower = False
        for i in lots:
            d = deeds[i]
            if d.owner == p:
                owned += 1
                if d.mortgaged:
                    mortgaged = True
                if d.level < lvl:
                    lower = True
        why = self._building_right(len(lots), owned, mortgaged)
        if why:
            return why
        if lvl >= board.max_level:
            return f"{sp.name} is fully built"
        if lower:
            return "build evenly: another lot of the group has fewer buildings (B2)"
        bank = self.st.bank
        if lvl < 4 and bank.houses < 1:
            return "the bank has no houses left (B4)"
        if lvl == 4 and bank.hotels < 1:
            return "the bank has no hotels left (B4)"
        if lvl == 5:
            if owned < len(lots):
                return "a skyscraper needs the whole colour group (B1)"
            if bank.skyscrapers < 1:
                return "the bank has no skyscrapers left (B4)"
        cash = self.st.players[p].cash
        if not ignore_cash and cash < sp.house_cost:
            return f"building costs ${commas(sp.house_cost)}; {self.name(p)} has ${commas(cash)}"
        return None

    def do_build(self, p: int, space: int) -> None:
        st = self.st
        deed = st.deeds[space]
        sp = self.board.spaces[space]
        self.transfer(p, None, sp.house_cost, f"building on {sp.name}", space)
        self.return_pieces(space, deed.level + 1) if deed.level < 5 else self._to_skyscraper(space)
        self.log(Built(p, space, deed.level))

    def _to_skyscraper(self, space: int) -> None:
        self.st.bank.hotels += 1
        self.st.bank.skyscrapers -= 1
        self.st.deeds[space].level = 6

    level_name = staticmethod(level_name)  # (the words of B3, made in events.py; the app shows them too)

    def why_not_sell_building(self, p: int, space: int) -> str | None:
        deed = self.st.deeds.get(space)
        sp = self.board.spaces[space]
        if deed is None or deed.owner != p:
            return f"{self.name(p)} does not own {sp.name}"
        if deed.level == 0:
            return f"{sp.name} has no buildings"
        levels = [self.st.deeds[i].level for i in self.owned_lots(space, p)]
        if deed.level < max(levels):
            return "sell evenly: another lot of the group has more buildings (B2)"
        return None

    def sell_down_plan(self, p: int, space: int) -> dict[int, int] | None:
        """B5 when the bank lacks the pieces to step ``space`` down by one: the highest even
        levels (lot -> level) the bank's pieces allow with ``space`` lower than now, or None
        when the bank has what one step needs."""
        deed = self.st.deeds[space]
        bank = self.st.bank
        if not ((deed.level == 5 and bank.houses < 4) or (deed.level == 6 and bank.hotels < 1)):
            return None
        lots = self.owned_lots(space, p)
        now = {i: self.st.deeds[i].level for i in lots}
        houses = bank.houses + sum(v for v in now.values() if v <= 4)
        hotels = bank.hotels + sum(1 for v in now.values() if v == 5)
        skys = sum(1 for v in now.values() if v == 6)
        k = len(lots)
        # lots other than ``space`` take the extra level first, the most valuable (last) first
        order = [i for i in reversed(lots) if i != space] + [space]
        for total in range(sum(now.values()) - 1, -1, -1):
            base, extra = divmod(total, k)
            plan = {i: base + (1 if j < extra else 0) for j, i in enumerate(order)}
            if plan[space] >= now[space] or any(plan[i] > now[i] for i in lots):
                continue
            if (sum(v for v in plan.values() if v <= 4) <= houses
                    and sum(1 for v in plan.values() if v == 5) <= hotels
                    and sum(1 for v in plan.values() if v == 6) <= skys):
                return plan
        return {i: 0 for i in lots}

    def do_sell_building(self, p: int, space: int) -> None:
        deed = self.st.deeds[space]
        sp = self.board.spaces[space]
        plan = self.sell_down_plan(p, space)
        if plan is not None:
            self.sell_down(p, plan)
            return
        if deed.level == 6:
            self.st.bank.skyscrapers += 1
            self.st.bank.hotels -= 1
            deed.level = 5
        else:
            self.return_pieces(space, deed.level - 1)
        self.transfer(None, p, sp.house_cost // 2, f"building sold on {sp.name}", space)
        self.log(BuildingSold(p, space, deed.level))

    def sell_down(self, p: int, plan: dict[int, int]) -> None:
        """Take a group down to ``plan``'s levels, clearing first so pieces are counted right;
        every level removed pays half a step (B5)."""
        before = {i: self.st.deeds[i].level for i in plan}
        for i in plan:
            self.return_pieces(i, 0)
        for i, lvl in plan.items():
            if lvl == 6:
                self.st.bank.skyscrapers -= 1
                self.st.deeds[i].level = 6
            else:
                self.return_pieces(i, lvl)
        removed = sum(before[i] - plan[i] for i in plan)
        hc = self.board.spaces[next(iter(plan))].house_cost
        self.transfer(None, p, removed * (hc // 2), f"{removed} building levels sold: the bank lacked pieces (B5)")
        self.log(SoldDown(p, list(plan.items())))

    def why_not_sell_group_buildings(self, p: int, space: int) -> str | None:
        sp = self.board.spaces[space]
        if sp.kind != "street" or self.st.deeds[space].owner != p:
            return f"{self.name(p)} does not own {sp.name}"
        if not any(self.st.deeds[i].level for i in self.owned_lots(space, p)):
            return f"{self.name(p)} has no buildings in {sp.group}"
        return None

    def do_sell_group_buildings(self, p: int, space: int) -> None:
        for i in self.owned_lots(space, p):
            self.sell_lot_clear(p, i)

    def sell_lot_clear(self, p: int, i: int) -> None:
        """Sell every level on lot ``i`` to the bank, half a step each (B5)."""
        deed = self.st.deeds[i]
        if deed.level:
            value = deed.level * (self.board.spaces[i].house_cost // 2)
            self.return_pieces(i, 0)
            self.transfer(None, p, value, f"all buildings on {self.sname(i)} sold", i)

    # -- depots (B6) ----------------------------------------------------------------------------
    def why_not_build_depot(self, p: int, space: int) -> str | None:
        sp = self.board.spaces[space]
        deed = self.st.deeds.get(space)
        if not self.board.supply.depots:
            return "this edition has no depots"
        if sp.kind != "railroad" or deed is None or deed.owner != p:
            return f"{self.name(p)} does not own the railroad {sp.name}"
        if deed.mortgaged:
            return f"{sp.name} is mortgaged"
        if deed.depot:
            return f"{sp.name} already has a depot"
        if self.st.bank.depots < 1:
            return "the bank has no depots left (B4)"
        if self.st.players[p].cash < self.board.rules.depot_cost:
            return f"a depot costs ${commas(self.board.rules.depot_cost)}"
        return None

    def do_build_depot(self, p: int, space: int) -> None:
        self.transfer(p, None, self.board.rules.depot_cost, f"depot on {self.sname(space)}", space)
        self.st.deeds[space].depot = True
        self.st.bank.depots -= 1
        self.log(DepotBuilt(p, space))

    def why_not_sell_depot(self, p: int, space: int) -> str | None:
        deed = self.st.deeds.get(space)
        if deed is None or deed.owner != p or not deed.depot:
            return f"{self.name(p)} has no depot on {self.sname(space)}"
        return None

    def do_sell_depot(self, p: int, space: int) -> None:
        self.st.deeds[space].depot = False
        self.st.bank.depots += 1
        self.transfer(None, p, self.board.rules.depot_cost // 2, f"depot on {self.sname(space)} sold", space)

    # -- mortgages (M1, M2) -----------------------------------------------------------------------
    def why_not_mortgage(self, p: int, space: int) -> str | None:
        deed = self.st.deeds.get(space)
        sp = self.board.spaces[space]
        if deed is None or deed.owner != p:
            return f"{self.name(p)} does not own {sp.name}"
        if deed.mortgaged:
            return f"{sp.name} is already mortgaged"
        if sp.kind == "street":
            deeds = self.st.deeds
            for i in self.board.groups[sp.group]:  # (any built lot of owned_lots(space, p))
                d = deeds[i]
                if d.owner == p and d.level:
                    return f"sell the buildings in {sp.group} first (M1)"
        if deed.depot:
            return f"sell the depot on {sp.name} first (B6)"
        return None

    def do_mortgage(self, p: int, space: int) -> None:
        self.st.deeds[space].mortgaged = True
        self.transfer(None, p, self.board.spaces[space].mortgage, f"mortgage on {self.sname(space)}", space)

    def why_not_unmortgage(self, p: int, space: int) -> str | None:
        deed = self.st.deeds.get(space)
        if deed is None or deed.owner != p:
            return f"{self.name(p)} does not own {self.sname(space)}"
        if not deed.mortgaged:
            return f"{self.sname(space)} is not mortgaged"
        cost = unmortgage_cost(self.ed, space)
        if self.st.players[p].cash < cost:
            return f"unmortgaging costs ${commas(cost)} (M2); {self.name(p)} has ${commas(self.st.players[p].cash)}"
        return None

    def do_unmortgage(self, p: int, space: int) -> None:
        self.transfer(p, None, unmortgage_cost(self.ed, space), f"unmortgaging {self.sname(space)}", space)
        self.st.deeds[space].mortgaged = False

    # -- buying (S1) -------------------------------------------------------------------------------
    def why_not_buy(self, p: int) -> str | None:
        price = self.st.pending.amount
        if self.st.players[p].cash < price:
            have = commas(self.st.players[p].cash)
            return f"{self.name(p)} has ${have} of the ${commas(price)}: raise money or auction it"
        return None

    def do_buy(self, p: int) -> None:
        space = self.st.pending.space
        self.st.pending = None
        self.transfer(p, None, self.board.spaces[space].price, f"buys {self.sname(space)}", space)
        self.st.deeds[space].owner = p
        self.settle_received(p, space)

    def do_decline_buy(self, p: int) -> None:
        space = self.st.pending.space
        self.st.pending = None
        self.log(DeclinesToBuy(p, space))
        if self.st.options.auctions:
            self.push(self.step("auction", p, space=space))

    # -- receiving deeds: levelling (B8) and mortgaged deeds (M3) ---------------------------------------
    def after_receiving(self, p: int, spaces: list[int], forced: bool) -> list[Step]:
        """Steps owed after ``p`` gains ``spaces``: B8 checks, then M3 choices."""
        steps = []
        for i in spaces:
            if self.board.rules.levelling and self.board.spaces[i].kind == "street":
                steps.append(self.step("levelling", p, space=i, forced=forced,
                                       mortgaged=self.st.deeds[i].mortgaged))
            elif self.st.deeds[i].mortgaged:
                steps.append(self.step("mortgaged_deed", p, space=i))
        return steps

    def settle_received(self, p: int, space: int) -> None:
        """:meth:`after_receiving` for one deed gained by choice, run now rather than pushed: for a
        caller whose agenda would run those steps next (a buy, an auction's grant)."""
        if self.board.rules.levelling and self.board.spaces[space].kind == "street":
            self.check_levelling(p, space, False, self.st.deeds[space].mortgaged)
        elif self.st.deeds[space].mortgaged:
            self.offer_mortgaged_deed(p, space, False)

    def levelling_need(self, p: int, space: int) -> int:
        """Highest level on the other lots when ``space`` completes a built group, else 0 (B8)."""
        deeds = self.st.deeds
        high = 0
        for i in self.group_lots(space):
            d = deeds[i]
            if d.owner != p:
                return 0
            if i != space and d.level > high:
                high = d.level
        return high

    def _step_levelling(self, s: Step) -> None:
        self.check_levelling(s.player, s.data["space"], s.data["forced"], s.data.get("mortgaged", True))

    def check_levelling(self, p: int, space: int, forced: bool, received_mortgaged: bool) -> None:
        """B8 for ``space`` just gained by ``p``: ask how to make a built group even, or M3 for a
        deed received mortgaged (``forced``: gained by a forced transfer)."""
        if self.st.players[p].bankrupt or self.st.deeds[space].owner != p:
            return
        high = self.levelling_need(p, space)
        mortgaged = self.st.deeds[space].mortgaged
        if high == 0 or (high == 1 and not mortgaged):
            if mortgaged and received_mortgaged:  # M3 is for a deed received mortgaged
                self.push(self.step("mortgaged_deed", p, space=space))
            elif high == 1:
                self.log(GroupAlreadyEven(p, space))
            return
        hc = self.board.spaces[space].house_cost
        amounts = {"build": (high - 1) * hc, "houses": max(high - 1, 0),
                   "unmortgage": unmortgage_cost(self.ed, space) if mortgaged else 0}
        self.wait("levelling", p, f"{self.name(p)}: {self.sname(space)} completes your built "
                  f"{self.board.spaces[space].group} group: make it even (B8)",
                  space=space, forced=forced, amounts=amounts)

    def why_not_level(self, p: int, choice: str) -> str | None:
        pend = self.st.pending
        space = pend.space
        mortgaged = self.st.deeds[space].mortgaged
        high = self.levelling_need(p, space)
        cash = self.st.players[p].cash
        build_cost = max(high - 1, 0) * self.board.spaces[space].house_cost
        unm = unmortgage_cost(self.ed, space)
        if choice == "return":
            return None if pend.forced else "only a deed gained by a forced transfer can be handed back"
        if choice in ("build", "rearrange") and mortgaged:
            return "the lot is mortgaged: unmortgage it first, or sell the group's buildings"
        if choice in ("unmortgage", "unmortgage_build", "unmortgage_rearrange", "sell_all") and not mortgaged:
            return "the lot is not mortgaged"
        if choice == "unmortgage" and high > 1:
            return "the group would not be even: build or rearrange as well"
        # "rearrange" stays open even then: it is the way out if the group came down meanwhile
        if choice in ("build", "unmortgage_build", "unmortgage_rearrange") and high < 2:
            return "the group is already even"
        need = (unm if choice.startswith("unmortgage") else 0) + (build_cost if choice.endswith("build") else 0)
        if choice.endswith("build") and self.st.bank.houses < high - 1:
            return f"the bank has {self.st.bank.houses} houses; {high - 1} are needed"
        if cash < need:
            return f"that costs ${commas(need)}; {self.name(p)} has ${commas(cash)}"
        return None

    def do_level(self, p: int, choice: str) -> None:
        space = self.st.pending.space
        self.st.pending = None
        if choice == "return":
            d = self.st.deeds[space]
            d.owner, d.mortgaged = None, False
            self.log(HandsBack(p, space))
            if self.st.options.auctions:
                self.push(self.step("auction", p, space=space))
            return
        if choice.startswith("unmortgage"):
            self.do_unmortgage(p, space)
            choice = choice.removeprefix("unmortgage").lstrip("_") or "none"
        if choice == "build":
            high = self.levelling_need(p, space)
            self.transfer(p, None, (high - 1) * self.board.spaces[space].house_cost,
                          f"levelling: {high - 1} houses on {self.sname(space)}", space)
            self.return_pieces(space, high - 1)
            self.log(Levelled(p, space, high - 1))
        elif choice == "rearrange":
            self.rearrange(p, space)
        elif choice == "sell_all":
            for i in self.group_lots(space):
                self.sell_lot_clear(p, i)
            self.push(self.step("mortgaged_deed", p, space=space, keep=True))

    def rearrange(self, p: int, space: int) -> None:
        """B8 (b): sell hotels and skyscrapers, spread the houses evenly over every lot.

        Decision: the spare houses go to the lots farthest along the board.
        """
        lots = self.group_lots(space)
        houses = 0
        for i in lots:
            d = self.st.deeds[i]
            if d.level >= 5:
                self.sell_lot_clear(p, i)
            else:
                houses += d.level
                self.st.bank.houses += d.level
                d.level = 0
        k = len(lots)
        for j, i in enumerate(lots):
            lvl = houses // k + (1 if j >= k - houses % k else 0)
            self.return_pieces(i, lvl)
        self.log(Rearranged(p, self.board.spaces[space].group, [(i, self.st.deeds[i].level) for i in lots]))

    def _step_mortgaged_deed(self, s: Step) -> None:
        self.offer_mortgaged_deed(s.player, s.data["space"], s.data.get("keep", False))

    def offer_mortgaged_deed(self, p: int, space: int, keep: bool) -> None:
        """M3 for a deed ``p`` received mortgaged: unmortgage it or pay 10% and keep it mortgaged
        (``keep``: that choice is made already, the 10% is due)."""
        if self.st.players[p].bankrupt or self.st.deeds[space].owner != p or not self.st.deeds[space].mortgaged:
            return
        fee = transfer_fee(self.ed, space)
        if keep:
            self.push(self.step("pay", p, creditors=[[None, fee]], why=f"10% to keep {self.sname(space)} mortgaged"))
            return
        self.wait("mortgaged_deed", p, f"{self.name(p)}: {self.sname(space)} comes mortgaged: unmortgage it"
                  f" (${commas(unmortgage_cost(self.ed, space))}) or pay ${commas(fee)} and keep it mortgaged (M3)",
                  space=space, amounts={"unmortgage": unmortgage_cost(self.ed, space), "keep": fee})

    def why_not_mortgaged_deed_choice(self, p: int, choice: str) -> str | None:
        if choice == "unmortgage":
            cost = self.st.pending.amounts["unmortgage"]
            if self.st.players[p].cash < cost:
                return f"unmortgaging costs ${commas(cost)}; {self.name(p)} has ${commas(self.st.players[p].cash)}"
        return None

    def do_mortgaged_deed_choice(self, p: int, choice: str) -> None:
        space = self.st.pending.space
        self.st.pending = None
        if choice == "unmortgage":
            self.do_unmortgage(p, space)
        else:
            self.push(self.step("pay", p, creditors=[[None, transfer_fee(self.ed, space)]],
                                why=f"10% to keep {self.sname(space)} mortgaged (M3)"))


