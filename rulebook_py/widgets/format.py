r"""Formatting helpers shared by every calculator: percentages, tables, messages.

Exact answers stay :class:`~fractions.Fraction` until this module turns them
into text for the reader, in the reader's language (:mod:`rulebook_py.i18n`):
``50,00 %`` (decimal comma, no-break space), ``6,50``, ``12 000`` in French;
fractions (``3/8``) are written alike in both. :func:`table_html` and
:func:`error_html` show messages in the reader's language (:func:`~rulebook_py.widgets.words.shown`).

Example:
    >>> from fractions import Fraction
    >>> percent(Fraction(1, 3))
    '33.33 %'
    >>> probability(Fraction(3, 8))
    '37.50 % (3/8)'
    >>> from rulebook_py.i18n import language
    >>> with language("fr"):
    ...     probability(Fraction(3, 8)), number(Fraction(13, 2)), number(12000)
    ('37,50\xa0% (3/8)', '6,50', '12\u202f000')
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from fractions import Fraction

from .. import i18n
from ..distribution import (
    FRACTION_TYPES,
    decimal_text,
    digit_count,
    exact_ratio,
    ratio_parts,
    surely_long,
)
from .words import M, shown

__all__ = ["FRACTION_LIMIT", "error_html", "escape", "fraction", "number", "numbers"]
__all__ += ["percent", "probability", "session_html", "table_html"]

#: Longest exact fraction written out on a page (digits of both parts); a
#: longer one shows its decimal value and its size instead (a page stays small).
FRACTION_LIMIT = 60

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
    num, den = ratio_parts(_fraction(p))
    shift = max(0, den.bit_length() - 120)  # a float's worth of each: microseconds at any size
    value = (num >> shift) / (den >> shift) * 100
    text = f"{value:.2f}" if value >= 0.1 else f"{value:.2g}"
    if num in (0, den) or 0 < num * 10_000 < den or (text == "100.00" and num < den):
        text = ("100" if num else "0") if num in (0, den) else "< 0.01" if value < 1 else "> 99.99"
    return i18n.percent_sign(i18n.localized(text))


#: Longest exact fraction shown after an ordinary percentage.
_SHORT = 23


def _fraction(p: object) -> Fraction:
    fast = type(p) in FRACTION_TYPES  # (a set lookup first: isinstance walks the number ABCs)
    return p if fast or isinstance(p, Fraction) else Fraction(p)  # type: ignore[return-value,arg-type]


def fraction(p: Fraction, limit: int = FRACTION_LIMIT) -> str:
    """``n/d`` (``n`` when whole), or ``≈`` its decimal value past ``limit`` digits.

    Never fails and costs microseconds, however long the fraction: a
    probability of a roll of huge weights (:func:`~rulebook_py.distribution.exact_ratio`)
    is known to be long without being put in lowest terms
    (:func:`~rulebook_py.distribution.surely_long`), and its value is read
    from its logarithms.

    Example:
        >>> fraction(Fraction(3, 8)), fraction(Fraction(4)), fraction(Fraction(1, 3 * 10**60))
        ('3/8', '4', '≈3.33333e-61')
    """
    p = _fraction(p)
    if not surely_long(p, limit):
        num, den = p.numerator, p.denominator
        if (num.bit_length() + den.bit_length()) * 0.30103 + 2 <= limit or (
            digit_count(num) + digit_count(den) <= limit
        ):
            return str(num) if den == 1 else f"{num}/{den}"
    return M("≈{value}", value=i18n.localized(decimal_text(p))).render()


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
        >>> probability(Fraction(10**70 // 3, 10**70))  # a fraction too long to print
        '33.33 %'
    """
    p = _fraction(p)
    shown, exact = percent(p), fraction(p)
    num, den = ratio_parts(p)
    if num in (0, den):
        return shown
    if shown.startswith(">"):
        exact = min(exact, f"1 − {fraction(exact_ratio(den - num, den))}", key=len)
    long = len(exact) > _SHORT or exact.startswith("≈")  # no exact fraction to give
    return shown if long and shown[0] not in "<>" else f"{shown} ({exact})"


def number(x: Fraction | float | int, digits: int = 2) -> str:
    """A mean or a deviation: integers plain, the rest with ``digits`` decimals.

    Example:
        >>> number(Fraction(7, 2)), number(Fraction(16)), number(1.70782)
        ('3.50', '16', '1.71')
    """
    if _whole(x):
        return i18n.whole(int(x))
    return i18n.decimal(float(x), digits)


def _whole(x: object) -> bool:
    """Is ``x`` a whole number (a fraction's terms read raw: nothing reduced)?"""
    if isinstance(x, int):
        return True
    if isinstance(x, Fraction):
        numerator, denominator = ratio_parts(x)
        return numerator % denominator == 0
    return False


def numbers(values: Sequence[Fraction | float | int], digits: int = 2) -> list[str]:
    """Several means or deviations of one table, printed alike.

    All plain when all are whole numbers, else all with ``digits`` decimals
    (never ``7`` beside ``6.50``).

    Example:
        >>> numbers([Fraction(7), Fraction(13, 2)]), numbers([Fraction(7), 16])
        (['7.00', '6.50'], ['7', '16'])
    """
    whole = all(_whole(x) for x in values)
    return [number(x) if whole else i18n.decimal(float(x), digits) for x in values]


def table_html(headers: Sequence[str], rows: Iterable[Sequence[object]], caption: str = "") -> str:
    """A small HTML table; every cell is escaped; an empty header is a plain cell.

    Headers, caption and text cells are shown in the reader's language
    (:func:`~rulebook_py.widgets.words.shown`): a calculator passes messages, and
    text that is no message (what the reader typed, dice notation) as it is.

    Example:
        >>> table_html(["a"], [[1]])
        '<table class="rb-table"><thead><tr><th>a</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>'
        >>> table_html(["", "A"], []).count("<th>")  # a header cell is never empty
        1
    """
    head = "".join(f"<th>{escape(shown(h))}</th>" if str(h) else "<td></td>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(shown(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    cap = f"<caption>{escape(shown(caption))}</caption>" if caption else ""
    return (
        f'<table class="rb-table">{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
    )


def error_html(message: str) -> str:
    """A readable error message in the calculator, never a traceback.

    Example:
        >>> error_html("bad <value>")
        '<div class="rb-error" role="alert" style="color:#c0392b">⚠ bad &lt;value&gt;</div>'
    """
    text = escape(shown(message))
    return f'<div class="rb-error" role="alert" style="color:#c0392b">⚠ {text}</div>'


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
