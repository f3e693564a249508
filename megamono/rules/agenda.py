"""The engine's agenda: pieces of resolution still to do, as data so that a save holds them.

``GameState.agenda`` is a stack of :data:`AgendaStep` (the last item runs next). Each class is one
kind of step with only its own fields (told apart by ``kind``); the engine runs a step with the
function its ``kind`` names (``STEP`` in :mod:`megamono.rules.dispatch`). ``player`` is a seat;
money is whole dollars; spaces are board indices.
"""

from __future__ import annotations

from dataclasses import field
from typing import Annotated, Literal

from pydantic import Field

from .records import Record, record


@record
class AuctionStep(Record):
    """A1: auction the bank's deed on ``space`` (``player`` declined it or picked it, S7)."""

    kind: Literal["auction"] = "auction"
    player: int
    space: int


@record
class BackStep(Record):
    """K3: ``player`` goes back ``steps`` spaces (never paid salary) and lands."""

    kind: Literal["back"] = "back"
    player: int
    steps: int


@record
class BusFaceStep(Record):
    """T3.4: the Speed Die's Bus face, after the white dice's move."""

    kind: Literal["bus_face"] = "bus_face"
    player: int


@record
class DebtNoteStep(Record):
    """A marker under a debt (D1) that keeps its reason through a save, ``why`` and ``rent_for`` as the
    :class:`PayStep` that made the debt had them (and whether it is a ``fine``, for the Free Parking
    pot); nothing happens when it is reached."""

    kind: Literal["debt_note"] = "debt_note"
    player: int
    why: str
    fine: bool = False
    rent_for: int | None = None


@record
class EndOfThrowStep(Record):
    """T3, T5: after a throw's move, roll ``again`` after doubles, else the turn ends."""

    kind: Literal["end_of_throw"] = "end_of_throw"
    player: int
    again: bool


@record
class EndTurnStep(Record):
    """T5: the turn ends; the next seat's turn begins."""

    kind: Literal["end_turn"] = "end_turn"


@record
class GrantStep(Record):
    """A4: the auction's winner ``player`` receives the deed on ``space`` (then B8, M3 settle it)."""

    kind: Literal["grant"] = "grant"
    player: int
    space: int


@record
class JailMoveStep(Record):
    """J2: ``player`` leaves jail and moves ``steps`` (the dice thrown)."""

    kind: Literal["jail_move"] = "jail_move"
    player: int
    steps: int


@record
class LevellingStep(Record):
    """B8: ask ``player`` to level the group completed by the deed on ``space`` received; ``forced``:
    keeping it as it is is not allowed; ``mortgaged``: whether a mortgaged deed is asked too."""

    kind: Literal["levelling"] = "levelling"
    player: int
    space: int
    forced: bool = False
    mortgaged: bool = True


@record
class MortgagedDeedStep(Record):
    """M3: ``player`` received the mortgaged deed on ``space``: unmortgage or pay to keep (``keep``:
    it was kept already, only the levelling question may follow)."""

    kind: Literal["mortgaged_deed"] = "mortgaged_deed"
    player: int
    space: int
    keep: bool = False


@record
class MoveStep(Record):
    """``player`` moves forward ``steps`` spaces (salary past GO) and lands; ``dice``: the total a
    utility's rent uses (R5)."""

    kind: Literal["move"] = "move"
    player: int
    steps: int
    dice: int | None = None


@record
class MoveToStep(Record):
    """``player`` moves forward to ``space`` (salary past GO) and lands: ``dice`` for a utility's
    rent, ``rr`` the railroad rent multiplier and ``ucard`` the utility card's rent (K4, K5)."""

    kind: Literal["move_to"] = "move_to"
    player: int
    space: int
    dice: int | None = None
    rr: int = 1
    ucard: bool = False


@record
class MrMonopolyStep(Record):
    """T3.3: Mr. Monopoly moves ``player`` on after the white dice (``dice``: their total)."""

    kind: Literal["mr_monopoly"] = "mr_monopoly"
    player: int
    dice: int


@record
class PayStep(Record):
    """D: ``player`` pays each (creditor seat or None for the bank, dollars) of ``creditors``, or goes
    into debt. The reason: ``rent_for``, the deed whose rent it is (R, T6), None for any other payment;
    ``why``, the reason in words (for rent, only words the rent's own add, such as ``"claimed"``: the
    line's words are made from both, :func:`~megamono.rules.events.reason`). ``fine``: a tax or fine
    (the Free Parking pot option, O)."""

    kind: Literal["pay"] = "pay"
    player: int
    creditors: list[tuple[int | None, int]] = field(default_factory=list)
    why: str = ""
    fine: bool = False
    rent_for: int | None = None


@record
class PlacePieceStep(Record):
    """B7: the winner ``player`` of a shortage auction places the bank's last ``piece``."""

    kind: Literal["place_piece"] = "place_piece"
    player: int
    piece: str


@record
class ResumeStep(Record):
    """Bring back the decision set aside (a trade, a claim, a shortage question, a vote)."""

    kind: Literal["resume"] = "resume"


@record
class UnlockStep(Record):
    """T8: Mr. Monopoly's move is over: others may build again."""

    kind: Literal["unlock"] = "unlock"
    player: int


AgendaStep = Annotated[
    AuctionStep | BackStep | BusFaceStep | DebtNoteStep | EndOfThrowStep | EndTurnStep | GrantStep
    | JailMoveStep | LevellingStep | MortgagedDeedStep | MoveStep | MoveToStep | MrMonopolyStep | PayStep
    | PlacePieceStep | ResumeStep | UnlockStep,
    Field(discriminator="kind"),
]
"""Any agenda step (its class told by ``kind``)."""

SETTLING_STEPS = (LevellingStep, MortgagedDeedStep)
"""The steps that settle a deed just received (B8, M3)."""
