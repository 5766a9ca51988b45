"""Expressions compared: several against one target, or two opposed rolls.

These are the outcomes of the dice chapter's calculators: each holds its
exact answer and its own seeded roll.

Example:
    >>> found = dice_set({"A": "d20", "B": "2d20kh1"}, 11)
    >>> found.chances
    (Fraction(1, 2), Fraction(3, 4))
    >>> print(found.roll(random.Random(7)))
    A: 1d20 [11] = 11 — reaches the target 11
    B: 2d20kh1 [5~, 13] = 13 — reaches the target 11
    >>> opposed("d6", "d6").comparison.eq
    Fraction(1, 6)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from ..distribution import Comparison
from ..errors import RulebookError, RuleValueError, WorkLimitError, check_int, quote
from .cost import check_together
from .expression import Dice, parse
from .limits import DEFAULT_EXPLODE_DEPTH, MAX_SECONDS, MAX_TOTAL
from .rolls import DiceRoll

__all__ = ["DiceSet", "DiceSetRoll", "Opposed", "OpposedRoll", "dice_set", "opposed"]


@dataclass(frozen=True)
class DiceSetRoll:
    """One roll of every expression of a :class:`DiceSet`, in order.

    Example:
        >>> dice_set({"A": "d6"}, 4).roll(random.Random(1)).lines()
        ['A: 1d6 [2] = 2 — misses the target 4']
    """

    names: tuple[str, ...]
    rolls: tuple[DiceRoll, ...]
    target: int

    def lines(self) -> list[str]:
        """One line per expression: its roll and whether it reaches the target."""
        return [
            f"{name}: {roll} — {'reaches' if roll.total >= self.target else 'misses'} "
            f"the target {self.target}"
            for name, roll in zip(self.names, self.rolls)
        ]

    def __str__(self) -> str:
        """The lines, one under the other."""
        return "\n".join(self.lines())


@dataclass(frozen=True)
class DiceSet:
    """Several dice expressions, each with its exact chance of reaching one target.

    Attributes:
        names: The name of each expression (as given to :func:`dice_set`).
        dice: The expressions.
        target: The total to reach.

    Example:
        >>> dice_set({"A": "3d6"}, 18).chances
        (Fraction(1, 216),)
    """

    names: tuple[str, ...]
    dice: tuple[Dice, ...]
    target: int

    @property
    def chances(self) -> tuple[Fraction, ...]:
        """P(total >= target) of each expression."""
        return tuple(d.prob_at_least(self.target) for d in self.dice)

    def roll(self, rng: random.Random) -> DiceSetRoll:
        """Roll every expression once, in order (the same seed, the same dice)."""
        return DiceSetRoll(self.names, tuple(d.roll(rng) for d in self.dice), self.target)


def dice_set(
    expressions: Mapping[str, str], target: int, explode_depth: int = DEFAULT_EXPLODE_DEPTH
) -> DiceSet:
    """Read several expressions, costed together, against one target; blank ones are left out.

    Args:
        expressions: ``{name: notation}``; an error names (as ``field``) the
            expression at fault.
        target: The total each expression should reach.
        explode_depth: As for :func:`~rulebook_py.dice.parse`.

    Raises:
        NotationError: For an expression that cannot be read.
        WorkLimitError: When the expressions together would cost more than
            :data:`~rulebook_py.dice.limits.MAX_SECONDS`.
        RuleValueError: When every expression is blank, or a wrong type.

    Example:
        >>> dice_set({"A": " ", "B": "d4"}, 3).names
        ('B',)
        >>> dice_set({"A": ""}, 3)
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: every expression is blank: type at least one, e.g. 'd20'
    """
    if not isinstance(expressions, Mapping) or not expressions:
        raise RuleValueError(
            f"expressions must be a mapping {{name: notation}}, got {quote(expressions)}",
            field="expressions",
        )
    check_int(target, "target", -MAX_TOTAL, MAX_TOTAL)
    found: dict[str, Dice] = {}
    for name, text in expressions.items():
        if isinstance(text, str) and not text.strip():
            continue
        try:
            found[name] = parse(text, explode_depth)
        except RulebookError as err:
            if err.field != "explode_depth":
                err.field = name
            raise
    if not found:
        raise RuleValueError(
            "every expression is blank: type at least one, e.g. 'd20'",
            field=next(iter(expressions)),
        )
    check_together([d.tree for d in found.values()], list(found))
    return DiceSet(tuple(found), tuple(found.values()), target)


@dataclass(frozen=True)
class OpposedRoll:
    """One roll of each side of an :class:`Opposed` pair.

    Example:
        >>> str(opposed("d6", "d6").roll(random.Random(2)))
        '1d6 [1] = 1; 1d6 [1] = 1 — nobody (tie) higher'
    """

    first: DiceRoll
    second: DiceRoll

    @property
    def winner(self) -> str | None:
        """``"first"``, ``"second"``, or ``None`` for a tie."""
        if self.first.total == self.second.total:
            return None
        return "first" if self.first.total > self.second.total else "second"

    def __str__(self) -> str:
        """Both rolls and who is higher."""
        who = {"first": "the first", "second": "the second", None: "nobody (tie)"}[self.winner]
        return f"{self.first}; {self.second} — {who} higher"


@dataclass(frozen=True)
class Opposed:
    """Two independent rolls opposed: the exact chances and the distribution of the gap.

    Attributes:
        first: The first roll.
        second: The second roll.
        comparison: Exact P(first > second), P(=), P(<).
        difference: ``first - second``.

    Example:
        >>> opposed("4D+2", "3D+1").comparison.gt
        Fraction(2357, 2916)
    """

    first: Dice
    second: Dice
    comparison: Comparison
    difference: Dice

    def roll(self, rng: random.Random) -> OpposedRoll:
        """Roll the first, then the second."""
        return OpposedRoll(self.first.roll(rng), self.second.roll(rng))


def opposed(first: str | Dice, second: str | Dice) -> Opposed:
    """Two rolls compared exactly, their difference costed like any expression.

    Example:
        >>> opposed("1000d6", "d6")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.WorkLimitError: cannot read dice notation '1000d6' at position 0 \
('1'): expected a smaller expression: this one would take about ... s to compute exactly, and at \
most 0.25 s is allowed (for example 400d6, 40d100, d10000+d10000 or 10d20kh3 fit)
        >>> opposed("400d6", "400d6")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.WorkLimitError: cannot read dice notation '400d6' at position 0 ('4'): \
expected a second roll small enough to compare exactly with the first in 0.25 s: make one of them \
smaller
    """
    rolls = []
    for name, value in (("first", first), ("second", second)):
        try:
            rolls.append(value if isinstance(value, Dice) else parse(value))
        except RulebookError as err:
            err.field = name
            raise
    a, b = rolls
    try:
        diff = a - b
    except WorkLimitError:
        raise WorkLimitError(
            str(b),
            0,
            f"a second roll small enough to compare exactly with the first in {MAX_SECONDS} s: "
            "make one of them smaller",
            field="second",
        ) from None
    return Opposed(a, b, a.compare(b), diff)
