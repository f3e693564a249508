"""G1, G2: editions are data files; a player may load a board file of their own."""

import json

from megamono.rules import Game, Roll, load_edition
from megamono.rules.editions import edition_path


def test_G2_a_board_file_from_a_user_path_is_validated_and_played(tmp_path):
    data = json.loads(edition_path("mega").read_text(encoding="utf-8"))
    data["id"] = "home"
    data["name"] = "Our home board"
    data["spaces"][51]["name"] = "Table Mountain"
    data["spaces"][51]["short"] = "Table Mtn"
    path = tmp_path / "home.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    ed = load_edition(path)
    assert ed.spaces[51].name == "Table Mountain"
    g = Game.new(path, ["Ann", "Bob"], seed=3, dice=[(1, 2, 3)], seat_order=True)
    g.act(Roll(player=0))
    assert g.st.players[0].position == 6
    # The save names the file, so it loads again.
    assert Game.from_dict(g.to_dict()).ed.spaces[51].name == "Table Mountain"
