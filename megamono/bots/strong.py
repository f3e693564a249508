"""The "strong" computer player.

- Keeps a cash reserve that grows with the rent the opponents could charge it soon.
- Buys and bids by value: the price plus what the deed does for a colour group (its own
  building rights, or blocking an opponent's).
- Builds where the rent per dollar is best, aiming at three houses and going beyond when the
  cash allows; builds depots when it has cash to spare; unmortgages group lots first.
- Plays a Bus Ticket when its reach holds a good target or the dice look dangerous.
- Leaves jail early in the game and stays in late when built lots lie ahead.
- Mortgages before selling buildings; pays the smaller income tax; levels by building when it
  can afford it, else rearranges.
- Proposes at most one trade per turn, completing one of its colour groups at a price both
  sides' valuations call fair, politely (:mod:`.offers`: never a refused offer again unless a deed
  in it changed or it gives clearly more, a human at most once every three rounds, only to whom the
  option ``computer_offers`` allows); answers trades, counter-offers too, by the same valuation, so
  it never hands an opponent a colour group for nothing (:mod:`.trading`).
- In the last round of a game that ends by final worth (the ``turn_limit`` option's last round, or
  time up: RULES.md E2) plays for final worth: bids no more than a deed's price (a piece's cost),
  proposes no trade and accepts one only if it raises its final worth, levels a group by building
  up whenever its cash allows.
- Agrees to end the game early only when it leads.
"""

from __future__ import annotations

from operator import mul
from typing import TYPE_CHECKING, Literal

from megamono.rules.actions import (
    Action,
    Bid,
    BirthdayChoice,
    BusChoice,
    BusMove,
    Buy,
    ChooseDestination,
    DeclineBuy,
    DropOut,
    IncomeTaxChoice,
    LevelChoice,
    MortgagedDeedChoice,
    PayJailFine,
    PickAuctionDeed,
    PlacePiece,
    PlayBusTicket,
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
    TriplesDecision,
    TurnDecision,
)
from megamono.rules.endgame import last_round
from megamono.rules.rent import ceil_percent, tax_worth

from .base import Bot
from .model import TWO_DICE, Memory, deed_value, final_worths
from .spending import SpendingMixin
from .trading import TradingMixin

if TYPE_CHECKING:  # pragma: no cover
    from megamono.rules.engine import Game

BID_OPENING = 0.4        # an auction of a deed: the opening bid, as a share of the price
BID_RAISE = 0.05         # and each raise over the high bid


class StrongBot(SpendingMixin, TradingMixin, Bot):
    level = "strong"

    def __init__(self, seed: int, memory: Memory | None = None) -> None:
        super().__init__(seed, memory)
        self._trade_turn = -1
        self._reserve_key: tuple[list[int], int, int] | None = None  # (rents, seat, position)
        self._reserve = 0
        # ((game id, deed, turn number, cash), the most it bids): the cap in the auction under way
        self._bid_memo: tuple[tuple[int, int, int, int], int] | None = None

    def rents(self, game: Game, p: int) -> list[int]:
        """Rent ``p`` would owe on each space (kept until a deed changes; shared: do not change it)."""
        return self.view_of(game).rents(p)

    # ------------------------------------------------------------------ judging the position
    def reserve(self, game: Game, p: int, rents: list[int] | None = None) -> int:
        """Cash to keep back: a base plus the rent threats the opponents pose."""
        if rents is None:
            rents = self.view_of(game).rents(p)
            pos = game.st.players[p].position
            key = self._reserve_key  # (rents, p, position): all it depends on
            if key is None or key[1] != p or key[2] != pos or (key[0] is not rents and key[0] != rents):
                self._reserve_key = (rents, p, pos)
                self._reserve = self._reserve_of(game, p, rents)
            return self._reserve
        return self._reserve_of(game, p, rents)

    def _reserve_of(self, game: Game, p: int, rents: list[int], pos: int | None = None) -> int:
        """The reserve of ``p`` standing on ``pos`` (default: where ``p`` stands) under ``rents``."""
        b = self.board_of(game)
        if pos is None:
            pos = game.st.players[p].position
        # the highest rent 2 to 12 spaces ahead, and the expected rent of the next throw
        ahead = max(b.pick_ahead[pos](rents))
        overall = max(rents) if rents else 0
        expected: float = sum(map(mul, b.throw_odds, b.pick_throw[pos](rents)))
        r = b.start_cash * 0.06 + 0.45 * ahead + 0.2 * overall + 2 * expected
        return int(min(r, b.start_cash * 1.2))

    def unowned_share(self, game: Game) -> float:
        v = self.view_of(game)
        memo = v.owner_memo
        share = memo.unowned_share
        if share is None:
            share = memo.unowned_share = sum(1 for q in v.owners.values() if q is None) / len(v.owners)
        return share

    def space_score(self, game: Game, p: int, s: int, rents: list[int], cash: int) -> float:
        """How good ending a move on space ``s`` is for ``p``, in dollars (roughly)."""
        st = game.st
        d = st.deeds.get(s)
        if d is not None:
            if d.owner is None:
                price = self.board_of(game).price[s]
                if cash < price:
                    return 10.0
                return max(0.0, deed_value(self.view_of(game), game, p, s) - price) + 0.2 * price
            return -float(rents[s])
        sp = game.board.spaces[s]
        k = sp.kind
        if k == "tax":
            tax = sp.tax or 0
            if sp.tax_percent:
                tax = min(tax, ceil_percent(tax_worth(game.ed, st, p), sp.tax_percent))
            return -float(tax)
        if k in ("chance", "community_chest"):
            return -10.0
        if k == "go_to_jail":
            return -60.0 if self.unowned_share(game) > 0.3 else -20.0
        if k == "auction":
            if None in self.view_of(game).owners.values():  # a deed left in the bank
                return 30.0
            return -float(max(rents))
        if k == "bus_ticket":
            return 40.0 if st.decks.bus else 0.0
        if k == "birthday_gift":
            return float(self.board_of(game).birthday_gift)
        if k == "free_parking":
            return float(st.pot)
        return 0.0

    def move_score(self, game: Game, p: int, dest: int, rents: list[int], cash: int) -> float:
        pos = game.st.players[p].position
        bonus = self.board_of(game).salary if dest < pos or dest == 0 else 0
        return self.space_score(game, p, dest, rents, cash) + bonus

    # ------------------------------------------------------------------ turn
    def on_turn(self, game: Game, p: int, pend: TurnDecision) -> Action:
        st = game.st
        pl = st.players[p]
        if self.may_manage():
            if self._trade_turn != st.turn.number:
                self._trade_turn = st.turn.number
                offer = self.propose_trade(game, p)
                if offer is not None:
                    return offer
            a = self.manage_spending(game, p)
            if a is not None:
                return a
        if pl.bus_tickets and game.board.bus_tickets:
            a = self.bus_ticket_move(game, p)
            if a is not None:
                return a
        return Roll(player=p)

    def bus_ticket_move(self, game: Game, p: int) -> Action | None:
        """Play a Bus Ticket when a reachable space beats the expected throw."""
        b = self.board_of(game)
        st = game.st
        pos = st.players[p].position
        cash = st.players[p].cash
        rents = self.rents(game, p)
        scores: dict[int, float] = {}  # a space reached both ways is scored once

        def score(i: int) -> float:
            s = scores.get(i)
            if s is None:
                s = scores[i] = self.move_score(game, p, i, rents, cash)
            return s

        scored = [(score(i), i) for i in game.bus_reach(pos)]
        if not scored:
            return None
        best, dest = max(scored)
        # (in the order of b.throw, whose odds throw_odds are)
        expected = sum([pr * score(i) for i, pr in zip(b.throw_to[pos], b.throw_odds, strict=True)])
        if best > expected + 60 or (expected < -150 and best > expected + 30):
            return PlayBusTicket(player=p, destination=dest)
        return None

    # ------------------------------------------------------------------ jail
    def on_jail(self, game: Game, p: int, pend: JailDecision) -> Action:
        pl = game.st.players[p]
        stay = False
        if self.unowned_share(game) <= 0.3:  # not early in the game: stay when leaving looks dangerous
            v = self.view_of(game)
            jail, size = game.board.jail, game.board.size
            rents = v.rents(p)
            danger = sum([pr * rents[(jail + d) % size] for d, pr in TWO_DICE.items()])
            built, owners = v.built, v.owners  # the opponents' built lots two dice can reach
            built_ahead = sum([1 for d in range(2, 13)
                               if (i := (jail + d) % size) in built and owners[i] not in (None, p)])
            stay = built_ahead >= 2 or danger > max(60, 0.08 * pl.cash)
        if not stay:
            if pl.gojf:
                return UseJailCard(player=p)
            if pl.cash - self.board_of(game).jail_fine >= min(self.reserve(game, p), 300):
                return PayJailFine(player=p)
        return RollForDoubles(player=p)

    def on_jail_pay(self, game: Game, p: int, pend: JailPayDecision) -> Action:
        return UseJailCard(player=p) if game.st.players[p].gojf else PayJailFine(player=p)

    # ------------------------------------------------------------------ buying and auctions
    def on_buy(self, game: Game, p: int, pend: BuyDecision) -> Action:
        """Buy when the reserve stays covered, or a deed worth well over its price leaves some of
        it; never mortgages to buy (measured: no stronger, and mortgaging only to decline after
        all looked foolish to players)."""
        st = game.st
        cash = st.players[p].cash
        price, space = pend.amount, pend.space
        assert price is not None and space is not None, "a buy decision names the deed and its price"
        reserve = self.reserve(game, p)
        if cash - price >= reserve:
            return Buy(player=p)
        if (cash >= price and cash - price >= 0.3 * reserve
                and deed_value(self.view_of(game), game, p, space) >= 1.3 * price):
            return Buy(player=p)
        return DeclineBuy(player=p)

    def on_bid(self, game: Game, p: int, pend: BidDecision) -> Action:
        st = game.st
        b = self.board_of(game)
        cash = st.players[p].cash
        low = game.min_bid()
        if pend.piece:
            reserve = self.reserve(game, p)
            lots = game.lots_for_piece(p, pend.piece)
            if not lots:
                return DropOut(player=p)
            cost = b.house_cost[b.group_of[lots[0]]]
            cap = min(int(cost * 1.6), cash - reserve // 2)
            step = max(1, cost // 10)
            price = cost
        else:
            space = pend.space
            assert space is not None, "an auction of no building piece is an auction of a deed"
            price = b.price[space]
            key = (id(game), space, st.turn.number, cash)  # one auction: the value stands
            if self._bid_memo is not None and self._bid_memo[0] == key:
                cap = self._bid_memo[1]
            else:
                cap = self.deed_cap(game, p, space)
                self._bid_memo = (key, cap)
            step = max(1, int(price * BID_RAISE))
        if low > cap:
            return DropOut(player=p)
        opening = int(price * BID_OPENING) if pend.high_bidder is None else low + step
        amount = max(low, min(cap, opening))
        if amount > price and last_round(st):  # (more than the deed or the piece adds to final worth: E2)
            return DropOut(player=p) if low > price else Bid(player=p, amount=price)
        return Bid(player=p, amount=amount)

    def deed_cap(self, game: Game, p: int, space: int) -> int:
        """The most (dollars) ``p`` bids for the deed on ``space`` in the auction starting now: what the
        deed is worth to it, within its cash less its reserve (half the reserve for a deed worth well over
        its price). Asked once an auction (:meth:`on_bid` keeps it while the auction and the cash stand)."""
        cash = game.st.players[p].cash
        reserve = self.reserve(game, p)
        value = deed_value(self.view_of(game), game, p, space)
        spare = cash - (reserve // 2 if value >= 1.2 * self.board_of(game).price[space] else reserve)
        return int(min(value, spare))

    def on_auction_pick(self, game: Game, p: int, pend: AuctionPickDecision) -> Action:
        b = self.board_of(game)
        cash = game.st.players[p].cash
        best = None
        for i in pend.choices:
            if b.price[i] * 0.6 > cash:
                continue
            score = deed_value(self.view_of(game), game, p, i) / b.price[i]
            if best is None or score > best[0]:
                best = (score, i)
        if best is None:  # nothing affordable: auction the cheapest
            return PickAuctionDeed(player=p, space=min(pend.choices, key=lambda i: b.price[i]))
        return PickAuctionDeed(player=p, space=best[1])

    # ------------------------------------------------------------------ Mega decisions
    def on_triples(self, game: Game, p: int, pend: TriplesDecision) -> Action:
        rents = self.rents(game, p)
        cash = game.st.players[p].cash
        best = max(pend.choices, key=lambda i: (self.move_score(game, p, i, rents, cash), -i))
        return ChooseDestination(player=p, space=best)

    def on_bus(self, game: Game, p: int, pend: BusDecision) -> Action:
        held = len(game.st.players[p].bus_tickets)
        return BusChoice(player=p, choice="ticket" if held < 3 else "advance")

    def on_bus_move(self, game: Game, p: int, pend: BusMoveDecision) -> Action:
        rents = self.rents(game, p)
        cash = game.st.players[p].cash
        n = len(self.board_of(game).kind)
        pos = game.st.players[p].position
        ways: tuple[tuple[Literal["both", "first", "second"], int], ...] = (
            ("both", pend.first + pend.second), ("first", pend.first), ("second", pend.second))
        best = max(ways, key=lambda w: self.move_score(game, p, (pos + w[1]) % n, rents, cash))
        return BusMove(player=p, dice=best[0])

    def on_birthday(self, game: Game, p: int, pend: BirthdayDecision) -> Action:
        pl = game.st.players[p]
        rich = pl.cash >= self.reserve(game, p) + 400
        return BirthdayChoice(player=p, choice="ticket" if rich and not pl.bus_tickets else "cash")

    def on_income_tax(self, game: Game, p: int, pend: IncomeTaxDecision) -> Action:
        a = pend.amounts
        return IncomeTaxChoice(player=p, choice="percent" if a.get("percent", 1 << 30) < a.get("flat", 0) else "flat")

    def on_levelling(self, game: Game, p: int, pend: LevellingDecision) -> Action:
        cash = game.st.players[p].cash
        # (in the last round building up keeps final worth, where a rearrangement sells hotels at half: E2)
        spare = cash if last_round(game.st) else cash - self.reserve(game, p) // 2
        build, unm = pend.amounts.get("build", 0), pend.amounts.get("unmortgage", 0)
        order: list[LevelChoice] = []
        if build <= spare:
            order.append("build")
        order.append("rearrange")
        if build + unm <= spare:
            order.append("unmortgage_build")
        order += ["unmortgage_rearrange", "unmortgage", "sell_all", "return", "build", "unmortgage_build"]
        return self.level_choice(game, p, order)

    def on_mortgaged_deed(self, game: Game, p: int, pend: MortgagedDeedDecision) -> Action:
        cost = pend.amounts.get("unmortgage", 0)
        ok = game.st.players[p].cash - cost >= self.reserve(game, p)
        return MortgagedDeedChoice(player=p, choice="unmortgage" if ok else "keep")

    def on_shortage_ask(self, game: Game, p: int, pend: ShortageAskDecision) -> Action:
        assert pend.piece is not None, "a shortage question names the piece"
        lots = game.lots_for_piece(p, pend.piece)
        if not lots:
            return ShortageAnswer(player=p, want=False)
        b = self.board_of(game)
        want = game.st.players[p].cash - b.house_cost[b.group_of[lots[0]]] >= self.reserve(game, p)
        return ShortageAnswer(player=p, want=want)

    def on_place_piece(self, game: Game, p: int, pend: PlacePieceDecision) -> Action:
        st = game.st
        b = self.board_of(game)

        def gain(i: int) -> int:
            lvl = st.deeds[i].level
            rents = b.rents[i]
            return rents[min(lvl + 1, len(rents) - 1)] - rents[lvl]

        return PlacePiece(player=p, space=max(pend.choices, key=gain))

    # ------------------------------------------------------------------ debt
    def mortgage_keep_value(self, game: Game, p: int, space: int) -> float:
        v = self.view_of(game)
        b = v.board
        g = b.group_of.get(space)
        if g is not None:
            k = v.group_owners[g].count(p)
            if k >= b.need[g]:
                return 3000 + b.price[space]
            if k == b.need[g] - 1:
                return 1000 + b.price[space]
            return b.price[space] * 0.3
        if space in b.railroads:
            owners = v.owners
            return 1500 + 100 * [owners[i] for i in b.railroads].count(p)
        return b.price[space] * 0.2

    def building_sale_order(self, game: Game, p: int) -> list[str]:
        """Sell first where a dollar of buildings earns the least rent."""
        b = self.board_of(game)
        st = game.st
        groups = super().building_sale_order(game, p)

        def earning(g: str) -> float:
            lots = [i for i in b.groups[g] if st.deeds[i].owner == p]
            rent = sum(b.rents[i][st.deeds[i].level] for i in lots)
            return rent / (b.house_cost[g] * max(1, sum(st.deeds[i].level for i in lots)))

        return sorted(groups, key=earning)

    # ------------------------------------------------------------------ ending
    def on_end_vote(self, game: Game, p: int, pend: EndVoteDecision) -> Action:
        worth = final_worths(game)
        return VoteEnd(player=p, agree=worth[p] >= max(worth.values()))
