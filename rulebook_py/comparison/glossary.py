"""The comparison chapter's terms: this book's own (no source compares systems).

Example:
    >>> from rulebook_py.comparison.glossary import GLOSSARY
    >>> sorted(t.french for t in GLOSSARY if not t.coined)  # plain words of the sources
    ['marge']
"""

from __future__ import annotations

from ..messages import Msg
from ..terms import Term
from .words import M

__all__ = ["GLOSSARY"]

_CH = "comparing-systems"
_STEP = "One step of advantage"
_CHANCE = "Chance against advantage"
_DUEL = "The duel to the end, exact"

#: ``(French, English, note, section, implements)`` of the chapter's terms.
_ROWS: tuple[tuple[str, str, Msg, str, str], ...] = (
    (
        "écart de compétence",
        "skill gap",
        M("counted in steps: +2 (Unisystem, Chroniques), 1D (Galaxies), 1 level (mass battles)"),
        _STEP,
        "Engine",
    ),
    (
        "échange",
        "exchange",
        M("both sides' attacks of one round, or one opposed roll, or one battle round"),
        _CHANCE,
        "exchange",
    ),
    (
        "marge",
        "margin",
        M("how far one attack roll beats (or misses) what it must beat"),
        _CHANCE,
        "Exchange",
    ),
    ("écart type", "standard deviation (SD)", M("the spread of the margin"), _CHANCE, "Exchange"),
    ("duel à mort", "duel to the end", M("fought until one side falls"), _DUEL, "duel"),
    (
        "coup plein",
        "full blow",
        M("a blow that lands outright; a tie or a half dodge is none"),
        _DUEL,
        "duel_kernel",
    ),
    ("victoire du plus faible", "upset", M("the weaker side wins the duel"), _DUEL, "DuelOdds"),
    (
        "chaîne de Markov",
        "Markov chain",
        M("the duel's states and their chances"),
        _DUEL,
        "duel_chain",
    ),
    (
        "meilleur de 2d20",
        "best of two d20",
        M("roll two d20, keep the higher; +1 helps low chances most"),
        "What +1 is worth",
        "PlusOneRule",
    ),
)

#: Words the sources also use (*marge*, in its plain sense); the rest are the book's
#: (no source says *échange*: the Galaxies source's fighters only *échangent* blows).
_SOURCE_WORDS = frozenset({"marge"})

#: Terms of the comparison chapter; every one but plain words is marked as the book's own.
GLOSSARY: tuple[Term, ...] = tuple(
    Term(fr, en, _CH, note, section, f"comparison.{name}", coined=fr not in _SOURCE_WORDS)
    for fr, en, note, section, name in _ROWS
)
