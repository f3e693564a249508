"""Computer players: they choose among the legal actions of a :class:`~megamono.rules.engine.Game`.

``make_bot(level, seed)`` gives a bot ("easy", "normal", "strong" or "expert") with its own random source;
``bot.choose(game, player)`` returns one legal action for the player the game waits on.
``play_bot_game(edition, levels, seed)`` plays a whole game with bots; ``play_on(game, bots)`` plays a
game already under way to its end (``megamono analyse``'s playouts). ``MoverBot`` (not a level:
it never buys, so its games never end) is the movement-only player of ``megamono simulate
--movement-only`` and of the Markov-chain check in ``tests/bots/test_markov.py``.

Bots only read the game (``legal_actions``, ``why_not``, the state) and never change it; they
use their own ``random.Random(seed)``, never the game's dice. What a bot derives from a game (board
facts, a view of the deeds) it keeps in its :class:`~megamono.bots.model.Memory`, its own or one
shared by the bots of a game, brought up to date from the game's log: nothing is kept at module
level. This package imports the rules core only (no Textual, no Rich).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType

from megamono.rules.actions import Action
from megamono.rules.engine import Game
from megamono.rules.errors import IllegalAction
from megamono.rules.invariants import check_invariants, deed_marks

from .base import Bot
from .easy import EasyBot
from .expert import ExpertBot
from .model import Memory
from .mover import MoverBot
from .normal import NormalBot
from .schedule import computer_to_ask
from .strong import StrongBot

LEVELS: Mapping[str, type[Bot]] = MappingProxyType({"easy": EasyBot, "normal": NormalBot, "strong": StrongBot,
                                                    "expert": ExpertBot})


def make_bot(level: str, seed: int, memory: Memory | None = None) -> Bot:
    """A computer player of ``level`` ("easy", "normal", "strong" or "expert") whose choices are seeded by ``seed``;
    ``memory``: a :class:`Memory` to keep what it derives from the game in (one the bots of a game
    may share), else a memory of its own."""
    try:
        cls = LEVELS[level.strip().lower()]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}: choose from {', '.join(LEVELS)}") from None
    return cls(seed, memory)


class BotGameError(AssertionError):
    """A bot game broke an invariant or would not end; carries the game for inspection."""

    def __init__(self, message: str, game: Game) -> None:
        super().__init__(message)
        self.game = game


TIME_LIMIT_REFUSED = ("the time_limit option counts the minutes a game is open in the app; a headless game has no"
                      " such clock (use a turn limit instead)")
"""Why a headless bot game (and ``megamono simulate``) refuses the ``time_limit`` option (RULES.md O)."""


def play_bot_game(edition: str | Path = "mega", levels: list[str] | tuple[str, ...] = ("strong", "easy"),
                  seed: int = 0, turn_limit: int | None = None, check: bool = False,
                  max_actions: int = 500_000, seat_order: bool = True,
                  options: Mapping[str, object] | None = None) -> Game:
    """Play a whole game with one bot per seat and return the finished (or stopped) game.

    - ``levels``: one bot level per seat, in seat order (seat k plays ``levels[k]``).
    - ``seed``: seeds the game's dice and every bot (each bot gets its own source).
    - ``turn_limit``: end the game by final worth after that many rounds (option ``turn_limit``).
    - ``check``: run ``check_invariants`` after every action (slow), the log's naming of every
      changed deed included; a breach raises :class:`BotGameError`.
    - ``max_actions``: a guard against a game that never ends; passing it raises BotGameError.
    - ``seat_order``: True keeps ``levels`` in seat order; False lets the turn-order roll seat them
      (the bot follows its player either way).
    - ``options``: the house rules (RULES.md O); ``time_limit`` is refused (ValueError): it counts
      the minutes a game is open in the app, and a headless game has no such clock.

    The bots share one :class:`Memory` (the game's). Each decision is asked of the bot of the seat
    :func:`~megamono.bots.schedule.computer_to_ask` names (the one seat of ``pending.players``; in an
    open auction, A3, each bidder the auction still waits on in turn from the high bidder's left),
    which with every seat a computer is the decision's ``player`` (the engine names there the first
    seat it awaits: :func:`~megamono.rules.auctions.settle_open`), read as such; a bot manages its
    property only in its own decisions (or to pay a debt).
    Rent to claim (option ``rent_must_be_claimed``) is claimed by its owner's bot before it lapses, at
    the first safe moment (``Game.timely_claims``).
    """
    names = [f"{lv.capitalize()} {k + 1}" for k, lv in enumerate(levels)]
    players = [{"name": n, "kind": "computer"} for n in names]
    opts = dict(options or {})
    if opts.get("time_limit") is not None:
        raise ValueError(TIME_LIMIT_REFUSED)
    if turn_limit is not None:
        opts["turn_limit"] = turn_limit
    game = Game.new(edition, players, seed=seed, seat_order=seat_order, options=opts or None)
    seeder = random.Random(seed)
    memory = Memory()
    by_name = {n: make_bot(lv, seeder.getrandbits(32), memory) for n, lv in zip(names, levels, strict=False)}
    bots = [by_name[p.name] for p in game.st.players]
    game.bots = bots  # type: ignore[attr-defined]  # for callers that want the bots' counters
    return play_on(game, bots, check, max_actions)


def play_on(game: Game, bots: Sequence[Bot], check: bool = False, max_actions: int = 500_000) -> Game:
    """Play ``game`` on from where it stands to its end, ``bots[k]`` answering for seat k, and return it
    (the loop of :func:`play_bot_game`, which see; ``megamono analyse``'s playouts use it too).

    - ``check``: run ``check_invariants`` after every action (slow), and check that the seat asked
      next, the decision's ``player``, is the one :func:`computer_to_ask` names; a breach raises
      :class:`BotGameError`.
    - ``max_actions``: a guard against a game that never ends; passing it raises BotGameError.
    """
    st = game.st  # (the game's state throughout: nothing here loads or undoes)
    for _n in range(max_actions):
        if st.winner is not None:  # (game.over)
            return game
        if st.claims:
            for a in game.timely_claims():
                # (asked again: a claim may have put a payer in debt)
                if a in game.timely_claims() and a in bots[a.player].claims(game, a.player):
                    _act(game, a, check)
                    if st.winner is not None:
                        return game
        pend = st.pending
        assert pend is not None, "a game that is not over waits on a decision"
        p = pend.player  # (computer_to_ask(game) with every seat a computer, read quicker: settle_open)
        action = bots[p].choose(game, p, check=False)  # game.act checks it
        try:
            _act(game, action, check)
        except IllegalAction as exc:
            _act(game, bots[p].refused(game, p, action, str(exc)), check)
    raise BotGameError(f"the game did not end within {max_actions} actions", game)


def _act(game: Game, action: Action, check: bool) -> None:
    if not check:
        game.act(action)
        return
    st = game.st
    before = {k: pl.cash for k, pl in enumerate(st.players)}
    deeds = deed_marks(st)
    start = len(st.log)
    game.act(action)
    bad = check_invariants(game.ed, st, before, start, deeds)
    if st.pending is not None and st.pending.player != computer_to_ask(game):  # (play_on asks ``player``)
        bad.append(f"the decision asks seat {st.pending.player}; computer_to_ask names {computer_to_ask(game)}")
    if bad:
        raise BotGameError(f"after {action!r}: {bad}", game)


__all__ = ["LEVELS", "Bot", "BotGameError", "EasyBot", "ExpertBot", "Memory", "MoverBot", "NormalBot", "StrongBot",
           "make_bot", "play_bot_game", "play_on"]
