"""Save files: JSON written atomically, validated on load, listed for the resume screen.

A save holds the game's setup, every action taken and the current state
(:meth:`megamono.rules.engine.Game.to_dict`). Writing goes to a temporary file in the same
folder, flushed to disk, then moved over the old save with ``os.replace``, so a crash mid-write
leaves the previous save whole. A file that is not a megamono save, or is damaged, is refused
with :class:`SaveError` and never touched.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from pydantic import ValidationError

from megamono.rules.editions import EditionError
from megamono.rules.engine import Game
from megamono.rules.invariants import check_state

SAVE_FORMAT = "megamono-save"
SAVE_VERSION = 1
MAX_SAVE_BYTES = 10 * 1024 * 1024
_NAME_OK = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.\-]{0,63}$")


class SaveError(ValueError):
    """A save that cannot be written or read; the message says why (and which field)."""


def check_save_name(name: str) -> str:
    """A player-typed save name, made safe: letters, digits, space, ``_ . -``; no path parts.

    Returns the file name (``.json`` added). Raises :class:`SaveError` for anything that could
    leave the save folder or is not printable.
    """
    name = name.strip()
    if name.endswith(".json"):
        name = name[:-5]
    if not _NAME_OK.match(name) or ".." in name:
        raise SaveError("a save name is 1-64 letters, digits, spaces, '_', '.' or '-' "
                        "(no slashes, no '..')")
    return name + ".json"


def save_game(game: Game, name: str, folder: Path) -> Path:
    """Write ``game`` as ``folder/name.json`` atomically; returns the path. SaveError if bad name."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / check_save_name(name)
    data = game.to_json().encode("utf-8")
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".saving-", suffix=".tmp")
    try:
        os.chmod(tmp, 0o644)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def load_game(path: Path, verify: bool = True) -> Game:
    """Read and validate a save; returns the game ready to continue.

    With ``verify`` the recorded actions are replayed from the setup and must give the stored
    state (I8); a save edited by hand is refused as damaged.

    Raises :class:`SaveError` naming the problem (missing, too big, not JSON, not a megamono
    save, a newer version, or the first bad field). The file is never modified.
    """
    path = Path(path)
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save file") from None
    if size > MAX_SAVE_BYTES:
        raise SaveError(f"{path.name}: {size} bytes is larger than a save can be (10 MB)")
    try:
        data = json.loads(path.read_bytes())
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise SaveError(f"{path.name}: not a JSON file ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{path.name}: not a megamono save (no \"format\": \"{SAVE_FORMAT}\")")
    version = data.get("version")
    if not isinstance(version, int) or version > SAVE_VERSION:
        raise SaveError(f"{path.name}: save version {version!r}; this megamono reads version {SAVE_VERSION}")
    try:
        game = Game.from_dict(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err["loc"])
        raise SaveError(f"{path.name}: {where}: {err['msg']}") from None
    except (EditionError, KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"{path.name}: damaged save ({exc})") from None
    problems = check_state(game.ed, game.st)
    if problems:
        raise SaveError(f"{path.name}: impossible game state: {problems[0]}")
    if verify:
        try:
            replayed = Game.replay(game.setup, game.history)
        except Exception as exc:  # an action that no longer applies
            raise SaveError(f"{path.name}: damaged save: its actions do not replay ({exc})") from None
        if replayed.st != game.st:
            raise SaveError(f"{path.name}: damaged save: the stored state differs from the replay of its actions")
    return game


@dataclass(frozen=True)
class SaveInfo:
    """One entry of the save list: file, players, turn number and modification time."""

    path: Path
    name: str
    edition: str
    players: list[str]
    turn: int
    modified: datetime


def list_saves(folder: Path) -> list[SaveInfo]:
    """Saves in ``folder`` (and ``folder/examples``), newest first; unreadable files are skipped."""
    out = []
    files = list(folder.glob("*.json")) + list((folder / "examples").glob("*.json"))
    for f in files:
        try:
            if f.stat().st_size > MAX_SAVE_BYTES:
                continue
            data = json.loads(f.read_bytes())
            st = data["state"]
            info = SaveInfo(path=f, name=(f"examples/{f.stem}" if f.parent.name == "examples" else f.stem),
                            edition=st["edition"], players=[p["name"] for p in st["players"]],
                            turn=st["turn"]["number"], modified=datetime.fromtimestamp(f.stat().st_mtime))
        except (OSError, ValueError, KeyError, TypeError):
            continue
        out.append(info)
    return sorted(out, key=lambda s: s.modified, reverse=True)
