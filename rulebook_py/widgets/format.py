"""Formatting helpers shared by every calculator: percentages, tables, messages.

Exact answers stay :class:`~fractions.Fraction` until this module turns them
into text for the reader.

Example:
    >>> from fractions import Fraction
    >>> percent(Fraction(1, 3))
    '33.33 %'
    >>> probability(Fraction(3, 8))
    '37.50 % (3/8)'
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from fractions import Fraction

__all__ = ["error_html", "escape", "number", "percent", "probability", "table_html"]

escape = html.escape


def percent(p: Fraction) -> str:
    """A probability as a percentage; tiny non-zero values keep two significant digits.

    Example:
        >>> percent(Fraction(1, 1296)), percent(Fraction(0)), percent(Fraction(1))
        ('0.077 %', '0 %', '100 %')
    """
    value = float(p) * 100
    if p == 0:
        return "0 %"
    if p == 1:
        return "100 %"
    if value >= 0.1:
        return f"{value:.2f} %"
    return f"{value:.2g} %"


def probability(p: Fraction) -> str:
    """A probability as a percentage followed by the exact fraction.

    Very long fractions (many-digit denominators) are left out.

    Example:
        >>> probability(Fraction(1, 4))
        '25.00 % (1/4)'
    """
    p = Fraction(p)
    exact = f"{p.numerator}/{p.denominator}"
    if p in (0, 1):
        return percent(p)
    if len(exact) > 23:
        return percent(p)
    return f"{percent(p)} ({exact})"


def number(x: Fraction | float | int, digits: int = 2) -> str:
    """A mean or a deviation: integers plain, the rest with ``digits`` decimals.

    Example:
        >>> number(Fraction(7, 2)), number(Fraction(16)), number(1.70782)
        ('3.50', '16', '1.71')
    """
    if isinstance(x, Fraction) and x.denominator == 1:
        return str(x.numerator)
    if isinstance(x, int):
        return str(x)
    return f"{float(x):.{digits}f}"


def table_html(headers: Sequence[str], rows: Iterable[Sequence[object]], caption: str = "") -> str:
    """A small HTML table; every cell is escaped.

    Example:
        >>> table_html(["a"], [[1]])
        '<table class="rb-table"><thead><tr><th>a</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>'
    """
    head = "".join(f"<th>{escape(str(h))}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    cap = f"<caption>{escape(caption)}</caption>" if caption else ""
    return (
        f'<table class="rb-table">{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
    )


def error_html(message: str) -> str:
    """A readable error message in the calculator, never a traceback.

    Example:
        >>> error_html("bad <value>")
        '<div class="rb-error" role="alert" style="color:#c0392b">⚠ bad &lt;value&gt;</div>'
    """
    return f'<div class="rb-error" role="alert" style="color:#c0392b">⚠ {escape(message)}</div>'
