"""Exact distributions of an expression tree: one die after its modifier, pools, then the tree.

Example:
    >>> from .reading import read_tree
    >>> tree_distribution(read_tree("2d20kh1")).weights()[20]
    39
"""

from __future__ import annotations

import math
from functools import lru_cache

from ..distribution import Distribution
from ..errors import RuleValueError, check_bool, check_int
from ..messages import M
from .cost import check_work
from .limits import CACHE_SIZE, MAX_EXPLODE_DEPTH, MAX_SIDES
from .notation import check_pool
from .tree import Const, Mul, Node, Pool, Sum, check_node

__all__ = ["clear_caches", "face_distribution", "pool_distribution", "tree_distribution"]


def face_distribution(sides: int, reroll: int, once: bool, explode: int) -> Distribution:
    """Exact distribution of one die after its modifier (the last :data:`~.limits.CACHE_SIZE` kept).

    Args:
        sides: Faces of the die, 1 to :data:`~.limits.MAX_SIDES`.
        reroll: A face this high or lower is rolled again (0: none), below ``sides``.
        once: Rolled again once only (else until it shows more than ``reroll``).
        explode: Extra rolls of a highest face, 0 (none) to :data:`~.limits.MAX_EXPLODE_DEPTH`.

    Raises:
        RuleValueError: For a value out of range, or an explosion and a reroll together.

    Example:
        >>> face_distribution(6, 1, True, 0).weights()  # reroll a 1 once: weights out of 36
        {1: 1, 2: 7, 3: 7, 4: 7, 5: 7, 6: 7}
        >>> face_distribution(2, 0, False, 2).weights()  # d2 exploding twice at most
        {1: 4, 3: 2, 5: 1, 6: 1}
        >>> face_distribution(10**100, 1, True, 0)
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: sides must be an integer from 1 to 10000, got a number of 101 digits
    """
    check_int(sides, "sides", 1, MAX_SIDES)
    check_int(reroll, "reroll", 0, sides - 1)
    check_bool(once, "once")
    check_int(explode, "explode", 0, MAX_EXPLODE_DEPTH)
    if once and not reroll:
        raise RuleValueError(
            M("once: a reroll once needs a reroll threshold of at least 1"), field="once"
        )
    if explode and reroll:
        raise RuleValueError(
            M("explode: one die modifier per pool, an explosion or a reroll, not both"),
            field="explode",
        )
    return _face_distribution(sides, reroll, once, explode)


@lru_cache(maxsize=CACHE_SIZE)
def _face_distribution(sides: int, reroll: int, once: bool, explode: int) -> Distribution:
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


def pool_distribution(node: Pool) -> Distribution:
    """Exact distribution of a pool (the last :data:`~.limits.CACHE_SIZE` kept), costed first.

    Raises:
        RuleValueError: If ``node`` is not a :class:`~.tree.Pool`.
        WorkLimitError: If the pool would cost more than :data:`~.limits.MAX_SECONDS`.

    Example:
        >>> pool_distribution(Pool(3, 6)).total
        216
        >>> pool_distribution(Pool(1000, 10000))
        Traceback (most recent call last):
        ...
        rulebook_py.errors.WorkLimitError: cannot read dice notation '1000d10000' at position 0 ('1'): expected an expression with at most 2,000,000 possible totals (this one spans 9,999,001)
    """
    check_work(check_pool(node))
    return _pool_distribution(node)


@lru_cache(maxsize=CACHE_SIZE)
def _pool_distribution(node: Pool) -> Distribution:
    face = _face_distribution(node.sides, node.reroll, node.once, node.explode or 0)
    if node.target is not None:
        return _count_distribution(face, node.count, node.target, node.at_least)
    if node.keep is None or node.keep >= node.count:
        return face.repeat_sum(node.count)
    return _keep_distribution(face, node.count, node.keep, node.highest)


def tree_distribution(node: Node) -> Distribution:
    """Exact distribution of the total of a tree, costed first (:func:`~.cost.check_work`).

    Example:
        >>> tree_distribution(Sum(Pool(1, 6), Const(1), -1)).min_value
        0
    """
    check_work(check_node(node))
    return _tree_distribution(node)


def _tree_distribution(node: Node) -> Distribution:
    if isinstance(node, Pool):
        return _pool_distribution(node)
    if isinstance(node, Const):
        return Distribution.constant(node.value)
    if isinstance(node, Sum):
        left, right = _tree_distribution(node.left), _tree_distribution(node.right)
        return left + right if node.sign > 0 else left - right
    if isinstance(node, Mul):
        return _tree_distribution(node.node) * node.factor
    return _tree_distribution(node.node) // node.divisor


def clear_caches() -> None:
    """Empty the engine's caches of dice and pool distributions (for timings).

    Example:
        >>> clear_caches()
    """
    _face_distribution.cache_clear()
    _pool_distribution.cache_clear()
