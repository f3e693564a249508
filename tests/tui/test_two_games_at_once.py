"""Two games at once, for real: two megamono processes in two terminals on one save folder each keep
their own autosave; a kill -9 of one leaves its last turn in its autosave and its lock stale; the
other is marked as open elsewhere until its terminal closes.

The terminals are pseudo-terminals of the standard library (``pty_terminal.PtyTerminal``), so this
runs in CI without tmux.
"""

from __future__ import annotations

import os
import signal
import sys
import time

import pytest
from megamono.autosave import lock_holder, lock_path, resumable_games
from megamono.saves import load_save, save_game

from kit import new_game

pytest.importorskip("pyte")
from pty_terminal import PtyTerminal  # noqa: E402

# On the one xdist worker of the "serial" group (pyproject.toml): two real apps on pseudo-terminals, one killed.
pytestmark = pytest.mark.xdist_group("serial")

STARTUP = 60  # seconds (a loaded 2-core machine)


def prepared(saves, name: str, names: list[str], game_id: str):
    """A save at the first turn; Ann's throw 1+2+1 takes her to Arctic Avenue (a buy decision)."""
    game = new_game(names=names, seed=3, dice=[(1, 2, 1), (2, 3, 1)])
    return save_game(game, name, saves, game_id=game_id)


def megamono(saves, file) -> list[str]:
    return [sys.executable, "-m", "megamono", "--saves", str(saves), "resume", str(file)]


def env() -> dict[str, str]:
    return {**os.environ, "MEGAMONO_HANDOVER": "off", "MEGAMONO_ANIMATIONS": "off", "TERM": "xterm-256color"}


def play_a_turn(term: PtyTerminal, first: str) -> None:
    """Roll, buy the deed: the turn passes to the next player (and the game is autosaved)."""
    assert term.wait_screen(f"{first}: roll the dice", STARTUP), term.screen()
    term.send("r")
    assert term.wait_screen("Buy for $", 20), term.screen()
    for _ in range(20):  # (a key pressed in the first moment a dialog is open is ignored: press again)
        term.send("b")
        if term.wait_screen("Turn 2", 1.5):
            break
    assert "Turn 2" in term.screen(), term.screen()


def test_two_real_games_on_one_folder_keep_their_autosaves_through_a_kill(saves):
    a = prepared(saves, "first", ["Ann", "Bob"], "00000000000a")
    b = prepared(saves, "second", ["Ann", "Zed"], "00000000000b")
    with PtyTerminal(megamono(saves, a), env=env()) as one, PtyTerminal(megamono(saves, b), env=env()) as two:
        play_a_turn(one, "Ann")
        play_a_turn(two, "Ann")
        auto_a, auto_b = saves / "autosave-00000000000a.json", saves / "autosave-00000000000b.json"
        # (the turn's autosave is written by the app's writer thread, a moment after the screen shows it)
        deadline = time.monotonic() + 20
        while not (auto_a.exists() and auto_b.exists()) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert lock_holder(saves, "00000000000a") == one.pid
        assert lock_holder(saves, "00000000000b") == two.pid
        open_elsewhere = {g.game_id: g.open_in for g in resumable_games(saves)}
        assert open_elsewhere == {"00000000000a": one.pid, "00000000000b": two.pid}

        os.kill(one.pid, signal.SIGKILL)  # no chance to save anything more
        assert one.wait_exit(10) is not None
        game_a = load_save(auto_a)
        assert game_a.game_id == "00000000000a" and game_a.game.st.deeds[4].owner == 0  # Ann's buy
        assert [p.name for p in game_a.game.st.players] == ["Ann", "Bob"]
        assert lock_path(saves, "00000000000a").exists() and lock_holder(saves, "00000000000a") is None

        two.hang_up()  # the other terminal is closed: that game is autosaved and its lock goes
        assert two.wait_exit(10) is not None
        game_b = load_save(auto_b)
        assert [p.name for p in game_b.game.st.players] == ["Ann", "Zed"] and game_b.game.st.deeds[4].owner == 0
        assert not lock_path(saves, "00000000000b").exists()
    assert sorted(f.name for f in saves.glob("autosave*.json")) == [auto_a.name, auto_b.name]
    assert [g.open_in for g in resumable_games(saves)] == [None, None]
