"""The save format's versions and the steps between them: :data:`SAVE_VERSION`, the version megamono
writes, and :data:`MIGRATIONS`, one step from each older version to the next (``megamono.saves`` runs
them on every save it reads). Every version's files are kept as fixtures in ``tests/saves/vN/``
(tests/test_save_versions.py loads and replays each).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from megamono.autosave import derive_game_id
from megamono.boards import read_board

SAVE_VERSION = 10
"""The version of the saves megamono writes."""

Migration = Callable[[dict[str, Any]], dict[str, Any]]


V1_LOG = "v1_log"
"""Where :func:`_v1_to_v2` keeps a version-1 save's log, as plain-text events, while the later steps run
on its state; :func:`start_from_state` then puts both in the setup (a save without actions only)."""


def _plain_text(event: Any) -> dict[str, Any]:
    """A version-1 log line (``{"kind", "text", "player", ...}``) as a ``PlainText`` event's dict."""
    if not isinstance(event, dict) or not isinstance(event.get("text"), str):
        raise ValueError(f"a log line without its text: {event!r:.60}")
    player = event.get("player")
    return {"event": "PlainText", "line": event["text"], "player": player if type(player) is int else None,
            "category": str(event.get("kind") or "info")}


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 -> 2: the game gets its id (from its setup) and the state's log is dropped (loading
    rebuilds it by replaying the actions, as it always checked it against).

    A version-1 save without ``"actions"`` cannot be replayed: its game goes on from the state it was
    saved in, and its log is kept as plain-text lines (``PlainText`` events, issue 14 item 2), set aside
    under :data:`V1_LOG` until :func:`start_from_state`."""
    state = data.get("state")
    if "actions" not in data:
        log = state.get("log", []) if isinstance(state, dict) else []
        data[V1_LOG] = [_plain_text(e) for e in log] if isinstance(log, list) else log
        data["actions"] = []
    if isinstance(state, dict):
        data["state"] = {k: v for k, v in state.items() if k != "log"}
    setup = data.get("setup")
    data["game_id"] = derive_game_id(setup if isinstance(setup, dict) else {})
    return data


def start_from_state(data: dict[str, Any]) -> dict[str, Any]:
    """After the steps: a version-1 save without actions (:func:`_v1_to_v2`) starts from its state, now
    in today's form, with its old log as plain text: the setup holds that ``"state"`` (version 9's third
    kind of setup, beside ``Game.new``'s arguments and a position), and no actions follow it yet. Any
    other save is returned as it is."""
    log = data.pop(V1_LOG, None)
    if log is None:
        return data
    setup, state = data.get("setup"), data.get("state")
    if not isinstance(setup, dict) or not isinstance(state, dict):
        return data  # (validation then names what is wrong)
    data["setup"] = {**setup, "state": {**state, "log": log}}
    return data


def _v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 -> 3: the options gain ``auction_bidding``, written as ``"seat_order"`` (the only way
    auctions were ever played), wherever a save keeps its options: the top level, the setup, the state."""
    for where in (data, data.get("setup"), data.get("state")):
        options = where.get("options") if isinstance(where, dict) else None
        if isinstance(options, dict):
            options.setdefault("auction_bidding", "seat_order")
    return data


_DECISION_FIELDS: dict[str, dict[str, str]] = {
    "turn": {"roll_again": "roll_again"}, "jail": {}, "jail_pay": {"amount": "amount"},
    "buy": {"space": "space", "amount": "amount"},
    "bid": {"space": "space", "piece": "piece", "high_bid": "high_bid", "high_bidder": "high_bidder",
            "bidders": "bidders"},
    "triples": {"choices": "choices"}, "auction_pick": {"choices": "choices"}, "bus": {"space": "space"},
    "birthday": {"space": "space", "amount": "amount"}, "income_tax": {"space": "space", "amounts": "amounts"},
    "levelling": {"space": "space", "forced": "forced", "amounts": "amounts"},
    "mortgaged_deed": {"space": "space", "amounts": "amounts"},
    "debt": {"amount": "amount", "creditors": "creditors", "amounts": "amounts"},
    "trade_reply": {"trade": "trade"},
    "end_vote": {"bidders": "voters", "high_bidder": "proposer"},
    "shortage_ask": {"space": "space", "piece": "piece", "bidders": "askees", "high_bidder": "builder",
                     "choices": "wanting"},
    "place_piece": {"piece": "piece", "choices": "choices"}, "game_over": {},
}
"""For each decision kind, its version-3 fields (of the one record every decision was) and their
names in version 4 (its own class)."""


def _decision_v4(old: Any) -> Any:
    """A version-3 pending decision as its version-4 class's dict (only its own fields). Version 3 wrote
    every field of its one record, ``choices`` and ``creditors`` among them, which no version-4 class has
    both of: a decision without them is in the new form already (the rules core's ``Game.to_dict`` form,
    which says version 1, holds the state as it is now)."""
    if (not isinstance(old, dict) or old.get("kind") not in _DECISION_FIELDS
            or not {"choices", "creditors"} <= old.keys()):
        return old  # (validation then names anything wrong)
    new = {k: old[k] for k in ("kind", "player", "prompt") if k in old}
    for k, name in _DECISION_FIELDS[old["kind"]].items():
        if k in old:
            new[name] = old[k]
    return new


def _step_v4(old: Any) -> Any:
    """A version-3 agenda step ``{"kind", "player", "data"}`` as its version-4 class's dict (a step
    without ``data`` is in the new form already)."""
    if not isinstance(old, dict) or not isinstance(old.get("data"), dict):
        return old
    new = {"kind": old.get("kind")}
    if old.get("player") is not None:
        new["player"] = old["player"]
    new.update({k: v for k, v in old.get("data", {}).items() if k != "salary"})
    return new


def _v3_to_v4(data: dict[str, Any]) -> dict[str, Any]:
    """Version 3 -> 4: each decision (pending or set aside) keeps only its own kind's fields, the end
    vote's and the shortage question's under their own names (``voters``/``proposer``;
    ``askees``/``builder``/``wanting``), and each agenda step holds its data as its own fields."""
    state = data.get("state")
    if isinstance(state, dict):
        if state.get("pending") is not None:
            state["pending"] = _decision_v4(state["pending"])
        if isinstance(state.get("suspended"), list):
            state["suspended"] = [_decision_v4(d) for d in state["suspended"]]
        if isinstance(state.get("agenda"), list):
            state["agenda"] = [_step_v4(s) for s in state["agenda"]]
    return data


def _v4_to_v5(data: dict[str, Any]) -> dict[str, Any]:
    """Version 4 -> 5: the options gain ``computer_offers`` (whom the computer players propose trades
    to), written as ``"everyone"`` (what computers always did), wherever a save keeps its options: the
    top level, the setup, the state."""
    for where in (data, data.get("setup"), data.get("state")):
        options = where.get("options") if isinstance(where, dict) else None
        if isinstance(options, dict):
            options.setdefault("computer_offers", "everyone")
    return data


def _unchanged(data: dict[str, Any]) -> dict[str, Any]:
    """Versions 5 -> 6 (open auctions, RULES.md A3), 6 -> 7 (positions, issue 16) and 8 -> 9 (a game
    started from a state): nothing changes. A version-6 save may hold the action ``pass_bid`` and a bid
    decision's ``open`` and ``passed``, but every version-5 save names ``auction_bidding``
    (``"seat_order"``) and plays on so; a version-7 setup may hold the ``position`` its game started from,
    which no version-6 save has; a version-9 setup may hold the ``state`` its game started from (a
    version-1 save without actions, :func:`start_from_state`), which no version-8 save has. (A new version
    lets an older megamono refuse a newer save by its version, asking to update, rather than as damaged.)"""
    return data


_RENT_WORDS = "rent for "
_CLAIMED = " (claimed)"


def _rent_v7(step: Any) -> bool:
    """Whether a version-7 agenda step is a rent payment (a pay step or a debt note) in words alone."""
    return (isinstance(step, dict) and step.get("kind") in ("pay", "debt_note") and "rent_for" not in step
            and isinstance(step.get("why"), str) and step["why"].startswith(_RENT_WORDS))


def _rent_step_v8(step: dict[str, Any], spaces: list[str]) -> dict[str, Any]:
    """A version-7 rent payment step as version 8 has it: the reason version 7 kept in words only
    (``"rent for Boardwalk"``, ``"rent for Boardwalk (claimed)"``) as the deed's space ``rent_for``, and
    only the words the rent's own add (``"claimed"`` or none) in ``why``."""
    deed, why = step["why"][len(_RENT_WORDS):], ""
    if deed.endswith(_CLAIMED):
        deed, why = deed[:-len(_CLAIMED)], "claimed"
    if deed not in spaces:
        raise ValueError(f"a payment of rent for {deed!r}, which is no space of the board")
    return {**step, "why": why, "rent_for": spaces.index(deed)}


def _v7_to_v8(data: dict[str, Any]) -> dict[str, Any]:
    """Version 7 -> 8: a payment waiting on the agenda (a pay step, or the note under a debt) keeps whether
    it is rent as data (issue 14, item 3): ``rent_for``, the space of the deed whose rent it is, with only
    the rent's own added words left in ``why``. Version 7 said it in the words alone (``"rent for NAME"``),
    which this step reads, with the board's names, for the last time."""
    state = data.get("state")
    agenda = state.get("agenda") if isinstance(state, dict) else None
    if isinstance(state, dict) and isinstance(agenda, list) and any(_rent_v7(s) for s in agenda):
        spaces = [sp.name for sp in read_board(state["edition"]).spaces]
        state["agenda"] = [_rent_step_v8(s, spaces) if _rent_v7(s) else s for s in agenda]
    return data


_DEBT_END = "). Sell buildings or mortgage deeds to raise it."
"""How the words of a debt (its version-9 ``prompt``) end, after its reason in brackets."""


def _reason_v9(why: str, rent_for: int | None, spaces: list[str]) -> str:
    """A payment's reason in the words version 9 gave it (``megamono.rules.events.reason``)."""
    if rent_for is None:
        return why
    rent = f"rent for {spaces[rent_for]}"
    return f"{rent} ({why})" if why else rent


def _debt_reason_v10(prompt: str, notes: list[dict[str, Any]], spaces: list[str]) -> tuple[str, int | None]:
    """The reason (``why``, ``rent_for``) of a version-9 debt whose words were ``prompt``: that of the first
    of its save's debt ``notes`` (agenda steps, the topmost first: a debt's note lies on the agenda above those
    of the debts it interrupted) whose reason the words name, which is then taken off ``notes``; else read
    from the words themselves ("rent for NAME", with any words of its own in brackets, or the reason as it
    stands)."""
    for k, note in enumerate(notes):
        why, rent_for = note.get("why", ""), note.get("rent_for")
        if (isinstance(why, str) and (rent_for is None or isinstance(rent_for, int) and 0 <= rent_for < len(spaces))
                and prompt.endswith(f" ({_reason_v9(why, rent_for, spaces)}{_DEBT_END}")):
            del notes[k]
            return why, rent_for
    body = prompt[:-len(_DEBT_END)] if prompt.endswith(_DEBT_END) else prompt
    words = body[body.find(" (") + 2:] if " (" in body else ""
    for i in sorted(range(len(spaces)), key=lambda i: -len(spaces[i])):
        rent = f"rent for {spaces[i]}"
        if words == rent:
            return "", i
        if words.startswith(rent + " (") and words.endswith(")"):
            return words[len(rent) + 2:-1], i
    return words, None


def _state_v10(state: dict[str, Any]) -> None:
    """:func:`_v9_to_v10` on one state (in place): its pending decision and those set aside."""
    pending, suspended, agenda = state.get("pending"), state.get("suspended"), state.get("agenda")
    decisions = [pending] + (list(reversed(suspended)) if isinstance(suspended, list) else [])
    notes = [s for s in reversed(agenda) if isinstance(s, dict) and s.get("kind") == "debt_note"] \
        if isinstance(agenda, list) else []
    players = state.get("players")
    for d in decisions:
        if not isinstance(d, dict):
            continue
        prompt = d.pop("prompt", "")
        prompt = prompt if isinstance(prompt, str) else ""
        kind, p = d.get("kind"), d.get("player")
        if kind == "turn":
            d.setdefault("bus_ticket", prompt.endswith(" or play a Bus Ticket"))
        elif kind == "jail" and isinstance(players, list) and isinstance(p, int) and 0 <= p < len(players) \
                and isinstance(players[p], dict) and isinstance(players[p].get("jail_turns"), int):
            d.setdefault("attempt", players[p]["jail_turns"] + 1)
        elif kind == "game_over" and isinstance(state.get("winners"), list):
            d.setdefault("winners", list(state["winners"]))
        elif kind == "debt" and "why" not in d:
            spaces = [sp.name for sp in read_board(state["edition"]).spaces]
            d["why"], d["rent_for"] = _debt_reason_v10(prompt, notes, spaces)


def _v9_to_v10(data: dict[str, Any]) -> dict[str, Any]:
    """Version 9 -> 10: a decision keeps no words. Version 9 kept each decision's sentence (``prompt``),
    made when it was asked; version 10 makes the words when they are read, from the decision's fields and
    the game's names (``megamono.rules.prompts``), the same words. The ``prompt`` goes, and what those words
    need that no field held comes from the save: a turn's ``bus_ticket`` (the prompt offered one), a jail
    decision's ``attempt`` (the player's failed turns in jail, which do not change while it waits, plus one),
    the game over's ``winners`` (the state's), and a debt's reason, ``why`` and ``rent_for``: its note's on
    the agenda (which the prompt's words name; or read from those words, with the board's names). Wherever a
    save keeps a state: the state, and the one its setup may start from (version 9)."""
    for where in (data, data.get("setup")):
        state = where.get("state") if isinstance(where, dict) else None
        if isinstance(state, dict):
            _state_v10(state)
    return data


MIGRATIONS: dict[int, Migration] = {1: _v1_to_v2, 2: _v2_to_v3, 3: _v3_to_v4, 4: _v4_to_v5, 5: _unchanged,
                                    6: _unchanged, 7: _v7_to_v8, 8: _unchanged, 9: _v9_to_v10}
"""``MIGRATIONS[v]`` turns a version-``v`` save (a parsed dict) into a version ``v + 1`` one.

- 1 -> 2 (:func:`_v1_to_v2`): a ``game_id`` at the top level; no log in the state.
- 2 -> 3 (:func:`_v2_to_v3`): the option ``auction_bidding`` (``"seat_order"``) in every ``options``.
- 3 -> 4 (:func:`_v3_to_v4`): decisions and agenda steps as their own classes' fields.
- 4 -> 5 (:func:`_v4_to_v5`): the option ``computer_offers`` (``"everyone"``) in every ``options``.
- 5 -> 6 (:func:`_unchanged`): open auctions (nothing to change: every version-5 save names its bidding).
- 6 -> 7 (:func:`_unchanged`): a setup may hold the position the game started from (nothing to change).
- 7 -> 8 (:func:`_v7_to_v8`): a rent payment waiting on the agenda says so as data (``rent_for``), not
  in its words.
- 8 -> 9 (:func:`_unchanged`): a setup may hold the state its game started from (nothing to change).
  A version-1 save without actions becomes one (:func:`start_from_state`, after the last step).
- 9 -> 10 (:func:`_v9_to_v10`): a decision keeps no words (``prompt``); what its words need that no
  field held becomes fields (a turn's ``bus_ticket``, a jail decision's ``attempt``, a debt's ``why`` and
  ``rent_for``, the game over's ``winners``).

The option ``bus_rule`` and its decision came without a new version (a version-4 save without it plays
``"mega"``).

When the format changes: bump :data:`SAVE_VERSION`, add ``MIGRATIONS[old] = function``, and keep a
file of the old version in ``tests/saves/vOLD/`` (tests/test_save_versions.py loads and replays each).
"""
