"""The megamono Textual app: start screen, new game, resume, and the game screen.

``run_app(args)`` is what the ``megamono`` command calls. Tests build :class:`MegamonoApp`
directly: ``game=`` starts straight into a ready :class:`~megamono.rules.engine.Game`, ``dice=``
scripts the throws of games made on the setup screen, and ``test_mode=True`` turns off
animations, cursor blink, notifications on screen and the pass-the-keyboard notices.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Sequence

from textual.app import App
from textual.screen import Screen

from megamono.rules.engine import Game
from megamono.saves import SaveError, load_game

from .screens.game import GameScreen
from .screens.start import StartScreen


class MegamonoApp(App):
    """The app. ``saves_dir``: where saves go; ``resume_file``: load it straight into a game;
    ``seed``: the seed of new games; ``open_resume``: start on the list of saves."""

    CSS_PATH = "app.tcss"
    TITLE = "megamono"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, saves_dir: Path, resume_file: Path | None = None, seed: int | None = None,
                 test_mode: bool = False, *, game: Game | None = None,
                 dice: Iterable[Sequence[Any]] | None = None, seat_order: bool = False,
                 open_resume: bool = False) -> None:
        super().__init__()
        self.saves_dir = Path(saves_dir)
        self.resume_file = resume_file
        self.seed = seed
        self.test_mode = test_mode
        self.initial_game = game
        self.dice = list(dice) if dice is not None else None
        self.seat_order = seat_order
        self.open_resume = open_resume
        self.pass_notices = not test_mode
        """Show "pass the keyboard to NAME" when the deciding player changes (off in test mode)."""
        self.notices: list[str] = []
        """Every notification's text, newest last (tests read it)."""
        if test_mode:
            self.animation_level = "none"

    def get_default_screen(self) -> Screen:
        return StartScreen()

    def on_mount(self) -> None:
        if self.initial_game is not None:
            self.start_game(self.initial_game, None)
        elif self.resume_file is not None:
            self.resume(Path(self.resume_file))
        elif self.open_resume:
            from .screens.saves import ResumeScreen
            self.push_screen(ResumeScreen(self.saves_dir))

    def resume(self, path: Path) -> bool:
        """Load ``path`` into a game screen; on a bad file say why on the start screen."""
        try:
            game = load_game(path)
        except SaveError as exc:
            self.notify(str(exc), title="Cannot load", severity="error")
            screen = self.screen_stack[0]
            if isinstance(screen, StartScreen):
                screen.call_after_refresh(screen.show_error, f"Cannot load: {exc}")
            return False
        self.start_game(game, path)
        return True

    def start_game(self, game: Game, path: Path | None) -> None:
        """Leave whatever is open and play ``game`` (``path``: the save it came from)."""
        self.go_start()
        self.push_screen(GameScreen(game, path))

    def go_start(self) -> None:
        """Back to the start screen."""
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def notify(self, message: str, *, title: str = "", severity: str = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        self.notices.append(message)
        if self.test_mode:
            return
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)  # type: ignore[arg-type]


def run_app(args) -> int:
    """Start the app for parsed command-line ``args`` (.command, .saves, .file); the exit code."""
    command = getattr(args, "command", "play")
    file = getattr(args, "file", None)
    app = MegamonoApp(args.saves, resume_file=file if command == "resume" else None,
                      seed=getattr(args, "seed", None), open_resume=(command == "resume" and file is None))
    app.run()
    return app.return_code or 0
