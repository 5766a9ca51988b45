"""Chroniques Oubliées: attack modifiers, conditions, two weapons, and the attack report.

:func:`attack_report` puts every rule of an attack together: the attacker's
and the defender's conditions, the situation modifiers (cover, light, range,
untrained or forbidden equipment, non-lethal blows, a concerted attack's
bonus), the defender's defensive action, two-weapon fighting, and the damage,
doubled on a critical. The answer is exact, and the report rolls itself
(:meth:`AttackReport.roll`). :func:`situation_modifiers` lists the situation
modifiers with the call of :func:`attack_report` that applies each one (the
quick reference prints it).

Example:
    >>> r = attack_report(4, 14, damage="1d8", damage_modifier=3)
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
from ...errors import RuleValueError, check_int, quote
from ...labels import ModifierEnum, NamedEnum
from ...messages import Msg
from .attack_limits import check_forbidden, check_stand_up, check_two_weapons
from .attack_roll import AttackRoll, resolve_attack
from .conditions import Condition, combine_conditions, condition_set
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
    "Cover",
    "DefensiveAction",
    "IntoMelee",
    "Lighting",
    "SituationModifier",
    "attack_report",
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

    Example:
        >>> attack_report(4, 14, attacker_conditions=["stunned"]).possible
        False
        >>> attack_report(4, 14).roll(random.Random(1)).lines
        ('1d20 [5] + 4 = 9 vs 14: failure',)
        >>> AttackReport(4, 14, CheckDie.D20, (), check_odds(4, 14), 1, attack_report(4, 14).lethal, attack_report(4, 14).temporary).bonus
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

    def __post_init__(self) -> None:
        """Check every field (the ranges :func:`attack_report` can give)."""
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
        >>> roll_attack(attack_report(4, 14, attacker_conditions=["stunned"]), random.Random(1))
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
    outcome: AttackOutcome,
    dice: Dice,
    modifier: int,
    temporary: bool,
    target_strength: int,
) -> tuple[Distribution, Distribution]:
    """(lethal, temporary) damage distributions of one attack."""
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
        if given[name] and not kind.at_range:
            raise RuleValueError(
                M("{name} applies to ranged or magic attacks, not to a melee attack", name=name),
                field=name,
            )
    if given["needs_sight"] and kind is not AttackKind.MAGIC:
        raise RuleValueError(
            M(
                "{name} applies to magic attacks only (a spell that need not see its target)",
                name="needs_sight",
            ),
            field="needs_sight",
        )
    for name in ("concerted", "helper_bonus"):
        if given[name] and kind is not AttackKind.MELEE:
            raise RuleValueError(
                M(
                    "{name} helps a melee attack only: a concerted attack is a way of fighting in "
                    "melee (au contact)",
                    name=name,
                ),
                field=name,
            )


def attack_report(
    bonus: int,
    defense: int,
    die: str | CheckDie = "d20",
    *,
    kind: AttackKind | str = AttackKind.MELEE,
    cover: Cover | str = Cover.NONE,
    into_melee: IntoMelee | str = IntoMelee.NONE,
    lighting: Lighting | str = Lighting.DAY,
    long_range: bool = False,
    repeated: int = 0,
    untrained_weapon: bool = False,
    untrained_shield: bool = False,
    untrained_armour: bool = False,
    forbidden_equipment: bool = False,
    temporary: bool = False,
    suitable_weapon: bool = False,
    concerted: int = 0,
    defensive_action: DefensiveAction | str = DefensiveAction.NONE,
    attacker_conditions: Iterable[str | Condition] = (),
    defender_conditions: Iterable[str | Condition] = (),
    first_round: bool = True,
    two_weapons: bool = False,
    damage: str | Dice = "1d8",
    off_hand: str | Dice = "1d6",
    damage_modifier: int = 0,
    target_strength: int = 0,
    critical_from: int = 20,
    stand_up_first: bool = False,
    helper_bonus: int | None = None,
    needs_sight: bool = True,
) -> AttackReport:
    """One attack action with every modifier of the chapter, exact.

    Args:
        bonus: Attack score before the modifiers below, -30 to 40.
        defense: Target's DEF before the modifiers below, 1 to 60.
        die: ``"d20"``, ``"2d20kh1"``, ``"d12"`` or ``"2d12kh1"``.
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
        forbidden_equipment: The untrained piece is also forbidden to
            the character's profile: the untrained -3 applies, and the
            character can use none of its abilities (no best of two d20, no
            wider critical range).
        temporary: Strike to knock out (temporary damage): -2 unless
            ``suitable_weapon``.
        suitable_weapon: Bare hands, a club...: no -2 for temporary damage.
        concerted: Bonus from a helper's concerted attack already rolled: 0,
            2 or 4 (melee attacks only). It goes to the next attack test only
            (with two weapons, the main hand's).
        helper_bonus: The helper's melee attack score, when the helper's
            concerted attack is still to be rolled: the next attack's chances
            are then the exact mixture over the helper's +0, +2 and +4 (the
            helper rolls a d20, once). Melee attacks only; not with ``concerted``.
        defensive_action: The target's simple (+2 DEF) or total (+4) defense
            (none for a target surprised in round 1: it takes no action).
        attacker_conditions: Harmful conditions of the attacker.
        defender_conditions: Harmful conditions of the target.
        first_round: Round 1 of the fight: *surprised* counts only then.
        two_weapons: Two-weapon fighting: two attacks on the d12 (melee only).
        damage: Weapon damage dice (main hand).
        off_hand: Off-hand weapon dice, at most 1d6 (read with two weapons only).
        damage_modifier: Added to each hit's damage (STR in melee...).
        target_strength: Target's STR modifier (comes off temporary damage).
        critical_from: Natural face from which a d20 roll is critical.
        stand_up_first: A knocked-down attacker spends the move action of
            the turn standing up, then attacks standing (no knocked-down -5).
        needs_sight: A magic attack's spell needs to see its target: in total
            darkness it is impossible (the source: only such spells). False:
            the spell is cast blind (the attacker blinded, -5). Magic only.

    Raises:
        RuleValueError: With ``field`` set to the argument at fault.

    Example:
        >>> r = attack_report(4, 14, kind="ranged", cover="masked_by_ally", into_melee="engaged")
        >>> r.bonus, r.outcome.hit
        (-1, Fraction(3, 10))
    """
    check_int(bonus, "bonus", *BONUS_RANGE)
    check_int(defense, "defense", *DEFENSE_RANGE)
    check_int(repeated, "repeated", 0, 10)
    check_int(target_strength, "target_strength", *STRENGTH_RANGE)
    check_int(critical_from, "critical_from", *CRITICAL_RANGE)
    check_int(damage_modifier, "damage_modifier", -10, 30)
    flags = dict(
        long_range=long_range,
        untrained_weapon=untrained_weapon,
        untrained_shield=untrained_shield,
        untrained_armour=untrained_armour,
        forbidden_equipment=forbidden_equipment,
        temporary=temporary,
        suitable_weapon=suitable_weapon,
        first_round=first_round,
        two_weapons=two_weapons,
        stand_up_first=stand_up_first,
        needs_sight=needs_sight,
    )
    for name, flag in flags.items():
        check_bool(flag, name)
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
    kind = _enum(kind, AttackKind, "kind")
    cover = _enum(cover, Cover, "cover")
    into_melee = _enum(into_melee, IntoMelee, "into_melee")
    lighting = _enum(lighting, Lighting, "lighting")
    defensive_action = _enum(defensive_action, DefensiveAction, "defensive_action")
    base_die = CheckDie.from_text(die)
    if not isinstance(off_hand, (str, Dice)):
        raise RuleValueError(
            M(
                "{name} must be dice notation such as '1d6', got {got}",
                name="off_hand",
                got=quote(off_hand),
            ),
            field="off_hand",
            value=off_hand,
        )
    attackers = set(condition_set(attacker_conditions, "attacker_conditions"))
    defenders = set(condition_set(defender_conditions, "defender_conditions"))
    if forbidden_equipment:
        untrained = untrained_weapon or untrained_shield or untrained_armour
        check_forbidden(untrained, base_die, critical_from)
    _check_kind_options(
        kind,
        {
            "cover": cover is not Cover.NONE,
            "into_melee": into_melee is not IntoMelee.NONE,
            "long_range": long_range,
            "needs_sight": not needs_sight,
            "concerted": bool(concerted),
            "helper_bonus": helper_bonus is not None,
        },
    )
    notes: list[Msg] = []
    if lighting is Lighting.DARKNESS and Condition.BLINDED not in attackers:
        attackers.add(Condition.BLINDED)
        notes.append(M("total darkness: the attacker counts as blinded"))
    if stand_up_first:
        check_stand_up(attackers, two_weapons)
        attackers.discard(Condition.KNOCKED_DOWN)
        notes.append(
            M(
                "the move action is spent standing up: the attack is made standing, "
                "without the knocked-down -5"
            )
        )
    att = combine_conditions(attackers, first_round=first_round, field="attacker_conditions")
    dfn = combine_conditions(defenders, first_round=first_round, field="defender_conditions")
    if defensive_action.bonus and Condition.SURPRISED in defenders and first_round:
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
    if two_weapons:
        off = check_two_weapons(att, kind is AttackKind.MELEE, _dice(off_hand, "off_hand"))
        roll_die = base_die.under_d12_rule
        notes.append(M("two-weapon fighting (a limited action): two attacks, each on the d12"))
    main = _dice(damage, "damage")

    mods: list[tuple[Msg, int]] = []
    attack_condition = att.ranged_attack if kind.condition_ranged else att.melee_attack
    if attack_condition:
        mods.append((M("attacker's conditions"), attack_condition))
    if kind.at_range:
        shot = min(cover.modifier, into_melee.modifier)
        if shot:
            mods.append((M("cover / shooting into melee (worse of the two)"), shot))
        if long_range:
            mods.append((M("long range (up to twice the range)"), LONG_RANGE))
        if lighting is Lighting.DIM:
            mods.append((M("dim light, attack at range"), DIM_LIGHT))
    if lighting is Lighting.HEAVY_RAIN:
        mods.append((M("heavy rain"), HEAVY_RAIN))
    if repeated:
        mods.append((M("ability repeated {n}×", n=repeated), REPEATED * repeated))
    untrained_gear = (
        (untrained_weapon, M("untrained weapon"), M("forbidden weapon")),
        (untrained_shield, M("untrained shield"), M("forbidden shield")),
        (untrained_armour, M("untrained armour"), M("forbidden armour")),
    )
    for worn, plain_name, forbidden_name in untrained_gear:
        if worn:
            mods.append((forbidden_name if forbidden_equipment else plain_name, UNTRAINED))
    if temporary and not suitable_weapon:
        mods.append((M("temporary damage without a suitable weapon"), KNOCK_OUT_PENALTY))
    def_mods: list[tuple[Msg, int]] = []
    if defensive_action is DefensiveAction.SIMPLE:
        def_mods.append((M("DEF: défense simple"), defensive_action.bonus))
    elif defensive_action is DefensiveAction.TOTAL:
        def_mods.append((M("DEF: défense totale"), defensive_action.bonus))
    if dfn.defense:
        def_mods.append((M("DEF: defender's conditions"), dfn.defense))
    plain_bonus = bonus + sum(v for _, v in mods)
    if concerted:
        mods.append((M("concerted attack (next attack only)"), concerted))
    total_def = defense + sum(v for _, v in def_mods)
    impossible: Msg | None = None
    if not att.can_act:
        impossible = M("the attacker can take no action (stunned, paralysed or surprised)")
    elif kind is AttackKind.MAGIC and lighting is Lighting.DARKNESS and needs_sight:
        impossible = M("magic attacks that need to see the target are impossible in the dark")
    off_outcome = None
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
        lethal, temp = _one_attack_damage(
            outcome, main, damage_modifier, temporary, target_strength
        )
        if off is not None:
            # The off hand's attack: no concerted bonus (it went to the first attack),
            # and independent of it, so the damages add up.
            off_outcome = plain
            l2, t2 = _one_attack_damage(plain, off, damage_modifier, temporary, target_strength)
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
        main,
        off,
        damage_modifier,
        target_strength,
        temporary,
        critical_from,
        helper_bonus,
        concerted,
    )


def _dice(text: str | Dice, field: str) -> Dice:
    return damage_dice(text, field, field)


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
        keywords: The :func:`attack_report` keywords that apply it (beside ``kind``).

    Example:
        >>> line = SituationModifier("heavy rain", -2, "every attack", "melee", {"lighting": "heavy rain"})
        >>> attack_report(0, 10, kind=line.kind, **line.keywords).bonus
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
    :func:`attack_report` (with its ``kind``) change the attack score by its
    ``modifier`` exactly. (A concerted attack's bonus has its own table:
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
