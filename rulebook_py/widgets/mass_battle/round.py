"""The round resolver: one round between two units, every total shown.

Example:
    >>> calc = MassBattleRoundCalculator()
    >>> calc.controls["a_chance_off"].value = 5  # more than the d4 of 4: clamped, with a note
    >>> "5 asked, at most 4 possible: 4 used" in calc.result.value
    True
"""

from __future__ import annotations

import ipywidgets as widgets

from ... import outcomes
from ...outcomes.mass_battle import ACTIONS, BREAKERS, EXAMPLE_UNITS, HOLDERS
from ...systems.mass_battle.words import M
from ..base import Controls, Values, View
from ..calls import changes
from ..controls import dropdown, int_box
from ..format import escape
from ..registry import register
from ..summary import summary_row
from ..tables import notes_html
from . import form

__all__ = ["MassBattleRoundCalculator"]


@register
class MassBattleRoundCalculator(form.TwoColumns):
    """One round between two units, every total shown; the brigands' ambush by default.

    Example:
        >>> calc = MassBattleRoundCalculator()
        >>> calc.controls["d_vitality"].value = 101
        >>> "Vitality % must be an integer from 5 to 100" in calc.error_for("d_vitality")
        True
    """

    title = M("Round resolver (ronde de combat)")
    side_titles = (M("Attacker (brigands)"), M("Defender (princess's guard)"))
    fields = form.fields_of(("attacker", "a_"), ("defender", "d_"), round_number="round")
    bench_changes = (
        changes(a_chance_off=1, a_die=2, d_attitude="EXTREMELY_DEFENSIVE", terrain="FOREST")
        + changes(d_die=4, a_action2="charge", a_special_off=1, round=2, d_action1="retreat")
        + changes(terrain="CAVE_FRONT", tight=True)
    )

    def build_controls(self) -> Controls:
        """Per unit: the unit form, where its bonuses go, the d4; then the field."""
        controls: dict[str, widgets.Widget] = {}
        for p, first, start in (
            ("a_", "ambush free", {"special_off": 2, "die": 4, "chance_off": 3}),
            ("d_", "none", {"die": 2}),
        ):
            controls |= form.unit_form(p, EXAMPLE_UNITS[p], ACTIONS + BREAKERS, first)
            del controls[p + "lean"]  # every pool is placed by the boxes "... points on offense"
            controls |= {
                p + k: int_box(text, start.get(k, 0), bounds=form.BOX_BOUNDS)
                for k, text in outcomes.mass_battle.POOL_LABELS.items()
            }
        controls |= form.field_controls()
        controls["holder"] = dropdown(M("Holds the ground"), HOLDERS, "d", width="22em")
        controls["round"] = int_box(M("Round (ronde)"), 1, bounds=form.BOX_BOUNDS)
        return controls

    def compute(self, values: Values) -> View:
        """The round's table and the vitality left."""
        path = ("result", ("rows",), slice(-2, None))
        round_of = outcomes.mass_battle.round_of
        outcome, call = form.plans_call(self, round_of, ("a_", "d_"), path, values)
        table = form.round_table_html(outcome.result, M("Attacker"), M("Defender"))
        html = notes_html(outcome.remarks, f"<i>{escape(M('Note:').render())}</i> ") + table
        if outcome.actions_line:
            html += f"<p>{escape(outcome.actions_line.render())}</p>"
        summary = summary_row(html, -1)  # the vitality left, in view while the form is long
        verdict = f"<p><b>{escape(outcome.verdict.render())}</b></p>"
        return View(html + verdict, "", call, outcome, summary)
