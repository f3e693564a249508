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
  search, with a lower bar: any swap its valuation calls no loss to itself, :meth:`ExpertBot.worth_proposing`)
  made only if the position after it is accepted weighs better than after a refusal.
- **Jail** (J2): pay (or use a card) or roll for doubles.
- **Bus and Birthday choices** (T3.4, S8), the Bus move, and the triples' destination (T3.3, the strong
  player's three best).

Its budget is a number of playouts, never a time: its choices are the same for the same game and seed
on any machine. Its random source (its seed) names the playouts' seeds, one per decision.

:func:`coach` weighs the same answers for a human (the app's ``j``), on the position's own seed, and the
review's marks (:mod:`megamono.marks`) weigh a human's answer against them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
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
    Roll,
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
    Pending,
    TradeReplyDecision,
    TriplesDecision,
    TurnDecision,
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
WEIGHED = frozenset({"buy", "trade_reply", "jail", "bus", "bus_move", "birthday", "triples"})
"""The decisions the expert weighs by their answers (:meth:`ExpertBot.answers`); it weighs an auction's
cap too (:meth:`ExpertBot.deed_cap`) and its own trade proposals (:meth:`ExpertBot.propose_trade`)."""
TRIPLES_CHOICES = 3
"""How many of the strong player's best triples destinations the expert weighs."""
PROPOSAL_PAUSE = 5
"""Rounds before the expert weighs again a proposal of its own that it weighed and did not make."""


def score(result: Analysis, p: int) -> tuple[float, float]:
    """How well a weighed position stands for seat ``p``: (chance to win, expected final worth)."""
    pc = result.players[p]
    return pc.chance, pc.worth


@dataclass(frozen=True)
class Answer:
    """One answer to a decision, to weigh: a player's ``words`` for it, the ``action`` (None for winning an
    auction at a price, which takes the others' passes too) and the ``position`` after it (a copy)."""

    words: str
    action: Action | None
    position: Game
    price: int | None = None
    """For winning an auction: the price it is won at (dollars)."""


def after(game: Game, action: Action) -> Game:
    """A copy of ``game`` once ``action`` (legal now) is taken."""
    copy = game.copy()
    copy.act(action)
    return copy


class ExpertBot(StrongBot):
    """The expert computer player (see the module)."""

    level = "expert"

    def __init__(self, seed: int, memory: Memory | None = None) -> None:
        super().__init__(seed, memory)
        self.weighed = 0
        """Decisions weighed by playouts so far (a counter for the benchmarks)."""
        self._not_proposed: dict[str, int] = {}  # (a proposal weighed and not made: the round it was weighed)

    # ------------------------------------------------------------------ the weighing
    def weigh(self, answers: Sequence[Answer], playouts: int = PLAYOUTS) -> list[Analysis]:
        """The positions after ``answers`` weighed by ``playouts`` playouts each, on common seeds (one seed a
        decision, from the bot's random source)."""
        from megamono.analysis import weigh

        self.weighed += 1
        return weigh([a.position for a in answers], playouts, self.rng.getrandbits(31), HORIZON)

    def best(self, game: Game, p: int, answers: Sequence[Answer]) -> Action:
        """The action of the answer (the strong player's first) whose position weighs best for ``p``."""
        if len(answers) == 1 and answers[0].action is not None:
            return answers[0].action
        results = self.weigh(answers)
        ranked = sorted(range(len(answers)), key=lambda k: (score(results[k], p), -k), reverse=True)
        action = answers[ranked[0]].action
        assert action is not None, "an auction's answers are weighed by deed_cap"
        return action

    @staticmethod
    def plain(game: Game, actions: Sequence[Action]) -> list[Answer]:
        """``actions`` as answers, without the ones the rules refuse now and without repeats (in order)."""
        from megamono.rules.texts import action_text

        out: list[Answer] = []
        for a in actions:
            if all(a != b.action for b in out) and game.why_not(a) is None:
                out.append(Answer(action_text(game, a), a, after(game, a)))
        return out

    def answers(self, game: Game, p: int) -> list[Answer]:
        """The answers of ``p`` to the decision the game waits on that the expert weighs (the strong player's
        own first), the positions after them made; for an auction of a deed, passing and winning it at each
        of a few prices (:meth:`auction_answers`); for the start of a turn (the coach's), rolling and the
        strong player's first step if it would do something else (build, trade, a Bus Ticket). One answer
        for a decision it does not weigh."""
        st = game.st
        pend = st.pending
        assert pend is not None, "a decision is pending"
        own: Action
        match pend:
            case BuyDecision():
                own = super().on_buy(game, p, pend)
                return self.plain(game, [own, Buy(player=p), DeclineBuy(player=p)])
            case TradeReplyDecision():
                own = super().on_trade_reply(game, p, pend)
                return self.plain(game, [own, AcceptTrade(player=p), RefuseTrade(player=p)])
            case JailDecision():
                own = super().on_jail(game, p, pend)
                pay: Action = UseJailCard(player=p) if st.players[p].gojf else PayJailFine(player=p)
                return self.plain(game, [own, pay, RollForDoubles(player=p)])
            case BusDecision():
                own = super().on_bus(game, p, pend)
                return self.plain(game, [own, BusChoice(player=p, choice="ticket"),
                                         BusChoice(player=p, choice="advance")])
            case BusMoveDecision():
                own = super().on_bus_move(game, p, pend)
                return self.plain(game, [own, *[BusMove(player=p, dice=w) for w in ("both", "first", "second")]])
            case BirthdayDecision():
                own = super().on_birthday(game, p, pend)
                return self.plain(game, [own, BirthdayChoice(player=p, choice="cash"),
                                         BirthdayChoice(player=p, choice="ticket")])
            case TriplesDecision():
                rents = self.rents(game, p)
                cash = st.players[p].cash
                ranked = sorted(pend.choices, key=lambda i: (self.move_score(game, p, i, rents, cash), -i),
                                reverse=True)
                return self.plain(game, [ChooseDestination(player=p, space=i) for i in ranked[:TRIPLES_CHOICES]])
            case BidDecision() if pend.space is not None:
                return self.auction_answers(game, p, pend, pend.space)
            case TurnDecision():
                step = StrongBot(self.seed, self.memory).answer(game, p, pend)
                return self.plain(game, [Roll(player=p), step])
        return self.plain(game, [super().answer(game, p, pend)])

    def auction_answers(self, game: Game, p: int, pend: BidDecision, space: int) -> list[Answer]:
        """Passing (dropping out) first, then winning the deed on ``space`` at each of :data:`BID_SHARES` of
        its price that ``p`` may bid now (everyone else then passing)."""
        from megamono.rules.texts import action_text

        price = self.board_of(game).price[space]
        low, cash = game.min_bid(), game.st.players[p].cash
        leave = self.not_bidding(pend, p)
        out = [Answer(action_text(game, leave, brief=True).capitalize(), leave, after(game, leave))]
        for v in sorted({max(low, int(price * share)) for share in BID_SHARES}):
            won = self._won_at(game, p, v) if v <= cash else None
            if won is not None:
                out.append(Answer(f"Win it at ${v:,}", None, won, v))
        return out

    # ------------------------------------------------------------------ the decisions weighed
    def answer(self, game: Game, player: int, pend: Pending) -> Action:
        """The best answer weighed for a decision of the kinds :data:`WEIGHED`; the strong player's (with
        :meth:`deed_cap` for an auction) for the rest."""
        if pend.kind in WEIGHED:
            return self.best(game, player, self.answers(game, player))
        return super().answer(game, player, pend)

    def deed_cap(self, game: Game, p: int, space: int) -> int:
        """The most it bids for the deed on ``space``: the highest of a few prices at which winning the deed
        weighs at least as well as dropping out (0: none does), asked at its first bid in the auction."""
        pend = game.st.pending
        assert isinstance(pend, BidDecision), "a cap is asked in an auction"
        answers = self.auction_answers(game, p, pend, space)
        if len(answers) == 1:
            return 0
        results = self.weigh(answers, BID_PLAYOUTS)
        dropped = score(results[0], p)
        good = [a.price for a, r in zip(answers[1:], results[1:], strict=True)
                if a.price is not None and score(r, p) >= dropped]
        return max(good, default=0)

    @staticmethod
    def _won_at(game: Game, p: int, amount: int) -> Game | None:
        """A copy of ``game`` (in an auction) in which ``p`` bids ``amount`` and everyone else drops out;
        None if that bid may not be made now."""
        bid = Bid(player=p, amount=amount)
        if game.why_not(bid) is not None:
            return None
        copy = after(game, bid)
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
        accepted, refused = after(game, offer), after(game, offer)
        accepted.act(AcceptTrade(player=offer.partner))
        refused.act(RefuseTrade(player=offer.partner))
        results = self.weigh([Answer("accepted", None, accepted), Answer("refused", None, refused)])
        if score(results[0], p) > score(results[1], p):
            return offer
        self._not_proposed[key] = rnd
        return None


# ---------------------------------------------------------------------- the coach
COACH_PLAYOUTS = 24
"""Playouts per answer the coach weighs (at most four answers: under 3 s on the quiet 2-core machine)."""


@dataclass(frozen=True)
class Advice:
    """One answer as the coach weighs it: the player's ``words`` for it, the ``action`` (None: winning an
    auction at ``price``, by bidding up to it), the chance to win after it (0 to 1) with its Wilson 95%
    interval ``low``-``high``, the expected final worth (dollars), and the playouts and seed behind it."""

    words: str
    action: Action | None
    chance: float
    low: float
    high: float
    worth: float
    playouts: int
    seed: int
    price: int | None = None


def coach(game: Game, p: int, playouts: int = COACH_PLAYOUTS, seed: int | None = None) -> list[Advice]:
    """The answers of seat ``p`` to the decision ``game`` waits on, best first, as the expert weighs them
    (:meth:`ExpertBot.answers`, the same playouts, :data:`HORIZON` rounds on), with their chances to win.
    ``seed``: the playouts' seed, by default the position's own
    (:func:`megamono.analysis.position_seed`), so the same moment gives the same advice by any route.
    ``game`` is not changed; it never decides anything. ValueError if nothing waits on ``p``."""
    from megamono.analysis import playout_base, position_seed, weigh

    pend = game.st.pending
    if pend is None or game.over or p not in pend.players:
        raise ValueError("the coach answers a decision that waits on that player")
    answers = ExpertBot(0).answers(game, p)
    if seed is None:
        seed = position_seed(playout_base(game, HORIZON))
    results = weigh([a.position for a in answers], playouts, seed, HORIZON)
    out = [Advice(a.words, a.action, r.players[p].chance, r.players[p].low, r.players[p].high, r.players[p].worth,
                  playouts, seed, a.price) for a, r in zip(answers, results, strict=True)]
    order = sorted(range(len(out)), key=lambda k: (out[k].chance, out[k].worth, -k), reverse=True)
    return [out[k] for k in order]
