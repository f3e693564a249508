"""The exact Markov chain of the movement-only game (the check in tests/bots/test_markov.py).

The model is written from RULES.md (T2, T3, J, K, S) and the edition's board and card data alone;
it shares no logic with the engine (only the edition data and the mover's triples rule,
:func:`megamono.bots.mover.triples_destination`). Nobody owns anything, so only movement matters.

**A throw** is one Roll action (the movers never roll for doubles in jail). It ends when its
whole resolution is over: the white-dice (or three-dice) move, the space, any card and the move
it causes (chains included: "go back 3" onto Community Chest draws again), [Mega] the Mr. Monopoly
or Bus bonus move and its space, and any trip to jail. The state at the end of a throw is

- ``(position, d)`` for a token not in jail, where ``d`` (0-2) is the number of doubles thrown so
  far in a turn that goes on (``d = 0``: the turn is over, the next throw starts a new turn); or
- ``IN_JAIL``: sent to jail by this throw (the Go To Jail space, a card, or third doubles).

The next throw of that token starts from that state: a jailed mover pays the fine at once at the
start of its next turn (J2) and then throws from the jail space as a new turn, so ``IN_JAIL``
moves exactly like Just Visiting with ``d = 0``; it is counted apart.

**One throw** from ``(x, d)``:

- [Classic] two dice. Doubles: ``d + 1``; the third doubles of a turn go to jail without moving.
  Otherwise move the total and resolve the space; doubles roll again (state ``d + 1``).
- [Mega] two white dice and the Speed Die (1, 2, 3, Mr. Monopoly, Mr. Monopoly, Bus), 216 equally
  likely throws. Triples (both white dice equal the number face): move to Free Parking (Just
  Visiting if the token stands on Free Parking, see the mover), the turn ends; this is checked
  before the doubles count, so triples on a third roll are no jail. Doubles (white dice equal, not
  triples): as classic. A number face moves the total of the three dice; Mr. Monopoly and Bus move
  the white dice, and then, unless the token went to jail, Mr. Monopoly advances to the next
  property strictly ahead (every property is unowned: T3.3) and the Bus advances to the next Chance
  or Community Chest strictly ahead and draws there (T3.4, the mover's choice).

**Resolving a space**: Go To Jail sends to jail; Chance and Community Chest draw a card; nothing
else moves the token (properties are declined and go unsold, the Auction space's auction is
unsold, taxes, Birthday Gift, Bus Ticket, Free Parking, GO and Just Visiting only move money or
tickets).

**Cards** are drawn uniformly from the deck's 15 cards other than Get Out of Jail Free. Why 15:
the mover pays the jail fine and never uses a Get Out of Jail Free card, so a drawn one is kept
for good (K1) and its deck goes on with 15 cards; within a few hundred throws of a game's start
both have been drawn (each deck holds its card among the first 16 draws). The long-run game (the
simulation drops each game's first 100 throws and plays thousands) is therefore the 15-card deck.
A real deck cycles in a fixed shuffled order rather than being drawn at random with replacement;
averaged over shuffles every card is equally likely at every draw, and the memory this leaves
(one card cannot come up twice within 15 draws) is far below what the test can see: a standalone
run of this very model with shuffled, cycling 15-card decks shared by two tokens (10^8 throws a
board) was within 0.008 percentage point of the chain on every space.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from itertools import product

from megamono.bots.mover import triples_destination
from megamono.rules.editions import PROPERTY_KINDS, Edition, load_edition

JAILED = "jail"
SPEED_FACES = (1, 2, 3, "mr", "mr", "bus")


class MovementModel:
    """The movement-only chain of one edition; :meth:`stationary` gives the landing shares."""

    def __init__(self, edition: str | Edition = "mega") -> None:
        ed = edition if isinstance(edition, Edition) else load_edition(edition)
        self.ed = ed
        self.n = len(ed.spaces)
        self.kinds = [s.kind for s in ed.spaces]
        self.jail = self.kinds.index("jail")
        self.speed_die = ed.rules.speed_die
        self.decks = {
            "chance": [c for c in ed.chance if c.effect != "get_out_of_jail_free"],
            "community_chest": [c for c in ed.community_chest if c.effect != "get_out_of_jail_free"],
        }
        self._resolved: dict[int, dict] = {}

    # ------------------------------------------------------------------ the board
    def next_space(self, start: int, kinds: Iterable[str]) -> int:
        """The first space strictly ahead of ``start`` whose kind is in ``kinds``."""
        kinds = set(kinds)
        for step in range(1, self.n):
            i = (start + step) % self.n
            if self.kinds[i] in kinds:
                return i
        raise ValueError(f"no space of kind {sorted(kinds)} on the board")

    def resolve(self, x: int) -> dict:
        """Where a token that has just arrived at ``x`` ends: {space or JAILED: probability}."""
        if x in self._resolved:
            return self._resolved[x]
        kind = self.kinds[x]
        out: dict = defaultdict(float)
        if kind == "go_to_jail":
            out[JAILED] = 1.0
        elif kind in self.decks:
            deck = self.decks[kind]
            for card in deck:
                for where, q in self.obey(card, x).items():
                    out[where] += q / len(deck)
        else:
            out[x] = 1.0
        self._resolved[x] = dict(out)
        return self._resolved[x]

    def obey(self, card, x: int) -> dict:
        """Where a token drawing ``card`` on ``x`` ends (K3-K5)."""
        e = card.effect
        if e == "advance_to":
            return self.resolve(card.destination)
        if e == "advance_to_nearest":
            return self.resolve(self.next_space(x, [card.nearest]))
        if e == "back":
            return self.resolve((x - card.spaces) % self.n)
        if e == "go_to_jail":
            return {JAILED: 1.0}
        return {x: 1.0}  # money only

    # ------------------------------------------------------------------ one throw
    def throws(self):
        """Every throw with its probability: (white 1, white 2, Speed Die face or None, p)."""
        if self.speed_die:
            for w1, w2, s in product(range(1, 7), range(1, 7), SPEED_FACES):
                yield w1, w2, s, 1 / 216
        else:
            for w1, w2 in product(range(1, 7), range(1, 7)):
                yield w1, w2, None, 1 / 36

    def step(self, x: int, d: int) -> dict:
        """One throw from space ``x`` with ``d`` doubles already thrown this turn.

        Returns {end state: probability}, an end state being ``(space, d)`` or ``JAILED``.
        """
        out: dict = defaultdict(float)
        for w1, w2, s, p in self.throws():
            for where, q in self.outcome(x, d, w1, w2, s).items():
                out[where] += p * q
        return dict(out)

    def outcome(self, x: int, d: int, w1: int, w2: int, s=None) -> dict:
        """Where the throw ``w1, w2`` (and Speed Die face ``s``) from ``(x, d)`` ends.

        Returns {end state: probability} (several end states only when a card is drawn).
        """
        if isinstance(s, int) and w1 == w2 == s:  # T3.2 triples: the turn's rolling ends
            return self._with_d(self.resolve(triples_destination(self.kinds, x)), 0)
        doubles = w1 == w2
        if doubles and d + 1 == 3:  # third doubles: jail without moving (T2, T3.5, J1)
            return {JAILED: 1.0}
        steps = w1 + w2 + (s if isinstance(s, int) else 0)
        after = self.resolve((x + steps) % self.n)
        if s in ("mr", "bus"):
            bonus: dict = defaultdict(float)
            for where, q in after.items():
                if where == JAILED:  # the white-dice move ended the turn: no bonus move
                    bonus[JAILED] += q
                    continue
                target = (self.next_space(where, PROPERTY_KINDS) if s == "mr"
                          else self.next_space(where, ("chance", "community_chest")))
                for where2, q2 in self.resolve(target).items():
                    bonus[where2] += q * q2
            after = dict(bonus)
        return self._with_d(after, d + 1 if doubles else 0)

    @staticmethod
    def _with_d(spread: dict, d: int) -> dict:
        return {(where if where == JAILED else (where, d)): q for where, q in spread.items()}

    # ------------------------------------------------------------------ the chain
    def states(self) -> list:
        return [(x, d) for d in range(3) for x in range(self.n)] + [JAILED]

    def transitions(self) -> dict:
        """{state: {next state: probability}} over end-of-throw states."""
        rows = {}
        for st in self.states():
            x, d = (self.jail, 0) if st == JAILED else st
            rows[st] = self.step(x, d)
        return rows

    def stationary(self) -> list[float]:
        """The long-run share of throws ending in each state, by Gaussian elimination.

        Solves pi P = pi with sum(pi) = 1 (the chain is irreducible on the reachable states and
        aperiodic); unreachable states get 0.
        """
        states = self.states()
        index = {s: k for k, s in enumerate(states)}
        m = len(states)
        rows = self.transitions()
        # A pi = b with A = (P^T - I), the last equation replaced by sum(pi) = 1
        a = [[0.0] * m for _ in range(m)]
        for s, row in rows.items():
            j = index[s]
            for t, q in row.items():
                a[index[t]][j] += q
        for k in range(m):
            a[k][k] -= 1.0
        a[m - 1] = [1.0] * m
        b = [0.0] * (m - 1) + [1.0]
        for col in range(m):  # partial pivoting
            piv = max(range(col, m), key=lambda r: abs(a[r][col]))
            if abs(a[piv][col]) < 1e-14:
                continue  # an unreachable (transient-only) state: left free at 0
            a[col], a[piv] = a[piv], a[col]
            b[col], b[piv] = b[piv], b[col]
            inv = 1.0 / a[col][col]
            for r in range(m):
                if r != col and a[r][col] != 0.0:
                    f = a[r][col] * inv
                    ar, ac = a[r], a[col]
                    for c in range(col, m):
                        ar[c] -= f * ac[c]
                    b[r] -= f * b[col]
        pi = [b[k] / a[k][k] if abs(a[k][k]) >= 1e-14 else 0.0 for k in range(m)]
        return pi

    def power_iteration(self, tol: float = 1e-15, max_iter: int = 100_000) -> list[float]:
        """The same distribution by power iteration (a cross-check of :meth:`stationary`)."""
        states = self.states()
        index = {s: k for k, s in enumerate(states)}
        trans = self.transitions()
        rows = [[(index[t], q) for t, q in trans[s].items()] for s in states]
        pi = [1.0 / len(states)] * len(states)
        for _ in range(max_iter):
            new = [0.0] * len(states)
            for j, row in enumerate(rows):
                pj = pi[j]
                if pj:
                    for k, q in row:
                        new[k] += pj * q
            # a lazy step (average with the old) removes any periodicity
            new = [(u + v) / 2 for u, v in zip(pi, new, strict=False)]
            if max(abs(u - v) for u, v in zip(pi, new, strict=False)) < tol:
                return new
            pi = new
        return pi

    def landing_shares(self, pi: list[float] | None = None) -> list[float]:
        """Share of throws ending on each space (index 0..n-1), then In Jail (index n).

        Just Visiting (the jail space, not jailed) is the jail space's own entry.
        """
        pi = self.stationary() if pi is None else pi
        out = [0.0] * (self.n + 1)
        for s, v in zip(self.states(), pi, strict=False):
            out[self.n if s == JAILED else s[0]] += v
        return out
