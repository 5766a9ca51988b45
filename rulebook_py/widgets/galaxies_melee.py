"""The Galaxies Jumelles melee resolver: one exchange between A and B, every stance.

Example:
    >>> from rulebook_py.systems.galaxies import Stance
    >>> calc = GalaxiesMeleeCalculator(b_stance=Stance.ATTACK, a_skill="1D", b_skill="1D")
    >>> "41.67 % (5/12)" in calc.result.value
    True
"""

from __future__ import annotations

from fractions import Fraction

import ipywidgets as widgets

from ..systems import galaxies as g
from . import galaxies_common as gc
from .base import Controls, PythonCall, Values, View
from .calls import changes
from .charts import bar_chart
from .controls import checkbox, dropdown, enum_dropdown, int_box
from .format import escape, number, probability, table_html
from .phrases import _, phrases
from .registry import register

__all__ = ["GalaxiesMeleeCalculator"]

_SIDE = ("skill", "agility", "stance", "weapon", "proton", "bonus", "blows")


@register
class GalaxiesMeleeCalculator(gc.GalaxiesCalculator):
    """One melee exchange between A and B, every stance of the source."""

    title = "Melee resolver (corps à corps)"
    bench_changes = (
        changes(b_stance=g.Stance.PARRY, a_stance=g.Stance.FEINT)
        + changes(b_stance=g.Stance.DODGE, a_blows=g.BlowOption.TWO_WEAPONS)
        + changes(b_stance=g.Stance.ATTACK, a_skill="6D+2", half_dodge=Fraction(3, 4))
        + changes(b_stance=g.Stance.PARRY, guard_tie=True)
        + changes(b_stance=g.Stance.TOTAL_DODGE, fixed_dodge=True, rounding=g.Rounding.UP)
        + changes(b_stance=g.Stance.DISENGAGE, a_stance=g.Stance.PURSUE)
    )
    groups = (("a_", "Fighter A"), ("b_", "Fighter B"), ("", "Both"))

    def build_controls(self) -> Controls:
        """Skill, AGILITÉ, stance, weapon, proton, bonus and option of each side."""
        controls: dict[str, widgets.Widget] = {}
        for p, name, skill, agility, stance, weapon in (
            ("a", "A", "4D+1", "3D", g.Stance.ATTACK, g.MeleeWeapon.AB2),
            ("b", "B", "3D+2", "3D+1", g.Stance.COUNTER, g.MeleeWeapon.AB1),
        ):
            controls |= {
                f"{p}_skill": gc.code_box(skill, f"{name}'s skill (AB / CC / AM)"),
                f"{p}_agility": gc.code_box(agility, f"{name}'s AGILITÉ"),
                f"{p}_stance": enum_dropdown(f"{name}'s stance (posture)", g.Stance, stance),
                f"{p}_weapon": enum_dropdown(f"{name}'s weapon (arme)", g.MeleeWeapon, weapon),
                f"{p}_proton": checkbox(f"{name}'s blade is a proton blade (protonique)", False),
                f"{p}_bonus": int_box(f"{name}'s BDC + BDT", 0),
                f"{p}_blows": enum_dropdown(f"{name}'s weapons", g.BlowOption, g.BlowOption.SINGLE),
            }
        controls["half_dodge"] = gc.half_dodge_control()
        controls["guard_tie"] = dropdown(
            "A tie against a parry or counter",
            [
                ("no blow lands (general melee rule, this book)", False),
                ("the blow lands (parry paragraph read literally)", True),
            ],
            False,
        )
        controls["fixed_dodge"] = checkbox(
            "Fixed dodge (esquive fixe): AGILITÉ rolls replaced by their average", False
        )
        controls["rounding"] = gc.rounding_control()
        return controls

    def compute(self, values: Values) -> View:
        """Every outcome with its chance and the share of damage each side deals."""
        a, b = (g.Fighter(*(values[f"{p}_{k}"] for k in _SIDE)) for p in "ab")
        keys = ("half_dodge_factor", "guard_tie_lands", "rounding", "fixed_dodge")
        kw = {k: values[self.fields.get(k, k)] for k in keys}
        r = g.melee(a, b, **kw)
        html = "<p>"
        if r.a_roll and r.b_roll:
            rolled_a, rolled_b = (escape(phrases(x.describe())) for x in (r.a_roll, r.b_roll))
            html += _("A rolls {a}, B rolls {b}. ").format(a=rolled_a, b=rolled_b)
        html += escape(phrases(r.note)) + "</p>"
        rows = [
            (x.label, probability(x.probability), number(x.a_deals), number(x.b_deals))
            for x in r.rows
        ]
        head = ["outcome", "exact chance", "A deals (share of damage)", "B deals"]
        html += table_html(head, rows)
        html += _(
            "<p>Expected share of damage in this exchange: A deals {a}, B deals {b}.</p>"
        ).format(a=number(r.expected_a_deals), b=number(r.expected_b_deals))
        sides = (("A", r.a_blows, r.round_a_deals), ("B", r.b_blows, r.round_b_deals))
        for name, blows, total in sides:
            if blows > 1:
                html += _(
                    "<p>{name} strikes {blows} blows this round, each rolled as above and "
                    "settled like this exchange: {name} deals {mean} of his damage "
                    "over the round, on average.</p>"
                ).format(name=name, blows=blows, mean=number(total))
        chart = bar_chart(r.table(), title="Outcome", x_title="")
        kw.pop("half_dodge_factor")  # the chances do not depend on it
        call = PythonCall.of(g.melee, a, b, then=".table()", value=r.table(), **kw)
        return View(html, chart, call, r)
