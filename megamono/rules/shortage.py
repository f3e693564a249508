"""Building shortages (RULES.md B7).

When a build would take the bank's last house, hotel or skyscraper while another player could
legally place that piece now, the others are asked in seat order (from the builder's left)
whether they want it. Nobody: the build goes ahead at cost. Anyone: the piece is auctioned among
the builder and those who said yes ($10 opening, $1 raises, paid to the bank) and the winner
places it at once, obeying B2. Option ``shortage_auctions`` off: first come, first served.
"""

from __future__ import annotations

from .actions import Build
from .agenda import PlacePieceStep, ResumeStep
from .core import Core
from .decisions import BidDecision, PlacePieceDecision, ShortageAskDecision
from .events import NowhereToPlace, PieceAuction, PiecePlaced, ShortageAnswer, WantsLastPiece, piece_for_level

PIECE_OF_LEVEL = {4: "hotel", 5: "skyscraper"}


class ShortageMixin(Core):
    """Asks, the piece auction and placing the won piece; the interrupted decision resumes after."""

    def piece_for(self, space: int) -> str:
        """The piece a build on ``space`` takes from the bank: "house", "hotel" or "skyscraper"."""
        return PIECE_OF_LEVEL.get(self.st.deeds[space].level, "house")

    def bank_count(self, piece: str) -> int:
        """How many of ``piece`` ("house", "hotel" or "skyscraper") the bank holds."""
        count: int = getattr(self.st.bank, piece + "s")
        return count

    def lots_for_piece(self, p: int, piece: str, ignore_cash: bool = False) -> list[int]:
        """Lots where ``p`` could place ``piece`` now (B1-B4), cash aside when ``ignore_cash``."""
        out = []
        for i, d in self.st.deeds.items():
            if d.owner == p and self.board.spaces[i].kind == "street" and self.piece_for(i) == piece:
                why = self.why_not(Build(player=p, space=i)) if not ignore_cash else \
                    self.why_not_build(p, i, ignore_cash=True)
                if why is None:
                    out.append(i)
        return out

    def shortage_candidates(self, builder: int, space: int) -> list[int]:
        """Other players who could take the last piece a build on ``space`` needs (B7), or []."""
        st = self.st
        if not st.options.shortage_auctions:
            return []
        piece = self.piece_for(space)
        if self.bank_count(piece) != 1:
            return []
        return [q for q in self.others_from_left(builder)
                if self.lots_for_piece(q, piece)]

    def start_shortage(self, builder: int, space: int, others: list[int]) -> None:
        piece = self.piece_for(space)
        self.log(WantsLastPiece(builder, space, piece))
        self.set_aside()
        self.push(ResumeStep())
        ask = ShortageAskDecision(player=others[0], space=space, piece=piece, builder=builder, askees=others)
        self._ask_prompt(ask)
        self.wait(ask)

    def _ask_prompt(self, ask: ShortageAskDecision) -> None:
        ask.prompt = (f"{self.name(ask.player)}: {self.name(ask.builder)} wants the bank's last "
                      f"{ask.piece}. Do you want one too? (then it is auctioned, B7)")

    def do_shortage_answer(self, p: int, want: bool) -> None:
        pend = self.pending_as(ShortageAskDecision)
        if want:
            pend.wanting.append(p)
        self.log(ShortageAnswer(p, pend.piece, want))
        rest = pend.askees[pend.askees.index(p) + 1:]
        if rest:
            pend.player = rest[0]
            self._ask_prompt(pend)
            return
        builder, space, piece, yes = pend.builder, pend.space, pend.piece, pend.wanting
        self.st.pending = None
        if not yes:
            if self.why_not_build(builder, space) is None:
                self.do_build(builder, space)
            return
        order = [q for q in self.others_from_left(builder) if q in yes] + [builder]
        self.log(PieceAuction(piece, list(order)))
        self.wait(BidDecision(player=order[0], piece=piece, bidders=order))
        self._bid_prompt()

    def _step_place_piece(self, s: PlacePieceStep) -> None:
        p, piece = s.player, s.piece
        if self.st.players[p].bankrupt:
            return
        lots = self.lots_for_piece(p, piece, ignore_cash=True)
        if not lots:
            self.log(NowhereToPlace(p, piece))
            return
        self.wait(PlacePieceDecision(player=p, prompt=f"{self.name(p)}: place your {piece} (B7)", piece=piece,
                                     choices=lots))

    def do_place_piece(self, p: int, space: int) -> None:
        self.st.pending = None
        deed = self.st.deeds[space]
        if deed.level == 5:
            self.st.bank.hotels += 1
            self.st.bank.skyscrapers -= 1
            deed.level = 6
        else:
            self.return_pieces(space, deed.level + 1)
        self.log(PiecePlaced(p, space, deed.level))

    piece_for_level = staticmethod(piece_for_level)
