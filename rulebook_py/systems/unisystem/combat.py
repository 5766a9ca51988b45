"""Unisystem combat (*Sorcellerie*): the round, the tables, close combat, feints.

Combat reuses the basic rule of :mod:`rulebook_py.systems.unisystem.core`: every
attack and defense is a check (D10 + traits + modifiers, 9 or more succeeds)
and an attack against a defense is a contest. This module adds what only
combat needs:

* the six steps of a round (:data:`ROUND_STEPS`);
* the modifier tables of the source, exact: :class:`RangeBand` and
  :class:`Lighting` (:func:`scope_bonus` for telescopic sights);
* close combat: :class:`MeleeAttack` against a :class:`MeleeDefense`
  (parry, dodge or none), stances, improvised weapons, the feint;
* keeping one's cool under fire (:func:`keep_cool`).

Choices where the source is silent (each a named parameter):

* ``attack_must_succeed=True``: an attack must also reach 9 to hit, even when
  it beats the defense (the published game's rule);
* ``lighting_on_defense=True``: the lighting modifier applies to every
  combat roll made in that light, the defender's included;
* in total darkness the roll is a plain D10 with no modifier at all, plus the
  success levels of an earlier difficult Perception test (``darkness_bonus``);
* Brawling may parry an unarmed attack; the source only says that it cannot
  parry a weapon. Martial Arts at level 0 is no skill: it cannot parry a
  weapon bare-handed (nor can anyone without a close-combat skill);
* an attack or a shot without the skill is a difficult DEX test, as the
  combat source rules for a dodge and for an improvised weapon without the
  skill (``untrained=UntrainedAttack.DIFFICULT_TEST``); the basics' unskilled
  task (DEX − 2, at most two success levels) is the named option
  :attr:`UntrainedAttack.UNSKILLED_TASK`. Dodges, parries and improvised
  weapons stay difficult tests, where the combat source names the test;
* the total-darkness Perception bonus is the attacker's (``darkness_bonus``)
  and, likewise, the defender's (``MeleeDefense.darkness_bonus``);
* every combat roll may use the 2D6 − 2 core die instead of the D10
  (``core``), as the basics allow for any roll.

Example:
    >>> jimmy = MeleeDefense(DefenseKind.DODGE, dexterity=4, skill=3, penalty=-4)
    >>> wild = MeleeAttack(dexterity=3, skill=2)
    >>> melee_exchange(wild, jimmy).hit_chance
    Fraction(11, 20)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from ...distribution import Distribution
from ...errors import RuleValueError, check_enum, check_int, check_type, quote
from ...labels import LabelledEnum
from ...messages import Msg, join
from .arguments import (
    check_bool,
    check_distribution,
    check_fields,
    check_record,
    check_rng,
    exact_chance,
    parse_enum,
)
from .core import (
    ATTRIBUTE_RANGE,
    MAX_NUMBER,
    MODIFIER_RANGE,
    SKILL_RANGE,
    TARGET,
    UNSKILLED_LEVEL_CAP,
    UNSKILLED_PENALTY,
    Check,
    CheckKind,
    CheckRoll,
    CoreDie,
    check_core,
    damage_distribution,
    signed_text,
    task,
    test,
    unskilled,
)
from .words import M

__all__ = [
    "AGGRESSIVE_ATTACK_BONUS",
    "DARKNESS_BONUS_RANGE",
    "DEFENSIVE_BONUS",
    "FEINT_LEVEL_BONUS",
    "ROUND_STEPS",
    "SCOPE_RANGE",
    "CloseSkill",
    "DefenseKind",
    "FeintOutcome",
    "FeintedExchange",
    "FeintedRoll",
    "ImprovisedWeapon",
    "Lighting",
    "MeleeAttack",
    "MeleeDefense",
    "MeleeOutcome",
    "MeleeRoll",
    "RangeBand",
    "RoundStep",
    "Stance",
    "UntrainedAttack",
    "attack_check",
    "can_parry",
    "combat_check",
    "darkness_bonus_distribution",
    "defense_check",
    "feint",
    "feinted_exchange",
    "hit_chance",
    "keep_cool",
    "melee_exchange",
    "scope_bonus",
]

#: Bonus of the defensive stance to every defense of the round.
DEFENSIVE_BONUS = 3
#: Bonus of the aggressive stance to every attack of the round.
AGGRESSIVE_ATTACK_BONUS = 2
#: Bonus to the next attack per success level of a won feint.
FEINT_LEVEL_BONUS = 1
#: In total darkness, the success levels of a difficult Perception test a
#: fighter adds to the plain die: 0 to 10. The source gives no upper bound;
#: 10 is this book's choice (the published level table stops at 9).
DARKNESS_BONUS_RANGE = (0, 10)
#: A telescopic sight's bonus to aiming: the source's +2 to +5 (its modifier
#: tables), or 0 for none (1 is refused on its own).
SCOPE_RANGE = (0, 5)


# ------------------------------------------------------------------ the round
class RoundStep(LabelledEnum):
    """The six steps of a combat round (*tour*), in order.

    Attributes:
        label: The source's French name.
        summary: What happens, in this book's words.

    Example:
        >>> [s.label for s in RoundStep][:3]
        ['Intentions', 'Initiative', 'Performance']
    """

    INTENTIONS = (
        "Intentions",
        M("Every player says what their character means to do this round."),
    )
    INITIATIVE = (
        "Initiative",
        M("The GM decides who acts first, by common sense or by the dice."),
    )
    PERFORMANCE = (
        "Performance",
        M("Attacks, defenses and other checks are rolled, highest initiative first."),
    )
    DAMAGE = ("Dégâts", M("Damage from those results is applied (it may end the fight)."))
    REPEAT = ("Recommencer", M("The next actions are resolved until everyone has had a chance."))
    END = ("Fin", M("The round is over; the next one starts again with intentions."))

    def __init__(self, label: str, summary: str) -> None:
        self.label = label
        self.summary = summary


#: The round, step by step.
ROUND_STEPS: tuple[RoundStep, ...] = tuple(RoundStep)


# ------------------------------------------------------------------ tables
class RangeBand(LabelledEnum):
    """Range bands of the ranged-combat table: modifier to hit and to the multiplier.

    Attributes:
        label: French name.
        modifier: Added to combat tasks.
        multiplier_shift: Added to the damage multiplier.

    Example:
        >>> RangeBand.EXTREME.modifier, RangeBand.EXTREME.multiplier_shift
        (-6, -2)
    """

    POINT_BLANK = ("À bout portant", 1, 1)
    SHORT = ("Courte", 0, 0)
    MEDIUM = ("Moyenne", -1, 0)
    LONG = ("Longue", -3, -1)
    EXTREME = ("Extrême", -6, -2)

    def __init__(self, label: str, modifier: int, multiplier_shift: int) -> None:
        self.label = label
        self.modifier = modifier
        self.multiplier_shift = multiplier_shift


class Lighting(LabelledEnum):
    """Lighting of the combat-modifier table (close and ranged combat).

    ``modifier`` is ``None`` for total darkness: the roll is then a plain D10
    with no modifier, and only a 9 or 10 hits.

    Example:
        >>> Lighting.POOR.modifier, Lighting.TOTAL_DARKNESS.modifier
        (-4, None)
    """

    NORMAL = ("Normal", 0, M("daylight or a lit room (not in the table)"))
    DIM = ("Faible", -1, M("dark alleys, candlelight, moonlight"))
    POOR = ("Mauvais", -4, M("moonless night, cellar"))
    TOTAL_DARKNESS = ("Noir total", None, M("plain D10, only a natural 9 or 10 hits"))

    def __init__(self, label: str, modifier: int | None, examples: str) -> None:
        self.label = label
        self.modifier = modifier
        self.examples = examples


class CloseSkill(LabelledEnum):
    """The close-combat skills: what an attack or a parry uses with Dexterity.

    Example:
        >>> CloseSkill.MARTIAL_ARTS.label, CloseSkill.HAND_WEAPON.armed
        ('Arts martiaux', True)
    """

    BRAWLING = ("Bagarre", False)
    MARTIAL_ARTS = ("Arts martiaux", False)
    HAND_WEAPON = ("Arme blanche", True)

    def __init__(self, label: str, armed: bool) -> None:
        self.label = label
        self.armed = armed


class DefenseKind(LabelledEnum):
    """How a target answers a close attack.

    Example:
        >>> DefenseKind.PARRY.label
        'Parer'
    """

    NONE = "Aucune défense"
    PARRY = "Parer"
    DODGE = "Esquiver"

    @property
    def label(self) -> str:
        """The French name."""
        return self.value


class Stance(LabelledEnum):
    """Close-combat stances (*attitudes*): +3 to defenses or +2 to attacks.

    Example:
        >>> Stance.DEFENSIVE.defense_bonus, Stance.AGGRESSIVE.attack_bonus
        (3, 2)
    """

    NORMAL = ("Normale", 0, 0, True, True)
    DEFENSIVE = ("Attitude défensive", 0, DEFENSIVE_BONUS, False, True)
    AGGRESSIVE = ("Attitude agressive", AGGRESSIVE_ATTACK_BONUS, 0, True, False)

    def __init__(
        self, label: str, attack_bonus: int, defense_bonus: int, may_attack: bool, may_defend: bool
    ) -> None:
        self.label = label
        self.attack_bonus = attack_bonus
        self.defense_bonus = defense_bonus
        self.may_attack = may_attack
        self.may_defend = may_defend


class ImprovisedWeapon(LabelledEnum):
    """Improvised weapons: the skill they use and their modifiers.

    ``attack`` is the fixed attack modifier; ``attack_range`` the range the
    GM picks from (clumsy objects); ``parry_range`` the shield-like parry bonus.

    Example:
        >>> ImprovisedWeapon.SHARP.attack, ImprovisedWeapon.CLUMSY.attack_range
        (-2, (-3, -1))
    """

    SHARP = ("Objet pointu (bouteille cassée, fourchette…)", -2, (-2, -2), (0, 0))
    LONG = ("Objet long manié en balayant", 0, (0, 0), (0, 0))
    CLUMSY = ("Objet grand, lourd, difficile à manier", -1, (-3, -1), (0, 0))
    CHAIR = ("Chaise ou grand objet (comme un bouclier)", 0, (0, 0), (1, 2))

    def __init__(
        self,
        label: str,
        attack: int,
        attack_range: tuple[int, int],
        parry_range: tuple[int, int],
    ) -> None:
        self.label = label
        self.attack = attack
        self.attack_range = attack_range
        self.parry_range = parry_range


class UntrainedAttack(LabelledEnum):
    """How an attack or a shot is rolled without the skill (skill level 0).

    The combat source rolls a dodge, and a blow or parry with an improvised
    weapon, as a difficult DEX test when the skill is missing; this book reads
    every untrained attack and shot the same way (the default). The basics'
    unskilled task (the attribute − 2, at most two success levels) is the
    option.

    Example:
        >>> UntrainedAttack.UNSKILLED_TASK.english
        'unskilled task: DEX − 2, at most 2 success levels (basics)'
    """

    DIFFICULT_TEST = (M("difficult DEX test (combat source)"), "Test difficile de Dextérité")
    UNSKILLED_TASK = (
        M("unskilled task: DEX − 2, at most 2 success levels (basics)"),
        "Épreuve sans compétence",
    )

    def __init__(self, english: str, label: str) -> None:
        self.english = english
        self.label = label


def scope_bonus(scope: int) -> int:
    """Check a telescopic sight's bonus to aiming: 0 (none) or +2 to +5.

    Example:
        >>> scope_bonus(3)
        3
    """
    check_int(scope, "scope", *SCOPE_RANGE)
    if scope == 1:
        raise RuleValueError(
            M("{name} must be 0 (none) or from 2 to 5, got {got}", name="scope", got=1),
            field="scope",
        )
    return scope


def darkness_bonus_distribution(
    perception: int, *, core: CoreDie = CoreDie.D10
) -> dict[int, Fraction]:
    """Bonus to the next roll in total darkness: the levels of a difficult Perception test.

    Example:
        >>> darkness_bonus_distribution(3)[0]  # D10 + 3 fails on 1 to 5
        Fraction(1, 2)
    """
    check_int(perception, "perception", *ATTRIBUTE_RANGE)
    check_core(core)
    return test(perception, difficult=True, core=core).level_distribution()


# ------------------------------------------------------------------ checks
def combat_check(
    dexterity: int,
    skill: int,
    parts: tuple[tuple[str, int], ...],
    lighting: Lighting,
    darkness_bonus: int,
    skill_name: str = "",
    *,
    untrained: UntrainedAttack = UntrainedAttack.DIFFICULT_TEST,
    core: CoreDie = CoreDie.D10,
) -> Check:
    """D10 + DEX + skill + modifiers (a difficult DEX test without the skill).

    Every combat roll goes through here: melee attacks and defenses, shots and
    dives for cover (:mod:`rulebook_py.systems.unisystem.ranged_combat`). In total
    darkness the roll is the plain core die plus ``darkness_bonus``. With
    ``untrained`` :attr:`UntrainedAttack.UNSKILLED_TASK` a roll without the
    skill is an unskilled task (DEX − 2, at most two success levels).

    Args:
        dexterity: The roller's Dexterity.
        skill: The combat skill's level (0: without the skill).
        parts: The modifiers, as ``(label, value)`` pairs.
        lighting: The lighting of the combat-modifier table.
        darkness_bonus: Perception levels added in total darkness.
        skill_name: The skill's name in the roll's text (default "skill").
        untrained: How a roll without the skill is made.
        core: The core die.

    Example:
        >>> combat_check(3, 2, (("aim", 1),), Lighting.DIM, 0).bonus
        5
    """
    check_int(dexterity, "dexterity", -MAX_NUMBER, MAX_NUMBER)
    check_int(skill, "skill", -MAX_NUMBER, MAX_NUMBER)
    if not isinstance(parts, tuple) or not all(
        isinstance(p, tuple)
        and len(p) == 2
        and isinstance(p[0], str)
        and type(p[1]) is int
        and -MAX_NUMBER <= p[1] <= MAX_NUMBER
        for p in parts
    ):
        raise RuleValueError(
            M(
                "{name} must be a tuple of (label, modifier) pairs, got {got}",
                name="parts",
                got=quote(parts),
            ),
            field="parts",
        )
    check_enum(lighting, Lighting, "lighting")
    check_int(darkness_bonus, "darkness_bonus", -MAX_NUMBER, MAX_NUMBER)
    check_type(skill_name, str, "skill_name", M("text"))
    check_enum(untrained, UntrainedAttack, "untrained")
    check_core(core)
    if lighting is Lighting.TOTAL_DARKNESS:
        return Check(
            CheckKind.DIFFICULT_TEST,
            darkness_bonus,
            ((M("total darkness: plain die"), 0), (M("Perception levels"), darkness_bonus)),
            core=core,
        )
    parts = (*parts, (M("lighting ({label})", label=lighting.label), lighting.modifier or 0))
    modifier = sum(v for _, v in parts)
    as_unskilled = skill == 0 and untrained is UntrainedAttack.UNSKILLED_TASK
    if not MODIFIER_RANGE[0] <= modifier <= MODIFIER_RANGE[1]:  # past the basic range: sure
        if as_unskilled:
            check = Check(
                CheckKind.UNSKILLED,
                dexterity - UNSKILLED_PENALTY + modifier,
                level_cap=UNSKILLED_LEVEL_CAP,
                core=core,
            )
        else:
            kind = CheckKind.DIFFICULT_TEST if skill == 0 else CheckKind.TASK
            check = Check(kind, dexterity + skill + modifier, core=core)
    elif as_unskilled:
        check = unskilled(dexterity, modifier, core=core)
    elif skill == 0:
        check = test(dexterity, difficult=True, modifier=modifier, core=core)
    else:
        check = task(dexterity, skill, modifier, core=core)
    head: tuple[tuple[str, int], ...] = ((M("Dexterity"), dexterity),)
    if skill:
        head += ((skill_name or M("skill"), skill),)
    elif as_unskilled:
        head += ((M("unskilled"), -UNSKILLED_PENALTY),)
    return Check(
        check.kind, check.bonus, head + tuple(p for p in parts if p[1]), check.level_cap, core
    )


@dataclass(frozen=True)
class MeleeAttack:
    """One close-combat attack: DEX + Brawling, Martial Arts or Hand weapon.

    Attributes:
        dexterity: Attacker's Dexterity (0–30).
        skill: Level of the skill used; 0 means none (a difficult DEX test).
        kind: Which skill (decides whether the attack is armed).
        stance: :attr:`Stance.AGGRESSIVE` adds +2; a defensive fighter cannot attack.
        penalty: Multiple-action penalty (0, −2, −4…).
        modifier: Anything else (the GM's bonus for a good description…).
        feint_bonus: Bonus won by an earlier feint (+1 per success level), 0–30.
        improvised: An improvised weapon (:class:`ImprovisedWeapon`), or ``None``.
            It is struck with the Hand weapon skill (``kind`` must be
            :attr:`CloseSkill.HAND_WEAPON`; skill 0: a difficult DEX test).
        improvised_modifier: The GM's pick within the weapon's
            ``attack_range`` (``None``: the weapon's usual ``attack``).

    Example:
        >>> MeleeAttack(3, 2, stance=Stance.AGGRESSIVE).stance.attack_bonus
        2
        >>> bottle = MeleeAttack(3, 2, CloseSkill.HAND_WEAPON, improvised=ImprovisedWeapon.SHARP)
        >>> attack_check(bottle).bonus  # DEX 3 + skill 2 − 2 (reach)
        3
    """

    dexterity: int
    skill: int = 0
    kind: CloseSkill = CloseSkill.BRAWLING
    stance: Stance = Stance.NORMAL
    penalty: int = 0
    modifier: int = 0
    feint_bonus: int = 0
    improvised: ImprovisedWeapon | None = None
    improvised_modifier: int | None = None

    def __post_init__(self) -> None:
        """Validate every field."""
        check_int(self.dexterity, "dexterity", *ATTRIBUTE_RANGE)
        check_int(self.skill, "skill", *SKILL_RANGE)
        object.__setattr__(self, "kind", parse_enum(self.kind, CloseSkill, "kind"))
        object.__setattr__(self, "stance", parse_enum(self.stance, Stance, "stance"))
        check_int(self.penalty, "penalty", -30, 0)
        check_int(self.modifier, "modifier", -30, 30)
        check_int(self.feint_bonus, "feint_bonus", 0, 30)
        if self.improvised is not None:
            weapon = parse_enum(self.improvised, ImprovisedWeapon, "improvised")
            object.__setattr__(self, "improvised", weapon)
        check_fields(self)
        if not self.stance.may_attack:
            raise RuleValueError(
                M(
                    "a fighter in {stance} gives up attacking this round",
                    stance=repr(self.stance.label),
                ),
                field="stance",
            )
        if self.improvised is None:
            if self.improvised_modifier is not None:
                raise RuleValueError(
                    M("{name} needs an improvised weapon", name="improvised_modifier"),
                    field="improvised_modifier",
                )
            return
        weapon = self.improvised
        if weapon is ImprovisedWeapon.CHAIR:
            raise RuleValueError(
                M(
                    "a chair held as a shield only parries; to strike with a big object "
                    "choose 'clumsy'"
                ),
                field="improvised",
            )
        if self.kind is not CloseSkill.HAND_WEAPON:
            raise RuleValueError(
                M(
                    "an improvised weapon is wielded with the Hand weapon skill (Arme blanche), "
                    "not {skill}",
                    skill=repr(self.kind.label),
                ),
                field="kind",
            )
        object.__setattr__(
            self,
            "improvised_modifier",
            _improvised_pick(weapon, self.improvised_modifier, weapon.attack_range, weapon.attack),
        )


@dataclass(frozen=True)
class MeleeDefense:
    """The target's answer: parry (DEX + close skill), dodge (DEX + Dodge) or none.

    Attributes:
        kind: Parry, dodge or no defense.
        dexterity: Defender's Dexterity.
        skill: Parry skill or Dodge level; 0 means none (a difficult DEX test).
        parry_with: The skill a parry uses (decides whether it is allowed).
        stance: Defensive +3; an aggressive fighter cannot defend.
        penalty: Multiple-action penalty (0, −2, −4…).
        modifier: Anything else (the GM's call).
        improvised: :attr:`ImprovisedWeapon.CHAIR` to parry with a chair or
            a large object held like a shield (any attack can be parried so;
            ``skill`` is then the Hand weapon level, 0: a difficult DEX test).
        improvised_modifier: The chair's bonus, +1 or +2 (``None``: +1).
        darkness_bonus: In total darkness, the defender's success levels from
            a difficult Perception test (0–10), added to the defense roll.

    Example:
        >>> MeleeDefense(DefenseKind.PARRY, 3, 3, CloseSkill.HAND_WEAPON).kind.label
        'Parer'
        >>> chair = MeleeDefense(DefenseKind.PARRY, 3, 0, improvised="chair", improvised_modifier=2)
        >>> defense_check(chair).bonus  # difficult DEX test 3 + 2
        5
    """

    kind: DefenseKind = DefenseKind.DODGE
    dexterity: int = 0
    skill: int = 0
    parry_with: CloseSkill = CloseSkill.BRAWLING
    stance: Stance = Stance.NORMAL
    penalty: int = 0
    modifier: int = 0
    improvised: ImprovisedWeapon | None = None
    improvised_modifier: int | None = None
    darkness_bonus: int = 0

    def __post_init__(self) -> None:
        """Validate every field."""
        object.__setattr__(self, "kind", parse_enum(self.kind, DefenseKind, "kind"))
        check_int(self.darkness_bonus, "darkness_bonus", *DARKNESS_BONUS_RANGE)
        check_int(self.dexterity, "dexterity", *ATTRIBUTE_RANGE)
        check_int(self.skill, "skill", *SKILL_RANGE)
        object.__setattr__(
            self, "parry_with", parse_enum(self.parry_with, CloseSkill, "parry_with")
        )
        object.__setattr__(self, "stance", parse_enum(self.stance, Stance, "stance"))
        check_int(self.penalty, "penalty", -30, 0)
        check_int(self.modifier, "modifier", -30, 30)
        if self.improvised is not None:
            weapon = parse_enum(self.improvised, ImprovisedWeapon, "improvised")
            object.__setattr__(self, "improvised", weapon)
        check_fields(self)
        if self.kind is not DefenseKind.NONE and not self.stance.may_defend:
            raise RuleValueError(
                M(
                    "a fighter in {stance} gives up every defense: choose no defense, not {kind}",
                    stance=repr(self.stance.label),
                    kind=repr(self.kind.label),
                ),
                field="stance",
            )
        if self.improvised is None:
            if self.improvised_modifier is not None:
                raise RuleValueError(
                    M("{name} needs an improvised weapon", name="improvised_modifier"),
                    field="improvised_modifier",
                )
            return
        weapon = self.improvised
        if weapon is not ImprovisedWeapon.CHAIR or self.kind is not DefenseKind.PARRY:
            raise RuleValueError(
                M(
                    "only a parry (Parer) with a chair or a large object held like a shield "
                    "gets an improvised-weapon bonus; got {weapon} with {kind}",
                    weapon=repr(weapon.name.lower()),
                    kind=repr(self.kind.label),
                ),
                field="improvised",
            )
        low, _ = weapon.parry_range
        object.__setattr__(
            self,
            "improvised_modifier",
            _improvised_pick(weapon, self.improvised_modifier, weapon.parry_range, low),
        )


def _improvised_pick(
    weapon: ImprovisedWeapon, value: int | None, allowed: tuple[int, int], default: int
) -> int:
    """The GM's modifier for an improvised weapon, checked against the table's range."""
    if value is None:
        return default
    low, high = allowed
    check_int(value, "improvised_modifier")
    if not low <= value <= high:
        message = (
            M(
                "{name} for {weapon} must be {low}, got {got}",
                name="improvised_modifier",
                weapon=repr(weapon.name.lower()),
                low=signed_text(low),
                got=quote(value),
            )
            if low == high
            else M(
                "{name} for {weapon} must be {low} to {high}, got {got}",
                name="improvised_modifier",
                weapon=repr(weapon.name.lower()),
                low=signed_text(low),
                high=signed_text(high),
                got=quote(value),
            )
        )
        raise RuleValueError(message, field="improvised_modifier")
    return value


_IMPROVISED_NAMES = {
    ImprovisedWeapon.SHARP: M("pointed object"),
    ImprovisedWeapon.LONG: M("long object"),
    ImprovisedWeapon.CLUMSY: M("awkward object"),
    ImprovisedWeapon.CHAIR: M("chair as a shield"),
}


def _improvised_part(weapon: ImprovisedWeapon | None, value: int | None) -> tuple[str, int]:
    if weapon is None:
        return (M("improvised"), 0)
    return (_IMPROVISED_NAMES[weapon], value or 0)


def can_parry(parry_with: CloseSkill, attack_kind: CloseSkill, skill: int = 1) -> bool:
    """Whether a parry with ``parry_with`` can stop an attack made with ``attack_kind``.

    A hand weapon parries anything (without the skill, as a difficult DEX
    test); Martial Arts parries even weapons bare-handed, but only when the
    defender has the skill (``skill`` at least 1); Brawling, or no
    close-combat skill at all, parries only unarmed attacks.

    Example:
        >>> can_parry(CloseSkill.BRAWLING, CloseSkill.HAND_WEAPON)
        False
        >>> can_parry(CloseSkill.MARTIAL_ARTS, CloseSkill.HAND_WEAPON)
        True
        >>> can_parry(CloseSkill.MARTIAL_ARTS, CloseSkill.HAND_WEAPON, skill=0)
        False
    """
    check_int(skill, "skill", *SKILL_RANGE)
    parry_with = parse_enum(parry_with, CloseSkill, "parry_with")  # type: ignore[assignment]
    attack_kind = parse_enum(attack_kind, CloseSkill, "attack_kind")  # type: ignore[assignment]
    if parry_with is CloseSkill.HAND_WEAPON or not attack_kind.armed:
        return True
    return parry_with is CloseSkill.MARTIAL_ARTS and skill > 0


def attack_check(
    attack: MeleeAttack,
    lighting: Lighting = Lighting.NORMAL,
    darkness_bonus: int = 0,
    *,
    untrained: UntrainedAttack = UntrainedAttack.DIFFICULT_TEST,
    core: CoreDie = CoreDie.D10,
) -> Check:
    """The attack as a basic check (D10 + DEX + skill + every modifier).

    Without the skill it is a difficult DEX test, or with ``untrained``
    :attr:`UntrainedAttack.UNSKILLED_TASK` an unskilled task (an improvised
    weapon is always a difficult test: the source says so).

    Example:
        >>> attack_check(MeleeAttack(3, 2, stance=Stance.AGGRESSIVE), Lighting.DIM).bonus
        6
        >>> attack_check(MeleeAttack(3), untrained=UntrainedAttack.UNSKILLED_TASK).bonus
        1
    """
    check_record(attack, MeleeAttack, "attack")
    lighting = parse_enum(lighting, Lighting, "lighting")  # type: ignore[assignment]
    check_int(darkness_bonus, "darkness_bonus", *DARKNESS_BONUS_RANGE)
    untrained = parse_enum(untrained, UntrainedAttack, "untrained")  # type: ignore[assignment]
    check_core(core)
    parts = (
        (M("stance ({label})", label=attack.stance.label), attack.stance.attack_bonus),
        (M("extra actions"), attack.penalty),
        (M("feint"), attack.feint_bonus),
        _improvised_part(attack.improvised, attack.improvised_modifier),
        (M("modifier"), attack.modifier),
    )
    if attack.improvised is not None:
        untrained = UntrainedAttack.DIFFICULT_TEST
    return combat_check(
        attack.dexterity,
        attack.skill,
        parts,
        lighting,
        darkness_bonus,
        untrained=parse_enum(untrained, UntrainedAttack, "untrained"),  # type: ignore[arg-type]
        core=core,
    )


def defense_check(
    defense: MeleeDefense,
    lighting: Lighting = Lighting.NORMAL,
    *,
    core: CoreDie = CoreDie.D10,
) -> Check | None:
    """The defense as a basic check, or ``None`` when the target does not defend.

    In total darkness the defender adds its own Perception levels
    (``defense.darkness_bonus``).

    Example:
        >>> defense_check(MeleeDefense(DefenseKind.DODGE, 4, 3, penalty=-4)).bonus
        3
    """
    check_record(defense, MeleeDefense, "defense")
    lighting = parse_enum(lighting, Lighting, "lighting")  # type: ignore[assignment]
    check_core(core)
    if defense.kind is DefenseKind.NONE:
        return None
    parts = (
        (M("stance ({label})", label=defense.stance.label), defense.stance.defense_bonus),
        (M("extra actions"), defense.penalty),
        _improvised_part(defense.improvised, defense.improvised_modifier),
        (M("modifier"), defense.modifier),
    )
    return combat_check(
        defense.dexterity, defense.skill, parts, lighting, defense.darkness_bonus, core=core
    )


def hit_chance(attack: Distribution, defense: Distribution | None, must_succeed: bool) -> Fraction:
    """P(the attack total hits): beat the defense total (ties to the defender), reach 9.

    Without a defense roll the attack only needs 9.

    Example:
        >>> d10 = Distribution.uniform(10)
        >>> hit_chance(d10 + 8, d10 + 5, must_succeed=False)
        Fraction(18, 25)
        >>> hit_chance(damage_distribution(10, 1) + 8, damage_distribution(10, 1) + 5, must_succeed=True)
        Fraction(18, 25)
    """
    check_distribution(attack, "attack")
    if defense is not None:
        check_distribution(defense, "defense")
    check_bool(must_succeed, "must_succeed")
    if defense is None:
        return attack.prob_at_least(TARGET)
    if not must_succeed:
        return attack.prob_gt(defense)
    reaching = {total: weight for total, weight in attack.items() if total >= TARGET}
    if not reaching:
        return Fraction(0)
    kept = Distribution.from_weights(reaching)  # the attack given that it reaches 9
    return kept.prob_gt(defense) * Fraction(kept.total, attack.total)


# ------------------------------------------------------------------ melee
@dataclass(frozen=True)
class MeleeRoll:
    """One seeded close-combat exchange, every die shown.

    Example:
        >>> r = melee_exchange(MeleeAttack(3, 2), MeleeDefense(dexterity=4, skill=3)).roll(
        ...     random.Random(1), sides=4, multiplier=2)
        >>> r.hit == (r.damage > 0)
        True
        >>> print(MeleeRoll(task(3, 2).resolve(7), None, True, 3, 6, 2, False))
        attack D10 [7] + 5 = 12 → success, 2 levels (Decent) → HIT, damage D[3] × 2 = 6
    """

    attack: CheckRoll
    defense: CheckRoll | None
    hit: bool
    damage_die: int
    damage: int
    multiplier: int
    averaged: bool

    def __post_init__(self) -> None:
        """Refuse a roll built by hand with values of the wrong kind."""
        check_fields(self)
        check_int(self.damage_die, "damage_die", 0, 10)
        check_int(self.multiplier, "multiplier", 0, 31)
        check_int(self.damage, "damage", 0, 10 * 31)

    @property
    def verdict(self) -> Msg:
        """``miss``, or ``HIT, damage D[3] × 2 = 6``."""
        if not self.hit:
            return M("miss")
        if self.averaged:
            return M(
                "HIT, damage average[{face}] × {multiplier} = {damage}",
                face=self.damage_die,
                multiplier=self.multiplier,
                damage=self.damage,
            )
        return M(
            "HIT, damage D[{face}] × {multiplier} = {damage}",
            face=self.damage_die,
            multiplier=self.multiplier,
            damage=self.damage,
        )

    @property
    def lines(self) -> tuple[Msg, ...]:
        """The attack roll, the defense roll (if any), then the verdict, one a line."""
        rolls = [M("attack {roll}", roll=self.attack.message)]
        if self.defense is not None:
            rolls.append(M("defense {roll}", roll=self.defense.message))
        return (*rolls, M("→ {verdict}", verdict=self.verdict))

    @property
    def message(self) -> Msg:
        """Attack, defense, verdict and damage on one line."""
        rolls = [M("attack {roll}", roll=self.attack.message)]
        if self.defense is not None:
            rolls.append(M("defense {roll}", roll=self.defense.message))
        return M("{rolls} → {verdict}", rolls=join("; ", rolls), verdict=self.verdict)

    def __str__(self) -> str:
        """Attack, defense, verdict and damage (English)."""
        return self.message


@dataclass(frozen=True)
class MeleeOutcome:
    """The exact answer of one attack against one defense.

    Attributes:
        attack: The attack's check.
        defense: The defense's check (``None``: no defense).
        hit_chance: Exact P(hit).
        must_succeed: Whether the attack also had to reach 9.

    Example:
        >>> out = melee_exchange(MeleeAttack(4, 4), MeleeDefense(DefenseKind.NONE))
        >>> out.hit_chance, out.expected_levels()
        (Fraction(1, 1), Fraction(3, 1))
        >>> MeleeOutcome(task(4, 4), None, Fraction(1)).hit_chance
        Fraction(1, 1)
    """

    attack: Check
    defense: Check | None
    hit_chance: Fraction
    must_succeed: bool = True

    def __post_init__(self) -> None:
        """Refuse an outcome built by hand with values of the wrong kind."""
        check_fields(self)
        exact_chance(self.hit_chance, "hit_chance")

    def level_distribution(self) -> dict[int, Fraction]:
        """``{success levels of the blow: P}``; a miss (parried, dodged, failed) counts 0.

        Example:
            >>> melee_exchange(MeleeAttack(4, 4), MeleeDefense(DefenseKind.NONE)
            ...                ).level_distribution()[5]
            Fraction(1, 5)
        """
        att = self.attack.total_distribution()
        dfc = None if self.defense is None else self.defense.total_distribution()
        out: dict[int, Fraction] = {}
        for total, weight in att.items():
            if total < TARGET and (dfc is None or self.must_succeed):
                continue
            p = Fraction(weight, att.total)
            if dfc is not None:
                p *= dfc.prob_at_most(total - 1)
            level = self.attack.level_of(total)
            out[level] = out.get(level, Fraction(0)) + p
        out[0] = 1 - sum(v for k, v in out.items() if k)
        return dict(sorted(out.items()))

    def expected_levels(self) -> Fraction:
        """Expected success levels of the blow (0 when it misses).

        Example:
            >>> melee_exchange(MeleeAttack(0), MeleeDefense(DefenseKind.NONE)).expected_levels()
            Fraction(1, 5)
        """
        return sum((k * p for k, p in self.level_distribution().items()), Fraction(0))

    def damage_distribution(
        self, sides: int, multiplier: int, averaged: bool = False
    ) -> Distribution:
        """Damage of the exchange: 0 on a miss, weapon die × multiplier on a hit.

        Example:
            >>> out = melee_exchange(MeleeAttack(4, 4), MeleeDefense(DefenseKind.NONE))
            >>> out.damage_distribution(4, 3).mean()
            Fraction(15, 2)
        """
        hit = damage_distribution(sides, multiplier, averaged)
        p = self.hit_chance
        return _mix([(p, hit), (1 - p, Distribution.constant(0))])

    def roll(
        self,
        rng: random.Random | None = None,
        *,
        sides: int = 4,
        multiplier: int = 1,
        averaged: bool = False,
    ) -> MeleeRoll:
        """Resolve the exchange once: attack roll, defense roll, damage die.

        Example:
            >>> out = melee_exchange(MeleeAttack(4, 4), MeleeDefense(DefenseKind.NONE))
            >>> out.roll(random.Random(3), sides=4, multiplier=3).hit
            True
        """
        damage_distribution(sides, multiplier, averaged)  # validates
        rng = check_rng(rng, none_is_fresh=True)
        a = self.attack.roll(rng)
        d = self.defense.roll(rng) if self.defense is not None else None
        if d is None:
            hit = a.total >= TARGET
        else:
            hit = a.total > d.total and (a.total >= TARGET or not self.must_succeed)
        face = 0
        damage = 0
        if hit:
            face = sides // 2 if averaged else rng.randint(1, sides)
            damage = face * multiplier
        return MeleeRoll(a, d, hit, face, damage, multiplier, averaged)


def melee_exchange(
    attack: MeleeAttack,
    defense: MeleeDefense,
    lighting: Lighting | str = Lighting.NORMAL,
    *,
    darkness_bonus: int = 0,
    attack_must_succeed: bool = True,
    lighting_on_defense: bool = True,
    untrained: UntrainedAttack = UntrainedAttack.DIFFICULT_TEST,
    core: CoreDie = CoreDie.D10,
) -> MeleeOutcome:
    """One close-combat attack against one defense, exactly.

    The attacker must beat the defender's total (a tie goes to the defender)
    and, by default, reach 9.

    Args:
        attack: The attack.
        defense: The defense (kind :attr:`DefenseKind.NONE` for none).
        lighting: The lighting row of the table.
        darkness_bonus: In total darkness, the attacker's success levels from
            a difficult Perception test (0–10); the defender's are
            ``defense.darkness_bonus``.
        attack_must_succeed: The attack must also reach 9 (published rule).
        lighting_on_defense: The lighting modifier also applies to the defense.
        untrained: How an attack without the skill is rolled
            (:class:`UntrainedAttack`; default a difficult DEX test).
        core: The core die of both rolls (D10, or 2D6 − 2).

    Raises:
        RuleValueError: A parry that the skills do not allow, or a bad value.

    Example:
        >>> sword = MeleeAttack(3, 3, CloseSkill.HAND_WEAPON)
        >>> bare = MeleeDefense(DefenseKind.PARRY, 3, 3, CloseSkill.BRAWLING)
        >>> melee_exchange(sword, bare)
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: a parry with 'Bagarre' cannot stop an attack with 'Arme blanche': only a hand weapon or Martial Arts can parry a weapon
        >>> melee_exchange(MeleeAttack(3, 2), MeleeDefense(DefenseKind.DODGE, 4, 3)).hit_chance
        Fraction(7, 25)
    """
    check_record(attack, MeleeAttack, "attack")
    check_record(defense, MeleeDefense, "defense")
    lighting = parse_enum(lighting, Lighting, "lighting")
    check_int(darkness_bonus, "darkness_bonus", *DARKNESS_BONUS_RANGE)
    check_bool(attack_must_succeed, "attack_must_succeed")
    check_bool(lighting_on_defense, "lighting_on_defense")
    untrained = parse_enum(untrained, UntrainedAttack, "untrained")  # type: ignore[assignment]
    check_core(core)
    shield = defense.improvised is ImprovisedWeapon.CHAIR
    if defense.kind is DefenseKind.PARRY and not shield:
        if not can_parry(defense.parry_with, attack.kind):
            raise RuleValueError(
                M(
                    "a parry with {parry} cannot stop an attack with {attack}: only a hand "
                    "weapon or Martial Arts can parry a weapon",
                    parry=repr(defense.parry_with.label),
                    attack=repr(attack.kind.label),
                ),
                field="parry_with",
            )
        if not can_parry(defense.parry_with, attack.kind, defense.skill):
            raise RuleValueError(
                M(
                    "Martial Arts at level 0 is no close-combat skill: a bare-handed parry "
                    "cannot stop an attack with {attack}; dodge instead (a difficult DEX test "
                    "without the skill)",
                    attack=repr(attack.kind.label),
                ),
                field="skill",
            )
    att = attack_check(attack, lighting, darkness_bonus, untrained=untrained, core=core)
    def_light = lighting if lighting_on_defense else Lighting.NORMAL
    dfc = defense_check(defense, def_light, core=core)
    chance = hit_chance(
        att.total_distribution(),
        None if dfc is None else dfc.total_distribution(),
        attack_must_succeed,
    )
    return MeleeOutcome(att, dfc, chance, attack_must_succeed)


# ------------------------------------------------------------------ feint
@dataclass(frozen=True)
class FeintOutcome:
    """A feint: INT + skill against PER + skill; each success level won is +1 next attack.

    Attributes:
        attacker: The feinting check (INT + combat skill).
        defender: The reading check (PER + combat skill).
        bonus: ``{bonus to the next attack: P}`` (0 when the feint fails).

    Example:
        >>> f = feint(3, 2, 2, 2)
        >>> sum(f.bonus.values())
        Fraction(1, 1)
        >>> FeintOutcome(task(3, 2), task(2, 2), {0: Fraction(1, 2), 1: Fraction(1, 2)}).bonus[1]
        Fraction(1, 2)
    """

    attacker: Check
    defender: Check
    bonus: dict[int, Fraction]

    def __post_init__(self) -> None:
        """Refuse an outcome built by hand with values of the wrong kind."""
        check_fields(self)
        for level, p in self.bonus.items():
            check_int(level, "bonus", 0, 30)
            exact_chance(p, "bonus")
        if sum(self.bonus.values()) != 1:
            raise RuleValueError(M("{names} must add up to 1", names="bonus"), field="bonus")

    @property
    def win_chance(self) -> Fraction:
        """P(the feint wins the contest at all).

        Example:
            >>> feint(3, 2, 3, 2).win_chance
            Fraction(9, 20)
        """
        a = self.attacker.total_distribution()
        return a.compare(self.defender.total_distribution()).gt

    def roll(self, rng: random.Random | None = None) -> tuple[CheckRoll, CheckRoll, int]:
        """Both roll once; returns the two rolls and the bonus won.

        Example:
            >>> a, d, bonus = feint(3, 2, 2, 2).roll(random.Random(5))
            >>> bonus == (a.level if a.total > d.total else 0)
            True
        """
        rng = check_rng(rng, none_is_fresh=True)
        a, d = self.attacker.roll(rng), self.defender.roll(rng)
        return a, d, (a.level * FEINT_LEVEL_BONUS if a.total > d.total else 0)


def feint(
    intelligence: int,
    attacker_skill: int,
    perception: int,
    defender_skill: int,
    *,
    core: CoreDie = CoreDie.D10,
) -> FeintOutcome:
    """A feint: attacker's INT + combat skill against defender's PER + combat skill.

    If the attacker's total is higher, their next attack gains +1 per success
    level of the feint roll.

    Example:
        >>> feint(3, 2, 2, 2).bonus[0]
        Fraction(51, 100)
    """
    check_int(intelligence, "intelligence", *ATTRIBUTE_RANGE)
    check_int(attacker_skill, "attacker_skill", *SKILL_RANGE)
    check_int(perception, "perception", *ATTRIBUTE_RANGE)
    check_int(defender_skill, "defender_skill", *SKILL_RANGE)
    check_core(core)
    att = task(intelligence, attacker_skill, core=core)
    dfd = task(perception, defender_skill, core=core)
    a, d = att.total_distribution(), dfd.total_distribution()
    out: dict[int, Fraction] = {}
    for total, weight in a.items():
        p_win = Fraction(weight, a.total) * d.prob_at_most(total - 1)
        level = att.level_of(total) * FEINT_LEVEL_BONUS
        out[level] = out.get(level, Fraction(0)) + p_win
    out[0] = 1 - sum(v for k, v in out.items() if k)
    return FeintOutcome(att, dfd, dict(sorted(out.items())))


def _mix(parts: list[tuple[Fraction, Distribution]]) -> Distribution:
    """The mixture ``sum(p * dist)`` of distributions, with exact integer weights."""
    scale = 1
    for p, dist in parts:
        scale = math.lcm(scale, p.denominator * dist.total)
    weights: dict[int, int] = {}
    for p, dist in parts:
        factor = p * scale / dist.total
        for value, w in dist.items():
            weights[value] = weights.get(value, 0) + int(factor * w)
    return Distribution.from_weights(weights)


@dataclass(frozen=True)
class FeintedRoll:
    """A seeded feint and the blow it sets up.

    Attributes:
        feint: The feinter's roll.
        read: The defender's roll to see through it.
        bonus: The bonus won (0 when the feint fails).
        blow: The exchange rolled with that bonus.

    Example:
        >>> out = feinted_exchange(MeleeAttack(3, 2), MeleeDefense(DefenseKind.NONE),
        ...                        feint(3, 2, 2, 2))
        >>> r = out.roll(random.Random(2))
        >>> r.blow.attack.total == r.blow.attack.die.value + 5 + r.bonus
        True
        >>> FeintedRoll(task(3, 2).resolve(5), task(2, 2).resolve(3), 1, melee_exchange(MeleeAttack(3, 2), MeleeDefense(DefenseKind.NONE)).roll(random.Random(1))).verdict
        'feint wins: +1 to the attack'
    """

    feint: CheckRoll
    read: CheckRoll
    bonus: int
    blow: MeleeRoll

    def __post_init__(self) -> None:
        """Refuse a roll built by hand with values of the wrong kind."""
        check_fields(self)
        check_int(self.bonus, "bonus", 0, 30)

    @property
    def verdict(self) -> Msg:
        """What the feint won."""
        if self.bonus:
            return M("feint wins: {bonus} to the attack", bonus=signed_text(self.bonus))
        if self.feint.total > self.read.total:
            return M("feint wins but totals under 9: no success level, +0")
        return M("feint fails: +0")

    @property
    def lines(self) -> tuple[Msg, ...]:
        """The feint, the reading of it and the verdict, then the blow's lines."""
        return (
            M("feint {roll}", roll=self.feint.message),
            M("read {roll} → {verdict}", roll=self.read.message, verdict=self.verdict),
            *self.blow.lines,
        )

    @property
    def message(self) -> Msg:
        """The feint contest, then the blow."""
        return M(
            "feint {feint}; read {read} → {verdict}\n{blow}",
            feint=self.feint.message,
            read=self.read.message,
            verdict=self.verdict,
            blow=self.blow.message,
        )

    def __str__(self) -> str:
        """The feint contest, then the blow (English)."""
        return self.message


@dataclass(frozen=True)
class FeintedExchange:
    """A feint, then the attack it sets up: the exchange averaged over the feint's bonus.

    Attributes:
        feint: The feint contest.
        branches: ``(bonus, P(bonus), exchange with that bonus)`` for each bonus.
        plain: The same exchange without the feint (for comparison).

    Example:
        >>> out = feinted_exchange(MeleeAttack(3, 2), MeleeDefense(dexterity=4, skill=3),
        ...                        feint(3, 2, 2, 2))
        >>> out.hit_chance > melee_exchange(MeleeAttack(3, 2), MeleeDefense(dexterity=4, skill=3)
        ...                                 ).hit_chance
        True
        >>> FeintedExchange(feint(3, 2, 2, 2), ((0, Fraction(1), melee_exchange(MeleeAttack(3, 2), MeleeDefense(DefenseKind.NONE))),)).hit_chance
        Fraction(7, 10)
    """

    feint: FeintOutcome
    branches: tuple[tuple[int, Fraction, MeleeOutcome], ...]
    plain: MeleeOutcome | None = None

    def __post_init__(self) -> None:
        """Refuse an exchange built by hand with values of the wrong kind."""
        check_fields(self)
        if not self.branches:
            raise RuleValueError(
                M("{name} must hold at least one branch", name="branches"), field="branches"
            )
        for bonus, p, _ in self.branches:
            check_int(bonus, "branches", 0, 30)
            exact_chance(p, "branches")

    @property
    def hit_chance(self) -> Fraction:
        """Exact P(the blow after the feint hits)."""
        return sum((p * out.hit_chance for _, p, out in self.branches), Fraction(0))

    @property
    def attack(self) -> Check:
        """The attack check without any feint bonus (as if there were no feint).

        Example:
            >>> sure = feinted_exchange(MeleeAttack(3, 2), MeleeDefense(DefenseKind.NONE),
            ...                         feint(30, 30, 0, 0))  # a feint that cannot fail
            >>> sure.attack.bonus, sure.plain.hit_chance
            (5, Fraction(7, 10))
        """
        return (self.plain or self.branches[0][2]).attack

    @property
    def defense(self) -> Check | None:
        """The defense check (the same in every branch)."""
        return self.branches[0][2].defense

    def level_distribution(self) -> dict[int, Fraction]:
        """``{success levels of the blow: P}`` over every feint result (a miss counts 0).

        Example:
            >>> out = feinted_exchange(MeleeAttack(3, 2), MeleeDefense(DefenseKind.NONE),
            ...                        feint(3, 2, 2, 2))
            >>> sum(out.level_distribution().values())
            Fraction(1, 1)
        """
        out: dict[int, Fraction] = {}
        for _, p, branch in self.branches:
            for level, q in branch.level_distribution().items():
                out[level] = out.get(level, Fraction(0)) + p * q
        return dict(sorted(out.items()))

    def expected_levels(self) -> Fraction:
        """Expected success levels of the blow (0 when it misses).

        Example:
            >>> feinted_exchange(MeleeAttack(4, 4), MeleeDefense(DefenseKind.NONE),
            ...                  feint(0, 0, 30, 0)).expected_levels()  # a hopeless feint
            Fraction(3, 1)
        """
        return sum((k * p for k, p in self.level_distribution().items()), Fraction(0))

    def damage_distribution(
        self, sides: int, multiplier: int, averaged: bool = False
    ) -> Distribution:
        """Damage of the blow, over every feint result: 0 on a miss.

        Example:
            >>> out = feinted_exchange(MeleeAttack(4, 4), MeleeDefense(DefenseKind.NONE),
            ...                        feint(3, 2, 2, 2))
            >>> out.damage_distribution(4, 3).mean()  # the blow cannot miss anyway
            Fraction(15, 2)
        """
        return _mix(
            [
                (p, out.damage_distribution(sides, multiplier, averaged))
                for _, p, out in self.branches
            ]
        )

    def roll(
        self,
        rng: random.Random | None = None,
        *,
        sides: int = 4,
        multiplier: int = 1,
        averaged: bool = False,
    ) -> FeintedRoll:
        """Roll the feint, then the blow with the bonus it won.

        Example:
            >>> out = feinted_exchange(MeleeAttack(3, 2), MeleeDefense(dexterity=4, skill=3),
            ...                        feint(3, 2, 2, 2))
            >>> r = out.roll(random.Random(7), sides=4, multiplier=2)
            >>> r.bonus in dict((b, p) for b, p, _ in out.branches)
            True
        """
        rng = check_rng(rng, none_is_fresh=True)
        a, d, bonus = self.feint.roll(rng)
        branch = next((out for b, _, out in self.branches if b == bonus), self.branches[0][2])
        blow = branch.roll(rng, sides=sides, multiplier=multiplier, averaged=averaged)
        return FeintedRoll(a, d, bonus, blow)


def feinted_exchange(
    attack: MeleeAttack,
    defense: MeleeDefense,
    feint_outcome: FeintOutcome,
    lighting: Lighting | str = Lighting.NORMAL,
    **options: Any,
) -> FeintedExchange:
    """The attack that follows a feint: each feint bonus weighted by its exact chance.

    The feint's bonus is added to ``attack.feint_bonus`` (0 when the feint
    fails); ``lighting`` and ``options`` are those of :func:`melee_exchange`.
    Whether the feint costs an action is the multiple-action penalty's
    business (``attack.penalty``): the source does not say.

    Raises:
        RuleValueError: As :func:`melee_exchange`, or ``feint_outcome`` not a
            :class:`FeintOutcome`.

    Example:
        >>> out = feinted_exchange(MeleeAttack(3, 2), MeleeDefense(dexterity=4, skill=3, penalty=-4),
        ...                        feint(3, 2, 2, 2))
        >>> out.hit_chance
        Fraction(671, 1000)
        >>> feinted_exchange(MeleeAttack(4, 4), MeleeDefense(DefenseKind.NONE), feint(3, 2, 2, 2)).hit_chance
        Fraction(1, 1)
    """
    check_record(feint_outcome, FeintOutcome, "feint_outcome")
    check_record(attack, MeleeAttack, "attack")
    check_record(defense, MeleeDefense, "defense")
    branches = []
    for bonus, p in feint_outcome.bonus.items():
        if not p:
            continue
        boosted = replace(attack, feint_bonus=min(attack.feint_bonus + bonus, 30))
        branches.append((bonus, p, melee_exchange(boosted, defense, lighting, **options)))
    plain = melee_exchange(attack, defense, lighting, **options)
    return FeintedExchange(feint_outcome, tuple(branches), plain)


def keep_cool(willpower: int, *, core: CoreDie = CoreDie.D10) -> Check:
    """Keeping one's cool under fire: a simple Willpower test, else the action is lost.

    Example:
        >>> keep_cool(2).success_chance()  # D10 + 4 needs 5+
        Fraction(3, 5)
    """
    check_int(willpower, "willpower", *ATTRIBUTE_RANGE)
    check_core(core)
    return test(willpower, core=core)
