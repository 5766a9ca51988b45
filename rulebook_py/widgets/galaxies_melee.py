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
from ..systems.galaxies.words import M
from . import galaxies_common as gc
from .base import Controls, Values, View
from .calls import by_name, changes, rule_call
from .charts import bar_chart
from .controls import checkbox, dropdown, enum_dropdown
from .format import number, probability, table_html
from .registry import register

__all__ = ["GalaxiesMeleeCalculator"]

_SIDE = ("skill", "agility", "stance", "weapon", "proton", "bonus", "blows")

#: Each fighter's controls' words, by side.
_WORDS = {
    "a": {
        "skill": M("A's skill (AB / CC / AM)"),
        "agility": M("A's AGILITÉ"),
        "stance": M("A's stance (posture)"),
        "weapon": M("A's weapon (arme)"),
        "proton": M("A's blade is a proton blade (protonique)"),
        "bonus": M("A's BDC + BDT"),
        "blows": M("A's weapons"),
    },
    "b": {
        "skill": M("B's skill (AB / CC / AM)"),
        "agility": M("B's AGILITÉ"),
        "stance": M("B's stance (posture)"),
        "weapon": M("B's weapon (arme)"),
        "proton": M("B's blade is a proton blade (protonique)"),
        "bonus": M("B's BDC + BDT"),
        "blows": M("B's weapons"),
    },
}


@register
class GalaxiesMeleeCalculator(gc.GalaxiesCalculator):
    """One melee exchange between A and B, every stance of the source."""

    title = M("Melee resolver (corps à corps)")
    bench_changes = (
        changes(b_stance=g.Stance.PARRY, a_stance=g.Stance.FEINT)
        + changes(b_stance=g.Stance.DODGE, a_blows=g.BlowOption.TWO_WEAPONS)
        + changes(b_stance=g.Stance.ATTACK, a_skill="6D+2", half_dodge=Fraction(3, 4))
        + changes(b_stance=g.Stance.PARRY, guard_tie=True)
        + changes(b_stance=g.Stance.TOTAL_DODGE, fixed_dodge=True, rounding=g.Rounding.UP)
        + changes(b_stance=g.Stance.DISENGAGE, a_stance=g.Stance.PURSUE)
        + changes(pursuit_tie=False)
    )
    groups = (("a_", M("Fighter A")), ("b_", M("Fighter B")), ("", M("Both")))

    def build_controls(self) -> Controls:
        """Skill, AGILITÉ, stance, weapon, proton, bonus and option of each side."""
        controls: dict[str, widgets.Widget] = {}
        for p, skill, agility, stance, weapon in (
            ("a", "4D+1", "3D", g.Stance.ATTACK, g.MeleeWeapon.AB2),
            ("b", "3D+2", "3D+1", g.Stance.COUNTER, g.MeleeWeapon.AB1),
        ):
            words = _WORDS[p]
            controls |= {
                f"{p}_skill": gc.code_box(skill, words["skill"]),
                f"{p}_agility": gc.code_box(agility, words["agility"]),
                f"{p}_stance": enum_dropdown(words["stance"], g.Stance, stance),
                f"{p}_weapon": enum_dropdown(words["weapon"], g.MeleeWeapon, weapon),
                f"{p}_proton": checkbox(words["proton"], False),
                f"{p}_bonus": gc.points_box(words["bonus"]),
                f"{p}_blows": enum_dropdown(words["blows"], g.BlowOption, g.BlowOption.SINGLE),
            }
        controls["half_dodge"] = gc.half_dodge_control()
        controls["guard_tie"] = dropdown(
            M("A tie against a parry or counter"),
            [
                (M("no blow lands (general melee rule, this book)"), False),
                (M("the blow lands (parry paragraph read literally)"), True),
            ],
            False,
        )
        controls["pursuit_tie"] = dropdown(
            M("A tie when following a disengagement"),
            [
                (M("the melee goes on (this book)"), True),
                (M("the fighter gets away"), False),
            ],
            True,
        )
        controls["fixed_dodge"] = checkbox(
            M("Fixed dodge (esquive fixe): AGILITÉ rolls replaced by their average"), False
        )
        controls["rounding"] = gc.rounding_control()
        return controls

    def compute(self, values: Values) -> View:
        """Every outcome with its chance and the share of damage each side deals."""
        a, b = (g.Fighter(**by_name(g.Fighter, values, f"{p}_"), side=p) for p in "ab")
        kinds = {a.stance.kind, b.stance.kind}
        kw = {"rounding": values["rounding"]}
        if "guard" in kinds:
            kw["guard_tie_lands"] = values["guard_tie"]
        if "pursuit" in kinds:
            kw["pursuit_tie_holds"] = values["pursuit_tie"]
        if kinds & {"evasion", "pursuit"}:
            kw["fixed_dodge"] = values["fixed_dodge"]
        # (The chances do not depend on the half-dodge factor: the shares dealt do.)
        kw["half_dodge_factor"] = values["half_dodge"]
        r, call = rule_call(g.melee, a, b, path=(("table",),), **kw)
        html = ""
        if r.a_roll and r.b_roll:
            html += gc.paragraph(
                M("A rolls {a}, B rolls {b}.", a=r.a_roll.describe(), b=r.b_roll.describe())
            )
        html += gc.paragraph(r.note)
        rows = [
            (x.label, probability(x.probability), number(x.a_deals), number(x.b_deals))
            for x in r.rows
        ]
        head = [M("outcome"), M("exact chance"), M("A deals (share of damage)"), M("B deals")]
        html += table_html(head, rows)
        html += gc.paragraph(
            M(
                "Expected share of damage in this exchange: A deals {a}, B deals {b}.",
                a=number(r.expected_a_deals),
                b=number(r.expected_b_deals),
            )
        )
        sides = (("A", r.a_blows, r.round_a_deals, b), ("B", r.b_blows, r.round_b_deals, a))
        for name, blows, total, other in sides:
            if blows > 1:
                html += gc.paragraph(
                    M(
                        "{name} strikes {blows} blows this round, each rolled as above and "
                        "settled like this exchange: {name} deals {mean} of his damage over "
                        "the round, on average.",
                        name=name,
                        blows=blows,
                        mean=number(total),
                    )
                )
                if other.stance.kind == "evasion":
                    html += gc.paragraph(
                        M(
                            "The other fighter's one AGILITÉ roll answers both blows, so they "
                            "land or fail together more often than two rolls would make them; "
                            "the whole fight counts them together."
                        )
                    )
        chart = bar_chart(r.table(), title=M("Outcome"), x_title="")
        return View(html, chart, call, r)
