"""Chroniques Oubliées: concerted attacks and opposed magic attacks.

A helper's concerted attack (*attaque concertée*) is a melee attack test
against 15: a success gives the partner +2 to the next attack test against the
creature, +4 on a total of 25 or a critical. An opposed magic attack pits the
caster's test against the target's own magic attack test (or, the GM's
shortcut, against a magic DEF of 10 + the target's score).

Example:
    >>> concerted_attack(5).plus_two, opposed_magic_attack(5, 5).hit
    (Fraction(1, 2), Fraction(209, 400))
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from ...errors import RuleValueError, check_int, quote
from .core import (
    BONUS_RANGE,
    DEFENSE_RANGE,
    AttackOutcome,
    CheckDie,
    CheckLines,
    check_odds,
    roll_check,
)
from .records import check_fields
from .words import M

__all__ = [
    "CONCERTED_BIG_BONUS",
    "CONCERTED_BIG_TOTAL",
    "CONCERTED_BONUS",
    "CONCERTED_DIFFICULTY",
    "ConcertedOdds",
    "OpposedMagicReport",
    "concerted_attack",
    "magic_defense",
    "opposed_magic_attack",
    "opposed_magic_report",
    "with_concerted",
]


#: The helper's melee attack test is against 15 (*attaque concertée*).
CONCERTED_DIFFICULTY = 15
#: The partner's bonus when the helper succeeds.
CONCERTED_BONUS = 2
#: The total (or a critical) that doubles it.
CONCERTED_BIG_TOTAL = 25
#: The doubled bonus.
CONCERTED_BIG_BONUS = 4


@dataclass(frozen=True)
class ConcertedOdds:
    """Chances of the bonus a concerted attack's helper gives (0, +2 or +4).

    Example:
        >>> c = concerted_attack(5)
        >>> c.none + c.plus_two + c.plus_four
        Fraction(1, 1)
        >>> ConcertedOdds(Fraction(9, 20), Fraction(1, 2), Fraction(1, 20)).plus_four
        Fraction(1, 20)
    """

    none: Fraction
    plus_two: Fraction
    plus_four: Fraction

    def __post_init__(self) -> None:
        """Check every field: three chances that add up to 1."""
        check_fields(self)
        if min(self.none, self.plus_two, self.plus_four) < 0 or (
            self.none + self.plus_two + self.plus_four != 1
        ):
            raise RuleValueError(
                M(
                    "{name} must be three chances that add up to 1, got {got}",
                    name="none",
                    got=quote((self.none, self.plus_two, self.plus_four)),
                ),
                field="none",
            )


def concerted_attack(helper_bonus: int, die: str = "d20") -> ConcertedOdds:
    """The helper's melee attack against 15: +2 to the partner, +4 on 25 or a critical.

    Example:
        >>> c = concerted_attack(5)
        >>> c.none, c.plus_two, c.plus_four
        (Fraction(9, 20), Fraction(1, 2), Fraction(1, 20))
    """
    check_int(helper_bonus, "helper_bonus", *BONUS_RANGE)
    success = check_odds(helper_bonus, CONCERTED_DIFFICULTY, die)
    # Reaching 25 or rolling a critical: exactly a success against 25 (a
    # natural 20 always succeeds and is the only critical).
    plus_four = check_odds(helper_bonus, CONCERTED_BIG_TOTAL, die).hit
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
    for extra, p in (
        (0, help_odds.none),
        (CONCERTED_BONUS, help_odds.plus_two),
        (CONCERTED_BIG_BONUS, help_odds.plus_four),
    ):
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


@dataclass(frozen=True)
class OpposedMagicReport:
    """An opposed magic attack beside the GM's shortcut (a magic DEF of 10 + score).

    Attributes:
        caster_bonus: The caster's magic attack score.
        target_bonus: The target's magic attack score.
        caster_die: The caster's die.
        target_die: The target's die.
        opposed: The caster's chances in the opposed test.
        fixed: The caster's chances against the magic DEF.

    Example:
        >>> r = opposed_magic_report(5, 5)
        >>> r.opposed.hit, r.fixed.hit, r.magic_defense
        (Fraction(209, 400), Fraction(11, 20), 15)
        >>> OpposedMagicReport(5, 5, CheckDie.D20, CheckDie.D20, opposed_magic_attack(5, 5), check_odds(5, 15)).magic_defense
        15
    """

    caster_bonus: int
    target_bonus: int
    caster_die: CheckDie
    target_die: CheckDie
    opposed: AttackOutcome
    fixed: AttackOutcome

    def __post_init__(self) -> None:
        """Check every field."""
        check_fields(self, caster_bonus=BONUS_RANGE, target_bonus=BONUS_RANGE)

    @property
    def magic_defense(self) -> int:
        """The target's magic DEF of the shortcut."""
        return magic_defense(self.target_bonus)

    def roll(self, rng: random.Random) -> CheckLines:
        """Roll the target's test, then the caster's against its total.

        Example:
            >>> opposed_magic_report(5, 5).roll(random.Random(1)).lines
            ('target 1d20 [5] +5 = 10; caster 1d20 [19] + 5 = 24 vs 10: success: the spell succeeds',)
        """
        target = roll_check(self.target_bonus, 0, self.target_die, rng=rng)
        caster = roll_check(self.caster_bonus, target.total, self.caster_die, rng=rng)
        verdict = M("the spell succeeds") if caster.success else M("the spell fails")
        return CheckLines(
            (
                M(
                    "target {dice} {bonus:+d} = {total}; caster {test}: {verdict}",
                    dice=target.roll.text,
                    bonus=self.target_bonus,
                    total=target.total,
                    test=caster.message,
                    verdict=verdict,
                ),
            )
        )


def opposed_magic_report(
    caster_bonus: int, target_bonus: int, caster_die: str = "d20", target_die: str = "d20"
) -> OpposedMagicReport:
    """The opposed magic attack and the fixed magic DEF, side by side.

    Example:
        >>> opposed_magic_report(5, -30).fixed.hit  # the magic DEF -20: only a 1 fails
        Fraction(19, 20)
    """
    check_int(caster_bonus, "caster_bonus", *BONUS_RANGE)
    check_int(target_bonus, "target_bonus", *BONUS_RANGE)
    caster = CheckDie.from_text(caster_die, "caster_die")
    target = CheckDie.from_text(target_die, "target_die")
    opposed = opposed_magic_attack(caster_bonus, target_bonus, caster, target)
    # The shortcut's DEF may fall below 1 for a hopeless target: no range check.
    fixed = check_odds(caster_bonus, magic_defense(target_bonus), caster)
    return OpposedMagicReport(caster_bonus, target_bonus, caster, target, opposed, fixed)
