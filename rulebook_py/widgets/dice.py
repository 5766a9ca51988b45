"""Calculators of the dice chapter: up to four expressions compared, and two rolls opposed.

Each maps its controls to one call of the dice package (:func:`~rulebook_py.dice.dice_set`,
:func:`~rulebook_py.dice.opposed`) and formats what comes back.

Example:
    >>> calc = DiceCalculator(expression="d20", target=11)
    >>> "50.00 % (1/2)" in calc.result.value
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import ClassVar

from .. import i18n
from ..dice import DEFAULT_EXPLODE_DEPTH, Dice, DiceSetRoll, OpposedRoll, dice_set, opposed, parse
from ..i18n import gettext as _
from .base import Calculator, Controls, PythonCall, Values, View, call_text
from .calls import changes
from .charts import bar_chart, grouped_bar_chart
from .controls import int_box, text_box
from .format import escape, numbers, probability, table_html
from .registry import register
from .series import align
from .tables import lines_html

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

#: The explosion-depth box's tooltip.
_DEPTH_TIP = "Extra rolls an exploding die may take; the last one does not explode"


def _legend(letter: str, dice: Dice, stats: tuple[Fraction, float]) -> str:
    """Short legend entry: the expression (or its letter when long), mean ± SD.

    Four entries must fit on one line of the chart: an entry longer than 17
    characters names the box by its letter instead (the table gives both).

    Example:
        >>> d = parse("2d20kh1 + 1d4 + 10")
        >>> _legend("B", parse("2d20kh1"), (Fraction(553, 40), 4.7)), _legend("C", d, (26.3, 4.8))
        ('2d20kh1: 13.8±4.7', 'C: 26.3±4.8')
    """
    mean, sd = stats
    shown = f"{i18n.decimal(float(mean), 1)}±{i18n.decimal(sd, 1)}"
    entry = f"{dice}: {shown}"
    return entry if len(entry) <= 17 else f"{letter}: {shown}"


def _chance_call(dice: Dice, depth: int, target: int) -> str:
    """``parse(…).prob_at_least(target)``, with the explosion depth only where it counts."""
    shown = depth if dice.explode_depth is not None else DEFAULT_EXPLODE_DEPTH
    return call_text(parse, str(dice), explode_depth=shown) + f".prob_at_least({target})"


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
    fields: ClassVar[Mapping[str, str]] = {letter: name for name, letter, _ in EXPRESSION_BOXES}
    bench_changes = changes(
        expression="2d20kh1+5", target=15, second="4D+2", third="3d6!", fourth="4d6ro1kh3"
    ) + changes(explode_depth=3, target=12)

    def build_controls(self) -> Controls:
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
                "Explosion depth (!)", DEFAULT_EXPLODE_DEPTH, tooltip=_DEPTH_TIP
            ),
        }

    def compute(self, values: Values) -> View:
        """For each expression: range, mean, deviation and P(total >= target); one chart."""
        texts = {letter: values[name] for name, letter, _default in EXPRESSION_BOXES}
        found = dice_set(texts, values["target"], values["explode_depth"])
        target, pairs = found.target, list(zip(found.names, found.dice))
        stats = [(d.mean(), d.stdev()) for d in found.dice]
        span = _("{low} to {high}").format
        below = [probability(d.prob_at_most(target - 1)) for d in found.dice]
        rows = [
            ("Expression", *(str(d) for d in found.dice)),
            ("Totals", *(span(low=d.min_value, high=d.max_value) for d in found.dice)),
            ("Mean", *numbers([m for m, _sd in stats])),
            ("Standard deviation", *numbers([sd for _m, sd in stats])),
            (f"P(total ≥ {target})", *(probability(p) for p in found.chances)),
            (f"P(total < {target})", *below),
        ]
        if len(pairs) == 1:
            ((letter, dice),) = pairs
            sd = _legend(letter, dice, stats[0]).split(": ")[1]
            chart = bar_chart(
                dice.pmf(),
                title=f"Distribution of {dice} (mean ± SD {sd})",
                highlight=lambda k: k >= target,
                highlight_label=f"≥ {target}",
                other_label=f"< {target}",
            )
        else:
            series = {_legend(n, d, st): d.distribution for (n, d), st in zip(pairs, stats)}
            chart = grouped_bar_chart(
                *align(series),
                title="Distributions compared (legend: mean ± standard deviation)",
                x_title="total",
            )
        calls = [_chance_call(d, values["explode_depth"], target) for d in found.dice]
        call = PythonCall("parse", f"[{', '.join(calls)}]", list(found.chances))
        if len(calls) == 1:
            call = PythonCall("parse", calls[0], found.chances[0])
        header = ["Dice", *(f"{n}: {d}" for n, d in pairs)]
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

    title = "Two rolls compared"
    bench_changes = changes(first="4D+2", second="3D+1") + changes(first="15D+2", second="15D")

    def build_controls(self) -> Controls:
        """Two expression boxes."""
        return {
            "first": text_box("A", "4D+2", input_em=16),
            "second": text_box("B", "3D+1", input_em=16),
        }

    def compute(self, values: Values) -> View:
        """The three chances and the distribution of A - B."""
        pair = opposed(values["first"], values["second"])
        a, b, c = pair.first, pair.second, pair.comparison
        rows = [
            (f"A higher ({a} > {b})", probability(c.gt)),
            ("Tie", probability(c.eq)),
            ("B higher", probability(c.lt)),
        ]
        chart = bar_chart(
            pair.difference.pmf(),
            title="A − B",
            x_title="difference",
            highlight=lambda k: k > 0,
            highlight_label="A higher",
            other_label="tie or B higher",
        )
        call = PythonCall.of(parse, str(a), then=f".compare({b!r})", value=c)
        return View(table_html(["outcome", "exact chance"], rows), chart, call, pair)

    def show_roll(self, roll: OpposedRoll) -> str:
        """A then B, and who is higher."""
        who = {"first": "A", "second": "B", None: "nobody (tie)"}[roll.winner]
        text = _("A: {first}; B: {second} — {who} higher")
        return escape(text.format(first=roll.first, second=roll.second, who=_(who)))
