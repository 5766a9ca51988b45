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

from ..errors import RuleValueError, check_int, check_rng, quote
from ..messages import M, Msg
from .cost import check_roll
from .limits import MAX_DICE, MAX_EXPLODE_DEPTH, MAX_SIDES, MAX_TOTAL
from .notation import pool_notation
from .tree import Const, Mul, Node, Pool, Sum

#: The largest value one die can show (an exploding d10000 rolled again 20 times).
_MAX_FACE = MAX_SIDES * (MAX_EXPLODE_DEPTH + 1)
#: Most rolls one die of a record may show (a die rerolled until it shows more
#: than K takes as many as it needs; this only bounds what a record accepts).
_MAX_ROLLS = 1_000_000


def _check_text(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise RuleValueError(
            M(
                "{name} must be text, got {got} ({kind})",
                name=name,
                got=quote(value),
                kind=type(value).__name__,
            ),
            field=name,
            allowed=M("text"),
            value=value,
        )
    return value


def _check_tuple(value: object, name: str, what: Msg, high: int = MAX_DICE) -> tuple:
    if not isinstance(value, tuple) or len(value) > high:
        raise RuleValueError(
            M(
                "{name} must be a tuple of at most {high} {what}, got {got} ({kind})",
                name=name,
                high=high,
                what=what,
                got=quote(value),
                kind=type(value).__name__,
            ),
            field=name,
            value=value,
        )
    return value


__all__ = ["DiceRoll", "PoolRoll", "check_rng", "roll_tree"]


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

    def __post_init__(self) -> None:
        """Check every field and that they agree (the value is the kept faces' sum or count)."""
        _check_text(self.notation, "notation")
        _check_tuple(self.faces, "faces", M("faces"))
        for face in self.faces:
            check_int(face, "faces", 1, _MAX_FACE)
        _check_tuple(self.kept, "kept", M("True or False, one a die"))
        if len(self.kept) != len(self.faces) or not all(isinstance(k, bool) for k in self.kept):
            raise RuleValueError(
                M(
                    "kept must say True or False for each of the {n} faces, got {got}",
                    n=len(self.faces),
                    got=quote(self.kept),
                ),
                field="kept",
            )
        check_int(self.value, "value", 0, MAX_TOTAL)
        _check_tuple(self.throws, "throws", M("rolls, one a die"))
        if self.throws and len(self.throws) != len(self.faces):
            raise RuleValueError(
                M(
                    "throws must be empty or give the rolls of each of the {n} dice, got {got}",
                    n=len(self.faces),
                    got=quote(self.throws),
                ),
                field="throws",
            )
        for rolls in self.throws:
            _check_tuple(rolls, "throws", M("rolls"), _MAX_ROLLS)
            if not rolls:
                raise RuleValueError(M("throws: every die takes at least one roll"), field="throws")
            for face in rolls:
                check_int(face, "throws", 1, MAX_SIDES)
        counting = ">=" in self.notation or "<=" in self.notation
        shown = [f for f, k in zip(self.faces, self.kept) if k]
        if self.value != (len(shown) if counting else sum(shown)):
            raise RuleValueError(
                M(
                    "value must be the {what} of the kept dice, {expected}, got {got}",
                    what=M("count") if counting else M("sum"),
                    expected=len(shown) if counting else sum(shown),
                    got=quote(self.value),
                ),
                field="value",
            )

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
        >>> str(DiceRoll("1d6 + 2", 7, (PoolRoll("1d6", (5,), (True,), 5),), "1d6 [5] + 2"))
        '1d6 [5] + 2 = 7'
        >>> DiceRoll("3", 3, (), "3").total  # a constant throws no die
        3
    """

    expression: str
    total: int
    pools: tuple[PoolRoll, ...]
    text: str

    def __post_init__(self) -> None:
        """Check every field."""
        _check_text(self.expression, "expression")
        check_int(self.total, "total", -MAX_TOTAL, MAX_TOTAL)
        _check_tuple(self.pools, "pools", M("pools rolled"))
        for pool_roll in self.pools:
            if not isinstance(pool_roll, PoolRoll):
                raise RuleValueError(
                    M(
                        "pools must hold PoolRoll records, got {got} ({kind})",
                        got=quote(pool_roll),
                        kind=type(pool_roll).__name__,
                    ),
                    field="pools",
                )
        _check_text(self.text, "text")

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

    @property
    def message(self) -> Msg:
        """The roll written out, ending with ``= total``, as a message (the total in the reader's way).

        Example:
            >>> from rulebook_py.dice import parse
            >>> parse("d6-7").roll(random.Random(1)).message.render("fr")
            '1d6 [2] - 7 = −5'
        """
        return M("{roll} = {total}", roll=self.text, total=self.total)


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

    The dice it would throw are counted first (:func:`~.cost.check_roll`).

    Example:
        >>> roll_tree(Const(4), random.Random(0), [])
        (4, '4')
    """
    check_roll(node)
    check_rng(rng)
    if not isinstance(pools, list):
        raise RuleValueError(
            M(
                "pools must be a list (the pools thrown are added to it), got {got} ({kind})",
                got=quote(pools),
                kind=type(pools).__name__,
            ),
            field="pools",
        )
    return _roll(node, rng, pools)


def _roll(node: Node, rng: random.Random, pools: list[PoolRoll]) -> tuple[int, str]:
    if isinstance(node, Pool):
        pr = _roll_pool(node, rng)
        pools.append(pr)
        return pr.value, str(pr)
    if isinstance(node, Const):
        return node.value, str(node.value)
    if isinstance(node, Sum):
        a, ta = _roll(node.left, rng, pools)
        b, tb = _roll(node.right, rng, pools)
        if node.sign < 0 and isinstance(node.right, Sum):
            tb = f"({tb})"
        return (a + b if node.sign > 0 else a - b), f"{ta} {'+' if node.sign > 0 else '-'} {tb}"
    value, text = _roll(node.node, rng, pools)
    if isinstance(node.node, Sum):
        text = f"({text})"
    if isinstance(node, Mul):
        return value * node.factor, f"{text} ×{node.factor}"
    return value // node.divisor, f"{text} /{node.divisor}↓"
