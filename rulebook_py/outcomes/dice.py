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
from typing import Any

from ..dice.cost import check_difference, check_together
from ..dice.expression import Dice, parse
from ..dice.limits import DEFAULT_EXPLODE_DEPTH, MAX_EXPLODE_DEPTH, MAX_TARGET
from ..dice.rolls import DiceRoll, check_rng
from ..distribution import Comparison, Distribution
from ..errors import RulebookError, RuleValueError, check_int, quote
from ..messages import M, Msg, join

__all__ = ["MAX_EXPRESSIONS", "DiceSet", "DiceSetRoll", "Opposed", "OpposedRoll", "dice_set"]
__all__ += ["opposed"]

#: Most expressions one :func:`dice_set` compares.
MAX_EXPRESSIONS = 10


def _check_records(value: object, name: str, kind: type, what: Msg) -> tuple:
    """``value`` if it is a tuple of 1 to :data:`MAX_EXPRESSIONS` items of ``kind``."""
    if (
        not isinstance(value, tuple)
        or not 1 <= len(value) <= MAX_EXPRESSIONS
        or not all(isinstance(v, kind) and not isinstance(v, bool) for v in value)
    ):
        raise RuleValueError(
            M(
                "{name} must be a tuple of 1 to {high} {what}, got {got}",
                name=name,
                high=MAX_EXPRESSIONS,
                what=what,
                got=quote(value),
            ),
            field=name,
            value=value,
        )
    return value


def _check_same_length(names: tuple, others: tuple, name: str) -> None:
    if len(names) != len(others):
        raise RuleValueError(
            M(
                "{name} must give one item per name ({n}), got {count}",
                name=name,
                n=len(names),
                count=len(others),
            ),
            field=name,
        )


@dataclass(frozen=True)
class DiceSetRoll:
    """One roll of every expression of a :class:`DiceSet`, in order.

    Example:
        >>> dice_set({"A": "d6"}, 4).roll(random.Random(1)).lines()
        ['A: 1d6 [2] = 2 — misses the target 4']
        >>> str(DiceSetRoll(("A",), (parse("d6").roll(random.Random(1)),), 4))
        'A: 1d6 [2] = 2 — misses the target 4'
    """

    names: tuple[str, ...]
    rolls: tuple[DiceRoll, ...]
    target: int

    def __post_init__(self) -> None:
        """Check every field: one roll per name, a whole target."""
        _check_records(self.names, "names", str, M("names (texts)"))
        _check_records(self.rolls, "rolls", DiceRoll, M("rolls (DiceRoll)"))
        _check_same_length(self.names, self.rolls, "rolls")
        check_int(self.target, "target", -MAX_TARGET, MAX_TARGET)

    def lines(self) -> list[Msg]:
        """One line per expression: its roll and whether it reaches the target (messages)."""
        return [
            M(
                "{name}: {roll} — reaches the target {target}",
                name=name,
                roll=roll.message,
                target=self.target,
            )
            if roll.total >= self.target
            else M(
                "{name}: {roll} — misses the target {target}",
                name=name,
                roll=roll.message,
                target=self.target,
            )
            for name, roll in zip(self.names, self.rolls)
        ]

    @property
    def message(self) -> Msg:
        """The lines, one under the other (a message)."""
        return join("\n", self.lines())

    def __str__(self) -> str:
        """The lines, one under the other."""
        return str(self.message)


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
        >>> DiceSet(("A",), (parse("3d6"),), 18).chances
        (Fraction(1, 216),)
    """

    names: tuple[str, ...]
    dice: tuple[Dice, ...]
    target: int

    def __post_init__(self) -> None:
        """Check every field: one expression per name, a whole target."""
        _check_records(self.names, "names", str, M("names (texts)"))
        _check_records(self.dice, "dice", Dice, M("expressions (Dice)"))
        _check_same_length(self.names, self.dice, "dice")
        check_int(self.target, "target", -MAX_TARGET, MAX_TARGET)

    @property
    def chances(self) -> tuple[Fraction, ...]:
        """P(total >= target) of each expression."""
        return tuple(d.prob_at_least(self.target) for d in self.dice)

    def rows(self) -> list[tuple[Msg, str, list[Any]]]:
        """The answer's rows, ``(label, kind, a value for each expression)``.

        The kind says how the values read: ``"text"`` as they are, ``"numbers"``
        (means or deviations, printed alike), ``"chances"``.

        Example:
            >>> [(str(label), kind, values) for label, kind, values in dice_set({"A": "d6"}, 4).rows()][2]
            ('Mean', 'numbers', [Fraction(7, 2)])
        """
        target, dice = self.target, self.dice
        spans = [M("{low} to {high}", low=d.min_value, high=d.max_value) for d in dice]
        below = [d.prob_at_most(target - 1) for d in dice]
        return [
            (M("Expression"), "text", [str(d) for d in dice]),
            (M("Totals"), "text", spans),
            (M("Mean"), "numbers", [d.mean() for d in dice]),
            (M("Standard deviation"), "numbers", [d.stdev() for d in dice]),
            (M("P(total ≥ {target})", target=target), "chances", list(self.chances)),
            (M("P(total < {target})", target=target), "chances", below),
        ]

    def roll(self, rng: random.Random) -> DiceSetRoll:
        """Roll every expression once, in order (the same seed, the same dice)."""
        check_rng(rng)
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
    if (
        not isinstance(expressions, Mapping)
        or not 1 <= len(expressions) <= MAX_EXPRESSIONS
        or not all(isinstance(name, str) for name in expressions)
    ):
        raise RuleValueError(
            M(
                "expressions must be a mapping {{name: notation}} of 1 to {high} names (texts), "
                "got {got}",
                high=MAX_EXPRESSIONS,
                got=quote(expressions),
            ),
            field="expressions",
        )
    check_int(target, "target", -MAX_TARGET, MAX_TARGET)
    check_int(explode_depth, "explode_depth", 0, MAX_EXPLODE_DEPTH)
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
            M("every expression is blank: type at least one, e.g. 'd20'"),
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
        >>> OpposedRoll(parse("d6").roll(random.Random(1)), parse("d4").roll(random.Random(2))).winner
        'first'
    """

    first: DiceRoll
    second: DiceRoll

    def __post_init__(self) -> None:
        """Check that both are rolls."""
        for name in ("first", "second"):
            value = getattr(self, name)
            if not isinstance(value, DiceRoll):
                raise RuleValueError(
                    M(
                        "{name} must be a roll (DiceRoll), got {got} ({kind})",
                        name=name,
                        got=quote(value),
                        kind=type(value).__name__,
                    ),
                    field=name,
                )

    @property
    def winner(self) -> str | None:
        """``"first"``, ``"second"``, or ``None`` for a tie."""
        if self.first.total == self.second.total:
            return None
        return "first" if self.first.total > self.second.total else "second"

    @property
    def message(self) -> Msg:
        """Both rolls and who is higher (a message).

        Example:
            >>> opposed("d6", "d6").roll(random.Random(2)).message.render("fr")
            '1d6 [1] = 1\u202f; 1d6 [1] = 1 — plus haut\u00a0: personne (égalité)'
        """
        who = {
            "first": M("the first"),
            "second": M("the second"),
            None: M("nobody (tie)"),
        }[self.winner]
        return M(
            "{first}; {second} — {who} higher",
            first=self.first.message,
            second=self.second.message,
            who=who,
        )

    @property
    def lettered(self) -> Msg:
        """Both rolls named A and B, as the calculator names its boxes, and who is higher.

        Example:
            >>> print(opposed("d6", "d4").roll(random.Random(1)).lettered)
            A: 1d6 [2] = 2; B: 1d4 [1] = 1 — A higher
        """
        who = {"first": "A", "second": "B", None: M("nobody (tie)")}[self.winner]
        return M(
            "A: {first}; B: {second} — {who} higher",
            first=self.first.message,
            second=self.second.message,
            who=who,
        )

    def __str__(self) -> str:
        """Both rolls and who is higher."""
        return str(self.message)


@dataclass(frozen=True)
class Opposed:
    """Two independent rolls opposed: the exact chances and the distribution of the gap.

    Attributes:
        first: The first roll.
        second: The second roll.
        comparison: Exact P(first > second), P(=), P(<).
        difference: The distribution of ``first - second`` (the two may throw
            up to twice :data:`~.limits.MAX_DICE` dice: no one expression).

    Example:
        >>> opposed("4D+2", "3D+1").comparison.gt
        Fraction(2357, 2916)
        >>> Opposed(parse("d6"), parse("d4"), parse("d6").compare(parse("d4")), parse("d6-d4").distribution).difference.max_value
        5
    """

    first: Dice
    second: Dice
    comparison: Comparison
    difference: Distribution

    def __post_init__(self) -> None:
        """Check every field's type."""
        for name, kind in (
            ("first", Dice),
            ("second", Dice),
            ("comparison", Comparison),
            ("difference", Distribution),
        ):
            value = getattr(self, name)
            if not isinstance(value, kind):
                raise RuleValueError(
                    M(
                        "{name} must be a {kind}, got {got} ({type})",
                        name=name,
                        kind=kind.__name__,
                        got=quote(value),
                        type=type(value).__name__,
                    ),
                    field=name,
                )

    def roll(self, rng: random.Random) -> OpposedRoll:
        """Roll the first, then the second."""
        check_rng(rng)
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
    check_difference(a.tree, b.tree)
    return Opposed(a, b, a.compare(b), a.distribution - b.distribution)
