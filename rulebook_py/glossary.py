"""The glossary: French terms of the sources, their English rendering, their chapter.

Every rules module may define ``GLOSSARY``, a tuple of :class:`Term`; this
module gathers them all (the dice chapter's own terms are here), so a chapter
adds its vocabulary by adding to its own module and nobody edits a shared list.

Example:
    >>> terms = all_terms()
    >>> any(t.french == "dé" and t.english == "die" for t in terms)
    True
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from dataclasses import dataclass
from html import escape
from pathlib import Path

__all__ = ["GLOSSARY", "Term", "all_terms", "chapter_titles", "glossary_html"]


@dataclass(frozen=True)
class Term:
    """One French term of a source and how this book renders it.

    Attributes:
        french: The term as the source writes it.
        english: The book's English rendering.
        chapter: The chapter's file name without extension (e.g. ``"dice"``).
        note: A short gloss, when the rendering needs one.

    Example:
        >>> Term("dé", "die", "dice").english
        'die'
    """

    french: str
    english: str
    chapter: str
    note: str = ""


#: Terms of the dice chapter, shared by every system.
GLOSSARY: tuple[Term, ...] = (
    Term("dé", "die", "dice", "plural dés; D10 is a ten-sided die"),
    Term("jet (de dés)", "roll", "dice"),
    Term("lancer", "throw, roll", "dice"),
    Term("mantisse", "number of dice of a code", "dice", "the 4 of 4D+2 (d6 system)"),
    Term("valeur moyenne", "average value", "dice", "used instead of rolling"),
    Term("dégâts", "damage", "dice"),
)


def all_terms() -> list[Term]:
    """Every term of every rules module, sorted by French term (accents ignored).

    Example:
        >>> all_terms() == sorted(all_terms(), key=lambda t: _key(t.french))
        True
    """
    from . import systems
    from .comparison.glossary import GLOSSARY as COMPARISON

    terms = list(GLOSSARY) + list(COMPARISON)
    for info in pkgutil.iter_modules(systems.__path__):
        module = importlib.import_module(f"{systems.__name__}.{info.name}")
        terms.extend(getattr(module, "GLOSSARY", ()))
    unique = {(t.french, t.chapter): t for t in terms}
    return sorted(unique.values(), key=lambda t: (_key(t.french), t.chapter))


def _key(text: str) -> str:
    import unicodedata

    return "".join(
        c for c in unicodedata.normalize("NFD", text.lower()) if not unicodedata.combining(c)
    )


def glossary_html(chapters: dict[str, str] | None = None) -> str:
    """The glossary as an HTML table; chapter names become links when given.

    Args:
        chapters: ``{chapter file name: title}``; a chapter listed here is
            shown by title with a link to its page.

    Example:
        >>> "<td>dé</td>" in glossary_html()
        True
    """
    chapters = chapters or {}
    rows = []
    for t in all_terms():
        title = chapters.get(t.chapter)
        where = f'<a href="{t.chapter}.html">{escape(title)}</a>' if title else escape(t.chapter)
        rows.append(
            f"<tr><td>{escape(t.french)}</td><td>{escape(t.english)}</td>"
            f"<td>{escape(t.note)}</td><td>{where}</td></tr>"
        )
    return (
        '<table class="rb-table rb-glossary"><thead><tr><th>French (source)</th>'
        "<th>English (this book)</th><th>Note</th><th>Chapter</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def chapter_titles(book_dir: str | Path) -> dict[str, str]:
    r"""``{chapter file name: title}`` for every chapter notebook in ``book_dir``.

    The title is the first ``# heading`` of the notebook's first markdown cell.

    Example:
        >>> import tempfile
        >>> d = Path(tempfile.mkdtemp())
        >>> cell = {"cell_type": "markdown", "source": ["# Dice\n", "text"]}
        >>> _ = (d / "dice.ipynb").write_text(json.dumps({"cells": [cell]}))
        >>> chapter_titles(d)
        {'dice': 'Dice'}
    """
    titles = {}
    for path in sorted(Path(book_dir).glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
        for cell in cells:
            if cell.get("cell_type") == "markdown":
                source = cell["source"]
                text = "".join(source) if isinstance(source, list) else source
                first = text.strip().splitlines()[0] if text.strip() else ""
                if first.startswith("# "):
                    titles[path.stem] = first[2:].strip()
                break
    return titles
