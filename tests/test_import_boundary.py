"""DESIGN.md boundary 1: the rules core never imports textual or rich (nor the app)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

# On the one xdist worker of the "serial" group (pyproject.toml): each check imports in a fresh process.
pytestmark = pytest.mark.xdist_group("serial")

CHECK = """
import importlib, json, pkgutil, sys
import megamono.rules
names = ["megamono.rules"]
for info in pkgutil.walk_packages(megamono.rules.__path__, "megamono.rules."):
    importlib.import_module(info.name)
    names.append(info.name)
heavy = sorted(m for m in sys.modules
               if m.split(".")[0] in ("textual", "rich") or m.startswith("megamono.tui"))
print(json.dumps({"imported": names, "heavy": heavy}))
"""


def test_rules_core_imports_neither_textual_nor_rich():
    proc = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert "megamono.rules.editions" in result["imported"]
    assert result["heavy"] == [], f"megamono.rules pulled in {result['heavy']}"


def test_package_root_imports_nothing_heavy():
    code = ("import sys, megamono, megamono.cli; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'pydantic')))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"


def test_the_app_module_loads_no_rules_core_before_the_start_screen():
    """Issue 6 (8a): the start screen is drawn before the rules core (and pydantic) is imported."""
    code = ("import sys, megamono.tui.app; print(sorted(m for m in sys.modules "
            "if m.startswith('megamono.rules') or m.split('.')[0] == 'pydantic'))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"
