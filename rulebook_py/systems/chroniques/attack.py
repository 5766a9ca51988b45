"""Chroniques Oubliées: attack modifiers, conditions, two weapons, and the attack report.

:func:`attack_report` puts every rule of an attack together: the attacker's
and the defender's conditions, the situation modifiers (cover, light, range,
untrained or forbidden equipment, non-lethal blows, a concerted attack's
bonus), the defender's defensive action, two-weapon fighting, and the damage,
doubled on a critical. The answer is exact, and the report rolls itself
(:meth:`AttackReport.roll`).

Example:
    >>> r = attack_report(4, 14, damage="1d8", damage_modifier=3)
    >>> r.outcome.hit, r.expected_lethal
    (Fraction(11, 20), Fraction(9, 2))
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from ...dice import Dice
from ...distribution import Distribution
from ...errors import RuleValueError, check_int, quote
from .attack_limits import check_forbidden, check_stand_up, check_two_weapons
from .attack_roll import AttackRoll, roll_attack
from .conditions import Condition, combine_conditions, condition_set
from .core import (
    BONUS_RANGE,
    DEFENSE_RANGE,
    AttackOutcome,
    CheckDie,
    ModifierEnum,
    NamedEnum,
    check_flag,
    check_odds,
)
from .damage import damage_distribution
from .damage_dice import damage_dice
from .special import concerted_attack

__all__ = [
    "AttackKind",
    "AttackReport",
    "Cover",
    "DefensiveAction",
    "IntoMelee",
    "Lighting",
    "attack_report",
]


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


class Cover(ModifierEnum):
    """Cover (*à couvert*) of the target of a shot.

    Example:
        >>> Cover.MASKED_BY_ALLY.modifier
        -5
    """

    NONE = (0, "aucun")
    PARTIAL = (-2, "à couvert")
    MASKED_BY_ALLY = (-5, "un allié masque la cible")


class IntoMelee(ModifierEnum):
    """Shooting at a target engaged in melee (*cible engagée au corps à corps*).

    Example:
        >>> IntoMelee.NEAR_SIDE.modifier
        -2
    """

    NONE = (0, "non")
    ENGAGED = (-5, "cible engagée au corps à corps")
    NEAR_SIDE = (-2, "cible du côté du tireur")


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


def _enum(value: object, cls: type[Enum], field: str) -> Enum:
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
    raise RuleValueError(f"{field} must be one of {allowed}, got {quote(value)}", field=field)


@dataclass(frozen=True)
class AttackReport:
    """Everything about one attack action, exact, and its own seeded roll.

    Attributes:
        bonus: The attack score after every modifier (of the first attack).
        defense: The target's DEF after every modifier.
        die: The die rolled (after the d12 rule).
        modifiers: ``(what, value)`` for each modifier applied, attack then DEF.
        outcome: Chances of the (first) attack; a concerted bonus counts here only.
        attacks: Number of attacks (1, or 2 with two weapons).
        lethal: Distribution of lethal damage dealt by the whole action.
        temporary: Distribution of temporary damage dealt by the whole action.
        possible: False when the attacker can take no action.
        notes: Explanations (why impossible, automatic criticals, etc.).
        off_outcome: Chances of the off-hand attack (two weapons), else None.
        damage: Main-hand damage dice; ``off_hand``: the off hand's (or None).
        damage_modifier, target_strength, temporary_blow, critical_from,
        helper_bonus, concerted: What the roll needs (as given).

    Example:
        >>> attack_report(4, 14, attacker_conditions=["stunned"]).possible
        False
        >>> attack_report(4, 14).roll(random.Random(1)).lines
        ('1d20 [5] + 4 = 9 vs 14: failure',)
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
        return roll_attack(self, rng, with_damage=with_damage)


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
            # Not temporary_damage(): a critical may double past its 0-500 range.
            t = max(0, v - target_strength)
            temp[t] = temp.get(t, Fraction(0)) + p * q
    return _dist(lethal), _dist(temp)


def _dist(pmf: dict[int, Fraction]) -> Distribution:
    den = math.lcm(*(p.denominator for p in pmf.values()))
    return Distribution.from_weights({v: int(p * den) for v, p in pmf.items() if p})


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
            magic attacks (which need to see the target).
        long_range: Up to twice the range, -5 (shots and spells only).
        repeated: Earlier uses of the same limited ability on the same target
            this fight, -5 each (0 to 10).
        untrained_weapon: -3.
        untrained_shield: -3 (also to initiative, STR and DEX tests).
        untrained_armour: -3 (also to initiative, STR and DEX tests).
        forbidden_equipment: The untrained piece ticked is also forbidden to
            the character's profile: the untrained -3 applies, and the
            character can use none of its abilities (no best of two d20, no
            wider critical range).
        temporary: Strike to knock out (temporary damage): -2 unless
            ``suitable_weapon``.
        suitable_weapon: Bare hands, a club...: no -2 for temporary damage.
        concerted: Bonus from a helper's concerted attack already rolled: 0,
            2 or 4. It goes to the next attack test only (with two weapons,
            the main hand's).
        helper_bonus: The helper's melee attack score, when the helper's
            concerted attack is still to be rolled: the next attack's chances
            are then the exact mixture over the helper's +0, +2 and +4 (the
            helper rolls a d20, once). Not with ``concerted``.
        defensive_action: The target's simple (+2 DEF) or total (+4) defence
            (none for a target surprised in round 1: it takes no action).
        attacker_conditions: Harmful conditions of the attacker.
        defender_conditions: Harmful conditions of the target.
        first_round: Round 1 of the fight: *surprised* counts only then.
        two_weapons: Two-weapon fighting: two attacks on the d12 (melee only).
        damage: Weapon damage dice (main hand).
        off_hand: Off-hand weapon dice, at most 1d6 (two weapons only).
        damage_modifier: Added to each hit's damage (STR in melee...).
        target_strength: Target's STR modifier (comes off temporary damage).
        critical_from: Natural face from which a d20 roll is critical.
        stand_up_first: A knocked-down attacker spends the move action of
            the turn standing up, then attacks standing (no knocked-down -5).

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
    check_int(target_strength, "target_strength", -5, 10)
    check_int(critical_from, "critical_from", 15, 20)
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
    )
    for name, flag in flags.items():
        check_flag(flag, name)
    if isinstance(concerted, bool) or concerted not in (0, 2, 4):
        raise RuleValueError(
            f"concerted must be 0, +2 or +4, got {quote(concerted)}", field="concerted"
        )
    if helper_bonus is not None:
        check_int(helper_bonus, "helper_bonus", *BONUS_RANGE)
        if concerted:
            raise RuleValueError(
                "give either the concerted bonus already rolled or the helper's attack score, "
                "not both",
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
            f"off_hand must be dice notation such as '1d6', got {quote(off_hand)}",
            field="off_hand",
        )
    attackers = set(condition_set(attacker_conditions, "attacker_conditions"))
    defenders = set(condition_set(defender_conditions, "defender_conditions"))
    if forbidden_equipment:
        untrained = untrained_weapon or untrained_shield or untrained_armour
        check_forbidden(untrained, base_die, critical_from)
    for name, flag in (
        ("cover", cover is not Cover.NONE),
        ("into_melee", into_melee is not IntoMelee.NONE),
        ("long_range", long_range),
    ):
        if flag and not kind.at_range:
            raise RuleValueError(
                f"{name} applies to ranged or magic attacks, not to a melee attack",
                field=name,
            )
    notes: list[str] = []
    if lighting is Lighting.DARKNESS and Condition.BLINDED not in attackers:
        attackers.add(Condition.BLINDED)
        notes.append("total darkness: the attacker counts as blinded")
    if stand_up_first:
        check_stand_up(attackers, two_weapons)
        attackers.discard(Condition.KNOCKED_DOWN)
        notes.append(
            "the move action is spent standing up: the attack is made standing, "
            "without the knocked-down -5"
        )
    att = combine_conditions(attackers, first_round=first_round, field="attacker_conditions")
    dfn = combine_conditions(defenders, first_round=first_round, field="defender_conditions")
    if defensive_action.bonus and Condition.SURPRISED in defenders and first_round:
        raise RuleValueError(
            "defensive_action must be none: a target surprised in round 1 takes no action, "
            "a defence action included",
            field="defensive_action",
        )
    roll_die = att.die(base_die)
    off = None
    if two_weapons:
        off = check_two_weapons(att, kind is AttackKind.MELEE, _dice(off_hand, "off_hand"))
        roll_die = base_die.under_d12_rule
        notes.append("two-weapon fighting (a limited action): two attacks, each on the d12")
    main = _dice(damage, "damage")

    mods: list[tuple[str, int]] = []
    attack_condition = att.ranged_attack if kind.condition_ranged else att.melee_attack
    if attack_condition:
        mods.append(("attacker's conditions", attack_condition))
    if kind.at_range:
        shot = min(cover.modifier, into_melee.modifier)
        if shot:
            mods.append(("cover / shooting into melee (worse of the two)", shot))
        if long_range:
            mods.append(("long range (up to twice the range)", -5))
        if lighting is Lighting.DIM:
            mods.append(("dim light, attack at range", -5))
    if lighting is Lighting.HEAVY_RAIN:
        mods.append(("heavy rain", -2))
    if repeated:
        mods.append((f"ability repeated {repeated}×", -5 * repeated))
    for name, what in (("weapon", untrained_weapon), ("shield", untrained_shield),
                       ("armour", untrained_armour)):  # fmt: skip
        if what:
            mods.append((f"{'forbidden' if forbidden_equipment else 'untrained'} {name}", -3))
    if temporary and not suitable_weapon:
        mods.append(("temporary damage without a suitable weapon", -2))
    def_mods: list[tuple[str, int]] = []
    if defensive_action.bonus:
        def_mods.append((f"DEF: {defensive_action.label.lower()}", defensive_action.bonus))
    if dfn.defense:
        def_mods.append(("DEF: defender's conditions", dfn.defense))
    plain_bonus = bonus + sum(v for _, v in mods)
    if concerted:
        mods.append(("concerted attack (next attack only)", concerted))
    total_def = defense + sum(v for _, v in def_mods)
    impossible = ""
    if not att.can_act:
        impossible = "the attacker can take no action (stunned, paralysed or surprised)"
    elif kind is AttackKind.MAGIC and lighting is Lighting.DARKNESS:
        impossible = "magic attacks that need to see the target are impossible in the dark"
    off_outcome = None
    if impossible:
        notes.append(impossible)
        outcome = AttackOutcome(Fraction(0), Fraction(0), Fraction(0), roll_die)
        lethal = temp = Distribution.constant(0)
    else:
        plain = check_odds(plain_bonus, total_def, roll_die, critical_from=critical_from)
        if dfn.auto_critical_against:
            plain = AttackOutcome(Fraction(1), Fraction(1), Fraction(0), roll_die)
            outcome = plain
            notes.append("the target is paralysed: the attack hits automatically, as a critical")
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
                notes.append("the concerted bonus goes to the main hand's attack only")
        if att.must_stand:
            notes.append(
                "an attacker on the ground attacks at -5, or spends the move action standing "
                "up first (tick that box)"
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
        not impossible,
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
    bonus: int, defense: int, die: CheckDie, critical_from: int, helper: int, notes: list[str]
) -> AttackOutcome:
    """The next attack after a helper's concerted attack still to roll (exact mixture)."""
    odds = concerted_attack(helper)
    parts = [
        (p, check_odds(bonus + extra, defense, die, critical_from=critical_from))
        for extra, p in ((0, odds.none), (2, odds.plus_two), (4, odds.plus_four))
    ]
    notes.append(
        f"concerted attack: the helper (attack {helper:+d}, against 15) gives +2 "
        f"with probability {odds.plus_two}, +4 with probability {odds.plus_four}"
    )
    return AttackOutcome(
        sum((p * o.hit for p, o in parts), Fraction(0)),
        sum((p * o.critical for p, o in parts), Fraction(0)),
        sum((p * o.fumble for p, o in parts), Fraction(0)),
        die,
    )
