"""French typography on every French page of the built site (issue 34: one function sets it).

Every prose text node of every page under ``fr/`` (code, scripts, styles and
math left out) is already what :func:`rulebook_py.typography.french` makes
of it: a no-break space before ``: ; ! ? %`` and inside ``« »``, the minus
sign before a negative number. The footer and the theme's words are French.
"""

from __future__ import annotations

import html
import re

import pytest

from live.typeset import text_nodes
from rulebook_py.typography import french

from .site import HTML


def _french_pages() -> list[str]:
    return sorted(p.relative_to(HTML).as_posix() for p in (HTML / "fr").rglob("*.html"))


def test_every_french_page_is_set_in_french_typography(built_site):
    pages = _french_pages()
    assert len(pages) >= 14
    problems = []
    for page in pages:
        text = (HTML / page).read_text(encoding="utf-8")
        for start, end in text_nodes(text):
            node = html.unescape(text[start:end])
            node = re.sub(r"\\\(.*?\\\)|\\\[.*?\\\]|\$\$.*?\$\$", "", node, flags=re.S)
            if french(node) != node:
                problems.append(f"{page}: {node.strip()[:70]!r}")
    assert problems == [], f"{len(problems)} text nodes not set: " + "; ".join(problems[:10])


@pytest.mark.parametrize("page", ["fr/book/dice.html", "fr/book/glossary.html"])
def test_the_footer_of_a_french_page_is_french(built_site, page):
    text = (HTML / page).read_text(encoding="utf-8")
    footer = text[text.index('<footer class="bd-footer-content"') :]  # the page's footer
    words = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", footer)))
    assert "authors" not in words and "By " not in words, words[:200]
    assert "Par les auteurs du livre de règles interactif" in words


def test_the_themes_words_are_french_on_french_pages(built_site):
    text = (HTML / "fr/book/dice.html").read_text(encoding="utf-8")
    for english in ("Toggle primary sidebar", "Toggle secondary sidebar", 'aria-label="Main"'):
        assert english not in text
    assert 'title="Afficher ou masquer le sommaire du livre"' in text
