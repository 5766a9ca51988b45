"""Every parameter of every public name answers bad input with a RulebookError, quickly.

The probe visits every callable in the ``__all__`` of every facade
(``unisystem``, ``galaxies``, ``mass_battle``, ``chroniques``, ``comparison``,
``rulebook_py``, ``rulebook_py.dice`` and the four of ``rulebook_py.outcomes``),
record types included. A call known
to be valid comes from the name's own doctest example (``>>> name(args)``,
``random.Random`` allowed); then **every parameter of the signature**, given in
the example or left at its default, is replaced in turn by each value of
:data:`VALUES`. Each call must

* answer, or raise a :class:`~rulebook_py.errors.RulebookError` (never a raw
  ``TypeError``, ``AttributeError``, ``ValueError``...);
* finish within :data:`LIMIT` seconds of CPU (a hang is a failure);
* refuse a value of the wrong type for the parameter's annotation (an answer
  there is *silent*): ``"3"`` or ``3.5`` for an ``int``, ``1`` for a ``bool``,
  ``None`` where ``None`` is not allowed, anything but a ``random.Random`` for
  an ``rng``... The annotation is read with :func:`typing.get_type_hints`; a
  parameter annotated ``Any``, ``object`` or a callable accepts every type.

A RulebookError's message must also quote at most about 60 characters of what
was given.
"""

from __future__ import annotations

import ast
import collections.abc as abc
import enum
import inspect
import math
import random
import signal
import types
import typing
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

import pytest

import rulebook_py
from rulebook_py import comparison, dice, outcomes, parse, pool
from rulebook_py.errors import RulebookError
from rulebook_py.systems import chroniques, galaxies, mass_battle, unisystem

FACADES = {
    "unisystem": unisystem,
    "galaxies": galaxies,
    "mass_battle": mass_battle,
    "chroniques": chroniques,
    "comparison": comparison,
    "rulebook_py": rulebook_py,
    "dice": dice,
    "outcomes.unisystem": outcomes.unisystem,
    "outcomes.mass_battle": outcomes.mass_battle,
    "outcomes.chroniques": outcomes.chroniques,
    "outcomes.dice": outcomes.dice,
}

#: The hostile values, by the name a failure report gives them.
VALUES: dict[str, Any] = {
    "None": None,
    "3.5": 3.5,
    "'3'": "3",
    "True": True,
    "10**100": 10**100,
    "-10**100": -(10**100),
    "10**5000": 10**5000,
    "-1": -1,
    "0": 0,
    "nan": math.nan,
    "inf": math.inf,
    "''": "",
    "100k text": "x" * 100_000,
    "[]": [],
    "{}": {},
    "object()": object(),
    "b'3'": b"3",
    "Fraction(1, 2)": Fraction(1, 2),
    "'٣'": "٣",
}
#: CPU seconds one call may take (nothing accepted may take a second; a refusal is quicker).
LIMIT = 2.0
#: Longest message a refusal may write (it quotes at most about 60 characters of the value).
MESSAGE_LIMIT = 600


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
                if called == name and not any(isinstance(a, ast.Starred) for a in node.args):
                    yield node


def _evaluate(node: ast.AST, namespace: dict[str, Any]) -> Any:
    return eval(compile(ast.Expression(node), "<doc>", "eval"), namespace)


def _public(facade_name: str, facade: types.ModuleType) -> Iterator[tuple[str, Any]]:
    for name in facade.__all__:
        thing = getattr(facade, name)
        if not callable(thing) or name.isupper() or inspect.ismodule(thing):
            continue
        if isinstance(thing, type) and issubclass(thing, (enum.Enum, BaseException)):
            continue  # enumerations and errors are built by the package, not probed here
        yield name, thing


def _base_call(name: str, func: Any, namespace: dict[str, Any]) -> tuple[tuple, dict] | None:
    """The first example call of ``func`` that evaluates (its arguments)."""
    for call in _examples(name, func):
        try:
            args = tuple(_evaluate(a, namespace) for a in call.args)
            kwargs = {k.arg: _evaluate(k.value, namespace) for k in call.keywords if k.arg}
        except Exception:  # an example using names defined earlier in its doctest
            continue
        return args, kwargs
    return None


def _cases() -> tuple[list[tuple[str, str, Any, tuple, dict]], list[str]]:
    cases, without = [], []
    for facade_name, facade in FACADES.items():
        rules = FACADES.get(facade_name.removeprefix("outcomes."), facade)
        namespace = {
            **vars(rules),  # an outcome's examples use its system's types
            **vars(facade),
            "Fraction": Fraction,
            "parse": parse,
            "pool": pool,
            "random": random,
        }
        for name, func in _public(facade_name, facade):
            found = _base_call(name, func, namespace)
            if found is None:
                without.append(f"{facade_name}.{name}")
            else:
                cases.append((facade_name, name, func, *found))
    return cases, without


CASES, WITHOUT_EXAMPLE = _cases()


def _signature(func: Any) -> inspect.Signature | None:
    try:
        return inspect.signature(func)
    except (TypeError, ValueError):
        return None


def _hints(func: Any) -> dict[str, Any]:
    target = func.__init__ if isinstance(func, type) and "__init__" in vars(func) else func
    try:
        hints = typing.get_type_hints(target)
    except Exception:
        hints = {}
    if isinstance(func, type) and not hints:
        try:
            hints = typing.get_type_hints(func)
        except Exception:
            hints = {}
    return hints


_ANY = (typing.Any, object)


def _matches(value: Any, hint: Any) -> bool | None:
    """Whether ``value`` has the type ``hint`` names; None when the hint cannot tell."""
    if hint in _ANY:
        return None
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        answers = [_matches(value, h) for h in typing.get_args(hint)]
        return True if any(answers) else (None if None in answers else False)
    if hint is type(None) or hint is None:
        return value is None
    if origin is typing.Literal:
        return value in typing.get_args(hint) and not isinstance(value, bool)
    if origin in (abc.Callable,) or hint is abc.Callable:
        return None
    target = origin or hint
    if target is bool:
        return isinstance(value, bool)
    if target is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if target is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if target is Fraction:
        return isinstance(value, (int, Fraction)) and not isinstance(value, bool)
    if target is str:
        return isinstance(value, str)
    if target in (abc.Mapping, dict):
        return isinstance(value, abc.Mapping)
    if target in (abc.Iterable, abc.Sequence, abc.Collection, tuple, list, set, frozenset):
        return isinstance(value, (list, tuple, set, frozenset))
    if isinstance(target, type):
        try:
            return isinstance(value, target)
        except TypeError:
            return None
    return None


def _call(func: Callable[..., Any], args: tuple, kwargs: dict) -> tuple[str, Any]:
    previous = signal.signal(signal.SIGPROF, _alarm)
    signal.setitimer(signal.ITIMER_PROF, LIMIT)
    try:
        answer = func(*args, **kwargs)
        text = repr(answer)  # an answer must also print (a record that fails when shown is raw)
        return "answer", text
    except RulebookError as err:
        return "refused", err
    except _Hang:
        return "hang", None
    except RecursionError as err:
        return "raw", err
    except Exception as err:
        return "raw", err
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def _variants(func: Any, args: tuple, kwargs: dict) -> Iterator[tuple[str, str, Any, tuple, dict]]:
    """(what, parameter, value name, args, kwargs) for every parameter and every value."""
    signature = _signature(func)
    if signature is None:
        return
    params = [p for p in signature.parameters.values() if p.name not in ("self", "cls")]
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    for i, param in enumerate(params):
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue
        for value_name, value in VALUES.items():
            if param in positional and positional.index(param) < len(args):
                at = positional.index(param)
                new_args, new_kwargs = (*args[:at], value, *args[at + 1 :]), dict(kwargs)
            elif param.kind is param.POSITIONAL_ONLY:
                continue  # (a positional-only parameter after those given: cannot be reached)
            else:
                new_args, new_kwargs = args, {**kwargs, param.name: value}
            yield f"{param.name}={value_name}", param.name, value, new_args, new_kwargs
        del i


def probe(func: Any, args: tuple, kwargs: dict) -> list[str]:
    """Every problem of ``func`` given each hostile value at each parameter."""
    hints = _hints(func)
    signature = _signature(func)
    defaults = (
        {p.name: p.default for p in signature.parameters.values()} if signature is not None else {}
    )
    problems = []
    for what, name, value, new_args, new_kwargs in _variants(func, args, kwargs):
        kind, got = _call(func, new_args, new_kwargs)
        if kind == "raw":
            problems.append(f"{what}: raw {type(got).__name__}: {str(got)[:100]}")
        elif kind == "hang":
            problems.append(f"{what}: no answer within {LIMIT} s of CPU")
        elif kind == "refused" and len(str(got)) > MESSAGE_LIMIT:
            problems.append(f"{what}: a message of {len(str(got))} characters")
        elif kind == "answer" and name in hints:
            fits = _matches(value, hints[name])
            if fits is False and not (value is None and defaults.get(name) is None):
                problems.append(f"{what}: answered silently ({got[:60]})")
    return problems


@pytest.mark.parametrize(
    ("facade", "name", "func", "args", "kwargs"),
    CASES,
    ids=[f"{c[0]}.{c[1]}" for c in CASES],
)
def test_every_parameter_refuses_bad_input(facade, name, func, args, kwargs):
    problems = probe(func, args, kwargs)
    assert not problems, f"{facade}.{name}: " + "; ".join(problems)


def test_every_public_callable_has_an_example_to_probe():
    assert WITHOUT_EXAMPLE == []
    assert {facade for facade, *_rest in CASES} == set(FACADES)


def test_the_probe_finds_a_silent_answer_and_a_raw_error():
    def lenient(count: int = 1) -> int:
        return count

    def raw(count: int = 1) -> int:
        return 10 // count

    assert any("'3'" in p and "silently" in p for p in probe(lenient, (), {}))
    assert any("0: raw ZeroDivisionError" in p for p in probe(raw, (), {}))


DICE_METHODS = [
    ("prob_at_least", (3,)),
    ("prob_at_most", (3,)),
    ("compare", (parse("d6"),)),
    ("roll", (random.Random(1),)),
]


@pytest.mark.parametrize(("method", "args"), DICE_METHODS, ids=[m for m, _ in DICE_METHODS])
@pytest.mark.parametrize("value_name", list(VALUES))
def test_dice_methods_refuse_wrong_types(method, args, value_name):
    func = getattr(parse("d6"), method)
    kind, got = _call(func, (VALUES[value_name],), {})
    assert kind in ("refused", "answer"), f"{method}({value_name}): {kind} {got!r}"
    hints = _hints(func)
    first = next(iter(inspect.signature(func).parameters))
    fits = _matches(VALUES[value_name], hints.get(first, type(args[0])))
    if fits is False:
        assert kind == "refused", f"{method}({value_name}) answered silently: {got!r}"
