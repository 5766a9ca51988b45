"""Exact probability distributions over integers, with integer weights.

A :class:`Distribution` is the answer to "what can this roll total, and how
often?". It stores one non-negative integer weight per total (no floats
inside), so every probability it reports is an exact :class:`~fractions.Fraction`.
Floats appear only where a number cannot be a fraction (the standard
deviation) or when a calculator formats a percentage.

The representation is dense (lowest total + a tuple of weights), which makes
convolution -- the sum of two independent rolls -- a pair of nested integer
loops, and the sum of one more uniform die a sliding-window sum.

Example:
    >>> d6 = Distribution.uniform(6)
    >>> two = d6 + d6
    >>> two.pmf()[7]
    Fraction(1, 6)
    >>> two.prob_at_least(10), two.mean()
    (Fraction(1, 6), Fraction(7, 1))
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import accumulate

from .errors import RuleValueError

__all__ = ["MAX_OUTCOMES", "Comparison", "Distribution", "convolution_ns"]

#: The widest distribution (highest total - lowest total + 1) the engine builds.
#: Anything wider is refused with a :class:`RuleValueError` instead of eating
#: the reader's memory.
MAX_OUTCOMES = 2_000_000


def convolution_ns(
    width_a: int, nnz_a: int, bits_a: float, width_b: int, nnz_b: int, bits_b: float
) -> tuple[float, float]:
    """Estimated nanoseconds of the two ways to add two rolls: (pair by pair, packed).

    *Pair by pair* multiplies every possible total of one roll with every one
    of the other. *Packed* writes each table of weights as one huge integer
    (one fixed-width slot per total) and lets Python's big-integer product
    (Karatsuba) do the whole convolution at once, which wins for wide rolls.
    Measured on this project's machine (CPython 3.11), rounded up.

    Example:
        >>> naive, packed = convolution_ns(10000, 10000, 14, 10000, 10000, 14)
        >>> packed < naive / 100
        True
    """
    if width_a < width_b:
        width_a, nnz_a, bits_a, width_b, nnz_b, bits_b = (
            width_b,
            nnz_b,
            bits_b,
            width_a,
            nnz_a,
            bits_a,
        )
    dense = nnz_a * 4 >= width_a * 3
    limbs = (1 + bits_a / 30) * (1 + bits_b / 30)
    naive = nnz_b * (width_a if dense else nnz_a) * (140.0 + 3.0 * limbs)
    slot = bits_a + bits_b + 1
    big = width_a * slot / 30 + 1
    small = width_b * slot / 30 + 1
    packed = (2 * width_a + 2 * width_b) * (200.0 + slot / 16) + 8.0 * (big / small) * small**1.585
    return naive, packed


def _packed_product(a: tuple[int, ...], b: tuple[int, ...], bits: int) -> tuple[int, ...]:
    """Convolution of two weight tables through one big-integer product.

    ``bits`` bounds the size of every result weight (the product of the two
    total weights has at most that many bits), so slots never overlap.
    """
    nb = (bits + 7) // 8
    x = int.from_bytes(b"".join(w.to_bytes(nb, "little") for w in a), "little")
    y = int.from_bytes(b"".join(w.to_bytes(nb, "little") for w in b), "little")
    n = len(a) + len(b) - 1
    raw = (x * y).to_bytes(n * nb, "little")
    return tuple(int.from_bytes(raw[i : i + nb], "little") for i in range(0, n * nb, nb))


@dataclass(frozen=True)
class Comparison:
    """Exact chances that one roll beats, ties or loses to another.

    Attributes:
        gt: P(A > B).
        eq: P(A = B).
        lt: P(A < B).

    Example:
        >>> c = Distribution.uniform(2).compare(Distribution.constant(1))
        >>> c.gt, c.eq, c.lt, c.gt + c.eq + c.lt
        (Fraction(1, 2), Fraction(1, 2), Fraction(0, 1), Fraction(1, 1))
    """

    gt: Fraction
    eq: Fraction
    lt: Fraction


class Distribution:
    """An exact distribution of integer totals with integer weights.

    Build one with :meth:`constant`, :meth:`uniform` or :meth:`from_weights`,
    then combine with ``+``, ``-``, ``*`` (by an integer), ``//`` (by a
    positive integer) and :meth:`map`. Instances are immutable.

    Example:
        >>> d = Distribution.from_weights({1: 1, 3: 3})
        >>> d.weights(), d.total, d.min_value, d.max_value
        ({1: 1, 3: 3}, 4, 1, 3)
        >>> (d * 2).weights()
        {2: 1, 6: 3}
    """

    __slots__ = ("_cum", "_ge", "_lo", "_total", "_w")

    def __init__(self, lo: int, weights: tuple[int, ...]) -> None:
        """Wrap ``weights[i]`` as the weight of total ``lo + i`` (use the factories).

        Args:
            lo: The lowest total.
            weights: Non-negative integer weights, not all zero.

        Example:
            >>> Distribution(3, (1, 0, 1)).weights()
            {3: 1, 5: 1}
        """
        start = 0
        end = len(weights)
        while start < end and weights[start] == 0:
            start += 1
        while end > start and weights[end - 1] == 0:
            end -= 1
        if start == end:
            raise RuleValueError("a distribution needs at least one possible total")
        if end - start > MAX_OUTCOMES:
            raise RuleValueError(
                f"a distribution of {end - start:,} possible totals is too wide: "
                f"at most {MAX_OUTCOMES:,} are allowed"
            )
        self._lo = lo + start
        self._w = tuple(weights[start:end])
        self._total = sum(self._w)
        self._cum: tuple[int, ...] | None = None
        self._ge: dict[int, Fraction] = {}  # memo of prob_at_least (values are immutable)

    # ----------------------------------------------------------- factories
    @classmethod
    def constant(cls, value: int) -> Distribution:
        """The distribution that is always ``value``.

        Example:
            >>> Distribution.constant(-2).pmf()
            {-2: Fraction(1, 1)}
        """
        return cls(value, (1,))

    @classmethod
    def uniform(cls, sides: int, low: int = 1) -> Distribution:
        """A fair die: totals ``low .. low + sides - 1``, each weight 1.

        Example:
            >>> Distribution.uniform(4).weights()
            {1: 1, 2: 1, 3: 1, 4: 1}
        """
        if sides < 1:
            raise RuleValueError(f"a die needs at least 1 side, got {sides!r}")
        return cls(low, (1,) * sides)

    @classmethod
    def from_weights(cls, weights: Mapping[int, int]) -> Distribution:
        """Build from ``{total: weight}`` with non-negative integer weights.

        Example:
            >>> Distribution.from_weights({0: 2, 2: 2}).pmf()
            {0: Fraction(1, 2), 2: Fraction(1, 2)}
        """
        if not weights:
            raise RuleValueError("a distribution needs at least one possible total")
        for total, weight in weights.items():
            if not isinstance(weight, int) or weight < 0:
                raise RuleValueError(
                    f"weights must be non-negative integers, got {weight!r} for {total!r}"
                )
        lo, hi = min(weights), max(weights)
        if hi - lo + 1 > MAX_OUTCOMES:
            raise RuleValueError(f"totals from {lo} to {hi} are too many: at most {MAX_OUTCOMES:,}")
        dense = [0] * (hi - lo + 1)
        for total, weight in weights.items():
            dense[total - lo] += weight
        return cls(lo, tuple(dense))

    # ---------------------------------------------------------- inspection
    @property
    def total(self) -> int:
        """Sum of the weights (the number of equally likely ways to roll).

        Example:
            >>> (Distribution.uniform(6) + Distribution.uniform(6)).total
            36
        """
        return self._total

    @property
    def min_value(self) -> int:
        """The lowest possible total.

        Example:
            >>> Distribution.uniform(6, low=0).min_value
            0
        """
        return self._lo

    @property
    def max_value(self) -> int:
        """The highest possible total.

        Example:
            >>> Distribution.uniform(6).max_value
            6
        """
        return self._lo + len(self._w) - 1

    def items(self) -> Iterator[tuple[int, int]]:
        """Yield ``(total, weight)`` for every possible total, ascending.

        Example:
            >>> list(Distribution.from_weights({1: 2, 3: 1}).items())
            [(1, 2), (3, 1)]
        """
        lo = self._lo
        for i, weight in enumerate(self._w):
            if weight:
                yield lo + i, weight

    def weights(self) -> dict[int, int]:
        """``{total: integer weight}`` for every possible total.

        Example:
            >>> Distribution.uniform(2).weights()
            {1: 1, 2: 1}
        """
        return dict(self.items())

    def pmf(self) -> dict[int, Fraction]:
        """``{total: exact probability}`` for every possible total, ascending.

        Example:
            >>> Distribution.uniform(4).pmf()[4]
            Fraction(1, 4)
        """
        t = self._total
        return {v: Fraction(w, t) for v, w in self.items()}

    def probability(self, value: int) -> Fraction:
        """P(total = value).

        Example:
            >>> Distribution.uniform(10).probability(11)
            Fraction(0, 1)
        """
        i = value - self._lo
        return Fraction(self._w[i] if 0 <= i < len(self._w) else 0, self._total)

    def _cumulative(self) -> tuple[int, ...]:
        if self._cum is None:
            self._cum = tuple(accumulate(self._w))
        return self._cum

    def _weight_at_most(self, value: int) -> int:
        i = value - self._lo
        if i < 0:
            return 0
        cum = self._cumulative()
        return cum[min(i, len(cum) - 1)]

    def prob_at_most(self, value: int) -> Fraction:
        """P(total <= value).

        Example:
            >>> Distribution.uniform(20).prob_at_most(5)
            Fraction(1, 4)
        """
        return Fraction(self._weight_at_most(value), self._total)

    def prob_at_least(self, value: int) -> Fraction:
        """P(total >= value).

        Example:
            >>> Distribution.uniform(10).prob_at_least(9)
            Fraction(1, 5)
        """
        known = self._ge.get(value)
        if known is None:
            known = Fraction(self._total - self._weight_at_most(value - 1), self._total)
            self._ge[value] = known
        return known

    def mean(self) -> Fraction:
        """The exact expected total.

        Example:
            >>> Distribution.uniform(6).mean()
            Fraction(7, 2)
        """
        return Fraction(sum(v * w for v, w in self.items()), self._total)

    def variance(self) -> Fraction:
        """The exact variance of the total.

        Example:
            >>> Distribution.uniform(6).variance()
            Fraction(35, 12)
        """
        # Integer sums only: T * sum(w v^2) - (sum(w v))^2, over T^2.
        s1 = s2 = 0
        for v, w in self.items():
            s1 += w * v
            s2 += w * v * v
        t = self._total
        return Fraction(t * s2 - s1 * s1, t * t)

    def stdev(self) -> float:
        """The standard deviation (a float: a square root is rarely a fraction).

        Example:
            >>> round(Distribution.uniform(6).stdev(), 4)
            1.7078
        """
        return math.sqrt(self.variance())

    # ---------------------------------------------------------- arithmetic
    def __add__(self, other: Distribution | int) -> Distribution:
        """The total of two independent rolls, or this roll plus a constant.

        Example:
            >>> (Distribution.uniform(2) + 3).weights()
            {4: 1, 5: 1}
        """
        if isinstance(other, int) and not isinstance(other, bool):
            return Distribution(self._lo + other, self._w)
        if not isinstance(other, Distribution):
            return NotImplemented
        if len(self._w) < len(other._w):
            a, b = other._w, self._w
        else:
            a, b = self._w, other._w
        if len(a) + len(b) - 1 > MAX_OUTCOMES:
            raise RuleValueError(
                f"the sum would have {len(a) + len(b) - 1:,} possible totals: "
                f"at most {MAX_OUTCOMES:,} are allowed"
            )
        bits_a = (self._total if a is self._w else other._total).bit_length()
        bits_b = (other._total if a is self._w else self._total).bit_length()
        nnz_a = len(a) - a.count(0)
        nnz_b = len(b) - b.count(0)
        naive, packed = convolution_ns(len(a), nnz_a, bits_a, len(b), nnz_b, bits_b)
        if packed < naive:
            return Distribution(self._lo + other._lo, _packed_product(a, b, bits_a + bits_b + 1))
        out = [0] * (len(a) + len(b) - 1)
        if nnz_a * 4 < len(a) * 3:  # sparse (a multiplied roll): skip the zeros
            pairs = [(i, wa) for i, wa in enumerate(a) if wa]
            for j, wb in enumerate(b):
                if wb:
                    for i, wa in pairs:
                        out[i + j] += wa * wb
        else:
            for j, wb in enumerate(b):
                if wb:
                    for i, wa in enumerate(a, j):
                        out[i] += wa * wb
        return Distribution(self._lo + other._lo, tuple(out))

    __radd__ = __add__

    def __neg__(self) -> Distribution:
        """The negated roll.

        Example:
            >>> (-Distribution.uniform(3)).weights()
            {-3: 1, -2: 1, -1: 1}
        """
        return Distribution(-self.max_value, self._w[::-1])

    def __sub__(self, other: Distribution | int) -> Distribution:
        """The difference of two independent rolls, or minus a constant.

        Example:
            >>> (Distribution.uniform(2) - Distribution.uniform(2)).weights()
            {-1: 1, 0: 2, 1: 1}
        """
        if isinstance(other, int) and not isinstance(other, bool):
            return self + (-other)
        if not isinstance(other, Distribution):
            return NotImplemented
        return self + (-other)

    def __rsub__(self, other: int) -> Distribution:
        """A constant minus this roll.

        Example:
            >>> (10 - Distribution.uniform(2)).weights()
            {8: 1, 9: 1}
        """
        return (-self) + other

    def __mul__(self, factor: int) -> Distribution:
        """Every total multiplied by an integer (a damage multiplier).

        Example:
            >>> (Distribution.uniform(3) * 3).weights()
            {3: 1, 6: 1, 9: 1}
        """
        if isinstance(factor, bool) or not isinstance(factor, int):
            return NotImplemented
        if factor == 0:
            return Distribution.constant(0)
        return self.map(lambda v: v * factor)

    __rmul__ = __mul__

    def __floordiv__(self, divisor: int) -> Distribution:
        """Every total divided by a positive integer, rounded down (floor).

        Example:
            >>> (Distribution.uniform(4) // 2).weights()
            {0: 1, 1: 2, 2: 1}
        """
        if isinstance(divisor, bool) or not isinstance(divisor, int):
            return NotImplemented
        if divisor < 1:
            raise RuleValueError(f"can only divide by a positive integer, got {divisor!r}")
        return self.map(lambda v: v // divisor)

    def map(self, fn: Callable[[int], int]) -> Distribution:
        """Apply ``fn`` to every total (several totals may merge into one).

        Example:
            >>> Distribution.uniform(6).map(lambda v: min(v, 4)).weights()
            {1: 1, 2: 1, 3: 1, 4: 3}
        """
        out: dict[int, int] = {}
        for v, w in self.items():
            key = fn(v)
            out[key] = out.get(key, 0) + w
        return Distribution.from_weights(out)

    def repeat_sum(self, count: int) -> Distribution:
        """The total of ``count`` independent copies of this roll.

        Example:
            >>> Distribution.uniform(6).repeat_sum(3).probability(18)
            Fraction(1, 216)
        """
        if count < 0:
            raise RuleValueError(f"cannot add up {count!r} rolls: need 0 or more")
        result = Distribution.constant(0)
        uniform = all(w == 1 for w in self._w)
        for _ in range(count):
            result = result._add_uniform(self) if uniform else result + self
        return result

    def _add_uniform(self, die: Distribution) -> Distribution:
        """Add an all-weights-1 distribution with a sliding window (O(width))."""
        s = len(die._w)
        a = self._w
        n = len(a) + s - 1
        if n > MAX_OUTCOMES:
            raise RuleValueError(
                f"the sum would have {n:,} possible totals: at most {MAX_OUTCOMES:,}"
            )
        out = [0] * n
        window = 0
        la = len(a)
        for i in range(n):
            if i < la:
                window += a[i]
            if i - s >= 0:
                window -= a[i - s]
            out[i] = window
        return Distribution(self._lo + die._lo, tuple(out))

    # --------------------------------------------------------- comparisons
    def compare(self, other: Distribution | int) -> Comparison:
        """Exact P(A > B), P(A = B) and P(A < B) for independent A (self) and B.

        Example:
            >>> c = Distribution.uniform(6).compare(Distribution.uniform(6))
            >>> c.gt, c.eq, c.lt
            (Fraction(5, 12), Fraction(1, 6), Fraction(5, 12))
        """
        if isinstance(other, int) and not isinstance(other, bool):
            other = Distribution.constant(other)
        gt = eq = 0
        for v, w in self.items():
            below = other._weight_at_most(v - 1)
            gt += w * below
            eq += w * (other._weight_at_most(v) - below)
        total = self._total * other._total
        return Comparison(
            Fraction(gt, total), Fraction(eq, total), Fraction(total - gt - eq, total)
        )

    def prob_gt(self, other: Distribution | int) -> Fraction:
        """P(A > B).

        Example:
            >>> Distribution.uniform(20).prob_gt(10)
            Fraction(1, 2)
        """
        return self.compare(other).gt

    def prob_eq(self, other: Distribution | int) -> Fraction:
        """P(A = B).

        Example:
            >>> Distribution.uniform(6).prob_eq(Distribution.uniform(6))
            Fraction(1, 6)
        """
        return self.compare(other).eq

    def prob_lt(self, other: Distribution | int) -> Fraction:
        """P(A < B).

        Example:
            >>> Distribution.uniform(20).prob_lt(11)
            Fraction(1, 2)
        """
        return self.compare(other).lt

    def prob_ge(self, other: Distribution | int) -> Fraction:
        """P(A >= B).

        Example:
            >>> Distribution.uniform(20).prob_ge(11)
            Fraction(1, 2)
        """
        c = self.compare(other)
        return c.gt + c.eq

    # ------------------------------------------------------------ sampling
    def sample(self, rng: random.Random | None = None) -> int:
        """Draw one total with the exact weights (seeded when ``rng`` is).

        Example:
            >>> Distribution.uniform(6).sample(random.Random(1)) in range(1, 7)
            True
        """
        rng = rng or random.Random()
        pick = rng.randrange(self._total)
        return self._lo + bisect_right(self._cumulative(), pick)

    # --------------------------------------------------------------- dunder
    def __eq__(self, other: object) -> bool:
        """Equal when the probabilities (not the raw weights) are equal.

        Example:
            >>> Distribution.from_weights({1: 2}) == Distribution.constant(1)
            True
        """
        if not isinstance(other, Distribution):
            return NotImplemented
        return (
            self._lo == other._lo
            and len(self._w) == len(other._w)
            and all(a * other._total == b * self._total for a, b in zip(self._w, other._w))
        )

    def __hash__(self) -> int:
        """Hash consistent with :meth:`__eq__`.

        Example:
            >>> hash(Distribution.constant(1)) == hash(Distribution.from_weights({1: 3}))
            True
        """
        g = math.gcd(*self._w)
        return hash((self._lo, tuple(w // g for w in self._w)))

    def __repr__(self) -> str:
        """Short form: range and number of ways.

        Example:
            >>> Distribution.uniform(6)
            Distribution(1..6, total weight 6)
        """
        return f"Distribution({self.min_value}..{self.max_value}, total weight {self._total})"
