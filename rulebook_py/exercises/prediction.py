"""The reader's prediction, as typed in an exercise's box: a fraction, a percentage or a number.

One reader of typed text for every exercise (ASCII digits only, a comma or a
point before the decimals, spaces anywhere). What is read depends on what the
exercise asks (:class:`Kind`):

* a **chance** (a probability): ``3/5``, ``60 %``, ``60``, ``0.6`` or
  ``0,6``; a number above 1 without ``%`` is read as a percentage, so ``60``
  is 60 %; it must be from 0 to 1 (0 % to 100 %);
* a **percentage** of something (a unit's vitality lost): ``30`` or ``30 %``,
  from 0 to 100;
* a **number** (a mean, a count): ``2.1``, ``21/10``, ``-3``.

A prediction too long to be a number (over :data:`MAX_LENGTH` characters)
is refused before it is read, with what was typed quoted.

Example:
    >>> read_prediction("11/12", Kind.CHANCE), read_prediction("91,5 %", Kind.CHANCE)
    (Fraction(11, 12), Fraction(183, 200))
    >>> read_prediction("60", Kind.CHANCE), read_prediction("2.1", Kind.NUMBER)
    (Fraction(3, 5), Fraction(21, 10))
    >>> read_prediction("1/0", Kind.CHANCE)
    Traceback (most recent call last):
    ...
    rulebook_py.errors.RuleValueError: '1/0' is not a fraction: its denominator is 0.
"""

from __future__ import annotations

import re
from enum import Enum
from fractions import Fraction

from ..errors import RuleValueError, quote
from ..messages import Msg
from .words import M

__all__ = ["MAX_LENGTH", "Kind", "check_kind", "read_prediction"]

#: The longest prediction read (characters); a longer text is refused unread.
MAX_LENGTH = 40
#: The spaces a reader may type or paste (ASCII, no-break, narrow no-break, thin).
_SPACES = re.compile("[ \t\u00a0\u202f\u2009]+")
#: A number: an optional sign, ASCII digits with decimals after a point or a comma.
_DECIMAL = r"[0-9]{1,15}(?:[.,][0-9]{1,15})?|[.,][0-9]{1,15}"
_FORM = re.compile(
    rf"(?P<sign>[-+\u2212]?)(?:(?P<num>[0-9]{{1,15}})/(?P<den>[0-9]{{1,15}})|(?P<dec>{_DECIMAL}))"
    r"(?P<pct>%?)"
)


class Kind(Enum):
    """What an exercise asks for, and so how a prediction is read and judged.

    Example:
        >>> Kind.CHANCE.value
        'chance'
    """

    CHANCE = "chance"
    PERCENT = "percent"
    NUMBER = "number"

    @property
    def hint(self) -> Msg:
        """What the box takes, as its placeholder says it."""
        if self is Kind.CHANCE:
            return M(
                "e.g. {fraction}, {percent} % or {decimal}", fraction="3/5", percent=60, decimal=0.6
            )
        if self is Kind.PERCENT:
            return M("e.g. {percent} %", percent=30)
        return M("e.g. {number}", number=2.1)


def check_kind(kind: object) -> Kind:
    """``kind`` if it is a :class:`Kind`; else a refusal that names the three.

    Example:
        >>> check_kind("chance")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: kind must be Kind.CHANCE, Kind.PERCENT or Kind.NUMBER, got 'chance'
    """
    if not isinstance(kind, Kind):
        raise RuleValueError(
            M(
                "kind must be Kind.CHANCE, Kind.PERCENT or Kind.NUMBER, got {got}",
                got=quote(kind),
            ),
            field="kind",
            value=kind,
        )
    return kind


def _refuse(message: Msg, text: str) -> RuleValueError:
    return RuleValueError(message, field="prediction", value=text)


def read_prediction(text: str, kind: Kind) -> Fraction:
    """The value the reader typed, read as ``kind`` asks (see the module).

    Raises:
        RuleValueError: When the text is empty, too long, not a number of
            that kind, or out of its range; the message quotes what was typed.

    Example:
        >>> read_prediction("30 %", Kind.PERCENT), read_prediction(" 1/20 ", Kind.CHANCE)
        (Fraction(30, 1), Fraction(1, 20))
    """
    check_kind(kind)
    if not isinstance(text, str):
        raise _refuse(M("A prediction is text, not {typed}.", typed=quote(text)), repr(text))
    if len(text) > MAX_LENGTH:
        raise _refuse(
            M(
                "{typed} is too long for a prediction: {n} characters at most.",
                typed=quote(text),
                n=MAX_LENGTH,
            ),
            text,
        )
    compact = _SPACES.sub("", text)
    if not compact:
        raise _refuse(M("Type your prediction first."), text)
    match = _FORM.fullmatch(compact)
    if match is None:
        raise _refuse(_expected(kind, text), text)
    if match["num"] is not None:
        if int(match["den"]) == 0:
            raise _refuse(
                M("{typed} is not a fraction: its denominator is 0.", typed=quote(text)), text
            )
        value = Fraction(int(match["num"]), int(match["den"]))
    else:
        value = Fraction(match["dec"].replace(",", "."))
    if match["sign"] in ("-", "\u2212"):
        value = -value
    percent = bool(match["pct"])
    if kind is Kind.NUMBER:
        if percent:
            raise _refuse(_expected(kind, text), text)
        return value
    if kind is Kind.PERCENT:
        if not 0 <= value <= 100:
            raise _refuse(M("A percentage is from 0 to 100, not {typed}.", typed=quote(text)), text)
        return value
    if percent or value > 1:
        value /= 100
    if not 0 <= value <= 1:
        raise _refuse(
            M("A chance is from 0 to 1 (0 % to 100 %), not {typed}.", typed=quote(text)), text
        )
    return value


def _expected(kind: Kind, text: str) -> Msg:
    """What a box of this kind takes, with what was typed."""
    if kind is Kind.CHANCE:
        return M(
            "Write a chance as a fraction (3/5), a percentage (60 %) or a decimal (0.6), "
            "not {typed}.",
            typed=quote(text),
        )
    if kind is Kind.PERCENT:
        return M("Write a percentage (30 or 30 %), not {typed}.", typed=quote(text))
    return M("Write a number (2.1, or a fraction such as 21/10), not {typed}.", typed=quote(text))
