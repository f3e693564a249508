"""A fallback dialog for any decision without a dialog of its own (e.g. kinds added to the engine
later): it lists the deciding player's legal answers, numbered 1-9."""

from __future__ import annotations

from textual.binding import Binding

from megamono.rules.actions import MANAGE_KINDS
from megamono.rules.decisions import Decision
from megamono.rules.texts import action_text

from .base import DecisionDialog, Option

try:  # which actions answer which pending kind (the engine's own table)
    from megamono.rules.dispatch import DECISION_OF
except ImportError:  # pragma: no cover - older engines
    DECISION_OF = {}


def answers(game, kind: str, player: int) -> list:
    """The legal actions of ``player`` that answer a pending decision of ``kind``."""
    out = []
    for a in game.legal_actions(player):
        if a.kind in MANAGE_KINDS:
            continue
        if DECISION_OF and kind not in DECISION_OF.get(a.kind, ()):
            continue
        out.append(a)
    return out


class GenericDialog(DecisionDialog[Decision]):
    """Numbered legal answers to the pending decision; keys 1-9."""

    BINDINGS = [Binding(str(k), f"choose('{k}')", f"Option {k}") for k in range(1, 10)]

    def heading(self) -> str:
        return self.pend.kind.replace("_", " ")

    def options(self) -> list[Option]:
        acts = answers(self.game, self.pend.kind, self.player)
        return [Option(str(k), action_text(self.game, a), a) for k, a in enumerate(acts[:9], 1)]
