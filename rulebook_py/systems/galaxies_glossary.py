"""The Galaxies Jumelles chapter's French vocabulary and its English rendering.

Kept apart from :mod:`.galaxies`: :mod:`rulebook_py.glossary` imports the
widget layer, which imports :mod:`.galaxies`, so the rules modules must not
import the glossary.

Example:
    >>> any(t.french == "demi-esquive" for t in GLOSSARY)
    True
"""

from __future__ import annotations

from ..glossary import Term

__all__ = ["GLOSSARY"]

_CH = "galaxies-jumelles"

#: The chapter's French vocabulary and this book's English rendering.
GLOSSARY: tuple[Term, ...] = (
    Term("code-dé", "dice code", _CH, "4D+2: four d6 plus 2 points"),
    Term("mantisse", "number of dice of a code", _CH, "the 4 of 4D+2"),
    Term("combats au sol", "ground combat", _CH),
    Term("tour de combat", "combat round", _CH, "about two seconds"),
    Term("unité d'action", "unity of action", _CH, "one main action a round"),
    Term("action principale", "main action", _CH),
    Term("action complémentaire", "complementary action", _CH, "moving, talking"),
    Term("action de réaction", "reaction", _CH, "dodge, psychic counter; out of turn"),
    Term("ordre d'action", "order of action", _CH),
    Term("RAPIDITÉ (RA)", "quickness", _CH, "the initiative skill"),
    Term("BDR (bonus de rapidité)", "quickness (alert) bonus", _CH, "from table T11, not given"),
    Term("BDC (bonus de combat)", "combat bonus", _CH, "of the weapon or technique"),
    Term("BDP (bonus de portée)", "range bonus", _CH, "+5 against an AGILITÉ defence in melee"),
    Term("BDT", "third bonus (BDT)", _CH, "not defined by the source"),
    Term("ARMES DE POING (AP)", "pistols", _CH),
    Term("ARMES LOURDES (AL)", "heavy weapons", _CH),
    Term("ARMES BLANCHES (AB)", "blades", _CH, "classes AB1 to AB4"),
    Term("arme blanche protonique", "proton blade", _CH),
    Term("CORPS À CORPS (CC)", "melee, close-combat weapons", _CH),
    Term("ARTS MARTIAUX (AM)", "martial arts", _CH),
    Term("AGILITÉ (AG)", "agility", _CH, "the dodge skill"),
    Term("DEXTÉRITÉ (DX)", "dexterity", _CH, "throwing within 20 m"),
    Term("FORCE (FO)", "strength", _CH, "throwing beyond 20 m"),
    Term("VOLONTÉ (VO)", "willpower", _CH),
    Term("esquive", "dodge", _CH),
    Term("demi-esquive", "half-dodge", _CH, "a tie; this book assumes half damage"),
    Term("esquive totale", "total dodge", _CH, "+2D, costs the main action"),
    Term("esquive fixe", "fixed dodge", _CH, "the average replaces the roll"),
    Term("viser", "aim", _CH, "+ mantisse of VOLONTÉ next round"),
    Term("feu nourri", "sustained fire", _CH),
    Term("tirs instinctifs", "instinctive double shot", _CH, "two rolls, each halved"),
    Term("tir en rafale", "burst of automatic fire", _CH, "-1D per further shot"),
    Term("zone primaire / secondaire", "primary / secondary zone", _CH, "explosive damage"),
    Term("parade", "parry", _CH, "+2D, deals no damage"),
    Term("posture de contre", "counter stance", _CH, "+1D, half damage"),
    Term("feinte", "feint", _CH),
    Term("désengagement", "disengaging", _CH),
    Term("coups instinctifs", "instinctive double blows", _CH),
    Term("PSY RUDRAH (PR) / PSY VALKEN (PV)", "the two psychic skills", _CH),
    Term("contre psychique", "psychic counter", _CH),
    Term("ubiquité psychique", "psychic ubiquity", _CH, "two techniques, one skill, halved"),
    Term("complémentarité psychique", "psychic complementarity", _CH, "two skills, -1D each"),
)
