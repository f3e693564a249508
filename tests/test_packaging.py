"""Packaging: the wheel carries the code and the edition data; the two set-up commands hold.

The wheel is built from this checkout without build isolation (hatchling comes with the `test`
extra), installed without dependencies into a fresh virtual environment that borrows this
environment's packages (pydantic, ...) through a .pth line, and used from another folder, so the
checkout itself is not importable there.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

# On the one xdist worker of the "serial" group (pyproject.toml): builds a wheel and a virtual environment in processes.
pytestmark = pytest.mark.xdist_group("serial")

ROOT = Path(__file__).resolve().parents[1]

README_TEST_COMMAND = (
    "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/python -m pytest -q -n auto"
)
README_PLAY_COMMAND = "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/megamono"


def _run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, f"{cmd} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}"
    return proc


def test_wheel_installs_and_loads_the_mega_edition(tmp_path):
    dist = tmp_path / "dist"
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
          "-q", "-w", str(dist), str(ROOT)], cwd=tmp_path)
    (wheel,) = dist.glob("megamono-0.1.0-*.whl")

    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("megamono/__init__.py", "megamono/__main__.py", "megamono/cli.py",
                   "megamono/rules/editions.py", "megamono/assets/editions/mega.json",
                   "megamono/assets/editions/classic.json", "megamono/docs/rules.md"):
        assert needed in names, f"{needed} missing from {wheel.name}"
    assert not any(n.startswith(("tests/", "saves/", "assets/", ".venv")) for n in names)

    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    py = env_dir / "bin" / "python"
    site = Path(_run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                     cwd=tmp_path).stdout.strip())
    _run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "-q",
          "--target", str(site), str(wheel)], cwd=tmp_path)
    # Dependencies come from this environment's site-packages. Its .pth files (an editable
    # install of megamono among them) are not processed for a folder added this way.
    (site / "zz_test_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")

    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    check = (
        "import megamono, pathlib;"
        f"assert pathlib.Path(megamono.__file__).is_relative_to({str(site)!r}), megamono.__file__;"
        "from megamono.rules.editions import load_edition, assets_dir;"
        f"assert assets_dir().is_relative_to({str(site)!r}), assets_dir();"
        "e = load_edition('mega'); assert len(e.spaces) == 52;"
        "from importlib.metadata import entry_points;"
        "(ep,) = [ep for ep in entry_points(group='console_scripts') if ep.name == 'megamono'];"
        "assert ep.value == 'megamono.cli:main', ep.value;"
        "print('ok')"
    )
    assert _run([str(py), "-c", check], cwd=elsewhere, env=env).stdout.strip() == "ok"
    help_text = _run([str(py), "-m", "megamono", "--help"], cwd=elsewhere, env=env).stdout
    assert "resume" in help_text and "--saves" in help_text


def test_readme_holds_the_two_setup_commands():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert lines.count(README_TEST_COMMAND) == 1
    assert lines.count(README_PLAY_COMMAND) == 1


def test_ci_runs_the_readme_test_command():
    """.ci/run takes its command from README.md with the pattern below; it must find exactly one."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert os.access(ROOT / ".ci" / "run", os.X_OK)
    assert ci.startswith("#!/usr/bin/env bash\n") and "set -euo pipefail" in ci
    pattern = re.search(r'grep -E "(.+?)" README\.md', ci)
    assert pattern, "the grep pattern in .ci/run moved"
    readme = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    regex = re.compile(pattern.group(1).replace("\\\\", "\\"))
    assert [line for line in readme if regex.search(line)] == [README_TEST_COMMAND]
    assert "-eq 5" in ci  # pytest's "no tests collected" fails CI
