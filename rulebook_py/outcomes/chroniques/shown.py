"""What each Chroniques Oubliées calculator shows of its outcome, as data: tables, notes, charts.

:func:`presentation` takes any outcome a Chroniques calculator computes (an
attack action, both sides' conditions, a knock-out, first aid, an opposed
magic attack, a chase, a whole fight) and returns a
:class:`~rulebook_py.outcomes.shown.Presentation`: the tables' headings and
rows, the notes, and the charts to draw with their message titles. The
widget layer renders it and chooses nothing about the game.

Example:
    >>> from rulebook_py.systems.chroniques import first_aid
    >>> shown = presentation(first_aid(1))
    >>> shown.rows[1], shown.charts
    (('P(saved)', Fraction(3, 5)), ())
"""

from __future__ import annotations

from fractions import Fraction
from functools import singledispatch

from ...systems.chroniques.attacks import AttackReport
from ...systems.chroniques.core import CheckReport
from ...systems.chroniques.damage import KnockOutReport
from ...systems.chroniques.whole_fight import FightOutcome
from ...systems.chroniques.words import M
from ..shown import Bars, GroupedBars, Presentation, refuse_outcome
from .attack import STR_TIP, attack_notes, attack_rows
from .chase import ChaseReport
from .conditions import ConditionsReport
from .magic import OpposedMagicReport
from .reports import first_aid_rows, knock_out_rows
from .whole_fight import fight_rows

__all__ = ["SHORT_FRACTION", "presentation"]

#: A chance whose exact fraction is longer than this (characters) is shown as
#: a percentage only (:func:`rulebook_py.widgets.format.probability`): the
#: whole fight's table then says where to find the fraction.
SHORT_FRACTION = 23


@singledispatch
def presentation(outcome: object) -> Presentation:
    """What a Chroniques calculator shows of ``outcome``: its tables, notes and charts.

    Raises:
        RuleValueError: ``outcome`` is not one a Chroniques calculator computes.

    Example:
        >>> from rulebook_py.outcomes.chroniques import opposed_magic_report
        >>> presentation(opposed_magic_report(5, 5)).charts[0].series["opposed test"]
        (Fraction(209, 400), Fraction(1, 20))
        >>> presentation(3)
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: outcome must be an outcome of a Chroniques calculator, got 3
    """
    refuse_outcome(outcome, M("Chroniques"))


@presentation.register
def _(outcome: AttackReport) -> Presentation:
    rows, notes = attack_rows(outcome), attack_notes(outcome)
    if not outcome.possible:
        return Presentation(rows, notes=notes)
    title, axis = M("Damage of the action"), M("damage")
    lethal = outcome.lethal.pmf()
    if not outcome.temporary_blow:
        miss = frozenset(n for n in lethal if n == 0)
        chart = Bars(lethal, title, axis, miss, M("miss (0)"), M("hit"))
        return Presentation(rows, charts=(chart,), notes=notes)
    temporary = outcome.temporary.pmf()
    hits = range(max(outcome.lethal.max_value, outcome.temporary.max_value) + 1)
    series = {
        kind: tuple(pmf.get(n, Fraction(0)) for n in hits)
        for kind, pmf in ((M("lethal"), lethal), (M("temporary"), temporary))
    }
    chart = GroupedBars(tuple(str(n) for n in hits), series, title, axis)
    return Presentation(rows, charts=(chart,), notes=notes)


@presentation.register
def _(outcome: ConditionsReport) -> Presentation:
    free, hurt = outcome.free.outcome, outcome.hurt.outcome
    odds = (("", M("no conditions"), M("with the conditions")), outcome.odds_rows)
    chart = GroupedBars(
        (M("hit"), M("critical")),
        {
            M("no conditions"): (free.hit, free.critical),
            M("with the conditions"): (hurt.hit, hurt.critical),
        },
        M("The attacker's chances"),
    )
    return Presentation(
        outcome.rows,
        (M("effect"), M("attacker"), M("defender")),
        (chart,),
        tables=(odds,),
        notes=tuple(M("{note}.", note=n) for n in outcome.hurt.notes),
    )


@presentation.register
def _(outcome: KnockOutReport) -> Presentation:
    out = frozenset(m for m in outcome.minutes if m > 0)
    chart = Bars(
        outcome.minutes,
        M("Minutes knocked out after one hit of {dice}", dice=str(outcome.dice)),
        M("minutes (0: still conscious)"),
        out,
        M("knocked out"),
        M("conscious"),
    )
    return Presentation(knock_out_rows(outcome), ("", ""), (chart,), notes=(STR_TIP,))


@presentation.register
def _(outcome: CheckReport) -> Presentation:
    note = M("One test: this book lets no second try follow a failed one (the source is silent).")
    return Presentation(first_aid_rows(outcome), notes=(note,))


@presentation.register
def _(outcome: OpposedMagicReport) -> Presentation:
    o, f = outcome.opposed, outcome.fixed
    head = ("", M("opposed test"), M("magic DEF {n} (10 + score)", n=outcome.magic_defense))
    chart = GroupedBars(
        (M("success"), M("critical")),
        {M("opposed test"): (o.hit, o.critical), M("magic DEF"): (f.hit, f.critical)},
        M("The caster's chances"),
    )
    note = M("The caster wins ties; only the caster's natural 20 and natural 1 count.")
    return Presentation(outcome.rows, head, (chart,), notes=(note,))


@presentation.register
def _(outcome: ChaseReport) -> Presentation:
    ends = outcome.ends
    chart = GroupedBars(
        tuple(str(n) for n in range(1, len(next(iter(ends.values()))) + 1)),
        {kind: tuple(chances) for kind, chances in ends.items()},
        M("When the chase ends"),
        M("round"),
        running_total=True,
    )
    return Presentation(outcome.rows, charts=(chart,))


def _long(p: Fraction) -> bool:
    """Whether the exact fraction of ``p`` is too long to show beside its percentage."""
    return p not in (0, 1) and len(f"{p.numerator}/{p.denominator}") > SHORT_FRACTION


@presentation.register
def _(outcome: FightOutcome) -> Presentation:
    rows = fight_rows(outcome)
    notes = ()
    if any(_long(p) for _label, p in outcome.rows):
        notes = (
            M(
                "A chance whose exact fraction is too long to print shows its percentage "
                "only; the Python line below gives the fraction."
            ),
        )
    first, second = outcome.first.name, outcome.second.name
    won = frozenset(
        end for end, (winner, _how) in zip(outcome.endings, outcome.ends) if winner == first
    )
    chart = Bars(
        dict(outcome.endings),
        M("How the fight ends"),
        M("ending"),
        won,
        M("{name} wins", name=first),
        M("{name} wins", name=second),
    )
    return Presentation(rows, charts=(chart,), notes=notes)
