"""The French quick references print on two A4 pages at most, as the English ones do.

Each French page is made the way the French build makes it (its prose from
its catalog, its tables computed in French) and printed by headless Chromium
with the site's print stylesheet (the English pages:
``tests/browser/test_reference_print.py``).
"""

from __future__ import annotations

import json

from rulebook_py.i18n import language

from . import test_reference_print as english_print
from .site import ROOT

__all__: list[str] = []


def _printed_pages(browser, path) -> int:
    page = browser.new_page()
    try:
        page.route(
            "**/*", lambda r: r.continue_() if r.request.url.startswith("file:") else r.abort()
        )
        page.goto(path.as_uri(), wait_until="load")
        page.emulate_media(media="print")
        return english_print._pdf_pages(page.pdf(format="A4"))
    finally:
        page.close()


def test_the_french_chroniques_reference_prints_on_two_a4_pages_at_most(
    browser, tmp_path, monkeypatch
):
    import nbformat

    from scripts.book_i18n import _read, _strings, _translate
    from tests.test_chroniques_reference import PAGE, _french_outputs

    nb = json.loads(PAGE.read_text(encoding="utf-8"))
    strings = _strings(_read(ROOT / "locale/fr/LC_MESSAGES/book/reference-chroniques-oubliees.po"))
    french = iter(_french_outputs())
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            cell["source"] = _translate("".join(cell["source"]), strings)
        else:
            cell["outputs"] = [
                nbformat.v4.new_output("display_data", {"text/html": shown})
                for shown in next(french)
            ]
    monkeypatch.setattr(english_print, "_notebook", lambda _name: nb)
    target = tmp_path / "reference-chroniques-oubliees-fr.html"
    target.write_text(english_print._html("reference-chroniques-oubliees"), encoding="utf-8")
    assert 1 <= _printed_pages(browser, target) <= 2


def test_the_french_galaxies_reference_prints_on_two_a4_pages_at_most(browser, tmp_path):
    import nbformat
    from nbconvert import HTMLExporter
    from nbconvert.preprocessors import TagRemovePreprocessor

    from scripts import book_i18n

    book_i18n.write_french_sources(tmp_path)
    nb = json.loads((tmp_path / "book" / "reference-galaxies-jumelles.ipynb").read_text("utf-8"))
    scope: dict = {}
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            *body, last = "".join(cell["source"]).strip().splitlines()
            with language("fr"):
                exec("\n".join(body), scope)  # the cell's imports
                scope["HTML"] = str  # the table's HTML itself, not a display object
                table = eval(last, scope)
            cell["outputs"] = [
                {"output_type": "display_data", "metadata": {}, "data": {"text/html": table}}
            ]
    exporter = HTMLExporter(template_name="lab")
    exporter.register_preprocessor(TagRemovePreprocessor(remove_input_tags={"hide-input"}), True)
    body, _ = exporter.from_notebook_node(nbformat.reads(json.dumps(nb), 4))
    css = f"<style>{english_print.PRINT_CSS.read_text(encoding='utf-8')}</style>"
    target = tmp_path / "reference-fr.html"
    target.write_text(body.replace("</head>", css + "</head>"), encoding="utf-8")
    assert "Aide-mémoire" in body and "3D+1 fixé à 11" in body
    pages = _printed_pages(browser, target)
    assert 1 <= pages <= 2, f"the French quick reference prints on {pages} A4 pages"
