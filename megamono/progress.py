"""The progress bar of the long commands (``megamono simulate``, ``megamono analyse``): Rich's, on
standard error, gone when done."""

from __future__ import annotations

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)


def progress_bar(console: Console, doing: str, disable: bool = False) -> Progress:
    """A Rich progress bar on ``console`` that says ``doing`` ("simulating"), then done / total, the time
    spent and the time left; transient (it goes when done); ``disable`` (or a console that is not a
    terminal) shows nothing."""
    return Progress(TextColumn(doing), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    TextColumn("eta"), TimeRemainingColumn(), console=console, transient=True,
                    disable=disable or not console.is_terminal)
