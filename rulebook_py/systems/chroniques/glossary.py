"""The Chroniques Oubliées chapter's French terms, where each is explained, what implements it.

Each French term is spelled as the source spells it (its combat chapter,
``shared/seeds/004_*``: *DM temporaires*, *PV*, *attaque concertée*...; a
capital keeps the accent the source leaves off it: *Étourdi* for its
*Etourdi*); none is the book's own coinage. Each links to the public type or function that
implements it, and its note, a short rule summary, is a message (shown in the
reader's language).

Example:
    >>> from rulebook_py.systems.chroniques.glossary import GLOSSARY
    >>> {t.french: t.section for t in GLOSSARY}["réussite critique"]
    'Resolving an attack'
    >>> {t.french: t.implements for t in GLOSSARY}["DM temporaires"]
    'chroniques.temporary_damage'
"""

from __future__ import annotations

from ...terms import Term
from .conditions import Condition
from .words import M

__all__ = ["GLOSSARY"]

_CH = "chroniques-oubliees"
_ATTACK = "Resolving an attack"
_MODS = "Attack modifiers"
_CONDITIONS = "Harmful conditions"
_TURN = "What a turn allows"
_UNTRAINED = "Untrained characters and forbidden equipment"
_DEATH = "Unconsciousness and death"

#: ``(French, English, note, section, implements)`` of the chapter's terms.
_ROWS: tuple[tuple[str, str, str, str, str], ...] = (
    ("tour de combat", "combat round", M("10 seconds"), "The combat round", "FightRound"),
    (
        "surprise",
        "surprise",
        M("a WIS test against 10 + the ambushers' DEX modifier and stealth bonus"),
        "Surprise",
        "surprise_odds",
    ),
    ("embuscade", "ambush", "", "Surprise", "surprise_difficulty"),
    (
        "bonus de discrétion",
        "stealth bonus",
        M("adds to the surprise difficulty"),
        "Surprise",
        "surprise_difficulty",
    ),
    (
        "Initiative (Init.)",
        "initiative",
        M("a fixed score; the highest acts first"),
        "Initiative",
        "initiative_order",
    ),
    ("action limitée (L)", "limited action", M("takes the whole turn"), _TURN, "Action"),
    ("action de mouvement (M)", "move action", M("about 20 m"), _TURN, "Action"),
    ("action d'attaque (A)", "attack action", M("one ordinary attack"), _TURN, "Action"),
    ("action gratuite", "free action", M("on top of the others"), _TURN, "Action"),
    ("état préjudiciable", "harmful condition", M("they add up"), _CONDITIONS, "Condition"),
    ("Aveuglé", "blinded", Condition.BLINDED.summary, _CONDITIONS, "Condition"),
    ("Affaibli", "weakened", Condition.WEAKENED.summary, "The d12 rule", "Condition"),
    ("Étourdi", "stunned", Condition.STUNNED.summary, _CONDITIONS, "Condition"),
    ("Immobilisé", "immobilised", Condition.IMMOBILISED.summary, "The d12 rule", "Condition"),
    ("Paralysé", "paralysed", Condition.PARALYSED.summary, _CONDITIONS, "Condition"),
    ("Ralenti", "slowed", Condition.SLOWED.summary, _CONDITIONS, "Condition"),
    ("Renversé", "knocked down", Condition.KNOCKED_DOWN.summary, _CONDITIONS, "Condition"),
    ("Surpris", "surprised", Condition.SURPRISED.summary, _CONDITIONS, "Condition"),
    ("DEF (défense)", "defense", M("the difficulty of an attack test"), _ATTACK, "attack"),
    (
        "test d'attaque",
        "attack test",
        M("contact, distance or magique"),
        _ATTACK,
        "attack_action",
    ),
    (
        "réussite critique",
        "critical success",
        M("a natural 20: damage doubled"),
        _ATTACK,
        "attack",
    ),
    ("échec critique", "critical failure", M("a natural 1"), _ATTACK, "attack"),
    ("à couvert", "in cover", M("-2, or -5 when an ally masks the target"), _MODS, "Cover"),
    ("pénombre", "dim light", M("-5 to attacks at range"), _MODS, "Lighting"),
    ("pluies fortes", "heavy rain", M("-2 to every physical test"), _MODS, "Lighting"),
    (
        "noir total",
        "total darkness",
        M("the attacker is blinded; spells that must see the target are impossible"),
        _MODS,
        "Lighting",
    ),
    ("portée longue", "long range", M("up to twice the range, -5"), _MODS, "Situation"),
    (
        "effets répétés",
        "repeated effects",
        M("-5 for each reuse on the same target (optional)"),
        _MODS,
        "situation_modifiers",
    ),
    (
        "attaque concertée",
        "concerted attack",
        M("a helper's melee attack against 15: +2 or +4 to the partner's next melee attack"),
        "Concerted attack",
        "concerted_attack",
    ),
    (
        "combat à deux armes",
        "two-weapon fighting",
        M("a limited action: two attacks on the d12"),
        "Two-weapon fighting",
        "check_two_weapons",
    ),
    (
        "défense simple / totale",
        "simple / total defense",
        M("+2 / +4 DEF"),
        "Defensive actions",
        "DefensiveAction",
    ),
    ("PJ incompétent", "untrained character", M("-3 penalties"), _UNTRAINED, "Situation"),
    (
        "équipement interdit",
        "forbidden equipment",
        M("the untrained penalties, and no ability"),
        _UNTRAINED,
        "check_forbidden",
    ),
    (
        "armure de mage",
        "mage armour",
        M("a spell; two castings do not stack"),
        "Magic",
        "SpellEffect",
    ),
    (
        "rayon affaiblissant",
        "weakening ray",
        M("a spell; two castings do not stack"),
        "Magic",
        "SpellEffect",
    ),
    ("attaque magique opposée", "opposed magic attack", "", "Magic", "opposed_magic_attack"),
    ("DM (dommages)", "damage", M("doubled on a critical"), "Damage", "damage_distribution"),
    (
        "combat à mains nues",
        "bare-handed blow",
        M("1d4 + STR modifier, temporary damage"),
        "Damage",
        "unarmed_damage",
    ),
    (
        "DM temporaires",
        "temporary (non-lethal) damage",
        M("less the target's STR modifier, counted apart from the hit points"),
        "Temporary damage",
        "temporary_damage",
    ),
    (
        "assommé",
        "knocked out",
        M("temporary damage past the hit points left"),
        "Temporary damage",
        "knock_out",
    ),
    ("PV (points de vie)", "hit points", M("never below 0"), "Damage", "apply_damage"),
    ("inconscient", "unconscious", M("at 0 hit points"), _DEATH, "apply_damage"),
    (
        "aide médicale",
        "first aid",
        M("an INT test of difficulty 10 within the hour"),
        _DEATH,
        "first_aid",
    ),
    ("poursuite", "chase", M("a series of DEX tests"), "Chases", "chase_odds"),
    (
        "distance limite",
        "loss-of-sight distance",
        M("50 m in a forest to 500 m on a plain"),
        "Chases",
        "chase_odds",
    ),
    (
        "action supplémentaire",
        "extra action",
        M("a lead of 10 or more in a chase"),
        "Chases",
        "chase_step",
    ),
    (
        "modificateurs au test de poursuite",
        "chase test modifiers",
        M("they add up: a dragon gets +10"),
        "Chases",
        "chase_modifier",
    ),
    ("Mod. (modificateur)", "ability modifier", "", "Ability modifiers", "ability_modifier"),
    (
        "FOR, DEX, CON, INT, SAG, CHA",
        "STR, DEX, CON, INT, WIS, CHA",
        M("the six abilities"),
        "Ability modifiers",
        "ability_modifier",
    ),
)

#: Terms of the Chroniques Oubliées chapter (PJ / PNJ is the Unisystem basics' entry).
GLOSSARY: tuple[Term, ...] = tuple(
    Term(fr, en, _CH, note, section, f"chroniques.{name}" if name else "")
    for fr, en, note, section, name in _ROWS
)
