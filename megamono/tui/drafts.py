"""Trade drafts: an offer left unsent with Esc comes back when the trade screen opens again in the same
turn (found by a newcomer: a long offer typed, Esc to look at the board, and all of it was gone).

The app keeps one :class:`TradeDrafts` (``app.trade_drafts``), so neither the game screen nor the trade
screen owns the draft: the trade screen keeps its draft there as it closes with Esc and asks for it as it
opens. A draft belongs to one turn of one game (:attr:`TradeDraft.turn`); asked in another, there is none.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TradeDraft:
    """A trade left unsent: the ``turn`` it was made in (any value naming a game's turn: the trade
    screen's :func:`~megamono.tui.screens.trade.turn_key`), who proposes to whom, the fields as typed
    (field id -> text, even a number not yet valid) and the deeds ticked on each side (side -> deeds)."""

    turn: object
    proposer: int
    partner: int
    fields: tuple[tuple[str, str], ...]
    deeds: tuple[tuple[str, tuple[int, ...]], ...]


class TradeDrafts:
    """The draft left with Esc, kept for the turn it was made in (one at a time: the newest)."""

    def __init__(self) -> None:
        self._draft: TradeDraft | None = None

    def keep(self, draft: TradeDraft) -> None:
        """Keep ``draft`` (an empty offer is kept too: the choice of partner)."""
        self._draft = draft

    def get(self, turn: object) -> TradeDraft | None:
        """The draft left in ``turn``, if any (a draft of another turn is forgotten)."""
        if self._draft is not None and self._draft.turn != turn:
            self._draft = None
        return self._draft

    def drop(self) -> None:
        """Forget the draft (its offer was proposed)."""
        self._draft = None
