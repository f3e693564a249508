"""Building shortages (RULES.md B7).

When a build would take the bank's last house, hotel or skyscraper while another player could
legally place that piece now, the others are asked in seat order (from the builder's left)
whether they want it. Nobody: the build goes ahead at cost. Anyone: the piece is auctioned among
the builder and those who said yes ($10 opening, $1 raises, paid to the bank) and the winner
places it at once, building evenly. Option ``shortage_auctions`` off: first come, first served.

Functions over the state and the edition.
"""

from __future__ import annotations

from collections.abc import Callable
from types import MappingProxyType

from . import auctions, buildings
from .agenda import PlacePieceStep, ResumeStep
from .core import log, others_from_left, pending_as, push, set_aside, wait
from .decisions import BidDecision, PlacePieceDecision, ShortageAskDecision
from .editions import Edition
from .events import NowhereToPlace, PieceAuction, PiecePlaced, ShortageAnswer, WantsLastPiece
from .state import GameState

PIECE_OF_LEVEL = MappingProxyType({4: "hotel", 5: "skyscraper"})
"""The piece a build on a street at each level takes from the bank (a house below 4)."""


def piece_for(st: GameState, ed: Edition, space: int) -> str:
    """The piece a build on ``space`` takes from the bank: "house", "hotel" or "skyscraper"."""
    return PIECE_OF_LEVEL.get(st.deeds[space].level, "house")


def bank_count(st: GameState, ed: Edition, piece: str) -> int:
    """How many of ``piece`` ("house", "hotel" or "skyscraper") the bank holds."""
    count: int = getattr(st.bank, piece + "s")
    return count


def lots_for_piece(st: GameState, ed: Edition, p: int, piece: str,
                   may_build: Callable[[int, int], bool] | None = None) -> list[int]:
    """Lots where ``p`` could place ``piece`` (B1-B4): cash aside, or, given ``may_build(p, lot)``
    (the engine's: whether that build is legal now), those where the build is."""
    out = []
    for i, d in st.deeds.items():
        if d.owner == p and ed.board.spaces[i].kind == "street" and piece_for(st, ed, i) == piece:
            if (may_build(p, i) if may_build is not None
                    else buildings.why_not_build(st, ed, p, i, ignore_cash=True) is None):
                out.append(i)
    return out


def shortage_candidates(st: GameState, ed: Edition, builder: int, space: int,
                        may_build: Callable[[int, int], bool]) -> list[int]:
    """Other players who could take the last piece a build on ``space`` needs now (B7), or [];
    ``may_build(p, lot)``: whether that build is legal now (the engine's check)."""
    if not st.options.shortage_auctions:
        return []
    piece = piece_for(st, ed, space)
    if bank_count(st, ed, piece) != 1:
        return []
    return [q for q in others_from_left(st, builder) if lots_for_piece(st, ed, q, piece, may_build)]


def start_shortage(st: GameState, ed: Edition, builder: int, space: int, others: list[int]) -> None:
    """B7: ``builder`` wants the bank's last piece for ``space``: ask ``others`` in turn (the pending
    decision waits)."""
    piece = piece_for(st, ed, space)
    log(st, WantsLastPiece(builder, space, piece))
    set_aside(st)
    push(st, ResumeStep())
    wait(st, ShortageAskDecision(player=others[0], space=space, piece=piece, builder=builder, askees=others))


def do_shortage_answer(st: GameState, ed: Edition, p: int, want: bool) -> None:
    """B7: ``p`` answers; after the last answer the build goes ahead, or the piece is auctioned."""
    pend = pending_as(st, ShortageAskDecision)
    if want:
        pend.wanting.append(p)
    log(st, ShortageAnswer(p, pend.piece, want))
    rest = pend.askees[pend.askees.index(p) + 1:]
    if rest:
        pend.player = rest[0]
        return
    builder, space, piece, yes = pend.builder, pend.space, pend.piece, pend.wanting
    st.pending = None
    if not yes:
        if buildings.why_not_build(st, ed, builder, space) is None:
            buildings.do_build(st, ed, builder, space)
        return
    order = [q for q in others_from_left(st, builder) if q in yes] + [builder]
    log(st, PieceAuction(piece, list(order)))
    auctions.start(st, ed, BidDecision(player=order[0], piece=piece, bidders=order))


def step_place_piece(st: GameState, ed: Edition, s: PlacePieceStep) -> None:
    """B7: the winner of the piece auction places it (a ``place_piece`` decision), if they can."""
    p, piece = s.player, s.piece
    if st.players[p].bankrupt:
        return
    lots = lots_for_piece(st, ed, p, piece)
    if not lots:
        log(st, NowhereToPlace(p, piece))
        return
    wait(st, PlacePieceDecision(player=p, piece=piece, choices=lots))


def do_place_piece(st: GameState, ed: Edition, p: int, space: int) -> None:
    """B7: ``p`` places the piece won on ``space`` (one level up)."""
    st.pending = None
    deed = st.deeds[space]
    if deed.level == 5:
        st.bank.hotels += 1
        st.bank.skyscrapers -= 1
        deed.level = 6
    else:
        buildings.return_pieces(st, ed, space, deed.level + 1)
    log(st, PiecePlaced(p, space, deed.level))
