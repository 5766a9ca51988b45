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

from .errors import RuleValueError, check_int, quote

__all__ = [
    "LONG_DIGITS",
    "MAX_OUTCOMES",
    "MAX_REPEAT",
    "Comparison",
    "Distribution",
    "Exact",
    "convolution_ns",
    "decimal_text",
    "digit_count",
]

#: An exact fraction whose numerator or denominator has more digits than
#: this prints in a short form (its decimal value and its size).
LONG_DIGITS = 100

#: Answers of ``prob_at_least`` kept per distribution.
_MEMO_SIZE = 256

#: Most copies :meth:`Distribution.repeat_sum` adds up.
MAX_REPEAT = 1_000


def digit_count(n: int) -> int:
    """Decimal digits of ``abs(n)``, without writing it out (no limit on its size).

    Example:
        >>> digit_count(0), digit_count(-999), digit_count(10**5000)
        (1, 3, 5001)
    """
    n = abs(n)
    if n < 10**18:
        return len(str(n))
    d = int(n.bit_length() * 0.30102999566398120)
    while 10**d <= n:
        d += 1
    while 10 ** (d - 1) > n:
        d -= 1
    return d


def decimal_text(x: Fraction, significant: int = 6) -> str:
    """``x`` in decimal with ``significant`` digits, however long its exact form.

    Example:
        >>> decimal_text(Fraction(1, 3)), decimal_text(Fraction(1, 7 * 10**5000))
        ('0.333333', '1.42857e-5001')
        >>> decimal_text(Fraction(-22, 7), 3), decimal_text(Fraction(0)), decimal_text(Fraction(7))
        ('-3.14', '0', '7')
    """
    num, den = x.numerator, x.denominator
    if num == 0:
        return "0"
    sign = "-" if num < 0 else ""
    num = abs(num)
    e = digit_count(num) - digit_count(den)  # 10**e <= x, or 10**(e-1) <= x < 10**e
    if (num * 10 ** (-e) < den) if e < 0 else (num < den * 10**e):
        e -= 1
    s = significant - 1 - e
    if s >= 0:
        m = (2 * num * 10**s + den) // (2 * den)
    else:
        m = (2 * num + den * 10 ** (-s)) // (2 * den * 10 ** (-s))
    if m >= 10**significant:  # 9.999996 rounds to 10.0000
        m //= 10
        e += 1
    digits = str(m)
    if not -5 <= e < 16:
        kept = digits.rstrip("0")
        return f"{sign}{kept[0]}{'.' + kept[1:] if len(kept) > 1 else ''}e{e}"
    point = e + 1  # digits before the decimal point
    if point <= 0:
        text = "0." + "0" * (-point) + digits
    elif point >= len(digits):
        return sign + digits + "0" * (point - len(digits))
    else:
        text = digits[:point] + "." + digits[point:]
    return sign + text.rstrip("0").rstrip(".")


class Exact(Fraction):
    """A :class:`~fractions.Fraction` that always prints, however long it is.

    It is exact and behaves as a ``Fraction`` in every computation; only its
    text changes when its numerator or denominator has more than
    :data:`LONG_DIGITS` digits (past Python's own limit for writing an
    integer, ``repr`` of a plain ``Fraction`` raises): it then shows its
    decimal value and its size.

    Example:
        >>> Exact(1, 3), str(Exact(1, 3)), Exact(1, 3) == Fraction(1, 3)
        (Fraction(1, 3), '1/3', True)
        >>> Exact(1, 3 * 10**7800)
        Fraction(≈3.33333e-7801: a 1-digit numerator over a 7801-digit denominator)
    """

    __slots__ = ()

    def is_long(self) -> bool:
        """Is the exact form too long to print (more than :data:`LONG_DIGITS` digits)?

        Example:
            >>> Exact(2**400, 3).is_long(), Exact(1, 2).is_long()
            (True, False)
        """
        return max(self.numerator.bit_length(), self.denominator.bit_length()) > (
            LONG_DIGITS * 3.3219280948873626
        )

    def short(self) -> str:
        """The decimal value and the size of the exact form.

        Example:
            >>> Exact(2**400, 3).short()
            '≈8.6075e119: a 121-digit numerator over a 1-digit denominator'
        """
        return (
            f"≈{decimal_text(self)}: a {digit_count(self.numerator)}-digit numerator over a "
            f"{digit_count(self.denominator)}-digit denominator"
        )

    def __repr__(self) -> str:
        """``Fraction(n, d)``, or ``Fraction(≈value: its size)`` when too long."""
        if self.is_long():
            return f"Fraction({self.short()})"
        return f"Fraction({self.numerator}, {self.denominator})"

    def __str__(self) -> str:
        """``n/d``, or ``≈value: its size`` when too long."""
        return self.short() if self.is_long() else super().__str__()


def _operand(other: object) -> Distribution:
    if isinstance(other, int) and not isinstance(other, bool):
        return Distribution.constant(other)
    if not isinstance(other, Distribution):
        hint = f": parse the notation first, parse({other!r})" if isinstance(other, str) else ""
        raise RuleValueError(
            "other must be a roll (Dice or Distribution) or an integer, "
            f"got {quote(other)} ({type(other).__name__}){hint[:80]}",
            field="other",
            allowed="a Dice, a Distribution or an integer",
            value=other,
        )
    return other


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
        check_int(lo, "lo")
        total: int | None = None
        try:  # C-speed checks: a table of two million weights costs no Python loop
            total = sum(weights) if isinstance(weights, tuple) else None
            good = isinstance(total, int) and (not weights or min(weights) >= 0)
        except TypeError:
            good = False
        if not good:
            raise RuleValueError(
                f"weights must be a tuple of non-negative integers, got {quote(weights)}",
                field="weights",
            )
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
        self._w = weights[start:end]
        self._total = total  # the zeros cut off at both ends weigh nothing
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
        return cls(check_int(value, "value"), (1,))

    @classmethod
    def uniform(cls, sides: int, low: int = 1) -> Distribution:
        """A fair die: totals ``low .. low + sides - 1``, each weight 1.

        Example:
            >>> Distribution.uniform(4).weights()
            {1: 1, 2: 1, 3: 1, 4: 1}
        """
        if isinstance(sides, bool) or not isinstance(sides, int) or sides < 1:
            raise RuleValueError(f"a die needs at least 1 side, got {quote(sides)}", field="sides")
        check_int(sides, "sides", 1, MAX_OUTCOMES)
        return cls(check_int(low, "low"), (1,) * sides)

    @classmethod
    def from_weights(cls, weights: Mapping[int, int]) -> Distribution:
        """Build from ``{total: weight}`` with non-negative integer weights.

        Example:
            >>> Distribution.from_weights({0: 2, 2: 2}).pmf()
            {0: Fraction(1, 2), 2: Fraction(1, 2)}
        """
        if not isinstance(weights, Mapping):
            raise RuleValueError(
                f"weights must be a mapping {{total: weight}}, got {quote(weights)}",
                field="weights",
            )
        if not weights:
            raise RuleValueError("a distribution needs at least one possible total")
        for total, weight in weights.items():
            check_int(total, "total")
            if isinstance(weight, bool) or not isinstance(weight, int) or weight < 0:
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
        return {v: Exact(w, t) for v, w in self.items()}

    def probability(self, value: int) -> Fraction:
        """P(total = value).

        Example:
            >>> Distribution.uniform(10).probability(11)
            Fraction(0, 1)
        """
        i = check_int(value, "value") - self._lo
        return Exact(self._w[i] if 0 <= i < len(self._w) else 0, self._total)

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
        return Exact(self._weight_at_most(check_int(value, "value")), self._total)

    def prob_at_least(self, value: int) -> Fraction:
        """P(total >= value).

        Example:
            >>> Distribution.uniform(10).prob_at_least(9)
            Fraction(1, 5)
        """
        known = self._ge.get(check_int(value, "value"))
        if known is None:
            known = Exact(self._total - self._weight_at_most(value - 1), self._total)
            if len(self._ge) < _MEMO_SIZE:  # bounded: any integer may be asked
                self._ge[value] = known
        return known

    def mean(self) -> Fraction:
        """The exact expected total.

        Example:
            >>> Distribution.uniform(6).mean()
            Fraction(7, 2)
        """
        return Exact(sum(v * w for v, w in self.items()), self._total)

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
        return Exact(t * s2 - s1 * s1, t * t)

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
        other = _operand(other)
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
        return self + (-_operand(other))

    def __rsub__(self, other: int) -> Distribution:
        """A constant minus this roll.

        Example:
            >>> (10 - Distribution.uniform(2)).weights()
            {8: 1, 9: 1}
        """
        return (-self) + check_int(other, "other")

    def __mul__(self, factor: int) -> Distribution:
        """Every total multiplied by an integer (a damage multiplier).

        Example:
            >>> (Distribution.uniform(3) * 3).weights()
            {3: 1, 6: 1, 9: 1}
        """
        check_int(factor, "factor")
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
        if isinstance(divisor, bool) or not isinstance(divisor, int) or divisor < 1:
            raise RuleValueError(
                f"can only divide by a positive integer, got {quote(divisor)}",
                field="divisor",
                value=divisor,
            )
        return self.map(lambda v: v // divisor)

    def map(self, fn: Callable[[int], int]) -> Distribution:
        """Apply ``fn`` to every total (several totals may merge into one).

        Example:
            >>> Distribution.uniform(6).map(lambda v: min(v, 4)).weights()
            {1: 1, 2: 1, 3: 1, 4: 3}
        """
        if not callable(fn):
            raise RuleValueError(
                f"fn must be a function of a total, got {quote(fn)} ({type(fn).__name__})",
                field="fn",
            )
        out: dict[int, int] = {}
        for v, w in self.items():
            key = check_int(fn(v), "fn(total)")
            out[key] = out.get(key, 0) + w
        return Distribution.from_weights(out)

    def repeat_sum(self, count: int) -> Distribution:
        """The total of ``count`` independent copies of this roll.

        Example:
            >>> Distribution.uniform(6).repeat_sum(3).probability(18)
            Fraction(1, 216)
        """
        check_int(count, "count", 0, MAX_REPEAT)
        if (len(self._w) - 1) * count + 1 > MAX_OUTCOMES:
            raise RuleValueError(
                f"count {count} gives {(len(self._w) - 1) * count + 1:,} possible totals: "
                f"at most {MAX_OUTCOMES:,} are allowed",
                field="count",
            )
        if count == 1:
            return self
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
        other = _operand(other)
        gt = eq = 0
        for v, w in self.items():
            below = other._weight_at_most(v - 1)
            gt += w * below
            eq += w * (other._weight_at_most(v) - below)
        total = self._total * other._total
        return Comparison(Exact(gt, total), Exact(eq, total), Exact(total - gt - eq, total))

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
        if rng is not None and not isinstance(rng, random.Random):
            raise RuleValueError(
                f"rng must be a random.Random (e.g. random.Random(42)) or None, "
                f"got {quote(rng)} ({type(rng).__name__})",
                field="rng",
            )
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
        total = self._total
        weight = str(total) if total.bit_length() < 300 else f"≈{decimal_text(Fraction(total))}"
        return f"Distribution({self.min_value}..{self.max_value}, total weight {weight})"
