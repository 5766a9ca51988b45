"""What +1 is worth: for each starting chance, how much one more point adds.

A flat die adds the same to every chance (a D10 +10 points, a d20 +5, a d12
about +8.3) until the chance hits its floor or its ceiling; a best-of-two
d20 adds most to low chances; pools of d6 and the mass battle's d4 add most
near even odds.

Example:
    >>> gains = plus_one(PlusOneRule.UNISYSTEM_TASK)
    >>> {g.gain for g in gains}
    {Fraction(1, 10)}
    >>> low = plus_one(PlusOneRule.CHRONIQUES_BEST_OF_TWO)[0]  # a natural 20 on either die
    >>> low.before, low.gain
    (Fraction(39, 400), Fraction(37, 400))
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import lru_cache

from ..errors import RuleValueError, check_enum, quote
from ..messages import Msg
from ..systems import chroniques, galaxies, mass_battle, unisystem
from .engines import DEFAULT_BASELINE, Baseline, check_baseline, check_chance
from .exchanges import round_ahead
from .words import M

__all__ = ["Gain", "PlusOneRule", "plus_one"]

#: The DEF the Chroniques attacks are made against (any DEF gives the same curve).
_DEF = 20


class PlusOneRule(Enum):
    """A roll whose chance +1 improves.

    Attributes:
        label: What is rolled and what +1 is (a message).

    Example:
        >>> PlusOneRule.CHRONIQUES_D12.label
        'Chroniques Oubliées, d12 rule: +1 attack score'
    """

    UNISYSTEM_TASK = M("Unisystem task, D10 + bonus ≥ 9: +1 bonus")
    GALAXIES_CODE = M("Galaxies Jumelles, a code against 3D+1: +1 pip")
    CHRONIQUES_D20 = M("Chroniques Oubliées, d20: +1 attack score")
    CHRONIQUES_D12 = M("Chroniques Oubliées, d12 rule: +1 attack score")
    CHRONIQUES_BEST_OF_TWO = M("Chroniques Oubliées, best of two d20: +1 attack score")
    MASS_BATTLE = M("Mass battles, ahead after a round: +1 offense level")

    @property
    def label(self) -> Msg:
        """The rule's description."""
        return self.value

    def __message__(self) -> Msg:
        """The rule's description, as a reader sees it."""
        return self.value


@dataclass(frozen=True)
class Gain:
    """The chance before and after +1, at one starting point.

    Attributes:
        start: What the roller had before (bonus, code or level), as text (a
            message, or a dice code as it is written).
        before: The chance before.
        after: The chance with +1.

    Example:
        >>> Gain("+0", Fraction(1, 2), Fraction(11, 20)).gain
        Fraction(1, 20)
    """

    start: str
    before: Fraction
    after: Fraction

    def __post_init__(self) -> None:
        """Refuse what is no starting point or no chance (a clear error, not a silent one)."""
        if not isinstance(self.start, str) or len(self.start) > 60:
            raise RuleValueError(
                M(
                    "start must be a text of at most 60 characters such as '+0', got {got} ({kind})",
                    got=quote(self.start),
                    kind=type(self.start).__name__,
                ),
                field="start",
            )
        for name in ("before", "after"):
            check_chance(getattr(self, name), name)

    @property
    def gain(self) -> Fraction:
        """What +1 adds to the chance."""
        return self.after - self.before


def plus_one(rule: PlusOneRule, baseline: Baseline = DEFAULT_BASELINE) -> tuple[Gain, ...]:
    """Every starting chance strictly between 0 and 1, and what +1 makes of it.

    Args:
        rule: The roll.
        baseline: The even opponent (Galaxies code, mass-battle levels).

    Raises:
        RuleValueError: For an unknown rule.

    Example:
        >>> [str(g.gain) for g in plus_one(PlusOneRule.CHRONIQUES_D20)][:3]
        ['1/20', '1/20', '1/20']
        >>> plus_one(PlusOneRule.CHRONIQUES_D12)[-1].gain  # 11 in 12 is the ceiling
        Fraction(0, 1)
    """
    check_enum(rule, PlusOneRule, "rule")
    return _plus_one(rule, check_baseline(baseline))


@lru_cache(maxsize=32)
def _plus_one(rule: PlusOneRule, baseline: Baseline) -> tuple[Gain, ...]:
    points: list[tuple[str, Fraction, Fraction]] = []
    if rule is PlusOneRule.UNISYSTEM_TASK:
        for b in range(-2, 10):

            def chance(bonus: int) -> Fraction:
                return unisystem.task(0, 0, modifier=bonus).success_chance()

            points.append((M("{bonus:+d}", bonus=b), chance(b), chance(b + 1)))
    elif rule is PlusOneRule.GALAXIES_CODE:
        even = galaxies.DiceCode.parse(baseline.galaxies_code, "galaxies_code")
        for dice in range(1, 7):
            for pips in range(3):
                code = galaxies.DiceCode(dice, pips)
                before = galaxies.opposed(code, even).higher
                after = galaxies.opposed(code.with_pips(1), even).higher
                points.append((str(code), before, after))
    elif rule is PlusOneRule.MASS_BATTLE:
        for shift in range(-6, 7):

            def ahead(offense_shift: int) -> Fraction:
                better = mass_battle.Unit(
                    "Better", 100, baseline.mass_offense + offense_shift, baseline.mass_defense
                )
                even = mass_battle.Unit("Even", 100, baseline.mass_offense, baseline.mass_defense)
                return round_ahead(better, even)

            points.append((M("offense {shift:+d}", shift=shift), ahead(shift), ahead(shift + 1)))
    else:
        die = {
            PlusOneRule.CHRONIQUES_D20: "d20",
            PlusOneRule.CHRONIQUES_D12: "d12",
            PlusOneRule.CHRONIQUES_BEST_OF_TWO: "2d20kh1",
        }[rule]
        for b in range(-20, 22):

            def hit(bonus: int) -> Fraction:
                return chroniques.attack(bonus, _DEF, die).hit

            points.append((M("needs {roll}", roll=_DEF - b), hit(b), hit(b + 1)))
    # One point per starting chance: where several starts give the same chance
    # (a d20 needing 21 or 25 is 5 % either way), keep the one +1 helps most.
    best: dict[Fraction, Gain] = {}
    for start, before, after in points:
        if 0 < before < 1 and (before not in best or after - before > best[before].gain):
            best[before] = Gain(start, before, after)
    return tuple(best[p] for p in sorted(best))
