"""The game screen's footer fits its width: at 100 and 140 columns (since the win chances key; the full
words fit at 200) it takes Textual's compact form with shorter words, and leaves out keys said
elsewhere; every key still works and is listed by the keys panel (palette "Keys") and the help."""

from __future__ import annotations

from io import StringIO

from megamono.rules.engine import Game
from megamono.tui.screens.game import GameScreen
from megamono.tui.screens.game_keys import key_name
from megamono.tui.screens.help import HELP
from rich.console import Console
from textual.widgets import Static
from textual.widgets._footer import FooterKey
from tui_helpers import app_for, screen_name, settle

COMPACT = (100, 30)
ARCTIC = 4


def crowded_game() -> Game:
    """Every footer key at once: a computer player (space) and the claimed-rent house rule (c)."""
    return Game.new("mega", ["Ann", {"name": "Bob", "kind": "computer"}, "Cat"], seed=1, seat_order=True,
                    dice=[(1, 2, 1)], options={"rent_must_be_claimed": True})


def footer_keys(app) -> tuple[list[FooterKey], FooterKey]:
    keys = list(app.screen.query(FooterKey))
    palette = next(k for k in keys if "-command-palette" in k.classes)
    return [k for k in keys if k is not palette], palette


def assert_footer_fits(app) -> None:
    keys, palette = footer_keys(app)
    assert keys and max(k.region.right for k in keys) <= palette.region.x


def keys_panel_text(app) -> str:
    table = app.screen.query_one("BindingsTable")
    out = StringIO()
    Console(file=out, width=200).print(table.render_bindings_table())
    return out.getvalue()


async def test_the_footer_fits_100_columns_and_every_key_still_works(saves):
    game = crowded_game()
    game.st.deeds[ARCTIC].owner = 1  # Bob's: Ann's roll lands on it, so Bob may claim the rent
    app = app_for(game, saves)
    async with app.run_test(size=COMPACT) as pilot:
        screen = app.screen
        assert screen.view.layout == "compact" and screen.footer.short_footer
        assert_footer_fits(app)
        shown = {k.key: k.description for k in footer_keys(app)[0]}
        assert shown == {"r": "Roll", "t": "Ticket", "d": "Decide", "m": "Manage", "x": "Trade", "e": "End",
                         "u": "Undo", "space": "Skip", "s": "Save", "h": "Help", "q": "Quit"}
        assert screen.footer.tight_footer  # (w and j left out: the key legend beside the board says them)
        assert "w win% j coach" in str(screen.query_one("#aside-keys", Static).render())
        # the keys left out of the footer still work: the arrows, F1, w ...
        before = screen.board.shown
        await pilot.press("left")
        await pilot.pause()
        assert screen.board.shown != before
        await pilot.press("w")
        await pilot.pause()
        assert screen_name(app) == "ChancesScreen"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert screen_name(app) == "RulesScreen"
        await pilot.press("escape")
        await pilot.pause()
        # ... and a key that does nothing now says why in full words
        await pilot.press("t")
        await pilot.pause()
        assert app.notices[-1].startswith("Bus Ticket: ")
        # ... and the keys panel (palette "Keys") lists every key of the game screen
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Keys", "enter")
        await settle(pilot, app, until=lambda: bool(app.screen.query("KeysPanel")))
        await pilot.pause()
        listed = keys_panel_text(app)
        for binding in GameScreen.BINDINGS:
            if key_name(binding.action) in ("claim", "skip", "look_right", "look_up", "look_down"):
                continue  # claim shows while a rent may be claimed; the arrows are listed as one
            assert app.get_key_display(binding) in listed, binding
        for key in ("space", "←↑↓→", "f1", "home"):
            assert key in listed


async def test_claimed_rent_still_says_its_key_when_the_footer_leaves_it_out(saves):
    game = Game.new("mega", ["Ann", "Bob", "Cat"], seed=1, seat_order=True, dice=[(1, 2, 1)],
                    options={"rent_must_be_claimed": True})
    game.st.deeds[ARCTIC].owner = 1
    app = app_for(game, saves)
    async with app.run_test(size=COMPACT) as pilot:
        screen = app.screen
        await pilot.press("r")  # Ann lands on Bob's Arctic Avenue: Bob may claim the rent
        await pilot.pause()
        assert game.st.claims and screen.check_action("key", ("claim",)) is True
        assert "c" not in {k.key for k in footer_keys(app)[0]}
        assert "(key c, before the next player rolls)" in str(screen.query_one("#claims").render())
        await pilot.press("c")
        await pilot.pause()
        assert not game.st.claims and game.st.players[1].cash > 2500


async def test_the_full_footer_at_200_columns_and_the_short_one_at_140(saves):
    """The full words fit from 200 columns (the large layout). At 140 they no longer do since the win
    chances key (w): the short form, every key still in it."""
    app = app_for(Game.new("mega", ["Ann", "Bob", "Cat"], seed=1, seat_order=True), saves)
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        assert not app.screen.footer.short_footer
        assert_footer_fits(app)
        assert {k.description for k in footer_keys(app)[0]} >= {"Bus Ticket", "End game", "Look", "Rules",
                                                                  "Win chances"}
    for game in (Game.new("mega", ["Ann", "Bob", "Cat"], seed=1, seat_order=True), crowded_game()):
        app = app_for(game, saves)
        async with app.run_test(size=(140, 45)) as pilot:
            await pilot.pause()
            assert app.screen.footer.short_footer
            assert_footer_fits(app)
            assert {k.description for k in footer_keys(app)[0]} >= {"Ticket", "End", "Win%", "Quit"}


async def test_the_footer_follows_a_resize(saves):
    app = app_for(Game.new("mega", ["Ann", "Bob", "Cat"], seed=1, seat_order=True), saves)
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        assert not app.screen.footer.short_footer
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        await pilot.pause()
        assert app.screen.footer.short_footer and app.screen.footer.tight_footer
        assert_footer_fits(app)  # (w and j left out since the coach, j: the key legend says them)
        assert "w" not in {k.key for k in footer_keys(app)[0]}


def test_the_help_lists_every_key_the_footer_may_leave_out():
    for key in ("←↑↓→", "F1", "c        claim rent", "space", "Home", "w        win chances", "j        coach"):
        assert key in HELP


async def test_the_footer_is_rebuilt_only_when_a_key_it_shows_changed(saves):
    """Textual's Footer composes all its keys again on every refresh of its screen's bindings (after every
    key, focus change and guard); megamono's (KeysFooter) keeps them while they are the same, and rebuilds
    them when one changes (here: the roll key greyed by a decision put aside)."""
    from megamono.tui.widgets.footer import KeysFooter
    from textual.screen import Screen

    game = Game.new("mega", ["Ann", "Cat"], seed=1, seat_order=True, dice=[(1, 2, 1)])
    app = app_for(game, saves)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        screen = app.screen
        footer = screen.query_one(KeysFooter)
        shown = list(footer.query(FooterKey))
        for _ in range(3):
            Screen.refresh_bindings(screen)  # (Textual's own refresh, not the game screen's fitted one)
            await pilot.pause()
        assert list(footer.query(FooterKey)) == shown and all(k.is_attached for k in shown)
        await pilot.press("r", "escape")  # a buy decision, put aside: r is greyed
        await pilot.pause()
        assert screen_name(app) == "GameScreen"
        now = list(screen.query_one(KeysFooter).query(FooterKey))
        assert not any(k in shown for k in now)
        roll = next(k for k in now if k.key == "r")
        assert roll.has_class("-disabled")
