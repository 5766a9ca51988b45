"""Calculators of the Unisystem combat chapter: melee, ranged, initiative, multiple actions.

Each maps its controls (named as the rule's parameters) to one rule of
:mod:`rulebook_py.systems.unisystem` and formats the outcome.

Example:
    >>> calc = MeleeExchangeCalculator()  # a wildling's attack against Jimmy's third dodge
    >>> "55.00 % (11/20)" in calc.result.value
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from ..i18n import translate_message as tr
from ..systems import unisystem as uni
from .base import Controls, Values, View
from .calls import changes, read_path, rule_call
from .charts import bar_chart
from .controls import checkbox, dropdown, int_box, text_box
from .format import escape
from .registry import register
from .tables import cell, rows_html
from .unisystem import UnisystemCalculator, core_dropdown

__all__ = [
    "ActionPlannerCalculator",
    "InitiativeCalculator",
    "MeleeExchangeCalculator",
    "RangedAttackCalculator",
]

_PENALTIES = [("free (0)", 0), ("2nd action (−2)", -2), ("3rd (−4)", -4), ("4th (−6)", -6),
              ("5th (−8)", -8), ("6th (−10)", -10)]  # fmt: skip
_DICE = [("D4", 4), ("D6", 6), ("D8", 8), ("D10", 10)]
_LIGHTS = [(f"{x.label} ({'plain D10' if x.modifier is None else uni.signed_text(x.modifier)})", x)
           for x in uni.Lighting]  # fmt: skip
#: The attacker's weapon: a real one (or bare hands), or an improvised one with
#: the modifier of the source's list ("real" stands for None, which a dropdown
#: would read as "nothing selected").
_WEAPONS: list[tuple[str, Any]] = [
    ("real weapon or bare hands", "real"),
    ("improvised: pointed object, −2 (bottle, fork)", (uni.ImprovisedWeapon.SHARP, -2)),
    ("improvised: long object swung, +0 (table leg)", (uni.ImprovisedWeapon.LONG, 0)),
    ("improvised: big, awkward object, −1", (uni.ImprovisedWeapon.CLUMSY, -1)),
    ("improvised: big, awkward object, −2", (uni.ImprovisedWeapon.CLUMSY, -2)),
    ("improvised: big, awkward object, −3", (uni.ImprovisedWeapon.CLUMSY, -3)),
]
_GROUP_NOTE = ("Group initiative: the whole side acts together, so every member's chance is "
               "the side's.")  # fmt: skip
_CHAIR = [("no", 0), ("a chair held like a shield, +1", 1), ("a chair, +2", 2)]


def _untrained(what: str) -> widgets.Dropdown:
    options = [(u.english, u) for u in uni.UntrainedAttack]
    label = f"{what} without the skill (level 0)"
    return dropdown(label, options, uni.UntrainedAttack.DIFFICULT_TEST)


def _damage_chart(pmf: Mapping[int, Fraction], title: str) -> str:
    return bar_chart(pmf, title=title, x_title="damage", highlight=lambda k: k > 0,  # type: ignore[operator]
                     highlight_label="hit", other_label="no damage")  # fmt: skip


def _stances(*extra: tuple[str, uni.Stance]) -> list[tuple[str, uni.Stance]]:
    return [("normal", uni.Stance.NORMAL), *extra]


def _ranged_answer(report: Any) -> tuple[str, Any]:
    """The chance of a hit; suppressive fire rolls no attack: its mean damage."""
    then = ".hit_chance" if report.attack is not None else ".damage.mean()"
    return then, read_path(report, then)


class _CombatCalculator(UnisystemCalculator):
    """A combat calculator: a roll is shown one step a line."""

    roll_breaks = ("; ", "\n")


@register
class MeleeExchangeCalculator(_CombatCalculator):
    """One close-combat attack against one defence: P(hit), levels, damage, a roll.

    A feint before the blow (*feinte*) and improvised weapons are options.

    Example:
        >>> calc = MeleeExchangeCalculator(defence=uni.DefenceKind.NONE)
        >>> "70.00 % (7/10)" in calc.result.value  # D10 + 5 reaches 9 on a 4 or more
        True
        >>> calc = MeleeExchangeCalculator(feint=True)  # INT 3 + 2 against PER 2 + 2
        >>> "67.10 % (671/1000)" in calc.result.value
        True
    """

    title = "Close combat exchange (combat rapproché)"
    bench_changes = (
        changes(defender_penalty=-2, defence=uni.DefenceKind.PARRY)
        + changes(parry_with=uni.CloseSkill.MARTIAL_ARTS, lighting=uni.Lighting.DIM)
        + changes(attacker_stance=uni.Stance.AGGRESSIVE, defender_stance=uni.Stance.DEFENSIVE)
        + changes(damage_die=10, feint=True, attack_weapon=(uni.ImprovisedWeapon.CLUMSY, -2))
        + changes(defence_chair=2, lighting=uni.Lighting.TOTAL_DARKNESS)
        + changes(defender_darkness_bonus=2, averaged=True, core=uni.CoreDie.TWO_D6)
        + changes(attack_skill=0, untrained=uni.UntrainedAttack.UNSKILLED_TASK)
    )

    def build_controls(self) -> Controls:
        """Both fighters' traits and options; defaults: a wildling against Jimmy's third dodge."""
        skills = [(s.label, s) for s in uni.CloseSkill]
        return {
            "attacker_dexterity": int_box("Attacker: Dexterity (Dextérité)", 3),
            "attack_kind": dropdown("Attacker: skill used", skills, uni.CloseSkill.BRAWLING),
            "attack_skill": int_box("Attacker: skill level (0 = DEX test)", 2),
            "attack_weapon": dropdown("Attacker: weapon", _WEAPONS, "real"),
            "attacker_stance": dropdown("Attacker: stance", _stances(
                ("aggressive (attitude agressive, +2)", uni.Stance.AGGRESSIVE)), uni.Stance.NORMAL),
            "attacker_penalty": dropdown("Attacker: multiple actions", _PENALTIES, 0),
            "attack_modifier": int_box("Attacker: other modifier (GM's call)", 0),
            "feint": checkbox("Feint first (feinte): INT + skill against PER + skill", False),
            "feint_intelligence": int_box("Feint: attacker's Intelligence", 3),
            "feint_skill": int_box("Feint: attacker's combat skill", 2),
            "feint_perception": int_box("Feint: defender's Perception", 2),
            "feint_defender_skill": int_box("Feint: defender's combat skill", 2),
            "defence": dropdown("Defence (défense)", [(d.label, d) for d in uni.DefenceKind],
                                uni.DefenceKind.DODGE),
            "defender_dexterity": int_box("Defender: Dexterity", 4),
            "defence_skill": int_box("Defender: Dodge or parry skill (0 = DEX test)", 3),
            "parry_with": dropdown("Defender: parries with", skills, uni.CloseSkill.MARTIAL_ARTS),
            "defence_chair": dropdown("Defender: parries with a chair", _CHAIR, 0),
            "defender_stance": dropdown("Defender: stance", _stances(
                ("defensive (attitude défensive, +3)", uni.Stance.DEFENSIVE),
                ("aggressive (no defence)", uni.Stance.AGGRESSIVE)), uni.Stance.NORMAL),
            "defender_penalty": dropdown("Defender: multiple actions", _PENALTIES, -4),
            "defence_modifier": int_box("Defender: other modifier", 0),
            "lighting": dropdown("Lighting (éclairage)", _LIGHTS, uni.Lighting.NORMAL),
            "darkness_bonus": int_box("Total darkness: attacker's Perception levels", 0),
            "defender_darkness_bonus": int_box("Total darkness: defender's Perception levels", 0),
            "untrained": _untrained("Attack"),
            "core": core_dropdown(),
            "damage_die": dropdown("Damage die", _DICE, 4),
            "multiplier": int_box("Damage multiplier (Strength / Force)", 2),
            "averaged": checkbox("Average damage instead of rolling", False),
        }  # fmt: skip

    def compute(self, values: Values) -> View:
        """P(hit), expected levels, the damage distribution and its chart."""
        args = {**values, "attack_weapon": None if values["attack_weapon"] == "real" else
                values["attack_weapon"]}  # fmt: skip
        report, call = rule_call(uni.melee, then=".hit_chance", **args)
        chart = _damage_chart(report.damage.pmf(), "Damage of the exchange")
        return View(self.report_html(report.rows, report.unused), chart, call, report)


@register
class RangedAttackCalculator(_CombatCalculator):
    """One shooter's round: range, lighting, aim, firing mode → hits and damage.

    Example:
        >>> calc = RangedAttackCalculator()  # a burst of three, DEX 3 + skill 3, short range
        >>> "40.00 % (2/5)" in calc.result.value  # all three bullets in
        True
        >>> calc.controls["burst_size"].value = 200
        >>> "3 to 5 rounds" in calc.error_for("burst_size")
        True
    """

    title = "Ranged attack (combat à distance)"
    bench_changes = (
        changes(range_band=uni.RangeBand.LONG, aim=True, scope=3, mode=uni.FiringMode.SEMI_AUTO)
        + changes(count=4, defence=uni.RangedDefence.DIVE_FOR_COVER)
        + changes(mode=uni.FiringMode.FULL_AUTO, count=30, under_fire=True)
        + changes(lighting=uni.Lighting.POOR, averaged=True, core=uni.CoreDie.TWO_D6, skill=0)
        + changes(untrained=uni.UntrainedAttack.UNSKILLED_TASK, mode=uni.SUPPRESSIVE)
    )

    def build_controls(self) -> Controls:
        """Shooter, range, light, aim, firing mode, target, damage."""
        bands = [(f"{b.label} ({uni.signed_text(b.modifier)}, multiplier "
                  f"{uni.signed_text(b.multiplier_shift)})", b) for b in uni.RangeBand]  # fmt: skip
        modes = [(m.label, m) for m in uni.FiringMode]
        modes.append(("Tir de suppression (no roll: D4 bullets)", uni.SUPPRESSIVE))
        return {
            "dexterity": int_box("Shooter: Dexterity (Dextérité)", 3),
            "skill": int_box("Shooter: ranged skill (0 = difficult DEX test)", 3),
            "range_band": dropdown("Range (portée)", bands, uni.RangeBand.SHORT),
            "lighting": dropdown("Lighting (éclairage)", _LIGHTS, uni.Lighting.NORMAL),
            "darkness_bonus": int_box("Total darkness: shooter's Perception levels", 0),
            "ammo": dropdown("Shotgun ammunition", [(f"{a.label} ({uni.signed_text(a.bonus)})", a)
                                                    for a in uni.ShotgunAmmo], uni.ShotgunAmmo.NONE),
            "modifier": int_box("Other modifier", 0),
            "mode": dropdown("Firing mode", modes, uni.FiringMode.BURST),
            "count": int_box("Shots / bursts / rounds (full auto)", 1),
            "burst_size": int_box("Rounds per burst (3–5)", 3),
            "heavy_recoil": checkbox("Heavy recoil (−2 per further shot)", False),
            "cumulative_group_penalty": checkbox("Full auto: cumulative −4 (book option)", False),
            "aim": checkbox("Aim first (viser): PER + skill, +1 per level", False),
            "aim_perception": int_box("Aim: Perception", 3),
            "aim_skill": int_box("Aim: skill", 3),
            "scope": int_box("Telescopic sight (lunette): 0 or +2 to +5", 0),
            "defence": dropdown("Target", [(d.label, d) for d in uni.RangedDefence],
                                uni.RangedDefence.STAND_STILL),
            "defender_dexterity": int_box("Target: Dexterity", 3),
            "defender_dodge": int_box("Target: Dodge (0 = difficult DEX test)", 2),
            "defender_darkness_bonus": int_box("Total darkness: diving target's Perception levels",
                                               0),
            "under_fire": checkbox("Shooter under fire: keep one's cool", False),
            "willpower": int_box("Shooter: Willpower (Volonté)", 3),
            "damage_die": dropdown("Damage die", _DICE, 6),
            "multiplier": int_box("Damage multiplier (before range)", 3),
            "averaged": checkbox("Average damage instead of rolling", False),
            "untrained": _untrained("Shot"),
            "core": core_dropdown(),
        }  # fmt: skip

    def compute(self, values: Values) -> View:
        """Distribution of bullets in and of total damage."""
        report, call = rule_call(uni.ranged, then=_ranged_answer, **values)
        chart = _damage_chart(report.damage.pmf(), "Total damage")
        if report.attack is not None:
            chart = bar_chart(report.hits.pmf(), title="Bullets in", x_title="hits",
                              highlight=lambda k: k > 0,  # type: ignore[operator]
                              highlight_label="hit", other_label="miss") + chart  # fmt: skip
        return View(self.report_html(report.rows, report.unused), chart, call, report)


@register
class InitiativeCalculator(_CombatCalculator):
    r"""Initiative order: exact chance that each combatant acts first, and a seeded roll.

    Example:
        >>> calc = InitiativeCalculator(combatants="A, 3\nB, 3, NPC")
        >>> "50.00 % (1/2)" in calc.result.value
        True
    """

    title = "Initiative order"
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
                "Combatants: name, DEX, side, edge, bonus",
                "Jimmy, 4, PCs\nWildling 1, 3, NPC\nWildling 2, 3, NPC\nWildling 3, 3, NPC",
                rows=6,
                placeholder="name, Dexterity[, side][, ranged|magic|ambush][, +bonus]",
                width="34em",
            ),
            "group": checkbox("Group initiative: one roll per side (best DEX + bonus)", False),
            "core": core_dropdown(),
        }

    def compute(self, values: Values) -> View:
        """Table of P(acts first), each side's total, and the chart."""
        report, call = rule_call(uni.initiative, then=".chances", **values)
        group = values["group"]
        chart = bar_chart(report.chances, title="Who acts in the first group" if group else
                          "Who acts first", x_title="combatant")  # fmt: skip
        first = "P(acts in the first group)" if group else "P(acts first)"
        head = ["combatant", "side", "DEX", "bonus", "edge", first, "side's total"]
        note = (f"<p>{tr(_GROUP_NOTE)}</p>" if group else "")  # fmt: skip
        return View(note + rows_html(report.rows, head), chart, call, report)

    def show_roll(self, roll: Any) -> str:
        """One rolled order, one combatant a line."""
        return "<ol>" + "".join(f"<li>{escape(tr(str(e)))}</li>" for e in roll.entries) + "</ol>"


@register
class ActionPlannerCalculator(_CombatCalculator):
    """Multiple actions: each action's penalty and exact chance of reaching 9.

    Example:
        >>> calc = ActionPlannerCalculator()  # Jimmy: punch, then three dodges
        >>> "−4" in calc.result.value and "50.00 % (1/2)" in calc.result.value
        True
    """

    title = "Multiple-action planner (actions multiples)"
    bench_changes = (
        changes(actions="attack 4+4 punch\nattack 4+4 kick\ndefence 4+3 dodge\nattack 4+4 punch")
        + changes(max_attacks=True, close_combat=False)
        + changes(actions="other 3+2 reload\nattack 3+3 shoot\nattack 3+3 shoot", constitution=4)
        + changes(constitution_cap=True, stance=uni.Stance.AGGRESSIVE, massive=True)
        + changes(actions="attack 4+4 (+1) punch\nattack 4+4 kick\nother 3 shout")
        + changes(core=uni.CoreDie.TWO_D6)
    )

    def build_controls(self) -> Controls:
        """The plan, the source's optional caps and the core die."""
        return {
            "actions": text_box(
                "Actions: kind attribute+skill (modifier) label",
                "attack 4+4 punch\ndefence 4+3 dodge\ndefence 4+3 dodge\ndefence 4+3 dodge",
                rows=6,
                placeholder="attack 4+4 (+1) punch",
                width="34em",
            ),
            "close_combat": checkbox("Close combat (one attack and one defence free)", True),
            "stance": dropdown("Stance (attitude)", _stances(
                ("aggressive: +2 to every attack, no defence", uni.Stance.AGGRESSIVE),
                ("defensive: +3 to every defence, no attack", uni.Stance.DEFENSIVE)), uni.Stance.NORMAL),
            "massive": checkbox("Option: massive creature (attacks without penalty or cap)", False),
            "max_attacks": checkbox("Option: at most 3 attacks a round", False),
            "dexterity_cap": checkbox("Option: at most DEX/2 attacks", False),
            "dexterity": int_box("Dexterity (for the DEX/2 option)", 4),
            "constitution_cap": checkbox("Option: no attack beyond a penalty of CON", False),
            "constitution": int_box("Constitution (for the CON option)", 3),
            "core": core_dropdown(),
        }  # fmt: skip

    def compute(self, values: Values) -> View:
        """One row per action: penalty, bonus, P(total ≥ 9)."""
        plan, call = rule_call(uni.action_plan, then=".chances", **values)
        rows = [(s.number, s.action.label or s.action.kind.label, s.action.kind.label,
                 "free" if s.free else "extra", cell(uni.signed_text(s.penalty) if s.penalty
                                                     else "0"),
                 uni.signed_text(s.action.modifier) if s.action.modifier else "0",
                 uni.bonus_text(s.check), s.chance) for s in plan.steps]  # fmt: skip
        chart = bar_chart({f"{s.number}. {s.action.label or s.action.kind.label}": s.chance
                           for s in plan.steps}, title="Chance of each action (total ≥ 9)",
                          x_title="action")  # fmt: skip
        head = ["#", "action", "kind", "free/extra", "penalty", "modifier", "bonus", "P(total ≥ 9)"]
        return View(self.report_html(rows, plan.unused, head), chart, call, plan)

    def show_roll(self, roll: Any) -> str:
        """Every action rolled once, in order."""
        items = "".join(f"<li>{escape(s.action.label or s.action.kind.label)}: {escape(tr(str(r)))}"
                        "</li>" for s, r in roll.steps)  # fmt: skip
        return f"<ol>{items}</ol>"
