"""The table's flow as a value: what the game screen shows next, decided without Textual.

After every change (and whenever the game screen is back on top) the screen asks :meth:`Table.next_step`
and matches on the answer, one of:

- :class:`GameOver`: the game is over (the game-over screen);
- :class:`ClaimForComputer`: a computer player claims the rent it may claim now (option
  ``rent_must_be_claimed``);
- :class:`OpenAuction`: the whole table bids on one screen (RULES.md A3);
- :class:`ComputerMove`: a computer seat decides (its bot, at the runtime's pace);
- :class:`HandOver`: the keyboard passes to another person before their decision shows;
- :class:`Ask`: a person's decision, in its dialog;
- :class:`Idle`: nothing to open: a turn waits for ``r`` or ``t``, or the decision was put aside (``Esc``;
  ``d`` shows it again), or nothing waits.

:class:`Table` also answers which game keys act now and why the others do not (:meth:`Table.allows`,
:meth:`Table.why_wait`, :meth:`Table.why_key_off`): while a computer decides, and in the moment before
and after a hand-over, no key changes the game or opens a person's screen. Who decides is the
controller's answer (:meth:`~megamono.tui.controller.GameController.decider`); time is the runtime's clock.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from megamono.rules.actions import ClaimRent, ProposeEnd, Roll

from .controller import GameController
from .keytimes import KeyTimes
from .runtime import Clock

AFTER_HANDOVER = 0.3
"""Seconds after a hand-over is passed in which the next person's game keys wait: a key typed in the
same burst as the Enter that passed it must not act for them unseen (with the runtime's guards on)."""
PERSONS_KEYS = frozenset({"roll", "bus_ticket", "decide", "manage", "trade", "end_game", "undo", "save", "coach"})
"""The game keys that change the game or open a person's screen: refused while a computer decides and
around a hand-over, with the reason. (``c`` claims the rent its line shows, whoever decides: a claim
against a computer must be made before it rolls.)"""
LOOKING = frozenset({"look_left", "look_right", "look_up", "look_down", "look_home", "log_back", "log_on",
                     "win_chances"})
"""The keys that act at any moment: looking around the board and the log, the win chances."""


@dataclass(frozen=True)
class GameOver:
    """The game is over."""


@dataclass(frozen=True)
class ClaimForComputer:
    """A computer player's rent claim to make now."""

    action: ClaimRent


@dataclass(frozen=True)
class OpenAuction:
    """An open auction: the whole table on one screen, no hand-over (A3)."""


@dataclass(frozen=True)
class ComputerMove:
    """Computer seat ``seat`` decides now."""

    seat: int


@dataclass(frozen=True)
class HandOver:
    """Pass the keyboard to ``seat`` (``prompt``: what they are handed it for); ``undo``: the words of the
    decision the person handing over (``handing_over``) may still take back, or None."""

    seat: int
    prompt: str
    handing_over: int | None
    undo: str | None


@dataclass(frozen=True)
class Ask:
    """Person ``seat``'s decision of ``kind`` in its dialog; ``after_computer``: straight after a computer
    player's move with no hand-over between (the dialog ignores keys a little longer)."""

    kind: str
    seat: int
    after_computer: bool


@dataclass(frozen=True)
class Idle:
    """Nothing to open now (a turn waits for a key, a decision put aside, or nothing waits)."""


Step = GameOver | ClaimForComputer | OpenAuction | ComputerMove | HandOver | Ask | Idle
"""What the table shows next (:meth:`Table.next_step`)."""


class Table:
    """The flow around ``controller``'s game. ``clock``: the runtime's; ``handovers()``: whether hand-over
    screens are on (a player's option, read each time); ``guards()``: whether the moment after a hand-over
    holds the next keys (the runtime's guards, read each time); ``keys()``: when the app's keys came, for the
    keys typed through a computer's move (:meth:`typed_through_computer`)."""

    def __init__(self, controller: GameController, clock: Clock, handovers: Callable[[], bool],
                 guards: Callable[[], bool] = lambda: True,
                 keys: Callable[[], KeyTimes | None] = lambda: None) -> None:
        self.controller = controller
        self.clock = clock
        self.handovers = handovers
        self.guards = guards
        self.keys = keys
        """When the app's keys came (:class:`~.keytimes.KeyTimes`), or None (no app)."""
        self._given_back: tuple[tuple[object, ...], float] | None = None
        self.hidden: tuple[object, ...] | None = None
        """The :meth:`pending_key` of a decision whose dialog the player put aside (``Esc``)."""
        self.handed_over: tuple[object, ...] = ()
        """The :meth:`pending_key` of the last decision a hand-over was shown for."""
        self.handed_at: float | None = None
        """The clock's reading when a hand-over was last passed."""
        self.fast = False
        """Skipping ahead: the computers' moves at once until a person decides (space)."""

    # -- what shows next ---------------------------------------------------------------------------------
    def pending_key(self) -> tuple[object, ...]:
        """The decision waiting and who decides it, at this point of the log (() when none)."""
        g = self.controller.game
        pend = g.pending
        return (pend.kind, self.controller.decider(), len(g.st.log)) if pend else ()

    def next_step(self) -> Step:
        """What the table shows next. Deciding a :class:`HandOver` records it (the keyboard is the next
        person's from then on: the controller's ``last_decider``)."""
        c = self.controller
        g = c.game
        if g.over:
            return GameOver()
        pend = g.pending
        if pend is None:
            return Idle()
        claim = c.computer_claim()
        if claim is not None:
            return ClaimForComputer(claim)
        if pend.at_once:  # (A3: the whole table on one screen, no hand-over)
            return Idle() if self.hidden == self.pending_key() else OpenAuction()
        p = c.decider()
        assert p is not None, "a decision pending has a seat who may act"
        if c.is_computer(p):
            return ComputerMove(p)
        self.fast = False
        if p != c.last_decider and pend.kind != "shortage_ask":  # (B7: asked round the table, no hand-over)
            before, c.last_decider = c.last_decider, p
            if self.handovers():
                self.handed_over = self.pending_key()
                return HandOver(p, g.describe_pending(), before, c.undo_at_handover(before))
        if pend.kind == "turn" or self.hidden == self.pending_key():
            return Idle()
        after_computer = (self.handed_over != self.pending_key() and bool(g.history)
                          and c.is_computer(g.history[-1].player))
        return Ask(pend.kind, p, after_computer)

    def passed(self) -> None:
        """The hand-over was passed (Enter): the next keys of the same burst wait a moment."""
        self.handed_at = self.clock.monotonic()

    # -- which keys act now --------------------------------------------------------------------------------
    def handover_due(self) -> bool:
        """Whether the keyboard passes to another person before their decision shows (the hand-over is
        still to come: it waits for the animation of the move before)."""
        c = self.controller
        g, pend = c.game, c.game.pending
        if g.over or pend is None or not self.handovers() or pend.kind == "shortage_ask" or pend.at_once:
            return False
        p = c.decider()
        return p is not None and not c.is_computer(p) and p != c.last_decider

    def just_handed_over(self) -> bool:
        """Whether a hand-over was passed a moment ago (:data:`AFTER_HANDOVER`): game keys wait."""
        return (self.guards() and self.handed_at is not None
                and self.clock.monotonic() - self.handed_at < AFTER_HANDOVER)

    def given_back_at(self) -> float | None:
        """When the keyboard came back to a person from a computer's move with no hand-over (the person
        deciding now, the last action a computer's), by the clock: the first moment the table was asked about
        this decision. None otherwise."""
        c = self.controller
        g, pend = c.game, c.game.pending
        p = c.decider()
        if (pend is None or g.over or p is None or pend.at_once or c.is_computer(p) or not g.history
                or not c.is_computer(g.history[-1].player) or self.handed_over == self.pending_key()):
            return None
        key = self.pending_key()
        if self._given_back is None or self._given_back[0] != key:
            self._given_back = (key, self.clock.monotonic())
        return self._given_back[1]

    def typed_through_computer(self) -> str | None:
        """The computer whose move the keys are typed through, or None: the keyboard came back to a person
        from a computer's move with no hand-over (:meth:`given_back_at`) and the keys are a burst that began
        before then (:meth:`~.keytimes.KeyTimes.typing_since`): typed before the person saw the move, they
        are not taken until the hands rest (with the runtime's guards on)."""
        keys = self.keys()
        moment = self.given_back_at()
        if keys is None or moment is None or not self.guards():
            return None
        if not keys.typing_since(moment, self.clock.monotonic()):
            return None
        g = self.controller.game
        return g.st.players[g.history[-1].player].name

    def why_wait(self) -> str | None:
        """Why the game's keys wait now ("Wait: Robo (computer) is playing…"), or None: a computer
        player decides, or the keyboard is about to pass, or has just passed, to another person."""
        c = self.controller
        g, pend = c.game, c.game.pending
        p = c.decider()
        if g.over or pend is None or p is None:
            return None
        who = g.st.players[p].name
        if c.is_computer(p) and not pend.at_once:
            return f"Wait: {who} (computer) is playing; space skips ahead"
        if self.handover_due():
            return f"Wait: the keyboard passes to {who} first"
        if self.just_handed_over():
            return "Wait: a key typed with the Enter that passed the hand-over is not taken; press it again"
        computer = self.typed_through_computer()
        if computer is not None:
            return f"Wait: {computer} (computer) has just played; keys typed through its move are not taken: " \
                   "rest a moment, then press again"
        return None

    def allows(self, action: str) -> bool | None:
        """Whether the game key of ``action`` acts now: True, None (shown greyed out: not now, with
        :meth:`why_key_off`) or False (not shown: the game has no such thing)."""
        c = self.controller
        g = c.game
        pend = g.pending
        if action in LOOKING:
            return True
        if action == "bus_ticket" and not g.ed.bus_tickets:
            return False
        if action == "claim" and not g.st.options.rent_must_be_claimed:
            return False
        if action == "skip" and not c.bots:
            return False
        if pend is None or g.over:
            return action in ("help", "rules", "leave") or None
        if action in PERSONS_KEYS and self.why_wait() is not None:
            return None
        decider = c.decider()
        human = not c.is_computer(decider)
        if action == "roll":  # (the rules core answers: why_not(Roll))
            return True if human and decider is not None and g.why_not(Roll(player=decider)) is None else None
        if action == "bus_ticket":
            return True if pend.kind == "turn" and human and decider is not None \
                and g.st.players[decider].bus_tickets else None
        if action == "decide":
            return True if pend.kind != "turn" and human else None
        if action == "coach":  # (for a person deciding: the coach helps the humans)
            return True if human and decider is not None else None
        if action == "trade":
            return True if self.can_trade() else None
        if action == "claim":
            return True if self.human_claims() else None
        if action == "end_game":
            p = c.at_keyboard()
            return True if p is not None and g.why_not(ProposeEnd(player=p)) is None else None
        if action == "undo":
            return True if c.why_not_undo(c.at_keyboard()) is None else None
        if action == "skip":
            return True if not human and not self.fast else None
        return True

    def why_key_off(self, action: str = "") -> str:
        """Why a game key (its ``action``) does nothing at this moment."""
        c = self.controller
        g, pend = c.game, c.game.pending
        p = c.decider()
        if g.over or pend is None or p is None:
            return "the game is over"
        if action == "undo":
            return c.why_not_undo(c.at_keyboard()) or "not now"
        who = g.st.players[p].name
        if c.is_computer(p):
            return f"{who} (computer) is playing; space skips ahead"
        if self.handover_due():
            return f"wait: the keyboard passes to {who} first"
        if self.just_handed_over():
            return "a key typed with the Enter that passed the hand-over is not taken; press it again"
        computer = self.typed_through_computer()
        if computer is not None:
            return f"{computer} (computer) has just played; keys typed through its move are not taken: rest a " \
                   "moment, then press again"
        if action == "roll" and pend.kind == "turn":
            why = g.why_not(Roll(player=p))
            if why is not None:
                return why
        if pend.kind != "turn":
            return f"first this: {g.describe_pending()} (d shows the question)"
        return f"not now; {g.describe_pending()}"

    def can_trade(self) -> bool:
        """Whether a human player may propose a trade now (the rules core answers)."""
        g = self.controller.game
        return any(g.why_not_propose_trade(p) is None for p in self.controller.humans())

    def human_claims(self) -> list[ClaimRent]:
        """The rent claims human players may make now (option ``rent_must_be_claimed``)."""
        c = self.controller
        g = c.game
        claims = (ClaimRent(player=claim.owner, space=claim.space) for claim in g.st.claims)
        return [a for a in claims if not c.is_computer(a.player) and g.why_not(a) is None]
