"""The Galaxies Jumelles whole fight: two duellists, round after round, and the exact odds.

Example:
    >>> calc = GalaxiesFightCalculator(a_health=8, b_health=8, max_rounds=1)
    >>> "Undecided after 1 round" in calc.result.value
    True
"""

from __future__ import annotations

import ipywidgets as widgets

from .. import outcomes
from ..systems import galaxies as g
from ..systems.galaxies.words import M
from .base import Controls, Values, View
from .calls import changes
from .controls import enum_dropdown, int_box, text_box
from .galaxies_common import GalaxiesCalculator, code_box, report_view, side_words
from .registry import register

__all__ = ["GalaxiesFightCalculator"]

#: The chapter's two fighters: Kira's AB2 blade against Vosk's AB1 (the melee section).
_SIDES = (
    ("a", "Kira", "4D+1", "3D", g.MeleeWeapon.AB2),
    ("b", "Vosk", "3D+2", "3D+1", g.MeleeWeapon.AB1),
)


@register
class GalaxiesFightCalculator(GalaxiesCalculator):
    """A whole melee fight: the exact chance of each end, and a seeded replay."""

    title = M("A whole fight (combat au corps à corps, round by round)")
    kind = "fight"
    bench_changes = (
        changes(b_stance=g.Stance.COUNTER, a_damage=7)
        + changes(b_stance=g.Stance.DODGE, a_health=30, max_rounds=60)
        + changes(a_blows=g.BlowOption.INSTINCTIVE)
        + changes(a_blows=g.BlowOption.SINGLE)
        + changes(b_stance=g.Stance.DISENGAGE, a_stance=g.Stance.PURSUE)
        + changes(a_stance=g.Stance.ATTACK, b_stance=g.Stance.ATTACK, a_skill="6D", b_health=40)
        + changes(a_name="Tal", b_skill="5D+2", a_health=50, b_damage=5)
    )
    groups = (("a_", M("Fighter A")), ("b_", M("Fighter B")), ("max", M("The fight")))

    def build_controls(self) -> Controls:
        """Each fighter's name, skill, AGILITÉ, stance, weapon, damage and points."""
        controls: dict[str, widgets.Widget] = {}
        for p, name, skill, agility, weapon in _SIDES:
            words = side_words(p)
            controls[f"{p}_name"] = text_box(words["name"], name)
            controls[f"{p}_skill"] = code_box(skill, words["skill"])
            controls[f"{p}_agility"] = code_box(agility, words["agility"])
            controls[f"{p}_stance"] = enum_dropdown(words["every_round"], g.Stance, g.Stance.ATTACK)
            controls[f"{p}_weapon"] = enum_dropdown(words["weapon"], g.MeleeWeapon, weapon)
            controls[f"{p}_blows"] = enum_dropdown(
                words["blows"], g.BlowOption, g.BlowOption.SINGLE
            )
            controls[f"{p}_damage"] = int_box(words["damage"], 8)  # the rules bound them
            controls[f"{p}_health"] = int_box(words["health"], 20)
        controls["max_rounds"] = int_box(M("Rounds before the fight is called off"), 30)
        return controls

    def compute(self, values: Values) -> View:
        """The exchange of every round, what it costs each side, and how the fight ends."""
        return report_view(outcomes.galaxies.fight, values)
