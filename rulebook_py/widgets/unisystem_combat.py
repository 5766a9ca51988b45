"""Calculators of the Unisystem combat chapter: melee, ranged, initiative, multiple actions.

Example:
    >>> calc = MeleeExchangeCalculator()  # a wildling's attack against Jimmy's third dodge
    >>> "55.00 % (11/20)" in calc.result.value
    True
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from ..errors import RuleValueError
from ..systems.unisystem import (
    MAX_COMBATANTS,
    SIGNED_NUMBER,
    ActionLimits,
    Aim,
    CloseSkill,
    Combatant,
    CoreDie,
    DefenceKind,
    FeintedExchange,
    FiringMode,
    ImprovisedWeapon,
    InitiativeEdge,
    Lighting,
    MeleeAttack,
    MeleeDefence,
    RangeBand,
    RangedDefence,
    ShotgunAmmo,
    Stance,
    UntrainedAttack,
    Volley,
    effective_multiplier,
    feint,
    feinted_exchange,
    first_to_act,
    hits_damage,
    initiative_order,
    melee_exchange,
    number_text,
    parse_plan,
    plan_actions,
    quoted_line,
    ranged_attack,
    refuse_other_digits,
    side_first_chances,
    signed_int,
    suppressive_fire_hits,
)
from .base import PythonCall, control_for
from .charts import bar_chart
from .controls import checkbox, dropdown, int_box, text_box
from .format import escape, number, probability, table_html
from .registry import register
from .unisystem import UnisystemCalculator, core_dropdown, core_kw, py_args, with_minus

__all__ = [
    "ActionPlannerCalculator",
    "InitiativeCalculator",
    "MeleeExchangeCalculator",
    "RangedAttackCalculator",
    "parse_combatants",
]

_BOX = widgets.Layout(width="30em")
_WIDE = widgets.Layout(width="30em")
_PENALTIES = [("free (0)", 0), ("2nd action (−2)", -2), ("3rd (−4)", -4), ("4th (−6)", -6),
              ("5th (−8)", -8), ("6th (−10)", -10)]  # fmt: skip
_DICE = [("D4", 4), ("D6", 6), ("D8", 8), ("D10", 10)]
#: The ranged calculator's extra "firing mode": suppressive fire (no roll).
_SUPPRESSIVE = "suppressive"
_SUPPRESSIVE_LABEL = "Tir de suppression (no roll: D4 bullets)"


def _lines(text: str) -> str:
    """A roll's text as HTML, one step a line (a long roll never widens the page)."""
    return "<br>".join(escape(with_minus(part)) for part in re.split(r"; |\n", text))


def _untrained_dropdown(what: str) -> Any:
    return dropdown(
        f"{what} without the skill (level 0)",
        [(u.english, u) for u in UntrainedAttack],
        UntrainedAttack.DIFFICULT_TEST,
    )


def _ignored(label: str, why: str) -> tuple[str, str]:
    """A row saying that a control the reader set does not count here."""
    return (f"Not used: {label}", why)


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"−{-value}"


def _parts(check: Any) -> str:
    shown = " ".join(f"{_signed(v)} ({name})" for name, v in check.parts if v)
    return f"{_signed(check.bonus)} = {shown or '0'}"


def _rolled(out: Any, values: Mapping[str, Any], rng: random.Random) -> str:
    """Roll an exchange or a ranged attack once with the calculator's damage controls."""
    with control_for({"multiplier": "multiplier", "sides": "damage_die"}):
        roll = out.roll(
            rng,
            sides=values["damage_die"],
            multiplier=values["multiplier"],
            averaged=values["averaged"],
        )
    return _lines(str(roll))


def _lighting_options() -> list[tuple[str, Lighting]]:
    out = []
    for light in Lighting:
        effect = "plain D10" if light.modifier is None else _signed(light.modifier)
        out.append((f"{light.label} ({effect})", light))
    return out


def _damage_chart(pmf: Mapping[int, Fraction], title: str) -> str:
    return bar_chart(
        pmf,
        title=title,
        x_title="damage",
        highlight=lambda k: k > 0,  # type: ignore[operator]
        highlight_label="hit",
        other_label="no damage",
    )


# ------------------------------------------------------------------ melee
#: The attacker's weapon: a real one (or bare hands), or an improvised one
#: with the modifier of the source's list (the GM picks −1 to −3 for clumsy ones).
#: (A dropdown reads the value ``None`` as "nothing selected": "real" stands for it.)
_IMPROVISED_ATTACK: list[tuple[str, Any]] = [
    ("real weapon or bare hands", "real"),
    ("improvised: pointed object, −2 (bottle, fork)", (ImprovisedWeapon.SHARP, -2)),
    ("improvised: long object swung, +0 (table leg)", (ImprovisedWeapon.LONG, 0)),
    ("improvised: big, awkward object, −1", (ImprovisedWeapon.CLUMSY, -1)),
    ("improvised: big, awkward object, −2", (ImprovisedWeapon.CLUMSY, -2)),
    ("improvised: big, awkward object, −3", (ImprovisedWeapon.CLUMSY, -3)),
]
#: Parrying with a chair held like a shield: its bonus (0: no chair).
_CHAIR = [("no", 0), ("a chair held like a shield, +1", 1), ("a chair, +2", 2)]


@register
class MeleeExchangeCalculator(UnisystemCalculator):
    """One close-combat attack against one defence: P(hit), levels, damage, a roll.

    A feint before the blow (*feinte*) and improvised weapons are options.

    Example:
        >>> calc = MeleeExchangeCalculator(defence=DefenceKind.NONE)
        >>> "70.00 % (7/10)" in calc.result.value  # D10 + 5 reaches 9 on a 4 or more
        True
        >>> calc.controls["defender_stance"].value = Stance.AGGRESSIVE
        >>> calc.error == ""
        True
        >>> calc = MeleeExchangeCalculator(feint=True)  # INT 3 + 2 against PER 2 + 2
        >>> "67.10 % (671/1000)" in calc.result.value
        True
    """

    title = "Close combat exchange (combat rapproché)"
    bench_changes = (
        ("defender_penalty", -2),
        ("defence", DefenceKind.PARRY),
        ("parry_with", CloseSkill.MARTIAL_ARTS),
        ("lighting", Lighting.DIM),
        ("attacker_stance", Stance.AGGRESSIVE),
        ("defender_stance", Stance.DEFENSIVE),
        ("damage_die", 10),
        ("feint", True),
        ("attack_weapon", (ImprovisedWeapon.CLUMSY, -2)),
        ("defence_chair", 2),
        ("lighting", Lighting.TOTAL_DARKNESS),
        ("defender_darkness_bonus", 2),
        ("averaged", True),
        ("core", CoreDie.TWO_D6),
        ("attack_skill", 0),
        ("untrained", UntrainedAttack.UNSKILLED_TASK),
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """Both fighters' traits and options; defaults: a wildling against Jimmy's third dodge."""
        skills = [(f"{s.label}", s) for s in CloseSkill]
        return {
            "attacker_dexterity": int_box("Attacker: Dexterity (Dextérité)", 3),
            "attack_kind": dropdown("Attacker: skill used", skills, CloseSkill.BRAWLING),
            "attack_skill": int_box("Attacker: skill level (0 = DEX test)", 2),
            "attack_weapon": dropdown("Attacker: weapon", _IMPROVISED_ATTACK, "real"),
            "attacker_stance": dropdown(
                "Attacker: stance",
                [
                    ("normal", Stance.NORMAL),
                    ("aggressive (attitude agressive, +2)", Stance.AGGRESSIVE),
                ],
                Stance.NORMAL,
            ),
            "attacker_penalty": dropdown("Attacker: multiple actions", _PENALTIES, 0),
            "attack_modifier": int_box("Attacker: other modifier (GM's call)", 0),
            "feint": checkbox("Feint first (feinte): INT + skill against PER + skill", False),
            "feint_intelligence": int_box("Feint: attacker's Intelligence", 3),
            "feint_skill": int_box("Feint: attacker's combat skill", 2),
            "feint_perception": int_box("Feint: defender's Perception", 2),
            "feint_defender_skill": int_box("Feint: defender's combat skill", 2),
            "defence": dropdown(
                "Defence (défense)", [(f"{d.label}", d) for d in DefenceKind], DefenceKind.DODGE
            ),
            "defender_dexterity": int_box("Defender: Dexterity", 4),
            "defence_skill": int_box("Defender: Dodge or parry skill (0 = DEX test)", 3),
            "parry_with": dropdown("Defender: parries with", skills, CloseSkill.MARTIAL_ARTS),
            "defence_chair": dropdown("Defender: parries with a chair", _CHAIR, 0),
            "defender_stance": dropdown(
                "Defender: stance",
                [
                    ("normal", Stance.NORMAL),
                    ("defensive (attitude défensive, +3)", Stance.DEFENSIVE),
                    ("aggressive (no defence)", Stance.AGGRESSIVE),
                ],
                Stance.NORMAL,
            ),
            "defender_penalty": dropdown("Defender: multiple actions", _PENALTIES, -4),
            "defence_modifier": int_box("Defender: other modifier", 0),
            "lighting": dropdown("Lighting (éclairage)", _lighting_options(), Lighting.NORMAL),
            "darkness_bonus": int_box("Total darkness: attacker's Perception levels", 0),
            "defender_darkness_bonus": int_box("Total darkness: defender's Perception levels", 0),
            "untrained": _untrained_dropdown("Attack"),
            "core": core_dropdown(),
            "damage_die": dropdown("Damage die", _DICE, 4),
            "multiplier": int_box("Damage multiplier (Strength / Force)", 2),
            "averaged": checkbox("Average damage instead of rolling", False),
        }

    @staticmethod
    def expression(values: Mapping[str, Any]) -> str:
        """The package call that :meth:`outcome` makes, as one line of Python."""
        weapon = values["attack_weapon"]
        improvised, pick = (None, None) if weapon == "real" else weapon
        kind = CloseSkill.HAND_WEAPON if improvised else values["attack_kind"]
        attack = py_args(
            values["attacker_dexterity"], values["attack_skill"], kind,
            values["attacker_stance"], values["attacker_penalty"], values["attack_modifier"],
            improvised=improvised, improvised_modifier=pick,
        )  # fmt: skip
        defence_kind = values["defence"]
        if values["defender_stance"] is Stance.AGGRESSIVE:
            defence_kind = DefenceKind.NONE
        # a chair counts only for a parry (otherwise "Not used" says so)
        chair = values["defence_chair"] if defence_kind is DefenceKind.PARRY else 0
        defence = py_args(
            defence_kind, values["defender_dexterity"], values["defence_skill"],
            values["parry_with"], values["defender_stance"], values["defender_penalty"],
            values["defence_modifier"], improvised=ImprovisedWeapon.CHAIR if chair else None,
            improvised_modifier=chair or None,
        )  # fmt: skip
        untrained = values["untrained"]
        options = py_args(
            values["lighting"],
            darkness_bonus=values["darkness_bonus"] or None,
            defender_darkness_bonus=values["defender_darkness_bonus"] or None,
            untrained=None if untrained is UntrainedAttack.DIFFICULT_TEST else untrained,
            core=core_kw(values),
        )
        both = f"unisystem.MeleeAttack({attack}), unisystem.MeleeDefence({defence})"
        if not values["feint"]:
            return f"unisystem.melee_exchange({both}, {options}).hit_chance"
        the_feint = py_args(
            values["feint_intelligence"], values["feint_skill"], values["feint_perception"],
            values["feint_defender_skill"], core=core_kw(values),
        )  # fmt: skip
        return (
            f"unisystem.feinted_exchange({both}, unisystem.feint({the_feint}), {options})"
            ".hit_chance"
        )

    @staticmethod
    def outcome(values: Mapping[str, Any]) -> Any:
        """The rules-layer exchange (a :class:`FeintedExchange` after a feint)."""
        weapon = values["attack_weapon"]
        improvised, pick = (None, None) if weapon == "real" else weapon
        with control_for(
            {
                "dexterity": "attacker_dexterity",
                "skill": "attack_skill",
                "stance": "attacker_stance",
                "modifier": "attack_modifier",
                "penalty": "attacker_penalty",
                "improvised": "attack_weapon",
                "improvised_modifier": "attack_weapon",
            }
        ):
            attack = MeleeAttack(
                values["attacker_dexterity"],
                values["attack_skill"],
                # an improvised weapon is always wielded with the Hand weapon skill
                CloseSkill.HAND_WEAPON if improvised else values["attack_kind"],
                values["attacker_stance"],
                values["attacker_penalty"],
                values["attack_modifier"],
                improvised=improvised,
                improvised_modifier=pick,
            )
        defence_kind = values["defence"]
        if values["defender_stance"] is Stance.AGGRESSIVE:
            defence_kind = DefenceKind.NONE
        # a chair counts only for a parry (otherwise "Not used" says so)
        chair = values["defence_chair"] if defence_kind is DefenceKind.PARRY else 0
        with control_for(
            {
                "dexterity": "defender_dexterity",
                "skill": "defence_skill",
                "stance": "defender_stance",
                "modifier": "defence_modifier",
                "penalty": "defender_penalty",
                "improvised": "defence_chair",
            }
        ):
            defence = MeleeDefence(
                defence_kind,
                values["defender_dexterity"],
                values["defence_skill"],
                values["parry_with"],
                values["defender_stance"],
                values["defender_penalty"],
                values["defence_modifier"],
                improvised=ImprovisedWeapon.CHAIR if chair else None,
                improvised_modifier=chair or None,
            )
        lighting = values["lighting"]
        options = {
            "darkness_bonus": values["darkness_bonus"],
            "defender_darkness_bonus": values["defender_darkness_bonus"],
            "untrained": values["untrained"],
            "core": values["core"],
        }
        fields = {name: name for name in options}
        fields.update({"skill": "defence_skill", "parry_with": "parry_with"})
        if not values["feint"]:
            with control_for(fields):
                return melee_exchange(attack, defence, lighting, **options)
        with control_for(
            {
                "intelligence": "feint_intelligence",
                "attacker_skill": "feint_skill",
                "perception": "feint_perception",
                "defender_skill": "feint_defender_skill",
            }
        ):
            the_feint = feint(
                values["feint_intelligence"],
                values["feint_skill"],
                values["feint_perception"],
                values["feint_defender_skill"],
                core=values["core"],
            )
        with control_for(fields):
            return feinted_exchange(attack, defence, the_feint, lighting, **options)

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """P(hit), expected levels, the damage distribution and its chart."""
        out = self.outcome(values)
        with control_for({"multiplier": "multiplier", "sides": "damage_die"}):
            damage = out.damage_distribution(
                values["damage_die"], values["multiplier"], values["averaged"]
            )
        levels = out.level_distribution()
        rows: list[tuple[str, str]] = []
        if values["attack_weapon"] != "real":
            rows.append(
                ("Attack skill", "Hand weapon (arme blanche), as for any improvised weapon")
            )
        rows.append(("Attack bonus", _parts(out.attack)))
        if out.defence is None:
            rows.append(("Defence", "none: the attack only needs a total of 9"))
        else:
            rows.append(("Defence bonus", _parts(out.defence)))
        if isinstance(out, FeintedExchange):
            plain = out.branches[0][2] if out.branches[0][0] == 0 else None
            rows += [
                ("Feint: INT + skill against PER + skill", _feint_bonuses(out)),
                ("P(feint wins the contest)", probability(out.feint.win_chance)),
                (
                    "P(hit) without the feint",
                    "—" if plain is None else probability(plain.hit_chance),
                ),
            ]
        rows += [
            ("P(hit)" + (" after the feint" if isinstance(out, FeintedExchange) else ""),
             probability(out.hit_chance)),
            ("P(no damage)", probability(1 - out.hit_chance)),
            ("Expected success levels of the blow", number(out.expected_levels())),
            ("Expected damage", number(damage.mean())),
        ]  # fmt: skip
        rows += [(f"hit with {lv} success level(s)", probability(p)) for lv, p in levels.items()
                 if lv and p]  # fmt: skip
        rows += self.ignored(values)
        chart = _damage_chart(damage.pmf(), "Damage of the exchange")
        self._call = PythonCall("unisystem", self.expression(values), out.hit_chance)
        return table_html(["", "exact answer"], rows), chart

    def ignored(self, values: Mapping[str, Any]) -> list[tuple[str, str]]:
        """A row for every control set to something that does not count in this situation."""
        label = {name: self.controls[name].description for name in self.controls}
        rows = []
        dark = values["lighting"] is Lighting.TOTAL_DARKNESS
        if not dark:
            for name in ("darkness_bonus", "defender_darkness_bonus"):
                if values[name]:
                    rows.append(_ignored(label[name], "counts only in total darkness"))
        else:
            rows.append(
                _ignored(
                    "Dexterity, skills, stances, multiple actions and modifiers",
                    "total darkness: both roll the plain die, plus their Perception levels",
                )
            )
        untrained = values["untrained"] is not UntrainedAttack.DIFFICULT_TEST
        if untrained and (values["attack_skill"] or values["attack_weapon"] != "real" or dark):
            rows.append(
                _ignored(
                    label["untrained"],
                    "the attacker has the skill, wields an improvised weapon (always a "
                    "difficult DEX test) or fights in total darkness",
                )
            )
        parries = values["defence"] is DefenceKind.PARRY
        if values["defence_chair"] and (
            not parries or values["defender_stance"] is Stance.AGGRESSIVE
        ):
            rows.append(_ignored(label["defence_chair"], "the defender does not parry"))
        return rows

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Feint (if any), attack roll, defence roll, damage die."""
        return _rolled(self.outcome(values), values, rng)


def _feint_bonuses(out: FeintedExchange) -> str:
    """``+0: 51.00 %, +1: …``: the exact chance of each bonus the feint gives the blow."""
    return ", ".join(f"+{bonus}: {probability(p)}" for bonus, p, _ in out.branches)


# ------------------------------------------------------------------ ranged
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

    title = "Ranged attack (combat à distance)"
    bench_changes = (
        ("range_band", RangeBand.LONG),
        ("aim", True),
        ("scope", 3),
        ("mode", FiringMode.SEMI_AUTO),
        ("count", 4),
        ("defence", RangedDefence.DIVE_FOR_COVER),
        ("mode", FiringMode.FULL_AUTO),
        ("count", 30),
        ("under_fire", True),
        ("lighting", Lighting.POOR),
        ("averaged", True),
        ("core", CoreDie.TWO_D6),
        ("skill", 0),
        ("untrained", UntrainedAttack.UNSKILLED_TASK),
        ("mode", _SUPPRESSIVE),
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """Shooter, range, light, aim, firing mode, target, damage."""
        return {
            "dexterity": int_box("Shooter: Dexterity (Dextérité)", 3),
            "skill": int_box("Shooter: ranged skill (0 = difficult DEX test)", 3),
            "range_band": dropdown(
                "Range (portée)",
                [
                    (
                        f"{b.label} ({_signed(b.modifier)}, multiplier {_signed(b.multiplier_shift)})",
                        b,
                    )
                    for b in RangeBand
                ],
                RangeBand.SHORT,
            ),
            "lighting": dropdown("Lighting (éclairage)", _lighting_options(), Lighting.NORMAL),
            "darkness_bonus": int_box("Total darkness: shooter's Perception levels", 0),
            "ammo": dropdown(
                "Shotgun ammunition",
                [(f"{a.label} ({_signed(a.bonus)})", a) for a in ShotgunAmmo],
                ShotgunAmmo.NONE,
            ),
            "modifier": int_box("Other modifier", 0),
            "mode": dropdown(
                "Firing mode",
                [(m.label, m) for m in FiringMode] + [(_SUPPRESSIVE_LABEL, _SUPPRESSIVE)],
                FiringMode.BURST,
            ),
            "count": int_box("Shots / bursts / rounds (full auto)", 1),
            "burst_size": int_box("Rounds per burst (3–5)", 3),
            "heavy_recoil": checkbox("Heavy recoil (−2 per further shot)", False),
            "cumulative_group_penalty": checkbox("Full auto: cumulative −4 (book option)", False),
            "aim": checkbox("Aim first (viser): PER + skill, +1 per level", False),
            "aim_perception": int_box("Aim: Perception", 3),
            "aim_skill": int_box("Aim: skill", 3),
            "scope": int_box("Telescopic sight (lunette): 0 or +2 to +5", 0),
            "defence": dropdown(
                "Target", [(d.label, d) for d in RangedDefence], RangedDefence.STAND_STILL
            ),
            "defender_dexterity": int_box("Target: Dexterity", 3),
            "defender_dodge": int_box("Target: Dodge (0 = difficult DEX test)", 2),
            "defender_darkness_bonus": int_box(
                "Total darkness: diving target's Perception levels", 0
            ),
            "under_fire": checkbox("Shooter under fire: keep one's cool", False),
            "willpower": int_box("Shooter: Willpower (Volonté)", 3),
            "damage_die": dropdown("Damage die", _DICE, 6),
            "multiplier": int_box("Damage multiplier (before range)", 3),
            "averaged": checkbox("Average damage instead of rolling", False),
            "untrained": _untrained_dropdown("Shot"),
            "core": core_dropdown(),
        }

    @staticmethod
    def expression(values: Mapping[str, Any]) -> str:
        """The package call that :meth:`outcome` makes, as one line of Python."""
        volley = py_args(
            values["mode"], values["count"], values["burst_size"], values["heavy_recoil"],
            values["cumulative_group_penalty"],
        )  # fmt: skip
        aim = None
        if values["aim"]:
            aim = f"unisystem.Aim({py_args(values['aim_perception'], values['aim_skill'], values['scope'])})"
        untrained = values["untrained"]
        dive = values["defence"] is RangedDefence.DIVE_FOR_COVER
        args = py_args(
            values["dexterity"],
            values["skill"],
            range_band=values["range_band"],
            lighting=values["lighting"],
            ammo=values["ammo"],
            modifier=values["modifier"] or None,
            darkness_bonus=values["darkness_bonus"] or None,
            defence=values["defence"],
            defender_dexterity=values["defender_dexterity"] if dive else None,
            defender_dodge=values["defender_dodge"] if dive else None,
            defender_darkness_bonus=values["defender_darkness_bonus"] or None,
            keep_cool_willpower=values["willpower"] if values["under_fire"] else None,
            untrained=None if untrained is UntrainedAttack.DIFFICULT_TEST else untrained,
            core=core_kw(values),
        )
        aim_arg = f", aim={aim}" if aim else ""
        return (
            f"unisystem.ranged_attack({args}, volley=unisystem.Volley({volley}){aim_arg})"
            ".hit_chance"
        )

    @staticmethod
    def outcome(values: Mapping[str, Any]) -> Any:
        """The rules-layer attack for these control values."""
        volley = Volley(
            values["mode"],
            values["count"],
            values["burst_size"],
            values["heavy_recoil"],
            values["cumulative_group_penalty"],
        )
        aim = None
        if values["aim"]:
            with control_for({"perception": "aim_perception", "aim_skill": "aim_skill"}):
                aim = Aim(values["aim_perception"], values["aim_skill"], values["scope"])
        with control_for({"willpower": "willpower"}):
            return ranged_attack(
                values["dexterity"],
                values["skill"],
                volley=volley,
                range_band=values["range_band"],
                lighting=values["lighting"],
                ammo=values["ammo"],
                aim=aim,
                modifier=values["modifier"],
                darkness_bonus=values["darkness_bonus"],
                defence=values["defence"],
                defender_dexterity=values["defender_dexterity"],
                defender_dodge=values["defender_dodge"],
                defender_darkness_bonus=values["defender_darkness_bonus"],
                keep_cool_willpower=values["willpower"] if values["under_fire"] else None,
                untrained=values["untrained"],
                core=values["core"],
            )

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """Distribution of bullets in and of total damage."""
        if values["mode"] == _SUPPRESSIVE:
            return self._suppressive(values)
        out = self.outcome(values)
        with control_for({"sides": "damage_die"}):
            mult = effective_multiplier(values["multiplier"], out.range_band)
            damage = out.damage(values["damage_die"], values["multiplier"], values["averaged"])
        rows: list[tuple[str, str]] = []
        for i, (check, cap) in enumerate(zip(out.attacks, out.caps), 1):
            what = "1 bullet" if cap == 1 else f"up to {cap} bullets"
            rows.append((f"Roll {i} ({what})", _parts(check)))
        if out.aim is not None:
            rows.append(("Aim (its levels add to every roll)", _parts(out.aim)))
        if out.dive is not None:
            rows.append(("Target dives for cover", _parts(out.dive)))
        if out.cool is not None:
            rows.append(("P(shooter keeps cool)", probability(out.cool.success_chance())))
        rows += [
            ("Rounds fired", str(out.volley.rounds_fired)),
            ("P(at least one hit)", probability(out.hit_chance)),
            ("Expected hits", number(out.expected_hits)),
            ("Damage per bullet", f"D{values['damage_die']} × {mult} (range applied)"),
            ("Expected damage", number(damage.mean())),
        ]
        rows += [(f"{k} hit(s)", probability(p)) for k, p in out.hits.pmf().items() if p]
        rows += self.ignored(values)
        self._call = PythonCall("unisystem", self.expression(values), out.hit_chance)
        hits_chart = bar_chart(
            out.hits.pmf(),
            title="Bullets in",
            x_title="hits",
            highlight=lambda k: k > 0,  # type: ignore[operator]
            highlight_label="hit",
            other_label="miss",
        )
        chart = hits_chart + _damage_chart(damage.pmf(), "Total damage")
        return table_html(["", "exact answer"], rows), chart

    def ignored(self, values: Mapping[str, Any]) -> list[tuple[str, str]]:
        """A row for every control set to something that does not count in this situation."""
        label = {name: self.controls[name].description for name in self.controls}
        rows = []
        dark = values["lighting"] is Lighting.TOTAL_DARKNESS
        if dark:
            if values["aim"]:
                rows.append(_ignored(label["aim"], "no aiming in total darkness: plain die"))
            rows.append(
                _ignored(
                    "Dexterity, skill, range, ammunition, volley and other modifiers",
                    "total darkness: every roll is the plain die, plus Perception levels",
                )
            )
        else:
            for name in ("darkness_bonus", "defender_darkness_bonus"):
                if values[name]:
                    rows.append(_ignored(label[name], "counts only in total darkness"))
        if (
            values["defence"] is not RangedDefence.DIVE_FOR_COVER
            and values["defender_darkness_bonus"]
            and dark
        ):
            rows.append(_ignored(label["defender_darkness_bonus"], "the target does not dive"))
        untrained = values["untrained"] is not UntrainedAttack.DIFFICULT_TEST
        if untrained and (values["skill"] or dark):
            rows.append(
                _ignored(label["untrained"], "the shooter has the skill, or it is totally dark")
            )
        if values["mode"] is not FiringMode.BURST and values["mode"] != _SUPPRESSIVE:
            if values["burst_size"] != 3:
                rows.append(_ignored(label["burst_size"], "only for burst fire"))
        if values["mode"] is not FiringMode.SEMI_AUTO and values["heavy_recoil"]:
            rows.append(_ignored(label["heavy_recoil"], "only for semi-automatic fire"))
        if values["mode"] is not FiringMode.FULL_AUTO and values["cumulative_group_penalty"]:
            rows.append(_ignored(label["cumulative_group_penalty"], "only for full automatic fire"))
        return rows

    def _suppressive(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """Suppressive fire: anyone in the zone takes D4 bullets (2 when averaged)."""
        band = values["range_band"]
        with control_for({"sides": "damage_die"}):
            mult = effective_multiplier(values["multiplier"], band)
            hits = suppressive_fire_hits(values["averaged"])
            damage = hits_damage(hits, values["damage_die"], mult, values["averaged"])
        rows: list[tuple[str, str]] = [
            ("Suppressive fire", "no roll: anyone in the zone is hit"),
            ("Bullets in", "2 (average)" if values["averaged"] else "D4"),
            ("Damage per bullet", f"D{values['damage_die']} × {mult} (range applied)"),
            ("Expected damage", number(damage.mean())),
        ]
        rows += [(f"{k} hit(s)", probability(p)) for k, p in hits.pmf().items()]
        rows.append(
            _ignored(
                "the shooter's, target's and aiming controls",
                "suppressive fire makes no roll: only range, damage die and multiplier count",
            )
        )
        averaged = values["averaged"]
        self._call = PythonCall(
            "unisystem",
            f"unisystem.hits_damage(unisystem.suppressive_fire_hits({averaged!r}), "
            f"{values['damage_die']!r}, {mult!r}, {averaged!r}).mean()",
            damage.mean(),
        )
        chart = _damage_chart(damage.pmf(), "Damage to someone in the zone")
        return table_html(["", "exact answer"], rows), chart

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Cool, aim, dive, every roll of the volley, damage dice."""
        if values["mode"] == _SUPPRESSIVE:
            mult = effective_multiplier(values["multiplier"], values["range_band"])
            sides = values["damage_die"]
            if values["averaged"]:
                hits, faces = 2, [sides // 2] * 2
                shown = "2 bullets (average)"
            else:
                hits = rng.randint(1, 4)
                faces = [rng.randint(1, sides) for _ in range(hits)]
                shown = f"D4 [{hits}] bullets"
            return escape(
                f"suppressive fire: {shown}; damage {faces} × {mult} = {sum(faces) * mult}"
            )  # every number here is positive
        return _rolled(self.outcome(values), values, rng)


# ------------------------------------------------------------------ initiative
_EDGE_WORDS = {
    "": InitiativeEdge.NONE,
    "none": InitiativeEdge.NONE,
    "ranged": InitiativeEdge.RANGED,
    "magic": InitiativeEdge.MAGIC,
    "psychic": InitiativeEdge.MAGIC,
    "ambush": InitiativeEdge.AMBUSH,
    "sniper": InitiativeEdge.AMBUSH,
}


def parse_combatants(text: str) -> tuple[Combatant, ...]:
    r"""Read ``name, Dexterity[, side][, edge][, bonus]`` lines.

    The edge is ``ranged``, ``magic`` or ``ambush``; the bonus a signed
    number (``+2``) from a quality or power. Numbers use the digits 0 to 9.

    Example:
        >>> [c.name for c in parse_combatants("Jimmy, 4\nWildling, 3, NPC, ambush")]
        ['Jimmy', 'Wildling']
        >>> parse_combatants("Seer, 2, PCs, +3")[0].bonus
        3
    """
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > MAX_COMBATANTS:  # refused before any line is read
        raise RuleValueError(
            f"initiative needs 1 to {MAX_COMBATANTS} combatants, got {len(lines)} lines",
            field="combatants",
        )
    out = []
    for number_, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        shown = quoted_line(line)
        refuse_other_digits(number_, line, "combatants")
        parts = [p.strip() for p in line.split(",")]
        if len(parts) < 2 or not SIGNED_NUMBER.fullmatch(parts[1]):
            raise RuleValueError(
                f"line {number_} {shown!r}: expected 'name, Dexterity[, side][, edge][, bonus]'",
                field="combatants",
            )
        if len(parts) > 5:
            raise RuleValueError(
                f"line {number_} {shown!r}: at most five fields (name, Dexterity, side, "
                f"edge, bonus), got {len(parts)}",
                field="combatants",
            )
        side = parts[2] if len(parts) > 2 and parts[2] else "PCs"
        edge, bonus = None, None
        for extra in parts[3:]:
            if SIGNED_NUMBER.fullmatch(extra):
                if bonus is not None:
                    raise RuleValueError(
                        f"line {number_} {shown!r}: one initiative bonus a line, got "
                        f"{bonus!r} and {extra!r}",
                        field="combatants",
                    )
                bonus = extra
            elif extra.lower() in _EDGE_WORDS:
                if edge is not None:
                    raise RuleValueError(
                        f"line {number_} {shown!r}: one edge a line, got {edge!r} and {extra!r}",
                        field="combatants",
                    )
                edge = extra
            else:
                raise RuleValueError(
                    f"line {number_} {shown!r}: after the side comes an edge (ranged, magic "
                    f"or ambush) or a bonus such as +2, got {extra!r}",
                    field="combatants",
                )
        try:
            out.append(
                Combatant(
                    parts[0],
                    signed_int(parts[1]),
                    side,
                    _EDGE_WORDS[(edge or "").lower()],
                    signed_int(bonus) if bonus else 0,
                )
            )
        except RuleValueError as err:
            raise RuleValueError(f"line {number_} {shown!r}: {err}", field="combatants") from None
    if not out:
        raise RuleValueError("no combatant: write one a line", field="combatants")
    return tuple(out)


@register
class InitiativeCalculator(UnisystemCalculator):
    r"""Initiative order: exact chance that each combatant acts first, and a seeded roll.

    Example:
        >>> calc = InitiativeCalculator(combatants="A, 3\nB, 3, NPC")
        >>> "50.00 % (1/2)" in calc.result.value
        True
    """

    title = "Initiative order"
    bench_changes = (
        ("group", True),
        ("combatants", "Jimmy, 4\nAnn, 2, PCs, +2\nWildling 1, 3, NPC\nWildling 2, 5, NPC"),
        ("group", False),
        ("combatants", "Jimmy, 4\nSniper, 2, NPC, ambush\nWitch, 3, PCs, magic, +1"),
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """The combatants (one a line) and the group option."""
        return {
            "combatants": text_box(
                "Combatants: name, DEX, side, edge, bonus",
                "Jimmy, 4, PCs\nWildling 1, 3, NPC\nWildling 2, 3, NPC\nWildling 3, 3, NPC",
                rows=6,
                placeholder="name, Dexterity[, side][, ranged|magic|ambush][, +bonus]",
                width="34em",
            ),
            "group": checkbox("Group initiative: one roll per side (best DEX + bonus)", False),
        }

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """Table of P(acts first), each side's total, and the chart."""
        fighters = parse_combatants(values["combatants"])
        group = values["group"]
        with control_for("combatants"):
            chances = first_to_act(fighters, group=group)
            sides = side_first_chances(fighters, group=group)
        rows = [
            (c.name, c.side, c.dexterity, number_text(c.bonus) if c.bonus < 0 else f"+{c.bonus}",
             c.edge.label if c.edge.rank else "—", probability(chances[c.name]),
             probability(sides[c.side]))
            for c in fighters
        ]  # fmt: skip
        chart = bar_chart(
            {c.name: chances[c.name] for c in fighters},
            title="Who acts in the first group" if group else "Who acts first",
            x_title="combatant",
        )
        first = "P(acts in the first group)" if group else "P(acts first)"
        head = ["combatant", "side", "DEX", "bonus", "edge", first, "side's total"]
        listed = ", ".join(
            f"unisystem.Combatant({py_args(c.name, c.dexterity, c.side, c.edge, c.bonus)})"
            for c in fighters
        )
        self._call = PythonCall(
            "unisystem", f"unisystem.first_to_act([{listed}], group={group!r})", chances
        )
        note = (
            "<p>Group initiative: the whole side acts together, so every member's chance "
            "is the side's.</p>"
            if group
            else ""
        )
        return note + table_html(head, rows), chart

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """One rolled order, every die shown."""
        fighters = parse_combatants(values["combatants"])
        order = initiative_order(fighters, rng, group=values["group"])
        return (
            "<ol>"
            + "".join(f"<li>{escape(with_minus(str(e)))}</li>" for e in order.entries)
            + "</ol>"
        )


# ------------------------------------------------------------------ planner
@register
class ActionPlannerCalculator(UnisystemCalculator):
    """Multiple actions: each action's penalty and exact chance of reaching 9.

    Example:
        >>> calc = ActionPlannerCalculator()  # Jimmy: punch, then three dodges
        >>> "−4" in calc.result.value and "50.00 % (1/2)" in calc.result.value
        True
    """

    title = "Multiple-action planner (actions multiples)"
    bench_changes = (
        ("actions", "attack 4+4 punch\nattack 4+4 kick\ndefence 4+3 dodge\nattack 4+4 punch"),
        ("max_attacks", True),
        ("close_combat", False),
        ("actions", "other 3+2 reload\nattack 3+3 shoot\nattack 3+3 shoot"),
        ("constitution", 4),
        ("constitution_cap", True),
        ("stance", Stance.AGGRESSIVE),
        ("massive", True),
        ("actions", "attack 4+4 (+1) punch\nattack 4+4 kick\nother 3 shout"),
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """The plan and the source's optional caps."""
        return {
            "actions": text_box(
                "Actions: kind attribute+skill (modifier) label",
                "attack 4+4 punch\ndefence 4+3 dodge\ndefence 4+3 dodge\ndefence 4+3 dodge",
                rows=6,
                placeholder="attack 4+4 (+1) punch",
                width="34em",
            ),
            "close_combat": checkbox("Close combat (one attack and one defence free)", True),
            "stance": dropdown(
                "Stance (attitude)",
                [
                    ("normal", Stance.NORMAL),
                    ("aggressive: +2 to every attack, no defence", Stance.AGGRESSIVE),
                    ("defensive: +3 to every defence, no attack", Stance.DEFENSIVE),
                ],
                Stance.NORMAL,
            ),
            "massive": checkbox("Option: massive creature (attacks without penalty or cap)", False),
            "max_attacks": checkbox("Option: at most 3 attacks a round", False),
            "dexterity_cap": checkbox("Option: at most DEX/2 attacks", False),
            "dexterity": int_box("Dexterity (for the DEX/2 option)", 4),
            "constitution_cap": checkbox("Option: no attack beyond a penalty of CON", False),
            "constitution": int_box("Constitution (for the CON option)", 3),
        }

    @staticmethod
    def steps(values: Mapping[str, Any]) -> Any:
        """The planned steps for these control values."""
        with control_for({"dexterity": "dexterity", "constitution": "constitution"}):
            limits = ActionLimits(
                3 if values["max_attacks"] else None,
                values["dexterity"] if values["dexterity_cap"] else None,
                values["constitution"] if values["constitution_cap"] else None,
            )
        return plan_actions(
            parse_plan(values["actions"]),
            close_combat=values["close_combat"],
            limits=limits,
            stance=values["stance"],
            massive=values["massive"],
        )

    @staticmethod
    def expression(values: Mapping[str, Any]) -> str:
        """The package call that :meth:`steps` makes, as one line of Python."""
        limits = py_args(
            3 if values["max_attacks"] else None,
            values["dexterity"] if values["dexterity_cap"] else None,
            values["constitution"] if values["constitution_cap"] else None,
        )
        options = py_args(
            close_combat=values["close_combat"],
            stance=values["stance"],
            massive=values["massive"],
        )
        return (
            f"[s.chance for s in unisystem.plan_actions(unisystem.parse_plan("
            f"{values['actions']!r}), limits=unisystem.ActionLimits({limits}), {options})]"
        )

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """One row per action: penalty, bonus, P(total ≥ 9)."""
        steps = self.steps(values)
        rows = [
            (
                s.number,
                s.action.label or s.action.kind.label,
                s.action.kind.label,
                "free" if s.free else "extra",
                _signed(s.penalty) if s.penalty else "0",
                _signed(s.action.modifier) if s.action.modifier else "0",
                _parts(s.check),
                probability(s.chance),
            )
            for s in steps
        ]
        chart = bar_chart(
            {f"{s.number}. {s.action.label or s.action.kind.label}": s.chance for s in steps},
            title="Chance of each action (total ≥ 9)",
            x_title="action",
        )
        head = ["#", "action", "kind", "free/extra", "penalty", "modifier", "bonus", "P(total ≥ 9)"]
        self._call = PythonCall("unisystem", self.expression(values), [s.chance for s in steps])
        return table_html(head, rows), chart

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Roll every action once, in order."""
        steps = self.steps(values)
        items = "".join(
            f"<li>{escape(s.action.label or s.action.kind.label)}: "
            f"{escape(with_minus(str(s.check.roll(rng))))}</li>"
            for s in steps
        )
        return f"<ol>{items}</ol>"
