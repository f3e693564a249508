"""The board's sides are drawn from kept cells, the player panels from kept lines (Textual's Line
API, see ``BoardEdge`` and ``look.KeptLines``): through a played game, cursor moves, a pick, a
walking token, the other theme and the three layouts, each must look exactly as when drawn whole
from its ``render()``, both as rendered and (the board) as shown on the screen, where only the cells
that changed are repainted."""

from __future__ import annotations

from megamono.bots import make_bot
from megamono.rules.engine import Game
from megamono.tui.themes import HIGH_CONTRAST_THEME
from megamono.tui.widgets.board import BoardEdge
from textual.visual import Visual, visualize
from tui_helpers import app_for


def game_screen(app):
    return next(s for s in app.screen_stack if type(s).__name__ == "GameScreen")


def whole(edge: BoardEdge) -> list:
    """The side drawn whole (one Rich Text), as before the cells were kept."""
    width, height = edge.size
    return Visual.to_strips(edge, visualize(edge, edge.render()), width, height, edge.visual_style)


def check(app) -> None:
    screen = game_screen(app)
    shown = screen._compositor.render_strips()  # what the screen shows (repainted lines only)
    for edge in screen.query(BoardEdge):
        expected = whole(edge)
        drawn = [edge.render_line(y) for y in range(edge.size.height)]
        assert [s.text for s in drawn] == [s.text for s in expected], edge.side
        assert drawn == expected, edge.side
        x, y, width, height = edge.region
        on_screen = [shown[y + k].crop(x, x + width).text for k in range(height)]
        assert on_screen == [s.text for s in expected], edge.side
    for panel in screen.view.players.panels:
        if panel.size.width:
            expected = whole(panel)
            assert [panel.render_line(y) for y in range(len(expected))] == expected, panel.id


async def test_kept_cells_match_the_side_drawn_whole(saves):
    game = Game.new("mega", ["Ann", "Bob", "Cat", "Dan"], seed=5, seat_order=True)
    app = app_for(game, saves)
    bot = make_bot("strong", 3)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        board = screen.board
        steps = 0
        while steps < 100 and not game.over:
            steps += 1
            game.act(bot.choose(game, game.pending.player))  # straight to the engine: no dialogs
            screen.view.refresh()
            await pilot.pause()
            if steps % 3 == 0:
                check(app)
            if steps == 20:  # the cursor elsewhere
                board.select(board.selected + 7)
                await pilot.pause()
                check(app)
            if steps == 35:  # a pick's choices, then none
                board.set_pick(12, {12, 14, 30})
                await pilot.pause()
                check(app)
                board.set_pick(None, set())
                await pilot.pause()
                check(app)
            if steps == 50:  # a token walking
                board.shown_at = {0: 33, 1: 0}
                board.refresh_board()
                await pilot.pause()
                check(app)
                board.shown_at = {}
                board.refresh_board()
                await pilot.pause()
                check(app)
            if steps == 65:
                app.theme = HIGH_CONTRAST_THEME
                await pilot.pause()
                await pilot.pause()
                check(app)
            if steps == 80:
                await pilot.resize_terminal(100, 30)
                await pilot.pause()
                await pilot.pause()
                check(app)
            if steps == 90:
                await pilot.resize_terminal(200, 60)
                await pilot.pause()
                await pilot.pause()
                check(app)
        check(app)
