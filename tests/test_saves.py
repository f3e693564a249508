"""Save files: round trip, atomic writes, refusals that touch nothing, the committed example."""

import json
from pathlib import Path

import pytest
from megamono.rules import Buy, Game, Roll, check_invariants
from megamono.saves import SaveError, check_save_name, list_saves, load_game, save_game

from kit import new_game

EXAMPLES = Path(__file__).resolve().parents[1] / "saves" / "examples"


def _game():
    g = new_game(seed=11, dice=[(2, 3, 1)])
    g.act(Roll(player=0))
    g.act(Buy(player=0))
    return g


def test_I8_save_and_load_continue_with_the_same_dice(tmp_path):
    g = _game()
    path = save_game(g, "my game", tmp_path)
    assert path == tmp_path / "my game.json"
    loaded = load_game(path)
    assert loaded.st == g.st and loaded.history == g.history
    # The same dice come next in both.
    g.act(Roll(player=1))
    loaded.act(Roll(player=1))
    assert loaded.st == g.st


def test_save_is_atomic_old_save_survives_a_failed_write(tmp_path, monkeypatch):
    g = _game()
    path = save_game(g, "keep", tmp_path)
    before = path.read_bytes()
    import megamono.saves as saves

    def boom(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(saves.os, "replace", boom)
    g.act(Roll(player=1))
    with pytest.raises(SaveError, match="keep.json: could not be written") as info:  # (issue 13, 4)
        save_game(g, "keep", tmp_path)
    assert ".saving-" not in str(info.value)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["keep.json"]  # no temp file left behind


@pytest.mark.parametrize("content, message", [
    (b"{not json", "not a JSON file"),
    (b'{"hello": "world"}', "not a megamono save"),
    (b'{"format": "megamono-save", "version": 99, "state": {}}', "save version 99"),
])
def test_bad_files_are_refused_and_left_untouched(tmp_path, content, message):
    f = tmp_path / "bad.json"
    f.write_bytes(content)
    with pytest.raises(SaveError, match=message):
        load_game(f)
    assert f.read_bytes() == content


def test_damaged_field_is_named(tmp_path):
    data = json.loads(_game().to_json())
    data["state"]["players"][0]["cash"] = "lots"
    f = tmp_path / "damaged.json"
    f.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=r"players\.0\.cash"):
        load_game(f)


@pytest.mark.parametrize("name", ["../evil", "/etc/passwd", "a/b", "", "..", "x\x07y"])
def test_save_names_cannot_escape_the_folder(name):
    with pytest.raises(SaveError):
        check_save_name(name)


def test_list_saves_newest_first_and_skips_junk(tmp_path):
    g = _game()
    save_game(g, "one", tmp_path)
    (tmp_path / "junk.json").write_text("nope")
    infos = list_saves(tmp_path)
    assert [i.name for i in infos] == ["one"]
    assert infos[0].players == ["Ann", "Bob", "Cid"] and infos[0].edition == "mega"


def test_example_late_game_save_loads_and_is_late():
    game = load_game(EXAMPLES / "late-game.json")
    st = game.st
    assert not check_invariants(game.ed, st)
    assert sum(1 for d in st.deeds.values() if d.level >= 5) >= 2  # hotels
    assert any(d.mortgaged for d in st.deeds.values())
    assert any(p.bus_tickets for p in st.players)
    assert len(st.active_players()) == 3
    # I8: its action list replays to the stored state.
    assert Game.replay(game.setup, game.history).st == st


def _write(tmp_path, mutate):
    data = json.loads(_game().to_json())
    mutate(data["state"])
    f = tmp_path / "edited.json"
    f.write_text(json.dumps(data))
    return f


@pytest.mark.parametrize("mutate, message", [
    (lambda st: st["players"][1].__setitem__("cash", -5), "negative cash"),
    (lambda st: st["players"][1].update(in_jail=True, position=20), "in jail but stands"),
    (lambda st: [st["deeds"][k].update(owner=0, level=4) for k in ("1", "3", "4", "7", "8", "11", "12",
                                                                  "15", "16", "18", "19")], "houses"),
    (lambda st: st["deeds"]["6"].__setitem__("owner", 7), "no player 7"),
    (lambda st: st["players"][2].__setitem__("cash", 9999), "differs from the replay"),
])
def test_impossible_or_edited_saves_are_refused(tmp_path, mutate, message):
    f = _write(tmp_path, mutate)
    before = f.read_bytes()
    with pytest.raises(SaveError, match=message):
        load_game(f)
    assert f.read_bytes() == before


def test_big_files_are_refused_without_reading(tmp_path):
    f = tmp_path / "huge.json"
    f.write_bytes(b" " * (16 * 1024 * 1024 + 1))
    with pytest.raises(SaveError, match="16 MB"):
        load_game(f)
