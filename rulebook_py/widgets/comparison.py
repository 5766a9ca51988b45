"""The comparison chapter's calculator: one skill gap, four systems side by side.

Every word is a message of the ``comparison`` domain (:mod:`rulebook_py.comparison.words`).

Example:
    >>> calc = SideBySideCalculator()
    >>> "Galaxies Jumelles" in calc.result.value and calc.chart.value.startswith("<svg")
    True
    >>> calc.controls["blows"].value = 11
    >>> "⚠ Full blows to win (Unisystem, Galaxies) must be an integer from 1 to 10, got 11" in (
    ...     calc.error_for("blows"))
    True
"""

from __future__ import annotations

import ipywidgets as widgets

from .. import comparison
from ..comparison import DEFAULT_BLOWS, DEFAULT_HIT_POINTS, MAX_BLOWS, MAX_GAP, MAX_HIT_POINTS
from ..comparison.words import M
from .base import Calculator, Controls, Values, View
from .calls import changes, rule_call
from .comparison_tables import chart_svg, tables_html
from .controls import int_box, label_style, sized
from .format import escape
from .registry import register
from .words import shown

__all__ = ["SideBySideCalculator"]


def _count_box(description: str, value: int, high: int) -> widgets.IntText:
    """A box of a count from 1 to ``high`` (said in its tooltip); the rules refuse the rest."""
    return int_box(
        description, value, tooltip=M("{low} to {high}", low=1, high=high), bounds=(-1000, 1000)
    )


@register
class SideBySideCalculator(Calculator):
    """Chance per exchange, duel win chance, mean rounds and upset rate in all four systems.

    Example:
        >>> calc = SideBySideCalculator(gap=0)
        >>> "50.00 % (1/2)" in calc.result.value  # even Galaxies fighters
        True
    """

    title = M("One skill gap, four dice engines")
    kind = "fight"
    bench_changes = (
        changes(gap=2, blows=5, hit_points=20)
        + changes(gap=4, hit_points=30)
        + changes(gap=6, blows=10)
        + changes(gap=0, hit_points=12, blows=3)
        + changes(gap=1)
    )

    def build_controls(self) -> Controls:
        """The gap slider, N of the full-blow duel and the Chroniques hit points."""
        gap = shown(M("Skill gap (steps)"))
        return {
            "gap": widgets.IntSlider(
                value=1,
                min=0,
                max=MAX_GAP,
                description=gap,
                style=label_style(widgets.IntSlider),
                layout=sized(gap, 14),
            ),
            "blows": _count_box(
                M("Full blows to win (Unisystem, Galaxies)"), DEFAULT_BLOWS, MAX_BLOWS
            ),
            "hit_points": _count_box(
                M("Hit points (PV, Chroniques)"), DEFAULT_HIT_POINTS, MAX_HIT_POINTS
            ),
        }

    def compute(self, values: Values) -> View:
        """``comparison.compare(gap, blows=..., hit_points=...)``, as a table and a chart."""
        outcome, call = rule_call(comparison.compare, path=("wins",), **values)
        answer = f"<p>{escape(shown(outcome.duels))}</p>" + tables_html(outcome.table())
        return View(answer, chart_svg(outcome.chart()), call, outcome)

    def show_roll(self, roll: comparison.SideBySideRoll) -> str:
        """One seeded duel per system, one sentence each."""
        return roll.html()
