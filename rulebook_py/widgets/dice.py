"""Calculators of the dice chapter: any expression, and two rolls compared.

Example:
    >>> calc = DiceCalculator(expression="d20", target=11)
    >>> "50.00 % (1/2)" in calc.result.value
    True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from ..dice import Dice, parse
from .base import Calculator, control_for
from .charts import bar_chart
from .controls import int_box, text_box
from .format import escape, number, probability, table_html
from .registry import register

__all__ = ["CompareCalculator", "DiceCalculator"]


def _parse(text: str, field: str) -> Dice:
    with control_for(field):
        return parse(text)


@register
class DiceCalculator(Calculator):
    """Any dice expression: exact distribution, mean, deviation, P(>= target), a roll.

    Example:
        >>> calc = DiceCalculator(expression="3d6", target=18)
        >>> "0.46 % (1/216)" in calc.result.value
        True
    """

    title = "Dice expression"
    bench_changes = (
        ("expression", "2d20kh1+5"),
        ("target", 15),
        ("expression", "4D+2"),
        ("expression", "3d6+2"),
        ("target", 12),
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """An expression box and a target number."""
        return {
            "expression": text_box(
                "Dice", "3d6+2", placeholder="e.g. d20, 3d6+2, 2d20kh1, 4D+2", input_em=16
            ),
            "target": int_box("Target (P ≥)", 12),
        }

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """Mean, deviation, range and P(total >= target), plus the chart."""
        dice = _parse(values["expression"], "expression")
        target = values["target"]
        dist = dice.distribution
        rows = [
            ("Expression", str(dice)),
            ("Totals", f"{dist.min_value} to {dist.max_value}"),
            ("Mean", number(dist.mean())),
            ("Standard deviation", number(dist.stdev())),
            (f"P(total ≥ {target})", probability(dist.prob_at_least(target))),
            (f"P(total < {target})", probability(1 - dist.prob_at_least(target))),
        ]
        chart = bar_chart(
            dice.pmf(),
            title=f"Distribution of {dice}",
            highlight=lambda k: k >= target,
            highlight_label=f"≥ {target}",
            other_label=f"< {target}",
        )
        return table_html(["", "exact answer"], rows), chart

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Roll the expression once; a dropped die is marked with ``~``."""
        roll = _parse(values["expression"], "expression").roll(rng)
        verdict = "reaches" if roll.total >= values["target"] else "misses"
        return f"{escape(str(roll))} — {verdict} the target {values['target']}"


@register
class CompareCalculator(Calculator):
    """Two independent rolls compared: exact P(A > B), P(A = B), P(A < B).

    Example:
        >>> calc = CompareCalculator(first="d6", second="d6")
        >>> "41.67 % (5/12)" in calc.result.value
        True
    """

    title = "Two rolls compared"
    bench_changes = (("first", "4D+2"), ("second", "3D+1"), ("first", "15D+2"), ("second", "15D"))

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """Two expression boxes."""
        return {
            "first": text_box("A", "4D+2", input_em=16),
            "second": text_box("B", "3D+1", input_em=16),
        }

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """The three chances and the distribution of A - B."""
        a = _parse(values["first"], "first")
        b = _parse(values["second"], "second")
        c = a.compare(b)
        rows = [
            (f"A higher ({a} > {b})", probability(c.gt)),
            ("Tie", probability(c.eq)),
            ("B higher", probability(c.lt)),
        ]
        diff = a.distribution - b.distribution
        chart = bar_chart(
            diff.pmf(),
            title="A − B",
            x_title="difference",
            highlight=lambda k: k > 0,
            highlight_label="A higher",
            other_label="tie or B higher",
        )
        return table_html(["outcome", "exact chance"], rows), chart

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Roll A then B once and say who is higher."""
        ra = _parse(values["first"], "first").roll(rng)
        rb = _parse(values["second"], "second").roll(rng)
        who = "A" if ra.total > rb.total else "B" if rb.total > ra.total else "nobody (tie)"
        return f"A: {escape(str(ra))}; B: {escape(str(rb))} — {who} higher"
