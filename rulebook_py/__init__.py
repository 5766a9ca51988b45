"""The rules of five tabletop combat systems, exact and rollable.

The small surface the chapters use: the dice engine, the error root, and one
module per system (``rulebook_py.unisystem``, ``rulebook_py.galaxies``, ...),
each holding that system's public functions. The calculators are in
``rulebook_py.widgets.<system>``.

Example:
    >>> from rulebook_py import galaxies, parse, unisystem
    >>> parse("2d20kh1").prob_at_least(20)
    Fraction(39, 400)
    >>> unisystem.success_levels(15), galaxies.opposed("4D+2", "3D+1").tie
    (4, Fraction(5089, 93312))
"""

from . import comparison
from .dice import Dice, DiceRoll, die, parse, pool
from .distribution import Comparison, Distribution
from .errors import NotationError, RulebookError, RuleValueError
from .systems import chroniques, galaxies, mass_battle, unisystem

__all__ = [
    "Comparison",
    "Dice",
    "DiceRoll",
    "Distribution",
    "NotationError",
    "RuleValueError",
    "RulebookError",
    "chroniques",
    "comparison",
    "die",
    "galaxies",
    "mass_battle",
    "parse",
    "pool",
    "unisystem",
]

__version__ = "0.1.0"
