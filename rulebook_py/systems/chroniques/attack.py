"""Chroniques Oubliées: attack modifiers, special attacks, damage and knock-outs.

:func:`attack_report` puts every rule of an attack together: the attacker's
and the defender's conditions, the situation modifiers (cover, light, range,
untrained equipment, non-lethal blows, a concerted attack's bonus), the
defender's defensive action, two-weapon fighting, and the damage, doubled on
a critical. The answer is exact.

Example:
    >>> r = attack_report(4, 14, damage="1d8", damage_modifier=3)
    >>> r.outcome.hit, r.expected_lethal
    (Fraction(11, 20), Fraction(9, 2))
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from ...dice import Dice
from ...distribution import Distribution
from ...errors import RuleValueError, check_int
from .conditions import Condition, combine_conditions
from .core import (
    BONUS_RANGE,
    DEFENSE_RANGE,
    AttackOutcome,
    CheckDie,
    ModifierEnum,
    NamedEnum,
    check_odds,
)
from .damage_dice import damage_dice

__all__ = [
    "AttackKind",
    "AttackReport",
    "ConcertedOdds",
    "Cover",
    "DefensiveAction",
    "IntoMelee",
    "KnockOut",
    "Lighting",
    "apply_damage",
    "attack_report",
    "care_odds",
    "concerted_attack",
    "damage_distribution",
    "knock_out",
    "knock_out_minutes",
    "magic_defense",
    "opposed_magic_attack",
    "temporary_damage",
    "unarmed_damage",
    "with_concerted",
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


def _dice(text: str | Dice, field: str) -> Dice:
    return damage_dice(text, field, field)


def damage_distribution(
    dice: str | Dice, modifier: int = 0, *, critical: bool = False
) -> Distribution:
    """Damage of one hit: weapon dice plus modifier (never below 0), doubled on a critical.

    Example:
        >>> damage_distribution("1d4", 1, critical=True).weights()
        {4: 1, 6: 1, 8: 1, 10: 1}
    """
    check_int(modifier, "damage_modifier", -10, 30)
    base = _dice(dice, "damage").distribution + modifier
    return base.map(lambda v: max(0, v) * (2 if critical else 1))


def unarmed_damage(strength: int) -> Distribution:
    """Bare-handed damage without a special ability: 1d4 + STR modifier, always temporary.

    Example:
        >>> unarmed_damage(1).weights()
        {2: 1, 3: 1, 4: 1, 5: 1}
    """
    check_int(strength, "strength", -5, 10)
    return damage_distribution("1d4", strength)


def _enum(value: object, cls: type[Enum], field: str) -> Enum:
    if isinstance(value, cls):
        return value
    for member in cls:
        if value in (member.name, member.name.lower(), getattr(member, "english", None)):
            return member
    allowed = ", ".join(m.name.lower() for m in cls)
    raise RuleValueError(f"{field} must be one of {allowed}, got {value!r}", field=field)


@dataclass(frozen=True)
class AttackReport:
    """Everything about one attack action, exact.

    Attributes:
        bonus: The attack score after every modifier.
        defense: The target's DEF after every modifier.
        die: The die rolled (after the d12 rule).
        modifiers: ``(what, value)`` for each modifier applied, attack then DEF.
        outcome: Chances of each attack (two-weapon fighting makes two).
        attacks: Number of attacks (1, or 2 with two weapons).
        lethal: Distribution of lethal damage dealt by the whole action.
        temporary: Distribution of temporary damage dealt by the whole action.
        possible: False when the attacker can take no action.
        notes: Explanations (why impossible, automatic criticals, etc.).

    Example:
        >>> attack_report(4, 14, attacker_conditions=["stunned"]).possible
        False
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

    @property
    def expected_lethal(self) -> Fraction:
        """Expected lethal damage of the action."""
        return self.lethal.mean()

    @property
    def expected_temporary(self) -> Fraction:
        """Expected temporary damage of the action."""
        return self.temporary.mean()


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
    temporary: bool = False,
    suitable_weapon: bool = False,
    concerted: int = 0,
    defensive_action: DefensiveAction | str = DefensiveAction.NONE,
    attacker_conditions: Iterable[str | Condition] = (),
    defender_conditions: Iterable[str | Condition] = (),
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
        temporary: Strike to knock out (temporary damage): -2 unless
            ``suitable_weapon``.
        suitable_weapon: Bare hands, a club...: no -2 for temporary damage.
        concerted: Bonus from a helper's concerted attack already rolled: 0, 2 or 4.
        helper_bonus: The helper's melee attack score, when the helper's
            concerted attack is still to be rolled: the partner's chances are
            then the exact mixture over the helper's +0, +2 and +4 (the
            helper rolls a d20). Not with ``concerted``.
        defensive_action: The target's simple (+2 DEF) or total (+4) defence.
        attacker_conditions: Harmful conditions of the attacker.
        defender_conditions: Harmful conditions of the target (round 1).
        two_weapons: Two-weapon fighting: two attacks on the d12.
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
    if concerted not in (0, 2, 4) or isinstance(concerted, bool):
        raise RuleValueError(f"concerted must be 0, +2 or +4, got {concerted!r}", field="concerted")
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
    attackers = {Condition.from_text(c, "attacker_conditions") for c in _iter(attacker_conditions)}
    defenders = {Condition.from_text(c, "defender_conditions") for c in _iter(defender_conditions)}
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
        _check_stand_up(attackers, two_weapons)
        attackers.discard(Condition.KNOCKED_DOWN)
        notes.append(
            "the move action is spent standing up: the attack is made standing, "
            "without the knocked-down -5"
        )
    att = combine_conditions(attackers, field="attacker_conditions")
    dfn = combine_conditions(defenders, field="defender_conditions")
    roll_die = att.die(base_die)
    if two_weapons:
        if not att.limited_allowed:
            raise RuleValueError(
                "two-weapon fighting is a limited action, and a slowed attacker's one "
                "action is an attack or a move",
                field="two_weapons",
            )
        if att.uses_d12:
            raise RuleValueError(
                "two-weapon fighting trades the d20 for the d12: a character already "
                "forced onto the d12 by a condition cannot use it",
                field="two_weapons",
            )
        if kind is not AttackKind.MELEE:
            raise RuleValueError("two-weapon fighting is a melee attack", field="two_weapons")
        off = _dice(off_hand, "off_hand")
        if off.max_value - off.min_value + 1 > 6 or off.min_value < 1 or off.max_value > 6:
            raise RuleValueError(
                f"the off-hand weapon must be a light weapon of at most 1d6 damage, "
                f"got {str(off)!r}",
                field="off_hand",
            )
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
    if untrained_weapon:
        mods.append(("untrained weapon", -3))
    if untrained_shield:
        mods.append(("untrained shield", -3))
    if untrained_armour:
        mods.append(("untrained armour", -3))
    if temporary and not suitable_weapon:
        mods.append(("temporary damage without a suitable weapon", -2))
    if concerted:
        mods.append(("concerted attack", concerted))
    def_mods: list[tuple[str, int]] = []
    if defensive_action.bonus:
        def_mods.append((f"DEF: {defensive_action.label.lower()}", defensive_action.bonus))
    if dfn.defense:
        def_mods.append(("DEF: defender's conditions", dfn.defense))
    total_bonus = bonus + sum(v for _, v in mods)
    total_def = defense + sum(v for _, v in def_mods)
    impossible = ""
    if not att.can_act:
        impossible = "the attacker can take no action (stunned, paralysed or surprised)"
    elif kind is AttackKind.MAGIC and lighting is Lighting.DARKNESS:
        impossible = "magic attacks that need to see the target are impossible in the dark"
    if impossible:
        notes.append(impossible)
        outcome = AttackOutcome(Fraction(0), Fraction(0), Fraction(0), roll_die)
        lethal = temp = Distribution.constant(0)
    else:
        if dfn.auto_critical_against:
            outcome = AttackOutcome(Fraction(1), Fraction(1), Fraction(0), roll_die)
            notes.append("the target is paralysed: the attack hits automatically, as a critical")
        elif helper_bonus is not None:
            help_odds = concerted_attack(helper_bonus)
            outcome = _mixture(
                [
                    (
                        p,
                        check_odds(
                            total_bonus + extra, total_def, roll_die, critical_from=critical_from
                        ),
                    )
                    for extra, p in (
                        (0, help_odds.none),
                        (2, help_odds.plus_two),
                        (4, help_odds.plus_four),
                    )
                ],
                roll_die,
            )
            notes.append(
                f"concerted attack: the helper (attack {helper_bonus:+d}, against 15) gives +2 "
                f"with probability {help_odds.plus_two}, +4 with probability {help_odds.plus_four}"
            )
        else:
            outcome = check_odds(total_bonus, total_def, roll_die, critical_from=critical_from)
        lethal, temp = _one_attack_damage(
            outcome, main, damage_modifier, temporary, target_strength
        )
        if two_weapons:
            # Two independent attacks: their damages add up.
            l2, t2 = _one_attack_damage(outcome, off, damage_modifier, temporary, target_strength)
            lethal, temp = lethal + l2, temp + t2
        if att.must_stand:
            notes.append(
                "an attacker on the ground attacks at -5, or spends the move action standing "
                "up first (tick that box)"
            )
    return AttackReport(
        total_bonus,
        total_def,
        roll_die,
        (*mods, *def_mods),
        outcome,
        2 if two_weapons else 1,
        lethal,
        temp,
        not impossible,
        tuple(notes),
    )


def _iter(items: Iterable[str | Condition] | str | Condition) -> Iterable[str | Condition]:
    return [items] if isinstance(items, (str, Condition)) else items


def _check_stand_up(attackers: set[Condition], two_weapons: bool) -> None:
    """Standing up first needs a knocked-down attacker with an attack left afterwards."""
    if Condition.KNOCKED_DOWN not in attackers:
        raise RuleValueError(
            "only a knocked-down attacker needs a move action to stand up first",
            field="stand_up_first",
        )
    if two_weapons:
        raise RuleValueError(
            "standing up takes the move action, and two-weapon fighting is a limited action "
            "that takes the whole turn",
            field="stand_up_first",
        )
    if Condition.SLOWED in attackers:
        raise RuleValueError(
            "a slowed attacker has one action: standing up uses it, leaving no attack",
            field="stand_up_first",
        )


def _mixture(parts: list[tuple[Fraction, AttackOutcome]], die: CheckDie) -> AttackOutcome:
    """The outcome of an attack whose bonus is itself random (weights sum to 1)."""
    return AttackOutcome(
        sum((p * o.hit for p, o in parts), Fraction(0)),
        sum((p * o.critical for p, o in parts), Fraction(0)),
        sum((p * o.fumble for p, o in parts), Fraction(0)),
        die,
    )


# ---------------------------------------------------------- special attacks
@dataclass(frozen=True)
class ConcertedOdds:
    """Chances of the bonus a concerted attack's helper gives (0, +2 or +4).

    Example:
        >>> c = concerted_attack(5)
        >>> c.none + c.plus_two + c.plus_four
        Fraction(1, 1)
    """

    none: Fraction
    plus_two: Fraction
    plus_four: Fraction


def concerted_attack(helper_bonus: int, die: str = "d20") -> ConcertedOdds:
    """The helper's melee attack against 15: +2 to the partner, +4 on 25 or a critical.

    Example:
        >>> c = concerted_attack(5)
        >>> c.none, c.plus_two, c.plus_four
        (Fraction(9, 20), Fraction(1, 2), Fraction(1, 20))
    """
    check_int(helper_bonus, "helper_bonus", *BONUS_RANGE)
    success = check_odds(helper_bonus, 15, die)
    # Reaching 25 or rolling a critical: exactly a success against 25 (a
    # natural 20 always succeeds and is the only critical).
    plus_four = check_odds(helper_bonus, 25, die).hit
    return ConcertedOdds(1 - success.hit, success.hit - plus_four, plus_four)


def with_concerted(
    helper_bonus: int,
    bonus: int,
    defense: int,
    die: str = "d20",
    helper_die: str = "d20",
) -> AttackOutcome:
    """The partner's attack after a helper's concerted attack (exact mixture).

    Example:
        >>> with_concerted(5, 4, 18).hit > check_odds(4, 18).hit
        True
    """
    check_int(bonus, "bonus", *BONUS_RANGE)
    check_int(defense, "defense", *DEFENSE_RANGE)
    help_odds = concerted_attack(helper_bonus, helper_die)
    hit = crit = fumble = Fraction(0)
    kind = CheckDie.from_text(die)
    for extra, p in ((0, help_odds.none), (2, help_odds.plus_two), (4, help_odds.plus_four)):
        o = check_odds(bonus + extra, defense, kind)
        hit += p * o.hit
        crit += p * o.critical
        fumble += p * o.fumble
    return AttackOutcome(hit, crit, fumble, kind)


def magic_defense(attack_score: int) -> int:
    """The shortcut for a non-player character: magic DEF = 10 + its magic attack score.

    Example:
        >>> magic_defense(6)
        16
    """
    check_int(attack_score, "target_bonus", *BONUS_RANGE)
    return 10 + attack_score


def opposed_magic_attack(
    bonus: int, target_bonus: int, die: str = "d20", target_die: str = "d20"
) -> AttackOutcome:
    """Opposed magic attack: the caster's test against the target's magic attack test.

    The caster succeeds with a total at least equal to the target's (as
    against a DEF); the caster's natural 20 always succeeds (critical) and
    natural 1 always fails; the target's naturals do not matter.

    Example:
        >>> opposed_magic_attack(5, 5).hit
        Fraction(209, 400)
        >>> check_odds(5, magic_defense(5)).hit
        Fraction(11, 20)
    """
    check_int(bonus, "bonus", *BONUS_RANGE)
    check_int(target_bonus, "target_bonus", *BONUS_RANGE)
    kind = CheckDie.from_text(die)
    target = CheckDie.from_text(target_die, "target_die").dice.distribution + target_bonus
    hit = crit = fumble = Fraction(0)
    for face, p in kind.dice.pmf().items():
        if kind.has_natural_20 and face == 20:
            hit += p
            crit += p
        elif face == 1:
            fumble += p
        else:
            hit += p * target.prob_at_most(face + bonus)
    return AttackOutcome(hit, crit, fumble, kind)


# ----------------------------------------------------- damage and knock-out
def temporary_damage(rolled: int, target_strength: int) -> int:
    """Temporary damage taken: the damage rolled minus the target's STR modifier (not below 0).

    Example:
        >>> temporary_damage(8, 1)  # Krush's blow on the goblin
        7
    """
    check_int(rolled, "rolled", 0, 500)
    check_int(target_strength, "target_strength", -5, 10)
    return max(0, rolled - target_strength)


@dataclass(frozen=True)
class KnockOut:
    """Where a creature stands after temporary damage.

    Attributes:
        hit_points: Hit points (PV) it has left.
        temporary: Temporary damage it has taken in all.
        knocked_out: Temporary damage exceeds the hit points left.
        minutes: Minutes before it comes to (1 point recovered a minute).

    Example:
        >>> knock_out(3, 7).minutes
        4
    """

    hit_points: int
    temporary: int
    knocked_out: bool
    minutes: int

    @property
    def excess(self) -> int:
        """Temporary damage above the hit points left."""
        return max(0, self.temporary - self.hit_points)


def knock_out(hit_points: int, temporary: int) -> KnockOut:
    """Knocked out when temporary damage exceeds the remaining hit points.

    It recovers 1 point of temporary damage a minute, so it stays out until
    the excess is gone: at least ``temporary - hit_points`` minutes.

    Example:
        >>> knock_out(3, 3).knocked_out, knock_out(3, 4).knocked_out
        (False, True)
    """
    check_int(hit_points, "hit_points", 0, 1000)
    check_int(temporary, "temporary", 0, 5000)
    out = temporary > hit_points
    return KnockOut(hit_points, temporary, out, temporary - hit_points if out else 0)


def knock_out_minutes(
    damage: str | Dice, target_strength: int, hit_points: int, already: int = 0
) -> dict[int, Fraction]:
    """Exact minutes knocked out after one hit of ``damage`` dealt as temporary damage.

    Args:
        damage: The hit's damage dice (0 to :data:`~.damage_dice.MAX_DAMAGE`).
        target_strength: Target's STR modifier (comes off the damage).
        hit_points: Target's hit points left.
        already: Temporary damage it has already taken.

    Returns:
        ``{minutes: probability}``; 0 minutes means still conscious.

    Example:
        >>> knock_out_minutes("1d8+3", 1, 3)[0]  # Krush's goblin stays up only on a 1
        Fraction(1, 8)
    """
    check_int(target_strength, "target_strength", -5, 10)
    check_int(hit_points, "hit_points", 0, 1000)
    check_int(already, "already", 0, 5000)
    minutes: dict[int, Fraction] = {}
    for v, p in _dice(damage, "damage").pmf().items():
        m = knock_out(hit_points, already + temporary_damage(v, target_strength)).minutes
        minutes[m] = minutes.get(m, Fraction(0)) + p
    return dict(sorted(minutes.items()))


def apply_damage(hit_points: int, damage: int) -> int:
    """Hit points after lethal damage: never below 0 (0 means unconscious).

    Example:
        >>> apply_damage(5, 9)
        0
    """
    check_int(hit_points, "hit_points", 0, 1000)
    check_int(damage, "damage", 0, 5000)
    return max(0, hit_points - damage)


def care_odds(intelligence: int, die: str = "d20") -> Fraction:
    """Chance that first aid saves a dying character: an INT test of difficulty 10.

    Args:
        intelligence: The helper's INT modifier (-4 to 10).
        die: The helper's die.

    Example:
        >>> care_odds(1)
        Fraction(3, 5)
    """
    check_int(intelligence, "intelligence", -4, 10)
    return check_odds(intelligence, 10, die).hit
