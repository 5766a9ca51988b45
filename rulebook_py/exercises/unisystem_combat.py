"""The exercises of the Unisystem combat chapter (``book/unisystem-combat``).

Example:
    >>> EXERCISES[0].answer()
    Fraction(7, 20)
"""

from __future__ import annotations

from .model import Exercise
from .prediction import Kind
from .words import M

__all__ = ["EXERCISES"]

EXERCISES = (
    Exercise(
        number=1,
        label=M("Your prediction: the chance that the third wildling's attack lands"),
        expression="outcomes.unisystem.melee(attacker_dexterity=3, attack_skill=2, defender_dexterity=4, defense_skill=3, parry_with=unisystem.CloseSkill.MARTIAL_ARTS, defender_stance=unisystem.Stance.DEFENSIVE, defender_penalty=-4, multiplier=2).hit_chance",
    ),
    Exercise(
        number=2,
        label=M("Your prediction: the chance that at least one bullet hits at long range"),
        expression="outcomes.unisystem.ranged(dexterity=3, skill=3, range_band=unisystem.RangeBand.LONG, mode=unisystem.FiringMode.BURST, aim_perception=3, aim_skill=3, defender_dexterity=3, defender_dodge=2, willpower=3, multiplier=3).hit_chance",
    ),
    Exercise(
        number=3,
        label=M("Your prediction: the bullets three semi-automatic shots put in, on average"),
        expression="outcomes.unisystem.ranged(dexterity=3, skill=3, mode=unisystem.FiringMode.SEMI_AUTO, count=3).hits.mean()",
        kind=Kind.NUMBER,
        places=1,
    ),
    Exercise(
        number=4,
        label=M("Your prediction: the chance that the claws land after a feint"),
        expression="outcomes.unisystem.melee(attacker_dexterity=3, attack_skill=2, feint=True, feint_intelligence=3, feint_skill=2, feint_perception=2, feint_defender_skill=2, defender_dexterity=4, defense_skill=3, parry_with=unisystem.CloseSkill.MARTIAL_ARTS, defender_penalty=-4, multiplier=2).hit_chance",
    ),
    Exercise(
        number=5,
        label=M("Your prediction: Jimmy's chance to act first with group initiative"),
        expression="unisystem.initiative('Jimmy, 4, PCs\\nWildling 1, 3, NPC\\nWildling 2, 3, NPC\\nWildling 3, 3, NPC', group=True).chances['Jimmy']",
    ),
    Exercise(
        number=6,
        label=M("Your prediction: the third wildling's chance to hit Jimmy's last dodge"),
        expression="outcomes.unisystem.melee(attacker_dexterity=3, attack_skill=2, defender_dexterity=4, defense_skill=3, parry_with=unisystem.CloseSkill.MARTIAL_ARTS, defender_penalty=-4, multiplier=2).hit_chance",
    ),
)
