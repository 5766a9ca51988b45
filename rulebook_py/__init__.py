"""The rules of five tabletop combat systems, exact and rollable.

The small surface the chapters use: the dice engine, the error root, and one
module per system (``rulebook_py.unisystem``, ``rulebook_py.galaxies``, ...),
each holding that system's public functions; ``import rulebook_py.unisystem``
works too. What each calculator asks for is in ``rulebook_py.outcomes``
(``outcomes.unisystem.check``, ...); the calculators are in
``rulebook_py.widgets.<system>``.

Example:
    >>> from rulebook_py import galaxies, parse, unisystem
    >>> parse("2d20kh1").prob_at_least(20)
    Fraction(39, 400)
    >>> unisystem.success_levels(15), galaxies.opposed("4D+2", "3D+1").tie
    (4, Fraction(5089, 93312))
"""

import sys as _sys

from . import comparison, outcomes
from .dice import Dice, DiceRoll, die, parse, pool
from .distribution import Comparison, Distribution
from .errors import NotationError, RulebookError, RuleValueError
from .systems import chroniques, galaxies, mass_battle, unisystem

# ``import rulebook_py.unisystem`` (and ``from rulebook_py.galaxies import melee``)
# reach the system's facade, as the attribute does.
for _system in (chroniques, galaxies, mass_battle, unisystem):
    _sys.modules[f"{__name__}.{_system.__name__.rpartition('.')[2]}"] = _system

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
    "outcomes",
    "parse",
    "pool",
    "unisystem",
]

__version__ = "0.1.0"
