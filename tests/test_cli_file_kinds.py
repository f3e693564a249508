"""The command line tells a save from a position file: each command given the other kind says, in one
line on standard error, what the file is and the command that reads it (issue 26, item 6)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from megamono.cli import main

LATE_GAME = Path(__file__).resolve().parents[1] / "saves" / "examples" / "late-game.json"


@pytest.fixture
def files(tmp_path, monkeypatch, capsys):
    """A save ``s.json`` and its position ``p.json`` (written by ``megamono position``) in the current
    folder, named as a player types them."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.json").write_bytes(LATE_GAME.read_bytes())
    assert main(["position", "s.json", "-o", "p.json"]) == 0
    capsys.readouterr()
    return tmp_path


def one_line(capsys) -> str:
    """Standard error, checked to be one line (and nothing on standard output)."""
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1, (out, err)
    assert "Input should" not in err and "Traceback" not in err
    return err.rstrip("\n")


@pytest.mark.parametrize("argv, says", [
    (["analyse", "p.json"], "megamono: cannot analyse: p.json is a position file, not a save: "
                            "use megamono analyse --position p.json"),
    (["analyze", "p.json"], "megamono: cannot analyse: p.json is a position file, not a save: "
                            "use megamono analyse --position p.json"),
    (["resume", "p.json"], "megamono: cannot resume: p.json is a position file, not a save: "
                           "use megamono play --position p.json"),
    (["replay", "p.json"], "megamono: cannot replay: p.json is a position file, not a save: "
                           "use megamono play --position p.json"),
    (["review", "p.json"], "megamono: cannot review: p.json is a position file, not a save: "
                           "use megamono analyse --position p.json"),
    (["validate", "p.json"], "megamono: cannot validate: p.json is a position file, not a save: "
                             "use megamono play --position p.json"),
    (["position", "p.json"], "megamono: no position: p.json is a position file, not a save: "
                             "use megamono play --position p.json"),
])
def test_a_position_file_where_a_save_is_wanted_is_named_with_the_command_for_it(files, capsys, argv, says):
    assert main(argv) == 1
    assert one_line(capsys) == says


@pytest.mark.parametrize("argv, says", [
    (["play", "--position", "s.json"], "megamono: cannot start from that position: s.json is a save, not a "
                                       "position file: use megamono resume s.json"),
    (["analyse", "--position", "s.json"], "megamono: cannot analyse: s.json is a save, not a position file: "
                                          "use megamono analyse s.json"),
])
def test_a_save_where_a_position_is_wanted_is_named_with_the_command_for_it(files, capsys, argv, says):
    assert main(argv) == 1
    assert one_line(capsys) == says


def test_a_save_larger_than_a_position_can_be_is_still_told_as_a_save(files, capsys):
    big = json.loads(LATE_GAME.read_text(encoding="utf-8"))
    big["padding"] = "x" * (1024 * 1024)  # (a long game's save is well over a position's 1 MiB)
    (files / "big.json").write_text(json.dumps(big), encoding="utf-8")
    assert main(["play", "--position", "big.json"]) == 1
    assert one_line(capsys) == ("megamono: cannot start from that position: big.json is a save, not a position "
                                "file: use megamono resume big.json")


def test_a_name_with_a_space_is_quoted_in_the_command_to_use(files, capsys):
    (files / "my game.json").write_bytes((files / "p.json").read_bytes())
    assert main(["resume", "my game.json"]) == 1
    assert one_line(capsys) == ("megamono: cannot resume: my game.json is a position file, not a save: "
                                "use megamono play --position 'my game.json'")


def test_an_analysis_file_is_named_as_one(files, capsys):
    (files / "out.json").write_text(json.dumps({"format": "megamono-analysis", "players": []}))
    assert main(["resume", "out.json"]) == 1
    assert one_line(capsys) == ("megamono: cannot resume: out.json is an analysis (written by megamono "
                                "analyse --json), not a save")
    assert main(["play", "--position", "out.json"]) == 1
    assert one_line(capsys) == ("megamono: cannot start from that position: out.json is an analysis "
                                "(written by megamono analyse --json), not a position file")


def test_the_save_list_names_a_position_file_in_the_save_folder(files):
    from megamono.saves import list_saves

    unreadable: dict[Path, str] = {}
    listed = list_saves(files, unreadable)
    assert [s.name for s in listed] == ["s"]
    assert unreadable == {files / "p.json": "p.json is a position file, not a save"}


def test_the_installed_command_says_it_in_one_line(files):
    proc = subprocess.run([sys.executable, "-m", "megamono", "analyse", "p.json"], cwd=files,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1 and proc.stdout == ""
    assert proc.stderr == ("megamono: cannot analyse: p.json is a position file, not a save: "
                           "use megamono analyse --position p.json\n")
