"""Writes the save fixtures of a version-1 save without its actions (a script, not a test):

    .venv/bin/python tests/saves/no_actions.py

``v1/no-actions.json``: ``v1/late-game.json`` (Mega, three players, turn 40) without its ``"actions"``,
the one form of version-1 save that cannot be replayed. megamono never wrote one (its saves held their
actions from the first format on), but issue 14 asks that one load with its log kept as plain text.
``v9/no-actions-played-on.json``: that game loaded and played on for a few decisions, then saved by
version 9, whose setup holds the state the game started from (its log as ``PlainText`` lines), with the
same id and time (tests/test_save_versions.py).
"""

from __future__ import annotations

import json
import sys
import tempfile
from datetime import datetime
from pathlib import Path

from megamono.saves import encode_game, load_save

HERE = Path(__file__).resolve().parent
SAVED_AT = datetime(2027, 1, 5, 20, 30, 0)
PLAYED_ON = 4
"""How many decisions the version-9 copy plays after loading (each the first legal action)."""


def main() -> int:
    data = json.loads((HERE / "v1" / "late-game.json").read_bytes())
    del data["actions"]
    old = HERE / "v1" / "no-actions.json"
    old.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "copy.json"
        copy.write_bytes(old.read_bytes())
        saved = load_save(copy)
    game = saved.game
    for _ in range(PLAYED_ON):
        game.act(game.legal_actions()[0])
    (HERE / "v9").mkdir(exist_ok=True)
    (HERE / "v9" / "no-actions-played-on.json").write_bytes(encode_game(game, SAVED_AT, saved.game_id))
    return 0


if __name__ == "__main__":
    sys.exit(main())
