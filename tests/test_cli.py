"""The command line: subcommands and the save folder (the app itself is tested under tests/tui)."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from megamono.cli import parse_args


def test_play_is_the_default_and_saves_default_to_dot_saves(monkeypatch):
    monkeypatch.delenv("MEGAMONO_SAVES", raising=False)
    args = parse_args([])
    assert (args.command, args.saves, args.file) == ("play", Path("saves"), None)
    assert parse_args(["play"]).command == "play"


def test_resume_takes_an_optional_file():
    assert parse_args(["resume"]).file is None
    assert parse_args(["resume", "game.json"]).file == Path("game.json")


@pytest.mark.parametrize("argv", [["--saves", "a"], ["--saves", "a", "resume"], ["resume", "--saves", "a"],
                                  ["play", "--saves", "a"]])
def test_saves_option_before_or_after_the_subcommand(monkeypatch, argv):
    monkeypatch.setenv("MEGAMONO_SAVES", "from-env")
    assert parse_args(argv).saves == Path("a")


def test_saves_from_the_environment(monkeypatch):
    monkeypatch.setenv("MEGAMONO_SAVES", "/tmp/mm-saves")
    assert parse_args(["resume"]).saves == Path("/tmp/mm-saves")


def test_validate_reports_a_sound_save_and_the_first_problem(tmp_path, capsys):
    from pathlib import Path

    from megamono.cli import main

    example = Path(__file__).resolve().parents[1] / "saves" / "examples" / "late-game.json"
    assert main(["validate", str(example)]) == 0
    assert "sound" in capsys.readouterr().out
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "megamono-save", "version": 1, "state": {"players": 3}}')
    assert main(["validate", str(bad)]) == 1
    assert "bad.json" in capsys.readouterr().err


def test_resume_of_a_missing_file_exits_1_with_the_reason(capsys, tmp_path):
    from megamono.cli import main

    assert main(["--saves", str(tmp_path), "resume", str(tmp_path / "nope.json")]) == 1
    assert "cannot resume" in capsys.readouterr().err


def _home_board(tmp_path, **change):
    """A player's own board file: the Mega board renamed, Boardwalk now Table Mountain."""
    import json

    from megamono.rules.editions import edition_path

    data = json.loads(edition_path("mega").read_text(encoding="utf-8"))
    data.update(id="mzansi", name="Mzansi board")
    data["spaces"][51].update(name="Table Mountain", short="Table Mtn")
    data["spaces"][3].update(change)
    path = tmp_path / "mzansi.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_G2_edition_flag_takes_a_board_file_as_an_absolute_path(tmp_path, monkeypatch):
    from megamono.cli import check_edition

    path = _home_board(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert parse_args(["--edition", "mzansi.json"]).edition == "mzansi.json"
    assert parse_args(["play", "--edition", "classic"]).edition == "classic"
    assert check_edition("mzansi.json") == str(path.resolve())
    assert check_edition("classic") == "classic"
    (tmp_path / "mega").mkdir()  # a folder named like a shipped edition does not hide it
    assert check_edition("mega") == "mega"


def test_G2_a_bad_board_file_is_refused_before_the_app_starts(tmp_path, capsys):
    from megamono.cli import main

    path = _home_board(tmp_path, price="lots")
    assert main(["--edition", str(path)]) == 1
    assert "mzansi.json: spaces.3.price: Input should be a valid integer" in capsys.readouterr().err
    assert main(["play", "--edition", str(tmp_path / "missing.json")]) == 1
    assert "no such edition file" in capsys.readouterr().err


# ---------------------------------------------------------------------------- positions (issue 16)
V7 = Path(__file__).resolve().parent / "saves" / "v7" / "position-game.json"


def test_position_writes_the_start_of_the_turn_in_progress_and_says_so(tmp_path, capsys):
    import json

    from megamono.cli import main
    from megamono.rules import Game
    from megamono.rules.positions import at_turn_start
    from megamono.saves import load_game

    out = tmp_path / "p.json"
    assert main(["position", str(V7), "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert err == f"megamono: wrote the position at the start of turn 39 (round 13), Cat's, to {out}\n"
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["format"] == "megamono-position" and doc["turn"] == "Cat" and doc["turn_number"] == 39
    g = Game.from_position(None, doc)
    saved = load_game(V7)
    replay = Game.replay(saved.setup, [])
    for a in saved.history:
        if replay.st.turn.number == 39 and at_turn_start(replay.st):
            break
        replay.act(a)
    assert g.st.players == replay.st.players and g.st.decks == replay.st.decks and g.st.rng == replay.st.rng
    assert main(["position", str(V7)]) == 0  # to standard output
    both = capsys.readouterr()
    assert json.loads(both.out) == doc and "to standard output" in both.err


def test_position_of_a_save_made_mid_turn_is_the_start_of_that_turn(tmp_path, capsys):
    import json

    from megamono.cli import main
    from megamono.rules import Game, Roll
    from megamono.saves import save_game

    g = Game.new("mega", ["Ann", "Bob"], seed=3, dice=[(1, 3, 2), (2, 2, 1)], seat_order=True)
    g.act(Roll(player=0))  # Ann on Baltic... asked to buy
    g.act(g.legal_actions(0)[0])
    while g.pending.kind != "turn":
        g.act(g.legal_actions()[0])
    g.act(Roll(player=1))  # Bob's doubles: a decision mid-turn
    assert g.st.turn.number == 2
    path = save_game(g, "mid turn", tmp_path)
    assert main(["position", str(path)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["turn"] == "Bob" and doc["turn_number"] == 2
    assert [p["position"] for p in doc["players"]] == [g.st.players[0].position, 0]


def test_position_of_a_bad_save_is_refused_in_one_line(tmp_path, capsys):
    from megamono.cli import main

    assert main(["position", str(tmp_path / "nope.json")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("megamono: no position: ") and "no such save file" in err and err.count("\n") == 1


def test_play_position_starts_the_app_with_the_game_of_the_position(tmp_path, monkeypatch):
    import json

    import megamono.tui.app as app
    from megamono.cli import main

    started = {}
    monkeypatch.setattr(app, "run_app", lambda args: started.setdefault("game", args.game) and 0)
    f = tmp_path / "pos.json"
    f.write_text(json.dumps({"players": [{"name": "Ann", "cash": 900}, {"name": "Bob", "cash": 1200}],
                             "deeds": {"Boardwalk": "Bob"}, "turn": "Bob"}), encoding="utf-8")
    assert parse_args(["play", "--position", str(f)]).position == f
    assert main(["--saves", str(tmp_path), "--seed", "7", "play", "--position", str(f), "--edition", "classic"]) == 0
    g = started["game"]
    assert g.ed.id == "classic" and g.pending.kind == "turn" and g.pending.player == 1
    assert g.st.deeds[39].owner == 1 and g.setup["position"]["seed"] == 7


@pytest.mark.parametrize("text,words", [
    ('{"players": [{"name": "Ann", "cash": -1}, {"name": "Bob", "cash": 1}]}',
     "pos.json: players.0.cash: Input should be greater than or equal to 0"),
    ('{"players": [{"name": "Ann", "cash": 1}, {"name": "Bob", "cash": 1}], "deeds": {"Nowhere": "Ann"}}',
     "pos.json: deeds.Nowhere: Monopoly: The Mega Edition (US) has no space named 'Nowhere'"),
    ("not json", "pos.json: not JSON"),
])
def test_play_position_refuses_a_bad_position_in_one_line(tmp_path, capsys, text, words):
    from megamono.cli import main

    f = tmp_path / "pos.json"
    f.write_text(text, encoding="utf-8")
    assert main(["--saves", str(tmp_path), "play", "--position", str(f)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("megamono: cannot start from that position: ") and words in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_play_position_refuses_a_save_file(tmp_path, capsys):
    from megamono.cli import main

    assert main(["--saves", str(tmp_path), "play", "--position", str(V7)]) == 1
    assert capsys.readouterr().err == (f"megamono: cannot start from that position: {V7} is a save, not a "
                                       f"position file: use megamono resume {shlex.quote(str(V7))}\n")


@pytest.mark.parametrize("command, says", [
    ("review", "megamono: cannot review: "), ("replay", "megamono: cannot replay: "),
    ("analyse", "megamono: cannot analyse: "), ("resume", "megamono: cannot resume: "),
    ("position", "megamono: no position: "), ("validate", "megamono: "),
])
def test_every_command_names_a_refused_save_as_it_was_typed(tmp_path, monkeypatch, capsys, command, says):
    """A save the command line cannot read is refused in one line that names the file as the player
    typed it, whatever the reason (missing, not JSON, a folder), never its whole path for one reason
    and its bare name for another."""
    from megamono.cli import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "bad.json").write_text("{")
    for typed, why in (("games/nope.json", "no such save file"), ("games/bad.json", "not a JSON file"),
                       ("games", "it is a folder")):
        assert main([command, typed]) == 1
        err = capsys.readouterr().err
        assert err.startswith(f"{says}{typed}: ") and why in err and err.count("\n") == 1, err
