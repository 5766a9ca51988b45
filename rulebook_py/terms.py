"""The glossary's entry type, :class:`Term`, and the anchors of the chapters' sections.

This module sits at the bottom of the package (it imports nothing of
``rulebook_py``): every rules module that lists its vocabulary (a ``GLOSSARY``
in its ``glossary`` module: :mod:`rulebook_py.dice.glossary`, each system's,
the comparison's) imports :class:`Term` from here, and
:mod:`rulebook_py.glossary`, above every system, gathers the lists. Nothing
imports upward.

Example:
    >>> Term("dé", "die", "dice", section="Dice notation", implements="parse").anchor
    'dice-notation'
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

__all__ = ["Term", "heading_anchor", "heading_text"]

_MARKUP = re.compile(r"[*_`]")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_NON_ID = re.compile(r"[^a-z0-9]+")
_ENDS = re.compile(r"^[-0-9]+|-+$")
_DIGRAPHS = str.maketrans({"ß": "sz", "æ": "ae", "œ": "oe"})


def heading_text(markdown: str) -> str:
    """The plain text of a Markdown heading: ``#`` marks, emphasis and links removed.

    Example:
        >>> heading_text("## Shooting (*tir*)")
        'Shooting (tir)'
    """
    text = markdown.lstrip("#").strip()
    return _MARKUP.sub("", _LINK.sub(r"\1", text)).strip()


def heading_anchor(text: str) -> str:
    """The anchor Sphinx gives a section of this title (docutils' ``make_id``).

    Accents are dropped, the text lowered, every run of other characters
    becomes one hyphen, and leading digits or hyphens are removed.

    Example:
        >>> heading_anchor("Performance: multiple actions")
        'performance-multiple-actions'
        >>> heading_anchor("2D6 − 2 instead of the D10")
        'd6-2-instead-of-the-d10'
    """
    lowered = heading_text(text).lower().translate(_DIGRAPHS)
    ascii_text = unicodedata.normalize("NFKD", lowered).encode("ascii", "ignore").decode("ascii")
    return _ENDS.sub("", _NON_ID.sub("-", " ".join(ascii_text.split())))


@dataclass(frozen=True)
class Term:
    """One term of the book, French and English, and where the book explains it.

    Attributes:
        french: The term as the source writes it (or, when ``coined``, as
            this book writes it in French).
        english: The book's English rendering.
        chapter: The chapter's file name without extension (e.g. ``"dice"``).
        note: A short gloss, when the rendering needs one: a message of the
            chapter's domain (so the French glossary reads it in French).
        section: The heading of the chapter's section that explains the
            term (its plain text); "" for the top of the chapter.
        implements: The public name that implements it, as
            ``"facade.name"`` (``"unisystem.contest"``; a bare name such
            as ``"parse"`` is one of ``rulebook_py``'s own); "" for a word
            that is no rule (a name of the game, a unit of time).
        coined: True for a term this book made up (it is not the source's).

    Example:
        >>> t = Term("dé", "die", "dice", section="Dice notation")
        >>> t.english, t.anchor, t.coined
        ('die', 'dice-notation', False)
    """

    french: str
    english: str
    chapter: str
    note: str = ""
    section: str = ""
    implements: str = ""
    coined: bool = False

    @property
    def anchor(self) -> str:
        """The section's anchor in the chapter's page ("" for the top)."""
        return heading_anchor(self.section) if self.section else ""
