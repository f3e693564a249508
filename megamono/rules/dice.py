"""The game's one seeded random source (RULES.md G5: the two white dice and the Speed Die).

A small SplitMix64 generator of our own, so that a saved game rolls the same dice on
any Python version (``random.Random`` only promises ``random()``). Its whole state is
one integer kept in the game state; the decks are shuffled with it too. Scripted throws (for tests
and the scripting API) are consumed before the generator is asked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TypeVar

from .records import Record

MASK = (1 << 64) - 1
_T = TypeVar("_T")

SpeedFace = int | str
"""A Speed Die face: 1, 2, 3, "mr" (Mr. Monopoly) or "bus"."""

SPEED_FACES: tuple[SpeedFace, ...] = (1, 2, 3, "mr", "mr", "bus")
_ALIASES = MappingProxyType({"m": "mr", "mr": "mr", "mr_monopoly": "mr", "mr. monopoly": "mr", "b": "bus",
                             "bus": "bus"})


def seed_state(seed: int) -> int:
    """The generator state for an integer seed."""
    return seed & MASK


GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


def next_u64(state: int) -> tuple[int, int]:
    """Advance SplitMix64: returns (new state, 64-bit output)."""
    state = (state + GOLDEN) & MASK
    z = state
    z = ((z ^ (z >> 30)) * _MIX1) & MASK
    z = ((z ^ (z >> 27)) * _MIX2) & MASK
    return state, z ^ (z >> 31)


def randbelow(state: int, n: int) -> tuple[int, int]:
    """Uniform integer in [0, n) by rejection sampling: returns (new state, value)."""
    limit = (1 << 64) - ((1 << 64) % n)  # the largest multiple of n up to 2**64 (rejection above it)
    while True:
        state, z = next_u64(state)
        if z < limit:
            return state, z % n


_D6_LIMIT = (1 << 64) - ((1 << 64) % 6)


def d6(state: int, count: int) -> tuple[int, list[int]]:
    """``count`` (2 or 3) six-sided dice as 0-5: the same values and new state as ``count``
    calls of ``randbelow(state, 6)`` in a row, in one call (the dice are thrown every turn)."""
    s1 = (state + GOLDEN) & MASK
    z1 = ((s1 ^ (s1 >> 30)) * _MIX1) & MASK
    z1 = ((z1 ^ (z1 >> 27)) * _MIX2) & MASK
    z1 ^= z1 >> 31
    s2 = (s1 + GOLDEN) & MASK
    z2 = ((s2 ^ (s2 >> 30)) * _MIX1) & MASK
    z2 = ((z2 ^ (z2 >> 27)) * _MIX2) & MASK
    z2 ^= z2 >> 31
    if count == 2:
        if z1 < _D6_LIMIT and z2 < _D6_LIMIT:
            return s2, [z1 % 6, z2 % 6]
    elif count == 3:
        s3 = (s2 + GOLDEN) & MASK
        z3 = ((s3 ^ (s3 >> 30)) * _MIX1) & MASK
        z3 = ((z3 ^ (z3 >> 27)) * _MIX2) & MASK
        z3 ^= z3 >> 31
        if z1 < _D6_LIMIT and z2 < _D6_LIMIT and z3 < _D6_LIMIT:
            return s3, [z1 % 6, z2 % 6, z3 % 6]
    # a rejected draw (about once in 10**18 throws), or another count: one die at a time
    out: list[int] = []
    for _ in range(count):
        state, v = randbelow(state, 6)
        out.append(v)
    return state, out


def shuffle(state: int, items: list[_T]) -> int:
    """Fisher-Yates shuffle of ``items`` in place; returns the new state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = randbelow(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def normalise_speed(face: SpeedFace) -> SpeedFace:
    """Speed Die face in canonical form; accepts 1-3, "mr"/"M", "bus"/"B". ValueError otherwise."""
    if isinstance(face, int) and not isinstance(face, bool) and 1 <= face <= 3:
        return face
    if isinstance(face, str):
        if face.isdigit() and 1 <= int(face) <= 3:
            return int(face)
        canon = _ALIASES.get(face.strip().lower())
        if canon:
            return canon
    raise ValueError(f"not a Speed Die face: {face!r} (use 1, 2, 3, 'mr' or 'bus')")


def normalise_throw(throw: Sequence[SpeedFace]) -> list[SpeedFace]:
    """A scripted throw as a list: [w1, w2] or [w1, w2, speed]. ValueError if malformed."""
    if len(throw) not in (2, 3):
        raise ValueError(f"a throw is 2 white dice and an optional Speed Die, got {throw!r}")
    w1, w2 = throw[0], throw[1]
    for w in (w1, w2):
        if not isinstance(w, int) or isinstance(w, bool) or not 1 <= w <= 6:
            raise ValueError(f"a white die shows 1-6, got {w!r} in {throw!r}")
    out: list[SpeedFace] = [w1, w2]
    if len(throw) == 3:
        out.append(normalise_speed(throw[2]))
    return out


@dataclass(slots=True, frozen=True)
class Throw(Record):
    """One throw of the dice: two white dice and, in Mega, the Speed Die face. Frozen: the engine
    shares one object per possible throw, between games too."""

    white: tuple[int, int]
    speed: SpeedFace | None = None

    @property
    def doubles(self) -> bool:
        return self.white[0] == self.white[1]

    @property
    def triples(self) -> bool:
        return self.doubles and self.speed == self.white[0]

    @property
    def white_total(self) -> int:
        return self.white[0] + self.white[1]

    @property
    def speed_number(self) -> int:
        return self.speed if isinstance(self.speed, int) else 0

    @property
    def total(self) -> int:
        """All dice; a Speed Die symbol counts 0."""
        return self.white_total + self.speed_number

    def text(self) -> str:
        s = f"{self.white[0]}+{self.white[1]}"
        if self.speed is not None:
            s += _SYMBOL_TEXT.get(self.speed) or f" + {self.speed}"
        return s


_SYMBOL_TEXT: Mapping[SpeedFace, str] = MappingProxyType({"mr": " + Mr. Monopoly", "bus": " + Bus"})
