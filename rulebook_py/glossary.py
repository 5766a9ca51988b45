"""The glossary: every term of the book, in both orders, each linked to its section.

Every rules package lists its vocabulary in its own ``glossary`` module, a
tuple ``GLOSSARY`` of :class:`~rulebook_py.terms.Term` (the type lives at the
bottom of the package, in :mod:`rulebook_py.terms`); this module, above every
system, gathers them. So a chapter adds its vocabulary by adding to its own
module, nobody edits a shared list, and nothing imports upward.

A French term used by several systems is **one entry** with one English
rendering and one sense per system (its chapter, section and rule function):
:func:`entries` merges them and refuses two renderings of one term.

Example:
    >>> entry = {e.french: e for e in entries()}["feinte"]
    >>> entry.english, [t.chapter for t in entry.senses]
    ('feint', ['galaxies-jumelles', 'unisystem-combat'])
    >>> implementation(entry.senses[1]).__name__
    'feint'
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from pathlib import Path
from typing import Any

import rulebook_py

from . import i18n, systems
from .comparison import glossary as _comparison_glossary
from .dice import glossary as _dice_glossary
from .dice.glossary import GLOSSARY
from .errors import RuleValueError, quote
from .messages import M, render
from .terms import Term, heading_text

__all__ = [
    "GLOSSARY",
    "Entry",
    "Term",
    "all_terms",
    "chapter_titles",
    "entries",
    "glossary_html",
    "implementation",
    "section_titles",
    "term_modules",
]

#: Where the French prose of the chapters is (their headings' French included).
BOOK_LOCALE = Path(__file__).resolve().parent.parent / "locale"


def term_modules() -> list[Any]:
    """Every module holding a ``GLOSSARY``: the dice terms, each system's, the comparison's.

    Example:
        >>> [m.__name__.rsplit(".", 2)[-2] for m in term_modules()][:3]
        ['dice', 'chroniques', 'galaxies']
    """
    found = [_dice_glossary]
    for info in sorted(pkgutil.iter_modules(systems.__path__), key=lambda i: i.name):
        name = f"{systems.__name__}.{info.name}.glossary"
        try:
            found.append(importlib.import_module(name))
        except ModuleNotFoundError:  # a system without vocabulary of its own
            continue
    return [*found, _comparison_glossary]


def all_terms() -> list[Term]:
    """Every term of every rules module, sorted by French term (accents ignored).

    Example:
        >>> all_terms() == sorted(all_terms(), key=lambda t: (_key(t.french), t.chapter))
        True
    """
    terms = [t for module in term_modules() for t in module.GLOSSARY]
    return sorted(terms, key=lambda t: (_key(t.french), t.chapter))


def _key(text: str) -> str:
    return "".join(
        c for c in unicodedata.normalize("NFD", text.lower()) if not unicodedata.combining(c)
    )


@dataclass(frozen=True)
class Entry:
    """One glossary entry: a French term, its English rendering, one sense per system.

    Attributes:
        french: The French term.
        english: Its one English rendering.
        coined: True when the term is this book's own, not a source's.
        senses: The :class:`Term` of each chapter that uses it, in chapter order.

    Example:
        >>> e = Entry("dé", "die", False, (Term("dé", "die", "dice"),))
        >>> e.chapters
        ('dice',)
    """

    french: str
    english: str
    coined: bool
    senses: tuple[Term, ...]

    @property
    def chapters(self) -> tuple[str, ...]:
        """The chapters that explain the term."""
        return tuple(t.chapter for t in self.senses)


def entries(terms: Iterable[Term] | None = None) -> list[Entry]:
    """The glossary's entries, one per French term, sorted by French (accents ignored).

    Args:
        terms: The terms to merge (default: :func:`all_terms`).

    Raises:
        RuleValueError: When one French term has two English renderings, or
            is marked as the book's own in one chapter and not in another.

    Example:
        >>> entries([Term("dé", "die", "dice"), Term("dé", "dice", "x")])
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: terms: 'dé' is rendered 'die' (dice) and 'dice' (x)
    """
    merged: dict[str, list[Term]] = {}
    for t in all_terms() if terms is None else terms:
        if not isinstance(t, Term):
            raise RuleValueError(
                M("terms must be Term records, got {got}", got=quote(t)), field="terms"
            )
        merged.setdefault(t.french, []).append(t)
    out = []
    for french, senses in merged.items():
        first = senses[0]
        for t in senses[1:]:
            if t.english != first.english or t.coined != first.coined:
                raise RuleValueError(
                    M(
                        "terms: {french} is rendered {first} ({chapter}) and {other} "
                        "({other_chapter})",
                        french=quote(french),
                        first=quote(first.english),
                        chapter=first.chapter,
                        other=quote(t.english),
                        other_chapter=t.chapter,
                    ),
                    field="terms",
                )
        out.append(Entry(french, first.english, first.coined, tuple(senses)))
    return sorted(out, key=lambda e: _key(e.french))


def implementation(term: Term) -> Any:
    """The object a term's ``implements`` names, from the public facades.

    ``"unisystem.contest"`` is ``rulebook_py.unisystem.contest``; a bare name
    is one of ``rulebook_py``'s own. Only public names (in ``__all__``) count.

    Raises:
        RuleValueError: When the term names no public object.

    Example:
        >>> implementation(Term("dé", "die", "dice", implements="die")).__name__
        'die'
    """
    if not isinstance(term, Term):
        raise RuleValueError(M("term must be a Term, got {got}", got=quote(term)), field="term")
    if not term.implements:
        raise RuleValueError(
            M("implements: {french} names no rule", french=quote(term.french)),
            field="implements",
        )
    owner: Any = rulebook_py
    for part in term.implements.split("."):
        public = getattr(owner, "__all__", None)
        if (public is not None and part not in public) or not hasattr(owner, part):
            raise RuleValueError(
                M(
                    "implements: {french} names {name}, which is not public",
                    french=quote(term.french),
                    name=quote(term.implements),
                ),
                field="implements",
            )
        owner = getattr(owner, part)
    return owner


def section_titles(chapter: str, code: str | None = None) -> dict[str, str]:
    """``{English heading: its title in language code}`` for a chapter's sections.

    The French title of a section is its heading's French in the chapter's own
    prose catalog (``locale/fr/LC_MESSAGES/book/<chapter>.po``): one home for
    each word. English (or a chapter without a catalog): no entries, the
    headings are shown as they are.

    Example:
        >>> section_titles("dice", "fr")["Seeded rolls"]
        'Les jets à graine'
        >>> section_titles("dice", "en")
        {}
    """
    return dict(_section_titles(chapter, code or i18n.current_language()))


@lru_cache(maxsize=32)
def _section_titles(chapter: str, code: str) -> tuple[tuple[str, str], ...]:
    path = BOOK_LOCALE / code / "LC_MESSAGES" / "book" / f"{chapter}.po"
    if code == i18n.DEFAULT_LANGUAGE or not path.exists():
        return ()
    from babel.messages.pofile import read_po  # (at build time: the book's catalogs)

    with path.open("rb") as handle:
        catalog = read_po(handle)
    found = []
    for message in catalog:
        english, french = message.id, message.string
        if isinstance(english, str) and english.startswith("#") and isinstance(french, str):
            if french and not message.fuzzy:
                found.append((heading_text(english), heading_text(french)))
    return tuple(found)


def _where(t: Term, chapters: Mapping[str, str]) -> str:
    title = chapters.get(t.chapter, t.chapter)
    section = section_titles(t.chapter).get(t.section, t.section)
    place = M("{chapter} › {section}", chapter=title, section=section) if t.section else title
    href = f"{t.chapter}.html" + (f"#{t.anchor}" if t.anchor else "")
    return f'<a href="{escape(href)}">{escape(render(place))}</a>'


def _sense_cells(entry: Entry, chapters: Mapping[str, str]) -> tuple[str, str, str]:
    where, notes, code = [], [], []
    for t in entry.senses:
        where.append(_where(t, chapters))
        notes.append(escape(render(t.note)) if t.note else "")
        code.append(f"<code>{escape(t.implements)}</code>" if t.implements else "—")
    join = "<br>".join
    return join(where), join(notes), join(code)


def _french_cell(entry: Entry) -> str:
    if entry.coined:
        title = escape(M("a term this book made up, not the source's").render(), quote=False)
        mark = escape(M("(this book's)").render(), quote=False)
        return (
            f'<span lang="fr">{escape(entry.french)}</span> '
            f'<span class="rb-coined" title="{title}">{mark}</span>'
        )
    return f'<span lang="fr">{escape(entry.french)}</span>'


def glossary_html(chapters: Mapping[str, str] | None = None, *, order: str = "french") -> str:
    r"""The glossary as an HTML table, French → English or English → French, in the reader's language.

    In French (:func:`rulebook_py.i18n.current_language`) the headings and
    each term's note are messages read in French, and each section is named by
    its French heading (:func:`section_titles`); the table stays bilingual: the
    French term and its English rendering.

    Each row links to the section of the chapter that explains the term and
    names the package function that implements it; a term this book made up
    is marked "(this book's)".

    Args:
        chapters: ``{chapter file name: title}``, to show chapters by title.
        order: ``"french"`` (French → English, by French term) or
            ``"english"`` (English → French, by English rendering).

    Example:
        >>> "<td>die</td>" in glossary_html()
        True
        >>> glossary_html(order="english").count("<tr>") == len(entries()) + 1
        True
        >>> from rulebook_py.i18n import language
        >>> with language("fr"):
        ...     "<th scope=\"col\">Expliqué dans</th>" in glossary_html()
        True
    """
    if order not in ("french", "english"):
        raise RuleValueError(
            M("order must be 'french' or 'english', got {got}", got=quote(order)), field="order"
        )
    if chapters is not None and not isinstance(chapters, Mapping):
        raise RuleValueError(
            M(
                "chapters must be a mapping {{chapter: title}} or None, got {got}",
                got=quote(chapters),
            ),
            field="chapters",
        )
    chapters = chapters or {}
    rows = []
    listed = entries()
    if order == "english":
        listed = sorted(listed, key=lambda e: (_key(e.english), _key(e.french)))
    for e in listed:
        where, notes, code = _sense_cells(e, chapters)
        french, english = _french_cell(e), f"<td>{escape(e.english)}</td>"
        pair = f"<td>{french}</td>{english}" if order == "french" else f"{english}<td>{french}</td>"
        rows.append(f"<tr>{pair}<td>{where}</td><td>{notes}</td><td>{code}</td></tr>")
    heads = [M("French"), M("English (this book)")]
    if order == "english":
        heads.reverse()
    heads += [M("Explained in"), M("Note"), M("Rule in Python")]
    head = "".join(f'<th scope="col">{escape(h.render(), quote=False)}</th>' for h in heads)
    return (
        f'<table class="rb-table rb-glossary rb-glossary-{order}"><thead><tr>{head}</tr></thead>'
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
    if not isinstance(book_dir, (str, Path)):
        raise RuleValueError(
            M("book_dir must be a folder (a path), got {got}", got=quote(book_dir)),
            field="book_dir",
        )
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
