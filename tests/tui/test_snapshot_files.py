"""Every snapshot SVG under tests/tui/__snapshots__/ belongs to a collected snapshot test.

syrupy reports snapshots no test uses any more, but not under pytest-xdist (README's test command has
``-n auto``): each worker sees only its share of the tests. So this test collects the snapshot test
modules in a process of its own (every test, the slow ones too) and derives from each test id the file
pytest-textual-snapshot writes (``__snapshots__/<module>/<test name>.svg``, parameters included, as
``test_x[a-b].svg``; a second snapshot in one test adds ``.1``). A snapshot left behind by a renamed or
removed test fails here; delete it, or update the snapshots with ``--snapshot-update`` (without ``-n``).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
SNAPSHOTS = HERE / "__snapshots__"
ROOT = HERE.parents[1]


def collected_ids(modules: list[Path]) -> list[str]:
    """The ids of every test in ``modules`` (the default deselection of slow tests switched off)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_XDIST", "PYTEST_CURRENT"))}
    proc = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-o", "addopts=",
                           "-p", "no:cacheprovider", *map(str, modules)],
                          capture_output=True, text=True, timeout=300, cwd=ROOT, env=env)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return [line for line in proc.stdout.splitlines() if "::" in line]


def snapshot_name(svg: Path) -> str:
    """The test name a snapshot file is for: its name less ``.svg`` and any ``.N`` of a later snapshot."""
    return re.sub(r"\.\d+$", "", svg.name.removesuffix(".svg"))


@pytest.mark.xdist_group("serial")  # it collects in a process of its own (see pyproject.toml)
def test_every_snapshot_belongs_to_a_collected_test():
    svgs = sorted(SNAPSHOTS.rglob("*.svg"))
    assert svgs, f"no snapshots under {SNAPSHOTS}"
    folders = sorted({svg.parent for svg in svgs})
    assert all(folder.parent == SNAPSHOTS for folder in folders), folders  # one folder per test module
    modules = [HERE / f"{folder.name}.py" for folder in folders]
    orphans = [svg for svg in svgs if not (HERE / f"{svg.parent.name}.py").exists()]
    assert not orphans, f"snapshots of a test module that does not exist: {orphans}"
    owners = {(Path(node.split("::")[0]).stem, node.split("::")[-1]) for node in collected_ids(modules)}
    unused = [str(svg.relative_to(HERE)) for svg in svgs if (svg.parent.name, snapshot_name(svg)) not in owners]
    assert not unused, f"snapshots that no collected test takes: {unused}"
