"""Seeded rolls of an expression tree: every die thrown, every reroll and explosion shown.

Example:
    >>> import random
    >>> from .reading import read_tree
    >>> pools = []
    >>> roll_tree(read_tree("2d20kh1 + 3"), random.Random(7), pools)
    (14, '2d20kh1 [11, 5~] + 3')
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .notation import pool_notation
from .tree import Const, Mul, Node, Pool, Sum

__all__ = ["DiceRoll", "PoolRoll", "roll_tree"]


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
        >>> from rulebook_py.dice import parse
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
            >>> from rulebook_py.dice import parse
            >>> parse("2d6").roll(random.Random(0)).faces
            (4, 4)
        """
        return tuple(f for p in self.pools for f in p.faces)

    def __str__(self) -> str:
        """The roll written out, ending with ``= total``."""
        return f"{self.text} = {self.total}"


def _throw_die(node: Pool, rng: random.Random) -> tuple[int, ...]:
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


def _roll_pool(node: Pool, rng: random.Random) -> PoolRoll:
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
    return PoolRoll(pool_notation(node), faces, kept, value, shown)


def roll_tree(node: Node, rng: random.Random, pools: list[PoolRoll]) -> tuple[int, str]:
    """Roll a tree once: its total and its text; every pool thrown is appended to ``pools``.

    Example:
        >>> roll_tree(Const(4), random.Random(0), [])
        (4, '4')
    """
    if isinstance(node, Pool):
        pr = _roll_pool(node, rng)
        pools.append(pr)
        return pr.value, str(pr)
    if isinstance(node, Const):
        return node.value, str(node.value)
    if isinstance(node, Sum):
        a, ta = roll_tree(node.left, rng, pools)
        b, tb = roll_tree(node.right, rng, pools)
        if node.sign < 0 and isinstance(node.right, Sum):
            tb = f"({tb})"
        return (a + b if node.sign > 0 else a - b), f"{ta} {'+' if node.sign > 0 else '-'} {tb}"
    value, text = roll_tree(node.node, rng, pools)
    if isinstance(node.node, Sum):
        text = f"({text})"
    if isinstance(node, Mul):
        return value * node.factor, f"{text} ×{node.factor}"
    return value // node.divisor, f"{text} /{node.divisor}↓"
