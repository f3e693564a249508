"""Textual's private names: megamono uses them only in megamono/tui/textual_private.py, and each one
there still exists in the Textual installed and does what megamono relies on (an upgrade that changes
one fails here, by name)."""

from __future__ import annotations

import ast
import functools
import importlib
import inspect
import re
import textwrap
from pathlib import Path

import pytest
from megamono.tui import textual_private as tp
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingsMap
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

TUI = Path(__file__).resolve().parents[2] / "megamono" / "tui"


# -- the check over the source -------------------------------------------------------------------------
def _textual_private_names(cls: type) -> set[str]:
    """The private names Textual's classes in ``cls``'s bases define or set on ``self``."""
    names: set[str] = set()
    for k in cls.__mro__:
        if k.__module__.startswith("textual"):
            names |= _names_of_textual_class(k)
    return names


@functools.cache
def _names_of_textual_class(k: type) -> frozenset[str]:
    """The private names of one class of Textual: its own, and those its methods set on ``self``."""
    names = {n for n in vars(k) if n.startswith("_") and not n.endswith("__")}
    try:
        source = inspect.getsource(k)
    except (OSError, TypeError):
        return frozenset(names)
    names.update(re.findall(r"self\.(_[A-Za-z]\w*)\s*(?::[^=\n]*)?=(?!=)", source))
    return frozenset(names)


def _textual_string_names() -> set[str]:
    """The private attributes Textual sets and reads by a string (``setattr(obj, "__watchers", {})``)."""
    import textual

    call = re.compile(r"""(?:getattr|setattr|hasattr)\(\s*\w+,\s*["'](_\w+)["']""")
    return {m for f in Path(textual.__file__).parent.rglob("*.py") for m in call.findall(f.read_text("utf-8"))}


@functools.cache
def _textual_class_names() -> frozenset[str]:
    """Every private name a class of Textual defines or sets on ``self`` (read from its source; once a run:
    every check reads the same Textual)."""
    import textual

    out: set[str] = set()
    for f in Path(textual.__file__).parent.rglob("*.py"):
        for c in (n for n in ast.walk(ast.parse(f.read_text("utf-8"))) if isinstance(n, ast.ClassDef)):
            out |= _defined_in(c)
    return frozenset(out)


TEXTUAL_STRING_NAMES = _textual_string_names()


def _private(name: str) -> bool:
    return name.startswith("_") and name.strip("_") != "" and not (name.startswith("__") and name.endswith("__"))


def _names_in(node: ast.AST, others_only: bool = False) -> list[tuple[int, str]]:
    """(line, name) of every private name ``node``'s source reads, writes, defines or spells as a string;
    ``others_only``: only those read from another object than ``self``/``cls`` (not a module imported
    whole, such as ``os._exit``) and strings."""
    modules = {a.asname or a.name for n in ast.walk(node) if isinstance(n, ast.Import) for a in n.names}
    out = []
    for n in ast.walk(node):
        name = None
        if isinstance(n, ast.Attribute):
            owner = n.value.id if isinstance(n.value, ast.Name) else None
            if not others_only or owner not in ("self", "cls", *modules):
                name = n.attr
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
            name = None if others_only else n.name
        elif isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value.isidentifier():
            name = n.value
        if name and _private(name):
            out.append((getattr(n, "lineno", 0), name))
    return out


def _defined_in(tree: ast.AST) -> set[str]:
    """The private names a module defines for itself (methods, class attributes, ``self._x = ...``)."""
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and _private(n.name):
            out.add(n.name)
        targets = n.targets if isinstance(n, ast.Assign) else [n.target] if isinstance(n, ast.AnnAssign) else []
        for t in targets:
            if isinstance(t, ast.Name) and _private(t.id):
                out.add(t.id)
            elif isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self" \
                    and _private(t.attr):
                out.add(t.attr)
    return out


def private_uses(files: list[Path]) -> list[str]:
    """Where ``files`` (modules of megamono.tui) use a private name of Textual: a private Textual module
    imported; a private name of a Textual class that one of the module's classes derives from (read,
    set, overridden: the class's own source and its megamono mixins'); a private name of any Textual
    class read from another object or spelled as a string (``getattr(node, "__watchers")``)."""
    textual_all = TEXTUAL_STRING_NAMES | _textual_class_names()
    modules = {}
    for f in files:
        name = ".".join(f.relative_to(TUI.parent.parent).with_suffix("").parts)
        modules[f] = importlib.import_module(name)
    classes = [obj for m in modules.values() for obj in vars(m).values()
               if isinstance(obj, type) and obj.__module__.startswith("megamono.tui")]
    theirs_for: dict[type, set[str]] = {}  # a megamono class (or mixin) -> Textual's names where it is used
    for cls in classes:
        for k in cls.__mro__:
            theirs_for.setdefault(k, set()).update(_textual_private_names(cls))
    ours = {name for k in classes for name in _defined_in(ast.parse(textwrap.dedent(inspect.getsource(k))))
            - theirs_for[k]}
    found = []
    for f, module in modules.items():
        tree = ast.parse(f.read_text(encoding="utf-8"))
        where = f.relative_to(TUI.parent.parent)
        for n in ast.walk(tree):
            mod = n.module if isinstance(n, ast.ImportFrom) else None
            names = [a.name for a in n.names] if isinstance(n, ast.Import) else [mod] if mod else []
            for m in names:
                if m.split(".")[0] == "textual" and any(part.startswith("_") for part in m.split(".")):
                    found.append(f"{where}:{n.lineno}: imports {m}")
        for line, name in _names_in(tree, others_only=True):
            if name in textual_all and name not in ours:
                found.append(f"{where}:{line}: {name}")
        for c in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
            cls = getattr(module, c.name, None)
            if not isinstance(cls, type):
                continue
            theirs = _textual_private_names(cls)
            for k in cls.__mro__:  # (the class's own body, and its megamono mixins')
                if k.__module__.startswith("megamono.tui"):
                    for _line, name in _names_in(ast.parse(textwrap.dedent(inspect.getsource(k)))):
                        if name in theirs:
                            found.append(f"{k.__module__}.{k.__name__}: {name} (Textual's, on {cls.__name__})")
    return sorted(set(found))


ADAPTER_LINES = ("megamono/tui/textual_private.py:", "megamono.tui.textual_private.")


def test_no_module_of_the_app_but_the_adapter_uses_textuals_private_names():
    found = private_uses(sorted(TUI.rglob("*.py")))
    assert [line for line in found if not line.startswith(ADAPTER_LINES)] == []


def test_the_check_finds_what_it_looks_for():
    """The check sees the adapter's own uses: a private module, an override, a read and a string."""
    found = "\n".join(line for line in private_uses(sorted(TUI.rglob("*.py"))) if line.startswith(ADAPTER_LINES))
    for name in ("imports textual.widgets._toggle_button", "_binding_chain", "_handle_exception", "_bindings",
                 "__watchers", "_cache_key", "_dirty_regions", "_on_resize"):
        assert name in found, name


# -- each private name, as megamono uses it ------------------------------------------------------------
class Host(Screen[None]):
    AUTO_FOCUS = None
    BINDINGS = [Binding("x", "nothing", "Nothing"), Binding("f5", "nothing", "Nothing too")]

    def compose(self) -> ComposeResult:
        yield Input(id="field")
        yield Static("board", id="board")
        yield Footer()


class HostApp(tp.CrashHook):
    errors: list[Exception]

    def on_mount(self) -> None:
        self.errors = []
        self.push_screen(Host())

    def on_unexpected_error(self, error: Exception) -> None:
        self.errors.append(error)


async def test_binding_chain_lists_each_node_with_its_bindings_up_to_the_app():
    app = HostApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#field").focus()
        await pilot.pause()
        chain = list(tp.binding_chain(screen))
        nodes = [node for node, _ in chain]
        assert nodes[0] is screen.query_one("#field") and screen in nodes and nodes[-1] is app
        assert all(isinstance(b, BindingsMap) for _, b in chain)
        assert any("f5" in b.key_to_bindings for node, b in chain if node is screen)
        assert not any("x" in b.key_to_bindings for _, b in chain)  # (the field takes a letter)


async def test_own_bindings_can_be_read_and_swapped():
    app = HostApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = app.screen
        screen.set_focus(None)
        mine = tp.own_bindings(screen)
        assert "x" in mine.key_to_bindings
        other = BindingsMap([Binding("y", "nothing", "Other")])
        tp.use_bindings(screen, other)
        screen.refresh_bindings()
        await pilot.pause()
        assert "y" in screen.active_bindings and "x" not in screen.active_bindings
        tp.use_bindings(screen, mine)
        screen.refresh_bindings()
        await pilot.pause()
        assert "x" in screen.active_bindings


async def test_the_footer_keeps_watchers_of_removed_keys_until_they_are_forgotten():
    app = HostApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        for _ in range(3):
            app.screen.refresh_bindings()
            await pilot.pause()
        watchers = getattr(footer, tp.WATCHERS)
        assert isinstance(watchers, dict) and watchers  # Textual still keeps them there
        before = sum(len(pairs) for pairs in watchers.values())
        tp.forget_closed_watchers(footer)
        after = sum(len(pairs) for pairs in watchers.values())
        assert after <= before
        assert all(not getattr(n, "_closed", False) for pairs in watchers.values() for n, _ in pairs)


async def test_styles_key_changes_with_the_styles():
    app = HostApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        board = app.screen.query_one("#board")
        key = tp.styles_key(board.styles)
        assert tp.styles_key(board.styles) == key
        board.styles.color = "red"
        assert tp.styles_key(board.styles) != key


async def test_dirty_regions_are_a_set_the_widget_may_empty():
    app = HostApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        board = app.screen.query_one("#board")
        board.refresh()
        tp.forget_dirty_regions(board)
        assert not board._dirty_regions  # (this test may read it: it tests the adapter)


def test_the_selection_box_tick_is_a_character():
    assert isinstance(tp.TOGGLE_INNER, str) and len(tp.TOGGLE_INNER) == 1


async def test_the_crash_hook_hears_an_unexpected_error_before_textual_exits():
    app = HostApp()
    with pytest.raises(ZeroDivisionError):
        async with app.run_test() as pilot:
            await pilot.pause()
            app.call_later(lambda: 1 / 0)
            await pilot.pause()
    assert [type(e) for e in app.errors] == [ZeroDivisionError]
    assert app.return_code == 1


async def test_resize_first_runs_before_the_screens_own_handler_and_can_stop_it():
    seen = []

    class Filtered(tp.ResizeFirst, Screen[None]):
        def drop_resize(self, event: events.Resize) -> bool:
            seen.append(tuple(event.size))
            return True

    class FilterApp(App[None]):
        def on_mount(self) -> None:
            self.push_screen(Filtered())

    app = FilterApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(90, 30)
        await pilot.pause()
    assert (90, 30) in seen
    assert "_on_resize" in vars(Screen)  # the handler it stands in front of
