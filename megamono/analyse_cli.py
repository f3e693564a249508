"""``megamono analyse``'s command line: its options, reading the save or position, the table of chances and the
JSON (the playouts are :mod:`megamono.analysis`'s, which imports no Rich: the expert computer player uses them).

    megamono analyse SAVE [--position FILE] [--playouts N] [--jobs J] [--turn-limit R] [--seed S] [--json FILE|-]
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from megamono.analysis import BOT_LEVEL, DEFAULT_PLAYOUTS, DEFAULT_TURN_LIMIT, Analysis, analyse

if TYPE_CHECKING:
    import argparse

    from rich.console import Console

    from megamono.rules.engine import Game

ENDING_WORDS = {"last_player_standing": "bankruptcy", "turn_limit": "turn limit", "time_limit": "time limit",
                "agreed_end": "agreed end"}
"""How the summary names each way a game ends."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The ``analyse`` subcommand's options (called by :mod:`megamono.cli`)."""
    import argparse

    p.add_argument("save", nargs="?", type=Path, default=None, help="the save file to analyse")
    p.add_argument("--position", metavar="FILE", type=Path, default=None,
                   help="analyse a position (a JSON file: README, \"Positions\") instead of a save")
    p.add_argument("--playouts", "-n", type=int, default=DEFAULT_PLAYOUTS, metavar="N",
                   help=f"games played out from the position (default {DEFAULT_PLAYOUTS:,})")
    p.add_argument("--jobs", "-j", type=int, default=0, metavar="J",
                   help="processes to play in; 0 = one per CPU (the default); the figures do not depend on it")
    p.add_argument("--turn-limit", type=int, default=DEFAULT_TURN_LIMIT, metavar="R",
                   help=f"rounds a playout may go on before final worth decides (default {DEFAULT_TURN_LIMIT}; the"
                        " game's own turn limit if sooner)")
    p.add_argument("--seed", type=int, default=argparse.SUPPRESS, metavar="S",
                   help="seed of the playouts (default: the position's own, made from the position, so every route"
                        " to the same moment gives the same figures)")
    p.add_argument("--json", type=Path, default=None, metavar="FILE",
                   help="also write the figures as JSON to FILE; '-' prints them on standard output (the table"
                        " then goes to standard error)")


def load_source(args: argparse.Namespace, read_position: Callable[[Path], Game]) -> tuple[Game, str]:
    """The game ``args`` name (a save, or ``--position``: read by ``read_position``, the command line's
    reader of position files) and the file's name as shown. ValueError (one line) if it cannot be
    loaded; the file is only read."""
    from megamono.files import shown_name

    save, position = args.save, args.position
    if (save is None) == (position is None):
        raise ValueError("give a save file or --position FILE (one of them)")
    if position is not None:
        game = read_position(position)
        path: Path = position
    else:
        from megamono.saves import load_game

        game = load_game(save, name=str(save))  # its SaveError is a ValueError (a NotASave for a position file)
        path = save
    return game, shown_name(path)


def render(result: Analysis, game: Game, source: str, console: Console, seconds: float | None = None,
           jobs: int | None = None) -> None:
    """Print the figures as a Rich table, with a line of how the playouts ended. Names (of the players,
    of the file) print as typed: "[b]Zoë" is not Rich markup here."""
    from rich.markup import escape
    from rich.table import Table
    from rich.text import Text

    from megamono.files import printable

    st = game.st
    mover = escape(printable(st.players[st.turn.player].name))
    timing = ""
    if seconds is not None:
        timing = f"; {seconds:.1f} s ({result.playouts / seconds:.0f} playouts/s"
        timing += f", {jobs} process{'es' * (jobs != 1)})" if jobs else ")"
    console.print(f"[b]{result.playouts:,}[/] playouts of {escape(printable(source))} from round {result.start_round}"
                  f" ({mover} to move{', game over' if game.over else ''}), the strong computer in every seat,"
                  f" final worth deciding at the end of round {result.last_round} at the latest; seed"
                  f" {result.seed}{timing}", highlight=False)
    table = Table(title="Chances to win", title_justify="left")
    table.add_column("seat", justify="right")
    table.add_column("player")
    table.add_column("win chance", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("expected final worth", justify="right")
    for pc in result.players:
        gone = " (bankrupt)" if st.players[pc.seat].bankrupt else ""
        table.add_row(str(pc.seat + 1), Text(printable(pc.name) + gone), f"{pc.chance:.1%}",
                      f"{pc.low:.1%} - {pc.high:.1%}", f"${pc.worth:,.0f}")
    console.print(table)
    ends = [f"{ENDING_WORDS.get(k, k)} {result.share(k):.1%} ({n:,})" for k, n in result.endings.items()
            if n or k in ("last_player_standing", "turn_limit")]
    console.print(f"Endings: {', '.join(ends)}; a playout went on for {result.turns:.1f} turns"
                  f" ({result.rounds:.1f} rounds) on average", highlight=False)


def main(args: argparse.Namespace, read_position: Callable[[Path], Game]) -> int:
    """Run ``megamono analyse`` from parsed arguments: 0 on success, 1 with a one-line reason.
    ``read_position``: the game of a position file, ValueError in one line if none (the command line's
    :func:`megamono.cli.position_game`: this module stays under the command line)."""
    from rich.console import Console

    from megamono.files import printable, use_instead, write_atomic
    from megamono.progress import progress_bar

    err = Console(stderr=True)
    to_stdout = args.json is not None and str(args.json) == "-"
    out = err if to_stdout else Console()  # with --json -, standard output carries the JSON alone

    def refuse(why: object) -> int:
        print(f"megamono: cannot analyse: {printable(why)}", file=sys.stderr)
        return 1

    if args.playouts < 1:
        return refuse(f"--playouts must be at least 1, got {args.playouts}")
    if args.jobs < 0:
        return refuse(f"--jobs must be 0 (one per CPU) or more, got {args.jobs}")
    if args.turn_limit < 1:
        return refuse(f"--turn-limit must be at least 1 round, got {args.turn_limit}")
    try:
        game, source = load_source(args, read_position)
    except ValueError as exc:  # a file of another kind is told with the command that reads it
        return refuse(use_instead("analyse", exc))
    seed = getattr(args, "seed", None)  # (None: the position's own, position_seed)
    jobs = args.jobs or os.cpu_count() or 1
    jobs = min(jobs, args.playouts)
    t0 = time.perf_counter()
    with progress_bar(err, "playing out", disable=to_stdout) as bar:
        task = bar.add_task("playouts", total=args.playouts)
        try:
            result = analyse(game, args.playouts, seed, args.turn_limit, jobs,
                             progress=lambda done, total: bar.update(task, completed=done))
        except ValueError as exc:
            return refuse(exc)
        except KeyboardInterrupt:
            print("megamono: analysis interrupted", file=sys.stderr)
            return 130
    seconds = time.perf_counter() - t0
    render(result, game, source, out, seconds, jobs)
    doc = {"format": "megamono-analysis", "source": source, "edition": game.ed.id,
           "round": game.st.turn.round, "turn": game.st.turn.number,
           "to_move": game.st.players[game.st.turn.player].name, "bot": BOT_LEVEL, **result.to_dict()}
    text = json.dumps(doc, indent=2) + "\n"
    if to_stdout:
        sys.stdout.write(text)
    elif args.json is not None:
        try:
            write_atomic(args.json, text.encode())
        except OSError as exc:
            return refuse(f"cannot write {args.json}: {exc.strerror or exc}")
        out.print(f"figures written to {printable(args.json)}", markup=False, highlight=False)
    return 0
