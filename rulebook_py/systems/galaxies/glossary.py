"""The Galaxies Jumelles chapter's French vocabulary and its English rendering.

Each French term is spelled as the source spells it (singular), and linked to
the public type or function that implements it; the notes are messages
(:mod:`.words`), shown in the reader's language. A term is marked as this
book's own (``coined``) only when the source does not use it.

Its terms are gathered by :mod:`rulebook_py.glossary`, above every system;
the entry type :class:`~rulebook_py.terms.Term` lives at the bottom, so
nothing imports upward.

Example:
    >>> {t.french: t.implements for t in GLOSSARY}["demi-esquive"]
    'galaxies.shot_damage_factors'
    >>> {t.french: t.implements for t in GLOSSARY}["parade"]
    'galaxies.Stance'
"""

from __future__ import annotations

from ...terms import Term
from .words import M

__all__ = ["GLOSSARY"]

_CH = "galaxies-jumelles"

#: ``(French, English, note, section heading, implements)`` of the chapter, in the source's order.
_ROWS: tuple[tuple[str, str, str, str, str], ...] = (
    ("code-dé", "dice code", M("4D+2: four d6 plus 2 points"), "Dice codes", "DiceCode"),
    ("mantisse", "number of dice of a code", M("the 4 of 4D+2"), "Dice codes", "DiceCode"),
    ("combats au sol", "ground combat", "", "Galaxies Jumelles: ground combat", ""),
    ("tour de combat", "combat round", M("about two seconds"), "Actions in a round", "plan_round"),
    (
        "unité d'action",
        "unity of action",
        M("one main action a round"),
        "Actions in a round",
        "plan_round",
    ),
    ("action principale", "main action", "", "Actions in a round", "ActionType"),
    (
        "action complémentaire",
        "complementary action",
        M("moving, talking"),
        "Actions in a round",
        "ActionType",
    ),
    (
        "action de réaction",
        "reaction",
        M("dodge, psychic counter; out of turn"),
        "Actions in a round",
        "ActionType",
    ),
    ("ordre d'action", "order of action", "", "Initiative", "initiative_order"),
    ("RAPIDITÉ (RA)", "quickness", M("the initiative skill"), "Initiative", "initiative_order"),
    (
        "BDR (bonus de rapidité)",
        "quickness (alert) bonus",
        M("from table T11, not given"),
        "Initiative",
        "Combatant",
    ),
    (
        "BDC (bonus de combat)",
        "combat bonus",
        M("of the weapon or technique"),
        "Shooting (tir)",
        "shoot",
    ),
    (
        "BDP (bonus de portée)",
        "range bonus",
        M("+5 against an AGILITÉ defense in melee"),
        "Shooting (tir)",
        "melee",
    ),
    ("BDT", "third bonus (BDT)", M("not defined by the source"), "Shooting (tir)", ""),
    ("ARMES DE POING (AP)", "pistols", "", "Shooting (tir)", "Weapon"),
    ("ARMES LOURDES (AL)", "heavy weapons", "", "Shooting (tir)", "Weapon"),
    (
        "ARMES BLANCHES (AB)",
        "blades",
        M("classes AB1 to AB4"),
        "Melee (corps à corps)",
        "MeleeWeapon",
    ),
    ("arme blanche protonique", "proton blade", "", "Melee options", "Fighter"),
    ("CORPS À CORPS (CC)", "melee, close-combat weapons", "", "Melee (corps à corps)", "melee"),
    ("ARTS MARTIAUX (AM)", "martial arts", "", "Melee (corps à corps)", "melee"),
    ("AGILITÉ (AG)", "agility", M("the dodge skill"), "Dodging (esquive)", "dodge_roll"),
    (
        "DEXTÉRITÉ (DX)",
        "dexterity",
        M("throwing within 20 m"),
        "Throwing explosives (lancer d'explosif)",
        "throw_explosive",
    ),
    (
        "FORCE (FO)",
        "strength",
        M("throwing beyond 20 m"),
        "Throwing explosives (lancer d'explosif)",
        "throw_explosive",
    ),
    ("VOLONTÉ (VO)", "willpower", "", "Shooting options", "aim_bonus"),
    ("esquive", "dodge", "", "Dodging (esquive)", "dodge_roll"),
    (
        "conscient qu'il est attaqué",
        "aware of the attack",
        M("needed to dodge at all"),
        "Dodging (esquive)",
        "DodgeMode",
    ),
    (
        "demi-esquive",
        "half-dodge",
        M("a tie (not against an explosive); this book assumes half damage"),
        "Shooting (tir)",
        "shot_damage_factors",
    ),
    (
        "manqué",
        "misses",
        M("an attack on an unaware target that does not beat 0; never a dodge"),
        "Dodging (esquive)",
        "Outcome",
    ),
    (
        "jet d'esquive",
        "dodge roll (one a round)",
        M("one a round; answers every attack, from everyone"),
        "Several attackers, one dodge",
        "volley",
    ),
    (
        "cible immobile",
        "target that cannot move",
        M("a burst then takes no -1D a shot"),
        "Shooting options",
        "burst_rolls",
    ),
    (
        "esquive totale",
        "total dodge",
        M("+2D, costs the main action"),
        "Dodging (esquive)",
        "DodgeMode",
    ),
    (
        "esquive fixe",
        "fixed dodge",
        M("the average replaces the roll: 3D+1 dodges at 11"),
        "Dodging (esquive)",
        "DodgeMode",
    ),
    ("viser", "aim", M("+ mantisse of VOLONTÉ next round"), "Shooting options", "aim_bonus"),
    ("feu nourri", "sustained fire", "", "Shooting options", "sustained_fire_bonus"),
    (
        "tirs instinctifs",
        "instinctive shots",
        M("two rolls, each halved"),
        "Shooting options",
        "FireMode",
    ),
    (
        "tir en rafale",
        "burst",
        M("-1D per further shot"),
        "Shooting options",
        "burst_rolls",
    ),
    (
        "zone primaire / secondaire",
        "primary / secondary zone",
        M("explosive damage"),
        "Throwing explosives (lancer d'explosif)",
        "throw_explosive",
    ),
    ("parade", "parry", M("+2D, deals no damage"), "Melee options", "Stance"),
    ("posture de contre", "counter stance", M("+1D, half damage"), "Melee options", "Stance"),
    (
        "demi-dommages",
        "half damage",
        M("what a successful counter deals"),
        "Melee options",
        "melee",
    ),
    (
        "feinte",
        "feint",
        M("+1D against a counter, -1D against an attack"),
        "Melee options",
        "Stance",
    ),
    (
        "désengagement",
        "disengaging",
        M("the melee ends, unless the other follows"),
        "Melee options",
        "Stance",
    ),
    (
        "poursuivre (sans porter de coup)",
        "follow without striking",
        M("after a disengagement: a melee roll +5 against the AGILITÉ keeps the melee going"),
        "Melee options",
        "Stance",
    ),
    (
        "coups instinctifs",
        "instinctive blows",
        M("two blows with an AB1 or AB2 blade, each roll halved"),
        "Melee options",
        "BlowOption",
    ),
    (
        "PSY RUDRAH (PR) / PSY VALKEN (PV)",
        "the two psychic skills",
        "",
        "Psychic powers (pouvoirs psy)",
        "psychic_attack",
    ),
    (
        "contre psychique",
        "psychic counter",
        M("the same psychic skill must beat the attack"),
        "Psychic powers (pouvoirs psy)",
        "PsyAttack",
    ),
    (
        "ubiquité psychique",
        "psychic ubiquity",
        M("two techniques, one skill, halved"),
        "Psychic powers (pouvoirs psy)",
        "PsyOption",
    ),
    (
        "complémentarité psychique",
        "psychic complementarity",
        M("two skills, -1D each"),
        "Psychic powers (pouvoirs psy)",
        "PsyOption",
    ),
)

#: French words of the chapter that the source does not use: the book's own
#: (``tests/test_words_galaxies.py`` reads the source to check it).
_BOOKS_WORDS = frozenset({"cible immobile", "manqué"})

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
