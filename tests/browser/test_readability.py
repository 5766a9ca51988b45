"""Readable at the table: every calculator of the built site in light, dark and on a phone.

Measured in headless Chromium on the static pages (no Python), each page
loaded once per width for every check (``tests/browser/pages.py``):

* **Contrast** (WCAG AA, at least 4.5:1): the title, the labels, the inputs'
  text, the answer's table cells, the chart's text, the chart tools, the
  messages (an error message is put in as a calculator shows it) and the
  roll of every calculator, against the background actually behind them, in
  the light and the dark theme (the site follows the reader's
  ``prefers-color-scheme``).
* **Phone** (390 px wide, device scale 2): the page does not scroll
  sideways, no control reaches past its calculator's right edge, and every
  dropdown is wide enough for the choice it shows.
* **Chart tools without Python**: the exactly / at least / at most switch
  (``data-view`` buttons) shows one view at a time, the table is a collapsed
  ``<details>``, and the CSV is a ``data:`` link with a ``.csv`` name.

Screenshots of every page in the three looks go to ``tests/browser/output/``
(``static-<page>.png`` for the light one; the first screen, the whole page
with ``RULEBOOK_SCREENSHOTS=full``).
"""

from __future__ import annotations

import pytest

from .pages import MIN_CONTRAST
from .site import expected_calculators, toc_pages

PAGES = [page for page in toc_pages() if page != "book/intro"]


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("page_name", PAGES)
def test_every_calculator_text_has_aa_contrast(page_name, theme, page_audit):
    found = page_audit(page_name)[f"contrast:{theme}"]
    assert found["theme"] == theme
    calculators = found["calculators"]
    assert len(calculators) == expected_calculators(page_name)
    poor = []
    measured: set[str] = set()
    for i, items in enumerate(calculators):
        for item in items:
            measured.add(item["part"])
            if item["ratio"] < MIN_CONTRAST:
                poor.append(
                    f"calculator {i} {item['part']} {item['text']!r}: {item['ratio']:.2f}:1"
                )
    if calculators:
        assert {"title", "label", "input", "table", "roll", "message"} <= measured
    assert poor == [], f"{page_name} in the {theme} theme:\n" + "\n".join(poor)


@pytest.mark.parametrize("page_name", PAGES)
def test_nothing_overflows_a_phone(page_name, page_audit):
    found = page_audit(page_name, "phone")["overflow"]
    width = found["width"]
    problems = [] if width <= 390 else [f"the page is {width} px wide"]
    for i, calculator in enumerate(found["calculators"]):
        assert calculator["right"] is not None
        if calculator["right"] > 390.5:
            problems.append(f"calculator {i} ends at {calculator['right']:.0f} px")
        problems += [f"calculator {i}: {p}" for p in calculator["problems"]]
    assert problems == [], f"{page_name} at 390 px:\n" + "\n".join(problems)


@pytest.mark.parametrize("page_name", PAGES)
def test_every_chart_switches_views_and_offers_its_table_and_csv(page_name, page_audit):
    with_views = 0
    for i, chart in enumerate(page_audit(page_name)["charts"]):
        assert chart["tools"] == "rb-chart-tools"
        assert chart["download"].endswith(".csv")
        assert chart["href"].startswith("data:text/csv")
        assert chart["open"] is False
        assert chart["captions"] == 1
        assert chart["views"] == ["rb-v-pmf"]
        if not chart["switch"]:
            continue
        with_views += 1
        # (every view the chart has: a running total has = and ≤ only, issue 37)
        views = list(chart["clicked"])
        assert "pmf" in views and len(views) >= 2, f"chart {i} of {page_name}: {views}"
        for view in views:
            assert chart["clicked"][view] == [f"rb-v-{view}"], f"chart {i} of {page_name}"
    if page_name == "book/dice":
        assert with_views >= 1  # the dice calculator's distribution has its views
