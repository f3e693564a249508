"""Writes the save fixtures of decisions whose words need more than their fields held (a script, not a test):

    .venv/bin/python tests/saves/decision_words.py FOLDER

Version 9 kept each decision's words (``prompt``); version 10 makes them when read, from the decision's
fields, and keeps the fields those words need that no field held before (``megamono.save_migrations``,
9 -> 10). Each game stops where such a decision waits, or is set aside:

- ``jail-second-turn.json``: Ann starts her turn in jail after one failed roll (its ``attempt``, 2 of 3);
- ``jail-pay.json``: Ann's third failed roll: pay the fine or use a card, then move;
- ``bus-move.json``: the Speed Die's Bus under the option ``bus_rule`` = ``"speed_die_game"``;
- ``ticket-traded.json``: Ann, about to roll, offers Bob $10 for his Bus Ticket: the trade waits, her turn
  (no ticket) is set aside; ``ticket-got.json``: Bob accepted: her turn offers the ticket (``bus_ticket``);
- ``debt-set-aside.json``: Ann in debt for Bob's rent offers him Reading Railroad for $100 (its reason,
  ``rent_for``, on the debt set aside);
- ``game-over.json``: Ann cannot pay Bob's rent and goes bankrupt: Bob wins (the game over's ``winners``).

``tests/saves/v9`` has the files written by the megamono of version 9 (commit a225af6), ``tests/saves/v10``
by version 10: the same games with the same ids and times (tests/test_save_versions.py).
"""

from __future__ import annotations

import sys
from datetime import datetime
from pathlib import Path

from megamono.rules import Game
from megamono.rules.actions import AcceptTrade, DeclareBankruptcy, ProposeTrade, Roll, RollForDoubles
from megamono.rules.decisions import TradeSide
from megamono.saves import encode_game

SAVED_AT = datetime(2027, 2, 1, 12, 0, 0)


def position(**ann: object) -> dict[str, object]:
    """A two-player Mega position: Ann (to move, as ``ann`` says) and Bob, who owns Massachusetts Avenue
    (7, rent $6) and holds a Bus Ticket."""
    return {"players": [{"name": "Ann", "cash": 1500, **ann}, {"name": "Bob", "cash": 1500, "bus_tickets": ["BT01"]}],
            "deeds": {"Massachusetts Avenue": "Bob"}, "seed": 9}


def games() -> dict[str, Game]:
    """Each game, stopped where its decision waits."""
    out = {"jail-second-turn": Game.from_position("mega", position(in_jail=True, jail_turns=1))}
    jail_pay = Game.from_position("mega", position(in_jail=True, jail_turns=2), dice=[(1, 2)])
    jail_pay.act(RollForDoubles(player=0))  # the third failed roll: pay, then move 3
    out["jail-pay"] = jail_pay
    bus = Game.from_position("mega", position(), dice=[(1, 3, "bus")], options={"bus_rule": "speed_die_game"})
    bus.act(Roll(player=0))
    out["bus-move"] = bus
    ticket = Game.from_position("mega", position())
    ticket.act(ProposeTrade(player=0, partner=1, give=TradeSide(cash=10), take=TradeSide(bus_tickets=1)))
    out["ticket-traded"] = ticket
    got = ticket.copy()
    got.act(AcceptTrade(player=1))
    out["ticket-got"] = got
    debt = Game.from_position("mega", {**position(cash=2), "deeds": {"Massachusetts Avenue": "Bob",
                                                                     "Reading Railroad": "Ann"}}, dice=[(2, 3, 2)])
    debt.act(Roll(player=0))  # 2+3+2: Massachusetts Avenue, rent $6, Ann has $2
    debt.act(ProposeTrade(player=0, partner=1, give=TradeSide(deeds=[6]), take=TradeSide(cash=100)))
    out["debt-set-aside"] = debt
    over = Game.from_position("mega", position(cash=2), dice=[(2, 3, 2)])
    over.act(Roll(player=0))
    over.act(DeclareBankruptcy(player=0))
    out["game-over"] = over
    return out


KINDS = {"jail-second-turn": "jail", "jail-pay": "jail_pay", "bus-move": "bus_move", "ticket-traded": "trade_reply",
         "ticket-got": "turn", "debt-set-aside": "trade_reply", "game-over": "game_over"}
"""The decision each game waits on."""


def main(folder: str) -> None:
    for k, (name, game) in enumerate(games().items()):
        assert game.pending is not None and game.pending.kind == KINDS[name], (name, game.pending)
        Path(folder, f"{name}.json").write_bytes(encode_game(game, saved_at=SAVED_AT, game_id=f"d0c1510a{k:04x}"))


if __name__ == "__main__":
    main(sys.argv[1])
