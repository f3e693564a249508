"""Corrupted saves, byte by byte and field by field, are refused cleanly (SaveError) or load sound."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from megamono.rules import Game, check_invariants
from megamono.rules.invariants import check_state
from megamono.saves import SaveError, load_game
from randomplay import choose


def _base() -> bytes:
    g = Game.new("mega", ["Ann", "Bob", "Cid"], seed=9)
    r = random.Random(9)
    for _ in range(60):
        g.act(choose(g, r))
    return g.to_json().encode()


BASE = _base()
SETTINGS = settings(max_examples=60, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def _load_or_refuse(path):
    try:
        game = load_game(path)
    except SaveError as exc:
        assert str(exc)
        return
    assert not check_state(game.ed, game.st)
    assert not check_invariants(game.ed, game.st)


@SETTINGS
@given(st.lists(st.tuples(st.integers(0, len(BASE) - 1), st.integers(0, 255)), min_size=1, max_size=4),
       st.booleans())
def test_byte_corruption_is_refused_cleanly(tmp_path, edits, truncate):
    data = bytearray(BASE)
    for at, value in edits:
        data[at] = value
    if truncate:
        data = data[: edits[0][0]]
    f = tmp_path / "corrupt.json"
    f.write_bytes(bytes(data))
    _load_or_refuse(f)
    assert f.read_bytes() == bytes(data)


def _paths(node, prefix=()):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node[:6]):
            yield from _paths(v, prefix + (i,))
    yield prefix


PATHS = list(_paths(json.loads(BASE)))
JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=5),
                 st.just([]), st.just({}), st.just(-1), st.just(99))


@SETTINGS
@given(st.sampled_from(PATHS), JUNK)
def test_field_corruption_is_refused_cleanly(tmp_path, path, junk):
    doc = json.loads(BASE)
    if not path:
        doc = junk
    else:
        node = doc
        for k in path[:-1]:
            node = node[k]
        node[path[-1]] = junk
    f = tmp_path / "field.json"
    f.write_text(json.dumps(doc))
    _load_or_refuse(f)
