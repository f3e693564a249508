"""The game controller: the one way the game screen talks to the game. No Textual here (a test checks).

A :class:`GameController` holds the :class:`~megamono.rules.engine.Game` of the screen and is the only
code of the app that changes it:

- :meth:`GameController.act` applies an action (a human's, from a key or a dialog) and
  :meth:`GameController.undo` takes one back; each change calls ``on_change`` with a :class:`Change`
  (what was done, the events, the turn and the tokens' places before). The game screen turns that
  call into a Textual message and redraws when it handles it. A refused action returns a
  :class:`Refused` with the reason and changes nothing (no call).
- :meth:`GameController.decider` answers who decides now: the one place that picks a seat from the
  pending decision's ``players`` (several seats may act on one decision, as in an open auction,
  RULES.md A3). :meth:`at_keyboard`, :meth:`is_computer` and :meth:`humans` say who is who.
- A computer's move is three steps, so that the game changes on one thread only (the screen's):
  :meth:`computer_to_move` (the seat, or None), :meth:`copy_for_computer` (a copy of the game, made on
  the main thread), :meth:`computer_choice` (the seat's bot chooses on that copy: safe in a worker
  thread, it never reads the game itself) and :meth:`apply_computer` (on the main thread: applied only
  if the game is still where the copy was taken, else ``None`` and nothing changes: ask again).

Every method that changes the game checks that it runs on the thread that made the controller
(``RuntimeError`` otherwise): a worker that tried would fail loudly rather than race the screen.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from megamono.bots.base import Bot
from megamono.bots.schedule import computer_to_ask
from megamono.rules.actions import Action, ClaimRent
from megamono.rules.engine import Game
from megamono.rules.errors import IllegalAction
from megamono.rules.events import Event
from megamono.rules.texts import action_text

from .computer import bot_levels, make_bots

Point = tuple[int, int, int, int]
"""Where a game stands (:meth:`GameController.point`): it changes with every action and every undo."""


@dataclass(frozen=True)
class Change:
    """One change of the game, as ``on_change`` receives it.

    ``what``: "act" (an action was applied) or "undo" (``action`` was taken back); ``events``: what
    the engine logged (none for an undo); ``turn_before``: the turn's number before; ``positions_before``:
    each seat's space before (for the token animations); ``computer``: a computer player's action.
    """

    what: Literal["act", "undo"]
    action: Action
    events: list[Event]
    turn_before: int
    turn_after: int
    positions_before: list[int] = field(default_factory=list)
    computer: bool = False

    @property
    def turn_ended(self) -> bool:
        """Whether the turn changed hands (the app autosaves then)."""
        return self.turn_after != self.turn_before


@dataclass(frozen=True)
class Refused:
    """An action the game did not take: ``reason`` in one line. ``error`` is set when the rules engine
    failed (a bug, not a refusal): the game may be half changed, and the screen says to save and report."""

    action: Action
    reason: str
    error: Exception | None = None


class GameController:
    """Holds ``game`` for the screen; ``on_change(change)`` is called after every change.

    ``bots``: one per computer seat (:func:`~megamono.tui.computer.make_bots`); ``levels``: seat ->
    "easy"/"strong". ``last_decider``: the last human who had a decision, the one at the keyboard
    (the screen's hand-over follows it).
    """

    def __init__(self, game: Game, on_change: Callable[[Change], object] | None = None) -> None:
        self.game = game
        game.keep_undo = True
        self.on_change = on_change
        self.bots: dict[int, Bot] = make_bots(game)
        self.levels = bot_levels(game)
        self.last_decider: int | None = None
        self._owner = threading.get_ident()
        self._chosen: dict[int, int] = {}
        """The decisions a person chose at this table that undo may take back: the history's length right
        after each -> the turn's number it was made and ended in (only those that left the turn as it was)."""
        self._unchosen: dict[int, str] = {}
        """Why a person's action that is not in ``_chosen`` cannot be taken back, by the same key."""

    # -- who decides ----------------------------------------------------------------------------------
    def is_computer(self, p: int | None) -> bool:
        return p is not None and self.game.st.players[p].kind == "computer"

    def humans(self) -> list[int]:
        """The human players still in the game, in seat order."""
        return [p for p in self.game.st.active_players() if not self.is_computer(p)]

    def decider(self) -> int | None:
        """The seat the screen serves for the pending decision, of the seats who may act on it now
        (``pending.players``): the human at the keyboard when they may, else the first human who may,
        else the first seat (a computer player's). None when nothing waits. The only place in the app
        that picks one of ``pending.players``."""
        pend = self.game.pending
        if pend is None:
            return None
        who = pend.players
        if len(who) > 1:
            if self.last_decider in who and not self.is_computer(self.last_decider):
                return self.last_decider
            for p in who:
                if not self.is_computer(p):
                    return p
        return who[0]

    def at_keyboard(self) -> int | None:
        """The human at the keyboard: the deciding player when human, else the last human who decided,
        else the first human (None when every player left is a computer)."""
        humans = self.humans()
        p = self.decider()
        if p is not None and p in humans:
            return p
        if self.last_decider in humans:
            return self.last_decider
        return humans[0] if humans else None

    # -- changing the game (main thread) ---------------------------------------------------------------
    def _main_thread_only(self) -> None:
        if threading.get_ident() != self._owner:
            raise RuntimeError("the game is changed only on the thread that made its controller")

    def act(self, action: Action, chosen: bool = True) -> Change | Refused:
        """Apply ``action``, a person's: the :class:`Change` (also passed to ``on_change``), or
        :class:`Refused` with the reason (nothing changed, no call). ``chosen`` False: nobody chose it at
        the keyboard (an open auction's countdown passing for a silent bidder, the time limit running
        out): applied in that player's name, and never offered to undo."""
        result = self._apply(action, computer=False)
        if isinstance(result, Change):
            n = len(self.game.history)
            if chosen and result.turn_before == result.turn_after:
                self._chosen[n] = result.turn_after
            elif chosen:
                self._unchosen[n] = "it ended the turn, and undo never changes whose turn it is"
            else:
                self._unchosen[n] = "nobody chose it at the keyboard (the table's clock did)"
        return result

    def _apply(self, action: Action, computer: bool) -> Change | Refused:
        self._main_thread_only()
        g = self.game
        turn = g.st.turn.number
        before = [pl.position for pl in g.st.players]
        try:
            events = g.act(action)
        except IllegalAction as exc:
            return Refused(action, str(exc))
        except Exception as exc:  # noqa: BLE001 - an engine bug: the screen keeps the app (and saving) alive
            return Refused(action, f"the rules engine failed on {action.kind}: {exc!r}", exc)
        self._chosen.pop(len(g.history), None)  # (what was said of an action taken back at this length)
        self._unchosen.pop(len(g.history), None)
        change = Change("act", action, events, turn, g.st.turn.number, before, computer)
        if self.on_change is not None:
            self.on_change(change)
        return change

    # -- undo (a player takes back only their own decisions) --------------------------------------------
    def why_not_undo(self, me: int | None) -> str | None:
        """Why the player at the keyboard (``me``) cannot undo now, or None when they can. The rules core
        takes back only a decision that involved no chance; the app adds that it must be what ``me``
        chose, in their own turn, with nobody else acting since: never a computer's action, another
        person's, a pass the auction's countdown recorded, a decision that ended the turn (undo never
        changes whose turn it is) or one made before the game was opened here; never a bankruptcy."""
        g = self.game
        if not g.history:
            return "nothing to undo yet"
        last = g.history[-1]
        names = g.st.players
        words = action_text(g, last, brief=True)
        # whose decision it was comes first: it is the reason a player understands (and a pass nobody
        # chose, the countdown's, is said as that: it was nobody's decision)
        if self.is_computer(last.player):
            return f"the last decision was a computer player's ({names[last.player].name}: {words})"
        unchosen = self._unchosen.get(len(g.history))
        if unchosen is not None and unchosen.startswith("nobody chose it"):
            return f"the last decision ({names[last.player].name}'s {words}) cannot be taken back: {unchosen}"
        if me is not None and last.player != me:
            return (f"the last decision is {names[last.player].name}'s ({words}), not "
                    f"{names[me].name}'s: each player can undo only their own decisions")
        if last.kind == "declare_bankruptcy":  # its confirmation said so: it is final
            return "a bankruptcy cannot be taken back"
        turn = self._chosen.get(len(g.history))
        if turn is None:
            why = self._unchosen.get(len(g.history), "it was made before the game was opened here")
            return f"the last decision ({words}) cannot be taken back: {why}"
        if turn != g.st.turn.number or g.st.turn.player != last.player:
            return (f"the last decision ({words}) was made in {names[g.st.turn.player].name}'s turn: only "
                    "decisions in your own turn are taken back")
        return g.why_not_undo()

    def undo_at_handover(self, handing_over: int | None) -> str | None:
        """The words for the decision that ``handing_over`` (the human passing the keyboard on) may
        still take back ("decline buy"), or None when there is none."""
        g = self.game
        if handing_over is None or self.is_computer(handing_over) or self.why_not_undo(handing_over) is not None:
            return None
        return action_text(g, g.history[-1], brief=True)

    def undo(self) -> Change | Refused | None:
        """Take back the last decision when :meth:`why_not_undo` allows it for the player who made it
        (a :class:`Refused` with the reason otherwise); the decision is that player's again
        (``last_decider``). None when there is nothing to take back (no history, a computer's action, a
        bankruptcy)."""
        self._main_thread_only()
        g = self.game
        if not g.history or self.is_computer(g.history[-1].player) or g.history[-1].kind == "declare_bankruptcy":
            return None
        why = self.why_not_undo(g.history[-1].player)
        if why is not None:
            return Refused(g.history[-1], why)
        turn = g.st.turn.number
        del self._chosen[len(g.history)]
        action = g.undo()
        self.last_decider = action.player  # the decision is theirs again, at their keyboard
        change = Change("undo", action, [], turn, g.st.turn.number)
        if self.on_change is not None:
            self.on_change(change)
        return change

    # -- computer players ----------------------------------------------------------------------------
    def computer_claim(self) -> ClaimRent | None:
        """Rent a computer player claims now (option ``rent_must_be_claimed``): the first of the core's
        timely claims that a computer owns."""
        return next((a for a in self.game.timely_claims() if self.is_computer(a.player)), None)

    def computer_to_move(self) -> int | None:
        """The computer seat that decides now, or None (a human's decision, or none). In an open
        auction (A3) the first computer bidder the game still waits on, by the one scheduler
        (:func:`~megamono.bots.schedule.computer_to_ask`), whether or not humans may bid too; else
        the :meth:`decider` when it is a computer."""
        pend = self.game.pending
        if pend is not None and pend.at_once:
            return computer_to_ask(self.game, set(self.bots))
        p = self.decider()
        return p if self.is_computer(p) else None

    def point(self) -> Point:
        """Where the game stands now: (state object, actions, log length, turn); any change moves it."""
        g = self.game
        return (id(g.st), len(g.history), len(g.st.log), g.st.turn.number)

    def copy_for_computer(self) -> Game:
        """A copy of the game for a computer to think on (main thread; :meth:`computer_choice` may then
        run anywhere): :meth:`Game.copy <megamono.rules.engine.Game.copy>`, which shares nothing that
        can change with the game. A bot decides by the state, the history and the log: its memory, and
        the polite computers' ledger of offers made and refused (``bots/offers.py``), are read from the
        log (an empty log made every offer look new: the same offer again and again)."""
        return self.game.copy()

    def computer_choice(self, copy: Game, seat: int) -> Action:
        """The action ``seat``'s bot chooses on ``copy`` (from :meth:`copy_for_computer`). Touches only
        the copy and that bot: safe in a worker thread while the screen goes on (one at a time: the bots
        of a game share one memory). A bot's failure is raised."""
        bot = self.bots.get(seat)
        if bot is None:  # a computer seat added since the controller was made (cannot happen today)
            self.bots.update(make_bots(copy))
            bot = self.bots[seat]
        return bot.choose(copy, seat)

    def apply_computer(self, action: Action, point: Point | None = None) -> Change | Refused | None:
        """Apply a computer player's ``action`` (main thread), chosen on a copy taken at ``point``: None
        (nothing changed) when the game has moved on since (the choice may be stale: choose again).

        A computer's action is never undone, so the engine need not copy the state for it: undo is off
        for this one action, and what was kept for undo is forgotten (undo never reaches past another
        player's decision)."""
        self._main_thread_only()
        if point is not None and point != self.point():
            return None
        g = self.game
        g.keep_undo = False
        try:
            return self._apply(action, computer=True)
        finally:
            g.keep_undo = True
            g.forget_undo("the last decision was a computer player's")
