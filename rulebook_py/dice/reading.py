"""Reading dice notation into an expression tree (a recursive-descent reader, never ``eval``).

Grammar (spaces may stand between the parts of an expression, never inside
a pool or a number)::

    expression := ['+' | '-'] term (('+' | '-') term)*
    term       := atom (('*' | '×' | '/' | '//') number)*
    atom       := number | pool | '(' expression ')'
    pool       := [number] ('d' number | 'D' [number]) [modifier] [keep | count]
    modifier   := '!' | 'ro' number | 'r' number
    keep       := 'k' ['h' | 'l'] number
    count      := ('>=' | '<=') number

Example:
    >>> read_tree("2d20kh1 + 3")
    Sum(left=Pool(count=2, sides=20, keep=1, highest=True, reroll=0, once=False, \
explode=None, target=None, at_least=True), right=Const(value=3), sign=1)
    >>> read_tree("2 d6")
    Traceback (most recent call last):
    ...
    rulebook_py.errors.NotationError: cannot read dice notation '2 d6' at position 1 (' '): \
expected a pool written in one piece, without spaces (e.g. '2d6kh1', '3d6!', '5d6>=5')
"""

from __future__ import annotations

from ..errors import NotationError, RuleValueError, WorkLimitError, check_int, quote
from ..messages import M, Msg
from .limits import (
    DEFAULT_EXPLODE_DEPTH,
    MAX_CONSTANT,
    MAX_DICE,
    MAX_EXPLODE_DEPTH,
    MAX_NESTING,
    MAX_SIDES,
    MAX_TEXT,
)
from .tree import Const, Div, Mul, Node, Pool, Sum

__all__ = ["read_tree"]

_SPACES = " \t\r\n"
_DIGITS = "0123456789"
_SUFFIX = "kKhHlL!rRoO<>=" + _DIGITS
_ONE_PIECE = M("a pool written in one piece, without spaces (e.g. '2d6kh1', '3d6!', '5d6>=5')")


class _Reader:
    """One reading of one text.

    Only ASCII is read: digits ``0-9``, the letters of the notation in either
    case, ``+ - * / ! < > = ( )``, ``×`` for ``*``, and ASCII spaces. Anything
    else (``²``, ``①``, the Kelvin sign ``K``, a no-break space) stops the
    reading with its position.
    """

    def __init__(self, text: str, explode_depth: int) -> None:
        self.text = text
        self.pos = 0
        self.dice = 0
        self.depth = 0
        self.explode_depth = explode_depth

    def error(self, expected: Msg, position: int | None = None) -> NotationError:
        at = self.pos if position is None else position
        ch = self.text[at] if at < len(self.text) else ""
        if ch and ord(ch) > 127 and ch != "×":
            expected = M(
                "plain ASCII: {char} (U+{code}) is not dice notation; type the digits 0-9 and "
                "the letters d, k, h, l, r, o on a plain keyboard (here: {expected})",
                char=repr(ch),
                code=f"{ord(ch):04X}",
                expected=expected,
            )
        return NotationError(self.text, at, expected)

    def node(self, make: type, *args: object) -> Node:
        """A new node of the tree; one too deep or too large is refused where it stands."""
        try:
            return make(*args)
        except WorkLimitError as err:
            raise NotationError(self.text, args[-1], err.expected) from None  # type: ignore[arg-type]

    def skip(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] in _SPACES:
            self.pos += 1

    def peek(self) -> str:
        self.skip()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def at(self, letters: str) -> bool:
        """Is the character at the cursor one of ``letters`` (no space skipped)?"""
        return self.pos < len(self.text) and self.text[self.pos] in letters

    def spaced_before(self, letters: str) -> bool:
        """Spaces at the cursor, then one of ``letters``: a pool cut in two."""
        if not self.at(_SPACES):
            return False
        rest = self.text[self.pos :].lstrip(_SPACES)
        return bool(rest) and rest[0] in letters

    def integer(self, what: Msg) -> tuple[int, int] | None:
        """Read ASCII digits at the cursor (no space skipped); return (value, start)."""
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] in _DIGITS:
            self.pos += 1
        if self.pos == start:
            if self.spaced_before(_DIGITS):
                raise self.error(_ONE_PIECE)
            return None
        digits = self.text[start : self.pos]
        if len(digits) > 7 or int(digits) > MAX_CONSTANT:
            raise NotationError(
                self.text, start, M("{what} of at most {high:,}", what=what, high=MAX_CONSTANT)
            )
        return int(digits), start

    def read(self) -> Node:
        if not self.text.strip(_SPACES):
            raise self.error(M("a dice expression such as 'd20', '3d6+2' or '4D+2'"), 0)
        return self.expression()

    def expression(self) -> Node:
        sign = 1
        if self.peek() in ("+", "-"):
            sign = 1 if self.text[self.pos] == "+" else -1
            self.pos += 1
        at = self.pos
        node = self.term()
        if sign < 0:
            node = (
                Const(-node.value, at) if isinstance(node, Const) else self.node(Mul, node, -1, at)
            )
        while True:
            ch = self.peek()
            if ch == "" or (ch == ")" and self.depth):
                return node
            if ch == ")":
                raise self.error(
                    M("'+', '-', '*', '/' or the end of the expression (no '(' to close)")
                )
            if ch in ("+", "-"):
                at = self.pos
                self.pos += 1
                node = self.node(Sum, node, self.term(), 1 if ch == "+" else -1, at)
            else:
                raise self.error(M("'+', '-', '*', '/' or the end of the expression"))

    def term(self) -> Node:
        node = self.atom()
        while self.peek() in ("*", "/", "×"):
            op = self.text[self.pos]
            self.pos += 1
            if op == "/" and self.peek() == "/":
                self.pos += 1
            self.skip()
            got = self.integer(M("a multiplier") if op != "/" else M("a divisor"))
            if got is None:
                raise self.error(
                    M("a whole number after '*'") if op != "/" else M("a whole number after '/'")
                )
            value, start = got
            if op == "/":
                if value == 0:
                    raise NotationError(self.text, start, M("a divisor of at least 1"))
                node = self.node(Div, node, value, start)
            else:
                node = self.node(Mul, node, value, start)
        return node

    def atom(self) -> Node:
        self.skip()
        start = self.pos
        if self.at("("):
            if self.depth >= MAX_NESTING:
                raise self.error(
                    M("at most {count} parentheses inside one another", count=MAX_NESTING)
                )
            self.pos += 1
            self.depth += 1
            node = self.expression()
            if self.peek() != ")":
                raise self.error(
                    M("')' to close the '(' opened at position {position}", position=start)
                )
            self.pos += 1
            self.depth -= 1
            return node
        got = self.integer(M("a number"))
        if got is not None and self.spaced_before("dD"):
            raise self.error(_ONE_PIECE)
        ch = self.text[self.pos] if self.pos < len(self.text) else ""
        if ch not in ("d", "D"):
            if got is None:
                raise self.error(M("a number or a die such as 'd6' (or a '(')"))
            return Const(got[0], start)
        count = 1 if got is None else got[0]
        if count < 1 or count > MAX_DICE:
            raise NotationError(
                self.text, start, M("a number of dice from 1 to {high:,}", high=MAX_DICE)
            )
        self.pos += 1
        sides_at = self.pos
        sides_got = self.integer(M("a number of sides"))
        if sides_got is None:
            if ch == "D":
                sides = 6  # d6-system dice code: "4D" is four six-sided dice
            else:
                raise self.error(M("the number of sides after 'd' (or 'D' alone for d6 codes)"))
        else:
            sides = sides_got[0]
        if not 1 <= sides <= MAX_SIDES:
            raise NotationError(
                self.text, sides_at, M("a number of sides from 1 to {high:,}", high=MAX_SIDES)
            )
        self.dice += count
        if self.dice > MAX_DICE:
            raise NotationError(
                self.text, start, M("at most {count:,} dice in all", count=MAX_DICE)
            )
        node = self.suffixes(Pool(count, sides, at=start))
        if self.spaced_before(_SUFFIX):
            raise self.error(_ONE_PIECE)
        return node

    def suffixes(self, base: Pool) -> Pool:
        """Read the die modifier (``!``, ``roK``, ``rK``) then a keep or a count."""
        count, sides = base.count, base.sides
        reroll, once, explode = 0, False, None
        if self.at("!"):
            explode = self.explode_depth
            self.pos += 1
        elif self.at("rR"):
            self.pos += 1
            once = self.at("oO")
            if once:
                self.pos += 1
            got = self.integer(M("a reroll threshold"))
            name = "'ro'" if once else "'r'"
            if got is None:
                raise self.error(
                    M("the highest face to roll again after {name}, e.g. 'r1'", name=name)
                )
            reroll = got[0]
            if not 1 <= reroll < sides:
                raise NotationError(
                    self.text,
                    got[1],
                    M(
                        "a face from 1 to {high} after {name} (a d{sides} showing that or less "
                        "is rolled again; at least one face must stand)",
                        high=sides - 1,
                        name=name,
                        sides=str(sides),
                    )
                    if sides > 1
                    else M("no reroll on a d1 (its only face would always be rolled again)"),
                )
        if self.at("!rR"):
            raise self.error(
                M(
                    "one die modifier per pool: '!' (explode), 'roK' (reroll once) "
                    "or 'rK' (reroll until more than K)"
                )
            )
        if self.spaced_before(_SUFFIX):
            raise self.error(_ONE_PIECE)
        keep: int | None = None
        highest = True
        target: int | None = None
        at_least = True
        if self.at("kK"):
            keep_at = self.pos
            self.pos += 1
            if self.at("hHlL"):
                highest = self.text[self.pos] in "hH"
                self.pos += 1
            kept = self.integer(M("a number of dice to keep"))
            if kept is None:
                raise self.error(M("how many dice to keep, e.g. 'kh1'"))
            keep = kept[0]
            if not 1 <= keep <= count:
                raise NotationError(
                    self.text, keep_at, M("a number of dice to keep from 1 to {count}", count=count)
                )
            if keep == count:
                keep = None
        elif self.at("<>"):
            count_at = self.pos
            at_least = self.text[self.pos] == ">"
            self.pos += 1
            if not self.at("="):
                sign = "'>='" if at_least else "'<='"
                raise self.error(M("{sign}: counts use '>=' or '<='", sign=sign))
            self.pos += 1
            if explode is not None:
                raise NotationError(
                    self.text,
                    count_at,
                    M(
                        "no count of exploding dice ('!' with '>=' or '<='): games differ on "
                        "whether an explosion is a new die; add the dice ('3d6!') or count "
                        "plain ones ('5d6>=5')"
                    ),
                )
            got = self.integer(M("a target face"))
            if got is None:
                raise self.error(M("the face to compare with, e.g. '>=5'"))
            target = got[0]
            if not 1 <= target <= sides:
                raise NotationError(
                    self.text, got[1], M("a face from 1 to {sides} to count against", sides=sides)
                )
        if self.at("kK<>!rR"):
            raise self.error(
                M(
                    "'+', '-', '*', '/' or the end: a pool takes one die modifier ('!', 'ro', "
                    "'r') first, then either a keep ('kh', 'kl') or a count ('>=', '<='), not both"
                )
            )
        return Pool(count, sides, keep, highest, reroll, once, explode, target, at_least, base.at)


def read_tree(text: str, explode_depth: int = DEFAULT_EXPLODE_DEPTH) -> Node:
    """The expression tree of ``text``, or a :class:`~rulebook_py.errors.NotationError`.

    Only reading: nothing is costed here (``parse`` does that). Text longer
    than :data:`~rulebook_py.dice.limits.MAX_TEXT` characters is refused, and
    so is an expression of more than :data:`~rulebook_py.dice.limits.MAX_NODES`
    numbers, pools and operations, or more than
    :data:`~rulebook_py.dice.limits.MAX_DEPTH` deep.

    Example:
        >>> read_tree("-d6")
        Mul(node=Pool(count=1, sides=6, keep=None, highest=True, reroll=0, once=False, \
explode=None, target=None, at_least=True), factor=-1)
    """
    if not isinstance(text, str):
        raise RuleValueError(
            M(
                "text must be dice notation (a str), got {value} ({kind})",
                value=quote(text),
                kind=type(text).__name__,
            ),
            field="text",
        )
    check_int(explode_depth, "explode_depth", 0, MAX_EXPLODE_DEPTH)
    if len(text) > MAX_TEXT:
        raise NotationError(
            text, MAX_TEXT, M("at most {count:,} characters of notation", count=MAX_TEXT)
        )
    return _Reader(text, explode_depth).read()
