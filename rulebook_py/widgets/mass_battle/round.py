"""The round resolver: one round between two units, every total shown.

Example:
    >>> calc = MassBattleRoundCalculator()
    >>> calc.controls["a_chance_off"].value = 5  # more than the d4 of 4: clamped, with a note
    >>> "5 asked, at most 4 possible: 4 used" in calc.result.value
    True
"""

from __future__ import annotations

import ipywidgets as widgets

from ...systems import mass_battle
from ..base import Controls, Values, View
from ..calls import changes, rule_call
from ..controls import dropdown, int_box
from ..format import escape
from ..phrases import _, phrases
from ..registry import register
from ..summary import summary_row
from ..tables import notes_html
from . import form

__all__ = ["MassBattleRoundCalculator"]

_POINTS = {
    "special_off": "Action points on offense",
    "morale_off": "Morale points on offense",
    "leadership_off": "Leadership points on offense",
    "terrain_off": "Terrain points on offense",
    "die": "d4 rolled",
    "chance_off": "d4 points on offense",
}


@register
class MassBattleRoundCalculator(form.TwoColumns):
    """One round between two units, every total shown; the brigands' ambush by default.

    Example:
        >>> calc = MassBattleRoundCalculator()
        >>> calc.controls["d_vitality"].value = 101
        >>> "Vitality % must be an integer from 5 to 100" in calc.error_for("d_vitality")
        True
    """

    title = "Round resolver (ronde de combat)"
    side_titles = ("Attacker (brigands)", "Defender (princess's guard)")
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
            controls |= form.unit_form(
                p, form.EXAMPLE_UNITS[p], form.ACTION_OPTIONS + form.BREAKER_OPTIONS, first
            )
            del controls[p + "lean"]  # every pool is placed by the boxes "... points on offense"
            controls |= {p + k: int_box(text, start.get(k, 0)) for k, text in _POINTS.items()}
        controls |= form.field_controls()
        controls["holder"] = dropdown("Holds the ground", form.HOLDERS, "d", width="22em")
        controls["round"] = int_box("Round (ronde)", 1)
        return controls

    def compute(self, values: Values) -> View:
        """The round's table and the vitality left."""
        a, d = form.plan_of(values, "a_"), form.plan_of(values, "d_")
        args = {"holder": values["holder"], "round_number": values["round"]}
        args |= form.battlefield_values(values)
        outcome, call = rule_call(mass_battle.round_of, a, d, then=".result.rows()[-2:]", **args)
        r = outcome.result
        notes = list(outcome.notes)
        notes += [
            f"{who}, “{_POINTS[key]}”: {asked} asked, {bound} possible: {used} used"
            for who, key, asked, bound, used in outcome.clamped
        ]
        fallen = (r.attacker.vitality == 0, r.defender.vitality == 0)
        verdict = {
            (True, True): "Both units are destroyed.",
            (False, True): "The defender is destroyed.",
            (True, False): "The attacker is destroyed.",
        }.get(fallen, "Both stand: the fight may go on.")
        said = "; ".join(
            f"{_(who)}: {escape(phrases(steps[2].note))}"
            for who, steps in (("attacker", r.attacker_steps), ("defender", r.defender_steps))
            if steps[2].note != "none"
        )
        actions = _("<p>Special actions this round: {said}.</p>").format(said=said) if said else ""
        html = notes_html(notes, _("<i>Note:</i> ")) + form.round_table_html(r) + actions
        summary = summary_row(html, -1)  # the vitality left, in view while the form is long
        return View(html + f"<p><b>{_(verdict)}</b></p>", "", call, outcome, summary)

    def show_roll(self, roll: mass_battle.BattleRound) -> str:
        """Both d4 and what each side lost."""
        r = roll
        return phrases(
            f"attacker d4 = {r.attacker_die} ({r.attacker_chance[0]} on offense), defender d4 = "
            f"{r.defender_die} ({r.defender_chance[0]} on offense): attacker loses "
            f"{r.damage_to_attacker} % → {r.attacker.vitality} %, defender loses "
            f"{r.damage_to_defender} % → {r.defender.vitality} %"
        )
