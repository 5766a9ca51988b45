"""The exercises of the Galaxies Jumelles chapter (``book/galaxies-jumelles``).

Example:
    >>> EXERCISES[0].answer()
    Fraction(3527, 7776)
"""

from __future__ import annotations

from .model import Exercise
from .words import M

__all__ = ["EXERCISES"]

EXERCISES = (
    Exercise(
        number=1,
        label=M("Your prediction: the 3D shooter's chance to hit a 3D dodge"),
        expression="galaxies.shoot('3D', '3D').probability(galaxies.Outcome.HIT)",
    ),
    Exercise(
        number=2,
        label=M("Your prediction: the chance to be hit with a total dodge"),
        expression="galaxies.shoot('4D+2', '3D+1', dodge_mode=galaxies.DodgeMode.TOTAL).probability(galaxies.Outcome.HIT)",
    ),
    Exercise(
        number=3,
        label=M("Your prediction: the burst's chance of at least one hit"),
        expression="galaxies.volley('Kira: burst 3 4D+2', '3D+1').at_least_one_full",
    ),
    Exercise(
        number=4,
        label=M("Your prediction: the explosive's chance of full damage"),
        expression="galaxies.throw_explosive('4D+2', '3D+1').probability(galaxies.Outcome.PRIMARY_ZONE)",
    ),
    Exercise(
        number=5,
        label=M("Your prediction: A's chance to hit when B parries"),
        expression="galaxies.melee(galaxies.Fighter('4D+1', weapon=galaxies.MeleeWeapon.AB2), galaxies.Fighter('3D+2', agility='3D+1', stance=galaxies.Stance.PARRY, weapon=galaxies.MeleeWeapon.AB1)).probability('A hits')",
    ),
    Exercise(
        number=6,
        label=M("Your prediction: the chance that both shots hit"),
        expression="galaxies.volley('A: shot 4D+2\\nB: shot 4D+2', '3D+1').joint[(2, 0)]",
    ),
)
