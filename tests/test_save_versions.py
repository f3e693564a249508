"""Every save version megamono ever wrote still loads: ``tests/saves/vN/`` keeps files of version N.

Each file is brought up to the current version by the steps of ``MIGRATIONS`` (one per version),
replayed from its setup (RULES.md I8), and must give its stored state. A new save version adds a
migration step and a folder here (see :data:`megamono.saves.MIGRATIONS`).
"""

import json
from dataclasses import fields
from pathlib import Path
from typing import get_args

import pytest
from megamono.rules import Game, Roll
from megamono.rules.actions import BusMove
from megamono.rules.decisions import DECISION_CLASSES, PendingKind
from megamono.saves import MIGRATIONS, SAVE_VERSION, SaveError, derive_game_id, load_save, migrate, save_game

FIXTURES = Path(__file__).resolve().parent / "saves"
FILES = sorted(FIXTURES.glob("v*/*.json"))


def test_every_version_has_fixtures_and_a_migration_step():
    versions = {int(f.parent.name[1:]) for f in FILES}
    assert versions == set(range(1, SAVE_VERSION + 1))
    assert set(MIGRATIONS) == set(range(1, SAVE_VERSION))


@pytest.mark.parametrize("path", FILES, ids=lambda f: f"{f.parent.name}/{f.name}")
def test_a_save_of_every_version_loads_and_replays(path):
    data = json.loads(path.read_bytes())
    assert data["version"] == int(path.parent.name[1:])
    before = path.read_bytes()
    saved = load_save(path)  # migrated, replayed and compared with the stored state
    game = saved.game
    assert Game.replay(game.setup, game.history).st == game.st
    assert saved.game_id == data.get("game_id", derive_game_id(data["setup"]))
    assert game.st.log, "the log is made again by the replay"
    assert path.read_bytes() == before  # loading never rewrites a file


def test_a_version_1_save_migrates_to_the_same_game_as_its_version_2_copy():
    # the examples of version 1 were written again as version 2 (the same games)
    for old in sorted((FIXTURES / "v1").glob("*-game.json")) + [FIXTURES / "v1" / "trade-and-shortage.json"]:
        new = FIXTURES / "v2" / old.name
        a, b = load_save(old), load_save(new)
        assert a.game.st == b.game.st and a.game.history == b.game.history
        assert a.game_id == b.game_id


def _same_games(olds: list[Path], newer: str) -> None:
    """Each save of ``olds`` loads (migrated) as the same game, id and time as its copy in ``newer``."""
    for old in olds:
        a, b = load_save(old), load_save(FIXTURES / newer / old.name)
        assert a.game.st == b.game.st and a.game.history == b.game.history and a.game.setup == b.game.setup
        assert a.game_id == b.game_id and a.saved_at == b.saved_at


def test_a_version_2_save_migrates_to_the_same_game_as_its_version_3_copy():
    # the examples of version 2 were written again as version 3 (the same games, ids and times)
    _same_games(sorted((FIXTURES / "v2").glob("*.json")), "v3")


def test_the_version_2_to_3_step_writes_auction_bidding_wherever_options_are_kept():
    data = json.loads((FIXTURES / "v2" / "late-game.json").read_bytes())
    assert "auction_bidding" not in data["options"]
    new = migrate(data)
    assert new["version"] == SAVE_VERSION
    for options in (new["options"], new["setup"]["options"], new["state"]["options"]):
        assert options["auction_bidding"] == "seat_order"
    assert load_save(FIXTURES / "v2" / "late-game.json").game.st.options.auction_bidding == "seat_order"
    # a save of version 1 passes through both steps
    old = migrate(json.loads((FIXTURES / "v1" / "late-game.json").read_bytes()))
    assert old["setup"]["options"]["auction_bidding"] == old["state"]["options"]["auction_bidding"] == "seat_order"
    assert "log" not in old["state"] and old["game_id"]


def test_a_version_3_save_migrates_to_the_same_game_as_its_version_4_copy():
    # the examples of version 3 were written again as version 4 (the same games, ids and times)
    _same_games(sorted((FIXTURES / "v3").glob("*-game.json")) + [FIXTURES / "v3" / "trade-and-shortage.json"], "v4")


def test_a_version_4_save_migrates_to_the_same_game_as_its_version_5_copy():
    # the examples of version 4 were written again as version 5 (the same games, ids and times; their
    # scripts, tests/examples/, play the same games again)
    _same_games(sorted((FIXTURES / "v4").glob("*.json")), "v5")


def test_O_the_version_4_to_5_step_writes_computer_offers_wherever_options_are_kept():
    """Issue 15 item 2: the option ``computer_offers`` (whom computers propose trades to) is kept in the
    save; a version-4 save gets what computers always did, ``"everyone"``, in every ``options``."""
    data = json.loads((FIXTURES / "v4" / "late-game.json").read_bytes())
    assert "computer_offers" not in data["options"] and data["version"] == 4
    new = migrate(data)
    assert new["version"] == SAVE_VERSION
    for options in (new["options"], new["setup"]["options"], new["state"]["options"]):
        assert options["computer_offers"] == "everyone"
    assert load_save(FIXTURES / "v4" / "late-game.json").game.st.options.computer_offers == "everyone"
    old = migrate(json.loads((FIXTURES / "v1" / "late-game.json").read_bytes()))  # through every step
    assert old["setup"]["options"]["computer_offers"] == old["state"]["options"]["computer_offers"] == "everyone"


def test_O_computer_offers_is_saved_and_replayed(tmp_path):
    g = Game.new("mega", ["Ann", {"name": "Bob", "kind": "computer"}], seed=3, seat_order=True,
                 options={"computer_offers": "nobody"})
    g.act(Roll(player=0))
    data = json.loads(save_game(g, "quiet", tmp_path).read_bytes())
    assert data["setup"]["options"]["computer_offers"] == data["state"]["options"]["computer_offers"] == "nobody"
    saved = load_save(tmp_path / "quiet.json")
    assert saved.game.st == g.st and saved.game.st.options.computer_offers == "nobody"
    assert Game.replay(saved.game.setup, saved.game.history).st.options.computer_offers == "nobody"


DECISION_FIXTURES = sorted((FIXTURES / "v3").glob("decision-*.json"))


def test_the_version_3_fixtures_hold_every_kind_of_decision_but_the_game_over():
    kinds = {json.loads(f.read_bytes())["state"]["pending"]["kind"] for f in DECISION_FIXTURES}
    # "bus_move" came in version 4 with the option bus_rule (RULES.md O, T3.4): no older save holds it
    assert kinds == set(get_args(PendingKind)) - {"game_over", "bus_move"}


def test_O_bus_rule_needs_no_new_save_version(tmp_path):
    """The option ``bus_rule`` and its decision "bus_move" came without a new save version: a version-4
    save written before them has no ``bus_rule`` and loads with the default ``"mega"``; a save made while
    the new decision waits loads and replays to the same state."""
    for path in sorted((FIXTURES / "v4").glob("*.json")):
        data = json.loads(path.read_bytes())
        assert "bus_rule" not in data["state"]["options"]
        assert load_save(path).game.st.options.bus_rule == "mega"
    g = Game.new("mega", ["Ann", "Bob"], seed=3, dice=[(1, 3, "bus")], seat_order=True,
                 options={"bus_rule": "speed_die_game"})
    g.act(Roll(player=0))
    assert g.pending is not None and g.pending.kind == "bus_move"
    saved = load_save(save_game(g, "bus", tmp_path))
    assert saved.game.st == g.st and saved.game.st.options.bus_rule == "speed_die_game"
    saved.game.act(BusMove(player=0, dice="second"))
    assert saved.game.st.players[0].position == 3


@pytest.mark.parametrize("path", DECISION_FIXTURES, ids=lambda f: f.stem)
def test_the_version_3_to_4_step_gives_each_decision_its_own_fields(path):
    """Saved by megamono 3 while each kind of decision was pending (some with another set aside, most
    with steps on the agenda): migrated, each is the state the replay of its actions makes now."""
    data = json.loads(path.read_bytes())
    new = migrate(json.loads(path.read_bytes()))
    old_pend, pend = data["state"]["pending"], new["state"]["pending"]
    assert pend["kind"] == old_pend["kind"] and pend["player"] == old_pend["player"]
    assert set(pend) <= {"kind", "player"} | {f.name for f in fields(DECISION_CLASSES[pend["kind"]])}
    for step in new["state"]["agenda"]:
        assert "data" not in step
    saved = load_save(path)  # replayed and compared with the migrated state
    assert saved.game.st.pending is not None and saved.game.st.pending.kind == old_pend["kind"]
    if old_pend["kind"] == "end_vote":
        assert pend["proposer"] == old_pend["high_bidder"] and pend["voters"] == old_pend["bidders"]
    if old_pend["kind"] == "shortage_ask":
        assert (pend["builder"], pend["askees"], pend["wanting"]) == (
            old_pend["high_bidder"], old_pend["bidders"], old_pend["choices"])


def test_resaving_a_migrated_save_writes_the_current_version_and_keeps_its_id(tmp_path):
    old = FIXTURES / "v1" / "late-game.json"
    saved = load_save(old)
    data = json.loads(save_game(saved.game, "again", tmp_path, game_id=saved.game_id).read_bytes())
    assert data["version"] == SAVE_VERSION and data["game_id"] == saved.game_id
    assert "log" not in data["state"]


def test_A3_the_version_5_to_6_step_keeps_seat_order_auctions():
    """Open bidding (RULES.md A3) came with version 6: every version-5 save names ``auction_bidding``
    (``"seat_order"``, by the 2 -> 3 step or its setup), so the step changes nothing and it plays on in
    seat order."""
    for path in sorted((FIXTURES / "v5").glob("*.json")):
        data = json.loads(path.read_bytes())
        assert data["version"] == 5 and data["state"]["options"]["auction_bidding"] == "seat_order"
        new = MIGRATIONS[5](json.loads(path.read_bytes()))
        assert new == data
        assert load_save(path).game.st.options.auction_bidding == "seat_order"


def test_A3_the_examples_remade_under_open_auctions_are_the_same_games():
    """Issue 15: the example saves were made again with open auctions (tests/examples/): the same
    players, cash, places, deeds and bank at the save as their version-5 copies, reached with passes."""
    for new in sorted((FIXTURES / "v6").glob("*-game.json")) + [FIXTURES / "v6" / "trade-and-shortage.json"]:
        a, b = load_save(FIXTURES / "v5" / new.name).game, load_save(new).game
        assert (a.st.options.auction_bidding, b.st.options.auction_bidding) == ("seat_order", "open")
        assert a.st.players == b.st.players and a.st.deeds == b.st.deeds and a.st.bank == b.st.bank
        assert a.st.turn.number == b.st.turn.number
        assert any(x.kind == "pass_bid" for x in b.history)


def test_A3_a_save_made_during_an_open_auction_goes_on(tmp_path):
    """``v6/open-auction.json``: Ann declined Arctic Avenue; Bob passed, then Cat bid $25 (which cancels
    every pass). It loads and replays to the same state and the auction goes on (A3)."""
    from megamono.rules.actions import Bid

    saved = load_save(FIXTURES / "v6" / "open-auction.json")
    g = saved.game
    assert g.st.options.auction_bidding == "open" and g.pending.open
    assert g.pending.high_bidder == 2 and g.pending.passed == [] and g.awaited() == (0, 1)
    assert any(a.kind == "pass_bid" for a in g.history)
    g.act(Bid(player=1, amount=30))
    assert g.st.pending.high_bidder == 1 and g.st.pending.passed == []
    again = load_save(save_game(g, "open auction", tmp_path)).game
    assert again.st == g.st and again.history == g.history


def test_a_version_1_save_without_its_actions_goes_on_with_its_log_as_plain_text(tmp_path):
    """Issue 14 item 2: a version-1 save without actions (``v1/no-actions.json``: ``v1/late-game.json``
    without them; megamono never wrote one) cannot be replayed, so its game goes on from the state it was
    saved in, its log kept as plain-text lines (``PlainText``). Saved again, version 9's setup holds that
    state, log and all, and the game replays from it (I8); the old file is never touched."""
    from megamono.rules.events import PlainText, Rolled

    path = FIXTURES / "v1" / "no-actions.json"
    before = path.read_bytes()
    old_log = json.loads(before)["state"]["log"]
    saved = load_save(path)
    g = saved.game
    assert path.read_bytes() == before
    assert g.history == [] and "state" in g.setup
    assert [type(e) for e in g.st.log] == [PlainText] * len(old_log)
    assert [(e.say(g), e.player, e.category) for e in g.st.log] == [
        (e["text"], e.get("player"), e["kind"]) for e in old_log]
    full = load_save(FIXTURES / "v1" / "late-game.json").game  # the same game, replayed from its actions
    g.st.log, log = full.st.log, g.st.log
    assert g.st == full.st and saved.game_id == derive_game_id(json.loads(before)["setup"])
    g.st.log = log
    g.act(g.legal_actions()[0])
    assert g.st.log[:len(old_log)] == log[:len(old_log)] and isinstance(g.st.log[len(old_log)], Rolled)
    again = save_game(g, "went on", tmp_path, game_id=saved.game_id)
    data = json.loads(again.read_bytes())
    assert data["version"] == SAVE_VERSION and len(data["actions"]) == 1
    assert data["setup"]["state"]["log"][0] == {"event": "PlainText", "line": old_log[0]["text"],
                                                "player": old_log[0]["player"], "category": "dice"}
    back = load_save(again).game
    assert back.st == g.st and back.history == g.history and back.st.log == g.st.log


def test_a_version_9_save_of_a_game_started_from_a_state_replays_from_it():
    """``v9/no-actions-played-on.json`` (written by tests/saves/no_actions.py): the game of
    ``v1/no-actions.json`` played on four decisions; its setup holds the state it started from."""
    from megamono.rules.events import PlainText

    g = load_save(FIXTURES / "v9" / "no-actions-played-on.json").game
    start = Game.replay(g.setup, [])
    assert len(g.history) == 4 and all(isinstance(e, PlainText) for e in start.st.log)
    assert g.st.log[:len(start.st.log)] == start.st.log and not isinstance(g.st.log[-1], PlainText)


def test_a_save_whose_starting_state_is_impossible_is_refused_untouched(tmp_path):
    data = json.loads((FIXTURES / "v9" / "no-actions-played-on.json").read_bytes())
    data["setup"]["state"]["decks"]["chance"].pop()  # a Chance card lost (I6)
    f = tmp_path / "edited.json"
    f.write_text(json.dumps(data))
    before = f.read_bytes()
    with pytest.raises(SaveError, match=r"^edited\.json: damaged save: .*the state the game started from"):
        load_save(f)
    assert f.read_bytes() == before


def test_the_version_6_to_7_step_changes_nothing():
    """Positions (issue 16) came with version 7: a version-6 save is of a game started by ``Game.new``,
    so the step changes nothing but the version."""
    for path in sorted((FIXTURES / "v6").glob("*.json")):
        data = json.loads(path.read_bytes())
        new = MIGRATIONS[6](json.loads(path.read_bytes()))
        assert "position" not in new["setup"] and new == data


def test_a_save_of_a_game_started_from_a_position_replays_from_it(tmp_path):
    """``v7/position-game.json``: a Mega game started from a position in round 12 (Ann's turn, Cat in
    jail after a failed roll, buildings, a depot, a mortgage, Bus Tickets counted) and played ten
    actions; its setup keeps the position (with its seed) and the app's note of Bob's level."""
    saved = load_save(FIXTURES / "v7" / "position-game.json")
    g = saved.game
    pos = g.setup["position"]
    assert pos["format"] == "megamono-position" and pos["seed"] == g.setup["seed"] == 16
    assert g.setup["players"][1] == {"name": "Bob", "colour": "blue", "kind": "computer", "level": "easy"}
    start = Game.from_position(None, pos)
    assert start.st.turn.round == 12 and start.st.players[2].in_jail and start.st.deeds[6].depot
    assert len(g.history) == 10 and g.st.turn.round == 13
    g.act(g.legal_actions()[0])
    again = load_save(save_game(g, "position again", tmp_path)).game
    assert again.st == g.st and again.setup == g.setup


RENT_DEBTS = [FIXTURES / "v7" / "rent-debt.json", FIXTURES / "v7" / "claimed-rent-debt.json"]
"""Games stopped in a debt for rent (landed on, and claimed: T6), written by version 7 and again by
version 8 (``tests/saves/rent_debts.py``)."""


def test_the_version_7_to_8_step_gives_a_rent_payment_its_deed_as_data():
    """Issue 14 item 3: version 7 kept whether a waiting payment is rent in its words only; version 8 keeps
    the deed (``rent_for``) and only the rent's own added words."""
    notes = []
    for path in RENT_DEBTS:
        data = json.loads(path.read_bytes())
        [old] = [s for s in data["state"]["agenda"] if s["kind"] == "debt_note"]
        assert old["why"].startswith("rent for Massachusetts Avenue") and "rent_for" not in old
        new = MIGRATIONS[7](json.loads(path.read_bytes()))
        [note] = [s for s in new["state"]["agenda"] if s["kind"] == "debt_note"]
        notes.append((note["why"], note["rent_for"]))
        assert {k: v for k, v in new["state"].items() if k != "agenda"} == \
            {k: v for k, v in data["state"].items() if k != "agenda"}
    assert notes == [("", 7), ("claimed", 7)]
    _same_games(RENT_DEBTS, "v8")  # the same games as version 8 wrote them
    # a save without a rent payment waiting is left as it was
    data = json.loads((FIXTURES / "v7" / "position-game.json").read_bytes())
    assert MIGRATIONS[7](json.loads((FIXTURES / "v7" / "position-game.json").read_bytes())) == data


def test_a_migrated_rent_debt_pays_rent_named_as_before():
    from megamono.rules.actions import Mortgage, PayDebt
    from megamono.rules.events import Cash

    for path, words in zip(RENT_DEBTS, ["rent for Massachusetts Avenue", "rent for Massachusetts Avenue (claimed)"],
                           strict=True):
        g = load_save(path).game
        assert f"({words})" in g.describe_pending()
        g.act(Mortgage(player=0, space=6))
        [paid] = [e for e in g.act(PayDebt(player=0)) if isinstance(e, Cash)]
        assert paid.rent and paid.rent_for == 7 and paid.say(g) == f"Ann pays $6 to Bob: {words}"


def test_a_version_7_rent_payment_for_no_space_of_the_board_is_refused(tmp_path):
    data = json.loads(RENT_DEBTS[0].read_bytes())
    [note] = [s for s in data["state"]["agenda"] if s["kind"] == "debt_note"]
    note["why"] = "rent for Nowhere Lane"
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="could not be brought up to version 8.*Nowhere Lane"):
        load_save(f)


DECISION_WORDS = sorted(p for p in (FIXTURES / "v9").glob("*.json") if p.name != "no-actions-played-on.json")
"""Games stopped on decisions whose words need more than their fields held in version 9, written by version 9
and again by version 10 (``tests/saves/decision_words.py``)."""


def _kept_words(data: dict) -> list[tuple[str, str]]:
    """(where, words) of every decision of a save's state that kept its words (``prompt``, up to version 9)."""
    state = data["state"]
    decisions = [("pending", state.get("pending"))] + [(f"suspended.{k}", d)
                                                       for k, d in enumerate(state.get("suspended", []))]
    return [(where, d["prompt"]) for where, d in decisions if isinstance(d, dict) and d.get("prompt")]


@pytest.mark.parametrize("path", [f for f in FILES if _kept_words(json.loads(f.read_bytes()))],
                         ids=lambda f: f"{f.parent.name}/{f.name}")
def test_every_decision_a_save_kept_words_for_says_them_again(path):
    """Up to version 9 a save kept each decision's words; since version 10 they are made when read, from
    the decision's fields: every fixture's decisions, pending or set aside, say the words it kept."""
    g = load_save(path).game
    for where, words in _kept_words(json.loads(path.read_bytes())):
        pend = g.st.pending if where == "pending" else g.st.suspended[int(where.split(".")[1])]
        assert g.say(pend) == words, where


def test_the_version_9_to_10_step_keeps_what_a_decisions_words_need_and_no_words():
    kept = {}
    for path in DECISION_WORDS:
        new = migrate(json.loads(path.read_bytes()))
        state = new["state"]
        for d in [state["pending"], *state["suspended"]]:
            own = {f.name for f in fields(DECISION_CLASSES[d["kind"]])}
            assert "prompt" not in d and set(d) <= {"kind", "player"} | own
            kept[(path.stem, d["kind"])] = {k: d[k] for k in ("bus_ticket", "attempt", "why", "rent_for", "winners")
                                            if k in d}
    assert kept == {
        ("bus-move", "bus_move"): {}, ("jail-pay", "jail_pay"): {}, ("jail-second-turn", "jail"): {"attempt": 2},
        ("ticket-traded", "trade_reply"): {}, ("ticket-traded", "turn"): {"bus_ticket": False},
        ("ticket-got", "turn"): {"bus_ticket": True}, ("debt-set-aside", "trade_reply"): {},
        ("debt-set-aside", "debt"): {"why": "", "rent_for": 7}, ("game-over", "game_over"): {"winners": [1]}}
    # the state a version-9 setup starts from loses its words too
    data = migrate(json.loads((FIXTURES / "v9" / "no-actions-played-on.json").read_bytes()))
    start = data["setup"]["state"]
    assert [d.get("prompt") for d in [start["pending"], *start["suspended"]]] == [None] * (1 + len(start["suspended"]))
    assert start["pending"]["bus_ticket"] is True
    # the same games as version 10 wrote them (tests/saves/decision_words.py)
    _same_games(DECISION_WORDS, "v10")


def test_a_version_9_save_plays_on_as_the_same_game_saved_by_version_10():
    for path in DECISION_WORDS:
        old, new = load_save(path).game, load_save(FIXTURES / "v10" / path.name).game
        for _ in range(12):
            if old.over:
                break
            action = old.legal_actions()[0]
            assert [e.say(old) for e in old.act(action)] == [e.say(new) for e in new.act(action)]
            assert old.st == new.st and old.describe_pending() == new.describe_pending()


def test_a_debts_reason_comes_from_its_words_when_no_note_names_it():
    """A version-9 debt whose note is not on the agenda (no megamono wrote one; an edited file) reads its
    reason from its words: a rent with its own words, a rent, any other payment."""
    from megamono.save_migrations import _debt_reason_v10

    spaces = ["GO", "Boardwalk", "Park Place"]
    end = ". Sell buildings or mortgage deeds to raise it."
    assert _debt_reason_v10(f"Ann: you owe $6 to Bob (rent for Boardwalk (claimed)){end}", [], spaces) == ("claimed", 1)
    assert _debt_reason_v10(f"Ann: you owe $6 to Bob (rent for Park Place){end}", [], spaces) == ("", 2)
    assert _debt_reason_v10(f"Ann: you owe $75 to the bank (Luxury Tax){end}", [], spaces) == ("Luxury Tax", None)
    notes = [{"kind": "debt_note", "why": "claimed", "rent_for": 2}, {"kind": "debt_note", "why": "", "rent_for": 1}]
    assert _debt_reason_v10(f"A: you owe $6 to B (rent for Boardwalk){end}", notes, spaces) == ("", 1)
    assert notes == [{"kind": "debt_note", "why": "claimed", "rent_for": 2}]  # (each note names one debt)
