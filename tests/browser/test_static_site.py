"""The published website in headless Chromium, with the network unplugged.

For every page of ``_toc.yml``: it loads with no console error and no
uncaught error, no request leaves 127.0.0.1, and every calculator the page
displays (an element of CSS class ``rb-calculator``) is rendered from the
stored widget state, visible, with its build-time answer. The page is read
as a reader without Python sees it, on the desktop load that the
accessibility and readability checks read too (``tests/browser/pages.py``);
whether the calculators come alive, with no console error either, is
``test_live_site.py``'s. A screenshot of each page (its first screen; the
whole page with ``RULEBOOK_SCREENSHOTS=full``) and of its first calculator
is saved under ``tests/browser/output/``.
"""

from __future__ import annotations

import re

import pytest

from .site import expected_calculators, expected_charts, toc_pages

PAGES = toc_pages()


def test_toc_lists_the_dice_chapter():
    # The discovery itself: a broken _toc.yml reader would test nothing.
    assert "book/dice" in PAGES
    assert PAGES[0] == "book/intro"


@pytest.mark.parametrize("page_name", PAGES)
def test_page_renders_offline(page_name, built_site, page_audit):
    expected = expected_calculators(page_name)
    charts = expected_charts(page_name)
    found = page_audit(page_name)["render"]
    calculators = found["calculators"]
    assert len(calculators) == expected
    for i, calculator in enumerate(calculators):
        assert calculator["visible"], f"calculator {i} of {page_name} is hidden"
        assert calculator["width"] > 100 and calculator["height"] > 50
        # The build-time answer is there: the exact-answer table or text.
        text = calculator["text"]
        assert len(text.strip()) > 20, f"calculator {i} of {page_name} shows no answer: {text!r}"
        assert "Traceback" not in text
        # Its build-time chart(s) too: every SVG of its stored state is drawn.
        assert calculator["svgs"] >= charts[i], f"calculator {i} of {page_name}"
    assert found["problems"] == []


def test_some_page_has_calculators(built_site):
    # Guards the count above against a widget-state reader that finds nothing.
    assert sum(expected_calculators(page) for page in PAGES) >= 1
    assert expected_calculators("book/dice") >= 1
    assert expected_charts("book/dice")[0] >= 1  # the dice calculator draws its distribution


def test_no_built_page_loads_a_remote_resource(built_site):
    # Every HTML file of the site (search page, index, live apps included): scripts,
    # stylesheets, images and frames come from the site itself. Links to other
    # sites (<a href>) are allowed: they load nothing.
    remote = re.compile(
        r"<(?:script|link|img|iframe|source)\b[^>]*\b(?:src|href)=[\"']?(?:https?:)?//", re.I
    )
    offenders = []
    pages = list(built_site.rglob("*.html"))
    assert len(pages) > len(PAGES)
    for path in pages:
        for match in remote.finditer(path.read_text(encoding="utf-8", errors="replace")):
            offenders.append(f"{path.relative_to(built_site)}: {match.group(0)[:120]}")
    assert offenders == []


def test_no_page_runs_the_theme_s_svg_icons_and_only_search_pages_the_index(built_site):
    # The theme's icon script (1.5 MB, its run held the main thread ~160 ms just as a
    # first change after live came) is in no page; Sphinx's search index only in each
    # edition's search page, where it loads once the page has settled.
    named = {}
    for path in built_site.rglob("*.html"):
        if "_static" in path.parts:  # (the theme's own templates, which no page is)
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for script in ("fontawesome.js", "searchindex.js", "searchtools.js"):
            if script in text:
                named.setdefault(script, []).append(path.relative_to(built_site).as_posix())
    assert "fontawesome.js" not in named
    assert sorted(named["searchindex.js"]) == ["fr/search.html", "search.html"]
    assert sorted(named["searchtools.js"]) == ["fr/search.html", "search.html"]


def test_chapter_opens_from_disk(built_site, guarded_page):
    # A reader may open the built page straight from disk (file://): the calculators
    # render from the stored state, and the page says once why they are not live.
    page, log = guarded_page()
    page.goto((built_site / "book" / "dice.html").as_uri(), wait_until="load")
    expected = expected_calculators("book/dice")
    page.wait_for_function(
        "n => document.querySelectorAll('.rb-calculator[data-live]').length >= n",
        arg=expected,
        timeout=120_000,
    )
    assert page.evaluate("document.documentElement?.dataset.rbLive") == "failed"
    states = page.evaluate(
        "() => Array.from(document.querySelectorAll('.rb-calculator')).map(c => c.dataset.live)"
    )
    assert states == ["failed"] * expected
    notes = page.locator(".rb-live-note")
    assert notes.count() == 1
    assert "served over http" in notes.inner_text()
    assert "computed when the book was built" in notes.inner_text()
    assert log.problems() == []


def test_a_control_rendered_late_is_named_once_the_page_settles(built_site, guarded_page):
    """rb-a11y.js names a control without a visible label by its tooltip on its own, after
    the page has settled and at idle, a calculator at a time (no call of its update)."""
    page, log = guarded_page()
    page.goto((built_site / "book" / "dice.html").as_uri(), wait_until="load")
    page.evaluate(
        """() => {
            const calcs = document.querySelectorAll('.rb-calculator');
            calcs.forEach((calc, n) => {
                const box = document.createElement('input');
                box.id = 'rb-probe-' + n;
                box.title = 'Probe ' + n + ': a tooltip';
                calc.appendChild(box);
            });
        }"""
    )
    names = page.wait_for_function(
        """() => {
            const boxes = Array.from(document.querySelectorAll('input[id^=rb-probe-]'));
            return boxes.every(b => b.getAttribute('aria-label')) && boxes.map(b => b.ariaLabel);
        }""",
        timeout=20_000,
    ).json_value()
    assert names == [f"Probe {n}: a tooltip" for n in range(expected_calculators("book/dice"))]
    assert log.problems() == []


def test_page_without_calculators_stays_static(site_url, guarded_page):
    page, log = guarded_page()
    page.goto(f"{site_url}/book/glossary.html", wait_until="load")
    assert expected_calculators("book/glossary") == 0
    assert page.evaluate("document.documentElement?.dataset.rbLive") == "static"
    assert log.problems() == []


PROBE_JS = r"""() => {
    const probe = document.createElement('span');
    probe.id = 'rb-math-probe';
    probe.textContent = '\\(x^2\\)';
    document.body.appendChild(probe);
    window.MathJax.Hub.Queue(['Typeset', window.MathJax.Hub, probe]);
}"""


def test_widget_math_call_exists_before_mathjax_and_typesets(site_url, built_site, guarded_page):
    """ipywidgets calls MathJax 2's ``Hub.Queue``; the widgets render at DOMContentLoaded,
    possibly before MathJax 3 has loaded: the call must exist then and wait for MathJax."""
    page, log = guarded_page()
    page.goto(f"{site_url}/book/dice.html", wait_until="domcontentloaded")
    assert page.evaluate("typeof window.MathJax.Hub.Queue") == "function"
    # Not an option MathJax would read from its configuration.
    assert "Hub" not in page.evaluate("Object.keys(window.MathJax)")
    page.evaluate(PROBE_JS)
    page.locator("#rb-math-probe mjx-container").wait_for(timeout=120_000)
    # The loaded MathJax 3 has the call too, and the chapter's own math is typeset.
    assert page.evaluate("typeof window.MathJax.typesetPromise") == "function"
    assert page.evaluate("typeof window.MathJax.Hub.Queue") == "function"
    assert page.locator("mjx-container").count() > 1
    assert log.problems() == []
