"""``megamono review SAVE --json FILE``: the review without the app, as JSON (issue 28, item 5): the chart (each
player's chance to win at the start of every round, with its interval), the turning points and the marks of
the human decisions (:mod:`megamono.marks`). ``FILE`` ``-`` writes it to standard output; the progress goes
to standard error. The playouts run on every core (the figures do not depend on it).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from megamono.review import Review


def review_document(review: Review, marks: list[dict[str, Any]], decisions: int) -> dict[str, Any]:
    """The JSON document of ``review`` (refined) and its ``marks`` (of ``decisions`` weighed)."""
    names = review.names
    chart = []
    for point in review.points:
        chances, intervals = point.chances(), point.intervals()
        chart.append({"round": point.round, "label": point.label, "playouts": len(point.results),
                      "chances": {names[p]: round(c, 6) for p, c in (chances or {}).items()},
                      "intervals": {names[p]: [round(lo, 6), round(hi, 6)]
                                    for p, (lo, hi) in (intervals or {}).items()}})
    turning = [{"round": t.round, "player": names[t.player], "change": round(t.change, 6),
                "interval": [round(t.move.low, 6), round(t.move.high, 6)], "happened": list(t.happened)}
               for t in review.turning_points()]
    return {"format": "megamono-review", "players": names, "seed": review.seed, "budget": review.budget,
            "played": review.played(), "chart": chart, "turning_points": turning,
            "marks": marks, "decisions_weighed": decisions}


def main(review: Review, target: Path) -> int:
    """Refine ``review`` to its budget, weigh every decision it marks, and write the JSON to ``target`` (``-``:
    standard output). 0, or 1 with a one-line reason."""
    from rich.console import Console

    from megamono.analysis import PlayoutPool
    from megamono.files import printable, write_atomic
    from megamono.marks import marks
    from megamono.progress import progress_bar

    err = Console(stderr=True)
    found: list[dict[str, Any]] = []
    weighed = 0
    with PlayoutPool(os.cpu_count() or 1) as pool, progress_bar(err, "reviewing") as bar:
        chart = bar.add_task("chart", total=review.budget)
        review.refine(report=lambda r: bar.update(chart, completed=r.played()), run=pool.run)
        bar.update(chart, completed=review.budget)
        task = bar.add_task("marks", total=None)
        for done, of, mark in marks(review.timeline, review.seed, run=pool.run):
            weighed = done
            bar.update(task, completed=done, total=of)
            if mark is not None:
                found.append(mark.to_dict())
    text = json.dumps(review_document(review, found, weighed), indent=2, ensure_ascii=False) + "\n"
    if str(target) == "-":
        sys.stdout.write(text)
        return 0
    try:
        write_atomic(target, text.encode())
    except OSError as exc:
        print(f"megamono: cannot write {printable(target)}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    err.print(f"review written to {printable(target)}", markup=False, highlight=False)
    return 0
