"""Which computer answers next: the one scheduler of computer players, used by ``megamono simulate``
and the app (RULES.md T7, A3); ``play_bot_game`` and the playouts, with every seat a computer, read
the seat it names there from the decision's ``player`` (the same seat, quicker; tested).

For every decision but the open auction, the game waits on one seat (``pending.players``). In an
open auction (A3) several bidders may act in any order; computers are asked one at a time, in seat
order from the high bidder's left (before any bid: from the left of the player who started it),
each only while the auction still waits on them (:meth:`~megamono.rules.engine.Game.awaited`: not
the high bidder, not passed on the high bid, cash enough for the minimum bid). Each answer is
checked against the state when it is sent (``Game.act``), so an answer made for a copy of the game
that is out of date is refused, not misapplied.
"""

from __future__ import annotations

from collections.abc import Container

from megamono.rules.engine import Game


def computer_to_ask(game: Game, computers: Container[int] | None = None) -> int | None:
    """The seat whose computer player answers the pending decision next, or None when the game waits
    on no computer (or on nothing).

    ``computers``: the seats played by computers (None: every seat, as in a headless bot game). The
    first of :meth:`Game.awaited` that is one of them.
    """
    for seat in game.awaited():
        if computers is None or seat in computers:
            return seat
    return None
