"""Dice expressions: notation, exact distributions and seeded rolls.

:func:`parse` reads dice notation into a :class:`Dice` expression. A
``Dice`` knows its exact :class:`~rulebook_py.distribution.Distribution`
(``.pmf()``, ``.mean()``, ``.prob_at_least(k)``, comparisons with another
roll) and can be rolled with a seeded :class:`random.Random`, showing every
die it threw, every reroll and every explosion.

Notation read (spaces and capital letters are tolerated where unambiguous):

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
``3d6!``           exploding dice: a die showing its highest face is rolled
                   again and added, up to 9 extra rolls (``explode_depth``)
``2d6ro1``         each die showing 1 or less is rolled again once
``2d6r2``          each die showing 2 or less is rolled until it shows more
``5d6>=5``         the number of dice showing 5 or more (``<=`` at most)
=================  =====================================================

One die modifier (``!``, ``roK`` or ``rK``) may follow the dice, then either
a keep (``kh``/``kl``) or a count (``>=``/``<=``); ``!`` does not combine with
a count. Only ASCII letters and digits are read (``×`` is accepted for ``*``).

Work is bounded before anything is computed: at most :data:`MAX_DICE` dice,
:data:`MAX_SIDES` sides on a die, totals within :data:`MAX_TOTAL`, and an
estimate of the whole expression's computing time (support sizes times the
work of every sum, keep, count, product and reroll) of at most
:data:`MAX_SECONDS`. Past a cap, :func:`parse` raises
:class:`~rulebook_py.errors.NotationError`, and
:class:`~rulebook_py.errors.WorkLimitError` (a ``NotationError``) when the
notation reads well but is too costly; nothing hangs. ``Dice.bounds()`` and
``Dice.cost()`` tell the least and greatest total and the estimated seconds
without building the distribution.

Example:
    >>> roll = parse("2d20kh1 + 3")
    >>> roll.prob_at_least(20)
    Fraction(9, 25)
    >>> print(roll.roll(random.Random(7)))
    2d20kh1 [11, 5~] + 3 = 14
    >>> print(parse("3d6!").roll(random.Random(5)))
    3d6! [5, 3, 6+3] = 17
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from .distribution import MAX_OUTCOMES, Comparison, Distribution, convolution_ns
from .errors import NotationError, RuleValueError, WorkLimitError

__all__ = [
    "DEFAULT_EXPLODE_DEPTH",
    "MAX_CONSTANT",
    "MAX_DICE",
    "MAX_EXPLODE_DEPTH",
    "MAX_SECONDS",
    "MAX_SIDES",
    "MAX_TOTAL",
    "Dice",
    "DiceRoll",
    "PoolRoll",
    "die",
    "estimate_seconds",
    "parse",
    "pool",
]

#: Most dice one expression may throw.
MAX_DICE = 1_000
#: Most sides one die may have.
MAX_SIDES = 10_000
#: Largest absolute constant, multiplier or divisor in an expression.
MAX_CONSTANT = 1_000_000
#: Largest absolute total an expression may reach.
MAX_TOTAL = 10**12
#: Extra rolls of an exploding die (``!``) unless told otherwise (icepool's default).
DEFAULT_EXPLODE_DEPTH = 9
#: Most extra rolls an exploding die may be given.
MAX_EXPLODE_DEPTH = 20
#: Most estimated CPython seconds one expression may cost (distribution, its
#: probabilities and one roll). Kept well under 0.5 s because the browser's
#: Python (Pyodide) runs the same code two to three times slower.
MAX_SECONDS = 0.25


# ---------------------------------------------------------------- the tree
@dataclass(frozen=True)
class _Pool:
    """``count`` dice of ``sides`` faces, with at most one die modifier and a selection.

    ``reroll`` K > 0: a die showing K or less is rolled again (``once``: one
    time, else until it shows more). ``explode`` D (not ``None``): a highest
    face is rolled again and added, up to D extra rolls. ``keep``: how many dice are
    kept (``None``: all). ``target``: count the dice at least (``at_least``)
    or at most that value instead of adding them.
    """

    count: int
    sides: int
    keep: int | None = None
    highest: bool = True
    reroll: int = 0
    once: bool = False
    explode: int | None = None
    target: int | None = None
    at_least: bool = True
    at: int = field(default=0, compare=False)

    def notation(self) -> str:
        text = f"{self.count}d{self.sides}"
        if self.explode is not None:
            text += "!"
        elif self.reroll:
            text += f"{'ro' if self.once else 'r'}{self.reroll}"
        if self.keep is not None:
            text += f"{'kh' if self.highest else 'kl'}{self.keep}"
        if self.target is not None:
            text += f"{'>=' if self.at_least else '<='}{self.target}"
        return text


@dataclass(frozen=True)
class _Const:
    value: int
    at: int = field(default=0, compare=False)


@dataclass(frozen=True)
class _Sum:
    left: _Node
    right: _Node
    sign: int  # +1 or -1
    at: int = field(default=0, compare=False)


@dataclass(frozen=True)
class _Mul:
    node: _Node
    factor: int
    at: int = field(default=0, compare=False)


@dataclass(frozen=True)
class _Div:
    node: _Node
    divisor: int
    at: int = field(default=0, compare=False)


_Node = _Pool | _Const | _Sum | _Mul | _Div


# ------------------------------------------------------- exact distributions
@lru_cache(maxsize=256)
def _face(sides: int, reroll: int, once: bool, explode: int) -> Distribution:
    """Exact distribution of one die after its modifier.

    Example:
        >>> _face(6, 1, True, 0).weights()  # reroll a 1 once: weights out of 36
        {1: 1, 2: 7, 3: 7, 4: 7, 5: 7, 6: 7}
        >>> _face(2, 0, False, 2).weights()  # d2 exploding twice at most
        {1: 4, 3: 2, 5: 1, 6: 1}
    """
    if explode:
        # j explosions then a lower face (j < depth): weight S^(depth - j) out
        # of S^(depth + 1); after the last extra roll any face stands (weight 1).
        weights = [0] * (sides * (explode + 1))
        for j in range(explode):
            w = sides ** (explode - j)
            for v in range(1, sides):
                weights[j * sides + v - 1] = w
        for v in range(1, sides + 1):
            weights[explode * sides + v - 1] = 1
        return Distribution(1, tuple(weights))
    if reroll and once:
        # A face <= K is kept only from the second roll: K/S * 1/S; a face > K: 1/S + K/S^2.
        return Distribution(
            1, tuple(reroll if v <= reroll else sides + reroll for v in range(1, sides + 1))
        )
    if reroll:
        return Distribution.uniform(sides - reroll, low=reroll + 1)
    return Distribution.uniform(sides)


def _keep_distribution(face: Distribution, count: int, keep: int, highest: bool) -> Distribution:
    """Sum of the ``keep`` highest (or lowest) of ``count`` dice of ``face``."""
    items = list(face.items())
    if keep == 1:
        # P(max <= v) = F(v) ** count; P(min >= v) = S(v) ** count.
        if not highest:
            items.reverse()
        out: dict[int, int] = {}
        below = 0
        prev = 0
        for v, w in items:
            below += w
            now = below**count
            out[v] = now - prev
            prev = now
        return Distribution.from_weights(out)
    if highest:
        items.reverse()
    # Faces in the order of preference. State: (dice placed so far, their sum)
    # while fewer than ``keep`` dice are placed. At each face, c more dice show
    # it; once ``keep`` dice are placed the kept sum is final, and the other
    # dice only have to show a less preferred face: that tail is counted in one
    # closed sum instead of being carried on.
    combs = {n: [math.comb(n, c) for c in range(n + 1)] for n in range(count - keep + 1, count + 1)}
    final: dict[int, int] = {}
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    rest = face.total
    for v, w in items:
        rest -= w  # weight of the faces less preferred than v
        wp = [1] * (count + 1)
        rp = [1] * (count + 1)
        for c in range(1, count + 1):
            wp[c] = wp[c - 1] * w
            rp[c] = rp[c - 1] * rest
        tails = []
        for placed in range(keep):
            left = count - placed
            row = combs[left]
            tails.append(sum(row[c] * wp[c] * rp[left - c] for c in range(keep - placed, left + 1)))
        nxt: dict[tuple[int, int], int] = {}
        get = nxt.get
        for (placed, kept_sum), ways in states.items():
            row = combs[count - placed]
            for c in range(keep - placed):
                key = (placed + c, kept_sum + c * v)
                nxt[key] = get(key, 0) + ways * row[c] * wp[c]
            end = kept_sum + (keep - placed) * v
            final[end] = final.get(end, 0) + ways * tails[placed]
        states = nxt
    return Distribution.from_weights(final)


def _count_distribution(
    face: Distribution, count: int, target: int, at_least: bool
) -> Distribution:
    """Number of ``count`` dice of ``face`` showing at least (at most) ``target``."""
    hit = sum(w for v, w in face.items() if (v >= target if at_least else v <= target))
    miss = face.total - hit
    return Distribution(
        0, tuple(math.comb(count, c) * hit**c * miss ** (count - c) for c in range(count + 1))
    )


@lru_cache(maxsize=256)
def _pool_distribution(node: _Pool) -> Distribution:
    """Exact distribution of a pool."""
    face = _face(node.sides, node.reroll, node.once, node.explode or 0)
    if node.target is not None:
        return _count_distribution(face, node.count, node.target, node.at_least)
    if node.keep is None or node.keep >= node.count:
        return face.repeat_sum(node.count)
    return _keep_distribution(face, node.count, node.keep, node.highest)


def _distribution(node: _Node) -> Distribution:
    if isinstance(node, _Pool):
        return _pool_distribution(node)
    if isinstance(node, _Const):
        return Distribution.constant(node.value)
    if isinstance(node, _Sum):
        left, right = _distribution(node.left), _distribution(node.right)
        return left + right if node.sign > 0 else left - right
    if isinstance(node, _Mul):
        return _distribution(node.node) * node.factor
    return _distribution(node.node) // node.divisor


# ------------------------------------------------------------ cost estimate
# Nanoseconds per elementary step of each algorithm, measured on this machine
# (2 shared cores, CPython 3.11) and rounded up; ``_limbs`` turns a weight's
# size in bits into 30-bit machine digits, since big weights cost more.
_NS_WINDOW = 170.0  # one output total of a sliding-window sum (uniform die)
_NS_WINDOW_BIT = 0.25  # ... per bit of the weights
_NS_PAIR = 140.0  # one pair of totals in a convolution
_NS_LIMB_PAIR = 3.0  # ... per pair of 30-bit digits multiplied
_NS_KEEP = 750.0  # one step of the keep-highest dynamic programme
_NS_MAP = 500.0  # one total moved by a product or a division
_NS_SLOT = 40.0  # one slot of a dense table built
_NS_ANSWER = 4000.0  # one total of the answer: probability, mean, chart
_NS_THROW = 3000.0  # one die thrown and shown in a roll


def _limbs(bits: float) -> float:
    return 1.0 + bits / 30.0


@dataclass(frozen=True)
class _Shape:
    """What is known about a node's distribution before computing it."""

    lo: int
    hi: int
    nnz: int  # at most this many possible totals
    bits: float  # log2 of the total weight (bounds every weight)
    ns: float  # estimated nanoseconds to build it, children included
    throws: float  # expected dice thrown by one roll

    @property
    def width(self) -> int:
        return self.hi - self.lo + 1


def _face_shape(node: _Pool) -> tuple[int, int, int, float, bool]:
    """(lo, hi, possible faces, log2 total weight, uniform) of one modified die."""
    s = node.sides
    if node.explode:
        d = node.explode
        if s == 1:
            return d + 1, d + 1, 1, 0.0, True
        return 1, s * (d + 1), s * (d + 1) - d, (d + 1) * math.log2(s), False
    if node.reroll and node.once:
        return 1, s, s, 2 * math.log2(s), False
    if node.reroll:
        return node.reroll + 1, s, s - node.reroll, math.log2(s - node.reroll), True
    return 1, s, s, math.log2(s), True


def _sum_powers(n: int) -> tuple[int, int]:
    """(sum of i, sum of i^2) for i = 1..n."""
    return n * (n + 1) // 2, n * (n + 1) * (2 * n + 1) // 6


def _pool_shape(node: _Pool) -> _Shape:
    flo, fhi, fnnz, fbits, uniform = _face_shape(node)
    n, s = node.count, node.sides
    bits = n * fbits
    if node.explode:
        throws = n * (1 + min(node.explode, 1 / (s - 1) if s > 1 else node.explode))
    elif node.reroll:
        throws = n * (1 + node.reroll / s if node.once else s / (s - node.reroll))
    else:
        throws = float(n)
    ns = fnnz * _NS_SLOT
    if node.target is not None:
        ns += (n + 1) * (2 * _NS_MAP + _NS_LIMB_PAIR * _limbs(bits) ** 2) + fnnz * _NS_MAP
        return _Shape(0, n, n + 1, bits, ns, throws)
    fw = fhi - flo + 1
    if node.keep is None:
        s1, s2 = _sum_powers(n)
        if uniform:
            # step i outputs i (w - 1) + 1 totals of about i * fbits bits
            a, b = fw - 1, 1.0
            ns += (_NS_WINDOW + _NS_SLOT) * (a * s1 + b * n) + _NS_WINDOW_BIT * fbits * (
                a * s2 + b * s1
            )
        else:
            # step i: (i (w - 1) + 1) x face pairs of (i * fbits, fbits)-bit weights
            fl = _limbs(fbits)
            pairs_1 = (fw - 1) * s1 + n  # sum over i of the running width
            pairs_i = (fw - 1) * s2 + s1  # ... weighted by i
            ns += fnnz * (_NS_PAIR + _NS_LIMB_PAIR * fl) * pairs_1
            ns += fnnz * _NS_LIMB_PAIR * fl * (fbits / 30.0) * pairs_i
            ns += _NS_SLOT * pairs_1 * 2
        return _Shape(n * flo, n * fhi, n * (fw - 1) + 1, bits, ns, throws)
    k = node.keep
    lo, hi = k * flo, k * fhi
    if k == 1:
        ns += fnnz * (_NS_MAP + _NS_LIMB_PAIR * 40 * _limbs(bits))
        return _Shape(lo, hi, fnnz, bits, ns, throws)
    # states (placed p < k, kept sum) times the choices c < k - p, for each face,
    # plus the closed tail sums (k of them, N terms each) of every face
    a = sum(k - p + 1 for p in range(k))
    bk = sum(p * (k - p + 1) for p in range(k))
    span = (fhi - flo) / max(1, fnnz - 1)
    steps = fnnz * a + bk * span * fnnz * (fnnz - 1) / 2
    ns += steps * (_NS_KEEP + _NS_LIMB_PAIR * _limbs(bits) * 2)
    ns += fnnz * (k + 2) * (n + 1) * (_NS_PAIR + 2 * _NS_LIMB_PAIR * _limbs(bits) ** 2)
    ns += k * (n + 1) * (4 * _NS_MAP + _NS_LIMB_PAIR * _limbs(n) ** 2)  # binomial rows
    return _Shape(lo, hi, min(hi - lo + 1, steps), bits, ns, throws)


class _Refused(Exception):
    """Raised by the estimate; turned into NotationError or RuleValueError."""

    def __init__(self, at: int, expected: str) -> None:
        super().__init__(expected)
        self.at = at
        self.expected = expected


def _check_range(shape: _Shape, at: int) -> _Shape:
    if shape.width > MAX_OUTCOMES:
        raise _Refused(
            at,
            f"an expression with at most {MAX_OUTCOMES:,} possible totals "
            f"(this one spans {shape.width:,})",
        )
    if max(abs(shape.lo), abs(shape.hi)) > MAX_TOTAL:
        raise _Refused(at, f"totals between -{MAX_TOTAL:,} and {MAX_TOTAL:,}")
    return shape


def _conv_ns(a: _Shape, b: _Shape) -> float:
    """The sum of two rolls, by the cheaper of the two ways the engine has."""
    return min(convolution_ns(a.width, a.nnz, a.bits + 1, b.width, b.nnz, b.bits + 1))


def _shape(node: _Node) -> _Shape:
    """Bottom-up estimate; raises :class:`_Refused` past a cap."""
    if isinstance(node, _Const):
        return _check_range(_Shape(node.value, node.value, 1, 0.0, 0.0, 0.0), node.at)
    if isinstance(node, _Pool):
        return _check_range(_pool_shape(node), node.at)
    if isinstance(node, _Sum):
        a, b = _shape(node.left), _shape(node.right)
        lo = a.lo + b.lo if node.sign > 0 else a.lo - b.hi
        hi = a.hi + b.hi if node.sign > 0 else a.hi - b.lo
        width = hi - lo + 1
        ns = a.ns + b.ns + width * _NS_SLOT * 2
        if a.nnz > 1 and b.nnz > 1:
            ns += _conv_ns(a, b)
        shape = _Shape(lo, hi, min(width, a.nnz * b.nnz), a.bits + b.bits, ns, a.throws + b.throws)
        return _check_range(shape, node.at)
    child = _shape(node.node)
    if isinstance(node, _Mul):
        f = node.factor
        lo, hi = sorted((child.lo * f, child.hi * f))
        nnz = 1 if f == 0 else child.nnz
    else:
        lo, hi = child.lo // node.divisor, child.hi // node.divisor
        nnz = min(child.nnz, hi - lo + 1)
    shape = _Shape(lo, hi, nnz, child.bits, child.ns, child.throws)
    shape = _check_range(shape, node.at)
    ns = child.ns + child.nnz * _NS_MAP + shape.width * _NS_SLOT
    return _Shape(lo, hi, nnz, child.bits, ns, child.throws)


def _estimate(node: _Node) -> float:
    """Estimated CPython seconds for the distribution, its answers and one roll."""
    shape = _shape(node)
    # probabilities (a gcd of big weights each), mean, deviation, tail sums
    answer = shape.nnz * (_NS_ANSWER + _NS_LIMB_PAIR * _limbs(shape.bits) ** 2)
    answer += shape.width * _NS_SLOT * 6
    return (shape.ns + answer + shape.throws * _NS_THROW) / 1e9


def _cost_text(seconds: float) -> str:
    return (
        f"a smaller expression: this one would take about {seconds:.2g} s to compute "
        f"exactly, and at most {MAX_SECONDS} s is allowed (for example 400d6, 40d100, "
        f"d10000+d10000 or 10d20kh3 fit)"
    )


def _checked(node: _Node) -> _Node:
    """``node`` if its estimated work fits, else :class:`_Refused` at the culprit."""
    seconds = _estimate(node)
    if seconds > MAX_SECONDS:
        raise _Refused(_culprit(node), _cost_text(seconds))
    return node


def _culprit(node: _Node) -> int:
    """Position of the smallest sub-expression that is already too costly."""
    while True:
        if isinstance(node, _Sum):
            for part in (node.left, node.right):
                try:
                    if _estimate(part) > MAX_SECONDS:
                        node = part
                        break
                except _Refused as err:
                    return err.at
            else:
                return node.at
        elif isinstance(node, _Mul | _Div):
            try:
                if _estimate(node.node) > MAX_SECONDS:
                    node = node.node
                    continue
            except _Refused as err:
                return err.at
            return node.at
        else:
            return node.at


def estimate_seconds(dice: Dice) -> float:
    """The engine's estimate of the CPython seconds an expression costs.

    Every accepted expression is estimated at :data:`MAX_SECONDS` or less.

    Example:
        >>> estimate_seconds(parse("3d6")) < 0.001
        True
    """
    return _estimate(dice._node)


def _pool_bounds(node: _Pool) -> tuple[int, int]:
    """Least and greatest value of a pool, from its shape alone."""
    s = node.sides
    if node.explode:
        flo, fhi = (node.explode + 1, node.explode + 1) if s == 1 else (1, s * (node.explode + 1))
    elif node.reroll and not node.once:
        flo, fhi = node.reroll + 1, s
    else:
        flo, fhi = 1, s
    if node.target is not None:
        t = node.target
        every = flo >= t if node.at_least else fhi <= t  # every face counts
        some = fhi >= t if node.at_least else flo <= t  # some face counts
        return (node.count if every else 0), (node.count if some else 0)
    kept = node.count if node.keep is None else node.keep
    return kept * flo, kept * fhi


def _bounds(node: _Node) -> tuple[int, int]:
    """Least and greatest total of an expression tree, walking it (no distribution)."""
    if isinstance(node, _Pool):
        return _pool_bounds(node)
    if isinstance(node, _Const):
        return node.value, node.value
    if isinstance(node, _Sum):
        (alo, ahi), (blo, bhi) = _bounds(node.left), _bounds(node.right)
        return (alo + blo, ahi + bhi) if node.sign > 0 else (alo - bhi, ahi - blo)
    lo, hi = _bounds(node.node)
    if isinstance(node, _Mul):
        ends = (lo * node.factor, hi * node.factor)
        return min(ends), max(ends)
    return lo // node.divisor, hi // node.divisor


def _count_dice(node: _Node) -> int:
    if isinstance(node, _Pool):
        return node.count
    if isinstance(node, _Const):
        return 0
    if isinstance(node, _Sum):
        return _count_dice(node.left) + _count_dice(node.right)
    return _count_dice(node.node)


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


def _explode_depth(node: _Node) -> int | None:
    """The explosion depth used by the expression (None: no exploding die)."""
    if isinstance(node, _Pool):
        return node.explode
    if isinstance(node, _Const):
        return None
    if isinstance(node, _Sum):
        left = _explode_depth(node.left)
        return left if left is not None else _explode_depth(node.right)
    return _explode_depth(node.node)


# ------------------------------------------------------------------ rolls
@dataclass(frozen=True)
class PoolRoll:
    """The dice one pool threw, and which of them count.

    Attributes:
        notation: The pool, e.g. ``"2d20kh1"``.
        faces: Every die's final value, in the order thrown (an exploding
            die's sum of rolls, a rerolled die's last roll).
        kept: For each die, whether it counts toward the total (for a count
            such as ``5d6>=5``: whether it is one of the dice counted).
        value: Sum of the kept faces, or the number of dice counted.
        throws: For each die, every roll it took, when any die took more than
            one (empty otherwise).

    Example:
        >>> str(PoolRoll("2d20kh1", (4, 17), (False, True), 17))
        '2d20kh1 [4~, 17]'
        >>> str(PoolRoll("2d6ro1", (5, 3), (True, True), 8, ((1, 5), (3,))))
        '2d6ro1 [1→5, 3]'
    """

    notation: str
    faces: tuple[int, ...]
    kept: tuple[bool, ...]
    value: int
    throws: tuple[tuple[int, ...], ...] = ()

    def _die_text(self, i: int) -> str:
        rolls = self.throws[i] if self.throws else (self.faces[i],)
        joint = "+" if "!" in self.notation else "→"
        return joint.join(str(r) for r in rolls)

    def __str__(self) -> str:
        """Dice in brackets: a dropped die is marked ``~``, a counted one ``✓``.

        A rerolled die shows each roll joined by ``→`` (the last one stands),
        an exploding die each roll joined by ``+``.
        """
        counting = ">=" in self.notation or "<=" in self.notation
        shown = []
        for i, kept in enumerate(self.kept):
            text = self._die_text(i)
            if counting:
                shown.append(f"{text}✓" if kept else text)
            else:
                shown.append(text if kept else f"{text}~")
        return f"{self.notation} [{', '.join(shown)}]"


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
        """Every die's final value, pool by pool, in order.

        Example:
            >>> parse("2d6").roll(random.Random(0)).faces
            (4, 4)
        """
        return tuple(f for p in self.pools for f in p.faces)

    def __str__(self) -> str:
        """The roll written out, ending with ``= total``."""
        return f"{self.text} = {self.total}"


def _throw_die(node: _Pool, rng: random.Random) -> tuple[int, ...]:
    """Every roll one die of the pool takes, in order."""
    s = node.sides
    first = rng.randint(1, s)
    rolls = [first]
    if node.explode:
        while rolls[-1] == s and len(rolls) <= node.explode:
            rolls.append(rng.randint(1, s))
    elif node.reroll:
        if node.once:
            if first <= node.reroll:
                rolls.append(rng.randint(1, s))
        else:
            while rolls[-1] <= node.reroll:
                rolls.append(rng.randint(1, s))
    return tuple(rolls)


def _roll_pool(node: _Pool, rng: random.Random) -> PoolRoll:
    throws = tuple(_throw_die(node, rng) for _ in range(node.count))
    faces = tuple(sum(t) if node.explode else t[-1] for t in throws)
    if node.target is not None:
        t = node.target
        kept = tuple((f >= t) if node.at_least else (f <= t) for f in faces)
        value = sum(kept)
    else:
        if node.keep is None or node.keep >= node.count:
            kept = (True,) * node.count
        else:
            order = sorted(range(node.count), key=lambda i: faces[i], reverse=node.highest)
            keep_idx = set(order[: node.keep])
            kept = tuple(i in keep_idx for i in range(node.count))
        value = sum(f for f, k in zip(faces, kept) if k)
    shown = throws if any(len(t) > 1 for t in throws) else ()
    return PoolRoll(node.notation(), faces, kept, value, shown)


def _roll(node: _Node, rng: random.Random, pools: list[PoolRoll]) -> tuple[int, str]:
    if isinstance(node, _Pool):
        pr = _roll_pool(node, rng)
        pools.append(pr)
        return pr.value, str(pr)
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
        """Wrap an expression tree (use :func:`parse`, :func:`die`, :func:`pool`).

        Raises:
            WorkLimitError: If the expression would cost more than
                :data:`MAX_SECONDS` to compute, or spans too many totals.
        """
        try:
            _checked(node)
        except _Refused as err:
            raise WorkLimitError(_notation(node)[:60], 0, err.expected) from None
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
        return _bounds(self._node)

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
('1'): expected a smaller expression: this one would take about 1.7 s to compute exactly, and \
at most 0.25 s is allowed (for example 400d6, 40d100, d10000+d10000 or 10d20kh3 fit)
        """
        return _estimate(self._node)

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

    @property
    def explode_depth(self) -> int | None:
        """How many extra rolls an exploding die gets here (``None``: no ``!``).

        Example:
            >>> parse("3d6!").explode_depth, parse("3d6").explode_depth
            (9, None)
        """
        return _explode_depth(self._node)

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
    return Dice(_Pool(count, sides, keep, bool(highest)))


# ------------------------------------------------------------------ parser
_SPACES = " \t\r\n"
_DIGITS = "0123456789"


class _Parser:
    """Recursive-descent reader of dice notation (never ``eval``).

    Only ASCII is read: digits ``0-9``, the letters of the notation in either
    case, ``+ - * / ! < > =``, ``×`` for ``*``, and ASCII spaces. Anything else
    (``²``, ``①``, the Kelvin sign ``K``, a no-break space) stops the reading
    with its position.
    """

    def __init__(self, text: str, explode_depth: int) -> None:
        self.text = text
        self.pos = 0
        self.dice = 0
        self.explode_depth = explode_depth

    def error(self, expected: str, position: int | None = None) -> NotationError:
        at = self.pos if position is None else position
        ch = self.text[at] if at < len(self.text) else ""
        if ch and ord(ch) > 127 and ch != "×":
            expected = (
                f"plain ASCII: {ch!r} (U+{ord(ch):04X}) is not dice notation; type the "
                f"digits 0-9 and the letters d, k, h, l, r, o on a plain keyboard"
                f" (here: {expected})"
            )
        return NotationError(self.text, at, expected)

    def skip(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] in _SPACES:
            self.pos += 1

    def peek(self) -> str:
        self.skip()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def at(self, letters: str) -> bool:
        """Is the character at the cursor one of ``letters`` (no space skipped)?"""
        return self.pos < len(self.text) and self.text[self.pos] in letters

    def integer(self, what: str) -> tuple[int, int] | None:
        """Read ASCII digits at the cursor (no spaces inside); return (value, start)."""
        self.skip()
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] in _DIGITS:
            self.pos += 1
        if self.pos == start:
            return None
        digits = self.text[start : self.pos]
        if len(digits) > 7 or int(digits) > MAX_CONSTANT:
            raise NotationError(self.text, start, f"{what} of at most {MAX_CONSTANT:,}")
        return int(digits), start

    def parse(self) -> _Node:
        if not self.text.strip(_SPACES):
            raise self.error("a dice expression such as 'd20', '3d6+2' or '4D+2'", 0)
        sign = 1
        if self.peek() in ("+", "-"):
            sign = 1 if self.text[self.pos] == "+" else -1
            self.pos += 1
        at = self.pos
        node = self.term()
        if sign < 0:
            node = _Mul(node, -1, at) if not isinstance(node, _Const) else _Const(-node.value, at)
        while True:
            ch = self.peek()
            if ch == "":
                return node
            if ch in ("+", "-"):
                at = self.pos
                self.pos += 1
                node = _Sum(node, self.term(), 1 if ch == "+" else -1, at)
            else:
                raise self.error("'+', '-', '*', '/' or the end of the expression")

    def term(self) -> _Node:
        node = self.atom()
        while self.peek() in ("*", "/", "×"):
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
                node = _Div(node, value, start)
            else:
                node = _Mul(node, value, start)
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
            return _Const(got[0], start)
        count = 1 if got is None else got[0]
        if count < 1 or count > MAX_DICE:
            raise NotationError(self.text, start, f"a number of dice from 1 to {MAX_DICE:,}")
        self.pos += 1
        sides_at = self.pos
        sides_got = self.integer("a number of sides") if self.at(_DIGITS) else None
        if sides_got is None:
            if ch == "D":
                sides = 6  # d6-system dice code: "4D" is four six-sided dice
            else:
                raise self.error("the number of sides after 'd' (or 'D' alone for d6 codes)")
        else:
            sides = sides_got[0]
        if not 1 <= sides <= MAX_SIDES:
            raise NotationError(self.text, sides_at, f"a number of sides from 1 to {MAX_SIDES:,}")
        self.dice += count
        if self.dice > MAX_DICE:
            raise NotationError(self.text, start, f"at most {MAX_DICE:,} dice in all")
        return self.suffixes(_Pool(count, sides, at=start))

    def suffixes(self, base: _Pool) -> _Pool:
        """Read the die modifier (``!``, ``roK``, ``rK``) then a keep or a count."""
        count, sides = base.count, base.sides
        reroll, once, explode = 0, False, None
        if self.at("!"):
            explode = self.explode_depth
            self.pos += 1
        elif self.at("rR"):
            self.pos += 1
            once = self.at("oO")
            if once:
                self.pos += 1
            got = self.integer("a reroll threshold")
            name = "'ro'" if once else "'r'"
            if got is None:
                raise self.error(f"the highest face to roll again after {name}, e.g. 'r1'")
            reroll = got[0]
            if not 1 <= reroll < sides:
                raise NotationError(
                    self.text,
                    got[1],
                    f"a face from 1 to {sides - 1} after {name} (a d{sides} showing that "
                    "or less is rolled again; at least one face must stand)"
                    if sides > 1
                    else "no reroll on a d1 (its only face would always be rolled again)",
                )
        if self.at("!rR"):
            raise self.error(
                "one die modifier per pool: '!' (explode), 'roK' (reroll once) "
                "or 'rK' (reroll until more than K)"
            )
        keep: int | None = None
        highest = True
        target: int | None = None
        at_least = True
        if self.at("kK"):
            keep_at = self.pos
            self.pos += 1
            if self.at("hHlL"):
                highest = self.text[self.pos] in "hH"
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
        elif self.at("<>"):
            count_at = self.pos
            at_least = self.text[self.pos] == ">"
            self.pos += 1
            if not self.at("="):
                raise self.error(f"'{'>=' if at_least else '<='}': counts use '>=' or '<='")
            self.pos += 1
            if explode is not None:
                raise NotationError(
                    self.text,
                    count_at,
                    "no count of exploding dice ('!' with '>=' or '<='): games differ on "
                    "whether an explosion is a new die; add the dice ('3d6!') or count "
                    "plain ones ('5d6>=5')",
                )
            got = self.integer("a target face")
            if got is None:
                raise self.error("the face to compare with, e.g. '>=5'")
            target = got[0]
            if not 1 <= target <= sides:
                raise NotationError(self.text, got[1], f"a face from 1 to {sides} to count against")
        if self.at("kK<>!rR"):
            raise self.error(
                "'+', '-', '*', '/' or the end: a pool takes one die modifier ('!', 'ro', 'r') "
                "first, then either a keep ('kh', 'kl') or a count ('>=', '<='), not both"
            )
        return _Pool(count, sides, keep, highest, reroll, once, explode, target, at_least, base.at)


def parse(text: str, explode_depth: int = DEFAULT_EXPLODE_DEPTH) -> Dice:
    """Read dice notation into an exact, rollable :class:`Dice` expression.

    Args:
        text: Notation such as ``"d20"``, ``"3d6+2"``, ``"2d20kh1"``,
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
            f"dice notation must be text (a str), got {type(text).__name__}", field="text"
        )
    if (
        isinstance(explode_depth, bool)
        or not isinstance(explode_depth, int)
        or not 0 <= explode_depth <= MAX_EXPLODE_DEPTH
    ):
        raise RuleValueError(
            f"the explosion depth must be a whole number from 0 to {MAX_EXPLODE_DEPTH}, "
            f"got {explode_depth!r}",
            field="explode_depth",
        )
    return _parse(text, explode_depth)


# Small caches: an accepted distribution may still hold megabytes of weights.
@lru_cache(maxsize=128)
def _parse(text: str, explode_depth: int) -> Dice:
    if len(text) > 500:
        raise NotationError(text, 500, "at most 500 characters of notation")
    node = _Parser(text, explode_depth).parse()
    try:
        _checked(node)
    except _Refused as err:
        raise WorkLimitError(text, err.at, err.expected) from None
    return Dice(node)


# The cache of the public name, kept for callers that clear it.
parse.cache_clear = _parse.cache_clear  # type: ignore[attr-defined]
