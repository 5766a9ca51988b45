"""The two Unisystem chapters' French terms and their English rendering.

Example:
    >>> from rulebook_py.systems.unisystem.glossary import GLOSSARY
    >>> any(t.french == "épreuve" for t in GLOSSARY)
    True
"""

from __future__ import annotations

from ...glossary import Term

__all__ = ["GLOSSARY"]

#: Terms of the Unisystem basics chapter.
BASICS_TERMS: tuple[Term, ...] = (
    Term("épreuve", "task", "unisystem-basics", "attribute + skill + D10"),
    Term("test (d'attribut)", "attribute test", "unisystem-basics", "attribute only"),
    Term("test simple", "simple test", "unisystem-basics", "attribute doubled"),
    Term("test difficile", "difficult test", "unisystem-basics", "attribute once"),
    Term(
        "épreuve sans compétence",
        "unskilled task",
        "unisystem-basics",
        "attribute − 2, at most 2 success levels",
    ),
    Term(
        "test / épreuve en résistance",
        "contest",
        "unisystem-basics",
        "both roll, higher total wins",
    ),
    Term("niveau de succès", "success level", "unisystem-basics", "9–10 → 1, 11–12 → 2, …"),
    Term("décent", "decent", "unisystem-basics", "2 success levels"),
    Term("modificateur", "modifier", "unisystem-basics", "circumstance bonus or penalty"),
    Term("MJ", "GM (game master)", "unisystem-basics"),
    Term("PJ / PNJ", "PC / NPC", "unisystem-basics"),
    Term("bras de fer", "arm wrestling", "unisystem-basics", "simple Strength tests"),
    Term("poursuite à pied", "foot chase", "unisystem-basics", "DEX + CON"),
    Term("se faufiler", "sneaking", "unisystem-basics", "DEX + Stealth vs Perception"),
    Term("Force", "Strength", "unisystem-basics"),
    Term("Dextérité", "Dexterity", "unisystem-basics"),
    Term("Volonté", "Willpower", "unisystem-basics"),
)

#: The chapter's terms as ``(French, English, note)``.
_TERMS: tuple[tuple[str, str, str], ...] = (
    ("tour", "round", "1 to 5 seconds of game time"),
    ("temps de jeu / temps réel", "game time / real time", ""),
    ("actions multiples", "multiple actions", "−2 cumulative each"),
    ("combat rapproché", "close combat", ""),
    ("combat à distance", "ranged combat", ""),
    ("parer", "parry", ""),
    ("esquiver", "dodge", ""),
    ("bagarre", "Brawling", "skill"),
    ("arts martiaux", "Martial Arts", "skill"),
    ("arme blanche", "hand weapon", "skill"),
    ("attitude défensive", "defensive stance", "+3 to defences"),
    ("attitude agressive", "aggressive stance", "+2 to attacks"),
    ("feinte", "feint", "INT + skill vs PER + skill"),
    ("arme improvisée", "improvised weapon", ""),
    ("plonger à couvert", "dive for cover", "DEX + Dodge"),
    ("viser", "aim", "PER + skill, +1 per success level"),
    ("salve", "burst", "3 to 5 rounds"),
    ("rock 'n roll", "full automatic fire", "groups of ten"),
    ("tir de suppression", "suppressive fire", "D4 (2) hits"),
    ("recul", "recoil", ""),
    ("plomb fin / chevrotine", "bird shot / buckshot", "+2 / +1"),
    ("garder son calme", "keeping one's cool", "simple Willpower test"),
    ("portée", "range", ""),
    ("à bout portant", "point blank", ""),
    ("lunette de visée", "telescopic sight", "+2 to +5 to aim"),
    ("éclairage", "lighting", ""),
    ("noir total", "total darkness", ""),
    ("multiplicateur de dégâts", "damage multiplier", ""),
    ("sauvageon", "wildling", "a minor malevolent spirit"),
)

#: Terms of the Unisystem combat chapter.
COMBAT_TERMS: tuple[Term, ...] = tuple(
    Term(fr, en, "unisystem-combat", note) for fr, en, note in _TERMS
)

#: Terms of both Unisystem chapters.
GLOSSARY: tuple[Term, ...] = BASICS_TERMS + COMBAT_TERMS
