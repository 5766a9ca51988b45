"""The expression tree of dice notation: pools of dice, constants, sums, products, divisions.

:func:`~rulebook_py.dice.reading.read_tree` builds it from text; every other
concern is one walker over it, in its own module (``cost``, ``bounds``,
``exact``, ``rolls``, ``notation``). Nodes are frozen dataclasses: equal
trees are equal expressions. ``at`` is the position in the text read (not
part of equality), so that an error points at the culprit.

Every node checks its fields when it is built (:class:`~rulebook_py.errors.RuleValueError`
naming the field, with what is allowed), so a tree built by hand is always one
the walkers can read: at most :data:`~.limits.MAX_DICE` dice of at most
:data:`~.limits.MAX_SIDES` sides, one die modifier, a keep or a count, whole
numbers within :data:`~.limits.MAX_CONSTANT` (as the notation reads them), at most :data:`~.limits.MAX_DEPTH`
nodes deep (the walkers recurse) and :data:`~.limits.MAX_NODES` nodes in all
(counting a part shared by a Python-built tree once each place it stands); and
a tree is one the notation reads again from its canonical text (at most
:data:`~.limits.MAX_DICE` dice, parentheses at most :data:`~.limits.MAX_NESTING`
deep, one explosion depth).

Example:
    >>> Sum(Pool(2, 6), Const(3), +1) == Sum(Pool(2, 6, at=4), Const(3), +1)
    True
    >>> Pool(2, 6, keep=3)
    Traceback (most recent call last):
    ...
    rulebook_py.errors.RuleValueError: keep must be an integer from 1 to 2, got 3
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from ..errors import RuleValueError, WorkLimitError, check_bool, check_int, quote
from ..messages import M
from .limits import (
    MAX_CONSTANT,
    MAX_DEPTH,
    MAX_DICE,
    MAX_EXPLODE_DEPTH,
    MAX_NESTING,
    MAX_NODES,
    MAX_SIDES,
    MAX_TEXT,
)

__all__ = ["Const", "Div", "Mul", "Node", "Pool", "Sum", "check_name", "check_node", "tree_depth"]
__all__ += ["tree_size"]


def _check_optional(value: object, name: str, low: int, high: int) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleValueError(
            M(
                "{name} must be None or an integer from {low} to {high}, got {got} ({kind})",
                name=name,
                low=low,
                high=high,
                got=quote(value),
                kind=type(value).__name__,
            ),
            field=name,
            allowed=M("None or an integer from {low} to {high}", low=low, high=high),
            value=value,
        )
    return check_int(value, name, low, high)


def check_name(name: object) -> str:
    """``name`` if it names a parameter: a text of 1 to 60 characters (used in messages).

    Example:
        >>> check_name("rng")
        'rng'
        >>> check_name(3)
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: name must be the name of a parameter (a text of 1 to \
60 characters), got 3 (int)
    """
    if not isinstance(name, str) or not 1 <= len(name) <= 60:
        raise RuleValueError(
            M(
                "name must be the name of a parameter (a text of 1 to 60 characters), "
                "got {got} ({kind})",
                got=quote(name),
                kind=type(name).__name__,
            ),
            field="name",
        )
    return name


def _refuse(name: str, message: object) -> RuleValueError:
    return RuleValueError(message, field=name)


class _Facts(NamedTuple):
    """What a node knows of its tree when it is built, so that no walker need look."""

    depth: int  # nodes deep
    size: int  # nodes in all (a part shared by a Python-built tree counts each place it stands)
    dice: int  # dice thrown
    nesting: int  # parentheses inside one another in its canonical text
    minus: bool  # its canonical text starts with '-'
    explode: int | None  # the explosion depth of its exploding dice (None: none)


_LEAF = _Facts(1, 1, 0, 0, False, None)


def _facts(node: object) -> _Facts:
    return node._facts  # type: ignore[attr-defined]


def _operand_nesting(facts: _Facts, is_sum: bool) -> int:
    """Nesting of a part written after an operator (in parentheses if a sum or negative)."""
    return facts.nesting + (1 if is_sum or facts.minus else 0)


def _refuse_shape(count: int, text: object, expected: object) -> WorkLimitError:
    return WorkLimitError(
        M("({count} operations)", count=count) if text is None else text, 0, expected
    )


def _set_facts(node: Sum | Mul | Div) -> None:
    """Record what a new node knows of its tree; refuse one the notation could not read again.

    Too deep (the walkers recurse), too large (each walker visits every node), too
    many dice, parentheses nested deeper than the notation reads, or exploding dice
    of two depths (the notation gives one depth to the whole expression).
    """
    if isinstance(node, Sum):
        left, right = _facts(node.left), _facts(node.right)
        parts = (left, right)
        nesting = max(left.nesting, _operand_nesting(right, isinstance(node.right, Sum)))
        minus = left.minus
    else:
        child = _facts(node.node)
        parts = (child,)
        nesting = _operand_nesting(child, isinstance(node.node, Sum))
        minus = isinstance(node, Mul) and node.factor < 0
    # x*-k is written -x*k, which reads again as two nodes: -(x*k)
    two = 2 if isinstance(node, Mul) and node.factor < -1 else 1
    depth = two + max(p.depth for p in parts)
    size = two + sum(p.size for p in parts)
    dice = sum(p.dice for p in parts)
    depths = {p.explode for p in parts} - {None}
    if depth > MAX_DEPTH:
        raise WorkLimitError(
            M("({count} operations deep)", count=depth),
            0,
            M("an expression at most {count} deep", count=MAX_DEPTH),
        )
    if size > MAX_NODES:
        raise _refuse_shape(
            size,
            None,
            M("an expression of at most {count} numbers, pools and operations", count=MAX_NODES),
        )
    if dice > MAX_DICE:
        raise _refuse_shape(size, None, M("at most {count:,} dice in all", count=MAX_DICE))
    if nesting > MAX_NESTING:
        raise _refuse_shape(
            size, None, M("at most {count} parentheses inside one another", count=MAX_NESTING)
        )
    if len(depths) > 1:
        raise _refuse_shape(
            size,
            None,
            M(
                "exploding dice of one explosion depth (the notation gives the whole expression one)"
            ),
        )
    explode = next(iter(depths), None)
    object.__setattr__(node, "_facts", _Facts(depth, size, dice, nesting, minus, explode))


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
        >>> Pool(3, 6, reroll=1, explode=9)
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: explode: one die modifier per pool, an explosion or a \
reroll, not both
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
    _facts: _Facts = field(default=_LEAF, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        """Check every field (see the class)."""
        check_int(self.count, "count", 1, MAX_DICE)
        check_int(self.sides, "sides", 1, MAX_SIDES)
        _check_optional(self.keep, "keep", 1, self.count)
        check_bool(self.highest, "highest")
        check_int(self.reroll, "reroll", 0, self.sides - 1)
        check_bool(self.once, "once")
        _check_optional(self.explode, "explode", 0, MAX_EXPLODE_DEPTH)
        _check_optional(self.target, "target", 1, self.sides)
        check_bool(self.at_least, "at_least")
        check_int(self.at, "at", 0, MAX_TEXT)
        if self.once and not self.reroll:
            raise _refuse("once", M("once: a reroll once needs a reroll threshold of at least 1"))
        if self.explode is not None and self.reroll:
            raise _refuse(
                "explode",
                M("explode: one die modifier per pool, an explosion or a reroll, not both"),
            )
        if self.keep is not None and self.target is not None:
            raise _refuse(
                "target", M("target: a pool either keeps some dice or counts them, not both")
            )
        if self.explode is not None and self.target is not None:
            raise _refuse(
                "target", M("target: no count of exploding dice (an explosion is no new die)")
            )
        facts = _Facts(1, 1, self.count, 0, False, self.explode)
        object.__setattr__(self, "_facts", facts)


def _check_whole(value: object, name: str) -> int:
    return check_int(value, name, -MAX_CONSTANT, MAX_CONSTANT)


@dataclass(frozen=True)
class Const:
    """A whole number (at most :data:`~.limits.MAX_CONSTANT` either way, as the notation reads).

    Example:
        >>> Const(-2).value
        -2
    """

    value: int
    at: int = field(default=0, compare=False, repr=False)
    _facts: _Facts = field(default=_LEAF, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        """Check the value and the position."""
        _check_whole(self.value, "value")
        check_int(self.at, "at", 0, MAX_TEXT)
        object.__setattr__(self, "_facts", _Facts(1, 1, 0, 0, self.value < 0, None))


def check_node(node: object, name: str = "node") -> Node:
    """``node`` if it is a node of the expression tree, else a ``RuleValueError``.

    Example:
        >>> check_node(Const(1)).value
        1
        >>> check_node("d6")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: node must be a dice expression tree (Pool, Const, \
Sum, Mul or Div), got 'd6' (str): read the notation first, read_tree('d6')
    """
    check_name(name)
    if not isinstance(node, (Pool, Const, Sum, Mul, Div)):
        if isinstance(node, str):
            message = M(
                "{name} must be a dice expression tree (Pool, Const, Sum, Mul or Div), "
                "got {got} ({kind}): read the notation first, read_tree({got})",
                name=name,
                got=quote(node),
                kind=type(node).__name__,
            )
        else:
            message = M(
                "{name} must be a dice expression tree (Pool, Const, Sum, Mul or Div), "
                "got {got} ({kind})",
                name=name,
                got=quote(node),
                kind=type(node).__name__,
            )
        raise RuleValueError(
            message, field=name, allowed=M("a Pool, Const, Sum, Mul or Div"), value=node
        )
    return node


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
    _facts: _Facts = field(default=_LEAF, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        """Check both parts, the sign and the position; refuse a tree too deep."""
        check_node(self.left, "left")
        check_node(self.right, "right")
        if isinstance(self.sign, bool) or self.sign not in (1, -1):
            raise RuleValueError(
                M("sign must be +1 or -1, got {got}", got=quote(self.sign)),
                field="sign",
                allowed=M("+1 or -1"),
                value=self.sign,
            )
        check_int(self.at, "at", 0, MAX_TEXT)
        _set_facts(self)


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
    _facts: _Facts = field(default=_LEAF, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        """Check the part, the factor and the position; refuse a tree too deep."""
        check_node(self.node, "node")
        _check_whole(self.factor, "factor")
        check_int(self.at, "at", 0, MAX_TEXT)
        _set_facts(self)


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
    _facts: _Facts = field(default=_LEAF, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        """Check the part, the divisor and the position; refuse a tree too deep."""
        check_node(self.node, "node")
        check_int(self.divisor, "divisor", 1, MAX_CONSTANT)
        check_int(self.at, "at", 0, MAX_TEXT)
        _set_facts(self)


#: Any node of the tree.
Node = Pool | Const | Sum | Mul | Div


def tree_depth(node: Node) -> int:
    """How many nodes deep the tree goes (at most :data:`~.limits.MAX_DEPTH`).

    Example:
        >>> tree_depth(Pool(1, 6)), tree_depth(Sum(Mul(Pool(1, 6), 2), Const(1), +1))
        (1, 3)
    """
    return _facts(check_node(node)).depth


def tree_size(node: Node) -> int:
    """How many nodes the tree has (at most :data:`~.limits.MAX_NODES`), each place counted.

    Example:
        >>> tree_size(Sum(Mul(Pool(1, 6), 2), Const(1), +1))
        4
    """
    return _facts(check_node(node)).size
