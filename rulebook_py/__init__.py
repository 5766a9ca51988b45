"""The rules of five tabletop combat systems, exact and rollable.

The chapters use this small surface; each system's full API is in
``rulebook_py.systems.<system>`` and its calculators in
``rulebook_py.widgets.<system>``.

Example:
    >>> from rulebook_py import parse
    >>> parse("2d20kh1").prob_at_least(20)
    Fraction(39, 400)
"""

from .dice import Dice, DiceRoll, die, parse, pool
from .distribution import Comparison, Distribution
from .errors import NotationError, RulebookError, RuleValueError

__all__ = [
    "Comparison",
    "Dice",
    "DiceRoll",
    "Distribution",
    "NotationError",
    "RuleValueError",
    "RulebookError",
    "die",
    "parse",
    "pool",
]

__version__ = "0.1.0"
