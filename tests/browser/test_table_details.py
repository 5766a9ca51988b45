"""The smaller points of the site at the table (issue 37), on the built site.

* One search box on a desktop screen (the theme's header and its sidebar
  each had one, the header's over the sidebar's), in both editions.
* One ``<meta name="viewport">`` a page (the dice page had three).
* A percentage never breaks from its sign ("16.67 %" broke in narrow cells).
* A table wider than a phone says it scrolls (a shadow where it is cut).
* A printed quick reference has no empty "Contents" heading.
"""

from __future__ import annotations

import re

from .site import HTML, toc_pages

VISIBLE_SEARCH_JS = """() => Array.from(document.querySelectorAll(
        '.search-button-field, .search-button, #searchbox input'))
    .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
    .length"""


def test_one_search_box_on_a_desktop_screen(site_url, guarded_page):
    page, log = guarded_page(width=1200, height=900)
    for edition in ("", "fr/"):
        for name in ("book/intro", "book/dice"):
            page.goto(f"{site_url}/{edition}{name}.html", wait_until="load")
            assert page.evaluate(VISIBLE_SEARCH_JS) == 1, edition + name
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site_url}/book/dice.html", wait_until="load")
    assert page.evaluate(VISIBLE_SEARCH_JS) == 1  # the header's button on a phone
    assert log.problems() == []


def test_every_page_has_one_viewport_tag(built_site):
    for edition in ("", "fr/"):
        for name in toc_pages():
            text = (HTML / f"{edition}{name}.html").read_text(encoding="utf-8")
            assert len(re.findall(r'<meta name="viewport"', text)) == 1, edition + name


PERCENT_TEXTS_JS = """() => {
    const root = document.querySelector('.rb-calc-DiceCalculator [data-rb-part=result]')
        || document.querySelector('.rb-calc-DiceCalculator .rb-answer');
    return root.textContent.match(/16[.,]67.%/g) || [];
}"""


def test_a_percentage_never_breaks_from_its_sign(site_url, guarded_page):
    page, log = guarded_page(width=390, height=844)
    for edition in ("", "fr/"):
        page.goto(f"{site_url}/{edition}book/dice.html", wait_until="load")
        page.wait_for_function("() => window.rbLayout && document.querySelector('.rb-answer')")
        page.evaluate("window.rbLayout.update()")
        found = page.evaluate(PERCENT_TEXTS_JS)
        assert found, edition
        assert all(text[-2] == "\u00a0" for text in found), found
    assert log.problems() == []


SCROLLERS_JS = """() => Array.from(document.querySelectorAll('[data-rb-scroll]')).map(e => ({
    wider: e.scrollWidth > e.clientWidth,
    cue: getComputedStyle(e).backgroundImage,
    table: !!e.querySelector('table'),
}))"""


def test_a_table_wider_than_a_phone_shows_that_it_scrolls(site_url, guarded_page):
    page, log = guarded_page(width=390, height=844)
    for edition in ("", "fr/"):
        page.goto(f"{site_url}/{edition}book/comparing-systems.html", wait_until="load")
        page.wait_for_timeout(500)
        page.evaluate("window.rbA11y.update()")
        scrollers = [s for s in page.evaluate(SCROLLERS_JS) if s["table"]]
        assert scrollers, edition
        for found in scrollers:
            assert found["wider"] and found["cue"].count("gradient(") == 4, found
    assert log.problems() == []


def test_a_printed_reference_has_no_empty_contents_heading(site_url, guarded_page):
    page, log = guarded_page(width=1200, height=900)
    for edition in ("", "fr/"):
        page.goto(f"{site_url}/{edition}book/reference-unisystem.html", wait_until="load")
        page.emulate_media(media="print")
        headings = page.evaluate(
            "() => Array.from(document.querySelectorAll('h1, h2, h3'))"
            ".filter(h => h.getClientRects().length).map(h => h.textContent.trim())"
        )
        assert "Contents" not in headings and "Sommaire" not in headings, headings
        # (The theme's printed table of contents: its list was hidden, its heading was not.)
        assert page.evaluate(
            "() => !document.querySelector('#jb-print-toc').getClientRects().length"
        )
        assert headings and not any(h == "" for h in headings), headings
        page.emulate_media(media="screen")
    assert log.problems() == []
