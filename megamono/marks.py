"""The review's marks (issue 28, item 5): each human decision of a kind the expert weighs, against the best
answer on the same seeds, marked an inaccuracy, a mistake or a blunder when the chance to win fell by at
least 5, 10 or 15 points, only where the fall's 95% interval excludes the smaller mark.

For each such decision in a saved game (:func:`decisions`: buy or auction, a trade offer's answer, jail,
the Bus and Birthday choices, the Bus move, the triples' destination, answered by a human), the answers the
expert would weigh there (:meth:`megamono.bots.expert.ExpertBot.answers`, and the answer played if it is
not one of them) are played out :data:`PLAYOUTS` times each from the position after them, playout ``i`` of
every answer on the seed ``(seed, i)`` (common random numbers, as the expert and the coach: one engine,
:mod:`megamono.analysis`), :data:`~megamono.bots.expert.HORIZON` rounds on. The fall is the mean of the
paired differences of the player's share of each playout's win, the best answer's less the played one's,
with its 95% interval (mean +- 1.96 standard errors). Marks, by the fall and its interval's low end:

- a blunder: a fall of 15 points or more, the interval above 10 (it excludes a mere mistake);
- a mistake: 10 or more, the interval above 5;
- an inaccuracy: 5 or more, the interval above 0.

(The chess servers mark 10/20/30 on their -1..1 "winning chances" scale: 5/10/15 points of a 0..1 chance.)
An auction's bids are not marked: a bid is an amount, and the expert weighs a few prices instead.

No Textual here: ``megamono review SAVE --json FILE`` writes them; the review screen shows them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from megamono.analysis import Z95, Base, Playout, playout_base, playout_chunk
from megamono.bots.expert import WEIGHED

if TYPE_CHECKING:
    from megamono.replay import Timeline

KINDS = WEIGHED
"""The decisions the review marks: those the expert weighs by their answers (not an auction's bids)."""
PLAYOUTS = 160
"""Playouts per answer weighed at a decision marked."""
CHUNK = 25
"""Playouts a job (one worker's share at a time)."""
GRADES = (("blunder", 0.15, 0.10), ("mistake", 0.10, 0.05), ("inaccuracy", 0.05, 0.0))
"""(mark, the least fall, the least low end of its interval): the first that holds is the mark."""

Runner = Callable[[list[tuple[Base, int, int, int]]], list[list[Playout]]]
"""Plays jobs ``(base, seed, start, stop)``: :func:`megamono.analysis.playout_chunk` each, in order (the
app's worker processes, :meth:`megamono.analysis.PlayoutPool.run`)."""


@dataclass(frozen=True)
class Mark:
    """A decision marked: before action ``moment`` of the game (its index in the history), in round
    ``round``, ``player`` (a seat) played ``played`` where ``better`` (the best answer weighed) kept a chance
    to win higher by ``fall`` (0 to 1), its 95% interval ``low``-``high`` over ``pairs`` playouts;
    ``grade``: "inaccuracy", "mistake" or "blunder"."""

    moment: int
    round: int
    player: int
    name: str
    grade: str
    played: str
    better: str
    fall: float
    low: float
    high: float
    pairs: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return asdict(self)


def grade(fall: float, low: float) -> str | None:
    """The mark of a fall (0 to 1) whose interval's low end is ``low``: :data:`GRADES`' first that holds."""
    for name, least, above in GRADES:
        if fall >= least and low > above:
            return name
    return None


def decisions(timeline: Timeline) -> list[int]:
    """The moments (indices in the history) of the human decisions the review marks (:data:`KINDS`), in
    order: the game replayed once."""
    game = timeline.game_at(0)
    out = []
    for k, action in enumerate(timeline.history):
        pend = game.st.pending
        if (pend is not None and pend.kind in KINDS and action.player in pend.players
                and game.st.players[action.player].kind == "human"):
            out.append(k)
        game.act(action)
    return out


def _share(r: Playout, player: int) -> float:
    return 1 / len(r.winners) if player in r.winners else 0.0


def mark_at(timeline: Timeline, k: int, seed: int, playouts: int = PLAYOUTS, run: Runner | None = None) -> Mark | None:
    """The mark of the decision before action ``k`` (one of :func:`decisions`), or None: played on ``seed``,
    ``playouts`` a answer (see the module)."""
    from megamono.bots.expert import HORIZON, Answer, ExpertBot, after
    from megamono.rules.texts import action_text

    game = timeline.game_at(k)
    played = timeline.history[k]
    p = played.player
    answers = ExpertBot(0).answers(game, p)
    if not any(a.action == played for a in answers):
        answers.append(Answer(action_text(game, played), played, after(game, played)))
    if len(answers) < 2:
        return None
    bases = [playout_base(a.position, HORIZON) for a in answers]
    jobs = [(b, seed, i, min(i + CHUNK, playouts)) for b in bases for i in range(0, playouts, CHUNK)]
    found = iter((run or (lambda js: [playout_chunk(j) for j in js]))(jobs))
    per = math.ceil(playouts / CHUNK)
    results = [[r for _ in range(per) for r in next(found)] for _ in answers]
    means = [sum(_share(r, p) for r in rs) / len(rs) for rs in results]
    best = max(range(len(answers)), key=lambda i: (means[i], -i))
    mine = next(i for i, a in enumerate(answers) if a.action == played)
    if best == mine:
        return None
    diffs = [_share(b, p) - _share(m, p) for b, m in zip(results[best], results[mine], strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    half = Z95 * math.sqrt(var / n)
    low, high = max(-1.0, mean - half), min(1.0, mean + half)
    name = grade(mean, low)
    if name is None:
        return None
    return Mark(moment=k, round=timeline.moment(k).round, player=p, name=game.st.players[p].name, grade=name,
                played=answers[mine].words, better=answers[best].words, fall=mean, low=low, high=high, pairs=n)


def marks(timeline: Timeline, seed: int, playouts: int = PLAYOUTS, run: Runner | None = None,
          stop: Callable[[], bool] = lambda: False) -> Iterator[tuple[int, int, Mark | None]]:
    """Every decision of :func:`decisions` weighed in turn: ``(done, of, mark or None)`` as each is done
    (shown as they come), until ``stop()`` (asked between two decisions)."""
    todo: Sequence[int] = decisions(timeline)
    for done, k in enumerate(todo, 1):
        if stop():
            return
        yield done, len(todo), mark_at(timeline, k, seed, playouts, run)
