"""``megamono simulate``: headless runs write a sound JSON summary; bad arguments fail cleanly."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from megamono.cli import main, parse_args
from megamono.simulate import board_cells, run, seat_levels


def check_summary(data: dict, games: int, players: int, edition: str) -> None:
    assert data["games"] == games and data["players"] == players and data["edition"] == edition
    assert len(data["wins_by_seat"]) == players
    assert sum(row["wins"] for row in data["wins_by_seat"]) == pytest.approx(games)
    assert sum(row["wins"] for row in data["wins_by_level"]) == pytest.approx(games)
    r = data["rounds"]
    assert 0 < r["min"] <= r["q1"] <= r["median"] <= r["q3"] <= r["max"] and r["iqr"] == r["q3"] - r["q1"]
    assert 0 <= data["turn_limit_share"] <= 1
    spaces = data["landing"]["spaces"]
    assert len(spaces) == (52 if edition == "mega" else 40)
    assert sum(s["share"] for s in spaces) == pytest.approx(1, abs=1e-3)
    assert sum(s["count"] for s in spaces) == data["landing"]["moves"] > 0
    assert data["bot_fallbacks"] == 0


def test_simulate_three_games_writes_a_valid_json_summary(tmp_path, capsys):
    out = tmp_path / "sub" / "summary.json"
    rc = main(["simulate", "--games", "3", "--players", "3", "--bots", "strong,easy", "--seed", "4",
               "--turn-limit", "60", "--json", str(out)])
    assert rc == 0
    data = json.loads(out.read_text())
    check_summary(data, 3, 3, "mega")
    assert data["seed"] == 4 and data["turn_limit"] == 60 and data["bots"] == ["strong", "easy"]
    assert [row["levels"] for row in data["wins_by_seat"]] == [["strong"], ["easy"], ["strong"]]
    text = capsys.readouterr().out
    assert "Wins by seat" in text and "Wins by bot level" in text and "Where moves end" in text


def test_simulate_json_dash_prints_the_json_alone_on_standard_output(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rc = main(["simulate", "--games", "2", "--players", "2", "--seed", "5", "--turn-limit", "40", "--json", "-"])
    assert rc == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out)  # nothing but the JSON on standard output
    check_summary(data, 2, 2, "mega")
    assert "Wins by seat" in captured.err  # the tables go to standard error
    assert not (tmp_path / "-").exists()  # no file named "-"
    # whole win counts are written as whole numbers
    assert all(isinstance(row["wins"], int) or row["wins"] % 1 for row in data["wins_by_seat"] + data["wins_by_level"])


@pytest.mark.xdist_group("serial")
def test_simulate_headless_in_a_subprocess_with_two_jobs_on_classic(tmp_path):
    out = tmp_path / "classic.json"
    # wide enough that the summary's path stays on one line (under pytest-xdist tmp_path is longer)
    env = {**os.environ, "TERM": "dumb", "NO_COLOR": "1", "COLUMNS": "200"}
    proc = subprocess.run([sys.executable, "-m", "megamono", "simulate", "-n", "3", "-p", "2", "-e", "classic",
                           "-b", "easy,strong", "--rotate", "--seed", "8", "--turn-limit", "50", "-j", "2",
                           "--json", str(out)], capture_output=True, text=True, timeout=120, env=env,
                          stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(out.read_text())
    check_summary(data, 3, 2, "classic")
    assert data["jobs"] == 2 and data["rotate"] is True
    assert "classic.json" in proc.stdout


@pytest.mark.parametrize("argv,message", [
    (["--players", "9"], "2 to 8 players"),
    (["--bots", "easy,genius"], "unknown bot level"),
    (["--edition", "nowhere.json"], "no such edition file"),
    (["--games", "0"], "at least 1"),
    (["--time-limit", "30"], "--time-limit is refused"),  # RULES.md O: simulate refuses the time_limit option
])
def test_simulate_bad_arguments_exit_2_with_a_message(argv, message, capsys):
    assert main(["simulate", *argv]) == 2
    assert message in capsys.readouterr().err


def test_simulate_arguments_parse_with_defaults():
    args = parse_args(["simulate"])
    assert (args.command, args.games, args.players, args.edition, args.bots, args.jobs, args.json) == \
        ("simulate", 100, 4, "mega", "strong", 1, None)
    assert args.seed is None
    assert parse_args(["simulate", "--seed", "5"]).seed == 5
    assert parse_args(["--seed", "6", "simulate"]).seed == 6


def test_seat_levels_cycle_and_rotate():
    assert seat_levels(["strong", "easy"], 3) == ["strong", "easy", "strong"]
    assert seat_levels(["strong", "easy"], 3, game_index=1, rotate=True) == ["easy", "strong", "easy"]


def test_board_cells_put_every_space_on_the_rim_once():
    for size in (40, 52):
        cells = board_cells(size)
        side = size // 4
        assert len(set(cells.values())) == size
        assert cells[0] == (side, side) and cells[side] == (side, 0)
        assert cells[2 * side] == (0, 0) and cells[3 * side] == (0, side)
        assert all(r in (0, side) or c in (0, side) for r, c in cells.values())


def test_run_is_repeatable_for_a_seed():
    a = run(games=2, players=2, bots=["strong", "easy"], seed=3, turn_limit=40)
    b = run(games=2, players=2, bots=["strong", "easy"], seed=3, turn_limit=40)
    for key in ("wins_by_seat", "rounds", "landing", "turn_limit_share"):
        assert a[key] == b[key]


def test_O_time_limit_is_refused_by_a_headless_bot_game():
    from megamono.bots import play_bot_game

    with pytest.raises(ValueError, match="time_limit option counts the minutes a game is open in the app"):
        play_bot_game("mega", ["easy", "easy"], seed=1, options={"time_limit": 5})
