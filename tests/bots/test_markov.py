"""Movement only: where throws end in the engine agrees with the exact Markov chain (tests/markov.py).

The issue: "with a movement-only mode (nobody buys; tokens only move and obey cards; a jailed player
pays at once; [Mega] the Bus face always takes the Chance/Community Chest advance, triples move to
Free Parking, Birthday Gift takes $100), over at least a million seeded throws with each game's
first 100 throws left out, the share of throws that end on each space (In Jail counted apart from
Just Visiting) agrees within 0.1 percentage point with an exact Markov-chain computation of the same
model that the tests carry, for both boards".

- The movers are :class:`megamono.bots.mover.MoverBot`; the games are played and counted by
  :func:`megamono.simulate.run_movement` (a throw = one Roll action, counted where its whole
  resolution ends; see :func:`megamono.simulate.movement_game`), the same code as
  ``megamono simulate --movement-only``.
- The chain is :class:`markov.MovementModel`, written from RULES.md T2/T3/J1/J2/K/S alone; its docstring
  says how jail (pay at once: In Jail then moves like Just Visiting) and the Get Out of Jail Free cards
  (kept for good, so the long-run decks hold 15 cards) are modelled.
- Two kinds of check: throw by throw (the engine's end state, with scripted dice, from every space, is
  one the chain allows for that throw, and the very one when no card is involved), and in the long
  run (the shares of a seeded simulation against the stationary distribution). The million-throw
  runs are ``@pytest.mark.slow`` (``pytest -m slow tests/bots/test_markov.py -s`` prints the deviations).
"""

from __future__ import annotations

import json
import random
import time

import pytest
from megamono.bots.mover import MoverBot, triples_destination
from megamono.rules import dice as _dice
from megamono.rules.actions import (
    BirthdayChoice,
    BusChoice,
    ChooseDestination,
    DeclineBuy,
    IncomeTaxChoice,
    PassBid,
    PayJailFine,
    Roll,
)
from megamono.rules.engine import Game
from megamono.simulate import MOVEMENT_CASH, MOVEMENT_SKIP, movement_shares, run_movement

from markov import JAILED, SPEED_FACES, MovementModel

EDITIONS = ("mega", "classic")
_MODELS: dict[str, MovementModel] = {}


def model(edition: str) -> MovementModel:
    if edition not in _MODELS:
        _MODELS[edition] = MovementModel(edition)
    return _MODELS[edition]


def mover_game(edition: str, seed: int = 0, dice=None) -> tuple[Game, list[MoverBot]]:
    game = Game.new(edition, ["Mover 1", "Mover 2"], seed=seed, seat_order=True, dice=dice,
                    options={"starting_cash": MOVEMENT_CASH})
    return game, [MoverBot(1), MoverBot(2)]


def play(game: Game, bots: list[MoverBot], until) -> None:
    """Let the movers answer until ``until(pending)`` holds."""
    for _ in range(10_000):
        pend = game.pending
        if until(pend):
            return
        game.act(bots[pend.player].choose(game, pend.player))
    raise AssertionError("the movers did not reach the expected decision")


def deviation_pp(edition: str, summary: dict) -> tuple[float, str]:
    """The largest |simulated - exact| share in percentage points, and where."""
    exact = model(edition).landing_shares()
    sim = movement_shares(summary)
    names = [s["name"] for s in summary["landing"]] + ["In Jail"]
    k = max(range(len(exact)), key=lambda i: abs(sim[i] - exact[i]))
    return abs(sim[k] - exact[k]) * 100, f"{names[k]} (space {k}): simulated {sim[k]:.4%}, exact {exact[k]:.4%}"


# ----------------------------------------------------------------------------- the model itself
@pytest.mark.parametrize("edition", EDITIONS)
def test_chain_rows_are_distributions_and_the_two_solvers_agree(edition):
    m = model(edition)
    for state, row in m.transitions().items():
        assert sum(row.values()) == pytest.approx(1, abs=1e-12), state
    pi = m.stationary()
    assert min(pi) >= -1e-15 and sum(pi) == pytest.approx(1, abs=1e-12)
    assert max(abs(a - b) for a, b in zip(pi, m.power_iteration(), strict=False)) < 1e-12
    shares = m.landing_shares(pi)
    assert shares[m.kinds.index("go_to_jail")] == 0  # nobody ever ends a throw on Go To Jail
    assert 0.02 < shares[m.n] < 0.06  # In Jail: about 4% of throws


def test_chain_has_the_familiar_classic_shape():
    """Sanity on the classic board (pay at once in jail): Illinois Avenue is the most landed-on
    space, the jail space (visiting and in jail) takes about 6.3% of throws, Chance the least."""
    s = model("classic").landing_shares()
    assert max(range(40), key=s.__getitem__) == 24
    assert 0.060 < s[10] + s[40] < 0.066
    assert sorted(range(40), key=s.__getitem__)[:4] == sorted([30, 7, 22, 36], key=s.__getitem__)


# ----------------------------------------------------------------------------- the mover's choices
def test_mover_answers_movement_only():
    game, bots = mover_game("mega", dice=[(1, 1, 1)])
    kinds = [s.kind for s in game.ed.spaces]
    fp = kinds.index("free_parking")
    assert bots[0].choose(game, 0) == Roll(player=0)
    game.act(Roll(player=0))  # triples from GO
    assert bots[0].choose(game, 0) == ChooseDestination(player=0, space=fp)
    assert triples_destination(kinds, 0) == fp == 26
    assert triples_destination(kinds, fp) == kinds.index("jail") == 13  # already there: Just Visiting

    game, bots = mover_game("mega", dice=[(1, 2, 3)])
    game.act(Roll(player=0))  # 6 = Reading Railroad: decline, then everyone passes (an open auction, A3)
    assert game.pending.kind == "buy" and bots[0].choose(game, 0) == DeclineBuy(player=0)
    game.act(DeclineBuy(player=0))
    while game.pending.kind == "bid":
        p = game.awaited()[0]
        assert bots[p].choose(game, p) == PassBid(player=p)
        game.act(PassBid(player=p))
    assert game.st.deeds[6].owner is None

    game, bots = mover_game("mega", dice=[(2, 3, "bus")])
    game.act(Roll(player=0))  # 5 = Income Tax: flat; then the Bus advances
    assert bots[0].choose(game, 0) == IncomeTaxChoice(player=0, choice="flat")
    game.act(IncomeTaxChoice(player=0, choice="flat"))
    assert game.pending.kind == "bus" and bots[0].choose(game, 0) == BusChoice(player=0, choice="advance")

    game, bots = mover_game("mega", dice=[(6, 6, 3), (6, 6, 3), (6, 6, 3)])
    play(game, bots, lambda pend: pend.kind == "jail" and pend.player == 0)  # third doubles
    assert bots[0].choose(game, 0) == PayJailFine(player=0)
    game.act(PayJailFine(player=0))
    assert game.pending.kind == "turn" and game.pending.player == 0 and not game.st.players[0].in_jail

    game, bots = mover_game("mega", dice=[(1, 2, 3)])
    game.st.players[0].position = 41
    game.act(Roll(player=0))  # 41 + 6 = Birthday Gift (47), with Bus Tickets in the deck
    assert game.pending.kind == "birthday" and game.st.players[0].position == 47
    assert bots[0].choose(game, 0) == BirthdayChoice(player=0, choice="cash")


# ----------------------------------------------------------------------------- throw by throw
def check_throws(edition: str, cases, seed: int = 5) -> int:
    """Play each ``(space, doubles so far, throw)`` for mover 1 in one game; compare with the chain.

    Mover 2 takes its turns in between with the game's own dice (so the decks keep turning).
    Returns how many cases ended with a card's outcome (more than one end state allowed).
    """
    m = model(edition)
    game, bots = mover_game(edition, seed)
    carded = 0
    for x, d, throw in cases:
        play(game, bots, lambda pend: pend.kind == "turn" and pend.player == 0)
        pl = game.st.players[0]
        pl.position, game.st.turn.doubles = x, d
        game.st.script.append(_dice.normalise_throw(throw))
        game.act(Roll(player=0))
        play(game, bots, lambda pend: pend.kind in ("turn", "jail"))
        pl = game.st.players[0]
        again = game.pending.kind == "turn" and game.pending.player == 0 and game.pending.roll_again
        got = JAILED if pl.in_jail else (pl.position, game.st.turn.doubles if again else 0)
        allowed = m.outcome(x, d, *throw)
        carded += len(allowed) > 1
        assert allowed.get(got, 0) > 0, f"{edition}: from {x} with {d} doubles, {throw} ended at {got}; " \
                                         f"the chain allows {allowed}"
    assert sum(b.fallbacks for b in bots) == 0
    assert all(dd.owner is None for dd in game.st.deeds.values())
    return carded


def all_throws(edition: str) -> list[tuple]:
    if model(edition).speed_die:
        return [(w1, w2, s) for w1 in range(1, 7) for w2 in range(1, 7) for s in dict.fromkeys(SPEED_FACES)]
    return [(w1, w2) for w1 in range(1, 7) for w2 in range(1, 7)]


def throw_cases(edition: str, per_space: int | None, seed: int = 11) -> list[tuple]:
    """Every space with ``per_space`` sampled throws (None: every throw), at 0 and 2 doubles so far."""
    rng = random.Random(seed)
    throws = all_throws(edition)
    doubles = [t for t in throws if t[0] == t[1]]  # at 2 doubles so far only doubles matter
    cases = []
    for x in range(model(edition).n):
        pick = throws if per_space is None else rng.sample(throws, per_space)
        cases += [(x, 0, t) for t in pick] + [(x, 1, t) for t in rng.sample(doubles, 2)]
        cases += [(x, 2, t) for t in doubles]
    rng.shuffle(cases)
    return cases


@pytest.mark.parametrize("edition,per_space", [("mega", 16), ("classic", None)])
def test_every_space_throw_by_throw_ends_where_the_chain_allows(edition, per_space):
    assert check_throws(edition, throw_cases(edition, per_space)) > 50


@pytest.mark.slow
@pytest.mark.parametrize("edition", EDITIONS)
def test_every_space_and_every_throw_ends_where_the_chain_allows(edition):
    check_throws(edition, throw_cases(edition, None))


# ----------------------------------------------------------------------------- in the long run
def long_run(edition: str, games: int, throws: int, seed: int, jobs: int) -> tuple[dict, float, str]:
    summary = run_movement(games=games, players=2, edition=edition, seed=seed, throws=throws, jobs=jobs)
    assert summary["throws"] == games * throws and summary["skip"] == MOVEMENT_SKIP == 100
    assert summary["fallbacks"] == 0 and summary["owned"] == 0 and summary["debts"] == 0
    # both Get Out of Jail Free cards are out of their decks early in every game (see tests/markov.py)
    assert summary["gojf_out"]["games_with_both_out"] == games
    dev, where = deviation_pp(edition, summary)
    return summary, dev, where


@pytest.mark.parametrize("edition,seed", [("mega", 1000), ("classic", 2000)])
def test_sixty_thousand_throws_agree_with_the_chain_within_half_a_point(edition, seed):
    summary, dev, where = long_run(edition, games=4, throws=15_000, seed=seed, jobs=2)
    assert dev < 0.5, f"{edition}: {dev:.3f} pp at {where}"


@pytest.mark.slow
@pytest.mark.parametrize("edition,seed", [("mega", 10_000), ("classic", 20_000)])
def test_a_million_throws_agree_with_the_chain_within_a_tenth_of_a_point(edition, seed):
    t0 = time.perf_counter()
    summary, dev, where = long_run(edition, games=100, throws=10_000, seed=seed, jobs=0)
    print(f"\n{edition}: {summary['throws']:,} throws in {time.perf_counter() - t0:.0f} s, "
          f"largest deviation {dev:.4f} pp at {where}; Get Out of Jail Free cards both out by throw "
          f"{summary['gojf_out']['max_throw']} at the latest ({summary['gojf_out']['counted_throws_before']:,} "
          "counted throws before that)")
    assert summary["throws"] >= 1_000_000
    assert dev < 0.1, f"{edition}: {dev:.4f} pp at {where}"


# ----------------------------------------------------------------------------- the command line
def test_simulate_movement_only_prints_in_jail_apart_and_writes_json(tmp_path, capsys):
    from megamono.cli import main

    out = tmp_path / "moves.json"
    assert main(["simulate", "--movement-only", "-n", "2", "-p", "3", "-e", "classic", "--throws", "300",
                 "--seed", "3", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "movement-only games" in text and "In Jail" in text and "Just Visiting" in text
    data = json.loads(out.read_text())
    assert data["mode"] == "movement-only" and data["throws"] == 600 and data["skip"] == 100
    assert len(data["landing"]) == 40 and data["in_jail"]["count"] > 0
    assert sum(movement_shares(data)) == pytest.approx(1)
    assert data["fallbacks"] == data["owned"] == data["debts"] == 0
    again = run_movement(games=2, players=3, edition="classic", seed=3, throws=300)
    assert movement_shares(again) == movement_shares(data)


@pytest.mark.parametrize("argv,message", [
    (["--throws", "0"], "--throws must be at least 1"),
    (["--skip", "-1"], "--skip must be 0 or more"),
    (["--players", "1"], "2 to 8 players"),
])
def test_simulate_movement_only_bad_arguments_exit_2(argv, message, capsys):
    from megamono.cli import main

    assert main(["simulate", "--movement-only", *argv]) == 2
    assert message in capsys.readouterr().err
