"""Chroniques Oubliées: damage, temporary damage, knock-outs and first aid.

A hit deals its weapon dice plus a modifier (never below 0), doubled on a
critical. A blow meant to knock out deals temporary damage, less the target's
STR modifier (as a rule a creature's STR modifier is its damage bonus); past
the hit points left, the target is knocked out and comes to after one minute
a point of excess. A character at 0 hit points dies within the hour unless
someone gives first aid: an INT test of difficulty 10.

Where the source is silent, this module reads it so:

* a blow that deals no damage deals no temporary damage either, whatever the
  target's STR modifier (a negative one adds only to damage actually dealt);
* first aid is one INT test for a dying character (:data:`FIRST_AID_TESTS`):
  the source says a test suffices, not that a failed one may be tried again.

Example:
    >>> knock_out(3, temporary_damage(8, 1)).minutes  # Krush and the goblin
    4
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from ...dice import Dice, DiceRoll
from ...distribution import Distribution
from ...errors import RuleValueError, check_int
from ...messages import Msg
from .core import STRENGTH_RANGE, CheckReport, check_bool, check_report, check_rng
from .records import check_fields
from .typed_damage import MAX_DAMAGE, damage_dice
from .words import MN, M

__all__ = [
    "FIRST_AID_DIFFICULTY",
    "FIRST_AID_TESTS",
    "MAX_BLOW",
    "MAX_TEMPORARY",
    "KnockOut",
    "KnockOutReport",
    "KnockOutRoll",
    "apply_damage",
    "blow_temporary_damage",
    "care_odds",
    "damage_distribution",
    "first_aid",
    "knock_out",
    "knock_out_minutes",
    "knock_out_report",
    "temporary_damage",
    "unarmed_damage",
]

#: Most temporary damage a creature is counted to have taken in all.
MAX_TEMPORARY = 5000
#: Most temporary damage one blow deals: the most damage rolled
#: (:data:`~.typed_damage.MAX_DAMAGE`) against a target of STR -5.
MAX_BLOW = MAX_DAMAGE + 5
#: The INT test of first aid to a dying character.
FIRST_AID_DIFFICULTY = 10
#: Named parameter: first aid is one test for a dying character (no second try).
FIRST_AID_TESTS = 1


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
    check_bool(critical, "critical")
    base = _dice(dice, "damage").distribution + modifier
    return base.map(lambda v: max(0, v) * (2 if critical else 1))


def unarmed_damage(strength: int) -> Distribution:
    """Bare-handed damage without a special ability: 1d4 + STR modifier, always temporary.

    This is the damage of a bare-handed blow (*combat à mains nues*) by a
    character with no ability for fighting unarmed; it is always temporary
    damage (*DM temporaires*).

    Example:
        >>> unarmed_damage(1).weights()
        {2: 1, 3: 1, 4: 1, 5: 1}
    """
    check_int(strength, "strength", *STRENGTH_RANGE)
    return damage_distribution("1d4", strength)


def blow_temporary_damage(dealt: int, target_strength: int) -> int:
    """Temporary damage of one blow, doubled or not: the rule of :func:`temporary_damage`.

    A critical blow doubles the damage rolled, so what one blow deals may pass
    the damage a reader types (:data:`MAX_DAMAGE`); the target's STR modifier
    comes off it, and a blow that deals nothing deals nothing.

    Args:
        dealt: The damage the blow deals (doubled for a critical), 0 to ``2 * MAX_TEMPORARY``.
        target_strength: The target's STR modifier.

    Example:
        >>> blow_temporary_damage(2 * 300, 1), blow_temporary_damage(0, -2)
        (599, 0)
    """
    check_int(dealt, "dealt", 0, 2 * MAX_TEMPORARY)
    check_int(target_strength, "target_strength", *STRENGTH_RANGE)
    return 0 if dealt <= 0 else max(0, dealt - target_strength)


def temporary_damage(rolled: int, target_strength: int) -> int:
    """Temporary damage taken: the damage rolled minus the target's STR modifier (not below 0).

    A blow that deals no damage deals no temporary damage, even against a
    negative STR modifier (which adds only to damage actually dealt).

    Example:
        >>> temporary_damage(8, 1)  # Krush's blow on the goblin
        7
        >>> temporary_damage(4, -2), temporary_damage(0, -2)
        (6, 0)
    """
    check_int(rolled, "rolled", 0, MAX_DAMAGE)
    return blow_temporary_damage(rolled, target_strength)


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
        >>> KnockOut(3, 7, True, 4).excess
        4
    """

    hit_points: int
    temporary: int
    knocked_out: bool
    minutes: int

    def __post_init__(self) -> None:
        """Check every field, and that they agree (:func:`knock_out` gives them)."""
        check_fields(
            self, hit_points=(0, 1000), temporary=(0, MAX_TEMPORARY), minutes=(0, MAX_TEMPORARY)
        )
        out = self.temporary > self.hit_points
        if self.knocked_out != out or self.minutes != (self.temporary - self.hit_points) * out:
            raise RuleValueError(
                M(
                    "{name} must agree with the hit points and temporary damage: knocked out "
                    "{out}, for {minutes} minutes",
                    name="knocked_out",
                    out=out,
                    minutes=(self.temporary - self.hit_points) * out,
                ),
                field="knocked_out",
            )

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
    check_int(temporary, "temporary", 0, MAX_TEMPORARY)
    out = temporary > hit_points
    return KnockOut(hit_points, temporary, out, temporary - hit_points if out else 0)


def _check_already(already: object) -> int:
    """Temporary damage already taken: room left for one more blow within the count."""
    return check_int(already, "already", 0, MAX_TEMPORARY - MAX_BLOW)


def knock_out_minutes(
    damage: str | Dice, target_strength: int, hit_points: int, already: int = 0
) -> dict[int, Fraction]:
    """Exact minutes knocked out after one hit of ``damage`` dealt as temporary damage.

    Args:
        damage: The hit's damage dice (0 to :data:`~.typed_damage.MAX_DAMAGE`).
        target_strength: Target's STR modifier (comes off the damage).
        hit_points: Target's hit points left.
        already: Temporary damage it has already taken, 0 to
            ``MAX_TEMPORARY - MAX_BLOW`` (4495: one more blow stays within the count).

    Returns:
        ``{minutes: probability}``; 0 minutes means still conscious.

    Example:
        >>> knock_out_minutes("1d8+3", 1, 3)[0]  # Krush's goblin stays up only on a 1
        Fraction(1, 8)
    """
    check_int(target_strength, "target_strength", *STRENGTH_RANGE)
    check_int(hit_points, "hit_points", 0, 1000)
    _check_already(already)
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
    check_int(damage, "damage", 0, MAX_TEMPORARY)
    return max(0, hit_points - damage)


def first_aid(intelligence: int, die: str = "d20") -> CheckReport:
    """First aid to a dying character: an INT test of difficulty 10, exact and rollable.

    One test (:data:`FIRST_AID_TESTS`): the source says the test suffices, not
    that a failed one may be tried again within the hour.

    Args:
        intelligence: The helper's INT modifier (-4 to 10).
        die: The helper's die.

    Example:
        >>> first_aid(1).odds.hit
        Fraction(3, 5)
    """
    check_int(intelligence, "intelligence", -4, 10)
    return check_report(intelligence, FIRST_AID_DIFFICULTY, die)


def care_odds(intelligence: int, die: str = "d20") -> Fraction:
    """Chance that first aid saves a dying character (see :func:`first_aid`).

    Example:
        >>> care_odds(1)
        Fraction(3, 5)
    """
    return first_aid(intelligence, die).odds.hit


@dataclass(frozen=True)
class KnockOutRoll:
    """One seeded hit dealt as temporary damage.

    Attributes:
        dice: The damage dice rolled.
        temporary: The temporary damage it deals.
        state: Where the target stands after it.

    Example:
        >>> knock_out_report(8, 1, 3).roll(random.Random(1)).lines
        ('1d8 [3] + 3 = 6 → 5 temporary damage; knocked out for 2 minutes',)
        >>> KnockOutRoll(damage_dice("1d8").roll(random.Random(1)), 2, knock_out(3, 2)).state.knocked_out
        False
    """

    dice: DiceRoll
    temporary: int
    state: KnockOut

    def __post_init__(self) -> None:
        """Check every field."""
        check_fields(self, temporary=(0, MAX_BLOW))

    @property
    def lines(self) -> tuple[Msg, ...]:
        """The roll in one line (a message)."""
        out = self.state
        if out.knocked_out:
            state = MN(
                "knocked out for {n} minute",
                "knocked out for {n} minutes",
                out.minutes,
                n=out.minutes,
            )
        else:
            state = M("still conscious")
        return (
            M(
                "{dice} → {n} temporary damage; {state}",
                dice=str(self.dice),
                n=self.temporary,
                state=state,
            ),
        )


@dataclass(frozen=True)
class KnockOutReport:
    """A blow dealt as temporary damage, and the exact odds of a hit of ``dice``.

    Attributes:
        rolled: The damage rolled of the worked blow.
        target_strength: The target's STR modifier.
        hit_points: The target's hit points left.
        already: Temporary damage it had already taken.
        temporary: Temporary damage of the worked blow.
        state: Where the target stands after it.
        dice: The damage dice of a hit.
        minutes: ``{minutes knocked out: probability}`` after one hit of ``dice``.

    Example:
        >>> r = knock_out_report(8, 1, 3)  # Krush and the goblin
        >>> r.state.minutes, r.knocked_out
        (4, Fraction(7, 8))
        >>> KnockOutReport(8, 1, 3, 0, 7, knock_out(3, 7), damage_dice("1d8+3"), knock_out_minutes("1d8+3", 1, 3)).knocked_out
        Fraction(7, 8)
    """

    rolled: int
    target_strength: int
    hit_points: int
    already: int
    temporary: int
    state: KnockOut
    dice: Dice
    minutes: dict[int, Fraction]

    def __post_init__(self) -> None:
        """Check every field (the ranges of :func:`knock_out_report`)."""
        check_fields(
            self,
            rolled=(0, MAX_DAMAGE),
            target_strength=STRENGTH_RANGE,
            hit_points=(0, 1000),
            already=(0, MAX_TEMPORARY - MAX_BLOW),
            temporary=(0, MAX_BLOW),
        )

    @property
    def knocked_out(self) -> Fraction:
        """P(one hit of the dice knocks the target out), criticals not counted."""
        return 1 - self.minutes.get(0, Fraction(0))

    def roll(self, rng: random.Random) -> KnockOutRoll:
        """Roll one hit's damage and apply it as temporary damage."""
        roll = self.dice.roll(check_rng(rng))
        temp = temporary_damage(roll.total, self.target_strength)
        return KnockOutRoll(roll, temp, knock_out(self.hit_points, self.already + temp))


def knock_out_report(
    rolled: int, target_strength: int, hit_points: int, already: int = 0, damage: str = "1d8+3"
) -> KnockOutReport:
    """The worked blow (``rolled`` damage) and the exact odds of one hit of ``damage``.

    Args:
        rolled: Damage rolled, 0 to 500.
        target_strength: Target's STR modifier, -5 to 10 (as a rule, its damage bonus).
        hit_points: Target's hit points left, 0 to 1000.
        already: Temporary damage already taken, 0 to 4495 (so that one more
            blow, at most 505, keeps the total within :data:`MAX_TEMPORARY`).
        damage: The damage dice of a hit.

    Example:
        >>> knock_out_report(8, 1, 3, already=5000)
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: already must be an integer from 0 to 4495, got 5000
    """
    _check_already(already)
    temp = temporary_damage(rolled, target_strength)
    state = knock_out(hit_points, already + temp)
    dice = damage_dice(damage, "damage", "damage")
    minutes = knock_out_minutes(dice, target_strength, hit_points, already)
    return KnockOutReport(rolled, target_strength, hit_points, already, temp, state, dice, minutes)
