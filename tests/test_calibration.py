"""Issue 16 item 7: the win chances mean what they say. ``tests/bench/calibration.py`` plays seeded bot
games, strong-only and mixed easy and strong, estimates every player's chance at the start of round 20,
and compares the chances given with the shares won, bucket by bucket (README: Analysis). One game in five
is estimated through the app's own route as well, which must give ``analyse``'s figures to the last digit
(issue 26 item 4).

The full run (500 games, 200 playouts per estimate) is marked slow (``pytest -m slow
tests/test_calibration.py``); the quick tests play a handful of games with few playouts, so the code runs
in the default suite.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parent / "bench" / "calibration.py"
_spec = importlib.util.spec_from_file_location("calibration", _PATH)
assert _spec is not None and _spec.loader is not None
calibration = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(calibration)


def test_a_few_games_each_estimated_at_round_20_or_counted_as_over_before():
    results = calibration.run(games=4, playouts=8, jobs=1)
    assert [r["kind"] for r in results] == ["strong", "mixed", "strong", "mixed"]
    assert results[1]["levels"] == ["easy", "strong", "easy", "strong"]
    for r in results:
        assert r["winners"] and r["termination"] in ("last_player_standing", "turn_limit")
        if r["chances"] is None:
            assert r["rounds"] < 20 or r["termination"] != "turn_limit"
        else:
            assert sum(r["chances"]) == pytest.approx(1) and r["rounds"] >= 20
    s = calibration.summary(results)
    assert s["strong"]["games"] == s["mixed"]["games"] == 2
    assert s["strong"]["estimated"] + s["strong"]["over_before"] == 2
    assert s["strong"]["pairs"] == 4 * s["strong"]["estimated"]
    assert sum(b["n"] for b in s["mixed"]["buckets"]) == s["mixed"]["pairs"]
    assert s["mixed"]["by_level"]["easy"]["pairs"] == s["mixed"]["by_level"]["strong"]["pairs"]
    assert calibration.table(s).count("\n") == 2 + 4 * len(calibration.BUCKETS) - 1
    # the same games again: every figure comes from the seeds
    assert calibration.run(games=2, playouts=8, jobs=1) == results[:2]
    # the 0th game was estimated through the app's route too (one in APP_EVERY), the others not
    assert [r["app_route"] for r in results][1:] == [None] * 3
    assert s["app_route"]["checked"] == (results[0]["chances"] is not None)
    assert s["app_route"]["identical"] == s["app_route"]["checked"] and s["app_route"]["differ"] == []


def test_the_app_route_gives_analyses_figures_to_the_last_digit_in_the_calibration_run():
    """Issue 26 item 4: the calibration's estimate through the ``w`` panel's route (PositionChances on a
    copy of the game) is ``analyse``'s, on the position's own seed."""
    from megamono.analysis import analyse, playout_base, position_seed
    from megamono.bots import play_bot_game

    game = play_bot_game("mega", ["strong"] * 4, 3, turn_limit=calibration.TURN_LIMIT)
    start = calibration.at_round(game, 20)
    assert start is not None
    moment = start.copy()
    by_app = calibration.app_route(start, 12)
    by_analyse = analyse(start, playouts=12, jobs=1)
    assert by_app == by_analyse and by_app.playouts == 12  # every figure, to the last digit
    assert by_app.seed == position_seed(playout_base(start))
    assert start.history == moment.history and start.st == moment.st  # the game itself was not played on
    r = calibration.play_one(("strong", 3, ("strong",) * 4, 12, 20, True))
    assert r["app_route"] is True and "app_chances" not in r
    assert r["position_seed"] == by_analyse.seed and r["chances"] == [pc.chance for pc in by_analyse.players]


def test_an_app_route_that_differs_is_named_and_fails_the_run(monkeypatch, tmp_path, capsys):
    import dataclasses

    real = calibration.app_route
    monkeypatch.setattr(calibration, "app_route",
                        lambda start, n: dataclasses.replace(real(start, n), seed=real(start, n).seed + 1))
    out = tmp_path / "c.json"
    assert calibration.main(["--games", "1", "--playouts", "4", "--jobs", "1", "--app-every", "1",
                             "--json", str(out)]) == 1
    said = capsys.readouterr().out
    assert "app route: 0 of 1 estimates identical" in said
    assert "APP ROUTE DIFFERS from analyse in the games of seed 0" in said
    assert json.loads(out.read_text())["summary"]["app_route"] == {"checked": 1, "identical": 0, "differ": [0]}
    results = [{"seed": 7, "app_route": True}, {"seed": 8, "app_route": None}, {"seed": 9, "app_route": False}]
    assert calibration.app_agreement(results) == {"checked": 2, "identical": 1, "differ": [9]}


def test_the_game_is_estimated_at_the_first_moment_of_the_round():
    from megamono.bots import play_bot_game

    game = play_bot_game("mega", ["strong"] * 4, 3, turn_limit=200)
    start = calibration.at_round(game, 20)
    assert start is not None and start.st.turn.round == 20 and not start.over
    assert start.pending is not None and start.pending.kind in ("turn", "jail")
    assert game.history[:len(start.history)] == start.history
    assert calibration.at_round(game, game.st.turn.round + 1) is None  # over before then


def test_buckets_compare_the_mean_chance_with_the_share_won_and_its_interval():
    pairs = [(0.7, 1.0)] * 7 + [(0.7, 0.0)] * 3 + [(0.1, 0.0)] * 9 + [(0.1, 0.5)] * 2 + [(1.0, 1.0)]
    rows = {b["bucket"]: b for b in calibration.buckets(pairs)}
    assert rows["60-80%"]["n"] == 10 and rows["60-80%"]["won"] == pytest.approx(0.7)
    assert rows["60-80%"]["mean_chance"] == pytest.approx(0.7) and rows["60-80%"]["within"]
    assert rows["0-20%"]["won"] == pytest.approx(1 / 11)  # a shared win counts a half
    assert rows["80-100%"]["n"] == 1  # 100% belongs to the last bucket
    assert rows["40-60%"] == {"bucket": "40-60%", "n": 0}
    assert calibration.brier([(0.7, 1.0), (0.3, 0.0)]) == pytest.approx(0.09)


def test_a_miscalibrated_bucket_is_named():
    games = [{"kind": "strong", "levels": ["strong"] * 2, "chances": [0.9, 0.1], "winners": [1]}] * 30
    low, high = calibration.calibrated(games)
    assert low.startswith("strong 0-20%: given 10.0% on average, won 100.0%")
    assert high.startswith("strong 80-100%: given 90.0% on average, won 0.0%")
    assert calibration.calibrated(games[:10]) == []  # buckets of fewer than 20 players are not judged


@pytest.mark.slow
def test_the_strong_games_are_calibrated_and_the_mixed_games_gap_is_reported(tmp_path):
    """500 games (250 strong, 250 mixed), 200 playouts per estimate at round 20: about 10-30 minutes on
    the 2-core machine. README's Analysis section reports this run."""
    out = tmp_path / "calibration.json"
    assert calibration.main(["--games", "500", "--playouts", "200", "--app-every", "5", "--json", str(out),
                             "--check"]) == 0
    s = json.loads(out.read_text())["summary"]
    assert s["app_route"]["checked"] >= 90 and s["app_route"]["identical"] == s["app_route"]["checked"]
    assert s["strong"]["games"] + s["mixed"]["games"] >= 500
    assert s["strong"]["estimated"] >= 200
    # the estimator plays easy players as strong ones: it gives them more than they win
    easy = s["mixed"]["by_level"]["easy"]
    assert easy["mean_chance"] > easy["won"]
