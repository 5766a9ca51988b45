"""``make live``: the chapters as code-free Voilà apps on 127.0.0.1, in headless Chromium.

The server is started exactly as ``make live`` starts it (``scripts/voila.py``),
on a free port. On the dice chapter a control change must show the exact
probability the package computes; on every chapter of ``_toc.yml`` with
calculators, one calculator is changed and checked against CPython.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from fractions import Fraction

import pytest

from rulebook_py.dice import parse
from rulebook_py.widgets.dice import DiceCalculator
from rulebook_py.widgets.format import probability

from .live import check_one_calculator, notebook_calculator_count, numbers
from .site import ROOT, toc_pages

CHAPTERS = [p for p in toc_pages() if (ROOT / f"{p}.ipynb").exists()]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def voila_url():
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "scripts" / "voila.py"), "--port", str(port)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 300  # (against a hang: it answers in seconds, idle)
    try:
        while True:
            if process.poll() is not None:
                pytest.fail(f"make live (scripts/voila.py) exited:\n{process.stdout.read()}")
            try:
                with urllib.request.urlopen(url + "/", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise TimeoutError("Voilà did not answer on 127.0.0.1 within 300 s")
            time.sleep(0.3)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def open_chapter(guarded_page, voila_url, chapter):
    page, log = guarded_page()
    name = chapter.rsplit("/", 1)[-1]
    page.goto(f"{voila_url}/voila/render/{name}.ipynb", wait_until="load")
    return page, log


def test_dice_calculator_recomputes_exactly(guarded_page, voila_url, output_dir):
    page, log = open_chapter(guarded_page, voila_url, "book/dice")
    calc = page.locator(".rb-calculator", has_text="Dice expression").first
    calc.wait_for(state="visible", timeout=300_000)
    # Code-free: no editor, and none of the chapter's code is shown.
    assert page.locator(".cm-editor, .jp-CodeCell .jp-InputArea-editor").count() == 0
    assert "from rulebook_py" not in page.locator("body").inner_text()
    box = calc.locator("input").first
    box.fill("2d6+1")
    box.press("Enter")
    target = DiceCalculator().controls["target"].value
    chance = parse("2d6+1").distribution.prob_at_least(target)
    assert chance == Fraction(1, 6)  # 2d6+1 >= 11, the calculator's target as it opens
    want = f"P(total ≥ {target})\t{probability(chance)}"  # as the package formats it
    page.wait_for_function(
        "([el, want]) => el.innerText.includes(want)",
        arg=[calc.element_handle(), want],
        timeout=300_000,
    )
    assert "1/6" in numbers(calc.inner_text())
    calc.screenshot(path=str(output_dir / "live-voila-dice-calculator.png"))
    assert log.problems() == []


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_chapter_live_in_voila(chapter, guarded_page, voila_url, output_dir):
    page, log = open_chapter(guarded_page, voila_url, chapter)
    expected = notebook_calculator_count(ROOT / f"{chapter}.ipynb")
    page.wait_for_selector("body", timeout=300_000)
    if expected:
        page.wait_for_function(
            "n => document.querySelectorAll('.rb-calculator').length >= n",
            arg=min(expected, 1),
            timeout=300_000,
        )
        # Every displayed widget is up once the notebook ran: wait for the spinner to go.
        page.wait_for_function(
            "() => !document.querySelector('#loading') || "
            "getComputedStyle(document.querySelector('#loading')).display === 'none'",
            timeout=300_000,
        )
        check_one_calculator(page, chapter)
    stem = chapter.replace("/", "-")
    page.screenshot(path=str(output_dir / f"live-voila-{stem}.png"), full_page=False)
    assert log.problems() == []
