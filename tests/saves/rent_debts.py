"""Writes the save fixtures of a rent payment waiting in a debt (a script, not a test):

    .venv/bin/python tests/saves/rent_debts.py FOLDER

``rent-debt.json``: Ann lands on Bob's Massachusetts Avenue with $2 and is in debt for its rent;
``claimed-rent-debt.json``: the same with the option ``rent_must_be_claimed``, in debt for the rent Bob
claimed. Both stop in the debt, so the save holds the debt's note (and, for the claim, the pay step's
reason). Version 7 kept whether such a payment is rent in its words (``"rent for Massachusetts
Avenue"``), version 8 as data (``rent_for``): ``tests/saves/v7`` has the files written by the megamono
of version 7 (commit 6055b1a), ``tests/saves/v8`` by version 8, the same games with the same ids and
times (tests/test_save_versions.py).
"""

from __future__ import annotations

import sys
from datetime import datetime
from pathlib import Path

from megamono.rules import Game
from megamono.rules.actions import ClaimRent, Roll
from megamono.saves import encode_game

POSITION = {
    "players": [{"name": "Ann", "cash": 2}, {"name": "Bob", "cash": 1500}],
    "deeds": {"Massachusetts Avenue": "Bob", "Reading Railroad": "Ann"},
    "seed": 5,
}
SAVED_AT = datetime(2027, 1, 4, 12, 0, 0)


def games() -> dict[str, Game]:
    """The two games, each stopped in its rent debt."""
    landed = Game.from_position("mega", POSITION, dice=[(2, 3, 2)])
    landed.act(Roll(player=0))  # 2+3+2: Massachusetts Avenue, rent $6, Ann has $2
    claimed = Game.from_position("mega", POSITION, dice=[(2, 3, 2)], options={"rent_must_be_claimed": True})
    claimed.act(Roll(player=0))
    claimed.act(ClaimRent(player=1, space=7))
    return {"rent-debt": landed, "claimed-rent-debt": claimed}


def main(folder: str) -> None:
    for name, game in games().items():
        assert game.pending is not None and game.pending.kind == "debt", name
        ids = {"rent-debt": "5e47d0b7a1c2", "claimed-rent-debt": "5e47d0b7a1c3"}
        Path(folder, f"{name}.json").write_bytes(encode_game(game, saved_at=SAVED_AT, game_id=ids[name]))


if __name__ == "__main__":
    main(sys.argv[1])
