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

from .. import outcomes
from ..outcomes.unisystem import choices
from ..systems import unisystem as uni
from ..systems.unisystem.words import M
from .base import Controls, Values
from .calls import changes
from .controls import checkbox, dropdown, text_box
from .registry import register
from .unisystem import UnisystemCalculator, core_dropdown, whole_box

__all__ = [
    "ActionPlannerCalculator",
    "InitiativeCalculator",
    "MeleeExchangeCalculator",
    "RangedAttackCalculator",
]


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
        + changes(parry_with=uni.CloseSkill.MARTIAL_ARTS, lighting=uni.Lighting.DIM)
        + changes(attacker_stance=uni.Stance.AGGRESSIVE, defender_stance=uni.Stance.DEFENSIVE)
        + changes(damage_die=10, feint=True, attack_weapon=(uni.ImprovisedWeapon.CLUMSY, -2))
        + changes(defense_chair=2, lighting=uni.Lighting.TOTAL_DARKNESS)
        + changes(defender_darkness_bonus=2, averaged=True, core=uni.CoreDie.TWO_D6)
        + changes(attack_skill=0, untrained=uni.UntrainedAttack.UNSKILLED_TASK)
    )

    def build_controls(self) -> Controls:
        """Both fighters' traits and options; defaults: a wildling against Jimmy's third dodge."""
        return {
            "attacker_dexterity": whole_box(M("Attacker: Dexterity (Dextérité)"), 3),
            "attack_kind": dropdown(
                M("Attacker: skill used"), choices.CLOSE_SKILLS, uni.CloseSkill.BRAWLING
            ),
            "attack_skill": whole_box(M("Attacker: skill level (0 = DEX test)"), 2),
            "attack_weapon": dropdown(M("Attacker: weapon"), choices.IMPROVISED, "real"),
            "attacker_stance": dropdown(
                M("Attacker: stance"), choices.ATTACKER_STANCES, uni.Stance.NORMAL
            ),
            "attacker_penalty": dropdown(M("Attacker: multiple actions"), choices.PENALTIES, 0),
            "attack_modifier": whole_box(M("Attacker: other modifier (GM's call)"), 0),
            "feint": checkbox(M("Feint first (feinte): INT + skill against PER + skill"), False),
            "feint_intelligence": whole_box(M("Feint: attacker's Intelligence"), 3),
            "feint_skill": whole_box(M("Feint: attacker's combat skill"), 2),
            "feint_perception": whole_box(M("Feint: defender's Perception"), 2),
            "feint_defender_skill": whole_box(M("Feint: defender's combat skill"), 2),
            "defense": dropdown(M("Defense (défense)"), choices.DEFENSES, uni.DefenseKind.DODGE),
            "defender_dexterity": whole_box(M("Defender: Dexterity"), 4),
            "defense_skill": whole_box(M("Defender: Dodge or parry skill (0 = DEX test)"), 3),
            "parry_with": dropdown(
                M("Defender: parries with"), choices.CLOSE_SKILLS, uni.CloseSkill.MARTIAL_ARTS
            ),
            "defense_chair": dropdown(M("Defender: parries with a chair"), choices.CHAIRS, 0),
            "defender_stance": dropdown(
                M("Defender: stance"), choices.DEFENDER_STANCES, uni.Stance.NORMAL
            ),
            "defender_penalty": dropdown(M("Defender: multiple actions"), choices.PENALTIES, -4),
            "defense_modifier": whole_box(M("Defender: other modifier"), 0),
            "lighting": dropdown(M("Lighting (éclairage)"), choices.LIGHTS, uni.Lighting.NORMAL),
            "darkness_bonus": whole_box(M("Total darkness: attacker's Perception levels"), 0),
            "defender_darkness_bonus": whole_box(
                M("Total darkness: defender's Perception levels"), 0
            ),
            "untrained": dropdown(
                M("Attack without the skill (level 0)"),
                choices.UNTRAINED,
                uni.UntrainedAttack.DIFFICULT_TEST,
            ),
            "core": core_dropdown(),
            "damage_die": dropdown(M("Damage die"), choices.DAMAGE_DICE, 4),
            "multiplier": whole_box(M("Damage multiplier (Strength / Force)"), 2),
            "averaged": checkbox(M("Average damage instead of rolling"), False),
        }

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

    def build_controls(self) -> Controls:
        """Shooter, range, light, aim, firing mode, target, damage."""
        return {
            "dexterity": whole_box(M("Shooter: Dexterity (Dextérité)"), 3),
            "skill": whole_box(M("Shooter: ranged skill (0 = difficult DEX test)"), 3),
            "range_band": dropdown(M("Range (portée)"), choices.RANGE_BANDS, uni.RangeBand.SHORT),
            "lighting": dropdown(M("Lighting (éclairage)"), choices.LIGHTS, uni.Lighting.NORMAL),
            "darkness_bonus": whole_box(M("Total darkness: shooter's Perception levels"), 0),
            "ammo": dropdown(M("Shotgun ammunition"), choices.AMMO, uni.ShotgunAmmo.NONE),
            "modifier": whole_box(M("Other modifier"), 0),
            "mode": dropdown(M("Firing mode"), choices.FIRING_MODES, uni.FiringMode.BURST),
            "count": whole_box(M("Shots / bursts / rounds (full auto)"), 1),
            "burst_size": whole_box(M("Rounds per burst (3–5)"), 3),
            "heavy_recoil": checkbox(M("Heavy recoil (−2 per further shot)"), False),
            "cumulative_group_penalty": checkbox(
                M("Full auto: cumulative −4 (book option)"), False
            ),
            "aim": checkbox(M("Aim first (viser): PER + skill, +1 per level"), False),
            "aim_perception": whole_box(M("Aim: Perception"), 3),
            "aim_skill": whole_box(M("Aim: skill"), 3),
            "scope": whole_box(M("Telescopic sight (lunette): 0 or +2 to +5"), 0),
            "defense": dropdown(M("Target"), choices.TARGETS, uni.RangedDefense.STAND_STILL),
            "defender_dexterity": whole_box(M("Target: Dexterity"), 3),
            "defender_dodge": whole_box(M("Target: Dodge (0 = difficult DEX test)"), 2),
            "defender_darkness_bonus": whole_box(
                M("Total darkness: diving target's Perception levels"), 0
            ),
            "under_fire": checkbox(M("Shooter under fire: keep one's cool"), False),
            "willpower": whole_box(M("Shooter: Willpower (Volonté)"), 3),
            "damage_die": dropdown(M("Damage die"), choices.DAMAGE_DICE, 6),
            "multiplier": whole_box(M("Damage multiplier (before range)"), 3),
            "averaged": checkbox(M("Average damage instead of rolling"), False),
            "untrained": dropdown(
                M("Shot without the skill (level 0)"),
                choices.UNTRAINED,
                uni.UntrainedAttack.DIFFICULT_TEST,
            ),
            "core": core_dropdown(),
        }


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

    def build_controls(self) -> Controls:
        """The combatants (one a line), the group option and the core die."""
        return {
            "combatants": text_box(
                M("Combatants: name, DEX, side, edge, bonus"),
                M(
                    "Jimmy, 4, PCs\nWildling 1, 3, NPC\nWildling 2, 3, NPC\nWildling 3, 3, NPC"
                ).render(),
                rows=6,
                placeholder=M("name, Dexterity[, side][, ranged|magic|ambush][, +bonus]"),
                width="34em",
            ),
            "group": checkbox(
                M("Group initiative: one roll per side (its highest DEX, with its bonus)"), False
            ),
            "core": core_dropdown(),
        }

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

    def build_controls(self) -> Controls:
        """The plan, the source's optional caps and the core die."""
        plan = M("attack 4+4 punch\ndefense 4+3 dodge\ndefense 4+3 dodge\ndefense 4+3 dodge")
        return {
            "actions": text_box(
                M("Actions: kind attribute+skill (modifier) label"),
                plan.render(),
                rows=6,
                placeholder=M("attack 4+4 (+1) punch"),
                width="34em",
            ),
            "close_combat": checkbox(M("Close combat (one attack and one defense free)"), True),
            "stance": dropdown(M("Stance (attitude)"), choices.PLANNER_STANCES, uni.Stance.NORMAL),
            "massive": checkbox(
                M("Option: massive creature (attacks without penalty or cap)"), False
            ),
            "max_attacks": checkbox(M("Option: at most 3 attacks a round"), False),
            "dexterity_cap": checkbox(M("Option: at most DEX/2 attacks"), False),
            "dexterity": whole_box(M("Dexterity (for the DEX/2 option)"), 4),
            "constitution_cap": checkbox(M("Option: no attack beyond a penalty of CON"), False),
            "constitution": whole_box(M("Constitution (for the CON option)"), 3),
            "core": core_dropdown(),
        }
