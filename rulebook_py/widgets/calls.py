"""One rules call and its "same answer in Python" line, written together.

A calculator maps its controls to one call of a rule; :func:`rule_call` makes
that call and writes the :class:`~rulebook_py.widgets.base.PythonCall` of the
very same arguments, reading the value the line shows from the outcome, so
the two can never disagree.

Example:
    >>> from rulebook_py.systems import galaxies
    >>> outcome, call = rule_call(galaxies.opposed, "1D", "1D", then=".tie")
    >>> call.expression, call.value
    ("galaxies.opposed('1D', '1D').tie", Fraction(1, 6))
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .base import PythonCall

__all__ = ["changes", "read_path", "rule_call"]


#: One step of a path: ``.name``, ``.name()``, ``[i]`` or ``[i:j]``.
_STEP = re.compile(r"\.(\w+)(\(\))?|\[(-?\d*)(:?)(-?\d*)\]")


def read_path(outcome: Any, then: str) -> Any:
    """What ``outcome`` + ``then`` gives, for a path of attributes, calls without arguments, indexes.

    Example:
        >>> from fractions import Fraction
        >>> read_path(Fraction(1, 2), ".limit_denominator().denominator")
        2
        >>> read_path([[1, 2], [3, 4]], "[-1][:1]")
        [3]
    """
    steps = list(_STEP.finditer(then))
    if "".join(m.group(0) for m in steps) != then:
        raise ValueError(f"cannot read {then!r}: give the value the line shows")
    value = outcome
    for m in steps:
        name, called, start, colon, stop = m.groups()
        if name:
            value = getattr(value, name)
            value = value() if called else value
        elif colon:
            value = value[int(start) if start else None : int(stop) if stop else None]
        else:
            value = value[int(start)]
    return value


def rule_call(
    func: Callable[..., Any],
    *args: Any,
    then: str | Callable[[Any], tuple[str, Any]],
    **kw: Any,
) -> tuple[Any, PythonCall]:
    """Call ``func(*args, **kw)`` and write the same call, followed by ``then``, for the Python line.

    ``then`` is the Python that follows the call (``".odds.hit"``, a path of
    attributes and calls without arguments, read from the outcome), or a
    function of the outcome that gives that Python and its value.

    Example:
        >>> from rulebook_py.systems import galaxies
        >>> rule_call(galaxies.opposed, "1D", "1D", then=lambda o: (".tie", 0))[1].value
        0
    """
    outcome = func(*args, **kw)
    text, value = then(outcome) if callable(then) else (then, read_path(outcome, then))
    return outcome, PythonCall.of(func, *args, then=text, value=value, **kw)


def changes(**values: Any) -> tuple[tuple[str, Any], ...]:
    """``(control, value)`` pairs for :attr:`Calculator.bench_changes`, applied in order.

    Example:
        >>> changes(code="5D", halved=True) + changes(code="4D")
        (('code', '5D'), ('halved', True), ('code', '4D'))
    """
    return tuple(values.items())
