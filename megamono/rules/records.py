"""The base of the game's data classes: slotted dataclasses with pydantic at the edges.

The engine creates and changes these as ordinary objects, with no validation per change (DESIGN.md
"Fast where it counts"). pydantic works at the edges only: :class:`Record` gives every class the
familiar ``model_validate`` (a save being loaded), ``model_dump`` / ``model_dump_json`` (a save being
written) and ``model_copy``, through a ``TypeAdapter`` of the class.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Literal, Self, TypeVar, dataclass_transform

from pydantic import TypeAdapter

Data = dict[str, Any]  # Any: plain data, as JSON gives it and pydantic dumps it; its shape is checked where read
"""Plain data: a JSON object as parsed, or a record dumped (``model_dump``)."""


class Record:
    """Base of the state's classes: pydantic validation and dumping, at the edges only.

    - ``Cls.model_validate(data)``: an object from plain data (a dict from JSON), validated;
      raises pydantic ``ValidationError`` naming the bad field.
    - ``obj.model_dump(mode="python"|"json", include=, exclude=, exclude_none=)``: plain data.
    - ``obj.model_dump_json(...)``: JSON text (the same keywords).
    - ``obj.model_copy(deep=False)``: a shallow or deep copy.
    """

    __slots__ = ()

    @classmethod
    def adapter(cls) -> TypeAdapter[Record]:
        """The pydantic ``TypeAdapter`` of this class (built on first use)."""
        a = _ADAPTERS.get(cls)
        if a is None:
            a = _ADAPTERS[cls] = TypeAdapter(cls)
        return a

    @classmethod
    def model_validate(cls, data: object) -> Self:
        obj = cls.adapter().validate_python(data)
        if not isinstance(obj, cls):  # (never: the adapter is cls's own; this tells the type)
            raise TypeError(f"{cls.__name__}'s adapter made a {type(obj).__name__}")
        return obj

    def model_dump(self, *, mode: Literal["json", "python"] = "python", include: set[str] | None = None,
                   exclude: set[str] | None = None, exclude_none: bool = False) -> Data:
        out: Data = self.adapter().dump_python(self, mode=mode, include=include, exclude=exclude,
                                               exclude_none=exclude_none)
        return out

    def model_dump_json(self, *, include: set[str] | None = None, exclude: set[str] | None = None,
                        exclude_none: bool = False) -> str:
        return self.adapter().dump_json(self, include=include, exclude=exclude,
                                        exclude_none=exclude_none).decode("utf-8")

    def model_copy(self, *, deep: bool = False) -> Self:
        return copy.deepcopy(self) if deep else copy.copy(self)


_ADAPTERS: dict[type[Record], TypeAdapter[Record]] = {}
_C = TypeVar("_C")


@dataclass_transform(kw_only_default=True)
def record(cls: type[_C]) -> type[_C]:
    """The decorator of every state class: a slotted, keyword-only dataclass."""
    return dataclass(slots=True, kw_only=True)(cls)


@dataclass_transform()
def hot_record(cls: type[_C]) -> type[_C]:
    """The decorator of the classes the engine makes on every move (throws, agenda steps, decisions,
    log events): as :func:`record`, but the fields may also be passed in order, which is quicker."""
    return dataclass(slots=True)(cls)

