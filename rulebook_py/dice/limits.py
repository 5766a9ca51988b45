"""The caps of the dice engine: how many dice, sides, totals and seconds one expression may take.

Example:
    >>> MAX_DICE, MAX_SIDES, MAX_SECONDS
    (1000, 10000, 0.25)
"""

from __future__ import annotations

__all__ = [
    "CACHE_SIZE",
    "DEFAULT_EXPLODE_DEPTH",
    "MAX_CONSTANT",
    "MAX_DEPTH",
    "MAX_DICE",
    "MAX_EXPLODE_DEPTH",
    "MAX_NESTING",
    "MAX_NODES",
    "MAX_SECONDS",
    "MAX_SIDES",
    "MAX_TARGET",
    "MAX_TEXT",
    "MAX_TOTAL",
]

#: Most dice one expression may throw.
MAX_DICE = 1_000
#: Most sides one die may have.
MAX_SIDES = 10_000
#: Largest absolute constant, multiplier or divisor in an expression.
MAX_CONSTANT = 1_000_000
#: Largest absolute total an expression may reach.
MAX_TOTAL = 10**12
#: Largest absolute target of a chance ``P(total >= target)``: as far as a total may
#: reach. A choice of this book (no source sets one): a target beyond every total of
#: the expression is a question a reader asks (its answer is 0, or 1 below every
#: total), so it is accepted up to here; anything further is refused.
MAX_TARGET = MAX_TOTAL
#: Extra rolls of an exploding die (``!``) unless told otherwise (icepool's default).
DEFAULT_EXPLODE_DEPTH = 9
#: Most extra rolls an exploding die may be given.
MAX_EXPLODE_DEPTH = 20
#: Most estimated CPython seconds one expression may cost (distribution, its
#: probabilities and one roll). Kept well under 0.5 s because the browser's
#: Python (Pyodide) runs the same code two to three times slower.
MAX_SECONDS = 0.25
#: Most nodes (numbers, pools, sums, products, divisions) of one expression tree.
#: A typed text has at most one node per character, so every text of 500
#: characters or fewer fits.
MAX_NODES = 500
#: Longest notation read, in characters: room for the canonical text of every
#: expression (at most :data:`MAX_NODES` nodes, each written in at most 23
#: characters), so that ``parse(str(dice))`` always reads again.
MAX_TEXT = 12_000
#: Deepest expression tree (sums, products, divisions inside one another).
MAX_DEPTH = 300
#: Deepest nesting of parentheses read.
MAX_NESTING = 10
#: Entries of every cache of the engine (read expressions, one die's
#: distribution, one pool's distribution): bounded, so that a long session
#: never grows without end.
CACHE_SIZE = 64
