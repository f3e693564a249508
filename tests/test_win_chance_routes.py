"""One position, one answer (issue 26 item 2): every route to the same moment of a game gives the same win
chances to the last digit, for the same seed and number of playouts, and every route's default seed is
the position's own (``megamono.analysis.position_seed``).

The routes: the app's ``w`` panel (the game controller's copy and ``PositionChances``, which the trade
screen's "before" shares), ``megamono analyse SAVE``, ``megamono analyse --position`` of ``megamono
position SAVE`` and ``megamono play --position`` then ``w`` (at the start of a turn: a position is one),
the game review's point (at the start of a round; the replay draws the review's own figures), and the
game played through the app's controller as an evening is, with the panel opened on the way. The
moments: the evening of tests/data/repro/evening-round15.json (a copy of ../shared/repro/) and moments
of seeded bot games: turn and round starts, an auction, a debt and a trade offer pending.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from megamono.analysis import Analysis, playout_base, position_seed
from megamono.bots import play_bot_game
from megamono.cli import main as cli_main
from megamono.cli import position_game
from megamono.review import review_game
from megamono.rules.decisions import BidDecision, DebtDecision, TradeReplyDecision
from megamono.rules.engine import Game
from megamono.rules.positions import at_turn_start
from megamono.saves import load_game, save_game
from megamono.tui.controller import GameController
from megamono.tui.screens.chances import PositionChances

EVENING = Path(__file__).parent / "data" / "repro" / "evening-round15.json"
N = 10
"""Playouts a route plays (the issue asks for 30 or fewer)."""


def figures_of(result: Analysis | dict) -> list[tuple]:
    """Every player's figures to the last digit: name, wins, chance, interval, expected worth."""
    if isinstance(result, Analysis):
        return [(p.name, p.wins, p.chance, p.low, p.high, p.worth) for p in result.players]
    return [(p["name"], p["wins"], p["chance"], p["low"], p["high"], p["worth"]) for p in result["players"]]


def panel(game: Game, seed: int | None = None) -> Analysis:
    """The ``w`` panel's figures: the controller's copy of the game, the position's own playouts (the
    game screen's ``position_chances``), ``N`` of them."""
    controller = GameController(game)
    chances = PositionChances.of(("test",), controller.copy_for_computer(), N, seed=seed)
    chances.play_on(lambda: False, lambda figures: None)
    assert chances.figures is not None
    return chances.figures


def analyse_file(args: list[str], tmp: Path) -> dict:
    out = tmp / "figures.json"
    assert cli_main(["analyse", *args, "--playouts", str(N), "--jobs", "1", "--json", str(out)]) == 0
    return json.loads(out.read_text())


def saved(game: Game, tmp: Path, name: str = "moment") -> Path:
    folder = tmp / "saves"
    return save_game(game, name, folder)


def check_routes(game: Game, tmp: Path) -> Analysis:
    """Every route to ``game``'s moment gives the panel's figures, on the position's own seed; returns them."""
    seed = position_seed(playout_base(game))
    first = panel(game)
    assert first.seed == seed and first.playouts == N
    save = saved(game, tmp)
    by_save = analyse_file([str(save)], tmp)
    assert by_save["seed"] == seed and figures_of(by_save) == figures_of(first)
    if at_turn_start(game.st):
        position = tmp / "p.json"
        assert cli_main(["position", str(save), "-o", str(position)]) == 0
        by_position = analyse_file(["--position", str(position)], tmp)
        assert by_position["seed"] == seed and figures_of(by_position) == figures_of(first)
        played = panel(position_game(position, None, None))
        assert played.seed == seed and figures_of(played) == figures_of(first)
    return first


def check_review_point(game: Game, k: int, expected: Analysis) -> None:
    """The review of ``game`` up to its moment ``k`` (a round's start: the review's last point; the
    points before are the same in the whole game's review), on ``expected``'s seed: that point has
    ``expected``'s figures after the same number of playouts."""
    review = review_game(Game.replay(game.setup, game.history[:k]), seed=expected.seed)
    point = next(p for p in review.points if p.action == k)
    review.refine(first=N, budget=N * len(review.live_points()))
    assert point.figures is not None and figures_of(point.figures) == figures_of(expected)
    index = point.round - 1
    assert review.series()[index] == point.chances()  # (what the chart, and the replay, draw)


# ---------------------------------------------------------------------------- the evening
def test_every_route_to_the_evenings_moment_agrees(tmp_path):
    """The save of the evening (Bob to move in round 15, after his trade with Zoë): the panel,
    ``analyse SAVE``, the position route and ``play --position`` give the same figures."""
    game = load_game(EVENING)
    assert at_turn_start(game.st)
    check_routes(game, tmp_path)


def test_the_evenings_position_is_the_save_itself_not_the_turn_before_the_trade(tmp_path):
    """``megamono position`` of a save at a turn's start (after a trade made before rolling) writes the
    save's own moment: it replayed to the turn's first moment, before the trade (issue 26)."""
    position = tmp_path / "p.json"
    assert cli_main(["position", str(EVENING), "-o", str(position)]) == 0
    game, again = load_game(EVENING), position_game(position, None, None)
    assert [p.cash for p in again.st.players] == [p.cash for p in game.st.players]
    assert {i: d.owner for i, d in again.st.deeds.items()} == {i: d.owner for i, d in game.st.deeds.items()}


def test_the_evening_played_through_the_controller_with_the_panel_open_agrees(tmp_path):
    """The evening played again as the app plays it (every action through the game controller, undo
    kept, the panel opened at every turn's start on the way) ends with the figures of the save loaded
    afresh: nothing the panel or the app's copies did changed the game."""
    loaded = load_game(EVENING)
    game = Game.replay(loaded.setup, [])
    controller = GameController(game)
    for action in loaded.history:
        if at_turn_start(game.st):
            chances = PositionChances.of(("turn",), controller.copy_for_computer(), 2)
            chances.play_on(lambda: False, lambda figures: None)
        assert not hasattr(controller.act(action), "reason"), action
    assert game.st.model_dump(mode="json") == loaded.st.model_dump(mode="json")
    assert figures_of(panel(game)) == figures_of(panel(loaded))


def test_the_evenings_round_start_agrees_with_its_review_point(tmp_path):
    loaded = load_game(EVENING)
    from megamono.replay import Timeline

    timeline = Timeline.from_game(loaded)
    k = timeline.round_start(15)
    moment = timeline.game_at(k)
    first = check_routes(moment, tmp_path)
    check_review_point(loaded, k, first)


# ---------------------------------------------------------------------------- seeded bot games
def _moments() -> list[tuple[str, int, str, int]]:
    """(edition, seed, what, k): moments of 4-player strong bot games (turn limit 30): two round starts,
    a turn start, and the first auction, debt and trade offer pending, in each of several games."""
    out = []
    for edition, seed in (("mega", 1), ("mega", 2), ("classic", 3), ("classic", 4)):
        game = play_bot_game(edition, ["strong"] * 4, seed, turn_limit=30)
        replay = Game.replay(game.setup, [])
        found: dict[str, int] = {}
        rounds_seen: list[int] = []
        for k, action in enumerate([*game.history, None]):
            st = replay.st
            pend = st.pending
            round_start = at_turn_start(st) and st.turn.player == 0
            if round_start and st.turn.round in (4, 9) and st.turn.round not in rounds_seen:
                rounds_seen.append(st.turn.round)
                found[f"round {st.turn.round}"] = k
            elif at_turn_start(st) and st.turn.round == 6 and st.turn.player == 2:
                found.setdefault("turn", k)
            elif isinstance(pend, BidDecision) and st.turn.round > 3:
                found.setdefault("auction", k)
            elif isinstance(pend, DebtDecision):
                found.setdefault("debt", k)
            elif isinstance(pend, TradeReplyDecision):
                found.setdefault("trade", k)
            if action is not None:
                replay.act(action)
        out += [(edition, seed, what, k) for what, k in found.items()]
    return out


MOMENTS = _moments()


def test_the_generated_moments_cover_what_the_issue_names():
    kinds = {what.split()[0] for _, _, what, _ in MOMENTS}
    assert len(MOMENTS) >= 20 and {"round", "turn", "auction", "debt", "trade"} <= kinds, MOMENTS


@pytest.mark.parametrize(("edition", "seed", "what", "k"), MOMENTS,
                         ids=[f"{e}-{s}-{w}" for e, s, w, _ in MOMENTS])
def test_every_route_to_a_bot_games_moment_agrees(edition, seed, what, k, tmp_path):
    game = play_bot_game(edition, ["strong"] * 4, seed, turn_limit=30)
    moment = Game.replay(game.setup, game.history[:k])
    first = check_routes(moment, tmp_path)
    if what.startswith("round"):
        check_review_point(Game.replay(game.setup, game.history), k, first)


def test_the_panels_worker_processes_give_the_same_figures():
    """The app plays the panel's playouts in worker processes (``PlayoutPool``, started the safe way for
    a threaded app); the figures are those of one thread, playout for playout."""
    from megamono.analysis import PlayoutPool

    game = load_game(EVENING)
    alone = PositionChances.of(("alone",), game.copy(), 30)
    alone.play_on(lambda: False, lambda figures: None)
    with PlayoutPool(2) as pool:
        pooled = PositionChances.of(("pool",), game.copy(), 30)
        pooled.play_on(lambda: False, lambda figures: None, pool=pool)
    assert pooled.results == alone.results and figures_of(pooled.figures) == figures_of(alone.figures)


def test_the_trade_screens_before_is_the_panels_and_its_after_is_analyse_of_the_trade_made():
    """The trade screen's Ctrl+W: "before" is the panel's own playouts of the position (the same object,
    the same figures), "after" is ``analyse`` of a copy where the offer was made and accepted
    (``analysis.after_trade``), on the position's seed."""
    from megamono.analysis import after_trade, analyse
    from megamono.rules.actions import ProposeTrade
    from megamono.rules.decisions import TradeSide
    from megamono.tui.screens.trade_chances import TradeChances

    game = load_game(EVENING)
    bob, dan = 1, 2
    assert [game.st.players[k].name for k in (bob, dan)] == ["Bob", "Dan"]
    park_place = next(i for i, d in game.st.deeds.items() if game.ed.spaces[i].name == "Park Place")
    offer = ProposeTrade(player=bob, partner=dan, give=TradeSide(cash=150), take=TradeSide(deeds=[park_place]))
    before = PositionChances.of(("before",), GameController(game).copy_for_computer(), N)
    trade = TradeChances.start(offer, before, total=N)
    trade.play_on(lambda: False, lambda chances: None)
    assert trade.before is before and figures_of(before.figures) == figures_of(panel(game))
    after = analyse(after_trade(game, offer), N, before.seed)
    assert figures_of(trade.after.figures) == figures_of(after)
