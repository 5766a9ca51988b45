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

Each page is loaded once per width, and every check of this file, of
``test_readability.py`` and of ``test_static_site.py`` reads what it needs
from that load (``tests/browser/pages.py``: axe's full run in the light
theme, then in the dark one, holds the heading-order and table-header rules
too). Screenshots of every page in both themes at both widths go to
``tests/browser/output/`` (``readability-*``, ``static-*``), and of the live
dice page in the dark theme (``a11y-live-dice-dark.png``).
"""

from __future__ import annotations

import pytest

from .live import notebook_calculator_count
from .pages import ALSO_CLEAN, ANSWERS_JS, BLOCKING, THEME_RULES, describe, run_axe
from .site import ROOT, expected_calculators, toc_pages

PAGES = toc_pages()
#: Chapters whose notebook displays calculators (read from the sources: the
#: suite is collected before the site is built).
CALCULATOR_PAGES = [
    p
    for p in PAGES
    if (ROOT / f"{p}.ipynb").exists() and notebook_calculator_count(ROOT / f"{p}.ipynb")
]
LOOKS = ("desktop", "phone")
READY_TIMEOUT_MS = 300_000


@pytest.mark.parametrize("look", LOOKS)
@pytest.mark.parametrize("page_name", PAGES)
def test_no_serious_or_critical_violation(page_name, look, page_audit):
    """Every page, light and dark, at desktop width and at 390 px: nothing serious or critical.

    The page is loaded once for each width, light; then the reader's colour
    scheme turns dark (the theme follows it) and the rules that read colours
    run again (the theme changes nothing else).
    Colour contrast (most of axe's time) is checked at desktop width in both
    themes: the site's colours do not change with the width. On a phone every
    other rule runs (landmarks, names, targets, the layout), in the light theme.
    """
    audit = page_audit(page_name, look)
    failures = []
    runs = (
        {"light": "axe:light", "dark": "axe:dark"} if look == "desktop" else {"light": "axe:phone"}
    )
    for theme, check in runs.items():
        found = audit[check]
        assert found["theme"] == theme, (
            f"{page_name}, {look}: axe ran on the {found['theme']} theme"
        )
        if look == "phone":
            assert "color-contrast" not in found["ran"]
        if theme == "dark":  # the rules that read colours, all of them
            assert set(found["ran"]) == set(THEME_RULES), found["ran"]
        blocking = [v for v in found["violations"] if v["impact"] in BLOCKING]
        if blocking:
            failures.append(f"{theme}:\n{describe(blocking)}")
    assert failures == [], f"{page_name}, {look}: " + "\n".join(failures)


@pytest.mark.parametrize("page_name", PAGES)
def test_heading_order_and_table_headers(page_name, page_audit):
    found = page_audit(page_name)["axe:light"]
    assert set(ALSO_CLEAN) <= set(found["ran"]), "axe's full run left these rules out"
    unclean = [v for v in found["violations"] if v["id"] in ALSO_CLEAN]
    assert unclean == [], f"{page_name}:\n{describe(unclean)}"


@pytest.mark.parametrize("page_name", CALCULATOR_PAGES)
def test_every_answer_is_announced(page_name, page_audit):
    found = page_audit(page_name)["answers"]
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


@pytest.mark.parametrize("page_name", CALCULATOR_PAGES)
def test_labels_wrap_on_a_phone(page_name, page_audit):
    cut = page_audit(page_name, "phone")["labels"]
    assert cut == [], f"{page_name}: labels cut on a phone:\n" + "\n".join(cut)


def test_live_answer_is_announced_and_page_stays_clean(site_url, guarded_page, output_dir):
    """Once Python runs, a change rewrites the same polite answer region; axe stays clean."""
    page_name = "book/dice"
    expected = expected_calculators(page_name)
    page, log = guarded_page(color_scheme="dark")
    page.goto(f"{site_url}/{page_name}.html", wait_until="load")
    page.wait_for_function(
        "() => ['ready', 'failed'].includes(document.documentElement?.dataset.rbLive)",
        timeout=READY_TIMEOUT_MS,
    )
    assert page.evaluate("document.documentElement?.dataset.rbLive") == "ready"
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
        timeout=120_000,
    )
    assert "3d6" in answer.inner_text()
    same = page.evaluate("() => window.rbAnswerSeen === document.querySelector('.rb-answer')")
    assert same, "the live answer replaced its region instead of rewriting it"
    assert answer.get_attribute("role") == "status"
    assert answer.get_attribute("aria-live") == "polite"
    found = page.evaluate(ANSWERS_JS)
    assert len(found) == expected
    assert all(a["role"] == "status" and a["live"] == "polite" for a in found)
    # (Checked before axe runs: axe re-reads the theme's @import of basic.css from
    # the site's root, a 404 of its own.)
    assert log.problems() == []
    page.evaluate("() => window.rbA11y.update()")
    blocking = [v for v in run_axe(page) if v["impact"] in BLOCKING]
    page.screenshot(path=str(output_dir / "a11y-live-dice-dark.png"))
    assert blocking == [], describe(blocking)
