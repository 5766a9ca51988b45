"""The code cells' runner of the website (``live/cells.py``), in CPython, without a browser.

A cell runs in the page's Python as in the notebook: every chapter's cells,
run one after the other, give exactly the outputs nbval keeps in the stored
notebooks (text as IPython prints it, printed text, HTML tables and charts),
and so does any cell run again once the whole chapter ran (the namespace the
page's snapshot holds). Errors are a short traceback of the reader's lines,
the rules' messages in the reader's language; output is capped; HTML comes
only from the package's objects and IPython's ``HTML``; a calculator a cell
builds is paired with the page and recomputes on a change; after a restart
the calculators take the page's values back.
"""

from __future__ import annotations

import json
import sys
import types
from fractions import Fraction
from pathlib import Path

import pytest
from ipywidgets.embed import dependency_state

from live import cells, live_bridge
from rulebook_py import i18n
from rulebook_py.errors import RuleValueError, check_int
from rulebook_py.widgets.dice import DiceCalculator

ROOT = Path(__file__).resolve().parent.parent

NOTEBOOKS = sorted((ROOT / "book").glob("*.ipynb"))


def stored(cell: dict) -> list[tuple]:
    """A stored cell's outputs, in the runner's terms."""
    out: list[tuple] = []
    for output in cell.get("outputs", []):
        kind = output["output_type"]
        if kind == "stream":
            out.append(("stream", output["name"], "".join(output["text"])))
        elif kind in ("execute_result", "display_data"):
            data = output["data"]
            if "application/vnd.jupyter.widget-view+json" in data:
                out.append(("widget",))
            elif "text/html" in data:
                out.append(("html", "".join(data["text/html"])))
            else:
                out.append(("text", "".join(data["text/plain"])))
        else:
            out.append(("other", kind))
    return out


def shown(reply: dict) -> list[tuple]:
    """A run's outputs, in the same terms."""
    out: list[tuple] = []
    for output in reply["outputs"]:
        kind = output["kind"]
        if kind == "stream":
            out.append(("stream", output["name"], output["text"]))
        elif kind == "widget":
            out.append(("widget",))
        elif kind == "html":
            out.append(("html", output["html"]))
        elif kind == "text":
            out.append(("text", output["text"]))
        else:
            out.append(("other", kind, output.get("text", "")))
    return out


def code_cells(path: Path) -> list[dict]:
    return [
        c for c in json.loads(path.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code"
    ]


@pytest.fixture
def english():
    saved = i18n.current_language()
    i18n.set_language("en")
    yield
    i18n.set_language(saved)


def page_sources(path: Path) -> list[tuple[int, dict]]:
    """The cells a page shows (``remove-input`` ones are not on it), with the notebook's cell."""
    return [
        (i, c)
        for i, c in enumerate(code_cells(path))
        if "remove-input" not in c.get("metadata", {}).get("tags", [])
    ]


@pytest.mark.notebook  # each runs a whole chapter, as nbval does
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_every_cell_run_in_order_gives_the_stored_outputs_first_and_again(
    path, english, monkeypatch
):
    monkeypatch.chdir(ROOT / "book")  # (the glossary reads the chapters' titles from there)
    runner = cells.Cells()
    book = code_cells(path)
    for index, cell in enumerate(book):
        assert shown(runner.run(index, "".join(cell["source"]))) == stored(cell), (path.stem, index)
    # Run again once the whole chapter ran: a notebook after "run all".
    for index, cell in enumerate(book):
        assert shown(runner.run(index, "".join(cell["source"]))) == stored(cell), (path.stem, index)


@pytest.mark.notebook  # each runs a whole chapter, as nbval does
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_every_cell_run_first_on_its_page_gives_the_stored_outputs(path, english, monkeypatch):
    """A reader's first run: only the cells above it depends on run first, as the page does."""
    monkeypatch.chdir(ROOT / "book")
    shown_cells = page_sources(path)
    sources = ["".join(c["source"]) for _, c in shown_cells]
    for index, (_, cell) in enumerate(shown_cells):
        runner = cells.Cells()
        runner.prepare(sources)
        reply = runner.run(index, sources[index])
        assert shown(reply) == stored(cell), (path.stem, index, reply["first"])
        assert runner.ran == {*reply["first"], index}


def test_a_first_run_takes_only_the_cells_it_depends_on(english):
    runner = cells.Cells()
    page = [
        "import random\nfrom fractions import Fraction",
        "rng = random.Random(3)",
        "x = 10",
        "rng.random()",  # (draws from the generator: what comes next depends on it)
        "slow = sum(range(10))",
        "def half(v):\n    return Fraction(v, 2) + x",
        "half(3), round(rng.random(), 6)",
    ]
    assert runner.prepare(page) == {"cells": 7, "hash": cells.cells_hash(page)}
    assert runner.needed(6, page[6]) == [0, 1, 2, 3, 5]
    reply = runner.run(6, page[6])
    assert reply["first"] == [0, 1, 2, 3, 5]
    import random as stdlib_random

    rng = stdlib_random.Random(3)
    rng.random()
    assert shown(reply) == [("text", f"(Fraction(23, 2), {round(rng.random(), 6)})")]
    assert "slow" not in runner.namespace
    # What has run stays: the next cell that needs it runs nothing more first.
    assert runner.run(2, "x = 20")["first"] == []
    assert shown(runner.run(6, "half(3)")) == [("text", "Fraction(43, 2)")]
    # A cell that imports * may give any name: it always runs first.
    star = cells.Cells()
    star.prepare(["from math import *", "tau / 2"])
    assert star.needed(1, "tau / 2") == [0]
    assert shown(star.run(1, "tau / 2"))[0][1].startswith("3.14159")


def test_the_names_of_a_cell_are_read_without_running_it():
    binds, imports, reads = cells.cell_names(
        "import os.path as p, sys\n"
        "from x import *\n"
        "total = 0\n"
        "for item in items:\n"
        "    total += item\n"
        "def f(a):\n    inner = a + outer\n    return inner\n"
        "class K:\n    z = 1\n"
        "squares = [n * n for n in range(3)]\n"
        "f(total)"
    )
    assert binds == {"total", "item", "f", "K", "squares"}
    assert imports == {"p", "sys", "*"}
    assert {"items", "outer", "a", "inner", "f", "total", "range", "n"} <= reads
    assert "z" not in binds and "inner" not in binds and "n" not in binds
    assert cells.cell_names("x = (") == (frozenset(), frozenset(), frozenset())


def test_cells_run_first_build_no_live_calculator(english):
    from ipywidgets.widgets import widget as module

    sources = ["".join(c["source"]) for _, c in page_sources(ROOT / "book" / "dice.ipynb")]
    runner = cells.Cells()
    runner.prepare(sources)
    before = set(module._instances)
    compare = sources.index("CompareCalculator()")
    reply = runner.run(compare, sources[compare])
    assert [sources[i].rstrip()[-16:] for i in reply["first"]] == ["DiceCalculator()"]
    # The calculators the cells run first build are closed: only the cell's own is open
    # (less what it shares with widgets made before, the controls' styles).
    own = set(cells.widget_state(reply["widgets"])) if reply["widgets"] else set()
    assert set(module._instances) - before == own - before
    assert len(own - before) > 20  # the calculator's own boxes, texts and controls
    assert "DiceCalculator" in runner.namespace and "parse" not in runner.namespace


def test_a_cell_run_first_that_fails_does_not_stop_the_readers(english):
    runner = cells.Cells()
    runner.prepare(["a = 1", "a = a / 0", "b = a + 1"])
    reply = runner.run(2, "b = a + 1\nb")
    assert reply["first"] == [0, 1]
    assert shown(reply) == [("text", "2")]


def test_the_last_line_shows_as_ipython_shows_it(english):
    runner = cells.Cells()
    assert shown(runner.run(0, "x = 2")) == []
    assert shown(runner.run(1, "x * 21;")) == []  # a trailing semicolon hides the value
    assert shown(runner.run(2, "None")) == []
    assert shown(runner.run(3, "from fractions import Fraction\nFraction(1, 3)")) == [
        ("text", "Fraction(1, 3)")
    ]
    # IPython's pretty printer: a long list is broken at 79 characters, one item a line.
    assert shown(runner.run(4, "[('x' * 30, i) for i in range(3)]")) == [
        ("text", "[('" + "x" * 30 + "', 0),\n ('" + "x" * 30 + "', 1),\n ('" + "x" * 30 + "', 2)]")
    ]
    assert runner.namespace["_"] == [("x" * 30, i) for i in range(3)]


def test_printed_text_comes_first_stdout_and_stderr_apart(english):
    reply = cells.Cells().run(
        0, "import sys\nprint('a')\nprint('b')\nprint('c', file=sys.stderr)\n7"
    )
    assert shown(reply) == [
        ("stream", "stdout", "a\nb\n"),
        ("stream", "stderr", "c\n"),
        ("text", "7"),
    ]
    assert reply["ok"]


def test_display_shows_each_object_where_the_cell_shows_it(english):
    """IPython's ``display()`` in a cell, or in a function of a cell above, called later."""
    import IPython.display

    original = IPython.display.display
    runner = cells.Cells()
    source = (
        "from IPython.display import HTML, display\n"
        "def show(n):\n"
        "    print('before')\n"
        "    display(HTML('<b>' + str(n) + '</b>'), n)\n"
        "    print('after')\n"
        "show(1)\n"
        "3"
    )
    assert shown(runner.run(0, source)) == [
        ("stream", "stdout", "before\n"),
        ("html", "<b>1</b>"),
        ("text", "1"),
        ("stream", "stdout", "after\n"),
        ("text", "3"),
    ]
    # The name the cell kept shows into the run under way, not into the first one ...
    assert shown(runner.run(1, "show(2)")) == [
        ("stream", "stdout", "before\n"),
        ("html", "<b>2</b>"),
        ("text", "2"),
        ("stream", "stdout", "after\n"),
    ]
    # ... a widget shown is a live widget; a reader's own HTML stays text ...
    reply = runner.run(
        2,
        "from rulebook_py.widgets.dice import DiceCalculator\n"
        "class Mine:\n"
        "    def _repr_html_(self): return '<i>x</i>'\n"
        "    def __repr__(self): return 'Mine()'\n"
        "display(DiceCalculator(), Mine())",
    )
    assert shown(reply) == [("widget",), ("text", "Mine()")]
    assert len(reply["widgets"]) == 1
    # ... a cell run first in silence shows nothing, and IPython's own is back after a run.
    runner = cells.Cells()
    runner.prepare([source, "show(4)"])
    reply = runner.run(1, "show(4)")
    assert reply["first"] == [0]
    assert shown(reply)[1:3] == [("html", "<b>4</b>"), ("text", "4")]
    assert len(shown(reply)) == 4
    assert IPython.display.display is original
    cells.display("nowhere")  # (outside a run: nothing, no error)


def test_the_browsers_stand_in_display_is_restored_after_a_run(english, monkeypatch):
    stand_in = types.ModuleType("IPython.display")
    nothing = stand_in.display = lambda *objs, **kw: None
    monkeypatch.setitem(sys.modules, "IPython.display", stand_in)
    reply = cells.Cells().run(
        0, "from IPython.display import HTML, display\ndisplay(HTML('<p>t</p>'))"
    )
    assert shown(reply) == [("html", "<p>t</p>")]
    assert stand_in.display is nothing


def test_an_error_is_a_short_traceback_of_the_readers_own_lines(english):
    runner = cells.Cells()
    runner.run(0, "from rulebook_py.systems import chroniques as co")
    reply = runner.run(3, "x = 1\nco.attack_action(5, 99)")
    assert not reply["ok"]
    [error] = reply["outputs"]
    assert error["kind"] == "error" and error["ename"] == "RuleValueError"
    lines = error["text"].splitlines()
    assert lines[0] == "Traceback (most recent call last):"
    assert lines[1] == '  File "<cell 3>", line 2, in <module>'
    assert lines[2] == "    co.attack_action(5, 99)"
    assert lines[3].startswith("RuleValueError: defense must be")
    assert "rulebook_py" not in error["text"]  # the package's own frames are left out
    assert len(lines) == 4


def test_the_rules_message_of_an_error_is_in_the_readers_language(english):
    runner = cells.Cells()
    runner.language = "fr"
    runner.run(0, "from rulebook_py.errors import check_int")
    text = runner.run(1, "check_int(11, 'skill', 0, 10)")["outputs"][0]["text"]
    with pytest.raises(RuleValueError) as caught:
        check_int(11, "skill", 0, 10)
    french = caught.value.render("fr")
    assert french != str(caught.value) and "11" in french
    assert text.splitlines()[-1] == f"RuleValueError: {french}"
    # Python's own errors stay Python's.
    text = runner.run(2, "undefined_name")["outputs"][0]["text"]
    assert text.splitlines()[-1] == "NameError: name 'undefined_name' is not defined"


def test_a_syntax_error_points_at_the_readers_line(english):
    [error] = cells.Cells().run(5, "x = (1,\ny = 2")["outputs"]
    assert error["ename"] == "SyntaxError"
    assert '"<cell 5>", line 1' in error["text"]
    assert error["text"].rstrip().splitlines()[-1].startswith("SyntaxError:")


def test_exit_and_base_exceptions_are_outputs_never_the_workers(english):
    runner = cells.Cells()
    for index, source in enumerate(["raise SystemExit(3)", "raise KeyboardInterrupt", "exit()"]):
        reply = runner.run(index, source)
        assert not reply["ok"]
        assert reply["outputs"][0]["kind"] == "error"
    assert shown(runner.run(9, "1 + 1")) == [("text", "2")]


def test_output_is_capped_with_a_note(english):
    reply = cells.Cells().run(0, "for i in range(30_000):\n    print('0123456789')")
    *streams, note = reply["outputs"]
    assert sum(len(s["text"]) for s in streams) == cells.OUTPUT_LIMIT
    assert note == {"kind": "capped", "limit": cells.OUTPUT_LIMIT}
    # A value too: cut at what is left, then the note.
    reply = cells.Cells().run(1, "print('x' * 99_990)\n'y' * 50")
    assert [o["kind"] for o in reply["outputs"]] == ["stream", "text", "capped"]
    assert len(reply["outputs"][1]["text"]) == cells.OUTPUT_LIMIT - 99_991
    # HTML is never cut in the middle: too long, it is left out (and noted).
    reply = cells.Cells().run(
        2, f"from IPython.display import HTML\nHTML('<b>' * {cells.OUTPUT_LIMIT})"
    )
    assert reply["outputs"] == [{"kind": "capped", "limit": cells.OUTPUT_LIMIT}]


def test_only_the_packages_objects_and_ipython_html_are_shown_as_html(english):
    runner = cells.Cells()
    source = (
        "class Mine:\n"
        "    def _repr_html_(self):\n"
        "        return '<img src=x onerror=alert(1)>'\n"
        "    def __repr__(self):\n"
        "        return 'Mine()'\n"
        "Mine()"
    )
    assert shown(runner.run(0, source)) == [("text", "Mine()")]
    assert shown(runner.run(1, "print('<b>bold</b>')")) == [("stream", "stdout", "<b>bold</b>\n")]
    assert shown(runner.run(2, "'<i>x</i>'")) == [("text", "'<i>x</i>'")]
    assert shown(runner.run(3, "from IPython.display import HTML\nHTML('<i>x</i>')")) == [
        ("html", "<i>x</i>")
    ]
    # A class that only claims to be the package's is not the package's.
    runner.run(4, "class Fake(Mine):\n    pass\nFake.__module__ = 'rulebook_py.dice'")
    assert shown(runner.run(5, "Fake()")) == [("text", "Mine()")]


def test_a_class_of_the_package_shows_its_html(english, monkeypatch):
    module = types.ModuleType("rulebook_py.fake_display")

    class Table:
        def _repr_html_(self) -> str:
            return "<table><tr><td>1</td></tr></table>"

    Table.__module__ = module.__name__
    Table.__qualname__ = "Table"
    module.Table = Table
    monkeypatch.setitem(sys.modules, module.__name__, module)
    # A module made up in a cell, under the package's name, is not the package's ...
    assert cells.trusted_html(Table()) is None
    # ... one of its files is.
    module.__file__ = str(ROOT / "rulebook_py" / "fake_display.py")
    assert cells.trusted_html(Table()) == "<table><tr><td>1</td></tr></table>"


def test_the_browsers_stand_in_for_ipython_display_gets_html(monkeypatch):
    display = types.ModuleType("IPython.display")
    monkeypatch.setitem(sys.modules, "IPython.display", display)
    cells.install_display()
    assert display.HTML is cells.HTML
    assert cells.trusted_html(display.HTML("<b>t</b>")) == "<b>t</b>"


def test_a_calculator_built_by_a_cell_is_paired_with_the_page_and_recomputes(english):
    live_bridge.start()
    live_bridge.SENDING[0] = True
    reply = cells.CELLS.handle(
        {
            "what": "run",
            "index": 0,
            "source": "from rulebook_py.widgets.dice import DiceCalculator\nDiceCalculator()",
        }
    )
    assert reply["ok"]
    [output] = reply["outputs"]
    root = output["model_id"]
    assert output["kind"] == "widget"
    state = reply["widgets"]
    assert state[root]["model_name"] == "VBoxModel"
    assert "rb-calc-DiceCalculator" in state[root]["state"]["_dom_classes"]
    assert set(state) <= set(live_bridge.PY_WIDGET)
    calc = live_bridge.PY_WIDGET[root]
    control = calc.controls["expression"].model_id
    message = {"method": "update", "state": {"value": "2d6+1"}, "buffer_paths": []}
    answer = live_bridge.BRIDGE.handle(json.dumps({"model": control, "data": message}))
    assert answer["ok"], answer
    sent = {model: data["state"] for model, data in answer["out"]}
    want = DiceCalculator(expression="2d6+1")
    assert sent[calc.result.model_id]["value"] == want.result.value


def test_an_exercise_is_checked_in_the_pages_language():
    runner = cells.Cells()
    runner.language = "fr"
    reply = runner.handle({"what": "exercise", "chapter": "dice", "number": 2, "text": "9,75 %"})
    assert reply == {
        "verdict": "right",
        "message": "Juste\u00a0: 39/400 (9,75\u00a0%).",
        "caption": "L’appel de la règle qui la donne\u00a0:",
        "expression": "parse('2d20kh1').prob_at_least(20)",
    }


def test_a_request_python_cannot_read_is_answered_not_raised():
    assert json.loads(cells.handle_json("{"))["ok"] is False
    reply = json.loads(cells.handle_json(json.dumps({"what": "nothing"})))
    assert reply == {"ok": False, "error": "ValueError(\"no such request: 'nothing'\")"}


def test_after_a_restart_the_calculators_take_the_pages_values_back(english):
    """Stop restarts Python from the page's snapshot: the page's values come back to it."""
    page = DiceCalculator()
    page.controls["expression"].value = "3d6"  # the reader's change, before Stop
    shown_state = dependency_state([page], drop_defaults=True)
    restored = live_bridge.Bridge()  # Python as the snapshot holds it: the book's values
    book = DiceCalculator()
    [report] = restored.setup(
        [{"key": "DiceCalculator", "cls": "DiceCalculator", "root": book.model_id}],
        dependency_state([book], drop_defaults=True),
    )
    assert report["ok"]
    live = restored.calculators["DiceCalculator"]
    assert live.controls["expression"].value != "3d6"
    # The page sends every plain value of its models, by the page's ids (the book's).
    values = {}
    for page_widget, book_widget in zip(_walk(page), _walk(book), strict=True):
        plain = {
            k: v
            for k, v in shown_state[page_widget.model_id]["state"].items()
            if not k.startswith("_") and isinstance(v, (str, int, float, bool))
        }
        values[book_widget.model_id] = plain
    assert restored.sync(values, {"DiceCalculator": 5}) == 1
    assert live.controls["expression"].value == "3d6"
    assert live.result.value == page.result.value
    assert live._shown_seed == 5
    # Back to the book's expression: the answer changes (and is sent), as it must.
    control = report["controls"]["expression"]
    message = {"method": "update", "state": {"value": book.controls["expression"].value}}
    answer = restored.handle(
        json.dumps({"model": control, "data": {**message, "buffer_paths": []}})
    )
    sent = {model: data["state"] for model, data in answer["out"]}
    assert sent[report["result"]]["value"] == book.result.value


def _walk(widget):
    """Every widget of a tree, depth first, in a fixed order."""
    import ipywidgets

    yield widget
    for key in sorted(widget.keys):
        value = getattr(widget, key)
        if isinstance(value, ipywidgets.Widget):
            yield from _walk(value)
        elif isinstance(value, (list, tuple)):
            for item in value:
                if isinstance(item, ipywidgets.Widget):
                    yield from _walk(item)


def test_fractions_stay_exact_through_a_run(english):
    runner = cells.Cells()
    runner.run(0, "from rulebook_py import parse")
    assert shown(runner.run(1, "parse('2d6').prob_at_least(10)")) == [("text", "Fraction(1, 6)")]
    assert runner.namespace["_"] == Fraction(1, 6)


def test_a_snapshot_holds_every_domains_french_catalog(monkeypatch):
    """A restored snapshot has no package files: each domain's catalog is read before it is taken."""
    import gettext

    from live import boot
    from rulebook_py import messages

    compiled = {p.stem for p in (messages.LOCALE / "fr" / "LC_MESSAGES").glob("*.mo")}
    assert {"exercises", "calculators"} <= compiled
    messages.translations.cache_clear()
    boot.load_catalogs()
    monkeypatch.setattr(messages, "LOCALE", Path("/nonexistent"))  # (as after a restore)
    assert messages.translations("fr", "exercises").gettext("Check") == "Vérifier"
    assert messages.translations("fr", "calculators").gettext("Roll") == "Lancer"
    for name in compiled & set(messages.DOMAINS):
        assert isinstance(messages.translations("fr", name), gettext.GNUTranslations), name
    messages.translations.cache_clear()
