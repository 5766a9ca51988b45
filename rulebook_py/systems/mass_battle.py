"""Mass battles: the strategic battle system of a French fanzine (GHOULE, 2001).

Two units fight in rounds. Each has an offense and a defense level and a
vitality in percent; every round each deals the 5 % base damage plus 5 % per
net level of its offense over the enemy's defense. This module is the public
face of the system: the tables (:mod:`.mass_battle_tables`), the special
actions (:mod:`.mass_battle_actions`), the round (:mod:`.mass_battle_round`)
and the exact battle odds (:mod:`.mass_battle_odds`), plus the source's two
worked examples.

Example:
    >>> r = brigands_ambush()
    >>> r.damage_to_defender, r.damage_to_attacker
    (20, 5)
    >>> r.attacker.vitality, r.defender.vitality
    (95, 20)
    >>> d = knights_vs_dragon()
    >>> d.damage_to_defender, d.damage_to_attacker, d.attacker.vitality, d.defender.vitality
    (10, 10, 15, 0)
"""

from __future__ import annotations

from .mass_battle_actions import (
    CHARGE_DELAY,
    WAR_CRY_FRENZY_ROUNDS,
    ActionKind,
    AmbushResult,
    ChargeBreakResult,
    ContestResult,
    Effect,
    RolledAction,
    SpecialAction,
    TightCombatRoute,
    ambush,
    ambush_odds,
    ambush_rolls,
    cautious_retreat,
    charge,
    charge_breaker,
    charge_odds,
    charge_rolls,
    contest_odds,
    roll_d4,
    surprise_attack,
    surprise_attack_rolls,
    tight_combat,
    tight_combat_rolls,
    war_cry,
)
from .mass_battle_odds import (
    MAX_ROLLED_ACTIONS,
    MAX_ROUNDS,
    MAX_SIMULATIONS,
    BattleOdds,
    ChancePolicy,
    SimulationResult,
    Timing,
    battle_odds,
    chance_split,
    replay_battle,
    roll_actions,
    simulate_battle,
)
from .mass_battle_round import (
    Allocation,
    Battlefield,
    BattleRound,
    Commander,
    Lean,
    Orders,
    Side,
    Step,
    Unit,
    damage_percent,
    resolve_round,
    split_free,
    totals_before_chance,
)
from .mass_battle_tables import (
    BASE_DAMAGE_PERCENT,
    DAMAGE_TABLE,
    MAX_TABLE_LEVEL,
    Attitude,
    CommanderClass,
    Cunning,
    Experience,
    Fame,
    LeadershipReading,
    Morale,
    Terrain,
    TerrainEffect,
    TerrainRole,
    Weather,
    leadership,
    table_percent,
    terrain_effect,
)

__all__ = [
    "BASE_DAMAGE_PERCENT",
    "CHARGE_DELAY",
    "DAMAGE_TABLE",
    "GLOSSARY",  # noqa: F822 - built lazily by __getattr__
    "MAX_ROLLED_ACTIONS",
    "MAX_ROUNDS",
    "MAX_SIMULATIONS",
    "MAX_TABLE_LEVEL",
    "WAR_CRY_FRENZY_ROUNDS",
    "ActionKind",
    "Allocation",
    "AmbushResult",
    "Attitude",
    "BattleOdds",
    "BattleRound",
    "Battlefield",
    "ChancePolicy",
    "ChargeBreakResult",
    "Commander",
    "CommanderClass",
    "ContestResult",
    "Cunning",
    "Effect",
    "Experience",
    "Fame",
    "LeadershipReading",
    "Lean",
    "Morale",
    "Orders",
    "RolledAction",
    "Side",
    "SimulationResult",
    "SpecialAction",
    "Step",
    "Terrain",
    "TerrainEffect",
    "TerrainRole",
    "TightCombatRoute",
    "Timing",
    "Unit",
    "Weather",
    "ambush",
    "ambush_odds",
    "ambush_rolls",
    "battle_odds",
    "brigands_ambush",
    "brigands_sides",
    "cautious_retreat",
    "chance_split",
    "charge",
    "charge_breaker",
    "charge_odds",
    "charge_rolls",
    "contest_odds",
    "damage_percent",
    "dragon_sides",
    "knights_vs_dragon",
    "leadership",
    "replay_battle",
    "resolve_round",
    "roll_actions",
    "roll_d4",
    "simulate_battle",
    "split_free",
    "surprise_attack",
    "surprise_attack_rolls",
    "table_percent",
    "terrain_effect",
    "tight_combat",
    "tight_combat_rolls",
    "totals_before_chance",
    "war_cry",
]


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


# The glossary module imports the widget layer, which imports this module: so
# the terms are built on first access (PEP 562 module ``__getattr__``).
def __getattr__(name: str) -> object:
    """Build :data:`GLOSSARY` (the chapter's terms) on first access.

    Example:
        >>> from rulebook_py.systems.mass_battle import GLOSSARY
        >>> any(t.french == "embuscade" for t in GLOSSARY)
        True
    """
    if name != "GLOSSARY":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from ..glossary import Term

    glossary = (
        Term("unité", "unit", "mass-battle"),
        Term("vitalité", "vitality", "mass-battle", "percent of a full unit still fighting"),
        Term("niveau d'offense", "offense level", "mass-battle"),
        Term("niveau de défense", "defense level", "mass-battle"),
        Term("ronde", "round", "mass-battle"),
        Term(
            "attitude", "attitude", "mass-battle", "from suicidal offensive to morbidly defensive"
        ),
        Term("moral", "morale", "mass-battle"),
        Term("leadership", "leadership", "mass-battle", "a commander's class and experience"),
        Term("ruse", "cunning", "mass-battle", "used by special actions only"),
        Term("actions spéciales", "special actions", "mass-battle"),
        Term("embuscade", "ambush", "mass-battle"),
        Term("brise-charge", "charge-breaker", "mass-battle"),
        Term("combat serré", "tight combat", "mass-battle"),
        Term("retraite prudente", "cautious retreat", "mass-battle"),
        Term("cri de guerre", "war cry", "mass-battle"),
        Term("attaque surprise", "surprise attack", "mass-battle"),
        Term("dommages de base", "base damage", "mass-battle", "5 % every unit deals each round"),
        Term("défenseurs", "defenders", "mass-battle", "the unit holding the ground attacked"),
        Term("variables dues au hasard", "chance (the d4)", "mass-battle"),
    )
    globals()["GLOSSARY"] = glossary
    return glossary
