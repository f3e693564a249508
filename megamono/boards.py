"""Board files: an edition a person wrote (``megamono --edition FILE``, or the one a save names), read
safely and handed to the rules core.

The rules core reads no file but its own shipped editions (:mod:`megamono.rules.editions`); a board
file is read here, through :func:`megamono.files.read_json_file` (only a regular file of at most
:data:`MAX_BOARD_BYTES`: never a FIFO, a device or a folder), and given to
:func:`megamono.rules.editions.add_board`, after which ``Game.new(path)`` and a save naming the file
find it. This module depends on the rules core and on :mod:`megamono.files`; the rules core depends on
neither (import-linter contracts in pyproject.toml).
"""

from __future__ import annotations

from pathlib import Path

from megamono.files import MB, RefusedFile, printable, read_json_file, shown_name
from megamono.rules.editions import EDITION_ID, Edition, EditionError, add_board, edition_path, find_edition

MAX_BOARD_BYTES = 1 * MB
"""The largest board file read (the shipped ones are about 20 KB); a larger one is refused unread."""


def read_board(name_or_path: str | Path) -> Edition:
    """The edition ``name_or_path`` names: a shipped one by id ("mega", "classic"), else the board file
    at that path, read (once per process) and validated, then known to the rules core by its path.

    Raises :class:`~megamono.rules.editions.EditionError` with the file and the first bad field, e.g.
    ``mega.json: spaces.4.rents: Input should be a valid list``, or why the file was not read, e.g.
    ``/tmp/b.json: not a board file: it is a FIFO (named pipe)``. The message is one line (control
    characters escaped: :func:`megamono.files.printable`); the file is never changed.
    """
    known = find_edition(name_or_path)
    if known is not None:
        return known
    is_id = isinstance(name_or_path, str) and EDITION_ID.match(name_or_path) is not None
    path = edition_path(str(name_or_path)) if is_id else Path(name_or_path)
    try:
        raw = read_json_file(path, MAX_BOARD_BYTES, "board file")
    except RefusedFile as exc:  # (named in full: where the file is matters)
        raise EditionError(f"{shown_name(path)}: {'no such edition file' if exc.missing else exc.reason}") from None
    try:
        return add_board(path, raw, shown_name(path.name))
    except EditionError as exc:
        raise EditionError(printable(str(exc))) from exc.__cause__
