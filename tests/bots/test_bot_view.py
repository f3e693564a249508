"""The bots' View of the deeds: kept while no deed changes, brought up to date from the changed
deeds only, and always equal to a View made from scratch (RULES.md I8: bots only read the game)."""

from __future__ import annotations

from megamono.bots import make_bot, model
from megamono.bots.model import View, view_of
from megamono.rules.engine import Game
from megamono.rules.state import DeedState, deeds_changed_since, deeds_revision


def _same(a: View, b: View, players: int) -> None:
    assert a.owners == b.owners
    assert a.visitor_rents == b.visitor_rents
    for p in range(players):
        assert a.rents(p) == b.rents(p), p
        assert a.owned_by(p) == b.owned_by(p), p
        assert a.mortgaged_of(p) == b.mortgaged_of(p), p
        assert a.building_groups(p) == b.building_groups(p), p
        assert a.building_group_list(p) == b.building_group_list(p), p
        assert a.built_groups(p) == b.built_groups(p), p
    assert a.group_owners == b.group_owners and a.mortgaged == b.mortgaged and a.built == b.built
    assert a.trade_signature() == b.trade_signature()


def test_the_view_brought_up_to_date_equals_a_fresh_one_after_every_action():
    for edition, seed in (("mega", 21), ("classic", 22)):
        g = Game.new(edition, ["A", "B", "C", "D"], seed=seed, seat_order=True, options={"turn_limit": 60})
        bots = [make_bot("strong", seed + k) for k in range(4)]
        updates = 0
        while not g.over:
            before = view_of(g)
            before.trade_signature()  # worked out, so that the update carries them forward
            for p in range(4):
                before.rents(p)
            p = g.pending.player
            g.act(bots[p].choose(g, p))
            now = view_of(g)
            updates += now is not before and now.index_of is before.index_of  # brought up to date
            fresh = View(g)
            _same(now, fresh, 4)
            kept = [bots[0]._build_options(g, p) for p in range(4)]  # what the view kept or redid
            model._VIEW = fresh
            assert kept == [bots[0]._build_options(g, p) for p in range(4)]
        assert updates > 100, (edition, updates)


def test_the_view_stays_while_no_deed_changes_and_follows_any_change():
    g = Game.new("mega", ["A", "B"], seed=1, seat_order=True)
    v = view_of(g)
    assert view_of(g) is v
    g.st.deeds[1].owner = 0                      # a change made from outside the engine
    v2 = view_of(g)
    assert v2 is not v and v2.owners[1] == 0 and v2.rents(1)[1] > 0 and v2.rents(0)[1] == 0
    _same(v2, View(g), 2)
    other = Game.new("mega", ["A", "B"], seed=1, seat_order=True)
    assert view_of(other).deeds is other.st.deeds and view_of(other).owners[1] is None


def test_the_change_journal_names_the_changed_deeds():
    d = DeedState()
    rev = deeds_revision()
    d.owner = 2
    d.level = 1
    assert deeds_revision() == rev + 2
    assert deeds_changed_since(rev) == [d, d]
    assert deeds_changed_since(deeds_revision()) == []
    assert deeds_changed_since(rev - 10**9) is None


def _deed_value_by_holding(g: Game, p: int, space: int, block: float = 0.35) -> float:
    """deed_value as holding values over owner maps (its definition)."""
    b = model.board_of(g)
    before = model.owners_of(g)
    after = dict(before)
    groups = {b.group_of[space]: None} if space in b.group_of else {}

    def gain(q: int) -> float:
        after[space] = q
        return (model.holding_value(g, q, after, groups, not groups, b)
                - model.holding_value(g, q, before, groups, not groups, b))

    best_other = 0.0
    for q in g.st.active_players():
        if q != p:
            best_other = max(best_other, gain(q) - b.price[space])
    return gain(p) + block * best_other


def test_values_from_the_tallies_equal_the_holding_values_bit_for_bit():
    import random
    rng = random.Random(5)
    checked = 0
    for edition, seed in (("mega", 31), ("classic", 32)):
        g = Game.new(edition, ["A", "B", "C", "D"], seed=seed, seat_order=True, options={"turn_limit": 80})
        bots = [make_bot("strong", seed + k) for k in range(4)]
        while not g.over:
            p = g.pending.player
            g.act(bots[p].choose(g, p))
            v = view_of(g)
            deeds = list(v.owners)
            for _ in range(3):
                space = rng.choice(deeds)
                for q in g.st.active_players():
                    assert model.deed_value(g, q, space) == _deed_value_by_holding(g, q, space)
                moves = {i: rng.choice([None, 0, 1, 2, 3]) for i in rng.sample(deeds, rng.randint(1, 4))}
                after = dict(v.owners)
                after.update(moves)
                for q in range(4):
                    assert model.moves_gain(v, q, moves) == model.gain_of(g, q, v.owners, after, list(moves))
                checked += 1
    assert checked > 300
