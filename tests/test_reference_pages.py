"""The printable quick references: computed tables, a link back, no controls, two A4 pages.

Each page is printed the cheap way: its stored outputs (nbval checks that they
are the package's current answers) converted by nbconvert to HTML without the
code, with the site's print stylesheet, printed by headless Chromium
(``page.pdf(format="A4")``); the PDF's pages are counted.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
PRINT_CSS = ROOT / "_static" / "print.css"
CHROMIUM = os.environ.get("RULEBOOK_CHROMIUM", "/usr/bin/chromium")

#: Quick reference -> the chapters it summarises (it links back to each).
REFERENCES = {
    "reference-unisystem": ("unisystem-basics", "unisystem-combat"),
    "reference-galaxies-jumelles": ("galaxies-jumelles",),
    "reference-mass-battle": ("mass-battle",),
    "reference-chroniques-oubliees": ("chroniques-oubliees",),
}
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: A chance or a figure typed in prose (the tables are computed, never typed).
TYPED_FIGURE = re.compile(r"\d+(?:[.,]\d+)?\s?%")


def _notebook(name: str) -> dict:
    return json.loads((BOOK / f"{name}.ipynb").read_text(encoding="utf-8"))


def _text(cell: dict) -> str:
    source = cell["source"]
    return "".join(source) if isinstance(source, list) else source


@pytest.mark.parametrize("name", REFERENCES)
def test_the_reference_is_in_the_reference_part_of_the_toc(name):
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    part = next(p for p in toc["parts"] if p["caption"] == "Reference")
    assert {"file": f"book/{name}"} in part["chapters"]


@pytest.mark.parametrize("name", REFERENCES)
def test_the_reference_links_back_to_its_chapters(name):
    prose = "".join(_text(c) for c in _notebook(name)["cells"] if c["cell_type"] == "markdown")
    for chapter in REFERENCES[name]:
        assert f"{{doc}}`{chapter}`" in prose
        assert (BOOK / f"{chapter}.ipynb").exists()


@pytest.mark.parametrize("name", REFERENCES)
def test_the_tables_are_computed_not_typed(name):
    nb = _notebook(name)
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    tables = [
        "".join(o["data"]["text/html"])
        for c in code
        for o in c["outputs"]
        if "text/html" in o.get("data", {})
    ]
    assert len(tables) >= 3 and all("<table" in t for t in tables)
    assert all("hide-input" in c["metadata"].get("tags", []) for c in code)
    prose = "".join(_text(c) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert not TYPED_FIGURE.findall(prose), "odds belong in computed tables"
    assert "<table" not in prose and "| --- |" not in prose and "|---|" not in prose


@pytest.mark.parametrize("name", REFERENCES)
def test_the_reference_has_no_controls(name):
    for cell in _notebook(name)["cells"]:
        for output in cell.get("outputs", []):
            assert WIDGET_VIEW not in output.get("data", {})
            assert "<button" not in "".join(output.get("data", {}).get("text/html", ""))


def test_the_print_stylesheet_is_served_with_the_site():
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    assert "print.css" in config["sphinx"]["config"]["html_css_files"]
    css = PRINT_CSS.read_text(encoding="utf-8")
    assert css.count("@media print {") == 1
    assert ".rb-calculator" in css and ".cell_input" in css and "button" in css


# ------------------------------------------------------------------ printing
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


@pytest.fixture(scope="module")
def chromium():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM} (never `playwright install`)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        yield browser
        browser.close()


def _pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


@pytest.mark.parametrize("name", REFERENCES)
def test_the_reference_prints_on_two_a4_pages_at_most_without_controls(name, chromium, tmp_path):
    html = tmp_path / f"{name}.html"
    html.write_text(_html(name), encoding="utf-8")
    page = chromium.new_page()
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


def test_the_mass_battle_core_roll_states_both_d4s():
    """The d4 points are the attacker's on offense minus the defender's on defense.

    The first wording said each side adds "the d4 of chance it put on offense",
    which drops the defender's d4 on defense (``damage_percent(2, 4, 4, 3)`` is 10, not 25).
    """
    prose = "".join(
        _text(c)
        for c in _notebook("reference-mass-battle")["cells"]
        if c["cell_type"] == "markdown"
    )
    core = prose.split("## The core roll", 1)[1].split("##", 1)[0]
    assert "minus those the defender put on defense" in core
    assert "positive or negative" in core
