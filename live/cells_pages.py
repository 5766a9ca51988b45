"""The built pages with code cells get their editor, and the chapters their exercises' boxes.

Run by ``live/build.py`` once both editions are linked and before the pages
are hashed and listed for the offline copy:

* every page of either edition that shows a code cell (``.cell_input``) loads
  ``_static/rb-cells.js`` and ``_static/rb-cells.css`` (``live/cells.js`` and
  ``live/cells.css``, published by ``live/build.py``): the cells become
  editable and runnable in the page's own Python. A page without code cells
  loads nothing more;
* in each chapter of :data:`rulebook_py.exercises.CHAPTERS`, a box for the
  reader's prediction is written after each listed question of its
  "Predict, then check" section (found by its English id, which the French
  pages keep: ``live/editions.py``), its words in the page's language
  (:func:`rulebook_py.exercises.box_html`).

Example:
    >>> page = '<html><head></head><body><div class="cell_input"></div></body></html>'
    >>> "_static/rb-cells.js" in with_editor(page, "../", "0123")
    True
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

__all__ = ["SECTION_ID", "add_cells", "add_exercises", "asset_version", "with_editor"]

#: The English id of the section whose questions get boxes (kept on the French pages).
SECTION_ID = "predict-then-check"
#: What marks a page with code cells (MyST-NB's input container).
CELL_INPUT = 'class="cell_input'
_LIST = re.compile(r'<ol class="arabic[^"]*"(?: start="(\d+)")?>(.*?)</ol>', re.S)
#: What an earlier run of this step wrote (a page Sphinx did not write again keeps it).
_OLD_TAGS = re.compile(
    r'<link rel="stylesheet" href="[./]*_static/rb-cells\.css[^"]*" />'
    r'<script defer src="[./]*_static/rb-cells\.js[^"]*"></script>'
)
_OLD_BOXES = re.compile(
    r'<div class="rb-exercise" data-rb-exercise="[^"]*" hidden>.*?'
    r'<div class="rb-verdict"[^>]*></div></div>',
    re.S,
)
_ITEM = re.compile(r"<li[ >]")


#: The editor's files, published in the site's ``_static/``.
FILES = ("rb-cells.js", "rb-cells.css")


def asset_version(static: Path) -> str:
    """A short hash of the editor's files (their URLs change with them)."""
    digest = hashlib.sha256()
    for name in FILES:
        digest.update((static / name).read_bytes())
    return digest.hexdigest()[:8]


def with_editor(page: str, root: str, version: str) -> str:
    """``page`` loading the cells' script and style (``root``: the site's root, relative)."""
    tags = (
        f'<link rel="stylesheet" href="{root}_static/rb-cells.css?v={version}" />'
        f'<script defer src="{root}_static/rb-cells.js?v={version}"></script>'
    )
    return page.replace("</head>", tags + "</head>", 1)


def add_exercises(page: str, chapter: str, language: str) -> tuple[str, int]:
    """``page`` with a box after each exercise's question; and how many boxes were written."""
    from rulebook_py.exercises import CHAPTERS, box_html

    wanted = {item.number: item for item in CHAPTERS.get(chapter, ())}
    at = page.find(f'id="{SECTION_ID}"')
    if not wanted or at < 0:
        return page, 0
    end = page.find("</section>", at)
    end = len(page) if end < 0 else end
    section = page[at:end]
    out, last, written = [], 0, 0
    for match in _LIST.finditer(section):
        first = int(match.group(1) or 1)
        count = len(_ITEM.findall(match.group(2)))
        out.append(section[last : match.end()])
        last = match.end()
        for number in range(first, first + count):
            if number in wanted:
                out.append(box_html(chapter, wanted[number], language))
                written += 1
    out.append(section[last:])
    return page[:at] + "".join(out) + page[end:], written


def add_cells(html: Path) -> tuple[int, int]:
    """Editors in every page with code cells, boxes in every chapter with exercises (both editions).

    Returns (pages given the editor, exercise boxes written).
    """
    version = asset_version(html / "_static")
    editors = boxes = 0
    for page in sorted(html.rglob("*.html")):
        rel = page.relative_to(html)
        if rel.parts[0] in {"_static", "live", "_sources"}:
            continue
        text = page.read_text(encoding="utf-8")
        if CELL_INPUT not in text:
            continue
        text = _OLD_BOXES.sub("", _OLD_TAGS.sub("", text))
        root = "../" * (len(rel.parts) - 1)
        text = with_editor(text, root, version)
        editors += 1
        language = "fr" if rel.parts[0] == "fr" else "en"
        text, written = add_exercises(text, page.stem, language)
        boxes += written
        page.write_text(text, encoding="utf-8")
    return editors, boxes
