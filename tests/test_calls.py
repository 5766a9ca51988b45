"""Calls as data: the Python line is the call a calculator makes, and a keystroke checks once.

For every registered calculator, at its defaults and after each of its
benchmark changes:

* the line, evaluated with only its own import, gives the value shown;
* the rule the line names was called from the widget layer exactly once in
  that update, with exactly the arguments of the call description the line is
  written from (recorded by a profile hook, not by the code under test).

And one keystroke in the dice box costs each expression once and writes each
notation once.
"""

from __future__ import annotations

import inspect
import sys
from collections import Counter
from dataclasses import replace

import pytest

from rulebook_py.dice import cost, expression
from rulebook_py.widgets import CALCULATORS
from rulebook_py.widgets.dice import DiceCalculator

NAMES = sorted(CALCULATORS)


def _recorded(action) -> list[tuple[object, dict]]:
    """Every call made from the widget layer into the rules: (code, its arguments)."""
    calls = []

    def hook(frame, event, _arg):
        if event != "call":
            return
        caller = frame.f_back
        callee = frame.f_code.co_filename
        if (
            caller is not None
            and "/rulebook_py/widgets/" in caller.f_code.co_filename
            and "/rulebook_py/" in callee
            and "/rulebook_py/widgets/" not in callee
        ):
            calls.append((frame.f_code, dict(frame.f_locals)))

    sys.setprofile(hook)
    try:
        action()
    finally:
        sys.setprofile(None)
    return calls


def _compare(calls: list, made, what: str) -> None:
    """The rule ``made`` names was called once, with exactly ``made``'s arguments."""
    func = inspect.unwrap(made.func)
    code = getattr(func, "__code__", None) or func.__init__.__code__
    bound = inspect.signature(made.func).bind(*made.args, **made.kwargs)
    bound.apply_defaults()
    mine = [args for c, args in calls if c is code]
    assert len(mine) == 1, f"{what}: {func.__name__} called {len(mine)} times in one update"
    got = {name: mine[0][name] for name in bound.arguments}
    assert got == dict(bound.arguments), f"{what}: called with other arguments than described"


def _check_update(calc, action, what: str) -> None:
    calls = _recorded(action)
    assert calc.error == "", f"{what}: {calc.error}"
    line = calc.view.call
    if line is None:
        return
    namespace: dict = {}
    exec(line.imports, namespace)  # its own import, nothing else
    assert eval(line.expression, namespace) == line.value, f"{what}: {line.expression}"
    assert line.description is not None, f"{what}: the line is not written from a description"
    _compare(calls, line.description, what)


@pytest.mark.parametrize("name", NAMES)
def test_the_python_line_is_the_call_the_calculator_makes(name):
    cls = CALCULATORS[name]
    calc = cls()
    _check_update(calc, calc.update, f"{name} at its defaults")
    for control, value in cls.bench_changes:

        def change(control=control, value=value):
            if calc.controls[control].value == value:
                calc.update()  # the same value: no change, so no update of its own
            calc.controls[control].value = value

        _check_update(calc, change, f"{name} {control}={value!r}")


def test_the_record_tells_a_line_that_is_not_the_call():
    calc = DiceCalculator()
    made = calc.view.call.description
    _compare(_recorded(calc.update), made, "the true line")
    wrong = replace(made, kwargs={**made.kwargs, "target": 12})
    with pytest.raises(AssertionError, match="other arguments"):
        _compare(_recorded(calc.update), wrong, "a line that is not the call")
    with pytest.raises(AssertionError, match="called 0 times"):
        _compare(_recorded(lambda: None), made, "no call made")


def test_one_keystroke_costs_each_expression_once_and_writes_each_notation_once(monkeypatch):
    calc = DiceCalculator()
    estimated: Counter = Counter()
    written: Counter = Counter()
    estimate, notation = cost._estimate, expression.tree_notation

    def counted_estimate(node):
        estimated[node] += 1
        return estimate(node)

    def counted_notation(node):
        written[node] += 1
        return notation(node)

    monkeypatch.setattr(cost, "_estimate", counted_estimate)
    monkeypatch.setattr(expression, "tree_notation", counted_notation)
    cost._checked.cache_clear()
    calc.controls["expression"].value = "d20+13"  # a new text: read, wrapped, costed with others
    assert calc.error == ""
    assert len(estimated) == 4 and set(estimated.values()) == {1}, estimated
    assert sum(written.values()) == 1, written  # the new one; the others were written before
