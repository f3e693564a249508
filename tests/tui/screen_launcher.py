"""Start the real megamono app on one screen, in the terminal this script runs in (a test hook).

    python tests/tui/screen_launcher.py SCREEN SAVES_DIR READY_FILE [--block] [--grace SECONDS] [--no-ctty]

``SCREEN`` names a recipe of ``screen_recipes.py``. The app is built as the ``megamono`` command
builds it (not in test mode: SIGHUP/SIGTERM handling, autosave and exit are the real ones) and a
Textual Pilot drives it until that screen is on top. Then READY_FILE is written (JSON: ``screen``,
the class on top; ``actions``, the game's actions then, or null without a game) and the app runs on
until the terminal closes or a signal ends it. The exit status is the app's.

``--block``: once READY_FILE is written, the event loop blocks for good (waiting on a lock, as it
did in Textual's exit on a dead terminal), to show that a signal still ends the process.
``--grace``: the seconds the app gives its normal exit after a signal (``MegamonoApp.SIGNAL_GRACE``).

When this script leads its own session on a terminal (``start_new_session`` with the terminal as
stdin), the terminal is made its controlling terminal first, as a terminal window does for its shell,
so that closing the terminal sends SIGHUP (and SIGCONT) as it does in real use; not with
``--no-ctty`` (a terminal that hangs up without a signal).

Only the tests use it; it is no part of the game.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import sys
import termios
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from screen_recipes import RECIPES, top_name  # noqa: E402


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("screen", choices=sorted(RECIPES))
    parser.add_argument("saves", type=Path)
    parser.add_argument("ready", type=Path)
    parser.add_argument("--block", action="store_true")
    parser.add_argument("--grace", type=float, default=None)
    parser.add_argument("--no-ctty", action="store_true")
    args = parser.parse_args(argv)
    name, saves, ready = args.screen, args.saves, args.ready
    if os.isatty(0) and os.getsid(0) == os.getpid() and not args.no_ctty:
        try:
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        except OSError:
            pass
    recipe = RECIPES[name]
    app = recipe.make(saves)
    if args.grace is not None:
        app.SIGNAL_GRACE = args.grace

    async def drive(pilot) -> None:
        await recipe.drive(pilot)
        await pilot.pause()
        game = app.game_in_play
        actions = None if game is None else [a.model_dump(mode="json") for a in game.history]
        pending = None if game is None or game.pending is None else \
            [game.pending.kind, game.pending.player]
        tmp = ready.with_suffix(".tmp")
        tmp.write_text(json.dumps({"screen": top_name(app), "actions": actions, "pending": pending}))
        os.replace(tmp, ready)
        if args.block:
            app.call_later(threading.Event().wait)  # never set: the loop stops here

    app.run(auto_pilot=drive)
    return app.return_code or 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
