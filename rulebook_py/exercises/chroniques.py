"""The exercises of the Chroniques Oubliées chapter (``book/chroniques-oubliees``).

Example:
    >>> EXERCISES[0].answer()
    Fraction(11, 12)
"""

from __future__ import annotations

from .model import Exercise
from .words import M

__all__ = ["EXERCISES"]

EXERCISES = (
    Exercise(
        number=1,
        label=M("Your prediction: the weakened fighter's chance to hit"),
        expression="outcomes.chroniques.attack_report(10, 12, attacker_conditions=('weakened',)).outcome.hit",
    ),
    Exercise(
        number=2,
        label=M("Your prediction: the archer's chance to hit"),
        expression="outcomes.chroniques.attack_report(6, 14, kind='ranged', lighting='dim', long_range=True).outcome.hit",
    ),
    Exercise(
        number=3,
        label=M("Your prediction: the elf's chance to escape from 40 m ahead"),
        expression="outcomes.chroniques.chase_report(pursuer_traits=('HUGE', 'FLYING'), pursuer_con=2, quarry_dex=4, quarry_die='2d20kh1', quarry_con=1, distance=40).odds.escape",
    ),
    Exercise(
        number=4,
        label=M("Your prediction: the chance that an ordinary hit knocks the goblin out"),
        expression="chroniques.knock_out_report(8, 1, 3, 0, '1d8+3').knocked_out",
    ),
    Exercise(
        number=6,
        label=M("Your prediction: the chance that the blow leaves the goblin knocked out"),
        expression="outcomes.chroniques.attack_report(4, 14, temporary=True, damage='1d8', damage_modifier=3, target_strength=1).temporary.prob_at_least(4)",
    ),
)
