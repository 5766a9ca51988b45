"""The Unisystem combat chapter's whole fight: two fighters to the finish, round by round.

The calculator maps its controls (named as the rule's parameters) to one call,
:func:`rulebook_py.outcomes.unisystem.fight_between`, and renders the outcome's
presentation: the exact odds, how the fight ends, and a seeded replay of
every round.

Example:
    >>> calc = UnisystemFightCalculator()  # Jimmy against a wildling, out at 2 hits
    >>> "93.54 % (6392371716/6833986225)" in calc.result.value
    True
"""

from __future__ import annotations

from .. import outcomes
from ..outcomes.unisystem import choices
from ..systems.unisystem import BEST_DEFENSE, CloseSkill, CoreDie, DefenseKind, WoundRule
from ..systems.unisystem.words import M
from .base import Controls
from .calls import changes
from .presented import Declared, declared
from .registry import register
from .unisystem import CORE, UnisystemCalculator

__all__ = ["UnisystemFightCalculator"]


def _fighter(
    side: str, name: str, dex: int, skill: int, kind: CloseSkill, dodge: int
) -> tuple[Declared, ...]:
    """The six controls of one fighter, labelled with the side."""
    who = M("First fighter") if side == "first" else M("Second fighter")
    return (
        (f"{side}_name", M("{who}: name", who=who), name),
        (f"{side}_dexterity", M("{who}: Dexterity (Dextérité)", who=who), dex),
        (f"{side}_kind", M("{who}: close-combat skill", who=who), kind, choices.FIGHT_SKILLS),
        (f"{side}_skill", M("{who}: skill level (0 = DEX test)", who=who), skill),
        (f"{side}_dodge", M("{who}: Dodge (0 = difficult DEX test)", who=who), dodge),
        (f"{side}_defense", M("{who}: defense", who=who), BEST_DEFENSE, choices.FIGHT_DEFENSES),
    )


@register
class UnisystemFightCalculator(UnisystemCalculator):
    """A whole close-combat fight: the exact chance of each ending, and a seeded replay.

    Example:
        >>> calc = UnisystemFightCalculator(out_at=100)
        >>> "from 1 to 40" in calc.error_for("out_at")
        True
        >>> calc = UnisystemFightCalculator(first_defense=DefenseKind.PARRY)
        >>> calc.controls["first_dodge"].layout.display  # a fighter who always parries
        'none'
    """

    title = M("A whole fight, round by round")
    rule = staticmethod(outcomes.unisystem.fight_between)
    path = ("first_wins",)
    kind = "fight"
    default_seed = 8  # the chapter's worked fight
    bench_changes = (
        changes(out_at=3, second_dexterity=4, second_dodge=2, first_defense=DefenseKind.PARRY)
        + changes(wounds=WoundRule.LEVELS, out_at=20, core=CoreDie.TWO_D6)
        + changes(first_kind=CloseSkill.HAND_WEAPON, second_name="Ann")
    )

    def build_controls(self) -> Controls:
        """Both fighters, what a hit counts and when a fighter is out; Jimmy against a wildling."""
        wildling = M("Wildling").render()
        return declared(
            (
                *_fighter("first", "Jimmy", 4, 4, CloseSkill.MARTIAL_ARTS, 3),
                *_fighter("second", wildling, 3, 2, CloseSkill.BRAWLING, 0),
                ("wounds", M("A hit counts"), WoundRule.HITS, choices.WOUND_RULES),
                ("out_at", M("Wounds that take a fighter out"), 2),
                CORE,
            ),
            self.bounds,
        )
