"""The log's events of a turn: the start and turns, the dice, moves, money and rent, jail, cards and Bus
Tickets (see :mod:`.events`)."""

from __future__ import annotations

from typing import ClassVar, Literal

from .dice import Throw
from .events_base import (
    Deck,
    Event,
    EventKind,
    Names,
    commas,
    name,
    sname,
)
from .records import hot_record, record


# -- the start and turns ----------------------------------------------------------------------------
@hot_record
class Seats(Event):
    """The seating, once the game is set up (G6): every player, in seat order."""

    kind: ClassVar[EventKind] = "info"

    def say(self, g: Names) -> str:
        return "Seats: " + ", ".join(p.name for p in g.st.players)


@record
class PlainText(Event):
    """A line of a version-1 save's log kept as its words: that save had no actions to replay, so its
    events cannot be made again as data (issue 14 item 2; ``megamono.save_migrations``). ``line``: the
    words as the log showed them; ``player``: the seat the line was about, or None; ``category``: the
    log category it had (a version-1 event kind, such as ``"dice"`` or ``"cash"``). It names no deed and
    moves no money, so readers that learn from the log pass it by."""

    kind: ClassVar[EventKind] = "info"
    line: str
    category: str
    player: int | None = None

    def say(self, g: Names) -> str:
        return self.line


@hot_record
class TurnOrderRoll(Event):
    """A roll of the two white dice for the seating (G6); their total decides."""

    kind: ClassVar[EventKind] = "dice"
    player: int
    throw: Throw

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} rolls {self.throw.text()} = {self.throw.white_total} for turn order"


@hot_record
class TurnStarted(Event):
    """Turn ``number`` (counted from 1 over the whole game) of ``player`` begins (T1)."""

    kind: ClassVar[EventKind] = "turn"
    player: int
    number: int

    def say(self, g: Names) -> str:
        return f"Turn {self.number}: {name(g, self.player)}"


# -- dice ---------------------------------------------------------------------------------------------
@hot_record
class Rolled(Event):
    """``player`` throws the dice for a move (T2; in Mega with the Speed Die, G5)."""

    kind: ClassVar[EventKind] = "dice"
    player: int
    throw: Throw

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} rolls {self.throw.text()}"


@hot_record
class Triples(Event):
    """[Mega] ``player`` threw triples: they move to any space they choose (T3.2)."""

    kind: ClassVar[EventKind] = "dice"
    player: int

    def say(self, g: Names) -> str:
        return "Triples! Move to any space"


@hot_record
class JailRoll(Event):
    """``player``, in jail, throws for doubles (J2)."""

    kind: ClassVar[EventKind] = "dice"
    player: int
    throw: Throw

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} tries for doubles in jail: {self.throw.text()}"


@hot_record
class UtilityRoll(Event):
    """A fresh throw by ``roller`` for a utility's rent (R5, K5); ``total`` is what counts."""

    kind: ClassVar[EventKind] = "dice"
    roller: int
    throw: Throw
    total: int

    def say(self, g: Names) -> str:
        return f"{name(g, self.roller)} rolls {self.throw.text()} for the utility rent (total {self.total})"


# -- moves --------------------------------------------------------------------------------------------
@hot_record
class Moved(Event):
    """``player``'s token moves forward to ``space`` (T4)."""

    kind: ClassVar[EventKind] = "move"
    player: int
    space: int

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} moves to {sname(g, self.space)}"


@hot_record
class MovedBack(Event):
    """``player``'s token goes back to ``space`` (a card, K3; no salary)."""

    kind: ClassVar[EventKind] = "move"
    player: int
    space: int

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} goes back to {sname(g, self.space)}"


@hot_record
class MrMonopolySends(Event):
    """[Mega] Mr. Monopoly sends ``player`` ahead to space ``to`` (T3.3; a :class:`Moved` follows)."""

    kind: ClassVar[EventKind] = "move"
    player: int
    to: int

    def say(self, g: Names) -> str:
        return f"Mr. Monopoly sends {name(g, self.player)} ahead to {sname(g, self.to)}"


@hot_record
class MrMonopolyStays(Event):
    """[Mega] Mr. Monopoly finds nowhere to send ``player`` (T3.3)."""

    kind: ClassVar[EventKind] = "move"
    player: int

    def say(self, g: Names) -> str:
        return f"Mr. Monopoly: nowhere to go, {name(g, self.player)} stays"


@hot_record
class HighestRent(Event):
    """[Mega] The Auction space with every deed owned sends ``player`` to the highest rent, space
    ``to`` (S7; a :class:`Moved` follows)."""

    kind: ClassVar[EventKind] = "move"
    player: int
    to: int

    def say(self, g: Names) -> str:
        return (f"Auction space: every deed is owned; {name(g, self.player)} goes to the highest"
                f" rent, {sname(g, self.to)}")


# -- money ---------------------------------------------------------------------------------------------
@hot_record
class Cash(Event):
    """``amount`` dollars go from ``payer`` to ``payee`` (None = the bank) for a reason: ``rent_for``,
    the deed whose rent this is (R, paid when landing or claimed, T6), None for any other payment;
    ``why``, the reason in words (for rent, any words the rent's own add, such as ``"claimed"``). The
    line's reason is made from both by :func:`reason` (as a debt keeps them in a save). Every change of
    cash is one (I7).

    ``deed``: the deed the payment changes, paid for with it: bought, built on, its buildings or
    depot sold, mortgaged or unmortgaged (such a payment is logged even when it is $0, as on a board
    with free depots); None for any other payment."""

    kind: ClassVar[EventKind] = "cash"
    changes_deeds: ClassVar[bool] = True
    payer: int | None
    payee: int | None
    amount: int
    why: str
    deed: int | None = None
    rent_for: int | None = None

    @property
    def player(self) -> int | None:
        """The player who pays, else the one who receives."""
        return self.payee if self.payer is None else self.payer

    @property
    def rent(self) -> bool:
        """Rent for a deed (R), paid when landing or claimed (T6)."""
        return self.rent_for is not None

    def deeds_changed(self) -> tuple[int, ...]:
        return () if self.deed is None else (self.deed,)

    def say(self, g: Names) -> str:
        why = reason(g, self.why, self.rent_for)
        if self.payer is not None:
            return f"{name(g, self.payer)} pays ${commas(self.amount)} to {name(g, self.payee)}: {why}"
        if self.payee is not None:
            return f"{name(g, self.payee)} receives ${commas(self.amount)} from the bank: {why}"
        return f"the bank receives ${commas(self.amount)} from the bank: {why}"


def reason(g: Names, why: str, rent_for: int | None = None) -> str:
    """A payment's reason in words, the one place they are made from its typed reason: ``why`` alone,
    or for the rent of the deed on space ``rent_for`` "rent for Boardwalk", with ``why`` in brackets
    when there is one ("rent for Boardwalk (claimed)")."""
    if rent_for is None:
        return why
    rent = f"rent for {sname(g, rent_for)}"
    return f"{rent} ({why})" if why else rent


@hot_record
class PotGrows(Event):
    """Option ``free_parking_pot``: ``added`` dollars of a tax or fine go into the pot, now ``pot`` (O)."""

    kind: ClassVar[EventKind] = "info"
    added: int
    pot: int

    def say(self, g: Names) -> str:
        return f"${commas(self.added)} goes into the Free Parking pot (now ${commas(self.pot)})"


@hot_record
class InDebt(Event):
    """``player`` owes ``amount`` but has only ``cash``: a debt decision follows (D1). The reason is
    ``why`` and ``rent_for`` (the deed whose rent is owed, else None), as for :class:`Cash`."""

    kind: ClassVar[EventKind] = "debt"
    player: int
    amount: int
    why: str
    cash: int
    rent_for: int | None = None

    def say(self, g: Names) -> str:
        why = reason(g, self.why, self.rent_for)
        return (f"{name(g, self.player)} owes ${commas(self.amount)} ({why}) but has only "
                f"${commas(self.cash)}: raise money or declare bankruptcy")


@hot_record
class Bankrupt(Event):
    """``player`` goes bankrupt (D3-D6). ``deeds``: the deeds they held (None: none), which lose
    their buildings and pass to the creditor (D3, :class:`DeedsTaken` follows) or back to the bank
    unmortgaged (D4)."""

    kind: ClassVar[EventKind] = "bankrupt"
    changes_deeds: ClassVar[bool] = True
    player: int
    deeds: list[int] | None = None

    def deeds_changed(self) -> list[int]:
        return self.deeds or []

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} is bankrupt!"


@hot_record
class DeedsTaken(Event):
    """A bankrupt player's creditor ``player`` takes their ``deeds`` (D4)."""

    kind: ClassVar[EventKind] = "deeds"
    changes_deeds: ClassVar[bool] = True
    player: int
    deeds: list[int]

    def deeds_changed(self) -> list[int]:
        return self.deeds

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} takes {', '.join(sname(g, i) for i in self.deeds)}"


# -- rent -----------------------------------------------------------------------------------------------
@hot_record
class RentClaimable(Event):
    """Option ``rent_must_be_claimed``: owner ``player`` may claim ``rent`` for ``space`` from
    ``tenant`` before the next player rolls (T6)."""

    kind: ClassVar[EventKind] = "rent"
    player: int
    space: int
    rent: int
    tenant: int

    def say(self, g: Names) -> str:
        return (f"{name(g, self.player)} may claim ${commas(self.rent)} rent for {sname(g, self.space)} from "
                f"{name(g, self.tenant)} before the next player rolls")


@hot_record
class ClaimLapsed(Event):
    """Option ``rent_must_be_claimed``: owner ``player`` did not claim ``rent`` in time (T6)."""

    kind: ClassVar[EventKind] = "info"
    player: int
    rent: int

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} did not claim ${commas(self.rent)} rent in time"


@hot_record
class NoRentMortgaged(Event):
    """``player`` lands on ``space``, mortgaged: no rent (M1)."""

    kind: ClassVar[EventKind] = "info"
    player: int
    space: int

    def say(self, g: Names) -> str:
        return f"{sname(g, self.space)} is mortgaged: no rent"


@hot_record
class NoRentInJail(Event):
    """Option ``no_rent_in_jail``: ``player`` lands on ``space`` of ``owner``, in jail: no rent (O)."""

    kind: ClassVar[EventKind] = "info"
    player: int
    space: int
    owner: int

    def say(self, g: Names) -> str:
        return f"{name(g, self.owner)} is in jail: no rent"


# -- jail --------------------------------------------------------------------------------------------------
@hot_record
class ToJail(Event):
    """``player`` goes to jail (``space``, the Jail), ``why`` in words (J1)."""

    kind: ClassVar[EventKind] = "jail"
    player: int
    space: int
    why: str

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} goes to jail ({self.why})"


@hot_record
class LeavesJail(Event):
    """``player`` leaves jail, having paid the fine (J2)."""

    kind: ClassVar[EventKind] = "jail"
    player: int

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} leaves jail"


@hot_record
class JailCardUsed(Event):
    """``player`` uses a Get Out of Jail Free card (J2, K6)."""

    kind: ClassVar[EventKind] = "jail"
    player: int

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} uses a Get Out of Jail Free card"


@hot_record
class JailDoubles(Event):
    """``player`` threw doubles in jail and leaves (J2)."""

    kind: ClassVar[EventKind] = "jail"
    player: int

    def say(self, g: Names) -> str:
        return f"Doubles! {name(g, self.player)} leaves jail"


# -- cards and Bus Tickets -------------------------------------------------------------------------------
@hot_record
class CardDrawn(Event):
    """``player`` draws ``card`` (its id) from ``deck`` (K1)."""

    kind: ClassVar[EventKind] = "card"
    player: int
    deck: Deck
    card: str

    def say(self, g: Names) -> str:
        label = "Chance" if self.deck == "chance" else "Community Chest"
        return f"{name(g, self.player)} draws {label}: {g.ed.card(self.card).text}"


@hot_record
class NoRepairs(Event):
    """A repairs card finds ``player`` with no houses or hotels (K)."""

    kind: ClassVar[EventKind] = "info"
    player: int

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} has no houses or hotels to repair"


@hot_record
class BusTicketTaken(Event):
    """[Mega] ``player`` takes a Bus Ticket (K7)."""

    kind: ClassVar[EventKind] = "bus"
    player: int

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} takes a Bus Ticket"


@hot_record
class BusTicketsExpire(Event):
    """[Mega] ``player`` draws the expire ticket: the ``gone`` tickets others held leave the game (K7)."""

    kind: ClassVar[EventKind] = "bus"
    player: int
    gone: int

    def say(self, g: Names) -> str:
        return (f"{name(g, self.player)} draws a Bus Ticket: ALL OTHER TICKETS EXPIRE"
                f" ({self.gone} ticket{'s leave' if self.gone != 1 else ' leaves'} the game)")


@hot_record
class BusTicketPlayed(Event):
    """[Mega] ``player`` plays a Bus Ticket to space ``to`` (K8; a :class:`Moved` follows)."""

    kind: ClassVar[EventKind] = "bus"
    player: int
    to: int

    def say(self, g: Names) -> str:
        return f"{name(g, self.player)} plays a Bus Ticket to {sname(g, self.to)}"


@hot_record
class BusRidesOn(Event):
    """[Mega] The Bus face with no tickets left: ``player`` rides to the next card space (T3.4)."""

    kind: ClassVar[EventKind] = "bus"
    player: int

    def say(self, g: Names) -> str:
        return "No Bus Tickets left: the bus goes to the next card space"


@hot_record
class BusMoveChosen(Event):
    """[Mega] The Bus face under the option ``bus_rule`` = ``"speed_die_game"``: ``player`` moves by the
    ``dice`` chosen (``"first"``, ``"second"`` or ``"both"``), ``steps`` spaces (T3.4; a :class:`Moved`
    follows)."""

    kind: ClassVar[EventKind] = "bus"
    player: int
    dice: Literal["first", "second", "both"]
    steps: int

    def say(self, g: Names) -> str:
        which = {"first": "the first die", "second": "the second die"}.get(self.dice, "both dice")
        return f"{name(g, self.player)} takes the Bus: moves by {which} ({self.steps})"


@hot_record
class NoBusTicket(Event):
    """[Mega] ``player`` lands on a Bus Ticket space with none left (S)."""

    kind: ClassVar[EventKind] = "info"
    player: int

    def say(self, g: Names) -> str:
        return "No Bus Tickets are left"


@hot_record
class NothingToAuction(Event):
    """[Mega] The Auction space: every deed owned and none would charge ``player`` rent (S7)."""

    kind: ClassVar[EventKind] = "info"
    player: int

    def say(self, g: Names) -> str:
        return "Every deed is owned and none would charge rent: nothing happens"
