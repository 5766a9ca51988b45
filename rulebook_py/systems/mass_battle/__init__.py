"""Mass battles: the strategic battle system of a French fanzine (GHOULE, 2001).

Two units fight in rounds. Each has an offense and a defense level and a
vitality in percent; every round each deals the 5 % base damage plus 5 % per
net level of its offense over the enemy's defense. This module is the public
face of the system: the tables (:mod:`.tables`), the special
actions (:mod:`.actions`), the round (:mod:`.round`)
and the exact battle odds (:mod:`.odds`), plus the source's two
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

from .actions import (
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
from .examples import brigands_ambush, brigands_sides, dragon_sides, knights_vs_dragon
from .glossary import GLOSSARY
from .odds import (
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
from .round import (
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
from .tables import (
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
    "GLOSSARY",
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
