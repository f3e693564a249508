"""The save format: its fields, its compact encoding, versions and migrations, temp files, renaming."""

import dataclasses
import json
import os
import random
import time
from datetime import datetime
from pathlib import Path

import megamono.saves as saves
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from megamono.rules import Buy, Game, Roll
from megamono.rules.events import EVENT_TYPES
from megamono.saves import (
    MIGRATIONS,
    SAVE_VERSION,
    SaveError,
    delete_save,
    list_saves,
    load_game,
    rename_save,
    save_game,
)

from kit import new_game
from properties.randomplay import choose

EXAMPLES = Path(__file__).resolve().parents[1] / "saves" / "examples"


def _game(actions: int = 0, seed: int = 11) -> Game:
    g = new_game(seed=seed, dice=[(2, 3, 1)])
    g.act(Roll(player=0))
    g.act(Buy(player=0))
    r = random.Random(seed)
    for _ in range(actions):
        if not g.over:
            g.act(choose(g, r))
    return g


def test_a_save_carries_format_version_edition_options_seed_rng_date_setup_actions_state(tmp_path):
    g = _game(40)
    before = datetime.now().replace(microsecond=0)
    data = json.loads(save_game(g, "g", tmp_path).read_bytes())
    assert data["format"] == "megamono-save" and data["version"] == SAVE_VERSION == 10
    assert data["game_id"] == saves.derive_game_id(g.setup) and len(data["game_id"]) == 12
    assert data["edition"] == "mega" == g.st.edition
    assert data["options"] == g.st.options.model_dump(mode="json")
    assert data["seed"] == 11 == g.setup["seed"]
    assert data["rng"] == g.st.rng
    assert before <= datetime.fromisoformat(data["saved_at"]) <= datetime.now()
    assert data["setup"] == g.setup
    assert data["actions"] == [a.model_dump(mode="json") for a in g.history]
    assert data["state"]["turn"] == g.st.turn.model_dump(mode="json")
    assert "log" not in data["state"]  # made again by replaying the actions
    # the setup alone makes the initial state, and with the actions the current one (I8)
    assert Game.replay(data["setup"], data["actions"]).st == g.st


def test_the_encoding_is_compact_readable_json(tmp_path):
    g = _game(300)
    path = save_game(g, "g", tmp_path)
    text = path.read_text()
    lines = text.splitlines()
    # one action per line, no indentation, no log (the replay makes it)
    assert '{"player":0,"kind":"buy"},' in lines
    assert len(lines) >= len(g.history)
    assert not any(line.startswith(" ") for line in lines)
    assert len(text) < 0.32 * len(g.to_json())  # (0.31 since open auctions are the default)
    loaded = load_game(path)
    assert loaded.st == g.st and loaded.history == g.history and loaded.st.log == g.st.log


def test_every_optional_event_field_defaults_to_none():
    # the log is written without its null fields: that is exact only while their default is None
    for event in EVENT_TYPES.values():
        for field in dataclasses.fields(event):
            required = field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING
            assert required or field.default is None, (event.__name__, field.name)


def test_the_rules_core_form_loads_too(tmp_path):
    g = _game(20)
    f = tmp_path / "core.json"
    f.write_text(g.to_json())  # Game.to_dict: no summary fields, every null written
    loaded = load_game(f)
    assert loaded.st == g.st and loaded.history == g.history


def test_a_name_with_json_in_it_survives_the_line_splitting(tmp_path):
    g = Game.new("mega", ["},{\"a", "B\\\"},{\"ob"], seed=3, dice=[(2, 3, 1)], seat_order=True)
    g.act(Roll(player=0))
    path = save_game(g, "odd", tmp_path)
    assert load_game(path).st == g.st


def _edit(tmp_path, change, game=None) -> Path:
    data = json.loads(save_game(game or _game(), "src", tmp_path).read_bytes())
    change(data)
    f = tmp_path / "edited.json"
    f.write_text(json.dumps(data))
    return f


def test_a_newer_version_is_refused_naming_both_versions(tmp_path):
    f = _edit(tmp_path, lambda d: d.update(version=SAVE_VERSION + 1))
    before = f.read_bytes()
    with pytest.raises(SaveError, match=r"save version 11 was written by a newer megamono; this one reads "
                                         r"versions up to 10"):
        load_game(f)
    assert f.read_bytes() == before


@pytest.mark.parametrize("version", [True, "1", 1.0, None])
def test_a_version_that_is_not_a_whole_number_is_refused(tmp_path, version):
    f = _edit(tmp_path, lambda d: d.update(version=version))
    with pytest.raises(SaveError, match="version"):
        load_game(f)


def _as_version_0(data: dict) -> dict:
    """A made-up version 0: the actions were called "moves" and there was no summary."""
    for key in ("saved_at", "edition", "seed", "rng", "options"):
        del data[key]
    data["moves"] = data.pop("actions")
    data["version"] = 0


def test_an_older_version_without_a_migration_is_refused_clearly(tmp_path):
    f = _edit(tmp_path, _as_version_0)
    before = f.read_bytes()
    with pytest.raises(SaveError, match=r"save version 0 is older than this megamono can read \(it reads "
                                         r"version 10; no migration from version 0\)"):
        load_game(f)
    assert f.read_bytes() == before


def test_an_older_version_is_migrated_by_the_hook(tmp_path, monkeypatch):
    def v0_to_v1(data):
        data["actions"] = data.pop("moves")
        data["state"]["log"] = []  # (version 1 kept the log)
        return data

    monkeypatch.setitem(MIGRATIONS, 0, v0_to_v1)
    g = _game(30)
    f = _edit(tmp_path, _as_version_0, g)
    before = f.read_bytes()
    loaded = load_game(f)  # replayed and checked like any save
    assert loaded.st == g.st and loaded.history == g.history
    assert f.read_bytes() == before  # the old file is not rewritten by loading
    again = json.loads(save_game(loaded, "upgraded", tmp_path).read_bytes())
    assert again["version"] == SAVE_VERSION and again["actions"]


def test_a_failing_migration_is_refused_with_the_reason(tmp_path, monkeypatch):
    monkeypatch.setitem(MIGRATIONS, 0, lambda data: data["no such field"])
    f = _edit(tmp_path, _as_version_0)
    with pytest.raises(SaveError, match=r"save version 0 could not be brought up to version 1"):
        load_game(f)


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(rng=d["rng"] + 1), '"rng" is'),
    (lambda d: d.update(seed=99), '"seed" is 99'),
    (lambda d: d.update(edition="classic"), '"edition" is'),
    (lambda d: d["options"].update(free_parking_pot=True), '"options" differ'),
    (lambda d: d["options"].update(auctions="maybe"), r"options\.auctions"),
    (lambda d: d.update(saved_at="yesterday"), '"saved_at"'),
    (lambda d: d.update(actions={"0": "roll"}), '"actions" is not a list'),
    (lambda d: d["actions"].__setitem__(1, {"player": 0, "kind": "fly"}), r"actions\.1"),
    (lambda d: d.update(setup=[]), '"setup"'),
    (lambda d: d["setup"].update(cheat=True), '"setup"'),
    (lambda d: d.pop("state"), '"state" is missing'),
    (lambda d: d["state"]["players"][0].update(cash="lots"), r"state\.players\.0\.cash"),
])
def test_damaged_fields_are_named_and_the_file_left_alone(tmp_path, change, message):
    f = _edit(tmp_path, change)
    before = f.read_bytes()
    with pytest.raises(SaveError, match=message):
        load_game(f, verify=False)
    assert f.read_bytes() == before


BASE = save_game(_game(50, seed=5), "base", Path(__import__("tempfile").mkdtemp())).read_bytes()


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(BASE) - 1), st.integers(0, 255)), min_size=1, max_size=3))
def test_byte_corruption_of_the_compact_form_is_refused_cleanly(tmp_path, edits):
    data = bytearray(BASE)
    for at, value in edits:
        data[at] = value
    f = tmp_path / "corrupt.json"
    f.write_bytes(bytes(data))
    try:
        load_game(f)
    except SaveError as exc:
        assert str(exc)
    assert f.read_bytes() == bytes(data)


def test_temp_files_of_a_killed_writer_are_ignored_then_cleaned_after_a_minute(tmp_path):
    g = _game()
    save_game(g, "one", tmp_path)
    old = tmp_path / ".saving-abc123.tmp"
    fresh = tmp_path / ".saving-def456.tmp"
    old.write_bytes(save_game(g, "two", tmp_path).read_bytes()[:500])  # half a save
    fresh.write_bytes(b"{")
    hour_ago = time.time() - 3600
    os.utime(old, (hour_ago, hour_ago))
    assert sorted(i.name for i in list_saves(tmp_path)) == ["one", "two"]
    save_game(g, "three", tmp_path)
    assert not old.exists()
    assert fresh.exists()  # may belong to a writer still at work


def test_list_saves_reads_the_summary(tmp_path):
    g = _game()
    save_game(g, "older", tmp_path)
    data = json.loads((tmp_path / "older.json").read_text())
    data["saved_at"] = "2020-01-02T03:04:05"
    (tmp_path / "older.json").write_text(json.dumps(data))
    save_game(g, "newer", tmp_path)
    (tmp_path / "examples").mkdir()
    (tmp_path / "examples" / "late-game.json").write_bytes((EXAMPLES / "late-game.json").read_bytes())
    infos = list_saves(tmp_path)
    by_name = {i.name: i for i in infos}
    assert [i.name for i in infos][-1] == "older"
    assert by_name["older"].modified == datetime(2020, 1, 2, 3, 4, 5)
    assert by_name["newer"].players == ["Ann", "Bob", "Cid"] and by_name["newer"].edition == "mega"
    assert by_name["newer"].turn == g.st.turn.number and not by_name["newer"].over
    assert by_name["examples/late-game"].example and not by_name["newer"].example


def test_rename_and_delete_never_touch_an_example_or_overwrite_a_save(tmp_path):
    g = _game()
    a = save_game(g, "a", tmp_path)
    b = save_game(g, "b", tmp_path)
    with pytest.raises(SaveError, match="exists already"):
        rename_save(a, "b")
    with pytest.raises(SaveError, match="no slashes"):
        rename_save(a, "../a")
    with pytest.raises(SaveError, match="automatic save"):
        rename_save(a, "autosave")
    with pytest.raises(SaveError, match="automatic save"):
        rename_save(a, "AUTOSAVE")  # the same name but for capitals
    with pytest.raises(SaveError, match="b.json exists already: choose a name that differs by more than capitals"):
        rename_save(a, "B")
    assert rename_save(a, "A") == tmp_path / "A.json"  # its own name in capitals is fine
    a = rename_save(tmp_path / "A.json", "a")
    before = b.read_bytes()
    c = rename_save(a, "c")
    assert c == tmp_path / "c.json" and not a.exists() and load_game(c).st == g.st
    assert b.read_bytes() == before
    delete_save(c)
    assert not c.exists()
    ex = tmp_path / "examples"
    ex.mkdir()
    sample = ex / "sample.json"
    sample.write_bytes(before)
    with pytest.raises(SaveError, match="example"):
        rename_save(sample, "mine")
    with pytest.raises(SaveError, match="example"):
        delete_save(sample)
    assert sample.read_bytes() == before


def test_a_long_game_saves_small_and_loads_to_the_same_state(tmp_path):
    # (save and load times are measured by the bench, tests/bench/saves.py, not here)
    g = Game.new("mega", ["Ann", "Bob", "Cid", "Dee"], seed=1)
    r = random.Random(1)
    while not g.over and g.st.turn.number < 150:
        g.act(choose(g, r))
    path = save_game(g, "long", tmp_path)
    loaded = load_game(path)  # replayed and checked, as the app loads it
    assert loaded.st == g.st and loaded.history == g.history
    assert path.stat().st_size < 100_000


def test_recovery_names_carry_the_date_and_time():
    assert saves.recovery_name(datetime(2026, 3, 1, 20, 15, 4)) == "recovery-20260301-201504"


def test_a_save_without_its_actions_says_so(tmp_path):
    f = _edit(tmp_path, lambda d: d.pop("actions"))
    before = f.read_bytes()
    with pytest.raises(SaveError, match=r'"actions" \(the decisions the game is replayed from\) is missing'):
        load_game(f)
    assert f.read_bytes() == before
