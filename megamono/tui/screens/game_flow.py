"""The game screen's flow of decisions: after every change it looks at what the game waits for and
shows it (game over, a computer's move, a "pass the keyboard" notice when another person decides, or
the decision's dialog), and it says why a game key does nothing now.

Who decides is the controller's answer (:meth:`~megamono.tui.controller.GameController.decider`); a
dialog only returns an action, which :meth:`~.game.GameScreen.act` sends through the controller.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.screen import Screen

from megamono.rules.actions import ChooseDestination, PickAuctionDeed, PlacePiece
from megamono.rules.decisions import AuctionPickDecision, PlacePieceDecision, TriplesDecision

from ..dialogs.auction import BidDialog
from ..dialogs.base import DecisionDialog
from ..dialogs.decisions import (
    BirthdayDialog,
    BusDialog,
    BusMoveDialog,
    BuyDialog,
    DebtDialog,
    IncomeTaxDialog,
    JailDialog,
    LevellingDialog,
    MortgagedDeedDialog,
)
from ..dialogs.generic import GenericDialog, answers
from ..dialogs.notice import PassKeyboard
from ..dialogs.open_auction import OpenAuctionDialog
from ..dialogs.pick import BoardPickDialog
from ..dialogs.social import CounterOffer, EndVoteDialog, ShortageDialog, TradeReplyDialog
from ..runtime import runtime_of
from .game_parts import GameScreenParts
from .toosmall import covered

DIALOGS: dict[str, type[DecisionDialog[Any]]] = {
    "buy": BuyDialog, "jail": JailDialog, "jail_pay": JailDialog, "bus": BusDialog, "bus_move": BusMoveDialog,
    "birthday": BirthdayDialog, "income_tax": IncomeTaxDialog, "levelling": LevellingDialog,
    "mortgaged_deed": MortgagedDeedDialog, "debt": DebtDialog, "bid": BidDialog,
    "trade_reply": TradeReplyDialog, "end_vote": EndVoteDialog, "shortage_ask": ShortageDialog,
}
"""The dialog of each decision kind (a kind without one gets the numbered list, :class:`GenericDialog`)."""
AFTER_COMPUTER_GUARD = 0.6
"""Seconds a dialog ignores keys when it opens straight after a computer player's move, with no
hand-over in between (the same person decides again: an Enter meant for the hand-over they
expected must not answer it). The dialogs' own guard (:attr:`DecisionDialog.GUARD`), made longer."""


AFTER_HANDOVER = 0.3
"""Seconds after a hand-over is passed in which the next person's game keys (roll, decide...) wait: a
key typed in the same burst as the Enter that passed it (keys pressed over and over while a computer
played) must not act for them unseen (when the runtime's guards are on)."""


class DecisionFlow(GameScreenParts):  # (object at run time: see .game_parts)
    """Mixin of :class:`~.game.GameScreen`: uses its ``controller``, ``game``, ``look``, ``board``,
    ``animation``, ``refresh_view``, ``schedule_bot``, ``act`` and ``act_computer``."""

    _awaiting = 0
    """How many screens opened by :meth:`open` are still open (a save dialog opened from a hand-over
    notice is the second)."""
    _hidden: tuple | None = None
    """The :meth:`pending_key` of a decision whose dialog the player put aside (``Esc``; ``d`` shows it)."""
    _handed_over: tuple = ()
    """The :meth:`pending_key` of the last decision a hand-over notice was shown for."""

    def on_top(self) -> bool:
        """Whether the game screen is the screen on top (Textual's ``is_current`` is also true under a
        modal screen: the quit question, the command palette). Nothing opens, and no computer moves,
        under another screen; the flow goes on when the game screen is back on top."""
        try:
            return self.app.screen is self
        except Exception:  # noqa: BLE001 - (no screen stack: the app is closing)
            return False

    def pending_key(self) -> tuple:
        """The decision waiting and who decides it, at this point of the log (() when none)."""
        p = self.game.pending
        return (p.kind, self.decider(), len(self.game.st.log)) if p else ()

    def handover_due(self) -> bool:
        """Whether the keyboard passes to another person before their decision shows: a human decides
        who is not the one who last had it, and the hand-over notice is still to come (it waits for the
        animation of the move before, a frame after a computer's last step). Their decision's keys wait
        until it shows: an ``r`` typed then must not roll for them unseen."""
        g, pend = self.game, self.game.pending
        if g.over or pend is None or not self.app.pass_notices:
            return False
        if pend.kind == "shortage_ask" or pend.at_once:
            return False  # (no hand-over: asked round the table; the open auction's one screen)
        p = self.decider()
        return p is not None and not self.is_computer(p) and p != self._last_decider

    _handed_at = 0.0
    """When a hand-over notice was last passed (:data:`AFTER_HANDOVER`)."""

    def just_handed_over(self) -> bool:
        """Whether a hand-over was passed a moment ago (:data:`AFTER_HANDOVER`): game keys wait."""
        runtime = runtime_of(self.app)
        return runtime.guards and runtime.clock.monotonic() - self._handed_at < AFTER_HANDOVER

    def why_wait(self) -> str | None:
        """Why keys wait now, on the notice line ("Wait: Robo (computer) is playing…"), or None: a
        computer player decides, or the keyboard is about to pass to another person."""
        g, pend = self.game, self.game.pending
        p = self.decider()
        if g.over or pend is None or p is None:
            return None
        who = g.st.players[p].name
        if self.is_computer(p) and not pend.at_once:
            return f"Wait: {who} (computer) is playing; space skips ahead"
        if self.handover_due():
            return f"Wait: the keyboard passes to {who} first"
        if self.just_handed_over():
            return "Wait: a key typed with the Enter that passed the hand-over is not taken; press it again"
        return None

    def say_wait(self, event: Any) -> None:
        """Say on the notice line why a key (``event``) that does nothing was not taken, when keys
        wait now (:meth:`why_wait`)."""
        if event.key == "space" or not (event.is_printable or event.key == "enter"):
            return  # (space skips a computer's moves: during an animation it finishes that first)
        why = self.why_wait()
        if why is None and event.key == "enter":  # (the board has nothing to confirm: say what it waits for)
            pend, p = self.game.pending, self.decider()
            if pend is not None and p is not None and not self.game.over:
                keys = "r rolls, d shows the question" if pend.kind == "turn" else "d shows the question"
                why = f"Enter: nothing to confirm here; {self.game.describe_pending()} ({keys})"
        if why is not None:
            self.app.notify(why, severity="warning", timeout=3)

    def why_key_off(self, action: str = "") -> str:
        """Why a game key (its ``action``) does nothing at this moment."""
        g, pend = self.game, self.game.pending
        p = self.decider()
        if g.over or pend is None or p is None:
            return "the game is over"
        if action == "undo":
            return self.why_not_undo() or "not now"
        who = g.st.players[p].name
        if self.is_computer(p):
            return f"{who} (computer) is playing; space skips ahead"
        if self.handover_due():
            return f"wait: the keyboard passes to {who} first"
        if self.just_handed_over():
            return "a key typed with the Enter that passed the hand-over is not taken; press it again"
        if pend.kind != "turn":
            return f"first this: {g.describe_pending()} (d shows the question)"
        return f"not now; {g.describe_pending()}"

    def sync(self) -> None:
        """Show what the game waits for: game over, a computer's move, a hand-over notice, or the
        decision's dialog."""
        if self._awaiting or not self.on_top() or self.animation is not None:
            return
        if covered(self.app):
            return  # the terminal is too small: nothing opens over that notice (it resumes this screen)
        self.refresh_view()
        g = self.game
        if g.over:
            from .gameover import GameOverScreen
            self.app.switch_screen(GameOverScreen(g))
            return
        pend = g.pending
        if pend is None:
            return
        claim = self.controller.computer_claim()
        if claim is not None:
            self.act_computer(claim)  # (the change's message comes back here)
            return
        if pend.at_once:  # A3: the whole table on one screen, no hand-over
            if self._hidden != self.pending_key():
                self.open(OpenAuctionDialog(self), self.on_decision)  # type: ignore[arg-type]  # (self is the GameScreen)
            return
        p = self.decider()
        assert p is not None, "a decision pending has a seat who may act"
        if self.is_computer(p):
            self.schedule_bot()
            return
        self._fast = False
        if p != self._last_decider and pend.kind != "shortage_ask":  # (B7: asked round the table, no hand-over)
            before, self._last_decider = self._last_decider, p
            if self.app.pass_notices:
                self._handed_over = self.pending_key()
                undo = self.undo_at_handover(before)

                def answer(result: object) -> None:
                    if result == "undo":
                        self.confirm_undo(handing_over=before)
                    else:  # (passed: the next keys of the same burst wait a moment, AFTER_HANDOVER)
                        self._handed_at = runtime_of(self.app).clock.monotonic()
                        self.set_timer(AFTER_HANDOVER, self.refresh_bindings)

                self.open(PassKeyboard(self.look, p, g.describe_pending(), owner=self, undo=undo), answer)
                return
        if pend.kind == "turn" or self._hidden == self.pending_key():
            return
        dialog = self.dialog_for(pend.kind)
        if self._handed_over != self.pending_key() and g.history and self.is_computer(g.history[-1].player):
            dialog.GUARD = max(dialog.GUARD, AFTER_COMPUTER_GUARD)
        self.open(dialog, self.on_decision)

    def dialog_for(self, kind: str) -> DecisionDialog[Any]:
        g, pend = self.game, self.game.pending
        p = self.decider()
        assert pend is not None and p is not None, "a dialog is only made for the decision pending"
        if isinstance(pend, TriplesDecision):
            return BoardPickDialog(g, self.look, self.board, pend.choices, "triples: move anywhere",
                                   lambda s: ChooseDestination(player=p, space=s), player=p)
        if isinstance(pend, AuctionPickDecision):
            return BoardPickDialog(g, self.look, self.board, pend.choices, "pick a deed to auction",
                                   lambda s: PickAuctionDeed(player=p, space=s), player=p)
        if isinstance(pend, PlacePieceDecision):
            return BoardPickDialog(g, self.look, self.board, pend.choices,
                                   f"place your {pend.piece}",
                                   lambda s: PlacePiece(player=p, space=s), player=p)
        if kind in DIALOGS:
            return DIALOGS[kind](g, self.look, p)
        acts = answers(g, kind, p)
        if len(acts) > 1 and len({a.kind for a in acts}) == 1 and all(hasattr(a, "space") for a in acts):
            make = type(acts[0])
            return BoardPickDialog(g, self.look, self.board, [a.space for a in acts], kind.replace("_", " "),
                                   lambda s: make(player=p, space=s), player=p)
        return GenericDialog(g, self.look, p)

    def open(self, screen: Screen[Any], callback: Callable[[Any], object] | None) -> None:
        """Push a modal; when it closes run ``callback(result)`` then :meth:`sync` again. Opened from
        another such modal (``s`` or ``q`` on a hand-over notice), :meth:`sync` waits until that one
        closes too, so the next dialog never opens over the notice."""
        self._awaiting += 1

        def done(result: Any) -> None:
            self._awaiting -= 1
            if callback is not None:
                callback(result)
            self.call_after_refresh(self.sync)

        self.app.push_screen(screen, done)

    def on_decision(self, result: Any) -> None:
        """A decision dialog closed: None (put aside: ``d`` shows it again), "cancel", "manage" (the
        manage screen for the deciding player), "win_chances" (the panel) or the action to send."""
        if result is None:
            self._hidden = self.pending_key()
            self.refresh_bindings()
        elif result == "cancel":
            pass
        elif result == "manage":
            p = self.decider()
            assert p is not None, "a decision dialog closes on the decision still pending"
            self.open_manage(p)
        elif result == "win_chances":
            self.action_win_chances()
        elif isinstance(result, CounterOffer):  # (c on a trade offer: refuse, then the trade screen)
            from .trade import counter_offer
            counter_offer(self, result.refusal, result.offer)  # type: ignore[arg-type]  # (game is a read-only property here; counter_offer only reads it)
        else:
            self.act(result)
