"""The strong computer player's spending: unmortgaging, building and depots when its reserve
allows, one action per decision (see :mod:`megamono.bots.strong`).

A turn often holds a run of builds, one house per decision, each chosen by the same rule from
nearly the same position. When :meth:`SpendingMixin.manage_spending` chooses a build it notes a
:class:`BuildRun`; at the next decision, if that build is the only change since (the events logged
since name only the built lot, one level up; the player stands where it stood and has no more
cash), the next build is picked from the noted options with only the built group's redone, and the
bot's View is not brought up to date for it (its next reader does that once for the whole run).
The choice is the one the full rule makes; see :meth:`SpendingMixin._next_build`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from megamono.rules.actions import Action, Build, BuildDepot, Unmortgage
from megamono.rules.events import Event
from megamono.rules.state import DeedState

from .base import Bot
from .model import Board, BuildOption, Memory, View, _fill_rents

if TYPE_CHECKING:  # pragma: no cover
    from megamono.rules.engine import Game


class BuildRun:
    """A build :meth:`SpendingMixin.manage_spending` chose, and what it chose it from: the
    ``builds`` (:meth:`SpendingMixin._build_options`) of seat ``p`` standing on ``position`` with
    ``cash`` and ``reserve``, the deeds (``deeds``, of one game) being as when its ``log`` was
    ``seen`` events long; the build is on ``lot``, now at ``level``, ``builds[k]`` its option.
    Noted only when no unmortgage came before the builds and no deed awaited its grant after an
    auction (a grant the events of its action do not name)."""

    __slots__ = ("deeds", "log", "seen", "p", "position", "cash", "reserve", "builds", "k", "lot", "level")

    def __init__(self, deeds: dict[int, DeedState], log: list[Event], p: int, position: int, cash: int,
                 reserve: int, builds: list[BuildOption], k: int) -> None:
        self.deeds, self.log, self.seen, self.p, self.position = deeds, log, len(log), p, position
        self.cash, self.reserve, self.builds, self.k = cash, reserve, builds, k
        self.lot = lot = builds[k][1]
        self.level = deeds[lot].level


class SpendingMixin(Bot):
    """Unmortgaging, building and depots of :class:`~megamono.bots.strong.StrongBot`. Uses the
    bot's ``reserve``; keeps the last build chosen (:class:`BuildRun`)."""

    if TYPE_CHECKING:  # pragma: no cover  (the bot's: StrongBot.reserve)
        def reserve(self, game: Game, p: int, rents: list[int] | None = None) -> int: ...

    def __init__(self, seed: int, memory: Memory | None = None) -> None:
        super().__init__(seed, memory)
        self._run: BuildRun | None = None

    def manage_spending(self, game: Game, p: int) -> Action | None:
        """Unmortgage, build, or build a depot when the reserve allows; one action at a time.

        In order: the cheapest lot of a group with building rights to unmortgage; the build with
        the best rent per dollar; a depot; the best deed to unmortgage (:meth:`_unmortgages`).
        """
        run = self._run
        if run is not None:
            self._run = None
            a = self._next_build(game, p, run)
            if a is not None:
                return a
        v = self.view_of(game)
        mortgaged, builds, depots = v.mortgaged_of(p), self._build_options(game, p, v), self._depot_lots(game, p, v)
        if not (mortgaged or builds or depots):
            return None  # nothing to spend on (the reserve is not needed)
        # the reserve is at least 6% of the starting cash: when even the cheapest spend leaves
        # less than that, nothing is affordable (and the reserve need not be worked out)
        b = v.board
        pl = game.st.players[p]
        cash = pl.cash
        depot_cost = b.depot_cost
        costs = [*map(b.unmortgage_cost.__getitem__, mortgaged)]
        if builds:
            costs.append(min(builds)[0])  # the cheapest build (builds are (cost, lot, ratio))
        if depots:
            costs.append(depot_cost + 100)
        least = cash - min(costs)
        if least < b.least_reserve:
            return None
        reserve = self.reserve(game, p)
        if least < reserve:  # every spend below leaves the reserve or more: none is affordable
            return None
        in_groups, anywhere = self._unmortgages(v, p, mortgaged, cash, reserve) if mortgaged else (None, None)
        if in_groups is not None and game.why_not(in_groups) is None:
            return in_groups
        if builds:
            a, k = self._build(game, p, builds, cash, reserve)
            if a is not None:
                if in_groups is None and not game.deeds_awaiting_grant():
                    st = game.st
                    self._run = BuildRun(deeds=st.deeds, log=st.log, p=p, position=pl.position, cash=cash,
                                         reserve=reserve, builds=builds, k=k)
                return a
        return self._depot(game, p, depots, cash - depot_cost >= reserve + 100) or self._allowed(game, anywhere)

    def _next_build(self, game: Game, p: int, run: BuildRun) -> Action | None:
        """The build :meth:`manage_spending` would choose now, worked out from ``run`` (the last
        build chosen), or None when ``run`` does not tell it (or the choice is not a build).

        Exact when the only change of the deeds since is the build of ``run`` (the lot one level
        up), ``p`` stands where it stood and has no more cash than then: the deeds of the other
        groups are as they were, so their build options are; ``p``'s rents are (a player's own
        buildings change only the rent others pay), so its reserve is; its mortgaged deeds are,
        so with no more cash there is still no unmortgage to come before the builds. The built
        group's option is redone from the deeds.
        """
        st = game.st
        deeds, log = st.deeds, st.log
        pl = st.players[p]
        if (run.deeds is not deeds or run.log is not log or run.p != p or pl.position != run.position
                or pl.cash > run.cash):
            return None
        lot = run.lot
        if deeds[lot].level != run.level + 1:
            return None
        for ev in log[run.seen:]:  # the deeds changed since: the lot only
            if ev.changes_deeds:
                for i in ev.deeds_changed():
                    if i != lot:
                        return None
        b = self.board_of(game)
        g = b.group_of[run.lot]
        vr: dict[int, int] = {}
        _fill_rents(b, deeds, b.families[b.group_f[g]], vr)  # the group's rents now
        opt = self._build_option(b, deeds, vr, game.board.max_level, p, g)
        builds = list(run.builds)
        if opt is None:
            del builds[run.k]
        else:
            builds[run.k] = opt
        cash = pl.cash
        a, k = self._build(game, p, builds, cash, run.reserve)
        if a is not None:
            self._run = BuildRun(deeds=deeds, log=log, p=p, position=run.position, cash=cash,
                                 reserve=run.reserve, builds=builds, k=k)
        return a

    @staticmethod
    def _allowed(game: Game, action: Action | None) -> Action | None:
        """``action`` if it is there and the rules allow it, else None."""
        return action if action is not None and game.why_not(action) is None else None

    @staticmethod
    def _unmortgages(v: View, p: int, mortgaged: list[int], cash: int,
                     reserve: int) -> tuple[Action | None, Action | None]:
        """The two unmortgages :meth:`manage_spending` tries, from one pass over ``p``'s
        ``mortgaged`` deeds: the cheapest lot of a group with building rights that leaves
        ``reserve``; and the best deed (those lots, then railroads, then the rest; the cheapest
        first) that leaves ``reserve + 150``. The first on the board among equals."""
        b = v.board
        groups = v.building_group_list(p)
        group_of, costs, railroads = b.group_of, b.unmortgage_cost, b.railroads
        first = best = None
        for i in mortgaged:
            cost = costs[i]
            left = cash - cost
            if left < reserve:
                continue
            if group_of.get(i) in groups:
                rank = 0
                if first is None or cost < first[0]:
                    first = (cost, i)
            else:
                rank = 1 if i in railroads else 2
            if left >= reserve + 150 and (best is None or (rank, cost) < best[0]):
                best = ((rank, cost), i)
        return (None if first is None else Unmortgage(player=p, space=first[1]),
                None if best is None else Unmortgage(player=p, space=best[1]))

    @staticmethod
    def _build(game: Game, p: int, builds: list[BuildOption], cash: int,
               reserve: int) -> tuple[Action | None, int]:
        """The build (of ``builds``: :meth:`_build_options`) with the best rent per dollar
        (towards three houses first), and its index in ``builds``; (None, -1) if none."""
        # the affordable builds, best ratio first (the first on the board among equals): the
        # first the rules allow (not asked when the bank lacks the piece: B4 refuses it)
        affordable = sorted([(-ratio, k, lot) for k, (cost, lot, ratio) in enumerate(builds)
                             if cash - cost >= reserve])
        if not affordable:
            return None, -1
        st = game.st
        bank, deeds = st.bank, st.deeds
        for _, k, lot in affordable:
            level = deeds[lot].level
            if (level < 4 and bank.houses < 1) or (level == 4 and bank.hotels < 1):
                continue
            a = Build(player=p, space=lot)
            if game.why_not(a) is None:
                return a, k
        return None, -1

    def _build_options(self, game: Game, p: int, v: View | None = None) -> list[BuildOption]:
        """(house cost, lot, rent gained per dollar) of the next build in each group where ``p``
        could build, in board order (a tie goes to the group first on the board); each group's
        entry is kept while that group does not change. ``v``: the game's view, when the caller
        has it."""
        if v is None:
            v = self.view_of(game)
        b = v.board
        deeds, vr, max_level = game.st.deeds, v.visitor_rents, game.board.max_level
        out: list[BuildOption] = []
        group_f = b.group_f
        for g in v.building_group_list(p):  # board order
            memo = v.family_memo(group_f[g]).build_option
            if p in memo:
                opt = memo[p]
            else:
                opt = memo[p] = self._build_option(b, deeds, vr, max_level, p, g)
            if opt is not None:
                out.append(opt)
        return out

    @staticmethod
    def _build_option(b: Board, deeds: Mapping[int, DeedState], vr: Sequence[int] | Mapping[int, int],
                      max_level: int, p: int, g: str) -> BuildOption | None:
        """The next build of ``p`` in colour group ``g`` (as in :meth:`_build_options`), or None;
        ``b``: the board facts, ``deeds``: the game's deeds, ``vr``: the rent each lot of ``g``
        charges now (by space), ``max_level``: the board's highest building level."""
        cost = b.house_cost[g]
        mine = [i for i in b.groups[g] if deeds[i].owner == p]
        levels = []
        for i in mine:
            d = deeds[i]
            if d.mortgaged:
                return None
            levels.append(d.level)
        low = min(levels)
        if low >= max_level or (low >= 5 and len(mine) < len(b.groups[g])):
            return None  # fully built; [Mega] a skyscraper needs the whole group (B1)
        lot = mine[levels.index(low)]
        rents = b.rents
        if low < 3:
            now = sum([vr[i] for i in mine])  # the rent each lot charges now
            target = sum([rents[i][3] for i in mine])
            steps = 3 * len(levels) - sum(levels)
            ratio = (target - now) / (steps * cost) + 1.0  # three houses first
        else:
            r = rents[lot]
            ratio = (r[low + 1] - r[low]) / cost
        if ratio <= 0:
            return None
        return (cost, lot, ratio)

    @staticmethod
    def _depot_lots(game: Game, p: int, v: View) -> list[int]:
        """``p``'s railroads that could take a depot (with two unmortgaged railroads or more);
        ``v``: the game's view. Kept while the railroads do not change."""
        st = game.st
        b = v.board
        if not b.depots or st.bank.depots < 1:
            return []
        assert b.rail_f is not None, "depots go on railroads: an edition with depots has railroads"
        memo = v.family_memo(b.rail_f).depot_lots
        out = memo.get(p)
        if out is None:
            deeds = st.deeds
            mine = [i for i in b.railroads if deeds[i].owner == p and not deeds[i].mortgaged]
            out = memo[p] = [i for i in mine if not deeds[i].depot] if len(mine) >= 2 else []
        return out

    @staticmethod
    def _depot(game: Game, p: int, lots: list[int], affordable: bool) -> Action | None:
        """A depot on the first of ``lots`` (:meth:`_depot_lots`) the rules allow, if ``affordable``."""
        if not affordable:
            return None
        for i in lots:
            a = BuildDepot(player=p, space=i)
            if game.why_not(a) is None:
                return a
        return None

