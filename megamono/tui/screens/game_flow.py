"""The game screen's side of the table's flow: the dialog of each step the table decides
(:mod:`megamono.tui.table`), what a decision dialog's answer does, the worker runner of the computers'
moves, and why a key typed while the game's keys wait did nothing.

The screen asks :meth:`~megamono.tui.table.Table.next_step` and matches on it; a step that needs a person
(a hand-over, a decision, the open auction) is shown by :meth:`~.game.GameScreen.ask`, which awaits the
dialog where it opens it (Textual's ``push_screen_wait`` in a worker) and then hands the answer to
:func:`decided`. A dialog only returns an action, which goes through the game's controller.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.screen import Screen

from megamono.rules.actions import ChooseDestination, PickAuctionDeed, PlacePiece
from megamono.rules.decisions import AuctionPickDecision, PlacePieceDecision, TriplesDecision

from ..computers import Runner, at_once
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
from ..table import Ask, HandOver, OpenAuction

if TYPE_CHECKING:
    from textual.widget import Widget

    from .game import GameScreen

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


def screen_for(gs: GameScreen, step: HandOver | Ask | OpenAuction) -> Screen[Any]:
    """The screen that shows ``step``: the hand-over notice, the open auction, or the decision's dialog."""
    if isinstance(step, HandOver):
        return PassKeyboard(gs.look, step.seat, gs.game.describe_pending(), owner=gs, undo=step.undo)
    if isinstance(step, OpenAuction):
        return OpenAuctionDialog(gs)
    dialog = dialog_for(gs, step)
    if step.after_computer:
        dialog.GUARD = max(dialog.GUARD, AFTER_COMPUTER_GUARD)
        dialog.after_computer = True
    return dialog


def dialog_for(gs: GameScreen, step: Ask) -> DecisionDialog[Any]:
    """The dialog of person ``step.seat``'s decision of ``step.kind`` (the decision pending)."""
    g, pend, p, look, board = gs.game, gs.game.pending, step.seat, gs.look, gs.board
    assert pend is not None, "a dialog is only made for the decision pending"
    if isinstance(pend, TriplesDecision):
        return BoardPickDialog(g, look, board, pend.choices, "triples: move anywhere",
                               lambda s: ChooseDestination(player=p, space=s), player=p)
    if isinstance(pend, AuctionPickDecision):
        return BoardPickDialog(g, look, board, pend.choices, "pick a deed to auction",
                               lambda s: PickAuctionDeed(player=p, space=s), player=p)
    if isinstance(pend, PlacePieceDecision):
        return BoardPickDialog(g, look, board, pend.choices, f"place your {pend.piece}",
                               lambda s: PlacePiece(player=p, space=s), player=p)
    if step.kind in DIALOGS:
        return DIALOGS[step.kind](g, look, p)
    acts = answers(g, step.kind, p)
    if len(acts) > 1 and len({a.kind for a in acts}) == 1 and all(hasattr(a, "space") for a in acts):
        make = type(acts[0])
        return BoardPickDialog(g, look, board, [a.space for a in acts], step.kind.replace("_", " "),
                               lambda s: make(player=p, space=s), player=p)
    return GenericDialog(g, look, p)


def decided(gs: GameScreen, result: Any) -> None:
    """What a decision dialog's answer does: None (put aside: ``d`` shows it again), "cancel", "manage"
    (the manage screen of the deciding player), "win_chances" (the panel), "coach" (the coach), a counter-offer
    (refuse, then the trade screen) or the action to send."""
    if result is None:
        gs.table.hidden = gs.table.pending_key()
        gs.refresh_bindings()
    elif result == "cancel":
        pass
    elif result == "manage":
        p = gs.controller.decider()
        assert p is not None, "a decision dialog closes on the decision still pending"
        gs.keys.manage_for(p)
    elif result == "win_chances":
        gs.keys.win_chances()
    elif result == "coach":
        gs.keys.coach()
    elif isinstance(result, CounterOffer):  # (c on a trade offer: refuse, then the trade screen)
        from .trade import counter_offer
        counter_offer(gs, result.refusal, result.offer)
    else:
        gs.act(result)


def worker_runner(node: Widget, group: str) -> Runner:
    """The runner of ``node``'s computer moves (:data:`~..computers.Runner`): in a worker thread of the
    ``group``, the answer brought back to the main thread; at once when the runtime has no threads."""
    if not runtime_of(node.app).threads:
        return at_once

    def run(think: Callable[[], Any], then: Callable[[Any], None]) -> None:
        def work() -> None:
            try:
                result = think()
            except Exception as exc:  # noqa: BLE001 - handed to then, which says it
                result = exc
            try:
                node.app.call_from_thread(then, result)
            except RuntimeError:  # (the app has stopped meanwhile: nothing to apply it to)
                pass

        node.run_worker(work, thread=True, group=group, exit_on_error=False)

    return run


def say_wait(gs: GameScreen, event: Any) -> None:
    """Say on the notice line why a key (``event``) that did nothing was not taken, when the game's keys
    wait now (:meth:`~megamono.tui.table.Table.why_wait`); Enter on the board says what it waits for."""
    if event.key == "space" or not (event.is_printable or event.key == "enter"):
        return  # (space skips a computer's moves: during an animation it finishes that first)
    g = gs.game
    why = gs.table.why_wait()
    if why is None and event.key == "enter":  # (the board has nothing to confirm: say what it waits for)
        pend, p = g.pending, gs.controller.decider()
        if pend is not None and p is not None and not g.over:
            keys = "r rolls, d shows the question" if pend.kind == "turn" else "d shows the question"
            why = f"Enter: nothing to confirm here; {g.describe_pending()} ({keys})"
    if why is not None:
        gs.app.notify(why, severity="warning", timeout=3)
