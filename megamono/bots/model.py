"""What the computer players know about a board: groups, dice odds, rents and deed values.

Everything here only *reads* a :class:`~megamono.rules.engine.Game`; nothing changes its state.
A bot keeps what it derives in its :class:`Memory` (its own, or one shared by the bots of a game):
the edition's :class:`Board`, computed once, and a :class:`View` of the deeds, brought up to date
from the events the game logged since the memory last looked (``Event.deeds_changed``). Nothing is
kept at module level. The value functions take a hypothetical owner map so trades and auctions can
be judged before they happen.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from operator import itemgetter
from types import MappingProxyType
from typing import TYPE_CHECKING

from megamono.rules.rent import unmortgage_cost
from megamono.rules.state import DeedState

from .offers import OfferLedger

if TYPE_CHECKING:  # pragma: no cover
    from megamono.rules.editions import Edition
    from megamono.rules.engine import Game
    from megamono.rules.events import Event

# A deed's (owner, mortgaged, built or with a depot): what a trade search reads of it.
DeedSig = tuple[int | None, bool, bool]
# A next build: (house cost, lot, rent gained per dollar); see SpendingMixin._build_options.
BuildOption = tuple[int, int, float]
# A colour group one trade could complete: (group, lots missing, [(holder, the holder's lots there)]).
TradeTarget = tuple[str, int, list[tuple[int, list[int]]]]
# What a trade's deeds are worth: (proposer, partner, deeds given, deeds taken, their mortgaged flags).
DeedDeltasKey = tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[bool, ...]]

# Two white dice: total -> probability.
TWO_DICE: Mapping[int, float] = MappingProxyType({t: (6 - abs(t - 7)) / 36 for t in range(2, 13)})
# A typical total used for utility rent when judging risk (two dice 7, three dice ~8).
UTILITY_GUESS: Mapping[bool, int] = MappingProxyType({True: 8, False: 7})


def _steps_with_speed_die() -> Mapping[int, float]:
    """The steps of one ordinary throw with the Speed Die (its symbols count 0; doubles ignored):
    total -> probability, in the order of the white dice's totals, then the Speed Die's."""
    speed = {0: 0.5, 1: 1 / 6, 2: 1 / 6, 3: 1 / 6}
    dist: dict[int, float] = {}
    for w, pw in TWO_DICE.items():
        for s, ps in speed.items():
            dist[w + s] = dist.get(w + s, 0.0) + pw * ps
    return MappingProxyType(dist)


# The steps of one ordinary throw, with the Speed Die (True) or without: total -> probability.
THROW_STEPS: Mapping[bool, Mapping[int, float]] = MappingProxyType({True: _steps_with_speed_die(), False: TWO_DICE})


class Board:
    """Edition facts the bots use, computed once (an :class:`Edition` is frozen)."""

    def __init__(self, ed: Edition) -> None:
        self.ed = ed
        eb = ed.board  # (the edition as plain objects: quicker to read than its models)
        self.size = eb.size
        self.speed = eb.rules.speed_die
        self.groups: dict[str, list[int]] = eb.groups
        self.group_of: dict[int, str] = {i: g for g, lots in eb.groups.items() for i in lots}
        whole = eb.rules.building == "whole_group"
        self.need: dict[str, int] = {g: len(lots) if whole else len(lots) - 1 for g, lots in eb.groups.items()}
        self.price: dict[int, int] = {i: eb.spaces[i].price or 0 for i in eb.properties}
        self.mortgage: dict[int, int] = {i: eb.spaces[i].mortgage or 0 for i in eb.properties}
        self.group_price: dict[str, int] = {g: sum(self.price[i] for i in lots) for g, lots in eb.groups.items()}
        self.house_cost: dict[str, int] = {g: eb.spaces[lots[0]].house_cost or 0 for g, lots in eb.groups.items()}
        self.railroads = list(eb.railroads)
        self.utilities = list(eb.utilities)
        self.kind = [s.kind for s in eb.spaces]
        self.start_cash = eb.rules.starting_cash
        self.least_reserve = int(self.start_cash * 0.06)  # the strong bot's reserve is never less
        self.salary = eb.rules.salary
        self.jail_fine = eb.rules.jail_fine
        self.birthday_gift = eb.rules.birthday_gift
        self.depot_cost = eb.rules.depot_cost
        self.depots = eb.supply.depots  # how many depots the box holds (0: no depots)
        # the steps of one ordinary throw (doubles and the Speed Die's symbols ignored)
        self.throw = THROW_STEPS[self.speed]
        self.reach = max(self.throw)
        self.utility_guess = UTILITY_GUESS[self.speed]
        self.potential: dict[str, float] = {g: self.build_potential(g) for g in eb.groups}
        self.rents: dict[int, list[int]] = {i: list(eb.spaces[i].rents or []) for i in eb.properties}
        self.unbuilt_mult: dict[int, int] = {int(k): v for k, v in eb.rules.unbuilt_multipliers.items()}
        self.rr_rents = list(eb.rules.railroad_rents)
        self.util_mult = list(eb.rules.utility_multipliers)
        self.unmortgage_cost: dict[int, int] = {i: unmortgage_cost(ed, i) for i in eb.properties}
        # the deeds whose rents depend on one another: each colour group, the railroads, the utilities
        self.families: list[tuple[list[int], str]] = (
            [(lots, "street") for lots in eb.groups.values()]
            + [(lots, kind) for lots, kind in ((self.railroads, "railroad"), (self.utilities, "utility")) if lots])
        self.family_of: dict[int, int] = {i: f for f, (lots, _) in enumerate(self.families) for i in lots}
        # the family of each colour group (its index in ``families``)
        self.group_f: dict[str, int] = {g: self.family_of[lots[0]] for g, lots in eb.groups.items()}
        # the colour group of each family (None: the railroads, the utilities), and the families
        # of the railroads and of the utilities (None when the edition has none)
        self.family_group: list[str | None] = [
            self.group_of[lots[0]] if kind == "street" else None for lots, kind in self.families]
        self.rail_f = self.family_of[self.railroads[0]] if self.railroads else None
        self.util_f = self.family_of[self.utilities[0]] if self.utilities else None
        self.deed_pos: dict[int, int] = {i: k for k, i in enumerate(eb.properties)}
        # from each space: the spaces one throw reaches (in the order of ``throw``, whose odds are
        # ``throw_odds``) and the spaces 2..reach ahead; and the same as functions picking those
        # spaces' entries out of a list by space (each picks two entries or more: a tuple)
        size, totals = self.size, list(self.throw)
        self.throw_odds = list(self.throw.values())
        ring = list(range(size)) * (2 + self.reach // size)  # ring[pos + d] == (pos + d) % size
        ahead = [ring[pos + 2:pos + self.reach + 1] for pos in range(size)]
        self.pick_ahead: list[Callable[[Sequence[int]], tuple[int, ...]]] = [itemgetter(*idx) for idx in ahead]
        if totals == list(range(2, self.reach + 1)):  # every total from 2 up (both editions)
            self.throw_to, self.pick_throw = ahead, self.pick_ahead
        else:
            self.throw_to = [[ring[pos + d] for d in totals] for pos in range(size)]
            self.pick_throw = [itemgetter(*idx) for idx in self.throw_to]

    def build_potential(self, group: str) -> float:
        """Dollar worth of having building rights on ``group`` (the bots' rule of thumb)."""
        lots = self.groups[group]
        return self.group_price[group] * 0.9 + self.house_cost[group] * len(lots) * 0.6


# ----------------------------------------------------------------------------- the deeds, read once
class OwnerMemo:
    """The bots' results that depend only on who owns what (:attr:`View.owner_memo`), one dict
    (or value) per kind of result: kept while no deed changes hands."""

    __slots__ = ("mortgage_order", "tally", "groups", "group_list", "deed_value", "deed_deltas",
                 "trade_targets", "unowned_share")

    def __init__(self) -> None:
        # (the bot class's mortgage_keep_value, seat) -> the seat's deeds in mortgage order
        self.mortgage_order: dict[tuple[object, int], list[int]] = {}
        self.tally: dict[int, dict[int, tuple[int, int]]] = {}  # family -> View.tally
        self.groups: dict[int, set[str]] = {}  # seat -> View.building_groups
        self.group_list: dict[int, list[str]] = {}  # seat -> View.building_group_list
        # (seat, space, block, the active seats) -> deed_value
        self.deed_value: dict[tuple[int, int, float, tuple[int, ...]], float] = {}
        self.deed_deltas: dict[DeedDeltasKey, tuple[float, float]] = {}  # TradingMixin._deed_deltas
        self.trade_targets: dict[int, list[TradeTarget]] = {}  # seat -> TradingMixin._trade_targets
        self.unowned_share: float | None = None  # StrongBot.unowned_share


class FamilyMemo:
    """The bots' results that depend only on who owns what and on the deeds of one family
    (:meth:`View.family_memo`), one dict per kind of result."""

    __slots__ = ("build_option", "tradeable", "depot_lots")

    def __init__(self) -> None:
        self.build_option: dict[int, BuildOption | None] = {}  # seat -> SpendingMixin._build_option
        self.tradeable: dict[tuple[int, int], bool] = {}  # (holder, space) -> TradingMixin._tradeable
        self.depot_lots: dict[int, list[int]] = {}  # seat -> SpendingMixin._depot_lots


class View:
    """What the bots derive from the deeds of a game at one moment.

    :meth:`Memory.view` gives the view of a game's deeds as they are now: the same object while no
    deed has changed, else a new one that redoes only what the changed deeds touch (those the
    events logged since name). Holds:

    - ``owners``: deed index -> owner seat (None = the bank), like :func:`owners_of`;
    - ``mortgaged``, ``built``: the mortgaged deeds, the deeds with buildings (sets of deed indices);
    - ``group_owners``: colour group -> the owners of its lots, in board order;
    - ``visitor_rents``: the rent a player who does not own the space pays on each space
      (utilities at a typical dice total), by space index;
    - per player, built on first use: :meth:`rents`, the deeds
      owned and mortgaged, the colour groups with building rights and those with buildings;
    - the trade signature (:meth:`trade_signature`), kept while no deed changes, and
      ``owner_memo`` (:class:`OwnerMemo`): the bots' own results that depend only on who owns
      what, kept while no deed changes hands;
      :meth:`family_memo` holds those that depend only on one family of deeds (a colour group,
      the railroads, the utilities) and who owns what, kept while no deed of that family changes.

    Nothing in a view may be changed by its readers.
    """

    def __init__(self, game: Game, board: Board | None = None) -> None:
        """The view of ``game``'s deeds now; ``board``: the edition's :class:`Board`, when the
        caller has it."""
        self.deeds = deeds = game.st.deeds
        self.board = b = Board(game.ed) if board is None else board
        self.owners = owners = {i: d.owner for i, d in deeds.items()}
        self.owned: dict[int, list[int]] = {}
        for i, q in owners.items():
            if q is not None:
                self.owned.setdefault(q, []).append(i)
        self.group_owners = {g: [owners[i] for i in lots] for g, lots in b.groups.items()}
        self.owner_memo = OwnerMemo()
        self.mortgaged = {i for i, d in deeds.items() if d.mortgaged}
        self._mortgaged_of: dict[int, list[int]] = {}  # kept while no deed changes hands or mortgage
        self.built = {i for i, d in deeds.items() if d.level}
        self._built_groups: dict[int, list[str]] = {}  # kept while no deed changes hands or is
        # first built on or cleared
        self.visitor_rents = vr = [0] * b.size
        for family in b.families:
            _fill_rents(b, deeds, family, vr)
        self._rents: dict[int, list[int]] = {}
        self._sig: list[DeedSig] | None = None
        self._trade_sig: tuple[DeedSig, ...] | None = None
        self._family_memo: list[FamilyMemo | None] = [None] * len(b.families)

    def family_memo(self, f: int) -> FamilyMemo:
        """The bots' results that depend only on who owns what and on the deeds of family ``f``
        (an index into ``board.families``): the same dict in the views brought up to date from
        this one until a deed of ``f`` changes or any deed changes hands."""
        m = self._family_memo[f]
        if m is None:
            m = self._family_memo[f] = FamilyMemo()
        return m

    def updated(self, ch: Collection[int]) -> View:
        """The view after the deeds ``ch`` (space indices; any others are as they were) changed."""
        new = object.__new__(View)
        new.deeds, new.board = self.deeds, self.board
        deeds, b = self.deeds, self.board
        owners, mortgaged, built, family_of = self.owners, self.mortgaged, self.built, b.family_of
        # the deeds that changed hands, were mortgaged or lifted, first built on or cleared
        moved: list[int] = []
        lifted: list[int] = []
        levelled: list[int] = []
        changed_families: set[int] = set()
        for i in ch:
            d = deeds[i]
            if d.owner != owners[i]:
                moved.append(i)
            if d.mortgaged != (i in mortgaged):
                lifted.append(i)
            if (d.level > 0) != (i in built):
                levelled.append(i)
            changed_families.add(family_of[i])
        if moved:  # who owns what changed: redo the deeds' owners and their groups' owners
            new.owners = owners = dict(owners)
            new.owned = owned = dict(self.owned)
            new.group_owners = group_owners = dict(self.group_owners)
            group_of, groups = b.group_of, b.groups
            for i in moved:
                was = owners[i]
                owners[i] = q = deeds[i].owner
                if was is not None:
                    owned[was] = [j for j in owned[was] if j != i]
                if q is not None:
                    owned[q] = sorted(owned.get(q, []) + [i])  # board order
                g = group_of.get(i)
                if g is not None:
                    group_owners[g] = [owners[j] for j in groups[g]]
            new.owner_memo = OwnerMemo()
        else:
            new.owners, new.owned, new.group_owners, new.owner_memo = (
                owners, self.owned, self.group_owners, self.owner_memo)
        new.mortgaged = mortgaged.symmetric_difference(lifted) if lifted else mortgaged
        new._mortgaged_of = {} if moved or lifted else self._mortgaged_of
        new.built = built.symmetric_difference(levelled) if levelled else built
        new._built_groups = {} if moved or levelled else self._built_groups
        old_vr = self.visitor_rents
        new.visitor_rents = vr = list(old_vr)
        families = b.families
        for f in changed_families:
            _fill_rents(b, deeds, families[f], vr)
        new._rents = rents = {}
        if not moved and self._rents:
            # each player's rents so far, with the changed visitor rents of the deeds others own
            # written in (the same list when none: a player's own building leaves its rents)
            diff = [i for f in changed_families for i in families[f][0] if vr[i] != old_vr[i]]
            for q, r in self._rents.items():
                others = [i for i in diff if owners[i] != q]
                if others:
                    r = list(r)
                    for i in others:
                        r[i] = vr[i]
                rents[q] = r
        new._sig = None
        if self._sig is not None:
            new._sig = sig = list(self._sig)
            pos = b.deed_pos
            for i in ch:
                d = deeds[i]
                sig[pos[i]] = (d.owner, d.mortgaged, d.level > 0 or d.depot)
        new._trade_sig = None
        if moved:
            new._family_memo = [None] * len(families)
        else:  # what depends on other families than the changed ones stays
            new._family_memo = fm = list(self._family_memo)
            for f in changed_families:
                fm[f] = None
        return new

    def rents(self, p: int) -> list[int]:
        """Rent ``p`` would owe on each space now (0 where none is owed).

        The same sums as :func:`megamono.rules.rent.rent_due` (utilities at a typical dice total),
        computed for the whole board at once (and kept until a deed changes: :meth:`Memory.view`).
        The list is shared: do not change it.
        """
        r = self._rents.get(p)
        if r is None:
            r = list(self.visitor_rents)
            for i in self.owned.get(p, ()):
                r[i] = 0
            self._rents[p] = r
        return r

    def owned_by(self, p: int) -> list[int]:
        """``p``'s deeds, in board order."""
        return self.owned.get(p, [])

    def mortgaged_of(self, p: int) -> list[int]:
        """``p``'s mortgaged deeds, in board order."""
        out = self._mortgaged_of.get(p)
        if out is None:
            mortgaged = self.mortgaged
            out = self._mortgaged_of[p] = [i for i in self.owned.get(p, ()) if i in mortgaged]
        return out

    def built_groups(self, p: int) -> list[str]:
        """The colour groups in which ``p``'s lots have buildings, in board order."""
        out = self._built_groups.get(p)
        if out is None:
            owners, group_of = self.owners, self.board.group_of
            mine = {group_of[i] for i in self.built if owners[i] == p}
            out = self._built_groups[p] = [g for g in self.board.groups if g in mine]
        return out

    def tally(self, family: int) -> dict[int, tuple[int, int]]:
        """Owner -> (how many, prices summed) of the deeds of ``family`` (an index into
        ``board.families``) that owner holds; kept while no deed changes hands."""
        memo = self.owner_memo.tally
        out = memo.get(family)
        if out is None:
            out = memo[family] = {}
            owners, price = self.owners, self.board.price
            for i in self.board.families[family][0]:
                q = owners[i]
                if q is not None:
                    k, s = out.get(q, (0, 0))
                    out[q] = (k + 1, s + price[i])
        return out

    def building_groups(self, p: int) -> set[str]:
        """The colour groups on which ``p`` holds building rights (owns the lots B1 needs)."""
        memo = self.owner_memo.groups
        out = memo.get(p)
        if out is None:
            out = memo[p] = set(self.building_group_list(p))
        return out

    def building_group_list(self, p: int) -> list[str]:
        """:meth:`building_groups` in board order."""
        memo = self.owner_memo.group_list
        out = memo.get(p)
        if out is None:
            need = self.board.need
            out = memo[p] = [g for g, lot_owners in self.group_owners.items()
                                          if lot_owners.count(p) >= need[g]]
        return out

    def trade_signature(self) -> tuple[DeedSig, ...]:
        """(owner, mortgaged, built or with a depot) of every deed, in board order: what a trade
        search reads."""
        t = self._trade_sig
        if t is None:
            if self._sig is None:
                self._sig = [(d.owner, d.mortgaged, d.level > 0 or d.depot) for d in self.deeds.values()]
            t = self._trade_sig = tuple(self._sig)
        return t


class Memory:
    """What a bot derives from the game it last looked at: the edition's :class:`Board` and a
    :class:`View` of the deeds, kept for that game and brought up to date from its log.

    A bot has one (``Bot.memory``); the bots of one game may share one (``play_bot_game``, the app),
    so that what one works out the others need not. Asked about another game (or the same game
    whose state was replaced: a load, an undo), it starts again from that game's deeds. It follows
    the changes the engine makes (the log names them); a deed changed by hand, as a test's set-up
    does, is seen only by a memory that has not looked at the game yet.
    """

    __slots__ = ("_board", "_view", "_log", "_seen", "_awaited", "_offers")
    _view: View  # (set whenever ``_log`` is; read only then)

    def __init__(self) -> None:
        self._board: Board | None = None
        self._log: list[Event] | None = None  # the log of the game the view is of
        self._seen = 0  # how much of it the view has read
        self._awaited: list[int] = []  # the deeds that awaited their grant after an auction then
        self._offers: OfferLedger | None = None

    def board(self, game: Game) -> Board:
        """The :class:`Board` of ``game``'s edition (computed once per edition object)."""
        b = self._board
        if b is None or b.ed is not game.ed:
            b = self._board = Board(game.ed)
        return b

    def offers(self, game: Game) -> OfferLedger:
        """The :class:`~megamono.bots.offers.OfferLedger` of ``game``, brought up to date from its log
        (it starts again by itself for another game's log)."""
        ledger = self._offers
        if ledger is None:
            ledger = self._offers = OfferLedger()
        return ledger.update(game)

    def view(self, game: Game) -> View:
        """The :class:`View` of ``game``'s deeds as they are now: the last one while the game has
        logged nothing since, else that one brought up to date for the deeds the events logged
        since name (and any deed awaiting its grant: ``Game.deeds_awaiting_grant``), else a new one."""
        st = game.st
        log = st.log
        if log is self._log:
            seen = self._seen
            n = len(log)
            if n == seen:
                return self._view  # (the quick way: nothing happened since)
            v = self._view
            if n > seen and v.deeds is st.deeds:
                self._seen = n
                changed: set[int] | None = None
                for ev in log[seen:]:
                    if ev.changes_deeds:
                        named = ev.deeds_changed()
                        if named:
                            if changed is None:
                                changed = set(named)
                            else:
                                changed.update(named)
                if changed is None and not self._awaited:
                    return v
                if changed is None:
                    changed = set(self._awaited)
                else:
                    changed.update(self._awaited)
                self._awaited = game.deeds_awaiting_grant()
                v = self._view = v.updated(changed)
                return v
        v = self._view = View(game, self.board(game))
        self._log, self._seen, self._awaited = log, len(log), game.deeds_awaiting_grant()
        return v


def _fill_rents(b: Board, deeds: Mapping[int, DeedState], family: tuple[list[int], str],
                out: list[int] | dict[int, int]) -> None:
    """Write into ``out`` the rent a non-owner pays on each deed of ``family`` (a colour group,
    the railroads or the utilities): 0 on bank or mortgaged deeds."""
    lots, kind = family
    ds = [deeds[i] for i in lots]
    owners = [d.owner for d in ds]
    if kind == "street":
        rents, mult = b.rents, b.unbuilt_mult
        for i, d, q in zip(lots, ds, owners, strict=False):
            if q is None or d.mortgaged:
                out[i] = 0
            else:
                out[i] = rents[i][d.level] if d.level else rents[i][0] * mult.get(len(lots) - owners.count(q), 1)
        return
    table = b.rr_rents if kind == "railroad" else b.util_mult
    for i, d, q in zip(lots, ds, owners, strict=False):
        if q is None or d.mortgaged:
            out[i] = 0
            continue
        r = table[min(owners.count(q), len(table)) - 1]
        if kind == "utility":
            r *= b.utility_guess
        elif d.depot:
            r *= 2
        out[i] = r


# ----------------------------------------------------------------------------- values
def holding_value(b: Board, p: int, owners: Mapping[int, int | None], groups: Iterable[str] | None = None,
                  transport: bool = True) -> float:
    """What ``p``'s deeds are worth to ``p`` under ``owners``, on the board ``b``: prices plus group
    bonuses.

    Only the colour ``groups`` named (default: all) and, with ``transport``, railroads and
    utilities are counted, so a trade can be judged on what it touches.
    """
    price = b.price
    glots = b.groups
    get = owners.get
    total = 0.0
    for g in (glots if groups is None else groups):
        k = s = 0
        for i in glots[g]:
            if get(i) == p:
                k += 1
                s += price[i]
        if k:
            total = _add_group(total, b, g, k, s)
    if transport:
        total = _add_transport(total, _count_and_price(b.railroads, get, p, price),
                               _count_and_price(b.utilities, get, p, price))
    return total


def _add_group(total: float, b: Board, g: str, k: int, s: int) -> float:
    """``total`` plus the holding value of ``k`` > 0 lots of colour group ``g`` priced ``s`` in all."""
    total += s
    need = b.need[g]
    n = len(b.groups[g])
    if k >= need:
        bp = b.potential[g]
        total += bp
        if k == n and need < n:
            total += 0.25 * bp  # [Mega] the whole group: triple rent, skyscrapers
    elif k == need - 1:
        total += 0.2 * b.potential[g]
    elif k == need - 2 and need >= 3:
        total += 0.05 * b.potential[g]
    return total


def _add_transport(total: float, railroads: tuple[int, int], utilities: tuple[int, int]) -> float:
    """``total`` plus the holding value of railroads and utilities: (how many, prices summed) of each."""
    k, s = railroads
    if k:
        total += s * (1 + 0.2 * (k - 1))
    k, s = utilities
    if k:
        total += s * (0.75 + 0.15 * (k - 1))
    return total


def _count_and_price(lots: Iterable[int], owner_of: Callable[[int], int | None], p: int,
                     price: dict[int, int]) -> tuple[int, int]:
    """How many of ``lots`` ``p`` owns (``owner_of``: deed -> owner) and their prices summed."""
    k = s = 0
    for i in lots:
        if owner_of(i) == p:
            k += 1
            s += price[i]
    return k, s


def gain_of(b: Board, p: int, before: Mapping[int, int | None], after: Mapping[int, int | None],
            spaces: Collection[int]) -> float:
    """Change of ``p``'s holding value (board ``b``) when ownership goes from ``before`` to ``after``."""
    group_of = b.group_of
    groups = dict.fromkeys(group_of[i] for i in spaces if i in group_of)  # in a fixed order: sums of floats
    transport = any(i not in group_of for i in spaces)
    return (holding_value(b, p, after, groups, transport)
            - holding_value(b, p, before, groups, transport))


def moves_gain(v: View, p: int, moves: Mapping[int, int | None]) -> float:
    """:func:`gain_of` for ``p`` when the deeds of ``moves`` go from their owners in the view
    ``v`` to their new owners (deed -> new owner; the spaces in the order of ``moves``), worked
    out from the view's tallies: the same sums in the same order."""
    b = v.board
    owners, price, family_of = v.owners, b.price, b.family_of
    delta: dict[int, list[int]] = {}  # family -> change of p's (count, prices summed) there
    for i, q in moves.items():
        f = family_of[i]
        d = delta.get(f)
        if d is None:
            d = delta[f] = [0, 0]
        if owners[i] == p:
            d[0] -= 1
            d[1] -= price[i]
        if q == p:
            d[0] += 1
            d[1] += price[i]
    before = after = 0.0
    transport = False
    for f, (dk, ds) in delta.items():
        g = b.family_group[f]
        if g is None:
            transport = True
            continue
        k, s = v.tally(f).get(p, (0, 0))
        if k:
            before = _add_group(before, b, g, k, s)
        if k + dk:
            after = _add_group(after, b, g, k + dk, s + ds)
    if transport:
        rail = (0, 0) if b.rail_f is None else v.tally(b.rail_f).get(p, (0, 0))
        util = (0, 0) if b.util_f is None else v.tally(b.util_f).get(p, (0, 0))
        before = _add_transport(before, rail, util)
        # (no railroads or no utilities on the board: no change there, as for a family not in delta)
        dr = (0, 0) if b.rail_f is None else delta.get(b.rail_f, (0, 0))
        du = (0, 0) if b.util_f is None else delta.get(b.util_f, (0, 0))
        after = _add_transport(after, (rail[0] + dr[0], rail[1] + dr[1]), (util[0] + du[0], util[1] + du[1]))
    return after - before


def deed_value(v: View, game: Game, p: int, space: int, block: float = 0.35) -> float:
    """What gaining the bank deed ``space`` is worth to ``p``: its own worth plus a share of
    what it would have been worth to the opponent who gains most from it (blocking). ``v``: the
    view of ``game``'s deeds now. Kept until a deed changes hands (or a player leaves the game)."""
    active = game.st.active_players()
    memo = v.owner_memo.deed_value
    key = (p, space, block, tuple(active))
    value = memo.get(key)
    if value is not None:
        return value
    b = v.board
    # gain_of(game, q, owners, owners with ``space`` going to q, (space,)) for each q, from the
    # count and prices of q's deeds in the space's family (the same sums as holding_value's)
    g = b.group_of.get(space)
    price = b.price[space]
    was = v.owners[space]
    if g is not None:
        tally = v.tally(b.family_of[space])

        def gain(q: int) -> float:
            if q == was:
                return 0.0
            k, s = tally.get(q, (0, 0))
            return _add_group(0.0, b, g, k + 1, s + price) - (_add_group(0.0, b, g, k, s) if k else 0.0)
    else:
        rails = {} if b.rail_f is None else v.tally(b.rail_f)
        utils = {} if b.util_f is None else v.tally(b.util_f)
        rail = space in b.railroads

        def gain(q: int) -> float:
            if q == was:
                return 0.0
            kr, sr = rails.get(q, (0, 0))
            ku, su = utils.get(q, (0, 0))
            after = (_add_transport(0.0, (kr + 1, sr + price), (ku, su)) if rail
                     else _add_transport(0.0, (kr, sr), (ku + 1, su + price)))
            return after - _add_transport(0.0, (kr, sr), (ku, su))

    mine = gain(p)
    best_other = 0.0
    for q in active:
        if q == p:
            continue
        best_other = max(best_other, gain(q) - price)
    value = memo[key] = mine + block * best_other
    return value


def final_worths(game: Game) -> dict[int, int]:
    return {q: game.final_worth(q) for q in game.st.active_players()}
