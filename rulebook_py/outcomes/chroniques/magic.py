"""Chroniques Oubliées: the opposed magic calculator's outcome.

:func:`opposed_magic_report` is the calculator's one call: the caster's
chances in an opposed magic attack (:func:`~rulebook_py.systems.chroniques.opposed_magic_attack`)
beside the GM's shortcut, a magic DEF of 10 + the target's score
(:func:`~rulebook_py.systems.chroniques.magic_defense`).

Example:
    >>> r = opposed_magic_report(caster_bonus=5, target_bonus=5)
    >>> r.opposed.hit, r.fixed.hit
    (Fraction(209, 400), Fraction(11, 20))
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from ...errors import check_int
from ...messages import Msg
from ...systems.chroniques.core import (
    BONUS_RANGE,
    AttackOutcome,
    CheckDie,
    CheckLines,
    check_odds,
    roll_check,
)
from ...systems.chroniques.records import check_fields
from ...systems.chroniques.special import magic_defense, opposed_magic_attack
from ...systems.chroniques.words import M

__all__ = ["OpposedMagicReport", "opposed_magic_report"]


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
    def rows(self) -> tuple[tuple[Msg, Fraction, Fraction], ...]:
        """The caster's chances: (label, in the opposed test, against the magic DEF).

        Example:
            >>> opposed_magic_report(5, 5).rows[0]
            ('P(the spell succeeds)', Fraction(209, 400), Fraction(11, 20))
        """
        o, f = self.opposed, self.fixed
        return (
            (M("P(the spell succeeds)"), o.hit, f.hit),
            (M("P(critical success)"), o.critical, f.critical),
            (M("P(critical failure)"), o.fumble, f.fumble),
        )

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
