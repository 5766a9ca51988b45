"""The comparison chapter's calculator: one skill gap, four systems side by side.

Example:
    >>> calc = SideBySideCalculator()
    >>> "Galaxies Jumelles" in calc.result.value and calc.chart.value.startswith("<svg")
    True
    >>> calc.controls["blows"].value = 11
    >>> "Full blows to win" in calc.error_for("blows")
    True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from ..comparison import (
    DEFAULT_BLOWS,
    DEFAULT_HIT_POINTS,
    MAX_BLOWS,
    MAX_GAP,
    MAX_HIT_POINTS,
    Engine,
    side_by_side,
    simulate_duel,
)
from ..errors import RuleValueError
from .base import Calculator, PythonCall
from .charts import grouped_bar_chart
from .controls import LABEL_STYLE, int_box, sized
from .format import number, percent, probability, table_html
from .registry import register

__all__ = ["SideBySideCalculator"]

_GAP_LABEL = "Skill gap (steps)"
_BLOWS_LABEL = "Full blows to win (Unisystem, Galaxies)"
_HP_LABEL = "Hit points (PV, Chroniques)"


def _bounded(values: Mapping[str, Any]) -> tuple[int, int, int]:
    """The three controls' values, each checked against its range in the reader's words."""
    out = []
    for name, label, low, high in (
        ("gap", _GAP_LABEL, 0, MAX_GAP),
        ("blows", _BLOWS_LABEL, 1, MAX_BLOWS),
        ("hit_points", _HP_LABEL, 1, MAX_HIT_POINTS),
    ):
        value = values[name]
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise RuleValueError(
                f"{label} must be a whole number from {low} to {high}, got {value!r}", field=name
            )
        out.append(value)
    return out[0], out[1], out[2]


@register
class SideBySideCalculator(Calculator):
    """Chance per exchange, duel win chance, mean rounds and upset rate in all four systems.

    Example:
        >>> calc = SideBySideCalculator(gap=0)
        >>> "50.00 % (1/2)" in calc.result.value  # even Unisystem fighters
        True
    """

    title = "One skill gap, four dice engines"
    kind = "fight"
    bench_changes = (
        ("gap", 2),
        ("blows", 5),
        ("hit_points", 20),
        ("gap", 4),
        ("hit_points", 30),
        ("gap", 6),
        ("blows", 10),
        ("gap", 0),
        ("hit_points", 12),
        ("blows", 3),
        ("gap", 1),
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """The gap slider, N of the full-blow duel and the Chroniques hit points."""
        return {
            "gap": widgets.IntSlider(
                value=1,
                min=0,
                max=MAX_GAP,
                description=_GAP_LABEL,
                style=LABEL_STYLE,
                layout=sized(_GAP_LABEL, 14),
            ),
            "blows": int_box(_BLOWS_LABEL, DEFAULT_BLOWS, tooltip=f"1 to {MAX_BLOWS}"),
            "hit_points": int_box(_HP_LABEL, DEFAULT_HIT_POINTS, tooltip=f"1 to {MAX_HIT_POINTS}"),
        }

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """The four systems' exchange and duel, as a table and a chart."""
        gap, blows, hit_points = _bounded(values)
        rows = side_by_side(gap, blows=blows, hit_points=hit_points)
        self._wins = {r.engine.label: r.duel.a_wins for r in rows}
        table = table_html(
            [
                "system",
                "one step",
                "better side ahead in one exchange",
                "better side wins the duel",
                "upset (weaker side wins)",
                "draw",
                "mean rounds",
                "SD of the margin",
            ],
            [
                (
                    r.engine.label,
                    r.engine.step_text,
                    probability(r.exchange.ahead),
                    probability(r.duel.a_wins),
                    probability(r.duel.upset),
                    percent(r.duel.draw),
                    number(r.duel.mean_rounds),
                    f"{number(r.exchange.margin_sd)} {r.engine.unit} "
                    f"({number(r.sd_in_steps)} steps)",
                )
                for r in rows
            ],
            caption=f"The better side is {gap} step{'s' * (gap != 1)} ahead",
        )
        duel_text = (
            f"<p>Duels: first to land {blows} full blow{'s' * (blows != 1)} (Unisystem, "
            f"Galaxies Jumelles); {hit_points} hit points each (Chroniques Oubliées); "
            "the source's own battle to the end (mass battles).</p>"
        )
        chart = grouped_bar_chart(
            [r.engine.label for r in rows],
            {
                "ahead in one exchange": [r.exchange.ahead for r in rows],
                "wins the duel": [r.duel.a_wins for r in rows],
                "upset": [r.duel.upset for r in rows],
            },
            title=f"The better side, {gap} step{'s' * (gap != 1)} ahead",
            x_title="system",
        )
        return duel_text + table, chart

    def python_call(self, values: Mapping[str, Any]) -> PythonCall | None:
        """``comparison.duel_win_chances(gap, blows=..., hit_points=...)``."""
        gap, blows, hit_points = _bounded(values)
        return PythonCall(
            "comparison",
            f"comparison.duel_win_chances({gap}, blows={blows}, hit_points={hit_points})",
            self._wins,
        )

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """One seeded duel in each system: who won and in how many rounds."""
        gap, blows, hit_points = _bounded(values)
        parts = []
        for engine in Engine:
            s = simulate_duel(engine, gap, trials=1, blows=blows, hit_points=hit_points, rng=rng)
            who = (
                "the better side won"
                if s.a_wins
                else "the weaker side won (an upset)"
                if s.b_wins
                else "both fell together"
            )
            parts.append(f"{engine.label}: {who} in {s.rounds} round{'s' * (s.rounds != 1)}")
        return "; ".join(parts) + "."
