"""No test compares elapsed (wall-clock) time with a budget (issue 36).

On a busy machine an elapsed time says how busy the machine is, not how much
work the code did: speed budgets live in ``make bench`` (``scripts/bench.py``),
which prints every figure against its budget. A test may bound *work*
(operations counted, the cost estimate, a wide CPU-time limit against a hang
with ``time.process_time``), never elapsed time.

The check reads every test file and every doctest of ``rulebook_py`` as
Python (``ast``) and fails on an ``assert`` (or an ``if`` that fails the test)
whose condition depends on a wall clock: ``time.perf_counter``,
``time.monotonic``, ``time.time`` (and their ``_ns`` forms), ``datetime.now``,
a calculator's ``last_update_seconds``, a name assigned from any of these,
or a call of a function (of the tests) that returns one. A wait that gives up
(``raise TimeoutError``) is a guard against a hang, not a budget: allowed.
"""

from __future__ import annotations

import ast
import doctest
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: Calls that read a wall clock.
CLOCKS = {"perf_counter", "perf_counter_ns", "monotonic", "monotonic_ns", "time", "time_ns", "now"}
#: Attributes that hold a wall-clock duration.
DURATIONS = {"last_update_seconds"}
#: Calls that fail a test (inside an ``if`` on a wall clock, they are an assertion).
FAILS = {"fail", "AssertionError"}


def _reads_clock(node: ast.AST, tainted: set[str], returns_time: set[str]) -> bool:
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call):
            func = sub.func
            name = (
                func.attr
                if isinstance(func, ast.Attribute)
                else func.id
                if isinstance(func, ast.Name)
                else None
            )
            if name in returns_time:
                return True
            if name in CLOCKS and _is_clock_call(func):
                return True
        elif isinstance(sub, ast.Attribute) and sub.attr in DURATIONS:
            return True
        elif isinstance(sub, ast.Name) and sub.id in tainted:
            return True
    return False


def _is_clock_call(func: ast.expr) -> bool:
    """``time.perf_counter()``, ``perf_counter()``, ``time.time()``, ``datetime.now()``..."""
    if isinstance(func, ast.Attribute):
        owner = func.value
        owner_name = owner.id if isinstance(owner, ast.Name) else getattr(owner, "attr", "")
        if func.attr in {"time", "time_ns"}:
            return owner_name == "time"
        if func.attr == "now":
            return owner_name == "datetime"
        return True
    return func.id != "now"  # (``from time import perf_counter``, ``from time import time``)


def _targets(node: ast.AST) -> Iterator[str]:
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name):
            yield sub.id


def _functions(tree: ast.AST) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node


def _tainted_names(scope: ast.AST, returns_time: set[str]) -> set[str]:
    """Names of ``scope`` assigned (directly or not) from a wall clock."""
    tainted: set[str] = set()
    while True:
        before = len(tainted)
        for node in ast.walk(scope):
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and node.value:
                if _reads_clock(node.value, tainted, returns_time):
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    for target in targets:
                        tainted.update(_targets(target))
            elif isinstance(node, ast.For) and _reads_clock(node.iter, tainted, returns_time):
                tainted.update(_targets(node.target))
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in {"append", "extend", "add"}
                and isinstance(node.func.value, ast.Name)
                and any(_reads_clock(a, tainted, returns_time) for a in node.args)
            ):
                tainted.add(node.func.value.id)
        if len(tainted) == before:
            return tainted


def functions_returning_time(trees: list[ast.AST]) -> set[str]:
    """Names of the functions (of these files) whose return value holds a wall-clock reading."""
    found: set[str] = set()
    while True:
        before = len(found)
        for tree in trees:
            for func in _functions(tree):
                tainted = _tainted_names(func, found)
                for node in ast.walk(func):
                    if (
                        isinstance(node, ast.Return)
                        and node.value is not None
                        and _reads_clock(node.value, tainted, found)
                    ):
                        found.add(func.name)
        if len(found) == before:
            return found


def _fails(body: list[ast.stmt]) -> bool:
    for stmt in body:
        for node in ast.walk(stmt):
            if isinstance(node, ast.Raise) and node.exc is not None:
                exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
                if getattr(exc, "id", getattr(exc, "attr", None)) in FAILS:
                    return True
            if isinstance(node, ast.Call):
                func = node.func
                if isinstance(func, ast.Attribute) and func.attr == "fail":
                    return True
    return False


def _own_nodes(scope: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a module or function, not those of the functions defined in it."""
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        yield node
        todo.extend(ast.iter_child_nodes(node))


def wall_clock_assertions(tree: ast.AST, returns_time: set[str]) -> list[int]:
    """Line numbers of the assertions of ``tree`` that depend on a wall clock."""
    lines = []
    for scope in [tree, *_functions(tree)]:
        tainted = _tainted_names(scope, returns_time)
        for node in _own_nodes(scope):
            if isinstance(node, ast.Assert) and _reads_clock(node.test, tainted, returns_time):
                lines.append(node.lineno)
            elif (
                isinstance(node, (ast.If, ast.While))
                and _reads_clock(node.test, tainted, returns_time)
                and _fails(node.body)
            ):
                lines.append(node.lineno)
    return sorted(set(lines))


def _doctest_source(path: Path) -> str:
    """The doctest examples of a module, as one Python source (one example a line)."""
    parser = doctest.DocTestParser()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            text = ast.get_docstring(node, clean=True)
            if text:
                for example in parser.get_examples(text):
                    lines.append(example.source)
    return "".join(lines)


def sources() -> dict[str, str]:
    """Every test file (its code) and every module's doctests, by path."""
    found = {}
    for path in sorted((ROOT / "tests").rglob("*.py")):
        found[str(path.relative_to(ROOT))] = path.read_text(encoding="utf-8")
    for path in sorted((ROOT / "rulebook_py").rglob("*.py")):
        code = _doctest_source(path)
        if code:
            found[f"{path.relative_to(ROOT)} (doctests)"] = code
    return found


def _mentions(code: str, names: set[str]) -> bool:
    """Whether ``code`` holds one of ``names`` as a word (a cheap filter before parsing)."""
    return bool(names) and re.search(r"\b(?:" + "|".join(sorted(names)) + r")\b", code) is not None


def offenders(files: dict[str, str]) -> list[str]:
    """``path:line`` of every assertion of ``files`` that depends on a wall clock.

    Only the files that name a clock, a duration or a function returning a clock
    reading can hold one, so only those are parsed and walked (the filter grows
    with the functions found, until nothing new is found).
    """
    trees: dict[str, ast.AST] = {}
    returns_time: set[str] = set()
    while True:
        wanted = CLOCKS | DURATIONS | returns_time
        for name, code in files.items():
            if name not in trees and _mentions(code, wanted):
                try:
                    trees[name] = ast.parse(code)
                except SyntaxError:  # a doctest example that is not a whole statement alone
                    trees[name] = ast.Module(body=[], type_ignores=[])
        found = functions_returning_time(list(trees.values()))
        if found == returns_time:
            break
        returns_time = found
    return [
        f"{name}:{line}"
        for name, tree in trees.items()
        for line in wall_clock_assertions(tree, returns_time)
    ]


def test_no_test_asserts_on_elapsed_time():
    found = offenders(sources())
    assert found == [], (
        "these assertions compare a wall-clock time (busy machines fail them): bound the work "
        "instead (operations, the cost estimate, a wide time.process_time limit against a hang) "
        "and put the speed budget in scripts/bench.py:\n" + "\n".join(found)
    )


BAD = {
    "direct": "import time\ndef test():\n    start = time.perf_counter()\n    f()\n"
    "    assert time.perf_counter() - start < 1\n",
    "through a name": "import time\ndef test():\n    t0 = time.monotonic()\n    f()\n"
    "    took = time.monotonic() - t0\n    assert took < 0.1, took\n",
    "time.time": "import time\ndef test():\n    s = time.time()\n    assert time.time() - s < 2\n",
    "from-import": "from time import perf_counter\ndef test():\n    s = perf_counter()\n"
    "    assert perf_counter() - s < 2\n",
    "a calculator's own timer": "def test(calc):\n    assert calc.last_update_seconds < 0.016\n",
    "a list of times": "def test(calc):\n    times = []\n    for _ in range(3):\n"
    "        times.append(calc.last_update_seconds)\n    assert max(times) < 0.1\n",
    "a helper's return": "import time\ndef helper():\n    s = time.perf_counter()\n"
    "    return 'x', time.perf_counter() - s\ndef test():\n    name, seconds = helper()\n"
    "    assert seconds < 30\n",
    "if and fail": "import time, pytest\ndef test():\n    s = time.perf_counter()\n"
    "    if time.perf_counter() - s > 1:\n        pytest.fail('slow')\n",
    "module level": "import time\nstart = time.perf_counter()\nassert time.perf_counter() - start < 1\n",
}
GOOD = {
    "CPU time against a hang": "import time\ndef test():\n    start = time.process_time()\n"
    "    f()\n    assert time.process_time() - start < 5\n",
    "a wait that gives up": "import time\ndef wait(p):\n    deadline = time.perf_counter() + 30\n"
    "    while not p():\n        if time.perf_counter() > deadline:\n"
    "            raise TimeoutError('never')\n",
    "printed, not asserted": "import time\ndef test():\n    s = time.perf_counter()\n"
    "    assert f() == 2\n    print(time.perf_counter() - s)\n",
    "a method named time": "def test(clock):\n    assert clock.time() == 3\n",
}


@pytest.mark.parametrize("label", BAD)
def test_the_check_finds_an_elapsed_time_assertion(label):
    assert offenders({label: BAD[label]}) != []


@pytest.mark.parametrize("label", GOOD)
def test_the_check_lets_work_bounds_and_waits_pass(label):
    assert offenders({label: GOOD[label]}) == []


def test_the_check_reads_doctests(tmp_path):
    module = tmp_path / "m.py"
    module.write_text(
        '"""Doc.\n\n>>> import time\n>>> s = time.perf_counter()\n'
        '>>> assert time.perf_counter() - s < 1\n"""\n',
        encoding="utf-8",
    )
    assert offenders({"m": _doctest_source(module)}) == ["m:3"]


def test_hypothesis_keeps_no_wall_clock_budget():
    """Hypothesis's deadline per example and its "too slow" check are off for every test."""
    from hypothesis import HealthCheck, settings

    assert settings().deadline is None
    assert HealthCheck.too_slow in settings().suppress_health_check
