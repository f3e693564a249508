"""The ``megamono`` command line: parse the arguments, then start the app.

Subcommands: ``play`` (the default) starts a new game (``--position FILE``: from a position, README
"Positions"); ``resume [FILE]`` continues a saved one; ``replay SAVE`` steps through a saved game (README
"Replay"); ``review SAVE`` shows its win chances over the game and its turning points (README "The game
review"); ``validate FILE`` checks a save; ``position SAVE
[-o FILE]`` writes the position at the start of a save's turn in progress; ``simulate`` plays computers;
``analyse SAVE`` (or ``--position FILE``) gives each player's chance to win, by playouts (README "Analysis").
``--saves DIR`` (or the ``MEGAMONO_SAVES`` environment variable) sets the save folder, ``./saves``
by default. This module imports nothing heavy: the Textual app is imported only when it is started.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from megamono import __version__

if TYPE_CHECKING:
    from megamono.rules.engine import Game

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
    play.add_argument("--position", metavar="FILE", type=Path, default=None,
                      help="start from a position (a JSON file: README, \"Positions\") instead of a new game")
    resume = sub.add_parser("resume", parents=[common], help="continue a saved game")
    resume.add_argument("file", nargs="?", type=Path, default=None,
                        help="the save file (default: choose from the save folder)")
    replay = sub.add_parser("replay", parents=[common], help="step through a saved game, action by action")
    replay.add_argument("save", type=Path, help="the save file (it is only read)")
    saves_only = argparse.ArgumentParser(add_help=False)
    saves_only.add_argument("--saves", metavar="DIR", type=Path, default=argparse.SUPPRESS, help=saves_help)
    review = sub.add_parser("review", parents=[saves_only],
                            help="review a saved game: win chances over the game, turning points, replay")
    review.add_argument("save", type=Path, help="the save file (it is only read)")
    review.add_argument("--seed", metavar="S", type=int, default=None,
                        help="seed of every point's playouts (default: the position seed of the game's first point,"
                             " shown on the review)")
    review.add_argument("--budget", metavar="N", type=int, default=None,
                        help="playouts over the whole review at most (default: about 2 minutes of a 2-core machine)")
    review.add_argument("--json", metavar="FILE", type=Path, default=None,
                        help="no app: write the chart, the turning points and the marks of the human decisions as JSON"
                             " to FILE ('-' standard output)")
    validate = sub.add_parser("validate", help="check a save file and report the first problem")
    validate.add_argument("file", type=Path, help="the save file")
    position = sub.add_parser("position", help="write the position at the start of a save's turn in progress")
    position.add_argument("save", type=Path, help="the save file")
    position.add_argument("-o", "--output", metavar="FILE", type=Path, default=None,
                          help="write the position to FILE (default: standard output)")
    simulate = sub.add_parser("simulate", help="play computer players against each other, headless, and sum up")
    from megamono.simulate import add_arguments as simulate_arguments  # light: imports no rules, no rich

    simulate_arguments(simulate)
    analyse = sub.add_parser("analyse", aliases=["analyze"],
                             help="each player's chance to win from a save or a position, by playing it out")
    from megamono.analyse_cli import add_arguments as analyse_arguments  # light: imports no rules, no rich

    analyse_arguments(analyse)
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
    from megamono.boards import read_board
    from megamono.rules.editions import EditionError

    if name in ("mega", "classic"):
        ref = name
    else:
        try:
            ref = str(Path(name).expanduser().resolve())
        except (OSError, RuntimeError, ValueError):  # a symlink loop...: read_board says what is wrong
            ref = os.path.abspath(os.path.expanduser(name))
    try:
        read_board(ref)
    except EditionError as exc:
        print(f"megamono: cannot use that board: {exc}", file=sys.stderr)
        return None
    return ref


def validate(path: Path) -> int:
    """``megamono validate FILE``: load the save as the game would; 0 if sound, 1 with the problem."""
    from megamono.files import WrongKindOfFile, printable, shown_name, use_instead
    from megamono.saves import SaveError, load_game

    try:
        game = load_game(path, name=str(path))
    except WrongKindOfFile as exc:
        print(f"megamono: cannot validate: {use_instead('validate', exc)}", file=sys.stderr)
        return 1
    except SaveError as exc:
        print(f"megamono: {exc}", file=sys.stderr)
        return 1

    names = printable(", ".join(p.name for p in game.st.players))
    print(f"{shown_name(path)}: a sound {printable(game.ed.name)} save: {names}; turn {game.st.turn.number}, "
          f"{len(game.history)} actions")
    return 0


MAX_POSITION_BYTES = 1024 * 1024
"""The largest position file read (1 MiB; a position of a full board is about 10 kB)."""
MAX_READ_BYTES = 16 * 1024 * 1024
"""The largest file ``--position`` reads at all (a save's cap, :data:`megamono.saves.MAX_SAVE_BYTES`): a
save given there is told for what it is, whatever its size."""


def turn_start_position(path: Path) -> tuple[str, str]:
    """``megamono position``'s work: the position (JSON text) at the start of the turn in progress in the
    save ``path``, and a sentence saying which turn and whose. The start of a turn is its last moment
    before the first roll (:func:`~megamono.rules.positions.at_turn_start`: trades or building made
    before rolling are in it): the save's own moment when it is one, else found by replaying the save's
    actions. ``SaveError`` for a save that cannot be loaded; ``ValueError`` when no start of that turn
    is found."""
    from megamono.rules.engine import Game
    from megamono.rules.positions import at_turn_start, position_json
    from megamono.saves import load_game

    game = load_game(path, name=str(path))
    number = game.st.turn.number
    start: Game | None = game if at_turn_start(game.st) else None
    if start is None:
        replay = Game.replay(game.setup, [])
        for action in game.history:
            if replay.st.turn.number == number and at_turn_start(replay.st):
                start = replay.copy()
            elif start is not None:
                break  # (past the turn's start)
            replay.act(action)
        if start is None:
            raise ValueError(f"the start of turn {number} is not in the save's actions")
    t = start.st.turn
    whose = start.st.players[t.player].name
    over = "the game is over; " if game.over else ""
    return position_json(start.position()), f"{over}the start of turn {t.number} (round {t.round}), {whose}'s"


def write_position(args: argparse.Namespace) -> int:
    """``megamono position SAVE [-o FILE]``: 0 with the position written, 1 with the reason (one line)."""
    from megamono.files import printable, shown_name, use_instead
    from megamono.saves import SaveError, write_atomic

    try:
        text, said = turn_start_position(args.save)
    except (SaveError, ValueError) as exc:
        print(f"megamono: no position: {use_instead('position', exc)}", file=sys.stderr)
        return 1
    if args.output is None:
        sys.stdout.write(text)
        where = "standard output"
    else:
        try:
            write_atomic(args.output, text.encode("utf-8"))
        except SaveError as exc:
            print(f"megamono: {exc}", file=sys.stderr)
            return 1
        where = shown_name(args.output)
    print(f"megamono: wrote the position at {printable(said)}, to {where}", file=sys.stderr)
    return 0


def position_game(path: Path, edition: str | None, seed: int | None) -> Game:
    """``megamono play --position FILE``: the game the position file describes (RULES.md I1-I6 checked),
    on ``edition`` when given (else the position's own), with ``seed`` when the position has none.
    ``ValueError`` (one line: the file and the first bad field) when it cannot start; a
    :class:`~megamono.files.WrongKindOfFile` for a save (or another megamono file) given as a position."""
    from megamono.boards import read_board
    from megamono.files import RefusedFile, check_kind, parse_json, read_regular_file, shown_name, size_text
    from megamono.rules.engine import Game
    from megamono.rules.positions import parse_position

    try:
        raw = read_regular_file(path, MAX_READ_BYTES, "position file")
    except RefusedFile as exc:
        raise ValueError(f"{shown_name(path) if exc.missing else shown_name(path.name)}: {exc.reason}") from None
    try:
        data = parse_json(raw)
    except ValueError as exc:
        raise ValueError(f"{shown_name(path.name)}: not JSON ({exc})") from None
    check_kind(data, "position", str(path))
    if len(raw) > MAX_POSITION_BYTES:
        raise ValueError(f"{shown_name(path.name)}: {len(raw)} bytes is larger than a position file can be "
                         f"({size_text(MAX_POSITION_BYTES)})")
    try:
        pos = parse_position(data)
        if pos.seed is None and seed is not None:
            pos = pos.model_copy(update={"seed": seed})
        for board in (edition, pos.edition):  # (a board file is read here: the rules core reads none)
            if board is not None:
                read_board(board)
        return Game.from_position(edition, pos)
    except (RecursionError, ValueError) as exc:  # PositionError, EditionError, a bad throw or JSON
        raise ValueError(f"{shown_name(path.name)}: {exc}") from None


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.command == "validate":
        return validate(args.file)
    if args.command == "position":
        return write_position(args)
    if args.command == "simulate":
        from megamono.simulate import main as simulate_main

        return simulate_main(args)
    if args.command in ("analyse", "analyze"):
        from megamono.analyse_cli import main as analyse_main

        return analyse_main(args, lambda path: position_game(path, None, None))
    if getattr(args, "edition", None) is not None:
        args.edition = check_edition(args.edition)
        if args.edition is None:
            return 1
    if getattr(args, "position", None) is not None:
        from megamono.autosave import Origin
        from megamono.files import use_instead

        try:
            args.game = position_game(args.position, getattr(args, "edition", None), getattr(args, "seed", None))
            args.origin = Origin(position=args.position.name)  # (its saves say so: the start screen)
        except ValueError as exc:
            print(f"megamono: cannot start from that position: {use_instead('play', exc)}", file=sys.stderr)
            return 1
    if args.command == "replay":
        # read before the app opens: a save that cannot be replayed is refused in one line
        from megamono.files import use_instead
        from megamono.replay import Timeline
        from megamono.saves import SaveError

        try:
            args.timeline = Timeline.from_save(args.save, name=str(args.save))
        except SaveError as exc:
            print(f"megamono: cannot replay: {use_instead('replay', exc)}", file=sys.stderr)
            return 1
    if args.command == "review":
        # read before the app opens: a save that cannot be replayed is refused in one line
        from megamono.files import use_instead
        from megamono.replay import Timeline
        from megamono.review import review_game
        from megamono.saves import SaveError, load_save

        try:
            loaded = load_save(args.save, name=str(args.save))
            if args.budget is not None and args.budget < 1:
                raise ValueError(f"--budget must be at least 1 playout, got {args.budget}")
            made = review_game(loaded.game, timeline=Timeline.from_game(loaded.game), seed=args.seed)
            if args.budget is not None:
                made.budget = args.budget
            args.review = (made, args.save.stem)
        except (SaveError, ValueError) as exc:
            print(f"megamono: cannot review: {use_instead('review', exc)}", file=sys.stderr)
            return 1
        if args.json is not None:
            from megamono.review_cli import main as review_json

            return review_json(made, args.json)
    if args.command == "resume" and args.file is not None:
        # a save that cannot be loaded: say why and stop, rather than open the start screen
        from megamono.files import use_instead
        from megamono.saves import SaveError, load_game

        try:
            load_game(args.file, name=str(args.file))
        except SaveError as exc:
            print(f"megamono: cannot resume: {use_instead('resume', exc)}", file=sys.stderr)
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
