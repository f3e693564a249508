"""The responsive board in play: looking around with the arrow keys, the deed card following the
cursor with the rent due now marked, layouts switching on resize without losing anything, the
"terminal too small" screen, the high-contrast theme and NO_COLOR; the player panels and the log."""

from __future__ import annotations

import io

from megamono.rules.actions import Build
from megamono.tui.look import HIGH_CONTRAST, STANDARD, Look
from megamono.tui.screens.toosmall import TooSmallScreen
from megamono.tui.themes import HIGH_CONTRAST_THEME, STANDARD_THEME
from megamono.tui.widgets.board import Board, BoardEdge, layout_for, step
from megamono.tui.widgets.deed_card import DeedCard, deed_card_text, rent_ladder
from megamono.tui.widgets.player_panel import player_text
from rich.console import Console
from test_snapshots_board import board_game
from tui_helpers import SIZE, app_for, new_game, screen_name


def game_screen(app):
    return next(s for s in app.screen_stack if type(s).__name__ == "GameScreen")


def card_text(app, which: str = "#card") -> str:
    card = game_screen(app).query_one(which, DeedCard)
    return deed_card_text(card.game, card.look, card.space).plain


def board_text(app) -> str:
    return "\n".join(edge.render().plain for edge in game_screen(app).query(BoardEdge))


def screen_text(app) -> str:
    """The characters on screen, line by line (what a screenshot shows, without the styles)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text(styles=False)


# -- the cursor -------------------------------------------------------------------------------------
def test_arrow_steps_follow_the_screen():
    # Mega: 13 spaces a side; GO is bottom right, Jail (13) bottom left, Free Parking (26) top left
    assert step(52, 0, -1, 0) == 1          # left along the bottom row
    assert step(52, 0, 0, -1) == 51         # up the right column: Boardwalk
    assert step(52, 13, 0, -1) == 14        # up from Jail
    assert step(52, 0, 1, 0) == 0           # off the board: stays
    assert step(52, 5, 0, -1) == 34         # into the middle: straight across to the top row
    assert step(52, 20, 1, 0) == 45         # from the left column across: railroad to railroad
    assert step(40, 0, -1, 0) == 1 and step(40, 10, 0, -1) == 11


async def test_arrow_keys_move_the_cursor_and_the_deed_card_follows(saves):
    app = app_for(board_game(), saves)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        board = app.screen.query_one(Board)
        assert board.selected == 0 and "GO" in card_text(app)  # Ann's token is on GO
        await pilot.press("left")
        assert board.selected == 1 and "Mediterranean Avenue" in card_text(app)
        await pilot.press("left", "left")
        assert board.selected == 3
        text = card_text(app)
        assert "Baltic Avenue" in text and "Price $60" in text and "owner Bob (B)" in text
        assert "2h: 2 houses" in text and "rent now $60" in text
        assert "▶2h $60" in text                                   # the rent due now, marked
        assert "Building $50 a level" in text and "Mortgage $30" in text
        await pilot.press("up")
        assert board.selected == 36 and "Water Works" in card_text(app)  # straight across
        await pilot.press("home")
        assert board.selected == 0
        # the keys did nothing else
        assert app.screen.game.history == [] and screen_name(app) == "GameScreen"


async def test_the_cursor_follows_the_token_that_moves(saves):
    game = new_game(dice=[(1, 2, 1)])
    app = app_for(game, saves)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        await pilot.press("up", "up")
        board = app.screen.query_one(Board)
        assert board.selected == 50
        await pilot.press("r")                 # Ann moves 1+2+1 = 4: Arctic Avenue, a buy dialog
        await pilot.pause()
        assert game.st.players[0].position == 4
        assert board.selected == 4 and "Arctic Avenue" in card_text(app)


def test_the_rent_due_now_is_marked_in_the_ladder():
    game = board_game()
    st = game.st
    due = [r[0] for r in rent_ladder(game, 3) if r[3]]
    assert due == ["2h"]
    assert [r[0] for r in rent_ladder(game, 29) if r[3]] == ["base"]        # Ann: 1 red of 4
    assert not any(r[3] for r in rent_ladder(game, 51))                     # mortgaged: no rent
    assert not any(r[3] for r in rent_ladder(game, 27))                     # the bank's
    st.deeds[27].owner = st.deeds[30].owner = st.deeds[31].owner = 0
    assert [r[0] for r in rent_ladder(game, 29) if r[3]] == ["×3 all"]
    st.deeds[31].owner = None
    assert [r[0] for r in rent_ladder(game, 29) if r[3]] == ["×2 all-1"]
    assert [r[0] for r in rent_ladder(game, 6) if r[3]] == ["+depot"]     # Cat's railroad, a depot
    text = deed_card_text(game, Look(game), 6).plain
    assert "rent now $50 (1 RR, depot)" in text


def test_spaces_that_are_not_deeds_say_what_they_do():
    game = board_game()
    look = Look(game)
    assert "Collect $200" in deed_card_text(game, look, 0).plain
    jail = deed_card_text(game, look, 13).plain
    assert "Just visiting" in jail and "Cat (C) in jail" in jail
    assert "Take a Bus Ticket" in deed_card_text(game, look, 32).plain
    assert "Pay $200 or 10%" in deed_card_text(game, look, 5).plain


def test_player_panels_say_what_each_player_could_build_now():
    game = board_game()
    look = Look(game)
    bob = player_text(game, look, 1, 60).plain
    assert "Br 3/3" in bob and "build now (m):" in bob and "Arctic $50" in bob   # build evenly: Arctic
    assert game.why_not(Build(player=1, space=3)) is not None                    # the core agrees
    ann = player_text(game, look, 0, 60).plain
    assert "build: DB building needs all lots of the group but one" in ann
    cat = player_text(game, look, 2, 60).plain
    assert "build" not in cat                                # her railroad has its depot already
    game.st.deeds[20].owner = 2                              # a second railroad: a depot may go there
    assert "build now (m):  RR depot Penn. RR $100" in player_text(game, look, 2, 60).plain


# -- layouts and resizing ---------------------------------------------------------------------------
def test_layout_by_terminal_size():
    assert layout_for(99, 45) is None and layout_for(140, 29) is None
    assert layout_for(100, 30) == "compact" and layout_for(139, 60) == "compact"
    assert layout_for(140, 45) == "full" and layout_for(199, 80) == "full" and layout_for(250, 59) == "full"
    assert layout_for(200, 60) == "large"


async def test_resizing_mid_game_changes_the_layout_and_loses_nothing(saves):
    game = new_game(dice=[(1, 2, 1)])
    app = app_for(game, saves)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.has_class("-full")
        await pilot.press("r")                  # Ann lands on Arctic Avenue: the buy dialog opens
        await pilot.pause()
        assert screen_name(app) == "BuyDialog"
        board = screen.query_one(Board)
        assert board.selected == 4
        before = (game.to_json(), list(game.history))
        for size, layout in (((100, 30), "compact"), ((200, 60), "large"), ((120, 40), "compact"),
                             ((140, 45), "full")):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert screen.view.layout == layout and screen.has_class(f"-{layout}")
            assert board.geometry.layout == layout and board.selected == 4
            assert screen_name(app) == "BuyDialog"
        await pilot.resize_terminal(90, 25)    # too small: a notice covers everything
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "at least 100x30" in screen_text(app) and "90x25" in screen_text(app)
        await pilot.press("b")                 # keys do nothing while it shows
        await pilot.pause()
        assert game.pending.kind == "buy"
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert screen_name(app) == "BuyDialog" and screen.view.layout == "compact"
        assert (game.to_json(), list(game.history)) == before
        await pilot.press("b")
        await pilot.pause()
        assert game.st.deeds[4].owner == 0
        assert board.selected == game.st.players[1].position      # Bob's turn: the cursor is on him
        assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack)


async def test_a_game_started_in_a_small_terminal_waits_behind_the_notice(saves):
    app = app_for(new_game(), saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert screen_name(app) == "GameScreen" and app.screen.view.layout == "compact"
        await pilot.press("r")
        await pilot.pause()
        assert app.screen_stack[1].game.history  # the game goes on


async def test_every_layout_shows_owners_buildings_mortgages_and_tokens(saves):
    app = app_for(board_game(), saves)
    async with app.run_test(size=(100, 30)) as pilot:
        for size in ((100, 30), (140, 45), (200, 60)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            text = board_text(app)
            compact = size == (100, 30)
            assert ("BrB2" if compact else "Br B2h") in text           # owner letter + buildings
            assert ("BrB1" if compact else "Br B1h") in text
            assert ("RRCD" if compact else "RR CD") in text            # Cat's depot
            assert ("DBAM" if compact else "DB A M") in text           # Ann's mortgaged Boardwalk
            assert ("[C]" if compact else "In: C") in text             # Cat in jail
            assert ("Ken B" if compact else "B") in text               # Bob's token
            assert ("Rd220" if compact else "Rd $220") in text         # the bank's price


# -- accessibility ----------------------------------------------------------------------------------
async def test_high_contrast_theme_is_switched_with_f2_and_remembered(saves):
    app = app_for(board_game(), saves)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        assert app.theme == STANDARD_THEME and app.screen.look.palette is STANDARD
        await pilot.press("f2")
        await pilot.pause()
        assert app.theme == HIGH_CONTRAST_THEME and app.screen.look.palette is HIGH_CONTRAST
        assert (saves / ".megamono-theme").read_text().strip() == HIGH_CONTRAST_THEME
    again = app_for(board_game(), saves)
    async with again.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        assert again.theme == HIGH_CONTRAST_THEME and again.screen.look.palette is HIGH_CONTRAST
        await pilot.press("f2")
        await pilot.pause()
        assert again.theme == STANDARD_THEME


async def test_no_color_loses_nothing(saves, monkeypatch):
    app = app_for(board_game(), saves)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.press("left", "left", "left")
        await pilot.pause()
        coloured = screen_text(app)
    monkeypatch.setenv("NO_COLOR", "1")
    plain = app_for(board_game(), saves)
    assert plain.no_color
    async with plain.run_test(size=(140, 45)) as pilot:
        await pilot.press("left", "left", "left")
        await pilot.pause()
        text = screen_text(plain)
        assert text == coloured                    # every letter and mark is still there
        for mark in ("Br B2h", "RR CD", "DB A M", "In: C", "▶2h", "◀ turn", "Ann (A)"):
            assert mark in text
        # the cursor is drawn in reverse video, which survives without colours
        board = plain.screen.query_one(Board)
        cell = board.cell(3, board.geometry.cell_w, board.geometry.tall_h, False)
        assert "reverse" in str(cell[1].spans[0].style if cell[1].spans else cell[1].style)


async def test_a_pick_on_the_board_drives_the_same_cursor_and_deed_card(saves):
    game = new_game(dice=[(2, 2, 2)])          # triples: Ann picks any space
    app = app_for(game, saves)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert screen_name(app) == "BoardPickDialog"
        board = game_screen(app).query_one(Board)
        first = board.cursor
        assert first is not None and board.shown == first
        await pilot.press("right")
        assert board.cursor != first and board.selected == board.cursor
        assert game.ed.spaces[board.cursor].name in card_text(app, "#aside-card")
        # legal choices are underlined as well as green: seen without colours too
        cell = board.cell(board.cursor + 1, board.geometry.cell_w, board.geometry.tall_h, False)
        assert any("underline" in str(span.style) for line in cell for span in line.spans) or \
            any("underline" in str(line.style) for line in cell)
        target = board.cursor
        await pilot.press("enter")
        await pilot.pause()
        assert game.st.players[0].position == target
        st = game.st                               # the pick is over; the cursor is on whose turn it is
        assert board.cursor is None and board.selected == st.players[st.turn.player].position


async def test_the_deed_card_in_a_board_pick_keeps_its_rent_lines_indented(saves):
    """Found by a newcomer: wrapped lines lost their indent. The deed card in a board pick keeps its rent lines
    within its width and indented."""
    game = new_game(dice=[(2, 2, 2)])  # triples: move anywhere
    app = app_for(game, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        dialog = app.screen
        assert screen_name(app) == "BoardPickDialog"
        for _ in range(40):  # to a street with a long rent ladder
            if game.ed.spaces[dialog.cursor].kind == "street" and game.ed.spaces[dialog.cursor].price >= 200:
                break
            await pilot.press("right")
        await pilot.pause()
        body = dialog.query_one("#body")
        lines = str(body.render()).split("\n")
        width = body.content_size.width
        assert all(len(line) <= width for line in lines)
        k = next(i for i, line in enumerate(lines) if line.startswith("Rent"))
        assert lines[k + 1].startswith("    ") and "H $" in lines[k + 1]


async def test_a_small_terminal_gets_a_notice_until_it_is_enlarged(saves):
    """Reported by a new player: a terminal smaller than 100x30 showed a broken screen. A notice says the size
    needed until the terminal is enlarged."""
    from megamono.tui.screens.toosmall import TooSmallScreen

    app = app_for(new_game(), saves)
    async with app.run_test(size=(99, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "at least 100x30" in str(app.screen.query_one("#toosmall").render())
        await pilot.resize_terminal(140, 45)
        await pilot.pause()
        assert screen_name(app) == "GameScreen"
        await pilot.resize_terminal(120, 29)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen) and "120x29" in str(app.screen.query_one("#toosmall").render())


def test_jail_attempts_are_shown_at_most_3_of_3_and_one_depot_is_singular():
    """Reported by a new player: a player panel showed IN JAIL 4/3, and the bank '1 depots'."""
    from megamono.tui.look import Look
    from megamono.tui.widgets.dice import bank_text
    from megamono.tui.widgets.player_panel import player_text

    game = new_game()
    ann = game.st.players[0]
    ann.in_jail, ann.jail_turns = True, 3
    text = player_text(game, Look(game), 0).plain
    assert "IN JAIL 3/3" in text and "4/3" not in text
    game.st.bank.depots = 1
    if game.ed.supply.depots:
        assert "1 depot" in bank_text(game).plain and "1 depots" not in bank_text(game).plain


def game_with_a_long_log():
    """A game whose log is many screens long (300 old lines), Ann to roll (1+2+1)."""
    from megamono.rules.events import Seats

    game = new_game(dice=[(1, 2, 1)])
    for _ in range(300):
        game.log(Seats())  # (any old line)
    return game


def log_of(app):
    """The game screen's log (under any dialog)."""
    from megamono.tui.widgets.log import GameLog

    return app.screen_stack[1].query_one(GameLog)


async def test_the_log_shows_its_newest_line_after_an_action(saves):
    """Reported by a new player: the log did not follow the game. It shows its newest line after an action."""
    app = app_for(game_with_a_long_log(), saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        await pilot.pause()
        log = log_of(app)
        assert log.scroll_y == log.max_scroll_y


async def test_the_log_pages_back_and_on_from_the_keyboard(saves):
    """Found by a newcomer: the log could only be scrolled with a mouse wheel. PgUp/PgDn (or [ and ])
    page it back and on; the next event brings it to the end again."""
    app = app_for(game_with_a_long_log(), saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        log = log_of(app)
        assert log.scroll_y == log.max_scroll_y > 0
        await pilot.press("pageup", "left_square_bracket")
        await pilot.pause()
        back = log.scroll_y
        assert back <= log.max_scroll_y - 2 * (log.scrollable_content_region.height - 1)
        await pilot.press("right_square_bracket")
        await pilot.pause()
        assert log.scroll_y > back
        await pilot.press("r")
        await pilot.pause()
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y
