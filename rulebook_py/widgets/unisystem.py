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

import ipywidgets as widgets

from .. import outcomes
from ..outcomes.unisystem import choices
from ..systems.unisystem import CheckKind, ContestType, CoreDie
from ..systems.unisystem.words import M
from .base import Controls
from .calls import changes
from .controls import dropdown, int_box
from .format import escape, percent, table_html
from .presented import PresentedCalculator
from .registry import register
from .tables import lines_html
from .words import shown as tr

__all__ = [
    "BOX",
    "UnisystemCalculator",
    "UnisystemCheckCalculator",
    "UnisystemContestCalculator",
    "UnisystemCoreDieCalculator",
    "core_dropdown",
    "reference_html",
    "whole_box",
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


def whole_box(description: str, value: int) -> widgets.BoundedIntText:
    """A whole-number box, bounded by :data:`BOX` (the rule refuses its own range)."""
    return int_box(description, value, bounds=BOX)


def core_dropdown() -> widgets.Dropdown:
    """The core-die control: the D10, or 2D6 − 2 (the basics' substitute for any roll)."""
    return dropdown(M("Core die (dé)"), choices.CORE_DICE, CoreDie.D10)


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

    def build_controls(self) -> Controls:
        """Kind of check, attribute, skill, modifier, complex-skill penalty, core die."""
        return {
            "kind": dropdown(M("Check"), choices.CHECK_KINDS, CheckKind.TASK),
            "attribute": whole_box(M("Attribute (attribut)"), 3),
            "skill": whole_box(M("Skill (compétence), tasks only"), 6),
            "modifier": whole_box(M("Modifier (modificateur)"), -3),
            "complexity": whole_box(M("Complex skill penalty, unskilled: 0 or 6–10"), 0),
            "core": core_dropdown(),
        }


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

    def build_controls(self) -> Controls:
        """Contest type, both bonuses, best of N, head start and speeds."""
        return {
            "kind": dropdown(M("Contest"), choices.CONTESTS, ContestType.ARM_WRESTLING),
            "bonus_a": whole_box(M("Side A bonus"), 6),
            "bonus_b": whole_box(M("Side B bonus"), 4),
            "best_of": dropdown(M("Best of (arm wrestling)"), [1, 3, 5, 7, 9], 3),
            "head_start": dropdown(
                M("Started first (foot chase)"), choices.HEAD_START_CHOICES, "nobody"
            ),
            "speed_a": whole_box(M("Speed A (foot chase)"), 15),
            "speed_b": whole_box(M("Speed B (foot chase)"), 12),
            "core": core_dropdown(),
        }


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

    def build_controls(self) -> Controls:
        """The bonus added to the core die."""
        return {"bonus": whole_box(M("Bonus added to the die"), 6)}
