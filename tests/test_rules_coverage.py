"""Every RULES.md section id is named by at least one test (ids listed in tests/data/rules_ids.txt).

A test names an id when its function name holds it as a word, with the dot written as an
underscore: ``test_T3_2_triples_move_anywhere`` names T3.2 (and not T3).
"""

import ast
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def rule_ids() -> list[str]:
    lines = (TESTS / "data" / "rules_ids.txt").read_text(encoding="utf-8").splitlines()
    return [ln.strip() for ln in lines if ln.strip() and not ln.startswith("#")]


def all_test_names() -> list[str]:
    names = []
    for f in TESTS.rglob("test_*.py"):
        if "bench" in f.parts:
            continue
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                names.append(node.name)
    return names


def names_id(name: str, rule_id: str) -> bool:
    token = rule_id.replace(".", "_")
    return re.search(rf"(?:^|_){re.escape(token)}(?:_(?!\d+(?:_|$))|$)", name) is not None


def test_the_id_list_is_whole():
    ids = rule_ids()
    assert len(ids) == len(set(ids)) == 80


def test_every_rules_section_id_is_named_by_a_test():
    names = all_test_names()
    missing = [i for i in rule_ids() if not any(names_id(n, i) for n in names)]
    assert not missing, f"no test names these RULES.md ids: {', '.join(missing)}"


def test_names_id_matching():
    assert names_id("test_T3_2_triples", "T3.2")
    assert not names_id("test_T3_2_triples", "T3")
    assert names_id("test_T3_doubles", "T3")
    assert not names_id("test_B30_x", "B3")
    assert names_id("test_foo_I8", "I8")
