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

from live import editions  # (run by live/build.py)
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


ENGLISH_PAGE = (
    '<html lang="en"><head></head><body><div class="article-header-buttons"></div>'
    '<section id="dice-and-probability"><h1>Dice</h1>'
    '<section id="dice-notation">\n<span id="sec-notation"></span><h2>Dice notation</h2>'
    "</section></section></body></html>"
)
FRENCH_PAGE = (
    '<html lang="fr"><head></head><body><div class="article-header-buttons"></div>'
    '<section id="des-et-probabilites"><h1>Dés</h1>'
    '<section id="la-notation-des-des">\n<span id="sec-notation"></span><h2>La notation</h2>'
    "</section></section></body></html>"
)


def test_french_sections_get_the_english_ids_once_and_in_their_twin_section():
    french, problems = editions.with_english_ids(ENGLISH_PAGE, FRENCH_PAGE)
    assert problems == []
    assert '<section id="des-et-probabilites"><span id="dice-and-probability"></span><h1>' in french
    assert (
        '<section id="la-notation-des-des">\n<span id="sec-notation"></span>'
        '<span id="dice-notation"></span><h2>' in french
    )
    assert editions.with_english_ids(ENGLISH_PAGE, french) == (french, [])  # (once)
    # A translation that drops a heading is reported, and nothing is guessed.
    merged = FRENCH_PAGE.replace('<section id="la-notation-des-des">', "<div>")
    kept, problems = editions.with_english_ids(ENGLISH_PAGE, merged)
    assert kept == merged and problems == ["2 sections, 1 in French"]


def test_link_editions_writes_the_switch_and_both_alternates(tmp_path):
    (tmp_path / "book").mkdir()
    (tmp_path / "fr" / "book").mkdir(parents=True)
    (tmp_path / "book" / "dice.html").write_text(ENGLISH_PAGE, encoding="utf-8")
    (tmp_path / "fr" / "book" / "dice.html").write_text(FRENCH_PAGE, encoding="utf-8")
    assert editions.link_editions(tmp_path) == 2
    english = (tmp_path / "book" / "dice.html").read_text(encoding="utf-8")
    french = (tmp_path / "fr" / "book" / "dice.html").read_text(encoding="utf-8")
    assert editions.link_editions(tmp_path) == 2  # linked again: the same page, once
    assert (tmp_path / "book" / "dice.html").read_text(encoding="utf-8") == english
    assert (tmp_path / "fr" / "book" / "dice.html").read_text(encoding="utf-8") == french
    assert '<a class="btn btn-sm rb-language" href="../fr/book/dice.html" hreflang="fr"' in english
    assert '<a class="btn btn-sm rb-language" href="../../book/dice.html" hreflang="en"' in french
    assert '<link rel="alternate" hreflang="en" href="../book/dice.html" />' in english
    assert '<link rel="alternate" hreflang="fr" href="../fr/book/dice.html" />' in english
    assert '<link rel="alternate" hreflang="en" href="../../book/dice.html" />' in french
    assert "</span> Français</a>" in english and "</span> English</a>" in french


def test_a_page_copied_from_a_linked_page_gets_its_own_switch(tmp_path):
    """The offline page is the home page's frame: after an incremental build the
    home page is already linked, and its copy led to the home page's twin
    (``fr/book/intro.html``) instead of its own (``fr/book/offline.html``)."""
    (tmp_path / "book").mkdir()
    (tmp_path / "fr" / "book").mkdir(parents=True)
    (tmp_path / "book" / "intro.html").write_text(ENGLISH_PAGE, encoding="utf-8")
    (tmp_path / "fr" / "book" / "intro.html").write_text(FRENCH_PAGE, encoding="utf-8")
    editions.link_editions(tmp_path)
    for folder in ("book", "fr/book"):
        intro = (tmp_path / folder / "intro.html").read_text(encoding="utf-8")
        (tmp_path / folder / "offline.html").write_text(intro, encoding="utf-8")
    editions.link_editions(tmp_path)
    offline = (tmp_path / "book" / "offline.html").read_text(encoding="utf-8")
    assert offline.count("data-rb-edition") == 1 and offline.count('rel="alternate"') == 2
    assert 'href="../fr/book/offline.html" hreflang="fr"' in offline
    assert '<link rel="alternate" hreflang="fr" href="../fr/book/offline.html" />' in offline
    french = (tmp_path / "fr" / "book" / "offline.html").read_text(encoding="utf-8")
    assert 'href="../../book/offline.html" hreflang="en"' in french
