"""Scenario helpers shared by the test folders (tests/rules, tests/bots, ...).

A scenario starts from a fresh game seated in the given order (``new_game``: Ann, Bob, Cid, ...,
Ann to play, no turn-order roll), arranges the board by writing ``game.st`` directly while the
first "turn" decision is pending (``give``, ``place``, ``set_cash``, ``top``, ``script``), then
plays real actions through :meth:`Game.act` and reads the result back (``cashes``, ``pos``,
``pend``, ``owners``, ``levels``, ``bank``, ``texts``, ...). The helpers keep the invariants
whole: ``give`` takes building pieces from the bank and puts them back (I2), ``top`` only
reorders a deck (I6); ``sound`` checks them all, ``illegal`` checks a refused action.

The folder holding this module is on ``sys.path`` through ``pythonpath`` in pyproject.toml's
``[tool.pytest.ini_options]``: import it as ``kit``. The folders' own helper modules
(tests/rules/helpers.py, scenario.py and classic_kit.py, tests/bots/botkit.py, tests/tui/tui_helpers.py)
re-export these under the names their tests use and add what only they need. Fixtures shared by every
folder (a fresh ``saves`` folder, a private rescue folder) are in tests/conftest.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pytest
from megamono.rules.engine import Game
from megamono.rules.errors import IllegalAction
from megamono.rules.events import Cash
from megamono.rules.invariants import check_invariants

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")
ANN, BOB, CID, DEE = 0, 1, 2, 3
SEAT_ORDER = {"auction_bidding": "seat_order"}
"""The option that pins auctions to seat order (RULES.md A3): the auction tests written before open
bidding became the default pass it; tests of open auctions use the default."""


# ---------------------------------------------------------------------------- setting up
def new_game(n: int = 3, dice: Iterable[Sequence] | None = None, cash: int | Sequence[int] | None = None,
             seed: int = 1, options: dict | None = None, edition: str = "mega",
             names: Sequence[str | dict] | None = None) -> Game:
    """A game of ``edition`` with ``n`` players (Ann, Bob, Cid, ...) in seat order, Ann to play.

    The one game builder of the tests: every folder's helpers build their games with it.

    ``dice``: scripted throws used before the generator. ``cash``: one figure for everybody,
    or one per seat (default: the edition's starting cash). ``names``: the players instead of
    the first ``n`` of ``NAMES``, each a name or a dict as :meth:`Game.new` takes them (e.g.
    ``{"name": "Robo", "kind": "computer"}``).
    """
    players = list(NAMES[:n]) if names is None else list(names)
    g = Game.new(edition, players, seed=seed, dice=dice, seat_order=True, options=options)
    if cash is not None:
        figures = [cash] * len(players) if isinstance(cash, int) else list(cash)
        for p, c in zip(g.st.players, figures, strict=False):
            p.cash = c
    return g


def last_round_lead(turn_limit: int = 5, order: Sequence[str] = ("Dan", "Ann", "Bob", "Cat"),
                    turn: str | None = None) -> Game:
    """Mega, round 5 of a game with the option ``turn_limit`` (5: its last round): Dan (a computer)
    leads on final worth by $430 ($2,800: $2,200 and two of the four Greens), Ann (a human) holds a
    third Green, Pennsylvania Avenue ($2,370), Bob (a human) $2,300 and Cat (a computer) $2,250 in
    cash. ``order``: the seats; ``turn``: who moves first (the first seat unless given). The strong
    computer a round before the end buys the lot that gives building rights at well over its price,
    and the one to move first gets it (a play-tester's review gave such a leader 0% in the last round)."""
    cash = {"Dan": 2200, "Ann": 2050, "Bob": 2300, "Cat": 2250}
    doc = {"players": [{"name": n, "cash": cash[n], "kind": "computer" if n in ("Dan", "Cat") else "human"}
                       for n in order],
           "deeds": {"Pacific Avenue": {"owner": "Dan"}, "South Carolina Avenue": {"owner": "Dan"},
                     "Pennsylvania Avenue": {"owner": "Ann"}},
           "options": {"turn_limit": turn_limit}, "round": 5, "turn": turn or order[0], "seed": 5}
    return Game.from_position("mega", doc)


def _take(bank, level: int, depot: bool, sign: int) -> None:
    """Move the pieces of one deed at ``level`` (with a ``depot``) out of (-1) or into (+1) the bank."""
    if level == 6:
        bank.skyscrapers += sign
    elif level == 5:
        bank.hotels += sign
    else:
        bank.houses += sign * level
    if depot:
        bank.depots += sign


def give(game: Game, player: int | None, *spaces: int, level: int | Sequence[int] = 0,
         mortgaged: bool = False, depot: bool = False) -> None:
    """Make ``player`` (None = the bank) the owner of ``spaces`` with the given buildings.

    ``level`` is one level for every space or one per space (0-4 houses, 5 a hotel, 6 a
    skyscraper). What stood there goes back to the bank and the new pieces come from it, so
    the pieces stay conserved (I2).
    """
    levels_ = [level] * len(spaces) if isinstance(level, int) else list(level)
    assert len(levels_) == len(spaces)
    bank_ = game.st.bank
    for space, lvl in zip(spaces, levels_, strict=False):
        d = game.st.deeds[space]
        _take(bank_, d.level, d.depot, +1)
        d.owner, d.mortgaged, d.level, d.depot = player, mortgaged, lvl, depot
        _take(bank_, lvl, depot, -1)


def place(game: Game, player: int, space: int) -> None:
    game.st.players[player].position = space


def set_cash(game: Game, player: int, amount: int) -> None:
    game.st.players[player].cash = amount


def top(game: Game, deck: str, card_id: str) -> None:
    """Put ``card_id`` on top of ``deck`` ("chance", "community_chest", "bus")."""
    cards = getattr(game.st.decks, deck)
    cards.remove(card_id)
    cards.insert(0, card_id)


def script(game: Game, *throws: Sequence) -> None:
    """Queue more scripted throws ((w1, w2) or (w1, w2, speed)) after those already queued."""
    game.st.script.extend([list(t) for t in throws])


# ---------------------------------------------------------------------------- reading back
def cashes(game: Game) -> list[int]:
    return [p.cash for p in game.st.players]


def pos(game: Game) -> list[int]:
    return [p.position for p in game.st.players]


def pend(game: Game) -> tuple[str, int]:
    """(kind, player) of the pending decision."""
    return game.pending.kind, game.pending.player


def owners(game: Game, *spaces: int) -> list[int | None]:
    return [game.st.deeds[s].owner for s in spaces]


def levels(game: Game, *spaces: int) -> list[int]:
    return [game.st.deeds[s].level for s in spaces]


def bank(game: Game) -> tuple[int, int, int, int]:
    """The bank's (houses, hotels, skyscrapers, depots)."""
    b = game.st.bank
    return (b.houses, b.hotels, b.skyscrapers, b.depots)


def kinds(game: Game) -> set[str]:
    """The kinds of the legal actions now."""
    return {a.kind for a in game.legal_actions()}


def texts(game: Game) -> list[str]:
    return [e.say(game) for e in game.st.log]


def salaries(game: Game, player: int, start: int = 0) -> int:
    """How many GO salaries ``player`` received in the log since entry ``start``."""
    return sum(1 for e in game.st.log[start:] if isinstance(e, Cash) and e.payee == player
               and e.payer is None and e.why.startswith("salary"))


# ---------------------------------------------------------------------------- checking
def sound(game: Game) -> None:
    """Assert that the invariants (I1-I7) hold now."""
    bad = check_invariants(game.ed, game.st)
    assert not bad, bad


def illegal(game: Game, action, *words: str, match: str | None = None) -> str:
    """Assert that ``action`` (an action or its dict) is refused with IllegalAction and changes nothing.

    The reason must contain each of ``words`` (ignoring case) and, given ``match``, match that
    regular expression (:func:`re.search`, as ``pytest.raises(match=...)``). Returns the reason.
    """
    before = game.st.model_copy(deep=True)
    history = len(game.history)
    with pytest.raises(IllegalAction, match=match) as exc:
        game.act(action)
    reason = str(exc.value)
    assert exc.value.reason, reason
    for w in words:
        assert w.lower() in reason.lower(), reason
    assert game.st == before
    assert len(game.history) == history
    return reason
