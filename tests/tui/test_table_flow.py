"""The table's flow as a value (issue 27, item 1): what the game screen shows next and which keys act,
decided without Textual (megamono/tui/table.py), on a fake clock."""

from __future__ import annotations

import ast
from pathlib import Path

from megamono.rules.actions import Buy, DeclineBuy, ProposeEnd, Roll, VoteEnd
from megamono.tui.controller import GameController
from megamono.tui.keytimes import REST, KeyTimes
from megamono.tui.runtime import FakeClock
from megamono.tui.table import (
    AFTER_HANDOVER,
    PERSONS_KEYS,
    Ask,
    ComputerMove,
    GameOver,
    HandOver,
    Idle,
    OpenAuction,
    Table,
)
from tui_helpers import new_game

ROBO = {"name": "Robo", "kind": "computer"}
TUI = Path(__file__).resolve().parents[2] / "megamono" / "tui"


def _table(game, handovers: bool = True, guards: bool = True) -> tuple[Table, GameController, FakeClock]:
    clock = FakeClock()
    c = GameController(game)
    return Table(c, clock, lambda: handovers, lambda: guards), c, clock


def test_the_flow_modules_import_no_textual():
    for name in ("table.py", "computers.py", "countdown.py", "keytimes.py", "runtime.py", "controller.py"):
        tree = ast.parse((TUI / name).read_text(encoding="utf-8"))
        imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        assert not [m for m in imported if m.split(".")[0] in ("textual", "rich")], name


def test_a_turn_hands_over_then_waits_for_its_key_then_asks_and_hands_over_with_undo():
    game = new_game(dice=[(1, 2, 1)])  # Ann to Arctic Avenue; seat-order auctions
    table, c, _ = _table(game)
    assert table.next_step() == HandOver(0, game.describe_pending(), None, None)
    assert table.next_step() == Idle()  # (her turn waits for r or t)
    c.act(Roll(player=0))
    assert table.next_step() == Ask("buy", 0, after_computer=False)
    c.act(DeclineBuy(player=0))  # Bob bids first: the keyboard passes, and Ann may still take it back
    assert table.next_step() == HandOver(1, game.describe_pending(), 0, "decline buy")


def test_without_hand_over_screens_the_next_person_is_asked_at_once():
    game = new_game(dice=[(1, 2, 1)])
    table, c, _ = _table(game, handovers=False)
    assert table.next_step() == Idle()
    c.act(Roll(player=0))
    c.act(DeclineBuy(player=0))
    assert table.next_step() == Ask("bid", 1, after_computer=False)


def test_a_computer_moves_and_the_open_auction_is_one_screen_and_a_hidden_decision_waits():
    game = new_game(dice=[(1, 2, 1)], names=["Ann", ROBO], options={"auction_bidding": "open"})
    table, c, _ = _table(game, handovers=False)
    c.act(Roll(player=0))
    assert isinstance(table.next_step(), Ask)
    table.hidden = table.pending_key()  # (Esc)
    assert table.next_step() == Idle()
    c.act(Buy(player=0))
    assert table.next_step() == ComputerMove(1)
    game2 = new_game(dice=[(1, 2, 1)], options={"auction_bidding": "open"})
    table2, c2, _ = _table(game2)
    c2.act(Roll(player=0))
    c2.act(DeclineBuy(player=0))
    assert table2.next_step() == OpenAuction()


def test_while_a_computer_decides_no_persons_key_acts_and_each_says_why():
    game = new_game(dice=[(1, 2, 1)], names=["Ann", ROBO])
    table, c, _ = _table(game, handovers=False)
    c.act(Roll(player=0))
    c.act(Buy(player=0))  # Robo's turn
    assert {key: table.allows(key) for key in PERSONS_KEYS} == dict.fromkeys(PERSONS_KEYS)
    assert table.why_wait() == "Wait: Robo (computer) is playing; space skips ahead"
    assert table.why_key_off("manage") == "Robo (computer) is playing; space skips ahead"
    assert table.allows("win_chances") and table.allows("look_left") and table.allows("skip")


def test_the_keys_of_the_same_burst_as_the_enter_that_passed_a_hand_over_wait_a_moment():
    game = new_game(dice=[(1, 2, 1)])
    table, c, clock = _table(game)
    assert isinstance(table.next_step(), HandOver)
    table.passed()
    assert table.allows("roll") is None and "press it again" in (table.why_wait() or "")
    clock.advance(AFTER_HANDOVER + 0.01)
    assert table.allows("roll") is True and table.why_wait() is None


def test_the_game_over_is_a_step():
    game = new_game()
    table, c, _ = _table(game)
    c.act(ProposeEnd(player=0))
    while not game.over:
        c.act(VoteEnd(player=game.pending.player, agree=True))
    assert table.next_step() == GameOver()


def test_the_roll_key_asks_the_rules_core():
    """Item 6: the roll key is on when ``why_not(Roll(...))`` says nothing, and says the core's reason."""
    game = new_game(dice=[(1, 2, 1)])
    table, c, _ = _table(game, handovers=False)
    assert table.allows("roll") is True
    c.act(Roll(player=0))  # a buy decision now: the core refuses a roll, and the key says so
    assert table.allows("roll") is None
    assert table.why_key_off("roll") == f"first this: {game.describe_pending()} (d shows the question)"
    c2 = new_game(dice=[(1, 2, 1)])
    t2, _, _ = _table(c2, handovers=False)
    c2.why_not = lambda action: "a reason of the core's"  # (whatever the core answers, the key follows)
    assert t2.allows("roll") is None and t2.why_key_off("roll") == "a reason of the core's"


def test_the_game_screen_holds_the_flow_and_owns_the_rest():
    """Issue 27: ``GameScreen`` is the flow (what shows next, its keys' one dispatcher); its view, its keys'
    deeds, undo, the computers' turns, the time limit and the footer are objects it owns, and no class of
    ours is a base of it."""
    from megamono.tui.screens.game import GameScreen
    from megamono.tui.screens.game_keys import KEYS, BoardKeys, key_name

    assert len(vars(GameScreen)) <= 40, sorted(vars(GameScreen))
    assert [c for c in GameScreen.__mro__[1:] if c.__module__.startswith("megamono")] == []
    names = {key_name(b.action) for b in KEYS}
    assert names == BoardKeys.NAMES and all(callable(getattr(BoardKeys, n)) for n in names)
    assert all(b.action == f"key({key_name(b.action)!r})" for b in KEYS)  # (one dispatcher: action_key)


def _robo_moved_with_keys_typed(typing: bool) -> tuple[Table, KeyTimes, FakeClock]:
    """Ann buys and ends her turn; Robo (computer) plays his turn and gives her the keyboard back with no
    hand-over (she had it last). ``typing``: she mashes keys, 0.25 s apart, all through his move."""
    game = new_game(dice=[(1, 2, 1)], names=["Ann", ROBO])
    clock, keys = FakeClock(), KeyTimes()
    c = GameController(game)
    table = Table(c, clock, lambda: True, lambda: True, keys=lambda: keys)
    assert isinstance(table.next_step(), HandOver)
    c.act(Roll(player=0))
    c.act(Buy(player=0))
    for action in (Roll(player=1), Buy(player=1)):  # (Robo's moves, at the computers' pace)
        assert table.next_step() == ComputerMove(1)
        for _ in range(3):
            clock.advance(0.25)
            if typing:
                keys.key(clock.monotonic())
        c.act(action)
    assert game.pending.kind == "turn" and game.pending.player == 0
    return table, keys, clock


def test_keys_typed_through_a_computers_move_do_not_act_for_the_person_it_gives_the_keyboard_back_to():
    """Issue 27, item 5 (a play-test): Ann answered Robo's offer in his turn, so her turn follows his with no
    hand-over; the keys she mashed through his move must not roll for her. They wait until her hands rest."""
    table, keys, clock = _robo_moved_with_keys_typed(typing=True)
    assert table.next_step() == Idle()
    assert table.allows("roll") is None and table.allows("manage") is None
    assert table.why_wait() == ("Wait: Robo (computer) has just played; keys typed through its move are not "
                                "taken: rest a moment, then press again")
    assert "Robo (computer) has just played" in table.why_key_off("roll")
    clock.advance(0.25)
    keys.key(clock.monotonic())  # (the burst goes on: still not taken)
    assert table.allows("roll") is None
    clock.advance(REST)  # (her hands rest: the next key is hers)
    assert table.allows("roll") is True
    keys.key(clock.monotonic())
    assert table.allows("roll") is True and table.why_wait() is None


def test_a_key_pressed_after_a_computers_move_acts_at_once():
    table, keys, clock = _robo_moved_with_keys_typed(typing=False)
    assert table.next_step() == Idle() and table.allows("roll") is True
    clock.advance(0.2)
    keys.key(clock.monotonic())  # (a burst begun once the move was there to see)
    assert table.allows("roll") is True and table.why_wait() is None
