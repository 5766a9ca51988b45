"""What an expression would cost, from its tree alone: the estimate every expression passes first.

Each operator's work is estimated from what is known before computing it
(the range of totals, how many are possible, the size of the weights in
bits), in nanoseconds per elementary step measured on this project's machine
(CPython 3.11). :func:`check_work` refuses an expression whose distribution,
answers and one roll would take more than
:data:`~rulebook_py.dice.limits.MAX_SECONDS`, with a
:class:`~rulebook_py.errors.WorkLimitError` pointing at the culprit.

Example:
    >>> from .reading import read_tree
    >>> tree_cost(read_tree("3d6")) < 0.001
    True
    >>> check_work(read_tree("3d6 + 900d6"), "3d6 + 900d6")
    Traceback (most recent call last):
    ...
    rulebook_py.errors.WorkLimitError: cannot read dice notation '3d6 + 900d6' at position 6 \
('9'): expected a smaller expression: this one would take about ... s to compute exactly, and at \
most 0.25 s is allowed (for example 400d6, 40d100, d10000+d10000 or 10d20kh3 fit)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..distribution import MAX_OUTCOMES, convolution_ns
from ..errors import RuleValueError, WorkLimitError, quote
from ..messages import M, Msg
from .limits import CACHE_SIZE, MAX_SECONDS, MAX_TOTAL
from .notation import tree_notation
from .tree import Const, Div, Mul, Node, Pool, Sum, check_node

__all__ = ["check_difference", "check_roll", "check_together", "check_work", "tree_cost"]

#: Most expressions :func:`check_together` costs at once.
_MAX_TREES = 100

# Nanoseconds per elementary step of each algorithm, measured on this machine
# (2 shared cores, CPython 3.11) and rounded up; ``_limbs`` turns a weight's
# size in bits into 30-bit machine digits, since big weights cost more.
_NS_WINDOW = 170.0  # one output total of a sliding-window sum (uniform die)
_NS_WINDOW_BIT = 0.25  # ... per bit of the weights
_NS_PAIR = 140.0  # one pair of totals in a convolution
_NS_LIMB_PAIR = 3.0  # ... per pair of 30-bit digits multiplied
_NS_LIMB_ROW = 1.0  # ... in one long product of a short number by a long one
_NS_KEEP = 700.0  # one step of the keep-highest dynamic programme
_NS_COMB = 30.0  # one binomial coefficient C(n, c), per squared 30-bit digit of n
_NS_MAP = 500.0  # one total moved by a product or a division
_NS_SLOT = 40.0  # one slot of a dense table built
_NS_ANSWER = 3000.0  # one total of the answer: probability, mean, chart
_NS_THROW = 3000.0  # one die thrown and shown in a roll


def _limbs(bits: float) -> float:
    return 1.0 + bits / 30.0


#: Above this many 30-bit digits CPython multiplies by Karatsuba (n ** 1.585).
_KARATSUBA = 70


#: From this many bits, a probability is not put in lowest terms until its
#: terms are read (:func:`~rulebook_py.distribution.exact_ratio`): a few
#: linear passes over its weight, and a few reductions for the answers shown.
_SMOOTH_BITS = 1024
_NS_RATIO_LIMB = 10.0  # ... nanoseconds per 30-bit digit of the weight


def _ratio_ns(bits: float) -> float:
    """Nanoseconds to put one probability of weights of ``bits`` bits in lowest terms."""
    return _mul_ns(bits) if bits < _SMOOTH_BITS else _NS_RATIO_LIMB * _limbs(bits)


def _mul_ns(bits: float) -> float:
    """Nanoseconds of one product (or gcd step) of two numbers of ``bits`` bits."""
    n = _limbs(bits)
    if n <= _KARATSUBA:
        return _NS_LIMB_PAIR * n * n
    return _NS_LIMB_PAIR * _KARATSUBA**0.415 * n**1.585


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


def _face_shape(node: Pool) -> tuple[int, int, int, float, bool]:
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


def _pool_throws(node: Pool) -> float:
    """Expected dice thrown by one roll of the pool (rerolls and explosions included)."""
    n, s = node.count, node.sides
    if node.explode:
        return n * (1 + min(node.explode, 1 / (s - 1) if s > 1 else node.explode))
    if node.reroll:
        return n * (1 + node.reroll / s if node.once else s / (s - node.reroll))
    return float(n)


def _throws(node: Node) -> float:
    if isinstance(node, Pool):
        return _pool_throws(node)
    if isinstance(node, Const):
        return 0.0
    if isinstance(node, Sum):
        return _throws(node.left) + _throws(node.right)
    return _throws(node.node)


def check_roll(node: Node) -> float:
    """The estimated seconds of one seeded roll of ``node``, or a ``WorkLimitError`` past the cap.

    Only the dice thrown count (a roll builds no distribution): ``2d10000r9999``
    throws about 20,000 dice, and a pool that would throw millions is refused.

    Example:
        >>> check_roll(Pool(3, 6)) < 0.001
        True
        >>> check_roll(Pool(1000, 10000, reroll=9999))
        Traceback (most recent call last):
        ...
        rulebook_py.errors.WorkLimitError: cannot read dice notation '1000d10000r9999' at \
position 0 ('1'): expected a roll that throws fewer dice: this one would throw about 10,000,000 \
dice (about 30 s), and at most 0.25 s is allowed
    """
    throws = _throws(check_node(node))
    seconds = throws * _NS_THROW / 1e9
    if seconds > MAX_SECONDS:
        raise WorkLimitError(
            tree_notation(node),
            0,
            M(
                "a roll that throws fewer dice: this one would throw about {count:,} dice (about "
                "{seconds:.2g} s), and at most {limit} s is allowed",
                count=round(throws),
                seconds=seconds,
                limit=MAX_SECONDS,
            ),
        )
    return seconds


def _pool_shape(node: Pool) -> _Shape:
    flo, fhi, fnnz, fbits, uniform = _face_shape(node)
    n = node.count
    bits = n * fbits
    throws = _pool_throws(node)
    ns = fnnz * _NS_SLOT
    if node.target is not None:
        # one binomial term a count: two powers and a product of big weights
        ns += (n + 1) * (2 * _NS_MAP + _mul_ns(bits) / 3) + fnnz * _NS_MAP
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
            # the engine adds one die at a time to the running sum of the ones
            # before, by the cheaper of its two ways (see convolution_ns)
            for i in range(1, n):
                wa = i * (fw - 1) + 1
                # (x 1.2: kept above the real cost, whatever the machine's load)
                ns += 1.2 * min(convolution_ns(wa, wa, i * fbits + 1, fw, fnnz, fbits + 1))
                ns += _NS_SLOT * wa * 2
        return _Shape(n * flo, n * fhi, n * (fw - 1) + 1, bits, ns, throws)
    k = node.keep
    lo, hi = k * flo, k * fhi
    if k == 1:
        ns += fnnz * (_NS_MAP + _mul_ns(bits) / 4)  # a power of big weights per face
        return _Shape(lo, hi, fnnz, bits, ns, throws)
    # each step multiplies a partial weight by two small numbers, so its cost
    # hardly grows with the total's size
    steps = _keep_steps(k, fnnz, (fhi - flo) / max(1, fnnz - 1))
    ns += steps * (_NS_KEEP + _NS_LIMB_PAIR * _limbs(bits))
    # closed tails: k sums of about N terms per face, each a binomial (N bits) times
    # a power of one face's weight (wbits each) and one of the less preferred faces'
    # weight, whose size falls from the total's to nothing: about half of it
    wbits = max(0.0, fbits - math.log2(max(1, fnnz)))
    term = 2 * _NS_PAIR + _NS_LIMB_ROW * _limbs(n * (1 + wbits)) * _limbs(bits / 2)
    ns += fnnz * k * (n + 1) * term
    # binomial rows: k rows of N + 1 coefficients, each math.comb's products of n-bit numbers
    ns += k * (n + 1) * (_NS_MAP + _NS_COMB * _limbs(n) ** 2)
    return _Shape(lo, hi, min(hi - lo + 1, steps), bits, ns, throws)


def _keep_steps(keep: int, faces: int, span: float) -> float:
    """Steps of the keep-highest programme (:mod:`.exact`) over ``faces`` faces ``span`` apart.

    For each face, every state (p < ``keep`` dice placed, their sum) tries the
    ``keep - p`` counts that leave it unfinished and adds one closed tail. Before
    face j (j >= 1), p dice placed on the j faces before it have p (j - 1) span + 1
    possible sums; before the first face there is one state, (0, 0). Exact for
    faces one apart (a plain or reroll-until die).

    Example:
        >>> _keep_steps(50, 10, 1.0)  # 100d10kh50
        805776.0
    """
    a = sum(keep - p + 1 for p in range(keep))
    b = sum(p * (keep - p + 1) for p in range(keep))
    return (keep + 1) + (faces - 1) * a + b * span * (faces - 1) * (faces - 2) / 2


class _Refused(Exception):
    """Raised by the estimate; turned into a WorkLimitError with the text."""

    def __init__(self, at: int, expected: Msg) -> None:
        super().__init__(expected)
        self.at = at
        self.expected = expected


def _check_range(shape: _Shape, at: int) -> _Shape:
    if shape.width > MAX_OUTCOMES:
        raise _Refused(
            at,
            M(
                "an expression with at most {count:,} possible totals (this one spans {width:,})",
                count=MAX_OUTCOMES,
                width=shape.width,
            ),
        )
    if max(abs(shape.lo), abs(shape.hi)) > MAX_TOTAL:
        raise _Refused(at, M("totals between {low:,} and {high:,}", low=-MAX_TOTAL, high=MAX_TOTAL))
    return shape


def _conv_ns(a: _Shape, b: _Shape) -> float:
    """The sum of two rolls, by the cheaper of the two ways the engine has."""
    return min(convolution_ns(a.width, a.nnz, a.bits + 1, b.width, b.nnz, b.bits + 1))


def _shape(node: Node, memo: dict[int, _Shape] | None = None) -> _Shape:
    """Bottom-up estimate; raises :class:`_Refused` past a cap (``memo``: shapes by node id)."""
    if memo is not None and id(node) in memo:
        return memo[id(node)]
    shape = _node_shape(node, memo)
    if memo is not None:
        memo[id(node)] = shape
    return shape


def _sum_shape(a: _Shape, b: _Shape, sign: int, at: int) -> _Shape:
    lo = a.lo + b.lo if sign > 0 else a.lo - b.hi
    hi = a.hi + b.hi if sign > 0 else a.hi - b.lo
    width = hi - lo + 1
    ns = a.ns + b.ns + width * _NS_SLOT * 2
    if a.nnz > 1 and b.nnz > 1:
        ns += _conv_ns(a, b)
    shape = _Shape(lo, hi, min(width, a.nnz * b.nnz), a.bits + b.bits, ns, a.throws + b.throws)
    return _check_range(shape, at)


def _node_shape(node: Node, memo: dict[int, _Shape] | None) -> _Shape:
    if isinstance(node, Const):
        return _check_range(_Shape(node.value, node.value, 1, 0.0, 0.0, 0.0), node.at)
    if isinstance(node, Pool):
        return _check_range(_pool_shape(node), node.at)
    if isinstance(node, Sum):
        return _sum_shape(_shape(node.left, memo), _shape(node.right, memo), node.sign, node.at)
    child = _shape(node.node, memo)
    if isinstance(node, Mul) and node.factor < -1:  # costed as it reads again: -(x*k)
        return _map_shape(_map_shape(child, -node.factor, None, node.at), -1, None, node.at)
    if isinstance(node, Mul):
        return _map_shape(child, node.factor, None, node.at)
    return _map_shape(child, None, node.divisor, node.at)


def _map_shape(child: _Shape, factor: int | None, divisor: int | None, at: int) -> _Shape:
    """The shape of ``child`` multiplied by ``factor`` or divided by ``divisor``."""
    if factor is not None:
        lo, hi = sorted((child.lo * factor, child.hi * factor))
        nnz = 1 if factor == 0 else child.nnz
    else:
        lo, hi = child.lo // divisor, child.hi // divisor  # type: ignore[operator]
        nnz = min(child.nnz, hi - lo + 1)
    shape = _check_range(_Shape(lo, hi, nnz, child.bits, child.ns, child.throws), at)
    ns = child.ns + child.nnz * _NS_MAP + shape.width * _NS_SLOT
    return _Shape(lo, hi, nnz, child.bits, ns, child.throws)


def _cost(node: Node, memo: dict[int, _Shape] | None = None) -> float:
    """Estimated CPython seconds for the distribution, its answers and one roll."""
    return _shape_cost(_shape(node, memo))


def _shape_cost(shape: _Shape) -> float:
    # probabilities (each a fraction in lowest terms), mean, deviation, tail sums
    answer = shape.nnz * (_NS_ANSWER + _ratio_ns(shape.bits))
    answer += shape.width * _NS_SLOT * 6
    if shape.bits >= _SMOOTH_BITS:  # the total's primes, and a few answers put in lowest terms
        answer += 4 * _mul_ns(shape.bits)
    return (shape.ns + answer + shape.throws * _NS_THROW) / 1e9


def _cost_text(seconds: float) -> Msg:
    return M(
        "a smaller expression: this one would take about {seconds:.2g} s to compute exactly, and "
        "at most {limit} s is allowed (for example 400d6, 40d100, d10000+d10000 or 10d20kh3 fit)",
        seconds=seconds,
        limit=MAX_SECONDS,
    )


@lru_cache(maxsize=CACHE_SIZE)
def _checked(node: Node) -> float:
    """The estimated seconds of ``node`` if they fit, else :class:`_Refused` at the culprit.

    The last :data:`~.limits.CACHE_SIZE` accepted trees are kept: reading an
    expression, wrapping it and costing it with others estimate it once.
    """
    return _estimate(node)


def _estimate(node: Node) -> float:
    """:func:`_checked`, not kept."""
    memo: dict[int, _Shape] = {}
    seconds = _cost(node, memo)
    if seconds > MAX_SECONDS:
        raise _Refused(_culprit(node, memo), _cost_text(seconds))
    return seconds


def _culprit(node: Node, memo: dict[int, _Shape]) -> int:
    """Position of the smallest sub-expression that is already too costly."""
    while True:
        if isinstance(node, Sum):
            for part in (node.left, node.right):
                try:
                    if _cost(part, memo) > MAX_SECONDS:
                        node = part
                        break
                except _Refused as err:
                    return err.at
            else:
                return node.at
        elif isinstance(node, Mul | Div):
            try:
                if _cost(node.node, memo) > MAX_SECONDS:
                    node = node.node
                    continue
            except _Refused as err:
                return err.at
            return node.at
        else:
            return node.at


def tree_cost(node: Node) -> float:
    """Estimated CPython seconds for the distribution, its answers and one roll.

    Raises:
        RuleValueError: If ``node`` is not a node of the tree.
        WorkLimitError: If the tree spans too many totals or totals too large
            to be costed at all.

    Example:
        >>> round(tree_cost(Pool(3, 6)) * 1e6) < 1000
        True
    """
    check_node(node)
    try:
        return _cost(node, {})
    except _Refused as err:
        raise WorkLimitError(tree_notation(node), err.at, err.expected) from None


def check_work(node: Node, text: str | None = None) -> float:
    """The estimated seconds of ``node``, or a ``WorkLimitError`` past the cap.

    Args:
        node: The tree.
        text: The notation it was read from (quoted in the error, whose
            position points into it); the canonical notation when ``None``.

    Example:
        >>> check_work(Pool(2, 20, keep=1)) < MAX_SECONDS
        True
    """
    check_node(node)
    if text is not None and not isinstance(text, str):
        raise RuleValueError(
            M(
                "text must be the notation read, or None, got {got} ({kind})",
                got=quote(text),
                kind=type(text).__name__,
            ),
            field="text",
        )
    try:
        return _checked(node)
    except _Refused as err:
        at = err.at if text is not None else 0
        raise WorkLimitError(
            tree_notation(node) if text is None else text, at, err.expected
        ) from None


def check_difference(first: Node, second: Node) -> float:
    """The estimated seconds of ``first - second`` (two rolls opposed), or a ``WorkLimitError``.

    The two need not make one expression the notation could read (together
    they may throw more than :data:`~rulebook_py.dice.limits.MAX_DICE` dice):
    only the work of their difference is costed, as for a sum.

    Example:
        >>> from .reading import read_tree
        >>> check_difference(read_tree("1000d6!kh1"), read_tree("d6")) < MAX_SECONDS
        True
        >>> check_difference(read_tree("400d6"), read_tree("400d6"))
        Traceback (most recent call last):
        ...
        rulebook_py.errors.WorkLimitError: cannot read dice notation '400d6' at position 0 ('4'): \
expected a second roll small enough to compare exactly with the first in 0.25 s: make one of them \
smaller
    """
    check_node(first, "first")
    check_node(second, "second")
    try:
        seconds = _shape_cost(_sum_shape(_shape(first, {}), _shape(second, {}), -1, 0))
    except _Refused:
        seconds = float("inf")
    if seconds > MAX_SECONDS:
        raise WorkLimitError(
            tree_notation(second),
            0,
            M(
                "a second roll small enough to compare exactly with the first in {limit} s: "
                "make one of them smaller",
                limit=MAX_SECONDS,
            ),
            field="second",
        )
    return seconds


def check_together(trees: Sequence[Node], fields: Sequence[str] | None = None) -> float:
    """The estimated seconds of several expressions computed together, or a ``WorkLimitError``.

    Each tree must fit alone (:func:`check_work`), and their sum must stay
    within :data:`~rulebook_py.dice.limits.MAX_SECONDS`: the error names (as
    ``field``) the first expression at which the running total goes past it.

    Args:
        trees: The expressions, in the order they are shown.
        fields: The name of each (a parameter or a box), for the error.

    Example:
        >>> from .reading import read_tree
        >>> check_together([read_tree("d20"), read_tree("2d20kh1")]) < MAX_SECONDS
        True
        >>> big = read_tree("d10000 + d10000")
        >>> check_together([big, big, big], ["A", "B", "C"])
        Traceback (most recent call last):
        ...
        rulebook_py.errors.WorkLimitError: cannot read dice notation '1d10000 + 1d10000' at \
position 0 ('1'): expected expressions that take at most 0.25 s together: with the ones before \
it, this one brings the time to compute them exactly to about ... s; make one of them smaller
    """
    if not isinstance(trees, Sequence) or isinstance(trees, str) or len(trees) > _MAX_TREES:
        raise RuleValueError(
            M(
                "trees must be a list of at most {count} expression trees, got {got}",
                count=_MAX_TREES,
                got=quote(trees),
            ),
            field="trees",
        )
    for node in trees:
        check_node(node, "trees")
    if fields is not None and (
        not isinstance(fields, Sequence)
        or isinstance(fields, str)
        or len(fields) != len(trees)
        or not all(isinstance(f, str) for f in fields)
    ):
        raise RuleValueError(
            M(
                "fields must be None or a list of one name (a text) per tree, got {got}",
                got=quote(fields),
            ),
            field="fields",
        )
    seconds = 0.0
    for i, node in enumerate(trees):
        field = fields[i] if fields is not None else None
        try:
            seconds += check_work(node)
        except WorkLimitError as err:
            err.field = field
            raise
        if seconds > MAX_SECONDS:
            raise WorkLimitError(
                tree_notation(node),
                0,
                M(
                    "expressions that take at most {limit} s together: with the ones before it, "
                    "this one brings the time to compute them exactly to about {seconds:.2g} s; make "
                    "one of them smaller",
                    limit=MAX_SECONDS,
                    seconds=seconds,
                ),
                field=field,
            )
    return seconds
