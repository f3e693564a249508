"""Atomic saves: a writer killed at any instant leaves every save in the folder whole."""

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from megamono.saves import load_game

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
    k += 1
"""


def test_killed_writer_leaves_only_whole_saves(tmp_path):
    props = Path(__file__).resolve().parent / "properties"
    r = random.Random(1)
    for run in range(6):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path), str(props)],
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(r.uniform(0.05, 0.6))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        saves = sorted(tmp_path.glob("*.json"))
        assert saves, "the writer never finished a save"
        for f in saves:
            load_game(f, verify=False)  # parses and validates: never half a file
