"""The game-over screen: the winner and the standings."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from megamono.rules.engine import Game
from megamono.rules.rent import building_value

from ..look import DIM, Look, money


def standings(game: Game) -> list[tuple[int, int, int]]:
    """(seat, cash, deeds value) best first: the winner, then by cash + deeds (price + buildings)."""
    ed, st = game.ed, game.st
    rows = []
    for p, pl in enumerate(st.players):
        deeds = sum((ed.spaces[i].price or 0) + building_value(ed, st, i)
                    for i, d in st.deeds.items() if d.owner == p)
        rows.append((p, pl.cash, deeds))
    return sorted(rows, key=lambda r: (r[0] != st.winner, st.players[r[0]].bankrupt, -(r[1] + r[2])))


class GameOverScreen(Screen):
    """Winner and standings; ``n`` back to the start screen, ``q`` quits."""

    DEFAULT_CSS = """
    GameOverScreen { align: center middle; }
    GameOverScreen #over { width: 80; height: auto; padding: 1 2; border: heavy $success; }
    """
    BINDINGS = [Binding("n,enter", "start", "Start screen"), Binding("q", "quit", "Quit")]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.look = Look(game)

    def compose(self) -> ComposeResult:
        g, look = self.game, self.look
        t = Text("GAME OVER\n\n", style="bold")
        winners = list(getattr(g.st, "winners", []) or ([g.st.winner] if g.st.winner is not None else []))
        if winners:
            for k, w in enumerate(winners):
                t.append(", " if k else "")
                t.append_text(look.block(w))
                t.append(" ")
                t.append_text(look.who(w))
            t.append(" wins!\n\n" if len(winners) == 1 else " share the win!\n\n", style="bold")
        t.append(f"{'':3}{'Player':<22}{'Cash':>10}{'Deeds':>10}{'Total':>10}\n", style="bold")
        for rank, (p, cash, deeds) in enumerate(standings(g), 1):
            pl = g.st.players[p]
            t.append(f"{rank:>2} ")
            t.append(f"{pl.name[:20]:<22}", style=f"bold {look.colour(p)}" if not pl.bankrupt else DIM)
            t.append(f"{money(cash):>10}{money(deeds):>10}{money(cash + deeds):>10}")
            t.append("  bankrupt\n" if pl.bankrupt else "\n", style=DIM)
        t.append(f"\n{g.st.turn.number} turns played.", style=DIM)
        with Vertical(id="over"):
            yield Static(t)
        yield Footer()

    def action_start(self) -> None:
        self.app.go_start()

    def action_quit(self) -> None:
        self.app.exit(0)
