"""The expression tree of dice notation: pools of dice, constants, sums, products, divisions.

:func:`~rulebook_py.dice.reading.read_tree` builds it from text; every other
concern is one walker over it, in its own module (``cost``, ``bounds``,
``exact``, ``rolls``, ``notation``). Nodes are frozen dataclasses: equal
trees are equal expressions. ``at`` is the position in the text read (not
part of equality), so that an error points at the culprit.

Example:
    >>> Sum(Pool(2, 6), Const(3), +1) == Sum(Pool(2, 6, at=4), Const(3), +1)
    True
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Const", "Div", "Mul", "Node", "Pool", "Sum", "tree_depth"]


@dataclass(frozen=True)
class Pool:
    """``count`` dice of ``sides`` faces, with at most one die modifier and a selection.

    ``reroll`` K > 0: a die showing K or less is rolled again (``once``: one
    time, else until it shows more). ``explode`` D (not ``None``): a highest
    face is rolled again and added, up to D extra rolls. ``keep``: how many
    dice are kept (``None``: all). ``target``: count the dice at least
    (``at_least``) or at most that value instead of adding them.

    Example:
        >>> Pool(2, 20, keep=1).keep
        1
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
    at: int = field(default=0, compare=False, repr=False)


@dataclass(frozen=True)
class Const:
    """A whole number.

    Example:
        >>> Const(-2).value
        -2
    """

    value: int
    at: int = field(default=0, compare=False, repr=False)


@dataclass(frozen=True)
class Sum:
    """``left + right`` (``sign`` +1) or ``left - right`` (``sign`` -1).

    Example:
        >>> Sum(Pool(1, 6), Const(1), -1).sign
        -1
    """

    left: Node
    right: Node
    sign: int
    at: int = field(default=0, compare=False, repr=False)


@dataclass(frozen=True)
class Mul:
    """``node`` times a whole number (``-1`` for a leading minus).

    Example:
        >>> Mul(Pool(1, 4), 3).factor
        3
    """

    node: Node
    factor: int
    at: int = field(default=0, compare=False, repr=False)


@dataclass(frozen=True)
class Div:
    """``node`` divided by a positive whole number, rounded down.

    Example:
        >>> Div(Pool(3, 6), 2).divisor
        2
    """

    node: Node
    divisor: int
    at: int = field(default=0, compare=False, repr=False)


#: Any node of the tree.
Node = Pool | Const | Sum | Mul | Div


def tree_depth(node: Node) -> int:
    """How many nodes deep the tree goes (walked without recursion, however deep).

    Example:
        >>> tree_depth(Pool(1, 6)), tree_depth(Sum(Mul(Pool(1, 6), 2), Const(1), +1))
        (1, 3)
    """
    deepest, stack = 0, [(node, 1)]
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if isinstance(item, Sum):
            stack += [(item.left, depth + 1), (item.right, depth + 1)]
        elif isinstance(item, Mul | Div):
            stack.append((item.node, depth + 1))
    return deepest
