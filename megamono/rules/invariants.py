"""The invariants of RULES.md section I (I1-I8), checked over a state (for tests and simulations);
I8, replaying a save, is checked where a save is loaded and by the tests.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from .agenda import SETTLING_STEPS, GrantStep
from .decisions import LevellingDecision, MortgagedDeedDecision
from .editions import Edition
from .events import Cash
from .state import GameState

DeedMark = tuple[int | None, bool, int, bool]
"""A deed's owner, mortgage, level and depot."""
DeedMarks = tuple[Mapping[int, DeedMark], Sequence[int]]
"""Every deed's :data:`DeedMark` and the deeds awaiting their hand-over after an auction."""

SETTLING_KINDS = ("levelling", "mortgaged_deed")
"""The decisions (and agenda steps) that settle a deed just received (B8, M3)."""
SETTLING_DECISIONS = (LevellingDecision, MortgagedDeedDecision)



def awaiting_grant(st: GameState) -> list[int]:
    """The deeds won at auction and not handed over yet: the winner owes the price (a debt, D1) and
    gets the deed once it is paid. Such a hand-over is the one change of a deed that the events of
    the action making it do not name (``WinsAuction`` named it before); every other change is named
    (``Event.deeds_changed``)."""
    return [s.space for s in st.agenda if isinstance(s, GrantStep)]

def anything_settling(st: GameState) -> bool:
    """Whether any B8 levelling or M3 choice is being asked or is still on the agenda (a quick
    test: when False, :func:`settling_spaces` and :func:`settling_groups` are empty)."""
    if isinstance(st.pending, SETTLING_DECISIONS):
        return True
    for pd in st.suspended:
        if isinstance(pd, SETTLING_DECISIONS):
            return True
    for s in st.agenda:
        if isinstance(s, SETTLING_STEPS):
            return True
    return False


def settling_spaces(st: GameState) -> set[int]:
    """Deeds whose B8 levelling or M3 choice is being asked now (pending, or set aside by a trade)."""
    return {pd.space for pd in [st.pending, *st.suspended] if isinstance(pd, SETTLING_DECISIONS)}


def settling_groups(ed: Edition, st: GameState) -> set[str]:
    """Colour groups where a player with buildings there has a B8 levelling or M3 choice still to
    make (pending, set aside by a trade, or on the agenda).

    Only a built group can be uneven or built beside a mortgage while its new deed waits to be
    settled, so only such groups are exempt from I3/I4 and closed to building until then. An
    unbuilt group stays open: its owner may have to mortgage there to pay a debt that comes up
    meanwhile (D1).
    """
    owed = [(pd.space, pd.player) for pd in [st.pending, *st.suspended] if isinstance(pd, SETTLING_DECISIONS)]
    owed += [(s.space, s.player) for s in st.agenda if isinstance(s, SETTLING_STEPS)]
    out = set()
    for space, player in owed:
        g = ed.spaces[space].group
        if g and any(st.deeds[i].owner == player and st.deeds[i].level for i in ed.groups[g]):
            out.add(g)
    return out


def deed_marks(st: GameState) -> DeedMarks:
    """The deeds as :func:`check_invariants` compares them after an action (``deeds_before``)."""
    return ({i: (d.owner, d.mortgaged, d.level, d.depot) for i, d in st.deeds.items()}, awaiting_grant(st))


def check_invariants(ed: Edition, st: GameState, cash_before: dict[int, int] | None = None,
                     log_start: int = 0, deeds_before: DeedMarks | None = None) -> list[str]:
    """Return a description of every invariant I1-I7 that ``st`` breaks (empty when sound).

    With ``cash_before`` (seat -> cash before the last action) and ``log_start`` (log length
    before it), I7 checks that every change of cash since is explained by logged transfers. With
    ``deeds_before`` (:func:`deed_marks` before it), the log's promise about deeds is checked too
    ("log"): every deed changed since is named by an event logged since (``Event.deeds_changed``)
    or was awaiting its hand-over after an auction.
    """
    bad: list[str] = []
    # I1: one owner; bank deeds bare.
    for i, d in st.deeds.items():
        if d.owner is None and (d.level or d.mortgaged or d.depot):
            bad.append(f"I1: bank deed {i} has buildings or a mortgage")
        if d.owner is not None and not 0 <= d.owner < len(st.players):
            bad.append(f"I1: deed {i} has unknown owner {d.owner}")
        if d.owner is not None and st.players[d.owner].bankrupt:
            bad.append(f"I1: deed {i} belongs to a bankrupt player")
        if d.level and ed.spaces[i].kind != "street":
            bad.append(f"I1: deed {i} is not a street but has level {d.level}")
        if d.depot and ed.spaces[i].kind != "railroad":
            bad.append(f"I1: depot on non-railroad {i}")
        if d.mortgaged and (d.level or d.depot):
            bad.append(f"I4: mortgaged deed {i} has buildings")
    # I2: pieces conserved.
    houses = sum(d.level for d in st.deeds.values() if d.level <= 4)
    hotels = sum(1 for d in st.deeds.values() if d.level == 5)
    skys = sum(1 for d in st.deeds.values() if d.level == 6)
    depots = sum(1 for d in st.deeds.values() if d.depot)
    sup = ed.supply
    for name, on_board, in_bank, total in (("houses", houses, st.bank.houses, sup.houses),
                                           ("hotels", hotels, st.bank.hotels, sup.hotels),
                                           ("skyscrapers", skys, st.bank.skyscrapers, sup.skyscrapers),
                                           ("depots", depots, st.bank.depots, sup.depots)):
        if on_board + in_bank != total or in_bank < 0:
            bad.append(f"I2: {name}: {on_board} on the board + {in_bank} in the bank != {total}")
    # I3, I4: even building; no building beside a mortgage. A group whose levelling (B8) or
    # mortgaged-deed choice (M3) is still to be made is checked once that is done; a finished
    # game is not levelled any more.
    settling = settling_groups(ed, st)
    for g, lots in ed.groups.items():
        if g in settling or st.winner is not None:
            continue
        by_owner: dict[int, list[int]] = {}
        for i in lots:
            holder = st.deeds[i].owner
            if holder is not None:
                by_owner.setdefault(holder, []).append(i)
        for owner, owned in by_owner.items():
            levels = [st.deeds[i].level for i in owned]
            if max(levels) - min(levels) > 1:
                bad.append(f"I3: {g} of player {owner} is uneven: {levels}")
            if max(levels) > 0 and any(st.deeds[i].mortgaged for i in owned):
                bad.append(f"I4: {g} of player {owner} is built while a lot is mortgaged")
    # I5: no negative cash; a debtor is in a debt decision.
    for p in st.players:
        if p.cash < 0:
            bad.append(f"I5: {p.name} has negative cash {p.cash}")
    # I6: cards conserved.
    held = Counter(c for p in st.players for c in p.gojf)
    for deck_name, cards in (("chance", ed.chance), ("community_chest", ed.community_chest)):
        deck = getattr(st.decks, deck_name)
        ids = {c.id for c in cards}
        n_held = sum(v for c, v in held.items() if c in ids)
        if len(deck) + n_held != len(cards) or set(deck) - ids:
            bad.append(f"I6: {deck_name}: {len(deck)} in the deck + {n_held} held != {len(cards)}")
    if ed.bus_tickets:
        total = ed.bus_tickets.ordinary + ed.bus_tickets.expire
        n = len(st.decks.bus) + len(st.decks.bus_out) + sum(len(p.bus_tickets) for p in st.players)
        every = st.decks.bus + st.decks.bus_out + [t for p in st.players for t in p.bus_tickets]
        if n != total or len(set(every)) != total:
            bad.append(f"I6: Bus Tickets: {n} accounted for, {len(set(every))} distinct, of {total}")
    # I7: every cash change is a logged transfer.
    if cash_before is not None:
        delta = {k: 0 for k in range(len(st.players))}
        for ev in st.log[log_start:]:
            if isinstance(ev, Cash):
                if ev.payer is not None:
                    delta[ev.payer] -= ev.amount
                if ev.payee is not None:
                    delta[ev.payee] += ev.amount
        for k, p in enumerate(st.players):
            if p.cash - cash_before.get(k, p.cash) != delta[k]:
                bad.append(f"I7: {p.name}'s cash changed by {p.cash - cash_before[k]}, log says {delta[k]}")
    if deeds_before is not None:
        marks, awaited = deeds_before
        named = set(awaited)
        for ev in st.log[log_start:]:
            if ev.changes_deeds:
                named.update(ev.deeds_changed())
        for i, d in st.deeds.items():
            if (d.owner, d.mortgaged, d.level, d.depot) != marks[i] and i not in named:
                bad.append(f"log: deed {i} changed from {marks[i]} to {(d.owner, d.mortgaged, d.level, d.depot)}"
                           " and no event names it")
    return bad


def check_state(ed: Edition, st: GameState) -> list[str]:
    """Everything wrong with a state loaded from outside (a save), invariants I1-I6 included.

    Checks shapes the models cannot: deed keys are the edition's properties, owners and seats
    exist, levels and positions are on the board, jailed players stand on the Jail, cards and
    tickets are the edition's, the pending decision names a real player.
    """
    bad: list[str] = []
    n = len(st.players)
    if set(st.deeds) != set(ed.properties):
        bad.append("deeds: the deeds are not this edition's title deeds")
        return bad
    if not ed.rules.min_players <= n <= ed.rules.max_players:
        bad.append(f"players: {n} players; {ed.name} is for {ed.rules.min_players}-{ed.rules.max_players}")
    for k, p in enumerate(st.players):
        if not 0 <= p.position < ed.size:
            bad.append(f"players.{k}.position: {p.position} is off the board")
        if p.in_jail and p.position != ed.jail:
            bad.append(f"players.{k}.in_jail: {p.name} is in jail but stands on space {p.position}")
        if not 0 <= p.jail_turns <= 3:
            bad.append(f"players.{k}.jail_turns: {p.jail_turns} is not 0-3")
    for i, d in st.deeds.items():
        if d.owner is not None and not 0 <= d.owner < n:
            bad.append(f"deeds.{i}.owner: no player {d.owner}")
        if not 0 <= d.level <= ed.max_level:
            bad.append(f"deeds.{i}.level: {d.level} is not 0-{ed.max_level}")
        if d.level and d.mortgaged:
            bad.append(f"deeds.{i}: built and mortgaged at once")
    for name in ("houses", "hotels", "skyscrapers", "depots"):
        if getattr(st.bank, name) < 0:
            bad.append(f"bank.{name}: negative")
    for q in st.pending.players if st.pending is not None else ():
        if not 0 <= q < n:
            bad.append(f"pending.players: no player {q}")
    if not 0 <= st.turn.player < n:
        bad.append(f"turn.player: no player {st.turn.player}")
    if bad:
        return bad
    return bad + check_invariants(ed, st)
