"""Autosaves, one per game, and the locks that keep two running games apart.

- **One autosave per game.** A game's autosave is ``autosave-GAMEID.json`` in the save folder, where
  GAMEID is the ``game_id`` that every save of that game carries (:func:`new_game_id` for a game
  started in the app). Two games played at once in two terminals therefore never write the same
  file.
- **Locks.** While an app has a game open it holds ``.autosave-GAMEID.lock`` in the save folder: a
  small JSON file with its process id, host, the process's start time and a token of its own. Another
  app finds the game open elsewhere (:func:`lock_holder`) and, if it opens a save of the same game
  anyway, plays on a copy with a new id. A lock whose process is gone (killed, crashed) is stale and
  is taken over.
- **Games to resume.** :func:`resumable_games` lists every unfinished autosave of the save folder (and
  the rescue folder, below), newest first, one entry per game; a file that cannot be read is listed
  as damaged, with the reason, so that the start screen can offer to set it aside
  (:func:`set_aside`: renamed, never deleted). Two autosaves of one line of play (the same setup, the
  actions of one the start of the other's: a save resumed twice and played the same way, each time a
  copy with an id of its own) are one game: the one that has gone further is offered.
- **Where a game came from** (:class:`Origin`): a save resumed, a position, a copy, the save folder of a
  rescued game; kept at the top of its saves (``"origin"``) and said on the start screen.
- **The rescue folder.** When a game cannot be autosaved into the save folder (a full disk, a
  read-only folder) as the terminal closes, it is written to :func:`rescue_folder` (the platform's
  user data folder, through ``platformdirs``) and the start screen says where on the next start.

This module is light (the standard library; ``platformdirs`` when the rescue folder is asked for): the
start screen uses it without importing the rules core (see tests/bench/app.py).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import socket
import stat
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from megamono.files import RefusedFile, check_kind, printable, read_json_file, shown_name

AUTOSAVE_PREFIX = "autosave"
"""Every autosave's name starts so: ``autosave-GAMEID.json`` (``autosave.json`` and
``autosave-YYYYmmdd-HHMMSS.json`` from megamono before save version 2 are autosaves too)."""
LOCK_PREFIX, LOCK_SUFFIX = ".autosave-", ".lock"
GAME_ID = re.compile(r"^[0-9a-f]{12}$")
"""A game id: 12 lowercase hex digits."""
SUMMARY_MAX_BYTES = 16 * 1024 * 1024
"""The largest file read for a summary (the size cap of saves, :data:`megamono.saves.MAX_SAVE_BYTES`)."""


def new_game_id() -> str:
    """A fresh game id: 12 random lowercase hex digits (a game started in the app)."""
    return secrets.token_hex(6)


def derive_game_id(setup: Any) -> str:
    """The game id of a game that has none yet: 12 hex digits of the SHA-256 of its ``setup``.

    Used for a save written without an id (the scripting API) and for a save of version 1, so that
    every save of one such game gets the same id.
    """
    canonical = json.dumps(setup, sort_keys=True, separators=(",", ":"), ensure_ascii=True, default=str)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()[:12]


def autosave_name(game_id: str) -> str:
    """``autosave-GAMEID``: the save name (without ``.json``) of a game's autosave."""
    return f"{AUTOSAVE_PREFIX}-{game_id}"


def is_autosave(path: Path) -> bool:
    """Whether ``path`` is named as an autosave (``autosave*.json``, any version)."""
    return path.name.startswith(AUTOSAVE_PREFIX) and path.suffix == ".json"


def rescue_folder() -> Path:
    """Where a game goes when it cannot be autosaved in the save folder as the terminal closes:
    ``rescued`` in the platform's user data folder (``~/.local/share/megamono/rescued`` on Linux,
    which follows ``XDG_DATA_HOME``)."""
    from platformdirs import user_data_path

    return user_data_path("megamono", appauthor=False) / "rescued"


# ============================================================================ locks
def _start_time(pid: int) -> int | None:
    """When process ``pid`` started (clock ticks since boot, Linux's /proc), None if unknown."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    try:  # the command name (field 2) is in brackets and may hold spaces: count after it
        return int(raw[raw.rindex(")") + 2:].split()[19])
    except (ValueError, IndexError):
        return None


def _alive(pid: int, started: int | None) -> bool:
    """Whether process ``pid`` runs (not a zombie), and is the one that started at ``started``."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # it exists, under another user
    except OSError:
        return False
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
        if raw[raw.rindex(")") + 2:].startswith("Z"):
            return False  # killed, not yet reaped by its parent
    except (OSError, ValueError):
        pass  # no /proc (not Linux): os.kill's answer stands
    return started is None or _start_time(pid) in (None, started)


@dataclass(frozen=True)
class LockInfo:
    """What a lock file says: the process holding the game, and the app's own ``token``."""

    pid: int
    host: str
    started: int | None
    token: str

    def live(self) -> bool:
        """Whether the holder still runs (a lock of another host is taken to be live: it cannot be
        checked from here)."""
        return self.host != socket.gethostname() or _alive(self.pid, self.started)


def lock_path(folder: Path, game_id: str) -> Path:
    """``.autosave-GAMEID.lock`` in the save folder ``folder``."""
    return Path(folder) / f"{LOCK_PREFIX}{game_id}{LOCK_SUFFIX}"


def read_lock(path: Path) -> LockInfo | None:
    """The lock at ``path``; None when there is none or it cannot be read (then it counts as stale)."""
    try:
        if not stat.S_ISREG(path.lstat().st_mode) or path.stat().st_size > 4096:
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
        return LockInfo(pid=int(data["pid"]), host=str(data["host"]),
                        started=None if data.get("started") is None else int(data["started"]),
                        token=str(data["token"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def lock_holder(folder: Path, game_id: str, token: str | None = None) -> int | None:
    """The process id of another running app that has the game ``game_id`` open, or None.

    ``token``: the asking app's own (its own lock is not another's).
    """
    info = read_lock(lock_path(folder, game_id))
    if info is None or info.token == token or not info.live():
        return None
    return info.pid


class GameLock:
    """The lock of one open game: taken with :meth:`take`, given up with :meth:`release`.

    ``token`` tells this app's locks apart from those of another app in the same process (tests).
    """

    def __init__(self, folder: Path, game_id: str, token: str) -> None:
        self.folder = Path(folder)
        self.game_id = game_id
        self.token = token
        self.path = lock_path(folder, game_id)
        self.held = False

    @classmethod
    def take(cls, folder: Path, game_id: str, token: str) -> GameLock:
        """Take the lock of ``game_id`` (replacing a stale one). ``held`` is False when another
        running app holds it, or when the save folder cannot be written (the game plays on; only
        the marking is lost)."""
        lock = cls(folder, game_id, token)
        if lock_holder(folder, game_id, token) is not None:
            return lock
        body = json.dumps({"pid": os.getpid(), "host": socket.gethostname(),
                           "started": _start_time(os.getpid()), "token": token,
                           "since": datetime.now().isoformat(timespec="seconds")})
        tmp = lock.path.with_name(f"{lock.path.name}.{token}.tmp")
        try:
            lock.folder.mkdir(parents=True, exist_ok=True)
            tmp.write_text(body, encoding="utf-8")
            os.replace(tmp, lock.path)
            lock.held = True
        except OSError:
            try:
                tmp.unlink(missing_ok=True)
            except OSError:
                pass  # (no folder to write in at all)
        return lock

    def release(self) -> None:
        """Remove the lock file if it is still this app's (never another's)."""
        if self.held:
            info = read_lock(self.path)
            if info is not None and info.token == self.token and info.pid == os.getpid():
                try:
                    self.path.unlink()
                except OSError:
                    pass
            self.held = False


# ============================================================================ where a game came from
@dataclass(frozen=True)
class Origin:
    """Where a game came from, kept at the top of its saves (``"origin"``, optional: a save without it
    is a game started on the new-game screen, or one saved before megamono kept it).

    ``save``: the save it was resumed from (the file's name without ``.json``; an autosave or a rescued
    game keeps the origin it had); ``position``: the position file it started from (``megamono play
    --position FILE``: the file's name); ``copy``: played on as a copy with an id of its own (that
    game was open in another megamono, or its autosave had gone further); ``folder``: the save folder
    it was played in, written only in a game rescued from it (the rescue folder is everyone's).
    """

    save: str = ""
    position: str = ""
    copy: bool = False
    folder: str = ""

    def data(self) -> dict[str, Any] | None:
        """The JSON form kept in a save (None: nothing to keep)."""
        out: dict[str, Any] = {k: v for k, v in self.__dict__.items() if v}
        return out or None

    @classmethod
    def read(cls, data: object) -> Origin:
        """The origin a save keeps (its ``"origin"``); anything else (missing, malformed: it only says
        where a game came from) reads as no origin."""
        if not isinstance(data, dict):
            return cls()
        words = {k: printable(data[k])[:120] for k in ("save", "position", "folder") if isinstance(data.get(k), str)}
        return cls(**words, copy=data.get("copy") is True)

    def after(self, path: Path | None, copied: bool) -> Origin:
        """The origin of this game (its save's) once loaded from ``path`` (None: started in the app):
        a save of a name of its own is where it came from now (an autosave, a rescued game keep their
        origin); ``copied``: it is played on as a copy; the rescue's folder is not kept."""
        origin = self
        if path is not None and not is_autosave(path):
            origin = Origin(save=Path(path).stem)
        return Origin(save=origin.save, position=origin.position, copy=origin.copy or copied)

    def words(self, rescued: bool = False, here: Path | None = None) -> str:
        """The origin in a few words for the start screen ("" for none): "from the save debt-round27",
        "from the position p.json", "a copy from the save debt-round27", "rescued from this save folder",
        "rescued from the save folder ~/games" (``here``: the save folder the list is of)."""
        said = (f"from the position {self.position}" if self.position
                else f"from the save {self.save}" if self.save else "")
        if self.copy:
            said = f"a copy {said}".strip()
        if rescued:
            where = "rescued"
            if self.folder:
                same = here is not None and _resolved(here) == self.folder
                where += " from this save folder" if same else f" from the save folder {folder_words(self.folder)}"
            said = f"{said}, {where}" if said else where
        return said


def _resolved(folder: Path) -> str:
    try:
        return str(Path(folder).resolve())
    except (OSError, RuntimeError, ValueError):
        return os.path.abspath(folder)


def folder_words(folder: str | Path) -> str:
    """A save folder in few words: "~" for the home folder, and the last two folders only of a long path
    ("…/games/saves")."""
    text = str(folder)
    home = str(Path.home())
    if text == home or text.startswith(home + os.sep):
        text = "~" + text[len(home):]
    parts = Path(text).parts
    if len(text) > 32 and len(parts) > 2:
        text = os.path.join("…", *parts[-2:])
    return printable(text)


def saves_folder_origin(origin: Origin, folder: Path) -> Origin:
    """``origin`` with the save folder ``folder`` it was played in: the origin of a rescued game."""
    return Origin(save=origin.save, position=origin.position, copy=origin.copy, folder=_resolved(folder))


def same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` are one file (False if either is missing)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


# ============================================================================ games to resume
@dataclass(frozen=True)
class ResumableGame:
    """One game the start screen offers to resume (or a damaged autosave it offers to set aside).

    ``round`` and ``turn`` as the status line counts them; ``actions``: how far the game has gone
    (of two files of one game, the one with more is offered); ``open_in``: the process id of another
    app that has the game open, else None; ``rescued``: a file in :func:`rescue_folder`;
    ``damaged``: why the file cannot be read (then the other fields are empty); ``modified``: the
    file's modification time (seconds since the epoch), which orders two games saved in one second.
    """

    path: Path
    game_id: str | None
    players: tuple[str, ...]
    round: int
    turn: int
    actions: int
    saved: datetime
    open_in: int | None = None
    rescued: bool = False
    damaged: str | None = None
    modified: float = 0.0
    edition: str = ""
    """The edition played ("mega", "classic", or a board file's path), as the save names it."""
    origin: Origin = Origin()
    """Where the game came from (its save's ``"origin"``)."""
    line: str = ""
    """The line of play it is on: a digest of its setup (two autosaves of one line are one game when the
    actions of one are the start of the other's: :func:`resumable_games`)."""


def read_summary(path: Path) -> dict[str, Any]:
    """The parsed JSON of a save for a summary; ValueError (one line, the name escaped) when it cannot
    be read: only a regular file of at most :data:`SUMMARY_MAX_BYTES` is opened, never a FIFO or a
    device (:func:`megamono.files.read_json_file`)."""
    data = read_json_file(path, SUMMARY_MAX_BYTES, "save file")
    check_kind(data, "save", shown_name(path.name))
    if not isinstance(data, dict) or data.get("format") != "megamono-save":
        raise ValueError(f"{shown_name(path.name)}: not a megamono save")
    return data


def summarise(path: Path, folder: Path | None = None, token: str | None = None,
              rescued: bool = False) -> ResumableGame | None:
    """The entry of the save at ``path``: None for a finished game; ``damaged`` set when it cannot
    be read. ``folder`` (the save folder) and ``token`` (the asking app's) find a live lock."""
    try:
        mtime = path.lstat().st_mtime
        modified = datetime.fromtimestamp(mtime)
        data = read_summary(path)
        state, actions = data["state"], data.get("actions", [])
        if state.get("winner") is not None:
            return None
        game_id = data.get("game_id")
        if not (isinstance(game_id, str) and GAME_ID.match(game_id)):
            game_id = derive_game_id(data.get("setup"))  # (a save of version 1)
        saved = modified
        if isinstance(data.get("saved_at"), str):
            saved = datetime.fromisoformat(data["saved_at"])
            if saved.tzinfo is not None:
                try:
                    saved = saved.astimezone().replace(tzinfo=None)
                except (OverflowError, ValueError):  # (the year 1 in another time zone, say)
                    saved = saved.replace(tzinfo=None)  # kept as written
        turn = state.get("turn", {})
        players = tuple(printable(p["name"]) for p in state["players"])
        entry = ResumableGame(path=path, game_id=game_id, players=players, round=int(turn.get("round", 0)),
                              turn=int(turn.get("number", 0)), actions=len(actions), saved=saved, rescued=rescued,
                              modified=mtime, edition=printable(str(state.get("edition", ""))),
                              origin=Origin.read(data.get("origin")), line=derive_game_id(data.get("setup")))
    except RefusedFile as exc:
        if exc.missing and not os.path.lexists(path):
            return None  # gone meanwhile
        return _damaged(path, rescued, f"{shown_name(path.name)}: {exc.reason}")
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError, AttributeError, IndexError, OverflowError):
        return _damaged(path, rescued, f"{shown_name(path.name)}: damaged save (its summary cannot be read)")
    if folder is not None:
        entry = ResumableGame(**{**entry.__dict__, "open_in": lock_holder(folder, game_id, token)})
    return entry


def _damaged(path: Path, rescued: bool, reason: str) -> ResumableGame:
    return ResumableGame(path=path, game_id=None, players=(), round=0, turn=0, actions=0,
                         saved=datetime.fromtimestamp(0), rescued=rescued, damaged=reason)


def resumable_games(folder: Path, token: str | None = None, rescued: Path | None = None) -> list[ResumableGame]:
    """Every unfinished game autosaved in ``folder`` (and saved in the rescue folder ``rescued``),
    newest first, one entry per game (the file that has gone furthest), then the damaged files.

    ``token``: the asking app's (its own locks do not mark a game as open elsewhere).
    """
    files: list[tuple[Path, bool]] = []
    for where, is_rescue in ((Path(folder), False), (rescued, True)):
        if where is None:
            continue
        try:
            names = sorted(where.iterdir())
        except OSError:
            continue
        files += [(f, is_rescue) for f in names
                  if f.suffix == ".json" and not f.name.startswith(".") and (is_rescue or is_autosave(f))]
    best: dict[str, ResumableGame] = {}
    damaged: list[ResumableGame] = []
    for path, is_rescue in files:
        entry = summarise(path, Path(folder), token, is_rescue)
        if entry is None:
            continue
        if entry.damaged is not None or entry.game_id is None:
            damaged.append(entry)
            continue
        kept = best.get(entry.game_id)
        if kept is None or (entry.actions, entry.saved) > (kept.actions, kept.saved):
            best[entry.game_id] = entry
    games = sorted(_one_per_line(list(best.values())), key=lambda g: (g.saved, g.modified), reverse=True)
    return games + damaged


def _one_per_line(games: list[ResumableGame]) -> list[ResumableGame]:
    """``games`` less those on the line of play of another that has gone as far or further: the same
    setup, its actions the start of the other's (a save resumed twice and played the same way: two
    autosaves, each a copy with an id of its own, of one game). A game open in another megamono is kept."""
    lines: dict[str, list[ResumableGame]] = {}
    for g in games:
        lines.setdefault(g.line, []).append(g)
    out = [g for g in games if len(lines[g.line]) == 1]
    for group in (gs for gs in lines.values() if len(gs) > 1):
        # furthest first; of two at one point, the one that is no copy, then the newest
        group.sort(key=lambda g: (g.actions, not g.origin.copy, g.saved, g.modified), reverse=True)
        kept: list[tuple[ResumableGame, list[Any] | None]] = []
        for g in group:
            actions = _actions(g.path)
            if g.open_in is None and actions is not None and any(
                    theirs is not None and theirs[:len(actions)] == actions for _, theirs in kept):
                continue
            kept.append((g, actions))
        out += [g for g, _ in kept]
    return out


def _actions(path: Path) -> list[Any] | None:
    """The actions of the save at ``path`` (None if it cannot be read now)."""
    try:
        actions = read_summary(path).get("actions")
    except (OSError, ValueError):
        return None
    return actions if isinstance(actions, list) else None


def set_aside(path: Path, now: datetime | None = None) -> Path:
    """Rename a damaged autosave to ``damaged-NAME-YYYYmmdd-HHMMSS.json`` beside it (never deleted;
    the saved-games list still shows it); returns the new path. OSError if it cannot be renamed."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"damaged-{path.stem}-{stamp}.json")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"damaged-{path.stem}-{stamp}-{n}.json")
    os.rename(path, target)
    return target


class BackgroundWriter:
    """Writes files' bytes in a thread of its own, one after another in the order given, so that the
    app's main thread never waits for the disk (an autosave's ``fsync`` can take a good part of a
    second). The bytes are made by the caller, on its own thread, from the game it owns: the writer
    never sees a game. Only the newest bytes of a file not yet written are kept.

    ``write(path, data)`` writes (in the writer's thread); ``done(path, problem)`` is then called in the
    writer's thread with None, or why the write failed (``str`` of the exception).
    """

    def __init__(self, write: Callable[[Path, bytes], object], done: Callable[[Path, str | None], object]) -> None:
        self._write, self._done = write, done
        self._cond = threading.Condition()
        self._jobs: list[tuple[Path, bytes]] = []
        self._busy = False
        self._thread: threading.Thread | None = None

    def submit(self, path: Path, data: bytes) -> None:
        """Write ``data`` to ``path`` soon (replacing bytes for ``path`` still waiting)."""
        with self._cond:
            self._jobs = [job for job in self._jobs if job[0] != path]
            self._jobs.append((path, data))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="megamono-writer", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until everything submitted is written (at most ``timeout`` seconds); True if it is."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._jobs and not self._busy, timeout)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._busy = False
                self._cond.notify_all()
                self._cond.wait_for(lambda: bool(self._jobs))
                path, data = self._jobs.pop(0)
                self._busy = True
            try:
                self._write(path, data)
            except Exception as exc:  # noqa: BLE001 - reported to the caller, who says it
                self._done(path, str(exc) or type(exc).__name__)
            else:
                self._done(path, None)
