"""Cards (RULES.md S4, K1-K8): drawing Chance and Community Chest cards and obeying them, and
[Mega] the Bus Tickets: drawing them (K7) and where one takes you (K8).

Functions over the state and the edition.
"""

from __future__ import annotations

from . import jail
from .agenda import BackStep, MoveToStep, PayStep
from .core import log, next_space, others_from_left, push, transfer
from .editions import Card, Edition
from .events import BusTicketsExpire, BusTicketTaken, CardDrawn, Deck, NoRepairs, plural
from .state import GameState


def draw_card(st: GameState, ed: Edition, p: int, deck_name: Deck) -> None:
    """K1: draw the top card and obey it; it goes to the bottom (Get Out of Jail Free is kept)."""
    deck = getattr(st.decks, deck_name)
    cid = deck.pop(0)
    card = ed.card(cid)
    log(st, CardDrawn(p, deck_name, cid))
    if card.effect == "get_out_of_jail_free":
        st.players[p].gojf.append(cid)
        return
    deck.append(cid)
    pos = st.players[p].position
    e = card.effect
    if e == "advance_to":
        push(st, MoveToStep(player=p, space=_arg(card, card.destination), dice=None))
    elif e == "advance_to_nearest":
        kinds = {card.nearest}
        dest = next_space(ed, pos, lambda i: ed.board.spaces[i].kind in kinds)
        if dest is None:
            raise ValueError(f"card {card.id}: the board has no {card.nearest}")
        if card.nearest == "railroad":
            push(st, MoveToStep(player=p, space=dest, dice=None, rr=2))
        else:
            push(st, MoveToStep(player=p, space=dest, dice=None, ucard=True))
    elif e == "back":
        push(st, BackStep(player=p, steps=_arg(card, card.spaces)))
    elif e == "go_to_jail":
        jail.go_to_jail(st, ed, p, card.title)
    elif e == "collect":
        transfer(st, None, p, _arg(card, card.amount), card.title)
    elif e == "pay":
        push(st, PayStep(player=p, creditors=[(None, _arg(card, card.amount))], why=card.title, fine=True))
    elif e == "pay_each_player":
        others = others_from_left(st, p)
        if others:
            push(st, PayStep(player=p, creditors=[(o, _arg(card, card.amount)) for o in others],
                              why=card.title))
    elif e == "collect_from_each_player":
        push(st, *[PayStep(player=o, creditors=[(p, _arg(card, card.amount))], why=card.title)
                    for o in others_from_left(st, p)])
    elif e == "repairs":
        houses = hotels = 0
        for deed in st.deeds.values():
            if deed.owner == p:
                if 1 <= deed.level <= 4:
                    houses += deed.level
                elif deed.level == 5:
                    hotels += 1
        cost = houses * _arg(card, card.per_house) + hotels * _arg(card, card.per_hotel)
        if cost:
            push(st, PayStep(player=p, creditors=[(None, cost)],
                                why=f"{card.title} ({plural(houses, 'house')}, {plural(hotels, 'hotel')})", fine=True))
        else:
            log(st, NoRepairs(p))


def draw_bus_ticket(st: GameState, ed: Edition, p: int) -> None:
    """K7: take the top Bus Ticket; an expire ticket sends every other held ticket out."""
    tid = st.decks.bus.pop(0)
    if tid.startswith("BX"):
        gone = 0
        for pl in st.players:
            gone += len(pl.bus_tickets)
            st.decks.bus_out.extend(pl.bus_tickets)
            pl.bus_tickets.clear()
        log(st, BusTicketsExpire(p, gone))
    else:
        log(st, BusTicketTaken(p))
    st.players[p].bus_tickets.append(tid)


def bus_reach(st: GameState, ed: Edition, pos: int) -> list[int]:
    """K8: spaces a Bus Ticket reaches from ``pos``: ahead on this side up to the next corner."""
    n = ed.board.size
    side = n // 4
    corner = (pos // side + 1) * side
    return [i % n for i in range(pos + 1, corner + 1)]


def _arg(card: Card, value: int | None) -> int:
    """An argument ``card``'s effect needs (an edition is checked to give each effect its own,
    :class:`~megamono.rules.editions.Card`); ValueError if it is missing."""
    if value is None:
        raise ValueError(f"card {card.id}: its {card.effect} effect lacks an argument")
    return value
