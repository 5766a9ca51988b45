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

from ..distribution import MAX_OUTCOMES, convolution_ns
from ..errors import WorkLimitError
from .limits import MAX_SECONDS, MAX_TOTAL
from .notation import tree_notation
from .tree import Const, Div, Mul, Node, Pool, Sum

__all__ = ["check_together", "check_work", "tree_cost"]

# Nanoseconds per elementary step of each algorithm, measured on this machine
# (2 shared cores, CPython 3.11) and rounded up; ``_limbs`` turns a weight's
# size in bits into 30-bit machine digits, since big weights cost more.
_NS_WINDOW = 170.0  # one output total of a sliding-window sum (uniform die)
_NS_WINDOW_BIT = 0.25  # ... per bit of the weights
_NS_PAIR = 140.0  # one pair of totals in a convolution
_NS_LIMB_PAIR = 3.0  # ... per pair of 30-bit digits multiplied
_NS_LIMB_ROW = 1.0  # ... in one long product of a short number by a long one
_NS_KEEP = 750.0  # one step of the keep-highest dynamic programme
_NS_MAP = 500.0  # one total moved by a product or a division
_NS_SLOT = 40.0  # one slot of a dense table built
_NS_ANSWER = 4000.0  # one total of the answer: probability, mean, chart
_NS_THROW = 3000.0  # one die thrown and shown in a roll


def _limbs(bits: float) -> float:
    return 1.0 + bits / 30.0


#: Above this many 30-bit digits CPython multiplies by Karatsuba (n ** 1.585).
_KARATSUBA = 70


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


def _pool_shape(node: Pool) -> _Shape:
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
        ns += (n + 1) * (2 * _NS_MAP + _mul_ns(bits)) + fnnz * _NS_MAP
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
                # (x 1.5: kept above the real cost, whatever the machine's load)
                ns += 1.5 * min(convolution_ns(wa, wa, i * fbits + 1, fw, fnnz, fbits + 1))
                ns += _NS_SLOT * wa * 2
        return _Shape(n * flo, n * fhi, n * (fw - 1) + 1, bits, ns, throws)
    k = node.keep
    lo, hi = k * flo, k * fhi
    if k == 1:
        ns += fnnz * (_NS_MAP + 2 * _mul_ns(bits))  # a power of big weights per face
        return _Shape(lo, hi, fnnz, bits, ns, throws)
    # states (placed p < k, kept sum) times the choices c < k - p, for each face,
    # plus the closed tail sums (k of them, N terms each) of every face
    a = sum(k - p + 1 for p in range(k))
    bk = sum(p * (k - p + 1) for p in range(k))
    span = (fhi - flo) / max(1, fnnz - 1)
    steps = fnnz * a + bk * span * fnnz * (fnnz - 1) / 2
    ns += steps * (_NS_KEEP + _NS_LIMB_PAIR * _limbs(bits) * 2)
    # closed tails: k sums of about N terms per face, each a binomial (N bits) times
    # powers of one face's weight (wbits each) and of the rest (up to the total)
    wbits = max(0.0, fbits - math.log2(max(1, fnnz)))
    term = 2 * _NS_PAIR + _NS_LIMB_ROW * _limbs(n * (1 + wbits)) * _limbs(bits)
    ns += fnnz * k * (n + 1) * term
    ns += k * (n + 1) * (4 * _NS_MAP + _mul_ns(n))  # binomial rows
    return _Shape(lo, hi, min(hi - lo + 1, steps), bits, ns, throws)


class _Refused(Exception):
    """Raised by the estimate; turned into a WorkLimitError with the text."""

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


def _shape(node: Node) -> _Shape:
    """Bottom-up estimate; raises :class:`_Refused` past a cap."""
    if isinstance(node, Const):
        return _check_range(_Shape(node.value, node.value, 1, 0.0, 0.0, 0.0), node.at)
    if isinstance(node, Pool):
        return _check_range(_pool_shape(node), node.at)
    if isinstance(node, Sum):
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
    if isinstance(node, Mul):
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


def _cost(node: Node) -> float:
    """Estimated CPython seconds for the distribution, its answers and one roll."""
    shape = _shape(node)
    # probabilities (a gcd of big weights each), mean, deviation, tail sums
    answer = shape.nnz * (_NS_ANSWER + _mul_ns(shape.bits))
    answer += shape.width * _NS_SLOT * 6
    return (shape.ns + answer + shape.throws * _NS_THROW) / 1e9


def _cost_text(seconds: float) -> str:
    return (
        f"a smaller expression: this one would take about {seconds:.2g} s to compute "
        f"exactly, and at most {MAX_SECONDS} s is allowed (for example 400d6, 40d100, "
        f"d10000+d10000 or 10d20kh3 fit)"
    )


def _checked(node: Node) -> Node:
    """``node`` if its estimated work fits, else :class:`_Refused` at the culprit."""
    seconds = _cost(node)
    if seconds > MAX_SECONDS:
        raise _Refused(_culprit(node), _cost_text(seconds))
    return node


def _culprit(node: Node) -> int:
    """Position of the smallest sub-expression that is already too costly."""
    while True:
        if isinstance(node, Sum):
            for part in (node.left, node.right):
                try:
                    if _cost(part) > MAX_SECONDS:
                        node = part
                        break
                except _Refused as err:
                    return err.at
            else:
                return node.at
        elif isinstance(node, Mul | Div):
            try:
                if _cost(node.node) > MAX_SECONDS:
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
        WorkLimitError: If the tree spans too many totals or totals too large
            to be costed at all.

    Example:
        >>> round(tree_cost(Pool(3, 6)) * 1e6) < 1000
        True
    """
    try:
        return _cost(node)
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
    try:
        _checked(node)
        return _cost(node)
    except _Refused as err:
        at = err.at if text is not None else 0
        raise WorkLimitError(
            tree_notation(node) if text is None else text, at, err.expected
        ) from None


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
                f"expressions that take at most {MAX_SECONDS} s together: with the ones before "
                f"it, this one brings the time to compute them exactly to about {seconds:.2g} s; "
                "make one of them smaller",
                field=field,
            )
    return seconds
