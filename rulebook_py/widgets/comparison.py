"""The comparison chapter's calculator: one skill gap, four systems side by side.

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
from ..i18n import gettext as _
from ..i18n import translate_message as tr
from .base import Calculator, Controls, Values, View
from .calls import changes, rule_call
from .charts import grouped_bar_chart
from .controls import LABEL_STYLE, int_box, sized
from .format import escape, number, percent, probability, table_html
from .registry import register

__all__ = ["SideBySideCalculator"]

_GAP_LABEL = "Skill gap (steps)"
_BLOWS_LABEL = "Full blows to win (Unisystem, Galaxies)"
_HP_LABEL = "Hit points (PV, Chroniques)"
_HEAD = ("system", "one step", "better side ahead in one exchange", "better side wins the duel",
         "upset (weaker side wins)", "draw", "mean rounds", "SD of the margin")  # fmt: skip


@register
class SideBySideCalculator(Calculator):
    """Chance per exchange, duel win chance, mean rounds and upset rate in all four systems.

    Example:
        >>> calc = SideBySideCalculator(gap=0)
        >>> "50.00 % (1/2)" in calc.result.value  # even Galaxies fighters
        True
    """

    title = "One skill gap, four dice engines"
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
        up_to, gap = _("{low} to {high}").format, tr(_GAP_LABEL)
        return {
            "gap": widgets.IntSlider(value=1, min=0, max=MAX_GAP, description=gap,
                                     style=LABEL_STYLE, layout=sized(gap, 14)),
            "blows": int_box(_BLOWS_LABEL, DEFAULT_BLOWS, tooltip=up_to(low=1, high=MAX_BLOWS)),
            "hit_points": int_box(_HP_LABEL, DEFAULT_HIT_POINTS,
                                  tooltip=up_to(low=1, high=MAX_HIT_POINTS)),
        }  # fmt: skip

    def compute(self, values: Values) -> View:
        """``comparison.compare(gap, blows=..., hit_points=...)``, as a table and a chart."""
        gap, blows, hit_points = values["gap"], values["blows"], values["hit_points"]
        kw = {"blows": blows, "hit_points": hit_points}
        outcome, call = rule_call(comparison.compare, gap, then=".wins", **kw)
        rows = outcome.rows
        steps = f"{gap} step{'s' * (gap != 1)}"
        table = table_html(_HEAD, [(r.engine.label, r.engine.step_text,
            probability(r.exchange.ahead), probability(r.duel.a_wins), probability(r.duel.upset),
            percent(r.duel.draw), number(r.duel.mean_rounds),
            f"{number(r.exchange.margin_sd)} {r.engine.unit} ({number(r.sd_in_steps)} steps)",
        ) for r in rows], caption=f"The better side is {steps} ahead")  # fmt: skip
        duel_text = tr(
            f"Duels: first to land {blows} full blow{'s' * (blows != 1)} (Unisystem, "
            f"Galaxies Jumelles); {hit_points} hit points each (Chroniques Oubliées); "
            "the source's own battle to the end (mass battles)."
        )
        chart = grouped_bar_chart(
            [r.engine.label for r in rows],
            {
                "ahead in one exchange": [r.exchange.ahead for r in rows],
                "wins the duel": [r.duel.a_wins for r in rows],
                "upset": [r.duel.upset for r in rows],
            },
            title=f"The better side, {steps} ahead",
            x_title="system",
        )
        return View(f"<p>{duel_text}</p>" + table, chart, call, outcome)

    def show_roll(self, roll: comparison.SideBySideRoll) -> str:
        """One seeded duel per system, one sentence each."""
        said = (tr(f"{name}: {what} in {n} round{'s' * (n != 1)}") for name, what, n in roll.lines)
        return f"<p>{escape('; '.join(said))}.</p>"
