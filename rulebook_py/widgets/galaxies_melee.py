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

from .. import outcomes
from ..systems import galaxies as g
from ..systems.galaxies.words import M
from . import galaxies_common as gc
from .base import Controls, Values, View
from .calls import changes
from .controls import checkbox, dropdown, enum_dropdown
from .registry import register

__all__ = ["GalaxiesMeleeCalculator"]


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
            words = gc.side_words(p)
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
        guard, pursuit = outcomes.galaxies.GUARD_TIES, outcomes.galaxies.PURSUIT_TIES
        controls["guard_tie"] = dropdown(M("A tie against a parry or counter"), guard, False)
        controls["pursuit_tie"] = dropdown(M("A tie when following a disengagement"), pursuit, True)
        controls["fixed_dodge"] = checkbox(
            M("Fixed dodge (esquive fixe): AGILITÉ rolls replaced by their average"), False
        )
        controls["rounding"] = gc.rounding_control()
        return controls

    def compute(self, values: Values) -> View:
        """Every outcome with its chance and the share of damage each side deals."""
        return gc.report_view(outcomes.galaxies.melee, values)
