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
from .limits import CACHE_SIZE
from .tree import Const, Mul, Node, Pool, Sum

__all__ = ["clear_caches", "face_distribution", "pool_distribution", "tree_distribution"]


@lru_cache(maxsize=CACHE_SIZE)
def face_distribution(sides: int, reroll: int, once: bool, explode: int) -> Distribution:
    """Exact distribution of one die after its modifier (the last :data:`~.limits.CACHE_SIZE` kept).

    Example:
        >>> face_distribution(6, 1, True, 0).weights()  # reroll a 1 once: weights out of 36
        {1: 1, 2: 7, 3: 7, 4: 7, 5: 7, 6: 7}
        >>> face_distribution(2, 0, False, 2).weights()  # d2 exploding twice at most
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


@lru_cache(maxsize=CACHE_SIZE)
def pool_distribution(node: Pool) -> Distribution:
    """Exact distribution of a pool (the last :data:`~.limits.CACHE_SIZE` kept).

    Example:
        >>> pool_distribution(Pool(3, 6)).total
        216
    """
    face = face_distribution(node.sides, node.reroll, node.once, node.explode or 0)
    if node.target is not None:
        return _count_distribution(face, node.count, node.target, node.at_least)
    if node.keep is None or node.keep >= node.count:
        return face.repeat_sum(node.count)
    return _keep_distribution(face, node.count, node.keep, node.highest)


def tree_distribution(node: Node) -> Distribution:
    """Exact distribution of the total of a tree.

    Example:
        >>> tree_distribution(Sum(Pool(1, 6), Const(1), -1)).min_value
        0
    """
    if isinstance(node, Pool):
        return pool_distribution(node)
    if isinstance(node, Const):
        return Distribution.constant(node.value)
    if isinstance(node, Sum):
        left, right = tree_distribution(node.left), tree_distribution(node.right)
        return left + right if node.sign > 0 else left - right
    if isinstance(node, Mul):
        return tree_distribution(node.node) * node.factor
    return tree_distribution(node.node) // node.divisor


def clear_caches() -> None:
    """Empty the engine's caches of dice and pool distributions (for timings).

    Example:
        >>> clear_caches()
    """
    face_distribution.cache_clear()
    pool_distribution.cache_clear()
