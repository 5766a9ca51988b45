"""Every public function answers a wrong type with a RulebookError, never a raw error.

A programmer calling the package gets, for a wrong type, a
:class:`~rulebook_py.errors.RulebookError` that says what was expected:
never a raw ``TypeError`` / ``AttributeError`` / format ``ValueError``, never
a hang, and never a silent answer.

The calls come from the package itself: each public function's doctest
example (``>>> name(args)``) is a call known to be valid. Each argument of it
is then replaced, one at a time, by ``None``, ``3.5``, ``"3"``, ``True`` and
``10**100``:

* an argument that was an integer must refuse ``None`` (unless its default
  is ``None``), ``3.5``, ``"3"`` and ``True`` (an answer there is silent);
  a huge integer may be answered or refused, quickly;
* an argument that was text must refuse ``None`` (same exception), ``3.5``,
  ``True`` and ``10**100``;
* any other argument must answer or raise a ``RulebookError``.
"""

from __future__ import annotations

import ast
import inspect
import signal
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

import pytest

import rulebook_py
from rulebook_py import comparison, parse, pool
from rulebook_py.errors import RulebookError
from rulebook_py.systems import chroniques, galaxies, mass_battle, unisystem

FACADES = {
    "unisystem": unisystem,
    "galaxies": galaxies,
    "mass_battle": mass_battle,
    "chroniques": chroniques,
    "comparison": comparison,
    "rulebook_py": rulebook_py,
}
BAD = {"None": None, "3.5": 3.5, "'3'": "3", "True": True, "10**100": 10**100}
#: Seconds one call may take (nothing accepted may take a second; a refusal is quicker).
LIMIT = 2


class _Hang(Exception):
    pass


def _alarm(_signum: int, _frame: Any) -> None:
    raise _Hang


def _examples(name: str, func: Callable[..., Any]) -> Iterator[ast.Call]:
    """Calls of ``name(...)`` in the doctest examples of ``func``'s docstring."""
    doc = inspect.getdoc(func) or ""
    for line in doc.splitlines():
        text = line.strip()
        if not text.startswith(">>> "):
            continue
        try:
            tree = ast.parse(text[4:])
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                callee = node.func
                called = callee.id if isinstance(callee, ast.Name) else getattr(callee, "attr", "")
                if called == name:
                    yield node


def _cases() -> list[tuple[str, str, Callable[..., Any], tuple, dict]]:
    cases = []
    for facade_name, facade in FACADES.items():
        namespace = {**vars(facade), "Fraction": Fraction, "parse": parse, "pool": pool}
        for name in facade.__all__:
            func = getattr(facade, name)
            if (
                not callable(func)
                or name.isupper()
                or (facade_name == "rulebook_py" and (inspect.ismodule(func)))
            ):
                continue
            seen = set()
            for call in _examples(name, func):
                try:
                    args = tuple(eval(compile(ast.Expression(a), "<doc>", "eval"), namespace)
                                 for a in call.args)  # fmt: skip
                    kwargs = {
                        k.arg: eval(compile(ast.Expression(k.value), "<doc>", "eval"), namespace)
                        for k in call.keywords
                        if k.arg is not None
                    }
                except Exception:  # an example that uses names defined earlier in its doctest
                    continue
                key = ast.dump(call)
                if key in seen or any(isinstance(a, ast.Starred) for a in call.args):
                    continue
                seen.add(key)
                cases.append((facade_name, name, func, args, kwargs))
    return cases


CASES = _cases()


def _default_of(func: Callable[..., Any], position: int | None, keyword: str | None) -> Any:
    try:
        params = list(inspect.signature(func).parameters.values())
    except (TypeError, ValueError):
        return inspect.Parameter.empty
    if keyword is not None:
        for p in params:
            if p.name == keyword:
                return p.default
        return inspect.Parameter.empty
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return positional[position].default if position < len(positional) else inspect.Parameter.empty


def _must_refuse(original: Any, bad_name: str, default: Any) -> bool:
    """Whether this wrong value must be refused (an answer would be silent)."""
    if bad_name == "None" and default is None:
        return False
    if isinstance(original, bool):
        return bad_name in ("None", "3.5", "'3'", "10**100")
    if isinstance(original, int):
        return bad_name in ("None", "3.5", "'3'", "True")
    if isinstance(original, str):
        return bad_name in ("None", "3.5", "True", "10**100")
    return False


def _call(func: Callable[..., Any], args: tuple, kwargs: dict) -> tuple[str, Any]:
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(LIMIT)
    try:
        return "answer", func(*args, **kwargs)
    except RulebookError as err:
        return "refused", err
    except _Hang:
        return "hang", None
    except Exception as err:
        return "raw", err
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _variants(func: Callable[..., Any], args: tuple, kwargs: dict) -> Iterator[tuple]:
    for i, original in enumerate(args):
        default = _default_of(func, i, None)
        for bad_name, bad in BAD.items():
            changed = (*args[:i], bad, *args[i + 1 :])
            yield f"argument {i + 1} = {bad_name}", original, bad_name, default, changed, kwargs
    for key, original in kwargs.items():
        default = _default_of(func, None, key)
        for bad_name, bad in BAD.items():
            yield f"{key}={bad_name}", original, bad_name, default, args, {**kwargs, key: bad}


@pytest.mark.parametrize(
    ("facade", "name", "func", "args", "kwargs"),
    CASES,
    ids=[f"{c[0]}.{c[1]}-{i}" for i, c in enumerate(CASES)],
)
def test_a_wrong_type_gets_a_rulebook_error(facade, name, func, args, kwargs):
    problems = []
    for what, original, bad_name, default, new_args, new_kwargs in _variants(func, args, kwargs):
        kind, got = _call(func, new_args, new_kwargs)
        if kind == "raw":
            problems.append(f"{what}: raw {type(got).__name__}: {str(got)[:120]}")
        elif kind == "hang":
            problems.append(f"{what}: no answer within {LIMIT} s")
        elif kind == "answer" and _must_refuse(original, bad_name, default):
            problems.append(f"{what}: answered silently ({repr(got)[:60]})")
    assert not problems, f"{facade}.{name}: " + "; ".join(problems)


def test_the_examples_cover_every_facade():
    covered = {facade for facade, *_rest in CASES}
    assert covered == set(FACADES), f"no doctest call found for {set(FACADES) - covered}"
    assert len(CASES) > 100


DICE_METHODS = [
    ("prob_at_least", (3,)),
    ("prob_at_most", (3,)),
    ("compare", (parse("d6"),)),
    ("roll", (__import__("random").Random(1),)),
]


@pytest.mark.parametrize(("method", "args"), DICE_METHODS, ids=[m for m, _ in DICE_METHODS])
@pytest.mark.parametrize("bad_name", list(BAD))
def test_dice_methods_refuse_wrong_types(method, args, bad_name):
    dice = parse("d6")
    func = getattr(dice, method)
    kind, got = _call(func, (BAD[bad_name],), {})
    assert kind in ("refused", "answer"), f"{method}({bad_name}): {kind} {got!r}"
    if isinstance(args[0], int) and bad_name in ("None", "3.5", "'3'", "True"):
        assert kind == "refused", f"{method}({bad_name}) answered silently: {got!r}"
    if not isinstance(args[0], int):
        assert kind == "refused", f"{method}({bad_name}) answered: {got!r}"
