"""The French edition's sources (``scripts/book_i18n.py build``), without building them.

Every document of the book is written, with the same cells as the English
one and every code cell identical (only the Markdown comes from the
catalogs); the project around them is the French book's: its title and
``language: fr`` in ``_config.yml``, the parts' captions in ``_toc.yml``,
``_static``. No browser and no build: this runs in a second.
"""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from scripts import book_i18n

ROOT = Path(__file__).resolve().parents[1]


def test_the_french_project_has_every_document_with_its_code_unchanged(tmp_path):
    written = book_i18n.write_french_project(tmp_path)
    documents = book_i18n.documents()
    assert len(documents) >= 13
    assert sorted(p.relative_to(tmp_path) for p in written) == sorted(
        p.relative_to(ROOT) for p in documents
    )
    for source in documents:
        target = tmp_path / source.relative_to(ROOT)
        if source.suffix != ".ipynb":
            assert target.read_text(encoding="utf-8").strip()
            continue
        english = json.loads(source.read_text(encoding="utf-8"))["cells"]
        french = json.loads(target.read_text(encoding="utf-8"))["cells"]
        assert [c["cell_type"] for c in french] == [c["cell_type"] for c in english], source.name
        for en, fr in zip(english, french, strict=True):
            if en["cell_type"] == "code":
                assert "".join(fr["source"]) == "".join(en["source"]), source.name
                assert fr.get("metadata") == en.get("metadata"), source.name


def test_a_translated_block_replaces_its_english_block(tmp_path):
    # A book of one chapter whose catalog translates its first Markdown block.
    root = tmp_path / "root"
    (root / "book").mkdir(parents=True)
    for name in ("_config.yml", "_toc.yml"):
        (root / name).write_text((ROOT / name).read_text(encoding="utf-8"), encoding="utf-8")
    (root / "_static").mkdir()
    notebook = json.loads((ROOT / "book/dice.ipynb").read_text(encoding="utf-8"))
    (root / "book/dice.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    first = next(c for c in notebook["cells"] if c["cell_type"] == "markdown")
    block = next(
        b for b in book_i18n.block_split("".join(first["source"])) if book_i18n.translatable(b)
    )
    french = "# Dés et probabilités\n" if block.startswith("# ") else "Un bloc traduit.\n"
    catalog = book_i18n.Catalog(locale="fr")
    catalog.add(block, french)
    (root / "locale/fr/LC_MESSAGES/book").mkdir(parents=True)
    with (root / "locale/fr/LC_MESSAGES/book/dice.po").open("wb") as handle:
        book_i18n.write_po(handle, catalog)
    out = tmp_path / "out"
    book_i18n.write_french_project(out, root)
    cells = json.loads((out / "book/dice.ipynb").read_text(encoding="utf-8"))["cells"]
    text = "".join(next(c for c in cells if c["cell_type"] == "markdown")["source"])
    assert french in text and block not in text
    # Without a catalog for the parts' captions, they stay English.
    assert 'caption: "Getting started"' in (out / "_toc.yml").read_text(encoding="utf-8")


def test_the_french_project_is_the_french_book(tmp_path):
    book_i18n.write_french_project(tmp_path)
    config = yaml.safe_load((tmp_path / "_config.yml").read_text(encoding="utf-8"))
    assert config["title"] == "Le livre de règles interactif"
    assert config["sphinx"]["config"]["language"] == "fr"
    # (The French pages use the English edition's vendored scripts: not copied twice.)
    assert "html_extra_path" not in config["sphinx"]["config"]
    english = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    assert english["sphinx"]["config"]["language"] == "en"
    assert config["execute"] == english["execute"]
    toc = yaml.safe_load((tmp_path / "_toc.yml").read_text(encoding="utf-8"))
    english_toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    assert toc["root"] == english_toc["root"]
    captions = [part["caption"] for part in toc["parts"]]
    assert [p["chapters"] for p in toc["parts"]] == [p["chapters"] for p in english_toc["parts"]]
    assert "Pour commencer" in captions and "Getting started" not in captions
    assert sorted(p.name for p in (tmp_path / "_static").iterdir()) == sorted(
        p.name for p in (ROOT / "_static").iterdir()
    )
