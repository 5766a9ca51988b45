"""Chroniques Oubliées: the rows the knock-out and first-aid calculators show, as data.

The rules' own reports (:func:`~rulebook_py.systems.chroniques.knock_out_report`,
:func:`~rulebook_py.systems.chroniques.first_aid`) hold the exact answer;
these functions give the rows a calculator shows of them: ``(label, value)``,
a label a message, a chance a fraction.

Example:
    >>> from rulebook_py.systems.chroniques import first_aid
    >>> first_aid_rows(first_aid(1))[1]
    ('P(saved)', Fraction(3, 5))
"""

from __future__ import annotations

from ...errors import check_type
from ...messages import Msg
from ...systems.chroniques.core import CheckReport
from ...systems.chroniques.damage import KnockOutReport
from ...systems.chroniques.words import MN, M

__all__ = ["first_aid_rows", "knock_out_rows"]


def _signed(n: int) -> Msg:
    return M("{n:+d}", n=n)


def knock_out_rows(report: KnockOutReport) -> tuple[tuple[Msg, object], ...]:
    """The worked blow, its verdict, and P(one ordinary hit knocks the target out).

    Example:
        >>> from rulebook_py.systems.chroniques import knock_out_report
        >>> knock_out_rows(knock_out_report(8, 1, 3))[6]
        ('Result', 'knocked out for at least 4 minutes')
    """
    check_type(report, KnockOutReport, "report", M("a KnockOutReport"))
    r, ko = report, report.state
    if ko.knocked_out:
        verdict = MN(
            "knocked out for at least {n} minute",
            "knocked out for at least {n} minutes",
            ko.minutes,
            n=ko.minutes,
        )
    else:
        verdict = M("still conscious (temporary damage does not exceed the hit points)")
    return (
        (M("Damage rolled"), str(r.rolled)),
        (M("minus the target's STR modifier"), _signed(-r.target_strength)),
        (M("Temporary damage of this blow"), str(r.temporary)),
        (M("Temporary damage in all"), str(ko.temporary)),
        (M("Hit points left"), str(ko.hit_points)),
        (M("Excess over the hit points"), str(ko.excess)),
        (M("Result"), verdict),
        (
            M(
                "P(one ordinary hit of {dice} knocks it out; a critical doubles the damage)",
                dice=str(r.dice),
            ),
            r.knocked_out,
        ),
    )


def first_aid_rows(report: CheckReport) -> tuple[tuple[Msg, object], ...]:
    """The INT test against its difficulty, P(saved) and P(not saved).

    Example:
        >>> from rulebook_py.systems.chroniques import first_aid
        >>> first_aid_rows(first_aid(1))[0]
        ('INT test', 'd20 +1 against 10')
    """
    check_type(report, CheckReport, "report", M("a CheckReport"))
    r = report
    test = M(
        "{die} {bonus} against {difficulty}",
        die=r.die.notation,
        bonus=_signed(r.bonus),
        difficulty=r.difficulty,
    )
    return (
        (M("INT test"), test),
        (M("P(saved)"), r.odds.hit),
        (M("P(not saved by this test)"), r.odds.miss),
    )
