"""Readable at the table: every calculator of the built site in light, dark and on a phone.

Measured in headless Chromium on the static pages (no Python):

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

Screenshots of every page in the three looks go to ``tests/browser/output/``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rulebook_py.widgets.format import error_html

from .conftest import is_local
from .site import expected_calculators, toc_pages

PAGES = [page for page in toc_pages() if page != "book/intro"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2}
MIN_CONTRAST = 4.5

# Contrast of text against what is behind it: the first opaque background up
# the tree (semi-transparent layers blended over it), the page's if none.
_CONTRAST_JS = r"""
(calc) => {
  const parse = (c) => {
    const m = c.match(/rgba?\(([^)]+)\)/);
    if (!m) return [0, 0, 0, 0];
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const over = (top, under) => {
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat([1]);
  };
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const bg = parse(getComputedStyle(e).backgroundColor);
      if (bg[3] > 0) { layers.push(bg); if (bg[3] >= 1) break; }
    }
    let colour = [255, 255, 255, 1];
    for (const layer of layers.reverse()) colour = over(layer, colour);
    return colour;
  };
  const ratio = (a, b) => {
    const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
  };
  const parts = {
    title: ".rb-title",
    label: ".widget-label, .widget-checkbox span, .rb-views label, .rb-data > summary, .rb-code > summary",
    input: "select, input[type=text], input[type=number], textarea",
    table: ".rb-table td, .rb-table th",
    chart: "svg.rb-chart text",
    tools: "a.rb-csv",
    roll: ".rb-roll",
    message: ".rb-error, .rb-note, .widget-html-content > p",
    button: "button.jupyter-button",
  };
  const found = [];
  for (const [part, selector] of Object.entries(parts)) {
    for (const el of calc.querySelectorAll(selector)) {
      if (!visible(el) || !(el.textContent || el.value || "").trim()) continue;
      const style = getComputedStyle(el);
      const fg = parse(el instanceof SVGElement ? style.fill : style.color);
      const bg = background(el instanceof SVGElement ? el.closest("svg") : el);
      const text = (el.textContent || el.value || "").trim().slice(0, 40);
      found.push({ part, text, ratio: ratio(over(fg, bg), bg) });
    }
  }
  return found;
}
"""

# Horizontal overflow on a phone: controls past the calculator's edge (outside
# a scrolling box) and dropdowns narrower than the choice they show.
_OVERFLOW_JS = r"""
(calc) => {
  const problems = [];
  const edge = calc.getBoundingClientRect().right + 0.5;
  const scrolls = (el) => {
    for (let p = el.parentElement; p && p !== calc; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === "auto" || o === "scroll") return true;
    }
    return false;
  };
  for (const el of calc.querySelectorAll("select, input, textarea, button, label, svg, table, .widget-html-content")) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > edge && !scrolls(el)) {
      problems.push(`${el.tagName.toLowerCase()} "${(el.title || el.textContent || "").trim().slice(0, 30)}" ends at ${Math.round(r.right)} px, past the calculator (${Math.round(edge)} px)`);
    }
  }
  const ctx = document.createElement("canvas").getContext("2d");
  for (const sel of calc.querySelectorAll("select:not([multiple])")) {
    const s = getComputedStyle(sel);
    ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    const text = sel.options[sel.selectedIndex] ? sel.options[sel.selectedIndex].text : "";
    const need = ctx.measureText(text).width + parseFloat(s.paddingLeft) + parseFloat(s.paddingRight)
      + parseFloat(s.borderLeftWidth) + parseFloat(s.borderRightWidth);
    const have = sel.getBoundingClientRect().width;
    if (need > have + 0.5) problems.push(`dropdown "${sel.title || text}" shows "${text}" in ${Math.round(have)} px, needs ${Math.round(need)} px`);
  }
  return problems;
}
"""


@pytest.fixture
def open_page(browser, site_url) -> Iterator[object]:
    """Factory: a page of the site in a new context (options as ``browser.new_context``)."""
    contexts = []

    def make(page_name: str, **options: object) -> object:
        context = browser.new_context(**options)
        contexts.append(context)
        context.route(
            "**/*",
            lambda route, request: route.continue_() if is_local(request.url) else route.abort(),
        )
        page = context.new_page()
        page.goto(f"{site_url}/{page_name}.html", wait_until="load")
        expected = expected_calculators(page_name)
        if expected:
            page.wait_for_function(
                "n => document.querySelectorAll('.rb-calculator').length >= n",
                arg=expected,
                timeout=30_000,
            )
        page.wait_for_timeout(300)
        return page

    yield make
    for context in contexts:
        context.close()


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("page_name", PAGES)
def test_every_calculator_text_has_aa_contrast(page_name, theme, open_page, output_dir):
    page = open_page(page_name, color_scheme=theme, viewport={"width": 1200, "height": 900})
    assert page.evaluate("document.documentElement.dataset.theme") == theme
    calculators = page.locator(".rb-calculator")
    assert calculators.count() == expected_calculators(page_name)
    # An error message as a calculator shows it (no Python runs here to cause one).
    page.evaluate(
        """html => document.querySelectorAll('.rb-calculator .widget-html-content:empty')
               .forEach((e, i) => { if (i % 5 === 0) e.innerHTML = html; })""",
        error_html("‘x’ is not a number: type 0 to 99"),
    )
    poor = []
    measured: set[str] = set()
    for i in range(calculators.count()):
        for item in calculators.nth(i).evaluate(_CONTRAST_JS):
            measured.add(item["part"])
            if item["ratio"] < MIN_CONTRAST:
                poor.append(
                    f"calculator {i} {item['part']} {item['text']!r}: {item['ratio']:.2f}:1"
                )
    stem = page_name.replace("/", "-")
    page.screenshot(path=str(output_dir / f"readability-{theme}-{stem}.png"), full_page=True)
    if calculators.count():
        assert {"title", "label", "input", "table", "roll", "message"} <= measured
    assert poor == [], f"{page_name} in the {theme} theme:\n" + "\n".join(poor)


@pytest.mark.parametrize("page_name", PAGES)
def test_nothing_overflows_a_phone(page_name, open_page, output_dir):
    page = open_page(page_name, **PHONE)
    width = page.evaluate("document.documentElement.scrollWidth")
    problems = [] if width <= 390 else [f"the page is {width} px wide"]
    calculators = page.locator(".rb-calculator")
    for i in range(calculators.count()):
        box = calculators.nth(i).bounding_box()
        assert box is not None
        if box["x"] + box["width"] > 390.5:
            problems.append(f"calculator {i} ends at {box['x'] + box['width']:.0f} px")
        problems += [f"calculator {i}: {p}" for p in calculators.nth(i).evaluate(_OVERFLOW_JS)]
    stem = page_name.replace("/", "-")
    page.screenshot(path=str(output_dir / f"readability-phone-{stem}.png"), full_page=True)
    assert problems == [], f"{page_name} at 390 px:\n" + "\n".join(problems)


def _shown_views(chart) -> list[str]:
    return chart.evaluate(
        "svg => [...svg.querySelectorAll('g[class^=rb-v-]')]"
        ".filter(g => getComputedStyle(g).display !== 'none').map(g => g.getAttribute('class'))"
    )


@pytest.mark.parametrize("page_name", PAGES)
def test_every_chart_switches_views_and_offers_its_table_and_csv(page_name, open_page):
    page = open_page(page_name, viewport={"width": 1200, "height": 900})
    charts = page.locator(".rb-calculator svg.rb-chart")
    with_views = 0
    for i in range(charts.count()):
        chart = charts.nth(i)
        tools = chart.locator("xpath=following-sibling::div[1]")
        assert tools.get_attribute("class") == "rb-chart-tools"
        link = tools.locator("a.rb-csv")
        assert link.get_attribute("download").endswith(".csv")
        assert link.get_attribute("href").startswith("data:text/csv")
        details = tools.locator("details.rb-data")
        assert details.evaluate("d => d.open") is False
        assert details.locator("table caption").count() == 1
        assert _shown_views(chart) == ["rb-v-pmf"]
        if tools.locator("[data-view]").count() == 0:
            continue
        with_views += 1
        chart.scroll_into_view_if_needed()
        # (every view the chart has: a running total has = and ≤ only, issue 37)
        views = [
            v for v in ("atleast", "atmost", "pmf") if tools.locator(f'[data-view="{v}"]').count()
        ]
        assert "pmf" in views and len(views) >= 2
        for view in views:
            tools.locator(f'[data-view="{view}"]').click()
            assert _shown_views(chart) == [f"rb-v-{view}"], f"chart {i} of {page_name}"
    if page_name == "book/dice":
        assert with_views >= 1  # the dice calculator's distribution has its views
