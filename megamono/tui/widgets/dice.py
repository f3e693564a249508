"""The dice: the last throw's two white dice and the Speed Die, with doubles and triples marked."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from megamono.rules.decisions import BusMoveDecision
from megamono.rules.engine import Game
from megamono.rules.events import BusMoveChosen, Rolled

from ..look import DIM, count, update_if_changed

FACES = "⚀⚁⚂⚃⚄⚅"
SPEED = {"mr": "Mr.Monopoly", "bus": "Bus"}


def dice_text(game: Game) -> Text:
    """E.g. "[3] [5] + [Bus]  doubles ×1"."""
    t = game.st.turn
    th = t.last_throw
    if th is None:
        return Text("Dice: not thrown yet", style=DIM)
    out = Text("Dice ", style="bold")
    for w in th.white:
        out.append(f"[{w}]", style="bold #000000 on #f0f0f0")
        out.append(" ")
    if th.speed is not None:
        face = SPEED.get(str(th.speed), str(th.speed))
        out.append("+ ")
        out.append(f"[{face}]", style="bold #ffffff on #b22222")
    extra = []
    if th.speed is not None and th.triples:
        extra.append("TRIPLES")
    elif th.doubles:
        extra.append(f"doubles ×{t.doubles}" if t.doubles else "doubles")
    total = th.total if th.speed is not None else th.white_total
    moved = _bus_move(game) if th.speed == "bus" and game.st.options.bus_rule == "speed_die_game" else None
    if moved is not None:  # (the Speed Die game's Bus: the token moves by the dice chosen)
        out.append(f"  moves {moved}", style="bold")
    elif th.speed == "bus" and isinstance(game.pending, BusMoveDecision):
        out.append("  = ? (choose the dice)", style="bold")
    else:
        out.append(f"  = {total}", style="bold")
    if extra:
        out.append("  " + ", ".join(extra), style="bold #ffd75f")
    return out


def bank_text(game: Game, short: bool = False) -> Text:
    """The bank's pieces, e.g. "Bank: 32 houses, 12 hotels, 8 skyscrapers, 4 depots"; ``short``:
    "Bank: 32h 12H 8S 4D" (the board's letters)."""
    bank, supply = game.st.bank, game.ed.supply
    if short:
        parts = [f"{bank.houses}h", f"{bank.hotels}H"]
        if supply.skyscrapers:
            parts.append(f"{bank.skyscrapers}S")
        if supply.depots:
            parts.append(f"{bank.depots}D")
        return Text("Bank: " + " ".join(parts), style=DIM)
    parts = [count(bank.houses, "house"), count(bank.hotels, "hotel")]
    if supply.skyscrapers:
        parts.append(count(bank.skyscrapers, "skyscraper"))
    if supply.depots:
        parts.append(count(bank.depots, "depot"))
    return Text("Bank: " + ", ".join(parts), style=DIM)


class DiceView(Static):
    """Shows :func:`dice_text` for the game; call :meth:`refresh_dice` after a change."""

    def __init__(self, game: Game) -> None:
        super().__init__(id="dice")
        self.game = game

    def show_rolling(self, faces: tuple) -> None:
        """One frame of the dice tumbling (an animation; :meth:`refresh_dice` shows the real throw)."""
        out = Text("Dice ", style="bold")
        for w in faces[:2]:
            out.append(f"[{w}]", style="bold #000000 on #b0b0b0")
            out.append(" ")
        if len(faces) > 2 and faces[2] is not None:
            out.append("+ ")
            out.append(f"[{SPEED.get(str(faces[2]), str(faces[2]))}]", style="bold #ffffff on #7a1a1a")
        out.append("  rolling…", style=DIM)
        self._show_with_bank(out)

    def on_resize(self) -> None:
        # the bank's words (short when they do not fit) and the gap follow the width: drawn again after
        # this layout pass, whatever else a resize redraws or not (the terminal grew: the full words)
        self.call_after_refresh(self.refresh_dice)

    def refresh_dice(self) -> None:
        """Show the last throw, and the bank's pieces at the right: in words when they fit, else in the
        board's letters."""
        self._show_with_bank(dice_text(self.game))

    def _show_with_bank(self, dice: Text) -> None:
        """``dice`` at the left and the bank's pieces at the right, in words when they fit, else in the
        board's letters (at 100 columns while the dice tumble, the words were cut)."""
        bank = bank_text(self.game)
        width = self.content_size.width or 104
        if dice.cell_len + bank.cell_len + 2 > width:
            bank = bank_text(self.game, short=True)
        gap = max(2, width - dice.cell_len - bank.cell_len)
        update_if_changed(self, Text.assemble(dice, " " * gap, bank))


def _bus_move(game: Game) -> str | None:
    """Under the option ``bus_rule`` = ``speed_die_game``: how the token moved after this turn's last
    throw ("6 (the first die)"), from the log's :class:`BusMoveChosen`, or None before the choice."""
    for ev in reversed(game.st.log):
        if isinstance(ev, BusMoveChosen):
            which = {"first": "the first die", "second": "the second die"}.get(ev.dice, "both dice")
            return f"{ev.steps} ({which})"
        if isinstance(ev, Rolled):
            return None
    return None
