"""The exercises of the mass-battle chapter (``book/mass-battle``).

Example:
    >>> EXERCISES[0].answer()
    Fraction(30, 1)
"""

from __future__ import annotations

from .model import Exercise
from .prediction import Kind
from .words import M

__all__ = ["EXERCISES"]

EXERCISES = (
    Exercise(
        number=1,
        label=M("Your prediction: the knights' loss in that round (% of the unit)"),
        expression="outcomes.mass_battle.round_of({'offense': 3, 'defense': 1, 'attitude': 'RATHER_OFFENSIVE', 'morale': 'CONFIDENT', 'leadership': 'INTELLIGENT/VETERAN', 'cunning': 'CLEVER', 'action1': 'ambush free', 'special_off': 2, 'die': 4, 'chance_off': 3}, {'vitality': 40, 'offense': 4, 'defense': 3, 'leadership': 'INTELLIGENT/EXPERIENCED', 'die': 2, 'chance_off': 2}).result.damage_to_defender",
        kind=Kind.PERCENT,
    ),
    Exercise(
        number=4,
        label=M("Your prediction: the attacking unit's chance to win"),
        expression="outcomes.mass_battle.battle_of({'offense': 3, 'defense': 3, 'policy': 'ALL_OFFENSE'}, {'offense': 3, 'defense': 3, 'policy': 'ALL_DEFENSE'}).odds.attacker_wins",
    ),
    Exercise(
        number=5,
        label=M("Your prediction: the chance that both units fall in the same round"),
        expression="outcomes.mass_battle.battle_of({'offense': 3, 'defense': 3, 'policy': 'ALL_OFFENSE'}, {'offense': 3, 'defense': 3, 'policy': 'ALL_OFFENSE'}).odds.both_fall",
    ),
    Exercise(
        number=7,
        label=M("Your prediction: the guards' loss in round 2 (% of the unit)"),
        expression="outcomes.mass_battle.round_of({'vitality': 60, 'offense': 4, 'defense': 2, 'attitude': 'RATHER_OFFENSIVE', 'morale': 'CONFIDENT', 'action1': 'charge', 'morale_off': 1, 'die': 3, 'chance_off': 3}, {'vitality': 50, 'offense': 3, 'defense': 3, 'leadership': 'INTELLIGENT/EXPERIENCED', 'die': 2}, terrain='HILLTOP', round_number=2).result.damage_to_defender",
        kind=Kind.PERCENT,
    ),
)
