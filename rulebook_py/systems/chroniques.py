"""Chroniques Oubliées, the combat chapter: the whole rules API in one place.

The rules live in small modules, re-exported here:

* :mod:`.chroniques_core` -- ability modifiers, the four test dice, tests and attacks;
* :mod:`.chroniques_conditions` -- harmful conditions, actions of a turn,
  surprise, initiative;
* :mod:`.chroniques_attack` -- attack modifiers, concerted and two-weapon
  attacks, opposed magic, damage, temporary damage and knock-outs;
* :mod:`.chroniques_chase` -- chases: exact odds and seeded replays.

Example:
    >>> ability_modifier(12), attack(3, 15, die="2d12kh1").critical
    (1, Fraction(0, 1))
    >>> knock_out(3, temporary_damage(8, 1)).minutes  # Krush and the goblin
    4
"""

from __future__ import annotations

from ..glossary import Term
from .chroniques_attack import (
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
    magic_defense,
    opposed_magic_attack,
    temporary_damage,
    with_concerted,
)
from .chroniques_chase import (
    MAX_ROUNDS,
    MAX_SIGHT,
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
    simulate_chase,
)
from .chroniques_conditions import (
    ROUND_SECONDS,
    Action,
    Combatant,
    Condition,
    ConditionEffects,
    Turn,
    combine_conditions,
    delay,
    initiative_order,
    surprise_difficulty,
    surprise_odds,
    validate_turn,
)
from .chroniques_core import (
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

__all__ = [
    "BONUS_RANGE",
    "D12_ONE_FUMBLES",
    "DEFENSE_RANGE",
    "GLOSSARY",
    "MAX_ROUNDS",
    "MAX_SIGHT",
    "MAX_TRIALS",
    "ROUND_SECONDS",
    "SCORE_RANGE",
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
    "damage_distribution",
    "delay",
    "estimate_chase",
    "initiative_order",
    "knock_out",
    "magic_defense",
    "opposed_magic_attack",
    "roll_check",
    "simulate_chase",
    "surprise_difficulty",
    "surprise_odds",
    "temporary_damage",
    "to_d12",
    "validate_turn",
    "with_concerted",
]

_CH = "chroniques-oubliees"

#: Terms of the Chroniques Oubliées combat chapter.
GLOSSARY: tuple[Term, ...] = (
    Term("tour de combat", "combat round", _CH, "10 seconds"),
    Term("surprise", "surprise", _CH, "WIS test against 10 + the ambushers' DEX modifier"),
    Term("embuscade", "ambush", _CH),
    Term("Initiative (Init.)", "initiative", _CH, "a fixed score; highest acts first"),
    Term("PJ / PNJ", "player / non-player character", _CH),
    Term("action limitée (L)", "limited action", _CH, "takes the whole turn"),
    Term("action de mouvement (M)", "move action", _CH, "about 20 m"),
    Term("action d'attaque (A)", "attack action", _CH),
    Term("action gratuite", "free action", _CH),
    Term("état préjudiciable", "harmful condition", _CH),
    Term("Aveuglé", "blinded", _CH),
    Term("Affaibli", "weakened", _CH, "rolls a d12 for every test"),
    Term("Étourdi", "stunned", _CH),
    Term("Immobilisé", "immobilised", _CH),
    Term("Paralysé", "paralysed", _CH),
    Term("Ralenti", "slowed", _CH),
    Term("Renversé", "knocked down", _CH),
    Term("Surpris", "surprised", _CH),
    Term("DEF (défense)", "defence", _CH, "the difficulty of an attack test"),
    Term("test d'attaque", "attack test", _CH, "contact, distance or magique"),
    Term("réussite critique", "critical success", _CH, "natural 20: damage doubled"),
    Term("échec critique", "critical failure", _CH, "natural 1"),
    Term("à couvert", "in cover", _CH),
    Term("pénombre", "dim light", _CH),
    Term("portée longue", "long range", _CH, "up to twice the range, -5"),
    Term("attaque concertée", "concerted attack", _CH, "a helper's attack against 15"),
    Term("combat à deux armes", "two-weapon fighting", _CH),
    Term("défense simple / totale", "simple / total defence", _CH, "+2 / +4 DEF"),
    Term("PJ incompétent", "untrained character", _CH, "-3 penalties"),
    Term("attaque magique opposée", "opposed magic attack", _CH),
    Term("DM (dommages)", "damage", _CH),
    Term("DM temporaires", "temporary (non-lethal) damage", _CH),
    Term("assommé", "knocked out", _CH),
    Term("PV (points de vie)", "hit points", _CH),
    Term("poursuite", "chase", _CH),
    Term("distance limite", "loss-of-sight distance", _CH),
    Term("Mod. (modificateur)", "ability modifier", _CH),
    Term("FOR, DEX, CON, INT, SAG, CHA", "STR, DEX, CON, INT, WIS, CHA", _CH),
)
