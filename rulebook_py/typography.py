r"""French typography, in one place: the spaces of high punctuation, the minus sign, numbers.

French sets a no-break space before ``:`` and ``%`` and inside ``« »``, a narrow
no-break space before ``; ! ?``, the true minus sign (``−``, U+2212) before a
negative number, a decimal comma, and a narrow no-break space between the
thousands of a number of five digits or more (a four-digit number stays
whole: ``1000``, ``12 000``). :func:`french` applies the spacing and the minus
sign to a text; :func:`number` writes a number the language's way. The
message renderer (:mod:`rulebook_py.messages`) sends every French message
through :func:`french`, and the French pages' text goes through it when the
website is built (``live/editions.py``). English text is never changed.

:func:`french` is idempotent (applied twice, it gives the same text), never
touches a colon, semicolon or question mark that is not followed by a space
or the end of the text (``12:30``, ``http://``, ``a?b``), never spaces a ``!``
or ``?`` after a digit (``1d6!`` is dice notation), and never changes
a hyphen between two words or after a digit (``2d6-1``, ``vis-à-vis``).

Example:
    >>> french("Jet (graine 3): réussite; 50 % « oui »") == (
    ...     "Jet (graine 3)\u00a0: réussite\u202f; 50\u00a0% «\u00a0oui\u00a0»")
    True
    >>> french("malus -2, 2d6-1") == "malus \u22122, 2d6-1"
    True
    >>> number(-12000, "fr") == "\u221212\u202f000", number(-12000, "en")
    (True, '-12000')
"""

from __future__ import annotations

import re
from fractions import Fraction

__all__ = ["MINUS", "NARROW_NBSP", "NBSP", "french", "number", "typeset"]

#: The no-break space (before ``:`` and ``%``, inside ``« »``).
NBSP = "\u00a0"
#: The narrow no-break space (before ``; ! ?``, between thousands).
NARROW_NBSP = "\u202f"
#: The minus sign of a negative number.
MINUS = "\u2212"

_SPACES = " \u00a0\u202f"
# A space (or none) before high punctuation that ends a phrase: followed by a
# space, a closing bracket or quote, or the end of the text.
_AFTER = r"(?=[ \t\r\n)\]]|[\u00a0\u202f]?»|$)"  # (a no-break space after: one we set)
_COLON = re.compile(r"(?<=[^\s(\[«:])[ \u00a0\u202f]?:" + _AFTER)
_PERCENT = re.compile(r"(?<=\d)[ \u00a0\u202f]?%")
_SEMICOLON = re.compile(r"(?<=[^\s(\[«;!?])[ \u00a0\u202f]?;" + _AFTER)
# ! and ? after a word or a closing bracket only: "1d6!" is dice notation.
_BANG = re.compile(r"(?<=[^\W\d_]|[)»])[ \u00a0\u202f]?([!?])" + _AFTER)
_OPEN = re.compile(r"«[ \u00a0\u202f]?")
_CLOSE = re.compile(r"[ \u00a0\u202f]?»")
# A hyphen that is a minus: at the start, or after a space or an opening
# bracket, and before a digit (never inside "2d6-1" or a word).
_MINUS = re.compile(r"(?:^|(?<=[\s(\[/=×]))-(?=\d)")


def french(text: str) -> str:
    r"""``text`` with French spacing of punctuation and true minus signs.

    Example:
        >>> french("Note: x") == "Note\u00a0: x"
        True
        >>> french("12:30, http://x, 1d6!") == "12:30, http://x, 1d6!"
        True
    """
    if not text:
        return text
    text = _COLON.sub(NBSP + ":", text)
    text = _PERCENT.sub(NBSP + "%", text)
    text = _SEMICOLON.sub(NARROW_NBSP + ";", text)
    text = _BANG.sub(lambda m: NARROW_NBSP + m.group(1), text)
    text = _OPEN.sub("«" + NBSP, text)
    text = _CLOSE.sub(NBSP + "»", text)
    return _MINUS.sub(MINUS, text)


def _grouped(digits: str, separator: str) -> str:
    head = len(digits) % 3 or 3
    parts = [digits[:head]] + [digits[i : i + 3] for i in range(head, len(digits), 3)]
    return separator.join(parts)


def number(value: int | Fraction | float, code: str = "en", spec: str = "") -> str:
    r"""A number as ``code`` writes it, with an optional ``format`` spec (``"+d"``, ``".2f"``).

    English: Python's own text (``-3``, ``+2``, ``3/8``, ``12000``). French: the
    minus sign, a decimal comma, and thousands grouped by a narrow no-break
    space from five digits on.

    Example:
        >>> number(3, "fr", "+d"), number(Fraction(-3, 8), "en")
        ('+3', '-3/8')
        >>> number(2.5, "fr", ".1f"), number(12345, "fr") == "12\u202f345"
        ('2,5', True)
    """
    if isinstance(value, Fraction) and value.denominator == 1:
        value = value.numerator
    if isinstance(value, Fraction):
        text = f"{'+' if '+' in spec and value > 0 else ''}{value.numerator}/{value.denominator}"
    else:
        text = format(value, spec)
    if code == "en":
        return text
    sign = ""
    if text[:1] in "+-":
        sign, text = text[0], text[1:]
    whole, point, rest = text.partition(".")
    if whole.isdigit() and len(whole) >= 5:
        whole = _grouped(whole, NARROW_NBSP)
    return (MINUS if sign == "-" else sign) + whole + ("," if point else "") + rest


def typeset(text: str, code: str) -> str:
    """``text`` set in ``code``'s typography (French: :func:`french`; English: unchanged).

    Example:
        >>> typeset("a: b", "en"), typeset("a: b", "fr") == "a\u00a0: b"
        ('a: b', True)
    """
    return french(text) if code == "fr" else text
