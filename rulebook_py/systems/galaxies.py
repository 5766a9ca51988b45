"""Galaxies Jumelles ground combat (*Combats au sol*): the public surface.

The rules live in small modules, all re-exported here:

* :mod:`.galaxies_codes` -- dice codes (``4D+2``), rolls, :func:`opposed`;
* :mod:`.galaxies_contest` -- several attacks against one dodge roll;
* :mod:`.galaxies_ranged` -- dodging, shooting, explosives, psychic powers;
* :mod:`.galaxies_melee` -- melee exchanges and stances;
* :mod:`.galaxies_initiative` -- initiative and the action economy;
* :mod:`.galaxies_glossary` -- the chapter's French terms (``GLOSSARY``).

Example:
    >>> from rulebook_py.systems.galaxies import opposed, shoot, Outcome
    >>> o = opposed("4D+2", "3D+1")
    >>> shoot("4D+2", "3D+1").probability(Outcome.HIT) == o.higher
    True
"""

from __future__ import annotations

from .galaxies_codes import (
    MAX_CODE_DICE,
    MAX_PIPS,
    CodeLike,
    DiceCode,
    Opposed,
    OpposedRoll,
    Roll,
    RolledTotal,
    RollLike,
    Rounding,
    as_code,
    as_roll,
    opposed,
)
from .galaxies_contest import (
    COUNTER_RULE,
    EXPLOSIVE_RULE,
    MAX_ATTACKS,
    MENTAL_RULE,
    SHOT_RULE,
    Contest,
    ContestRoll,
    Outcome,
    contest,
)
from .galaxies_initiative import (
    MAX_COMBATANTS,
    Action,
    ActionType,
    Combatant,
    InitiativeEntry,
    InitiativeOrder,
    RoundPlan,
    initiative_order,
    plan_round,
    prob_acts_before,
)
from .galaxies_melee import (
    COUNTER_FACTOR,
    RANGE_BONUS,
    BlowOption,
    Fighter,
    MeleeResult,
    MeleeRoll,
    MeleeRow,
    MeleeWeapon,
    Stance,
    blow_modifier,
    melee,
)
from .galaxies_ranged import (
    EXPLOSIVE_RANGE_M,
    HALF_DODGE_FACTOR,
    DodgeMode,
    FireMode,
    PsyAttack,
    PsyOption,
    Weapon,
    aim_bonus,
    dodge_roll,
    psychic_attack,
    shoot,
    shot_damage_factors,
    sustained_fire_bonus,
    throw_explosive,
)

__all__ = [
    "COUNTER_FACTOR",
    "COUNTER_RULE",
    "EXPLOSIVE_RANGE_M",
    "EXPLOSIVE_RULE",
    "HALF_DODGE_FACTOR",
    "MAX_ATTACKS",
    "MAX_CODE_DICE",
    "MAX_COMBATANTS",
    "MAX_PIPS",
    "MENTAL_RULE",
    "RANGE_BONUS",
    "SHOT_RULE",
    "Action",
    "ActionType",
    "BlowOption",
    "CodeLike",
    "Combatant",
    "Contest",
    "ContestRoll",
    "DiceCode",
    "DodgeMode",
    "Fighter",
    "FireMode",
    "InitiativeEntry",
    "InitiativeOrder",
    "MeleeResult",
    "MeleeRoll",
    "MeleeRow",
    "MeleeWeapon",
    "Opposed",
    "OpposedRoll",
    "Outcome",
    "PsyAttack",
    "PsyOption",
    "Roll",
    "RollLike",
    "RolledTotal",
    "RoundPlan",
    "Rounding",
    "Stance",
    "Weapon",
    "aim_bonus",
    "as_code",
    "as_roll",
    "blow_modifier",
    "contest",
    "dodge_roll",
    "initiative_order",
    "melee",
    "opposed",
    "plan_round",
    "prob_acts_before",
    "psychic_attack",
    "shoot",
    "shot_damage_factors",
    "sustained_fire_bonus",
    "throw_explosive",
]
