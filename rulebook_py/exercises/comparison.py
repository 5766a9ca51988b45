"""The exercises of the chapter comparing the systems (``book/comparing-systems``).

Example:
    >>> EXERCISES[-1].answer()
    Fraction(11, 25)
"""

from __future__ import annotations

from .model import Exercise
from .words import M

__all__ = ["EXERCISES"]

EXERCISES = (
    Exercise(
        number=1,
        label=M("Your prediction: the 4D+1 fighter's chance to win the duel"),
        expression="comparison.duel(comparison.Engine.GALAXIES, 1).a_wins",
    ),
    Exercise(
        number=3,
        label=M("Your prediction: the upset rate 6 steps apart in Chroniques Oubliées"),
        expression="comparison.duel(comparison.Engine.CHRONIQUES, 6).upset",
    ),
    Exercise(
        number=5,
        label=M("Your prediction: the better fighter's chance in a duel to ten full blows"),
        expression="comparison.duel(comparison.Engine.UNISYSTEM, 1, blows=10).a_wins",
    ),
    Exercise(
        number=6,
        label=M("Your prediction: the chance that each attack lands"),
        expression="comparison.unisystem_attacks(0)[0].hit_chance",
    ),
)
