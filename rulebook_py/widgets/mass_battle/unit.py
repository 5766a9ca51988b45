"""The unit builder: one unit's totals before the d4, step by step.

Example:
    >>> "+6/+3" in UnitBuilderCalculator().result.value  # the brigands before the d4
    True
"""

from __future__ import annotations

import ipywidgets as widgets

from ... import outcomes
from ...outcomes.mass_battle import ACTIONS, ENTRIES, EXAMPLE_UNITS
from ...systems.mass_battle.words import M
from ..base import Calculator, Controls, Values, View
from ..calls import changes
from ..controls import dropdown, int_box
from ..format import escape, table_html
from ..registry import register
from . import form
from .sections import sections

__all__ = ["UnitBuilderCalculator"]


@register
class UnitBuilderCalculator(Calculator):
    """One unit's offense and defense after every table of the source, step by step.

    Example:
        >>> calc = UnitBuilderCalculator()
        >>> "+6/+3" in calc.result.value  # the brigands before the d4
        True
    """

    title = M("Unit builder (unité)")
    fields = form.fields_of(("unit", ""), round_number="round")
    bench_changes = (
        changes(attitude="SUICIDAL_OFFENSIVE", morale="RADIANT", leadership="BRILLIANT/VETERAN")
        + changes(terrain="WOODED_MOUNTAINTOP", holds="defender", action2="retreat", round=3)
        + changes(terrain="MARSH", well_placed=False, cunning="MACHIAVELLIAN", lean="EVEN")
        + changes(terrain="CAVE_FRONT", tight=True, action3="tight luck 4")
    )

    def build_controls(self) -> Controls:
        """The unit form, the round, and what the unit stands on; the brigands by default."""
        controls = form.unit_form("", EXAMPLE_UNITS["a_"], ACTIONS, "ambush offense", False)
        controls["round"] = int_box(M("Round (ronde)"), 1, bounds=form.BOX_BOUNDS)
        controls["holds"] = dropdown(M("This unit"), ENTRIES["holds"], "attacker", width="30em")
        controls["enemy_weapons"] = dropdown(
            M("The enemy fights with"), ENTRIES["weapons"], "melee"
        )
        return controls | form.field_controls()

    def arrange(self, rows: Controls) -> list[widgets.Widget]:
        """The unit's sections that fold, then the field (:mod:`.sections`)."""
        return sections(rows, [("", "")], self)

    def compute(self, values: Values) -> View:
        """The step-by-step totals before the d4."""
        totals = outcomes.mass_battle.unit_totals
        outcome, call = form.plans_call(self, totals, ("",), ("steps", -1, "result"), values)
        said = f"<b>{escape(outcome.summary.render())}</b> {escape(outcome.aside.render())}"
        html = f"<p>{said}</p>"
        table = table_html(outcome.head, outcome.rows)
        return View(html + table, "", call, outcome)
