"""Two games at once never overwrite each other: per-game autosaves, the locks of open games (real
processes, a real kill -9), and the list of games in progress."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from datetime import datetime

import pytest
from megamono.autosave import (
    GameLock,
    autosave_name,
    derive_game_id,
    lock_holder,
    lock_path,
    new_game_id,
    resumable_games,
    set_aside,
)
from megamono.rules import Game, Roll
from megamono.saves import save_game

from kit import new_game


def game(names=("Ann", "Bob"), seed=1, rolls=1) -> Game:
    g = new_game(names=names, seed=seed, dice=[(1, 2, 1), (2, 3, 1)] * 3)
    for _ in range(rolls):
        g.act(Roll(player=g.pending.player))
        if g.pending.kind == "buy":
            g.act(g.legal_actions(g.pending.player)[0])
    return g


def test_game_ids_are_12_hex_digits_fresh_or_derived_from_the_setup():
    a, b = new_game_id(), new_game_id()
    assert a != b and len(a) == 12 and int(a, 16) >= 0
    g = game()
    assert derive_game_id(g.setup) == derive_game_id(json.loads(json.dumps(g.setup)))
    assert autosave_name("0123456789ab") == "autosave-0123456789ab"


def test_a_lock_marks_the_game_open_for_another_app_and_not_for_its_own(tmp_path):
    lock = GameLock.take(tmp_path, "0123456789ab", token="mine")
    assert lock.held and lock_path(tmp_path, "0123456789ab").exists()
    assert lock_holder(tmp_path, "0123456789ab", token="mine") is None
    assert lock_holder(tmp_path, "0123456789ab", token="other") == os.getpid()
    second = GameLock.take(tmp_path, "0123456789ab", token="other")
    assert not second.held  # another app's live lock is never taken over
    second.release()
    assert lock_path(tmp_path, "0123456789ab").exists()
    lock.release()
    assert not lock_path(tmp_path, "0123456789ab").exists()


HOLDER = """
import sys, time
from megamono.autosave import GameLock
lock = GameLock.take(sys.argv[1], sys.argv[2], token="child")
print("held" if lock.held else "not held", flush=True)
time.sleep(60)
"""


@pytest.mark.xdist_group("serial")
def test_the_lock_of_a_process_killed_with_sigkill_is_stale(tmp_path):
    child = subprocess.Popen([sys.executable, "-c", HOLDER, str(tmp_path), "00000000beef"],
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "held"
        assert lock_holder(tmp_path, "00000000beef", token="me") == child.pid
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=10)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert lock_path(tmp_path, "00000000beef").exists()  # a kill leaves the file behind ...
    assert lock_holder(tmp_path, "00000000beef", token="me") is None  # ... and it counts for nothing
    assert GameLock.take(tmp_path, "00000000beef", token="me").held


@pytest.mark.xdist_group("serial")
def test_a_killed_process_not_yet_reaped_holds_nothing(tmp_path):
    child = subprocess.Popen([sys.executable, "-c", HOLDER, str(tmp_path), "00000000cafe"],
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "held"
        os.kill(child.pid, signal.SIGKILL)
        for _ in range(100):  # a zombie until waited for
            if lock_holder(tmp_path, "00000000cafe", token="me") is None:
                break
            time.sleep(0.05)
        assert lock_holder(tmp_path, "00000000cafe", token="me") is None
    finally:
        child.kill()
        child.wait()


def test_an_unreadable_lock_counts_as_stale(tmp_path):
    lock_path(tmp_path, "0123456789ab").write_text("{half")
    assert lock_holder(tmp_path, "0123456789ab") is None
    assert GameLock.take(tmp_path, "0123456789ab", token="t").held


def test_games_in_progress_are_listed_newest_first_one_per_game_with_the_damaged_after(tmp_path):
    older, newer = game(("Ann", "Bob"), seed=1), game(("Zed", "Yan"), seed=2)
    save_game(older, "autosave-00000000000a", tmp_path, game_id="00000000000a")
    save_game(newer, "autosave-00000000000b", tmp_path, game_id="00000000000b")
    for name, when in (("autosave-00000000000a", "2026-01-01T10:00:00"),
                       ("autosave-00000000000b", "2026-01-02T10:00:00")):
        f = tmp_path / f"{name}.json"
        f.write_text(f.read_text().replace('"saved_at":"', f'"saved_at":"{when}","x":"', 1))
    # an earlier point of game a, kept from before (a version-1 style name): offered once, as the furthest
    early = game(("Ann", "Bob"), seed=1, rolls=0)
    save_game(early, "autosave", tmp_path, game_id="00000000000a")
    (tmp_path / "autosave-00000000000c.json").write_text('{"format": "megamono-save", "state": {"pla')
    (tmp_path / "my-game.json").write_bytes((tmp_path / "autosave-00000000000a.json").read_bytes())  # not an autosave
    games = resumable_games(tmp_path)
    assert [(g.path.name, g.players) for g in games] == [
        ("autosave-00000000000b.json", ("Zed", "Yan")), ("autosave-00000000000a.json", ("Ann", "Bob")),
        ("autosave-00000000000c.json", ())]
    assert games[0].saved == datetime(2026, 1, 2, 10) and games[0].round == newer.st.turn.round
    assert games[2].damaged and "not valid JSON" in games[2].damaged


def test_a_finished_game_is_not_in_progress(tmp_path):
    g = game()
    g.st.winner = 0
    save_game(g, "autosave-00000000000a", tmp_path, game_id="00000000000a")
    assert resumable_games(tmp_path) == []


def test_a_damaged_autosave_is_set_aside_renamed_never_deleted(tmp_path):
    bad = tmp_path / "autosave-00000000000c.json"
    bad.write_bytes(b"\x00garbage")
    target = set_aside(bad, now=datetime(2026, 3, 1, 20, 15, 4))
    assert target.name == "damaged-autosave-00000000000c-20260301-201504.json"
    assert target.read_bytes() == b"\x00garbage" and not bad.exists()
    assert resumable_games(tmp_path) == []


def test_a_fifo_among_the_autosaves_is_listed_as_damaged_without_hanging(tmp_path):
    os.mkfifo(tmp_path / "autosave-00000000000d.json")
    [entry] = resumable_games(tmp_path)
    assert entry.damaged and "it is a FIFO" in entry.damaged
