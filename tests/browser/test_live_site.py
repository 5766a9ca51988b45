"""The website's calculators come alive in place: Python (Pyodide) in a Web Worker, served by the site.

On every chapter of ``_toc.yml`` with calculators: the page starts Python by
itself, every ``.rb-calculator`` goes ``starting`` -> ``ready`` where it stands
(no iframe, no side panel), and on each checkable calculator one control
change shows exactly the numbers CPython computes. After one visit the page
is reloaded with the network off (Chromium's offline emulation) and must come
alive again. A shared link (fragment) restores its controls and roll; a bad
one is ignored with a note. No request leaves 127.0.0.1 and the console shows
no error. Screenshots before and after coming alive, light and dark, are
saved under ``tests/browser/output/``.
"""

from __future__ import annotations

import re
import time
from fractions import Fraction

import pytest

from rulebook_py.dice import parse
from rulebook_py.widgets.dice import DiceCalculator
from rulebook_py.widgets.format import probability

from .live import (
    SNAPSHOTS_JS,
    calculator_classes,
    check_every_calculator,
    notebook_calculator_count,
    numbers,
    wait_page_kept,
    wait_page_snapshot,
    wait_ready,
)
from .site import ROOT, expected_calculators, toc_pages

#: Read from the stored notebooks, not the built site: CI collects the tests from a
#: clean checkout, before the site is built; the page itself is read in the test.
LIVE_CHAPTERS = [
    p
    for p in toc_pages()
    if (ROOT / f"{p}.ipynb").exists() and notebook_calculator_count(ROOT / f"{p}.ipynb")
]
LIVE_STATES = {"static", "starting", "ready", "failed"}


def dice_calc(page):
    return page.locator(".rb-calc-DiceCalculator").first


#: The dice calculator's target (P ≥) as it opens; the answers below are read at it.
DICE_TARGET = DiceCalculator().controls["target"].value


def dice_chance(expression: str) -> Fraction:
    return parse(expression).distribution.prob_at_least(DICE_TARGET)


def dice_answer(expression: str) -> str:
    """The row of expression A (the first column) as the page's text shows it."""
    return f"P(total ≥ {DICE_TARGET})\t{probability(dice_chance(expression))}"


def wait_text(locator, want: str, timeout: float = 120.0) -> None:
    """Wait until the locator's text holds ``want`` (gives up after ``timeout`` s)."""
    deadline = time.monotonic() + timeout
    while want not in locator.inner_text().replace("\xa0", " "):  # (rb-layout.js: "16.67\xa0%")
        if time.monotonic() > deadline:
            raise TimeoutError(f"the page never showed {want!r}")
        time.sleep(0.05)


@pytest.mark.parametrize("chapter", LIVE_CHAPTERS)
def test_every_calculator_comes_alive_in_place(chapter, site_url, guarded_page, output_dir):
    expected = expected_calculators(chapter)
    assert expected >= 1, f"{chapter} displays widgets but the built page has no calculator"
    page, log = guarded_page()
    page.goto(f"{site_url}/{chapter}.html", wait_until="commit")
    page.wait_for_function(
        "n => document.querySelectorAll('.rb-calculator[data-live]').length >= n",
        arg=expected,
        timeout=120_000,
    )
    assert page.evaluate("document.documentElement?.dataset.rbLive") in LIVE_STATES
    seconds = wait_ready(page, expected)
    # In place: the page's own elements, no second copy of the chapter.
    assert page.locator("iframe").count() == 0
    assert page.locator(".rb-live-panel").count() == 0
    assert page.locator(".rb-calculator").count() == expected
    assert [cls.__name__ for _key, cls in calculator_classes(page)] == [
        re.sub(r"^.*\brb-calc-(\w+).*$", r"\1", c)
        for c in page.evaluate(
            "() => Array.from(document.querySelectorAll('.rb-calculator')).map(c => c.className)"
        )
    ]
    assert page.locator(".rb-copy-link").count() == expected
    checked = check_every_calculator(page, chapter)
    print(f"{chapter}: ready after {seconds:.1f} s, checked {checked}")
    assert log.problems() == []


def test_dice_page_before_and_after_light_and_dark(site_url, guarded_page, output_dir):
    for scheme in ("light", "dark"):
        page, log = guarded_page(width=1300, height=1000, color_scheme=scheme)
        # Python is started afresh (the build's snapshots withheld), so that it is surely
        # still starting when the calculators are drawn: a snapshot may be restored first.
        for snapshot in ("**/live/python-snapshot.bin.*", "**/live/pages/**"):
            page.context.route(snapshot, lambda route: route.fulfill(status=404, body=""))
        page.goto(f"{site_url}/book/dice.html", wait_until="commit")
        calc = dice_calc(page)
        calc.wait_for(timeout=120_000)
        # (the runtime marks a calculator once it is drawn: wait for the mark, not the drawing)
        page.wait_for_function(
            "el => el.hasAttribute('data-live')", arg=calc.element_handle(), timeout=120_000
        )
        assert calc.get_attribute("data-live") == "starting"
        badge = page.locator(".rb-live-badge").first
        assert "Starting Python" in badge.inner_text()
        # A change made before Python is ready is kept and applied once it is.
        box = calc.locator("input").first
        box.fill("2d6+1")
        box.press("Enter")
        # ... and the calculator says so while Python is still starting.
        page.wait_for_function(
            "() => document.documentElement?.dataset.rbLive !== 'starting' || document"
            ".querySelector('.rb-live-badge').textContent.includes('your change is applied')",
            timeout=120_000,
        )
        calc.scroll_into_view_if_needed()
        page.screenshot(path=str(output_dir / f"live-dice-{scheme}-starting.png"))
        wait_ready(page, expected_calculators("book/dice"))
        wait_text(calc, dice_answer("2d6+1"))
        chance = dice_chance("2d6+1")
        assert chance == Fraction(1, 6)  # 2d6+1 >= 11
        assert f"{chance.numerator}/{chance.denominator}" in numbers(calc.inner_text())
        assert "Live" in badge.inner_text()
        page.wait_for_timeout(300)
        page.screenshot(path=str(output_dir / f"live-dice-{scheme}-ready.png"))
        # The address follows the calculator.
        assert "DiceCalculator.expression=2d6%2B1" in page.url
        assert log.problems() == []


def test_offline_after_one_visit(site_url, guarded_page):
    page, log = guarded_page()
    page.goto(f"{site_url}/book/dice.html", wait_until="commit")
    wait_ready(page, expected_calculators("book/dice"))
    page.evaluate("() => navigator.serviceWorker.ready")
    wait_page_kept(page)  # (no fixed pause: a busy machine may take longer)
    wait_page_snapshot(page)
    page.context.set_offline(True)
    try:
        page.goto(f"{site_url}/book/dice.html", wait_until="commit")
        wait_ready(page, expected_calculators("book/dice"))
        # Python kept, calculators built (the build's snapshot of the page): nothing to redo.
        assert from_snapshot(page) == "build-page"
        calc = dice_calc(page)
        box = calc.locator("input").first
        box.fill("3d6")
        box.press("Enter")
        wait_text(calc, dice_answer("3d6"))
        # Every chapter's calculators then work offline after one visit each.
    finally:
        page.context.set_offline(False)
    assert log.problems() == []


DAMAGE_SNAPSHOT_JS = f"""async (which) => {{
    const urls = ({SNAPSHOTS_JS})();
    for (const key of await caches.keys()) {{
        const cache = await caches.open(key);
        await cache.delete(urls.site);
        if (await cache.match(urls[which])) await cache.put(urls[which], new Response(new Uint8Array(4096)));
    }}
}}"""


def from_snapshot(page) -> str | None:
    """``"page"``, ``"site"`` or ``"prebuilt"``: where Python was restored from (None: started)."""
    return page.evaluate("window.rbLive.timings.worker_from_snapshot || null")


def change_and_check(page, expression: str) -> None:
    calc = dice_calc(page)
    box = calc.locator("input").first
    box.fill(expression)
    box.press("Enter")
    wait_text(calc, dice_answer(expression))


def test_python_is_restored_from_snapshots_and_a_bad_one_is_dropped(site_url, guarded_page):
    """A first visit restores the build's snapshot of the page (Python started and
    the calculators built at build time). Damaged, it is dropped: the build's
    snapshot is restored, the calculators built, and the page's own snapshot
    restored the next time. A damaged page snapshot is dropped (the build's of the
    page is used); a damaged build snapshot too (Python starts afresh); the answers
    stay exact."""
    page, log = guarded_page()
    dice = f"{site_url}/book/dice.html"
    page.goto(dice, wait_until="commit")
    wait_ready(page, expected_calculators("book/dice"))
    assert from_snapshot(page) == "build-page"
    change_and_check(page, "3d6")
    wait_page_snapshot(page)  # (the build's snapshot of the page, kept in the cache)
    page.wait_for_timeout(1000)
    page.evaluate(DAMAGE_SNAPSHOT_JS, "built")
    page.goto(dice, wait_until="commit")
    wait_ready(page, expected_calculators("book/dice"))
    assert from_snapshot(page) == "prebuilt"
    change_and_check(page, "3d6+1")
    wait_page_snapshot(page, own=True)
    page.goto(dice, wait_until="commit")
    wait_ready(page, expected_calculators("book/dice"))
    assert from_snapshot(page) == "page"
    change_and_check(page, "4d6")
    # A damaged page snapshot: dropped, and Python comes from the build's snapshot of
    # the page (fetched again: the damaged copy of it was dropped above).
    page.evaluate(DAMAGE_SNAPSHOT_JS, "page")
    page.goto(dice, wait_until="commit")
    wait_ready(page, expected_calculators("book/dice"))
    assert from_snapshot(page) == "build-page"
    change_and_check(page, "5d6")
    # A damaged build snapshot, on a first visit of another page: the same.
    other = "book/unisystem-basics"
    page.evaluate(DAMAGE_SNAPSHOT_JS, "prebuilt")
    page.goto(f"{site_url}/{other}.html", wait_until="commit")
    wait_ready(page, expected_calculators(other))
    assert from_snapshot(page) is None
    wait_page_snapshot(page, own=True)
    page.goto(f"{site_url}/{other}.html", wait_until="commit")
    wait_ready(page, expected_calculators(other))
    assert from_snapshot(page) == "page"
    assert log.problems() == []


def test_shared_link_restores_controls_and_roll(site_url, guarded_page):
    page, log = guarded_page()
    page.goto(
        f"{site_url}/book/dice.html#DiceCalculator.expression=3d6%2B2&DiceCalculator.roll=7",
        wait_until="commit",
    )
    note = page.locator(".rb-live-note")
    note.wait_for(timeout=120_000)
    # (the pending note, or already the applied one: a warm page can go live first)
    shown = note.inner_text()
    assert "applied once Python has started" in shown or "set as in the link" in shown, shown
    wait_ready(page, expected_calculators("book/dice"))
    calc = dice_calc(page)
    wait_text(calc, dice_answer("3d6+2"))
    assert calc.locator("input").first.input_value() == "3d6+2"
    wait_text(calc, "Roll (seed 7)")
    # The Copy link button gives the link of this calculator as it is set now.
    box = calc.locator("input").first
    box.fill("4d6")
    box.press("Enter")
    wait_text(calc, dice_answer("4d6"))
    button = calc.locator(".rb-copy-link")
    button.click()
    link = button.get_attribute("data-link")
    assert link is not None and "DiceCalculator.expression=4d6" in link
    other, other_log = guarded_page()
    other.goto(link, wait_until="commit")
    wait_ready(other, expected_calculators("book/dice"))
    wait_text(dice_calc(other), dice_answer("4d6"))
    assert dice_calc(other).locator("input").first.input_value() == "4d6"
    assert log.problems() == [] and other_log.problems() == []


def test_bad_link_is_ignored_with_a_note(site_url, guarded_page):
    page, log = guarded_page()
    page.goto(
        f"{site_url}/book/dice.html#DiceCalculator.nosuch=1&Gone.x=2&DiceCalculator.seed=abc"
        "&DiceCalculator.target=1.5&DiceCalculator.expression=2d6",
        wait_until="commit",
    )
    wait_ready(page, expected_calculators("book/dice"))
    note = page.locator(".rb-live-note")
    wait_text(note, "ignored")
    assert "DiceCalculator.nosuch" in note.inner_text()
    # A whole-number box given a fraction keeps its value (it once showed 1.5 and computed for 1).
    assert "DiceCalculator.target" in note.inner_text()
    calc = dice_calc(page)
    wait_text(calc, dice_answer("2d6"))
    assert calc.locator("input").first.input_value() == "2d6"
    assert "1.5" not in [box.input_value() for box in calc.locator("input").all()]
    assert log.problems() == []


def test_a_link_naming_object_properties_or_huge_numbers_is_ignored_with_a_note(
    site_url, guarded_page
):
    """Issue 38: `#__proto__.seed=1` stopped the page (a plain object's lookup); 400 nines
    reached Python as null and were dropped while the note said the link was applied."""
    page, log = guarded_page()
    nines = "9" * 400
    page.goto(
        f"{site_url}/book/dice.html#__proto__.seed=1&constructor.seed=1&toString.x=1"
        f"&DiceCalculator.__proto__=1&DiceCalculator.target={nines}"
        "&DiceCalculator.expression=2d6",
        wait_until="commit",
    )
    wait_ready(page, expected_calculators("book/dice"))
    note = page.locator(".rb-live-note")
    wait_text(note, "ignored")
    shown = note.inner_text()
    for key in ("__proto__.seed", "constructor.seed", "DiceCalculator.__proto__"):
        assert key in shown
    assert "DiceCalculator.target" in shown or "…" in shown  # five keys listed at most
    assert nines not in shown and "applied" not in shown
    calc = dice_calc(page)
    wait_text(calc, dice_answer("2d6"))  # the rest of the link is applied
    assert nines not in [box.input_value() for box in calc.locator("input").all()]
    assert calc.locator(".rb-copy-link").count() == 1  # the page went live
    assert log.problems() == []
