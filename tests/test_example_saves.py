"""The committed example saves load, are late games, and replay to their stored state (I8)."""

from pathlib import Path

import pytest
from megamono.rules import Game, check_invariants
from megamono.saves import load_game

EXAMPLES = Path(__file__).resolve().parents[1] / "saves" / "examples"


@pytest.mark.parametrize("name, edition", [("late-game", "mega"), ("classic-late-game", "classic")])
def test_I8_example_saves_are_late_games(name, edition):
    game = load_game(EXAMPLES / f"{name}.json")
    st = game.st
    assert st.edition == edition and not check_invariants(game.ed, st)
    assert sum(1 for d in st.deeds.values() if d.level >= 5) >= 2
    assert any(d.mortgaged for d in st.deeds.values())
    assert len(st.active_players()) == 3 and min(p.cash for p in st.players) < 400
    if game.ed.bus_tickets:
        assert any(p.bus_tickets for p in st.players)
    assert Game.replay(game.setup, game.history).st == st
