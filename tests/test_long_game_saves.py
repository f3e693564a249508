"""Any save the game writes, it can load: a 10,000-round game saves under the size cap and loads
back, the same game, within the memory budget.

The game is the busiest there is per round: four computer players that never buy, so that every
landing on a deed is an auction everyone drops out of (``MoverBot``), until the turn limit of
10,000 rounds (the largest the new-game screen allows). Real games write a half to a third as many
actions per round.
"""

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest
from megamono.bots.mover import MoverBot
from megamono.rules.engine import Game
from megamono.saves import LARGE_SAVE_BYTES, MAX_SAVE_BYTES, save_game

# On the one xdist worker of the "serial" group (pyproject.toml): a loader process under a memory budget.
pytestmark = pytest.mark.xdist_group("serial")

ROUNDS = 10_000
MEMORY_BUDGET_MB = 150

LOADER = """
import json, sys
from megamono.saves import load_save
from test_long_game_saves import digest, peak_memory_mb
saved = load_save(sys.argv[1])
peak = peak_memory_mb()  # (before the digest's own memory)
st = saved.game.st
print(json.dumps({"digest": digest(saved.game), "peak_mb": peak, "log": len(st.log),
                  "actions": len(saved.game.history)}))
"""


def peak_memory_mb() -> float:
    """This process's peak resident memory in MiB: Linux's VmHWM, which starts afresh at exec
    (``ru_maxrss`` may carry the parent's peak over a fork and exec)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    import resource  # not Linux: the nearest figure there is

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / (1024 * 1024 if sys.platform == "darwin" else 1024)


def digest(game: Game) -> str:
    """A fingerprint of the whole state, the log line by line (no 50 MB JSON text at once)."""
    h = hashlib.sha256(game.st.model_dump_json(exclude={"log"}).encode())
    for event in game.st.log:
        h.update(repr(event).encode())
    return h.hexdigest()


def long_game(rounds: int) -> Game:
    game = Game.new("mega", [{"name": f"P{k}", "kind": "computer"} for k in range(4)], seed=1,
                    seat_order=True, options={"turn_limit": rounds})
    bots = [MoverBot(k) for k in range(4)]
    while not game.over:
        p = game.pending.player
        game.act(bots[p].choose(game, p))
    return game


def test_a_10000_round_game_saves_under_the_cap_and_loads_within_the_memory_budget(tmp_path):
    game = long_game(ROUNDS)
    assert game.st.turn.number == 4 * ROUNDS
    path = save_game(game, "long", tmp_path)
    size = path.stat().st_size
    assert size < MAX_SAVE_BYTES and size < 1.5 * LARGE_SAVE_BYTES, size
    # loaded in a fresh process, as `megamono resume` would: its peak memory is its own
    out = subprocess.run([sys.executable, "-c", LOADER, str(path)], capture_output=True, text=True,
                         timeout=300, check=True, cwd=Path(__file__).parent)
    result = json.loads(out.stdout)
    assert result["digest"] == digest(game)
    assert result["actions"] == len(game.history) and result["log"] == len(game.st.log)
    print(f"\n{ROUNDS} rounds: {len(game.history):,} actions, {len(game.st.log):,} log events; "
          f"save {size / 1e6:.1f} MB; loading peaked at {result['peak_mb']:.0f} MB")
    assert result["peak_mb"] < MEMORY_BUDGET_MB
