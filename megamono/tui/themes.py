"""Themes: the standard dark look and a high-contrast one, switched with F2 (or the command
palette's theme picker) and remembered in the save folder (file ``.megamono-theme``).

A Textual :class:`~textual.theme.Theme` colours the screens, borders and footer; the board, deed
cards and player panels draw with the matching :class:`~megamono.tui.look.Palette`
(:func:`palette_for`). With ``NO_COLOR`` set Textual draws everything in greys: every colour-coded
thing also has a letter, so nothing is lost.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.theme import Theme

from .look import HIGH_CONTRAST, STANDARD, Palette

STANDARD_THEME = "textual-dark"
HIGH_CONTRAST_THEME = "megamono-high-contrast"
THEME_FILE = ".megamono-theme"

HIGH_CONTRAST_TEXTUAL = Theme(
    name=HIGH_CONTRAST_THEME,
    primary="#ffff00",
    secondary="#00ffff",
    accent="#ffff00",
    warning="#ffff00",
    error="#ff5050",
    success="#00ff00",
    foreground="#ffffff",
    background="#000000",
    surface="#000000",
    panel="#1c1c1c",
    dark=True,
    variables={
        "footer-key-foreground": "#ffff00",
        "footer-description-foreground": "#ffffff",
        "footer-background": "#000000",
        "block-cursor-foreground": "#000000",
        "block-cursor-background": "#ffff00",
        "input-selection-background": "#ffff00 40%",
        "border": "#ffffff",
        "border-blurred": "#c0c0c0",
        "text-muted": "#e0e0e0",
    },
)


def palette_for(theme: str) -> Palette:
    """The board's palette for an app theme."""
    return HIGH_CONTRAST if theme == HIGH_CONTRAST_THEME else STANDARD


def _file(app: App) -> Path | None:
    folder = getattr(app, "saves_dir", None)
    return Path(folder) / THEME_FILE if folder is not None else None


def setup_themes(app: App) -> None:
    """Register the high-contrast theme and restore the theme chosen last time (if any)."""
    app.register_theme(HIGH_CONTRAST_TEXTUAL)
    path = _file(app)
    from megamono.files import KB, read_regular_file

    try:  # (only a small regular file is read: never a FIFO or a device of that name)
        name = read_regular_file(path, 4 * KB, "theme file").decode("utf-8").strip() if path is not None else ""
    except ValueError:  # (RefusedFile: missing or not a file; UnicodeDecodeError)
        name = ""
    if name in app.available_themes:
        app.theme = name
    # a theme picked anywhere (F2, the command palette's theme picker) is remembered
    app.theme_changed_signal.subscribe(app, lambda theme: remember_theme(app))


def remember_theme(app: App) -> None:
    """Write the app's theme to the save folder (quietly skipped when it cannot be written)."""
    path = _file(app)
    if path is None or (not path.exists() and app.theme == STANDARD_THEME):
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(app.theme + "\n", encoding="utf-8")
    except OSError:
        pass


def toggle_contrast(app: App) -> None:
    """Switch between the standard and the high-contrast theme, and remember the choice."""
    app.theme = STANDARD_THEME if app.theme == HIGH_CONTRAST_THEME else HIGH_CONTRAST_THEME
    app.notify("High-contrast theme" if app.theme == HIGH_CONTRAST_THEME else "Standard theme", timeout=3)
