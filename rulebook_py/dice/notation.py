"""The canonical text of an expression tree, and other small facts read from it.

The canonical text is what ``str(dice)`` shows and what the "same answer in
Python" line passes to ``parse``: it always reads again into an expression
with the same distribution (a leading minus is written ``-1d6``, never
``1d6*-1``; a negative part after the first is put in parentheses), whatever
its length (a tree has at most :data:`~.limits.MAX_NODES` nodes, each written
in at most 23 characters, and :data:`~.limits.MAX_TEXT` leaves room for them).

Example:
    >>> from .reading import read_tree
    >>> tree_notation(read_tree(" -2D20KH1+3 "))
    '-2d20kh1 + 3'
    >>> tree_notation(Sum(Pool(1, 6), Mul(Pool(1, 4), -3), +1))
    '1d6 + (-1d4*3)'
"""

from __future__ import annotations

from ..errors import RuleValueError, quote
from ..messages import M
from .tree import Const, Div, Mul, Node, Pool, Sum, check_name, check_node  # noqa: F401  (Div: examples)

__all__ = ["check_pool", "pool_notation", "tree_dice_count", "tree_explode_depth", "tree_notation"]


def check_pool(node: object, name: str = "node") -> Pool:
    """``node`` if it is a :class:`~.tree.Pool`, else a ``RuleValueError``.

    Example:
        >>> check_pool(Const(1))
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: node must be a Pool, got Const(value=1) (Const)
    """
    check_name(name)
    if not isinstance(node, Pool):
        raise RuleValueError(
            M(
                "{name} must be a Pool, got {got} ({kind})",
                name=name,
                got=quote(node),
                kind=type(node).__name__,
            ),
            field=name,
            allowed=M("a Pool"),
            value=node,
        )
    return node


def pool_notation(node: Pool) -> str:
    """A pool in one piece: ``2d20kh1``, ``3d6!``, ``5d6>=5``.

    Example:
        >>> pool_notation(Pool(4, 6, keep=3, reroll=1, once=True))
        '4d6ro1kh3'
    """
    return _pool_notation(check_pool(node))


def _pool_notation(node: Pool) -> str:
    text = f"{node.count}d{node.sides}"
    if node.explode is not None:
        text += "!"
    elif node.reroll:
        text += f"{'ro' if node.once else 'r'}{node.reroll}"
    if node.keep is not None:
        text += f"{'kh' if node.highest else 'kl'}{node.keep}"
    if node.target is not None:
        text += f"{'>=' if node.at_least else '<='}{node.target}"
    return text


def _operand(node: Node) -> str:
    """A part that follows an operator: in parentheses if a sum or if it starts with '-'."""
    text = _notation(node)
    return f"({text})" if isinstance(node, Sum) or text.startswith("-") else text


def tree_notation(node: Node) -> str:
    """Canonical notation of a tree: it always reads again (:func:`~.reading.read_tree`).

    Example:
        >>> tree_notation(Div(Mul(Pool(3, 6), -1), 2))
        '(-3d6)/2'
    """
    return _notation(check_node(node))


def _notation(node: Node) -> str:
    if isinstance(node, Pool):
        return _pool_notation(node)
    if isinstance(node, Const):
        return str(node.value)
    if isinstance(node, Sum):
        return f"{_notation(node.left)} {'+' if node.sign > 0 else '-'} {_operand(node.right)}"
    inner = _operand(node.node)
    if isinstance(node, Mul):
        if node.factor < 0:  # a leading minus: -x, or -x*k (the same distribution as x*-k)
            return "-" + inner + ("" if node.factor == -1 else f"*{-node.factor}")
        return f"{inner}*{node.factor}"
    return f"{inner}/{node.divisor}"


def tree_dice_count(node: Node) -> int:
    """How many dice the expression throws.

    Example:
        >>> tree_dice_count(Sum(Pool(2, 6), Pool(1, 4), -1))
        3
    """
    return _dice_count(check_node(node))


def _dice_count(node: Node) -> int:
    if isinstance(node, Pool):
        return node.count
    if isinstance(node, Const):
        return 0
    if isinstance(node, Sum):
        return _dice_count(node.left) + _dice_count(node.right)
    return _dice_count(node.node)


def tree_explode_depth(node: Node) -> int | None:
    """The explosion depth used by the expression (``None``: no exploding die).

    Example:
        >>> tree_explode_depth(Sum(Const(1), Pool(1, 6, explode=3), +1))
        3
    """
    return _explode_depth(check_node(node))


def _explode_depth(node: Node) -> int | None:
    if isinstance(node, Pool):
        return node.explode
    if isinstance(node, Const):
        return None
    if isinstance(node, Sum):
        left = _explode_depth(node.left)
        return left if left is not None else _explode_depth(node.right)
    return _explode_depth(node.node)
