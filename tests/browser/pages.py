"""Each page of the book loaded once per look, and every static-page check run on that load.

A look is a width: ``desktop`` (1200 x 900) and ``phone`` (390 x 844, device
scale 2). The page is opened as a reader without Python sees it: the live
runtime (``live/``) is not served, so every calculator shows its build-time
answer, and service workers are blocked (no precache of the whole book
competes with the checks). What the checks read, in this order:

* desktop, light: what the page renders (``render``: its calculators, each
  one's box, text and charts, the console and the requests;
  ``tests/browser/test_static_site.py``), axe-core with every rule
  (``axe:light``), the answer regions (``answers``), the chart tools
  (``charts``: each view clicked in turn, back to the first);
* desktop, dark (the reader's colour scheme turned dark; the theme follows
  it): axe-core again with the rules that read colours (``axe:dark``:
  :data:`THEME_RULES`; the theme changes colours only, so the other rules of
  the light run hold in the dark one, and they were half of its time); then an error message is put in as a
  calculator shows it and the contrast of every calculator text is measured
  in the dark and the light theme (``contrast:dark``, ``contrast:light``;
  ``tests/browser/test_readability.py``);
* phone: axe-core without colour contrast (``axe:phone``: the colours do not
  change with the width), the labels that do not fit (``labels``), what
  reaches past the screen or its calculator (``overflow``).

The tests of ``test_accessibility.py``, ``test_readability.py`` and
``test_static_site.py`` each read what they check from the audit of their
page and look (:func:`page_audit`); the first test to ask loads the page and
runs every check, the others read the results (one load per page and look
instead of one per check: issue 36). A check that fails to run fails the
tests that read it, with its own error; the others still get their results.
Screenshots (``tests/browser/output/``): ``static-<page>.png`` (desktop,
light) and its first calculator, ``readability-dark-<page>.png`` (with the
error message put in) and ``readability-phone-<page>.png`` (in CSS pixels).
They show the first screen of the page; the whole page when the environment
sets ``RULEBOOK_SCREENSHOTS=full`` (no check reads a screenshot, and the
whole-page ones of pages up to 43,000 px tall took a third of the page
audits' time: 5 to 13 s each on the Chroniques and Unisystem combat pages).
"""

from __future__ import annotations

import functools
import os
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from rulebook_py.widgets.format import error_html

from .site import expected_calculators

__all__ = [
    "ALSO_CLEAN",
    "BLOCKING",
    "LOOKS",
    "MIN_CONTRAST",
    "THEME_RULES",
    "Audit",
    "audit_page",
    "describe",
    "get_audit",
    "open_static",
    "run_axe",
    "screenshot",
    "settle",
]

LOOKS = {
    "desktop": {"viewport": {"width": 1200, "height": 900}},
    "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2},
}
THEMES = ("light", "dark")
#: WCAG AA for text.
MIN_CONTRAST = 4.5
BLOCKING = {"serious", "critical"}
#: Rules of lower impact that the book keeps clean as well (they are part of axe's full run).
ALSO_CLEAN = ["heading-order", "empty-table-header"]
#: The axe rules that read colours: the only ones the dark theme can change.
THEME_RULES = ["color-contrast", "link-in-text-block"]
#: The error message put into every fifth empty message of a calculator before contrast is read.
SAMPLE_ERROR = "‘x’ is not a number: type 0 to 99"


def screenshot(page, path: Path, **options: Any) -> None:
    """Save what the page shows: its first screen, or all of it with ``RULEBOOK_SCREENSHOTS=full``."""
    full = os.environ.get("RULEBOOK_SCREENSHOTS", "") == "full"
    page.screenshot(path=str(path), full_page=full, **options)


@functools.cache
def axe_source() -> str:
    """axe-core's script, as the ``axe-playwright-python`` wheel ships it."""
    try:
        from axe_playwright_python.base import AXE_FILE_PATH
    except ImportError:  # pragma: no cover - requirements.txt installs it
        pytest.fail("axe-playwright-python is missing: make venv (requirements.txt) installs it")
    return AXE_FILE_PATH.read_text(encoding="utf-8")


def run_axe(page, rules: list[str] | None = None, disabled: dict | None = None) -> list[dict]:
    """axe's violations on the page (all rules, or only ``rules``; minus ``disabled``)."""
    return _axe(page, rules, disabled)["violations"]


def _axe(page, rules: list[str] | None = None, disabled: dict | None = None) -> dict:
    """axe's violations, the ids of every rule it ran and the page's theme."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_source())
    options: dict = {"resultTypes": ["violations"]}
    if rules:
        options["runOnly"] = {"type": "rule", "values": rules}
    if disabled:
        options["rules"] = disabled
    return page.evaluate(
        """async options => {
            const r = await axe.run(document, options);
            const ran = [...r.passes, ...r.violations, ...r.incomplete, ...r.inapplicable];
            return {violations: r.violations, ran: ran.map(x => x.id),
                    theme: document.documentElement?.dataset.theme};
        }""",
        options,
    )


def describe(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {v['help']}")
        for node in v["nodes"][:5]:
            summary = " ".join(node.get("failureSummary", "").split())[:200]
            lines.append(f"    {' '.join(node['target'])}: {summary}")
    return "\n".join(lines)


def settle(page, page_name: str) -> None:
    """Wait until the page's calculators are rendered and rb-a11y.js has gone over them."""
    expected = expected_calculators(page_name)
    if expected:
        page.wait_for_function(
            "n => document.querySelectorAll('.rb-calculator').length >= n",
            arg=expected,
            timeout=120_000,
        )
    page.wait_for_function("() => !!document.documentElement?.dataset.rbLive", timeout=120_000)
    # Let late scripts (MathJax, widget typesetting) report their errors.
    page.wait_for_timeout(500)
    assert page.evaluate("() => typeof window.rbA11y === 'object'"), "rb-a11y.js is not loaded"
    page.evaluate("() => window.rbA11y.update()")


def turn(page, theme: str) -> None:
    """The reader's colour scheme turns to ``theme``; the theme follows it."""
    page.emulate_media(color_scheme=theme)
    page.wait_for_function("theme => document.documentElement?.dataset.theme === theme", arg=theme)
    page.wait_for_timeout(600)  # the theme's colour transitions
    page.evaluate("() => window.rbA11y.update()")


def open_static(guarded_page, site_url: str, page_name: str, theme: str, look: str) -> object:
    """A page of the site as a reader without Python sees it (live runtime not served)."""
    viewport = LOOKS[look]["viewport"]
    page, _log = guarded_page(
        width=viewport["width"], height=viewport["height"], color_scheme=theme
    )
    page.route("**/live/**", lambda route, _request: route.abort())
    page.goto(f"{site_url}/{page_name}.html", wait_until="load")
    settle(page, page_name)
    assert page.evaluate("document.documentElement?.dataset.theme") == theme
    return page


# ------------------------------------------------------------------ what the checks read
RENDER_JS = """calcs => calcs.map(c => {
    const r = c.getBoundingClientRect();
    return {visible: r.width > 0 && r.height > 0 && getComputedStyle(c).visibility !== 'hidden',
            width: r.width, height: r.height, text: c.innerText,
            svgs: c.querySelectorAll('svg').length};
})"""

ANSWERS_JS = """() => Array.from(document.querySelectorAll('.rb-calculator')).map(calc => {
  const own = Array.from(calc.querySelectorAll('.rb-answer'))
    .filter(a => a.closest('.rb-calculator') === calc);
  return {
    calculator: calc.className.replace(/^.*\\brb-calc-(\\w+).*$/, '$1'),
    answers: own.length,
    role: own.length ? own[0].getAttribute('role') : null,
    live: own.length ? own[0].getAttribute('aria-live') : null,
    text: own.length ? own[0].textContent.trim().length : 0,
  };
})"""

CUT_JS = """() => Array.from(document.querySelectorAll(
    '.rb-calculator .widget-checkbox .widget-label-basic, .rb-calculator .widget-label'))
  .filter(el => el.getClientRects().length && el.textContent.trim())
  .filter(el => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
  .map(el => `${el.textContent.trim()} (${el.clientWidth} of ${el.scrollWidth} px shown)`)"""

# Contrast of text against what is behind it: the first opaque background up
# the tree (semi-transparent layers blended over it), the page's if none.
CONTRAST_JS = r"""
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
OVERFLOW_JS = r"""
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
    if (!sel.getClientRects().length) continue;  // not shown: a folded section, a control that does not count
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

SHOWN_VIEWS_JS = (
    "svg => [...svg.querySelectorAll('g[class^=rb-v-]')]"
    ".filter(g => getComputedStyle(g).display !== 'none').map(g => g.getAttribute('class'))"
)


def _theme(page) -> str:
    return page.evaluate("document.documentElement?.dataset.theme")


def read_render(page, log, output_dir: Path, stem: str) -> dict[str, Any]:
    """What the page renders: its calculators (box, text, charts), console and requests."""
    calculators = page.locator(".rb-calculator")
    shown = calculators.evaluate_all(RENDER_JS)
    screenshot(page, output_dir / f"static-{stem}.png")
    if shown:
        calculators.first.screenshot(path=str(output_dir / f"static-{stem}-calculator.png"))
    return {"calculators": shown, "problems": log.problems()}


def read_charts(page) -> list[dict[str, Any]]:
    """Each chart's tools, and the views shown as it opens and after each view is clicked."""
    charts = page.locator(".rb-calculator svg.rb-chart")
    found = []
    for i in range(charts.count()):
        chart = charts.nth(i)
        tools = chart.locator("xpath=following-sibling::div[1]")
        link = tools.locator("a.rb-csv")
        details = tools.locator("details.rb-data")
        facts: dict[str, Any] = {
            "tools": tools.get_attribute("class"),
            "download": link.get_attribute("download"),
            "href": (link.get_attribute("href") or "")[:20],
            "open": details.evaluate("d => d.open"),
            "captions": details.locator("table caption").count(),
            "views": chart.evaluate(SHOWN_VIEWS_JS),
            "switch": tools.locator("[data-view]").count() > 0,
            "clicked": {},
        }
        if facts["switch"]:
            chart.scroll_into_view_if_needed()
            for view in ("atleast", "atmost", "pmf"):  # every view the chart has, in turn
                if tools.locator(f'[data-view="{view}"]').count():
                    tools.locator(f'[data-view="{view}"]').click()
                    facts["clicked"][view] = chart.evaluate(SHOWN_VIEWS_JS)
        found.append(facts)
    return found


def read_contrast(page) -> dict[str, Any]:
    """The contrast of every calculator text (one list per calculator), in the current theme."""
    calculators = page.locator(".rb-calculator")
    return {
        "theme": _theme(page),
        "calculators": [
            calculators.nth(i).evaluate(CONTRAST_JS) for i in range(calculators.count())
        ],
    }


def read_overflow(page, output_dir: Path, stem: str) -> dict[str, Any]:
    """On a phone: the page's width, each calculator's right edge and what passes it."""
    calculators = page.locator(".rb-calculator")
    found = {"width": page.evaluate("document.documentElement.scrollWidth"), "calculators": []}
    for i in range(calculators.count()):
        box = calculators.nth(i).bounding_box()
        right = None if box is None else box["x"] + box["width"]
        found["calculators"].append(
            {"right": right, "problems": calculators.nth(i).evaluate(OVERFLOW_JS)}
        )
    # (In CSS pixels: the phone's device scale 2 made each shot 4 times the pixels, up to
    # 13 MB of PNG and three times the time, for the same layout.)
    screenshot(page, output_dir / f"readability-phone-{stem}.png", scale="css")
    return found


@dataclass
class Audit:
    """What the checks of one page in one look found (or the error that stopped each)."""

    page: str
    look: str
    results: dict[str, Any] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)

    def __getitem__(self, check: str) -> Any:
        if check in self.errors:
            pytest.fail(
                f"{self.page}, {self.look}: {check} could not be read:\n{self.errors[check]}"
            )
        if check not in self.results:
            pytest.fail(f"{self.page}, {self.look}: no check {check!r} was run")
        return self.results[check]

    def run(self, check: str, read: Callable[[], Any], needs: tuple[str, ...] = ()) -> None:
        """Run one check, keeping what it found or the error that stopped it (or a step it needs)."""
        for step in needs:
            if step in self.errors:
                self.errors[check] = f"(it needs {step}, which failed)\n{self.errors[step]}"
                return
        try:
            self.results[check] = read()
        except Exception:  # (kept for the tests that read it; the other checks go on)
            self.errors[check] = traceback.format_exc(limit=8)


def audit_page(guarded_page, site_url: str, output_dir: Path, page_name: str, look: str) -> Audit:
    """Load ``page_name`` once in ``look`` (light) and run every check of that look on it."""
    audit = Audit(page_name, look)
    stem = page_name.replace("/", "-")
    options = LOOKS[look]
    page, log = guarded_page(
        width=options["viewport"]["width"],
        height=options["viewport"]["height"],
        device_scale_factor=options.get("device_scale_factor", 1),
        color_scheme="light",
        service_workers="block",
    )
    page.route("**/live/**", lambda route, _request: route.abort())

    def load() -> str:
        page.goto(f"{site_url}/{page_name}.html", wait_until="load")
        settle(page, page_name)
        return _theme(page)

    audit.run("load", load)
    if "load" in audit.errors:  # nothing else can be read: every check fails with it
        for check in CHECKS[look]:
            audit.errors[check] = audit.errors["load"]
        return audit
    if look == "desktop":
        audit.run("render", lambda: read_render(page, log, output_dir, stem))
        audit.run("axe:light", lambda: _axe(page))
        audit.run("answers", lambda: page.evaluate(ANSWERS_JS))
        audit.run("charts", lambda: read_charts(page))
        audit.run("dark", lambda: turn(page, "dark"))
        audit.run("axe:dark", lambda: _axe(page, rules=THEME_RULES), needs=("dark",))
        # An error message as a calculator shows it (no Python runs here to cause one).
        audit.run(
            "message",
            lambda: page.evaluate(
                """html => document.querySelectorAll('.rb-calculator .widget-html-content:empty')
                       .forEach((e, i) => { if (i % 5 === 0) e.innerHTML = html; })""",
                error_html(SAMPLE_ERROR),
            ),
        )
        for theme, needs in (("dark", ("dark", "message")), ("light", ("light again", "message"))):
            if theme == "light":
                audit.run("light again", lambda: turn(page, "light"))

            def contrast(theme: str = theme) -> dict[str, Any]:
                found = read_contrast(page)
                if theme == "dark":  # (light: static-<page>.png, before the message)
                    shot = output_dir / f"readability-{theme}-{stem}.png"
                    screenshot(page, shot)
                return found

            audit.run(f"contrast:{theme}", contrast, needs=needs)
    else:
        audit.run("axe:phone", lambda: _axe(page, disabled={"color-contrast": {"enabled": False}}))
        audit.run("labels", lambda: page.evaluate(CUT_JS))
        audit.run("overflow", lambda: read_overflow(page, output_dir, stem))
    return audit


#: The checks of each look (a failed load fails each of them).
CHECKS = {
    "desktop": [
        "load",
        "render",
        "axe:light",
        "answers",
        "charts",
        "dark",
        "axe:dark",
        "message",
        "light again",
        "contrast:dark",
        "contrast:light",
    ],
    "phone": ["load", "axe:phone", "labels", "overflow"],
}

#: Audits already made in this process (a page and look is loaded once for every test file).
_AUDITS: dict[tuple[str, str], Audit] = {}


def get_audit(guarded_page, site_url: str, output_dir: Path, page_name: str, look: str) -> Audit:
    """The audit of a page in a look, made on the first request (see the module)."""
    key = (page_name, look)
    if key not in _AUDITS:
        _AUDITS[key] = audit_page(guarded_page, site_url, output_dir, page_name, look)
    return _AUDITS[key]
