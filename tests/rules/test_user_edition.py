"""G1, G2: editions are data files; a player may load a board file of their own."""

import json

import pytest
from megamono.boards import read_board
from megamono.rules import EditionError, Game, Roll
from megamono.rules.editions import edition_path


def test_G2_a_board_file_from_a_user_path_is_validated_and_played(tmp_path):
    data = json.loads(edition_path("mega").read_text(encoding="utf-8"))
    data["id"] = "home"
    data["name"] = "Our home board"
    data["spaces"][51]["name"] = "Table Mountain"
    data["spaces"][51]["short"] = "Table Mtn"
    path = tmp_path / "home.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(EditionError, match="a board file not read yet"):  # (the rules core reads no board file)
        Game.new(path, ["Ann", "Bob"])
    ed = read_board(path)  # (megamono.boards reads it, safely: from then on the rules core knows it)
    assert ed.spaces[51].name == "Table Mountain"
    g = Game.new(path, ["Ann", "Bob"], seed=3, dice=[(1, 2, 3)], seat_order=True)
    g.act(Roll(player=0))
    assert g.st.players[0].position == 6
    # The save names the file, so it loads again.
    assert Game.from_dict(g.to_dict()).ed.spaces[51].name == "Table Mountain"


def test_a_depot_given_away_is_still_a_logged_payment_naming_its_railroad(tmp_path):
    """A board whose depots are free (``depot_cost`` 0): building and selling one pays $0, and the
    payment is logged all the same, naming the railroad (every change of a deed is named by an event
    of the action that makes it: ``Event.deeds_changed``)."""
    data = json.loads(edition_path("mega").read_text(encoding="utf-8"))
    data["id"], data["rules"]["depot_cost"] = "free-depots", 0
    path = tmp_path / "free-depots.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    read_board(path)
    g = Game.new(path, ["Ann", "Bob"], seed=3, seat_order=True)
    rails = g.ed.railroads[:2]
    for i in rails:
        g.st.deeds[i].owner = 0
    cash = g.st.players[0].cash
    for kind in ("build_depot", "sell_depot"):
        [paid, *_] = g.act({"kind": kind, "player": 0, "space": rails[0]})
        assert (paid.amount, paid.deed, list(paid.deeds_changed())) == (0, rails[0], [rails[0]])
    assert g.st.players[0].cash == cash and not g.st.deeds[rails[0]].depot
    assert [e.say(g) for e in g.st.log[-3:]] == ["Ann pays $0 to the bank: depot on Reading Railroad",
                                               "Ann builds a depot on Reading Railroad",
                                               "Ann receives $0 from the bank: depot on Reading Railroad sold"]
