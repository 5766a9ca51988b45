"""Chroniques Oubliées: an attack action's situation, blow, modifiers and exact report.

An attack is read from the game's own records: its :class:`Situation` (cover,
light, range, untrained or forbidden equipment, the defender's defensive
action, the round) and its :class:`Blow` (the weapons, their damage, a
knock-out blow). :func:`attack_modifiers` gives the test's modifiers,
:func:`attack_action` puts every rule together with the attacker's and the
defender's conditions and a concerted attack's bonus: the exact chances and
the damage, doubled on a critical, in an :class:`AttackReport` that rolls
itself (:meth:`AttackReport.roll`). :func:`situation_modifiers` lists the
situation modifiers with the keywords that apply each one (the quick
reference prints it). The calculator's flat form, every modifier a keyword,
is :func:`rulebook_py.outcomes.chroniques.attack_report`.

Example:
    >>> r = attack_action(4, 14, blow=Blow("1d8", 3))
    >>> r.outcome.hit, r.expected_lethal
    (Fraction(11, 20), Fraction(9, 2))
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Any

from ...dice import Dice
from ...distribution import Distribution
from ...errors import RuleValueError, check_int, check_type, quote
from ...labels import ModifierEnum, NamedEnum
from ...messages import Msg
from .attack_limits import check_forbidden, check_stand_up, check_two_weapons
from .attack_roll import AttackRoll, resolve_attack
from .conditions import Condition, ConditionEffects, combine_conditions, condition_set
from .core import (
    BONUS_RANGE,
    CRITICAL_RANGE,
    DEFENSE_RANGE,
    MODIFIED_RANGE,
    STRENGTH_RANGE,
    AttackOutcome,
    CheckDie,
    check_bool,
    check_odds,
)
from .damage import MAX_TEMPORARY, blow_temporary_damage, damage_distribution
from .records import check_fields
from .special import CONCERTED_BIG_BONUS, CONCERTED_BONUS, concerted_attack
from .typed_damage import damage_dice
from .words import M

__all__ = [
    "DIM_LIGHT",
    "HEAVY_RAIN",
    "KNOCK_OUT_PENALTY",
    "LONG_RANGE",
    "REPEATED",
    "UNTRAINED",
    "AttackKind",
    "AttackReport",
    "Blow",
    "Cover",
    "DefensiveAction",
    "IntoMelee",
    "Lighting",
    "Situation",
    "SituationModifier",
    "attack_action",
    "attack_modifiers",
    "roll_attack",
    "situation_modifiers",
]

#: Long range (*portée longue*), up to twice the range: shots and spells.
LONG_RANGE = -5
#: Dim light (*pénombre*): attacks at range.
DIM_LIGHT = -5
#: Heavy rain (*pluies fortes*): every physical test, attacks included.
HEAVY_RAIN = -2
#: Each earlier use of the same limited ability on the same target this fight.
REPEATED = -5
#: A weapon, shield or armour the character is not trained for (*PJ incompétent*).
UNTRAINED = -3
#: Striking to knock out (*DM temporaires*) without a weapon made for it.
KNOCK_OUT_PENALTY = -2


class AttackKind(NamedEnum):
    """Melee, ranged or magic attack (*contact, distance, magique*).

    Magic attacks are treated as attacks at range for the range-related
    modifiers (cover, light, long range: the long-range rule names spells
    explicitly), but not for the harmful conditions: the blinded -10 is for
    ranged attacks only, a blinded caster takes -5 like a swordsman.

    Example:
        >>> AttackKind.RANGED.label, AttackKind.MAGIC.at_range
        ('distance', True)
    """

    MELEE = ("melee", "contact")
    RANGED = ("ranged", "distance")
    MAGIC = ("magic", "magique")

    @property
    def at_range(self) -> bool:
        """Whether range-related modifiers apply."""
        return self is not AttackKind.MELEE

    @property
    def condition_ranged(self) -> bool:
        """Whether the conditions' ranged-attack penalty applies (ranged attacks only).

        Example:
            >>> AttackKind.MAGIC.condition_ranged, AttackKind.RANGED.condition_ranged
            (False, True)
        """
        return self is AttackKind.RANGED

    def __message__(self) -> Msg:
        """The kind of attack in the reader's words."""
        return {
            AttackKind.MELEE: M("melee (contact)"),
            AttackKind.RANGED: M("ranged (distance)"),
            AttackKind.MAGIC: M("magic (magique)"),
        }[self]


class Cover(ModifierEnum):
    """Cover (*à couvert*) of the target of a shot.

    Example:
        >>> Cover.MASKED_BY_ALLY.modifier
        -5
    """

    NONE = (0, "aucun")
    PARTIAL = (-2, "à couvert")
    MASKED_BY_ALLY = (-5, "un allié masque la cible")

    def __message__(self) -> Msg:
        """The cover in the reader's words."""
        return {
            Cover.NONE: M("no cover"),
            Cover.PARTIAL: M("in cover (à couvert)"),
            Cover.MASKED_BY_ALLY: M("an ally masks the target"),
        }[self]


class IntoMelee(ModifierEnum):
    """Shooting at a target engaged in melee (*cible engagée au corps à corps*).

    Example:
        >>> IntoMelee.NEAR_SIDE.modifier
        -2
    """

    NONE = (0, "non")
    ENGAGED = (-5, "cible engagée au corps à corps")
    NEAR_SIDE = (-2, "cible du côté du tireur")

    def __message__(self) -> Msg:
        """The situation in the reader's words."""
        return {
            IntoMelee.NONE: M("target not in a melee"),
            IntoMelee.ENGAGED: M("target engaged in melee"),
            IntoMelee.NEAR_SIDE: M("target engaged in melee, on the shooter's side"),
        }[self]


class Lighting(NamedEnum):
    """Light conditions (*conditions de luminosité*).

    Example:
        >>> Lighting.HEAVY_RAIN.label
        'Pluies fortes'
    """

    DAY = ("day", "Jour")
    HEAVY_RAIN = ("heavy rain", "Pluies fortes")
    DIM = ("dim light", "Pénombre")
    DARKNESS = ("total darkness", "Noir total")

    def __message__(self) -> Msg:
        """The light in the reader's words."""
        return {
            Lighting.DAY: M("day (jour)"),
            Lighting.HEAVY_RAIN: M("heavy rain (pluies fortes)"),
            Lighting.DIM: M("dim light (pénombre)"),
            Lighting.DARKNESS: M("total darkness (noir total)"),
        }[self]


class DefensiveAction(Enum):
    """The defender's defensive action this round (*actions défensives*).

    Example:
        >>> DefensiveAction.TOTAL.bonus, DefensiveAction.TOTAL.action
        (4, 'L')
    """

    NONE = (0, "-", "aucune")
    SIMPLE = (2, "A", "Défense simple")
    TOTAL = (4, "L", "Défense totale")

    def __init__(self, bonus: int, action: str, label: str) -> None:
        self.bonus = bonus
        self.action = action
        self.label = label

    def __message__(self) -> Msg:
        """The defensive action in the reader's words."""
        return {
            DefensiveAction.NONE: M("no defense action"),
            DefensiveAction.SIMPLE: M("simple defense (défense simple)"),
            DefensiveAction.TOTAL: M("total defense (défense totale)"),
        }[self]


def _enum(value: object, cls: type[Enum], field: str) -> Any:
    if isinstance(value, cls):
        return value
    for member in cls:
        if isinstance(value, str) and value in (
            member.name,
            member.name.lower(),
            getattr(member, "english", None),
        ):
            return member
    allowed = ", ".join(m.name.lower() for m in cls)
    raise RuleValueError(
        M(
            "{name} must be one of {allowed}, got {got}",
            name=field,
            allowed=allowed,
            got=quote(value),
        ),
        field=field,
        allowed=allowed,
        value=value,
    )


@dataclass(frozen=True)
class AttackReport:
    """Everything about one attack action, exact, and its own seeded roll.

    Attributes:
        bonus: The attack score after every modifier (of the first attack).
        defense: The target's DEF after every modifier.
        die: The die rolled (after the d12 rule).
        modifiers: ``(what, value)`` for each modifier applied, attack then DEF
            (``what`` a message).
        outcome: Chances of the (first) attack; a concerted bonus counts here only.
        attacks: Number of attacks (1, or 2 with two weapons).
        lethal: Distribution of lethal damage dealt by the whole action.
        temporary: Distribution of temporary damage dealt by the whole action.
        possible: False when the attacker can take no action.
        notes: Explanations (why impossible, automatic criticals, etc.), messages.
        off_outcome: Chances of the off-hand attack (two weapons), else None.
        damage: Main-hand damage dice; ``off_hand``: the off hand's (or None).
        damage_modifier, target_strength, temporary_blow, critical_from,
        helper_bonus, concerted: What the roll needs (as given).
        unused: ``(parameter, why)`` of the call that built it that do not
            count in this situation (its calculator hides their controls).

    Example:
        >>> attack_action(4, 14, attacker_conditions=["stunned"]).possible
        False
        >>> attack_action(4, 14).roll(random.Random(1)).lines
        ('1d20 [5] + 4 = 9 vs 14: failure',)
        >>> AttackReport(4, 14, CheckDie.D20, (), check_odds(4, 14), 1, attack_action(4, 14).lethal, attack_action(4, 14).temporary).bonus
        4
    """

    bonus: int
    defense: int
    die: CheckDie
    modifiers: tuple[tuple[str, int], ...]
    outcome: AttackOutcome
    attacks: int
    lethal: Distribution
    temporary: Distribution
    possible: bool = True
    notes: tuple[str, ...] = ()
    off_outcome: AttackOutcome | None = None
    damage: Dice | None = None
    off_hand: Dice | None = None
    damage_modifier: int = 0
    target_strength: int = 0
    temporary_blow: bool = False
    critical_from: int = 20
    helper_bonus: int | None = None
    concerted: int = 0
    unused: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        """Check every field (the ranges :func:`attack_action` can give)."""
        check_fields(
            self,
            bonus=MODIFIED_RANGE,
            defense=MODIFIED_RANGE,
            attacks=(1, 2),
            damage_modifier=(-10, 30),
            target_strength=STRENGTH_RANGE,
            critical_from=CRITICAL_RANGE,
            concerted=(0, 4),
        )
        if self.helper_bonus is not None:
            check_int(self.helper_bonus, "helper_bonus", *BONUS_RANGE)
        for name in ("lethal", "temporary"):
            dist = getattr(self, name)
            if dist.min_value < 0 or dist.max_value > 2 * MAX_TEMPORARY:
                raise RuleValueError(
                    M(
                        "{name} must be damage from 0 to {most}, got {least} to {greatest}",
                        name=name,
                        most=2 * MAX_TEMPORARY,
                        least=dist.min_value,
                        greatest=dist.max_value,
                    ),
                    field=name,
                )

    @property
    def expected_lethal(self) -> Fraction:
        """Expected lethal damage of the action."""
        return self.lethal.mean()

    @property
    def expected_temporary(self) -> Fraction:
        """Expected temporary damage of the action."""
        return self.temporary.mean()

    def roll(self, rng: random.Random, *, with_damage: bool = True) -> AttackRoll:
        """One seeded attack action: the helper's test if any, each attack, the damage."""
        return resolve_attack(self, rng, with_damage=with_damage)


def roll_attack(
    report: AttackReport, rng: random.Random, *, with_damage: bool = True
) -> AttackRoll:
    """Resolve ``report`` once with ``rng``: the helper's test if any, each attack, the damage.

    Exactly the rules that priced the report (see :mod:`.attack_roll`).

    Raises:
        RuleValueError: For a ``report`` that is no :class:`AttackReport`, an
            ``rng`` that is no ``random.Random``, a ``with_damage`` not a flag.

    Example:
        >>> roll_attack(attack_action(4, 14, attacker_conditions=["stunned"]), random.Random(1))
        AttackRoll(lines=('no attack: the attacker can take no action (stunned, paralysed or surprised)',), lethal=0, temporary=0)
    """
    if not isinstance(report, AttackReport):
        raise RuleValueError(
            M(
                "{name} must be an AttackReport (from attack_report), got {got}",
                name="report",
                got=quote(report),
            ),
            field="report",
            value=report,
        )
    return resolve_attack(report, rng, with_damage=with_damage)


def _one_attack_damage(
    outcome: AttackOutcome, blow: Blow, target_strength: int, dice: Dice | None = None
) -> tuple[Distribution, Distribution]:
    """(lethal, temporary) damage distributions of one attack (``dice``: the off hand's)."""
    dice = dice or blow.damage  # type: ignore[assignment]
    modifier, temporary = blow.damage_modifier, blow.temporary
    normal = damage_distribution(dice, modifier)
    crit = damage_distribution(dice, modifier, critical=True)
    lethal: dict[int, Fraction] = {0: Fraction(0)}
    temp: dict[int, Fraction] = {0: Fraction(0)}
    if not temporary:
        lethal[0] += outcome.miss
        for dist, p in ((normal, outcome.normal_hit), (crit, outcome.critical)):
            for v, q in dist.pmf().items():
                lethal[v] = lethal.get(v, Fraction(0)) + p * q
        return _dist(lethal), Distribution.constant(0)
    # Non-lethal blow: the target's STR modifier comes off the temporary
    # damage; a critical failure becomes lethal doubled damage.
    lethal[0] += 1 - outcome.fumble
    temp[0] += outcome.miss
    for v, q in crit.pmf().items():
        lethal[v] = lethal.get(v, Fraction(0)) + outcome.fumble * q
    for dist, p in ((normal, outcome.normal_hit), (crit, outcome.critical)):
        for v, q in dist.pmf().items():
            # A critical may double past temporary_damage()'s 0-500 range.
            t = blow_temporary_damage(v, target_strength)
            temp[t] = temp.get(t, Fraction(0)) + p * q
    return _dist(lethal), _dist(temp)


def _dist(pmf: dict[int, Fraction]) -> Distribution:
    den = math.lcm(*(p.denominator for p in pmf.values()))
    return Distribution.from_weights({v: int(p * den) for v, p in pmf.items() if p})


def _check_kind_options(kind: AttackKind, given: Mapping[str, bool]) -> None:
    """Refuse an option that does not apply to this kind of attack."""
    for name in ("cover", "into_melee", "long_range"):
        if given.get(name) and not kind.at_range:
            raise RuleValueError(
                M("{name} applies to ranged or magic attacks, not to a melee attack", name=name),
                field=name,
            )
    if given.get("needs_sight") and kind is not AttackKind.MAGIC:
        raise RuleValueError(
            M(
                "{name} applies to magic attacks only (a spell that need not see its target)",
                name="needs_sight",
            ),
            field="needs_sight",
        )
    for name in ("concerted", "helper_bonus"):
        if given.get(name) and kind is not AttackKind.MELEE:
            raise RuleValueError(
                M(
                    "{name} helps a melee attack only: a concerted attack is a way of fighting in "
                    "melee (au contact)",
                    name=name,
                ),
                field=name,
            )


@dataclass(frozen=True)
class Situation:
    """The circumstances of one attack action: what changes its attack test or the DEF.

    Built from the enumerations' members or their names (``cover="partial"``);
    every field is checked, an error naming it.

    Attributes:
        kind: Melee, ranged or magic.
        cover: Target's cover (shots only).
        into_melee: Shooting at a target engaged in melee. Cover and shooting
            into melee describe the same obstacle (the source gives -5 when an
            ally masks the target, -2 otherwise, under both headings), so the
            worse of the two applies, not both.
        lighting: Heavy rain gives -2 to every attack; dim light -5 to attacks
            at range; total darkness makes the attacker blinded and forbids
            the magic attacks that need to see the target.
        long_range: Up to twice the range, -5 (shots and spells only).
        repeated: Earlier uses of the same limited ability on the same target
            this fight, -5 each (0 to 10).
        untrained_weapon: An untrained character (*PJ incompétent*) using a
            weapon he is not trained in: -3.
        untrained_shield: -3 (also to initiative, STR and DEX tests).
        untrained_armour: -3 (also to initiative, STR and DEX tests).
        forbidden_equipment: The untrained piece is also forbidden to the
            character's profile: the untrained -3 applies, and the character
            can use none of its abilities (no best of two d20, no wider
            critical range).
        defensive_action: The target's simple (+2 DEF) or total (+4) defense
            (none for a target surprised in round 1: it takes no action).
        first_round: Round 1 of the fight: *surprised* counts only then.
        stand_up_first: A knocked-down attacker spends the move action of
            the turn standing up, then attacks standing (no knocked-down -5).
        needs_sight: A magic attack's spell needs to see its target: in total
            darkness it is impossible (the source: only such spells). False:
            the spell is cast blind (the attacker blinded, -5). Magic only.

    Example:
        >>> Situation(kind="ranged", cover="partial").cover
        chroniques.Cover.PARTIAL
        >>> Situation(cover="partial")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: cover applies to ranged or magic attacks, not to a melee attack
    """

    kind: AttackKind = AttackKind.MELEE
    cover: Cover = Cover.NONE
    into_melee: IntoMelee = IntoMelee.NONE
    lighting: Lighting = Lighting.DAY
    long_range: bool = False
    repeated: int = 0
    untrained_weapon: bool = False
    untrained_shield: bool = False
    untrained_armour: bool = False
    forbidden_equipment: bool = False
    defensive_action: DefensiveAction = DefensiveAction.NONE
    first_round: bool = True
    stand_up_first: bool = False
    needs_sight: bool = True

    def __post_init__(self) -> None:
        """Read the enumerations' names, check every field and the options of the kind."""
        check_int(self.repeated, "repeated", 0, 10)
        for name in _SITUATION_FLAGS:
            check_bool(getattr(self, name), name)
        for name, cls in _SITUATION_ENUMS.items():
            object.__setattr__(self, name, _enum(getattr(self, name), cls, name))
        _check_kind_options(
            self.kind,
            {
                "cover": self.cover is not Cover.NONE,
                "into_melee": self.into_melee is not IntoMelee.NONE,
                "long_range": self.long_range,
                "needs_sight": not self.needs_sight,
            },
        )

    @property
    def untrained(self) -> bool:
        """Whether any piece of equipment is untrained."""
        return self.untrained_weapon or self.untrained_shield or self.untrained_armour


_SITUATION_FLAGS = (
    "long_range",
    "untrained_weapon",
    "untrained_shield",
    "untrained_armour",
    "forbidden_equipment",
    "first_round",
    "stand_up_first",
    "needs_sight",
)
_SITUATION_ENUMS: dict[str, type[Enum]] = {
    "kind": AttackKind,
    "cover": Cover,
    "into_melee": IntoMelee,
    "lighting": Lighting,
    "defensive_action": DefensiveAction,
}


def _dice(text: str | Dice, field: str) -> Dice:
    if not isinstance(text, (str, Dice)):
        raise RuleValueError(
            M(
                "{name} must be dice notation such as '1d6', got {got}",
                name=field,
                got=quote(text),
            ),
            field=field,
            value=text,
        )
    return damage_dice(text, field, field)


@dataclass(frozen=True)
class Blow:
    """How an attack action strikes: the weapons, their damage and their critical range.

    Damage dice are read from their notation (or given as :class:`~rulebook_py.dice.Dice`).

    Attributes:
        damage: Weapon damage dice (main hand).
        damage_modifier: Added to each hit's damage (STR in melee...), -10 to 30.
        off_hand: Off-hand weapon dice, at most 1d6: two-weapon fighting, two
            attacks on the d12 (melee only); None: one weapon.
        temporary: Strike to knock out (temporary damage): -2 unless
            ``suitable_weapon``.
        suitable_weapon: Bare hands, a club...: no -2 for temporary damage.
        critical_from: Natural face from which a d20 roll is critical.

    Example:
        >>> Blow("2d6", 3, off_hand="1d4").off_hand
        parse('1d4')
        >>> Blow(critical_from=12)
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: critical_from must be an integer from 15 to 20, got 12
    """

    damage: Dice | str = "1d8"
    damage_modifier: int = 0
    off_hand: Dice | str | None = None
    temporary: bool = False
    suitable_weapon: bool = False
    critical_from: int = 20

    def __post_init__(self) -> None:
        """Read the dice, check every field."""
        check_int(self.critical_from, "critical_from", *CRITICAL_RANGE)
        check_int(self.damage_modifier, "damage_modifier", -10, 30)
        check_bool(self.temporary, "temporary")
        check_bool(self.suitable_weapon, "suitable_weapon")
        object.__setattr__(self, "damage", _dice(self.damage, "damage"))
        if self.off_hand is not None:
            object.__setattr__(self, "off_hand", _dice(self.off_hand, "off_hand"))

    @property
    def knock_out_penalty(self) -> bool:
        """Whether the blow takes the -2 of knocking out without a suitable weapon."""
        return self.temporary and not self.suitable_weapon


def attack_modifiers(
    situation: Situation,
    blow: Blow,
    attacker: ConditionEffects,
    defender: ConditionEffects,
) -> tuple[tuple[tuple[Msg, int], ...], tuple[tuple[Msg, int], ...]]:
    """The modifiers of an attack test, ``(what, value)``: the attack's, then the DEF's.

    ``attacker`` and ``defender`` are the sides' combined conditions
    (:func:`~.conditions.combine_conditions`); a concerted bonus is not here
    (it goes to one attack only: :func:`attack_action`).

    Example:
        >>> attack_modifiers(Situation(lighting="heavy rain", defensive_action="simple"), Blow(), ConditionEffects(), ConditionEffects())
        ((('heavy rain', -2),), (('DEF: défense simple', 2),))
    """
    check_type(situation, Situation, "situation", M("a Situation"))
    check_type(blow, Blow, "blow", M("a Blow"))
    check_type(attacker, ConditionEffects, "attacker", M("a ConditionEffects"))
    check_type(defender, ConditionEffects, "defender", M("a ConditionEffects"))
    s = situation
    mods: list[tuple[Msg, int]] = []
    condition = attacker.ranged_attack if s.kind.condition_ranged else attacker.melee_attack
    if condition:
        mods.append((M("attacker's conditions"), condition))
    if s.kind.at_range:
        shot = min(s.cover.modifier, s.into_melee.modifier)
        if shot:
            mods.append((M("cover / shooting into melee (worse of the two)"), shot))
        if s.long_range:
            mods.append((M("long range (up to twice the range)"), LONG_RANGE))
        if s.lighting is Lighting.DIM:
            mods.append((M("dim light, attack at range"), DIM_LIGHT))
    if s.lighting is Lighting.HEAVY_RAIN:
        mods.append((M("heavy rain"), HEAVY_RAIN))
    if s.repeated:
        mods.append((M("ability repeated {n}×", n=s.repeated), REPEATED * s.repeated))
    untrained_gear = (
        (s.untrained_weapon, M("untrained weapon"), M("forbidden weapon")),
        (s.untrained_shield, M("untrained shield"), M("forbidden shield")),
        (s.untrained_armour, M("untrained armour"), M("forbidden armour")),
    )
    for worn, plain_name, forbidden_name in untrained_gear:
        if worn:
            mods.append((forbidden_name if s.forbidden_equipment else plain_name, UNTRAINED))
    if blow.knock_out_penalty:
        mods.append((M("temporary damage without a suitable weapon"), KNOCK_OUT_PENALTY))
    def_mods: list[tuple[Msg, int]] = []
    if s.defensive_action is DefensiveAction.SIMPLE:
        def_mods.append((M("DEF: défense simple"), s.defensive_action.bonus))
    elif s.defensive_action is DefensiveAction.TOTAL:
        def_mods.append((M("DEF: défense totale"), s.defensive_action.bonus))
    if defender.defense:
        def_mods.append((M("DEF: defender's conditions"), defender.defense))
    return tuple(mods), tuple(def_mods)


def _check_concerted(concerted: object, helper_bonus: object) -> None:
    if isinstance(concerted, bool) or concerted not in (0, CONCERTED_BONUS, CONCERTED_BIG_BONUS):
        raise RuleValueError(
            M("{name} must be 0, +2 or +4, got {got}", name="concerted", got=quote(concerted)),
            field="concerted",
            value=concerted,
        )
    if helper_bonus is not None:
        check_int(helper_bonus, "helper_bonus", *BONUS_RANGE)
        if concerted:
            raise RuleValueError(
                M(
                    "give either the concerted bonus already rolled or the {name}, not both",
                    name="helper_bonus",
                ),
                field="helper_bonus",
            )


def attack_action(
    bonus: int,
    defense: int,
    die: str | CheckDie = "d20",
    situation: Situation = Situation(),
    blow: Blow = Blow(),
    *,
    attacker_conditions: Iterable[str | Condition] = (),
    defender_conditions: Iterable[str | Condition] = (),
    target_strength: int = 0,
    concerted: int = 0,
    helper_bonus: int | None = None,
) -> AttackReport:
    """One attack action, exact: the conditions, the situation's modifiers, the odds, the damage.

    Args:
        bonus: Attack score before the modifiers, -30 to 40.
        defense: Target's DEF before the modifiers, 1 to 60.
        die: ``"d20"``, ``"2d20kh1"``, ``"d12"`` or ``"2d12kh1"``.
        situation: The circumstances (:class:`Situation`).
        blow: The weapons and their damage (:class:`Blow`).
        attacker_conditions: Harmful conditions of the attacker.
        defender_conditions: Harmful conditions of the target.
        target_strength: Target's STR modifier (comes off temporary damage).
        concerted: Bonus from a helper's concerted attack already rolled: 0,
            2 or 4 (melee attacks only). It goes to the next attack test only
            (with two weapons, the main hand's).
        helper_bonus: The helper's melee attack score, when the helper's
            concerted attack is still to be rolled: the next attack's chances
            are then the exact mixture over the helper's +0, +2 and +4 (the
            helper rolls a d20, once). Melee attacks only; not with ``concerted``.

    Raises:
        RuleValueError: With ``field`` set to the argument at fault.

    Example:
        >>> attack_action(4, 14, situation=Situation("ranged", "masked_by_ally", "engaged")).bonus
        -1
    """
    check_int(bonus, "bonus", *BONUS_RANGE)
    check_int(defense, "defense", *DEFENSE_RANGE)
    check_int(target_strength, "target_strength", *STRENGTH_RANGE)
    check_type(situation, Situation, "situation", M("a Situation"))
    check_type(blow, Blow, "blow", M("a Blow"))
    _check_concerted(concerted, helper_bonus)
    base_die = CheckDie.from_text(die)
    s = situation
    attackers = set(condition_set(attacker_conditions, "attacker_conditions"))
    defenders = set(condition_set(defender_conditions, "defender_conditions"))
    if s.forbidden_equipment:
        check_forbidden(s.untrained, base_die, blow.critical_from)
    help_given = {"concerted": bool(concerted), "helper_bonus": helper_bonus is not None}
    _check_kind_options(s.kind, help_given)
    two_weapons = blow.off_hand is not None
    notes: list[Msg] = []
    if s.lighting is Lighting.DARKNESS and Condition.BLINDED not in attackers:
        attackers.add(Condition.BLINDED)
        notes.append(M("total darkness: the attacker counts as blinded"))
    if s.stand_up_first:
        check_stand_up(attackers, two_weapons)
        attackers.discard(Condition.KNOCKED_DOWN)
        notes.append(
            M(
                "the move action is spent standing up: the attack is made standing, "
                "without the knocked-down -5"
            )
        )
    att = combine_conditions(attackers, first_round=s.first_round, field="attacker_conditions")
    dfn = combine_conditions(defenders, first_round=s.first_round, field="defender_conditions")
    if s.defensive_action.bonus and Condition.SURPRISED in defenders and s.first_round:
        raise RuleValueError(
            M(
                "{name} must be none: a target surprised in round 1 takes no action, "
                "a defense action included",
                name="defensive_action",
            ),
            field="defensive_action",
        )
    roll_die = att.die(base_die)
    off = None
    if blow.off_hand is not None:
        off = check_two_weapons(att, s.kind is AttackKind.MELEE, blow.off_hand)  # type: ignore[arg-type]
        roll_die = base_die.under_d12_rule
        notes.append(M("two-weapon fighting (a limited action): two attacks, each on the d12"))
    mods, def_mods = attack_modifiers(s, blow, att, dfn)
    plain_bonus = bonus + sum(v for _, v in mods)
    if concerted:
        mods += ((M("concerted attack (next attack only)"), concerted),)
    total_def = defense + sum(v for _, v in def_mods)
    impossible: Msg | None = None
    if not att.can_act:
        impossible = M("the attacker can take no action (stunned, paralysed or surprised)")
    elif s.kind is AttackKind.MAGIC and s.lighting is Lighting.DARKNESS and s.needs_sight:
        impossible = M("magic attacks that need to see the target are impossible in the dark")
    off_outcome = None
    critical_from = blow.critical_from
    if impossible is not None:
        notes.append(impossible)
        outcome = AttackOutcome(Fraction(0), Fraction(0), Fraction(0), roll_die)
        lethal = temp = Distribution.constant(0)
    else:
        plain = check_odds(plain_bonus, total_def, roll_die, critical_from=critical_from)
        if dfn.auto_critical_against:
            plain = AttackOutcome(Fraction(1), Fraction(1), Fraction(0), roll_die)
            outcome = plain
            notes.append(M("the target is paralysed: the attack hits automatically, as a critical"))
        elif helper_bonus is not None:
            outcome = _helped(plain_bonus, total_def, roll_die, critical_from, helper_bonus, notes)
        else:
            outcome = check_odds(
                plain_bonus + concerted, total_def, roll_die, critical_from=critical_from
            )
        lethal, temp = _one_attack_damage(outcome, blow, target_strength)
        if off is not None:
            # The off hand's attack: no concerted bonus (it went to the first attack),
            # and independent of it, so the damages add up.
            off_outcome = plain
            l2, t2 = _one_attack_damage(plain, blow, target_strength, off)
            lethal, temp = lethal + l2, temp + t2
            if concerted or helper_bonus is not None:
                notes.append(M("the concerted bonus goes to the main hand's attack only"))
        if att.must_stand:
            notes.append(
                M(
                    "an attacker on the ground attacks at -5, unless it spends its move action "
                    "standing up first"
                )
            )
    return AttackReport(
        plain_bonus + concerted,
        total_def,
        roll_die,
        (*mods, *def_mods),
        outcome,
        2 if two_weapons else 1,
        lethal,
        temp,
        impossible is None,
        tuple(notes),
        off_outcome,
        blow.damage,  # type: ignore[arg-type]
        off,
        blow.damage_modifier,
        target_strength,
        blow.temporary,
        critical_from,
        helper_bonus,
        concerted,
    )


def _helped(
    bonus: int, defense: int, die: CheckDie, critical_from: int, helper: int, notes: list[Msg]
) -> AttackOutcome:
    """The next attack after a helper's concerted attack still to roll (exact mixture)."""
    odds = concerted_attack(helper)
    parts = [
        (p, check_odds(bonus + extra, defense, die, critical_from=critical_from))
        for extra, p in (
            (0, odds.none),
            (CONCERTED_BONUS, odds.plus_two),
            (CONCERTED_BIG_BONUS, odds.plus_four),
        )
    ]
    notes.append(
        M(
            "concerted attack: the helper (attack {helper:+d}, against 15) gives +2 "
            "with probability {two}, +4 with probability {four}",
            helper=helper,
            two=odds.plus_two,
            four=odds.plus_four,
        )
    )
    return AttackOutcome(
        sum((p * o.hit for p, o in parts), Fraction(0)),
        sum((p * o.critical for p, o in parts), Fraction(0)),
        sum((p * o.fumble for p, o in parts), Fraction(0)),
        die,
    )


@dataclass(frozen=True)
class SituationModifier:
    """One line of the attack test's situation modifiers, and the call that applies it.

    Attributes:
        situation: What the attacker faces (a message).
        modifier: What it adds to the attack test.
        applies: To which attacks (a message).
        kind: The kind of attack the line is shown with (melee, ranged or magic).
        keywords: The keywords that apply it (beside ``kind``): fields of a
            :class:`Situation` or a :class:`Blow`, and keywords of the
            calculator's :func:`rulebook_py.outcomes.chroniques.attack_report`.

    Example:
        >>> line = SituationModifier("heavy rain", -2, "every attack", "melee", {"lighting": "heavy rain"})
        >>> attack_action(0, 10, situation=Situation(line.kind, **line.keywords)).bonus
        -2
    """

    situation: str
    modifier: int
    applies: str
    kind: str
    keywords: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        """Check every field."""
        check_fields(self, modifier=(-50, 50))
        _enum(self.kind, AttackKind, "kind")


def situation_modifiers() -> tuple[SituationModifier, ...]:
    """The attack test's situation modifiers, each with the call that applies it.

    Cover, shooting into melee, light and long range, and the optional repeated
    effects (*effets répétés*): -5 for each reuse of a limited ability on the
    same target in the same fight.

    The quick reference prints these lines; each one's ``keywords`` given to
    :func:`rulebook_py.outcomes.chroniques.attack_report` (with its ``kind``)
    change the attack score by its ``modifier`` exactly. (A concerted attack's bonus has its own table:
    :func:`~.special.concerted_attack`.)

    Example:
        >>> [(m.keywords, m.modifier) for m in situation_modifiers()][:2]
        [({'cover': 'partial'}, -2), ({'cover': 'masked_by_ally'}, -5)]
    """
    shots = M("ranged and magic attacks")
    every = M("every attack")
    melee_magic = M("melee and magic attacks")
    return (
        SituationModifier(
            M("target in cover (à couvert)"),
            Cover.PARTIAL.modifier,
            shots,
            "ranged",
            {"cover": "partial"},
        ),
        SituationModifier(
            M("an ally masks the target"),
            Cover.MASKED_BY_ALLY.modifier,
            shots,
            "ranged",
            {"cover": "masked_by_ally"},
        ),
        SituationModifier(
            M("target engaged in melee"),
            IntoMelee.ENGAGED.modifier,
            shots,
            "ranged",
            {"into_melee": "engaged"},
        ),
        SituationModifier(
            M("target engaged in melee, on the shooter's side"),
            IntoMelee.NEAR_SIDE.modifier,
            shots,
            "ranged",
            {"into_melee": "near_side"},
        ),
        SituationModifier(
            M("long range, up to twice the range (portée longue)"),
            LONG_RANGE,
            shots,
            "ranged",
            {"long_range": True},
        ),
        SituationModifier(
            M("dim light (pénombre)"), DIM_LIGHT, shots, "ranged", {"lighting": "dim light"}
        ),
        SituationModifier(
            M("heavy rain (pluies fortes)"), HEAVY_RAIN, every, "melee", {"lighting": "heavy rain"}
        ),
        SituationModifier(
            M("total darkness (noir total): the attacker is blinded"),
            Condition.BLINDED.effects.melee_attack,
            melee_magic,
            "melee",
            {"lighting": "total darkness"},
        ),
        SituationModifier(
            M("total darkness, a ranged attack"),
            Condition.BLINDED.effects.ranged_attack,
            M("ranged attacks"),
            "ranged",
            {"lighting": "total darkness"},
        ),
        SituationModifier(
            M("untrained weapon, shield or armour (each)"),
            UNTRAINED,
            every,
            "melee",
            {"untrained_weapon": True},
        ),
        SituationModifier(
            M("a limited ability used again on the same target (each time)"),
            REPEATED,
            every,
            "melee",
            {"repeated": 1},
        ),
        SituationModifier(
            M("striking to knock out without a suitable weapon"),
            KNOCK_OUT_PENALTY,
            every,
            "melee",
            {"temporary": True},
        ),
    )
