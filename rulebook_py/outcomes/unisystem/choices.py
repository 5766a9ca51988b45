"""What the Unisystem calculators offer to choose from: each choice's words and value.

Every list is ``(label, value)`` pairs in the order a calculator shows them,
the label a message of the ``unisystem`` domain (or the die's notation), the
value what the outcome's parameter takes. The game's content sits here (the
multiple-action penalties, the improvised weapons of the source's list and
their modifiers, a chair's parry bonus, each range band's and lighting's
modifiers), so a calculator only lays the lists out.

Example:
    >>> [value for _, value in PENALTIES]
    [0, -2, -4, -6, -8, -10]
    >>> IMPROVISED[1][1]
    (unisystem.ImprovisedWeapon.SHARP, -2)
"""

from __future__ import annotations

from typing import Any

from ...systems.unisystem.combat import (
    CloseSkill,
    DefenseKind,
    ImprovisedWeapon,
    Lighting,
    RangeBand,
    Stance,
    UntrainedAttack,
)
from ...systems.unisystem.core import CheckKind, ContestType, CoreDie, signed_text
from ...systems.unisystem.ranged_combat import FiringMode, RangedDefense, ShotgunAmmo
from ...systems.unisystem.whole_fight import BEST_DEFENSE, WoundRule
from ...systems.unisystem.words import M
from .combat import SUPPRESSIVE

__all__ = [
    "AMMO",
    "ATTACKER_STANCES",
    "CHAIRS",
    "CHECK_KINDS",
    "CLOSE_SKILLS",
    "CONTESTS",
    "CORE_DICE",
    "DAMAGE_DICE",
    "DEFENDER_STANCES",
    "DEFENSES",
    "FIGHT_DEFENSES",
    "FIGHT_SKILLS",
    "FIRING_MODES",
    "HEAD_START_CHOICES",
    "IMPROVISED",
    "LIGHTS",
    "PENALTIES",
    "PLANNER_STANCES",
    "RANGE_BANDS",
    "TARGETS",
    "UNTRAINED",
    "WOUND_RULES",
]

#: A list of choices: ``(label, value)`` in the order shown.
Choices = tuple[tuple[str, Any], ...]

#: The core die: the D10, or 2D6 − 2 (the basics' substitute for any roll).
CORE_DICE: Choices = (("D10", CoreDie.D10), (M("2D6 − 2 (0 counts as 1)"), CoreDie.TWO_D6))
CHECK_KINDS: Choices = (
    (M("task (Épreuve)"), CheckKind.TASK),
    (M("simple test (Test simple)"), CheckKind.SIMPLE_TEST),
    (M("difficult test (Test difficile)"), CheckKind.DIFFICULT_TEST),
    (M("unskilled task (Épreuve sans compétence)"), CheckKind.UNSKILLED),
)
CONTESTS: Choices = (
    (M("generic contest (Test / épreuve en résistance)"), ContestType.GENERIC),
    (M("arm wrestling (Bras de fer)"), ContestType.ARM_WRESTLING),
    (M("foot chase (Poursuite à pied)"), ContestType.FOOT_CHASE),
    (M("sneaking (Se faufiler)"), ContestType.SNEAKING),
)
#: Who started a foot chase first.
HEAD_START_CHOICES: Choices = ((M("nobody"), "nobody"), ("A", "a"), ("B", "b"))
#: The multiple-action penalty of the action: −2 for each action after the free one.
PENALTIES: Choices = (
    (M("free (0)"), 0),
    (M("2nd action (−2)"), -2),
    (M("3rd (−4)"), -4),
    (M("4th (−6)"), -6),
    (M("5th (−8)"), -8),
    (M("6th (−10)"), -10),
)
DAMAGE_DICE: Choices = (("D4", 4), ("D6", 6), ("D8", 8), ("D10", 10))
LIGHTS: Choices = tuple(
    (
        M(
            "{label} ({effect})",
            label=x.label,
            effect=M("plain D10") if x.modifier is None else signed_text(x.modifier),
        ),
        x,
    )
    for x in Lighting
)
#: The attacker's weapon: a real one (or bare hands), or an improvised one with
#: the modifier of the source's list ("real" stands for None, which a dropdown
#: would read as "nothing selected").
IMPROVISED: Choices = (
    (M("real weapon or bare hands"), "real"),
    (M("improvised: pointed object, −2 (bottle, fork)"), (ImprovisedWeapon.SHARP, -2)),
    (M("improvised: long object swung, +0 (table leg)"), (ImprovisedWeapon.LONG, 0)),
    (M("improvised: big, awkward object, −1"), (ImprovisedWeapon.CLUMSY, -1)),
    (M("improvised: big, awkward object, −2"), (ImprovisedWeapon.CLUMSY, -2)),
    (M("improvised: big, awkward object, −3"), (ImprovisedWeapon.CLUMSY, -3)),
)
#: A chair parried with, and its bonus.
CHAIRS: Choices = (
    (M("no"), 0),
    (M("a chair held like a shield, +1"), 1),
    (M("a chair, +2"), 2),
)
UNTRAINED: Choices = tuple((u.english, u) for u in UntrainedAttack)
CLOSE_SKILLS: Choices = tuple((s.label, s) for s in CloseSkill)
DEFENSES: Choices = tuple((d.label, d) for d in DefenseKind)
_NORMAL = (M("normal"), Stance.NORMAL)
ATTACKER_STANCES: Choices = (_NORMAL, (M("aggressive (attitude agressive, +2)"), Stance.AGGRESSIVE))
DEFENDER_STANCES: Choices = (
    _NORMAL,
    (M("defensive (attitude défensive, +3)"), Stance.DEFENSIVE),
    (M("aggressive (no defense)"), Stance.AGGRESSIVE),
)
PLANNER_STANCES: Choices = (
    _NORMAL,
    (M("aggressive: +2 to every attack, no defense"), Stance.AGGRESSIVE),
    (M("defensive: +3 to every defense, no attack"), Stance.DEFENSIVE),
)
RANGE_BANDS: Choices = tuple(
    (
        M(
            "{label} ({modifier}, multiplier {shift})",
            label=b.label,
            modifier=signed_text(b.modifier),
            shift=signed_text(b.multiplier_shift),
        ),
        b,
    )
    for b in RangeBand
)
FIRING_MODES: Choices = (
    *((m.label, m) for m in FiringMode),
    (M("Tir de suppression (no roll: D4 bullets)"), SUPPRESSIVE),
)
AMMO: Choices = tuple(
    (M("{label} ({bonus})", label=a.label, bonus=signed_text(a.bonus)), a) for a in ShotgunAmmo
)
TARGETS: Choices = tuple((d.label, d) for d in RangedDefense)
FIGHT_SKILLS: Choices = (
    (M("Bagarre (brawling)"), CloseSkill.BRAWLING),
    (M("Arts martiaux (martial arts)"), CloseSkill.MARTIAL_ARTS),
    (M("Arme blanche (hand weapon)"), CloseSkill.HAND_WEAPON),
)
FIGHT_DEFENSES: Choices = (
    (M("the better of parry and dodge"), BEST_DEFENSE),
    (M("dodge (esquiver): DEX + Dodge"), DefenseKind.DODGE),
    (M("parry (parer): DEX + the close-combat skill"), DefenseKind.PARRY),
    (M("none"), DefenseKind.NONE),
)
WOUND_RULES: Choices = tuple((w.english, w) for w in WoundRule)
