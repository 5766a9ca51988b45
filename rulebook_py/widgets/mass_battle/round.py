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
from ...messages import join
from ...systems import mass_battle
from ...systems.mass_battle.words import M
from ..base import Controls, Values, View
from ..calls import changes, rule_call
from ..controls import dropdown, int_box
from ..format import escape
from ..registry import register
from ..summary import summary_row
from ..tables import notes_html
from . import form

__all__ = ["MassBattleRoundCalculator"]

_POINTS = {
    "special_off": M("Action points on offense"),
    "morale_off": M("Morale points on offense"),
    "leadership_off": M("Leadership points on offense"),
    "terrain_off": M("Terrain points on offense"),
    "die": M("d4 rolled"),
    "chance_off": M("d4 points on offense"),
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
            controls |= form.unit_form(
                p, form.EXAMPLE_UNITS[p], form.ACTION_OPTIONS + form.BREAKER_OPTIONS, first
            )
            del controls[p + "lean"]  # every pool is placed by the boxes "... points on offense"
            controls |= {
                p + k: int_box(text, start.get(k, 0), bounds=form.BOX_BOUNDS)
                for k, text in _POINTS.items()
            }
        controls |= form.field_controls()
        controls["holder"] = dropdown(M("Holds the ground"), form.HOLDERS, "d", width="22em")
        controls["round"] = int_box(M("Round (ronde)"), 1, bounds=form.BOX_BOUNDS)
        return controls

    def compute(self, values: Values) -> View:
        """The round's table and the vitality left."""
        plans = form.plan_of(values, "a_"), form.plan_of(values, "d_")
        args = {"holder": values["holder"], "round_number": values["round"]}
        args |= form.battlefield_values(values)
        (a, d), args = outcomes.mass_battle.what_counts(plans, args)
        outcome, call = rule_call(
            outcomes.mass_battle.round_of, a, d, path=("result", ("rows",), slice(-2, None)), **args
        )
        r = outcome.result
        notes = list(outcome.notes)
        for who, key, asked, bound, used in outcome.clamped:
            notes.append(
                M(
                    "{who}, “{points}”: {asked} asked, {bound} possible: {used} used",
                    who=M("attacker") if who == "attacker" else M("defender"),
                    points=_POINTS[key],
                    asked=asked,
                    bound=bound,
                    used=used,
                )
            )
        fallen = (r.attacker.vitality == 0, r.defender.vitality == 0)
        verdict = {
            (True, True): M("Both units are destroyed."),
            (False, True): M("The defender is destroyed."),
            (True, False): M("The attacker is destroyed."),
        }.get(fallen, M("Both stand: the fight may go on."))
        said = [
            M("{who}: {what}", who=who, what=steps[2].note)
            for who, steps in ((M("attacker"), r.attacker_steps), (M("defender"), r.defender_steps))
            if steps[2].note != "none"
        ]
        actions = ""
        if said:
            line = M("Special actions this round: {said}.", said=join("; ", said))
            actions = f"<p>{escape(line.render())}</p>"
        table = form.round_table_html(r, M("Attacker"), M("Defender"))
        html = notes_html(notes, f"<i>{escape(M('Note:').render())}</i> ") + table + actions
        summary = summary_row(html, -1)  # the vitality left, in view while the form is long
        return View(html + f"<p><b>{escape(verdict.render())}</b></p>", "", call, outcome, summary)

    def show_roll(self, roll: mass_battle.BattleRound) -> str:
        """Both d4 and what each side lost."""
        r = roll
        line = M(
            "attacker d4 = {a} ({ao} on offense), defender d4 = {d} ({do} on offense): attacker "
            "loses {la} % → {va} %, defender loses {ld} % → {vd} %",
            a=r.attacker_die,
            ao=r.attacker_chance[0],
            d=r.defender_die,
            do=r.defender_chance[0],
            la=r.damage_to_attacker,
            va=r.attacker.vitality,
            ld=r.damage_to_defender,
            vd=r.defender.vitality,
        )
        return escape(line.render())
