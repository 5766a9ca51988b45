"""The Galaxies Jumelles chapter's French vocabulary and its English rendering.

Kept apart from :mod:`.__init__`: :mod:`rulebook_py.glossary` imports the
widget layer, which imports :mod:`.__init__`, so the rules modules must not
import the glossary.

Example:
    >>> any(t.french == "demi-esquive" for t in GLOSSARY)
    True
"""

from __future__ import annotations

from ...glossary import Term

__all__ = ["GLOSSARY"]

_CH = "galaxies-jumelles"

#: (French term, English rendering, short gloss) of the chapter, in the source's order.
_ROWS: tuple[tuple[str, str, str], ...] = (
    ("code-dé", "dice code", "4D+2: four d6 plus 2 points"),
    ("mantisse", "number of dice of a code", "the 4 of 4D+2"),
    ("combats au sol", "ground combat", ""),
    ("tour de combat", "combat round", "about two seconds"),
    ("unité d'action", "unity of action", "one main action a round"),
    ("action principale", "main action", ""),
    ("action complémentaire", "complementary action", "moving, talking"),
    ("action de réaction", "reaction", "dodge, psychic counter; out of turn"),
    ("ordre d'action", "order of action", ""),
    ("RAPIDITÉ (RA)", "quickness", "the initiative skill"),
    ("BDR (bonus de rapidité)", "quickness (alert) bonus", "from table T11, not given"),
    ("BDC (bonus de combat)", "combat bonus", "of the weapon or technique"),
    ("BDP (bonus de portée)", "range bonus", "+5 against an AGILITÉ defence in melee"),
    ("BDT", "third bonus (BDT)", "not defined by the source"),
    ("ARMES DE POING (AP)", "pistols", ""),
    ("ARMES LOURDES (AL)", "heavy weapons", ""),
    ("ARMES BLANCHES (AB)", "blades", "classes AB1 to AB4"),
    ("arme blanche protonique", "proton blade", ""),
    ("CORPS À CORPS (CC)", "melee, close-combat weapons", ""),
    ("ARTS MARTIAUX (AM)", "martial arts", ""),
    ("AGILITÉ (AG)", "agility", "the dodge skill"),
    ("DEXTÉRITÉ (DX)", "dexterity", "throwing within 20 m"),
    ("FORCE (FO)", "strength", "throwing beyond 20 m"),
    ("VOLONTÉ (VO)", "willpower", ""),
    ("esquive", "dodge", ""),
    ("conscient d'être attaqué", "aware of the attack", "needed to dodge at all"),
    ("demi-esquive", "half-dodge", "a tie; this book assumes half damage"),
    ("manqué", "misses", "an attack on an unaware target that does not beat 0; never a dodge"),
    (
        "jet d'esquive (un par tour)",
        "dodge roll (one a round)",
        "answers every attack, from everyone",
    ),
    ("cible immobile", "target that cannot move", "a burst then takes no -1D a shot"),
    ("esquive totale", "total dodge", "+2D, costs the main action"),
    ("esquive fixe", "fixed dodge", "the average replaces the roll"),
    ("viser", "aim", "+ mantisse of VOLONTÉ next round"),
    ("feu nourri", "sustained fire", ""),
    ("tirs instinctifs", "instinctive double shot", "two rolls, each halved"),
    ("tir en rafale", "burst of automatic fire", "-1D per further shot"),
    ("zone primaire / secondaire", "primary / secondary zone", "explosive damage"),
    ("parade", "parry", "+2D, deals no damage"),
    ("posture de contre", "counter stance", "+1D, half damage"),
    ("demi-dommages", "half damage", "what a successful counter deals"),
    ("feinte", "feint", ""),
    ("désengagement", "disengaging", ""),
    ("poursuivre sans frapper", "follow without striking", "after a disengagement: no roll"),
    ("coups instinctifs", "instinctive double blows", ""),
    ("PSY RUDRAH (PR) / PSY VALKEN (PV)", "the two psychic skills", ""),
    ("contre psychique", "psychic counter", ""),
    ("ubiquité psychique", "psychic ubiquity", "two techniques, one skill, halved"),
    ("complémentarité psychique", "psychic complementarity", "two skills, -1D each"),
)

#: The chapter's French vocabulary and this book's English rendering.
GLOSSARY: tuple[Term, ...] = tuple(
    Term(french, english, _CH, note) for french, english, note in _ROWS
)
