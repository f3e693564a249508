"""Player panels at the compact size (100x30): a shorter form, so the panels of up to four players
all show; from five players on they scroll, the panel of whose turn it is always in view."""

from __future__ import annotations

from megamono.rules.engine import Game
from megamono.tui.look import Look
from megamono.tui.widgets.player_panel import compact_player_text
from tui_helpers import app_for, new_game, screen_name

COMPACT = (100, 30)
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def busy_game(players: int, jail: bool = True) -> Game:
    """Every deed of the board dealt round the players (some built, some mortgaged), cards, tickets
    and (``jail``) Dan in jail: as full as the panels get. Every throw is 1+2+1: Arctic Avenue, a
    rent to Ann."""
    game = Game.new("mega", NAMES[:players], seed=3, seat_order=True, dice=[(1, 2, 1)] * 40)
    st, ed = game.st, game.ed
    deeds = list(ed.properties)
    for k, space in enumerate(deeds):
        st.deeds[space].owner = k % players
    st.deeds[4].owner = 0  # Arctic Avenue: Ann's, so every throw only pays her rent
    st.deeds[1].level = st.deeds[3].level = st.deeds[4].level = 0
    st.deeds[deeds[-1]].mortgaged = True
    st.players[1].bus_tickets += ["BT01", "BT02"]
    st.players[2].gojf.append("chance")
    if jail:
        st.players[3].in_jail = True
        st.players[3].position = 13
    return game


def panels_in_view(screen) -> list[int]:
    """The seats whose whole panel is visible in the players' column."""
    view = screen.view.players
    shown = view.region
    return [panel.p for panel in view.panels
            if panel.region.height and shown.contains_region(panel.region)
            and panel.region.height == len(panel.render_lines(panel.region.reset_offset))]


async def test_four_busy_players_all_show_at_100x30(saves):
    game = busy_game(4)
    app = app_for(game, saves)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.view.layout == "compact"
        view = screen.view.players
        assert view.max_scroll_y == 0 and panels_in_view(screen) == [0, 1, 2, 3]
        assert not any(spark.display for spark in view.sparklines)  # compact: no sparklines
        assert screen.view.log.region.height >= 6  # the log keeps a few lines
        for _ in range(3):  # Ann, Bob and Cat roll (Dan, in jail, is next): everyone still shows
            await pilot.press("r")
            await pilot.pause()
            assert view.max_scroll_y == 0 and panels_in_view(screen) == [0, 1, 2, 3]
        assert game.st.turn.number == 4 and screen_name(app) == "JailDialog"


async def test_more_players_scroll_with_whose_turn_it_is_in_view(saves):
    for players in (5, 8):
        game = busy_game(players, jail=False)
        app = app_for(game, saves)
        async with app.run_test(size=COMPACT) as pilot:
            await pilot.pause()
            screen = app.screen
            if players == 8:
                assert screen.view.players.max_scroll_y > 0  # they do not all fit: the column scrolls
                assert 4 <= len(panels_in_view(screen)) < 8
            for _ in range(players + 1):
                await pilot.pause()
                assert game.st.turn.player in panels_in_view(screen), (players, game.st.turn.player)
                await pilot.press("r")
                await pilot.pause()
                assert screen_name(app) == "GameScreen"
            assert game.st.turn.number == players + 2


async def test_the_full_layout_keeps_the_long_panels_and_sparklines(saves):
    game = busy_game(4, jail=False)
    app = app_for(game, saves)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.press("r", "r")
        await pilot.pause()
        screen = app.screen
        assert screen.view.layout == "full"
        texts = [panel._megamono_shown.plain for panel in screen.view.players.panels]
        assert "Mediterr." in texts[0] and any(spark.display for spark in screen.view.players.sparklines)
        await pilot.resize_terminal(100, 30)  # down to compact: the short form, no sparklines
        await pilot.pause()
        await pilot.pause()
        assert screen.view.layout == "compact"
        assert "Med" in screen.view.players.panels[0]._megamono_shown.plain
        assert not any(spark.display for spark in screen.view.players.sparklines)
        assert panels_in_view(screen) == [0, 1, 2, 3]


def test_the_compact_panel_says_what_the_long_one_says_in_fewer_lines():
    game = busy_game(4)
    st = game.st
    st.deeds[1].owner = st.deeds[3].owner = st.deeds[4].owner = 0
    st.deeds[3].level = 2
    look = Look(game)
    text = compact_player_text(game, look, 0, 66, options=[object()]).plain
    first = text.split("\n")[0]
    assert first.startswith("A Ann ◀ turn  $2,500  @GO") and first.endswith("build (m)")
    assert "Br 3/3 Med Bal2 Arc" in text  # the board's codes, houses as a digit
    dan = compact_player_text(game, look, 3, 66).plain
    assert "IN JAIL 1/3" in dan.split("\n")[0]
    bob = compact_player_text(game, look, 1, 66).plain
    assert "Bus×2" in bob.split("\n")[0]
    owner = st.deeds[game.ed.properties[-1]].owner
    assert "BwkM" in compact_player_text(game, look, owner, 66).plain  # the mortgaged Boardwalk
    assert all(len(line) <= 66 for p in range(4) for line in compact_player_text(game, look, p, 66).plain.split("\n"))


def test_just_visiting_reads_apart_from_in_jail():
    """Found by a newcomer: the panels said "@Jail" both for Just Visiting and in jail."""
    from megamono.tui.widgets.player_panel import heading

    game = new_game()
    look = Look(game)
    ann, bob = game.st.players[0], game.st.players[1]
    ann.position = bob.position = game.ed.jail
    bob.in_jail = True
    assert "@Visiting" in heading(game, look, 0, 80).plain
    assert "@Jail" in heading(game, look, 1, 80).plain and "IN JAIL" in heading(game, look, 1, 80).plain
