"""The dice chapter's French vocabulary and its English rendering, shared by every system.

Its terms are gathered by :mod:`rulebook_py.glossary`, above every system; the
entry type :class:`~rulebook_py.terms.Term` lives at the bottom of the package.

Example:
    >>> {t.french: t.implements for t in GLOSSARY}["dé"]
    'die'
"""

from __future__ import annotations

from ..messages import M
from ..terms import Term

__all__ = ["GLOSSARY"]

_DICE = "dice"
_NOTATION = "Dice notation"

#: Terms of the dice chapter, shared by every system.
GLOSSARY: tuple[Term, ...] = (
    Term("dé", "die", _DICE, M("plural dés; D10 is a ten-sided die"), _NOTATION, "die"),
    Term("jet (de dés)", "roll", _DICE, "", "Seeded rolls", "DiceRoll"),
    Term("lancer", "throw, roll", _DICE, "", "Seeded rolls", "Dice"),
    Term(
        "mantisse",
        "number of dice of a code",
        _DICE,
        M("the 4 of 4D+2 (d6 system)"),
        _NOTATION,
        "pool",
    ),
    Term(
        "valeur moyenne",
        "average value",
        _DICE,
        M("used instead of rolling"),
        "Counting instead of estimating",
        "Distribution",
    ),
    Term("dégâts", "damage", _DICE, M("rolled as dice, e.g. 1d8+3"), _NOTATION, "parse"),
)
