"""The French edition's prose catalogs (``locale/fr/LC_MESSAGES/book/*.po``).

Every block of every chapter has its French, none is fuzzy, every translation
keeps the block's markup (labels, fences, role and link targets, math), and
the French sources keep the English code cells exactly.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scripts import book_i18n

ROOT = Path(__file__).resolve().parent.parent

DOCUMENTS = book_i18n.documents()


def test_every_document_of_the_book_has_a_catalog():
    names = {p.relative_to(ROOT).with_suffix("").as_posix() for p in DOCUMENTS}
    catalogs = {
        p.relative_to(book_i18n.LOCALE).with_suffix("").as_posix()
        for p in book_i18n.LOCALE.rglob("*.po")
    }
    assert names <= catalogs
    assert "book/dice" in names and "book/intro" in names


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: p.stem)
def test_blocks_join_back_to_the_cell(path):
    for where, text in book_i18n._markdown_of(path):
        assert "".join(book_i18n.block_split(text)) == text, where


def test_a_dropdown_with_blank_lines_is_one_block():
    text = "Intro.\n\n```{dropdown} Answer\nOne.\n\nTwo.\n```\n\nAfter.\n"
    blocks = [b for b in book_i18n.block_split(text) if b.strip()]
    assert blocks == ["Intro.\n", "```{dropdown} Answer\nOne.\n\nTwo.\n```\n", "After.\n"]


def test_changed_markup_is_found():
    english = "See {term}`the roll <Roll>` in [dice](dice.ipynb), $p$.\n"
    assert book_i18n.markup_of(english) == book_i18n.markup_of(
        "Voir {term}`le jet <Roll>` dans [dés](dice.ipynb), $p$.\n"
    )
    assert book_i18n.markup_of(english) != book_i18n.markup_of(
        "Voir {term}`le jet <Jet>` dans [dés](des.ipynb), $p$.\n"
    )


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: p.stem)
def test_every_block_is_translated_with_its_markup(path):
    assert book_i18n.check_catalogs(only=[path]) == []


def test_french_sources_keep_every_code_cell(tmp_path):
    written = book_i18n.write_french_sources(tmp_path)
    assert len(written) == len(DOCUMENTS)
    for path in DOCUMENTS:
        if path.suffix != ".ipynb":
            continue
        english = json.loads(path.read_text(encoding="utf-8"))["cells"]
        french = json.loads((tmp_path / "book" / path.name).read_text(encoding="utf-8"))["cells"]
        assert [c["cell_type"] for c in french] == [c["cell_type"] for c in english]
        assert [c["source"] for c in french if c["cell_type"] == "code"] == [
            c["source"] for c in english if c["cell_type"] == "code"
        ]


def test_the_french_config_carries_the_themes_words(tmp_path):
    """MyST-NB's "Show code cell source" and the theme's "Search this book..." were
    English on every French page; their French comes from ``_config.po``."""
    import yaml

    book_i18n.write_french_project(tmp_path)
    config = yaml.safe_load((tmp_path / "_config.yml").read_text(encoding="utf-8"))
    options = config["sphinx"]["config"]
    assert config["title"] == "Le livre de règles interactif"
    assert options["language"] == "fr"
    assert options["nb_code_prompt_show"] == "Afficher le code de la cellule"
    assert options["nb_code_prompt_hide"] == "Masquer le code de la cellule"
    assert options["html_theme_options"] == {"search_bar_text": "Rechercher dans ce livre…"}
    assert config["sphinx"]["recursive_update"] is True  # (the theme's other options stay)


def test_a_changed_paragraph_keeps_its_french_as_fuzzy(tmp_path):
    """One English word changed, extract again: the French stays, marked fuzzy, old English kept."""
    import shutil

    from babel.messages.pofile import read_po

    # (read_po alone, as Babel reads it: the previous English is only a comment there)
    shutil.copytree(ROOT / "book", tmp_path / "book", ignore=shutil.ignore_patterns("_build"))
    shutil.copytree(ROOT / "locale", tmp_path / "locale")
    path = tmp_path / "book" / "intro.md"
    text = path.read_text(encoding="utf-8")
    block = next(
        b for b in book_i18n.block_split(text) if book_i18n.translatable(b) and " the " in b
    )
    path.write_text(text.replace(block, block.replace(" the ", " THE ", 1)), "utf-8")
    book_i18n.extract(tmp_path)
    catalog = book_i18n._read(tmp_path / "locale/fr/LC_MESSAGES/book/intro.po")
    changed = catalog.get(block.replace(" the ", " THE ", 1))
    original = read_po((ROOT / "locale/fr/LC_MESSAGES/book/intro.po").open("rb"), locale="fr").get(
        block
    )
    assert changed.fuzzy and changed.string == original.string
    assert changed.previous_id == [block]
    problems = book_i18n.check_catalogs(tmp_path, [path])
    assert any("fuzzy" in p for p in problems)
