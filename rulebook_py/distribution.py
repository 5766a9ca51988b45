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
from functools import lru_cache
from itertools import accumulate

from .errors import RuleValueError, check_int, quote
from .messages import M

__all__ = [
    "FRACTION_TYPES",
    "LONG_DIGITS",
    "MAX_OUTCOMES",
    "MAX_REPEAT",
    "MAX_VALUE",
    "MEAN_BITS",
    "Comparison",
    "Distribution",
    "Exact",
    "Mean",
    "convolution_ns",
    "decimal_text",
    "digit_count",
    "exact_ratio",
    "ratio_parts",
    "surely_long",
]

#: An exact fraction whose numerator or denominator has more digits than
#: this prints in a short form (its decimal value and its size).
LONG_DIGITS = 100

#: Most bits of a :class:`Mean`'s numerator or denominator (about 3,000 digits).
MEAN_BITS = 10_000

#: Answers of ``prob_at_least`` kept per distribution.
_MEMO_SIZE = 256

#: Most copies :meth:`Distribution.repeat_sum` adds up.
MAX_REPEAT = 1_000

#: Largest total (either way) a distribution holds: every game's totals are far
#: smaller, and a total is always written out whole.
MAX_VALUE = 10**15


_LOG10_2 = math.log10(2)


def _log10(n: int) -> float:
    """log10 of a positive integer of any size (about 15 significant digits)."""
    bits = n.bit_length()
    if bits <= 1000:
        return math.log10(n)
    return math.log10(n >> (bits - 64)) + (bits - 64) * _LOG10_2


def digit_count(n: int) -> int:
    """Decimal digits of ``abs(n)``, without writing it out (no limit on its size).

    Counted from the logarithm of its leading bits; only a number within a
    hair of a power of ten is compared with that power exactly.

    Example:
        >>> digit_count(0), digit_count(-999), digit_count(10**5000), digit_count(10**5000 - 1)
        (1, 3, 5001, 5000)
    """
    n = abs(n)
    if n < 10**18:
        return len(str(n))
    log = _log10(n)
    d = math.floor(log)
    if log - d < 1e-9 or d + 1 - log < 1e-9:  # near a power of ten: decide exactly
        d = round(log)
        return d + 1 if n >= 10**d else d
    return d + 1


def decimal_text(x: Fraction, significant: int = 6) -> str:
    """``x`` in decimal with ``significant`` digits, however long its exact form.

    A fraction of more than 300 digits is written from the logarithms of its
    parts (the last digit may then be off by one at an exact tie), so it
    costs microseconds whatever its size.

    Example:
        >>> decimal_text(Fraction(1, 3)), decimal_text(Fraction(1, 7 * 10**5000))
        ('0.333333', '1.42857e-5001')
        >>> decimal_text(Fraction(-22, 7), 3), decimal_text(Fraction(0)), decimal_text(Fraction(7))
        ('-3.14', '0', '7')
        >>> decimal_text(Fraction(10**400 + 1, 3 * 10**399))
        '3.33333'
    """
    if not isinstance(x, Fraction):
        raise RuleValueError(
            M("x must be a Fraction, got {got} ({kind})", got=quote(x), kind=type(x).__name__),
            field="x",
        )
    check_int(significant, "significant", 1, 30)
    num, den = ratio_parts(x)
    if num == 0:
        return "0"
    sign = "-" if num < 0 else ""
    num = abs(num)
    if max(num.bit_length(), den.bit_length()) > 1000:
        log = _log10(num) - _log10(den)
        e = math.floor(log)
        m = round(10 ** (log - e + significant - 1))
    else:
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


#: Below this many bits, ``math.gcd`` reduces a fraction as fast as anything.
_SMOOTH_BITS = 1024
#: The primes of the dice: every total weight of a roll is a product of dice
#: sides (or of their powers), so its prime factors are at most this.
_PRIME_LIMIT = 10_000


@lru_cache(maxsize=1)
def _primes() -> tuple[tuple[int, ...], int]:
    """The primes up to :data:`_PRIME_LIMIT`, and their product."""
    sieve = bytearray([1]) * (_PRIME_LIMIT + 1)
    sieve[0:2] = b"\x00\x00"
    for i in range(2, math.isqrt(_PRIME_LIMIT) + 1):
        if sieve[i]:
            sieve[i * i :: i] = bytes(len(range(i * i, _PRIME_LIMIT + 1, i)))
    primes = tuple(i for i, is_prime in enumerate(sieve) if is_prime)
    return primes, math.prod(primes)


def _valuation(n: int, p: int, cap: int) -> int:
    """How many times ``p`` divides ``n`` (at most ``cap``): a few divisions by ``p**(2**k)``."""
    if not n:
        return cap
    if p == 2:
        return min(cap, (n & -n).bit_length() - 1)
    if n % p:
        return 0
    powers = [p]  # p**(2**k) while it may still divide n
    while 2 * (1 << (len(powers) - 1)) <= cap and powers[-1].bit_length() * 2 <= n.bit_length() + 1:
        powers.append(powers[-1] * powers[-1])
    v = 0
    for k in range(len(powers) - 1, -1, -1):
        step = 1 << k
        while v + step <= cap and n % powers[k] == 0:
            n //= powers[k]
            v += step
    return v


@lru_cache(maxsize=32)
def _smooth_factors(d: int) -> tuple[tuple[int, int], ...] | None:
    """``d``'s prime factors and their powers, when every one is a prime of the dice."""
    primes, product = _primes()
    common = math.gcd(d, product)  # the distinct small primes of d, multiplied
    factors = []
    rest = d
    for p in primes:
        if common % p == 0:
            v = _valuation(rest, p, rest.bit_length())
            rest //= p**v
            factors.append((p, v))
            common //= p
            if common == 1:
                break
    return tuple(factors) if rest == 1 else None


#: Digits a reduced denominator must exceed to be "long" (:func:`surely_long`).
_LONG_DIGITS = 60


@lru_cache(maxsize=32)
def _long_modulus(denominator: int) -> int | None:
    """The part of a dice denominator that any fraction over it must share to be short.

    For each prime ``p`` of the denominator, ``p`` to its power less what
    leaves :data:`_LONG_DIGITS` digits: a numerator that this does not divide
    keeps more than that many digits of ``p`` in its reduced denominator.
    None when the denominator has a prime above the dice's.
    """
    factors = _smooth_factors(denominator)
    if factors is None:
        return None
    modulus = 1
    for p, v in factors:
        keep = math.ceil(_LONG_DIGITS / math.log10(p)) + 1
        if v > keep:
            modulus *= p ** (v - keep)
    return modulus


def _lowest_terms(numerator: int, denominator: int) -> tuple[int, int]:
    """The fraction in lowest terms: the dice's small primes divided out, else a gcd.

    A numerator sharing nearly all of a huge denominator's primes (the common
    case of a roll's answers) is divided by that shared part first, one cheap
    division, and the rest reduced by a gcd of small numbers.
    """
    if denominator.bit_length() < _SMOOTH_BITS or not numerator:
        common = math.gcd(numerator, denominator)
        return numerator // common, denominator // common
    modulus = _long_modulus(denominator)
    if modulus is not None and modulus > 1 and numerator % modulus == 0:
        numerator, denominator = numerator // modulus, denominator // modulus
        common = math.gcd(numerator, denominator)
        return numerator // common, denominator // common
    return _long_terms(numerator, denominator)


def _long_terms(numerator: int, denominator: int) -> tuple[int, int]:
    """A long fraction in lowest terms: the costly way (about 0.5 ms at 26,000 bits)."""
    factors = _smooth_factors(denominator)
    if factors is None:
        common = math.gcd(numerator, denominator)
    else:
        common = 1
        for p, v in factors:
            common *= p ** _valuation(numerator, p, v)
    return numerator // common, denominator // common


def exact_ratio(numerator: int, denominator: int) -> Exact:
    """``numerator / denominator`` as an :class:`Exact` fraction, at once however large.

    A roll's probabilities are weights over a total weight of thousands of
    digits (``1000d6!`` weighs 6**10000). Putting one in lowest terms costs
    about half a millisecond at that size, so a fraction whose denominator
    has more than 1,024 bits is put in lowest terms only when something
    needs its terms (its numerator, a sum, a comparison, its ``repr``): its
    value (``float``), :func:`ratio_parts` and the short forms of the
    calculators need none. It is the same exact number in every use.

    Example:
        >>> exact_ratio(6, 8), exact_ratio(3**2000, 6**2000) == Fraction(1, 2**2000)
        (Fraction(3, 4), True)
        >>> p = exact_ratio(6**1000, 2 * 6**1000)
        >>> float(p), p.numerator, p
        (0.5, 1, Fraction(1, 2))
    """
    for name, value in (("numerator", numerator), ("denominator", denominator)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleValueError(
                M(
                    "{name} must be an integer, got {got} ({kind})",
                    name=name,
                    got=quote(value),
                    kind=type(value).__name__,
                ),
                field=name,
            )
    if denominator <= 0:
        raise RuleValueError(
            M("denominator must be a positive integer, got {got}", got=quote(denominator)),
            field="denominator",
        )
    if denominator.bit_length() < _SMOOTH_BITS:
        return Exact(numerator, denominator)
    return Exact._later(numerator, denominator)


def ratio_parts(x: Fraction) -> tuple[int, int]:
    """A fraction's numerator and denominator, not necessarily in lowest terms (never reduced here).

    Example:
        >>> ratio_parts(Fraction(2, 4)), ratio_parts(exact_ratio(2**2000, 2**2001))[1] == 2**2001
        ((1, 2), True)
    """
    # (a chart reads hundreds: the usual kinds are told by their type, which costs less than an
    # isinstance of Fraction, an abstract number; a fraction of long terms gives them unreduced)
    kind = type(x)
    if kind is _Lazy:
        return x._raw
    if kind in FRACTION_TYPES:
        return x._numerator, x._denominator
    if not isinstance(x, Fraction):
        raise RuleValueError(
            M("x must be a Fraction, got {got} ({kind})", got=quote(x), kind=type(x).__name__),
            field="x",
        )
    return x.numerator, x.denominator


def surely_long(x: Fraction, digits: int) -> bool:
    """Does ``x`` in lowest terms have more than ``digits`` digits, found without reducing it?

    ``False`` means "perhaps not": the caller then reduces it. Only the
    denominator is looked at (a probability's numerator is the smaller): one
    division by the part of it a short fraction's numerator must share.

    Example:
        >>> surely_long(exact_ratio(1, 3**3000), 60), surely_long(exact_ratio(3**3000, 3**3000), 60)
        (True, False)
    """
    n, d = ratio_parts(x)
    if d.bit_length() < _SMOOTH_BITS or digits > _LONG_DIGITS or not n:
        return False
    modulus = _long_modulus(d)
    return modulus is not None and modulus > 1 and n % modulus != 0


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

    __slots__ = ("_raw",)

    @classmethod
    def _later(cls, numerator: int, denominator: int) -> Exact:
        """The fraction, put in lowest terms when its terms are first read (see :func:`exact_ratio`)."""
        self = object.__new__(_Lazy)
        self._raw = (numerator, denominator)
        return self

    def __getattr__(self, name: str) -> int:
        """The terms of a fraction made by :func:`exact_ratio`, reduced on first use."""
        if name not in ("_numerator", "_denominator"):
            raise AttributeError(name)
        raw = object.__getattribute__(self, "_raw")  # (an Exact always has one or the other)
        numerator, denominator = _lowest_terms(*raw)
        object.__setattr__(self, "_numerator", numerator)
        object.__setattr__(self, "_denominator", denominator)
        return numerator if name == "_numerator" else denominator

    def __float__(self) -> float:
        """The value as a float (from the raw terms: nothing reduced).

        Example:
            >>> float(exact_ratio(1, 3**3000)), float(Exact(1, 4))
            (0.0, 0.25)
        """
        n, d = ratio_parts(self)
        return n / d

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


class _Lazy(Exact):
    """An :class:`Exact` of long terms, reduced on first use (made by :func:`exact_ratio` only).

    Example:
        >>> type(exact_ratio(1, 3**3000)).__name__, type(exact_ratio(1, 3)).__name__
        ('_Lazy', 'Exact')
    """

    __slots__ = ()


#: The fraction types the rules make (``Fraction``, :class:`Exact`, a lazily reduced one):
#: ``type(x) in FRACTION_TYPES`` is a set lookup where ``isinstance(x, Fraction)`` walks the
#: abstract number classes (a chart asks hundreds of times a change).
FRACTION_TYPES = frozenset({Fraction, Exact, _Lazy})


def _operand(other: object) -> Distribution:
    if isinstance(other, int) and not isinstance(other, bool):
        return Distribution.constant(other)
    if not isinstance(other, Distribution):
        if isinstance(other, str):
            message = M(
                "other must be a roll (Dice or Distribution) or an integer, got {got} ({kind}): "
                "parse the notation first, parse({got})",
                got=quote(other),
                kind=type(other).__name__,
            )
        else:
            message = M(
                "other must be a roll (Dice or Distribution) or an integer, got {got} ({kind})",
                got=quote(other),
                kind=type(other).__name__,
            )
        raise RuleValueError(
            message,
            field="other",
            allowed=M("a Dice, a Distribution or an integer"),
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
        >>> Comparison(Fraction(1, 2), Fraction(1, 4), Fraction(1, 4)).lt
        Fraction(1, 4)
    """

    gt: Fraction
    eq: Fraction
    lt: Fraction

    def __post_init__(self) -> None:
        """Check that the three are chances (fractions from 0 to 1) adding up to 1."""
        parts = []
        for name in ("gt", "eq", "lt"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
                raise RuleValueError(
                    M(
                        "{name} must be a chance (a Fraction from 0 to 1), got {got} ({kind})",
                        name=name,
                        got=quote(value),
                        kind=type(value).__name__,
                    ),
                    field=name,
                )
            n, d = ratio_parts(Fraction(value) if isinstance(value, int) else value)
            if not 0 <= n <= d:
                raise RuleValueError(
                    M(
                        "{name} must be a chance (a Fraction from 0 to 1), got {got} ({kind})",
                        name=name,
                        got=quote(value),
                        kind=type(value).__name__,
                    ),
                    field=name,
                )
            parts.append((n, d))
        dens = {d for _n, d in parts}
        if len(dens) == 1:
            whole = sum(n for n, _d in parts) == parts[0][1]
        else:
            whole = self.gt + self.eq + self.lt == 1
        if not whole:
            raise RuleValueError(
                M("gt, eq and lt must add up to 1 (one of the three happens)"), field="lt"
            )


class Distribution:
    """An exact distribution of integer totals with integer weights.

    Build one with :meth:`constant`, :meth:`uniform` or :meth:`from_weights`,
    then combine with ``+``, ``-``, ``*`` (by an integer), ``//`` (by a
    positive integer) and :meth:`map`. Instances are immutable. Its
    :meth:`mean` is the exact average value of the roll, what a game uses
    instead of rolling.

    Example:
        >>> d = Distribution.from_weights({1: 1, 3: 3})
        >>> d.weights(), d.total, d.min_value, d.max_value
        ({1: 1, 3: 3}, 4, 1, 3)
        >>> Distribution(3, (1, 0, 1)).pmf()
        {3: Fraction(1, 2), 5: Fraction(1, 2)}
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
        check_int(lo, "lo", -MAX_VALUE, MAX_VALUE)
        total: int | None = None
        try:  # C-speed checks: a table of two million weights costs no Python loop
            total = sum(weights) if isinstance(weights, tuple) else None
            good = isinstance(total, int) and (not weights or min(weights) >= 0)
        except TypeError:
            good = False
        if not good:
            raise RuleValueError(
                M(
                    "weights must be a tuple of non-negative integers, got {got}",
                    got=quote(weights),
                ),
                field="weights",
            )
        start = 0
        end = len(weights)
        while start < end and weights[start] == 0:
            start += 1
        while end > start and weights[end - 1] == 0:
            end -= 1
        if start == end:
            raise RuleValueError(
                M("a distribution needs at least one possible total"), field="weights"
            )
        if end - start > MAX_OUTCOMES:
            raise RuleValueError(
                M(
                    "a distribution of {count:,} possible totals is too wide: at most {high:,} "
                    "are allowed",
                    count=end - start,
                    high=MAX_OUTCOMES,
                ),
                field="weights",
            )
        if lo + end - 1 > MAX_VALUE:
            raise RuleValueError(
                M(
                    "totals must be at most {high:,}, got one of {got}",
                    high=MAX_VALUE,
                    got=quote(lo + end - 1),
                ),
                field="lo",
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
        return cls(check_int(value, "value", -MAX_VALUE, MAX_VALUE), (1,))

    @classmethod
    def uniform(cls, sides: int, low: int = 1) -> Distribution:
        """A fair die: totals ``low .. low + sides - 1``, each weight 1.

        Example:
            >>> Distribution.uniform(4).weights()
            {1: 1, 2: 1, 3: 1, 4: 1}
        """
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
                M("weights must be a mapping {{total: weight}}, got {got}", got=quote(weights)),
                field="weights",
            )
        if not weights:
            raise RuleValueError(
                M("a distribution needs at least one possible total"), field="weights"
            )
        for total, weight in weights.items():
            check_int(total, "total", -MAX_VALUE, MAX_VALUE)
            if isinstance(weight, bool) or not isinstance(weight, int) or weight < 0:
                raise RuleValueError(
                    M(
                        "weights must be non-negative integers, got {got} for {total}",
                        got=quote(weight),
                        total=quote(total),
                    ),
                    field="weights",
                )
        lo, hi = min(weights), max(weights)
        if hi - lo + 1 > MAX_OUTCOMES:
            raise RuleValueError(
                M(
                    "totals from {low} to {high} are too many: at most {count:,}",
                    low=quote(lo),
                    high=quote(hi),
                    count=MAX_OUTCOMES,
                ),
                field="weights",
            )
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
        return {v: exact_ratio(w, t) for v, w in self.items()}

    def probability(self, value: int) -> Fraction:
        """P(total = value).

        Example:
            >>> Distribution.uniform(10).probability(11)
            Fraction(0, 1)
        """
        i = check_int(value, "value") - self._lo
        return exact_ratio(self._w[i] if 0 <= i < len(self._w) else 0, self._total)

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
        return exact_ratio(self._weight_at_most(check_int(value, "value")), self._total)

    def prob_at_least(self, value: int) -> Fraction:
        """P(total >= value).

        Example:
            >>> Distribution.uniform(10).prob_at_least(9)
            Fraction(1, 5)
        """
        known = self._ge.get(check_int(value, "value"))
        if known is None:
            known = exact_ratio(self._total - self._weight_at_most(value - 1), self._total)
            if len(self._ge) < _MEMO_SIZE:  # bounded: any integer may be asked
                self._ge[value] = known
        return known

    def mean(self) -> Fraction:
        """The exact expected total.

        Example:
            >>> Distribution.uniform(6).mean()
            Fraction(7, 2)
        """
        return exact_ratio(sum(v * w for v, w in self.items()), self._total)

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
        return exact_ratio(t * s2 - s1 * s1, t * t)

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
                M(
                    "the sum would have {count:,} possible totals: at most {high:,} are allowed",
                    count=len(a) + len(b) - 1,
                    high=MAX_OUTCOMES,
                ),
                field="other",
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
                M("can only divide by a positive integer, got {got}", got=quote(divisor)),
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
                M(
                    "fn must be a function of a total, got {got} ({kind})",
                    got=quote(fn),
                    kind=type(fn).__name__,
                ),
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
                M(
                    "count {count} gives {total:,} possible totals: at most {high:,} are allowed",
                    count=count,
                    total=(len(self._w) - 1) * count + 1,
                    high=MAX_OUTCOMES,
                ),
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
                M(
                    "the sum would have {count:,} possible totals: at most {high:,} are allowed",
                    count=n,
                    high=MAX_OUTCOMES,
                ),
                field="count",
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
            >>> Distribution.uniform(6).compare(10**100).lt  # any whole number
            Fraction(1, 1)
        """
        if isinstance(other, int) and not isinstance(other, bool):
            total = self._total
            below = self._weight_at_most(other - 1)
            at = self._weight_at_most(other) - below
            return Comparison(
                exact_ratio(total - below - at, total),
                exact_ratio(at, total),
                exact_ratio(below, total),
            )
        other = _operand(other)
        gt = eq = 0
        for v, w in self.items():
            below = other._weight_at_most(v - 1)
            gt += w * below
            eq += w * (other._weight_at_most(v) - below)
        total = self._total * other._total
        return Comparison(
            exact_ratio(gt, total), exact_ratio(eq, total), exact_ratio(total - gt - eq, total)
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
        if rng is not None and not isinstance(rng, random.Random):
            raise RuleValueError(
                M(
                    "rng must be a random.Random (e.g. random.Random(42)) or None, "
                    "got {got} ({kind})",
                    got=quote(rng),
                    kind=type(rng).__name__,
                ),
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


class Mean(Fraction):
    """An exact expected value in a table of results (shown as a number, not a chance).

    Every system's outcomes give their expected values as a ``Mean``, so that
    a table writes it as a number where a plain :class:`~fractions.Fraction`
    is a chance.

    Example:
        >>> Mean(Fraction(7, 2)) == Fraction(7, 2), isinstance(Mean(3), Fraction)
        (True, True)
    """

    def __new__(cls, value: Fraction | int = 0, denominator: int | None = None) -> Mean:
        """An exact value: a Fraction or an integer (or numerator and denominator)."""
        for name, v in (("value", value), ("denominator", denominator)):
            if (v is None and name == "value") or (
                v is not None and (isinstance(v, bool) or not isinstance(v, (int, Fraction)))
            ):
                raise RuleValueError(
                    M(
                        "{name} must be an exact Fraction or integer, got {got}",
                        name=name,
                        got=quote(v),
                    ),
                    field=name,
                )
            if (
                v is not None
                and max(Fraction(v).numerator.bit_length(), Fraction(v).denominator.bit_length())
                > MEAN_BITS
            ):
                raise RuleValueError(
                    M(
                        "{name} must have at most about 3000 digits, got {got}",
                        name=name,
                        got=quote(Fraction(v).numerator),
                    ),
                    field=name,
                )
        if denominator is None:
            return super().__new__(cls, value)
        if denominator == 0:
            raise RuleValueError(M("{name} must not be 0", name="denominator"), field="denominator")
        return super().__new__(cls, value, denominator)
