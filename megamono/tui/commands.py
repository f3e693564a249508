"""The command palette (Ctrl+P): every action that is legal now, and every screen.

- :class:`LegalActions` is a :class:`~textual.command.Provider` over the rules core's
  ``Game.legal_actions()`` (plus proposing a trade or the end of the game, which the core does not
  list): "Ann: Roll the dice", "Bob: Buy Baltic Avenue ($60)", "Cat: Mortgage Reading Railroad", ...
  It offers them while the game screen (or one of its decision dialogs) is on top, and only for
  human players. Choosing one sends it to the engine through the game screen, like its key would.
- :func:`screen_commands` gives the app's ``get_system_commands`` the screens and settings: manage,
  trade, win chances, save, saved games, rules, help, options, and the hand-over and animation switches.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING, Any

from textual.app import SystemCommand
from textual.command import DiscoveryHit, Hit, Hits, Provider

from megamono.rules.texts import action_text

if TYPE_CHECKING:
    from .screens.game import GameScreen

def game_screen_of(app, top) -> GameScreen | None:
    """The game screen when ``top`` (the screen the palette was opened on) is it or one of its
    decision dialogs (else None)."""
    from .dialogs.base import DecisionDialog
    from .screens.game import GameScreen

    if isinstance(top, GameScreen):
        return top
    if isinstance(top, DecisionDialog):
        for screen in reversed(app.screen_stack):
            if isinstance(screen, GameScreen):
                return screen
    return None


def legal_commands(screen: GameScreen) -> Iterator[tuple[str, str, Callable[[], None]]]:
    """(text, help, run) for every action a human may take now."""
    g = screen.game
    if g.over or g.pending is None:
        return
    pend = g.pending
    for a in g.legal_actions():
        if screen.controller.is_computer(a.player):
            continue
        who = g.st.players[a.player].name
        why = "the pending decision" if a.player in pend.players and a.kind not in (
            "build", "sell_building", "sell_group_buildings", "build_depot", "sell_depot", "mortgage",
            "unmortgage", "claim_rent") else "any time the game waits"
        yield f"{who}: {action_text(g, a)}", f"{who}, {why}", partial(palette_act, screen, a)
    if screen.table.allows("trade") is True:
        yield "Propose a trade…", "Open the trade screen (x)", lambda: palette_run(screen, screen.keys.trade)
    if screen.table.allows("end_game") is True:
        yield "Propose to end the game…", "Every other player votes (e)", \
            lambda: palette_run(screen, screen.keys.end_game)


class LegalActions(Provider):
    """Every legal action of the game on screen, as palette commands."""

    def _commands(self) -> list[tuple[str, str, Callable[[], None]]]:
        screen = game_screen_of(self.app, self.screen)
        if screen is None:
            return []
        return list(legal_commands(screen))

    async def discover(self) -> Hits:
        for text, help, run in self._commands():
            yield DiscoveryHit(text, run, help=help)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for text, help, run in self._commands():
            score = matcher.match(text)
            if score > 0:
                yield Hit(score, matcher.highlight(text), run, text=text, help=help)


def screen_commands(app, screen) -> Iterator[SystemCommand]:
    """The app's screens and settings for ``get_system_commands``."""
    game = game_screen_of(app, screen)
    if game is not None:
        def run(fn: Callable[[], None]) -> Callable[[], None]:
            return lambda: palette_run(game, fn)

        yield SystemCommand("Manage", "Build, sell, depots, mortgage (m)", run(game.keys.manage))
        if game.table.allows("trade") is True:
            yield SystemCommand("Trade", "Propose a trade (x)", run(game.keys.trade))
        yield SystemCommand("Win chances", "Every player's chance to win from here, by playouts (w)",
                            run(game.keys.win_chances))
        yield SystemCommand("Save the game", "Save to a named file (s)", run(game.keys.save))
        yield SystemCommand("Help", "Every key of the game (h)", run(game.keys.help))
        if game.table.allows("undo") is True:
            yield SystemCommand("Undo", "Take back the last decision (u)", run(game.keys.undo))
        yield SystemCommand("Leave the game", "Back to the start screen (q)", run(game.keys.leave))
    from .screens.saves import ResumeScreen

    if not isinstance(screen, ResumeScreen):
        yield SystemCommand("Saved games", "Load, rename or delete a saved game (the game in play is "
                            "autosaved first)" if game is not None else "Load, rename or delete a saved game",
                            app.action_saved_games)
    yield SystemCommand("Keys", "The keys of this screen (?)", app.action_keys)
    yield SystemCommand("Rules", "The rules the game plays by (F1)", app.action_rules)
    yield SystemCommand("Options", "Hand-over screens and animations", app.action_options)
    on = "on" if app.pass_notices else "off"
    yield SystemCommand(f"Hand-over screens: turn {'off' if app.pass_notices else 'on'}",
                        f"\"Pass the keyboard to NAME\" between players (now {on})", app.action_toggle_handover)
    on = "on" if app.animations else "off"
    yield SystemCommand(f"Animations: turn {'off' if app.animations else 'on'}",
                        f"Dice and token moves (now {on})", app.action_toggle_animations)


def palette_run(screen: Any, fn: Callable[[], object]) -> None:
    """Run ``fn`` (one of the game screen's actions) for the command palette: a decision dialog on top is
    closed first (it opens again afterwards if the decision still waits)."""
    from .dialogs.base import DecisionDialog

    top = screen.app.screen
    if top is not screen and isinstance(top, DecisionDialog):
        top.dismiss("cancel")
        screen.call_after_refresh(fn)
    else:
        fn()


def palette_act(screen: Any, action: Any) -> None:
    """Send a legal action chosen in the command palette through the game screen."""
    palette_run(screen, lambda: screen.act(action))
