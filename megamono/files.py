"""Reading the files megamono is pointed at (board files, saves, settings), safely.

Any file name megamono reads may come from a person or from another file: ``--edition FILE``,
``megamono resume FILE``, the ``edition`` a save names, whatever lies in the save folder. Such a
name may lead to a FIFO (reading it waits for ever), a device (``/dev/zero`` never ends), a folder,
or a huge file. :func:`read_regular_file` reads a file only when it is a regular file no larger
than a cap, checked *before* anything is read; anything else is refused with
:class:`RefusedFile`, whose message is one line naming the file and the reason. The file is never
written, and a FIFO or device is never even opened for reading (see the function for the one race
that remains and why it is harmless).

:func:`printable` and :func:`shown_name` render text and file names for a one-line message:
control characters (a newline, an escape sequence, a right-to-left override...) are escaped,
ordinary unicode is kept.

:func:`check_kind` tells what kind of megamono file a parsed JSON document is (a save, a position, an
analysis's figures: its ``"format"``) and refuses one of another kind than wanted with
:class:`WrongKindOfFile` ("p.json is a position file, not a save"); :func:`use_instead` says which
command reads it, for the command line.

This module imports only the standard library (no pydantic, no Textual), so the board files
(:mod:`megamono.boards`), the save module and the start screen (which must stay light) all use it.
The rules core never does (an import-linter contract): it reads no file but its own editions.
"""

from __future__ import annotations

import json
import os
import shlex
import stat
import tempfile
import time
import unicodedata
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # (Windows: no locks; temp files are then judged by their age alone)
    fcntl = None  # type: ignore[assignment]

KB = 1024
MB = 1024 * KB

TEMP_PREFIX, TEMP_SUFFIX = ".saving-", ".tmp"
"""The names of the temporary files :func:`write_atomic` writes (hidden: never listed as saves)."""
DEAD_WRITER_SECONDS = 5.0
"""A temp file whose writer has let go of its lock is removed once it is this old (see
:func:`remove_dead_temps`)."""
UNKNOWN_WRITER_SECONDS = 60.0
"""A temp file whose writer cannot be told alive or gone (no locks here) is removed once it is this
old: a save is written in well under a second."""

_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
_UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
"""Control and format characters, lone surrogates (undecodable bytes of a file name, see
:func:`os.fsdecode`), line and paragraph separators: what could break a line or a terminal."""


def printable(text: object) -> str:
    """``text`` (any object, as ``str``) with every control character escaped as Python writes it.

    A newline becomes ``\\n``, an escape ``\\x1b``, a right-to-left override ``\\u202e``, a byte
    of a file name that is not UTF-8 (a lone surrogate from :func:`os.fsdecode`) ``\\xff``;
    letters of any script, accents, symbols and spaces stay as they are. The result holds no line
    break and no terminal control, so a message built from it stays one line.
    """
    text = str(text)
    if text.isprintable():  # (the usual case: nothing to escape; isprintable is stricter)
        return text
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif unicodedata.category(ch) not in _UNSAFE_CATEGORIES:
            out.append(ch)
        elif 0xDC80 <= ord(ch) <= 0xDCFF:  # surrogateescape: the original byte
            out.append(f"\\x{ord(ch) - 0xDC00:02x}")
        elif ord(ch) < 0x100:
            out.append(f"\\x{ord(ch):02x}")
        elif ord(ch) < 0x10000:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(f"\\U{ord(ch):08x}")
    return "".join(out)


def shown_name(path: str | os.PathLike[str], limit: int = 200) -> str:
    """A file name (or path) for a message: :func:`printable`, and at most ``limit`` characters
    (a longer one keeps its start and end around ``…``: a save's ``edition`` may be any string)."""
    text = printable(os.fspath(path))
    if len(text) > limit:
        keep = (limit - 1) // 2
        text = f"{text[:keep]}…{text[len(text) - keep:]}"
    return text


def size_text(size: int) -> str:
    """``size`` bytes for a person: "1 MB", "10 MB", "64 KB", "100 bytes" (whole units)."""
    if size >= MB and size % MB == 0:
        return f"{size // MB} MB"
    if size >= KB and size % KB == 0:
        return f"{size // KB} KB"
    return f"{size} bytes"


class RefusedFile(ValueError):
    """A file that was not read: ``path`` (as given), ``reason`` (one line, e.g. "no such save
    file", "not a save file: it is a FIFO"); ``str()`` is ``"NAME: reason"`` with the name shown
    by :func:`shown_name`. ``missing`` is True when the file does not exist."""

    def __init__(self, path: str | os.PathLike[str], reason: str, missing: bool = False) -> None:
        super().__init__(f"{shown_name(path)}: {printable(reason)}")
        self.path = path
        self.reason = printable(reason)
        self.missing = missing


def _kind(mode: int) -> str:
    """What a file that is not a regular file is, in words ("a FIFO (named pipe)")."""
    for test, words in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                        (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                        (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return words
    return "a special file"


_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))


def read_regular_file(path: str | os.PathLike[str], limit: int, what: str = "file") -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes.

    ``what`` names the file in the reasons ("board file", "save file"). Raises
    :class:`RefusedFile` (one line: the name and the reason), without reading anything, when the
    file is missing or cannot be opened (permissions, a name too long, a NUL in the name...), is
    not a regular file (a folder, a FIFO, a device, a socket, or a symbolic link to one: links are
    followed, and judged by what they lead to), or is larger than ``limit``; also when it grows past
    ``limit`` while being read. The file is never written.

    How: the name is first looked at with :func:`os.stat`, so a FIFO or a device is never opened;
    a regular file is then opened with ``O_NONBLOCK`` (if the name was swapped for a FIFO in the
    meantime, opening it does not wait for a writer) and the opened file is checked again with
    :func:`os.fstat` (same file, still regular, still small) before the first byte is read; at most
    ``limit + 1`` bytes are ever read.
    """
    try:
        before = os.stat(path)
    except FileNotFoundError:
        raise RefusedFile(path, f"no such {what}", missing=True) from None
    except OSError as exc:
        raise RefusedFile(path, f"cannot be read ({exc.strerror or exc})") from None
    except ValueError:  # a NUL character, or a name the system cannot encode
        raise RefusedFile(path, f"cannot be a {what} name (it holds a NUL or an unencodable character)") from None
    _check_stat(path, before, limit, what)
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except FileNotFoundError:
        raise RefusedFile(path, f"no such {what}", missing=True) from None
    except OSError as exc:
        raise RefusedFile(path, f"cannot be read ({exc.strerror or exc})") from None
    try:
        opened = os.fstat(fd)
        _check_stat(path, opened, limit, what)
        if (opened.st_dev, opened.st_ino) != (before.st_dev, before.st_ino):
            raise RefusedFile(path, "changed while being opened: not read (try again)")
        chunks, left = [], limit + 1
        while left > 0:
            try:
                chunk = os.read(fd, min(left, MB))
            except BlockingIOError:
                raise RefusedFile(path, "cannot be read now (it would wait)") from None
            except OSError as exc:
                raise RefusedFile(path, f"cannot be read ({exc.strerror or exc})") from None
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        if left <= 0:
            raise RefusedFile(path, f"grew larger than a {what} can be ({size_text(limit)}) while being read")
        return b"".join(chunks)
    finally:
        os.close(fd)


def _check_stat(path: str | os.PathLike[str], st: os.stat_result, limit: int, what: str) -> None:
    """RefusedFile unless ``st`` is a regular file of at most ``limit`` bytes."""
    if not stat.S_ISREG(st.st_mode):
        try:
            link = "a symbolic link to " if os.path.islink(path) else ""
        except (OSError, ValueError):
            link = ""
        raise RefusedFile(path, f"not a {what}: it is {link}{_kind(st.st_mode)}")
    if st.st_size > limit:
        raise RefusedFile(path, f"{st.st_size} bytes is larger than a {what} can be ({size_text(limit)})")


def parse_json(raw: bytes) -> Any:
    """``raw`` parsed as JSON (UTF-8, or UTF-16/32 with their marks); ValueError with a one-line
    message when it is not JSON: bad syntax, bad encoding, a number of more than 4300 digits
    (Python's limit on converting text to an integer), or nesting too deep to parse."""
    try:
        return json.loads(raw)
    except RecursionError:
        raise ValueError("nested too deeply") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ValueError(printable(exc)) from None
    except ValueError as exc:
        if "integer string conversion" in str(exc):  # sys.get_int_max_str_digits()
            raise ValueError("a number of more than 4300 digits") from None
        raise ValueError(printable(exc)) from None


def read_json_file(path: str | os.PathLike[str], limit: int, what: str = "file") -> Any:
    """:func:`read_regular_file` then :func:`parse_json`: the parsed JSON of ``path``.

    Raises :class:`RefusedFile` for every problem, the reason saying "not valid JSON (...)" for a
    file that was read but is not JSON.
    """
    raw = read_regular_file(path, limit, what)
    try:
        return parse_json(raw)
    except ValueError as exc:
        raise RefusedFile(path, f"not valid JSON ({exc})") from None


# ============================================================================ kinds of file
FILE_FORMATS = {"megamono-save": "save", "megamono-position": "position", "megamono-analysis": "analysis"}
"""The kinds of JSON document megamono writes, by their ``"format"``."""
KIND_WORDS = {"save": "a save", "position": "a position file",
              "analysis": "an analysis (written by megamono analyse --json)"}
"""Each kind of file, in words for a message."""


def file_kind(data: object) -> str | None:
    """The kind of megamono file (``"save"``, ``"position"``, ``"analysis"``) a parsed JSON document is,
    by its ``"format"``; None when it names none of them (not a megamono file, or one without a format:
    a position may leave it out)."""
    found = data.get("format") if isinstance(data, dict) else None
    return FILE_FORMATS.get(found) if isinstance(found, str) else None


class WrongKindOfFile(ValueError):
    """A megamono file of another kind than wanted: ``name`` (as shown), ``found`` and ``wanted`` (kinds
    of :data:`FILE_FORMATS`); ``str()`` is one line, "p.json is a position file, not a save"."""

    def __init__(self, name: str, found: str, wanted: str) -> None:
        super().__init__(f"{printable(name)} is {KIND_WORDS[found]}, not {KIND_WORDS[wanted]}")
        self.name, self.found, self.wanted = printable(name), found, wanted

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.name, self.found, self.wanted)


def check_kind(data: object, wanted: str, name: str,
               error: type[WrongKindOfFile] = WrongKindOfFile) -> None:
    """Refuse ``data`` (a parsed JSON document, from the file shown as ``name``) when its ``"format"``
    says it is a megamono file of another kind than ``wanted``: raises ``error`` (a
    :class:`WrongKindOfFile`; the save module gives one that is also its ``SaveError``). A document that
    names no known format passes: its reader says what is wrong with it.

    This is the one place where the kind of a file is told: saves (:mod:`megamono.saves`, the autosave
    summaries), position files (the command line's ``--position``) and the command line's messages use
    it."""
    found = file_kind(data)
    if found is not None and found != wanted:
        raise error(name, found, wanted)


_INSTEAD = {
    # (the command refusing the file, the kind of file it was given): the command that reads it
    ("analyse", "position"): "megamono analyse --position {}",
    ("analyse", "save"): "megamono analyse {}",
    ("play", "save"): "megamono resume {}",
    ("review", "position"): "megamono analyse --position {}",
    ("resume", "position"): "megamono play --position {}",
    ("replay", "position"): "megamono play --position {}",
    ("validate", "position"): "megamono play --position {}",
    ("position", "position"): "megamono play --position {}",
}


def use_instead(command: str, exc: BaseException) -> str:
    """The command-line refusal of ``exc`` by ``command`` ("analyse", "play", "resume", "replay",
    "review", "validate", "position"): its one-line message, followed, for a :class:`WrongKindOfFile`,
    by the command that reads that file: "p.json is a position file, not a save: use megamono analyse
    --position p.json" (the name quoted for a shell when it must be)."""
    text = printable(exc)
    if isinstance(exc, WrongKindOfFile):
        other = _INSTEAD.get(("analyse" if command == "analyze" else command, exc.found))
        if other is not None:
            text += ": use " + other.format(shlex.quote(exc.name))
    return text


# ============================================================================ writing
def sync_folder(folder: str | os.PathLike[str]) -> bool:
    """Flush ``folder``'s entries to disk (``fsync`` of the folder itself), so that a file just
    created or renamed in it survives a power cut. True if done; False where it cannot be done
    (Windows cannot open a folder; some file systems refuse ``fsync`` on one with EINVAL): never
    raises, since the caller's rename has already happened and cannot be undone.
    """
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0))
    except (OSError, ValueError):
        return False
    try:
        os.fsync(fd)
    except OSError:
        return False
    finally:
        os.close(fd)
    return True


def _lock(fd: int) -> bool:
    """Take an exclusive ``flock`` on ``fd`` without waiting; True if taken (False: no locks here)."""
    if fcntl is None:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` so that ``path`` is always either the old file or the new one.

    The bytes go to a temporary file ``.saving-*.tmp`` in the same folder, which is flushed to disk
    (``fsync``) and then renamed over ``path`` (``os.replace``, atomic); the folder is then synced
    too (:func:`sync_folder`), so that the rename itself survives a power cut. While it is written
    the temp file is locked (``flock``, released by the system however the writer ends, even
    killed), which tells :func:`remove_dead_temps` that its writer is still at work.

    Raises :class:`OSError` when the disk refuses (full, read-only, no permission, ``path`` a
    folder...): ``path`` is then unchanged and the temp file removed. The error may name the temp
    file: callers say which file they were saving.
    """
    folder = os.path.dirname(os.fspath(path)) or "."
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX)
    try:
        f = os.fdopen(fd, "wb")
    except BaseException:
        os.close(fd)
        os.unlink(tmp)
        raise
    try:
        with f:
            locked = _lock(f.fileno())
            os.chmod(tmp, 0o644)
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
            if locked:  # renamed while still locked: a cleaner never sees it unlocked under that name
                os.replace(tmp, path)
        if not locked:  # (Windows cannot rename an open file)
            os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    sync_folder(folder)


def remove_dead_temps(folder: str | os.PathLike[str],
                      older_than: float = UNKNOWN_WRITER_SECONDS) -> list[Path]:
    """Remove the ``.saving-*.tmp`` files that writers killed mid-save left in ``folder``; returns
    the files removed. Never raises (a file that cannot be looked at or removed is left).

    A temp file is removed when its writer is known to be gone: its lock (see
    :func:`write_atomic`) is free and the file is at least :data:`DEAD_WRITER_SECONDS` old. The
    lock is the safe test: the system releases it when the writer ends in any way, and a writer
    still at work, in this process or any other megamono sharing the folder (even one stopped with
    Ctrl+Z), holds it, so its file is kept; no process id is guessed at (they are reused). The few
    seconds cover the instant between a writer creating the file and locking it, and a writer of an
    older megamono (which does not lock) finishing its save. Where locks are not available (Windows,
    or a file system that refuses them) a temp file is removed only once it is ``older_than``
    seconds old, as a save is written in well under a second. Only regular files are considered: a
    FIFO, a device, a folder or a symbolic link of that name is never opened nor removed.
    """
    removed: list[Path] = []
    now = time.time()
    for f in Path(folder).glob(f"{TEMP_PREFIX}*{TEMP_SUFFIX}"):
        try:
            st = os.lstat(f)
            if not stat.S_ISREG(st.st_mode) or now - st.st_mtime < DEAD_WRITER_SECONDS:
                continue
            if fcntl is None:
                if now - st.st_mtime > older_than:
                    os.unlink(f)
                    removed.append(f)
            elif _remove_if_unlocked(f, st, older_than):
                removed.append(f)
        except OSError:
            continue
    return removed


def _remove_if_unlocked(f: Path, st: os.stat_result, older_than: float) -> bool:
    """Remove the temp file ``f`` (``st``: its lstat) if no writer holds its lock; True if removed."""
    try:
        fd = os.open(f, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False
    try:
        opened = os.fstat(fd)
        if (opened.st_dev, opened.st_ino) != (st.st_dev, st.st_ino):
            return False  # (replaced since it was looked at)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False  # a writer is at work
        except OSError:  # no locks on this file system: judge by age
            if time.time() - st.st_mtime <= older_than:
                return False
        now = os.lstat(f)  # still the same file under that name (not renamed into a save)?
        if (now.st_dev, now.st_ino) != (opened.st_dev, opened.st_ino):
            return False
        os.unlink(f)
        return True
    finally:
        os.close(fd)
