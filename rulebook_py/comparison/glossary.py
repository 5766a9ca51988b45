"""The comparison chapter's terms (French where the sources have one).

Example:
    >>> from rulebook_py.comparison.glossary import GLOSSARY
    >>> any(t.english == "upset" for t in GLOSSARY)
    True
"""

from __future__ import annotations

from ..glossary import Term

__all__ = ["GLOSSARY"]

_CHAPTER = "comparing-systems"

#: Terms of the comparison chapter.
GLOSSARY: tuple[Term, ...] = (
    Term(
        "écart de compétence",
        "skill gap",
        _CHAPTER,
        "counted in steps: +2 (Unisystem, Chroniques), 1D (Galaxies), 1 level (mass battles)",
    ),
    Term("échange", "exchange", _CHAPTER, "one contest, opposed roll, pair of attacks or round"),
    Term("marge", "margin", _CHAPTER, "what the better side achieves minus what the other does"),
    Term("écart type", "standard deviation (SD)", _CHAPTER, "the spread of the margin"),
    Term("duel à mort", "duel to the end", _CHAPTER, "fought until one side falls"),
    Term(
        "coup plein",
        "full blow",
        _CHAPTER,
        "an exchange won outright; a tie (a half dodge in Galaxies) is none",
    ),
    Term("victoire du plus faible", "upset", _CHAPTER, "the weaker side wins the duel"),
    Term("chaîne de Markov", "Markov chain", _CHAPTER, "the duel's states and their chances"),
    Term(
        "meilleur de 2d20",
        "best of two d20",
        _CHAPTER,
        "roll two d20, keep the higher; +1 helps low chances most",
    ),
)
