"""The game controller (megamono/tui/controller.py), without Textual: acting, who decides, the change
callback, undo, and a computer's move chosen on a copy of the game."""

from __future__ import annotations

import ast
import sys
import threading
from pathlib import Path

import pytest
from megamono.rules.actions import Buy, DeclineBuy, Roll
from megamono.rules.engine import Game
from megamono.tui.computer import record_levels
from megamono.tui.controller import Change, GameController, Refused
from tui_helpers import new_game

CONTROLLER = Path(__file__).resolve().parents[2] / "megamono" / "tui" / "controller.py"


def test_the_controller_imports_no_textual():
    tree = ast.parse(CONTROLLER.read_text(encoding="utf-8"))
    imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not [m for m in imported if m.split(".")[0] in ("textual", "rich")]


@pytest.mark.xdist_group("serial")
def test_the_controller_module_loads_without_textual():
    """Loaded in a fresh interpreter, the controller brings in neither Textual nor Rich."""
    import subprocess

    code = ("import sys; import megamono.tui.controller; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def _controller(game: Game) -> tuple[GameController, list[Change]]:
    changes: list[Change] = []
    return GameController(game, changes.append), changes


def test_act_applies_the_action_and_calls_back_once_with_the_change():
    game = new_game(dice=[(1, 2, 1)])  # Ann lands on Arctic Avenue (space 4)
    c, changes = _controller(game)
    assert c.decider() == 0 and c.at_keyboard() == 0 and game.keep_undo
    result = c.act(Roll(player=0))
    assert isinstance(result, Change) and changes == [result]
    assert result.what == "act" and result.action == Roll(player=0) and result.events
    assert result.positions_before == [0, 0, 0] and game.st.players[0].position == 4
    assert not result.turn_ended and game.pending.kind == "buy"
    result = c.act(Buy(player=0))
    assert isinstance(result, Change) and result.turn_ended and len(changes) == 2
    assert c.decider() == 1


def test_an_illegal_action_is_refused_with_its_reason_and_changes_nothing():
    game = new_game(dice=[(1, 2, 1)])
    c, changes = _controller(game)
    before = game.st.model_copy(deep=True)
    result = c.act(Roll(player=1))  # not Bob's turn
    assert isinstance(result, Refused) and result.error is None
    assert result.reason and result.action == Roll(player=1)
    assert changes == [] and game.st == before and game.history == []


def test_an_engine_failure_is_refused_with_the_error():
    game = new_game(dice=[(1, 2, 1)])
    c, changes = _controller(game)

    def broken(action):
        raise KeyError("a bug")

    game.act = broken  # type: ignore[method-assign]
    result = c.act(Roll(player=0))
    assert isinstance(result, Refused) and isinstance(result.error, KeyError) and changes == []


def test_decider_is_the_one_seat_of_a_single_seat_decision():
    game = new_game(dice=[(1, 2, 1)])
    c, _ = _controller(game)
    c.act(Roll(player=0))
    assert list(game.pending.players) == [0] and c.decider() == 0
    c.act(DeclineBuy(player=0))  # the auction: Bob bids first (seat order)
    assert game.pending.kind == "bid" and c.decider() == game.pending.players[0]


def test_decider_of_several_seats_prefers_the_human_at_the_keyboard_then_the_first_human(monkeypatch):
    """Several seats may act on one decision (the open auction, RULES.md A3): the controller serves the
    human at the keyboard when they may, else the first human who may, else the first seat."""
    game = new_game(names=["Ann", {"name": "Bob", "kind": "computer"}, "Cat"])
    c, _ = _controller(game)
    pend = game.pending
    monkeypatch.setattr(type(pend), "players", property(lambda self: [1, 2, 0]), raising=False)
    assert c.decider() == 2  # the first human of them
    c.last_decider = 0
    assert c.decider() == 0  # the human at the keyboard may act: theirs
    c.last_decider = 1
    assert c.decider() == 2  # (a computer is never "at the keyboard")
    monkeypatch.setattr(type(pend), "players", property(lambda self: [1]), raising=False)
    assert c.decider() == 1 and c.computer_to_move() == 1


def test_undo_takes_back_the_players_own_decision_and_calls_back():
    game = new_game(dice=[(1, 2, 1)])
    c, changes = _controller(game)
    c.act(Roll(player=0))
    c.act(DeclineBuy(player=0))
    assert c.why_not_undo(me=1) is not None  # not Bob's decision
    assert c.why_not_undo(me=0) is None and c.undo_at_handover(0) == "decline buy"
    result = c.undo()
    assert isinstance(result, Change) and result.what == "undo" and result.action == DeclineBuy(player=0)
    assert changes[-1] is result and game.pending.kind == "buy" and c.last_decider == 0
    assert isinstance(c.undo(), Refused)  # the roll before it was chance


def _computer_game() -> tuple[Game, GameController]:
    game = Game.new("mega", [{"name": "Ann"}, {"name": "Bob", "kind": "computer"}], seed=3,
                    dice=[(1, 2, 1), (2, 3, 1), (1, 1, 2)], seat_order=True)
    record_levels(game, {"Bob": "easy"})
    c = GameController(game)
    c.act(Roll(player=0))
    c.act(Buy(player=0))
    return game, c


def test_a_computers_move_is_chosen_on_a_copy_and_the_game_is_untouched_until_applied():
    game, c = _computer_game()
    changes: list[Change] = []
    c.on_change = changes.append
    assert c.computer_to_move() == 1
    before, history, point = game.st.model_copy(deep=True), list(game.history), c.point()
    copy = c.copy_for_computer()
    assert copy is not game and copy.st is not game.st and copy.st.players[1] == game.st.players[1]
    action = c.computer_choice(copy, 1)
    assert action == Roll(player=1)
    assert game.st == before and game.history == history and changes == []  # nothing changed yet
    copy.act(action)  # (what the bot does with its copy is its own business)
    assert game.st == before and c.point() == point
    result = c.apply_computer(action, point)
    assert isinstance(result, Change) and result.computer and changes == [result]
    assert game.history[-1] == Roll(player=1) and game.why_not_undo() is not None  # never undone


def test_a_computers_choice_made_before_the_game_moved_on_is_not_applied():
    game, c = _computer_game()
    point = c.point()
    action = c.computer_choice(c.copy_for_computer(), 1)
    assert isinstance(c.apply_computer(action, point), Change)  # Bob rolls: the game moves on
    history = list(game.history)
    assert c.apply_computer(action, point) is None  # the same choice again: dropped, nothing changed
    assert game.history == history


def test_a_computers_choice_on_a_copy_is_the_choice_on_the_game():
    """Copies change nothing of the bots' play: a game of four computers played on copies is the game
    played on the game itself (the bots' memory starts afresh on each copy)."""
    def play(on_copy: bool) -> list:
        g = Game.new("mega", [{"name": n, "kind": "computer"} for n in "ABCD"], seed=7)
        record_levels(g, {"A": "strong", "B": "easy", "C": "strong", "D": "easy"})
        c = GameController(g)
        for _ in range(400):
            if g.over:
                break
            claim = c.computer_claim()
            if claim is not None:
                c.apply_computer(claim)
                continue
            p = c.computer_to_move()
            action = c.computer_choice(c.copy_for_computer(), p) if on_copy else c.bots[p].choose(g, p)
            assert isinstance(c.apply_computer(action), Change)
        return list(g.history)

    assert play(on_copy=True) == play(on_copy=False)


def test_a_worker_thread_may_choose_but_never_change_the_game():
    game, c = _computer_game()
    copy, point = c.copy_for_computer(), c.point()
    out: dict[str, object] = {}

    def worker() -> None:
        out["action"] = c.computer_choice(copy, 1)
        try:
            c.apply_computer(out["action"], point)  # type: ignore[arg-type]
        except RuntimeError as exc:
            out["refused"] = str(exc)

    t = threading.Thread(target=worker)
    t.start()
    t.join()
    assert out["action"] == Roll(player=1) and "only on the thread" in str(out["refused"])
    assert game.history[-1] == Buy(player=0)
    assert isinstance(c.apply_computer(out["action"], point), Change)  # type: ignore[arg-type]


def test_a_bots_failure_is_raised_to_the_caller():
    game, c = _computer_game()

    class Broken:
        def choose(self, game, p):
            raise ValueError("no idea")

    c.bots[1] = Broken()  # type: ignore[assignment]
    with pytest.raises(ValueError):
        c.computer_choice(c.copy_for_computer(), 1)


def test_a_computer_thinks_on_a_copy_that_keeps_the_log_so_it_stays_polite():
    """Issue 15 item 2, found playing: in the app a computer made the same refused offer again and
    asked a human in four rounds running, because the copy it thought on had an empty log, and the
    polite computers' ledger (megamono/bots/offers.py) is read from the log. The copy keeps the events
    (in a list of its own: what the bot does with its copy never reaches the game's log)."""
    from megamono.bots.model import Memory
    from megamono.rules.actions import ProposeTrade, RefuseTrade
    from megamono.rules.decisions import TradeOffer, TradeSide

    game, c = _computer_game()
    game.st.deeds[1].owner = 0  # Ann holds Mediterranean Avenue
    offer = TradeOffer(proposer=1, partner=0, give=TradeSide(cash=100), take=TradeSide(deeds=[1]))
    game.act(ProposeTrade(player=1, partner=0, give=offer.give, take=offer.take))
    game.act(RefuseTrade(player=0))
    copy = c.copy_for_computer()
    assert copy.st.log == game.st.log and copy.st.log is not game.st.log
    ledger = Memory().offers(copy)
    assert ledger.repeats(offer)  # the refusal is seen: the same offer is not made again
    n = len(game.st.log)
    copy.act(c.computer_choice(copy, 1))
    assert len(game.st.log) == n  # (the copy's events stay the copy's)
