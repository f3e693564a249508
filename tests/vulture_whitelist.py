"""Names vulture (``--min-confidence 60``) reports as unused in megamono/rules, megamono/bots,
megamono/saves.py, megamono/simulate.py, megamono/analysis.py and megamono/cli.py that are used all the
same, each with the reason. ``tests/test_types_and_lint.py`` runs vulture over those paths with this file; anything it
reports beyond these is dead code: delete it (or, after review, add it here with its reason)."""

# ruff: noqa: B018  (each line names a thing, which is all vulture needs)
import argparse

from megamono.analysis import after_trade
from megamono.bots.expert import coach
from megamono.bots.model import View, gain_of
from megamono.bots.strong import StrongBot
from megamono.marks import Mark
from megamono.rules.decisions import DECISION_CLASSES
from megamono.rules.dice import Throw
from megamono.rules.editions import Card, Edition, Space, _Strict
from megamono.rules.engine import Game
from megamono.rules.positions import DeedPosition, Position
from megamono.rules.rent import group_holding
from megamono.rules.state import Options, Player
from megamono.rules.texts import action_text
from megamono.saves import LARGE_SAVE_BYTES, delete_save, list_saves, recovery_name, rename_save, save_game
from megamono.simulate import movement_shares

coach  # the coach's weighing: called by the app's coach screen (megamono/tui/screens/coach.py)
Mark.better  # (shown by the review screen, megamono/tui/screens/review.py, and in review --json)
Mark.pairs  # (in review --json: how many playouts the fall stands on)

# Bot decision handlers (named here on StrongBot; every bot has them): Bot.choose calls
# on_<pending kind> for the decision the game waits on (megamono/bots/base.py);
# tests/bots/test_bot_games.py checks every bot has one for every kind.
StrongBot.on_turn
StrongBot.on_jail
StrongBot.on_jail_pay
StrongBot.on_buy
StrongBot.on_bid
StrongBot.on_auction_pick
StrongBot.on_triples
StrongBot.on_bus
StrongBot.on_bus_move
StrongBot.on_birthday
StrongBot.on_income_tax
StrongBot.on_levelling
StrongBot.on_mortgaged_deed
StrongBot.on_debt
StrongBot.on_shortage_ask
StrongBot.on_place_piece
StrongBot.on_trade_reply
StrongBot.on_end_vote
StrongBot.on_game_over

# pydantic: the model configuration and the validators are read and called by pydantic.
_Strict.model_config
Space._check_kind_fields
Card._check_args
Edition._check_board

# The public API of the rules core, used by the app (megamono/tui) and README's scripting examples.
Game.over  # whether the game has ended: the app's screens (megamono/tui)
Game.standings  # the game-over screen and the end-vote dialog
Game.undo  # the app's undo (megamono/tui/screens/game_undo.py), README
Game.forget_undo  # the app acts for a computer player without keeping undo (megamono/tui/screens/game_computer.py)
Game.to_json  # README's scripting example; the tests' saves
group_holding  # the deed card (megamono/tui/widgets/deed_card.py)
Options.auction_bidding  # an option stored in every save (seat_order; the table issue adds open auctions)
Player.colour  # a player's colour on the board and panels (megamono/tui/look.py)
Throw.triples  # the dice widget (megamono/tui/widgets/dice.py)
action_text  # every action's words: the palette, the generic dialog, undo and hand-over (megamono/tui)
Game.why_not_propose_trade  # whether the trade key works now (megamono/tui/screens/game.py)

# Saves: the app's save, load, rename and delete (megamono/tui/app.py, megamono/tui/screens/saves.py).
LARGE_SAVE_BYTES  # the app warns once when a save grows past it
save_game
list_saves
recovery_name  # the crash recovery file's name
rename_save
delete_save

# Tested reference forms: the slow, plain definitions the tests check the bots' quick paths against
# (tests/bots/test_bot_view.py).
View.building_groups  # the memoised set, checked against a fresh view's
gain_of  # the reference for moves_gain

# megamono simulate's movement-only summary as landing shares: checked against the exact Markov
# chain (tests/bots/test_markov.py).
movement_shares

# Each decision class by its kind: the table the tests check every kind against (its own fields,
# tests/rules/test_decision_players.py; the version-3 migration, tests/test_save_versions.py).
DECISION_CLASSES

# Positions (megamono/rules/positions.py): read by pydantic, not by name.
Position.format  # every position document names its format ("megamono-position")
DeedPosition._owner_alone  # pydantic's "before" validator: the owner's name alone is an unbuilt deed

# A trade's effect on the win chances: used by the app's trade screen (megamono/tui/screens/trade_chances.py),
# outside vulture's scope.
after_trade

# megamono replay SAVE (megamono/cli.py): the timeline read before the app opens, which run_app passes to
# the app (megamono/tui/app.py, getattr(args, "timeline")).
argparse.Namespace.timeline
