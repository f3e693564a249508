"""The time a game with the ``time_limit`` option has been open (RULES.md O) is kept at the top of its
save (``played_seconds``), beside its saved time and not in the game state; a save without it (every
older one, and any game without the option) reads as 0 seconds, so no new save version was needed."""

import json

import pytest
from megamono.saves import SAVE_VERSION, SaveError, decode_save, encode_game, load_save, save_game

from kit import new_game


def test_O_time_limit_played_seconds_round_trip_and_default(tmp_path):
    game = new_game(2, options={"time_limit": 30})
    path = save_game(game, "timed", tmp_path, played_seconds=754.9)
    data = json.loads(path.read_text())
    assert data["played_seconds"] == 754 and data["version"] == SAVE_VERSION
    assert "played_seconds" not in data["state"] and "time_up" in data["state"]["turn"]
    assert load_save(path).played_seconds == 754
    plain = json.loads(encode_game(game))
    assert "played_seconds" not in plain and decode_save(plain).played_seconds == 0


@pytest.mark.parametrize("bad", [-1, 1.5, "10", True])
def test_O_time_limit_a_bad_played_seconds_is_refused(bad):
    data = json.loads(encode_game(new_game(2, options={"time_limit": 30})))
    data["played_seconds"] = bad
    with pytest.raises(SaveError, match="played_seconds"):
        decode_save(data)
