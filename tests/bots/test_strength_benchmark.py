"""The strength benchmark (tests/bench/strength.py, issue 28 item 1) keeps working: each level against three
of the level below, seats rotated, seeds fixed, a Wilson interval on the per-seat win rate."""

from __future__ import annotations

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "bench" / "strength.py"


def _strength():
    spec = importlib.util.spec_from_file_location("strength_bench", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_levels_pair_in_order_and_a_run_repeats_exactly():
    strength = _strength()
    assert strength.pairings(["strong", "easy"]) == [("strong", "easy")]
    assert strength.pairings(["expert", "easy", "strong", "normal"]) == [
        ("normal", "easy"), ("strong", "normal"), ("expert", "strong")]
    first = strength.measure("strong", "easy", "mega", 8, seed=3, jobs=1)
    assert first == {**strength.measure("strong", "easy", "mega", 8, seed=3, jobs=1), "seconds": first["seconds"]}
    low, high = first["interval"]
    assert 0 <= low <= first["rate"] <= high <= 1 and first["games"] == 8
