r"""The book's code cells, run where they stand: the worker side (Pyodide, in a Web Worker).

Each chapter page of the website shows its code cells; the reader may edit
one and run it (``live/cells.js``). It runs here, in the page's own Python
(the worker of the calculators), in the chapter's namespace, as in the
notebook: the cells above it that it depends on have run first
(:meth:`Cells.needed`: those that bind or change a name it reads, in the
book's order), so a first run re-executes a few short cells, not the
chapter, and the page's Python snapshot holds no namespace (every cell of
every chapter, run first this way, shows exactly its stored output:
``tests/test_cells.py``).

What a run sends back, as the book shows a cell's outputs (:meth:`Cells.run`):

* what the cell printed (``stream``), in order, stdout and stderr apart;
* what it shows with IPython's ``display()`` (:func:`display`), where it
  shows it, each object as a last line's value is shown;
* the value of its last line, as IPython shows it: a widget (a calculator)
  as a live widget, the page creating its models through the same bridge as
  the page's own calculators (``live/live_bridge.py``); HTML only from
  ``_repr_html_`` of the package's own objects or of IPython's ``HTML``
  (the page still keeps only an allowlist of tags and attributes); anything
  else as IPython's plain-text pretty print (``ipython_pretty``, IPython's
  own printer, copied beside this file at build time);
* an error as a short traceback of the reader's own lines (the package's
  frames left out), its message in the reader's language when it is one of
  the rules' messages (:class:`rulebook_py.errors.RulebookError`);
* at most :data:`OUTPUT_LIMIT` characters of text in all, then a note.

The tests run the same module in CPython (``tests/test_cells.py``).

Example:
    >>> cells = Cells()
    >>> cells.run(0, "x = 6 * 7\nx")["outputs"]
    [{'kind': 'text', 'text': '42'}]
    >>> cells.run(1, "print('a'); x + 1")["outputs"]
    [{'kind': 'stream', 'name': 'stdout', 'text': 'a\n'}, {'kind': 'text', 'text': '43'}]
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import hashlib
import importlib
import json
import linecache
import sys
import time
import traceback
import types
from collections.abc import Iterator
from typing import Any

__all__ = [
    "CELLS",
    "HTML",
    "OUTPUT_LIMIT",
    "Cells",
    "cells_hash",
    "display",
    "handle_json",
    "pretty_text",
    "trusted_html",
    "widget_state",
]

#: At most this many characters of text in a run's outputs (printed text, values, traceback).
OUTPUT_LIMIT = 100_000
#: IPython's plain-text formatter: lines of at most 79 characters, 1000 items of a sequence.
PRETTY_WIDTH = 79
PRETTY_ITEMS = 1000
#: The package whose objects may show themselves as HTML.
PACKAGE = "rulebook_py"


def _sibling(name: str) -> types.ModuleType:
    """The worker's module ``name`` beside this one: top-level in the browser, ``live.<name>`` here.

    In Pyodide the worker's Python files are modules of its home folder
    (``live/boot.py``); in CPython they are the ``live`` package's.

    Example:
        >>> _sibling("cells").__name__ == __name__
        True
    """
    return importlib.import_module(f"{__package__}.{name}" if __package__ else name)


def _pretty_module() -> Any:
    """IPython's pretty printer: the copy beside this file (browser), else IPython's own."""
    try:
        import ipython_pretty

        return ipython_pretty
    except ImportError:
        from IPython.lib import pretty

        return pretty


def pretty_text(value: Any) -> str:
    """``value`` as IPython's plain-text formatter writes it (the book's ``text/plain``).

    Example:
        >>> pretty_text(list(range(3)))
        '[0, 1, 2]'
    """
    pretty = _pretty_module()
    return pretty.pretty(value, max_width=PRETTY_WIDTH, max_seq_length=PRETTY_ITEMS)


class HTML:
    """IPython's ``HTML`` display object, for the browser's Python (which has no IPython).

    The book's cells write ``from IPython.display import HTML`` and show a
    table or a chart with ``HTML(table_html(...))``; in the page, this class
    stands in for IPython's (:func:`install_display`).

    Example:
        >>> HTML("<b>x</b>")._repr_html_()
        '<b>x</b>'
    """

    def __init__(self, data: str | None = None) -> None:
        self.data = "" if data is None else str(data)

    def _repr_html_(self) -> str:
        return self.data

    def __repr__(self) -> str:
        return f"<{type(self).__module__}.HTML object>"


def trusted_html(value: Any) -> str | None:
    """The HTML ``value`` shows itself as, when it may: the package's objects and ``HTML``.

    Any other object's ``_repr_html_`` is not used (the value is shown as
    text): nothing a reader's own class writes goes into the page as HTML.

    Example:
        >>> trusted_html(HTML("<i>x</i>")), trusted_html(3)
        ('<i>x</i>', None)
    """
    cls = type(value)
    method = getattr(cls, "_repr_html_", None)
    if method is None:
        return None
    module = sys.modules.get(cls.__module__)
    ipython_html = cls.__name__ == "HTML" and cls.__module__ in (
        __name__,
        "IPython.core.display",
        "IPython.display",
    )
    own = (
        cls.__module__.split(".")[0] == PACKAGE
        and module is not None
        and getattr(module, cls.__qualname__, None) is cls
        and _in_package(getattr(module, "__file__", None))
    )
    if not (ipython_html or own):
        return None
    html = method(value)
    return html if isinstance(html, str) else None


def _in_package(path: str | None) -> bool:
    """Whether ``path`` is a file of the installed package (not a module made up in a cell)."""
    package = sys.modules.get(PACKAGE)
    home = getattr(package, "__file__", None)
    if not path or not home:
        return False
    import os.path

    root = os.path.dirname(os.path.abspath(home))
    return os.path.commonpath([root, os.path.abspath(path)]) == root


class _Capped:
    """A text stream that keeps what is written, up to the run's limit."""

    def __init__(self, run: _Run, name: str) -> None:
        self.run, self.name = run, name

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        self.run.stream(self.name, text)
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    @property
    def encoding(self) -> str:
        return "utf-8"


class _Run:
    """The outputs of one run, in order, with the room left under :data:`OUTPUT_LIMIT`."""

    def __init__(self, limit: int = OUTPUT_LIMIT) -> None:
        self.outputs: list[dict[str, Any]] = []
        self.left = limit
        self.capped = False

    def _take(self, text: str) -> str:
        if len(text) <= self.left:
            self.left -= len(text)
            return text
        kept = text[: max(self.left, 0)]
        self.left = 0
        self.capped = True
        return kept

    def stream(self, name: str, text: str) -> None:
        if self.capped or not text:
            return
        kept = self._take(text)
        last = self.outputs[-1] if self.outputs else None
        if last and last["kind"] == "stream" and last["name"] == name:
            last["text"] += kept
        elif kept:
            self.outputs.append({"kind": "stream", "name": name, "text": kept})

    def add(self, kind: str, text: str, key: str = "text", **more: Any) -> None:
        if self.capped:
            return
        if kind == "html" and len(text) > self.left:
            # (HTML is not cut in the middle of a tag: too long, it is left out.)
            self.capped = True
            return
        self.outputs.append({"kind": kind, key: self._take(text), **more})

    def result(self) -> list[dict[str, Any]]:
        if self.capped:
            return [*self.outputs, {"kind": "capped", "limit": OUTPUT_LIMIT}]
        return self.outputs


def cells_hash(sources: list[str]) -> str:
    """A short fingerprint of a page's cell sources (is the namespace of these cells?).

    Example:
        >>> cells_hash(["a = 1"]) == cells_hash(["a = 1"]) != cells_hash(["a = 2"])
        True
    """
    digest = hashlib.sha256()
    for source in sources:
        digest.update(source.encode("utf-8") + b"\0")
    return digest.hexdigest()[:16]


def _filename(index: int) -> str:
    return f"<cell {index}>"


def _compile(source: str, index: int) -> tuple[types.CodeType | None, types.CodeType | None]:
    """The cell's statements and, as IPython shows it, its last expression (None: nothing)."""
    filename = _filename(index)
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    tree = ast.parse(source, filename, "exec")
    last = None
    # As IPython: the last statement's value is shown unless the cell ends with ";".
    if tree.body and isinstance(tree.body[-1], ast.Expr) and not source.rstrip().endswith(";"):
        last = ast.Expression(tree.body.pop().value)
    body = compile(tree, filename, "exec") if tree.body else None
    return body, compile(last, filename, "eval") if last is not None else None


def _error_message(err: BaseException, language: str) -> str:
    """The error's message: the rules' own in the reader's language, else Python's."""
    render = getattr(err, "render", None)
    if callable(render) and type(err).__module__.split(".")[0] == PACKAGE:
        try:
            return str(render(language))
        except Exception:  # (the English message, as Python writes it, is always there)
            return str(err)
    return str(err)


def _traceback(err: BaseException, language: str) -> str:
    """A short traceback: only the frames of the reader's cells, then the error."""
    lines = ["Traceback (most recent call last):\n"]
    frames = [
        frame
        for frame in traceback.extract_tb(err.__traceback__)
        if frame.filename.startswith("<cell ")
    ]
    lines.extend(traceback.format_list(frames))
    name = type(err).__name__
    if isinstance(err, SyntaxError):
        detail = traceback.format_exception_only(type(err), err)
        if not frames:
            lines = []
        lines.extend(detail)
        return "".join(lines)
    message = _error_message(err, language)
    lines.append(f"{name}: {message}\n" if message else f"{name}\n")
    return "".join(lines)


def install_display() -> None:
    """Give the browser's stand-in ``IPython.display`` an ``HTML`` (the book's cells import it)."""
    display = sys.modules.get("IPython.display")
    if display is not None and not hasattr(display, "HTML"):
        display.HTML = HTML


#: The runs under way, innermost last: ``display()`` shows into the last one (a callable).
_SHOWING: list[Any] = []
#: The modules whose ``display`` a cell imports (IPython's, or the browser's stand-in).
_DISPLAY_MODULES = ("IPython.display", "IPython.core.display", "IPython.core.display_functions")


def display(*objs: Any, **_options: Any) -> None:
    """IPython's ``display()`` for a cell run here: each object shown where the cell shows it.

    A book's cell may show a table in the middle of its work
    (``display(HTML(table_html(...)))``); while a cell runs, the ``display``
    it imports from ``IPython.display`` is this one, and each object becomes
    one of the run's outputs, as a last line's value (:meth:`Cells.run`).
    Called outside a run (the name kept in a namespace, called later from
    elsewhere), it shows nothing.

    Example:
        >>> cells = Cells()
        >>> source = "from IPython.display import HTML, display; display(HTML('<b>a</b>'), 2)"
        >>> cells.run(0, source)["outputs"]
        [{'kind': 'html', 'html': '<b>a</b>'}, {'kind': 'text', 'text': '2'}]
    """
    if _SHOWING:
        for obj in objs:
            _SHOWING[-1](obj)


@contextlib.contextmanager
def _displaying(show: Any) -> Iterator[None]:
    """While a cell runs: ``display`` from IPython (or its stand-in) is :func:`display`, into ``show``."""
    saved = []
    for name in _DISPLAY_MODULES:
        module = sys.modules.get(name)
        if module is not None and getattr(module, "display", None) is not display:
            saved.append((module, module.__dict__.get("display", _MISSING)))
            module.display = display
    _SHOWING.append(show)
    try:
        yield
    finally:
        _SHOWING.pop()
        for module, original in reversed(saved):
            if original is _MISSING:
                del module.display
            else:
                module.display = original


_MISSING = object()


class _Names(ast.NodeVisitor):
    """The global names a cell binds, imports and reads (its functions' bodies read too)."""

    def __init__(self) -> None:
        self.binds: set[str] = set()
        self.imports: set[str] = set()
        self.reads: set[str] = set()
        self.depth = 0

    def visit_Name(self, node: ast.Name) -> None:
        if isinstance(node.ctx, ast.Load):
            self.reads.add(node.id)
        elif self.depth == 0:
            self.binds.add(node.id)

    def _scope(self, node: ast.AST, name: str | None = None) -> None:
        if name and self.depth == 0:
            self.binds.add(name)
        for decorator in getattr(node, "decorator_list", []):
            self.visit(decorator)
        self.depth += 1
        for child in ast.iter_child_nodes(node):
            if child not in getattr(node, "decorator_list", []):
                self.visit(child)
        self.depth -= 1

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._scope(node, node.name)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self._scope(node, node.name)

    def visit_Lambda(self, node: ast.Lambda) -> None:
        self._scope(node)

    def _comprehension(self, node: ast.AST) -> None:
        self._scope(node)

    visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = _comprehension

    def visit_Global(self, node: ast.Global) -> None:
        self.binds.update(node.names)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            name = alias.asname or alias.name.split(".")[0]
            (self.imports if self.depth == 0 else self.reads).add(name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        for alias in node.names:
            if self.depth == 0:  # ("*": any name, see Cells.needed)
                self.imports.add(alias.asname or alias.name)


def cell_names(source: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    r"""The global names a cell binds, imports and reads (nothing when it cannot be read).

    Example:
        >>> binds, imports, reads = cell_names("from math import pi\nr = 2\narea = pi * r ** 2")
        >>> sorted(binds), sorted(imports), sorted(reads)
        (['area', 'r'], ['pi'], ['pi', 'r'])
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return frozenset(), frozenset(), frozenset()
    names = _Names()
    names.visit(tree)
    return frozenset(names.binds), frozenset(names.imports), frozenset(names.reads)


class Cells:
    """The chapter's namespace and the runs of its cells.

    The namespace is a notebook's: every run changes it for the next. A cell
    runs once the cells above it it depends on have run (:meth:`needed`):
    those that bind a name it reads, or read one that is not only imported
    (they may change it: a seeded generator drawn from), those that import
    ``*`` (any name may come from them), and, in turn, those they depend on,
    in the book's order. So the first run of a cell runs a few
    short cells first, and nothing is kept in the page's snapshot.

    Attributes:
        namespace: The chapter's globals, shared by every cell (as a notebook's).
        sources: The page's cells as the book has them (:meth:`prepare`).
        ran: The indexes of the page's cells that have run in the namespace.
        language: The reader's language of the rules' messages (the page's).
    """

    def __init__(self) -> None:
        self.namespace: dict[str, Any] = {"__name__": "__main__", "__builtins__": builtins}
        self.sources: list[str] = []
        self.ran: set[int] = set()
        self.language = "en"
        self._names: list[tuple[frozenset[str], frozenset[str], frozenset[str]]] = []
        self._imported: frozenset[str] = frozenset()

    def prepare(self, sources: list[str]) -> dict[str, Any]:
        """Take the page's cells as the book has them (nothing runs); their fingerprint.

        Example:
            >>> Cells().prepare(["a = 1", "a + 1"])["cells"]
            2
        """
        self.sources = list(sources)
        self.ran = set()
        self._names = [cell_names(source) for source in self.sources]
        binds = set().union(*(b for b, _, _ in self._names)) if self._names else set()
        imports = set().union(*(i for _, i, _ in self._names)) if self._names else set()
        self._imported = frozenset(imports - binds)
        return {"cells": len(self.sources), "hash": cells_hash(self.sources)}

    def needed(self, index: int, source: str) -> list[int]:
        """The cells above ``index`` that have not run and that ``source`` depends on, in order.

        Example:
            >>> cells = Cells()
            >>> _ = cells.prepare(["import random", "rng = random.Random(3)", "rng.random()",
            ...                    "x = 2", "rng.random() * 2"])
            >>> cells.needed(4, "rng.random() * 2")
            [0, 1, 2]
        """
        _, imports, reads = cell_names(source)
        wanted = set(reads | imports)
        taken = []
        for above in range(min(index, len(self.sources)) - 1, -1, -1):
            if above in self.ran:
                continue
            binds, imported, read = self._names[above]
            if "*" in imported or (binds | imported) & wanted or (read - self._imported) & wanted:
                taken.append(above)
                wanted |= read
        return sorted(taken)

    def _catch_up(self, cells: list[int]) -> None:
        """Run these cells of the page in silence (their calculators not computed, then closed)."""
        instances = _widget_instances()
        before = set(instances)
        with _calculators_at_rest():
            for above in cells:
                self._execute(above, self.sources[above], _Run(), [])
                self.ran.add(above)
        for model_id in set(instances) - before:
            widget = instances.get(model_id)
            if widget is not None:
                widget.close()

    def run(self, index: int, source: str) -> dict[str, Any]:
        """Run one cell's ``source`` in the chapter's namespace; its outputs, as the book shows them.

        The cells above it that it depends on run first (:meth:`needed`),
        showing nothing. A widget among the outputs is ``{"kind": "widget",
        "model_id"}``; the widgets themselves are in ``"widgets"``.
        """
        start = time.perf_counter()
        first = self.needed(index, source) if self.sources else []
        if first:
            self._catch_up(first)
        run = _Run()
        widgets: list[Any] = []
        ok = self._execute(index, source, run, widgets)
        if 0 <= index < len(self.sources):
            self.ran.add(index)
        return {
            "ok": ok,
            "outputs": run.result(),
            "widgets": widgets,
            "first": first,
            "ms": round((time.perf_counter() - start) * 1000, 1),
        }

    def _execute(self, index: int, source: str, run: _Run, widgets: list[Any]) -> bool:
        """Run ``source`` in the namespace, its outputs into ``run``; whether it ran without error."""
        install_display()
        saved = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = _Capped(run, "stdout"), _Capped(run, "stderr")
        try:
            with _displaying(lambda obj: self._show(obj, run, widgets)):
                body, last = _compile(source, index)
                if body is not None:
                    exec(body, self.namespace)
                value = eval(last, self.namespace) if last is not None else None
        except (
            BaseException
        ) as err:  # a reader's error (exit() too) is an output, never the worker's
            sys.stdout, sys.stderr = saved
            run.add("error", _traceback(err, self.language), ename=type(err).__name__)
            return False
        finally:
            sys.stdout, sys.stderr = saved
        if value is not None:
            self.namespace["_"] = value
            self._show(value, run, widgets)
        return True

    def _show(self, value: Any, run: _Run, widgets: list[Any]) -> None:
        """The value of the cell's last line, as IPython's display shows it."""
        widget_id = getattr(value, "model_id", None)
        if widget_id and _is_widget(value):
            widgets.append(value)
            run.outputs.append({"kind": "widget", "model_id": widget_id})
            return
        try:
            html = trusted_html(value)
            if html is not None:
                run.add("html", html, key="html")
                return
            run.add("text", pretty_text(value))
        except Exception as err:  # a broken repr is the reader's error
            run.add("error", _traceback(err, self.language), ename=type(err).__name__)

    def handle(self, message: dict[str, Any]) -> dict[str, Any]:
        """One request of the page (``what``: ``run``, ``prepare``, ``exercise``, ``sync``).

        * ``run`` (``index``, ``source``): :meth:`run`, the widgets it shows
          given as the page's widget state and paired with the page's models
          (``live_bridge.adopt``), with the updates of page models it made;
        * ``prepare`` (``sources``, ``language``): :meth:`prepare`;
        * ``exercise`` (``chapter``, ``number``, ``text``): the reader's
          prediction checked by :func:`rulebook_py.exercises.check`;
        * ``sync`` (``values``, ``seeds``): the page's calculators as they
          stand, after Python restarted (``live_bridge.Bridge.sync``).
        """
        what = message.get("what")
        if what == "run":
            return self._run_for_page(int(message["index"]), str(message["source"]))
        if what == "prepare":
            self.language = str(message.get("language") or "en")
            return self.prepare([str(s) for s in message["sources"]])
        if what == "exercise":
            from rulebook_py.exercises import check

            checked = check(str(message["chapter"]), int(message["number"]), str(message["text"]))
            return checked.as_dict(self.language)
        if what == "sync":
            bridge = _sibling("live_bridge").BRIDGE
            again = bridge.sync(message.get("values") or {}, message.get("seeds")) if bridge else 0
            return {"again": again}
        raise ValueError(f"no such request: {what!r}")

    def _run_for_page(self, index: int, source: str) -> dict[str, Any]:
        try:
            live_bridge = _sibling("live_bridge")
        except ImportError:  # (without the bridge's file: nothing to pair)
            live_bridge = None
        outbox = live_bridge.outbox if live_bridge else []
        outbox.clear()
        reply = self.run(index, source)
        state = widget_state(reply["widgets"]) if reply["widgets"] else {}
        reply["widgets"] = state
        if live_bridge and state:
            live_bridge.adopt(state)
        reply["out"] = [[page_id, data] for page_id, data in outbox]
        outbox.clear()
        return reply


def handle_json(text: str) -> str:
    """:meth:`Cells.handle` of :data:`CELLS`, JSON in and out (what the worker calls).

    A request Python cannot read is answered ``{"ok": false, "error"}``.
    """
    try:
        reply = CELLS.handle(json.loads(text))
    except Exception as err:  # the page shows it; the worker carries on
        return json.dumps({"ok": False, "error": repr(err)})
    return json.dumps(reply)


def _widget_instances() -> dict[str, Any]:
    """Every open widget, by model id (ipywidgets' own registry)."""
    try:
        from ipywidgets.widgets import widget as module
    except ImportError:  # pragma: no cover - the browser's Python always has it
        return {}
    return getattr(module, "_instances", {})


@contextlib.contextmanager
def _calculators_at_rest() -> Iterator[None]:
    """Within this block, a calculator built by a cell computes nothing (it is not shown)."""
    try:
        from rulebook_py.widgets.base import Calculator
    except ImportError:  # pragma: no cover - the package is always there
        yield
        return
    saved = Calculator.update, Calculator.roll
    Calculator.update = Calculator.roll = lambda self: None
    try:
        yield
    finally:
        Calculator.update, Calculator.roll = saved


def _is_widget(value: Any) -> bool:
    try:
        import ipywidgets
    except ImportError:  # pragma: no cover - the browser's Python always has it
        return False
    return isinstance(value, ipywidgets.DOMWidget)


def widget_state(widgets: list[Any]) -> dict[str, Any]:
    """The state of ``widgets`` and every widget they hold, as the page's widget manager reads it."""
    from ipywidgets.embed import dependency_state

    return dependency_state(widgets, drop_defaults=True)


#: The page's cells (the worker holds them; they survive in a page snapshot).
CELLS = Cells()
