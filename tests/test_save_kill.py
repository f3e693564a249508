"""Atomic saves: a writer killed at any instant leaves every save in the folder whole."""

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from megamono.saves import load_game

# On the one xdist worker of the "serial" group (pyproject.toml): writers are spawned and killed mid-save.
pytestmark = pytest.mark.xdist_group("serial")

WRITER = r"""
import sys, random
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from megamono.rules import Game
from megamono.saves import save_game
from randomplay import choose
folder = Path(sys.argv[1])
g = Game.new("mega", ["Ann", "Bob", "Cid", "Dee"], seed=3)
r = random.Random(3)
print("ready", flush=True)
k = 0
while True:
    for _ in range(5):
        if not g.over:
            g.act(choose(g, r))
    save_game(g, f"slot{k % 3}", folder)
    if k == 0:
        print("saved", flush=True)
    k += 1
"""


def kill_writers(folder: Path, runs: int, seed: int = 1) -> int:
    """Start a writer ``runs`` times and SIGKILL it at a random instant after its first whole save (on a
    loaded machine the first save can take longer than the longest wait); after each kill every save in
    ``folder`` must load (replayed and checked). Returns the number of saves checked."""
    props = Path(__file__).resolve().parent / "properties"
    r = random.Random(seed)
    checked = 0
    for _run in range(runs):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(folder), str(props)],
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout.readline().strip() == "ready"
        assert proc.stdout.readline().strip() == "saved"
        time.sleep(r.uniform(0.05, 0.6))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        saves = sorted(folder.glob("*.json"))
        assert saves, "the writer never finished a save"
        for f in saves:
            load_game(f)  # parses, validates and replays: never half a file
            checked += 1
    return checked


def test_killed_writer_leaves_only_whole_saves(tmp_path):
    kill_writers(tmp_path, 6)


@pytest.mark.slow
def test_400_killed_writers_leave_only_whole_saves(tmp_path):
    checked = kill_writers(tmp_path, 400, seed=2)
    print(f"\n400 writers killed mid-save: {checked} saves checked after the kills, every one whole")
