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

__all__ = [
    "error_html",
    "escape",
    "number",
    "percent",
    "probability",
    "session_html",
    "table_html",
]

escape = html.escape


def percent(p: Fraction) -> str:
    """A probability as a percentage that never rounds a certainty in or out.

    Two decimals from 0.1 % up, two significant digits below; a chance that
    is neither 0 nor 1 but would read "100.00 %" or round towards 0 reads "> 99.99 %"
    or "< 0.01 %" instead (:func:`probability` adds the exact fraction).

    Example:
        >>> percent(Fraction(1, 1296)), percent(Fraction(0)), percent(Fraction(1))
        ('0.077 %', '0 %', '100 %')
        >>> percent(1 - Fraction(1, 20_000_000_000)), percent(Fraction(1, 20_000_000_000))
        ('> 99.99 %', '< 0.01 %')
    """
    if not isinstance(p, Fraction):
        p = Fraction(p)
    num, den = p.numerator, p.denominator
    if num == 0:
        return "0 %"
    if num == den:
        return "100 %"
    if 0 < num * 10_000 < den:
        return "< 0.01 %"
    value = num / den * 100
    if value >= 0.1:
        text = f"{value:.2f}"
        if text == "100.00" and num < den:
            return "> 99.99 %"
        return f"{text} %"
    return f"{value:.2g} %"


#: Longest exact fraction shown after an ordinary percentage.
_SHORT = 23


def probability(p: Fraction) -> str:
    """A probability as a percentage followed by the exact fraction.

    A long fraction (many-digit denominator) is left out, except where the
    percentage alone hides the uncertainty ("> 99.99 %", "< 0.01 %"): there
    the exact value is always given, as ``1 − a/b`` near certainty when that
    is the shorter way to write it.

    Example:
        >>> probability(Fraction(1, 4))
        '25.00 % (1/4)'
        >>> probability(1 - Fraction(1, 20_000_000_000))
        '> 99.99 % (1 − 1/20000000000)'
    """
    p = Fraction(p)
    shown = percent(p)
    if p in (0, 1):
        return shown
    exact = f"{p.numerator}/{p.denominator}"
    if shown.startswith(">"):
        q = 1 - p
        complement = f"1 − {q.numerator}/{q.denominator}"
        return f"{shown} ({min(exact, complement, key=len)})"
    if shown.startswith("<"):
        return f"{shown} ({exact})"
    if len(exact) > _SHORT:
        return shown
    return f"{shown} ({exact})"


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


def session_html(statements: Sequence[str], result: str) -> str:
    """An interactive-session transcript (``>>>`` lines, then the result) ready to copy.

    The prompts and the result are drawn but not selected (``rulebook.css``:
    ``user-select: none``), so copying the block gives only the statements,
    which run as they are.

    Example:
        >>> html = session_html(["import fractions", "fractions.Fraction(1, 2)"], "Fraction(1, 2)")
        >>> html.count('<span class="rb-prompt" aria-hidden="true">&gt;&gt;&gt; </span>')
        2
        >>> html.endswith('<span class="rb-output">Fraction(1, 2)</span></pre>')
        True
    """
    prompt = '<span class="rb-prompt" aria-hidden="true">&gt;&gt;&gt; </span>'
    lines = "".join(f"{prompt}{escape(s)}\n" for s in statements)
    return f'<pre class="rb-session">{lines}<span class="rb-output">{escape(result)}</span></pre>'
