"""The review's marks (issue 28, item 5): a human decision of a kind the expert weighs, against the best answer
on the same seeds, is an inaccuracy, a mistake or a blunder when the chance to win fell by 5, 10 or 15 points,
only where the fall's interval excludes the smaller mark; ``megamono review SAVE --json`` writes them with the
chart and the turning points."""

from __future__ import annotations

import json
import subprocess
import sys

from megamono.marks import decisions, grade, mark_at
from megamono.replay import Timeline
from megamono.rules.actions import ProposeTrade, RefuseTrade
from megamono.rules.decisions import TradeSide
from megamono.rules.engine import Game
from megamono.saves import save_game

ANN, BOB = 0, 1


def test_the_marks_by_the_fall_and_its_interval():
    assert grade(0.16, 0.11) == "blunder"
    assert grade(0.16, 0.09) == "mistake"  # (its interval does not exclude a mere mistake)
    assert grade(0.12, 0.04) == "inaccuracy"
    assert grade(0.06, 0.01) == "inaccuracy"
    assert grade(0.06, -0.01) is None and grade(0.04, 0.02) is None


def test_refusing_a_gift_of_1500_is_marked_and_the_better_answer_named():
    game = Game.new("mega", [{"name": "Ann", "kind": "computer"}, {"name": "Bob", "kind": "human"},
                             {"name": "Cat", "kind": "computer"}], seed=4, seat_order=True)
    assert game.pending.kind == "turn" and game.pending.player == ANN
    game.act(ProposeTrade(player=ANN, partner=BOB, give=TradeSide(cash=1500), take=TradeSide()))
    game.act(RefuseTrade(player=BOB))
    timeline = Timeline.from_game(game)
    assert decisions(timeline) == [1]  # (Bob's answer: the one human decision of a kind marked)
    mark = mark_at(timeline, 1, seed=5, playouts=60)
    assert mark is not None and mark.player == BOB and mark.grade in ("mistake", "blunder")
    assert mark.played == "Refuse the trade" and mark.better == "Accept the trade"
    assert mark.low <= mark.fall <= mark.high and mark.pairs == 60
    assert mark == mark_at(timeline, 1, seed=5, playouts=60)  # (the same seed, the same mark)


def test_review_json_writes_the_chart_the_turning_points_and_the_marks(tmp_path):
    game = Game.new("mega", [{"name": "Ann", "kind": "computer"}, {"name": "Bob", "kind": "human"}], seed=4,
                    seat_order=True)
    game.act(ProposeTrade(player=ANN, partner=BOB, give=TradeSide(cash=2000), take=TradeSide()))
    game.act(RefuseTrade(player=BOB))
    save = save_game(game, "gift", tmp_path)
    done = subprocess.run([sys.executable, "-m", "megamono", "review", str(save), "--budget", "40", "--json", "-"],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["format"] == "megamono-review" and doc["players"] == ["Ann", "Bob"]
    assert doc["chart"] and set(doc["chart"][0]["chances"]) == {"Ann", "Bob"}
    assert isinstance(doc["turning_points"], list) and doc["decisions_weighed"] == 1
    [mark] = doc["marks"]
    assert mark["name"] == "Bob" and mark["played"] == "Refuse the trade" and mark["grade"] in ("mistake", "blunder")
    # the same mark by the core's route (the review screen's too): the same seed, the same figures
    assert mark_at(Timeline.from_game(game), 1, seed=doc["seed"]).to_dict() == mark
