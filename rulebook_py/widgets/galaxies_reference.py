"""The tables of the Galaxies Jumelles quick reference, drawn from the rules when the book is built.

Each function renders one table of :mod:`rulebook_py.outcomes.galaxies.reference`
as HTML, in the reader's language: the quick reference's hidden code cells
show them, and ``tests/test_words_galaxies.py`` checks every cell against the
rule it restates.

Example:
    >>> "<td>3D+1 fixed at 11</td>" in dodge_table()
    True
"""

from __future__ import annotations

from ..outcomes.galaxies import reference as data
from ..outcomes.galaxies.reference import MELEE_PAIRS, each_roll
from .galaxies_common import block_html

__all__ = [
    "MELEE_PAIRS",
    "blows_table",
    "code_table",
    "dodge_table",
    "each_roll",
    "melee_table",
    "odds_table",
    "options_table",
    "tie_table",
]


def code_table() -> str:
    """What 1D to 6D roll: lowest, average, highest and fixed value (*esquive fixe*)."""
    return block_html(data.code_table())


def odds_table() -> str:
    """P(higher) / P(tie) of 2D to 7D against 2D to 6D."""
    return block_html(data.odds_table())


def tie_table() -> str:
    """Each attack against one defense roll: what higher, a tie and lower do."""
    return block_html(data.tie_table())


def melee_table() -> str:
    """Each pair of stances: what A and B roll, and what higher, a tie and lower do."""
    return block_html(data.melee_table())


def dodge_table() -> str:
    """Each dodge of an AGILITÉ of 3D+1: what is rolled, or the fixed value."""
    return block_html(data.dodge_table())


def options_table() -> str:
    """The rolls of each shooting, throwing and psychic option of a 4D+2 code, and aiming."""
    return block_html(data.options_table())


def blows_table() -> str:
    """Two weapons, one hand, instinctive blows with each weapon; then the fixed values."""
    return block_html(data.blows_table()) + block_html(data.rules_table())
