"""The French edition (issue 30): the same book under ``fr/``, linked both ways, live in French.

From the built files (fast, no browser): both editions have the same page
names; every page has ``<html lang>``, the language switch
(``a[hreflang=fr]`` on English pages, ``a[hreflang=en]`` on French ones) to
its twin page and ``<link rel="alternate" hreflang>`` both ways; every English
section id is on the French twin page; the French search uses Sphinx's French
stemmer.

In Chromium (service workers blocked, so that no precache of the whole book
competes with the pages): following the switch keeps the fragment (a glossary
term and a calculator's settings) and lands on the same id; every French
chapter's calculators become live, in French (``Copier le lien``), and on the
French dice page ``2d6`` answers with a decimal comma (7 and 2,42); the French
search finds a word of the French edition.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

from .live import notebook_calculator_count, wait_ready
from .pages import describe, run_axe
from .site import ROOT, expected_calculators, toc_pages

PAGES = toc_pages()
LIVE_CHAPTERS = [
    p
    for p in PAGES
    if (ROOT / f"{p}.ipynb").exists() and notebook_calculator_count(ROOT / f"{p}.ipynb")
]


class _Page(HTMLParser):
    """What these tests read of a built page: its language, ids, switch and alternate links."""

    def __init__(self) -> None:
        super().__init__()
        self.lang: str | None = None
        self.ids: list[str] = []
        self.switches: list[dict[str, str]] = []
        self.alternates: dict[str, str] = {}
        self.section_ids: list[list[str]] = []
        self._in_switch = False
        self._last_section: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "html":
            self.lang = a.get("lang")
        if "id" in a:
            self.ids.append(a["id"])
        if tag == "section" and "id" in a:
            self._last_section = [a["id"]]
            self.section_ids.append(self._last_section)
        elif tag == "span" and "id" in a and self._last_section is not None:
            self._last_section.append(a["id"])
        else:
            self._last_section = None
        if tag == "a" and "hreflang" in a:
            self.switches.append({**a, "text": ""})
            self._in_switch = True
        if tag == "link" and a.get("rel") == "alternate" and "hreflang" in a:
            self.alternates[a["hreflang"]] = a["href"]

    def handle_endtag(self, tag: str) -> None:
        if tag == "a":
            self._in_switch = False

    def handle_data(self, data: str) -> None:
        if self._in_switch:
            self.switches[-1]["text"] += data


def read(path: Path) -> _Page:
    parser = _Page()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def resolve(page: str, href: str) -> str:
    """A link of a page as a site-relative path (no fragment)."""
    url = urljoin(f"http://site/{page}", href)
    return urlsplit(url).path.lstrip("/")


def site_pages(html: Path) -> set[str]:
    return {
        p.relative_to(html).as_posix()
        for p in html.rglob("*.html")
        if not re.search(r"(^|/)(_sources|_static|live|\.)", p.relative_to(html).as_posix())
    }


def test_both_editions_have_the_same_page_names(built_site):
    english = {p for p in site_pages(built_site) if not p.startswith("fr/")}
    french = {p[3:] for p in site_pages(built_site) if p.startswith("fr/")}
    assert "index.html" in french and "book/dice.html" in french
    assert {f"{p}.html" for p in PAGES} <= english
    assert english == french


def test_every_page_has_its_language_its_switch_and_alternate_links(built_site):
    pages = sorted(p for p in site_pages(built_site) if p != "index.html" and p != "fr/index.html")
    assert len(pages) >= 2 * len(PAGES)
    for page in pages:
        french = page.startswith("fr/")
        english_page = page[3:] if french else page
        parsed = read(built_site / page)
        assert parsed.lang == ("fr" if french else "en"), page
        other = "en" if french else "fr"
        assert [s["hreflang"] for s in parsed.switches] == [other], page
        switch = parsed.switches[0]
        assert switch["text"].split()[-1] == ("English" if french else "Français"), page
        assert switch.get("lang") == other, page
        assert resolve(page, switch["href"]) == (english_page if french else f"fr/{page}"), page
        assert {k: resolve(page, v) for k, v in parsed.alternates.items()} == {
            "en": english_page,
            "fr": f"fr/{english_page}",
        }, page
    # The root's redirect pages name both editions too.
    for page in ("index.html", "fr/index.html"):
        assert set(read(built_site / page).alternates) == {"en", "fr"}


def test_every_english_section_id_is_on_the_french_page(built_site):
    for name in PAGES:
        english = read(built_site / f"{name}.html")
        french = read(built_site / "fr" / f"{name}.html")
        assert len(english.section_ids) == len(french.section_ids), name
        missing = [i for ids in english.section_ids for i in ids if i not in french.ids]
        assert missing == [], name
        # ... in the twin section (pairs in document order), and never twice.
        for en_ids, fr_ids in zip(english.section_ids, french.section_ids, strict=True):
            assert set(en_ids) <= set(fr_ids), (name, en_ids, fr_ids)
        assert len(french.ids) == len(set(french.ids)), name
    # The glossary's tables (explicit targets, and the ids docutils gives them) too.
    glossary = read(built_site / "fr/book/glossary.html").ids
    assert {"french-english", "english-french", "id1", "id2"} <= set(glossary)
    # Glossary terms ({term} targets), when the book has a glossary directive.
    for name in PAGES:
        terms = [i for i in read(built_site / f"{name}.html").ids if i.startswith("term-")]
        assert set(terms) <= set(read(built_site / "fr" / f"{name}.html").ids), name


def test_french_search_has_its_own_index_and_the_french_stemmer(built_site):
    assert (built_site / "fr/searchindex.js").stat().st_size > 1000
    assert "FrenchStemmer" in (built_site / "fr/_static/language_data.js").read_text("utf-8")
    assert "FrenchStemmer" not in (built_site / "_static/language_data.js").read_text("utf-8")
    search = (built_site / "fr/search.html").read_text(encoding="utf-8")
    assert 'src="../_static/searchtools.js' in search  # (shared with the English edition)
    assert 'src="_static/language_data.js' in search  # (its own)


@pytest.fixture
def page_without_sw(guarded_page):
    def make(**options):
        return guarded_page(service_workers="block", **options)

    return make


def test_the_switch_keeps_the_fragment_both_ways(site_url, page_without_sw):
    # The glossary's English → French table (its English id, kept on the French page).
    term = "english-french"
    page, log = page_without_sw()
    page.goto(f"{site_url}/book/glossary.html#{term}", wait_until="domcontentloaded")
    switch = page.locator("a[hreflang=fr]")
    assert switch.is_visible()
    assert switch.get_attribute("href").endswith(f"fr/book/glossary.html#{term}")
    # A calculator's settings, written without a hashchange (as live.js does), go along too.
    state = "#DiceCalculator.expr=2d6"
    page.evaluate(
        "s => { history.replaceState(null, '', s); window.dispatchEvent(new Event('rb-address')); }",
        state,
    )
    page.evaluate("s => history.replaceState(null, '', s)", f"#{term}")  # (no event at all)
    switch.click()
    page.wait_for_url(f"**/fr/book/glossary.html#{term}")
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.evaluate("id => !!document.getElementById(id)", term)
    back = page.locator("a[hreflang=en]")
    assert back.is_visible()
    page.evaluate("s => { location.hash = s; }", state)
    back.click()
    page.wait_for_url(f"**/book/glossary.html{state}")
    assert "/fr/" not in page.url
    assert page.evaluate("document.documentElement.lang") == "en"
    assert log.problems() == []


def test_a_section_fragment_opens_the_same_section_in_french(site_url, page_without_sw):
    page, log = page_without_sw()
    page.goto(f"{site_url}/book/dice.html#dice-notation", wait_until="domcontentloaded")
    page.locator("a[hreflang=fr]").click()
    page.wait_for_url("**/fr/book/dice.html#dice-notation")
    target = page.locator("#dice-notation")
    assert target.count() == 1
    # The id is in the French twin section: the section holds the same calculator-free heading.
    assert page.evaluate(
        "() => document.getElementById('dice-notation').closest('section').querySelector('h2') !== null"
    )
    assert log.problems() == []


def test_every_french_chapter_comes_alive_in_french(site_url, built_site, page_without_sw):
    # One browser context for every chapter (Pyodide downloaded once, as a reader's would be).
    page, log = page_without_sw()
    for chapter in LIVE_CHAPTERS:
        expected = expected_calculators(f"fr/{chapter}")
        assert expected == expected_calculators(chapter), chapter
        page.goto(f"{site_url}/fr/{chapter}.html", wait_until="commit")
        wait_ready(page, expected)
        assert page.evaluate("window.rbLive.language") == "fr"
        buttons = page.locator(".rb-copy-link")
        assert buttons.count() == expected
        assert buttons.first.inner_text() == "Copier le lien"
        assert "En direct" in page.locator(".rb-live-badge").first.inner_text()
        if chapter == "book/dice":
            calc = page.locator(".rb-calc-DiceCalculator").first
            box = calc.locator("input").first
            box.fill("2d6")
            box.press("Enter")
            answer = calc.locator(".rb-answer").first
            deadline = 120_000
            page.wait_for_function(
                "el => /2,42/.test(el.textContent)", arg=answer.element_handle(), timeout=deadline
            )
            text = answer.inner_text()
            assert "2,42" in text and re.search(r"(?<![\d,])7(,00)?(?![\d,])", text), text
            assert "2.42" not in text
    assert log.problems() == []


def test_french_search_finds_a_french_word(site_url, built_site, page_without_sw):
    # A word of the French home page's title that the English title has not.
    english_title = set(re.findall(r"\w+", _title(built_site / "book/intro.html").lower()))
    words = [
        w
        for w in re.findall(r"\w{5,}", _title(built_site / "fr/book/intro.html").lower())
        if w not in english_title
    ]
    assert words, "the French home page's title is not translated"
    page, log = page_without_sw()
    page.goto(f"{site_url}/fr/search.html?q={words[0]}", wait_until="domcontentloaded")
    results = page.locator("#search-results ul.search li a")
    results.first.wait_for(timeout=120_000)
    # Sphinx shows its results one by one: wait for the whole list (or 120 s).
    # (the summary gets the number of pages found once the last one is shown)
    page.wait_for_function(
        "() => /\\d/.test(document.querySelector('p.search-summary')?.textContent || '')",
        timeout=120_000,
    )
    hrefs = [results.nth(i).get_attribute("href") for i in range(results.count())]
    assert any("book/intro.html" in h for h in hrefs), hrefs
    assert all(not h.startswith(("../book/", "/book/")) for h in hrefs), hrefs
    assert log.problems() == []


def _title(path: Path) -> str:
    match = re.search(r"<h1>(.*?)<a class=\"headerlink\"", path.read_text("utf-8"), re.S)
    assert match, path
    return re.sub(r"<[^>]+>", "", match.group(1))


@pytest.mark.parametrize("page_name", ["fr/book/dice"])
def test_french_pages_are_accessible_light_and_dark(page_name, static_page):
    # As tests/browser/test_accessibility.py checks every English page (switch included).
    page = static_page(page_name, "light")
    failures = []
    for theme in ("light", "dark"):
        if theme == "dark":
            page.emulate_media(color_scheme="dark")
            page.wait_for_function("() => document.documentElement?.dataset.theme === 'dark'")
            page.wait_for_timeout(600)
            page.evaluate("() => window.rbA11y.update()")
        assert page.locator("a[hreflang=en]").is_visible()
        blocking = [v for v in run_axe(page) if v["impact"] in {"serious", "critical"}]
        if blocking:
            failures.append(f"{theme}:\n{describe(blocking)}")
    assert failures == [], f"{page_name}: " + "\n".join(failures)
