"""The notice line: where the app's notices show, on a line of every screen that nothing else uses.

Textual's toasts float over whatever is under them (a dialog's text, the log, a table). megamono's
notices instead go to a :class:`NoticeLine`: one line docked above the footer of every screen, or,
on the game screen when the board leaves no free line (the Mega board at 140x45), the bottom line of
the board's centre. A dialog's own notice line lies exactly over the one of the screen under it, and
the dialog is laid out above it (see ``MegamonoApp.place_notice_lines``), so a notice never covers
anything and nothing covers a notice.

:class:`NoticeBoard` keeps the notices shown now (pure Python): the same notice again while it is
shown counts up ("Sell building: not allowed ×5") instead of showing twice. The line shows the
newest notice first, then older ones as long as they fit whole; a notice longer than the line is
shown a part at a time (``1/2``, ``2/2``), each part for :data:`PAGE_SECONDS`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.cells import cell_len
from rich.text import Text
from textual.widget import Widget

from ..look import chars_in_cells
from ..runtime import Clock

PAGE_SECONDS = 3.0
"""How long each part of a notice too long for its line is shown."""
SEPARATOR = "  ·  "
MARK = "▌ "


@dataclass
class Notice:
    """One notice on the line: its words, how often it came while shown, and when it goes."""

    message: str
    title: str = ""
    severity: str = "information"
    count: int = 1
    since: float = 0.0
    """When it (or its last repeat) came: the parts of a long notice are counted from here."""
    until: float = 0.0

    @property
    def text(self) -> str:
        """"Title — message", with "×N" when it came N times while shown."""
        words = f"{self.title} — {self.message}" if self.title else self.message
        words = " ".join(words.split())  # one line: a newline in a message reads as a space
        return words + (f" ×{self.count}" if self.count > 1 else "")


@dataclass
class NoticeBoard:
    """The notices shown now, newest first; ``clock``: the app's (:class:`~megamono.tui.runtime.Clock`)."""

    clock: Clock = field(default_factory=Clock)
    notices: list[Notice] = field(default_factory=list)

    def now(self) -> float:
        """The board's clock now, in seconds."""
        return self.clock.monotonic()

    def add(self, message: str, title: str = "", severity: str = "information", timeout: float = 5.0,
            width: int = 100) -> Notice:
        """Show a notice for ``timeout`` seconds (longer when it takes several parts of ``width``);
        the same notice while it is still shown is counted instead (and shown anew, on top)."""
        now = self.now()
        self.expire(now)
        same = next((n for n in self.notices
                     if (n.message, n.title, n.severity) == (message, title, severity)), None)
        if same is not None:
            self.notices.remove(same)
            same.count += 1
            notice = same
        else:
            notice = Notice(message, title, severity)
        notice.since = now
        room = width - cell_len(MARK)
        parts = len(pages(notice.text, room - 6)) if cell_len(notice.text) > room else 1
        notice.until = now + max(timeout, parts * PAGE_SECONDS)
        self.notices.insert(0, notice)
        return notice

    def expire(self, now: float | None = None) -> bool:
        """Drop the notices whose time is up; True if any went."""
        now = self.now() if now is None else now
        kept = [n for n in self.notices if n.until > now]
        gone = len(kept) != len(self.notices)
        self.notices = kept
        return gone

    def clear(self) -> None:
        """No notice shown any more."""
        self.notices = []

    def drop_refusals(self) -> None:
        """No warning shown any more (something has just succeeded: an older "not allowed" would read
        as if it were about that)."""
        self.notices = [n for n in self.notices if n.severity != "warning"]

    def next_change(self) -> float | None:
        """Seconds until the line must be drawn again (a notice goes, or a long one shows its next
        part), or None when nothing is shown."""
        if not self.notices:
            return None
        now = self.now()
        soonest = min(n.until for n in self.notices) - now
        newest = self.notices[0]
        page = PAGE_SECONDS - ((now - newest.since) % PAGE_SECONDS)
        return max(0.05, min(soonest, page))

    def line(self, width: int) -> list[tuple[Notice, str]]:
        """What a line of ``width`` cells shows now: (notice, its words or the part shown now) for the
        newest, then older notices that fit whole."""
        if not self.notices or width < 8:
            return []
        room = width - cell_len(MARK)
        newest, *older = self.notices
        words = newest.text
        if cell_len(words) > room:
            parts = pages(words, room - 6)
            k = int((self.now() - newest.since) // PAGE_SECONDS) % len(parts)
            return [(newest, f"{parts[k]} ({k + 1}/{len(parts)})")]
        shown = [(newest, words)]
        used = cell_len(words)
        for notice in older:
            more = cell_len(SEPARATOR) + cell_len(MARK) + cell_len(notice.text)
            if used + more > room:
                break
            shown.append((notice, notice.text))
            used += more
        return shown


def pages(words: str, width: int) -> list[str]:
    """``words`` cut into parts of at most ``width`` terminal cells (a wide letter, an emoji or a CJK
    one, counts two), between words where it can."""
    width = max(1, width)
    parts: list[str] = []
    rest = words
    while cell_len(rest) > width:
        fits = chars_in_cells(rest, width)  # (the characters that fit in ``width`` cells)
        cut = rest.rfind(" ", 0, fits + 1) if fits < len(rest) else fits
        if cut <= 0:
            cut = fits
        parts.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    parts.append(rest)
    return parts


class NoticeLine(Widget):
    """The line of a screen where the app's notices show (the app's :class:`NoticeBoard`): docked
    above the screen's footer unless it is placed inside a layout (``docked=False``). A dialog's
    line ``follows`` the notice line of the screen under it (the app places it there)."""

    DEFAULT_CSS = """
    NoticeLine { height: 1; width: 100%; background: $background; }
    NoticeLine.-docked { dock: bottom; margin-bottom: 1; }
    NoticeLine.-docked.-last { margin-bottom: 0; }
    NoticeLine > .notice-line--information { color: $primary; }
    NoticeLine > .notice-line--warning { color: $warning; text-style: bold; }
    NoticeLine > .notice-line--error { color: $error; text-style: bold; }
    NoticeLine > .notice-line--text { color: $foreground; }
    """
    COMPONENT_CLASSES = {"notice-line--information", "notice-line--warning", "notice-line--error",
                         "notice-line--text"}

    def __init__(self, *, docked: bool = True, follows: bool = True, last: bool = False,
                 id: str | None = None) -> None:
        """``docked``: at the bottom of the screen, above its footer (``last``: at the very bottom,
        for a screen without a footer); ``follows``: a dialog's line, placed by the app over the
        notice line of the screen under it."""
        super().__init__(id=id)
        self.follows = follows
        self.set_class(docked, "-docked")
        self.set_class(last, "-last")

    def board(self) -> NoticeBoard | None:
        """The app's notices (None for an app without them, or notices off: tests)."""
        app = self.app
        if not getattr(app, "show_notices", False):
            return None
        return getattr(app, "notice_board", None)

    def render(self) -> Text:
        board = self.board()
        if board is None:
            return Text("")
        out = Text(no_wrap=True, overflow="ellipsis", end="")
        for k, (notice, words) in enumerate(board.line(self.size.width)):
            if k:
                out.append(SEPARATOR)
            out.append(MARK, style=self.get_component_rich_style(f"notice-line--{notice.severity}",
                                                                  partial=True))
            style = "notice-line--text" if notice.severity == "information" else f"notice-line--{notice.severity}"
            out.append(words, style=self.get_component_rich_style(style, partial=True))
        return out

    @property
    def words(self) -> str:
        """The text on the line now (tests read it)."""
        return self.render().plain
