"""The comparison chapter's terms: this book's own (no source compares systems).

Example:
    >>> from rulebook_py.comparison.glossary import GLOSSARY
    >>> sorted(t.french for t in GLOSSARY if not t.coined)  # plain words of the sources
    ['marge', 'échange']
"""

from __future__ import annotations

from ..terms import Term

__all__ = ["GLOSSARY"]

_CH = "comparing-systems"
_STEP = "One step of advantage"
_CHANCE = "Chance against advantage"
_DUEL = "The duel to the end, exact"

#: ``(French, English, note, section, implements)`` of the chapter's terms.
_ROWS: tuple[tuple[str, str, str, str, str], ...] = (
    (
        "écart de compétence",
        "skill gap",
        "counted in steps: +2 (Unisystem, Chroniques), 1D (Galaxies), 1 level (mass battles)",
        _STEP,
        "Engine",
    ),
    (
        "échange",
        "exchange",
        "both sides' attacks of one round, or one opposed roll, or one battle round",
        _CHANCE,
        "exchange",
    ),
    (
        "marge",
        "margin",
        "how far one attack roll beats (or misses) what it must beat",
        _CHANCE,
        "Exchange",
    ),
    ("écart type", "standard deviation (SD)", "the spread of the margin", _CHANCE, "Exchange"),
    ("duel à mort", "duel to the end", "fought until one side falls", _DUEL, "duel"),
    (
        "coup plein",
        "full blow",
        "a blow that lands outright; a tie or a half dodge is none",
        _DUEL,
        "duel_kernel",
    ),
    ("victoire du plus faible", "upset", "the weaker side wins the duel", _DUEL, "DuelOdds"),
    (
        "chaîne de Markov",
        "Markov chain",
        "the duel's states and their chances",
        _DUEL,
        "duel_chain",
    ),
    (
        "meilleur de 2d20",
        "best of two d20",
        "roll two d20, keep the higher; +1 helps low chances most",
        "What +1 is worth",
        "plus_one",
    ),
)

#: Ordinary words the sources also use (in their plain sense); the rest are the book's.
_SOURCE_WORDS = frozenset({"échange", "marge"})

#: Terms of the comparison chapter; every one but plain words is marked as the book's own.
GLOSSARY: tuple[Term, ...] = tuple(
    Term(fr, en, _CH, note, section, f"comparison.{name}", coined=fr not in _SOURCE_WORDS)
    for fr, en, note, section, name in _ROWS
)
