"""The two Unisystem chapters' French terms, where each is explained, what implements it.

Each French term is spelled as the source spells it, a capital's accent
aside: *à bout portant* is the range table's « A bout portant ».

Example:
    >>> from rulebook_py.systems.unisystem.glossary import GLOSSARY
    >>> {t.french: t.implements for t in GLOSSARY}["épreuve"]
    'unisystem.task'
"""

from __future__ import annotations

from ...terms import Term
from .words import M

__all__ = ["GLOSSARY"]

_BASICS = "unisystem-basics"
_COMBAT = "unisystem-combat"

#: ``(French, English, note, section, implements)`` of the basics chapter.
_BASICS_ROWS: tuple[tuple[str, str, str, str, str], ...] = (
    ("épreuve", "task", M("attribute + skill + D10"), "Tasks: attribute + skill", "task"),
    ("test (d'attribut)", "attribute test", M("attribute only"), "Tests: attributes alone", "test"),
    ("test simple", "simple test", M("attribute doubled"), "Tests: attributes alone", "test"),
    ("test difficile", "difficult test", M("attribute once"), "Tests: attributes alone", "test"),
    (
        "épreuve sans compétence",
        "unskilled task",
        M("attribute − 2, at most 2 success levels"),
        "Unskilled tasks",
        "unskilled",
    ),
    (
        "test / épreuve en résistance",
        "contest",
        M("both roll, higher total wins"),
        "Contests",
        "contest",
    ),
    (
        "niveau de succès",
        "success level",
        M("9–10 → 1, 11–12 → 2, …"),
        "The basic rule",
        "success_levels",
    ),
    ("décent", "decent", M("2 success levels"), "The basic rule", "level_name"),
    ("modificateur", "modifier", M("circumstance bonus or penalty"), "The basic rule", "task"),
    ("MJ", "GM (game master)", "", "Running a game", ""),
    ("PJ / PNJ", "player character / non-player character (PC / NPC)", "", "Running a game", ""),
    ("bras de fer", "arm wrestling", M("simple Strength tests"), "Contests", "arm_wrestling"),
    ("poursuite à pied", "foot chase", M("DEX + CON"), "Contests", "foot_chase"),
    ("se faufiler", "sneaking", M("DEX + Stealth against Perception"), "Contests", "sneaking"),
    ("Force", "Strength", "", "Choosing the attribute", "Attribute"),
    ("Dextérité", "Dexterity", "", "Choosing the attribute", "Attribute"),
    ("Volonté", "Willpower", "", "Choosing the attribute", "Attribute"),
)

#: ``(French, English, note, section, implements)`` of the combat chapter.
_COMBAT_ROWS: tuple[tuple[str, str, str, str, str], ...] = (
    ("tour", "round", M("1 to 5 seconds of game time"), "Rounds", "RoundStep"),
    ("temps de jeu / temps réel", "game time / real time", "", "Time", ""),
    (
        "initiative",
        "initiative",
        M("D10 + Dexterity; the highest total acts first"),
        "Initiative: who acts first?",
        "first_to_act",
    ),
    (
        "jet d'initiative collectif",
        "group initiative",
        M("one roll a side, with the Dexterity of its fastest members"),
        "Initiative: who acts first?",
        "side_bonus",
    ),
    (
        "actions multiples",
        "multiple actions",
        M("−2 cumulative each"),
        "Performance: multiple actions",
        "action_penalties",
    ),
    ("combat rapproché", "close combat", "", "Close combat", "melee_exchange"),
    ("combat à distance", "ranged combat", "", "Ranged combat", "ranged_attack"),
    ("parer", "parry", M("DEX + the close-combat skill"), "Close combat", "DefenseKind"),
    ("esquiver", "dodge", M("DEX + Dodge, or a difficult DEX test"), "Close combat", "DefenseKind"),
    ("bagarre", "Brawling", M("skill"), "Close combat", "CloseSkill"),
    ("arts martiaux", "Martial Arts", M("skill"), "Close combat", "CloseSkill"),
    ("arme blanche", "hand weapon", M("skill"), "Close combat", "CloseSkill"),
    (
        "attitude défensive",
        "defensive stance",
        M("+3 to every defense, no attack"),
        "Manoeuvres",
        "Stance",
    ),
    (
        "attitude agressive",
        "aggressive stance",
        M("+2 to every attack, no defense"),
        "Manoeuvres",
        "Stance",
    ),
    ("feinte", "feint", M("INT + skill vs PER + skill"), "Manoeuvres", "feint"),
    ("arme improvisée", "improvised weapon", "", "Improvised weapons", "ImprovisedWeapon"),
    ("plonger à couvert", "dive for cover", M("DEX + Dodge"), "Ranged combat", "RangedDefense"),
    ("viser", "aim", M("PER + skill, +1 per success level"), "Ranged combat", "Aim"),
    ("salve", "burst", M("3 to 5 rounds"), "Firing several rounds", "FiringMode"),
    (
        "rock 'n roll",
        "full automatic fire",
        M("groups of ten"),
        "Firing several rounds",
        "FiringMode",
    ),
    (
        "tir de suppression",
        "suppressive fire",
        M("D4 (2) hits"),
        "Firing several rounds",
        "suppressive_fire_hits",
    ),
    (
        "recul",
        "recoil",
        M("−2 a further shot with a heavy recoil"),
        "Firing several rounds",
        "Volley",
    ),
    ("plomb fin / chevrotine", "bird shot / buckshot", M("+2 / +1"), "Shotguns", "ShotgunAmmo"),
    (
        "garder son calme",
        "keeping one's cool",
        M("simple Willpower test"),
        "Keeping one's cool",
        "keep_cool",
    ),
    ("portée", "range", "", "The modifier tables", "RangeBand"),
    ("à bout portant", "point blank", "", "The modifier tables", "RangeBand"),
    (
        "lunette de visée",
        "telescopic sight",
        M("+2 to +5 to aim"),
        "The modifier tables",
        "scope_bonus",
    ),
    ("éclairage", "lighting", "", "The modifier tables", "Lighting"),
    ("noir total", "total darkness", "", "The modifier tables", "Lighting"),
    (
        "multiplicateur de dégâts",
        "damage multiplier",
        "",
        "The modifier tables",
        "effective_multiplier",
    ),
    (
        "sauvageon",
        "wildling",
        M("one of the horrible little monsters of the source's example"),
        "Performance: multiple actions",
        "",
    ),
)


def _terms(chapter: str, rows: tuple[tuple[str, str, str, str, str], ...]) -> tuple[Term, ...]:
    return tuple(
        Term(fr, en, chapter, note, section, f"unisystem.{name}" if name else "")
        for fr, en, note, section, name in rows
    )


#: Terms of the Unisystem basics chapter.
BASICS_TERMS: tuple[Term, ...] = _terms(_BASICS, _BASICS_ROWS)
#: Terms of the Unisystem combat chapter.
COMBAT_TERMS: tuple[Term, ...] = _terms(_COMBAT, _COMBAT_ROWS)
#: Terms of both Unisystem chapters.
GLOSSARY: tuple[Term, ...] = BASICS_TERMS + COMBAT_TERMS
