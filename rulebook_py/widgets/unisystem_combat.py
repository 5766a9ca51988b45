"""Calculators of the Unisystem combat chapter: melee, ranged, initiative, multiple actions.

Each maps its controls (named as the rule's parameters) to one call (its
``rule``) and renders the outcome's presentation
(:func:`rulebook_py.outcomes.unisystem.presentation`); a control that does not
count in the situation is hidden and left out of the Python line.

Example:
    >>> calc = MeleeExchangeCalculator()  # a wildling's attack against Jimmy's third dodge
    >>> "55.00 % (11/20)" in calc.result.value
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from .. import outcomes
from ..messages import Msg
from ..outcomes.unisystem import choices
from ..systems import unisystem as uni
from ..systems.unisystem import CloseSkill
from ..systems.unisystem.words import M
from .base import Controls, Values
from .calls import changes
from .controls import text_box
from .registry import register
from .unisystem import CORE, UnisystemCalculator

__all__ = [
    "ActionPlannerCalculator",
    "InitiativeCalculator",
    "MeleeExchangeCalculator",
    "RangedAttackCalculator",
]


#: An attack without the skill: a difficult test by default, and the choices.
_UNTRAINED = (uni.UntrainedAttack.DIFFICULT_TEST, choices.UNTRAINED)


def _typed_list(label: str, example: Msg, placeholder: str) -> widgets.Textarea:
    """A text area of one item a line, opening on ``example`` in the reader's language."""
    return text_box(label, example.render(), rows=6, placeholder=placeholder, width="34em")


@register
class MeleeExchangeCalculator(UnisystemCalculator):
    """One close-combat attack against one defense: P(hit), levels, damage, a roll.

    A feint before the blow (*feinte*) and improvised weapons are options.

    Example:
        >>> calc = MeleeExchangeCalculator(defense=uni.DefenseKind.NONE)
        >>> "70.00 % (7/10)" in calc.result.value  # D10 + 5 reaches 9 on a 4 or more
        True
        >>> calc.controls["parry_with"].layout.display  # no defense: hidden
        'none'
        >>> calc = MeleeExchangeCalculator(feint=True)  # INT 3 + 2 against PER 2 + 2
        >>> "67.10 % (671/1000)" in calc.result.value
        True
    """

    title = M("Close combat exchange (combat rapproché)")
    rule = staticmethod(outcomes.unisystem.melee)
    path = ("hit_chance",)
    bench_changes = (
        changes(defender_penalty=-2, defense=uni.DefenseKind.PARRY)
        + changes(parry_with=CloseSkill.MARTIAL_ARTS, lighting=uni.Lighting.DIM)
        + changes(attacker_stance=uni.Stance.AGGRESSIVE, defender_stance=uni.Stance.DEFENSIVE)
        + changes(damage_die=10, feint=True, attack_weapon=(uni.ImprovisedWeapon.CLUMSY, -2))
        + changes(defense_chair=2, lighting=uni.Lighting.TOTAL_DARKNESS)
        + changes(defender_darkness_bonus=2, averaged=True, core=uni.CoreDie.TWO_D6)
        + changes(attack_skill=0, untrained=uni.UntrainedAttack.UNSKILLED_TASK)
    )

    #: Both fighters' traits and options; defaults: a wildling against Jimmy's third dodge.
    declare = (
        ("attacker_dexterity", M("Attacker: Dexterity (Dextérité)"), 3),
        ("attack_kind", M("Attacker: skill used"), CloseSkill.BRAWLING, choices.CLOSE_SKILLS),
        ("attack_skill", M("Attacker: skill level (0 = DEX test)"), 2),
        ("attack_weapon", M("Attacker: weapon"), "real", choices.IMPROVISED),
        ("attacker_stance", M("Attacker: stance"), uni.Stance.NORMAL, choices.ATTACKER_STANCES),
        ("attacker_penalty", M("Attacker: multiple actions"), 0, choices.PENALTIES),
        ("attack_modifier", M("Attacker: other modifier (GM's call)"), 0),
        ("feint", M("Feint first (feinte): INT + skill against PER + skill"), False),
        ("feint_intelligence", M("Feint: attacker's Intelligence"), 3),
        ("feint_skill", M("Feint: attacker's combat skill"), 2),
        ("feint_perception", M("Feint: defender's Perception"), 2),
        ("feint_defender_skill", M("Feint: defender's combat skill"), 2),
        ("defense", M("Defense (défense)"), uni.DefenseKind.DODGE, choices.DEFENSES),
        ("defender_dexterity", M("Defender: Dexterity"), 4),
        ("defense_skill", M("Defender: Dodge or parry skill (0 = DEX test)"), 3),
        ("parry_with", M("Defender: parries with"), CloseSkill.MARTIAL_ARTS, choices.CLOSE_SKILLS),
        ("defense_chair", M("Defender: parries with a chair"), 0, choices.CHAIRS),
        ("defender_stance", M("Defender: stance"), uni.Stance.NORMAL, choices.DEFENDER_STANCES),
        ("defender_penalty", M("Defender: multiple actions"), -4, choices.PENALTIES),
        ("defense_modifier", M("Defender: other modifier"), 0),
        ("lighting", M("Lighting (éclairage)"), uni.Lighting.NORMAL, choices.LIGHTS),
        ("darkness_bonus", M("Total darkness: attacker's Perception levels"), 0),
        ("defender_darkness_bonus", M("Total darkness: defender's Perception levels"), 0),
        ("untrained", M("Attack without the skill (level 0)"), *_UNTRAINED),
        CORE,
        ("damage_die", M("Damage die"), 4, choices.DAMAGE_DICE),
        ("multiplier", M("Damage multiplier (Strength / Force)"), 2),
        ("averaged", M("Average damage instead of rolling"), False),
    )

    def arguments(self, values: Values) -> Mapping[str, Any]:
        """A real weapon (``"real"`` in the list) is ``attack_weapon=None``."""
        weapon = values["attack_weapon"]
        return {**values, "attack_weapon": None if weapon == "real" else weapon}


@register
class RangedAttackCalculator(UnisystemCalculator):
    """One shooter's round: range, lighting, aim, firing mode → hits and damage.

    Example:
        >>> calc = RangedAttackCalculator()  # a burst of three, DEX 3 + skill 3, short range
        >>> "40.00 % (2/5)" in calc.result.value  # all three bullets in
        True
        >>> calc.controls["burst_size"].value = 200
        >>> "3 to 5 rounds" in calc.error_for("burst_size")
        True
    """

    title = M("Ranged attack (combat à distance)")
    rule = staticmethod(outcomes.unisystem.ranged)
    path = staticmethod(outcomes.unisystem.ranged_answer)
    bench_changes = (
        changes(range_band=uni.RangeBand.LONG, aim=True, scope=3, mode=uni.FiringMode.SEMI_AUTO)
        + changes(count=4, defense=uni.RangedDefense.DIVE_FOR_COVER)
        + changes(mode=uni.FiringMode.FULL_AUTO, count=30, under_fire=True)
        + changes(lighting=uni.Lighting.POOR, averaged=True, core=uni.CoreDie.TWO_D6, skill=0)
        + changes(untrained=uni.UntrainedAttack.UNSKILLED_TASK, mode=outcomes.unisystem.SUPPRESSIVE)
    )

    #: Shooter, range, light, aim, firing mode, target, damage.
    declare = (
        ("dexterity", M("Shooter: Dexterity (Dextérité)"), 3),
        ("skill", M("Shooter: ranged skill (0 = difficult DEX test)"), 3),
        ("range_band", M("Range (portée)"), uni.RangeBand.SHORT, choices.RANGE_BANDS),
        ("lighting", M("Lighting (éclairage)"), uni.Lighting.NORMAL, choices.LIGHTS),
        ("darkness_bonus", M("Total darkness: shooter's Perception levels"), 0),
        ("ammo", M("Shotgun ammunition"), uni.ShotgunAmmo.NONE, choices.AMMO),
        ("modifier", M("Other modifier"), 0),
        ("mode", M("Firing mode"), uni.FiringMode.BURST, choices.FIRING_MODES),
        ("count", M("Shots / bursts / rounds (full auto)"), 1),
        ("burst_size", M("Rounds per burst (3–5)"), 3),
        ("heavy_recoil", M("Heavy recoil (−2 per further shot)"), False),
        ("cumulative_group_penalty", M("Full auto: cumulative −4 (book option)"), False),
        ("aim", M("Aim first (viser): PER + skill, +1 per level"), False),
        ("aim_perception", M("Aim: Perception"), 3),
        ("aim_skill", M("Aim: skill"), 3),
        ("scope", M("Telescopic sight (lunette): 0 or +2 to +5"), 0),
        ("defense", M("Target"), uni.RangedDefense.STAND_STILL, choices.TARGETS),
        ("defender_dexterity", M("Target: Dexterity"), 3),
        ("defender_dodge", M("Target: Dodge (0 = difficult DEX test)"), 2),
        ("defender_darkness_bonus", M("Total darkness: diving target's Perception levels"), 0),
        ("under_fire", M("Shooter under fire: keep one's cool"), False),
        ("willpower", M("Shooter: Willpower (Volonté)"), 3),
        ("damage_die", M("Damage die"), 6, choices.DAMAGE_DICE),
        ("multiplier", M("Damage multiplier (before range)"), 3),
        ("averaged", M("Average damage instead of rolling"), False),
        ("untrained", M("Shot without the skill (level 0)"), *_UNTRAINED),
        CORE,
    )


@register
class InitiativeCalculator(UnisystemCalculator):
    r"""Initiative order: exact chance that each combatant acts first, and a seeded roll.

    Example:
        >>> calc = InitiativeCalculator(combatants="A, 3\nB, 3, NPC")
        >>> "50.00 % (1/2)" in calc.result.value
        True
    """

    title = M("Initiative order")
    rule = staticmethod(uni.initiative)
    path = ("chances",)
    ordered = True
    bench_changes = (
        changes(group=True)
        + changes(combatants="Jimmy, 4\nAnn, 2, PCs, +2\nWildling 1, 3, NPC\nWildling 2, 5, NPC")
        + changes(group=False)
        + changes(combatants="Jimmy, 4\nSniper, 2, NPC, ambush\nWitch, 3, PCs, magic, +1")
        + changes(core=uni.CoreDie.TWO_D6)
    )

    #: The group option and the core die (after the combatants).
    declare = (
        (
            "group",
            M("Group initiative: one roll per side (its highest DEX, with its bonus)"),
            False,
        ),
        CORE,
    )

    def build_controls(self) -> Controls:
        """The combatants, one a line (the example in the reader's words), then the others."""
        fight = M("Jimmy, 4, PCs\nWildling 1, 3, NPC\nWildling 2, 3, NPC\nWildling 3, 3, NPC")
        hint = M("name, Dexterity[, side][, ranged|magic|ambush][, +bonus]")
        combatants = _typed_list(M("Combatants: name, DEX, side, edge, bonus"), fight, hint)
        return {"combatants": combatants} | super().build_controls()

    def arguments(self, values: Values) -> Mapping[str, Any]:
        """A line that names no side is on the players' side, in the reader's words."""
        return {**values, "default_side": M("PCs").render()}


@register
class ActionPlannerCalculator(UnisystemCalculator):
    """Multiple actions: each action's penalty and exact chance of reaching 9.

    Example:
        >>> calc = ActionPlannerCalculator()  # Jimmy: punch, then three dodges
        >>> "−4" in calc.result.value and "50.00 % (1/2)" in calc.result.value
        True
    """

    title = M("Multiple-action planner (actions multiples)")
    rule = staticmethod(uni.action_plan)
    path = ("chances",)
    ordered = True
    bench_changes = (
        changes(actions="attack 4+4 punch\nattack 4+4 kick\ndefense 4+3 dodge\nattack 4+4 punch")
        + changes(max_attacks=True, close_combat=False)
        + changes(actions="other 3+2 reload\nattack 3+3 shoot\nattack 3+3 shoot", constitution=4)
        + changes(constitution_cap=True, stance=uni.Stance.AGGRESSIVE, massive=True)
        + changes(actions="attack 4+4 (+1) punch\nattack 4+4 kick\nother 3 shout")
        + changes(core=uni.CoreDie.TWO_D6)
    )

    #: The source's optional caps and the core die (after the plan).
    declare = (
        ("close_combat", M("Close combat (one attack and one defense free)"), True),
        ("stance", M("Stance (attitude)"), uni.Stance.NORMAL, choices.PLANNER_STANCES),
        ("massive", M("Option: massive creature (attacks without penalty or cap)"), False),
        ("max_attacks", M("Option: at most 3 attacks a round"), False),
        ("dexterity_cap", M("Option: at most DEX/2 attacks"), False),
        ("dexterity", M("Dexterity (for the DEX/2 option)"), 4),
        ("constitution_cap", M("Option: no attack beyond a penalty of CON"), False),
        ("constitution", M("Constitution (for the CON option)"), 3),
        CORE,
    )

    def build_controls(self) -> Controls:
        """The plan, one action a line (the example in the reader's words), then the others."""
        plan = M("attack 4+4 punch\ndefense 4+3 dodge\ndefense 4+3 dodge\ndefense 4+3 dodge")
        label = M("Actions: kind attribute+skill (modifier) label")
        return {"actions": _typed_list(label, plan, M("attack 4+4 (+1) punch"))} | (
            super().build_controls()
        )
