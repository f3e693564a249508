"""Ending the game (RULES.md E1, E2): the last player standing wins (E1); the game may end early by
agreement, at the ``turn_limit`` option's last round, or at the end of the round in which the
``time_limit`` option's time ran out (the app's ``TimeUp`` action), and then the highest final worth
wins, a tie sharing the win (E2).

Functions over the state and the edition. How a game ended is its :class:`Outcome` (the
``GameOver`` event's), as python-chess gives a board's outcome.
"""

from __future__ import annotations

from .agenda import ResumeStep
from .core import log, name, others_from_left, pending_as, push, suspend
from .decisions import EndVoteDecision, GameOverDecision, TradeReplyDecision
from .editions import Edition
from .events import EndProposed, EndVote, FinalWorth, GameOver, Outcome, Termination, TimeIsUp
from .state import GameState


def final_worth(st: GameState, ed: Edition, p: int) -> int:
    """E2 final worth of ``p`` in dollars: cash + printed price of unmortgaged deeds + mortgage value
    of mortgaged deeds + buildings (levels x house cost; a depot at its price)."""
    return st.players[p].cash + sum(deed_worth(st, ed, i) for i, d in st.deeds.items() if d.owner == p)


def deed_worth(st: GameState, ed: Edition, space: int) -> int:
    """What deed ``space`` adds to its owner's E2 final worth: its printed price (its mortgage value
    when mortgaged) and its buildings (levels x house cost; a depot at its price)."""
    b = ed.board
    d = st.deeds[space]
    sp = b.spaces[space]
    return ((sp.mortgage if d.mortgaged else sp.price) + d.level * sp.house_cost
            + (b.rules.depot_cost if d.depot else 0))


def last_round(st: GameState) -> bool:
    """True in the round at whose end the game ends by final worth (E2): the ``turn_limit`` option's
    last round, or the round in which the ``time_limit`` option's time ran out (as the end of a turn
    finds them: :func:`~megamono.rules.turns.step_end_turn`)."""
    limit = st.options.turn_limit
    return bool(limit and st.turn.round >= limit) or st.turn.time_up


def standings(st: GameState, ed: Edition) -> list[tuple[int, int]]:
    """(seat, final worth) of every player, best first; bankrupt players last, the latest to go
    bankrupt first among them (their worth is shown as -1)."""
    gone = [e.player for e in st.log if e.kind == "bankrupt"]
    rows = [(p, final_worth(st, ed, p) if not pl.bankrupt else -1) for p, pl in enumerate(st.players)]
    return sorted(rows, key=lambda r: (r[1], gone.index(r[0]) if r[0] in gone else len(gone)), reverse=True)


def check_last_standing(st: GameState) -> bool:
    """E1: when one player is left, that player wins (True)."""
    active = st.active_players()
    if len(active) == 1:
        finish(st, [active[0]], "last_player_standing")
        return True
    return False


def end_by_worth(st: GameState, ed: Edition, termination: Termination) -> None:
    """E2: the highest final worth wins; a tie shares the win. ``termination``: "turn_limit" (the
    option's last round is over), "time_limit" (the round in which time ran out is over) or
    "agreed_end"."""
    active = st.active_players()
    worth = {p: final_worth(st, ed, p) for p in active}
    best = max(worth.values())
    winners = [p for p in active if worth[p] == best]
    log(st, FinalWorth(termination, st.turn.round, [(p, worth[p]) for p in active]))
    finish(st, winners, termination)


def finish(st: GameState, winners: list[int], termination: Termination) -> None:
    """Game over: record the winner(s) and how the game ended (the :class:`GameOver` event's
    :class:`Outcome`), and wait on nothing but the game-over screen."""
    st.winner = winners[0]
    st.winners = winners
    st.agenda.clear()
    st.suspended.clear()
    log(st, GameOver(Outcome(winners=list(winners), termination=termination)))
    st.pending = GameOverDecision(player=winners[0], winners=list(winners))


def outcome(st: GameState) -> Outcome | None:
    """How the game ended (winners and termination), or None while it goes on."""
    if st.winner is None:
        return None
    for ev in reversed(st.log):
        if isinstance(ev, GameOver):
            return ev.outcome
    return None


# -- the time limit (O) -------------------------------------------------------------------------------
def why_not_time_up(st: GameState) -> str | None:
    """Why the app may not record that time is up now (option ``time_limit``), or None."""
    if st.options.time_limit is None:
        return "this game has no time limit"
    if st.turn.time_up:
        return "time is up already: the game ends when this round ends"
    return None


def time_up(st: GameState) -> None:
    """O ``time_limit``: time is up; the game ends when this round ends (the end of a turn looks)."""
    limit = st.options.time_limit
    assert limit is not None  # (why_not_time_up)
    st.turn.time_up = True
    log(st, TimeIsUp(limit, st.turn.round))


# -- E2 votes ------------------------------------------------------------------------------------------
def why_not_propose_end(st: GameState, p: int, in_debt: set[int]) -> str | None:
    """Why ``p`` may not propose to end the game now (``in_debt``: the seats in debt, D1), or None."""
    if isinstance(st.pending, (EndVoteDecision, TradeReplyDecision, GameOverDecision)):
        return "ending the game cannot be proposed now"
    if p in in_debt:
        return f"{name(st, p)} is in debt: pay or raise the money first (D1)"
    return None


def propose_end(st: GameState, p: int) -> None:
    """E2: ``p`` proposes to end the game now; the others vote in turn from ``p``'s left (the decision
    the game waited for is set aside meanwhile)."""
    others = others_from_left(st, p)
    log(st, EndProposed(p))
    suspend(st, EndVoteDecision(player=others[0], proposer=p, voters=others))


def vote_end(st: GameState, ed: Edition, p: int, agree: bool) -> None:
    """E2: ``p`` votes; one "no" and the game goes on, every "yes" and the game ends by worth."""
    pend = pending_as(st, EndVoteDecision)
    if not agree:
        log(st, EndVote(p, False))
        st.pending = None
        push(st, ResumeStep())
        return
    log(st, EndVote(p, True))
    rest = pend.voters[pend.voters.index(p) + 1:]
    if rest:
        pend.player = rest[0]
    else:
        end_by_worth(st, ed, "agreed_end")
