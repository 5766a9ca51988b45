"""Calculators of the Unisystem basics chapter: checks, contests, D10 against 2D6.

Each maps its controls to one rule of :mod:`rulebook_py.systems.unisystem`
and formats the outcome (its rows, its chart, its roll).

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

from ..systems import unisystem as uni
from ..systems.unisystem import CheckKind, ContestType, CoreDie
from .base import Calculator, Controls, PythonCall, Values, View
from .calls import changes, rule_call
from .charts import bar_chart, grouped_bar_chart
from .controls import dropdown, int_box
from .registry import register
from .tables import lines_html, rows_html

__all__ = [
    "UnisystemCalculator",
    "UnisystemCheckCalculator",
    "UnisystemContestCalculator",
    "UnisystemCoreDieCalculator",
    "core_dropdown",
]


class UnisystemCalculator(Calculator):
    """A Unisystem calculator: a roll of several lines is shown one line at a time."""

    #: Where a roll's text breaks into lines.
    roll_breaks: tuple[str, ...] = ("\n",)

    def report_html(
        self,
        rows: Iterable[Sequence[object]],
        unused: Iterable[tuple[str, str]] = (),
        head: Sequence[str] = ("", "exact answer"),
    ) -> str:
        """An outcome's rows, then a "Not used" row for each setting that does not count."""
        named = (self.label_of(k) if k in self.controls else k for k, _ in unused)
        pad = [""] * (len(head) - 2)
        notes = [(f"Not used: {name}", why, *pad) for name, (_, why) in zip(named, unused)]
        return rows_html([*rows, *notes], head)

    def show_roll(self, roll: Any) -> str:
        """The roll's text, one step a line."""
        text = str(roll)
        for sep in self.roll_breaks:
            text = text.replace(sep, "\n")
        return lines_html(text.splitlines())


def core_dropdown() -> widgets.Dropdown:
    """The core-die control: the D10, or 2D6 − 2 (the basics' substitute for any roll)."""
    options = [("D10", CoreDie.D10), ("2D6 − 2 (0 counts as 1)", CoreDie.TWO_D6)]
    return dropdown("Core die (dé)", options, CoreDie.D10)


def _level_chart(pmf: Mapping[int, Fraction], title: str) -> str:
    return bar_chart(
        pmf,
        title=title,
        x_title="success levels (0 = failure)",
        highlight=lambda k: k >= 1,  # type: ignore[operator]
        highlight_label="success",
        other_label="failure",
    )


@register
class UnisystemCheckCalculator(UnisystemCalculator):
    """A task, a simple or difficult test, or an unskilled task: chance and levels.

    Example:
        >>> calc = UnisystemCheckCalculator(kind=CheckKind.UNSKILLED, attribute=4, modifier=0)
        >>> "needs a die roll of" in calc.result.value and "7 or more" in calc.result.value
        True
    """

    title = "Task or test (épreuve ou test)"
    bench_changes = (
        changes(attribute=4, kind=CheckKind.SIMPLE_TEST, modifier=0)
        + changes(kind=CheckKind.UNSKILLED, complexity=10, core=CoreDie.TWO_D6)
        + changes(kind=CheckKind.TASK, skill=2)
    )

    def build_controls(self) -> Controls:
        """Kind of check, attribute, skill, modifier, complex-skill penalty, core die."""
        kinds = [(f"{k.english} ({k.label})", k) for k in CheckKind]
        return {
            "kind": dropdown("Check", kinds, CheckKind.TASK),
            "attribute": int_box("Attribute (attribut)", 3),
            "skill": int_box("Skill (compétence), tasks only", 6),
            "modifier": int_box("Modifier (modificateur)", -3),
            "complexity": int_box("Complex skill penalty, unskilled: 0 or 6–10", 0),
            "core": core_dropdown(),
        }

    def compute(self, values: Values) -> View:
        """P(success), the roll needed, expected levels, and the level chart."""
        args = [values[k] for k in ("kind", "attribute", "skill", "modifier", "complexity")]
        check, call = rule_call(uni.check, *args, core=values["core"], then=".success_chance()")
        title = f"{check.kind.english.capitalize()}: success levels"
        chart = _level_chart(check.level_distribution(), title)
        return View(rows_html(uni.check_rows(check)), chart, call, check)


@register
class UnisystemContestCalculator(UnisystemCalculator):
    """A contest between two sides: exact chance of each outcome, one seeded resolution.

    Example:
        >>> calc = UnisystemContestCalculator(kind=ContestType.GENERIC, bonus_a=3, bonus_b=3)
        >>> "45.00 % (9/20)" in calc.result.value
        True
    """

    title = "Contest (test ou épreuve en résistance)"
    bench_changes = (
        changes(best_of=5, bonus_a=8, kind=ContestType.FOOT_CHASE, head_start="B", speed_a=18)
        + changes(kind=ContestType.SNEAKING)
        + changes(kind=ContestType.GENERIC, bonus_b=2, core=CoreDie.TWO_D6)
    )

    def build_controls(self) -> Controls:
        """Contest type, both bonuses, best of N, head start and speeds."""
        kinds = [(f"{k.english} ({k.label})", k) for k in ContestType]
        return {
            "kind": dropdown("Contest", kinds, ContestType.ARM_WRESTLING),
            "bonus_a": int_box("Side A bonus", 6),
            "bonus_b": int_box("Side B bonus", 4),
            "best_of": dropdown("Best of (arm wrestling)", [1, 3, 5, 7, 9], 3),
            "head_start": dropdown("Started first (foot chase)", ["nobody", "A", "B"], "nobody"),
            "speed_a": int_box("Speed A (foot chase)", 15),
            "speed_b": int_box("Speed B (foot chase)", 12),
            "core": core_dropdown(),
        }

    def compute(self, values: Values) -> View:
        """Exact P(A wins), P(tie), P(B wins), and the chart of A − B."""
        kind, a, b = values["kind"], values["bonus_a"], values["bonus_b"]
        options = {k: values[k] for k in ("best_of", "speed_a", "speed_b", "core")}
        options["head_start"] = values["head_start"].lower()
        if kind is not ContestType.ARM_WRESTLING:
            del options["best_of"]
        if kind is not ContestType.FOOT_CHASE:
            del options["speed_a"], options["speed_b"], options["head_start"]
        report, call = rule_call(uni.contest_report, kind, a, b, then=".a_wins", **options)
        chart = bar_chart(
            {uni.number_text(k): p for k, p in report.margin().pmf().items()},
            title="One roll: A's total − B's total",
            x_title="difference",
            highlight=lambda k: not k.startswith("\u2212") and k != "0",
            highlight_label="A higher",
            other_label="tie or B higher",
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

    title = "D10 or 2D6 − 2 as the core die"
    bench_changes = changes(bonus=2) + changes(bonus=8) + changes(bonus=-1) + changes(bonus=6)

    def build_controls(self) -> Controls:
        """The bonus added to the core die."""
        return {"bonus": int_box("Bonus added to the die", 6)}

    def compute(self, values: Values) -> View:
        """Side-by-side chances and the two distributions of the core die."""
        out = uni.core_die_comparison(values["bonus"])
        faces = range(1, 11)
        dice = {"D10": out.d10, "2D6 − 2": out.two_d6}
        chart = grouped_bar_chart(
            [str(v) for v in faces],
            {name: [die.probability(v) for v in faces] for name, die in dice.items()},
            title="The core die: D10 against 2D6 − 2 (0 counts as 1)",
            x_title="die result",
        )
        then = ".check.with_core(unisystem.CoreDie.TWO_D6).success_chance()"
        chance = out.check.with_core(CoreDie.TWO_D6).success_chance()
        call = PythonCall.of(uni.core_die_comparison, values["bonus"], then=then, value=chance)
        return View(rows_html(out.rows, ["", "D10", "2D6 − 2", "D10 ÷ 2D6"]), chart, call, out)
