"""The source's two worked examples, set up as the source gives them.

* the brigands' ambush on the princess's guard (:func:`brigands_ambush`);
* the knights against the dragon (:func:`knights_vs_dragon`).

Example:
    >>> brigands_ambush().damage_to_defender
    20
"""

from __future__ import annotations

from .actions import AmbushResult, ambush
from .round import (
    Allocation,
    Battlefield,
    BattleRound,
    Commander,
    Lean,
    Orders,
    Side,
    Unit,
    resolve_round,
)
from .tables import Attitude, CommanderClass, Cunning, Experience, Morale, Terrain, Weather

__all__ = ["brigands_ambush", "brigands_sides", "dragon_sides", "knights_vs_dragon"]


def brigands_sides() -> tuple[Side, Side, Battlefield, AmbushResult]:
    """The brigands' ambush on the princess's guard, set up as in the source.

    The brigands' chief is an intelligent veteran (+2 leadership), clever
    (+1 cunning); he hides in the forest (+1 to the hiding roll) and rolls a
    4, for 6. The knights' young commander detects with a 4 (cunning 0). The
    source calls him "-1 in leadership" but adds +1 to the knights' defense
    in step 3; only +1 gives the example's final 20 %, so he is modelled as
    an intelligent, experienced commander (+1).

    Returns:
        ``(brigands, knights, battlefield, ambush result)``.

    Example:
        >>> brigands, knights, field, hidden = brigands_sides()
        >>> hidden.hide_total, hidden.detect_total, hidden.bonus
        (6, 4, 2)
    """
    chief = Commander(CommanderClass.INTELLIGENT, Experience.VETERAN, Cunning.CLEVER)
    knight = Commander(CommanderClass.INTELLIGENT, Experience.EXPERIENCED, Cunning.ALERT)
    hidden = ambush(4, 4, chief.cunning, knight.cunning, help_bonus=1)
    brigands = Side(
        Unit("Brigands", 100, 3, 1, chief, Morale.CONFIDENT),
        Orders(Attitude.RATHER_OFFENSIVE, (hidden.action,), Lean.DEFENSE),
    )
    knights = Side(
        Unit("Knights", 40, 4, 3, knight, Morale.UNINSPIRED, defends_ground=True),
        Orders(Attitude.BALANCED, (), Lean.DEFENSE),
    )
    return brigands, knights, Battlefield(Terrain.ROAD, Weather.NORMAL), hidden


def brigands_ambush() -> BattleRound:
    """The first round of the brigands' ambush, with the source's rolls and choices.

    Ambush +2 on offense, morale and leadership on defense, d4 of 4 split
    3 on offense + 1 on defense; the knights' d4 of 2 on defense.

    Example:
        >>> [s.result for s in brigands_ambush().attacker_steps]
        ['+3/+1', '+4/+0', '+6/+0', '+6/+1', '+6/+3', '+6/+3', '+9/+4']
        >>> [s.result for s in brigands_ambush().defender_steps]
        ['+4/+3', '+4/+3', '+4/+3', '+4/+3', '+4/+4', '+4/+4', '+4/+6']
    """
    brigands, knights, field, _ = brigands_sides()
    return resolve_round(
        brigands,
        knights,
        field,
        attacker_allocation=Allocation(special=2, die=4, chance=3),
        defender_allocation=Allocation(die=2, chance=0),
    )


def dragon_sides() -> tuple[Side, Side]:
    """Seven wounded knights (25 %, 2/2) against the dying black dragon (10 %, 3/4).

    The levels are given with every modifier already counted, so neither
    side has further modifiers (the dragon needs no commander).

    Example:
        >>> knights, dragon = dragon_sides()
        >>> knights.unit.vitality, dragon.unit.vitality
        (25, 10)
    """
    knights = Side(Unit("Seven knights", 25, 2, 2))
    dragon = Side(
        Unit("Black dragon", 10, 3, 4, Commander(CommanderClass.NOT_NEEDED), defends_ground=True)
    )
    return knights, dragon


def knights_vs_dragon() -> BattleRound:
    """The dragon example: knights' d4 of 4 on offense, dragon's 3 on defense.

    Both choices are made before the roll, as the rules text asks.

    Example:
        >>> knights_vs_dragon().rows()[-2][2:]
        ('0 + (4 − 3) → 10 %', '1 + (0 − 0) → 10 %')
    """
    knights, dragon = dragon_sides()
    return resolve_round(
        knights,
        dragon,
        attacker_allocation=Allocation(die=4, chance=4),
        defender_allocation=Allocation(die=3, chance=0),
    )
