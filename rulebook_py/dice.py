"""Dice expressions: notation, exact distributions and seeded rolls.

:func:`parse` reads dice notation into a :class:`Dice` expression. A
``Dice`` knows its exact :class:`~rulebook_py.distribution.Distribution`
(``.pmf()``, ``.mean()``, ``.prob_at_least(k)``, comparisons with another
roll) and can be rolled with a seeded :class:`random.Random`, showing every
die it threw.

Notation read (case and spaces are tolerated where unambiguous):

=================  =====================================================
``d20``            one twenty-sided die
``3d6+2``          three six-sided dice plus 2
``2d20kh1``        two d20, keep the highest one (``k1`` means the same)
``2d20kl1``        two d20, keep the lowest one
``d10-3``          a d10 minus 3
``2d6 - 1d4``      difference of two rolls
``4D+2``, ``2D``   dice codes of the d6 system: capital ``D`` with no sides
                   means six-sided dice, ``+2`` are the pips
``d4*3``           multiply by a constant (damage multipliers)
``3d6/2``          divide by a constant, rounded down (halved rolls)
=================  =====================================================

Work is capped: at most :data:`MAX_DICE` dice in one expression,
:data:`MAX_SIDES` sides on a die, and :data:`MAX_WORK` elementary steps to
build a distribution. Going past a cap raises
:class:`~rulebook_py.errors.NotationError`; nothing hangs.

Example:
    >>> roll = parse("2d20kh1 + 3")
    >>> roll.prob_at_least(20)
    Fraction(9, 25)
    >>> print(roll.roll(random.Random(7)))
    2d20kh1 [11, 5~] + 3 = 14
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from .distribution import Comparison, Distribution
from .errors import NotationError, RuleValueError

__all__ = [
    "MAX_CONSTANT",
    "MAX_DICE",
    "MAX_SIDES",
    "MAX_WORK",
    "Dice",
    "DiceRoll",
    "PoolRoll",
    "die",
    "parse",
    "pool",
]

#: Most dice one expression may throw.
MAX_DICE = 1_000
#: Most sides one die may have.
MAX_SIDES = 10_000
#: Largest absolute constant, multiplier or divisor in an expression.
MAX_CONSTANT = 1_000_000
#: Most elementary additions the engine spends building one distribution.
MAX_WORK = 20_000_000


# ---------------------------------------------------------------- the tree
@dataclass(frozen=True)
class _Pool:
    count: int
    sides: int
    keep: int | None = None  # None: keep every die
    highest: bool = True

    def notation(self) -> str:
        text = f"{self.count}d{self.sides}"
        if self.keep is not None:
            text += f"{'kh' if self.highest else 'kl'}{self.keep}"
        return text


@dataclass(frozen=True)
class _Const:
    value: int


@dataclass(frozen=True)
class _Sum:
    left: _Node
    right: _Node
    sign: int  # +1 or -1


@dataclass(frozen=True)
class _Mul:
    node: _Node
    factor: int


@dataclass(frozen=True)
class _Div:
    node: _Node
    divisor: int


_Node = _Pool | _Const | _Sum | _Mul | _Div


def _pool_work(count: int, sides: int, keep: int | None) -> int:
    """Elementary steps needed to build a pool's distribution."""
    if keep is None or keep >= count:
        return count * count * sides // 2 + 1
    return sides * sides * count * count * keep


@lru_cache(maxsize=512)
def _pool_distribution(count: int, sides: int, keep: int | None, highest: bool) -> Distribution:
    """Exact distribution of a pool, keeping ``keep`` highest (or lowest) dice."""
    face = Distribution.uniform(sides)
    if keep is None or keep >= count:
        return face.repeat_sum(count)
    if not highest:
        # The lowest dice of d(s) are the highest of (s + 1 - d).
        return keep * (sides + 1) - _pool_distribution(count, sides, keep, True)
    if keep == 1:
        # P(max <= v) = (v / s) ** count
        cdf = [v**count for v in range(sides + 1)]
        return Distribution(1, tuple(cdf[v] - cdf[v - 1] for v in range(1, sides + 1)))
    # Faces from the highest down: choose how many dice show each face; the
    # first ``keep`` dice met are kept. State: (dice placed, kept sum) -> ways.
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    for v in range(sides, 0, -1):
        nxt: dict[tuple[int, int], int] = {}
        for (placed, kept_sum), ways in states.items():
            left = count - placed
            kept_now = min(placed, keep)
            for c in range(left + 1):
                gain = (min(placed + c, keep) - kept_now) * v
                key = (placed + c, kept_sum + gain)
                nxt[key] = nxt.get(key, 0) + ways * math.comb(left, c)
        states = nxt
    return Distribution.from_weights(
        {kept_sum: ways for (placed, kept_sum), ways in states.items() if placed == count}
    )


def _distribution(node: _Node) -> Distribution:
    if isinstance(node, _Pool):
        return _pool_distribution(node.count, node.sides, node.keep, node.highest)
    if isinstance(node, _Const):
        return Distribution.constant(node.value)
    if isinstance(node, _Sum):
        left, right = _distribution(node.left), _distribution(node.right)
        return left + right if node.sign > 0 else left - right
    if isinstance(node, _Mul):
        return _distribution(node.node) * node.factor
    return _distribution(node.node) // node.divisor


def _notation(node: _Node) -> str:
    if isinstance(node, _Pool):
        return node.notation()
    if isinstance(node, _Const):
        return str(node.value)
    if isinstance(node, _Sum):
        right = _notation(node.right)
        if node.sign < 0 and isinstance(node.right, _Sum):
            right = f"({right})"
        return f"{_notation(node.left)} {'+' if node.sign > 0 else '-'} {right}"
    inner = _notation(node.node)
    if isinstance(node.node, _Sum):
        inner = f"({inner})"
    if isinstance(node, _Mul):
        return f"{inner}*{node.factor}"
    return f"{inner}/{node.divisor}"


def _count_dice(node: _Node) -> int:
    if isinstance(node, _Pool):
        return node.count
    if isinstance(node, _Const):
        return 0
    if isinstance(node, _Sum):
        return _count_dice(node.left) + _count_dice(node.right)
    return _count_dice(node.node)


# ------------------------------------------------------------------ rolls
@dataclass(frozen=True)
class PoolRoll:
    """The dice one pool threw, and which of them count.

    Attributes:
        notation: The pool, e.g. ``"2d20kh1"``.
        faces: Every face rolled, in the order thrown.
        kept: For each face, whether it counts toward the total.
        value: Sum of the kept faces.

    Example:
        >>> str(PoolRoll("2d20kh1", (4, 17), (False, True), 17))
        '2d20kh1 [4~, 17]'
    """

    notation: str
    faces: tuple[int, ...]
    kept: tuple[bool, ...]
    value: int

    def __str__(self) -> str:
        """Faces in brackets; a dropped die is marked with ``~``."""
        shown = ", ".join(f"{f}" if k else f"{f}~" for f, k in zip(self.faces, self.kept))
        return f"{self.notation} [{shown}]"


@dataclass(frozen=True)
class DiceRoll:
    """One concrete, seeded resolution of a :class:`Dice` expression.

    Attributes:
        expression: The notation rolled.
        total: The result.
        pools: Every pool thrown, left to right.
        text: The whole roll written out, every die shown.

    Example:
        >>> r = parse("3d6+2").roll(random.Random(3))
        >>> r.total == sum(r.pools[0].faces) + 2
        True
    """

    expression: str
    total: int
    pools: tuple[PoolRoll, ...]
    text: str

    @property
    def faces(self) -> tuple[int, ...]:
        """Every face of every pool, in order.

        Example:
            >>> parse("2d6").roll(random.Random(0)).faces
            (4, 4)
        """
        return tuple(f for p in self.pools for f in p.faces)

    def __str__(self) -> str:
        """The roll written out, ending with ``= total``."""
        return f"{self.text} = {self.total}"


def _roll(node: _Node, rng: random.Random, pools: list[PoolRoll]) -> tuple[int, str]:
    if isinstance(node, _Pool):
        faces = tuple(rng.randint(1, node.sides) for _ in range(node.count))
        if node.keep is None or node.keep >= node.count:
            kept = (True,) * node.count
        else:
            order = sorted(range(node.count), key=lambda i: faces[i], reverse=node.highest)
            keep_idx = set(order[: node.keep])
            kept = tuple(i in keep_idx for i in range(node.count))
        value = sum(f for f, k in zip(faces, kept) if k)
        pr = PoolRoll(node.notation(), faces, kept, value)
        pools.append(pr)
        return value, str(pr)
    if isinstance(node, _Const):
        return node.value, str(node.value)
    if isinstance(node, _Sum):
        a, ta = _roll(node.left, rng, pools)
        b, tb = _roll(node.right, rng, pools)
        if node.sign < 0 and isinstance(node.right, _Sum):
            tb = f"({tb})"
        return (a + b if node.sign > 0 else a - b), f"{ta} {'+' if node.sign > 0 else '-'} {tb}"
    value, text = _roll(node.node, rng, pools)
    if isinstance(node.node, _Sum):
        text = f"({text})"
    if isinstance(node, _Mul):
        return value * node.factor, f"{text} ×{node.factor}"
    return value // node.divisor, f"{text} /{node.divisor}↓"


# ------------------------------------------------------------------- Dice
class Dice:
    """A dice expression with its exact distribution and a seeded roll.

    Build one with :func:`parse`, :func:`die` or :func:`pool`, and combine
    with ``+``, ``-`` (another ``Dice`` or an ``int``), ``*`` and ``//`` (an
    ``int``). Every probability is an exact :class:`~fractions.Fraction`.

    Example:
        >>> attack = die(20) + 5
        >>> str(attack), attack.prob_at_least(15)
        ('1d20 + 5', Fraction(11, 20))
        >>> (die(6) - die(6)).pmf()[0]
        Fraction(1, 6)
    """

    __slots__ = ("_dist", "_node")

    def __init__(self, node: _Node) -> None:
        """Wrap an expression tree (use :func:`parse`, :func:`die`, :func:`pool`)."""
        self._node = node
        self._dist: Distribution | None = None

    # --- the exact side
    @property
    def distribution(self) -> Distribution:
        """The exact distribution of the total (computed once, then kept).

        Example:
            >>> parse("d4").distribution.weights()
            {1: 1, 2: 1, 3: 1, 4: 1}
        """
        if self._dist is None:
            self._dist = _distribution(self._node)
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
        """
        if isinstance(other, Dice):
            other = other.distribution
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

    @property
    def dice_count(self) -> int:
        """How many dice the expression throws.

        Example:
            >>> parse("2d6 - 1d4 + 3").dice_count
            3
        """
        return _count_dice(self._node)

    # --- the rolled side
    def roll(self, rng: random.Random | None = None) -> DiceRoll:
        """Throw every die once; the same seed always gives the same roll.

        Args:
            rng: The random source; ``None`` uses a fresh unseeded one.

        Example:
            >>> a = parse("3d6").roll(random.Random(42))
            >>> b = parse("3d6").roll(random.Random(42))
            >>> a == b, a.total
            (True, 8)
        """
        pools: list[PoolRoll] = []
        total, text = _roll(self._node, rng or random.Random(), pools)
        return DiceRoll(str(self), total, tuple(pools), text)

    # --- arithmetic
    def _wrap(self, other: Dice | int, sign: int) -> Dice:
        if isinstance(other, Dice):
            right: _Node = other._node
        elif isinstance(other, int) and not isinstance(other, bool):
            if other < 0:
                right, sign = _Const(-other), -sign
            else:
                right = _Const(other)
        else:
            return NotImplemented
        if right == _Const(0):
            return self
        return Dice(_Sum(self._node, right, sign))

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
            return NotImplemented
        return Dice(_Mul(self._node, factor))

    __rmul__ = __mul__

    def __floordiv__(self, divisor: int) -> Dice:
        """Divide the total by a positive integer, rounding down.

        Example:
            >>> (die(6) // 2).pmf()
            {0: Fraction(1, 6), 1: Fraction(1, 3), 2: Fraction(1, 3), 3: Fraction(1, 6)}
        """
        if isinstance(divisor, bool) or not isinstance(divisor, int):
            return NotImplemented
        if divisor < 1:
            raise RuleValueError(f"can only divide a roll by a positive integer, got {divisor!r}")
        return Dice(_Div(self._node, divisor))

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
        return _notation(self._node)

    def __repr__(self) -> str:
        """``parse('…')`` form."""
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
        count: Number of dice, 1 to :data:`MAX_DICE`.
        sides: Faces of each die, 1 to :data:`MAX_SIDES`.
        keep: How many dice count (``None``: all).
        highest: Keep the highest (``True``) or the lowest dice.

    Raises:
        RuleValueError: For counts, sides or keeps out of range, or too much work.

    Example:
        >>> pool(2, 20, keep=1).pmf()[20]
        Fraction(39, 400)
    """
    for name, value, top in (("count", count, MAX_DICE), ("sides", sides, MAX_SIDES)):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= top:
            raise RuleValueError(f"{name} must be an integer from 1 to {top}, got {value!r}")
    if keep is not None and (
        isinstance(keep, bool) or not isinstance(keep, int) or not 1 <= keep <= count
    ):
        raise RuleValueError(f"keep must be an integer from 1 to {count}, got {keep!r}")
    if keep == count:
        keep = None
    work = _pool_work(count, sides, keep)
    if work > MAX_WORK:
        raise RuleValueError(
            f"{_Pool(count, sides, keep, highest).notation()} needs about {work:,} steps "
            f"to compute exactly: at most {MAX_WORK:,} are allowed"
        )
    return Dice(_Pool(count, sides, keep, highest))


# ------------------------------------------------------------------ parser
class _Parser:
    """Recursive-descent reader of dice notation (never ``eval``)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.dice = 0
        self.work = 0

    def error(self, expected: str, position: int | None = None) -> NotationError:
        return NotationError(self.text, self.pos if position is None else position, expected)

    def skip(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        self.skip()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def integer(self, what: str) -> tuple[int, int] | None:
        """Read digits at the cursor (no spaces inside); return (value, start)."""
        self.skip()
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] in "0123456789":
            self.pos += 1
        if self.pos == start:
            return None
        digits = self.text[start : self.pos]
        if len(digits) > 7 or int(digits) > MAX_CONSTANT:
            raise NotationError(self.text, start, f"{what} of at most {MAX_CONSTANT:,}")
        return int(digits), start

    def parse(self) -> _Node:
        if not self.text.strip():
            raise self.error("a dice expression such as 'd20', '3d6+2' or '4D+2'", 0)
        sign = 1
        if self.peek() in "+-":
            sign = 1 if self.text[self.pos] == "+" else -1
            self.pos += 1
        node = self.term()
        if sign < 0:
            node = _Mul(node, -1) if not isinstance(node, _Const) else _Const(-node.value)
        while True:
            ch = self.peek()
            if ch == "":
                return node
            if ch in "+-":
                self.pos += 1
                node = _Sum(node, self.term(), 1 if ch == "+" else -1)
            else:
                raise self.error("'+', '-', '*', '/' or the end of the expression")

    def term(self) -> _Node:
        node = self.atom()
        while self.peek() in ("*", "/", "×") and self.peek() != "":
            op = self.text[self.pos]
            self.pos += 1
            if op == "/" and self.peek() == "/":
                self.pos += 1
            got = self.integer("a multiplier" if op != "/" else "a divisor")
            if got is None:
                raise self.error(
                    "a whole number after '*'" if op != "/" else "a whole number after '/'"
                )
            value, start = got
            if op == "/":
                if value == 0:
                    raise NotationError(self.text, start, "a divisor of at least 1")
                node = _Div(node, value)
            else:
                node = _Mul(node, value)
        return node

    def atom(self) -> _Node:
        self.skip()
        start = self.pos
        got = self.integer("a number")
        if got is not None:
            self.skip()  # "2 d6" is unambiguous
        ch = self.text[self.pos] if self.pos < len(self.text) else ""
        if ch not in ("d", "D"):
            if got is None:
                raise self.error("a number or a die such as 'd6'")
            return _Const(got[0])
        count = 1 if got is None else got[0]
        if count < 1 or count > MAX_DICE:
            raise NotationError(self.text, start, f"a number of dice from 1 to {MAX_DICE:,}")
        self.pos += 1
        sides_at = self.pos
        sides_got = None
        if self.pos < len(self.text) and self.text[self.pos] in "0123456789":
            sides_got = self.integer("a number of sides")
        if sides_got is None:
            if ch == "D":
                sides = 6  # d6-system dice code: "4D" is four six-sided dice
            else:
                raise self.error("the number of sides after 'd' (or 'D' alone for d6 codes)")
        else:
            sides = sides_got[0]
        if not 1 <= sides <= MAX_SIDES:
            raise NotationError(self.text, sides_at, f"a number of sides from 1 to {MAX_SIDES:,}")
        keep: int | None = None
        highest = True
        low = self.text[self.pos : self.pos + 2].lower()
        if low[:1] == "k":
            keep_at = self.pos
            if low == "kh" or low == "kl":
                highest = low == "kh"
                self.pos += 2
            else:
                self.pos += 1
            kept = self.integer("a number of dice to keep")
            if kept is None:
                raise self.error("how many dice to keep, e.g. 'kh1'")
            keep = kept[0]
            if not 1 <= keep <= count:
                raise NotationError(
                    self.text, keep_at, f"a number of dice to keep from 1 to {count}"
                )
            if keep == count:
                keep = None
        self.dice += count
        if self.dice > MAX_DICE:
            raise NotationError(self.text, start, f"at most {MAX_DICE:,} dice in all")
        self.work += _pool_work(count, sides, keep)
        if self.work > MAX_WORK:
            raise NotationError(
                self.text,
                start,
                f"fewer or smaller dice: this needs more than {MAX_WORK:,} steps to compute exactly",
            )
        return _Pool(count, sides, keep, highest)


@lru_cache(maxsize=1024)
def parse(text: str) -> Dice:
    """Read dice notation into an exact, rollable :class:`Dice` expression.

    Args:
        text: Notation such as ``"d20"``, ``"3d6+2"``, ``"2d20kh1"``,
            ``"2d6 - 1d4"`` or the d6-system code ``"4D+2"``.

    Returns:
        The expression; ``parse(text).pmf()`` is its exact distribution.

    Raises:
        NotationError: With the position and what was expected, for anything
            that is not dice notation or that goes past a cap.

    Example:
        >>> parse("4D+2").pmf()[26]
        Fraction(1, 1296)
        >>> parse("3d")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.NotationError: cannot read dice notation '3d' at position 2 (end of text): expected the number of sides after 'd' (or 'D' alone for d6 codes)
    """
    if not isinstance(text, str):
        raise RuleValueError(f"dice notation must be text, got {text!r}")
    if len(text) > 500:
        raise NotationError(text, 500, "at most 500 characters of notation")
    return Dice(_Parser(text).parse())
