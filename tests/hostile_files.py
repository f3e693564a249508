"""A catalogue of hostile files, tried against every way megamono reads a file (issue 13, 3 and 4).

Run it as a script to see what megamono does with each (a table, or JSON with ``--json``)::

    .venv/bin/python tests/hostile_files.py            # in a fresh temporary folder
    .venv/bin/python tests/hostile_files.py --json DIR # in DIR (made if missing), as JSON

``tests/test_hostile_files.py`` runs it in a child process (under a time limit and a memory limit)
and checks every answer. It uses only functions that megamono had before the issue was fixed
(``load_game``, ``save_info``, ``list_saves``, ``read_board``, ``unfinished_autosave``), so that
``PYTHONPATH=<an older checkout> python tests/hostile_files.py`` shows what the older code did.

Every file is tried by:

- ``load``: :func:`megamono.saves.load_game` as the save itself (``megamono validate FILE``,
  ``megamono resume FILE``, Enter in the saved-games list);
- ``list``: :func:`megamono.saves.save_info` (a row of the saved-games list);
- ``edition``: :func:`megamono.boards.read_board` (``megamono --edition FILE``, and
  the ``edition`` a save names);
- ``autosave``: the start screen's :func:`unfinished_autosave` (as if it were ``autosave.json``).

Each answer is one of: ``refused`` (a SaveError or EditionError, with its message), ``none``
(nothing offered: the start screen's answer for a bad autosave), ``ok`` (read: a sound file),
``hang`` (still blocked after a few seconds: interrupted by an alarm), ``memory`` (MemoryError
under the memory limit), or ``crash`` (any other exception: a traceback for the player).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "saves" / "examples" / "late-game.json"
SECONDS = 5
"""How long one try may block before it counts as a hang."""


def _save(**changes) -> dict:
    """The example late game as a dict, with ``changes`` applied ("state.turn.number": value...)."""
    data = json.loads(EXAMPLE.read_bytes())
    for where, value in changes.items():
        *path, last = where.split(".")
        node = data
        for key in path:
            node = node[key]
        node[last] = value
    return data


def make_catalogue(folder: Path) -> dict[str, tuple[Path, str]]:
    """Make the hostile files in ``folder``; ``{label: (path, what it is)}``."""
    folder.mkdir(parents=True, exist_ok=True)
    out: dict[str, tuple[Path, str]] = {}

    def add(label: str, name: str | bytes, what: str) -> Path:
        path = Path(os.fsdecode(os.path.join(os.fsencode(folder), os.fsencode(name))))
        out[label] = (path, what)
        return path

    os.mkfifo(add("fifo", "fifo.json", "a FIFO (named pipe) nobody writes to"))
    os.symlink("/dev/zero", add("dev-zero", "zero.json", "a symbolic link to /dev/zero (endless zeros)"))
    os.symlink("/dev/urandom", add("dev-urandom", "urandom.json", "a symbolic link to /dev/urandom"))
    os.symlink("/dev/null", add("dev-null", "null.json", "a symbolic link to /dev/null"))
    add("folder", "folder.json", "a folder").mkdir()
    loop = add("symlink-loop", "loop.json", "a symbolic link to itself")
    os.symlink(loop.name, loop)
    os.symlink("nowhere.json", add("dangling", "dangling.json", "a symbolic link to nothing"))
    sock = add("socket", "socket.json", "a Unix socket")
    if len(os.fsencode(sock)) < 100:  # (AF_UNIX names are short)
        s = socket.socket(socket.AF_UNIX)
        s.bind(str(sock))
        s.close()
    else:
        del out["socket"]
    with open(add("sparse-17mb", "huge.json", "a 17 MB file (sparse: larger than a save can be)"), "wb") as f:
        f.truncate(17 * 1024 * 1024)
    with open(add("zeros-2mb", "two-mb.json", "a 2 MB file of NUL bytes (larger than a board file can be)"), "wb") as f:
        f.truncate(2 * 1024 * 1024)
    add("empty", "empty.json", "an empty file").write_bytes(b"")
    add("binary", "binary.json", "binary bytes (NUL, 0xff...)").write_bytes(bytes(range(256)) * 4)
    add("digits-4301", "digits.json", "a sound save with a 4301-digit number added").write_text(
        json.dumps(_save()).replace('"seed":', '"seed":' + "9" * 4301 + ',"x":', 1))
    add("deep-nesting", "deep.json", "100,000 nested lists").write_text("[" * 100_000 + "]" * 100_000)
    add("infinity", "infinity.json", "a save whose turn number is Infinity").write_text(
        json.dumps(_save(**{"state.turn.number": float("inf")})))
    add("year-one", "year-one.json", "a save saved_at 0001-01-01T00:00:00+05:00 (out of range in local time)"
        ).write_text(json.dumps(_save(saved_at="0001-01-01T00:00:00+05:00")))
    add("newline-name", "new\nline.json", "a file name with a newline (not JSON inside)").write_text("{not json")
    add("escape-name", "\x1b[2J\x1b[31mred.json", "a file name with terminal escape sequences (not JSON)"
        ).write_text("{not json")
    add("bidi-name", "\u202egnp.json", "a file name with a right-to-left override (not JSON)").write_text("{")
    add("non-utf8-name", b"bad-\xff.json", "a file name that is not UTF-8 (not JSON)").write_bytes(b"{")
    for label, target, what in [("edition-fifo", "fifo.json", "the FIFO"), ("edition-zero", "zero.json", "/dev/zero"),
                                ("edition-folder", "folder.json", "a folder"),
                                ("edition-digits", "digits.json", "a board file with a 4301-digit number")]:
        ed = str(folder / target)
        add(label, f"{label}.json", f"a sound save whose edition (setup and state) is {what}").write_text(
            json.dumps(_save(edition=ed, **{"setup.edition": ed, "state.edition": ed})))
    ed = str(folder / "fifo.json")
    add("setup-edition-fifo", "setup-fifo.json", "a sound save whose setup (not state) edition is the FIFO"
        ).write_text(json.dumps(_save(**{"setup.edition": ed})))
    add("sound", "sound.json", "a sound save (the example late game)").write_bytes(EXAMPLE.read_bytes())
    return out


class _Hang(BaseException):
    """(Not an Exception: code that catches every Exception must not hide a hang.)"""


def _alarm(signum, frame):
    raise _Hang()


def _try(call) -> tuple[str, str]:
    """Run ``call()`` for at most :data:`SECONDS`; (answer, message)."""
    from megamono.rules.editions import EditionError
    from megamono.saves import SaveError

    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(SECONDS)
    try:
        try:
            result = call()
        finally:
            signal.alarm(0)
    except _Hang:
        return "hang", f"still blocked after {SECONDS} s"
    except MemoryError:
        return "memory", "MemoryError"
    except (SaveError, EditionError) as exc:
        return "refused", str(exc)
    except BaseException as exc:  # noqa: BLE001 - what a player would see as a traceback
        return "crash", f"{type(exc).__name__}: {str(exc)[:300]}"
    return ("none", "") if result is None else ("ok", "")


def probe(folder: Path) -> dict:
    """Try every file of the catalogue by every reader; ``{"files": {label: {...}}, "list_saves": ...}``."""
    from megamono.autosave import summarise
    from megamono.boards import read_board
    from megamono.saves import SaveError, list_saves, load_game, save_info

    def offered(path: Path):
        """The start screen's entry for the file (as an autosave): None for a finished game, a
        refusal (SaveError) with the reason for a damaged file."""
        entry = summarise(path)
        if entry is not None and entry.damaged is not None:
            raise SaveError(entry.damaged)
        return entry

    catalogue = make_catalogue(folder)
    files = {}
    for label, (path, what) in catalogue.items():
        before = _fingerprint(path)
        answers = {
            "load": _try(lambda path=path: load_game(path)),
            "list": _try(lambda path=path: save_info(path)),
            "edition": _try(lambda path=path: read_board(str(path))),
            "autosave": _try(lambda path=path: offered(path)),
        }
        files[label] = {"name": os.fsencode(path.name).decode("latin-1"), "what": what, "answers": answers,
                        "untouched": _fingerprint(path) == before}
    listed = _try(lambda: list_saves(folder))
    names = []
    if listed[0] == "ok":
        names = sorted(s.name for s in list_saves(folder))
    return {"files": files, "list_saves": {"answer": listed, "names": names}}


def _fingerprint(path: Path):
    """What the file is and holds (never reading a FIFO or a device)."""
    import stat

    try:
        st = os.lstat(path)
    except OSError as exc:
        return ("missing", exc.errno)
    if stat.S_ISREG(st.st_mode):
        return ("file", st.st_size, st.st_mtime_ns, Path(path).read_bytes() if st.st_size < 10**6 else b"")
    if stat.S_ISLNK(st.st_mode):
        return ("link", os.readlink(path))
    return (stat.S_IFMT(st.st_mode), st.st_size, st.st_mtime_ns)


def main(argv: list[str]) -> int:
    as_json = "--json" in argv
    rest = [a for a in argv if a != "--json"]
    folder = Path(rest[0]) if rest else Path(tempfile.mkdtemp(prefix="megamono-hostile-"))
    result = probe(folder)
    if as_json:
        print(json.dumps(result))
        return 0
    for label, item in result["files"].items():
        print(f"{label:20} {item['what']}")
        for reader, (answer, message) in item["answers"].items():
            print(f"    {reader:9} {answer:8} {message[:150]!r}")
        print(f"    {'untouched' if item['untouched'] else 'CHANGED'}")
    answer, message = result["list_saves"]["answer"]
    print(f"list_saves(folder): {answer} {message[:150]!r}; listed {result['list_saves']['names']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
