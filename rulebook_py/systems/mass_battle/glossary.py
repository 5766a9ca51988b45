"""The mass-battle chapter's French terms, where each is explained, what implements it.

Each French term is spelt as the fanzine spells it; each short gloss is a
message of the ``mass_battle`` domain (its French is in the catalog).

Example:
    >>> from rulebook_py.systems.mass_battle.glossary import GLOSSARY
    >>> {t.french: t.implements for t in GLOSSARY}["combat serré"]
    'mass_battle.Battlefield'
"""

from __future__ import annotations

from ...terms import Term
from .words import M

__all__ = ["GLOSSARY"]

_CH = "mass-battle"
_ROUND = "The round, step by step"
_SPECIAL = "Special actions"
_DAMAGE = "How damage is counted"
_TABLE = "The offense and defense level table"

#: ``(French, English, note, section, implements)`` of the chapter's terms.
_ROWS: tuple[tuple[str, str, str, str, str], ...] = (
    ("unité", "unit", "", "The unit builder", "Unit"),
    ("vitalité", "vitality", M("percent of a full unit still fighting"), _DAMAGE, "Unit"),
    ("niveau d'offense", "offense level", M("a unit's declared offense"), _TABLE, "Unit"),
    ("niveau de défense", "defense level", M("a unit's declared defense"), _TABLE, "Unit"),
    (
        "table de niveaux d'offense et de défense",
        "offense and defense level table",
        M("a net level read as a percentage of vitality, 5 % a level"),
        _TABLE,
        "table_percent",
    ),
    ("ronde", "round", "", _ROUND, "resolve_round"),
    (
        "attitude",
        "attitude",
        M("from Offensive suicidaire to Défensive maladive"),
        "Attitude",
        "Attitude",
    ),
    ("moral", "morale", "", "Morale", "Morale"),
    ("température", "weather", M("added to the morale of units that feel it"), "Morale", "Weather"),
    (
        "commandant",
        "commander",
        M("his class, experience, cunning and fame"),
        "Leadership",
        "Commander",
    ),
    (
        "leadership",
        "leadership",
        M("a commander's class and experience"),
        "Leadership",
        "leadership",
    ),
    ("ruse", "cunning", M("used by special actions only"), "Cunning", "Cunning"),
    (
        "variables de terrain",
        "terrain",
        M("to the defenders, the attackers or everyone"),
        "Terrain",
        "Terrain",
    ),
    ("actions spéciales", "special actions", "", _SPECIAL, "SpecialAction"),
    ("embuscade", "ambush", "", _SPECIAL, "ambush"),
    (
        "charge",
        "charge",
        M("a leadership roll; it strikes the round after it is declared"),
        _SPECIAL,
        "charge",
    ),
    (
        "brise-charge",
        "charge-breaker",
        M("one a unit, against the enemy's charge"),
        _SPECIAL,
        "charge_breaker",
    ),
    (
        "combat serré",
        "tight combat",
        M("a state of the battle: both defenses +5"),
        _SPECIAL,
        "Battlefield",
    ),
    ("la chance", "luck", M("a tight combat's first route: one d4"), _SPECIAL, "tight_combat"),
    (
        "la planification",
        "planning",
        M("a tight combat's second route: 1d4 + cunning"),
        _SPECIAL,
        "tight_combat",
    ),
    ("retraite prudente", "cautious retreat", "", _SPECIAL, "cautious_retreat"),
    ("cri de guerre", "war cry", M("once a day"), _SPECIAL, "war_cry"),
    ("attaque surprise", "surprise attack", "", _SPECIAL, "surprise_attack"),
    (
        "dommages de base",
        "base damage",
        M("5 % every unit deals each round"),
        _DAMAGE,
        "damage_percent",
    ),
    (
        "défenseurs",
        "defenders",
        M("the unit holding the ground attacked"),
        "Terrain",
        "Unit",
    ),
    ("variables dues au hasard", "chance (the d4)", "", "Chance: the d4", "Allocation"),
)

#: Terms of the mass-battle chapter.
GLOSSARY: tuple[Term, ...] = tuple(
    Term(fr, en, _CH, note, section, f"mass_battle.{name}" if name else "")
    for fr, en, note, section, name in _ROWS
)
