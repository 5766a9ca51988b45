"""The Galaxies Jumelles chapter's French vocabulary and its English rendering.

Its terms are gathered by :mod:`rulebook_py.glossary`, above every system;
the entry type :class:`~rulebook_py.terms.Term` lives at the bottom, so
nothing imports upward.

Example:
    >>> {t.french: t.implements for t in GLOSSARY}["demi-esquive"]
    'galaxies.shot_damage_factors'
"""

from __future__ import annotations

from ...terms import Term

__all__ = ["GLOSSARY"]

_CH = "galaxies-jumelles"

#: ``(French, English, note, section heading, implements)`` of the chapter, in the source's order.
_ROWS: tuple[tuple[str, str, str, str, str], ...] = (
    ("code-dé", "dice code", "4D+2: four d6 plus 2 points", "Dice codes", "DiceCode"),
    ("mantisse", "number of dice of a code", "the 4 of 4D+2", "Dice codes", "DiceCode"),
    ("combats au sol", "ground combat", "", "Galaxies Jumelles: ground combat", ""),
    ("tour de combat", "combat round", "about two seconds", "Actions in a round", "plan_round"),
    (
        "unité d'action",
        "unity of action",
        "one main action a round",
        "Actions in a round",
        "plan_round",
    ),
    ("action principale", "main action", "", "Actions in a round", "ActionType"),
    (
        "action complémentaire",
        "complementary action",
        "moving, talking",
        "Actions in a round",
        "ActionType",
    ),
    (
        "action de réaction",
        "reaction",
        "dodge, psychic counter; out of turn",
        "Actions in a round",
        "ActionType",
    ),
    ("ordre d'action", "order of action", "", "Initiative", "initiative_order"),
    ("RAPIDITÉ (RA)", "quickness", "the initiative skill", "Initiative", "initiative_order"),
    (
        "BDR (bonus de rapidité)",
        "quickness (alert) bonus",
        "from table T11, not given",
        "Initiative",
        "Combatant",
    ),
    (
        "BDC (bonus de combat)",
        "combat bonus",
        "of the weapon or technique",
        "Shooting (tir)",
        "Weapon",
    ),
    (
        "BDP (bonus de portée)",
        "range bonus",
        "+5 against an AGILITÉ defence in melee",
        "Shooting (tir)",
        "Weapon",
    ),
    ("BDT", "third bonus (BDT)", "not defined by the source", "Shooting (tir)", ""),
    ("ARMES DE POING (AP)", "pistols", "", "Shooting (tir)", "shoot"),
    ("ARMES LOURDES (AL)", "heavy weapons", "", "Shooting (tir)", "shoot"),
    (
        "ARMES BLANCHES (AB)",
        "blades",
        "classes AB1 to AB4",
        "Melee (corps à corps)",
        "MeleeWeapon",
    ),
    ("arme blanche protonique", "proton blade", "", "Melee options", "MeleeWeapon"),
    ("CORPS À CORPS (CC)", "melee, close-combat weapons", "", "Melee (corps à corps)", "melee"),
    ("ARTS MARTIAUX (AM)", "martial arts", "", "Melee (corps à corps)", "melee"),
    ("AGILITÉ (AG)", "agility", "the dodge skill", "Dodging (esquive)", "dodge_roll"),
    (
        "DEXTÉRITÉ (DX)",
        "dexterity",
        "throwing within 20 m",
        "Throwing explosives (lancer d'explosif)",
        "throw_explosive",
    ),
    (
        "FORCE (FO)",
        "strength",
        "throwing beyond 20 m",
        "Throwing explosives (lancer d'explosif)",
        "throw_explosive",
    ),
    ("VOLONTÉ (VO)", "willpower", "", "Shooting options", "aim_bonus"),
    ("esquive", "dodge", "", "Dodging (esquive)", "dodge_roll"),
    (
        "conscient d'être attaqué",
        "aware of the attack",
        "needed to dodge at all",
        "Dodging (esquive)",
        "DodgeMode",
    ),
    (
        "demi-esquive",
        "half-dodge",
        "a tie; this book assumes half damage",
        "Shooting (tir)",
        "shot_damage_factors",
    ),
    (
        "manqué",
        "misses",
        "an attack on an unaware target that does not beat 0; never a dodge",
        "Dodging (esquive)",
        "Outcome",
    ),
    (
        "jet d'esquive (un par tour)",
        "dodge roll (one a round)",
        "answers every attack, from everyone",
        "Several attackers, one dodge",
        "volley",
    ),
    (
        "cible immobile",
        "target that cannot move",
        "a burst then takes no -1D a shot",
        "Shooting options",
        "burst_rolls",
    ),
    (
        "esquive totale",
        "total dodge",
        "+2D, costs the main action",
        "Dodging (esquive)",
        "DodgeMode",
    ),
    (
        "esquive fixe",
        "fixed dodge",
        "the average replaces the roll",
        "Dodging (esquive)",
        "DodgeMode",
    ),
    ("viser", "aim", "+ mantisse of VOLONTÉ next round", "Shooting options", "aim_bonus"),
    ("feu nourri", "sustained fire", "", "Shooting options", "sustained_fire_bonus"),
    (
        "tirs instinctifs",
        "instinctive double shot",
        "two rolls, each halved",
        "Shooting options",
        "FireMode",
    ),
    (
        "tir en rafale",
        "burst of automatic fire",
        "-1D per further shot",
        "Shooting options",
        "burst_rolls",
    ),
    (
        "zone primaire / secondaire",
        "primary / secondary zone",
        "explosive damage",
        "Throwing explosives (lancer d'explosif)",
        "throw_explosive",
    ),
    ("parade", "parry", "+2D, deals no damage", "Melee options", "BlowOption"),
    ("posture de contre", "counter stance", "+1D, half damage", "Melee options", "Stance"),
    ("demi-dommages", "half damage", "what a successful counter deals", "Melee options", "melee"),
    ("feinte", "feint", "", "Melee options", "BlowOption"),
    ("désengagement", "disengaging", "", "Melee options", "BlowOption"),
    (
        "poursuivre sans frapper",
        "follow without striking",
        "after a disengagement: no roll",
        "Melee options",
        "BlowOption",
    ),
    ("coups instinctifs", "instinctive double blows", "", "Melee options", "BlowOption"),
    (
        "PSY RUDRAH (PR) / PSY VALKEN (PV)",
        "the two psychic skills",
        "",
        "Psychic powers (pouvoirs psy)",
        "psychic_attack",
    ),
    ("contre psychique", "psychic counter", "", "Psychic powers (pouvoirs psy)", "PsyOption"),
    (
        "ubiquité psychique",
        "psychic ubiquity",
        "two techniques, one skill, halved",
        "Psychic powers (pouvoirs psy)",
        "PsyOption",
    ),
    (
        "complémentarité psychique",
        "psychic complementarity",
        "two skills, -1D each",
        "Psychic powers (pouvoirs psy)",
        "PsyOption",
    ),
)

#: French words of the chapter that the source extract does not use: the book's own.
_BOOKS_WORDS = frozenset(
    {
        "code-dé",
        "ARMES LOURDES (AL)",
        "conscient d'être attaqué",
        "cible immobile",
        "poursuivre sans frapper",
    }
)

#: The chapter's French vocabulary, this book's English rendering, where and what implements it.
GLOSSARY: tuple[Term, ...] = tuple(
    Term(
        fr,
        en,
        _CH,
        note,
        section,
        f"galaxies.{name}" if name else "",
        coined=fr in _BOOKS_WORDS,
    )
    for fr, en, note, section, name in _ROWS
)
