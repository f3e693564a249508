"""The movement-only computer player: tokens only move and obey cards (for the landing check).

``MoverBot`` plays a game in which nobody ever owns anything, so the only thing that happens is
movement. It is the policy of the movement-only mode of ``megamono simulate --movement-only`` and
of the exact Markov-chain check in ``tests/bots/test_markov.py``:

- buying: declines every purchase (S1) and drops out of every auction (A3), so with only movers at
  the table every deed stays in the bank; on the [Mega] Auction space (S7) it picks the first bank
  deed, which then goes unsold. Mr. Monopoly (T3.3) therefore always advances to the next
  property ahead (every property is unowned, and the search never returns to the token's own space);
- jail (J2): pays the fine at once at the start of every jail turn, then rolls (one throw); it never
  rolls for doubles and never uses a Get Out of Jail Free card (a drawn one is kept for good, so in
  a long game both leave their decks: see ``tests/markov.py``). On ``jail_pay`` it pays too;
- [Mega] Bus face (T3.4): always "advance" to the next Chance / Community Chest, never a ticket;
- [Mega] triples (T3.2): always Free Parking; if the token already stands on Free Parking (it may
  not choose its own space) it goes on to Just Visiting (the jail space, as a visitor);
- [Mega] Birthday Gift (S9): the cash; Income Tax (S3): the flat amount;
- never plays a Bus Ticket (it holds any it is handed on the Bus Ticket space), never builds,
  mortgages or trades, refuses every trade and votes against ending.

Give movers a large ``starting_cash`` (``options={"starting_cash": 10**9}``) so that no tax, fee or
fine can ever put one in debt; if one should still owe money it raises it like any bot (D1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from megamono.rules.actions import (
    Action,
    BirthdayChoice,
    BusChoice,
    BusMove,
    ChooseDestination,
    DeclineBuy,
    DropOut,
    IncomeTaxChoice,
    MortgagedDeedChoice,
    PayJailFine,
    PickAuctionDeed,
    PlacePiece,
    RefuseTrade,
    Roll,
    RollForDoubles,
    ShortageAnswer,
    UseJailCard,
    VoteEnd,
)
from megamono.rules.decisions import (
    AuctionPickDecision,
    BidDecision,
    BirthdayDecision,
    BusDecision,
    BusMoveDecision,
    BuyDecision,
    EndVoteDecision,
    IncomeTaxDecision,
    JailDecision,
    JailPayDecision,
    LevellingDecision,
    MortgagedDeedDecision,
    PlacePieceDecision,
    ShortageAskDecision,
    TradeReplyDecision,
    TriplesDecision,
    TurnDecision,
)

from .base import Bot

if TYPE_CHECKING:  # pragma: no cover
    from megamono.rules.engine import Game


def triples_destination(kinds: Sequence[str], position: int) -> int:
    """Where the mover goes on triples (T3.2): Free Parking, or Just Visiting when already there.

    ``kinds`` is the board's space kinds in order. Shared with the Markov model in the tests.
    """
    fp = kinds.index("free_parking")
    return fp if position != fp else kinds.index("jail")


class MoverBot(Bot):
    """Movement only: declines, drops out, pays the jail fine at once, bus advance, triples to Free Parking."""

    level = "mover"

    # ------------------------------------------------------------------ turn and jail
    def on_turn(self, game: Game, p: int, pend: TurnDecision) -> Action:
        return Roll(player=p)

    def on_jail(self, game: Game, p: int, pend: JailDecision) -> Action:
        pay = PayJailFine(player=p)
        if game.why_not(pay) is None:
            return pay
        # cannot happen with a large starting cash; keep the game going legally
        return UseJailCard(player=p) if game.st.players[p].gojf else RollForDoubles(player=p)

    def on_jail_pay(self, game: Game, p: int, pend: JailPayDecision) -> Action:
        return PayJailFine(player=p)

    # ------------------------------------------------------------------ buying and auctions
    def on_buy(self, game: Game, p: int, pend: BuyDecision) -> Action:
        return DeclineBuy(player=p)

    def on_bid(self, game: Game, p: int, pend: BidDecision) -> Action:
        return DropOut(player=p)

    def on_auction_pick(self, game: Game, p: int, pend: AuctionPickDecision) -> Action:
        return PickAuctionDeed(player=p, space=pend.choices[0])

    # ------------------------------------------------------------------ Mega decisions
    def on_triples(self, game: Game, p: int, pend: TriplesDecision) -> Action:
        kinds = [s.kind for s in game.ed.spaces]
        return ChooseDestination(player=p, space=triples_destination(kinds, game.st.players[p].position))

    def on_bus(self, game: Game, p: int, pend: BusDecision) -> Action:
        return BusChoice(player=p, choice="advance")

    def on_bus_move(self, game: Game, p: int, pend: BusMoveDecision) -> Action:
        return BusMove(player=p, dice="both")

    def on_birthday(self, game: Game, p: int, pend: BirthdayDecision) -> Action:
        return BirthdayChoice(player=p, choice="cash")

    def on_income_tax(self, game: Game, p: int, pend: IncomeTaxDecision) -> Action:
        return IncomeTaxChoice(player=p, choice="flat")

    # ------------------------------------------------------------------ never reached by movers alone
    def on_levelling(self, game: Game, p: int, pend: LevellingDecision) -> Action:  # pragma: no cover
        return self.level_choice(game, p, ("rearrange", "sell_all", "return", "build", "unmortgage",
                                           "unmortgage_build", "unmortgage_rearrange"))

    def on_mortgaged_deed(self, game: Game, p: int, pend: MortgagedDeedDecision) -> Action:  # pragma: no cover
        return MortgagedDeedChoice(player=p, choice="keep")

    def on_shortage_ask(self, game: Game, p: int, pend: ShortageAskDecision) -> Action:  # pragma: no cover
        return ShortageAnswer(player=p, want=False)

    def on_place_piece(self, game: Game, p: int, pend: PlacePieceDecision) -> Action:  # pragma: no cover
        return PlacePiece(player=p, space=pend.choices[0])

    def on_trade_reply(self, game: Game, p: int, pend: TradeReplyDecision) -> Action:  # pragma: no cover
        return RefuseTrade(player=p)

    def on_end_vote(self, game: Game, p: int, pend: EndVoteDecision) -> Action:  # pragma: no cover
        return VoteEnd(player=p, agree=False)


__all__ = ["MoverBot", "triples_destination"]
