"""The engine's quick paths keep their promises: money text, plain deeds, shared throws,
editions remembered by id."""

from megamono.rules.core import commas, throw
from megamono.rules.editions import load_edition
from megamono.rules.engine import Game
from megamono.rules.state import DeedState


def test_commas_is_the_thousands_separator_for_every_amount():
    for n in (0, 7, 999, 1000, 1500, 12345, 1_000_000, -1, -999, -1000, -1500, -1_234_567):
        assert commas(n) == f"{n:,}"


def test_a_deed_is_a_plain_record_saved_as_before():
    d = DeedState(owner=1, level=2)
    assert (d.owner, d.mortgaged, d.level, d.depot) == (1, False, 2, False)
    d.level = 3
    assert d.model_dump() == {"owner": 1, "mortgaged": False, "level": 3, "depot": False}
    assert DeedState.model_validate(d.model_dump()) == d and DeedState() == DeedState.model_validate({})


def test_throws_are_shared_and_unchanged_across_games():
    g = Game.new("mega", ["Ann", "Bob"], seed=5)
    rng = g.st.rng
    first = throw(g.st, True)
    g.st.rng = rng
    assert throw(g.st, True) is first  # the same throw: the same object
    assert first.white[0] in range(1, 7) and first.speed in (1, 2, 3, "mr", "bus")
    a = Game.new("mega", ["Ann", "Bob"], seed=5)
    b = Game.new("mega", ["Ann", "Bob"], seed=5)
    for _ in range(20):
        for x in (a, b):
            x.act({"kind": "roll", "player": x.pending.player} if x.pending.kind == "turn"
                  else x.legal_actions()[0])
    assert a.to_json() == b.to_json()


def test_an_edition_id_gives_the_same_edition_as_its_path():
    from megamono.rules.editions import edition_path
    assert load_edition("classic") is load_edition("classic")
    assert load_edition("classic") is load_edition(edition_path("classic"))


def test_every_action_kind_and_managing_action_has_its_handler_in_the_dispatch_tables():
    from dataclasses import fields
    from typing import get_args

    from megamono.rules import dispatch
    from megamono.rules.actions import ACTION_KINDS, MANAGE_KINDS
    from megamono.rules.agenda import AgendaStep

    assert set(dispatch.ACT) == set(ACTION_KINDS)
    assert set(dispatch.WHY_NOT) == set(MANAGE_KINDS)
    assert set(dispatch.CHECK) <= set(dispatch.DECISION_OF)  # (a managing action's checks are its why_not)
    steps = {f.default for t in get_args(get_args(AgendaStep)[0]) for f in fields(t) if f.name == "kind"}
    assert set(dispatch.STEP) == steps  # every kind of agenda step can run


def test_the_dice_in_one_call_are_the_same_as_one_die_at_a_time():
    from megamono.rules import dice

    for seed in range(300):
        for count in (2, 3):
            state = dice.seed_state(seed * 7919)
            one_by_one = []
            s = state
            for _ in range(count):
                s, v = dice.randbelow(s, 6)
                one_by_one.append(v)
            assert dice.d6(state, count) == (s, one_by_one)


def test_the_plain_board_objects_have_the_fields_of_the_edition_models():
    from dataclasses import fields

    from megamono.rules.editions import EditionRules, RulesInfo, Space, SpaceInfo, Supply, SupplyInfo

    assert [f.name for f in fields(SpaceInfo)] == [*Space.model_fields, "is_property"]
    assert [f.name for f in fields(RulesInfo)] == list(EditionRules.model_fields)
    assert [f.name for f in fields(SupplyInfo)] == list(Supply.model_fields)
    for edition in ("mega", "classic"):
        ed = load_edition(edition)
        assert ed.board.rules == RulesInfo(**ed.rules.__dict__)
        assert [s.name for s in ed.board.spaces] == [s.name for s in ed.spaces]
