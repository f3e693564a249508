"""The start screen lists one line per game and says where each came from (found by a newcomer): a save
resumed twice and played the same way was two identical lines ("... round 27, turn 106 · today 14:50");
a game started from a position looked like the game it was taken from; a game rescued from another
save folder showed the whole path of its rescued file."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import megamono.tui.app as app_module
from megamono.autosave import Origin, folder_words, resumable_games
from megamono.cli import main
from megamono.rules.actions import Roll
from megamono.saves import load_save, save_game
from megamono.tui.app import MegamonoApp
from megamono.tui.runtime import Runtime
from tui_helpers import SIZE, new_game, screen_name

BEFORE = datetime(2025, 12, 1, 20, 0)
"""When the saves made here were written: before the scripted runtime's fake clock (its autosaves are newer)."""

DICE = [(1, 2, 1), (2, 3, 1)]


def started(rolls: int = 1):
    game = new_game(dice=DICE * 2, seed=1)
    for _ in range(rolls):
        game.act(Roll(player=game.pending.player))
        if game.pending.kind == "buy":
            game.act(game.legal_actions(game.pending.player)[0])
    return game


def labels(app) -> list[str]:
    box = app.screen.query_one("#games")
    return [str(box.get_option_at_index(k).prompt) for k in range(box.option_count)]


async def play_a_move_and_leave(pilot, app) -> str:
    """Roll, hide whatever it asks, and leave the game for the start screen (q, y); the game's id."""
    game_id = app.game_id
    await pilot.press("r")
    await pilot.pause()
    await pilot.press("escape")
    await pilot.pause()
    await pilot.press("q")
    await pilot.pause()
    await pilot.press("y")
    await pilot.pause()
    assert screen_name(app) == "StartScreen"
    return game_id


async def test_a_save_resumed_twice_and_played_the_same_way_is_one_line_saying_which_save(saves):
    save_game(started(), "debt-round27", saves, game_id="0123456789ab", saved_at=BEFORE)
    app = MegamonoApp(saves, runtime=Runtime.scripted())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")  # the saved games
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert screen_name(app) != "StartScreen" and app.game_id == "0123456789ab"
        await play_a_move_and_leave(pilot, app)
        [line] = labels(app)
        assert line.endswith("from the save debt-round27")
        # the same save again: its game's autosave has gone further, so this is a copy of its own ...
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("down")  # (the autosave is the newest: the save is second)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.game_id != "0123456789ab"
        await play_a_move_and_leave(pilot, app)
        # ... played the same way: two autosaves of one line of play, one game, one line
        assert len(list(saves.glob("autosave-*.json"))) == 2
        [line] = labels(app)
        assert line.startswith("Ann, Bob, Cat") and line.endswith("from the save debt-round27")


async def test_a_copy_played_another_way_is_its_own_line_and_says_it_is_a_copy(saves):
    save_game(started(), "evening", saves, game_id="0123456789ab")
    later = started(rolls=2)
    save_game(later, "autosave-0123456789ab", saves, game_id="0123456789ab")
    app = MegamonoApp(saves, runtime=Runtime.scripted(), resume_file=saves / "evening.json")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.game_id != "0123456789ab"  # (its autosave had gone further)
        await pilot.press("r")
        await pilot.pause()
        assert app.game_in_play.pending.kind == "buy"  # (the autosave bought it: this copy auctions it)
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert screen_name(app) == "StartScreen"
        lines = labels(app)
        assert len(lines) == 2
        assert sum(line.endswith("a copy from the save evening") for line in lines) == 1


async def test_a_game_from_a_position_says_so_beside_the_game_it_was_taken_from(saves, tmp_path, monkeypatch):
    save_game(started(), "autosave-0123456789ab", saves, game_id="0123456789ab")
    position = tmp_path / "turn2.json"
    assert main(["position", str(saves / "autosave-0123456789ab.json"), "-o", str(position)]) == 0
    # megamono play --position FILE, as the command line starts the app
    asked = {}
    monkeypatch.setattr(app_module, "run_app", lambda args: asked.setdefault("args", args) and 0)
    assert main(["--saves", str(saves), "play", "--position", str(position)]) == 0
    args = asked["args"]
    app = MegamonoApp(args.saves, runtime=Runtime.scripted(), game=args.game, origin=args.origin)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game_id = await play_a_move_and_leave(pilot, app)
        lines = labels(app)
        assert len(lines) == 2
        [from_position] = [line for line in lines if "position" in line]
        assert from_position.endswith("from the position turn2.json")
    assert load_save(saves / f"autosave-{game_id}.json").origin == Origin(position="turn2.json")


def test_the_words_of_an_origin():
    here = Path("/srv/games/saves")
    assert Origin().words() == ""
    assert Origin(save="evening").words() == "from the save evening"
    assert Origin(save="evening", copy=True).words() == "a copy from the save evening"
    assert Origin(copy=True).words() == "a copy"
    assert Origin(position="p.json").words() == "from the position p.json"
    assert Origin(folder="/srv/games/saves").words(rescued=True, here=here) == "rescued from this save folder"
    assert Origin(save="x", folder="/tmp/other").words(rescued=True, here=here) == \
        "from the save x, rescued from the save folder /tmp/other"
    assert Origin().words(rescued=True) == "rescued"
    assert folder_words(Path.home() / "games") == "~/games"
    assert folder_words("/a/very/long/path/to/where/the/saves/of/megamono/are") == "…/megamono/are"
    # a save keeps it; a malformed one reads as none (it only says where a game came from)
    assert Origin.read(Origin(save="a", copy=True).data()) == Origin(save="a", copy=True)
    assert Origin.read({"save": ["no"], "copy": "yes"}) == Origin() and Origin.read("x") == Origin()
    assert Origin.read({"save": "a\nb"}).save == "a\\nb"


def test_one_game_per_line_of_play_but_a_game_open_elsewhere_is_kept(saves):
    game = started(rolls=2)
    for game_id in ("0123456789ab", "111111111111"):
        save_game(game, f"autosave-{game_id}", saves, game_id=game_id)
    save_game(started(rolls=1), "autosave-222222222222", saves, game_id="222222222222")  # (an earlier point)
    assert [g.game_id for g in resumable_games(saves)] in (["0123456789ab"], ["111111111111"])


def test_where_a_game_came_from_is_said_on_a_line_of_its_own():
    """Found by a newcomer at 140x45: a long origin wrapped after a dangling "·". The players, round and date
    are the entry's first line, where it came from (and that it is open elsewhere) its second."""
    from megamono.autosave import ResumableGame
    from megamono.tui.screens.start import game_label

    entry = ResumableGame(path=Path("a.json"), game_id="g1", players=("Dan", "Ann", "Bob", "Cat"), round=13,
                          turn=50, actions=200, saved=datetime(2026, 12, 7, 22, 15), open_in=4242, edition="mega",
                          origin=Origin(save="Dan-Ann-Bob-Cat-turn32"))
    first, second = game_label(entry, datetime(2026, 12, 7, 23, 0)).plain.split("\n")
    assert first == "Dan, Ann, Bob, Cat  Mega  ·  round 13, turn 50  ·  today 22:15"
    assert second == "    from the save Dan-Ann-Bob-Cat-turn32  ·  open in another megamono (process 4242)"
