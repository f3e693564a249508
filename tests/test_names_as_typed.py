"""Player names print as typed, and wide ones (emoji, CJK) are measured in terminal cells (issue 26, item 6):
"[b]Zoë 🎲" is never read as Rich markup, and a name of wide letters never cuts or misaligns a line."""

from __future__ import annotations

import os
import subprocess
import sys

from megamono.rules.engine import Game
from megamono.saves import save_game
from rich.cells import cell_len

NAMES = ["[b]Zoë 🎲", "山田太郎", "Ann"]


def test_analyse_prints_the_players_names_as_typed(tmp_path):
    save_game(Game.new("mega", NAMES, seed=5, seat_order=True), "wide", tmp_path)
    env = {**os.environ, "COLUMNS": "160", "NO_COLOR": "1"}
    proc = subprocess.run([sys.executable, "-m", "megamono", "analyse", "wide.json", "--playouts", "4",
                           "--jobs", "1", "--turn-limit", "3", "--seed", "1"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "([b]Zoë 🎲 to move)" in out
    rows = [line for line in out.splitlines() if line.startswith("│")]
    assert any("│ [b]Zoë 🎲 " in row for row in rows) and any("│ 山田太郎 " in row for row in rows)
    assert len({cell_len(row) for row in rows}) == 1  # the table's rows line up


def test_wide_names_wrap_and_page_by_cells():
    from megamono.tui.look import fit_cells
    from megamono.tui.widgets.hanging import wrap_cells
    from megamono.tui.widgets.notices import pages

    assert fit_cells("山田太郎", 10) == "山田太郎  " and cell_len(fit_cells("山田太郎山田太郎", 9)) == 9
    for lines in (wrap_cells("山田太郎 pays $40 to [b]Zoë 🎲: 山田太郎山田太郎山田太郎", 12),
                  pages("Undone: 山田太郎山田太郎山田太郎's roll and move to Boardwalk", 12)):
        assert lines and all(cell_len(line) <= 12 for line in lines)
    assert "".join(wrap_cells("山田太郎山田太郎山田太郎", 12)) == "山田太郎山田太郎山田太郎"  # cut, nothing lost


def test_the_game_over_tables_line_up_with_wide_names():
    from megamono.tui.look import Look
    from megamono.tui.screens.gameover import standings_text, statistics_text
    from megamono.tui.stats import stats_for

    game = Game.new("mega", NAMES, seed=5, seat_order=True)
    look = Look(game)
    for text in (standings_text(game, look), statistics_text(game, look, stats_for(game))):
        rows = [line for line in text.plain.splitlines() if any(n in line for n in NAMES)]
        assert len(rows) == 3 and any("[b]Zoë 🎲" in row for row in rows)
        ends = {cell_len(row.rstrip()) - cell_len(row.rstrip().split()[-1]) for row in rows}
        assert len(ends) == 1, rows  # every row's last figure starts in the same column
