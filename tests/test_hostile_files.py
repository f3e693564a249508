"""Issue 13, items 3 and 4: no file makes megamono hang, eat memory or crash; every bad file is
refused in one line naming it (control characters escaped), and is left untouched.

Every try that could hang or grow without end (a FIFO, /dev/zero) runs in a child process under a
time limit and a memory limit, so that a regression fails the test instead of stopping the suite.
The catalogue of hostile files is ``tests/hostile_files.py`` (run it to see every answer).
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from hostile_files import EXAMPLE

# On the one xdist worker of the "serial" group (pyproject.toml): tries run in child processes, time and memory limited.
pytestmark = pytest.mark.xdist_group("serial")

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE = Path(__file__).resolve().parent / "hostile_files.py"
MEMORY_LIMIT = 1536 * 1024 * 1024  # /dev/zero read whole would pass it in about a second


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run(args: list[str], timeout: float = 120, **kw) -> subprocess.CompletedProcess:
    """Run ``python args...`` in a child with the time and memory limits; a hang fails the test."""
    try:
        return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=timeout,
                              preexec_fn=_limit_memory, cwd=kw.pop("cwd", ROOT), **kw)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{args} still running after {timeout} s: megamono hangs")


def megamono(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return run(["-m", "megamono", *args], timeout=timeout)


# ============================================================================ the catalogue
@pytest.fixture(scope="module")
def catalogue(tmp_path_factory) -> dict:
    folder = tmp_path_factory.mktemp("hostile")
    proc = run([str(CATALOGUE), "--json", str(folder)], timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


SOUND = {"sound", "year-one"}
"""Files that are sound saves (year one: a date out of range in local time is still a date)."""
NAMES_A_BAD_BOARD = {"edition-fifo", "edition-zero", "edition-folder", "edition-digits", "setup-edition-fifo"}
"""Sound-looking saves whose board file is hostile: listed (the list does not read boards), refused on load."""
LABELS = ["fifo", "dev-zero", "dev-urandom", "dev-null", "folder", "symlink-loop", "dangling", "socket",
          "sparse-17mb", "zeros-2mb", "empty", "binary", "digits-4301", "deep-nesting", "infinity", "year-one",
          "newline-name", "escape-name", "bidi-name", "non-utf8-name", *sorted(NAMES_A_BAD_BOARD), "sound"]
REASONS = {
    "fifo": "FIFO", "dev-zero": "character device", "dev-urandom": "character device",
    "dev-null": "character device", "folder": "folder", "symlink-loop": "symbolic links",
    "dangling": "no such", "socket": "socket", "sparse-17mb": "is larger than a", "digits-4301": "4300 digits",
    "deep-nesting": "nested too deeply", "edition-fifo": "FIFO", "edition-zero": "character device",
    "edition-folder": "folder", "edition-digits": "4300 digits", "setup-edition-fifo": "FIFO",
}
"""A word of the reason each file is refused for (when it is read as a save)."""


def escaped(latin1_name: str) -> str:
    """A file name (its bytes as latin-1) as a message must show it: a newline as \\n, another
    control character or a byte that is not UTF-8 as \\xNN, a right-to-left override as \\u202e."""
    out = []
    for ch in latin1_name.encode("latin-1").decode("utf-8", "surrogateescape"):
        if ch == "\n":
            out.append("\\n")
        elif 0xDC80 <= ord(ch) <= 0xDCFF:
            out.append(f"\\x{ord(ch) - 0xDC00:02x}")
        elif ord(ch) < 0x20:
            out.append(f"\\x{ord(ch):02x}")
        elif ch == "\u202e":
            out.append("\\u202e")
        else:
            out.append(ch)
    return "".join(out)


def expected(label: str, reader: str) -> str:
    if reader == "edition":
        return "refused"  # not one of them is a board file
    if label in SOUND or (label in NAMES_A_BAD_BOARD and reader != "load"):
        return "ok"
    return "refused"  # (the start screen lists it as damaged, with this reason)


@pytest.mark.parametrize("label", LABELS)
@pytest.mark.parametrize("reader", ["load", "list", "edition", "autosave"])
def test_a_hostile_file_is_refused_in_one_line_and_left_untouched(catalogue, label, reader):
    if label == "socket" and label not in catalogue["files"]:
        pytest.skip("the temporary folder's name is too long for a Unix socket")
    item = catalogue["files"][label]
    answer, message = item["answers"][reader]
    assert (answer, message if answer != expected(label, reader) else "") == (expected(label, reader), "")
    assert item["untouched"]
    if answer == "refused":
        assert "\n" not in message and "\x1b" not in message and "\u202e" not in message
        assert message.isprintable()
        assert escaped(item["name"]) in message, message
        if reader in ("load", "list") and label in REASONS and not (reader == "list" and label in NAMES_A_BAD_BOARD):
            assert REASONS[label] in message, message


def test_one_hostile_file_never_keeps_the_others_from_the_list(catalogue):
    answer, message = catalogue["list_saves"]["answer"]
    assert (answer, message) == ("ok", "")
    assert catalogue["list_saves"]["names"] == sorted(
        ["sound", "year-one", "edition-fifo", "edition-zero", "edition-folder", "edition-digits", "setup-fifo"])


# ============================================================================ the command line
@pytest.fixture
def hostile(tmp_path) -> Path:
    """A FIFO, a link to /dev/zero, a folder and a 17 MB file, each named ``*.json``; and saves
    that name each as their board, setup and state alike."""
    os.mkfifo(tmp_path / "fifo.json")
    os.symlink("/dev/zero", tmp_path / "zero.json")
    (tmp_path / "folder.json").mkdir()
    with open(tmp_path / "huge.json", "wb") as f:
        f.truncate(17 * 1024 * 1024)
    for target in ("fifo", "zero", "folder", "huge"):
        data = json.loads(EXAMPLE.read_bytes())
        board = str(tmp_path / f"{target}.json")
        data["edition"] = data["setup"]["edition"] = data["state"]["edition"] = board
        (tmp_path / f"board-{target}.json").write_text(json.dumps(data))
    return tmp_path


def assert_one_line_refusal(proc: subprocess.CompletedProcess, *words: str) -> None:
    assert proc.returncode == 1, (proc.stdout, proc.stderr[-2000:])
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr[-3000:]
    assert lines[0].startswith("megamono: ")
    for word in words:
        assert word in lines[0], lines[0]


WHY = {"fifo": "it is a FIFO", "zero": "symbolic link to a character device", "folder": "it is a folder",
       "huge": "17825792 bytes is larger than a board file can be (1 MB)"}


@pytest.mark.parametrize("target", ["fifo", "zero"])
def test_validate_refuses_a_save_whose_board_is_not_a_file(hostile, target):
    proc = megamono("validate", str(hostile / f"board-{target}.json"))
    assert_one_line_refusal(proc, f"board-{target}.json: damaged save", f"{target}.json: ", WHY[target])


@pytest.mark.parametrize("target", ["fifo", "zero", "folder", "huge"])
def test_resume_refuses_a_save_whose_board_is_not_a_file(hostile, target):
    proc = megamono("--saves", str(hostile / "saves"), "resume", str(hostile / f"board-{target}.json"))
    assert_one_line_refusal(proc, "cannot resume", f"board-{target}.json", WHY[target])


@pytest.mark.parametrize("target", ["fifo", "zero", "folder", "huge"])
def test_the_edition_option_refuses_a_board_that_is_not_a_file(hostile, target):
    proc = megamono("--saves", str(hostile / "saves"), "--edition", str(hostile / f"{target}.json"))
    # (the option names the board by its real path: the link to /dev/zero is followed)
    name = "/dev/zero: not a board file: it is a character device" if target == "zero" else f"{target}.json: "
    assert_one_line_refusal(proc, "cannot use that board", name, WHY[target] if target != "zero" else "")
    assert not (hostile / "saves").exists()  # (the app never started)


def test_the_edition_option_refuses_a_symlink_loop_in_one_line(tmp_path):
    os.symlink("loop.json", tmp_path / "loop.json")
    proc = megamono("--saves", str(tmp_path / "saves"), "--edition", str(tmp_path / "loop.json"))
    assert_one_line_refusal(proc, "cannot use that board",
                            "loop.json: cannot be read (Too many levels of symbolic links)")


def test_validate_refuses_a_save_with_a_4301_digit_number_in_one_line(tmp_path):
    text = EXAMPLE.read_text().replace('"seed":', '"seed":' + "9" * 4301 + ',"x":', 1)
    f = tmp_path / "digits.json"
    f.write_text(text)
    proc = megamono("validate", str(f))
    assert_one_line_refusal(proc, "digits.json: not a JSON file (a number of more than 4300 digits)")
    assert "Traceback" not in proc.stderr and f.read_text() == text


def test_a_file_name_with_a_newline_is_shown_escaped_on_one_line(tmp_path):
    f = tmp_path / "two\nlines.json"
    f.write_text("{not json")
    proc = megamono("validate", str(f))
    assert_one_line_refusal(proc, "two\\nlines.json: not a JSON file")
    g = tmp_path / "ok\nname.json"
    g.write_bytes(EXAMPLE.read_bytes())
    proc = megamono("validate", str(g))
    assert proc.returncode == 0 and len(proc.stdout.splitlines()) == 1 and "ok\\nname.json: a sound" in proc.stdout


# ============================================================================ the app's start
START = r"""
import asyncio, sys
from pathlib import Path
from megamono.tui.app import MegamonoApp

async def main():
    app = MegamonoApp(Path(sys.argv[1]))  # (the default runtime: the settings and theme are read too)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        print(type(app.screen).__name__, app.screen.autosave is None, flush=True)
        await pilot.press("ctrl+q")

asyncio.run(main())
"""


@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_the_app_starts_past_an_autosave_settings_and_theme_that_are_not_files(saves, kind):
    for name in ("autosave.json", ".megamono-settings.json", ".megamono-theme"):
        if kind == "fifo":
            os.mkfifo(saves / name)
        else:
            os.symlink("/dev/zero", saves / name)
    proc = run(["-c", START, str(saves)], timeout=90)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.split() == ["StartScreen", "True"]  # no autosave offered, nothing hung


# ============================================================================ the helpers
def test_printable_escapes_control_characters_only():
    from megamono.files import printable, shown_name

    assert printable("Zoë's 中文 board — №1.json") == "Zoë's 中文 board — №1.json"  # ordinary unicode stays
    assert printable("a\nb\tc\r\x1b[31m\x7f\x9b\u202e\u2028\u200b") == \
        "a\\nb\\tc\\r\\x1b[31m\\x7f\\x9b\\u202e\\u2028\\u200b"
    assert printable(os.fsdecode(b"bad-\xff.json")) == "bad-\\xff.json"  # a byte that is not UTF-8
    long = shown_name("x" * 500 + ".json")
    assert len(long) == 199 and long.endswith("x.json") and "…" in long


def test_a_fifo_is_never_opened_so_its_writer_stays_blocked(tmp_path):
    """Refusing a FIFO must not even open it: a writer waiting for a reader would be let through
    (and then hit a closed pipe)."""
    from megamono.saves import SaveError, read_save

    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    writer = subprocess.Popen([sys.executable, "-c", "import sys; open(sys.argv[1], 'w').write('{}')", str(fifo)])
    try:
        with pytest.raises(subprocess.TimeoutExpired):
            writer.wait(timeout=0.5)  # (by now it waits in open() for a reader)
        with pytest.raises(SaveError, match="pipe.json: not a save file: it is a FIFO"):
            read_save(fifo)
        with pytest.raises(subprocess.TimeoutExpired):
            writer.wait(timeout=0.5)  # still waiting for a reader
    finally:
        writer.kill()
        writer.wait()
