"""The Chroniques Oubliées chapter's French terms, where each is explained, what implements it.

Example:
    >>> from rulebook_py.systems.chroniques.glossary import GLOSSARY
    >>> {t.french: t.section for t in GLOSSARY}["réussite critique"]
    'Resolving an attack'
"""

from __future__ import annotations

from ...terms import Term

__all__ = ["GLOSSARY"]

_CH = "chroniques-oubliees"
_ATTACK = "Resolving an attack"
_MODS = "Attack modifiers"

#: ``(French, English, note, section, implements)`` of the chapter's terms.
_ROWS: tuple[tuple[str, str, str, str, str], ...] = (
    ("tour de combat", "combat round", "10 seconds", "The combat round", "Turn"),
    (
        "surprise",
        "surprise",
        "WIS test against 10 + the ambushers' DEX modifier",
        "Surprise",
        "surprise_odds",
    ),
    ("embuscade", "ambush", "", "Surprise", "surprise_difficulty"),
    (
        "Initiative (Init.)",
        "initiative",
        "a fixed score; highest acts first",
        "Initiative",
        "initiative_order",
    ),
    (
        "action limitée (L)",
        "limited action",
        "takes the whole turn",
        "What a turn allows",
        "Action",
    ),
    ("action de mouvement (M)", "move action", "about 20 m", "What a turn allows", "Action"),
    ("action d'attaque (A)", "attack action", "", "What a turn allows", "Action"),
    ("action gratuite", "free action", "", "What a turn allows", "Action"),
    ("état préjudiciable", "harmful condition", "", "Harmful conditions", "Condition"),
    ("Aveuglé", "blinded", "", "Harmful conditions", "Condition"),
    ("Affaibli", "weakened", "rolls a d12 for every test", "The d12 rule", "to_d12"),
    ("Étourdi", "stunned", "", "Harmful conditions", "Condition"),
    ("Immobilisé", "immobilised", "", "Harmful conditions", "Condition"),
    ("Paralysé", "paralysed", "", "Harmful conditions", "Condition"),
    ("Ralenti", "slowed", "", "Harmful conditions", "Condition"),
    ("Renversé", "knocked down", "", "Harmful conditions", "Condition"),
    ("Surpris", "surprised", "", "Harmful conditions", "Condition"),
    ("DEF (défense)", "defence", "the difficulty of an attack test", _ATTACK, "attack"),
    ("test d'attaque", "attack test", "contact, distance or magique", _ATTACK, "attack_report"),
    ("réussite critique", "critical success", "natural 20: damage doubled", _ATTACK, "attack"),
    ("échec critique", "critical failure", "natural 1", _ATTACK, "attack"),
    ("à couvert", "in cover", "", _MODS, "Cover"),
    ("pénombre", "dim light", "", _MODS, "Lighting"),
    ("pluies fortes", "heavy rain", "-2 to every physical test", _MODS, "Lighting"),
    ("noir total", "total darkness", "the attacker is blinded", _MODS, "Lighting"),
    (
        "bonus de discrétion",
        "stealth bonus",
        "adds to the surprise difficulty",
        "Surprise",
        "surprise_difficulty",
    ),
    (
        "équipement interdit",
        "forbidden equipment",
        "untrained penalties, no abilities",
        "Untrained characters and forbidden equipment",
        "attack_report",
    ),
    ("armure de mage", "mage armour", "a spell; two castings do not stack", "Magic", "SpellEffect"),
    (
        "rayon affaiblissant",
        "weakening ray",
        "a spell; two castings do not stack",
        "Magic",
        "SpellEffect",
    ),
    (
        "combat à mains nues",
        "unarmed combat",
        "1d4 + STR, temporary damage",
        "Temporary damage",
        "unarmed_damage",
    ),
    ("portée longue", "long range", "up to twice the range, -5", _MODS, "attack_report"),
    (
        "attaque concertée",
        "concerted attack",
        "a helper's attack against 15",
        "Concerted attack",
        "concerted_attack",
    ),
    ("combat à deux armes", "two-weapon fighting", "", "Two-weapon fighting", "attack_report"),
    (
        "défense simple / totale",
        "simple / total defence",
        "+2 / +4 DEF",
        "Defensive actions",
        "DefensiveAction",
    ),
    (
        "PJ incompétent",
        "untrained character",
        "-3 penalties",
        "Untrained characters and forbidden equipment",
        "attack_report",
    ),
    ("attaque magique opposée", "opposed magic attack", "", "Magic", "opposed_magic_attack"),
    ("DM (dommages)", "damage", "", "Damage", "damage_distribution"),
    (
        "DM temporaires",
        "temporary (non-lethal) damage",
        "",
        "Temporary damage",
        "temporary_damage",
    ),
    ("assommé", "knocked out", "", "Temporary damage", "knock_out"),
    ("PV (points de vie)", "hit points", "", "Damage", "apply_damage"),
    ("poursuite", "chase", "", "Chases", "chase_odds"),
    ("distance limite", "loss-of-sight distance", "", "Chases", "ChaseRules"),
    ("Mod. (modificateur)", "ability modifier", "", "Ability modifiers", "ability_modifier"),
    (
        "FOR, DEX, CON, INT, SAG, CHA",
        "STR, DEX, CON, INT, WIS, CHA",
        "",
        "Ability modifiers",
        "ability_modifier",
    ),
)

#: Terms of the Chroniques Oubliées chapter (PJ / PNJ is the Unisystem basics' entry).
GLOSSARY: tuple[Term, ...] = tuple(
    Term(fr, en, _CH, note, section, f"chroniques.{name}" if name else "")
    for fr, en, note, section, name in _ROWS
)
