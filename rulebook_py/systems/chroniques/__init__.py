"""Chroniques Oubliées, the combat chapter: the whole rules API in one place.

The rules live in small modules, re-exported here:

* :mod:`.core` -- ability modifiers, the four test dice, tests and attacks;
* :mod:`.conditions` -- harmful conditions, actions of a turn,
  surprise, initiative;
* :mod:`.attack` -- attack modifiers, concerted and two-weapon
  attacks, opposed magic, damage, temporary damage and knock-outs;
* :mod:`.damage_dice` -- damage dice typed by a reader, costed before any work;
* :mod:`.magic` -- spells that do not stack;
* :mod:`.chase` -- chases: exact odds and seeded replays.

Example:
    >>> ability_modifier(12), attack(3, 15, die="2d12kh1").critical
    (1, Fraction(0, 1))
    >>> knock_out(3, temporary_damage(8, 1)).minutes  # Krush and the goblin
    4
"""

from __future__ import annotations

from .attack import (
    AttackKind,
    AttackReport,
    ConcertedOdds,
    Cover,
    DefensiveAction,
    IntoMelee,
    KnockOut,
    Lighting,
    apply_damage,
    attack_report,
    care_odds,
    concerted_attack,
    damage_distribution,
    knock_out,
    knock_out_minutes,
    magic_defense,
    opposed_magic_attack,
    temporary_damage,
    unarmed_damage,
    with_concerted,
)
from .chase import (
    MAX_ROUNDS,
    MAX_SIGHT,
    MAX_TRIAL_ROUNDS,
    MAX_TRIALS,
    ChaseOdds,
    ChaseReplay,
    ChaseRound,
    ChaseRules,
    ChaseTrait,
    Runner,
    chase_modifier,
    chase_odds,
    chase_step,
    estimate_chase,
    parse_rounds,
    simulate_chase,
)
from .conditions import (
    ROUND_SECONDS,
    SURPRISE_DIFFICULTY_RANGE,
    Action,
    Combatant,
    Condition,
    ConditionEffects,
    Turn,
    combine_conditions,
    delay,
    effective_initiative,
    initiative_order,
    surprise_difficulty,
    surprise_odds,
    validate_turn,
)
from .core import (
    BONUS_RANGE,
    D12_ONE_FUMBLES,
    DEFENSE_RANGE,
    SCORE_RANGE,
    AttackOutcome,
    CheckDie,
    CheckRoll,
    ability_modifier,
    attack,
    check_odds,
    roll_check,
    to_d12,
)
from .damage_dice import MAX_DAMAGE, MAX_DAMAGE_WORK, damage_dice, dice_span
from .glossary import GLOSSARY
from .magic import KEEP_STRONGEST, SpellEffect, spell_modifiers

__all__ = [
    "BONUS_RANGE",
    "D12_ONE_FUMBLES",
    "DEFENSE_RANGE",
    "GLOSSARY",
    "KEEP_STRONGEST",
    "MAX_DAMAGE",
    "MAX_DAMAGE_WORK",
    "MAX_ROUNDS",
    "MAX_SIGHT",
    "MAX_TRIALS",
    "MAX_TRIAL_ROUNDS",
    "ROUND_SECONDS",
    "SCORE_RANGE",
    "SURPRISE_DIFFICULTY_RANGE",
    "Action",
    "AttackKind",
    "AttackOutcome",
    "AttackReport",
    "ChaseOdds",
    "ChaseReplay",
    "ChaseRound",
    "ChaseRules",
    "ChaseTrait",
    "CheckDie",
    "CheckRoll",
    "Combatant",
    "ConcertedOdds",
    "Condition",
    "ConditionEffects",
    "Cover",
    "DefensiveAction",
    "IntoMelee",
    "KnockOut",
    "Lighting",
    "Runner",
    "SpellEffect",
    "Turn",
    "ability_modifier",
    "apply_damage",
    "attack",
    "attack_report",
    "care_odds",
    "chase_modifier",
    "chase_odds",
    "chase_step",
    "check_odds",
    "combine_conditions",
    "concerted_attack",
    "damage_dice",
    "damage_distribution",
    "delay",
    "dice_span",
    "effective_initiative",
    "estimate_chase",
    "initiative_order",
    "knock_out",
    "knock_out_minutes",
    "magic_defense",
    "opposed_magic_attack",
    "parse_rounds",
    "roll_check",
    "simulate_chase",
    "spell_modifiers",
    "surprise_difficulty",
    "surprise_odds",
    "temporary_damage",
    "to_d12",
    "unarmed_damage",
    "validate_turn",
    "with_concerted",
]
