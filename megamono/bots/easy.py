"""The "easy" computer player: sensible but simple.

It buys when the cash allows with a small reserve, bids a random share of the price, builds
now and then when it is rich, pays debts by mortgaging and then selling, and declares
bankruptcy only when nothing else is legal. It never proposes trades and accepts only offers
that pay it well over the printed prices.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from megamono.rules.actions import (
    AcceptTrade,
    Action,
    Bid,
    BirthdayChoice,
    Build,
    BusChoice,
    BusMove,
    Buy,
    ChooseDestination,
    DeclineBuy,
    DropOut,
    IncomeTaxChoice,
    MortgagedDeedChoice,
    PayJailFine,
    PickAuctionDeed,
    PlacePiece,
    PlayBusTicket,
    RefuseTrade,
    Roll,
    RollForDoubles,
    ShortageAnswer,
    Unmortgage,
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
from megamono.rules.rent import unmortgage_cost

from .base import Bot
from .model import Memory, final_worths

if TYPE_CHECKING:  # pragma: no cover
    from megamono.rules.engine import Game

RESERVE = 150          # cash kept back when buying
BUILD_RESERVE = 400    # cash kept back when building
BUILD_CHANCE = 0.3     # chance to build (again) at a turn when rich enough


class EasyBot(Bot):
    level = "easy"

    def __init__(self, seed: int, memory: Memory | None = None) -> None:
        super().__init__(seed, memory)
        self._caps: dict[tuple[int | None, str | None, int], int] = {}  # (deed, piece, turn): one auction's cap

    # ------------------------------------------------------------------ turn
    def on_turn(self, game: Game, p: int, pend: TurnDecision) -> Action:
        st = game.st
        pl = st.players[p]
        if self.may_manage():
            a = self._maybe_build(game, p) or self._maybe_unmortgage(game, p)
            if a is not None:
                return a
        if pl.bus_tickets and self.rng.random() < 0.5:
            b = self.board_of(game)
            targets = [i for i in game.bus_reach(pl.position)
                       if i in st.deeds and st.deeds[i].owner is None and pl.cash - b.price[i] >= RESERVE]
            if targets:
                return PlayBusTicket(player=p, destination=self.rng.choice(targets))
        return Roll(player=p)

    def _maybe_build(self, game: Game, p: int) -> Action | None:
        if self.rng.random() >= BUILD_CHANCE:
            return None
        st = game.st
        cash = st.players[p].cash
        b = self.board_of(game)
        opts = []
        for i, d in st.deeds.items():
            if d.owner == p and i in b.group_of and cash - b.house_cost[b.group_of[i]] >= BUILD_RESERVE:
                a = Build(player=p, space=i)
                if game.why_not(a) is None:
                    opts.append(a)
        return self.rng.choice(opts) if opts else None

    def _maybe_unmortgage(self, game: Game, p: int) -> Action | None:
        st = game.st
        cash = st.players[p].cash
        for i, d in st.deeds.items():
            if d.owner == p and d.mortgaged and cash - unmortgage_cost(game.ed, i) >= 2 * BUILD_RESERVE:
                a = Unmortgage(player=p, space=i)
                if game.why_not(a) is None:
                    return a
        return None

    # ------------------------------------------------------------------ jail
    def on_jail(self, game: Game, p: int, pend: JailDecision) -> Action:
        pl = game.st.players[p]
        if pl.gojf:
            return UseJailCard(player=p)
        if pl.cash >= self.board_of(game).jail_fine + 200 and self.rng.random() < 0.7:
            return PayJailFine(player=p)
        return RollForDoubles(player=p)

    def on_jail_pay(self, game: Game, p: int, pend: JailPayDecision) -> Action:
        return UseJailCard(player=p) if game.st.players[p].gojf else PayJailFine(player=p)

    # ------------------------------------------------------------------ buying and auctions
    def on_buy(self, game: Game, p: int, pend: BuyDecision) -> Action:
        assert pend.amount is not None, "a buy decision carries the price"
        if game.st.players[p].cash - pend.amount >= RESERVE:
            return Buy(player=p)
        return DeclineBuy(player=p)

    def on_bid(self, game: Game, p: int, pend: BidDecision) -> Action:
        st = game.st
        cash = st.players[p].cash
        b = self.board_of(game)
        if pend.piece:
            lots = game.lots_for_piece(p, pend.piece)
            worth = b.house_cost[b.group_of[lots[0]]] if lots else 0
        else:
            assert pend.space is not None, "an auction of no building piece is an auction of a deed"
            worth = b.price[pend.space]
        key = (pend.space, pend.piece, st.turn.number)  # one auction
        cap = self._caps.get(key)
        if cap is None:
            cap = self._caps[key] = int(worth * self.rng.uniform(0.5, 1.0))
            if len(self._caps) > 64:
                self._caps = {key: cap}
        low = game.min_bid()
        limit = min(cap, cash - 50)
        if low > limit:
            return DropOut(player=p)
        return Bid(player=p, amount=min(limit, low + self.rng.choice((0, 4, 9, 19))))

    def on_auction_pick(self, game: Game, p: int, pend: AuctionPickDecision) -> Action:
        return PickAuctionDeed(player=p, space=self.rng.choice(pend.choices))

    # ------------------------------------------------------------------ Mega decisions
    def on_triples(self, game: Game, p: int, pend: TriplesDecision) -> Action:
        st = game.st
        cash = st.players[p].cash
        b = self.board_of(game)
        buyable = [i for i in pend.choices if i in st.deeds and st.deeds[i].owner is None and b.price[i] <= cash]
        if buyable:
            return ChooseDestination(player=p, space=self.rng.choice(buyable))
        safe = [i for i in pend.choices
                if (i in st.deeds and st.deeds[i].owner in (None, p)) or b.kind[i] in ("go", "free_parking", "jail")]
        return ChooseDestination(player=p, space=self.rng.choice(safe or pend.choices))

    def on_bus(self, game: Game, p: int, pend: BusDecision) -> Action:
        return BusChoice(player=p, choice=self.rng.choice(("ticket", "advance")))

    def on_bus_move(self, game: Game, p: int, pend: BusMoveDecision) -> Action:
        # a deed it can buy where one choice lands, else both dice
        st = game.st
        pl = st.players[p]
        b = self.board_of(game)
        ways: tuple[tuple[Literal["both", "first", "second"], int], ...] = (
            ("both", pend.first + pend.second), ("first", pend.first), ("second", pend.second))
        for dice, steps in ways:
            i = (pl.position + steps) % len(b.kind)
            if i in st.deeds and st.deeds[i].owner is None and b.price[i] <= pl.cash:
                return BusMove(player=p, dice=dice)
        return BusMove(player=p, dice="both")

    def on_birthday(self, game: Game, p: int, pend: BirthdayDecision) -> Action:
        return BirthdayChoice(player=p, choice="cash")

    def on_income_tax(self, game: Game, p: int, pend: IncomeTaxDecision) -> Action:
        return IncomeTaxChoice(player=p, choice="flat")

    def on_levelling(self, game: Game, p: int, pend: LevellingDecision) -> Action:
        return self.level_choice(game, p, ("rearrange", "unmortgage_rearrange", "sell_all", "build",
                                           "unmortgage", "unmortgage_build", "return"))

    def on_mortgaged_deed(self, game: Game, p: int, pend: MortgagedDeedDecision) -> Action:
        rich = game.st.players[p].cash >= pend.amounts.get("unmortgage", 0) + 2 * BUILD_RESERVE
        return MortgagedDeedChoice(player=p, choice="unmortgage" if rich else "keep")

    def on_shortage_ask(self, game: Game, p: int, pend: ShortageAskDecision) -> Action:
        return ShortageAnswer(player=p, want=False)

    def on_place_piece(self, game: Game, p: int, pend: PlacePieceDecision) -> Action:
        return PlacePiece(player=p, space=pend.choices[0])

    # ------------------------------------------------------------------ trades and ending
    def on_trade_reply(self, game: Game, p: int, pend: TradeReplyDecision) -> Action:
        offer = pend.trade
        assert offer is not None, "a trade reply carries the offer"
        b = self.board_of(game)
        got = offer.give.cash + sum(b.price[i] for i in offer.give.deeds)
        gave = offer.take.cash + sum(b.price[i] for i in offer.take.deeds)
        if offer.take.is_empty() or got >= 1.5 * gave + 50:
            return AcceptTrade(player=p)
        return RefuseTrade(player=p)

    def on_end_vote(self, game: Game, p: int, pend: EndVoteDecision) -> Action:
        worth = final_worths(game)
        return VoteEnd(player=p, agree=worth[p] >= max(worth.values()))
