"""Issue 13, items 4 and 9: a save survives a power cut (the folder is synced after the rename), a
disk that refuses (full, read-only) raises SaveError naming the save and keeps the previous one,
and temp files of writers killed mid-save are removed when the app starts, never a live writer's."""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from megamono.rules import Game, Roll
from megamono.saves import SaveError, clean_stale_temps, load_game, save_game
from megamono.tui.app import MegamonoApp
from megamono.tui.runtime import Runtime

from kit import new_game

ROOT = Path(__file__).resolve().parents[1]


def _game() -> Game:
    return new_game(2, seed=7, dice=[(1, 2, 1), (3, 4, 2)])


def temps(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".saving-"))


# ============================================================================ the folder is synced
def test_the_folder_is_synced_after_the_rename(tmp_path, monkeypatch):
    events: list[tuple] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd):
        st = os.fstat(fd)
        events.append(("fsync", "folder" if stat.S_ISDIR(st.st_mode) else "file", st.st_ino))
        real_fsync(fd)

    def replace(src, dst):
        events.append(("replace", Path(dst).name))
        real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    save_game(_game(), "synced", tmp_path)
    folder = os.stat(tmp_path).st_ino
    kinds = [e[:2] for e in events]
    assert kinds == [("fsync", "file"), ("replace", "synced.json"), ("fsync", "folder")]
    assert events[-1][2] == folder


def test_a_folder_that_cannot_be_synced_still_saves(tmp_path, monkeypatch):
    """Some file systems refuse fsync on a folder (EINVAL): the save, already renamed, stands."""
    real_fsync = os.fsync

    def fsync(fd):
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "Invalid argument")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    path = save_game(_game(), "kept", tmp_path)
    assert load_game(path).st == _game().st


# ============================================================================ disk problems
FAILURES = {
    "disk full at fsync": ("fsync", errno.ENOSPC, "No space left on device"),
    "read-only at the temp file": ("mkstemp", errno.EROFS, "Read-only file system"),
    "no permission to rename": ("replace", errno.EACCES, "Permission denied"),
}


@pytest.mark.parametrize("failure", FAILURES)
def test_a_disk_that_refuses_raises_save_error_naming_the_save(tmp_path, monkeypatch, failure):
    g = _game()
    path = save_game(g, "kept", tmp_path)
    before = path.read_bytes()
    where, code, words = FAILURES[failure]
    real = {"fsync": os.fsync, "replace": os.replace, "mkstemp": tempfile.mkstemp}[where]

    def refuse(*args, **kw):
        if where == "mkstemp":
            raise OSError(code, os.strerror(code), str(tmp_path / ".saving-abcd.tmp"))
        if where == "fsync" and stat.S_ISDIR(os.fstat(args[0]).st_mode):
            return real(*args)
        raise OSError(code, os.strerror(code), args[0] if where == "replace" else None)

    g.act(Roll(player=0))
    monkeypatch.setattr(tempfile if where == "mkstemp" else os, where, refuse)
    with pytest.raises(SaveError) as info:
        save_game(g, "kept", tmp_path)
    message = str(info.value)
    assert message == f"{tmp_path / 'kept.json'}: could not be written ({words}); nothing was changed"
    assert ".saving-" not in message
    assert path.read_bytes() == before and temps(tmp_path) == []


def test_a_save_folder_that_cannot_be_made_raises_save_error(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(SaveError, match="the save folder cannot be made"):
        save_game(_game(), "g", tmp_path / "file" / "saves")


REAL_DISK = r"""
import json, os, subprocess, sys
from pathlib import Path
folder = Path(sys.argv[1])
subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(folder)], check=True)
from megamono.rules import Game, Roll
from megamono.saves import SaveError, save_game
g = Game.new("mega", ["Ann", "Bob"], seed=7, dice=[(1, 2, 1), (3, 4, 2)], seat_order=True)
path = save_game(g, "kept", folder)
before = path.read_bytes()
g.act(Roll(player=0))
fd = os.open(folder / "filler", os.O_WRONLY | os.O_CREAT)
try:
    while True:
        os.write(fd, b"x" * 4096)
except OSError:
    pass
os.close(fd)
out = {}
try:
    save_game(g, "kept", folder)
    out["full"] = "saved"
except SaveError as exc:
    out["full"] = str(exc)
out["full_intact"] = path.read_bytes() == before
out["full_temps"] = [p.name for p in folder.iterdir() if p.name.startswith(".saving-")]
os.unlink(folder / "filler")
subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)
try:
    save_game(g, "kept", folder)
    out["read_only"] = "saved"
except SaveError as exc:
    out["read_only"] = str(exc)
out["read_only_intact"] = path.read_bytes() == before
print(json.dumps(out))
"""


@pytest.mark.xdist_group("serial")
def test_a_real_full_then_read_only_disk(tmp_path):
    """A small tmpfs, filled up then remounted read-only, in a mount namespace of its own (nothing
    outside the test sees it; it goes with the child process)."""
    if shutil.which("unshare") is None or shutil.which("mount") is None:
        pytest.skip("no unshare or mount here: the monkeypatched disk errors above stand in")
    disk = tmp_path / "disk"
    disk.mkdir()
    proc = subprocess.run(["unshare", "--user", "--map-root-user", "--mount", sys.executable, "-c", REAL_DISK,
                           str(disk)], capture_output=True, text=True, timeout=120, cwd=ROOT)
    if proc.returncode != 0 and ("unshare" in proc.stderr or "mount" in proc.stderr) and "SaveError" not in proc.stderr:
        pytest.skip(f"cannot mount a small disk here ({proc.stderr.strip().splitlines()[-1][:200]})")
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    name = disk / "kept.json"
    assert out == {
        "full": f"{name}: could not be written (No space left on device); nothing was changed",
        "full_intact": True, "full_temps": [],
        "read_only": f"{name}: could not be written (Read-only file system); nothing was changed",
        "read_only_intact": True,
    }


# ============================================================================ temp files at start-up
WRITER = r"""
import os, sys, time
from pathlib import Path
from megamono import saves

def stuck(fd):  # a writer at work: it stops (or is killed) while flushing its temp file
    if not os.path.isdir(f"/proc/self/fd/{fd}"):
        print("writing", flush=True)
        time.sleep(600)

os.fsync = stuck
saves.save_game(saves.load_game(Path(sys.argv[2]), verify=False), sys.argv[3], Path(sys.argv[1]))
"""


def start_writer(folder: Path, name: str) -> subprocess.Popen:
    """A real megamono writer, in another process, stopped in the middle of writing ``name``."""
    example = ROOT / "saves" / "examples" / "late-game.json"
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(folder), str(example), name],
                            stdout=subprocess.PIPE, text=True, cwd=ROOT)
    assert proc.stdout.readline().strip() == "writing"
    return proc


def backdate(folder: Path, seconds: float) -> None:
    then = time.time() - seconds
    for name in temps(folder):
        os.utime(folder / name, (then, then))


@pytest.fixture
def writers(saves):
    live, killed = start_writer(saves, "live"), start_writer(saves, "killed")
    killed.send_signal(signal.SIGKILL)
    killed.wait()
    yield saves, live
    live.kill()
    live.wait()


def _temp_of(saves: Path, proc: subprocess.Popen) -> str:
    """The temp file ``proc`` (alive) has open."""
    for fd in os.listdir(f"/proc/{proc.pid}/fd"):
        try:
            target = os.readlink(f"/proc/{proc.pid}/fd/{fd}")
        except OSError:
            continue
        if os.path.basename(target).startswith(".saving-"):
            return os.path.basename(target)
    raise AssertionError("the writer has no temp file open")


@pytest.mark.xdist_group("serial")
@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc to see a writer's open files")
async def test_the_app_removes_dead_writers_temp_files_when_it_starts_never_a_live_ones(writers):
    saves, live = writers
    live_temp = _temp_of(saves, live)
    assert len(temps(saves)) == 2  # the killed writer's and the live one's
    backdate(saves, 120)  # both older than the minute the old rule waited
    os.mkfifo(saves / ".saving-fifo.tmp")  # not a temp file of ours: never opened nor removed
    (saves / ".saving-fresh.tmp").write_bytes(b"{")  # just made: its writer may not have locked it yet
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        assert temps(saves) == sorted([live_temp, ".saving-fifo.tmp", ".saving-fresh.tmp"])
    assert stat.S_ISFIFO(os.lstat(saves / ".saving-fifo.tmp").st_mode)
    live.send_signal(signal.SIGKILL)
    live.wait()
    assert clean_stale_temps(saves) == [saves / live_temp]  # its writer is gone now
    assert sorted(p.name for p in saves.iterdir()) == [".saving-fifo.tmp", ".saving-fresh.tmp"]


@pytest.mark.xdist_group("serial")
@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc to see a writer's open files")
def test_a_live_writers_temp_file_is_kept_however_old(writers):
    """A writer stopped (Ctrl+Z) for minutes is still at work: its file is not taken from it."""
    saves, live = writers
    live_temp = _temp_of(saves, live)
    killed_temp = next(name for name in temps(saves) if name != live_temp)
    backdate(saves, 3600)
    assert clean_stale_temps(saves) == [saves / killed_temp]
    assert temps(saves) == [live_temp]


def test_deleting_or_renaming_on_a_disk_that_refuses_raises_save_error(tmp_path, monkeypatch):
    from megamono.saves import delete_save, rename_save

    path = save_game(_game(), "kept", tmp_path)

    def refuse(*args, **kw):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(args[0]))

    monkeypatch.setattr(os, "unlink", refuse)
    monkeypatch.setattr(os, "link", refuse)  # (no hard links: renamed instead)
    monkeypatch.setattr(os, "rename", refuse)
    with pytest.raises(SaveError, match=r"^kept.json: could not be deleted \(Read-only file system\)$"):
        delete_save(path)
    with pytest.raises(SaveError, match=r"^kept.json: could not be renamed \(Read-only file system\)$"):
        rename_save(path, "other")
    assert path.exists() and not (tmp_path / "other.json").exists()
