"""Save files: versioned JSON written atomically, validated on load, listed for the save browser.

The format (``"format": "megamono-save"``, ``"version": 10``) is one JSON object::

    {"format": "megamono-save", "version": 10, "game_id": "3f9c2a1b7d4e",
     "saved_at": "2026-03-01T20:15:04", "edition": "mega", "seed": 123, "rng": 456,
     "options": {...},            the house-rule options played
     "setup": {...},              the arguments of Game.new, or the position the game started
                                  from ("position", Game.from_position), or the state it started
                                  from with its log ("state": a version-1 save without actions,
                                  whose old log is kept as plain text): they make the initial state
     "actions": [                 every action taken, one per line
     {"player":0,"kind":"roll"},
     ...],
     "state": {...}}              the current state, without its log

The top level holds what is not the result of replaying the actions: ``game_id`` names the game (every
save and autosave of one game carries it; the app's autosave of a game is ``autosave-GAMEID.json``)
and ``saved_at`` says when. A game with the ``time_limit`` option also has ``"played_seconds"``: how
long it has been open in the app (RULES.md O: beside its saved time, not in the game state; time while
saved and closed does not count). It is optional (a save without it reads as 0 seconds), so adding it
needed no new version: every older file loads as it did. So is ``"origin"``: where the game came from
(:class:`megamono.autosave.Origin`: the save it was resumed from, the position it started from, a copy,
the save folder of a rescued game), which the start screen says; a save without it (or with one it
cannot read) came from nowhere worth saying. ``edition``, ``seed``, ``rng`` and ``options``
repeat what ``setup`` and ``state`` hold, so a reader (or a person) sees them at the top; on load they
must agree with the state.
The game's log is not written: loading replays the actions from the setup (RULES.md I8), which makes
the log again, exactly, and checks the stored state against the replay. That keeps a save about a
fifth of the size it would be with its log (a 10,000-round game stays well under
:data:`MAX_SAVE_BYTES`). The rules core's :meth:`Game.to_dict` form (version 1, with its log) loads
too.

Writing goes to a temporary file ``.saving-*.tmp`` in the same folder, flushed to disk, then moved
over the old save with ``os.replace`` and the folder synced, so a crash mid-write leaves the previous
save whole; temp files left behind by a killed writer are removed when the app starts and at the next
save (a writer still at work keeps its file: :func:`megamono.files.remove_dead_temps`). A disk that
refuses (full, read-only) raises :class:`SaveError` naming the save, which is left as it was.

A file that is not a megamono save, is damaged or is too new is refused with :class:`SaveError` (one
line, naming the file with any control character escaped) and never touched; only a regular file of
at most :data:`MAX_SAVE_BYTES` is read at all (never a FIFO or a device). An older version is brought
up to date by the steps in :data:`MIGRATIONS` (:mod:`megamono.save_migrations`, with the version
written, :data:`SAVE_VERSION`); every version's files are kept as fixtures in ``tests/saves/vN/``.
"""

from __future__ import annotations

import gc
import json
import os
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from megamono import files as _files
from megamono.autosave import AUTOSAVE_PREFIX, GAME_ID, Origin, derive_game_id
from megamono.boards import read_board
from megamono.files import (
    RefusedFile,
    WrongKindOfFile,
    check_kind,
    parse_json,
    printable,
    read_regular_file,
    shown_name,
)
from megamono.rules.actions import Action, parse_action
from megamono.rules.editions import EditionError
from megamono.rules.engine import Game
from megamono.rules.events import Event
from megamono.rules.invariants import check_state
from megamono.rules.state import Options
from megamono.save_migrations import MIGRATIONS, SAVE_VERSION, start_from_state

SAVE_FORMAT = "megamono-save"
MAX_SAVE_BYTES = 16 * 1024 * 1024
"""The largest save megamono reads (16 MiB): a guard against a file that would fill the memory. The
game's own saves stay far below it: a 10,000-round game of the busiest play there is (four players
who never buy, so that every landing is an auction) writes 9.4 MB, and loading it peaks near 130 MB
(tests/test_long_game_saves.py)."""
LARGE_SAVE_BYTES = 8 * 1024 * 1024
"""A save this large (8 MiB) belongs to a game of thousands of rounds: the app warns, long before
:data:`MAX_SAVE_BYTES`, that the game should be ended."""
AUTOSAVE_NAME = AUTOSAVE_PREFIX
"""How every automatic save's name begins: the app autosaves each game as ``autosave-GAMEID.json``
(:mod:`megamono.autosave`) at the end of every turn and when it leaves the game. A save the player
names may not begin so."""
TEMP_PREFIX, TEMP_SUFFIX = _files.TEMP_PREFIX, _files.TEMP_SUFFIX
STALE_TEMP_SECONDS = 60
NAME_PUNCTUATION = " _.-"
"""What a save name may hold besides letters (of any script, with their accents) and digits."""
_SETUP_KEYS = {"edition", "players", "seed", "dice", "seat_order", "options", "position", "state"}

_ACTIONS = TypeAdapter(list[Action])
_EVENTS = TypeAdapter(list[Event])

class SaveError(ValueError):
    """A save that cannot be written or read; the message says why (and which field).

    ``str()`` is always one line: control characters (a newline in a file name, say) are escaped
    (:func:`megamono.files.printable`).
    """

    def __str__(self) -> str:
        return printable(super().__str__())


class NotASave(SaveError, WrongKindOfFile):
    """A megamono file of another kind where a save was wanted ("p.json is a position file, not a
    save"): a :class:`SaveError` like any refusal, and a :class:`~megamono.files.WrongKindOfFile` saying
    what was found (:func:`megamono.files.check_kind`)."""


def save_name_ok(name: str) -> bool:
    """Whether ``name`` may name a save: 1-64 letters (of any script: "Zoë", "Юля"), digits, spaces,
    ``_ . -``, beginning with a letter or a digit; no slash, no control character, no "..", at most
    200 bytes (a file name's limit is 255)."""
    if not 1 <= len(name) <= 64 or len(name.encode("utf-8", "surrogatepass")) > 200 or ".." in name:
        return False
    if unicodedata.category(name[0])[0] not in "LN":
        return False
    return all(c in NAME_PUNCTUATION or unicodedata.category(c)[0] in "LMN" for c in name)


def check_save_name(name: str) -> str:
    """A player-typed save name, made safe: letters (of any script), digits, space, ``_ . -``; no
    path parts (see :func:`save_name_ok`).

    Returns the file name (``.json`` added; the letters in their composed form, NFC). Raises
    :class:`SaveError` for anything that could leave the save folder or is not printable.
    """
    name = unicodedata.normalize("NFC", name.strip())
    if name.endswith(".json"):
        name = name[:-5]
    if not save_name_ok(name):
        raise SaveError("a save name is 1-64 letters, digits, spaces, '_', '.' or '-' "
                        "(no slashes, no '..')")
    return name + ".json"


def is_autosave_name(name: str) -> bool:
    """Whether a save name (without ``.json``) is an automatic save's (it begins "autosave", in any
    capitals): the player may not choose such a name."""
    return name.strip().casefold().startswith(AUTOSAVE_NAME)


# ============================================================================ writing
def encode_game(game: Game, saved_at: datetime | None = None, game_id: str | None = None,
                played_seconds: float | None = None, origin: Origin | None = None) -> bytes:
    """The save file's bytes for ``game`` (see the module doc for the layout).

    ``game_id``: the game's id (12 lowercase hex digits); None derives it from the setup
    (:func:`derive_game_id`). ValueError for a malformed id. ``played_seconds``: how long the game has
    been open in the app (written, whole seconds, when given; the app gives it for a game with a
    ``time_limit``). ``origin``: where the game came from (written when there is something to say).
    """
    st = game.st
    setup = game.setup
    if game_id is None:
        game_id = derive_game_id(setup)
    elif not GAME_ID.match(game_id):
        raise ValueError(f"a game id is 12 lowercase hex digits, not {game_id!r}")
    head = {
        "format": SAVE_FORMAT, "version": SAVE_VERSION, "game_id": game_id,
        "saved_at": (saved_at or datetime.now()).isoformat(timespec="seconds"),
        "edition": st.edition, "seed": setup.get("seed"), "rng": st.rng,
        "options": st.options.model_dump(mode="json"),
        "setup": setup,
    }
    if played_seconds is not None:
        head["played_seconds"] = max(0, int(played_seconds))
    if origin is not None and origin.data() is not None:
        head["origin"] = origin.data()
    # pydantic writes the actions straight to JSON bytes; a newline goes between them. '},{"' cannot
    # occur inside a JSON string (its quote would be escaped), and a newline between tokens is always
    # valid JSON, so the split is safe.
    actions = _ACTIONS.dump_json(game.history).replace(b'},{"', b'},\n{"')
    state = st.model_dump_json(exclude={"log"})
    return b"".join([
        json.dumps(head, separators=(",", ":"), ensure_ascii=False)[:-1].encode("utf-8"),
        b',\n"actions":[\n', actions[1:-1], b'],\n"state":', state.encode("utf-8"), b"}\n",
    ])


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a flushed, locked temp file, ``os.replace`` and a sync of
    the folder (:func:`megamono.files.write_atomic`).

    Raises :class:`SaveError` naming ``path`` (never the temp file) when the disk refuses: full,
    read-only, no permission, ``path`` a folder...; ``path`` is then as it was (the previous save
    whole, or no file) and the temp file is removed.
    """
    try:
        _files.write_atomic(path, data)
    except OSError as exc:
        raise SaveError(f"{shown_name(path)}: could not be written ({exc.strerror or exc}); "
                        "nothing was changed") from None


def clean_stale_temps(folder: Path, older_than: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Remove the ``.saving-*.tmp`` files that writers killed mid-save left in ``folder``; returns
    them. A file whose writer is still at work is kept (its lock tells; without locks, a file is
    removed once ``older_than`` seconds old): see :func:`megamono.files.remove_dead_temps`, which
    the app also calls when it starts. Never raises."""
    return _files.remove_dead_temps(folder, older_than)


def save_game(game: Game, name: str, folder: Path, game_id: str | None = None,
              played_seconds: float | None = None, origin: Origin | None = None,
              saved_at: datetime | None = None) -> Path:
    """Write ``game`` as ``folder/name.json`` atomically; returns the path.

    ``game_id``, ``played_seconds``, ``origin``, ``saved_at``: see :func:`encode_game` (None: derived from
    the game's setup; not written). Raises
    :class:`SaveError` for a bad name, and when the disk refuses (the folder cannot be made, the disk
    is full or read-only...: the message names the save, and the previous save is kept).
    """
    path = save_target(name, folder)
    return write_save(path, encode_game(game, saved_at, game_id=game_id, played_seconds=played_seconds,
                                        origin=origin))


def save_target(name: str, folder: Path) -> Path:
    """The file ``folder/name.json`` a save of that name goes to (the folder is made when missing).
    :class:`SaveError` for a bad name or a folder that cannot be made."""
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveError(f"{shown_name(folder)}: the save folder cannot be made ({exc.strerror or exc})") from None
    return folder / check_save_name(name)


def write_save(path: Path, data: bytes) -> Path:
    """Write a save's bytes (:func:`encode_game`) to ``path`` (from :func:`save_target`) atomically and
    clear the temp files of killed writers beside it; returns ``path``. :class:`SaveError` when the disk
    refuses (the previous save is kept). Any thread may call it: it touches no game."""
    write_atomic(path, data)
    clean_stale_temps(path.parent)
    return path


# ============================================================================ reading
def _where(exc: ValidationError, prefix: str = "") -> str:
    err = exc.errors()[0]
    where = ".".join(str(x) for x in (prefix, *err["loc"]) if x != "")
    return f"{where}: {err['msg']}"


def migrate(data: dict[str, Any], name: str = "save") -> dict[str, Any]:
    """Bring a parsed save up to :data:`SAVE_VERSION` (SaveError if it is newer or cannot be)."""
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise SaveError(f"{name}: no valid \"version\" number (found {version!r})")
    if version > SAVE_VERSION:
        raise SaveError(f"{name}: save version {version} was written by a newer megamono; this one reads "
                        f"versions up to {SAVE_VERSION} (update megamono to open it)")
    while version < SAVE_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SaveError(f"{name}: save version {version} is older than this megamono can read "
                            f"(it reads version {SAVE_VERSION}; no migration from version {version})")
        try:
            data = step(dict(data))
        except SaveError:
            raise
        except Exception as exc:
            raise SaveError(f"{name}: save version {version} could not be brought up to version "
                            f"{version + 1} ({exc})") from None
        version += 1
        data["version"] = version
    return start_from_state(data)


@dataclass(frozen=True)
class LoadedSave:
    """A save read back: ``game`` (ready to continue), its ``game_id``, when it was saved
    (``saved_at``, None if the file does not say) and how long the game has been open in the app
    (``played_seconds``, for the ``time_limit`` option; 0 if the file does not say), and where it came
    from (``origin``)."""

    game: Game
    game_id: str
    saved_at: datetime | None
    played_seconds: int = 0
    origin: Origin = Origin()


def decode_game(data: Any, name: str = "save") -> Game:
    """:func:`decode_save`'s game: the stored state (without its log), not replayed."""
    return decode_save(data, name).game


def decode_save(data: Any, name: str = "save") -> LoadedSave:
    """A save from its parsed JSON (any version this megamono reads); SaveError naming the problem.

    Checks the format and version (migrating an older one), the fields' types, the game id, that
    the summary fields agree with the state, and that the state is possible (:func:`check_state`).
    It does not replay the actions (see :func:`load_save`): the game holds the stored state, which
    has no log.
    """
    check_kind(data, "save", name, NotASave)
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{name}: not a megamono save (no \"format\": \"{SAVE_FORMAT}\")")
    data = migrate(data, name)
    state, setup, actions = data.get("state"), data.get("setup"), data.get("actions", [])
    if not isinstance(state, dict):
        raise SaveError(f"{name}: damaged save: \"state\" is missing or not an object")
    if "log" in state:
        raise SaveError(f"{name}: damaged save: state.log: a version-{SAVE_VERSION} save keeps no log "
                        "(loading makes it again from the actions)")
    game_id = data.get("game_id")
    if not isinstance(game_id, str) or not GAME_ID.match(game_id):
        raise SaveError(f"{name}: damaged save: \"game_id\" is not 12 lowercase hex digits")
    if not isinstance(actions, list):
        raise SaveError(f"{name}: damaged save: \"actions\" is not a list")
    if not isinstance(setup, dict) or not isinstance(setup.get("players"), list) \
            or not set(setup) <= _SETUP_KEYS:
        raise SaveError(f"{name}: damaged save: \"setup\" is not the set-up of a game")
    seed = setup.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise SaveError(f"{name}: damaged save: setup.seed is not a whole number")
    try:
        for board in (state.get("edition"), setup.get("edition")):  # (the rules core reads no board file)
            if isinstance(board, str):
                read_board(board)
        game = Game.from_dict({"setup": setup, "actions": [], "state": state})
    except ValidationError as exc:
        raise SaveError(f"{name}: {_where(exc, 'state')}") from None
    except (EditionError, KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"{name}: damaged save ({exc})") from None
    history = []
    for k, a in enumerate(actions):
        try:
            history.append(parse_action(a))
        except ValidationError as exc:
            raise SaveError(f"{name}: {_where(exc, f'actions.{k}')}") from None
        except (TypeError, ValueError) as exc:
            raise SaveError(f"{name}: damaged save: actions.{k}: {exc}") from None
    game.history = history
    st = game.st
    summary = {"edition": st.edition, "seed": seed, "rng": st.rng}
    for key, value in summary.items():
        if key in data and data[key] != value:
            raise SaveError(f"{name}: damaged save: \"{key}\" is {data[key]!r} but the game's is {value!r}")
    if "options" in data:
        try:
            options = Options.model_validate(data["options"])
        except ValidationError as exc:
            raise SaveError(f"{name}: {_where(exc, 'options')}") from None
        if options != st.options:
            raise SaveError(f"{name}: damaged save: \"options\" differ from the state's options")
    saved_at = None
    if "saved_at" in data:
        try:
            saved_at = datetime.fromisoformat(data["saved_at"])
        except (TypeError, ValueError):
            raise SaveError(f"{name}: damaged save: \"saved_at\" is not a date and time") from None
    played = data.get("played_seconds", 0)
    if isinstance(played, bool) or not isinstance(played, int) or played < 0:
        raise SaveError(f"{name}: damaged save: \"played_seconds\" is not a whole number of seconds")
    problems = check_state(game.ed, st)
    if problems:
        raise SaveError(f"{name}: impossible game state: {problems[0]}")
    return LoadedSave(game=game, game_id=game_id, saved_at=saved_at, played_seconds=played,
                      origin=Origin.read(data.get("origin")))


def read_save(path: Path, name: str | None = None) -> dict[str, Any]:
    """The parsed JSON of a save file; SaveError (one line, naming the file) for any problem.

    ``name``: how the message names the file (the command line gives the path as typed); None names it
    by its file name, or by its whole path when it is missing.

    Only a regular file of at most :data:`MAX_SAVE_BYTES` is read: a missing file, a folder, a FIFO,
    a device (or a link to one), a larger file, one that cannot be opened, or one that is not JSON
    (including a number of more than 4300 digits, or nesting too deep) is refused unread or
    unparsed (:func:`megamono.files.read_regular_file`). The file is never changed.
    """
    path = Path(path)
    try:
        raw = read_regular_file(path, MAX_SAVE_BYTES, "save file")
    except RefusedFile as exc:
        said = name if name is not None else path if exc.missing else path.name
        raise SaveError(f"{shown_name(said)}: {exc.reason}") from None
    try:
        return parse_json(raw)
    except ValueError as exc:
        raise SaveError(f"{shown_name(path.name if name is None else name)}: not a JSON file ({exc})") from None


def load_save(path: Path, verify: bool = True, name: str | None = None) -> LoadedSave:
    """Read and validate a save; returns the game ready to continue, with its id.

    The game is rebuilt by replaying the recorded actions from the setup (RULES.md I8), which also
    makes its log; with ``verify`` the replay must give the stored state, or the save is refused as
    damaged (an edited file). Without ``verify`` the stored state is returned as it is, without a
    log and not replayed (a quick look, for tests and benchmarks).

    Raises :class:`SaveError` naming the problem (missing, not a regular file, too big, not JSON,
    not a megamono save, a newer version, the first bad field, or whatever else the file provokes:
    every error becomes this one-line refusal), naming the file by ``name`` (the command line gives the
    path as typed) or else by its file name. The file is never modified.
    """
    path = Path(path)
    given = name
    name = shown_name(path.name if given is None else given)
    collecting = gc.isenabled()
    gc.disable()  # building many small objects at once: a collection pass would only cost time
    try:
        data = read_save(path, given)
        has_actions = isinstance(data, dict) and "actions" in data
        saved = decode_save(data, name)
        del data  # the parsed JSON is not needed any more: let it go before the replay
    except SaveError:
        raise
    except Exception as exc:  # noqa: BLE001 - whatever a hostile file provokes, it is refused in one line
        raise SaveError(f"{name}: damaged save ({_error_text(exc)})") from None
    finally:
        if collecting:
            gc.enable()
    if not verify:
        return saved
    stored = saved.game
    try:
        replayed = Game.replay(stored.setup, stored.history)
    except Exception as exc:  # an action that no longer applies
        raise SaveError(f"{name}: damaged save: its actions do not replay ({_error_text(exc)})") from None
    stored.st.log = replayed.st.log  # (the save keeps no log: the replay's is the game's)
    try:
        same = replayed.st == stored.st
    except Exception as exc:  # noqa: BLE001 - (a state too deep to compare, say)
        raise SaveError(f"{name}: damaged save ({_error_text(exc)})") from None
    if not same:
        if not has_actions:  # (what the replay compared was no actions at all)
            raise SaveError(f"{name}: damaged save: \"actions\" (the decisions the game is "
                            "replayed from) is missing")
        raise SaveError(f"{name}: damaged save: the stored state differs from the replay of its actions")
    return LoadedSave(game=replayed, game_id=saved.game_id, saved_at=saved.saved_at,
                      played_seconds=saved.played_seconds, origin=saved.origin)


def load_game(path: Path, verify: bool = True, name: str | None = None) -> Game:
    """:func:`load_save`'s game (the id and date left aside); SaveError as there."""
    return load_save(path, verify, name).game


def _error_text(exc: BaseException) -> str:
    """An unexpected error, for a one-line message: its kind and (the start of) what it says."""
    text = str(exc)
    text = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    return printable(text if len(text) <= 200 else text[:199] + "…")


# ============================================================================ listing
@dataclass(frozen=True)
class SaveInfo:
    """One entry of the save list: file, edition, players, turn number, when it was saved.

    ``name`` is the file's stem (``examples/NAME`` for an example); ``example`` marks the saves
    shipped in ``examples/`` (not to be renamed or deleted); ``over`` a finished game.
    """

    path: Path
    name: str
    edition: str
    players: list[str]
    turn: int
    modified: datetime
    over: bool = False
    example: bool = False
    mtime: float = 0.0
    """The file's modification time (orders saves made within the same second)."""


def save_files(folder: Path) -> list[Path]:
    """The ``*.json`` entries of ``folder`` and ``folder/examples`` (no hidden or temp files, no
    folders): a FIFO, a device or a broken link of such a name is included, to be listed as a file
    that cannot be read (it is never opened: :func:`read_save` refuses it)."""
    folder = Path(folder)
    files = [*folder.glob("*.json"), *(folder / "examples").glob("*.json")]
    return [f for f in files if not f.name.startswith(".") and not f.is_dir()]


def save_info(path: Path) -> SaveInfo:
    """The list entry of one save, read from its summary.

    This is a quick look (the file is parsed, not validated): loading may still refuse it. Raises
    :class:`SaveError` (one line) whenever the entry cannot be made, whatever the reason.
    """
    path = Path(path)
    data = read_save(path)
    example = is_example(path)
    try:
        check_kind(data, "save", shown_name(path.name), NotASave)
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError(f"{shown_name(path.name)}: not a megamono save (no \"format\": \"{SAVE_FORMAT}\")")
        st = data["state"]
        mtime = path.stat().st_mtime
        modified = None
        if isinstance(data.get("saved_at"), str):
            modified = datetime.fromisoformat(data["saved_at"])
            if modified.tzinfo is not None:  # shown and sorted in local time, like the others
                try:
                    modified = modified.astimezone().replace(tzinfo=None)
                except OverflowError:  # (year 1 or 9999 moved out of range: kept as written)
                    modified = modified.replace(tzinfo=None)
        if modified is None:
            modified = datetime.fromtimestamp(mtime)
        return SaveInfo(path=path, name=(f"examples/{path.stem}" if example else path.stem),
                        edition=str(st["edition"]), players=[str(p["name"]) for p in st["players"]],
                        turn=int(st["turn"]["number"]), modified=modified,
                        over=st.get("winner") is not None, example=example, mtime=mtime)
    except SaveError:
        raise
    except Exception:  # noqa: BLE001 - (OverflowError from a date, RecursionError...: any reason)
        raise SaveError(_why_damaged(data, path)) from None


def _why_damaged(data: Any, path: Path) -> str:
    """Why a save whose summary cannot be read is damaged, in the words loading it would use."""
    try:
        decode_game(data, shown_name(path.name))
    except SaveError as exc:
        return str(exc)
    except Exception:  # noqa: BLE001 - only a message is wanted here
        pass
    return f"{shown_name(path.name)}: damaged save (its summary cannot be read)"


def list_saves(folder: Path, unreadable: dict[Path, str] | None = None) -> list[SaveInfo]:
    """Saves in ``folder`` (and ``folder/examples``), newest first; unreadable files are skipped.

    ``unreadable``, when given, receives each skipped file with why it cannot be read (the
    :class:`SaveError` message, one line): the save browser lists them as damaged. One bad file
    never keeps the others from being listed.
    """
    out = []
    for f in save_files(folder):
        try:
            out.append(save_info(f))
        except SaveError as exc:
            if unreadable is not None:
                unreadable[f] = str(exc)
    return sorted(out, key=lambda s: (s.modified, s.mtime), reverse=True)


def recovery_name(now: datetime | None = None) -> str:
    """``recovery-YYYYmmdd-HHMMSS``: the save name of a game rescued from a crash."""
    return (now or datetime.now()).strftime("recovery-%Y%m%d-%H%M%S")


def is_example(path: Path) -> bool:
    """A save shipped in the ``examples`` folder: listed and loaded, never renamed or deleted."""
    return Path(path).parent.name == "examples"


def rename_save(path: Path, new_name: str) -> Path:
    """Rename the save ``path`` to ``new_name`` (checked by :func:`check_save_name`) in its folder.

    Refuses (SaveError) an example, the name of an existing file and a name that is not safe; never
    overwrites anything (the new name is made as a hard link first, where the system has them).
    """
    path = Path(path)
    if is_example(path):
        raise SaveError(f"examples/{path.stem} is an example: it cannot be renamed")
    target = path.parent / check_save_name(new_name)
    if is_autosave_name(target.stem):
        raise SaveError(f"names beginning \"{AUTOSAVE_NAME}\" are the automatic saves': choose another")
    if target.exists():
        raise SaveError(f"{target.name} exists already: choose another name")
    # a name that differs from another save's only by capitals would read as the same save
    # (and is the same file on some systems): refused too
    twin = next((f for f in path.parent.glob("*.json")
                 if f.name.casefold() == target.name.casefold() and f.name != path.name), None)
    if twin is not None:
        raise SaveError(f"{twin.name} exists already: choose a name that differs by more than capitals")
    try:
        os.link(path, target)
    except FileExistsError:
        raise SaveError(f"{target.name} exists already: choose another name") from None
    except FileNotFoundError:
        raise SaveError(f"{path.name} is gone") from None
    except OSError:  # no hard links on this file system
        if target.exists():
            raise SaveError(f"{target.name} exists already: choose another name") from None
        try:
            os.rename(path, target)
        except OSError as exc:
            raise SaveError(f"{shown_name(path.name)}: could not be renamed ({exc.strerror or exc})") from None
        return target
    path.unlink()
    return target


def delete_save(path: Path) -> None:
    """Delete the save ``path`` (or a file of the save folder that cannot be read: a FIFO or a link
    is removed, never opened); SaveError for an example, or when the disk refuses."""
    path = Path(path)
    if is_example(path):
        raise SaveError(f"examples/{path.stem} is an example: it cannot be deleted")
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        raise SaveError(f"{shown_name(path.name)}: could not be deleted ({exc.strerror or exc})") from None
