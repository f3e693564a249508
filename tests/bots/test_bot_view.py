"""The bots' View of the deeds: kept in a bot's Memory while no deed changes, brought up to date
from the deeds the events logged since name, and always equal to a View made from scratch (RULES.md
I8: bots only read the game)."""

from __future__ import annotations

from megamono.bots import Memory, make_bot, model
from megamono.bots.model import Board, View
from megamono.rules.engine import Game

from kit import SEAT_ORDER


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
        memory = Memory()
        bots = [make_bot("strong", seed + k, memory) for k in range(4)]
        updates = 0
        while not g.over:
            before = memory.view(g)
            before.trade_signature()  # worked out, so that the update carries them forward
            for p in range(4):
                before.rents(p)
            p = g.pending.player
            g.act(bots[p].choose(g, p))
            now = memory.view(g)
            updates += now is not before  # brought up to date from the events logged
            fresh = View(g)
            _same(now, fresh, 4)
            kept = [bots[0]._build_options(g, p) for p in range(4)]  # what the view kept or redid
            afresh = make_bot("strong", 0)  # (a memory of its own, which makes its view from the deeds)
            assert kept == [afresh._build_options(g, p) for p in range(4)]
        assert updates > 100, (edition, updates)


def test_the_view_stays_while_nothing_is_logged_and_follows_the_game_it_is_asked_of():
    g = Game.new("mega", ["A", "B"], seed=1, seat_order=True)
    memory = Memory()
    v = memory.view(g)
    assert memory.view(g) is v and memory.board(g) is v.board
    g.act({"kind": "roll", "player": 0})
    assert memory.view(g).deeds is g.st.deeds
    other = Game.new("mega", ["A", "B"], seed=1, seat_order=True)
    other.st.deeds[1].owner = 0  # (set up by hand before the memory looks: seen)
    v2 = memory.view(other)
    assert v2.deeds is other.st.deeds and v2.owners[1] == 0 and v2.rents(1)[1] > 0 and v2.rents(0)[1] == 0
    assert v2.board is v.board  # the same edition: the board facts are kept
    _same(v2, View(other), 2)
    other.st.deeds[3].owner = 1  # by hand again: no event names it, so the memory keeps its view
    assert memory.view(other) is v2 and v2.owners[3] is None
    assert Memory().view(other).owners[3] == 1  # (a new memory sees it)


def test_a_new_state_under_the_same_game_is_looked_at_afresh():
    """An undo puts back the state before the last action (a new log and new deeds): the memory
    starts again from it, and the bots never see the deed bought and taken back."""
    g = Game.new("mega", ["A", "B"], seed=1, seat_order=True, dice=[(1, 3, 2)])
    g.keep_undo = True
    memory = Memory()
    g.act({"kind": "roll", "player": 0})  # to Reading Railroad (6)
    assert g.pending.kind == "buy" and memory.view(g).owners[6] is None
    g.act({"kind": "buy", "player": 0})
    assert memory.view(g).owners[6] == 0
    g.undo()
    v = memory.view(g)
    assert v.deeds is g.st.deeds and v.owners[6] is None
    _same(v, View(g), 2)


def test_a_deed_won_at_auction_and_paid_for_later_is_followed():
    """The one change of a deed the events of its action do not name (``deeds_awaiting_grant``):
    the deed won by a bidder who spent the bid meanwhile is handed over when the debt is paid."""
    # (in seat order: in an open auction the high bidder may not build below the bid, A3)
    g = Game.new("mega", ["A", "B", "C"], seed=1, seat_order=True, dice=[(2, 3, 2)], options=SEAT_ORDER)
    for i in (21, 23, 24):
        g.st.deeds[i].owner = 2
    g.st.players[2].cash = 120
    memory = Memory()
    for a in ({"kind": "roll", "player": 0}, {"kind": "decline_buy", "player": 0},
              {"kind": "drop_out", "player": 1}, {"kind": "bid", "player": 2, "amount": 110},
              {"kind": "build", "player": 2, "space": 21}, {"kind": "drop_out", "player": 0}):
        g.act(a)
        memory.view(g)
    assert g.pending.kind == "debt" and g.deeds_awaiting_grant() == [7] and memory.view(g).owners[7] is None
    for a in ({"kind": "sell_building", "player": 2, "space": 21}, {"kind": "mortgage", "player": 2, "space": 23}):
        g.act(a)
        memory.view(g)
    g.act({"kind": "pay_debt", "player": 2})
    assert g.st.deeds[7].owner == 2 and not any(7 in ev.deeds_changed() for ev in g.st.log[-3:])
    _same(memory.view(g), View(g), 3)


def _deed_value_by_holding(g: Game, p: int, space: int, block: float = 0.35) -> float:
    """deed_value as holding values over owner maps (its definition)."""
    b = Board(g.ed)
    before = {i: d.owner for i, d in g.st.deeds.items()}
    after = dict(before)
    groups = {b.group_of[space]: None} if space in b.group_of else {}

    def gain(q: int) -> float:
        after[space] = q
        return (model.holding_value(b, q, after, groups, not groups)
                - model.holding_value(b, q, before, groups, not groups))

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
        memory = Memory()
        bots = [make_bot("strong", seed + k, memory) for k in range(4)]
        while not g.over:
            p = g.pending.player
            g.act(bots[p].choose(g, p))
            v = memory.view(g)
            assert v.owners == {i: d.owner for i, d in g.st.deeds.items()}
            deeds = list(v.owners)
            for _ in range(3):
                space = rng.choice(deeds)
                for q in g.st.active_players():
                    assert model.deed_value(v, g, q, space) == _deed_value_by_holding(g, q, space)
                moves = {i: rng.choice([None, 0, 1, 2, 3]) for i in rng.sample(deeds, rng.randint(1, 4))}
                after = dict(v.owners)
                after.update(moves)
                for q in range(4):
                    assert model.moves_gain(v, q, moves) == model.gain_of(v.board, q, v.owners, after, list(moves))
                checked += 1
    assert checked > 300
