"""The rules core's shape (issue 14, item 4): each RULES.md area has a module named after it, where
its section ids live; the engine's ``Game`` is the public API over them, not a bag of every rule.

A section id's home is the one module of ``megamono/rules`` whose module docstring names it (a range
such as "B1-B6" names B1 to B6, not B3.1). Function docstrings may cite any id; G2 (the Mzansi names,
data only) has no home.
"""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

from megamono.rules.engine import Game

from test_rules_coverage import rule_ids

RULES = Path(__file__).resolve().parents[2] / "megamono" / "rules"
AREAS = ("movement", "cards", "rent", "buying", "auctions", "buildings", "levelling", "shortage", "mortgages",
         "trades", "jail", "debt", "endgame", "turns")


def ids_named(doc: str) -> set[str]:
    """The section ids a docstring names: each id, and each id of a range "X1-X6" / "X1-6"."""
    out = {m.group(1) for m in re.finditer(r"\b([A-Z]\d+(?:\.\d+)?)\b", doc)}
    for m in re.finditer(r"\b([A-Z])(\d+)-(?:\1)?(\d+)\b", doc):
        out |= {f"{m.group(1)}{k}" for k in range(int(m.group(2)), int(m.group(3)) + 1)}
    return out


def homes() -> dict[str, list[str]]:
    """Each section id and the modules whose docstring names it."""
    out: dict[str, list[str]] = {i: [] for i in rule_ids()}
    for path in sorted(RULES.glob("*.py")):
        doc = ast.get_docstring(ast.parse(path.read_text())) or ""
        for i in ids_named(doc):
            if i in out:
                out[i].append(path.stem)
    return out


def test_every_section_id_has_exactly_one_home_module():
    bad = {i: where for i, where in homes().items() if len(where) != 1 and i != "G2"}
    assert not bad, f"ids named by no module docstring or by several: {bad}"


def test_each_area_has_its_module_and_its_ids():
    found = homes()
    for area, ids in {"movement": ["T4", "S7"], "cards": ["K1", "K8"], "rent": ["R1"], "buying": ["S1"],
                      "auctions": ["A1"], "buildings": ["B1", "B6"], "levelling": ["B8"], "shortage": ["B7"],
                      "mortgages": ["M3"], "trades": ["X1"], "jail": ["J2"], "debt": ["D1"], "endgame": ["E2"],
                      "turns": ["T1", "T8"]}.items():
        assert (RULES / f"{area}.py").is_file()
        for i in ids:
            assert found[i] == [area], (i, found[i])


def test_ranges_name_their_whole_ids_only():
    assert ids_named("Buildings (B1-B3)") == {"B1", "B2", "B3"}
    assert "B3.1" not in ids_named("B1-B6") and "T3.2" in ids_named("triples (T3.2)")


def test_game_is_the_public_api_with_at_most_80_methods():
    """Methods, properties and class or static methods, inherited ones included; dunders aside."""
    names = [n for n in dir(Game) if not (n.startswith("__") and n.endswith("__"))]
    methods = [n for n in names if callable(getattr(Game, n))
               or isinstance(inspect.getattr_static(Game, n), (property, staticmethod, classmethod))]
    assert len(methods) <= 80, sorted(methods)
    assert Game.__mro__ == (Game, object)  # no mixins: the rule areas are modules of functions


def test_the_rule_areas_are_functions_over_the_state_never_over_a_game():
    for area in AREAS:
        tree = ast.parse((RULES / f"{area}.py").read_text())
        assert not [n.name for n in tree.body if isinstance(n, ast.ClassDef)], area
        for fn in (n for n in tree.body if isinstance(n, ast.FunctionDef)):
            args = [a.arg for a in fn.args.args]
            assert "self" not in args and "game" not in args and "g" not in args, (area, fn.name)
