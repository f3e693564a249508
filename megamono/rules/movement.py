"""Moving and landing (RULES.md T3.3, T3.4, T4, S2, S3, S5-S9): moves forward and back, GO salary
(T4), what each space does when landed on, Mr. Monopoly's move (T3.3) and the Bus face (T3.4).

Functions over the state and the edition; the moves a die roll starts are the turn's.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from . import cards, debt, jail
from .agenda import BackStep, BusFaceStep, MoveStep, MoveToStep, MrMonopolyStep, PayStep, UnlockStep
from .core import log, next_space, push, transfer, utility_roll, wait
from .decisions import AuctionPickDecision, BirthdayDecision, BusDecision, BuyDecision, IncomeTaxDecision
from .editions import Edition
from .events import (
    BusRidesOn,
    HighestRent,
    Moved,
    MovedBack,
    MrMonopolySends,
    MrMonopolyStays,
    NoBusTicket,
    NoRentInJail,
    NoRentMortgaged,
    NothingToAuction,
    RentClaimable,
)
from .rent import ceil_percent, rent_due, tax_worth
from .state import GameState, RentClaim


def salary(st: GameState, ed: Edition, p: int, landed: bool) -> None:
    """GO salary (T4); option ``double_salary_on_go`` pays double for landing exactly."""
    amount = ed.board.rules.salary
    if landed and st.options.double_salary_on_go:
        amount *= 2
    transfer(st, None, p, amount, "salary for passing GO" if not landed else "salary for landing on GO")


def move(st: GameState, ed: Edition, p: int, steps: int, dice: int | None) -> None:
    """Move forward ``steps`` spaces (dice moves), paying salary past GO, then land.

    ``dice`` is the total a utility's rent uses (R5). Landing follows at once (as the
    ``land`` step it once pushed would have, straight after)."""
    pl = st.players[p]
    n = ed.board.size
    dest = (pl.position + steps) % n
    passed = pl.position + steps >= n
    pl.position = dest
    log(st, Moved(p, dest))
    if passed:
        salary(st, ed, p, dest == 0)
    land(st, ed, p, dest, dice)


def step_move(st: GameState, ed: Edition, s: MoveStep) -> None:
    """The agenda's form of :meth:`move`."""
    move(st, ed, s.player, s.steps, s.dice)


def step_move_to(st: GameState, ed: Edition, s: MoveToStep) -> None:
    """The agenda's form of :meth:`move_to`."""
    move_to(st, ed, s.player, s.space, s.dice, s.rr, s.ucard)


def move_to(st: GameState, ed: Edition, p: int, dest: int, dice: int | None, rr: int = 1,
            ucard: bool = False) -> None:
    """Move forward to ``dest`` (salary when the move passes or lands on GO, T4), then land
    (``dice``, ``rr``, ``ucard`` as for :func:`land`)."""
    pl = st.players[p]
    passed = dest < pl.position or dest == 0
    pl.position = dest
    log(st, Moved(p, dest))
    if passed:
        salary(st, ed, p, dest == 0)
    land(st, ed, p, dest, dice, rr, ucard)


def step_back(st: GameState, ed: Edition, s: BackStep) -> None:
    """Go back ``steps`` spaces: never pays salary (T4, K3)."""
    pl = st.players[s.player]
    pl.position = (pl.position - s.steps) % ed.board.size
    log(st, MovedBack(s.player, pl.position))
    land(st, ed, s.player, pl.position, None)


def land(st: GameState, ed: Edition, p: int, space: int, dice: int | None, rr: int = 1, ucard: bool = False) -> None:
    """Resolve ``p`` landing on ``space`` (S): ``dice`` for a utility's rent (R5), ``rr`` the
    railroad rent multiplier and ``ucard`` the utility card's rent (K4, K5)."""
    board = ed.board
    if st.players[p].bankrupt:
        return
    sp = board.spaces[space]
    kind = sp.kind
    if sp.is_property:
        land_on_property(st, ed, p, space, dice, rr, ucard)
    elif kind == "tax":
        if sp.tax_percent:
            pct = ceil_percent(tax_worth(ed, st, p), sp.tax_percent)
            wait(st, IncomeTaxDecision(player=p, space=space, amounts={"flat": sp.tax, "percent": pct}))
        else:
            push(st, PayStep(player=p, creditors=[(None, sp.tax)], why=sp.name, fine=True))
    elif kind in ("chance", "community_chest"):
        cards.draw_card(st, ed, p, kind)
    elif kind == "go_to_jail":
        jail.go_to_jail(st, ed, p, "landed on Go To Jail")
    elif kind == "free_parking" and st.pot:
        pot, st.pot = st.pot, 0
        transfer(st, None, p, pot, "the Free Parking pot")
    elif kind == "auction":
        land_on_auction(st, ed, p, dice)
    elif kind == "bus_ticket":
        if st.decks.bus:
            cards.draw_bus_ticket(st, ed, p)
        else:
            log(st, NoBusTicket(p))
    elif kind == "birthday_gift":
        gift = board.rules.birthday_gift
        if st.decks.bus:
            wait(st, BirthdayDecision(player=p, space=space, amount=gift))
        else:
            transfer(st, None, p, gift, "Birthday Gift")


def land_on_property(st: GameState, ed: Edition, p: int, space: int, dice: int | None, rr: int = 1,
                     ucard: bool = False) -> None:
    """S1/S2: offer an unowned deed, or charge rent (R; K4 doubles, K5 10x a fresh roll)."""
    board = ed.board
    deed = st.deeds[space]
    sp = board.spaces[space]
    if deed.owner is None:
        st.pending = BuyDecision(player=p, space=space, amount=sp.price)
        return
    if deed.owner == p or deed.mortgaged:
        if deed.mortgaged and deed.owner != p:
            log(st, NoRentMortgaged(p, space))
        return
    if st.options.no_rent_in_jail and st.players[deed.owner].in_jail:
        log(st, NoRentInJail(p, space, deed.owner))
        return
    if sp.kind == "utility":
        if ucard:
            rent = board.rules.nearest_utility_multiplier * utility_roll(st, ed, p)
        else:
            rent = rent_due(ed, st, space, p, dice if dice is not None else utility_roll(st, ed, p))
    else:
        rent = rent_due(ed, st, space, p, 0, rr)
    if st.options.rent_must_be_claimed:
        st.claims.append(RentClaim(owner=deed.owner, payer=p, amount=rent, space=space))
        log(st, RentClaimable(player=deed.owner, space=space, rent=rent, tenant=p))
        return
    if 0 < rent <= st.players[p].cash:  # (pay's quick way: neither side is bankrupt)
        transfer(st, p, deed.owner, rent, "", rent_for=space)
    else:
        debt.pay(st, ed, p, [(deed.owner, rent)], "", rent_for=space)  # (as a pushed pay step, run next)


def nearest_card_space(st: GameState, ed: Edition, pos: int) -> int | None:
    """The nearest Chance or Community Chest space ahead of ``pos`` (T3.4), or None."""
    return next_space(ed, pos, lambda i: ed.board.spaces[i].kind in ("chance", "community_chest"))


def _turn_over_for(st: GameState, ed: Edition, p: int) -> bool:
    pl = st.players[p]
    return st.turn.ended or pl.bankrupt or pl.in_jail


def step_mr_monopoly(st: GameState, ed: Edition, s: MrMonopolyStep) -> None:
    """T3.3: advance to the next unowned property, else the next one owing rent, else stay."""
    p = s.player
    if _turn_over_for(st, ed, p):
        return
    pos = st.players[p].position
    deeds = st.deeds
    # the properties ahead in board order, up to but not including the token's own space: the
    # next unowned one, or if the only one is the token's own space, none (it stays)
    props = ed.board.properties
    ahead = props[bisect_right(props, pos):] + props[:bisect_left(props, pos)]
    target = None
    for i in ahead:
        if deeds[i].owner is None:
            target = i
            break
    here = deeds.get(pos)
    if target is None and (here is None or here.owner is not None):
        # every property is owned: the next one that would charge rent
        jailed_skip = st.options.no_rent_in_jail  # option O: skip jailed owners
        players = st.players
        for i in ahead:
            d = deeds[i]
            if (d.owner is not None and d.owner != p and not d.mortgaged
                    and not (jailed_skip and players[d.owner].in_jail)):
                target = i
                break
    if target is None:
        log(st, MrMonopolyStays(p))
        st.turn.mr_monopoly_lock = False
        return
    log(st, MrMonopolySends(p, target))
    # the move, then the unlock, as if pushed as steps (the agenda would run them next)
    agenda = st.agenda
    base = len(agenda)
    move_to(st, ed, p, target, s.dice)
    if st.pending is None and len(agenda) == base and st.winner is None:
        st.turn.mr_monopoly_lock = False  # (nothing came up: the unlock step at once)
    else:
        agenda.insert(base, UnlockStep(player=p))


def step_unlock(st: GameState, ed: Edition, s: UnlockStep) -> None:
    """T8: Mr. Monopoly's move is over: others may build again."""
    st.turn.mr_monopoly_lock = False


def step_bus_face(st: GameState, ed: Edition, s: BusFaceStep) -> None:
    """T3.4: take a Bus Ticket or advance to the nearest Chance / Community Chest."""
    p = s.player
    if _turn_over_for(st, ed, p):
        return
    if st.decks.bus:
        wait(st, BusDecision(player=p, space=nearest_card_space(st, ed, st.players[p].position)))
    else:
        log(st, BusRidesOn(p))
        bus_advance(st, ed, p)


def bus_advance(st: GameState, ed: Edition, p: int) -> None:
    """T3.4: ``p`` rides the Bus to the nearest Chance or Community Chest ahead."""
    dest = nearest_card_space(st, ed, st.players[p].position)
    if dest is not None:
        push(st, MoveToStep(player=p, space=dest, dice=None))


def land_on_auction(st: GameState, ed: Edition, p: int, dice: int | None) -> None:
    """S7: the Auction space: pick a bank deed to auction; none left, move to the highest rent due."""
    board = ed.board
    bank = [i for i, d in st.deeds.items() if d.owner is None]
    if bank:
        if st.options.auctions:
            wait(st, AuctionPickDecision(player=p, choices=sorted(bank)))
        return
    deeds = st.deeds
    cands = [i for i, d in deeds.items() if d.owner not in (None, p) and not d.mortgaged
             and not (st.options.no_rent_in_jail and st.players[d.owner].in_jail)]
    if not cands:
        log(st, NothingToAuction(p))
        return
    if dice is None and any(board.spaces[i].kind == "utility" for i in cands):
        dice = utility_roll(st, ed, p)
    pos = st.players[p].position
    n = board.size
    best = max(cands, key=lambda i: (rent_due(ed, st, i, p, dice or 0), -((i - pos) % n or n)))
    log(st, HighestRent(p, best))
    push(st, MoveToStep(player=p, space=best, dice=dice))
