"""The Chroniques Oubliées chapter's French terms and their English rendering.

Example:
    >>> from rulebook_py.systems.chroniques.glossary import GLOSSARY
    >>> any(t.french == "Aveuglé" and t.english == "blinded" for t in GLOSSARY)
    True
"""

from __future__ import annotations

from ...glossary import Term

__all__ = ["GLOSSARY"]

_CH = "chroniques-oubliees"

#: ``(french, english, note)`` of the chapter's terms; GLOSSARY wraps them in ``Term``.
_TERMS: tuple[tuple[str, ...], ...] = (
    ("tour de combat", "combat round", "10 seconds"),
    ("surprise", "surprise", "WIS test against 10 + the ambushers' DEX modifier"),
    ("embuscade", "ambush"),
    ("Initiative (Init.)", "initiative", "a fixed score; highest acts first"),
    ("PJ / PNJ", "player / non-player character"),
    ("action limitée (L)", "limited action", "takes the whole turn"),
    ("action de mouvement (M)", "move action", "about 20 m"),
    ("action d'attaque (A)", "attack action"),
    ("action gratuite", "free action"),
    ("état préjudiciable", "harmful condition"),
    ("Aveuglé", "blinded"),
    ("Affaibli", "weakened", "rolls a d12 for every test"),
    ("Étourdi", "stunned"),
    ("Immobilisé", "immobilised"),
    ("Paralysé", "paralysed"),
    ("Ralenti", "slowed"),
    ("Renversé", "knocked down"),
    ("Surpris", "surprised"),
    ("DEF (défense)", "defence", "the difficulty of an attack test"),
    ("test d'attaque", "attack test", "contact, distance or magique"),
    ("réussite critique", "critical success", "natural 20: damage doubled"),
    ("échec critique", "critical failure", "natural 1"),
    ("à couvert", "in cover"),
    ("pénombre", "dim light"),
    ("pluies fortes", "heavy rain", "-2 to every physical test"),
    ("noir total", "total darkness", "the attacker is blinded"),
    ("bonus de discrétion", "stealth bonus", "adds to the surprise difficulty"),
    ("équipement interdit", "forbidden equipment", "untrained penalties, no abilities"),
    ("armure de mage", "mage armour", "a spell; two castings do not stack"),
    ("rayon affaiblissant", "weakening ray", "a spell; two castings do not stack"),
    ("combat à mains nues", "unarmed combat", "1d4 + STR, temporary damage"),
    ("portée longue", "long range", "up to twice the range, -5"),
    ("attaque concertée", "concerted attack", "a helper's attack against 15"),
    ("combat à deux armes", "two-weapon fighting"),
    ("défense simple / totale", "simple / total defence", "+2 / +4 DEF"),
    ("PJ incompétent", "untrained character", "-3 penalties"),
    ("attaque magique opposée", "opposed magic attack"),
    ("DM (dommages)", "damage"),
    ("DM temporaires", "temporary (non-lethal) damage"),
    ("assommé", "knocked out"),
    ("PV (points de vie)", "hit points"),
    ("poursuite", "chase"),
    ("distance limite", "loss-of-sight distance"),
    ("Mod. (modificateur)", "ability modifier"),
    ("FOR, DEX, CON, INT, SAG, CHA", "STR, DEX, CON, INT, WIS, CHA"),
)

#: Terms of the Chroniques Oubliées chapter.
GLOSSARY: tuple[Term, ...] = tuple(
    Term(french, english, _CH, *note) for french, english, *note in _TERMS
)
