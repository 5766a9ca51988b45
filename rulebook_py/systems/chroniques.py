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
    unarmed_damage,
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
    effective_initiative,
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
    "GLOSSARY",  # noqa: F822 - built lazily by __getattr__
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
    "effective_initiative",
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
    "unarmed_damage",
    "validate_turn",
    "with_concerted",
]

_CH = "chroniques-oubliees"

#: ``(french, english, note)`` of the chapter's terms; GLOSSARY wraps them in ``Term``.
_TERMS: tuple[tuple[str, ...], ...] = (
    ("tour de combat", "combat round", "10 seconds"),
    ("surprise", "surprise", "WIS test against 10 + the ambushers' DEX modifier"),
    ("embuscade", "ambush"),
    ("Initiative (Init.)", "initiative", "a fixed score; highest acts first"),
    ("PJ / PNJ", "player / non-player character"),
    ("action limitée (L)", "limited action", "takes the whole turn"),
    ("action de mouvement (M)", "move action", "about 20 m"),
    ("action d'attaque (A)", "attack action"),
    ("action gratuite", "free action"),
    ("état préjudiciable", "harmful condition"),
    ("Aveuglé", "blinded"),
    ("Affaibli", "weakened", "rolls a d12 for every test"),
    ("Étourdi", "stunned"),
    ("Immobilisé", "immobilised"),
    ("Paralysé", "paralysed"),
    ("Ralenti", "slowed"),
    ("Renversé", "knocked down"),
    ("Surpris", "surprised"),
    ("DEF (défense)", "defence", "the difficulty of an attack test"),
    ("test d'attaque", "attack test", "contact, distance or magique"),
    ("réussite critique", "critical success", "natural 20: damage doubled"),
    ("échec critique", "critical failure", "natural 1"),
    ("à couvert", "in cover"),
    ("pénombre", "dim light"),
    ("portée longue", "long range", "up to twice the range, -5"),
    ("attaque concertée", "concerted attack", "a helper's attack against 15"),
    ("combat à deux armes", "two-weapon fighting"),
    ("défense simple / totale", "simple / total defence", "+2 / +4 DEF"),
    ("PJ incompétent", "untrained character", "-3 penalties"),
    ("attaque magique opposée", "opposed magic attack"),
    ("DM (dommages)", "damage"),
    ("DM temporaires", "temporary (non-lethal) damage"),
    ("assommé", "knocked out"),
    ("PV (points de vie)", "hit points"),
    ("poursuite", "chase"),
    ("distance limite", "loss-of-sight distance"),
    ("Mod. (modificateur)", "ability modifier"),
    ("FOR, DEX, CON, INT, SAG, CHA", "STR, DEX, CON, INT, WIS, CHA"),
)


# ``rulebook_py.glossary`` imports the widget layer, which imports this module:
# importing ``Term`` at the top would be circular, so GLOSSARY is built on first
# access (PEP 562 module ``__getattr__``).
def __getattr__(name: str) -> object:
    """Build :data:`GLOSSARY` (the chapter's terms) on first access.

    Example:
        >>> from rulebook_py.systems.chroniques import GLOSSARY
        >>> any(t.french == "Aveuglé" and t.english == "blinded" for t in GLOSSARY)
        True
    """
    if name != "GLOSSARY":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from ..glossary import Term

    glossary = tuple(Term(french, english, _CH, *note) for french, english, *note in _TERMS)
    globals()["GLOSSARY"] = glossary
    return glossary
