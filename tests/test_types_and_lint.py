"""The code is checked as part of the test run: ruff reports nothing on ``megamono`` and ``tests``
(configured in pyproject.toml: line length 120, rules E, W, F, I, UP and B, no per-file ignores), and
vulture finds no dead code in the rules core, the bots, saves (and their migrations), board files, simulate,
analysis and the command line beyond the reviewed names of ``tests/vulture_whitelist.py``; mypy passes ``--strict`` on
the rules core and the bots and plainly on the whole package, and in those two every escape from the types (a
``type: ignore``, a ``cast``, an explicit ``Any``) says why, ten at most.
The versions are pinned exactly in the ``test`` extra, so a new release cannot turn the run red."""

from __future__ import annotations

import ast
import io
import subprocess
import sys
import tokenize
import tomllib
from pathlib import Path

import pytest

# On the one xdist worker of the "serial" group (pyproject.toml): runs ruff and vulture in processes.
pytestmark = pytest.mark.xdist_group("serial")

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_reports_nothing():
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "megamono", "tests"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_vulture_finds_no_dead_code_beyond_the_reviewed_whitelist():
    paths = ["megamono/rules", "megamono/bots", "megamono/saves.py", "megamono/save_migrations.py",
             "megamono/boards.py", "megamono/simulate.py", "megamono/cli.py", "megamono/analysis.py",
             "megamono/analyse_cli.py", "megamono/marks.py", "megamono/review_cli.py",
             "tests/vulture_whitelist.py"]
    done = subprocess.run([sys.executable, "-m", "vulture", *paths, "--min-confidence", "60"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and not done.stdout, done.stdout + done.stderr


def test_ruff_is_configured_as_agreed():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    ruff = config["tool"]["ruff"]
    assert ruff["line-length"] == 120
    assert sorted(ruff["lint"]["select"]) == ["B", "E", "F", "I", "UP", "W"]
    assert "per-file-ignores" not in ruff["lint"] and "ignore" not in ruff["lint"]
    pins = {line.split("==")[0]: line for line in config["project"]["optional-dependencies"]["test"]}
    assert "==" in pins["ruff"] and "==" in pins["mypy"] and "==" in pins["vulture"]


def test_the_package_says_it_is_typed():
    """PEP 561: ``megamono/py.typed`` ships in the package (hatch includes every file under megamono/)."""
    assert (ROOT / "megamono" / "py.typed").is_file()


def _mypy(*args: str) -> list[str]:
    """mypy's error lines for ``args`` (pyproject.toml's configuration; no cache written)."""
    done = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", "/dev/null", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    return [line for line in done.stdout.splitlines() if ": error:" in line]


def test_mypy_passes_strict_on_the_rules_and_bots_and_plain_on_the_package():
    assert _mypy("--strict", "megamono/rules", "megamono/bots") == []
    assert _mypy("megamono") == []


def type_escapes(folders: tuple[str, ...] = ("megamono/rules", "megamono/bots")) -> list[tuple[str, str]]:
    """Every ``type: ignore``, ``cast(...)`` and explicit ``Any`` in ``folders`` (imports aside), as
    (file:line, the comment on that line)."""
    out: list[tuple[str, str]] = []
    for path in sorted(p for folder in folders for p in (ROOT / folder).rglob("*.py")):
        text = path.read_text()
        comments = {t.start[0]: t.string for t in tokenize.generate_tokens(io.StringIO(text).readline)
                    if t.type == tokenize.COMMENT}
        lines: set[int] = {n for n, c in comments.items() if "type: ignore" in c}
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Name) and node.id == "Any" or (
                    isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "cast"):
                lines.add(node.lineno)
        where = path.relative_to(ROOT)
        out += [(f"{where}:{n}", comments.get(n, "")) for n in sorted(lines)]
    return out


def test_every_escape_from_the_types_in_rules_and_bots_says_why_and_there_are_at_most_ten():
    escapes = type_escapes()
    assert len(escapes) <= 10, escapes
    for where, comment in escapes:
        reason = comment.split("type: ignore", 1)[-1].split("]", 1)[-1] if "type: ignore" in comment else comment
        assert len(reason.strip(" #()")) >= 10, f"{where}: say why ({comment!r})"


def test_the_escape_counter_sees_each_kind():
    assert any("Any" in c for _, c in type_escapes())
    assert any("type: ignore" in c for _, c in type_escapes())


def test_the_rules_core_keeps_its_layers():
    """import-linter's contracts in pyproject.toml: each rule area imports only the plumbing below it
    and lower areas (never the engine), nothing imports upwards, the core never imports the app, nor the
    saves, the autosaves or the reading of files (megamono.files, megamono.boards: a board file is read
    outside the core and handed to it), and the computer players never import the app, Textual or Rich."""
    lint_imports = Path(sys.executable).parent / "lint-imports"  # (the test extra's script, beside python)
    done = subprocess.run([str(lint_imports), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout
    forbidden = {(tuple(c["source_modules"]), frozenset(c["forbidden_modules"]))
                 for c in tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
                 if c["type"] == "forbidden"}
    assert any(source == ("megamono.rules",) and {"megamono.saves", "megamono.autosave", "megamono.files"} <= mods
               for source, mods in forbidden)
    assert any(source == ("megamono.bots",) and {"megamono.tui", "textual", "rich"} <= mods
               for source, mods in forbidden)


def test_the_app_keeps_its_layers():
    """The app's layers (issue 27, item 8), in pyproject.toml and kept (the run above checks every
    contract): the app and its commands over the screens over the dialogs over the widgets over the
    table's flow over the controller and the look. A dialog never imports a screen (the open auction's
    dialog asked the game screen's module for a computer's move: it asks the one service now)."""
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    [tui] = [c for c in contracts if c["type"] == "layers" and c.get("containers") == ["megamono.tui"]]
    order = [layer.split(" | ") for layer in tui["layers"]]
    rank = {name: k for k, names in enumerate(order) for name in names}
    assert rank["app"] < rank["commands"] < rank["screens"] < rank["dialogs"] < rank["widgets"]
    assert rank["widgets"] < rank["table"] < rank["controller"] and rank["table"] < rank["look"]
