"""Turns (RULES.md T1-T3, T3.1, T3.2, T3.5, T5-T8): the start of a turn and its choices (T1), the
roll and what its dice do (T2, T3: doubles, triples anywhere T3.2; a Bus Ticket instead, T3.5), the
end of a turn (T5), rent claims under the option ``rent_must_be_claimed`` (T6), decisions made
explicit (T7, the classes of :mod:`megamono.rules.decisions`), Mr. Monopoly's lock on building and
trading (T8), and the decision set aside by a trade, a claim, a vote or a shortage coming back.

Functions over the state and the edition; the engine (:mod:`megamono.rules.engine`) runs them.
"""

from __future__ import annotations

from . import auctions, cards, debt, endgame, jail, movement, shortage
from .actions import BusMove, ChooseDestination, ClaimRent, PlayBusTicket, Roll
from .agenda import (
    BusFaceStep,
    EndOfThrowStep,
    EndTurnStep,
    MoveStep,
    MoveToStep,
    MrMonopolyStep,
    PayStep,
    ResumeStep,
)
from .core import log, name, pending_as, push, set_aside, sname, throw, wait
from .decisions import (
    BidDecision,
    BusMoveDecision,
    DebtDecision,
    JailDecision,
    JailPayDecision,
    ShortageAskDecision,
    TriplesDecision,
    TurnDecision,
)
from .editions import Edition
from .events import BusMoveChosen, BusTicketPlayed, ClaimLapsed, Rolled, Triples, TurnStarted
from .state import GameState


def step_end_turn(st: GameState, ed: Edition, s: EndTurnStep | None) -> None:
    """T5: the turn passes to the next active player in seat order; at the end of a round, the game
    ends there at the ``turn_limit`` option's last round or once the ``time_limit`` is up (O, E2)."""
    players = st.players
    n = len(players)
    t = st.turn
    cur = t.player
    nxt = (cur + 1) % n
    while players[nxt].bankrupt:  # (someone is always left: the game is over otherwise)
        nxt = (nxt + 1) % n
    if nxt <= cur:  # a new round starts
        if st.options.turn_limit and t.round >= st.options.turn_limit:
            endgame.end_by_worth(st, ed, "turn_limit")
            return
        if t.time_up:  # (option time_limit: the round in which time ran out is over)
            endgame.end_by_worth(st, ed, "time_limit")
            return
        t.round += 1
    t.player, t.doubles, t.ended, t.last_throw, t.mr_monopoly_lock = nxt, 0, False, None, False
    t.number += 1
    begin_turn(st, ed)


def begin_turn(st: GameState, ed: Edition) -> None:
    """T1: the turn of ``st.turn.player`` (number ``st.turn.number``) begins: logged, and their first
    decision asked (the jail's, J2, for a jailed player; else the roll, T1). A game started from a
    position (:mod:`megamono.rules.positions`) begins here too."""
    p = st.turn.player
    pl = st.players[p]
    log(st, TurnStarted(p, st.turn.number))
    if pl.in_jail:
        wait(st, JailDecision(player=p, attempt=pl.jail_turns + 1))
    else:
        offer_turn(st, ed, p, again=False)


def offer_turn(st: GameState, ed: Edition, p: int, again: bool) -> None:
    """T1: ``p`` may roll (``again`` after doubles) or play a Bus Ticket, after managing."""
    ticket = bool(st.players[p].bus_tickets and ed.board.bus_tickets)
    st.pending = TurnDecision(player=p, roll_again=again, bus_ticket=ticket)


def why_not_play_bus_ticket(st: GameState, ed: Edition, a: PlayBusTicket) -> str | None:
    """K8: a Bus Ticket held, and a destination on this side of the board; the reason, or None."""
    pl = st.players[a.player]
    if not pl.bus_tickets:
        return f"{pl.name} has no Bus Ticket"
    if a.destination not in cards.bus_reach(st, ed, pl.position):
        return "a Bus Ticket reaches only this side of the board, up to the next corner (K8)"
    return None


def play_bus_ticket(st: GameState, ed: Edition, a: PlayBusTicket) -> None:
    """K8: a Bus Ticket move instead of a roll; the turn then ends."""
    pl = st.players[a.player]
    st.pending = None
    st.decks.bus_out.append(pl.bus_tickets.pop(0))
    log(st, BusTicketPlayed(a.player, a.destination))
    push(st, MoveToStep(player=a.player, space=a.destination, dice=None),
              EndOfThrowStep(player=a.player, again=False))


def roll(st: GameState, ed: Edition, a: Roll) -> None:
    """T2/T3: throw, then move (doubles, third doubles, triples, Mr. Monopoly, Bus)."""
    board = ed.board
    p = a.player
    t = st.turn
    st.pending = None
    if st.claims:
        lapse_claims(st, ed, p)
    speed = board.rules.speed_die
    th = throw(st, speed)
    t.last_throw = th
    log(st, Rolled(p, th))
    w1, w2 = th.white
    face = th.speed
    doubles = w1 == w2
    if speed and doubles and face == w1:  # (th.triples)
        log(st, Triples(p))
        pos = st.players[p].position
        wait(st, TriplesDecision(player=p, choices=[i for i in range(board.size) if i != pos]))
        return
    if doubles:
        t.doubles += 1
        if t.doubles == 3:
            jail.go_to_jail(st, ed, p, "third doubles in one turn")
            push(st, EndTurnStep())
            return
    if face == "bus" and st.options.bus_rule == "speed_die_game":
        # the standard Speed Die game's Bus (T3.4, option bus_rule): the mover chooses the dice first
        wait(st, BusMoveDecision(player=p, first=w1, second=w2))
        return
    white = w1 + w2
    if speed and face.__class__ is int:
        steps = white + face
        util = steps if st.options.speed_die_counts_for_utilities else white
    else:
        steps = util = white
    # the move happens now; what follows it waits on the agenda (as Steps: a decision on
    # the way, such as buying the deed landed on, may be saved before they run)
    agenda = st.agenda
    again = doubles
    if face == "mr" or face == "bus":
        agenda.append(EndOfThrowStep(player=p, again=again))
        if face == "mr":
            t.mr_monopoly_lock = True
            agenda.append(MrMonopolyStep(player=p, dice=white))
        else:
            agenda.append(BusFaceStep(player=p))
        movement.move(st, ed, p, steps, util)
        return
    base = len(agenda)
    movement.move(st, ed, p, steps, util)
    if st.pending is None and len(agenda) == base:
        end_of_throw(st, ed, p, again)  # nothing came up on the way: the throw ends now
    else:  # a decision or more steps came up: the end of the throw waits under them
        agenda.insert(base, EndOfThrowStep(player=p, again=again))


def bus_move(st: GameState, ed: Edition, a: BusMove) -> None:
    """T3.4 under the option ``bus_rule`` = ``"speed_die_game"``: move by the white dice chosen; utility
    rent after the move uses them (R5); doubles still roll again (T3.5). No Bus Ticket, no ride ahead."""
    pend = pending_as(st, BusMoveDecision)
    st.pending = None
    first, second = pend.first, pend.second
    steps = first if a.dice == "first" else second if a.dice == "second" else first + second
    log(st, BusMoveChosen(a.player, a.dice, steps))
    push(st, MoveStep(player=a.player, steps=steps, dice=steps),
         EndOfThrowStep(player=a.player, again=first == second))


def choose_destination(st: GameState, ed: Edition, a: ChooseDestination) -> None:
    """T3.2: triples move forward to the chosen space; no further roll."""
    th = st.turn.last_throw
    assert th is not None, "triples were thrown this turn"
    st.pending = None
    util = th.total if st.options.speed_die_counts_for_utilities else th.white_total
    push(st, MoveToStep(player=a.player, space=a.space, dice=util),
              EndOfThrowStep(player=a.player, again=False))


def why_not_choose_destination(st: GameState, ed: Edition, a: ChooseDestination) -> str | None:
    """T3.2: any space but the one the player stands on; the reason, or None."""
    return (None if a.space in pending_as(st, TriplesDecision).choices
            else "choose any space but the one you stand on")


def step_end_of_throw(st: GameState, ed: Edition, s: EndOfThrowStep) -> None:
    """The agenda's form of :func:`end_of_throw`."""
    end_of_throw(st, ed, s.player, s.again)


def end_of_throw(st: GameState, ed: Edition, p: int, again: bool) -> None:
    """After a throw's move: roll again after doubles (T3), else the turn ends (T5)."""
    t = st.turn
    t.mr_monopoly_lock = False
    pl = st.players[p]
    if again and not (t.ended or pl.bankrupt or pl.in_jail):
        offer_turn(st, ed, p, again=True)
    else:
        step_end_turn(st, ed, None)  # (as pushing an end_turn step, which would run next)


def why_not_claim_rent(st: GameState, ed: Edition, p: int, space: int) -> str | None:
    """T6 (option ``rent_must_be_claimed``): ``p`` has that rent to claim, and may now; the reason, or None."""
    pend = st.pending
    if pend is None or pend.kind in ("trade_reply", "end_vote", "game_over"):
        return "rent cannot be claimed right now"
    if not any(c.owner == p and c.space == space for c in st.claims):
        return f"{name(st, p)} has no rent to claim on {sname(ed, space)}"
    return None


def claim_rent(st: GameState, ed: Edition, a: ClaimRent) -> None:
    """T6: the owner claims the rent: the payer pays it now (the pending decision waits)."""
    claim = next(c for c in st.claims if c.owner == a.player and c.space == a.space)
    st.claims.remove(claim)
    set_aside(st)
    push(st, PayStep(player=claim.payer, creditors=[(claim.owner, claim.amount)],
                      why="claimed", rent_for=claim.space), ResumeStep())


def step_resume(st: GameState, ed: Edition, s: ResumeStep) -> None:
    """Bring back the decision set aside (a trade, a claim, a vote, a shortage question)."""
    if st.suspended:
        st.pending = st.suspended.pop()
        check_resumed(st, ed)
        pend = st.pending
        if isinstance(pend, TurnDecision):
            # asked again: whether the player holds a Bus Ticket (its bus_ticket, which its words
            # offer) may have changed with a trade, which may give one away or bring one
            offer_turn(st, ed, pend.player, pend.roll_again)


def check_resumed(st: GameState, ed: Edition) -> None:
    """A decision set aside (by a trade, a rent claim or a shortage) has just come back: drop
    what a bankruptcy in the meantime made void (D3/D4), so that the game never waits on a
    player who has left it.

    - an auction loses its bankrupt bidders, and a bankrupt high bidder's bid;
    - a debt is no longer owed to a bankrupt creditor;
    - a shortage question skips a bankrupt player, and is void if the builder went bankrupt;
    - any other decision of a bankrupt player is dropped; if it was the start of their turn,
      a triples choice or the jail decision, their turn passes (T5).
    """
    st, ed = st, ed
    pend = st.pending
    if pend is None:
        return

    def gone(q: int | None) -> bool:
        return q is not None and st.players[q].bankrupt

    if isinstance(pend, BidDecision):
        auctions.drop_bankrupt(st, ed, {q for q, pl in enumerate(st.players) if pl.bankrupt})
        return
    if isinstance(pend, DebtDecision) and not gone(pend.player):
        if any(gone(c.player) for c in pend.creditors):
            pend.creditors = [c for c in pend.creditors if not gone(c.player)]
            pend.amount = sum(c.amount for c in pend.creditors)
            if not pend.creditors:
                debt.take_debt_note(st, ed)
                st.pending = None
        return
    if isinstance(pend, ShortageAskDecision):
        pend.wanting = [q for q in pend.wanting if not gone(q)]
        pend.askees = [q for q in pend.askees if not gone(q) or q == pend.player]
        if gone(pend.builder):
            st.pending = None
        elif gone(pend.player):
            shortage.do_shortage_answer(st, ed, pend.player, False)
        return
    if gone(pend.player):
        st.pending = None
        if isinstance(pend, (TurnDecision, JailDecision, JailPayDecision, TriplesDecision)):
            push(st, EndTurnStep())


def lapse_claims(st: GameState, ed: Edition, roller: int) -> None:
    """T6 option: unclaimed rent lapses when the next player rolls."""
    if not st.claims:
        return
    lapsed = [c for c in st.claims if c.payer != roller]
    for c in lapsed:
        log(st, ClaimLapsed(c.owner, c.amount))
        st.claims.remove(c)
