"""Calls as data: one rules call, described once, executed and written from that description.

A calculator maps its controls, **by name**, to one :class:`Call`: the rule
function, its arguments and the path into its outcome that gives the value the
"same answer in Python" line shows. :meth:`Call.run` makes exactly that call
and writes the :class:`PythonCall` from the same description, so the line and
the call can never disagree: the line is never written from a string.

A path is a tuple of steps: ``"name"`` (an attribute), ``("name", *args)`` (a
method called with those arguments), an ``int`` or a ``slice`` (an index).

Example:
    >>> from rulebook_py.systems import galaxies
    >>> outcome, call = rule_call(galaxies.opposed, "1D", "1D", path=("tie",))
    >>> call.expression, call.value
    ("galaxies.opposed('1D', '1D').tie", Fraction(1, 6))
    >>> call.description.func is galaxies.opposed
    True
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Any

from ..distribution import decimal_text, digit_count

__all__ = ["Call", "Path", "PythonCall", "by_name", "call_text", "changes", "follow"]
__all__ += ["path_text", "rule_call", "value_text"]

#: A path into an outcome: attributes, method calls ``(name, *args)``, indexes.
Path = tuple[Any, ...]

#: Digits past which the Python line writes an exact fraction short (its size and its value).
VALUE_DIGITS = 2000


def _sizes(value: Any) -> str:
    """The sizes and value of an exact fraction too long to read ("" for any other value)."""
    if isinstance(value, Fraction):
        num, den = value.numerator, value.denominator
        if (num.bit_length() + den.bit_length()) * 0.30103 > VALUE_DIGITS:
            return f"{digit_count(num)} and {digit_count(den)} digits, ≈ {decimal_text(value)}"
    return ""


def value_text(value: Any) -> str:
    """``repr`` of the Python line's value; an exact fraction too long to read, written short.

    Python refuses to write an integer of more than 4,300 digits, and a page
    has no use for a fraction of thousands: past :data:`VALUE_DIGITS` digits
    the value is its size and its decimal value, as a Python comment (in a
    tuple too).

    Example:
        >>> value_text(Fraction(1, 3)), value_text(Fraction(1, 3 ** 5000))
        ('Fraction(1, 3)', 'Fraction(…)  # 1 and 2386 digits, ≈ 2.47586e-2386')
        >>> value_text((Fraction(1, 2), Fraction(1, 3 ** 5000)))
        '(Fraction(1, 2), Fraction(…))  # 1 and 2386 digits, ≈ 2.47586e-2386'
    """
    items = value if isinstance(value, tuple) else (value,)
    sizes = [_sizes(v) for v in items]
    if any(sizes):
        shown = ", ".join("Fraction(…)" if size else repr(v) for v, size in zip(items, sizes))
        shown = f"({shown})" if isinstance(value, tuple) else shown
        return f"{shown}  # {'; '.join(size for size in sizes if size)}"
    try:
        return repr(value)
    except ValueError:  # a number inside it past Python's 4,300 digits
        return f"…  # a {type(value).__name__} too long to write"


def _import_of(func: Callable[..., Any]) -> tuple[str, str, str]:
    """Where a reader imports ``func`` from: (package, name imported, how the call is written).

    The name the chapters use, ``rulebook_py``'s own (a system, ``parse``), is
    preferred; an outcome is written from ``outcomes`` with its system beside it
    (its arguments may be the system's types); else the shortest package of
    ``func``'s module that exports it.

    Example:
        >>> from rulebook_py.systems.chroniques import attack
        >>> from rulebook_py.dice import parse
        >>> from rulebook_py.outcomes.unisystem import check
        >>> _import_of(attack), _import_of(parse)[2], _import_of(check)[1:]
        (('rulebook_py', 'chroniques', 'chroniques.attack'), 'parse', ('outcomes, unisystem', 'outcomes.unisystem.check'))
    """
    top = importlib.import_module("rulebook_py")
    name = func.__name__
    for public in top.__all__:
        item = getattr(top, public)
        if item is func:
            return "rulebook_py", public, public
        if inspect.ismodule(item) and getattr(item, name, None) is func:
            return "rulebook_py", public, f"{public}.{name}"
    parts = func.__module__.split(".")
    if parts[1:3] == ["outcomes", "dice"]:  # plain text arguments: the function alone
        return "rulebook_py.outcomes.dice", name, name
    if parts[1:2] == ["outcomes"]:  # an outcome, and its system whose types its arguments use
        return "rulebook_py", f"outcomes, {parts[2]}", f"outcomes.{parts[2]}.{name}"
    for end in range(2, len(parts) + 1):
        package = ".".join(parts[:end])
        if getattr(importlib.import_module(package), name, None) is func:
            return package, name, name
    raise ValueError(f"{name} is not public")  # pragma: no cover (every rule is)


def _is_default(param: inspect.Parameter | None, value: Any) -> bool:
    if param is None or param.default is inspect.Parameter.empty:
        return False
    default = param.default
    if isinstance(default, Enum):
        return value is default or value in (default.name, getattr(default, "english", None))
    try:
        return bool(default == value) and type(default) is type(value)
    except Exception:
        return False


def call_text(func: Callable[..., Any], *args: Any, **keywords: Any) -> str:
    """``facade.func(args, keyword=value, ...)``, keywords left at their default omitted.

    The one writer of every "same answer in Python" expression: arguments are
    written with ``repr``, so the line always reads back as the values used; the
    parameters without a default given by name are written by position, in order.

    Example:
        >>> from rulebook_py.outcomes.chroniques import attack_report
        >>> call_text(attack_report, 5, 15, critical_from=20, kind="ranged")
        "outcomes.chroniques.attack_report(5, 15, kind='ranged')"
        >>> call_text(attack_report, defense=15, bonus=5)  # required ones by position
        'outcomes.chroniques.attack_report(5, 15)'

    """
    params = inspect.signature(func).parameters
    shown = [repr(a) for a in args]
    for name, param in list(params.items())[len(args) :]:  # required ones, by position
        required = param.default is param.empty and param.kind == param.POSITIONAL_OR_KEYWORD
        if name not in keywords or not required:
            break
        shown.append(repr(keywords[name]))
    written = set(list(params)[: len(shown)])
    shown += [
        f"{k}={v!r}"
        for k, v in keywords.items()
        if k not in written and not _is_default(params.get(k), v)
    ]
    return f"{_import_of(func)[2]}({', '.join(shown)})"


def path_text(path: Path) -> str:
    """The Python of a path into an outcome.

    Example:
        >>> path_text(("odds", ("prob_at_least", 7), -1, slice(None, 2)))
        '.odds.prob_at_least(7)[-1][:2]'
    """
    text = ""
    for step in path:
        if isinstance(step, str):
            text += f".{step}"
        elif isinstance(step, tuple):
            text += f".{step[0]}({', '.join(repr(a) for a in step[1:])})"
        elif isinstance(step, slice):
            text += f"[{'' if step.start is None else step.start}:{'' if step.stop is None else step.stop}]"
        else:
            text += f"[{step!r}]"
    return text


def follow(outcome: Any, path: Path) -> Any:
    """What ``path`` gives from ``outcome``, as :func:`path_text` writes it.

    Example:
        >>> follow(Fraction(1, 2), (("limit_denominator",), "denominator"))
        2
        >>> follow([[1, 2], [3, 4]], (-1, slice(None, 1)))
        [3]
    """
    value = outcome
    for step in path:
        if isinstance(step, str):
            value = getattr(value, step)
        elif isinstance(step, tuple):
            value = getattr(value, step[0])(*step[1:])
        else:
            value = value[step]
    return value


@dataclass(frozen=True)
class PythonCall:
    """The one-line package call that reproduces a calculator's exact answer.

    Shown under the calculator, ready to copy, as an interactive session: the
    import of ``module`` from ``source``, the ``expression``, and the ``repr``
    of ``value``.

    Attributes:
        module: The name imported (``"chroniques"``, ``"parse"``).
        expression: One Python expression that uses only that name.
        value: What the expression gives for the current controls.
        source: The package it is imported from.
        description: The :class:`Call` the line is written from (the one executed).

    Example:
        >>> call = PythonCall("parse", 'parse("2d6").prob_at_least(7)', Fraction(7, 12))
        >>> call.text().splitlines()[1:]
        ['>>> parse("2d6").prob_at_least(7)', 'Fraction(7, 12)']
    """

    module: str
    expression: str
    value: Any
    source: str = "rulebook_py"
    description: Call | None = field(default=None, compare=False)

    @property
    def imports(self) -> str:
        """The lines that import what the expression uses (``Fraction`` too, where it is written).

        Example:
            >>> print(PythonCall("galaxies", "galaxies.f(Fraction(1, 2))", 0).imports)
            from fractions import Fraction
            from rulebook_py import galaxies
        """
        fraction = "from fractions import Fraction\n" if "Fraction(" in self.expression else ""
        return f"{fraction}from {self.source} import {self.module}"

    @property
    def lines(self) -> list[str]:
        """The statements of the session: the imports, then the expression."""
        return [*self.imports.splitlines(), self.expression]

    def text(self) -> str:
        """The call as an interactive-session transcript (import, expression, value)."""
        return "".join(f">>> {line}\n" for line in self.lines) + repr(self.value)


@dataclass(frozen=True)
class Call:
    """One rules call as data: the function, its arguments, the path into its outcome.

    Attributes:
        func: The rule function called.
        args: Its positional arguments (never a control's value: those go by name).
        kwargs: Its keyword arguments.
        path: The path into the outcome to the value the line shows, or a
            function of the outcome that gives that path.

    Example:
        >>> from rulebook_py.systems import galaxies
        >>> call = Call(galaxies.opposed, ("1D", "1D"), {}, ("tie", ("limit_denominator", 5)))
        >>> call.run()[1].expression
        "galaxies.opposed('1D', '1D').tie.limit_denominator(5)"
    """

    func: Callable[..., Any]
    args: tuple[Any, ...] = ()
    kwargs: Mapping[str, Any] = field(default_factory=dict)
    path: Path | Callable[[Any], Path] = ()

    def run(self) -> tuple[Any, PythonCall]:
        """Make the call; the outcome, and its Python line written from this description.

        The line leaves out every keyword the outcome names in its ``unused``
        (the answer does not depend on them) and every one left at its default.
        """
        outcome = self.func(*self.args, **self.kwargs)
        path = self.path(outcome) if callable(self.path) else self.path
        unused = {name for name, _why in getattr(outcome, "unused", ())}
        kept = {k: v for k, v in self.kwargs.items() if k not in unused}
        source, module, _head = _import_of(self.func)
        text = call_text(self.func, *self.args, **kept) + path_text(path)
        return outcome, PythonCall(module, text, follow(outcome, path), source, self)


def rule_call(
    func: Callable[..., Any], *args: Any, path: Path | Callable[[Any], Path] = (), **kw: Any
) -> tuple[Any, PythonCall]:
    """Run ``Call(func, args, kw, path)``: the outcome and its Python line.

    Example:
        >>> from rulebook_py.systems import galaxies
        >>> rule_call(galaxies.opposed, "1D", "1D", path=lambda o: ("tie",))[1].value
        Fraction(1, 6)
    """
    return Call(func, args, kw, path).run()


def by_name(
    func: Callable[..., Any],
    values: Mapping[str, Any],
    prefix: str = "",
    fields: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The keyword arguments of ``func`` that controls give, by name.

    Parameter ``p`` takes control ``fields[p]`` where ``fields`` names it, else ``prefix + p``.

    Example:
        >>> from rulebook_py.systems import chroniques
        >>> by_name(chroniques.first_aid, {"die": "d20", "intelligence": 1, "other": 0})
        {'intelligence': 1, 'die': 'd20'}
        >>> by_name(chroniques.first_aid, {"a_die": 4, "int": 2}, "a_", {"intelligence": "int"})
        {'intelligence': 2, 'die': 4}
    """
    names = {p: (fields or {}).get(p, prefix + p) for p in inspect.signature(func).parameters}
    return {p: values[name] for p, name in names.items() if name in values}


def changes(**values: Any) -> tuple[tuple[str, Any], ...]:
    """``(control, value)`` pairs for :attr:`Calculator.bench_changes`, applied in order.

    Example:
        >>> changes(code="5D", halved=True) + changes(code="4D")
        (('code', '5D'), ('halved', True), ('code', '4D'))
    """
    return tuple(values.items())
