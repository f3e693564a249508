"""No process-wide mutable state in the rules core and the bots (issue 14, item 6).

A game depends on its setup and its actions only (RULES.md I8), and a bot on what it keeps itself
(``megamono.bots.Memory``, brought up to date from the game's log): nothing in ``megamono/rules`` or
``megamono/bots`` may keep changing state at module or class level, where one game (or one bot) could
see another's. Every value a module or a class of those packages holds is checked: no dict, list, set,
bytearray or deque (look-up tables are tuples, frozensets and ``MappingProxyType``), none inside a
tuple, frozenset or read-only mapping either, no method bound to one (``commas = {}.get``), no
``functools`` cache, and no instance of a megamono class that is not frozen.

:data:`ALLOWED` names the few reviewed exceptions, each with its reason: memos of pure functions of
something that never changes, which hold no game's data. Python's and pydantic's own bookkeeping
(``__annotations__``, ``__dataclass_fields__``, ``model_config``, ...) is not ours and not checked.
"""

from __future__ import annotations

import collections
import dataclasses
import enum
import functools
import importlib
import pkgutil
import types

import megamono.bots
import megamono.rules

MUTABLE = (dict, list, set, bytearray, collections.deque)

ALLOWED = {
    "megamono.rules.records._ADAPTERS":
        "pydantic's TypeAdapter of each state class, made on first use (the schema of a class, which "
        "never changes; making all of them at import would cost a tenth of a second every start), "
        "those of Options and Player, which every new game validates, at import: no game's data, and "
        "the same for every game",
    "megamono.rules.editions._CACHE":
        "the editions by path: the shipped ones, read and validated once per process (milliseconds every "
        "new game otherwise), and the board files megamono.boards read and handed over (the rules core "
        "reads no other file); an Edition is frozen and no game changes it",
    "megamono.rules.editions._BY_ID":
        "the same editions by the id they were asked by (\"mega\"): the quick way for every new game",
}
"""Module or class attributes (``module.NAME`` or ``module.Class.NAME``) allowed to hold mutable
state, each with the reason it is safe."""

FRAMEWORK = frozenset({"model_config"})  # pydantic's configuration of a model class (read as it is made)


def _modules() -> list[types.ModuleType]:
    out = []
    for pkg in (megamono.rules, megamono.bots):
        out.append(pkg)
        out += [importlib.import_module(m.name) for m in pkgutil.iter_modules(pkg.__path__, pkg.__name__ + ".")]
    return out


def _ours(obj: object) -> bool:
    return (getattr(type(obj), "__module__", "") or "").startswith("megamono.")


def _frozen(obj: object) -> bool:
    params = getattr(type(obj), "__dataclass_params__", None)
    return isinstance(obj, enum.Enum) or (params is not None and params.frozen)


def _mutable(value: object, where: str, depth: int = 0) -> list[str]:
    """Where ``value`` (found at ``where``) holds mutable state: empty when it holds none."""
    if depth > 5:
        return []
    if isinstance(value, MUTABLE):
        return [f"{where}: a {type(value).__name__}"]
    if isinstance(value, types.MappingProxyType):
        return [bad for k, v in value.items() for bad in _mutable(v, f"{where}[{k!r}]", depth + 1)]
    if isinstance(value, tuple | frozenset):
        return [bad for k, v in enumerate(value) for bad in _mutable(v, f"{where}[{k}]", depth + 1)]
    if isinstance(value, types.MethodType | types.BuiltinMethodType) and not isinstance(
            getattr(value, "__self__", None), types.ModuleType | type | type(None)):
        return _mutable(value.__self__, f"{where}.__self__", depth + 1)
    if isinstance(value, functools._lru_cache_wrapper) or hasattr(value, "cache_clear"):
        return [f"{where}: a functools cache"]
    if isinstance(value, type | types.FunctionType | types.ModuleType | functools.partial):
        return []
    if _ours(value) and not _frozen(value):
        return [f"{where}: a {type(value).__name__} (a megamono object that is not frozen)"]
    return []


def _dunder(name: str) -> bool:
    return name.startswith("__") and name.endswith("__")


def _state_found() -> list[str]:
    bad = []
    for mod in _modules():
        for name, value in vars(mod).items():
            where = f"{mod.__name__}.{name}"
            if _dunder(name) or where in ALLOWED:
                continue
            if isinstance(value, type):
                if value.__module__ != mod.__name__:
                    continue  # (checked where it is defined)
                for attr, held in vars(value).items():
                    at = f"{where}.{attr}"
                    if not (_dunder(attr) or attr in FRAMEWORK or at in ALLOWED):
                        bad += _mutable(held, at)
                continue
            if getattr(value, "__module__", mod.__name__) != mod.__name__ and isinstance(
                    value, types.FunctionType | types.BuiltinFunctionType):
                continue
            bad += _mutable(value, where)
    return bad


def test_no_module_or_class_level_mutable_state_in_the_rules_core_and_the_bots():
    assert _state_found() == []


def test_the_allowed_exceptions_are_there_and_each_has_its_reason():
    """Each exception still names something (a stale entry would hide the next one of that name)."""
    for where, reason in ALLOWED.items():
        module, _, name = where.rpartition(".")
        assert hasattr(importlib.import_module(module), name), where
        assert len(reason) > 40, where


def test_the_check_finds_what_it_looks_for():
    found = []
    for value in ({}, [1], {1}, bytearray(), collections.deque(), ({1: 2},), ((1, []),),
                  types.MappingProxyType({"a": []}), {}.get, functools.cache(lambda: 1),
                  megamono.rules.state.Player(name="A", colour="red", cash=1)):
        found += _mutable(value, repr(value)[:20])
    assert len(found) == 11, found
    for value in ((1, "a"), frozenset({2}), types.MappingProxyType({"a": (1,)}), len, str.upper, None,
                  megamono.rules.state.Player, dataclasses.replace):
        assert _mutable(value, "ok") == [], value
