"""The "expert" computer player: the strong player's play, but where a decision is worth it, each answer
is weighed by playouts (issue 28, item 2).

For the decisions below, the expert makes each candidate answer on a copy of the game and plays
:data:`PLAYOUTS` games on from each copy with the strong player in every seat, through the analysis
engine of the win chances (:func:`megamono.analysis.weigh`: one engine), on common seeds: playout ``i``
of every answer has the same dice and card order, so the difference between two answers is theirs and
not luck's. It picks the answer with the highest chance to win (a shared win counts ``1/k``), the
higher expected final worth breaking a tie, and the strong player's own answer the first of equals.
The playouts stop at the end of round ``now + HORIZON`` (final worth decides there, E2), or sooner at
the game's own end.

- **Buy or auction** (S1): buy, or decline and let the auction run.
- **How high to bid** (A1-A3): at its first bid in an auction of a deed, the position where it wins the
  deed at each of a few prices (:data:`BID_SHARES` of the printed price) against the one where it drops
  out; the most it bids is the highest price that weighs at least as well as dropping out. It then bids
  as the strong player does, up to that sum, and answers every raise at once.
- **Trades** (X1-X3): an offer to it, accepted or refused; an offer of its own (the strong player's
  search finds one) made only if the position after it is accepted weighs better than after a refusal.
- **Jail** (J2): pay (or use a card) or roll for doubles.
- **Bus and Birthday choices** (T3.4, S8), the Bus move, and the triples' destination (T3.3, the strong
  player's three best).

Its budget is a number of playouts, never a time: its choices are the same for the same game and seed
on any machine. Its random source (its seed) names the playouts' seeds, one per decision.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from megamono.rules.actions import (
    AcceptTrade,
    Action,
    Bid,
    BirthdayChoice,
    BusChoice,
    BusMove,
    Buy,
    ChooseDestination,
    DeclineBuy,
    DropOut,
    PassBid,
    PayJailFine,
    ProposeTrade,
    RefuseTrade,
    RollForDoubles,
    UseJailCard,
)
from megamono.rules.decisions import (
    BidDecision,
    BirthdayDecision,
    BusDecision,
    BusMoveDecision,
    BuyDecision,
    JailDecision,
    TradeReplyDecision,
    TriplesDecision,
)

from .model import Memory
from .strong import StrongBot

if TYPE_CHECKING:  # pragma: no cover
    from megamono.analysis import Analysis
    from megamono.rules.engine import Game

PLAYOUTS = 16
"""Playouts per answer weighed."""
HORIZON = 20
"""Rounds a playout runs on beyond the current one before final worth decides (E2)."""
BID_SHARES = (0.7, 1.0, 1.4)
"""The prices (shares of the printed price) at which the expert weighs winning an auction."""
BID_PLAYOUTS = 12
"""Playouts per position weighed for an auction's cap: four positions (dropping out, and winning at each of
:data:`BID_SHARES`), 48 playouts, so that it answers an open auction's opening within a second."""
TRIPLES_CHOICES = 3
"""How many of the strong player's best triples destinations the expert weighs."""
PROPOSAL_PAUSE = 5
"""Rounds before the expert weighs again a proposal of its own that it weighed and did not make."""


def score(result: Analysis, p: int) -> tuple[float, float]:
    """How well a weighed position stands for seat ``p``: (chance to win, expected final worth)."""
    pc = result.players[p]
    return pc.chance, pc.worth


class ExpertBot(StrongBot):
    """The expert computer player (see the module)."""

    level = "expert"

    def __init__(self, seed: int, memory: Memory | None = None) -> None:
        super().__init__(seed, memory)
        self.weighed = 0
        """Decisions weighed by playouts so far (a counter for the benchmarks)."""
        self._not_proposed: dict[str, int] = {}  # (a proposal weighed and not made: the round it was weighed)

    # ------------------------------------------------------------------ the weighing
    def weigh(self, positions: Sequence[Game], playouts: int = PLAYOUTS) -> list[Analysis]:
        """``positions`` (copies of the game after each answer) weighed by ``playouts`` playouts each, on
        common seeds (one seed a decision, from the bot's random source)."""
        from megamono.analysis import weigh

        self.weighed += 1
        return weigh(positions, playouts, self.rng.getrandbits(31), HORIZON)

    def best(self, game: Game, p: int, answers: Sequence[Action]) -> Action:
        """The answer of ``answers`` (legal now; the strong player's first) whose position weighs best."""
        if len(answers) == 1:
            return answers[0]
        positions = []
        for a in answers:
            copy = game.copy()
            copy.act(a)
            positions.append(copy)
        results = self.weigh(positions)
        k = max(range(len(answers)), key=lambda k: (score(results[k], p), -k))
        return answers[k]

    def legal(self, game: Game, answers: Sequence[Action]) -> list[Action]:
        """``answers`` without the ones the rules refuse now, and without repeats (in order)."""
        out: list[Action] = []
        for a in answers:
            if a not in out and game.why_not(a) is None:
                out.append(a)
        return out

    # ------------------------------------------------------------------ the decisions weighed
    def on_buy(self, game: Game, p: int, pend: BuyDecision) -> Action:
        own = super().on_buy(game, p, pend)
        return self.best(game, p, self.legal(game, [own, Buy(player=p), DeclineBuy(player=p)]))

    def on_trade_reply(self, game: Game, p: int, pend: TradeReplyDecision) -> Action:
        own = super().on_trade_reply(game, p, pend)
        return self.best(game, p, self.legal(game, [own, AcceptTrade(player=p), RefuseTrade(player=p)]))

    def on_jail(self, game: Game, p: int, pend: JailDecision) -> Action:
        own = super().on_jail(game, p, pend)
        pay: Action = UseJailCard(player=p) if game.st.players[p].gojf else PayJailFine(player=p)
        return self.best(game, p, self.legal(game, [own, pay, RollForDoubles(player=p)]))

    def on_bus(self, game: Game, p: int, pend: BusDecision) -> Action:
        own = super().on_bus(game, p, pend)
        return self.best(game, p, self.legal(game, [own, BusChoice(player=p, choice="ticket"),
                                                    BusChoice(player=p, choice="advance")]))

    def on_bus_move(self, game: Game, p: int, pend: BusMoveDecision) -> Action:
        own = super().on_bus_move(game, p, pend)
        ways = [BusMove(player=p, dice=w) for w in ("both", "first", "second")]
        return self.best(game, p, self.legal(game, [own, *ways]))

    def on_birthday(self, game: Game, p: int, pend: BirthdayDecision) -> Action:
        own = super().on_birthday(game, p, pend)
        return self.best(game, p, self.legal(game, [own, BirthdayChoice(player=p, choice="cash"),
                                                    BirthdayChoice(player=p, choice="ticket")]))

    def on_triples(self, game: Game, p: int, pend: TriplesDecision) -> Action:
        rents = self.rents(game, p)
        cash = game.st.players[p].cash
        ranked = sorted(pend.choices, key=lambda i: (self.move_score(game, p, i, rents, cash), -i), reverse=True)
        answers: list[Action] = [ChooseDestination(player=p, space=i) for i in ranked[:TRIPLES_CHOICES]]
        return self.best(game, p, self.legal(game, answers))

    def deed_cap(self, game: Game, p: int, space: int) -> int:
        """The most it bids for the deed on ``space``: the highest of a few prices at which winning the deed
        weighs at least as well as dropping out (0: none does), asked at its first bid in the auction."""
        st = game.st
        pend = st.pending
        assert isinstance(pend, BidDecision), "a cap is asked in an auction"
        price = self.board_of(game).price[space]
        low, cash = game.min_bid(), st.players[p].cash
        offers = sorted({max(low, int(price * share)) for share in BID_SHARES if int(price * share) <= cash})
        offers = [v for v in offers if v <= cash]
        if not offers:
            return 0
        out = game.copy()
        out.act(self.not_bidding(pend, p))
        positions = [out]
        prices = []
        for v in offers:
            won = self._won_at(game, p, v)
            if won is not None:
                positions.append(won)
                prices.append(v)
        if not prices:
            return 0
        results = self.weigh(positions, BID_PLAYOUTS)
        dropped = score(results[0], p)
        good = [v for v, r in zip(prices, results[1:], strict=True) if score(r, p) >= dropped]
        return max(good, default=0)

    @staticmethod
    def _won_at(game: Game, p: int, amount: int) -> Game | None:
        """A copy of ``game`` (in an auction) in which ``p`` bids ``amount`` and everyone else drops out;
        None if that bid may not be made now."""
        bid = Bid(player=p, amount=amount)
        if game.why_not(bid) is not None:
            return None
        copy = game.copy()
        copy.act(bid)
        for _ in range(64):  # (a guard: each drop-out ends one bidder's part)
            pend = copy.st.pending
            if not isinstance(pend, BidDecision) or copy.over:
                return copy
            q = next((q for q in pend.players if q != p and q not in pend.passed), None)
            if q is None:
                return copy
            copy.act(ExpertBot.not_bidding(pend, q))
        return copy

    @staticmethod
    def not_bidding(pend: BidDecision, q: int) -> Action:
        """Seat ``q`` leaving the auction ``pend``: a pass in an open auction (A3), else a drop-out."""
        return PassBid(player=q) if pend.at_once else DropOut(player=q)

    @staticmethod
    def worth_proposing(ga: float, gb: float, x: int, w: float) -> bool:
        """Any swap that the bots' valuation calls no loss to the proposer is worth weighing (the strong
        player's bar, its gain at least a rival's share of the partner's, is left to the playouts)."""
        return ga - x >= 0

    def propose_trade(self, game: Game, p: int) -> ProposeTrade | None:
        """The strong player's proposal, made only if the position after it is accepted weighs better than
        after it is refused (one not made is weighed again after :data:`PROPOSAL_PAUSE` rounds)."""
        offer = super().propose_trade(game, p)
        if offer is None:
            return None
        key = offer.model_dump_json()
        weighed = self._not_proposed.get(key)
        rnd = game.st.turn.round
        if weighed is not None and rnd - weighed < PROPOSAL_PAUSE:
            return None
        accepted, refused = game.copy(), game.copy()
        for copy, reply in ((accepted, AcceptTrade), (refused, RefuseTrade)):
            copy.act(offer)
            copy.act(reply(player=offer.partner))
        results = self.weigh([accepted, refused])
        if score(results[0], p) > score(results[1], p):
            return offer
        self._not_proposed[key] = rnd
        return None
