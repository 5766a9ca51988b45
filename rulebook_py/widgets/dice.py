"""Calculators of the dice chapter: up to four expressions compared, and two rolls opposed.

Example:
    >>> calc = DiceCalculator(expression="d20", target=11)
    >>> "50.00 % (1/2)" in calc.result.value
    True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from ..dice import (
    DEFAULT_EXPLODE_DEPTH,
    MAX_EXPLODE_DEPTH,
    MAX_SECONDS,
    Dice,
    estimate_seconds,
    parse,
)
from ..errors import RuleValueError, WorkLimitError, check_int
from .base import Calculator, PythonCall, control_for
from .charts import bar_chart, grouped_bar_chart
from .controls import int_box, text_box
from .format import escape, number, probability, table_html
from .registry import register
from .series import align

__all__ = ["EXPRESSION_BOXES", "CompareCalculator", "DiceCalculator"]

#: The expression boxes of :class:`DiceCalculator`: (control name, letter, default).
#: The default is the Chroniques Oubliées question "what does the d12 rule cost
#: me?": a d20, the best of two d20, a d12 and the best of two d12.
EXPRESSION_BOXES = (
    ("expression", "A", "d20"),
    ("second", "B", "2d20kh1"),
    ("third", "C", "d12"),
    ("fourth", "D", "2d12kh1"),
)


def _parse(text: str, field: str, explode_depth: int = DEFAULT_EXPLODE_DEPTH) -> Dice:
    with control_for(field):
        return parse(text, explode_depth=explode_depth)


def _legend(letter: str, dice: Dice, stats: tuple[Fraction, float] | None = None) -> str:
    """Short legend entry: the expression (or its letter when long), mean ± SD.

    Four entries must fit on one line of the chart: an entry longer than 17
    characters names the box by its letter instead (the table gives both).

    Example:
        >>> _legend("B", parse("2d20kh1")), _legend("C", parse("2d20kh1 + 1d4 + 10"))
        ('2d20kh1: 13.8±4.7', 'C: 26.3±4.8')
    """
    mean, sd = stats or (dice.mean(), dice.stdev())
    shown = f"{float(mean):.1f}±{sd:.1f}"
    entry = f"{dice}: {shown}"
    return entry if len(entry) <= 17 else f"{letter}: {shown}"


@register
class DiceCalculator(Calculator):
    """Up to four dice expressions: exact distributions on one chart, P(>= target), a roll.

    A blank box is left out. Each expression gets one series on the chart,
    with its mean ± standard deviation in the legend, and one column in the
    table.

    Example:
        >>> calc = DiceCalculator(expression="3d6", target=18)
        >>> "0.46 % (1/216)" in calc.result.value
        True
        >>> calc.controls["second"].value = ""  # blank boxes are left out
        >>> "2d20kh1" in calc.result.value
        False
    """

    title = "Dice expressions compared"
    bench_changes = (
        ("expression", "2d20kh1+5"),
        ("target", 15),
        ("second", "4D+2"),
        ("third", "3d6!"),
        ("fourth", "4d6ro1kh3"),
        ("explode_depth", 3),
        ("target", 12),
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """Four expression boxes, a target number and the explosion depth."""
        boxes = {
            name: text_box(
                f"Dice {letter}",
                default,
                placeholder="e.g. d20, 3d6+2, 2d20kh1, 3d6!, 5d6>=5",
                input_em=14,
            )
            for name, letter, default in EXPRESSION_BOXES
        }
        return {
            **boxes,
            "target": int_box("Target (P ≥)", 11),
            "explode_depth": int_box(
                "Explosion depth (!)",
                DEFAULT_EXPLODE_DEPTH,
                tooltip="Extra rolls an exploding die may take; the last one does not explode",
            ),
        }

    def _expressions(self, values: Mapping[str, Any]) -> list[tuple[str, str, Dice]]:
        """(control, letter, expression) for every box that is not blank; costs checked."""
        with control_for("explode_depth"):
            depth = check_int(values["explode_depth"], "Explosion depth (!)", 0, MAX_EXPLODE_DEPTH)
        found = []
        seconds = 0.0
        for name, letter, _default in EXPRESSION_BOXES:
            text = values[name]
            if not text.strip():
                continue
            dice = _parse(text, name, depth)
            seconds += estimate_seconds(dice)
            if seconds > MAX_SECONDS:
                raise RuleValueError(
                    f"Dice {letter} {text[:40]!r}: together with the boxes above it, these "
                    f"expressions would take about {seconds:.2g} s to compute exactly; at most "
                    f"{MAX_SECONDS} s is allowed for all four: make one of them smaller",
                    field=name,
                )
            found.append((name, letter, dice))
        if not found:
            raise RuleValueError(
                "Dice A to D are all blank: type at least one expression, e.g. 'd20'",
                field="expression",
            )
        return found

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """For each expression: range, mean, deviation and P(total >= target); one chart."""
        found = self._expressions(values)
        target = values["target"]
        stats = [(d.mean(), d.stdev()) for *_x, d in found]
        header = ["", *(f"{letter}: {escape(str(d))}" for _n, letter, d in found)]
        rows = [
            ("Expression", *(str(d) for *_x, d in found)),
            ("Totals", *(f"{d.min_value} to {d.max_value}" for *_x, d in found)),
            ("Mean", *(number(m) for m, _sd in stats)),
            ("Standard deviation", *(number(sd) for _m, sd in stats)),
            (f"P(total ≥ {target})", *(probability(d.prob_at_least(target)) for *_x, d in found)),
            (
                f"P(total < {target})",
                *(probability(d.prob_at_most(target - 1)) for *_x, d in found),
            ),
        ]
        self._answer = (values, [d.prob_at_least(target) for *_x, d in found], found)
        if len(found) == 1:
            ((_n, letter, dice),) = found
            legend = _legend(letter, dice, stats[0]).split(": ")[1]
            chart = bar_chart(
                dice.pmf(),
                title=f"Distribution of {dice} (mean ± SD {legend})",
                highlight=lambda k: k >= target,
                highlight_label=f"≥ {target}",
                other_label=f"< {target}",
            )
        else:
            labels, series = align(
                {
                    _legend(letter, d, st): d.distribution
                    for (_n, letter, d), st in zip(found, stats)
                }
            )
            chart = grouped_bar_chart(
                labels,
                series,
                title="Distributions compared (legend: mean ± standard deviation)",
                x_title="total",
            )
        return table_html(header, rows), chart

    def python_call(self, values: Mapping[str, Any]) -> PythonCall | None:
        """P(total >= target) of every expression, as one list comprehension of ``parse``."""
        kept, chances, found = self._answer
        if kept != values:
            return None
        texts = tuple(str(d) for *_x, d in found)
        depth = values["explode_depth"]
        uses_depth = depth != DEFAULT_EXPLODE_DEPTH and any(
            d.explode_depth is not None for *_x, d in found
        )
        args = f"t, explode_depth={depth}" if uses_depth else "t"
        if len(texts) == 1:
            expr = f"parse({texts[0]!r}{args[1:]}).prob_at_least({values['target']})"
            return PythonCall("parse", expr, chances[0])
        expr = f"[parse({args}).prob_at_least({values['target']}) for t in {texts!r}]"
        return PythonCall("parse", expr, chances)

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Roll each expression once, in order; a dropped die is marked ``~``."""
        parts = []
        target = values["target"]
        for _name, letter, dice in self._expressions(values):
            roll = dice.roll(rng)
            verdict = "reaches" if roll.total >= target else "misses"
            parts.append(f"{letter}: {escape(str(roll))} — {verdict} the target {target}")
        return "<br>".join(parts)


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
        try:
            diff = a - b  # costed like any expression before it is computed
        except WorkLimitError:
            raise RuleValueError(
                f"A {values['first'][:40]!r} and B {values['second'][:40]!r} are too big to "
                f"compare exactly in {MAX_SECONDS} s: make one of them smaller",
                field="second",
            ) from None
        c = a.compare(b)
        self._answer = (values, c, a, b)
        rows = [
            (f"A higher ({a} > {b})", probability(c.gt)),
            ("Tie", probability(c.eq)),
            ("B higher", probability(c.lt)),
        ]
        chart = bar_chart(
            diff.pmf(),
            title="A − B",
            x_title="difference",
            highlight=lambda k: k > 0,
            highlight_label="A higher",
            other_label="tie or B higher",
        )
        return table_html(["outcome", "exact chance"], rows), chart

    def python_call(self, values: Mapping[str, Any]) -> PythonCall | None:
        """The exact comparison of A with B."""
        kept, c, a, b = self._answer
        if kept != values:
            return None
        return PythonCall("parse", f"{a!r}.compare({b!r})", c)

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Roll A then B once and say who is higher."""
        ra = _parse(values["first"], "first").roll(rng)
        rb = _parse(values["second"], "second").roll(rng)
        who = "A" if ra.total > rb.total else "B" if rb.total > ra.total else "nobody (tie)"
        return f"A: {escape(str(ra))}; B: {escape(str(rb))} — {who} higher"
