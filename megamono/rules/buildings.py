"""Buildings (RULES.md B1-B6, B3.1): who may build (B1), building evenly (B2), hotels and
skyscrapers (B3, B3.1), the bank's supply of pieces (B4), selling to the bank (B5) and depots on
railroads (B6).

Functions over the state and the edition. A check (``why_not_...``) returns the reason an action is
not allowed, or None; an effect (``do_...``) changes the state and logs what happened.
"""

from __future__ import annotations

from .core import log, name, sname, transfer, why_not_spend
from .editions import Edition
from .events import BuildingSold, Built, DepotBuilt, SoldDown, commas, plural
from .rent import sale_value
from .state import GameState


def group_lots(st: GameState, ed: Edition, space: int) -> list[int]:
    """The lots (space indices, in board order) of ``space``'s colour group."""
    board = ed.board
    return board.groups[board.spaces[space].group]


def owned_lots(st: GameState, ed: Edition, space: int, owner: int) -> list[int]:
    """The lots of ``space``'s colour group that ``owner`` holds, in board order."""
    return [i for i in group_lots(st, ed, space) if st.deeds[i].owner == owner]


def _building_right(st: GameState, ed: Edition, lots: int, owned: int, mortgaged: bool) -> str | None:
    """B1, who may build on a group at all: the reason a builder may not, for a group of ``lots``
    lots of which the builder holds ``owned``, ``mortgaged`` when one of those is mortgaged, or None."""
    need = lots if ed.board.rules.building == "whole_group" else lots - 1
    if owned < need:
        what = "the whole colour group" if need == lots else "all lots of the group but one"
        return f"building needs {what} ({owned} of {lots} owned)"
    if mortgaged:
        return "no building while a lot of the group is mortgaged (B1)"
    return None


def why_not_build(st: GameState, ed: Edition, p: int, space: int, ignore_cash: bool = False) -> str | None:
    """Why ``p`` may not build one level on ``space`` now (B1-B4; cash aside when ``ignore_cash``), or None."""
    board = ed.board
    sp = board.spaces[space]
    deeds = st.deeds
    deed = deeds.get(space)
    if sp.kind != "street" or deed is None:
        return f"{sp.name} is not a street: only streets take houses"
    if deed.owner != p:
        return f"{name(st, p)} does not own {sp.name}"
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
    why = _building_right(st, ed, len(lots), owned, mortgaged)
    if why:
        return why
    if lvl >= board.max_level:
        return f"{sp.name} is fully built"
    if lower:
        return "build evenly: another lot of the group has fewer buildings (B2)"
    bank = st.bank
    if lvl < 4 and bank.houses < 1:
        return "the bank has no houses left (B4)"
    if lvl == 4 and bank.hotels < 1:
        return "the bank has no hotels left (B4)"
    if lvl == 5:
        if owned < len(lots):
            return "a skyscraper needs the whole colour group (B1)"
        if bank.skyscrapers < 1:
            return "the bank has no skyscrapers left (B4)"
    cash = st.players[p].cash
    if not ignore_cash and cash < sp.house_cost:
        return f"building costs ${commas(sp.house_cost)}; {name(st, p)} has ${commas(cash)}"
    return None if ignore_cash else why_not_spend(st, p, sp.house_cost)


def do_build(st: GameState, ed: Edition, p: int, space: int) -> None:
    """B1-B4: ``p`` pays the building cost and ``space`` goes up one level (a piece from the bank)."""
    deed = st.deeds[space]
    sp = ed.board.spaces[space]
    transfer(st, p, None, sp.house_cost, f"building on {sp.name}", space)
    return_pieces(st, ed, space, deed.level + 1) if deed.level < 5 else _to_skyscraper(st, ed, space)
    log(st, Built(p, space, deed.level))


def _to_skyscraper(st: GameState, ed: Edition, space: int) -> None:
    st.bank.hotels += 1
    st.bank.skyscrapers -= 1
    st.deeds[space].level = 6


def why_not_sell_building(st: GameState, ed: Edition, p: int, space: int) -> str | None:
    """Why ``p`` may not sell one level on ``space`` to the bank now (B5), or None."""
    deed = st.deeds.get(space)
    sp = ed.board.spaces[space]
    if deed is None or deed.owner != p:
        return f"{name(st, p)} does not own {sp.name}"
    if deed.level == 0:
        return f"{sp.name} has no buildings"
    levels = [st.deeds[i].level for i in owned_lots(st, ed, space, p)]
    if deed.level < max(levels):
        return "sell evenly: another lot of the group has more buildings (B2)"
    return None


def sell_down_plan(st: GameState, ed: Edition, p: int, space: int) -> dict[int, int] | None:
    """B5 when the bank lacks the pieces to step ``space`` down by one: the highest even
    levels (lot -> level) the bank's pieces allow with ``space`` lower than now, or None
    when the bank has what one step needs."""
    deed = st.deeds[space]
    bank = st.bank
    if not ((deed.level == 5 and bank.houses < 4) or (deed.level == 6 and bank.hotels < 1)):
        return None
    lots = owned_lots(st, ed, space, p)
    now = {i: st.deeds[i].level for i in lots}
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


def do_sell_building(st: GameState, ed: Edition, p: int, space: int) -> None:
    """B5: one level of ``space`` goes back to the bank for half its cost (others sold down to keep B2)."""
    deed = st.deeds[space]
    sp = ed.board.spaces[space]
    plan = sell_down_plan(st, ed, p, space)
    if plan is not None:
        sell_down(st, ed, p, plan)
        return
    if deed.level == 6:
        st.bank.skyscrapers += 1
        st.bank.hotels -= 1
        deed.level = 5
    else:
        return_pieces(st, ed, space, deed.level - 1)
    transfer(st, None, p, sp.house_cost // 2, f"building sold on {sp.name}", space)
    log(st, BuildingSold(p, space, deed.level))


def sell_down(st: GameState, ed: Edition, p: int, plan: dict[int, int]) -> None:
    """Take a group down to ``plan``'s levels, clearing first so pieces are counted right;
    every level removed pays half a step (B5)."""
    before = {i: st.deeds[i].level for i in plan}
    for i in plan:
        return_pieces(st, ed, i, 0)
    for i, lvl in plan.items():
        if lvl == 6:
            st.bank.skyscrapers -= 1
            st.deeds[i].level = 6
        else:
            return_pieces(st, ed, i, lvl)
    removed = sum(before[i] - plan[i] for i in plan)
    hc = ed.board.spaces[next(iter(plan))].house_cost
    transfer(st, None, p, removed * (hc // 2), f"{plural(removed, 'building level')} sold: the bank lacked pieces (B5)")
    log(st, SoldDown(p, list(plan.items())))


def why_not_sell_group_buildings(st: GameState, ed: Edition, p: int, space: int) -> str | None:
    """Why ``p`` may not sell every building in ``space``'s group now (B5), or None."""
    sp = ed.board.spaces[space]
    if sp.kind != "street" or st.deeds[space].owner != p:
        return f"{name(st, p)} does not own {sp.name}"
    if not any(st.deeds[i].level for i in owned_lots(st, ed, space, p)):
        return f"{name(st, p)} has no buildings in {sp.group}"
    return None


def do_sell_group_buildings(st: GameState, ed: Edition, p: int, space: int) -> None:
    """B5: every building in ``space``'s group goes back to the bank, at half its cost."""
    for i in owned_lots(st, ed, space, p):
        sell_lot_clear(st, ed, p, i)


def sell_lot_clear(st: GameState, ed: Edition, p: int, i: int) -> None:
    """Sell every level on lot ``i`` to the bank, half a step each (B5)."""
    deed = st.deeds[i]
    if deed.level:
        value = deed.level * (ed.board.spaces[i].house_cost // 2)
        return_pieces(st, ed, i, 0)
        transfer(st, None, p, value, f"all buildings on {sname(ed, i)} sold", i)


def why_not_build_depot(st: GameState, ed: Edition, p: int, space: int) -> str | None:
    """Why ``p`` may not build a depot on the railroad ``space`` now (B6), or None."""
    board = ed.board
    sp = board.spaces[space]
    deed = st.deeds.get(space)
    if not board.supply.depots:
        return "this edition has no depots"
    if sp.kind != "railroad" or deed is None or deed.owner != p:
        return f"{name(st, p)} does not own the railroad {sp.name}"
    if deed.mortgaged:
        return f"{sp.name} is mortgaged"
    if deed.depot:
        return f"{sp.name} already has a depot"
    if st.bank.depots < 1:
        return "the bank has no depots left (B4)"
    if st.players[p].cash < board.rules.depot_cost:
        return f"a depot costs ${commas(board.rules.depot_cost)}"
    return why_not_spend(st, p, board.rules.depot_cost)


def do_build_depot(st: GameState, ed: Edition, p: int, space: int) -> None:
    """B6: ``p`` pays for a depot on the railroad ``space`` (one from the bank)."""
    transfer(st, p, None, ed.board.rules.depot_cost, f"depot on {sname(ed, space)}", space)
    st.deeds[space].depot = True
    st.bank.depots -= 1
    log(st, DepotBuilt(p, space))


def why_not_sell_depot(st: GameState, ed: Edition, p: int, space: int) -> str | None:
    """Why ``p`` may not sell the depot on ``space`` now (B6), or None."""
    deed = st.deeds.get(space)
    if deed is None or deed.owner != p or not deed.depot:
        return f"{name(st, p)} has no depot on {sname(ed, space)}"
    return None


def do_sell_depot(st: GameState, ed: Edition, p: int, space: int) -> None:
    """B6: the depot on ``space`` goes back to the bank for half its price."""
    st.deeds[space].depot = False
    st.bank.depots += 1
    transfer(st, None, p, ed.board.rules.depot_cost // 2, f"depot on {sname(ed, space)} sold", space)


def sell_all_buildings_of(st: GameState, ed: Edition, p: int, why: str) -> None:
    """D3, D4: every building and depot of ``p`` goes back to the bank at half cost (``why``: the reason logged)."""
    for i, deed in st.deeds.items():
        if deed.owner == p and (deed.level or deed.depot):
            value = sale_value(ed, st, i)
            return_pieces(st, ed, i, 0)
            if deed.depot:
                deed.depot = False
                st.bank.depots += 1
            transfer(st, None, p, value, f"buildings on {sname(ed, i)} sold to the bank ({why})", i)


def return_pieces(st: GameState, ed: Edition, space: int, to_level: int) -> None:
    """Put a street's pieces above ``to_level`` back in the bank and set its level (no money)."""
    deed = st.deeds[space]
    bank = st.bank
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
