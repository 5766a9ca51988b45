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

from dataclasses import dataclass
from fractions import Fraction

from ...errors import RuleValueError, check_int, quote
from .core import (
    BONUS_RANGE,
    DEFENSE_RANGE,
    AttackOutcome,
    CheckDie,
    check_odds,
)
from .records import check_fields
from .words import M

__all__ = [
    "CONCERTED_BIG_BONUS",
    "CONCERTED_BIG_TOTAL",
    "CONCERTED_BONUS",
    "CONCERTED_DIFFICULTY",
    "ConcertedOdds",
    "concerted_attack",
    "magic_defense",
    "opposed_magic_attack",
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
