"""The "normal" computer player: between "easy" and "strong", a fair match for people who play Monopoly now
and then.

It plays as the strong player does (:mod:`.strong`: its reserve, buying, building, mortgaging, jail and Bus
choices, and its answers to trades), with two habits of a casual player:

- it seldom looks for a trade of its own: each time it could propose one it does so only with the chance
  :data:`TRADE_CHANCE` (its own seeded random source), where the strong player looks every time: trading
  to complete a colour group is most of what makes the strong player strong;
- it never bids above a deed's printed price in an auction (the strong player pays for what a deed does
  for a colour group).

Measured by ``tests/bench/strength.py`` (400 games each, seed 1): against three easy players it wins 67%
(Mega) and 82% (classic) per seat; the strong player against three normal ones 44% and 52% (an even game:
25%).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from megamono.rules.actions import Action, Bid, DropOut, ProposeTrade
from megamono.rules.decisions import BidDecision

from .strong import StrongBot

if TYPE_CHECKING:  # pragma: no cover
    from megamono.rules.engine import Game

TRADE_CHANCE = 0.02
"""The chance that the normal player looks for a trade to propose, each time it could."""


class NormalBot(StrongBot):
    """The normal computer player (see the module): the strong player's play, seldom proposing a trade and
    never bidding above a deed's printed price."""

    level = "normal"

    def propose_trade(self, game: Game, p: int) -> ProposeTrade | None:
        """A trade of the strong player's, looked for only with the chance :data:`TRADE_CHANCE`."""
        if self.rng.random() >= TRADE_CHANCE:
            return None
        return super().propose_trade(game, p)

    def on_bid(self, game: Game, p: int, pend: BidDecision) -> Action:
        """The strong player's bid, never above a deed's printed price (a building piece's as the strong)."""
        answer = super().on_bid(game, p, pend)
        if not isinstance(answer, Bid) or pend.space is None:
            return answer
        price = self.board_of(game).price[pend.space]
        if answer.amount <= price:
            return answer
        return DropOut(player=p) if game.min_bid() > price else Bid(player=p, amount=price)
