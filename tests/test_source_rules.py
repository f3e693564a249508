"""Rules about the source itself, checked by plain text search over every ``.py`` file of ``megamono/``.

- Whether an auction is open (``BidDecision.open``, RULES.md A3) is read in two files only: the auction's
  own rules (``megamono/rules/auctions.py``) and the decision classes (``megamono/rules/decisions.py``).
  Everywhere else asks the decision's hooks (``Decision.at_once``: several seats may act on it at once,
  on one screen; ``Decision.after_action``, which the engine runs after each action) or the functions of
  ``auctions.py``. No other attribute is named ``open`` (the offer a ``Known`` event remembers is
  ``waiting``), so a search for ``.open`` finds the open auction and nothing else. A call, such as
  ``os.open(...)`` or ``path.open()``, is not such a read.
"""

from __future__ import annotations

import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "megamono"

OPEN_READ = re.compile(r"\.open\b(?!\s*\()")
"""An attribute ``open`` read (or written), not called."""

MAY_READ_OPEN = {"rules/auctions.py", "rules/decisions.py"}


def _hits(pattern: re.Pattern[str], allowed: set[str]) -> list[str]:
    """``file:line: text`` of every line matching ``pattern`` in the package's files but ``allowed``."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel in allowed:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                out.append(f"megamono/{rel}:{n}: {line.strip()}")
    return out


def test_open_is_read_only_in_the_auctions_and_the_decisions():
    assert _hits(OPEN_READ, MAY_READ_OPEN) == []


def test_the_search_finds_an_attribute_read_and_passes_a_call_by():
    found = [text for text in ("pend.open", "if p.open and x", "g.pending.open)", "self.open:")
             if OPEN_READ.search(text)]
    assert len(found) == 4
    assert not any(OPEN_READ.search(text) for text in ("os.open(path)", "path.open ()", "self.opened", "opens"))
    # and the two files allowed do read it (the search is not looking at nothing)
    assert all(OPEN_READ.search((PACKAGE / rel).read_text(encoding="utf-8")) for rel in MAY_READ_OPEN)
