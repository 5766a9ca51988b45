r"""French typography on every French page of the built site, by the one function that sets it.

Run by ``live/build.py`` once the editions are linked: every text node of
every page under ``fr/`` goes through :func:`rulebook_py.typography.french`
(the no-break spaces before ``: ; ! ? %`` and inside ``« »``, the minus sign),
the same function that sets every French message of the calculators. Code,
scripts, styles, math and the stored widget state are left as they are, and
so are attribute values.

Example:
    >>> typeset_html("<p>Note: 50 % &amp; x</p><code>a: b</code>") == (
    ...     "<p>Note\u00a0: 50\u00a0% &amp; x</p><code>a: b</code>")
    True
"""

from __future__ import annotations

import html as html_lib
import re
from pathlib import Path

from rulebook_py.typography import french

__all__ = ["SKIPPED", "text_nodes", "theme_words", "typeset_french_pages", "typeset_html"]

#: Elements whose text is code, math or data, never prose.
SKIPPED = ("script", "style", "code", "pre", "kbd", "samp", "textarea", "math", "svg")
#: Elements whose content is raw text (no tag inside them counts until their end tag).
_RAW = ("script", "style", "textarea")
_TAG = re.compile(r"<!--.*?-->|<[^>]*>", re.S)
_NAME = re.compile(r"</?\s*([a-zA-Z][\w:-]*)")
# Inline and display math of MathJax in the text: left as it is.
_MATH = re.compile(r"\\\(.*?\\\)|\\\[.*?\\\]|\$\$.*?\$\$", re.S)


def text_nodes(html: str) -> list[tuple[int, int]]:
    """``(start, end)`` of every prose text node of ``html`` (outside :data:`SKIPPED`).

    Example:
        >>> page = "<p>a</p><script>x = '<svg>'</script><p>c</p>"
        >>> [page[s:e] for s, e in text_nodes(page)]
        ['a', 'c']
    """
    spans, open_skips, at = [], [], 0
    while True:
        tag = _TAG.search(html, at)
        end = tag.start() if tag else len(html)
        if end > at and not open_skips:
            spans.append((at, end))
        if tag is None:
            return spans
        at = tag.end()
        text = tag.group(0)
        name = _NAME.match(text)
        if text.startswith("<!--") or name is None:
            continue
        element = name.group(1).lower()
        if element in _RAW and not text.startswith("</"):
            close = re.compile(rf"</\s*{element}\s*>", re.I).search(html, at)
            at = close.end() if close else len(html)  # raw text: only its end tag closes it
        elif element in SKIPPED and not text.endswith("/>"):
            if not text.startswith("</"):
                open_skips.append(element)
            elif element in open_skips:
                del open_skips[len(open_skips) - 1 - open_skips[::-1].index(element) :]


def _french(escaped: str) -> str:
    """Escaped text set in French (its entities read first: ``&amp;`` is not a semicolon)."""
    return html_lib.escape(french(html_lib.unescape(escaped)), quote=False)


def _prose(text: str) -> str:
    """A text node set in French, its math left alone."""
    if not text.strip():
        return text
    out, last = [], 0
    for math in _MATH.finditer(text):
        out.append(_french(text[last : math.start()]))
        out.append(math.group(0))
        last = math.end()
    out.append(_french(text[last:]))
    return "".join(out)


def typeset_html(html: str) -> str:
    """``html`` with every prose text node set in French typography."""
    out, last = [], 0
    for start, end in text_nodes(html):
        out.append(html[last:start])
        out.append(_prose(html[start:end]))
        last = end
    out.append(html[last:])
    return "".join(out)


_ATTRIBUTE = re.compile(r'\b(aria-label|title)="([^"]*)"')


def theme_words(html: str, words: dict[str, str]) -> str:
    """The theme's English attribute texts (``title``, ``aria-label``) in French, from ``words``.

    Sphinx translates its own templates, but the theme leaves a few words
    English (its sidebar buttons' tooltips): they come from the book's
    configuration catalog (``locale/fr/LC_MESSAGES/_config.po``).

    Example:
        >>> theme_words('<button title="Toggle primary sidebar">', {"Toggle primary sidebar": "x"})
        '<button title="x">'
    """

    def swap(match: re.Match[str]) -> str:
        said = html_lib.unescape(match.group(2))
        found = words.get(said)
        return match.group(0) if found is None else f'{match.group(1)}="{html_lib.escape(found)}"'

    return _ATTRIBUTE.sub(swap, html)


def typeset_french_pages(
    html: Path, words: dict[str, str] | None = None, folder: str = "fr"
) -> int:
    """Set every French page of the built site (``html/fr/**/*.html``); return how many changed.

    ``words``: the theme's English texts and their French (see :func:`theme_words`).
    """
    changed = 0
    for page in sorted((html / folder).rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        done = typeset_html(theme_words(text, words or {}))
        if done != text:
            page.write_text(done, encoding="utf-8")
            changed += 1
    return changed
