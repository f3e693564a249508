"""Mortgages (RULES.md M1-M3): mortgaging a deed for half its price (M1), lifting it for that plus
10%, rounded up (M2), and a mortgaged deed received in a trade or a bankruptcy (M3: unmortgage it,
or pay 10% and keep it mortgaged).

Functions over the state and the edition.
"""

from __future__ import annotations

from .agenda import MortgagedDeedStep, PayStep
from .core import name, pending_as, push, sname, transfer, wait, why_not_spend
from .decisions import MortgagedDeedDecision
from .editions import Edition
from .events import commas
from .rent import transfer_fee, unmortgage_cost
from .state import GameState


def why_not_mortgage(st: GameState, ed: Edition, p: int, space: int) -> str | None:
    """Why ``p`` may not mortgage ``space`` now (M1), or None."""
    board = ed.board
    deed = st.deeds.get(space)
    sp = board.spaces[space]
    if deed is None or deed.owner != p:
        return f"{name(st, p)} does not own {sp.name}"
    if deed.mortgaged:
        return f"{sp.name} is already mortgaged"
    if sp.kind == "street":
        deeds = st.deeds
        for i in board.groups[sp.group]:  # (any built lot of owned_lots(space, p))
            d = deeds[i]
            if d.owner == p and d.level:
                return f"sell the buildings in {sp.group} first (M1)"
    if deed.depot:
        return f"sell the depot on {sp.name} first (B6)"
    return None


def do_mortgage(st: GameState, ed: Edition, p: int, space: int) -> None:
    """M1: ``p`` receives the mortgage value of ``space`` from the bank."""
    st.deeds[space].mortgaged = True
    transfer(st, None, p, ed.board.spaces[space].mortgage, f"mortgage on {sname(ed, space)}", space)


def why_not_unmortgage(st: GameState, ed: Edition, p: int, space: int) -> str | None:
    """Why ``p`` may not lift the mortgage on ``space`` now (M2), or None."""
    deed = st.deeds.get(space)
    if deed is None or deed.owner != p:
        return f"{name(st, p)} does not own {sname(ed, space)}"
    if not deed.mortgaged:
        return f"{sname(ed, space)} is not mortgaged"
    cost = unmortgage_cost(ed, space)
    if st.players[p].cash < cost:
        return f"unmortgaging costs ${commas(cost)} (M2); {name(st, p)} has ${commas(st.players[p].cash)}"
    return why_not_spend(st, p, cost)


def do_unmortgage(st: GameState, ed: Edition, p: int, space: int) -> None:
    """M2: ``p`` pays the mortgage value plus 10% (rounded up) and ``space`` is unmortgaged."""
    transfer(st, p, None, unmortgage_cost(ed, space), f"unmortgaging {sname(ed, space)}", space)
    st.deeds[space].mortgaged = False


def step_mortgaged_deed(st: GameState, ed: Edition, s: MortgagedDeedStep) -> None:
    """The agenda's form of :func:`offer_mortgaged_deed`."""
    offer_mortgaged_deed(st, ed, s.player, s.space, s.keep)


def offer_mortgaged_deed(st: GameState, ed: Edition, p: int, space: int, keep: bool) -> None:
    """M3 for a deed ``p`` received mortgaged: unmortgage it or pay 10% and keep it mortgaged
    (``keep``: that choice is made already, the 10% is due)."""
    if st.players[p].bankrupt or st.deeds[space].owner != p or not st.deeds[space].mortgaged:
        return
    fee = transfer_fee(ed, space)
    if keep:
        push(st, PayStep(player=p, creditors=[(None, fee)], why=f"10% to keep {sname(ed, space)} mortgaged"))
        return
    wait(st, MortgagedDeedDecision(player=p, space=space,
                                   amounts={"unmortgage": unmortgage_cost(ed, space), "keep": fee}))


def why_not_mortgaged_deed_choice(st: GameState, ed: Edition, p: int, choice: str) -> str | None:
    """M3: unmortgaging needs the cash; the reason, or None."""
    if choice == "unmortgage":
        cost = pending_as(st, MortgagedDeedDecision).amounts["unmortgage"]
        if st.players[p].cash < cost:
            return f"unmortgaging costs ${commas(cost)}; {name(st, p)} has ${commas(st.players[p].cash)}"
        return why_not_spend(st, p, cost)
    return None


def do_mortgaged_deed_choice(st: GameState, ed: Edition, p: int, choice: str) -> None:
    """M3: ``p`` unmortgages the deed received, or pays 10% and keeps it mortgaged."""
    space = pending_as(st, MortgagedDeedDecision).space
    st.pending = None
    if choice == "unmortgage":
        do_unmortgage(st, ed, p, space)
    else:
        push(st, PayStep(player=p, creditors=[(None, transfer_fee(ed, space))],
                          why=f"10% to keep {sname(ed, space)} mortgaged (M3)"))
