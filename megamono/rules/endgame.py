"""Ending the game: the last player standing (E1), ending early by agreement (E2), and the
``turn_limit`` option (O), which ends the game after a given round and lets E2 decide."""

from __future__ import annotations

from .agenda import ResumeStep
from .core import Core
from .decisions import EndVoteDecision, GameOverDecision, TradeReplyDecision
from .events import EndProposed, EndVote, FinalWorth, GameOver, Outcome, Termination, winners_words


class EndgameMixin(Core):
    """Final worth, votes to end early, and the game-over decision."""

    def final_worth(self, p: int) -> int:
        """E2 final worth in dollars: cash + printed price of unmortgaged deeds + mortgage value of
        mortgaged deeds + buildings (levels x house cost; a depot at its price)."""
        total = self.st.players[p].cash
        for i, d in self.st.deeds.items():
            if d.owner != p:
                continue
            sp = self.board.spaces[i]
            total += sp.mortgage if d.mortgaged else sp.price
            total += d.level * (sp.house_cost or 0) + (self.board.rules.depot_cost if d.depot else 0)
        return total

    def standings(self) -> list[tuple[int, int]]:
        """(seat, final worth) of every player, best first; bankrupt players last, the latest to go
        bankrupt first among them (their worth is shown as -1)."""
        gone = [e.player for e in self.st.log if e.kind == "bankrupt"]
        rows = [(p, self.final_worth(p) if not pl.bankrupt else -1) for p, pl in enumerate(self.st.players)]
        return sorted(rows, key=lambda r: (r[1], gone.index(r[0]) if r[0] in gone else len(gone)),
                      reverse=True)

    def end_by_worth(self, termination: Termination) -> None:
        """E2: the highest final worth wins; a tie shares the win. ``termination``: "turn_limit"
        (the option's last round is over) or "agreed_end"."""
        active = self.st.active_players()
        worth = {p: self.final_worth(p) for p in active}
        best = max(worth.values())
        winners = [p for p in active if worth[p] == best]
        self.log(FinalWorth(termination, self.st.turn.round, [(p, worth[p]) for p in active]))
        self.finish(winners, termination)

    def finish(self, winners: list[int], termination: Termination) -> None:
        """Game over: record the winner(s) and how the game ended (the :class:`GameOver` event's
        :class:`Outcome`), and wait on nothing but the game-over screen."""
        self.st.winner = winners[0]
        self.st.winners = winners
        self.st.agenda.clear()
        self.st.suspended.clear()
        self.log(GameOver(Outcome(winners=list(winners), termination=termination)))
        self.st.pending = GameOverDecision(player=winners[0], prompt=f"Game over: {winners_words(self, winners)}")

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (winners and termination), or None while it goes on."""
        if self.st.winner is None:
            return None
        for ev in reversed(self.st.log):
            if isinstance(ev, GameOver):
                return ev.outcome
        return None

    # -- E2 votes ------------------------------------------------------------------------------
    def why_not_propose_end(self, p: int) -> str | None:
        if isinstance(self.st.pending, (EndVoteDecision, TradeReplyDecision, GameOverDecision)):
            return "ending the game cannot be proposed now"
        if p in self.debtors():
            return f"{self.name(p)} is in debt: pay or raise the money first (D1)"
        return None

    def do_propose_end(self, p: int) -> None:
        others = [o for o in self.others_from_left(p)]
        self.log(EndProposed(p))
        vote = EndVoteDecision(player=others[0], proposer=p, voters=others)
        self._end_vote_prompt(vote)
        self.suspend(vote)

    def _end_vote_prompt(self, vote: EndVoteDecision) -> None:
        vote.prompt = (f"{self.name(vote.player)}: {self.name(vote.proposer)} proposes to end the game now;"
                       " the highest final worth wins. Agree?")

    def do_vote_end(self, p: int, agree: bool) -> None:
        pend = self.pending_as(EndVoteDecision)
        if not agree:
            self.log(EndVote(p, False))
            self.st.pending = None
            self.push(ResumeStep())
            return
        self.log(EndVote(p, True))
        rest = pend.voters[pend.voters.index(p) + 1:]
        if rest:
            pend.player = rest[0]
            self._end_vote_prompt(pend)
        else:
            self.end_by_worth("agreed_end")
