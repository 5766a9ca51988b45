"""Accessible to every reader: axe-core on every page of the built book (issue 28).

Measured in headless Chromium (``/usr/bin/chromium``) with axe-core (the copy
the ``axe-playwright-python`` wheel ships, injected into the page):

* **No serious or critical violation** on any page of ``_toc.yml``, in the
  light and the dark theme (the site follows ``prefers-color-scheme``) at
  desktop width, and on a phone (390 px) every rule but colour contrast (the
  site's colours do not change with the width; contrast is most of axe's
  time: 14 of 29 s on the mass-battle page). The pages are audited as a reader
  without Python sees them (the live runtime is not served, so every
  calculator shows its build-time answer and the page's note says so); the
  live dice chapter is audited once Python is ready, after a change.
* **Lower impact, fixed too**: heading order and empty table headers.
* **Every answer is announced**: the answer region (``.rb-answer``) of every
  ``.rb-calculator`` is a polite live region (``role="status"``,
  ``aria-live="polite"``), static and live.
* **Checkbox labels wrap on a phone** instead of ending in "…".

Screenshots of the dice, mass-battle and glossary pages in both themes at
both widths go to ``tests/browser/output/``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import pytest

from .live import notebook_calculator_count
from .site import ROOT, expected_calculators, toc_pages

PAGES = toc_pages()
#: Chapters whose notebook displays calculators (read from the sources: the
#: suite is collected before the site is built).
CALCULATOR_PAGES = [
    p
    for p in PAGES
    if (ROOT / f"{p}.ipynb").exists() and notebook_calculator_count(ROOT / f"{p}.ipynb")
]
LOOKS = {
    "desktop": {"width": 1200, "height": 900},
    "phone": {"width": 390, "height": 844},
}
THEMES = ("light", "dark")
BLOCKING = {"serious", "critical"}
#: Rules of lower impact that the book keeps clean as well.
ALSO_CLEAN = ["heading-order", "empty-table-header"]
SCREENSHOTS = {"book/dice", "book/mass-battle", "book/glossary"}
READY_TIMEOUT_MS = 180_000


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
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_source())
    options: dict = {"resultTypes": ["violations"]}
    if rules:
        options["runOnly"] = {"type": "rule", "values": rules}
    if disabled:
        options["rules"] = disabled
    return page.evaluate("options => axe.run(document, options)", options)["violations"]


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
            timeout=60_000,
        )
    page.wait_for_function("() => !!document.documentElement.dataset.rbLive", timeout=60_000)
    page.wait_for_timeout(300)
    assert page.evaluate("() => typeof window.rbA11y === 'object'"), "rb-a11y.js is not loaded"
    page.evaluate("() => window.rbA11y.update()")


@pytest.fixture
def static_page(guarded_page, site_url) -> Callable[..., object]:
    """Factory: a page of the site as a reader without Python sees it (live runtime not served)."""

    def make(page_name: str, theme: str = "light", look: str = "desktop") -> object:
        viewport = LOOKS[look]
        page, _log = guarded_page(
            width=viewport["width"], height=viewport["height"], color_scheme=theme
        )
        page.route("**/live/**", lambda route, _request: route.abort())
        page.goto(f"{site_url}/{page_name}.html", wait_until="load")
        settle(page, page_name)
        assert page.evaluate("document.documentElement.dataset.theme") == theme
        return page

    return make


@pytest.mark.parametrize("look", list(LOOKS))
@pytest.mark.parametrize("page_name", PAGES)
def test_no_serious_or_critical_violation(page_name, look, static_page, output_dir):
    """Every page, light and dark, at desktop width and at 390 px: nothing serious or critical.

    The page is loaded once for each width, light; then the reader's colour
    scheme turns dark (the theme follows it) and the page is checked again.
    """
    page = static_page(page_name, "light", look)
    failures = []
    # Colour contrast (most of axe's time) is checked at desktop width in both
    # themes: the site's colours do not change with the width. On a phone every
    # other rule runs (landmarks, names, targets, the layout), in the light theme.
    themes = THEMES if look == "desktop" else ("light",)
    skip = None if look == "desktop" else {"color-contrast": {"enabled": False}}
    for theme in themes:
        if theme != "light":
            page.emulate_media(color_scheme=theme)
            page.wait_for_function(
                "theme => document.documentElement.dataset.theme === theme", arg=theme
            )
            page.wait_for_timeout(600)  # the theme's colour transitions
            page.evaluate("() => window.rbA11y.update()")
        if page_name in SCREENSHOTS:
            stem = page_name.replace("/", "-")
            shot = output_dir / f"a11y-{stem}-{theme}-{look}.png"
            page.screenshot(path=str(shot), full_page=True)
        blocking = [v for v in run_axe(page, disabled=skip) if v["impact"] in BLOCKING]
        if blocking:
            failures.append(f"{theme}:\n{describe(blocking)}")
    assert failures == [], f"{page_name}, {look}: " + "\n".join(failures)


@pytest.mark.parametrize("page_name", PAGES)
def test_heading_order_and_table_headers(page_name, static_page):
    page = static_page(page_name)
    found = run_axe(page, ALSO_CLEAN)
    assert found == [], f"{page_name}:\n{describe(found)}"


_ANSWERS_JS = """() => Array.from(document.querySelectorAll('.rb-calculator')).map(calc => {
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


@pytest.mark.parametrize("page_name", CALCULATOR_PAGES)
def test_every_answer_is_announced(page_name, static_page):
    page = static_page(page_name)
    found = page.evaluate(_ANSWERS_JS)
    assert len(found) == expected_calculators(page_name)
    silent = [
        f"{a['calculator']}: {a['answers']} answer regions, role={a['role']!r}, "
        f"aria-live={a['live']!r}"
        for a in found
        if a["answers"] != 1 or a["role"] != "status" or a["live"] != "polite"
    ]
    assert silent == [], f"{page_name}: answers a screen reader does not hear:\n" + "\n".join(
        silent
    )
    assert all(a["text"] for a in found), "a calculator shows an empty build-time answer"


_CUT_JS = """() => Array.from(document.querySelectorAll(
    '.rb-calculator .widget-checkbox .widget-label-basic, .rb-calculator .widget-label'))
  .filter(el => el.getClientRects().length && el.textContent.trim())
  .filter(el => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
  .map(el => `${el.textContent.trim()} (${el.clientWidth} of ${el.scrollWidth} px shown)`)"""


@pytest.mark.parametrize("page_name", CALCULATOR_PAGES)
def test_labels_wrap_on_a_phone(page_name, static_page):
    page = static_page(page_name, "light", "phone")
    cut = page.evaluate(_CUT_JS)
    assert cut == [], f"{page_name}: labels cut on a phone:\n" + "\n".join(cut)


def test_live_answer_is_announced_and_page_stays_clean(site_url, guarded_page, output_dir):
    """Once Python runs, a change rewrites the same polite answer region; axe stays clean."""
    page_name = "book/dice"
    expected = expected_calculators(page_name)
    page, log = guarded_page(color_scheme="dark")
    page.goto(f"{site_url}/{page_name}.html", wait_until="load")
    page.wait_for_function(
        "() => ['ready', 'failed'].includes(document.documentElement.dataset.rbLive)",
        timeout=READY_TIMEOUT_MS,
    )
    assert page.evaluate("document.documentElement.dataset.rbLive") == "ready"
    calc = page.locator(".rb-calc-DiceCalculator").first
    answer = calc.locator(".rb-answer").first
    before = answer.inner_text()
    page.evaluate("() => { window.rbAnswerSeen = document.querySelector('.rb-answer'); }")
    box = calc.locator("input").first
    box.fill("3d6")
    box.press("Enter")
    page.wait_for_function(
        "before => document.querySelector('.rb-calc-DiceCalculator .rb-answer')"
        ".innerText !== before",
        arg=before,
        timeout=30_000,
    )
    assert "3d6" in answer.inner_text()
    same = page.evaluate("() => window.rbAnswerSeen === document.querySelector('.rb-answer')")
    assert same, "the live answer replaced its region instead of rewriting it"
    assert answer.get_attribute("role") == "status"
    assert answer.get_attribute("aria-live") == "polite"
    found = page.evaluate(_ANSWERS_JS)
    assert len(found) == expected
    assert all(a["role"] == "status" and a["live"] == "polite" for a in found)
    # (Checked before axe runs: axe re-reads the theme's @import of basic.css from
    # the site's root, a 404 of its own.)
    assert log.problems() == []
    page.evaluate("() => window.rbA11y.update()")
    blocking = [v for v in run_axe(page) if v["impact"] in BLOCKING]
    page.screenshot(path=str(output_dir / "a11y-live-dice-dark.png"))
    assert blocking == [], describe(blocking)
