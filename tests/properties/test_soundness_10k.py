"""The 10,000-game soundness run: seeded bot games, RULES.md I1-I7 after every action, I8 at the end.

Marked slow (outside the default run)::

    .venv/bin/python -m pytest -m slow tests/properties/test_soundness_10k.py

``MEGAMONO_SOUNDNESS_GAMES`` (default 10000) sets how many games, ``MEGAMONO_SOUNDNESS_JOBS``
(default 2) how many processes play them, e.g. a quick check of the run itself::

    MEGAMONO_SOUNDNESS_GAMES=50 .venv/bin/python -m pytest -m slow tests/properties/test_soundness_10k.py

Game ``k`` is fixed by ``k`` alone (:func:`game_spec`): Mega or classic in turn, 2 to 8 players
(2 to 6 in classic), easy and strong bots mixed at random, a house rule in one game of four, a
300-round limit. Every game must end, with no bot ever needing its fallback; after every action
``check_invariants`` (I1-I7) must hold (``play_bot_game(check=True)``), and at the end the game
must save and load to the same state and replay from its setup and actions to the same state
(I8). A failure names the game so it can be played again alone: ``play_one(k)``.
"""

from __future__ import annotations

import json
import os
import random
from concurrent.futures import ProcessPoolExecutor

import pytest
from megamono.bots import BotGameError, play_bot_game
from megamono.rules.engine import Game
from megamono.rules.invariants import check_invariants

GAMES = int(os.environ.get("MEGAMONO_SOUNDNESS_GAMES", "10000"))
JOBS = int(os.environ.get("MEGAMONO_SOUNDNESS_JOBS", "2"))
BATCH = 25
ROUND_LIMIT = 300
HOUSE_RULES = (
    {"rent_must_be_claimed": True}, {"auctions": False}, {"shortage_auctions": False},
    {"free_parking_pot": True, "double_salary_on_go": True, "no_rent_in_jail": True},
    {"starting_cash": 700}, {"speed_die_counts_for_utilities": False},
)


def game_spec(k: int) -> dict:
    """The arguments of ``play_bot_game`` for game number ``k`` (a pure function of ``k``)."""
    r = random.Random(k)
    edition = ("mega", "classic")[k % 2]
    players = r.randint(2, 8 if edition == "mega" else 6)
    return {"edition": edition, "levels": [r.choice(("easy", "strong")) for _ in range(players)],
            "seed": 10_000 + k, "turn_limit": ROUND_LIMIT,
            "options": r.choice(HOUSE_RULES) if k % 4 == 3 else None}


def play_one(k: int) -> str | None:
    """Play game ``k`` with every check; None when sound, else what went wrong."""
    spec = game_spec(k)
    try:
        g = play_bot_game(check=True, **spec)
    except BotGameError as exc:
        return f"game {k} {spec}: {exc}"
    problems = []
    if not g.over:
        problems.append("did not end")
    fallbacks = [note for bot in g.bots for note in bot.fallback_notes]
    if fallbacks:
        problems.append(f"bot fallbacks: {fallbacks[:3]}")
    bad = check_invariants(g.ed, g.st)
    if bad:
        problems.append(f"at the end: {bad}")
    if Game.from_dict(json.loads(g.to_json())).st != g.st:
        problems.append("save and load give another state")
    if Game.replay(g.setup, g.history).st != g.st:
        problems.append("I8: the replay gives another state")
    return f"game {k} {spec}: {'; '.join(problems)}" if problems else None


def play_batch(ks: list[int]) -> list[str]:
    """Play the games ``ks``; the problems found (an exception counts as one)."""
    out = []
    for k in ks:
        try:
            problem = play_one(k)
        except Exception as exc:  # noqa: BLE001  a crash is a finding, with the game that caused it
            problem = f"game {k} {game_spec(k)}: {type(exc).__name__}: {exc}"
        if problem:
            out.append(problem)
    return out


@pytest.mark.slow
def test_I1_I8_hold_in_10000_seeded_bot_games():
    batches = [list(range(i, min(i + BATCH, GAMES))) for i in range(0, GAMES, BATCH)]
    problems: list[str] = []
    with ProcessPoolExecutor(max_workers=JOBS) as pool:
        for found in pool.map(play_batch, batches):
            problems += found
    assert not problems, f"{len(problems)} of {GAMES} games broke a rule:\n" + "\n".join(problems[:10])
