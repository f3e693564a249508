"""The command line: subcommands and the save folder (the app itself is tested under tests/tui)."""

from __future__ import annotations

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
