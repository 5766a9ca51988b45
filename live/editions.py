"""The book's two editions in one site: English at the root, French under ``fr/``, linked.

Run by ``live/build.py`` on the built site (``_build/html``) once both Jupyter
Book builds are in it (``make book`` moves the French one to ``fr/``):

* :func:`share_static`: the French pages use the English edition's copy of
  every file of ``_static/`` that is the same in both (the theme, the site's
  scripts and styles, fonts, the vendored JavaScript, which the French build
  does not copy at all), and those French copies are deleted: a reader of
  both editions downloads and keeps them once, and every page's scripts come
  from one place (``_static/live.js`` finds the site's root there). What
  differs stays in ``fr/_static/`` (``documentation_options.js``,
  ``language_data.js`` and the French stemmer of the search, ``translations.js``);
* :func:`keep_english_ids`: each French page gets, at the start of each of its
  sections, the ids of the English page's twin section that it lacks (empty
  ``<span id>``, as docutils writes a section's extra ids), and likewise for
  the glossary's terms, so that ``#dice-notation``, a glossary link or a
  calculator's ``#`` state opens the same place in both editions;
* :func:`link_editions`: every page's head names both editions of itself
  (``<link rel="alternate" hreflang="en|fr">``), and its header holds the
  language switch, ``<a hreflang="fr">Français</a>`` on an English page and
  ``<a hreflang="en">English</a>`` on a French one, to the twin page
  (``_static/rb-language.js`` adds the page's fragment when it is followed).

Example:
    >>> twin("book/dice.html"), twin("fr/book/dice.html")
    ('fr/book/dice.html', 'book/dice.html')
    >>> relative("book/dice.html", "fr/book/dice.html")
    '../fr/book/dice.html'
"""

from __future__ import annotations

import filecmp
import html as html_lib
import re
from pathlib import Path

__all__ = [
    "EDITIONS",
    "FRENCH",
    "keep_english_ids",
    "link_editions",
    "relative",
    "share_static",
    "twin",
    "with_english_ids",
]

#: The folder of the French edition in the built site.
FRENCH = "fr"
#: Each edition: language -> (its folder prefix, the switch's text).
EDITIONS = {"en": ("", "English"), "fr": (FRENCH + "/", "Français")}
_SKIP = re.compile(r"(?:^|/)(?:_sources/|_static/|\.)|^live/")


def twin(rel: str) -> str:
    """The same page in the other edition (site-relative paths)."""
    prefix = FRENCH + "/"
    return rel[len(prefix) :] if rel.startswith(prefix) else prefix + rel


def relative(page: str, target: str) -> str:
    """``target``'s address as written in ``page`` (both site-relative)."""
    up = "../" * page.count("/")
    return up + target


def _pages(html: Path, french: bool | None = None) -> list[str]:
    pages = []
    for path in sorted(html.rglob("*.html")):
        rel = path.relative_to(html).as_posix()
        if _SKIP.search(rel):
            continue
        if french is None or rel.startswith(FRENCH + "/") == french:
            pages.append(rel)
    return pages


_STATIC_REF = re.compile(r"""(\b(?:src|href|data-rb-gz)=["'])((?:\.\./)*)_static/([^"'?#]+)""")


def share_static(html: Path) -> int:
    """French pages use the English ``_static/`` files that are the same; returns files dropped."""
    fr_static = html / FRENCH / "_static"
    if not fr_static.is_dir():
        return 0
    shared = set()
    for page in _pages(html, french=True):
        path = html / page
        inner = page[len(FRENCH) + 1 :]
        depth = inner.count("/")

        def swap(match: re.Match[str], depth: int = depth) -> str:
            ups, name = match.group(2), match.group(3)
            if len(ups) != 3 * depth:  # (already the root's, or not the edition's _static)
                return match.group(0)
            english, french = html / "_static" / name, fr_static / name
            if not english.is_file():
                return match.group(0)
            if french.is_file() and not filecmp.cmp(english, french, shallow=False):
                return match.group(0)
            shared.add(name)
            return f"{match.group(1)}{'../' * (depth + 1)}_static/{name}"

        text = path.read_text(encoding="utf-8")
        new = _STATIC_REF.sub(swap, text)
        if new != text:
            path.write_text(new, encoding="utf-8")
    dropped = 0
    for file in sorted(p for p in fr_static.rglob("*") if p.is_file()):
        name = file.relative_to(fr_static).as_posix()
        english = html / "_static" / name
        if english.is_file() and filecmp.cmp(english, file, shallow=False):
            file.unlink()
            dropped += 1
    for folder in sorted((p for p in fr_static.rglob("*") if p.is_dir()), reverse=True):
        if not any(folder.iterdir()):
            folder.rmdir()
    return dropped


# (A section's extra ids are empty spans right after it, on its line or the next.)
_SECTION = re.compile(r'<section\b[^>]*\bid="([^"]+)"[^>]*>((?:\s*<span id="[^"]+"></span>)*)')
_TERM = re.compile(r'<dt\b[^>]*\bid="(term-[^"]+)"[^>]*>')
_ID = re.compile(r'\bid="([^"]+)"')
_SPAN_ID = re.compile(r'<span id="([^"]+)"></span>')


def _sections(text: str) -> list[list[str]]:
    return [[m.group(1), *_SPAN_ID.findall(m.group(2))] for m in _SECTION.finditer(text)]


def with_english_ids(english: str, french: str) -> tuple[str, list[str]]:
    """The French page's HTML with the ids of the English page it lacks; and what did not pair.

    Sections are paired in document order (a translation keeps every heading
    where it is), and so are the glossary's terms; when they do not pair one to
    one, they are left as they are and named in the second value.

    Example:
        >>> en = '<section id="dice-notation"><h2>Dice notation</h2></section>'
        >>> fr = '<section id="notation-des-des"><h2>Notation des dés</h2></section>'
        >>> with_english_ids(en, fr)[0]
        '<section id="notation-des-des"><span id="dice-notation"></span><h2>Notation des dés</h2></section>'
    """
    have = set(_ID.findall(french))
    problems = []
    english_sections, french_sections = _sections(english), _sections(french)
    wanted: list[list[str]] = []
    if len(english_sections) == len(french_sections):
        for ids in english_sections:
            wanted.append([i for i in ids if i not in have])
            have.update(wanted[-1])
    else:
        problems.append(f"{len(english_sections)} sections, {len(french_sections)} in French")
    english_terms, french_terms = _TERM.findall(english), _TERM.findall(french)
    terms: dict[str, str] = {}
    if len(english_terms) == len(french_terms):
        for en_id, fr_id in zip(english_terms, french_terms, strict=True):
            if en_id not in have:
                terms[fr_id] = en_id
                have.add(en_id)
    elif set(english_terms) - set(french_terms):
        problems.append(f"{len(english_terms)} glossary terms, {len(french_terms)} in French")
    pieces = iter(wanted)

    def add_section(match: re.Match[str]) -> str:
        missing = next(pieces, [])
        return match.group(0) + "".join(f'<span id="{i}"></span>' for i in missing)

    def add_term(match: re.Match[str]) -> str:
        en_id = terms.get(match.group(1))
        return match.group(0) + (f'<span id="{en_id}"></span>' if en_id else "")

    if wanted:
        french = _SECTION.sub(add_section, french)
    return _TERM.sub(add_term, french), problems


def keep_english_ids(html: Path) -> tuple[int, list[str]]:
    """:func:`with_english_ids` on every French page; (ids added, what did not pair)."""
    added = 0
    unpaired = []
    for page in _pages(html, french=True):
        english_page = html / twin(page)
        if not english_page.is_file():
            continue
        path = html / page
        text = path.read_text(encoding="utf-8")
        new, problems = with_english_ids(english_page.read_text(encoding="utf-8"), text)
        unpaired += [f"{page}: {problem}" for problem in problems]
        added += len(_SPAN_ID.findall(new)) - len(_SPAN_ID.findall(text))
        if new != text:
            path.write_text(new, encoding="utf-8")
    return added, unpaired


#: What :func:`link_editions` adds to a page (alternate links, the switch, its bar).
_LINKED = re.compile(
    r'<link rel="alternate" hreflang="(?:en|fr)" href="[^"]*" />'
    r'|<p class="rb-language-bar">(?=<a [^>]*data-rb-edition=)'
    r'|<a class="btn btn-sm rb-language" [^>]*data-rb-edition="[^"]*">.*?</a>(?:</p>)?',
    re.S,
)


def _switch(page: str, language: str) -> str:
    other = "en" if language == "fr" else "fr"
    href = html_lib.escape(relative(page, twin(page)))
    text = EDITIONS[other][1]
    label = "Read this page in English" if other == "en" else "Lire cette page en français"
    return (
        f'<a class="btn btn-sm rb-language" href="{href}" hreflang="{other}" lang="{other}" '
        f'title="{label}" data-rb-edition="{other}">'
        f'<span class="rb-language-code" aria-hidden="true">{other.upper()}</span> {text}</a>'
    )


def link_editions(html: Path) -> int:
    """Alternate links in every page's head, the language switch in its header; pages linked."""
    count = 0
    for page in _pages(html):
        path = html / page
        # A page linked by an earlier build (Sphinx rewrites only the pages that
        # changed), or copied from one (the offline page is the home page's
        # frame), loses its old links first: each gets the ones of its own path.
        text = _LINKED.sub("", path.read_text(encoding="utf-8"))
        language = "fr" if page.startswith(FRENCH + "/") else "en"
        english = page if language == "en" else twin(page)
        links = "".join(
            f'<link rel="alternate" hreflang="{code}" '
            f'href="{html_lib.escape(relative(page, prefix + english))}" />'
            for code, (prefix, _) in EDITIONS.items()
        )
        switch = _switch(page, language)
        if "</head>" in text:
            text = text.replace("</head>", links + "</head>", 1)
        else:  # (the root's redirect page has no head)
            text = links + text
        anchor = '<div class="article-header-buttons">'
        if anchor in text:
            text = text.replace(anchor, anchor + switch, 1)
        elif (body := re.search(r"<body[^>]*>", text)) is not None:
            text = (
                text[: body.end()] + f'<p class="rb-language-bar">{switch}</p>' + text[body.end() :]
            )
        # (The root's redirect page, which no one sees, gets no switch.)
        path.write_text(text, encoding="utf-8")
        count += 1
    return count


def main() -> None:
    """Link the editions of ``_build/html`` (what ``live/build.py`` does first)."""
    html = Path(__file__).resolve().parent.parent / "_build" / "html"
    print(f"editions: {share_static(html)} French _static files shared with the English edition")
    added, unpaired = keep_english_ids(html)
    print(f"editions: {added} English ids on French pages; unpaired: {unpaired or 'none'}")
    print(f"editions: language switch and alternate links in {link_editions(html)} pages")


if __name__ == "__main__":
    main()
