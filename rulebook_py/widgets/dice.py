"""Calculators of the dice chapter: up to four expressions compared, and two rolls opposed.

Each maps its controls to one call of the dice package (:func:`~rulebook_py.dice.dice_set`,
:func:`~rulebook_py.dice.opposed`) and formats what comes back. Every word is a
message of the ``calculators`` domain; what the reader typed and dice notation
are shown as they are.

Example:
    >>> calc = DiceCalculator(expression="d20", target=11)
    >>> "50.00 % (1/2)" in calc.result.value
    True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, ClassVar

from ..dice import DEFAULT_EXPLODE_DEPTH, MAX_EXPLODE_DEPTH, MAX_TARGET, Dice
from ..messages import Msg
from ..outcomes.dice import DiceSetRoll, OpposedRoll, dice_set, opposed
from .base import Calculator, Controls, Values, View
from .calls import by_name, changes, rule_call
from .charts import bar_chart, grouped_bar_chart
from .controls import int_box, text_box
from .format import escape, numbers, probability, table_html
from .registry import register
from .series import align
from .tables import lines_html
from .words import M, shown

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

#: Bounds of the target box: ten times wider than the rule's range
#: (:data:`~rulebook_py.dice.MAX_TARGET`), so that the rule itself refuses what is out
#: of range and says so next to the box (and within a browser's exact whole numbers, 2**53).
_TARGET_BOX = (-10 * MAX_TARGET, 10 * MAX_TARGET)
#: Bounds of the explosion-depth box: wider than the rule's 0 to
#: :data:`~rulebook_py.dice.MAX_EXPLODE_DEPTH`, for the same reason.
_DEPTH_BOX = (-10 * MAX_EXPLODE_DEPTH, 10 * MAX_EXPLODE_DEPTH)
#: The explosion-depth box's tooltip.
_DEPTH_TIP = M("Extra rolls an exploding die may take; the last one does not explode")


def _spread(stats: tuple[Fraction, float]) -> Msg:
    """Mean ± SD, one decimal each (``13.8±4.7``; ``13,8±4,7`` in French)."""
    mean, sd = stats
    return M("{mean:.1f}±{sd:.1f}", mean=float(mean), sd=sd)


def _legend(letter: str, dice: Dice, stats: tuple[Fraction, float]) -> Msg:
    """Short legend entry: the expression (or its letter when long), mean ± SD.

    Four entries must fit on one line of the chart: an entry longer than 17
    characters names the box by its letter instead (the table gives both).

    Example:
        >>> from rulebook_py.dice import parse
        >>> d = parse("2d20kh1 + 1d4 + 10")
        >>> _legend("B", parse("2d20kh1"), (Fraction(553, 40), 4.7)), _legend("C", d, (26.3, 4.8))
        ('2d20kh1: 13.8±4.7', 'C: 26.3±4.8')
    """
    entry = M("{name}: {spread}", name=str(dice), spread=_spread(stats))
    return entry if len(entry) <= 17 else M("{name}: {spread}", name=letter, spread=_spread(stats))


def _chances(values: list[Fraction]) -> list[str]:
    return [probability(p) for p in values]


#: How the values of each kind of row of :meth:`~rulebook_py.outcomes.dice.DiceSet.rows` read.
_WRITE: dict[str, Callable[[list[Any]], list[Any]]] = {
    "text": list,
    "numbers": numbers,
    "chances": _chances,
}


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

    title = M("Dice expressions compared")
    fields: ClassVar[Mapping[str, str]] = {letter: name for name, letter, _ in EXPRESSION_BOXES}
    bench_changes = changes(
        expression="2d20kh1+5", target=15, second="4D+2", third="3d6!", fourth="4d6ro1kh3"
    ) + changes(explode_depth=3, target=12)

    def build_controls(self) -> Controls:
        """Four expression boxes, a target number and the explosion depth."""
        boxes = {
            name: text_box(
                M("Dice {letter}", letter=letter),
                default,
                placeholder=M("e.g. d20, 3d6+2, 2d20kh1, 3d6!, 5d6>=5"),
                input_em=14,
            )
            for name, letter, default in EXPRESSION_BOXES
        }
        return {
            **boxes,
            "target": int_box(M("Target (P ≥)"), 11, bounds=_TARGET_BOX),
            "explode_depth": int_box(
                M("Explosion depth (!)"),
                DEFAULT_EXPLODE_DEPTH,
                tooltip=_DEPTH_TIP,
                bounds=_DEPTH_BOX,
            ),
        }

    def compute(self, values: Values) -> View:
        """For each expression: range, mean, deviation and P(total >= target); one chart."""
        texts = {letter: values[name] for name, letter, _default in EXPRESSION_BOXES}
        kw = {**by_name(dice_set, values), "expressions": texts}
        found, call = rule_call(dice_set, path=("chances",), **kw)
        target, pairs, answer = found.target, list(zip(found.names, found.dice)), found.rows()
        rows = [(label, *_WRITE[kind](values)) for label, kind, values in answer]
        stats = list(zip(answer[2][2], answer[3][2]))  # each expression's mean and deviation
        if len(pairs) == 1:
            ((_letter, dice),) = pairs
            chart = bar_chart(
                dice.pmf(),
                title=M(
                    "Distribution of {dice} (mean ± SD {sd})", dice=str(dice), sd=_spread(stats[0])
                ),
                x_title=M("total"),
                highlight=lambda k: k >= target,
                highlight_label=M("≥ {target}", target=target),
                other_label=M("< {target}", target=target),
            )
        else:
            series = {_legend(n, d, st): d.distribution for (n, d), st in zip(pairs, stats)}
            chart = grouped_bar_chart(
                *align(series),
                title=M("Distributions compared (legend: mean ± standard deviation)"),
                x_title=M("total"),
            )
        header = [M("Dice"), *(M("{name}: {dice}", name=n, dice=str(d)) for n, d in pairs)]
        return View(table_html(header, rows), chart, call, found)

    def show_roll(self, roll: DiceSetRoll) -> str:
        """One line per box; a dropped die is marked ``~``."""
        return lines_html(roll.lines())


@register
class CompareCalculator(Calculator):
    """Two independent rolls compared: exact P(A > B), P(A = B), P(A < B).

    Example:
        >>> calc = CompareCalculator(first="d6", second="d6")
        >>> "41.67 % (5/12)" in calc.result.value
        True
    """

    title = M("Two rolls compared")
    bench_changes = changes(first="4D+2", second="3D+1") + changes(first="15D+2", second="15D")

    def build_controls(self) -> Controls:
        """Two expression boxes."""
        return {
            "first": text_box("A", "4D+2", input_em=16),  # (the rolls' names: alike in French)
            "second": text_box("B", "3D+1", input_em=16),
        }

    def compute(self, values: Values) -> View:
        """The three chances and the distribution of A - B."""
        pair, call = rule_call(opposed, path=("comparison",), **values)
        a, b, c = pair.first, pair.second, pair.comparison
        rows = [
            (M("A higher ({first} > {second})", first=str(a), second=str(b)), probability(c.gt)),
            (M("Tie"), probability(c.eq)),
            (M("B higher"), probability(c.lt)),
        ]
        chart = bar_chart(
            pair.difference.pmf(),
            title=M("A − B"),
            x_title=M("difference"),
            highlight=lambda k: k > 0,
            highlight_label=M("A higher"),
            other_label=M("tie or B higher"),
        )
        return View(table_html([M("outcome"), M("exact chance")], rows), chart, call, pair)

    def show_roll(self, roll: OpposedRoll) -> str:
        """A then B, and who is higher."""
        return escape(shown(roll.lettered))
