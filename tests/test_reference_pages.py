"""The printable quick references: computed tables, a link back, no controls.

Read from the stored notebooks (nbval checks that their outputs are the
package's current answers). That each prints on two A4 pages at most, without
controls, is checked in headless Chromium: ``tests/browser/test_reference_print.py``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
PRINT_CSS = ROOT / "_static" / "print.css"

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
