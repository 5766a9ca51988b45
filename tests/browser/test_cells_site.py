"""Learning by example, live (issue 39): every code cell of the website is edited and run in place.

On the built site in headless Chromium, for every chapter with code cells, in
both editions: a reader changes an integer argument of a cell, runs it, and
the page shows exactly what CPython shows for the same source in the same
namespace (``tests/browser/code_cells.py``). A cell that builds a calculator
shows it live, and a change of one of its controls recomputes it; a runaway
``while True: pass`` is stopped and the page is live again, its calculators
keeping their settings; the same works offline after one visit; edits
survive a reload until Reset; what a cell prints never becomes HTML; the
exercises answer back; axe finds nothing serious on a page being edited.
No test compares elapsed time with a budget (``make bench`` does).
"""

from __future__ import annotations

import functools
import re

import pytest

from rulebook_py.exercises import CHAPTERS, check
from rulebook_py.widgets.dice import DiceCalculator

from .code_cells import OUTPUT_TEXT_JS, edit_for, page_cells
from .live import (
    LiveChange,
    apply_in_browser,
    html_numbers,
    result_locator,
    wait_for_numbers,
    wait_page_kept,
    wait_page_snapshot,
    wait_ready,
)
from .site import ROOT, expected_calculators, toc_pages

#: Every page whose notebook shows a code cell (read from the notebooks: CI collects first).
CELL_PAGES = [p for p in toc_pages() if (ROOT / f"{p}.ipynb").exists() and page_cells(p)]
#: The chapters of the five systems (each has at least three exercises).
SYSTEM_CHAPTERS = [
    "book/unisystem-basics",
    "book/unisystem-combat",
    "book/galaxies-jumelles",
    "book/mass-battle",
    "book/chroniques-oubliees",
]
TIMEOUT_MS = 300_000
STATES_DONE = "s => ['done', 'error'].includes(s)"


@functools.cache
def edit_of(chapter: str, language: str):
    return edit_for(chapter, language)


def url(site_url: str, chapter: str, language: str = "en") -> str:
    return f"{site_url}/{'fr/' if language == 'fr' else ''}{chapter}.html"


def open_page(page, address: str, chapter: str) -> None:
    """Open a page with code cells; wait for its editors (and its calculators, if any)."""
    page.goto(address, wait_until="commit")
    page.wait_for_function(
        "n => !!document.documentElement && Number(document.documentElement?.dataset.rbCells) === n",
        arg=len(page_cells(chapter)),
        timeout=120_000,
    )
    if expected_calculators(chapter):
        wait_ready(page, expected_calculators(chapter))


def cell(page, index: int):
    return page.locator(f'[data-rb-cell="{index}"]')


def show_source(page, index: int) -> None:
    """Open the "Show code" of a cell whose input the book hides."""
    page.evaluate(
        """(i) => {
            const d = document.querySelector(`[data-rb-cell="${i}"] details`);
            if (d && !d.open) d.open = true;
        }""",
        index,
    )


def run_cell(page, index: int, source: str, keyboard: bool = False) -> str:
    """Type ``source`` into cell ``index`` and run it; return its final state."""
    show_source(page, index)
    area = cell(page, index).locator("textarea[data-rb-source]")
    area.fill(source)
    if keyboard:
        area.press("Shift+Enter")
    else:
        cell(page, index).locator("button[data-rb-run]").click()
    return wait_state(page, index)


def wait_state(page, index: int, timeout: int = TIMEOUT_MS) -> str:
    page.wait_for_function(
        f"""(i) => {{
            const out = document.querySelector(`[data-rb-cell="${{i}}"] [data-rb-output]`);
            return out && ({STATES_DONE})(out.dataset.rbState);
        }}""",
        arg=index,
        timeout=timeout,
    )
    return cell(page, index).locator("[data-rb-output]").get_attribute("data-rb-state")


def outputs(page, index: int) -> list[str]:
    return [text for _cls, text in page.evaluate(OUTPUT_TEXT_JS, index)]


def check_edit(page, chapter: str, language: str, keyboard: bool = False) -> None:
    edit = edit_of(chapter, language)
    state = run_cell(page, edit.index, edit.source, keyboard)
    assert state == "done", outputs(page, edit.index)
    assert outputs(page, edit.index) == edit.texts


def book_text(source: str) -> str:
    """A cell's source as its editor holds it (the highlighter's last newline is not code)."""
    return source[:-1] if source.endswith("\n") else source


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("chapter", CELL_PAGES)
def test_a_cell_edited_and_run_shows_what_cpython_shows(chapter, language, site_url, guarded_page):
    page, log = guarded_page()
    open_page(page, url(site_url, chapter, language), chapter)
    # The page's cells are the notebook's, in order, editable where they stand.
    sources = page.evaluate(
        "() => Array.from(document.querySelectorAll('textarea[data-rb-source]')).map(a => a.value)"
    )
    assert sources == [book_text(s) for s in page_cells(chapter)]
    assert page.evaluate("() => window.rbLive.cells.sources()") == sources
    states = page.evaluate(
        "() => Array.from(document.querySelectorAll('[data-rb-output]')).map(o => o.dataset.rbState)"
    )
    assert states == ["stored"] * len(sources)
    check_edit(page, chapter, language, keyboard=language == "fr")
    assert page.evaluate("document.documentElement?.dataset.rbLive") == "ready"
    assert log.problems() == []


def visit(page, site_url: str, chapter: str, how: str) -> str:
    """Open ``chapter`` in English, in French, or offline after one visit; return its language."""
    if how == "offline":
        open_page(page, url(site_url, chapter), chapter)
        page.evaluate("() => navigator.serviceWorker.ready")
        wait_page_kept(page)  # (no fixed pause: a busy machine may take longer)
        wait_page_snapshot(page)
        page.context.set_offline(True)
    language = "fr" if how == "fr" else "en"
    open_page(page, url(site_url, chapter, language), chapter)
    return language


@pytest.mark.parametrize("how", ["en", "fr", "offline"])
def test_a_cell_builds_a_live_calculator_and_a_control_recomputes_it(how, site_url, guarded_page):
    page, log = guarded_page()
    language = visit(page, site_url, "book/dice", how)
    index = next(i for i, s in enumerate(page_cells("book/dice")) if s.endswith("DiceCalculator()"))
    source = page_cells("book/dice")[index].replace(
        "DiceCalculator()", 'DiceCalculator(expression="3d6")'
    )
    assert run_cell(page, index, source) == "done"
    calc = cell(page, index).locator(".rb-run-output .rb-calculator")
    calc.wait_for(timeout=120_000)
    built = DiceCalculator(language=language, expression="3d6")
    wait_for_numbers(result_locator(calc, DiceCalculator), html_numbers(built.result.value))
    # A change of one of its controls: Python recomputes it, as CPython does.
    names = list(built.controls)
    changed = DiceCalculator(language=language, expression="3d6", target=12)
    change = LiveChange(
        DiceCalculator,
        "target",
        names.index("target"),
        12,
        "12",
        html_numbers(built.result.value),
        html_numbers(changed.result.value),
    )
    assert change.before != change.after
    apply_in_browser(calc, change, type(built.controls["target"]))
    wait_for_numbers(result_locator(calc, DiceCalculator), change.after)
    # The page's own calculator (hidden while this one shows) is still there, and Reset brings it back.
    cell(page, index).locator("button[data-rb-reset]").click()
    assert cell(page, index).locator("[data-rb-output]").get_attribute("data-rb-state") == "stored"
    assert cell(page, index).locator(".rb-calculator:visible").count() == 1
    page.context.set_offline(False)
    assert log.problems() == []


@pytest.mark.parametrize("how", ["en", "fr", "offline"])
def test_stop_ends_a_runaway_cell_and_the_calculators_keep_their_settings(
    how, site_url, guarded_page
):
    page, log = guarded_page()
    language = visit(page, site_url, "book/dice", how)
    # The reader sets the page's calculator first ...
    assert page.evaluate("() => window.rbProbe.change('DiceCalculator', 'expression', '3d6')") > 0
    runaway = 0
    show_source(page, runaway)
    cell(page, runaway).locator("textarea[data-rb-source]").fill("while True:\n    pass")
    cell(page, runaway).locator("button[data-rb-run]").click()
    page.wait_for_function(
        "() => document.querySelector('[data-rb-cell=\"0\"] [data-rb-output]').dataset.rbState === 'running'"
    )
    page.wait_for_timeout(500)  # (Python is busy now)
    stop = cell(page, runaway).locator("button[data-rb-stop]")
    assert stop.is_enabled()
    stop.click()
    assert wait_state(page, runaway) == "error"
    assert ("snapshot" if language == "en" else "instantané") in cell(page, runaway).locator(
        ".rb-run-output"
    ).inner_text()
    page.wait_for_function(
        "() => window.rbLive.timings.restarted !== undefined", timeout=TIMEOUT_MS
    )
    assert page.evaluate("document.documentElement?.dataset.rbLive") == "ready"
    # ... and after Stop Python has its setting: a second change answers for both.
    assert page.evaluate("() => window.rbProbe.change('DiceCalculator', 'target', '12')") > 0
    want = DiceCalculator(language=language, expression="3d6", target=12)
    result = page.locator(".rb-calc-DiceCalculator [data-rb-part=result]").first
    wait_for_numbers(result, html_numbers(want.result.value))
    # The chapter's namespace is back: an edited cell runs as in CPython.
    check_edit(page, "book/dice", language)
    page.context.set_offline(False)
    assert log.problems() == []


def test_edits_and_runs_work_offline_after_one_visit(site_url, guarded_page):
    page, log = guarded_page()
    chapter = "book/chroniques-oubliees"
    visit(page, site_url, chapter, "offline")
    try:
        check_edit(page, chapter, "en")
    finally:
        page.context.set_offline(False)
    assert log.problems() == []


def test_an_edit_survives_a_reload_until_reset(site_url, guarded_page):
    page, log = guarded_page()
    chapter = "book/unisystem-basics"
    edit = edit_of(chapter, "en")
    open_page(page, url(site_url, chapter), chapter)
    area = cell(page, edit.index).locator("textarea[data-rb-source]")
    show_source(page, edit.index)
    area.fill(edit.source)
    open_page(page, url(site_url, chapter), chapter)
    assert area.input_value() == edit.source
    output = cell(page, edit.index).locator("[data-rb-output]")
    assert output.get_attribute("data-rb-state") == "stored"  # (kept, not run)
    stored_text = output.inner_text()
    cell(page, edit.index).locator("button[data-rb-run]").click()
    assert wait_state(page, edit.index) == "done"
    assert outputs(page, edit.index) == edit.texts
    cell(page, edit.index).locator("button[data-rb-reset]").click()
    assert area.input_value() == book_text(edit.book)
    assert output.get_attribute("data-rb-state") == "stored"
    assert output.inner_text() == stored_text
    open_page(page, url(site_url, chapter), chapter)
    assert area.input_value() == book_text(edit.book)
    assert log.problems() == []


def test_what_a_cell_prints_is_text_and_output_is_capped(site_url, guarded_page):
    page, log = guarded_page()
    chapter = "book/dice"
    open_page(page, url(site_url, chapter), chapter)
    index = 1
    assert run_cell(page, index, 'print("<img src=x onerror=window.pwned=1>")') == "done"
    assert outputs(page, index) == ["<img src=x onerror=window.pwned=1>\n"]
    hostile = (
        "from IPython.display import HTML\n"
        "HTML('<b>kept</b><script>window.pwned=1</script>"
        '<img src=x onerror="window.pwned=1"><a href="javascript:window.pwned=1">a</a>\')'
    )
    assert run_cell(page, index, hostile) == "done"
    box = cell(page, index).locator(".rb-run-output")
    assert box.locator("b").inner_text() == "kept"
    assert box.locator("script, img, [href^=javascript]").count() == 0
    assert box.locator("a").count() == 1
    assert page.evaluate("() => window.pwned") is None
    assert run_cell(page, index, "print('x' * 250_000)") == "done"
    texts = outputs(page, index)
    assert len(texts[0]) == 100_000
    assert re.search(r"100[,\u202f ]?000", texts[-1])
    assert run_cell(page, index, "1 / 0") == "error"
    assert outputs(page, index)[-1].splitlines()[-1] == "ZeroDivisionError: division by zero"
    assert log.problems() == []


def test_every_system_chapter_has_three_exercises_in_both_editions(built_site):
    for chapter in SYSTEM_CHAPTERS:
        assert len(CHAPTERS[chapter.removeprefix("book/")]) >= 3, chapter
        for prefix in ("", "fr/"):
            page = (built_site / f"{prefix}{chapter}.html").read_text(encoding="utf-8")
            numbers_ = re.findall(r'data-rb-exercise="[\w-]+:(\d+)"', page)
            want = [str(e.number) for e in CHAPTERS[chapter.removeprefix("book/")]]
            assert numbers_ == want, (prefix, chapter)
            assert page.count("data-rb-check") == len(want)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_an_exercise_answers_back_then_opens_the_worked_answer(language, site_url, guarded_page):
    page, log = guarded_page()
    chapter = "book/chroniques-oubliees"
    open_page(page, url(site_url, chapter, language), chapter)
    box = page.locator('[data-rb-exercise="chroniques-oubliees:1"]')
    assert box.is_visible()
    verdict = box.locator(".rb-verdict")
    answer = box.locator("xpath=following-sibling::details[1]")
    assert answer.get_attribute("open") is None
    for typed, want in (("1/2", "wrong"), ("88 %", "close"), ("11/12", "right")):
        box.locator("input").fill(typed)
        box.locator("button[data-rb-check]").click()
        page.wait_for_function(
            "(b) => document.querySelector(b).querySelector('.rb-verdict').dataset.rbVerdict",
            arg='[data-rb-exercise="chroniques-oubliees:1"]',
        )
        assert verdict.get_attribute("data-rb-verdict") == want
        expected = check("chroniques-oubliees", 1, typed)
        assert verdict.locator(".rb-verdict-text").inner_text() == expected.message.render(language)
        assert verdict.locator("code").inner_text() == expected.expression
        assert answer.get_attribute("open") is not None
        page.evaluate(
            "(b) => document.querySelector(b).querySelector('.rb-verdict').removeAttribute('data-rb-verdict')",
            '[data-rb-exercise="chroniques-oubliees:1"]',
        )
    # What cannot be read gets no verdict, and the message quotes it (Enter checks too).
    box.locator("input").fill("lots")
    box.locator("input").press("Enter")
    page.wait_for_function(
        "(b) => document.querySelector(b).querySelector('.rb-verdict-text')",
        arg='[data-rb-exercise="chroniques-oubliees:1"]',
    )
    expected = check("chroniques-oubliees", 1, "lots").message.render(language)
    verdict.locator(".rb-verdict-text").filter(has_text="lots").wait_for()
    assert verdict.get_attribute("data-rb-verdict") is None
    assert verdict.inner_text() == expected
    assert log.problems() == []


def test_a_page_being_edited_stays_accessible(site_url, guarded_page, output_dir):
    from .test_accessibility import BLOCKING, describe, run_axe

    for theme in ("light", "dark"):
        page, log = guarded_page(color_scheme=theme)
        chapter = "book/dice"
        open_page(page, url(site_url, chapter), chapter)
        check_edit(page, chapter, "en")
        box = page.locator('[data-rb-exercise="dice:1"]')
        box.locator("input").fill("1/6")
        box.locator("button[data-rb-check]").click()
        box.locator("[data-rb-verdict]").wait_for()
        # Every editor is a labelled text area; every result is announced.
        unlabelled = page.evaluate(
            "() => Array.from(document.querySelectorAll('textarea[data-rb-source]'))"
            ".filter(a => !a.getAttribute('aria-label')).length"
        )
        assert unlabelled == 0
        assert page.locator(".rb-cell-tools [role=status][aria-live=polite]").count() == len(
            page_cells(chapter)
        )
        assert box.locator(".rb-verdict[aria-live=polite]").count() == 1
        page.screenshot(path=str(output_dir / f"cells-dice-{theme}.png"), full_page=False)
        # (Checked before axe runs: axe re-reads the theme's @import of basic.css from the root.)
        assert log.problems() == []
        blocking = [v for v in run_axe(page) if v["impact"] in BLOCKING]
        assert blocking == [], describe(blocking)


def test_a_page_without_calculators_starts_python_when_a_cell_runs(site_url, guarded_page):
    page, log = guarded_page()
    chapter = "book/reference-unisystem"
    assert expected_calculators(chapter) == 0
    open_page(page, url(site_url, chapter), chapter)
    page.wait_for_timeout(500)
    assert page.evaluate("document.documentElement?.dataset.rbLive") == "static"
    check_edit(page, chapter, "en")
    assert page.evaluate("document.documentElement?.dataset.rbLive") == "ready"
    assert log.problems() == []
