"""The code is checked as part of the test run: ruff reports nothing on ``megamono`` and ``tests``
(configured in pyproject.toml: line length 120, rules E, W, F, I, UP and B, no per-file ignores), and
vulture finds no dead code in the rules core, the bots, saves, simulate and the command line beyond
the reviewed names of ``tests/vulture_whitelist.py``; mypy holds what is typed already (the bots
strict, the package outside the rules core plain).
The versions are pinned exactly in the ``test`` extra, so a new release cannot turn the run red."""

from __future__ import annotations

import subprocess
import sys
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
    paths = ["megamono/rules", "megamono/bots", "megamono/saves.py", "megamono/simulate.py", "megamono/cli.py",
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


def test_mypy_holds_what_is_typed_already():
    """``megamono/bots`` passes ``mypy --strict`` and the package passes plain mypy outside
    ``megamono/rules``; the rules core follows with its decision classes (issue 14), and then this
    test asks for all of it."""
    assert [e for e in _mypy("--strict", "megamono/bots") if e.startswith("megamono/bots")] == []
    assert [e for e in _mypy("megamono") if not e.startswith("megamono/rules")] == []
