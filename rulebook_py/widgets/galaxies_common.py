"""What the Galaxies Jumelles calculators share: dice-code boxes, rounding, half-dodge, tables.

Example:
    >>> code_box("4D+2", "Code A").placeholder
    'e.g. 4D+2'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar

import ipywidgets as widgets

from ..systems import galaxies as g
from .base import Calculator, PythonCall
from .controls import dropdown, text_box
from .format import escape, probability, table_html

__all__ = [
    "GalaxiesCalculator",
    "changes",
    "code_box",
    "half_dodge_control",
    "rounding_control",
    "rule_call",
    "table",
]


def changes(**values: Any) -> tuple[tuple[str, Any], ...]:
    """``(control, value)`` pairs for :attr:`Calculator.bench_changes`, applied in order.

    Example:
        >>> changes(code="5D", halved=True) + changes(code="4D")
        (('code', '5D'), ('halved', True), ('code', '4D'))
    """
    return tuple(values.items())


def rule_call(
    func: Callable[..., Any], *args: Any, read: Callable[[Any], tuple[str, Any]], **kw: Any
) -> tuple[Any, PythonCall]:
    """Call one rule, and write the same call for the Python line.

    ``read`` gives what the line reads from the outcome: the Python that
    follows the call (``".higher"``) and the value it gives.

    Example:
        >>> r, call = rule_call(g.opposed, "1D", "1D", read=lambda o: (".tie", o.tie))
        >>> call.expression, call.value
        ("galaxies.opposed('1D', '1D').tie", Fraction(1, 6))
    """
    outcome = func(*args, **kw)
    then, value = read(outcome)
    return outcome, PythonCall.of(func, *args, then=then, value=value, **kw)


def code_box(value: str, description: str) -> widgets.Text:
    """A dice-code box (``4D+2``), read when the reader presses Enter or leaves it."""
    return text_box(description, value, tooltip=description, placeholder="e.g. 4D+2")


def rounding_control() -> widgets.Dropdown:
    """The rounding of halved rolls and fixed values."""
    options = [("down (this book)", g.Rounding.DOWN), ("up", g.Rounding.UP)]
    return dropdown("Rounding of halved rolls and fixed values", options, g.Rounding.DOWN)


#: Share of the damage a half-dodge deals: the source does not say; 1/2 is this book's.
_SHARES = [
    ("half the damage (this book)", g.HALF_DODGE_FACTOR),
    ("no damage", Fraction(0)),
    ("a quarter", Fraction(1, 4)),
    ("three quarters", Fraction(3, 4)),
    ("full damage", Fraction(1)),
]


def half_dodge_control() -> widgets.Dropdown:
    """How much of the damage a half-dodge lets through."""
    return dropdown("A half-dodge (demi-esquive) deals", _SHARES, g.HALF_DODGE_FACTOR)


def table(header: Sequence[str], rows: Iterable[Sequence[object]], caption: str = "") -> str:
    """A table of the rules' rows, each exact chance (a ``Fraction``) as a percentage and fraction.

    Example:
        >>> "<td>50.00 % (1/2)</td>" in table(["p"], [[Fraction(1, 2)]])
        True
    """
    cells = [[probability(x) if isinstance(x, Fraction) else x for x in row] for row in rows]
    return table_html(header, cells, caption)


class GalaxiesCalculator(Calculator):
    """The chapter's calculators: every roll shows its lines, every die listed."""

    fields: ClassVar[Mapping[str, str]] = {
        "target_immobile": "immobile",
        "half_dodge_factor": "half_dodge",
        "guard_tie_lands": "guard_tie",
    }

    def show_roll(self, roll: Any) -> str:
        """One line per roll of the outcome."""
        return "<br>".join(escape(line) for line in roll.lines())
