"""The :class:`Dice` expression: its exact distribution, its bounds and cost, and a seeded roll.

:func:`parse` reads notation (:mod:`.reading`), costs it (:mod:`.cost`) and
wraps the tree; :func:`die` and :func:`pool` build one from numbers, and
``+``, ``-``, ``*``, ``//`` combine them. Every probability is exact.

Example:
    >>> roll = parse("2d20kh1 + 3")
    >>> roll.prob_at_least(20), roll.bounds()
    (Fraction(9, 25), (4, 23))
    >>> print(roll.roll(random.Random(7)))
    2d20kh1 [11, 5~] + 3 = 14
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache

from ..distribution import Comparison, Distribution
from ..errors import RuleValueError, check_int, quote
from ..messages import M, Msg
from .bounds import tree_bounds
from .cost import check_work, tree_cost
from .exact import tree_distribution
from .limits import (
    CACHE_SIZE,
    DEFAULT_EXPLODE_DEPTH,
    MAX_CONSTANT,
    MAX_DICE,
    MAX_EXPLODE_DEPTH,
    MAX_SECONDS,  # noqa: F401  (named in the examples)
    MAX_SIDES,
    MAX_TOTAL,
)
from .notation import tree_dice_count, tree_explode_depth, tree_notation
from .reading import read_tree
from .rolls import DiceRoll, PoolRoll, check_rng, roll_tree
from .tree import Const, Div, Mul, Node, Pool, Sum, check_node

__all__ = ["Dice", "die", "estimate_seconds", "parse", "pool"]


def _operand_error(value: object, name: str, expected: Msg) -> RuleValueError:
    return RuleValueError(
        M(
            "{name} must be {expected}, got {value} ({kind})",
            name=name,
            expected=expected,
            value=quote(value),
            kind=type(value).__name__,
        ),
        field=name,
        allowed=expected,
        value=value,
    )


class Dice:
    """A dice expression with its exact distribution and a seeded roll.

    Build one with :func:`parse`, :func:`die` or :func:`pool`, and combine
    with ``+``, ``-`` (another ``Dice`` or an ``int``), ``*`` and ``//`` (an
    ``int``). Every probability is an exact :class:`~fractions.Fraction`.

    Example:
        >>> attack = die(20) + 5
        >>> str(attack), attack.prob_at_least(15)
        ('1d20 + 5', Fraction(11, 20))
        >>> Dice(parse("1d20 + 5").tree) == attack
        True
        >>> (die(6) - die(6)).pmf()[0]
        Fraction(1, 6)
    """

    __slots__ = ("_dist", "_node", "_text")

    def __init__(self, node: Node) -> None:
        """Wrap an expression tree (use :func:`parse`, :func:`die`, :func:`pool`).

        Raises:
            WorkLimitError: If the expression would cost more than
                :data:`MAX_SECONDS` to compute, or spans too many totals.
            RuleValueError: If ``node`` is not a node of :mod:`.tree`.

        Example:
            >>> Dice(Sum(Pool(2, 6), Const(1), +1)).mean()
            Fraction(8, 1)
        """
        check_work(check_node(node))
        self._node = node
        self._dist: Distribution | None = None
        self._text: str | None = None  # the notation, written once

    # --- the exact side
    @property
    def distribution(self) -> Distribution:
        """The exact distribution of the total (computed once, then kept).

        Example:
            >>> parse("d4").distribution.weights()
            {1: 1, 2: 1, 3: 1, 4: 1}
        """
        if self._dist is None:
            self._dist = tree_distribution(self._node)
        return self._dist

    def pmf(self) -> dict[int, Fraction]:
        """``{total: exact probability}``, ascending.

        Example:
            >>> parse("2d20kl1").pmf()[1]
            Fraction(39, 400)
        """
        return self.distribution.pmf()

    def mean(self) -> Fraction:
        """Exact expected total.

        Example:
            >>> parse("4D+2").mean()
            Fraction(16, 1)
        """
        return self.distribution.mean()

    def stdev(self) -> float:
        """Standard deviation of the total.

        Example:
            >>> round(parse("3d6").stdev(), 3)
            2.958
        """
        return self.distribution.stdev()

    def prob_at_least(self, value: int) -> Fraction:
        """P(total >= value).

        Example:
            >>> parse("d10").prob_at_least(9)
            Fraction(1, 5)
        """
        return self.distribution.prob_at_least(value)

    def prob_at_most(self, value: int) -> Fraction:
        """P(total <= value).

        Example:
            >>> parse("d10").prob_at_most(2)
            Fraction(1, 5)
        """
        return self.distribution.prob_at_most(value)

    def compare(self, other: Dice | Distribution | int) -> Comparison:
        """Exact P(>), P(=), P(<) against another independent roll or a number.

        Example:
            >>> c = parse("4D+2").compare(parse("3D+1"))
            >>> c.gt + c.eq + c.lt
            Fraction(1, 1)
            >>> parse("d6").compare("d6")
            Traceback (most recent call last):
            ...
            rulebook_py.errors.RuleValueError: other must be a roll (Dice or Distribution) or \
an integer, got 'd6' (str): parse the notation first, parse('d6')
        """
        if isinstance(other, Dice):
            other = other.distribution
        elif isinstance(other, int) and not isinstance(other, bool):
            check_int(other, "other", -MAX_TOTAL, MAX_TOTAL)
        return self.distribution.compare(other)

    @property
    def min_value(self) -> int:
        """Lowest possible total.

        Example:
            >>> parse("2d6-1d4").min_value
            -2
        """
        return self.distribution.min_value

    @property
    def max_value(self) -> int:
        """Highest possible total.

        Example:
            >>> parse("2d6-1d4").max_value
            11
        """
        return self.distribution.max_value

    def bounds(self) -> tuple[int, int]:
        """Least and greatest total, from the expression alone (no distribution built).

        An exploding die reaches its sides times one plus the explosion depth;
        a count of successes lies between 0 and the number of dice.

        Example:
            >>> parse("2d6-1d4").bounds()
            (-2, 11)
            >>> parse("3d6!").bounds(), parse("d6!", explode_depth=2).bounds()
            ((3, 180), (1, 18))
            >>> parse("60d10>=5").bounds(), parse("4d6>=1").bounds()
            ((0, 60), (4, 4))
            >>> parse("-1d20kh1+3").bounds(), parse("3d6/2").bounds()
            ((-17, 2), (1, 9))
        """
        return tree_bounds(self._node)

    def cost(self) -> float:
        """The engine's estimate of the CPython seconds this expression costs.

        It is the figure :func:`parse` checks against :data:`MAX_SECONDS`
        before anything is computed (the distribution, its answers and one
        roll), so every accepted expression costs at most that.

        Example:
            >>> parse("3d6").cost() < 0.001, parse("400d6").cost() <= MAX_SECONDS
            (True, True)
            >>> parse("1000d6")
            Traceback (most recent call last):
            ...
            rulebook_py.errors.WorkLimitError: cannot read dice notation '1000d6' at position 0 \
('1'): expected a smaller expression: this one would take about 1.6 s to compute exactly, and \
at most 0.25 s is allowed (for example 400d6, 40d100, d10000+d10000 or 10d20kh3 fit)
        """
        return tree_cost(self._node)

    @property
    def tree(self) -> Node:
        """The expression tree (frozen nodes of :mod:`rulebook_py.dice.tree`).

        Example:
            >>> parse("2d6+1").tree.right
            Const(value=1)
            >>> parse("-d6").tree
            Mul(node=Pool(count=1, sides=6, keep=None, highest=True, reroll=0, once=False, \
explode=None, target=None, at_least=True), factor=-1)
        """
        return self._node

    @property
    def dice_count(self) -> int:
        """How many dice the expression throws.

        Example:
            >>> parse("2d6 - 1d4 + 3").dice_count
            3
        """
        return tree_dice_count(self._node)

    # --- the rolled side
    def roll(self, rng: random.Random) -> DiceRoll:
        """Throw every die once; the same seed always gives the same roll.

        Args:
            rng: The random source, e.g. ``random.Random(42)`` (an unseeded
                roll is ``roll(random.Random())``).

        Example:
            >>> a = parse("3d6").roll(random.Random(42))
            >>> b = parse("3d6").roll(random.Random(42))
            >>> a == b, a.total
            (True, 8)
            >>> parse("3d6").roll(42)
            Traceback (most recent call last):
            ...
            rulebook_py.errors.RuleValueError: rng must be a random.Random (e.g. random.Random(42)), \
got 42 (int)
        """
        check_rng(rng)
        pools: list[PoolRoll] = []
        total, text = roll_tree(self._node, rng, pools)
        return DiceRoll(str(self), total, tuple(pools), text)

    # --- arithmetic
    def _wrap(self, other: Dice | int, sign: int) -> Dice:
        if isinstance(other, Dice):
            right: Node = other._node
        elif isinstance(other, int) and not isinstance(other, bool):
            check_int(other, "other", -MAX_CONSTANT, MAX_CONSTANT)
            if other < 0:
                right, sign = Const(-other), -sign
            else:
                right = Const(other)
        else:
            raise _operand_error(other, "other", M("another roll (Dice) or an integer"))
        if right == Const(0):
            return self
        return Dice(Sum(self._node, right, sign))

    def __add__(self, other: Dice | int) -> Dice:
        """Sum with another roll or a constant.

        Example:
            >>> str(parse("d6") + parse("d4") + 1)
            '1d6 + 1d4 + 1'
        """
        return self._wrap(other, +1)

    __radd__ = __add__

    def __sub__(self, other: Dice | int) -> Dice:
        """Difference with another roll or a constant.

        Example:
            >>> str(die(10) - 3)
            '1d10 - 3'
        """
        return self._wrap(other, -1)

    def __mul__(self, factor: int) -> Dice:
        """Multiply the total by an integer.

        Example:
            >>> parse("d4").__mul__(3).pmf()[12]
            Fraction(1, 4)
        """
        if isinstance(factor, bool) or not isinstance(factor, int):
            raise _operand_error(factor, "factor", M("an integer"))
        check_int(factor, "factor", -MAX_CONSTANT, MAX_CONSTANT)
        return Dice(Mul(self._node, factor))

    __rmul__ = __mul__

    def __floordiv__(self, divisor: int) -> Dice:
        """Divide the total by a positive integer, rounding down.

        Example:
            >>> (die(6) // 2).pmf()
            {0: Fraction(1, 6), 1: Fraction(1, 3), 2: Fraction(1, 3), 3: Fraction(1, 6)}
        """
        if isinstance(divisor, bool) or not isinstance(divisor, int):
            raise _operand_error(divisor, "divisor", M("an integer"))
        check_int(divisor, "divisor", 1, MAX_CONSTANT)
        return Dice(Div(self._node, divisor))

    def __eq__(self, other: object) -> bool:
        """Same expression (not merely the same distribution).

        Example:
            >>> parse("4D+2") == parse("4d6 + 2")
            True
        """
        return isinstance(other, Dice) and self._node == other._node

    def __hash__(self) -> int:
        """Hash of the expression tree."""
        return hash(self._node)

    def __str__(self) -> str:
        """Canonical notation.

        Example:
            >>> str(parse(" 2D20KH1+d4 "))
            '2d20kh1 + 1d4'
        """
        if self._text is None:
            self._text = tree_notation(self._node)
        return self._text

    @property
    def explode_depth(self) -> int | None:
        """How many extra rolls an exploding die gets here (``None``: no ``!``).

        Example:
            >>> parse("3d6!").explode_depth, parse("3d6").explode_depth
            (9, None)
        """
        return tree_explode_depth(self._node)

    def __repr__(self) -> str:
        """``parse('…')`` form (with the explosion depth when it is not the default).

        Example:
            >>> parse("d6!", explode_depth=3)
            parse('1d6!', explode_depth=3)
        """
        depth = self.explode_depth
        if depth is not None and depth != DEFAULT_EXPLODE_DEPTH:
            return f"parse({str(self)!r}, explode_depth={depth})"
        return f"parse({str(self)!r})"


def die(sides: int) -> Dice:
    """One die with ``sides`` faces.

    Example:
        >>> die(12).pmf()[12]
        Fraction(1, 12)
    """
    return pool(1, sides)


def pool(count: int, sides: int, keep: int | None = None, highest: bool = True) -> Dice:
    """``count`` dice of ``sides`` faces, keeping the ``keep`` highest (or lowest).

    Args:
        count: Number of dice, 1 to :data:`MAX_DICE` (the *mantisse* of a
            d6-system code: the 4 of 4D+2).
        sides: Faces of each die, 1 to :data:`MAX_SIDES`.
        keep: How many dice count (``None``: all).
        highest: Keep the highest (``True``) or the lowest dice.

    Raises:
        RuleValueError: For counts, sides or keeps out of range, or too much work.

    Example:
        >>> pool(2, 20, keep=1).pmf()[20]
        Fraction(39, 400)
    """
    if not isinstance(highest, bool):
        raise RuleValueError(
            M(
                "highest must be True (keep the highest dice) or False (the lowest), "
                "got {got} ({kind})",
                got=quote(highest),
                kind=type(highest).__name__,
            ),
            field="highest",
            value=highest,
        )
    check_int(count, "count", 1, MAX_DICE)
    check_int(sides, "sides", 1, MAX_SIDES)
    if keep is not None:
        check_int(keep, "keep", 1, count)
    if keep == count:
        keep = None
    return Dice(Pool(count, sides, keep, highest))


def parse(text: str, explode_depth: int = DEFAULT_EXPLODE_DEPTH) -> Dice:
    """Read dice notation into an exact, rollable :class:`Dice` expression.

    Args:
        text: Notation such as ``"d20"``, ``"3d6+2"`` (a damage roll such as
            ``"1d8+3"`` reads alike), ``"2d20kh1"``,
            ``"2d6 - 1d4"``, the d6-system code ``"4D+2"``, ``"3d6!"``,
            ``"2d6ro1"``, ``"4d6r2"`` or ``"5d6>=5"``.
        explode_depth: Extra rolls an exploding die (``!``) may take, 0 to
            :data:`MAX_EXPLODE_DEPTH`; the last extra roll does not explode.

    Returns:
        The expression; ``parse(text).pmf()`` is its exact distribution.

    Raises:
        NotationError: With the position and what was expected, for anything
            that is not dice notation or whose work goes past a cap.
        RuleValueError: If ``text`` is not a string or ``explode_depth`` is
            out of range.

    Example:
        >>> parse("4D+2").pmf()[26]
        Fraction(1, 1296)
        >>> parse("d6!").pmf()[13]  # 6, 6 again, then 1
        Fraction(1, 216)
        >>> parse("3d")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.NotationError: cannot read dice notation '3d' at position 2 (end of text): expected the number of sides after 'd' (or 'D' alone for d6 codes)
    """
    if not isinstance(text, str):
        raise RuleValueError(
            M("dice notation must be text (a str), got {kind}", kind=type(text).__name__),
            field="text",
        )
    if (
        isinstance(explode_depth, bool)
        or not isinstance(explode_depth, int)
        or not 0 <= explode_depth <= MAX_EXPLODE_DEPTH
    ):
        raise RuleValueError(
            M(
                "{name} must be a whole number from 0 to {high} (the extra rolls of an exploding "
                "die), got {value}",
                name="explode_depth",
                high=MAX_EXPLODE_DEPTH,
                value=quote(explode_depth),
            ),
            field="explode_depth",
            value=explode_depth,
        )
    return _parse(text, explode_depth)


# A bounded cache: an accepted distribution may still hold megabytes of weights.
@lru_cache(maxsize=CACHE_SIZE)
def _parse(text: str, explode_depth: int) -> Dice:
    node = read_tree(text, explode_depth)
    check_work(node, text)
    return Dice(node)


# The cache of the public name, kept for callers that clear it.
parse.cache_clear = _parse.cache_clear  # type: ignore[attr-defined]


def estimate_seconds(dice: Dice) -> float:
    """The engine's estimate of the CPython seconds an expression costs (``dice.cost()``).

    Every accepted expression is estimated at :data:`MAX_SECONDS` or less.

    Example:
        >>> estimate_seconds(parse("3d6")) < 0.001
        True
    """
    if not isinstance(dice, Dice):
        raise _operand_error(dice, "dice", M("a Dice expression (from parse)"))
    return dice.cost()
