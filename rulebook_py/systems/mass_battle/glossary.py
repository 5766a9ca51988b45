"""The mass-battle chapter's French terms, where each is explained, what implements it.

Example:
    >>> from rulebook_py.systems.mass_battle.glossary import GLOSSARY
    >>> {t.french: t.implements for t in GLOSSARY}["combat serré"]
    'mass_battle.tight_combat'
"""

from __future__ import annotations

from ...terms import Term

__all__ = ["GLOSSARY"]

_CH = "mass-battle"
_ROUND = "The round, step by step"
_SPECIAL = "Special actions"

#: ``(French, English, note, section, implements)`` of the chapter's terms.
_ROWS: tuple[tuple[str, str, str, str, str], ...] = (
    ("unité", "unit", "", "The unit builder", "Unit"),
    (
        "vitalité",
        "vitality",
        "percent of a full unit still fighting",
        "How damage is counted",
        "damage_percent",
    ),
    (
        "niveau d'offense",
        "offense level",
        "",
        "The offense and defense level table",
        "table_percent",
    ),
    (
        "niveau de défense",
        "defense level",
        "",
        "The offense and defense level table",
        "table_percent",
    ),
    ("ronde", "round", "", _ROUND, "resolve_round"),
    (
        "attitude",
        "attitude",
        "from suicidal offensive to morbidly defensive",
        "Attitude",
        "Attitude",
    ),
    ("moral", "morale", "", "Morale", "Morale"),
    ("leadership", "leadership", "a commander's class and experience", "Leadership", "leadership"),
    ("ruse", "cunning", "used by special actions only", "Cunning", "Cunning"),
    ("actions spéciales", "special actions", "", _SPECIAL, "SpecialAction"),
    ("embuscade", "ambush", "", _SPECIAL, "ambush"),
    ("brise-charge", "charge-breaker", "", _SPECIAL, "charge_breaker"),
    (
        "combat serré",
        "tight combat",
        "a state of the battle: both defenses +5",
        _SPECIAL,
        "tight_combat",
    ),
    ("la chance", "luck", "a tight combat's first route: one d4", _SPECIAL, "TightCombatRoute"),
    (
        "la planification",
        "planning",
        "a tight combat's second route: 1d4 + cunning",
        _SPECIAL,
        "TightCombatRoute",
    ),
    ("retraite prudente", "cautious retreat", "", _SPECIAL, "cautious_retreat"),
    ("cri de guerre", "war cry", "", _SPECIAL, "war_cry"),
    ("attaque surprise", "surprise attack", "", _SPECIAL, "surprise_attack"),
    (
        "dommages de base",
        "base damage",
        "5 % every unit deals each round",
        "How damage is counted",
        "damage_percent",
    ),
    (
        "défenseurs",
        "defenders",
        "the unit holding the ground attacked",
        "Terrain",
        "TerrainRole",
    ),
    ("variables dues au hasard", "chance (the d4)", "", "Chance: the d4", "Allocation"),
)

#: Terms of the mass-battle chapter.
GLOSSARY: tuple[Term, ...] = tuple(
    Term(fr, en, _CH, note, section, f"mass_battle.{name}" if name else "")
    for fr, en, note, section, name in _ROWS
)
