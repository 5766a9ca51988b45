"""Calculators of the Unisystem basics chapter: checks, contests, D10 against 2D6.

Each maps its controls to one call (its ``rule``, from
:mod:`rulebook_py.outcomes.unisystem` or the rules) and renders what the
outcome's presentation says to show (:mod:`rulebook_py.outcomes.unisystem.shown`:
its rows, its charts; :mod:`.presented`) and its roll. Every word is a message of the
``unisystem`` domain, shown in the calculator's language.

Example:
    >>> calc = UnisystemCheckCalculator()  # Marcus: Perception 3 + Occultism 6 − 3
    >>> "80.00 % (4/5)" in calc.result.value
    True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

from .. import outcomes
from ..outcomes.unisystem import choices
from ..systems.unisystem import CheckKind, ContestType, CoreDie
from ..systems.unisystem.words import M
from .calls import changes
from .format import escape, percent, table_html
from .presented import PresentedCalculator
from .registry import register
from .tables import lines_html
from .words import shown as tr

__all__ = [
    "BOX",
    "CORE",
    "UnisystemCalculator",
    "UnisystemCheckCalculator",
    "UnisystemContestCalculator",
    "UnisystemCoreDieCalculator",
    "reference_html",
]

#: What a whole-number box holds: the rules refuse, with their own message,
#: anything beyond their range; the box only keeps out the absurd.
BOX = (-999, 999)


class UnisystemCalculator(PresentedCalculator):
    """A Unisystem calculator: one call of its rule, shown as its outcome's presentation.

    What is shown (rows, charts, a note) is data of the outcome
    (:func:`rulebook_py.outcomes.unisystem.presentation`), rendered by
    :class:`~.presented.PresentedCalculator`; the roll is shown here.
    """

    present = staticmethod(outcomes.unisystem.presentation)
    bounds = BOX
    #: The roll's lines as a numbered list (an order) rather than lines.
    ordered: ClassVar[bool] = False

    def show_roll(self, roll: Any) -> str:
        """The roll's lines, one a line (or numbered, for an order)."""
        lines = outcomes.unisystem.roll_lines(roll)
        if not self.ordered:
            return lines_html(lines)
        return "<ol>" + "".join(f"<li>{escape(tr(line))}</li>" for line in lines) + "</ol>"


def reference_html(*tables: Any) -> str:
    """Quick-reference tables (:mod:`rulebook_py.systems.unisystem.reference`) as HTML.

    A chance is written as a percentage, every word in the reader's language.

    Example:
        >>> from rulebook_py.systems.unisystem import reference
        >>> "<td>80.00 %</td>" in reference_html(reference.odds_table())
        True
    """
    return "".join(
        table_html(
            t.headers,
            [[percent(c) if isinstance(c, Fraction) else c for c in row] for row in t.rows],
            t.caption,
        )
        for t in tables
    )


#: The core-die control: the D10, or 2D6 − 2 (the basics' substitute for any roll).
CORE = ("core", M("Core die (dé)"), CoreDie.D10, choices.CORE_DICE)


@register
class UnisystemCheckCalculator(UnisystemCalculator):
    """A task, a simple or difficult test, or an unskilled task: chance and levels.

    Example:
        >>> calc = UnisystemCheckCalculator(kind=CheckKind.UNSKILLED, attribute=4, modifier=0)
        >>> "needs a die roll of" in calc.result.value and "7 or more" in calc.result.value
        True
    """

    title = M("Task or test (épreuve ou test)")
    rule = staticmethod(outcomes.unisystem.check)
    path = (("success_chance",),)
    bench_changes = (
        changes(attribute=4, kind=CheckKind.SIMPLE_TEST, modifier=0)
        + changes(kind=CheckKind.UNSKILLED, complexity=10, core=CoreDie.TWO_D6)
        + changes(kind=CheckKind.TASK, skill=2)
    )

    #: Kind of check, attribute, skill, modifier, complex-skill penalty, core die.
    declare = (
        ("kind", M("Check"), CheckKind.TASK, choices.CHECK_KINDS),
        ("attribute", M("Attribute (attribut)"), 3),
        ("skill", M("Skill (compétence), tasks only"), 6),
        ("modifier", M("Modifier (modificateur)"), -3),
        ("complexity", M("Complex skill penalty, unskilled: 0 or 6–10"), 0),
        CORE,
    )


@register
class UnisystemContestCalculator(UnisystemCalculator):
    """A contest between two sides: exact chance of each outcome, one seeded resolution.

    Example:
        >>> calc = UnisystemContestCalculator(kind=ContestType.GENERIC, bonus_a=3, bonus_b=3)
        >>> "45.00 % (9/20)" in calc.result.value
        True
    """

    title = M("Contest (test ou épreuve en résistance)")
    rule = staticmethod(outcomes.unisystem.contest_report)
    path = ("a_wins",)
    bench_changes = (
        changes(best_of=5, bonus_a=8, kind=ContestType.FOOT_CHASE, head_start="b", speed_a=18)
        + changes(kind=ContestType.SNEAKING)
        + changes(kind=ContestType.GENERIC, bonus_b=2, core=CoreDie.TWO_D6)
    )

    #: Contest type, both bonuses, best of N, head start and speeds.
    declare = (
        ("kind", M("Contest"), ContestType.ARM_WRESTLING, choices.CONTESTS),
        ("bonus_a", M("Side A bonus"), 6),
        ("bonus_b", M("Side B bonus"), 4),
        ("best_of", M("Best of (arm wrestling)"), 3, [1, 3, 5, 7, 9]),
        ("head_start", M("Started first (foot chase)"), "nobody", choices.HEAD_START_CHOICES),
        ("speed_a", M("Speed A (foot chase)"), 15),
        ("speed_b", M("Speed B (foot chase)"), 12),
        CORE,
    )


@register
class UnisystemCoreDieCalculator(UnisystemCalculator):
    """D10 against 2D6 − 2 as the core die: both shapes, and how rare the extremes become.

    Example:
        >>> calc = UnisystemCoreDieCalculator(bonus=6)
        >>> "3.60" in calc.result.value  # a 10 is 3.6 times rarer on 2D6 − 2
        True
    """

    title = M("D10 or 2D6 − 2 as the core die")
    rule = staticmethod(outcomes.unisystem.core_die_comparison)
    path = ("check", ("with_core", CoreDie.TWO_D6), ("success_chance",))
    bench_changes = changes(bonus=2) + changes(bonus=8) + changes(bonus=-1) + changes(bonus=6)

    #: The bonus added to the core die.
    declare = (("bonus", M("Bonus added to the die"), 6),)
