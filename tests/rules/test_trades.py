"""X1-X3: trades between players, with M3 for mortgaged deeds and B8 when a built group completes."""

from megamono.rules.actions import AcceptTrade, RefuseTrade
from scenario import ANN, BOB, CID, act, cashes, give, illegal, levels, new_game, offer, owners, pend, sound


def test_X1_trade_waits_for_the_reply_and_changes_nothing_before():
    g = new_game()
    give(g, ANN, 6)
    g.st.players[ANN].gojf.append("CH08")
    g.st.decks.chance.remove("CH08")
    g.st.players[BOB].bus_tickets.append(g.st.decks.bus.pop(0))
    g.act(offer(ANN, BOB, {"deeds": [6], "jail_cards": 1}, {"cash": 300, "bus_tickets": 1}))
    assert pend(g) == ("trade_reply", BOB)
    assert owners(g, 6) == [ANN] and cashes(g) == [2500, 2500, 2500]
    # While the offer stands nothing else moves: Ann cannot roll, nobody can build.
    illegal(g, {"kind": "roll", "player": ANN}, "waiting for")
    g.act(AcceptTrade(player=BOB))
    assert owners(g, 6) == [BOB]
    assert cashes(g) == [2800, 2200, 2500]
    assert g.st.players[BOB].gojf == ["CH08"] and len(g.st.players[ANN].bus_tickets) == 1
    assert pend(g) == ("turn", ANN)  # the interrupted decision comes back
    sound(g)


def test_X1_refused_trade_changes_nothing():
    g = new_game()
    give(g, ANN, 6)
    before = g.st.model_copy(deep=True)
    g.act(offer(ANN, CID, {"deeds": [6]}, {"cash": 10}))
    g.act(RefuseTrade(player=CID))
    assert g.st.deeds == before.deeds and cashes(g) == [2500, 2500, 2500]
    assert pend(g) == ("turn", ANN)


def test_X1_only_the_partner_answers_and_bad_offers_are_refused():
    g = new_game()
    give(g, ANN, 6)
    illegal(g, offer(ANN, ANN, {"cash": 5}).model_dump(), "two different players")
    illegal(g, offer(ANN, BOB).model_dump(), "empty")
    illegal(g, offer(ANN, BOB, {"cash": 9999}).model_dump(), "has only")
    illegal(g, offer(ANN, BOB, {"deeds": [8]}).model_dump(), "does not own")
    g.act(offer(ANN, BOB, {"deeds": [6]}))
    illegal(g, {"kind": "accept_trade", "player": CID}, "Bob's decision")


def test_X2_no_trading_a_street_of_a_built_group_or_a_railroad_with_a_depot():
    g = new_game()
    give(g, ANN, 1, 3, level=1)
    give(g, ANN, 6, depot=True)
    illegal(g, offer(ANN, BOB, {"deeds": [1]}).model_dump(), "buildings in Brown")
    illegal(g, offer(ANN, BOB, {"deeds": [6]}).model_dump(), "depot")


def test_X3_mortgaged_deed_received_follows_M3():
    g = new_game()
    give(g, ANN, 10, mortgaged=True)
    g.act(offer(ANN, BOB, {"deeds": [10]}, {"cash": 50}))
    g.act(AcceptTrade(player=BOB))
    assert pend(g) == ("mortgaged_deed", BOB)
    act(g, "mortgaged_deed_choice", BOB, choice="keep")  # 10% of $75 rounded up = $8
    assert cashes(g) == [2550, 2500 - 50 - 8, 2500]
    assert g.st.deeds[10].mortgaged
    assert pend(g) == ("turn", ANN)
    sound(g)


def test_X3_trade_completing_a_built_group_leads_to_levelling_B8():
    g = new_game()
    give(g, BOB, 7, 8, 11, level=2)
    give(g, ANN, 12)
    g.act(offer(ANN, BOB, {"deeds": [12]}, {"cash": 200}))
    g.act(AcceptTrade(player=BOB))
    assert pend(g) == ("levelling", BOB)
    act(g, "level", BOB, choice="build")  # one house on Connecticut: 2,2,2,1
    assert levels(g, 7, 8, 11, 12) == [2, 2, 2, 1]
    assert cashes(g)[BOB] == 2500 - 200 - 50
    assert pend(g) == ("turn", ANN)
    sound(g)


def test_X1_the_turn_asked_again_after_a_trade_offers_a_bus_ticket_only_if_held():
    g = new_game()
    g.st.players[ANN].bus_tickets.append(g.st.decks.bus.pop(0))
    g.act(offer(ANN, BOB, {"bus_tickets": 1}, {"cash": 10}))
    g.act(AcceptTrade(player=BOB))
    assert pend(g) == ("turn", ANN) and not g.st.players[ANN].bus_tickets
    assert g.describe_pending() == "Ann: roll the dice"  # no longer "... or play a Bus Ticket"
    g.act(offer(ANN, BOB, {"cash": 10}, {"bus_tickets": 1}))
    g.act(AcceptTrade(player=BOB))
    assert g.describe_pending() == "Ann: roll the dice or play a Bus Ticket"
    sound(g)


def test_X1_T8_who_may_propose_a_trade_now():
    """The core answers whether a trade may be proposed at all (the app asks before its trade
    screen): any player in the game while it waits, not while an offer waits for its reply, not
    during Mr. Monopoly's move, not once the game is over."""
    g = new_game()
    assert [g.why_not_propose_trade(p) for p in (ANN, BOB, CID)] == [None, None, None]
    g.act(offer(ANN, BOB, {"cash": 10}))
    assert g.why_not_propose_trade(CID) == "a trade cannot be proposed now"
    g.act(RefuseTrade(player=BOB))
    g.st.turn.mr_monopoly_lock = True
    assert "Mr. Monopoly" in g.why_not_propose_trade(BOB)
    g.st.turn.mr_monopoly_lock = False
    g.st.players[CID].bankrupt = True
    assert g.why_not_propose_trade(CID) == "no such player in the game"
    assert g.why_not_propose_trade(BOB) is None
    g.st.players[BOB].bankrupt = True
    assert g.why_not_propose_trade(ANN) == "a trade needs two players in the game"
    g.st.players[BOB].bankrupt = g.st.players[CID].bankrupt = False
    g.st.winner = ANN
    assert g.why_not_propose_trade(ANN) == "the game is over"
    g.st.winner = None
