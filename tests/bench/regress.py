"""Engine regression fingerprint: seeded bot games hashed (a script, not a test).

    .venv/bin/python tests/bench/regress.py [--write FILE | --check FILE] [--quick] [--seat-order]

Plays seeded bot games in both editions (4 strong bots; easy/strong/easy; house-rule options;
the turn-order roll) and hashes, per game, every action taken, the pending decision after
every action, every log event and the final state. Run ``--write`` before an engine change
and ``--check`` after: any difference in the games the engine plays is reported by game.

The final state is hashed in the form ``Game.to_json`` gave before the log's events were typed
(issue 14, item 3): each event as ``{"kind", "text", "player", "amount", "payer", "payee", "space"}``
(the fields every event still answers, None where they do not apply), so fingerprints written
before that change still check the games after it: the same texts, the same seats, spaces and sums.
Likewise the pending decision and the agenda are hashed in the form they had before decisions and
agenda steps were typed (issue 14, item 2): a decision as the one ``Pending`` record of 15 fields
(the end vote's voters in ``bidders`` and proposer in ``high_bidder``; the shortage question's askees
in ``bidders``, builder in ``high_bidder`` and yes-answers in ``choices``), a step as
``{"kind", "player", "data"}`` with the keys the engine used to pass (:func:`legacy_step`). A decision
kept its words (``prompt``) until save version 10, which makes them when read and keeps instead the
fields they need (``bus_ticket``, ``attempt``, ``why``/``rent_for``, ``winners``): the decision is hashed
with its words made now as its ``prompt``, and without those fields (:func:`legacy_decision`), so
fingerprints written before still check the games, and the words, after.
The options are hashed without ``bus_rule`` while it has its default ``"mega"`` (the option came after
the first fingerprints: RULES.md O), nor ``computer_offers`` while it has its default ``"everyone"``
(issue 15's polite computers), so those games check the same.
``--seat-order`` plays every game with ``auction_bidding`` = ``"seat_order"`` (the only auctions before
issue 15's open auctions, RULES.md A3): a baseline written before open auctions checks the same games.
Without it the games play the default, open auctions, and differ from such a baseline by design.
The fields the ``time_limit`` option added (the option itself, in the state and the setup, and
``turn.time_up``) are left out while at their defaults (None, False): no game here sets the option,
which the app alone can play.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from megamono.bots import play_bot_game  # noqa: E402
from megamono.rules.engine import Game  # noqa: E402

OPTION_SETS = [
    {"free_parking_pot": True, "double_salary_on_go": True},
    {"rent_must_be_claimed": True},
    {"no_rent_in_jail": True, "speed_die_counts_for_utilities": False},
    {"auctions": False, "shortage_auctions": False, "starting_cash": 900},
    {"rent_must_be_claimed": True, "free_parking_pot": True, "no_rent_in_jail": True},
]


def cases(quick: bool) -> list[tuple]:
    n = 30 if quick else 150
    out = []
    for ed in ("classic", "mega"):
        out += [(ed, ("strong",) * 4, s, 1000, True, None) for s in range(n)]
        out += [(ed, ("easy", "strong", "easy"), 1000 + s, 300, True, None) for s in range(n // 5)]
        for k, opts in enumerate(OPTION_SETS):
            out += [(ed, ("strong", "easy", "strong", "strong"), 2000 + 100 * k + s, 400, True, opts)
                    for s in range(n // 10)]
        out += [(ed, ("strong", "strong", "easy"), 3000 + s, 300, False, None) for s in range(n // 10)]
        out += [(ed, ("strong",) * 2, 4000 + s, 500, True, None) for s in range(n // 10)]
    return out


_trace: list = []
_orig_act = Game.act


_PENDING_FIELDS = {"kind": None, "player": None, "prompt": "", "space": None, "amount": None, "amounts": {},
                   "choices": [], "high_bid": 0, "high_bidder": None, "bidders": [], "creditors": [],
                   "forced": False, "roll_again": False, "trade": None, "piece": None}
_SEAT_ORDER_BID = {"open": False, "passed": []}
"""The fields open auctions (RULES.md A3) added to the auction's decision, as a seat-order auction has them."""
_RENAMED = {"end_vote": {"voters": "bidders", "proposer": "high_bidder"},
            "shortage_ask": {"askees": "bidders", "builder": "high_bidder", "wanting": "choices"}}


_WORDS_FIELDS = {"turn": ("bus_ticket",), "jail": ("attempt",), "debt": ("why", "rent_for"), "game_over": ("winners",)}
"""The fields save version 10 gave decisions for the words their ``prompt`` held before."""


def legacy_decision(pend, g: Game) -> dict | None:
    """A decision of ``g`` in :func:`legacy_pending` form, with its words (made now) as its ``prompt``."""
    if pend is None:
        return None
    d = pend.model_dump(mode="json")
    for k in _WORDS_FIELDS.get(d["kind"], ()):
        del d[k]
    d["prompt"] = g.say(pend)
    return legacy_pending(d)


def legacy_pending(d: dict | None) -> dict | None:
    """A decision's dict form as the one ``Pending`` record of before decisions were typed."""
    if d is None or set(d) == set(_PENDING_FIELDS):
        return d
    out = {k: (v.copy() if isinstance(v, (dict, list)) else v) for k, v in _PENDING_FIELDS.items()}
    names = _RENAMED.get(d["kind"], {})
    for k, v in d.items():
        if k in _SEAT_ORDER_BID and v == _SEAT_ORDER_BID[k]:
            continue  # a seat-order auction's open-auction fields (A3), at their defaults
        out[names.get(k, k)] = v
    return out


_NO_PLAYER = {"end_turn", "resume"}


def legacy_step(d: dict) -> dict:
    """An agenda step's dict form as ``{"kind", "player", "data"}``, with the data keys the engine
    passed before steps were typed (a default it did not pass is left out)."""
    if "data" in d:
        return d
    kind = d["kind"]
    data = {k: v for k, v in d.items() if k not in ("kind", "player")}
    if kind == "mortgaged_deed" and not data.get("keep"):
        data.pop("keep", None)
    if kind == "move_to":
        if data.get("rr") == 1:
            data.pop("rr")
        if not data.get("ucard"):
            data.pop("ucard")
    if kind == "pay" and not data.get("fine"):
        data.pop("fine")
    return {"kind": kind, "player": None if kind in _NO_PLAYER else d.get("player"), "data": data}


def _traced_act(self, action):
    events = _orig_act(self, action)
    _trace.append(legacy_decision(self.st.pending, self))
    _trace.append(len(events))
    return events


def legacy_event(e, g) -> dict:
    """An event as the log held it before events were typed: its kind, text (with ``g``'s names) and
    common fields."""
    return {"kind": e.kind, "text": e.say(g), "player": e.player, "amount": e.amount, "payer": e.payer,
            "payee": e.payee, "space": e.space}


def legacy_options(v: dict) -> dict:
    """The options as they were before ``bus_rule``, ``time_limit`` and ``computer_offers`` came, while at
    their defaults."""
    return {o: x for o, x in v.items()
            if not (o == "bus_rule" and x == "mega") and not (o == "time_limit" and x is None)
            and not (o == "computer_offers" and x == "everyone")}


def legacy_json(g: Game) -> str:
    """``g.to_json()`` as it was before events were typed (the log in :func:`legacy_event` form)."""
    state = {}
    for k, v in g.st.model_dump(mode="json", exclude={"log"}).items():
        if k == "pending":
            v = legacy_decision(g.st.pending, g)
        elif k == "suspended":
            v = [legacy_decision(x, g) for x in g.st.suspended]
        elif k == "agenda":
            v = [legacy_step(x) for x in v]
        elif k == "options":
            v = legacy_options(v)
        elif k == "turn" and not v.get("time_up"):
            v = {o: x for o, x in v.items() if o != "time_up"}
        state[k] = v
        if k == "suspended":
            state["log"] = [legacy_event(e, g) for e in g.st.log]
    setup = {**g.setup, "options": legacy_options(g.setup["options"])}
    return json.dumps({"format": "megamono-save", "version": 1, "setup": setup,
                       "actions": [a.model_dump() for a in g.history], "state": state}, separators=(",", ":"))


SEAT_ORDER_ENV = "MEGAMONO_REGRESS_SEAT_ORDER"


def run(case: tuple) -> tuple[str, str]:
    ed, levels, seed, limit, seat_order, opts = case
    if os.environ.get(SEAT_ORDER_ENV):
        opts = {**(opts or {}), "auction_bidding": "seat_order"}
    Game.act = _traced_act
    _trace.clear()
    g = play_bot_game(ed, list(levels), seed, turn_limit=limit, seat_order=seat_order, options=opts)
    h = hashlib.sha256()
    h.update(json.dumps([a.model_dump(mode="json") for a in g.history]).encode())
    h.update(json.dumps(_trace, default=str).encode())
    h.update(legacy_json(g).encode())
    h.update("\n".join(e.say(g) for e in g.st.log).encode())
    return repr(case), h.hexdigest()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--write")
    ap.add_argument("--check")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--seat-order", action="store_true", help="every auction in seat order (RULES.md A3)")
    args = ap.parse_args(argv)
    if args.seat_order:
        os.environ[SEAT_ORDER_ENV] = "1"  # (read by the worker processes, which inherit it)
    with ProcessPoolExecutor(2) as pool:
        got = dict(pool.map(run, cases(args.quick), chunksize=4))
    overall = hashlib.sha256(json.dumps(got, sort_keys=True).encode()).hexdigest()[:16]
    print(f"{len(got)} games hashed; overall {overall}")
    if args.write:
        Path(args.write).write_text(json.dumps(got, indent=0, sort_keys=True))
    if args.check:
        want = json.loads(Path(args.check).read_text())
        bad = [k for k in want if got.get(k) != want[k]]
        print(f"{len(want) - len(bad)} of {len(want)} games identical")
        for k in bad[:10]:
            print("  DIFFERENT:", k)
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
