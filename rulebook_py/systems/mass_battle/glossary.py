"""The mass-battle chapter's French terms and their English rendering.

Example:
    >>> from rulebook_py.systems.mass_battle.glossary import GLOSSARY
    >>> any(t.french == "embuscade" for t in GLOSSARY)
    True
"""

from __future__ import annotations

from ...glossary import Term

__all__ = ["GLOSSARY"]

#: Terms of the mass-battle chapter.
GLOSSARY: tuple[Term, ...] = (
    Term("unité", "unit", "mass-battle"),
    Term("vitalité", "vitality", "mass-battle", "percent of a full unit still fighting"),
    Term("niveau d'offense", "offense level", "mass-battle"),
    Term("niveau de défense", "defense level", "mass-battle"),
    Term("ronde", "round", "mass-battle"),
    Term("attitude", "attitude", "mass-battle", "from suicidal offensive to morbidly defensive"),
    Term("moral", "morale", "mass-battle"),
    Term("leadership", "leadership", "mass-battle", "a commander's class and experience"),
    Term("ruse", "cunning", "mass-battle", "used by special actions only"),
    Term("actions spéciales", "special actions", "mass-battle"),
    Term("embuscade", "ambush", "mass-battle"),
    Term("brise-charge", "charge-breaker", "mass-battle"),
    Term("combat serré", "tight combat", "mass-battle", "a state of the battle: both defenses +5"),
    Term("la chance", "luck", "mass-battle", "a tight combat's first route: one d4"),
    Term(
        "la planification",
        "planning",
        "mass-battle",
        "a tight combat's second route: 1d4 + cunning",
    ),
    Term("retraite prudente", "cautious retreat", "mass-battle"),
    Term("cri de guerre", "war cry", "mass-battle"),
    Term("attaque surprise", "surprise attack", "mass-battle"),
    Term("dommages de base", "base damage", "mass-battle", "5 % every unit deals each round"),
    Term("défenseurs", "defenders", "mass-battle", "the unit holding the ground attacked"),
    Term("variables dues au hasard", "chance (the d4)", "mass-battle"),
)
