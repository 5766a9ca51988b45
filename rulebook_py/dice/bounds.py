"""Least and greatest total of an expression, by walking its tree (no distribution built).

Example:
    >>> from .reading import read_tree
    >>> tree_bounds(read_tree("2d6 - 1d4")), tree_bounds(read_tree("60d10>=5"))
    ((-2, 11), (0, 60))
"""

from __future__ import annotations

from .notation import check_pool
from .tree import Const, Mul, Node, Pool, Sum, check_node

__all__ = ["face_bounds", "tree_bounds"]


def face_bounds(node: Pool) -> tuple[int, int]:
    """Least and greatest value of one die of the pool, after its modifier.

    An exploding die reaches its sides times one plus the explosion depth
    (a d1 always explodes to the depth).

    Example:
        >>> face_bounds(Pool(1, 6, explode=9)), face_bounds(Pool(1, 6, reroll=2))
        ((1, 60), (3, 6))
    """
    return _face_bounds(check_pool(node))


def _face_bounds(node: Pool) -> tuple[int, int]:
    s = node.sides
    if node.explode:
        if s == 1:
            return node.explode + 1, node.explode + 1
        return 1, s * (node.explode + 1)
    if node.reroll and not node.once:
        return node.reroll + 1, s
    return 1, s


def _pool_bounds(node: Pool) -> tuple[int, int]:
    flo, fhi = _face_bounds(node)
    if node.target is not None:
        t = node.target
        every = flo >= t if node.at_least else fhi <= t  # every face counts
        some = fhi >= t if node.at_least else flo <= t  # some face counts
        return (node.count if every else 0), (node.count if some else 0)
    kept = node.count if node.keep is None else node.keep
    return kept * flo, kept * fhi


def tree_bounds(node: Node) -> tuple[int, int]:
    """Least and greatest total of an expression tree.

    Example:
        >>> tree_bounds(Mul(Pool(1, 20), -1))
        (-20, -1)
    """
    return _bounds(check_node(node))


def _bounds(node: Node) -> tuple[int, int]:
    if isinstance(node, Pool):
        return _pool_bounds(node)
    if isinstance(node, Const):
        return node.value, node.value
    if isinstance(node, Sum):
        (alo, ahi), (blo, bhi) = _bounds(node.left), _bounds(node.right)
        return (alo + blo, ahi + bhi) if node.sign > 0 else (alo - bhi, ahi - blo)
    lo, hi = _bounds(node.node)
    if isinstance(node, Mul):
        ends = (lo * node.factor, hi * node.factor)
        return min(ends), max(ends)
    return lo // node.divisor, hi // node.divisor
