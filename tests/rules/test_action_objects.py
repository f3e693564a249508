"""Making an action object: every action class's ``__init__`` (``megamono.rules.actions.slot_init``,
which stores the fields straight into their slots) takes exactly what the dataclass's own would
and makes the same frozen object."""

from __future__ import annotations

import dataclasses
import inspect
from typing import Literal, get_args, get_origin, get_type_hints

import pytest
from megamono.rules.actions import ACTION_TYPES, ProposeTrade, Roll, slot_init


def _plain(cls: type) -> type:
    """``cls`` made again as a plain frozen, slotted, keyword-only dataclass (its own ``__init__``)."""
    return dataclasses.make_dataclass(
        cls.__name__, [(f.name, f.type, f) for f in dataclasses.fields(cls)],
        frozen=True, slots=True, kw_only=True)


def _sample(cls: type) -> dict[str, object]:
    """A value for each field of ``cls`` without a default, of the field's type."""
    hints = get_type_hints(cls, include_extras=True)
    out: dict[str, object] = {}
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
            continue
        hint = hints[f.name]
        base = get_args(hint)[0] if get_args(hint) and get_origin(hint) is not Literal else hint
        out[f.name] = (True if base is bool else get_args(hint)[-1] if get_origin(hint) is Literal
                       else 3 if base is int else None)
    return out


@pytest.mark.parametrize("cls", [t for t in ACTION_TYPES if t is not ProposeTrade], ids=lambda t: t.__name__)
def test_an_action_init_is_its_dataclass_init(cls: type) -> None:
    plain = _plain(cls)
    mine = inspect.signature(cls).parameters
    theirs = inspect.signature(plain).parameters
    assert [(p.name, p.kind, p.default) for p in mine.values()] == \
           [(p.name, p.kind, p.default) for p in theirs.values()]
    values = _sample(cls)
    a, b = cls(**values), plain(**values)
    assert dataclasses.astuple(a) == dataclasses.astuple(b)
    assert a == cls(**values) and hash(a) == hash(cls(**values))
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.player = 0  # type: ignore[misc]
    with pytest.raises(TypeError):
        cls(**values, nonsense=1)
    if values:
        with pytest.raises(TypeError):
            cls()


def test_a_field_made_by_a_factory_keeps_the_dataclass_init() -> None:
    assert slot_init(ProposeTrade) is None
    assert slot_init(Roll) is not None
    assert ProposeTrade(player=0, partner=1).give.cash == 0
