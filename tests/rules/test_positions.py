"""Positions (issue 16): a game started from a described position at the start of a turn.

``Game.from_position`` checks the position against the invariants (RULES.md I1-I6) and refuses a bad one
in one line naming the field; a position game replays from its setup (I8); a position taken at a played
game's turn start makes the same game again. The seed examples of RULES.md (ex1-ex7, ex9-ex11; there is no
ex8) are built here from positions, with scripted dice.
"""

from __future__ import annotations

import json

import pytest
from megamono.bots import play_bot_game
from megamono.rules import Game, Roll
from megamono.rules.actions import Buy, PlayBusTicket
from megamono.rules.editions import load_edition
from megamono.rules.events import NoRentMortgaged
from megamono.rules.positions import (
    Position,
    PositionError,
    at_turn_start,
    parse_position,
    position_json,
)
from megamono.rules.rent import rent_due
from scenario import act

from kit import ANN, BOB, CID, bank, cashes, illegal, levels, pend, sound

MEGA = load_edition("mega")
STATE_FIELDS = ("players", "deeds", "bank", "decks", "turn", "pending", "rng", "pot", "claims", "options",
                "agenda", "suspended", "winner")


def position(*, players=None, deeds=None, dice=None, **more):
    """A Mega game from a position: Ann, Bob and Cid with $2,500 each on GO (Ann to move), ``deeds``
    (name or index -> owner, or a dict), seed 1, scripted ``dice``; ``more`` goes into the position."""
    if players is None:
        players = [{"name": n, "cash": 2500} for n in ("Ann", "Bob", "Cid")]
    d = {}
    for key, v in (deeds or {}).items():
        d[str(key)] = {"owner": v} if isinstance(v, str) else v
    doc = {"players": players, "deeds": d, "seed": 1, **more}
    return Game.from_position("mega", doc, dice=dice)


def refused(match: str, **kw) -> str:
    with pytest.raises(PositionError, match=match) as info:
        position(**kw)
    text = str(info.value)
    assert "\n" not in text
    return text


def players(**changes):
    """Ann, Bob, Cid with $2,500; ``changes``: name -> fields to change."""
    out = []
    for n in ("Ann", "Bob", "Cid"):
        out.append({"name": n, "cash": 2500, **changes.get(n, {})})
    return out


def top_first(deck, card):
    """A deck's card ids with ``card`` on top."""
    ids = [c.id for c in deck]
    return [card] + [c for c in ids if c != card]


# ---------------------------------------------------------------------------- a position -> a game
def test_a_position_starts_the_turn_it_describes():
    g = position(players=players(Bob={"position": "Boardwalk", "gojf": ["CC05"]},
                                 Cid={"in_jail": True, "jail_turns": 2, "bus_tickets": ["BX02", "BT05"]}),
                 deeds={"Boardwalk": "Bob", "Park Place": {"owner": "Bob", "mortgaged": True},
                        "Reading Railroad": {"owner": "Cid", "depot": True}},
                 turn="Cid", round=4, decks={"bus_out": ["BT01"]})
    st = g.st
    assert pend(g) == ("jail", CID) and "attempt 3 of 3" in g.describe_pending()
    assert st.turn.player == CID and st.turn.round == 4 and st.turn.number == 3 * 3 + 3
    assert st.players[BOB].position == 51 and st.players[CID].position == MEGA.jail
    assert st.deeds[51].owner == BOB and st.deeds[49].mortgaged and st.deeds[6].depot
    assert bank(g) == (32, 12, 8, 3)
    assert "CC05" not in st.decks.community_chest and len(st.decks.community_chest) == 15
    assert sorted(st.decks.bus) == sorted(f"BT{i:02d}" for i in range(2, 14) if i != 5) + ["BX01", "BX03"]
    assert st.decks.bus_out == ["BT01"]
    assert [type(e).__name__ for e in st.log] == ["Seats", "Known", "TurnStarted"]
    assert st.log[1].seen == ("CC05",) and not st.log[1].refused  # (a card held is a card seen)
    sound(g)


def test_shuffled_decks_follow_the_seed_and_listed_decks_keep_their_order():
    a, b = position(seed=5), position(seed=5)
    assert a.st.decks == b.st.decks and a.st.rng == b.st.rng
    c = position(seed=6)
    assert c.st.decks.chance != a.st.decks.chance
    listed = position(decks={"chance": top_first(MEGA.chance, "CH05")})
    assert listed.st.decks.chance[0] == "CH05" and len(listed.st.decks.chance) == 16


def test_a_bus_deck_given_by_counts_and_the_rest_out_of_the_game():
    g = position(players=players(Ann={"bus_tickets": ["BT01"]}), decks={"bus": {"ordinary": 3, "expire": 1}})
    st = g.st
    assert sorted(st.decks.bus) == ["BT02", "BT03", "BT04", "BX01"]
    assert sorted(st.decks.bus_out) == [f"BT{i:02d}" for i in range(5, 14)] + ["BX02", "BX03"]
    sound(g)


def test_a_position_from_json_text_and_its_own_json_make_the_same_game():
    g = position(deeds={"Boardwalk": {"owner": "Ann", "level": 1}, "Park Place": "Ann"}, pot=0)
    text = position_json(g.position())
    assert json.loads(text)["format"] == "megamono-position"
    h = Game.from_position(None, text)
    for f in STATE_FIELDS:
        assert getattr(h.st, f) == getattr(g.st, f), f


def test_the_bank_may_be_given_and_must_add_up():
    g = position(deeds={"Boardwalk": {"owner": "Ann", "level": 5}, "Park Place": {"owner": "Ann", "level": 4}},
                 bank={"houses": 28, "hotels": 11, "skyscrapers": 8, "depots": 4})
    assert bank(g) == (28, 11, 8, 4)
    refused(r"^bank\.houses: 32 in the bank \+ 4 built is not the 32",
            deeds={"Boardwalk": {"owner": "Ann", "level": 5}, "Park Place": {"owner": "Ann", "level": 4}},
            bank={"houses": 32, "hotels": 11, "skyscrapers": 8, "depots": 4})


# ---------------------------------------------------------------------------- refusals, naming the field
ELEVEN_HOTELS = {str(i): {"owner": "Cid", "level": 5} for i in (1, 3, 4, 7, 8, 11, 12, 15, 16, 18, 19)}


@pytest.mark.parametrize("kw,match", [
    ({"deeds": {"Nowhere Lane": "Ann"}}, r"^deeds\.Nowhere Lane: .* has no space named 'Nowhere Lane'"),
    ({"deeds": {"60": "Ann"}}, r"^deeds\.60: 60 is off the board"),
    ({"deeds": {"Chance": "Ann"}}, r"^deeds\.Chance: Chance is not a title deed"),
    ({"deeds": {"Boardwalk": "Ann", "51": "Bob"}}, r"^deeds\.51: Boardwalk is given twice"),
    ({"deeds": {"Boardwalk": "Zed"}}, r"^deeds\.Boardwalk\.owner: no player named 'Zed'"),
    ({"deeds": {**ELEVEN_HOTELS, "Boardwalk": {"owner": "Ann", "level": 5},
                "Park Place": {"owner": "Ann", "level": 5}}},
     r"^deeds: 13 hotels built, but .* has 12 \(B4, I2\)"),
    ({"deeds": {**ELEVEN_HOTELS, "Boardwalk": {"owner": "Ann", "level": 5},
                "Park Place": {"owner": "Ann", "level": 4}},
      "bank": {"houses": 28, "hotels": 1, "skyscrapers": 8, "depots": 4}},
     r"^bank\.hotels: 1 in the bank \+ 12 built is not the 12 of .* \(I2\)"),
    ({"deeds": {"Boardwalk": {"owner": "Ann", "level": 3}, "Park Place": {"owner": "Ann", "level": 1}}},
     r"^deeds\.Boardwalk\.level: Ann's buildings are uneven: Boardwalk 3, Park Place 1 \(B2, I3\)"),
    ({"deeds": {"Boardwalk": {"owner": "Ann", "level": 1}, "Park Place": {"owner": "Ann", "mortgaged": True}}},
     r"^deeds\.Park Place\.mortgaged: Ann has buildings in its group"),
    ({"deeds": {"Boardwalk": {"owner": "Ann", "level": 1}, "Park Place": "Bob"}},
     r"^deeds\.Boardwalk\.level: Ann may not build there: building needs all lots of the group but one "
     r"\(1 of 3 owned, B1\)"),
    ({"deeds": {"Boardwalk": {"owner": "Ann", "level": 6}, "Park Place": {"owner": "Ann", "level": 5}}},
     r"^deeds\.Boardwalk\.level: a skyscraper needs the whole colour group"),
    ({"deeds": {"Reading Railroad": {"owner": "Ann", "level": 1}}},
     r"^deeds\.Reading Railroad\.level: .* not a street"),
    ({"deeds": {"Boardwalk": {"owner": "Ann", "depot": True}}},
     r"^deeds\.Boardwalk\.depot: a depot stands on a railroad"),
    ({"deeds": {"Short Line": {"owner": "Ann", "depot": True, "mortgaged": True}}},
     r"^deeds\.Short Line\.mortgaged: a mortgaged deed has no buildings"),
    ({"deeds": {"Boardwalk": {"owner": "Ann", "level": 7}}}, r"^deeds\.Boardwalk\.level: Input should be less"),
    ({"players": players(Ann={"cash": -5})}, r"^players\.0\.cash: Input should be greater than or equal to 0"),
    ({"players": players(Ann={"in_jail": True, "position": 5})}, r"^players\.0\.position: Ann is in jail, which is "
                                                                  r"space 13, not 5"),
    ({"players": players(Ann={"jail_turns": 1})}, r"^players\.0\.jail_turns: Ann is not in jail"),
    ({"players": players(Ann={"jail_turns": 3, "in_jail": True})}, r"^players\.0\.jail_turns: Input should be less"),
    ({"players": players(Ann={"gojf": ["CH01"]})}, r"^players\.0\.gojf: 'CH01' is not a Get Out of Jail Free card"),
    ({"players": players(Ann={"gojf": ["CH08"]}, Bob={"gojf": ["CH08"]})}, r"^players: CH08 is held twice"),
    ({"players": players(Ann={"bus_tickets": ["BT99"]})}, r"^players\.0\.bus_tickets: 'BT99' is not a Bus Ticket"),
    ({"players": players(Ann={"bankrupt": True})}, r"^players\.0\.bankrupt: a bankrupt player holds no cash"),
    ({"players": players(Ann={"name": "Bob"})}, r"^players: player names must be different"),
    ({"players": players(Ann={"money": 5})}, r"^players\.0\.money: Extra inputs are not permitted"),
    ({"players": [{"name": "Ann", "cash": 1}]}, r"^players: .* is for 2 to 8 players, got 1"),
    ({"decks": {"chance": ["CH01"]}}, r"^decks\.chance: CH02, CH03.* neither in the deck nor held \(I6\)"),
    ({"decks": {"chance": ["CH01"] * 16}}, r"^decks\.chance: CH01 is in the deck twice"),
    ({"decks": {"chance": "cut"}}, r"^decks\.chance\.list\[str\]: Input should be a valid list"),
    ({"decks": {"community_chest": ["CH01"]}}, r"^decks\.community_chest: 'CH01' is not a card of this deck"),
    ({"decks": {"bus": ["BT01"], "bus_out": []}}, r"^decks\.bus_out: BT02.* neither in the deck, held nor out"),
    ({"decks": {"bus": {"ordinary": 14, "expire": 0}}}, r"^decks\.bus\.ordinary: 14 left, but only 13"),
    ({"pot": 100}, r"^pot: the Free Parking pot needs the option free_parking_pot"),
    ({"claims": [{"owner": "Ann", "payer": "Bob", "amount": 50, "space": "Boardwalk"}]},
     r"^claims\.0: rent claims need the option rent_must_be_claimed"),
    ({"claims": [{"owner": "Ann", "payer": "Bob", "amount": 50, "space": "Boardwalk"}],
      "options": {"rent_must_be_claimed": True}}, r"^claims\.0\.space: Boardwalk is not Ann's"),
    ({"turn": "Zed"}, r"^turn: no player named 'Zed'"),
    ({"round": 0}, r"^round: Input should be greater than or equal to 1"),
    ({"round": 9, "options": {"turn_limit": 8}}, r"^round: 9 is past the last round"),
    ({"options": {"auctions": "maybe"}}, r"^options\.auctions: Input should be a valid boolean"),
    ({"rent": 5}, r"^rent: Extra inputs are not permitted"),
])
def test_a_bad_position_is_refused_in_one_line_naming_the_field(kw, match):
    refused(match, **kw)


def test_a_position_for_another_edition_is_refused():
    with pytest.raises(PositionError, match=r"^edition: the position is for Monopoly \(classic\), not "):
        Game.from_position("mega", {"edition": "classic", "players": players()})
    g = Game.from_position(None, {"edition": "classic", "players": players()})
    assert g.ed.id == "classic" and g.setup["edition"] == "classic"


def test_a_bad_document_is_refused_in_one_line():
    with pytest.raises(PositionError, match="^position: Invalid JSON"):
        Game.from_position("mega", "{not json")
    with pytest.raises(PositionError, match=r"^players: Field required"):
        Game.from_position("mega", {})


# ---------------------------------------------------------------------------- replaying, round trips
def test_a_position_game_replays_from_its_setup_to_its_state():
    g = position(deeds={"Boardwalk": "Bob"}, dice=[(3, 4, 1), (2, 2, 2)])
    assert g.setup["position"]["seed"] == 1 and g.setup["dice"] == [[3, 4, 1], [2, 2, 2]]
    g.act(Roll(player=ANN))
    while g.pending.kind != "turn" or g.pending.player != BOB:
        g.act(g.legal_actions()[0])
    g.act(Roll(player=BOB))
    again = Game.replay(json.loads(json.dumps(g.setup)), g.history)
    assert again.st == g.st


def test_a_position_without_a_seed_gets_one_that_its_setup_keeps():
    g = Game.from_position("mega", {"players": players()})
    seed = g.setup["position"]["seed"]
    assert isinstance(seed, int) and g.setup["seed"] == seed
    g.act(Roll(player=ANN))
    assert Game.replay(g.setup, g.history).st == g.st


@pytest.mark.parametrize("edition,options", [("mega", None), ("classic", None),
                                             ("mega", {"rent_must_be_claimed": True, "free_parking_pot": True})])
def test_every_turn_start_of_a_played_game_is_a_position_that_makes_the_same_state(edition, options):
    g = play_bot_game(edition, ("strong", "easy", "strong"), seed=4, turn_limit=25, options=options)
    r = Game.replay(g.setup, [])
    starts = 0
    for a in [None, *g.history]:
        if a is not None:
            r.act(a)
        if at_turn_start(r.st):
            starts += 1
            made = Game.from_position(None, json.loads(position_json(r.position())))
            for f in STATE_FIELDS:
                assert getattr(made.st, f) == getattr(r.st, f), f
    assert starts >= 25 * 3


def test_a_game_from_a_turn_start_plays_on_as_the_game_did():
    g = play_bot_game("mega", ("strong", "strong"), seed=11, turn_limit=30)
    r = Game.replay(g.setup, [])
    k = 0
    while not (r.st.turn.number >= 20 and at_turn_start(r.st)):
        r.act(g.history[k])
        k += 1
    made = Game.from_position(None, r.position())
    for a in g.history[k:]:
        made.act(a)
    for f in STATE_FIELDS:
        assert getattr(made.st, f) == getattr(g.st, f), f


def test_only_a_turn_start_is_a_position():
    g = position(dice=[(1, 2, 3)])
    g.act(Roll(player=ANN))  # Ann on Baltic (6): buy it?
    assert not at_turn_start(g.st)
    with pytest.raises(PositionError, match="not at the start of a turn"):
        g.position()


def test_a_position_model_dumps_and_loads_as_itself():
    p = position(deeds={"Boardwalk": "Ann"}).position()
    assert parse_position(p.model_dump(mode="json")) == p
    assert parse_position(p) is p
    assert isinstance(p, Position) and p.deeds["Boardwalk"].owner == "Ann"


# ---------------------------------------------------------------------------- RULES.md seed examples
def test_K8_ex1_a_bus_ticket_from_indiana_avenue_reaches_illinois_to_go_to_jail():
    """Seed ex1: from Indiana Ave (29) to any of Illinois Ave (30) ... Go To Jail (39)."""
    g = position(players=players(Ann={"position": "Indiana Avenue", "bus_tickets": ["BT01"]}))
    assert "play a Bus Ticket" in g.describe_pending()
    reach = {a.destination for a in g.legal_actions(ANN) if isinstance(a, PlayBusTicket)}
    assert reach == set(range(30, 40)) and g.bus_reach(29) == list(range(30, 40))
    g.act(PlayBusTicket(player=ANN, destination=39))
    st = g.st
    assert st.players[ANN].in_jail and st.players[ANN].position == MEGA.jail
    assert st.decks.bus_out == ["BT01"] and st.players[ANN].bus_tickets == []
    assert pend(g) == ("turn", BOB)
    sound(g)


def test_B5_ex2_skyscraper_to_hotel_pays_half_a_step_clearing_pays_six_half_steps():
    """Seed ex2: skyscraper to hotel pays half a house cost; clearing a skyscraper lot pays 6 half-steps."""
    green = {n: {"owner": "Ann", "level": 6} for n in ("Pacific Avenue", "South Carolina Avenue",
                                                       "North Carolina Avenue", "Pennsylvania Avenue")}
    blue = {n: {"owner": "Ann", "level": 6} for n in ("Florida Avenue", "Park Place", "Boardwalk")}
    g = position(deeds={**green, **blue})
    assert bank(g) == (32, 12, 1, 4)
    act(g, "sell_building", ANN, space=44)
    assert levels(g, 40, 41, 42, 44) == [6, 6, 6, 5]
    assert cashes(g)[ANN] == 2500 + 100 and bank(g) == (32, 11, 2, 4)
    ev = act(g, "sell_group_buildings", ANN, space=49)
    assert levels(g, 48, 49, 51) == [0, 0, 0]
    assert [e.amount for e in ev if e.kind == "cash"] == [600, 600, 600]
    assert cashes(g)[ANN] == 2500 + 100 + 3 * 6 * 100
    sound(g)


def _railroads(reading: dict, **kw):
    return position(deeds={"Reading Railroad": reading, "Pennsylvania Railroad": {"owner": "Bob", "depot": True}},
                    **kw)


def test_R3_ex3_reading_50_pennsylvania_with_its_depot_100():
    """Seed ex3: Reading and Pennsylvania, a depot on Pennsylvania: Reading $50, Pennsylvania $100."""
    g = _railroads({"owner": "Bob"}, players=players(Ann={"position": 1}), dice=[(1, 3, 1)])
    assert rent_due(g.ed, g.st, 6, ANN) == 50 and rent_due(g.ed, g.st, 20, ANN) == 100
    g.act(Roll(player=ANN))  # 1 + 5 = Reading
    assert cashes(g) == [2450, 2550, 2500]
    sound(g)
    g = _railroads({"owner": "Bob"}, players=players(Cid={"position": 15}), turn="Cid", dice=[(1, 3, 1)])
    g.act(Roll(player=CID))  # 15 + 5 = Pennsylvania
    assert g.st.players[CID].position == 20 and cashes(g) == [2500, 2600, 2400]
    sound(g)


def test_R3_ex3_pennsylvania_with_its_depot_by_the_nearest_railroad_card_is_200():
    """Seed ex3: Pennsylvania via the nearest-railroad card: 2 x $100."""
    g = _railroads({"owner": "Bob"}, decks={"chance": top_first(MEGA.chance, "CH05")}, dice=[(2, 4, 3)])
    g.act(Roll(player=ANN))  # 0 + 9 = Chance -> the nearest railroad, Pennsylvania (20)
    assert g.st.players[ANN].position == 20
    assert cashes(g) == [2300, 2700, 2500]
    sound(g)


def test_B6_ex4_one_railroad_is_enough_for_a_depot():
    """Seed ex4: a depot on the one railroad its owner holds."""
    g = position(deeds={"B. & O. Railroad": "Ann"})
    act(g, "build_depot", ANN, space=33)
    assert g.st.deeds[33].depot and cashes(g)[ANN] == 2400 and bank(g) == (32, 12, 8, 3)
    sound(g)


def test_R3_B6_ex5_reading_mortgaged_earns_nothing_pennsylvania_still_100():
    """Seed ex5: as ex3 with Reading mortgaged: Reading $0, Pennsylvania $100; another railroad than
    the depot's can be mortgaged."""
    g = _railroads({"owner": "Bob", "mortgaged": True}, players=players(Ann={"position": 1}), dice=[(1, 3, 1)])
    assert rent_due(g.ed, g.st, 6, ANN) == 0 and rent_due(g.ed, g.st, 20, ANN) == 100
    ev = g.act(Roll(player=ANN))
    assert cashes(g) == [2500, 2500, 2500]
    assert any(isinstance(e, NoRentMortgaged) and e.space == 6 for e in ev)
    mine = position(deeds={"Reading Railroad": "Ann", "Pennsylvania Railroad": {"owner": "Ann", "depot": True}})
    illegal(mine, {"kind": "mortgage", "player": ANN, "space": 20}, "sell the depot")
    act(mine, "mortgage", ANN, space=6)
    assert mine.st.deeds[6].mortgaged and cashes(mine)[ANN] == 2600
    sound(g)
    sound(mine)


def test_B1_ex6_a_majority_builds_hotels_without_tennessee_never_a_skyscraper():
    """Seed ex6: St. James, New York and New Jersey without Tennessee may go up to hotels."""
    four = {"owner": "Ann", "level": 4}
    g = position(deeds={"St. James Place": four, "Tennessee Avenue": "Bob", "New York Avenue": four,
                        "New Jersey Avenue": four})
    for s in (21, 24, 25):
        act(g, "build", ANN, space=s)
    assert levels(g, 21, 23, 24, 25) == [5, 0, 5, 5]
    assert bank(g) == (32, 9, 8, 4)
    illegal(g, {"kind": "build", "player": ANN, "space": 21}, "skyscraper needs the whole colour group")
    sound(g)


def test_S7_ex7_a_tie_from_the_auction_space_goes_to_new_york_avenue():
    """Seed ex7: a tie between New York Ave, New Jersey Ave, Boardwalk and Connecticut Ave ($600 each)
    from the Auction space goes to New York Ave, the nearest ahead."""
    deeds = {str(i): "Ann" for i in MEGA.properties}
    deeds.update({"21": {"owner": "Bob", "level": 3}, "24": {"owner": "Bob", "level": 3},
                  "25": {"owner": "Bob", "level": 3}, "7": "Bob", "48": "Bob", "23": "Cid",
                  "8": {"owner": "Cid", "level": 5}, "11": {"owner": "Cid", "level": 5},
                  "12": {"owner": "Cid", "level": 5}, "49": {"owner": "Cid", "level": 2},
                  "51": {"owner": "Cid", "level": 2}})
    g = position(deeds=deeds, dice=[(5, 6, 3)])
    assert [rent_due(g.ed, g.st, s, ANN) for s in (24, 25, 51, 12)] == [600, 600, 600, 600]
    g.act(Roll(player=ANN))  # 0 + 14 = the Auction space, every deed owned
    assert g.st.players[ANN].position == 24
    assert cashes(g) == [1900, 3100, 2500]
    assert pend(g) == ("turn", BOB)
    sound(g)


ORANGE = (21, 23, 24, 25)


def _buy_last_orange(lv, cash=2500):
    """Ann holds St. James, Tennessee, New York at ``lv``, stands on Pennsylvania RR and throws to
    New Jersey (25), which she buys (RULES.md B8)."""
    deeds = {name: {"owner": "Ann", "level": n}
             for name, n in zip(("St. James Place", "Tennessee Avenue", "New York Avenue"), lv, strict=True)}
    g = position(players=players(Ann={"position": 20, "cash": cash}), deeds=deeds, dice=[(1, 2, 2)])
    g.act(Roll(player=ANN))
    assert pend(g) == ("buy", ANN) and g.pending.space == 25
    g.act(Buy(player=ANN))
    return g


def test_B8_ex9_two_three_three_plus_new_build_two_houses_or_rearrange_to_two_each():
    """Seed ex9: 2,3,3 + new: build 2 houses there, or rearrange to 2,2,2,2."""
    g = _buy_last_orange([2, 3, 3])
    assert pend(g) == ("levelling", ANN) and g.pending.amounts["build"] == 200
    act(g, "level", ANN, choice="build")
    assert levels(g, *ORANGE) == [2, 3, 3, 2] and cashes(g)[ANN] == 2500 - 200 - 200
    assert bank(g) == (32 - 10, 12, 8, 4)
    sound(g)
    g = _buy_last_orange([2, 3, 3])
    act(g, "level", ANN, choice="rearrange")
    assert levels(g, *ORANGE) == [2, 2, 2, 2] and cashes(g)[ANN] == 2500 - 200
    assert pend(g) == ("turn", BOB)
    sound(g)


def test_B8_ex10_zero_one_one_plus_new_is_even_already():
    """Seed ex10: 0,1,1 + new: already even, nothing happens."""
    g = _buy_last_orange([0, 1, 1])
    assert levels(g, *ORANGE) == [0, 1, 1, 0] and cashes(g)[ANN] == 2300
    assert pend(g) == ("turn", BOB)
    sound(g)


def test_B8_ex11_four_hotel_hotel_plus_new_build_four_houses_or_rearrange_for_two_hotels_value():
    """Seed ex11: 4, hotel, hotel + new: build 4 houses there, or rearrange to 1,1,1,1 and receive the
    sale value of the two hotels (2 x 5 half-steps)."""
    g = _buy_last_orange([4, 5, 5])
    assert g.pending.amounts["build"] == 400
    act(g, "level", ANN, choice="build")
    assert levels(g, *ORANGE) == [4, 5, 5, 4] and cashes(g)[ANN] == 2500 - 200 - 400
    assert bank(g) == (24, 10, 8, 4)
    sound(g)
    g = _buy_last_orange([4, 5, 5])
    act(g, "level", ANN, choice="rearrange")
    assert levels(g, *ORANGE) == [1, 1, 1, 1] and cashes(g)[ANN] == 2500 - 200 + 2 * 5 * 50
    assert bank(g) == (28, 12, 8, 4)
    sound(g)


def test_the_readme_example_position_starts_its_game():
    """README "Positions": the example document is a position (its Python example runs in test_readme)."""
    import re
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Positions"):]
    doc = json.loads(re.search(r"```json\n(.*?)```", section, re.S).group(1))
    g = Game.from_position(None, doc)
    st = g.st
    assert pend(g) == ("turn", ANN) and st.turn.round == 12 and st.players[ANN].position == 20
    assert st.players[CID].in_jail and st.deeds[49].owner == CID and st.deeds[51].mortgaged
    assert st.decks.community_chest[0] == "CC05" and len(st.decks.bus) == 13
    sound(g)
