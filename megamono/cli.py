"""The ``megamono`` command line: parse the arguments, then start the app.

Subcommands: ``play`` (the default) starts a new game; ``resume [FILE]`` continues a saved one.
``--saves DIR`` (or the ``MEGAMONO_SAVES`` environment variable) sets the save folder, ``./saves``
by default. This module imports nothing heavy: the Textual app is imported only when it is started.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from megamono import __version__

SAVES_ENV = "MEGAMONO_SAVES"
DEFAULT_SAVES = "saves"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="megamono", description="Monopoly: The Mega Edition for the terminal (hot-seat)."
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    saves_help = f"folder for saved games (default: ${SAVES_ENV}, else ./{DEFAULT_SAVES})"
    parser.add_argument("--saves", metavar="DIR", type=Path, default=None, help=saves_help)
    seed_help = "seed for the dice and card shuffles of a new game (default: random)"
    parser.add_argument("--seed", metavar="N", type=int, default=None, help=seed_help)
    edition_help = ("the board of a new game: mega, classic, or a board file of your own "
                    "(JSON like assets/editions/mega.json; checked before the app starts)")
    parser.add_argument("--edition", metavar="FILE", default=None, help=edition_help)
    # The subcommands accept --saves too; SUPPRESS keeps them from overwriting a value given before.
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--saves", metavar="DIR", type=Path, default=argparse.SUPPRESS, help=saves_help)
    common.add_argument("--seed", metavar="N", type=int, default=argparse.SUPPRESS, help=seed_help)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    play = sub.add_parser("play", parents=[common], help="start a new game (the default)")
    play.add_argument("--edition", metavar="FILE", default=argparse.SUPPRESS, help=edition_help)
    resume = sub.add_parser("resume", parents=[common], help="continue a saved game")
    resume.add_argument("file", nargs="?", type=Path, default=None,
                        help="the save file (default: choose from the save folder)")
    validate = sub.add_parser("validate", help="check a save file and report the first problem")
    validate.add_argument("file", type=Path, help="the save file")
    simulate = sub.add_parser("simulate", help="play computer players against each other, headless, and sum up")
    from megamono.simulate import add_arguments as simulate_arguments  # light: imports no rules, no rich

    simulate_arguments(simulate)
    return parser


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Parse the command line; ``command`` defaults to "play" and ``saves`` is always a Path."""
    args = build_parser().parse_args(argv)
    if args.command is None:
        args.command = "play"
    if args.saves is None:
        args.saves = Path(os.environ.get(SAVES_ENV) or DEFAULT_SAVES)
    if not hasattr(args, "file"):
        args.file = None
    return args


def check_edition(name: str) -> str | None:
    """``--edition``: "mega"/"classic" as they are, a board file as its absolute path; None if it is bad.

    A bad file is reported on stderr with the first bad field (RULES.md G2), before any screen opens.
    The absolute path goes into the game's saves, so keep the file where it is to resume those games.
    """
    from megamono.rules.editions import EditionError, load_edition

    if name in ("mega", "classic"):
        ref = name
    else:
        try:
            ref = str(Path(name).expanduser().resolve())
        except (OSError, RuntimeError, ValueError):  # a symlink loop...: load_edition says what is wrong
            ref = os.path.abspath(os.path.expanduser(name))
    try:
        load_edition(ref)
    except EditionError as exc:
        print(f"megamono: cannot use that board: {exc}", file=sys.stderr)
        return None
    return ref


def validate(path: Path) -> int:
    """``megamono validate FILE``: load the save as the game would; 0 if sound, 1 with the problem."""
    from megamono.saves import SaveError, load_game

    try:
        game = load_game(path)
    except SaveError as exc:
        print(f"megamono: {exc}", file=sys.stderr)
        return 1
    from megamono.files import printable, shown_name

    names = printable(", ".join(p.name for p in game.st.players))
    print(f"{shown_name(path)}: a sound {printable(game.ed.name)} save: {names}; turn {game.st.turn.number}, "
          f"{len(game.history)} actions")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.command == "validate":
        return validate(args.file)
    if args.command == "simulate":
        from megamono.simulate import main as simulate_main

        return simulate_main(args)
    if getattr(args, "edition", None) is not None:
        args.edition = check_edition(args.edition)
        if args.edition is None:
            return 1
    if args.command == "resume" and args.file is not None:
        # a save that cannot be loaded: say why and stop, rather than open the start screen
        from megamono.saves import SaveError, load_game

        try:
            load_game(args.file)
        except SaveError as exc:
            print(f"megamono: cannot resume: {exc}", file=sys.stderr)
            return 1
    try:
        from megamono.tui.app import run_app
    except ModuleNotFoundError as exc:
        if exc.name is not None and (exc.name == "megamono.tui" or exc.name.startswith("megamono.tui.")):
            print("megamono: the terminal app is not installed yet (megamono.tui is missing).",
                  file=sys.stderr)
            return 1
        raise
    return run_app(args) or 0
