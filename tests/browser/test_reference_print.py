"""The printable quick references print on two A4 pages at most, without controls.

Each page is printed the cheap way: its stored outputs (nbval checks that they
are the package's current answers) converted by nbconvert to HTML without the
code, with the site's print stylesheet, printed by headless Chromium
(``page.pdf(format="A4")``); the PDF's pages are counted. No built site is
needed. (The rest of what a quick reference must be is read from its notebook:
``tests/test_reference_pages.py``.)
"""

from __future__ import annotations

import json
import re

import pytest

from .site import ROOT

BOOK = ROOT / "book"
PRINT_CSS = ROOT / "_static" / "print.css"
#: The quick references (their names; ``tests/test_reference_pages.py`` holds what they summarise).
REFERENCES = (
    "reference-unisystem",
    "reference-galaxies-jumelles",
    "reference-mass-battle",
    "reference-chroniques-oubliees",
)


def _notebook(name: str) -> dict:
    return json.loads((BOOK / f"{name}.ipynb").read_text(encoding="utf-8"))


def test_every_quick_reference_of_the_book_is_printed():
    assert sorted(REFERENCES) == sorted(p.stem for p in BOOK.glob("reference-*.ipynb"))


def _html(name: str) -> str:
    """The stored page as nbconvert HTML without code, with the print stylesheet."""
    import nbformat
    from nbconvert import HTMLExporter
    from nbconvert.preprocessors import TagRemovePreprocessor

    exporter = HTMLExporter(template_name="lab")
    exporter.exclude_input_prompt = True
    exporter.exclude_output_prompt = True
    # As the book does with hide-input: the code is there, collapsed; in print it is gone.
    hide = TagRemovePreprocessor(remove_input_tags={"hide-input"}, enabled=True)
    exporter.register_preprocessor(hide, enabled=True)
    body, _ = exporter.from_notebook_node(nbformat.reads(json.dumps(_notebook(name)), 4))
    # A calculator as the book renders one: it must not print.
    calculator = (
        '<div class="rb-calculator" id="rb-probe"><button>Roll</button>'
        '<input type="number" value="3"></div>'
    )
    css = f"<style>{PRINT_CSS.read_text(encoding='utf-8')}</style>"
    return body.replace("</head>", css + "</head>").replace("</body>", calculator + "</body>")


def _pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


@pytest.mark.parametrize("name", REFERENCES)
def test_the_reference_prints_on_two_a4_pages_at_most_without_controls(name, browser, tmp_path):
    html = tmp_path / f"{name}.html"
    html.write_text(_html(name), encoding="utf-8")
    page = browser.new_page()
    try:
        page.route(
            "**/*", lambda r: r.continue_() if r.request.url.startswith("file:") else r.abort()
        )
        page.goto(html.as_uri(), wait_until="load")
        page.emulate_media(media="print")
        assert not page.locator("#rb-probe").is_visible()
        assert not page.locator("button").first.is_visible()
        assert page.locator("table").count() >= 4
        pdf = page.pdf(format="A4")
    finally:
        page.close()
    pages = _pdf_pages(pdf)
    assert 1 <= pages <= 2, f"{name} prints on {pages} A4 pages"


def test_the_page_counter_counts_pages():
    assert _pdf_pages(b"<< /Type /Pages /Count 2 >> << /Type /Page >> << /Type/Page >>") == 2
