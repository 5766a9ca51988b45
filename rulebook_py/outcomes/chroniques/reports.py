"""Chroniques Oubliées: the rows the knock-out, first-aid and initiative calculators show, as data.

The rules' own reports (:func:`~rulebook_py.systems.chroniques.knock_out_report`,
:func:`~rulebook_py.systems.chroniques.first_aid`,
:func:`~rulebook_py.systems.chroniques.initiative_report`) hold the exact
answer; these functions give the rows a calculator shows of them:
``(label, value)``, a label a message, a chance a fraction (the initiative
order: one row a combatant under :data:`INITIATIVE_HEAD`), and the notes.

Example:
    >>> from rulebook_py.systems.chroniques import first_aid
    >>> first_aid_rows(first_aid(1))[1]
    ('P(saved)', Fraction(3, 5))
"""

from __future__ import annotations

from ...errors import check_type
from ...messages import Msg
from ...systems.chroniques.core import CheckReport, ability_modifier
from ...systems.chroniques.damage import KnockOutReport
from ...systems.chroniques.initiative import InitiativeReport
from ...systems.chroniques.words import MN, M

__all__ = ["INITIATIVE_HEAD", "first_aid_rows", "initiative_notes", "initiative_rows"]
__all__ += ["knock_out_rows"]

#: The initiative table's columns: one a combatant's cell of :func:`initiative_rows`.
INITIATIVE_HEAD = (
    "#",
    M("name"),
    M("Init."),
    M("side"),
    M("WIS"),
    M("this round"),
    M("P(surprised)"),
)


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


def initiative_rows(report: InitiativeReport) -> tuple[tuple[object, ...], ...]:
    r"""One row a combatant in acting order; the last cell ``(P(surprised), die)`` or None.

    Example:
        >>> from rulebook_py.systems.chroniques import initiative_report
        >>> gob = initiative_rows(initiative_report("Ana, 12, PC, 14\nGob, 10, NPC, 8", ambush="pcs"))[1]
        >>> [str(c) for c in gob[:6]], gob[6]
        (['2', 'Gob', '10', 'NPC (PNJ)', '8 (-1)', 'acts'], (Fraction(3, 5), 'd20'))
    """
    check_type(report, InitiativeReport, "report", M("an InitiativeReport"))
    odds = report.surprised
    return tuple(
        (
            rank,
            c.name,
            c.initiative,
            M("PC (PJ)") if c.player else M("NPC (PNJ)"),
            M("{score} ({modifier})", score=c.wisdom, modifier=_signed(ability_modifier(c.wisdom))),
            M("acts") if c.acts else M("loses the action"),
            (odds[c.name], c.die) if c.name in odds else None,
        )
        for rank, c in enumerate(report.order, 1)
    )


def initiative_notes(report: InitiativeReport) -> tuple[Msg, ...]:
    """The scores the list's tags changed, then the surprise test's difficulty.

    Example:
        >>> from rulebook_py.systems.chroniques import initiative_report
        >>> [str(n) for n in initiative_notes(initiative_report("Ana, 12, PC, 14", ambush="pcs"))]
        ['Surprise: a WIS test against 12.']
    """
    check_type(report, InitiativeReport, "report", M("an InitiativeReport"))
    notes = [M("{note}.", note=n) for n in report.notes]
    n = report.difficulty
    if n is not None and n <= 1:
        notes.append(M("Surprise: a WIS test against {n} (only a natural 1 fails).", n=n))
    elif n is not None:
        notes.append(M("Surprise: a WIS test against {n}.", n=n))
    return tuple(notes)
