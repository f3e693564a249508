"""Rent (RULES.md R1-R6), and the sums other areas ask of a state: worth for the Income Tax, the
most a player could raise, mortgage and unmortgage sums. Pure functions over an edition and a state.
"""

from __future__ import annotations

from .editions import Edition
from .state import GameState


def ceil_percent(amount: int, percent: int) -> int:
    """``percent`` % of ``amount`` dollars, rounded up to whole dollars (S3, M2, M3)."""
    return -(-amount * percent // 100)


def unmortgage_cost(edition: Edition, space: int) -> int:
    """Mortgage value + 10%, rounded up (M2): $175 -> $193."""
    m = edition.board.spaces[space].mortgage or 0
    return m + ceil_percent(m, 10)


def transfer_fee(edition: Edition, space: int) -> int:
    """10% of the mortgage value, rounded up: the fee to keep a received deed mortgaged (M3)."""
    return ceil_percent(edition.board.spaces[space].mortgage or 0, 10)


def group_holding(edition: Edition, state: GameState, space: int, owner: int) -> tuple[int, int]:
    """(lots of ``space``'s colour group owned by ``owner``, lots in the group); mortgaged count."""
    board = edition.board
    lots = board.groups[board.spaces[space].group]
    return sum(1 for i in lots if state.deeds[i].owner == owner), len(lots)


def count_owned(state: GameState, indices: list[int], owner: int) -> int:
    """How many of ``indices`` belong to ``owner`` (mortgaged ones count: R3, R4)."""
    return sum(1 for i in indices if state.deeds[i].owner == owner)


def rent_due(edition: Edition, state: GameState, space: int, payer: int,
             dice_total: int = 0, railroad_multiplier: int = 1) -> int:
    """Rent in dollars that ``payer`` owes for landing on ``space`` now (R1-R6).

    0 when the deed is unowned, the payer's own, or mortgaged. ``dice_total`` is the
    total R5 names (utilities only); ``railroad_multiplier`` is 2 for the nearest-railroad
    card (K4).
    """
    deed = state.deeds.get(space)
    if deed is None or deed.owner is None or deed.owner == payer or deed.mortgaged:
        return 0
    board = edition.board
    sp = board.spaces[space]
    rules = board.rules
    owner = deed.owner
    if sp.kind == "street":
        if deed.level > 0:
            return sp.rents[deed.level]
        deeds = state.deeds
        lots = board.groups[sp.group]
        owned = 0  # (group_holding)
        for i in lots:
            if deeds[i].owner == owner:
                owned += 1
        return sp.rents[0] * rules.unbuilt_multipliers.get(str(len(lots) - owned), 1)
    if sp.kind == "railroad":
        n = count_owned(state, board.railroads, owner)
        rent = rules.railroad_rents[min(n, len(rules.railroad_rents)) - 1]
        if deed.depot:
            rent *= 2
        return rent * railroad_multiplier
    if sp.kind == "utility":
        n = count_owned(state, board.utilities, owner)
        return rules.utility_multipliers[min(n, len(rules.utility_multipliers)) - 1] * dice_total
    return 0


def building_value(edition: Edition, state: GameState, space: int) -> int:
    """Cost of the buildings on a deed: level x house cost, a depot at its price (S3, E2)."""
    deed = state.deeds[space]
    board = edition.board
    sp = board.spaces[space]
    value = deed.level * (sp.house_cost or 0)
    if deed.depot:
        value += board.rules.depot_cost
    return value


def tax_worth(edition: Edition, state: GameState, player: int) -> int:
    """[Mega] Tax worth (S3): cash + printed price of every deed owned + cost of every building."""
    total = state.players[player].cash
    spaces = edition.board.spaces
    for i, deed in state.deeds.items():
        if deed.owner == player:
            total += (spaces[i].price or 0) + building_value(edition, state, i)
    return total


def sale_value(edition: Edition, state: GameState, space: int) -> int:
    """What selling every building on a deed to the bank pays: half a step a level, depot half (B5, B6)."""
    deed = state.deeds[space]
    board = edition.board
    value = deed.level * ((board.spaces[space].house_cost or 0) // 2)
    if deed.depot:
        value += board.rules.depot_cost // 2
    return value


def max_raisable(edition: Edition, state: GameState, player: int) -> int:
    """Cash a player could hold after selling every building and mortgaging every deed (D2)."""
    total = state.players[player].cash
    board = edition.board
    spaces = board.spaces
    for i, deed in state.deeds.items():
        if deed.owner == player:
            # sale_value(edition, state, i), written out: a debt asks for this over every deed
            total += deed.level * ((spaces[i].house_cost or 0) // 2)
            if deed.depot:
                total += board.rules.depot_cost // 2
            if not deed.mortgaged:
                total += spaces[i].mortgage or 0
    return total
