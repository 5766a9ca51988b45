r"""The Galaxies Jumelles volley: every attack of a round against one target's one dodge.

Example:
    >>> calc = GalaxiesVolleyCalculator(attacks="A: shot 1D\nB: shot 1D", dodge="1D")
    >>> "25.46 % (55/216)" in calc.result.value  # both land in full
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from ..systems import galaxies as g
from .base import View
from .calls import rule_call
from .charts import grouped_bar_chart
from .controls import checkbox, enum_dropdown, text_box
from .format import number, probability
from .galaxies_common import (
    GalaxiesCalculator,
    changes,
    code_box,
    half_dodge_control,
    rounding_control,
)
from .registry import register
from .tables import rows_html

__all__ = ["GalaxiesVolleyCalculator"]

_EXAMPLE = "Kira: burst 3 4D+2\nVosk: explosive 3D+2\nTal: psy 5D+2"


@register
class GalaxiesVolleyCalculator(GalaxiesCalculator):
    """Every attack of a round, from several attackers, against one target's one dodge."""

    title = "Several attackers, one dodge (un seul jet d'esquive)"
    kind = "fight"
    bench_changes = (
        changes(dodge_mode=g.DodgeMode.TOTAL, immobile=True, dodge="4D")
        + changes(attacks=_EXAMPLE + "\nOrn: instinctive 4D+1\nZed: melee 4D")
        + changes(dodge_mode=g.DodgeMode.FIXED, rounding=g.Rounding.UP)
        + changes(dodge_mode=g.DodgeMode.UNAWARE, half_dodge=Fraction(1))
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """The attack lines, the target's AGILITÉ and dodge, the shared options."""
        kinds = ", ".join(
            k.keyword + (" N" if k is g.AttackKind.BURST else "") for k in g.AttackKind
        )
        return {
            "attacks": text_box(
                "Attacks: Name: kind code",
                _EXAMPLE,
                rows=5,
                tooltip=f"one attack a line, its code with every bonus added; kinds: {kinds}",
                width="30em",
            ),
            "dodge": code_box("3D+1", "Target's AGILITÉ (esquive)"),
            "dodge_mode": enum_dropdown("Dodge (esquive)", g.DodgeMode, g.DodgeMode.NORMAL),
            "immobile": checkbox("Target immobile (a burst takes no −1D a shot)", False),
            "rounding": rounding_control(),
            "half_dodge": half_dodge_control(),
        }

    def compute(self, values: Mapping[str, Any]) -> View:
        """Each roll's chances, the joint law of full hits and half-dodges, the chart."""
        kw = {
            "dodge_mode": values["dodge_mode"],
            "rounding": values["rounding"],
            "target_immobile": values["immobile"],
        }
        v, call = rule_call(
            g.volley, values["attacks"], values["dodge"], then=".at_least_one_full", **kw
        )
        n, top = len(v.rolls), len(v.grid()[0]) - 2
        header = ["roll", "code", "lands in full", "half-dodge", "neither"]
        html = rows_html(v.rows(), header, v.caption)
        html += rows_html(
            v.grid(),
            ["in full ↓ / half-dodged →", *(str(h) for h in range(top + 1))],
            f"Exact chance of each count of full hits and half-dodges, of the {n} rolls",
        )
        factor = values["half_dodge"]
        html += (
            f"<p><b>At least one roll lands in full: {probability(v.at_least_one_full)}</b>; "
            f"on average {number(v.expected_full)} land in full and "
            f"{number(v.expected_half)} are half-dodged. Expected damage, counted in full hits: "
            f"{number(v.expected_damage(factor))} (a half-dodge counted as {factor} of a hit). "
            "An explosive that is dodged still deals its secondary zone's damage, "
            "not counted here.</p>"
        )
        fulls, halves = v.full_distribution(), v.half_distribution()
        chart = grouped_bar_chart(
            [str(k) for k in range(n + 1)],
            {"in full": list(fulls.values()), "half-dodged": list(halves.values())},
            title=f"How many of the {n} rolls land in full, how many are half-dodged",
            x_title="number of rolls",
        )
        return View(html, chart, call, v)
