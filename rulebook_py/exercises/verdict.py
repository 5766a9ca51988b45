"""How close a prediction is: right, close or wrong, and the sentence that says it.

The tolerances, one rule for every exercise of a kind:

* a **chance**: right within half a percentage point of the exact answer
  (``92 %`` for 11/12, which is 91.67 %), close within 5 points;
* a **percentage** (of a unit's vitality): right within half a point, close
  within 5 points;
* a **number**: right within half a unit of the last decimal the book gives
  (``13.3`` or ``13.27`` for a mean of 13.267…, when the book gives two
  decimals: ``places``), close within a tenth of the answer (at least ten
  times the right margin).

Example:
    >>> judge(Fraction(92, 100), Fraction(11, 12), Kind.CHANCE)
    <Verdict.RIGHT: 'right'>
    >>> judge(Fraction(88, 100), Fraction(11, 12), Kind.CHANCE)
    <Verdict.CLOSE: 'close'>
    >>> judge(Fraction(1, 2), Fraction(11, 12), Kind.CHANCE)
    <Verdict.WRONG: 'wrong'>
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from ..errors import RuleValueError, check_int, quote
from ..messages import Msg
from .prediction import Kind, check_kind
from .words import M

__all__ = ["CLOSE_POINTS", "RIGHT_POINTS", "Checked", "Verdict", "answer_text", "judge", "margins"]

#: A chance or a percentage within this many points of the answer is right ...
RIGHT_POINTS = Fraction(1, 2)
#: ... and within this many, close.
CLOSE_POINTS = Fraction(5)
#: A number within this share of the answer is close (at least ten times the right margin).
CLOSE_SHARE = Fraction(1, 10)
#: The longest exact fraction shown in a verdict (digits of its denominator).
FRACTION_DIGITS = 6


class Verdict(Enum):
    """How close a prediction was (the page's ``data-rb-verdict``)."""

    RIGHT = "right"
    CLOSE = "close"
    WRONG = "wrong"


def margins(answer: Fraction, kind: Kind, places: int = 0) -> tuple[Fraction, Fraction]:
    """The right and the close margins around ``answer`` (in its own unit).

    Example:
        >>> margins(Fraction(1, 2), Kind.CHANCE)
        (Fraction(1, 200), Fraction(1, 20))
        >>> margins(Fraction(21, 10), Kind.NUMBER, places=1)
        (Fraction(1, 20), Fraction(1, 2))
    """
    check_kind(kind)
    check_int(places, "places", 0, 6)
    if not isinstance(answer, (int, Fraction)) or isinstance(answer, bool):
        raise RuleValueError(
            M("answer must be an exact number (a Fraction), got {got}", got=quote(answer)),
            field="answer",
            value=answer,
        )
    if kind is Kind.CHANCE:
        return RIGHT_POINTS / 100, CLOSE_POINTS / 100
    if kind is Kind.PERCENT:
        return RIGHT_POINTS, CLOSE_POINTS
    right = Fraction(1, 2) / 10**places
    return right, max(abs(answer) * CLOSE_SHARE, 10 * right)


def judge(prediction: Fraction, answer: Fraction, kind: Kind, places: int = 0) -> Verdict:
    """The verdict on ``prediction`` against the exact ``answer`` (see the module)."""
    right, close = margins(answer, kind, places)
    if not isinstance(prediction, (int, Fraction)) or isinstance(prediction, bool):
        raise RuleValueError(
            M("prediction must be an exact number (a Fraction), got {got}", got=quote(prediction)),
            field="prediction",
            value=prediction,
        )
    gap = abs(prediction - answer)
    if gap <= right:
        return Verdict.RIGHT
    return Verdict.CLOSE if gap <= close else Verdict.WRONG


def answer_text(value: Fraction, kind: Kind, places: int = 0) -> Msg:
    r"""A value as the verdict writes it: ``11/12 (91.67 %)``, ``30 %``, ``2.1``.

    Example:
        >>> answer_text(Fraction(11, 12), Kind.CHANCE).render("fr")
        '11/12 (91,67\xa0%)'
        >>> answer_text(Fraction(13267, 1000), Kind.NUMBER, 2)
        '13.27'
    """
    if kind is Kind.CHANCE:
        percent = float(value * 100)
        if value.denominator == 1 or value.denominator >= 10**FRACTION_DIGITS:
            return M("{percent:.2f} %", percent=percent)
        return M("{fraction} ({percent:.2f} %)", fraction=value, percent=percent)
    if kind is Kind.PERCENT:
        return M("{amount} %", amount=_decimal(value, places))
    return M("{amount}", amount=_decimal(value, places))


def _decimal(value: Fraction, places: int) -> Fraction | float:
    """A whole number as it is, else the value rounded to ``places`` decimals."""
    if value.denominator == 1:
        return value
    return round(float(value), places)


def _gap(gap: Fraction, kind: Kind, places: int) -> Msg:
    if kind is Kind.CHANCE:
        return M("{points:.2f} percentage points", points=float(gap * 100))
    if kind is Kind.PERCENT:
        return M("{points:.1f} points", points=float(gap))
    return M("{amount}", amount=_decimal(gap, max(places, 2)))


@dataclass(frozen=True)
class Checked:
    """A prediction checked: the verdict (None when it could not be read) and what to show.

    Attributes:
        verdict: Right, close or wrong; None when the prediction was refused.
        message: The sentence for the reader (a message: render it in their language).
        expression: The rule call that gives the answer (Python, shown as it is).
        answer: The exact answer.
    """

    verdict: Verdict | None
    message: Msg
    expression: str
    answer: Fraction = field(compare=False)

    @classmethod
    def of(
        cls, prediction: Fraction, answer: Fraction, kind: Kind, places: int, expression: str
    ) -> Checked:
        """The verdict on ``prediction`` and its sentence.

        Example:
            >>> c = Checked.of(Fraction(3, 5), Fraction(7, 10), Kind.CHANCE, 0, "x")
            >>> c.verdict, str(c.message)
            (<Verdict.WRONG: 'wrong'>, 'Not quite: 60.00 % is 10.00 percentage points below the answer, 7/10 (70.00 %).')
        """
        verdict = judge(prediction, answer, kind, places)
        shown = answer_text(answer, kind, places)
        if verdict is Verdict.RIGHT:
            return cls(verdict, M("Right: {answer}.", answer=shown), expression, answer)
        given = (
            M("{percent:.2f} %", percent=float(prediction * 100))
            if kind is Kind.CHANCE
            else answer_text(prediction, kind, places)
        )
        gap = _gap(abs(prediction - answer), kind, places)
        above = prediction > answer
        params = {"given": given, "gap": gap, "answer": shown}
        if verdict is Verdict.CLOSE and above:
            message = M("Close: {given} is {gap} above the answer, {answer}.", **params)
        elif verdict is Verdict.CLOSE:
            message = M("Close: {given} is {gap} below the answer, {answer}.", **params)
        elif above:
            message = M("Not quite: {given} is {gap} above the answer, {answer}.", **params)
        else:
            message = M("Not quite: {given} is {gap} below the answer, {answer}.", **params)
        return cls(verdict, message, expression, answer)

    def as_dict(self, language: str = "en") -> dict[str, object]:
        """What the page shows, in ``language``: the verdict, the sentence, the Python line."""
        return {
            "verdict": self.verdict.value if self.verdict else None,
            "message": self.message.render(language),
            "caption": M("The rule call that gives it:").render(language),
            "expression": self.expression,
        }
