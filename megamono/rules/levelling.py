"""Levelling (RULES.md B8): when a player gains the last lot of a colour group they have built on,
the group is made even at once (build up, rearrange, unmortgage first, sell everything or, for a
deed gained by a forced transfer, hand it back), and a deed received mortgaged is then settled.

Functions over the state and the edition.
"""

from __future__ import annotations

from . import buildings, mortgages
from .agenda import AgendaStep, AuctionStep, LevellingStep, MortgagedDeedStep
from .core import log, name, pending_as, push, sname, transfer, wait, why_not_spend
from .decisions import LevellingDecision
from .editions import Edition
from .events import GroupAlreadyEven, HandsBack, Levelled, Rearranged, commas, plural
from .rent import unmortgage_cost
from .state import GameState


def after_receiving(st: GameState, ed: Edition, p: int, spaces: list[int], forced: bool) -> list[AgendaStep]:
    """Steps owed after ``p`` gains ``spaces``: B8 checks, then M3 choices."""
    board = ed.board
    steps: list[AgendaStep] = []
    for i in spaces:
        if board.rules.levelling and board.spaces[i].kind == "street":
            steps.append(LevellingStep(player=p, space=i, forced=forced,
                                       mortgaged=st.deeds[i].mortgaged))
        elif st.deeds[i].mortgaged:
            steps.append(MortgagedDeedStep(player=p, space=i))
    return steps


def settle_received(st: GameState, ed: Edition, p: int, space: int) -> None:
    """:meth:`after_receiving` for one deed gained by choice, run now rather than pushed: for a
    caller whose agenda would run those steps next (a buy, an auction's grant)."""
    board = ed.board
    if board.rules.levelling and board.spaces[space].kind == "street":
        check_levelling(st, ed, p, space, False, st.deeds[space].mortgaged)
    elif st.deeds[space].mortgaged:
        mortgages.offer_mortgaged_deed(st, ed, p, space, False)


def levelling_need(st: GameState, ed: Edition, p: int, space: int) -> int:
    """Highest level on the other lots when ``space`` completes a built group, else 0 (B8)."""
    deeds = st.deeds
    high = 0
    for i in buildings.group_lots(st, ed, space):
        d = deeds[i]
        if d.owner != p:
            return 0
        if i != space and d.level > high:
            high = d.level
    return high


def step_levelling(st: GameState, ed: Edition, s: LevellingStep) -> None:
    """The agenda's form of :func:`check_levelling`."""
    check_levelling(st, ed, s.player, s.space, s.forced, s.mortgaged)


def check_levelling(st: GameState, ed: Edition, p: int, space: int, forced: bool, received_mortgaged: bool) -> None:
    """B8 for ``space`` just gained by ``p``: ask how to make a built group even, or M3 for a
    deed received mortgaged (``forced``: gained by a forced transfer)."""
    board = ed.board
    if st.players[p].bankrupt or st.deeds[space].owner != p:
        return
    high = levelling_need(st, ed, p, space)
    mortgaged = st.deeds[space].mortgaged
    if high == 0 or (high == 1 and not mortgaged):
        if mortgaged and received_mortgaged:  # M3 is for a deed received mortgaged
            push(st, MortgagedDeedStep(player=p, space=space))
        elif high == 1:
            log(st, GroupAlreadyEven(p, space))
        return
    hc = board.spaces[space].house_cost
    amounts = {"build": (high - 1) * hc, "houses": max(high - 1, 0),
               "unmortgage": unmortgage_cost(ed, space) if mortgaged else 0}
    wait(st, LevellingDecision(player=p, space=space, forced=forced, amounts=amounts))


def why_not_level(st: GameState, ed: Edition, p: int, choice: str) -> str | None:
    """Why ``p`` may not level the group this way (``choice``, B8) now, or None."""
    pend = pending_as(st, LevellingDecision)
    space = pend.space
    mortgaged = st.deeds[space].mortgaged
    high = levelling_need(st, ed, p, space)
    cash = st.players[p].cash
    build_cost = max(high - 1, 0) * ed.board.spaces[space].house_cost
    unm = unmortgage_cost(ed, space)
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
    if choice.endswith("build") and st.bank.houses < high - 1:
        need = high - 1
        return f"the bank has {plural(st.bank.houses, 'house')}; {need} {'is' if need == 1 else 'are'} needed"
    if cash < need:
        return f"that costs ${commas(need)}; {name(st, p)} has ${commas(cash)}"
    # A3: building and unmortgaging may not take a high bidder below their bid ("rearrange" and
    # "sell_all" cost nothing: there is always a way to level)
    return why_not_spend(st, p, need) if need else None


def do_level(st: GameState, ed: Edition, p: int, choice: str) -> None:
    """B8: ``p`` makes the group even by ``choice``: build up, rearrange, unmortgage first, sell all or hand back."""
    space = pending_as(st, LevellingDecision).space
    st.pending = None
    if choice == "return":
        d = st.deeds[space]
        d.owner, d.mortgaged = None, False
        log(st, HandsBack(p, space))
        if st.options.auctions:
            push(st, AuctionStep(player=p, space=space))
        return
    if choice.startswith("unmortgage"):
        mortgages.do_unmortgage(st, ed, p, space)
        choice = choice.removeprefix("unmortgage").lstrip("_") or "none"
    if choice == "build":
        high = levelling_need(st, ed, p, space)
        transfer(st, p, None, (high - 1) * ed.board.spaces[space].house_cost,
                      f"levelling: {plural(high - 1, 'house')} on {sname(ed, space)}", space)
        buildings.return_pieces(st, ed, space, high - 1)
        log(st, Levelled(p, space, high - 1))
    elif choice == "rearrange":
        rearrange(st, ed, p, space)
    elif choice == "sell_all":
        for i in buildings.group_lots(st, ed, space):
            buildings.sell_lot_clear(st, ed, p, i)
        push(st, MortgagedDeedStep(player=p, space=space, keep=True))


def rearrange(st: GameState, ed: Edition, p: int, space: int) -> None:
    """B8 (b): sell hotels and skyscrapers, spread the houses evenly over every lot.

    Decision: the spare houses go to the lots farthest along the board.
    """
    lots = buildings.group_lots(st, ed, space)
    houses = 0
    for i in lots:
        d = st.deeds[i]
        if d.level >= 5:
            buildings.sell_lot_clear(st, ed, p, i)
        else:
            houses += d.level
            st.bank.houses += d.level
            d.level = 0
    k = len(lots)
    for j, i in enumerate(lots):
        lvl = houses // k + (1 if j >= k - houses % k else 0)
        buildings.return_pieces(st, ed, i, lvl)
    log(st, Rearranged(p, ed.board.spaces[space].group, [(i, st.deeds[i].level) for i in lots]))
