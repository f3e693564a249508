"""Building shortages (RULES.md B7).

When a build would take the bank's last house, hotel or skyscraper while another player could
legally place that piece now, the others are asked in seat order (from the builder's left)
whether they want it. Nobody: the build goes ahead at cost. Anyone: the piece is auctioned among
the builder and those who said yes ($10 opening, $1 raises, paid to the bank) and the winner
places it at once, obeying B2. Option ``shortage_auctions`` off: first come, first served.
"""

from __future__ import annotations

from types import MappingProxyType

from .actions import Build
from .core import Core
from .events import NowhereToPlace, PieceAuction, PiecePlaced, ShortageAnswer, WantsLastPiece, piece_for_level
from .state import Step

PIECE_OF_LEVEL = MappingProxyType({4: "hotel", 5: "skyscraper"})


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
                    self.why_not_build(p, i, ignore_cash=True)  # type: ignore[attr-defined]
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
        return [q for q in self.others_from_left(builder)  # type: ignore[attr-defined]
                if self.lots_for_piece(q, piece)]

    def start_shortage(self, builder: int, space: int, others: list[int]) -> None:
        piece = self.piece_for(space)
        self.log(WantsLastPiece(builder, space, piece))
        self.st.suspended.append(self.st.pending)
        self.st.pending = None
        self.push(self.step("resume"))
        self.wait("shortage_ask", others[0], "", space=space, piece=piece, bidders=others, high_bidder=builder)
        self._ask_prompt()

    def _ask_prompt(self) -> None:
        pend = self.st.pending
        pend.prompt = (f"{self.name(pend.player)}: {self.name(pend.high_bidder)} wants the bank's last "
                       f"{pend.piece}. Do you want one too? (then it is auctioned, B7)")

    def do_shortage_answer(self, p: int, want: bool) -> None:
        pend = self.st.pending
        if want:
            pend.choices.append(p)
        self.log(ShortageAnswer(p, pend.piece, want))
        rest = pend.bidders[pend.bidders.index(p) + 1:]
        if rest:
            pend.player = rest[0]
            self._ask_prompt()
            return
        builder, space, piece, yes = pend.high_bidder, pend.space, pend.piece, pend.choices
        self.st.pending = None
        if not yes:
            if self.why_not_build(builder, space) is None:  # type: ignore[attr-defined]
                self.do_build(builder, space)  # type: ignore[attr-defined]
            return
        order = [q for q in self.others_from_left(builder) if q in yes] + [builder]  # type: ignore[attr-defined]
        self.log(PieceAuction(piece, list(order)))
        self.wait("bid", order[0], "", piece=piece, bidders=order)
        self._bid_prompt()  # type: ignore[attr-defined]

    def _step_place_piece(self, s: Step) -> None:
        p, piece = s.player, s.data["piece"]
        if self.st.players[p].bankrupt:
            return
        lots = self.lots_for_piece(p, piece, ignore_cash=True)
        if not lots:
            self.log(NowhereToPlace(p, piece))
            return
        self.wait("place_piece", p, f"{self.name(p)}: place your {piece} (B7)", piece=piece, choices=lots)

    def do_place_piece(self, p: int, space: int) -> None:
        self.st.pending = None
        deed = self.st.deeds[space]
        if deed.level == 5:
            self.st.bank.hotels += 1
            self.st.bank.skyscrapers -= 1
            deed.level = 6
        else:
            self.return_pieces(space, deed.level + 1)  # type: ignore[attr-defined]
        self.log(PiecePlaced(p, space, deed.level))

    piece_for_level = staticmethod(piece_for_level)
