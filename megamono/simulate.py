"""``megamono simulate``: play many games between computer players, headless, and sum them up.

    megamono simulate --games 200 --players 4 --edition mega --bots strong,easy --jobs 4 --json out.json

Seat k plays the bot level ``bots[k % len(bots)]`` (``--rotate`` shifts the levels by one seat each
game, so every level sits in every seat). Game i uses the seed ``--seed + i``, so a run repeats
exactly. The summary: wins by seat and by bot level, game length in rounds (median and
inter-quartile range), the share of games stopped by the turn limit, and how often a move ends on
each space (a table and a small board heat map). ``--json FILE`` writes the same summary as JSON.

``--movement-only`` plays movers only (:class:`~megamono.bots.mover.MoverBot`: nobody buys, tokens only
move and obey cards) and prints the share of throws that end on each space, In Jail apart from Just
Visiting (:func:`run_movement`; ``--throws`` per game after the first ``--skip``). The exact Markov chain
of the same model is in ``tests/markov.py`` and the two are compared in ``tests/bots/test_markov.py``.

The heavy lifting is :func:`run` (plays, returns the summary dict) and :func:`render` (Rich
tables); :func:`main` ties them to the parsed command line.
"""

from __future__ import annotations

import json
import os
import secrets
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import JustifyMethod

DEFAULT_TURN_LIMIT = 500


# ----------------------------------------------------------------------------- one game
def seat_levels(bots: Sequence[str], players: int, game_index: int = 0, rotate: bool = False) -> list[str]:
    """The bot level of each seat: ``bots`` cycled over the seats, shifted by the game with ``rotate``."""
    shift = game_index if rotate else 0
    return [bots[(k + shift) % len(bots)] for k in range(players)]


def landings(game) -> list[int]:
    """How many moves ended on each space, from the game log.

    Every :class:`Moved` or :class:`MovedBack` event counts (throws, cards, Mr. Monopoly, the bus,
    Bus Tickets); being sent to jail (:class:`ToJail`) counts as arriving at the Jail.
    """
    from megamono.rules.events import Moved, MovedBack, ToJail

    counts = [0] * game.ed.size
    for e in game.st.log:
        if isinstance(e, (Moved, MovedBack, ToJail)):
            counts[e.space] += 1
    return counts


def play_one(job: tuple) -> dict[str, Any]:
    """Play game ``job = (index, edition, levels, seed, turn_limit)``; a small picklable result."""
    from megamono.boards import read_board
    from megamono.bots import play_bot_game

    index, edition, levels, seed, turn_limit = job
    read_board(edition)  # (a board file, in a worker process of its own: read there)
    t0 = time.perf_counter()
    game = play_bot_game(edition, list(levels), seed, turn_limit=turn_limit or None)
    st = game.st
    outcome = game.outcome
    ended_by_limit = outcome is not None and outcome.termination == "turn_limit"
    return {
        "index": index,
        "seed": seed,
        "levels": list(levels),
        "winners": list(st.winners),
        "rounds": st.turn.round,
        "turns": st.turn.number,
        "actions": len(game.history),
        "turn_limit_hit": ended_by_limit,
        "bankrupt": [p.bankrupt for p in st.players],
        "landings": landings(game),
        "fallbacks": sum(getattr(b, "fallbacks", 0) for b in getattr(game, "bots", [])),
        "seconds": time.perf_counter() - t0,
    }


# ----------------------------------------------------------------------------- many games
def run(games: int = 100, players: int = 4, edition: str = "mega", bots: Sequence[str] = ("strong",),
        seed: int | None = None, turn_limit: int | None = DEFAULT_TURN_LIMIT, jobs: int = 1,
        rotate: bool = False, progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play ``games`` bot games and return the summary (see :func:`summarize`).

    ``jobs`` > 1 plays in that many processes (0 = one per CPU). ``progress(done, total)`` is
    called after every game. Raises ValueError for a bad edition, player count or bot level.
    """
    from megamono.boards import read_board
    from megamono.bots import LEVELS

    ed = read_board(edition)
    if games < 1:
        raise ValueError("--games must be at least 1")
    if not ed.rules.min_players <= players <= ed.rules.max_players:
        raise ValueError(f"{ed.name} is for {ed.rules.min_players} to {ed.rules.max_players} players, got {players}")
    bots = [b.strip().lower() for b in bots if b.strip()]
    if not bots:
        raise ValueError("--bots needs at least one level")
    for b in bots:
        if b not in LEVELS:
            raise ValueError(f"unknown bot level {b!r}: choose from {', '.join(LEVELS)}")
    if seed is None:
        seed = secrets.randbits(31)
    jobs = (os.cpu_count() or 1) if jobs == 0 else max(1, jobs)
    jobs = min(jobs, games)
    work = [(i, str(edition), seat_levels(bots, players, i, rotate), seed + i, turn_limit) for i in range(games)]
    results: list[dict] = []
    t0 = time.perf_counter()
    if jobs == 1:
        for job in work:
            results.append(play_one(job))
            if progress:
                progress(len(results), games)
    else:
        import multiprocessing

        with multiprocessing.get_context().Pool(jobs) as pool:
            for res in pool.imap_unordered(play_one, work, chunksize=1):
                results.append(res)
                if progress:
                    progress(len(results), games)
    elapsed = time.perf_counter() - t0
    results.sort(key=lambda r: r["index"])
    meta = {"edition": ed.id if str(edition) == ed.id else str(edition), "edition_name": ed.name,
            "players": players, "bots": bots, "rotate": rotate, "seed": seed, "turn_limit": turn_limit,
            "jobs": jobs, "seconds": round(elapsed, 3)}
    return summarize(results, meta, [s.name for s in ed.spaces], [s.short for s in ed.spaces])


def _quartiles(values: list[float]) -> tuple[float, float, float]:
    if len(values) == 1:
        return values[0], values[0], values[0]
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return q1, q2, q3


def summarize(results: list[dict], meta: dict, space_names: list[str],
              short_names: list[str] | None = None) -> dict[str, Any]:
    """The summary of a list of :func:`play_one` results (JSON-ready).

    A shared win (a tie on final worth) counts as an equal fraction of a win for each winner.
    """
    n = len(results)
    players = meta["players"]
    seat_wins = [0.0] * players
    seat_levels_seen: list[set[str]] = [set() for _ in range(players)]
    level_wins: dict[str, float] = {}
    level_seats: dict[str, int] = {}
    level_games: dict[str, int] = {}
    for r in results:
        for k, lv in enumerate(r["levels"]):
            seat_levels_seen[k].add(lv)
            level_seats[lv] = level_seats.get(lv, 0) + 1
        for lv in set(r["levels"]):
            level_games[lv] = level_games.get(lv, 0) + 1
        share = 1 / len(r["winners"]) if r["winners"] else 0.0
        for w in r["winners"]:
            seat_wins[w] += share
            lv = r["levels"][w]
            level_wins[lv] = level_wins.get(lv, 0.0) + share
    rounds = [float(r["rounds"]) for r in results]
    q1, med, q3 = _quartiles(rounds)
    counts = [0] * len(space_names)
    for r in results:
        for i, c in enumerate(r["landings"]):
            counts[i] += c
    total = sum(counts) or 1
    limit_hits = sum(1 for r in results if r["turn_limit_hit"])
    seconds = meta.get("seconds") or 0.0
    return {
        **meta,
        "games": n,
        "games_per_second": round(n / seconds, 3) if seconds else None,
        "wins_by_seat": [
            {"seat": k + 1, "levels": sorted(seat_levels_seen[k]), "wins": _wins(seat_wins[k]),
             "share": round(seat_wins[k] / n, 4)} for k in range(players)],
        "wins_by_level": [
            {"level": lv, "seats_played": level_seats[lv], "games_in": level_games[lv],
             "wins": _wins(level_wins.get(lv, 0.0)), "share_of_games": round(level_wins.get(lv, 0.0) / n, 4),
             "win_rate_per_seat": round(level_wins.get(lv, 0.0) / level_seats[lv], 4)}
            for lv in sorted(level_seats)],
        "rounds": {"median": med, "q1": q1, "q3": q3, "iqr": q3 - q1, "min": min(rounds), "max": max(rounds),
                   "mean": round(statistics.fmean(rounds), 2)},
        "turns_mean": round(statistics.fmean(r["turns"] for r in results), 2),
        "actions_mean": round(statistics.fmean(r["actions"] for r in results), 2),
        "turn_limit_hits": limit_hits,
        "turn_limit_share": round(limit_hits / n, 4),
        "bankruptcies_mean": round(statistics.fmean(sum(r["bankrupt"]) for r in results), 3),
        "bot_fallbacks": sum(r["fallbacks"] for r in results),
        "landing": {"moves": sum(counts), "spaces": [
            {"space": i, "name": space_names[i], "short": (short_names or space_names)[i], "count": c,
             "share": round(c / total, 5)}
            for i, c in enumerate(counts)]},
    }


# ----------------------------------------------------------------------------- movement only
MOVEMENT_SKIP = 100
"""Throws left out at the start of every movement-only game (the game is still near GO)."""

MOVEMENT_CASH = 10**9
"""Starting cash of the movers: no tax, fee or fine can put one in debt."""


def movement_game(job: tuple) -> dict[str, Any]:
    """Play one movement-only game ``job = (index, edition, players, seed, throws, skip)``.

    Every seat is a :class:`~megamono.bots.mover.MoverBot` (nobody buys, tokens only move and obey
    cards, a jailed player pays at once; [Mega] the Bus face always advances, triples go to Free
    Parking, Birthday Gift takes the cash), seated in the given order with ``MOVEMENT_CASH`` each.

    A *throw* is one Roll (or Roll For Doubles) action, by any player. It ends when the game next
    waits for a turn (``turn`` or ``jail``): by then the roll, the space, any card, [Mega] the Mr.
    Monopoly or Bus move and any trip to jail are resolved. The thrower's token is counted there:
    ``counts[i]`` for space ``i`` and ``counts[size]`` for In Jail (on the jail space with
    ``in_jail``); Just Visiting is the jail space's own entry. The first ``skip`` throws of the game
    are left out; ``throws`` are counted.

    Returns a small picklable result: the counts, ``gojf_out`` (the throw after which both Get Out
    of Jail Free cards were held, i.e. out of their decks for good, or None),
    ``counted_before_gojf_out`` (counted throws made while one was still in its deck), ``fallbacks`` (must
    be 0), ``owned`` (deeds owned at the end, must be 0), ``debts`` (debt decisions seen, must be 0).
    """
    from megamono.boards import read_board
    from megamono.bots.mover import MoverBot
    from megamono.bots.schedule import computer_to_ask
    from megamono.rules.engine import Game

    index, edition, players, seed, throws, skip = job
    read_board(edition)  # (a board file, in a worker process of its own: read there)
    t0 = time.perf_counter()
    names = [f"Mover {k + 1}" for k in range(players)]
    game = Game.new(edition, names, seed=seed, seat_order=True, options={"starting_cash": MOVEMENT_CASH})
    bots = [MoverBot(seed * 16 + k) for k in range(players)]
    st = game.st
    size = game.ed.size
    counts = [0] * (size + 1)
    gojf_total = sum(1 for c in (*game.ed.chance, *game.ed.community_chest) if c.effect == "get_out_of_jail_free")
    gojf_out = 0 if gojf_total == 0 else None
    done = debts = early = 0
    roller: int | None = None
    while done < skip + throws:
        pend = game.pending
        assert pend is not None, "a movement game never ends (no rent, no debts): a decision always waits"
        if pend.kind == "debt":
            debts += 1
        if roller is not None and pend.kind in ("turn", "jail"):
            pl = st.players[roller]
            done += 1
            if done > skip:
                counts[size if pl.in_jail else pl.position] += 1
                early += gojf_out is None
            if gojf_out is None and sum(len(p.gojf) for p in st.players) == gojf_total:
                gojf_out = done
            roller = None
            if len(st.log) > 10_000:  # nobody reads a movement game's log or history: keep memory flat
                st.log.clear()
                game.history.clear()
            continue
        p = computer_to_ask(game)  # the seat the game waits on (A3: each open-auction bidder in turn)
        assert p is not None, "a movement game waits on a seat"
        action = bots[p].choose(game, p)
        if action.kind in ("roll", "roll_for_doubles"):
            roller = p
        game.act(action)
    return {
        "index": index,
        "seed": seed,
        "counts": counts,
        "gojf_out": gojf_out,
        "counted_before_gojf_out": early,
        "fallbacks": sum(b.fallbacks for b in bots),
        "owned": sum(1 for d in st.deeds.values() if d.owner is not None),
        "debts": debts,
        "seconds": time.perf_counter() - t0,
    }


def run_movement(games: int = 100, players: int = 2, edition: str = "mega", seed: int | None = None,
                 throws: int = 1000, skip: int = MOVEMENT_SKIP, jobs: int = 1,
                 progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play ``games`` movement-only games (see :func:`movement_game`) and sum up where throws end.

    Game i uses the seed ``seed + i``; each counts ``throws`` throws after leaving out its first
    ``skip``. The summary's ``landing`` lists every space with its count and share of the counted
    throws, and ``in_jail`` the throws that ended in jail (Just Visiting is the jail space's row).
    Raises ValueError for a bad edition, player count, games, throws or skip.
    """
    from megamono.boards import read_board

    ed = read_board(edition)
    if games < 1:
        raise ValueError("--games must be at least 1")
    if throws < 1:
        raise ValueError("--throws must be at least 1")
    if skip < 0:
        raise ValueError("--skip must be 0 or more")
    if not ed.rules.min_players <= players <= ed.rules.max_players:
        raise ValueError(f"{ed.name} is for {ed.rules.min_players} to {ed.rules.max_players} players, got {players}")
    if seed is None:
        seed = secrets.randbits(31)
    jobs = (os.cpu_count() or 1) if jobs == 0 else max(1, jobs)
    jobs = min(jobs, games)
    work = [(i, str(edition), players, seed + i, throws, skip) for i in range(games)]
    results: list[dict] = []
    t0 = time.perf_counter()
    if jobs == 1:
        for job in work:
            results.append(movement_game(job))
            if progress:
                progress(len(results), games)
    else:
        import multiprocessing

        with multiprocessing.get_context().Pool(jobs) as pool:
            for res in pool.imap_unordered(movement_game, work, chunksize=1):
                results.append(res)
                if progress:
                    progress(len(results), games)
    elapsed = time.perf_counter() - t0
    results.sort(key=lambda r: r["index"])
    counts = [sum(r["counts"][i] for r in results) for i in range(ed.size + 1)]
    total = sum(counts)
    gojf = [r["gojf_out"] for r in results]
    return {
        "mode": "movement-only",
        "edition": ed.id if str(edition) == ed.id else str(edition), "edition_name": ed.name,
        "players": players, "games": games, "seed": seed, "throws_per_game": throws, "skip": skip,
        "jobs": jobs, "seconds": round(elapsed, 3),
        "throws": total,
        "fallbacks": sum(r["fallbacks"] for r in results),
        "owned": sum(r["owned"] for r in results),
        "debts": sum(r["debts"] for r in results),
        "gojf_out": {"games_with_both_out": sum(1 for g in gojf if g is not None),
                     "max_throw": max((g for g in gojf if g is not None), default=None),
                     "counted_throws_before": sum(r["counted_before_gojf_out"] for r in results)},
        "landing": [{"space": i, "name": s.name, "short": s.short, "kind": s.kind, "count": counts[i],
                     "share": counts[i] / total} for i, s in enumerate(ed.spaces)],
        "in_jail": {"count": counts[ed.size], "share": counts[ed.size] / total},
    }


def movement_shares(summary: dict[str, Any]) -> list[float]:
    """The shares of a :func:`run_movement` summary: every space in board order, then In Jail."""
    return [s["share"] for s in summary["landing"]] + [summary["in_jail"]["share"]]


# ----------------------------------------------------------------------------- display
def board_cells(size: int) -> dict[int, tuple[int, int]]:
    """(row, column) of each space on a square board drawn with GO at the bottom right."""
    side = size // 4
    cells = {}
    for i in range(size):
        if i <= side:
            cells[i] = (side, side - i)
        elif i <= 2 * side:
            cells[i] = (2 * side - i, 0)
        elif i <= 3 * side:
            cells[i] = (0, i - 2 * side)
        else:
            cells[i] = (i - 3 * side, side)
    return cells


def heat_map(summary: dict[str, Any]):
    """A small board of the landing shares: each cell is a space, redder = landed on more often."""
    from rich.color import Color
    from rich.style import Style
    from rich.text import Text

    spaces = summary["landing"]["spaces"]
    size = len(spaces)
    side = size // 4
    shares = [s["share"] for s in spaces]
    top = max(shares) or 1.0
    low = min(shares)
    grid: dict[tuple[int, int], int] = {rc: i for i, rc in board_cells(size).items()}
    text = Text()
    for row in range(side + 1):
        for col in range(side + 1):
            i = grid.get((row, col))
            if i is None:
                text.append("     ")
                continue
            f = (shares[i] - low) / (top - low) if top > low else 0.0
            bg = Color.from_rgb(int(40 + 215 * f), int(40 + 60 * (1 - f)), int(90 * (1 - f)))
            text.append(f"{shares[i] * 100:4.1f}", Style(color="white", bgcolor=bg, bold=f > 0.75))
            text.append(" ")
        text.append("\n")
    text.append(f"% of {summary['landing']['moves']:,} moves ending on each space; GO is at the bottom right")
    return text


def render(summary: dict[str, Any], console=None) -> None:
    """Print the summary as Rich tables and the heat map."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table
    from rich.text import Text

    console = console or Console()
    s = summary
    head = (f"[b]{s['games']}[/] games of {escape(s['edition_name'])}, {s['players']} players, bots "
            f"{','.join(s['bots'])}{' (rotated)' if s['rotate'] else ''}, seeds {s['seed']}.."
            f"{s['seed'] + s['games'] - 1}, turn limit {s['turn_limit'] or 'none'}: "
            f"{s['seconds']:.1f} s ({s['games_per_second'] or 0:.2f} games/s, {s['jobs']} job{'s' * (s['jobs'] > 1)})")
    console.print(head)

    seats = Table(title="Wins by seat", title_justify="left")
    seat_columns: tuple[tuple[str, JustifyMethod], ...] = (("seat", "right"), ("bot", "left"), ("wins", "right"),
                                                           ("share", "right"))
    for col, j in seat_columns:
        seats.add_column(col, justify=j)
    for row in s["wins_by_seat"]:
        seats.add_row(str(row["seat"]), ",".join(row["levels"]), f"{row['wins']:g}", f"{row['share']:.1%}")
    levels = Table(title="Wins by bot level", title_justify="left")
    for col in ("level", "seat-games", "wins", "share of games", "win rate per seat"):
        levels.add_column(col, justify="left" if col == "level" else "right")
    for row in s["wins_by_level"]:
        levels.add_row(row["level"], str(row["seats_played"]), f"{row['wins']:g}",
                       f"{row['share_of_games']:.1%}", f"{row['win_rate_per_seat']:.1%}")
    r = s["rounds"]
    length = Table(title="Game length", title_justify="left")
    length.add_column("measure")
    length.add_column("value", justify="right")
    length.add_row("rounds, median", f"{r['median']:g}")
    length.add_row("rounds, IQR (q1-q3)", f"{r['iqr']:g} ({r['q1']:g}-{r['q3']:g})")
    length.add_row("rounds, min-max", f"{r['min']:g}-{r['max']:g}")
    length.add_row("turns, mean", f"{s['turns_mean']:g}")
    length.add_row("actions, mean", f"{s['actions_mean']:g}")
    length.add_row("hit the turn limit", f"{s['turn_limit_share']:.1%} ({s['turn_limit_hits']})")
    length.add_row("bankruptcies per game", f"{s['bankruptcies_mean']:g}")
    from rich.columns import Columns
    console.print(Columns([seats, levels, length], padding=(0, 3)))

    spaces = s["landing"]["spaces"]
    side = len(spaces) // 4
    # four columns, one per side of the board, plain text so it fits 80 columns
    top = sorted(x["share"] for x in spaces)[-5:]
    land = Text("Where moves end (% of all moves; the 5 most frequent in bold)\n", style="italic")
    for row in range(side):
        for k in range(4):
            sp = spaces[k * side + row]
            name = sp.get("short") or sp["name"]
            land.append(f"{name[:11]:<11} ")
            land.append(f"{sp['share'] * 100:5.2f}", style="bold" if sp["share"] in top else "")
            land.append("   " if k < 3 else "\n")
    console.print(land)
    console.print(heat_map(s))
    if s["bot_fallbacks"]:
        console.print(f"[yellow]warning:[/] bots fell back to a default action {s['bot_fallbacks']} times"
                      " (a bot bug: please report it)")


def render_movement(summary: dict[str, Any], console=None) -> None:
    """Print a :func:`run_movement` summary: where throws end, In Jail apart from Just Visiting."""
    from rich.console import Console
    from rich.markup import escape
    from rich.text import Text

    console = console or Console()
    s = summary
    console.print(f"[b]{s['games']}[/] movement-only games of {escape(s['edition_name'])}, "
                  f"{s['players']} movers, seeds "
                  f"{s['seed']}..{s['seed'] + s['games'] - 1}: {s['throws']:,} throws counted "
                  f"({s['throws_per_game']:,} a game after the first {s['skip']}), {s['seconds']:.1f} s "
                  f"({s['jobs']} job{'s' * (s['jobs'] > 1)})")
    spaces = s["landing"]
    side = len(spaces) // 4
    top = sorted(x["share"] for x in spaces)[-5:]
    land = Text("Where throws end (% of counted throws; the 5 most frequent in bold; the jail space is "
                "Just Visiting)\n", style="italic")
    for row in range(side):
        for k in range(4):
            sp = spaces[k * side + row]
            land.append(f"{sp['short'][:11]:<11} ")
            land.append(f"{sp['share'] * 100:5.2f}", style="bold" if sp["share"] in top else "")
            land.append("   " if k < 3 else "\n")
    jail = next(x for x in spaces if x["kind"] == "jail")
    land.append(f"In Jail {s['in_jail']['share'] * 100:.2f}%   Just Visiting {jail['share'] * 100:.2f}%   "
                f"together {(s['in_jail']['share'] + jail['share']) * 100:.2f}%\n")
    console.print(land)
    for key, what in (("fallbacks", "the movers fell back to a default action"),
                      ("owned", "deeds ended up owned"), ("debts", "debt decisions came up")):
        if s[key]:
            console.print(f"[yellow]warning:[/] {what} {s[key]} times (the movement-only mode is broken:"
                          " please report it)")


# ----------------------------------------------------------------------------- command line
def add_arguments(p) -> None:
    """The ``simulate`` subcommand's options (called by :mod:`megamono.cli`)."""
    import argparse

    p.add_argument("--games", "-n", type=int, default=100, metavar="N", help="games to play (default 100)")
    p.add_argument("--players", "-p", type=int, default=4, metavar="P", help="players per game (default 4)")
    p.add_argument("--edition", "-e", default="mega", metavar="mega|classic|FILE",
                   help="edition id or edition file (default mega)")
    p.add_argument("--bots", "-b", default="strong", metavar="LEVELS",
                   help="bot level per seat, comma-separated and cycled: easy,normal,strong,expert (default strong)")
    p.add_argument("--rotate", action="store_true", help="shift the bot levels by one seat every game")
    p.add_argument("--seed", type=int, default=argparse.SUPPRESS, metavar="S",
                   help="seed of the first game; game i uses S+i (default: random, printed)")
    p.add_argument("--turn-limit", type=int, default=DEFAULT_TURN_LIMIT, metavar="R",
                   help=f"end a game by final worth after R rounds; 0 = no limit (default {DEFAULT_TURN_LIMIT})")
    p.add_argument("--time-limit", type=int, default=None, metavar="MIN",
                   help="refused: the time limit (RULES.md O) counts minutes of a game open in the app; use"
                        " --turn-limit")
    p.add_argument("--jobs", "-j", type=int, default=1, metavar="J",
                   help="processes to play in; 0 = one per CPU (default 1)")
    p.add_argument("--json", type=Path, default=None, metavar="FILE",
                   help="also write the summary as JSON to FILE; '-' prints it on standard output (the"
                        " tables then go to standard error)")
    p.add_argument("--movement-only", action="store_true",
                   help="movers only: nobody buys, tokens only move and obey cards, a jailed player pays at"
                        " once ([Mega] Bus advances, triples go to Free Parking, Birthday Gift is cash); prints"
                        " where throws end, In Jail apart from Just Visiting (--bots, --rotate, --turn-limit"
                        " are not used)")
    p.add_argument("--throws", type=int, default=1000, metavar="T",
                   help="--movement-only: throws counted per game (default 1000)")
    p.add_argument("--skip", type=int, default=MOVEMENT_SKIP, metavar="K",
                   help=f"--movement-only: throws left out at the start of each game (default {MOVEMENT_SKIP})")


def main(args) -> int:
    """Run ``megamono simulate`` from parsed arguments; 0 on success, 2 for bad arguments."""
    from rich.console import Console

    from megamono.progress import progress_bar

    err = Console(stderr=True)
    to_stdout = args.json is not None and str(args.json) == "-"
    out = err if to_stdout else Console()  # with --json -, standard output carries the JSON alone
    bots = [b for b in str(args.bots).split(",")]
    if getattr(args, "time_limit", None) is not None:
        err.print("megamono simulate: --time-limit is refused: the time limit counts the minutes a game is open"
                  " in the app, and simulated games have no such clock (use --turn-limit)", markup=False,
                  highlight=False)
        return 2
    turn_limit = args.turn_limit if args.turn_limit and args.turn_limit > 0 else None
    with progress_bar(err, "simulating") as bar:
        task = bar.add_task("games", total=args.games)
        try:
            if getattr(args, "movement_only", False):
                summary = run_movement(games=args.games, players=args.players, edition=args.edition,
                                       seed=getattr(args, "seed", None), throws=args.throws, skip=args.skip,
                                       jobs=args.jobs, progress=lambda done, total: bar.update(task, completed=done))
            else:
                summary = run(games=args.games, players=args.players, edition=args.edition, bots=bots,
                              seed=getattr(args, "seed", None), turn_limit=turn_limit, jobs=args.jobs,
                              rotate=args.rotate, progress=lambda done, total: bar.update(task, completed=done))
        except ValueError as exc:  # EditionError is a ValueError too
            err.print(f"megamono simulate: {exc}", markup=False, highlight=False)
            return 2
    if summary.get("mode") == "movement-only":
        render_movement(summary, out)
    else:
        render(summary, out)
    if to_stdout:
        sys.stdout.write(json.dumps(summary, indent=2) + "\n")
    elif args.json is not None:
        _write_json(args.json, summary)
        out.print(f"summary written to {args.json}", markup=False, highlight=False)
    return 0


def _wins(w: float) -> int | float:
    """A win count for the summary: a whole number as an int, shared wins to 3 decimals."""
    w = round(w, 3)
    return int(w) if w.is_integer() else w


def _write_json(path: Path, data: dict) -> None:
    """Write atomically: a temporary file beside the target, then ``os.replace``."""
    path = Path(path)
    if path.parent and not path.parent.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    os.replace(tmp, path)


if __name__ == "__main__":  # pragma: no cover - python -m megamono.simulate
    import argparse

    parser = argparse.ArgumentParser(prog="megamono simulate")
    add_arguments(parser)
    sys.exit(main(parser.parse_args()))
