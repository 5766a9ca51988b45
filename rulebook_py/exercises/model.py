"""An exercise of a chapter's "Predict, then check": its question's number, what to predict, its rule call.

An :class:`Exercise` holds its checkable answer as **one Python expression
calling the rule function the chapter names**, e.g.
``outcomes.chroniques.attack_report(10, 12, attacker_conditions=('weakened',)).outcome.hit``:
the same line the reader may paste in a code cell. It is read by
:func:`evaluate`, which never uses ``eval``: it follows the expression's
calls, attributes and subscripts over the package's public names only
(``rulebook_py.__all__``), with literal arguments.

Example:
    >>> evaluate("parse('2d6').prob_at_least(10)")
    Fraction(1, 6)
    >>> evaluate("__import__('os')")
    Traceback (most recent call last):
    ...
    ValueError: an exercise's expression may only use the package's public names, not '__import__'
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from ..messages import Msg
from .prediction import Kind

__all__ = ["MAX_EXPRESSION", "Exercise", "evaluate", "head_function"]

#: The longest exercise line read (characters).
MAX_EXPRESSION = 1000


@cache
def _names() -> dict[str, Any]:
    """The package's public names (``parse``, ``chroniques``, ...), as ``from rulebook_py import *``."""
    import rulebook_py

    return {name: getattr(rulebook_py, name) for name in rulebook_py.__all__}


def _value(node: ast.AST) -> Any:
    """The value of one node of an exercise's expression (see :func:`evaluate`)."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, (ast.Tuple, ast.List)):
        items = [_value(item) for item in node.elts]
        return tuple(items) if isinstance(node, ast.Tuple) else items
    if isinstance(node, ast.Dict):
        if any(key is None for key in node.keys):
            raise ValueError("an exercise's expression may not unpack a dict (**)")
        return {_value(k): _value(v) for k, v in zip(node.keys, node.values, strict=True)}
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        value = _value(node.operand)
        if not isinstance(value, (int, Fraction)):
            raise ValueError("an exercise's expression may negate numbers only")
        return -value
    if isinstance(node, ast.Name):
        if node.id not in _names():
            raise ValueError(
                f"an exercise's expression may only use the package's public names, not {node.id!r}"
            )
        return _names()[node.id]
    if isinstance(node, ast.Attribute):
        if node.attr.startswith("_"):
            raise ValueError(f"an exercise's expression may not read a private name ({node.attr})")
        return getattr(_value(node.value), node.attr)
    if isinstance(node, ast.Subscript):
        return _value(node.value)[_value(node.slice)]
    if isinstance(node, ast.Call):
        if any(isinstance(a, ast.Starred) for a in node.args) or any(
            k.arg is None for k in node.keywords
        ):
            raise ValueError("an exercise's expression may not unpack arguments (* or **)")
        func = _value(node.func)
        args = [_value(a) for a in node.args]
        keywords = {k.arg: _value(k.value) for k in node.keywords if k.arg is not None}
        return func(*args, **keywords)
    raise ValueError(f"an exercise's expression may not hold {type(node).__name__}")


def evaluate(expression: str) -> Any:
    """The value of ``expression`` over the package's public names (see the module).

    Raises:
        ValueError: When the expression uses anything but calls, attributes,
            subscripts and literals over ``rulebook_py.__all__``.

    Example:
        >>> evaluate("outcomes.unisystem.check(unisystem.CheckKind.DIFFICULT_TEST, 4).success_chance()")
        Fraction(3, 5)
    """
    if not isinstance(expression, str) or len(expression) > MAX_EXPRESSION:
        raise ValueError(
            f"an exercise's expression must be text of at most {MAX_EXPRESSION} characters"
        )
    tree = ast.parse(expression.strip(), mode="eval")
    return _value(tree.body)


def head_function(expression: str) -> Any:
    """The rule function an expression calls first (the one the chapter names).

    Example:
        >>> head_function("chroniques.attack(5, 15).hit").__name__
        'attack'
    """
    if not isinstance(expression, str) or len(expression) > MAX_EXPRESSION:
        raise ValueError(
            f"an exercise's expression must be text of at most {MAX_EXPRESSION} characters"
        )
    node = ast.parse(expression.strip(), mode="eval").body
    call = None
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Call)):
        if isinstance(node, ast.Call):
            call = node
        node = node.value if not isinstance(node, ast.Call) else node.func
    if call is None:
        raise ValueError(f"{expression!r} calls no rule function")
    return _value(call.func)


@dataclass(frozen=True)
class Exercise:
    """One exercise of a chapter, checkable once the page is live.

    Attributes:
        number: The question's number in the chapter's "Predict, then check" list.
        label: What the reader predicts (the box's label, a message).
        expression: The rule call that answers it (see :func:`evaluate`).
        kind: A chance, a percentage or a number (:class:`Kind`).
        places: For a number, how many decimals the book gives (its answer
            to half a unit of the last one is right).

    Example:
        >>> from .words import M
        >>> Exercise(1, M("x"), "parse('2d6').prob_at_least(10)").answer()
        Fraction(1, 6)
    """

    number: int
    label: Msg
    expression: str
    kind: Kind = Kind.CHANCE
    places: int = 0

    def answer(self) -> Fraction:
        """The exact answer, from the rule call (a ``Fraction``)."""
        value = evaluate(self.expression)
        if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
            raise TypeError(f"{self.expression} gives {value!r}, not an exact number")
        return Fraction(value)
