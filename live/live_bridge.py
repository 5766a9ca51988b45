"""The Python half of the website's live calculators (runs in a Web Worker, in Pyodide).

The page already shows every calculator as ipywidgets models rendered from the
stored widget state (``@jupyter-widgets/html-manager``). This module makes the
*same* models live: for each calculator of the page it builds the calculator
class named by its ``rb-calc-<Class>`` DOM class, maps every widget of the new
instance onto the page's model of the same place in the tree (children,
layout, style), applies the page's control values and seed, and from then on
exchanges ordinary widget comm messages with the page: an ``update`` from the
page is applied with ``Widget._handle_msg``, and the updates the calculator
sends back are translated to the page's model ids. No kernel, no IPython.

``live/build.py`` publishes this file beside ``live/worker.js``, which writes it
to Pyodide's file system and imports it; the tests import it in CPython
(``tests/test_live_bridge.py``).

Example:
    >>> bridge = Bridge()
    >>> bridge.handle("not json")["ok"]
    False
"""

from __future__ import annotations

import json
import random
import re
import sys
import time
import types
from collections.abc import Callable
from typing import Any

__all__ = [
    "BRIDGE",
    "Bridge",
    "BridgeComm",
    "adopt",
    "install_ipython_stand_in",
    "outbox",
    "page_refs",
    "set_page_language",
    "start",
    "warm_view",
]

#: Messages for the page, collected while one page message is handled: (page model id, data).
outbox: list[tuple[str, dict]] = []
#: Python comm id -> page model id (only mapped widgets talk to the page).
PAGE_ID: dict[str, str] = {}
#: Page model id -> Python widget.
PY_WIDGET: dict[str, Any] = {}
#: Outgoing messages are dropped until a calculator is set up.
SENDING = [False]
#: The seed a roll shown on the page was resolved with (``Calculator._show_roll`` writes it).
_ROLL_SEED = re.compile(r"data-rb-seed='([0-9]+)'")
#: Idle warming (:meth:`Bridge.warm_step`): passes over the page's calculators, and the
#: attempts one calculator gets in a pass before the next one's turn.
WARM_PASSES = 2
WARM_TRIES = 20


def install_ipython_stand_in() -> None:
    """Give ipywidgets the four IPython names it imports, when IPython is absent.

    The browser runtime loads no IPython (and none of its dozen dependencies):
    ``get_ipython()`` is ``None`` there, as in a plain Python script.
    """
    try:
        import IPython  # noqa: F401
    except ImportError:
        pass
    else:
        return
    root = types.ModuleType("IPython")
    display = types.ModuleType("IPython.display")
    core = types.ModuleType("IPython.core")
    shell = types.ModuleType("IPython.core.interactiveshell")

    def get_ipython() -> None:
        return None

    def nothing(*_args: Any, **_kwargs: Any) -> None:
        return None

    class InteractiveShell:
        @classmethod
        def instance(cls) -> InteractiveShell:
            raise RuntimeError("no IPython shell in the browser")

    root.get_ipython = get_ipython
    display.display = nothing
    display.clear_output = nothing
    shell.InteractiveShell = InteractiveShell
    root.display = display
    root.core = core
    core.interactiveshell = shell
    sys.modules.update(
        {
            "IPython": root,
            "IPython.display": display,
            "IPython.core": core,
            "IPython.core.interactiveshell": shell,
        }
    )


install_ipython_stand_in()

import comm  # noqa: E402
import ipywidgets  # noqa: E402
from comm.base_comm import BaseComm  # noqa: E402
from ipywidgets.widgets import widget as _widget_module  # noqa: E402

# The page applies what it sends itself: no echo of every change back to it.
_widget_module.JUPYTER_WIDGETS_ECHO = False


class BridgeComm(BaseComm):
    """A comm whose messages go to the page (through :data:`outbox`), never to a kernel."""

    def publish_msg(
        self,
        msg_type: str,
        data: dict | None = None,
        metadata: dict | None = None,
        buffers: list | None = None,
        **keys: Any,
    ) -> None:
        """Queue a ``comm_msg`` for the page (the only message the page needs)."""
        if msg_type != "comm_msg" or not SENDING[0] or self.comm_id not in PAGE_ID:
            return
        outbox.append((PAGE_ID[self.comm_id], page_refs(data or {})))


def page_refs(value: Any) -> Any:
    """``value`` with each reference to a Python widget (``IPY_MODEL_<id>``) made the page's.

    An update that gives a widget another model (a row its hidden layout) names it
    by the Python id, which the page has never seen ("widget model not found").

    Example:
        >>> PAGE_ID["py1"] = "page1"
        >>> page_refs({"state": {"layout": "IPY_MODEL_py1", "children": ["IPY_MODEL_x"]}})
        {'state': {'layout': 'IPY_MODEL_page1', 'children': ['IPY_MODEL_x']}}
        >>> del PAGE_ID["py1"]
    """
    if isinstance(value, str):
        ref = _ref(value)
        return value if ref is None else "IPY_MODEL_" + PAGE_ID.get(ref, ref)
    if isinstance(value, list):
        return [page_refs(v) for v in value]
    if isinstance(value, dict):
        return {k: page_refs(v) for k, v in value.items()}
    return value


comm.create_comm = BridgeComm


def _open(self: Any) -> None:
    """``Widget.open`` without serialising the whole state for a ``comm_open`` no one reads."""
    if self.comm is None:
        args = {"target_name": "jupyter.widget", "data": {}}
        if self._model_id is not None:
            args["comm_id"] = self._model_id
        self.comm = BridgeComm(**args)


ipywidgets.Widget.open = _open


class Mismatch(Exception):
    """The page's stored widget tree is not the one this calculator class builds."""


def _ref(value: Any) -> str | None:
    if isinstance(value, str) and value.startswith("IPY_MODEL_"):
        return value[len("IPY_MODEL_") :]
    return None


def map_tree(widget: Any, page_id: str, state: dict, where: str = "calculator") -> None:
    """Pair ``widget`` and every widget it holds with the page's models of the same place."""
    if page_id not in state:
        raise Mismatch(f"{where}: model {page_id} is not in the page")
    entry = state[page_id]
    if entry.get("model_name") != widget._model_name:
        raise Mismatch(f"{where}: page has {entry.get('model_name')}, Python {widget._model_name}")
    PAGE_ID[widget.model_id] = page_id
    PY_WIDGET[page_id] = widget
    page_state = entry.get("state", {})
    for key in widget.keys:
        value = getattr(widget, key)
        if isinstance(value, ipywidgets.Widget):
            ref = _ref(page_state.get(key))
            if ref is None:
                raise Mismatch(f"{where}.{key}: no model in the page")
            map_tree(value, ref, state, f"{where}.{key}")
        elif isinstance(value, (list, tuple)) and any(
            isinstance(v, ipywidgets.Widget) for v in value
        ):
            refs = page_state.get(key)
            if not isinstance(refs, list) or len(refs) != len(value):
                raise Mismatch(f"{where}.{key}: {len(value)} widgets in Python, not in the page")
            for i, (child, ref) in enumerate(zip(value, refs, strict=True)):
                child_id = _ref(ref)
                if child_id is None:
                    raise Mismatch(f"{where}.{key}[{i}]: no model in the page")
                map_tree(child, child_id, state, f"{where}.{key}[{i}]")


def _control_state(widget: Any, page_state: dict) -> dict:
    """The part of a control's page state that says its value (``index`` for choices)."""
    for key in ("index", "value"):
        if key in widget.keys and key in page_state:
            return {key: page_state[key]}
    return {}


class Bridge:
    """Every live calculator of one page, and the message loop with the page."""

    def __init__(self) -> None:
        from rulebook_py.widgets import CALCULATORS

        self.classes = CALCULATORS
        self.calculators: dict[str, Any] = {}

    def setup(self, calculators: list[dict], state: dict) -> list[dict]:
        """Build each ``{"key", "cls", "root"}`` calculator on the page's models; report each."""
        SENDING[0] = False  # (until they are built and warmed up: the page has their state)
        report = []
        for spec in calculators:
            start = time.perf_counter()
            try:
                report.append(self._setup_one(spec, state))
            except Exception as err:  # reported to the page, which stays static
                report.append({"key": spec.get("key"), "ok": False, "error": repr(err)})
            report[-1]["ms"] = round((time.perf_counter() - start) * 1000, 1)
        self.warm()
        SENDING[0] = True
        return report

    def warm(self) -> None:
        """Run each calculator's first change once, and undo it, sending nothing to the page.

        The calculators are built without computing (the page shows the
        build-time answer): the first change would otherwise pay for every
        first time of the code it runs (imports done on first use, compiled
        patterns, caches, the catalogs' words, the widgets' serialisation).
        Done here (messages are not sent yet), before the page's snapshot is
        taken, the build's snapshot of each page holds it warm. A change and
        its undoing leave every value as the page shows it.
        """
        for calc in self.calculators.values():
            for name, value in calc.bench_changes[:1]:
                control = calc.controls[name]
                before = control.value
                try:
                    control.value = value
                except Exception:  # (warming only: the page's values are restored below)
                    pass
                finally:
                    control.value = before

    def warm_step(self, disarm: Callable[[], object] | None = None) -> bool:
        """Warm one calculator's first change again, at idle time; True while more is left.

        A restored snapshot has every Python object warm, not the WebAssembly
        of the interpreter: the browser compiles its functions on first use,
        and its fast code comes later still, so the first change after a page
        is live ran about three times slower than the next ones. Once the page
        is live, the worker calls this between the page's messages (never
        during one), each step within a time slice: when the slice is over,
        the worker's interrupt raises :class:`KeyboardInterrupt` here, and the
        step ends, to be tried again. ``disarm`` (the worker's) is called once
        the step is done, so that no interrupt can come later.

        A step only computes (:func:`warm_view`: the rules call, the answer,
        the Python line, the roll): no widget of the page's calculators is
        changed and nothing is sent, so a step stopped anywhere leaves what the
        page shows, and what Python holds, as they were.
        """
        from rulebook_py import i18n

        todo = self.__dict__.setdefault(
            "_to_warm", [key for _ in range(WARM_PASSES) for key in self.calculators]
        )
        if not todo:
            return False
        key = todo[0]
        calc = self.calculators[key]
        language = i18n.current_language()
        done = False
        try:
            try:
                values = calc.values()
                values.update(type(calc).bench_changes[:1])
                warm_view(calc, values, calc._shown_seed)
            except Exception:  # (warming only: the reader's change shows any error)
                pass
            done = True
            if disarm is not None:
                disarm()
            _checkpoint()  # (an interrupt asked before disarm() is raised here, not later)
        except KeyboardInterrupt:
            if disarm is not None:
                disarm()
        finally:
            i18n.set_language(language)
        tries = self.__dict__.setdefault("_warm_tries", {})
        tries[key] = tries.get(key, 0) + 1
        if done or tries[key] >= WARM_TRIES:
            todo.pop(0)
            tries[key] = 0
        return bool(todo)

    def _setup_one(self, spec: dict, state: dict) -> dict:
        from rulebook_py.widgets.base import Calculator

        cls = self.classes.get(spec["cls"])
        if cls is None:
            raise Mismatch(f"no calculator class {spec['cls']!r}")
        # The page already shows the answer and a roll: build without computing them ...
        saved = Calculator.update, Calculator.roll
        Calculator.update = Calculator.roll = lambda self: None
        try:
            calc = cls()
        finally:
            Calculator.update, Calculator.roll = saved
        map_tree(calc, spec["root"], state)
        # ... with the rows the page hides hidden (a hidden row wears its control's layout):
        # paired with rows all shown, the shown rows' one layout took the page id of the
        # last row's, which may be a hidden one (a row shown again then stayed hidden).
        hidden = {
            name
            for name, control in calc.controls.items()
            if state[PAGE_ID[control.layout.model_id]].get("state", {}).get("display") == "none"
        }
        if hidden:
            calc.show_hidden(hidden)
            map_tree(calc, spec["root"], state)
        # ... then take the page's values (controls, seed, answer, chart, roll) as they are,
        # so the first change the reader makes is the first computation.
        calc.update = lambda: None
        try:
            for page_id, widget in PY_WIDGET.items():
                if PAGE_ID.get(widget.model_id) != page_id or page_id not in state:
                    continue
                sync = _control_state(widget, state[page_id].get("state", {}))
                if sync:
                    widget.set_state(sync)
        finally:
            del calc.update
        # The roll on the page (its seed is in it) is resolved again with that seed after
        # every change, as in any Python: never left standing for the earlier settings.
        shown = state.get(PAGE_ID[calc.roll_output.model_id], {}).get("state", {})
        seed = _ROLL_SEED.search(str(shown.get("value", "")))
        calc._shown_seed = int(seed.group(1)) if seed else None
        self.calculators[spec["key"]] = calc
        return {
            "key": spec["key"],
            "ok": True,
            "controls": {name: PAGE_ID[w.model_id] for name, w in calc.controls.items()},
            "seed": PAGE_ID[calc.seed.model_id],
            "roll": PAGE_ID[calc.roll_button.model_id],
            "result": PAGE_ID[calc.result.model_id],
        }

    def handle(self, text: str) -> dict:
        """One message from the page (JSON ``{"model", "data"}``): apply it, return the replies."""
        outbox.clear()
        try:
            message = json.loads(text)
            widget = PY_WIDGET[message["model"]]
            widget._handle_msg({"content": {"data": message["data"]}, "buffers": []})
        except Exception as err:  # the page keeps the last good answer
            outbox.clear()
            return {"ok": False, "error": repr(err), "out": []}
        out = [[page_id, data] for page_id, data in outbox]
        outbox.clear()
        return {"ok": True, "out": out}

    def sync(self, values: dict, seeds: dict | None = None) -> int:
        """Take the page's current state after Python restarted (Stop): nothing is sent back.

        ``values`` is ``{page model id: {name: value}}`` for the models of the
        page's calculators (plain values only: text, numbers, booleans); each
        calculator whose controls differ from what this Python holds is
        computed again in silence, so that its view (and its next roll) is the
        page's; ``seeds`` gives, by calculator key, the seed of the roll on
        show. Returns how many calculators were computed again.
        """
        seeds = seeds or {}
        again = 0
        SENDING[0] = False
        try:
            for key, calc in self.calculators.items():
                own = {PAGE_ID.get(w.model_id) for w in calc.controls.values()}
                changed = any(
                    page_id in own and _differs(PY_WIDGET[page_id], state)
                    for page_id, state in values.items()
                    if page_id in PY_WIDGET
                )
                _apply(calc, values)
                if changed:
                    calc.update()
                    again += 1
                    _apply(calc, values)  # (the page's answer and roll stay the ones shown)
                if isinstance(seeds.get(key), int):
                    calc._shown_seed = seeds[key]
        finally:
            outbox.clear()
            SENDING[0] = True
        return again

    def handle_json(self, text: str) -> str:
        """:meth:`handle`, as JSON text (what the worker posts to the page)."""
        return json.dumps(self.handle(text))

    def setup_json(self, calculators: str, state: str, language: str = "en") -> str:
        """:meth:`setup` in the page's ``language`` (``<html lang>``), with JSON text in and out."""
        set_page_language(language)
        return json.dumps(self.setup(json.loads(calculators), json.loads(state)))


def _checkpoint() -> None:
    """Nothing: calling a Python function is where a pending interrupt is raised."""


def warm_view(calc: Any, values: dict, seed: int | None) -> int:
    """What a change of ``calc`` to ``values`` computes, without showing it; its length.

    The rules call and its formatting (``compute``), the summary, the Python
    line, the roll of that seed, and their JSON: what ``Calculator.update``
    computes before it sets the widgets. Nothing is kept on ``calc``.

    Example:
        >>> from rulebook_py.widgets.dice import DiceCalculator
        >>> calc = DiceCalculator()
        >>> shown = calc.result.value
        >>> warm_view(calc, {**calc.values(), "expression": "2d6"}, 7) > 0
        True
        >>> calc.result.value == shown
        True
    """
    from rulebook_py import i18n
    from rulebook_py.widgets.base import value_text
    from rulebook_py.widgets.format import session_html
    from rulebook_py.widgets.summary import summary_html

    with i18n.language(calc.language):
        view = calc.compute(values)
        parts = [view.answer, view.summary or summary_html(view.answer), view.chart]
        if view.call is not None:
            lines = [f"from rulebook_py import {view.call.module}", view.call.expression]
            parts.append(session_html(lines, value_text(view.call.value)))
        if view.outcome is not None and seed is not None:
            parts.append(calc.show_roll(view.outcome.roll(random.Random(seed))))
    return len(json.dumps(parts))


def _differs(widget: Any, state: dict) -> bool:
    return any(key in widget.keys and getattr(widget, key) != value for key, value in state.items())


def _apply(calc: Any, values: dict) -> None:
    """Set the page's plain values on every widget of ``calc``, computing nothing."""
    mine = _page_ids(calc)
    calc.update = lambda: None
    try:
        for page_id, state in values.items():
            widget = PY_WIDGET.get(page_id)
            if widget is None or page_id not in mine:
                continue
            for key, value in state.items():
                if key in widget.keys and not key.startswith("_"):
                    try:
                        widget.set_state({key: value})
                    except Exception:  # (a value the page holds but Python refuses: kept)
                        pass
    finally:
        del calc.update


def _page_ids(root: Any) -> set[str]:
    """The page model ids of ``root`` and of every widget it holds."""
    found: set[str] = set()
    todo, seen = [root], set()
    while todo:
        node = todo.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if node.model_id in PAGE_ID:
            found.add(PAGE_ID[node.model_id])
        for key in getattr(node, "keys", ()):
            value = getattr(node, key, None)
            if isinstance(value, ipywidgets.Widget):
                todo.append(value)
            elif isinstance(value, (list, tuple)):
                todo.extend(v for v in value if isinstance(v, ipywidgets.Widget))
    return found


def adopt(state: dict) -> list[str]:
    """Make the widgets of ``state`` (built by a code cell of the page) talk to the page.

    The page creates their models from ``state`` with the same ids, so each
    Python widget is paired with the page model of its own id; from then on
    a change in the page reaches it, and its updates reach the page, as for
    the page's own calculators. Returns the ids paired.

    Example:
        >>> adopt({})
        []
    """
    from ipywidgets.widgets import widget as module

    instances = getattr(module, "_instances", {})
    paired = []
    for model_id in state:
        widget = instances.get(model_id)
        if widget is None:
            continue
        PAGE_ID[widget.model_id] = model_id
        PY_WIDGET[model_id] = widget
        paired.append(model_id)
    return paired


def set_page_language(language: str) -> str:
    """The calculators' language from now on: the page's (``"fr"`` on the French edition).

    A language the package does not know is English. Returns the language set.

    Example:
        >>> set_page_language("fr-FR"), set_page_language("de"), set_page_language("en")
        ('fr', 'en', 'en')
    """
    from rulebook_py import i18n

    code = (language or "en").split("-")[0].lower()
    code = code if code in i18n.LANGUAGES else i18n.DEFAULT_LANGUAGE
    i18n.set_language(code)
    return code


#: The page's bridge (the worker holds it; it survives in a page snapshot).
BRIDGE: Bridge | None = None


def start() -> Bridge:
    """A new :class:`Bridge` for this page, kept in :data:`BRIDGE`."""
    global BRIDGE
    BRIDGE = Bridge()
    return BRIDGE
