"""Calculators of the Unisystem basics chapter: checks, contests, D10 against 2D6.

Each maps its controls to one rule of :mod:`rulebook_py.systems.unisystem`
and formats the outcome (its rows, its chart, its roll). Every word is a
message of the ``unisystem`` domain, shown in the calculator's language.

Example:
    >>> calc = UnisystemCheckCalculator()  # Marcus: Perception 3 + Occultism 6 − 3
    >>> "80.00 % (4/5)" in calc.result.value
    True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from .. import outcomes
from ..systems import unisystem as uni
from ..systems.unisystem import CheckKind, ContestType, CoreDie
from ..systems.unisystem.words import M
from .base import Calculator, Controls, Values, View
from .calls import changes, rule_call
from .charts import bar_chart, grouped_bar_chart
from .controls import dropdown, int_box
from .format import percent, table_html
from .registry import register
from .tables import lines_html, rows_html

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


class UnisystemCalculator(Calculator):
    """A Unisystem calculator: its tables, its rolls one line each.

    A rule's outcome may name (``unused``) the parameters that do not count
    in the situation: the base hides their controls, the Python line leaves them out.
    """

    def report_html(
        self, rows: Iterable[Sequence[object]], head: Sequence[str] = ("", M("exact answer"))
    ) -> str:
        """An outcome's rows as a table."""
        return rows_html(rows, head)

    def show_roll(self, roll: Any) -> str:
        """The roll's lines, one a line."""
        lines = getattr(roll, "lines", None)
        return lines_html(lines if lines is not None else [roll.message])


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
    options = [("D10", CoreDie.D10), (M("2D6 − 2 (0 counts as 1)"), CoreDie.TWO_D6)]
    return dropdown(M("Core die (dé)"), options, CoreDie.D10)


def _level_chart(pmf: Mapping[int, Fraction], title: str) -> str:
    return bar_chart(
        pmf,
        title=title,
        x_title=M("success levels (0 = failure)"),
        highlight=lambda k: k >= 1,  # type: ignore[operator]
        highlight_label=M("success"),
        other_label=M("failure"),
    )


_KINDS = {
    CheckKind.TASK: (M("task (Épreuve)"), M("Task: success levels")),
    CheckKind.SIMPLE_TEST: (M("simple test (Test simple)"), M("Simple test: success levels")),
    CheckKind.DIFFICULT_TEST: (
        M("difficult test (Test difficile)"),
        M("Difficult test: success levels"),
    ),
    CheckKind.UNSKILLED: (
        M("unskilled task (Épreuve sans compétence)"),
        M("Unskilled task: success levels"),
    ),
}
_CONTESTS = {
    ContestType.GENERIC: M("generic contest (Test / épreuve en résistance)"),
    ContestType.ARM_WRESTLING: M("arm wrestling (Bras de fer)"),
    ContestType.FOOT_CHASE: M("foot chase (Poursuite à pied)"),
    ContestType.SNEAKING: M("sneaking (Se faufiler)"),
}


@register
class UnisystemCheckCalculator(UnisystemCalculator):
    """A task, a simple or difficult test, or an unskilled task: chance and levels.

    Example:
        >>> calc = UnisystemCheckCalculator(kind=CheckKind.UNSKILLED, attribute=4, modifier=0)
        >>> "needs a die roll of" in calc.result.value and "7 or more" in calc.result.value
        True
    """

    title = M("Task or test (épreuve ou test)")
    bench_changes = (
        changes(attribute=4, kind=CheckKind.SIMPLE_TEST, modifier=0)
        + changes(kind=CheckKind.UNSKILLED, complexity=10, core=CoreDie.TWO_D6)
        + changes(kind=CheckKind.TASK, skill=2)
    )

    def build_controls(self) -> Controls:
        """Kind of check, attribute, skill, modifier, complex-skill penalty, core die."""
        kinds = [(label, kind) for kind, (label, _title) in _KINDS.items()]
        return {
            "kind": dropdown(M("Check"), kinds, CheckKind.TASK),
            "attribute": whole_box(M("Attribute (attribut)"), 3),
            "skill": whole_box(M("Skill (compétence), tasks only"), 6),
            "modifier": whole_box(M("Modifier (modificateur)"), -3),
            "complexity": whole_box(M("Complex skill penalty, unskilled: 0 or 6–10"), 0),
            "core": core_dropdown(),
        }

    def compute(self, values: Values) -> View:
        """P(success), the roll needed, expected levels, and the level chart."""
        check, call = rule_call(outcomes.unisystem.check, path=(("success_chance",),), **values)
        chart = _level_chart(check.level_distribution(), _KINDS[check.kind][1])
        return View(rows_html(outcomes.unisystem.check_rows(check)), chart, call, check)


@register
class UnisystemContestCalculator(UnisystemCalculator):
    """A contest between two sides: exact chance of each outcome, one seeded resolution.

    Example:
        >>> calc = UnisystemContestCalculator(kind=ContestType.GENERIC, bonus_a=3, bonus_b=3)
        >>> "45.00 % (9/20)" in calc.result.value
        True
    """

    title = M("Contest (test ou épreuve en résistance)")
    bench_changes = (
        changes(best_of=5, bonus_a=8, kind=ContestType.FOOT_CHASE, head_start="B", speed_a=18)
        + changes(kind=ContestType.SNEAKING)
        + changes(kind=ContestType.GENERIC, bonus_b=2, core=CoreDie.TWO_D6)
    )

    def build_controls(self) -> Controls:
        """Contest type, both bonuses, best of N, head start and speeds."""
        starts = [(M("nobody"), "nobody"), ("A", "A"), ("B", "B")]
        return {
            "kind": dropdown(
                M("Contest"), [(v, k) for k, v in _CONTESTS.items()], ContestType.ARM_WRESTLING
            ),
            "bonus_a": whole_box(M("Side A bonus"), 6),
            "bonus_b": whole_box(M("Side B bonus"), 4),
            "best_of": dropdown(M("Best of (arm wrestling)"), [1, 3, 5, 7, 9], 3),
            "head_start": dropdown(M("Started first (foot chase)"), starts, "nobody"),
            "speed_a": whole_box(M("Speed A (foot chase)"), 15),
            "speed_b": whole_box(M("Speed B (foot chase)"), 12),
            "core": core_dropdown(),
        }

    def compute(self, values: Values) -> View:
        """Exact P(A wins), P(tie), P(B wins), and the chart of A − B."""
        kw = {**values, "head_start": values["head_start"].lower()}
        report, call = rule_call(outcomes.unisystem.contest_report, path=("a_wins",), **kw)
        chart = bar_chart(
            {uni.number_text(k): p for k, p in report.margin().pmf().items()},
            title=M("One roll: A's total − B's total"),
            x_title=M("difference"),
            highlight=lambda k: not k.startswith("\u2212") and k != "0",
            highlight_label=M("A higher"),
            other_label=M("tie or B higher"),
        )
        return View(rows_html(report.rows), chart, call, report)


@register
class UnisystemCoreDieCalculator(UnisystemCalculator):
    """D10 against 2D6 − 2 as the core die: both shapes, and how rare the extremes become.

    Example:
        >>> calc = UnisystemCoreDieCalculator(bonus=6)
        >>> "3.60" in calc.result.value  # a 10 is 3.6 times rarer on 2D6 − 2
        True
    """

    title = M("D10 or 2D6 − 2 as the core die")
    bench_changes = changes(bonus=2) + changes(bonus=8) + changes(bonus=-1) + changes(bonus=6)

    def build_controls(self) -> Controls:
        """The bonus added to the core die."""
        return {"bonus": whole_box(M("Bonus added to the die"), 6)}

    def compute(self, values: Values) -> View:
        """Side-by-side chances and the two distributions of the core die."""
        path = ("check", ("with_core", CoreDie.TWO_D6), ("success_chance",))
        out, call = rule_call(outcomes.unisystem.core_die_comparison, path=path, **values)
        faces = range(1, 11)
        dice = {"D10": out.d10, "2D6 − 2": out.two_d6}
        chart = grouped_bar_chart(
            [str(v) for v in faces],
            {name: [die.probability(v) for v in faces] for name, die in dice.items()},
            title=M("The core die: D10 against 2D6 − 2 (0 counts as 1)"),
            x_title=M("die result"),
        )
        head = ["", "D10", "2D6 − 2", M("D10 ÷ 2D6")]
        return View(rows_html(out.rows, head), chart, call, out)
