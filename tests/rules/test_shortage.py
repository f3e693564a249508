"""B7: building shortages. The last piece is offered to the other players who could place it."""

from scenario import ANN, BOB, CID, act, bank, cashes, give, illegal, levels, new_game, pend, sound

from kit import SEAT_ORDER


def _short_of_houses(g, left=1):
    """Ann holds Brown (majority), Bob Light Blue (majority); the bank keeps ``left`` houses."""
    give(g, ANN, 1, 3)
    give(g, BOB, 7, 8, 11)
    give(g, CID, 40, 41, 42, 44, level=4)  # 16 houses
    give(g, CID, 21, 23, 24, 25, level=[4, 4, 4, 3])  # 15 more
    assert bank(g)[0] == 32 - 31
    return g


def test_B7_nobody_wants_it_the_build_goes_ahead():
    g = _short_of_houses(new_game())
    act(g, "build", ANN, space=1)
    assert pend(g) == ("shortage_ask", BOB)  # Cid cannot build: Orange would go uneven... he can
    act(g, "shortage_answer", BOB, want=False)
    if g.pending.kind == "shortage_ask":
        act(g, "shortage_answer", CID, want=False)
    assert levels(g, 1) == [1] and bank(g)[0] == 0
    assert cashes(g)[ANN] == 2450
    assert pend(g) == ("turn", ANN)
    sound(g)


def test_B7_wanted_piece_is_auctioned_and_the_winner_places_it():
    g = _short_of_houses(new_game(options=SEAT_ORDER))
    act(g, "build", ANN, space=1)
    act(g, "shortage_answer", BOB, want=True)
    act(g, "shortage_answer", CID, want=False)
    # Auction among Bob (left of Ann, said yes) and Ann: $10 opening, $1 raises.
    assert pend(g) == ("bid", BOB) and g.pending.piece == "house"
    illegal(g, {"kind": "bid", "player": BOB, "amount": 9}, "at least \\$10")
    act(g, "bid", BOB, amount=10)
    act(g, "bid", ANN, amount=11)
    act(g, "bid", BOB, amount=75)
    act(g, "drop_out", ANN)
    assert pend(g) == ("place_piece", BOB) and g.pending.choices == [7, 8, 11]
    illegal(g, {"kind": "place_piece", "player": BOB, "space": 12}, "lots offered")
    act(g, "place_piece", BOB, space=8)
    assert levels(g, 1, 7, 8, 11) == [0, 0, 1, 0]
    assert cashes(g)[:2] == [2500, 2500 - 75]
    assert bank(g)[0] == 0
    assert pend(g) == ("turn", ANN)
    sound(g)


def test_B7_no_ask_when_pieces_remain_or_option_off():
    g = new_game()
    give(g, ANN, 1, 3)
    give(g, BOB, 7, 8, 11)
    act(g, "build", ANN, space=1)
    assert pend(g) == ("turn", ANN) and levels(g, 1) == [1]
    g = _short_of_houses(new_game(options={"shortage_auctions": False}))
    act(g, "build", ANN, space=1)
    assert pend(g) == ("turn", ANN) and levels(g, 1) == [1]
