"""The game-over screen: the winner (or the players sharing the win) and the standings by final worth."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from megamono.rules.engine import Game

from ..look import DIM, Look, money


def standings(game: Game) -> list[tuple[int, int, int]]:
    """(seat, cash, final worth) best first: the engine's standings (E2 final worth; bankrupt last),
    with the winner(s) on top."""
    st = game.st
    winners = list(st.winners or ([st.winner] if st.winner is not None else []))
    rows = [(p, st.players[p].cash if not st.players[p].bankrupt else 0, worth) for p, worth in game.standings()]
    return sorted(rows, key=lambda r: (r[0] not in winners, st.players[r[0]].bankrupt, -r[2]))


class GameOverScreen(Screen):
    """Winner and standings; ``n`` back to the start screen, ``q`` quits."""

    DEFAULT_CSS = """
    GameOverScreen { align: center middle; }
    GameOverScreen #over { width: 80; height: auto; padding: 1 2; border: heavy $success; }
    """
    # not Enter: a player hammering Enter through the last debt must still see the standings
    BINDINGS = [Binding("n", "start", "Start screen"), Binding("q", "quit", "Quit")]

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
        t.append(f"{'':3}{'Player':<22}{'Cash':>12}{'Property':>12}{'Final worth':>14}\n", style="bold")
        for rank, (p, cash, worth) in enumerate(standings(g), 1):
            pl = g.st.players[p]
            t.append(f"{rank:>2} ")
            t.append(f"{pl.name[:20]:<22}", style=f"bold {look.colour(p)}" if not pl.bankrupt else DIM)
            if pl.bankrupt:
                t.append(f"{'':>12}{'':>12}{'bankrupt':>14}\n", style=DIM)
                continue
            t.append(f"{money(cash):>12}{money(worth - cash):>12}")
            t.append(f"{money(worth):>14}", style="bold")
            t.append("  ★ winner\n" if p in winners else "\n", style="bold #ffd75f")
        t.append("\nFinal worth: cash + printed price of deeds (mortgaged: mortgage value) + buildings.\n",
                 style=DIM)
        reason = [e.text for e in g.st.log if e.kind == "game_over"][:-1]
        if reason:
            t.append(reason[-1].split(". Final worth:")[0].rstrip(".") + ".\n", style=DIM)
        t.append(f"{g.st.turn.number} turns played.", style=DIM)
        with Vertical(id="over"):
            yield Static(t)
        yield Footer()

    def action_start(self) -> None:
        self.app.go_start()

    def action_quit(self) -> None:
        self.app.exit(0)
