"""The two editions linked in one site (``live/editions.py``), on small built sites in a tmp folder."""

from __future__ import annotations

from live import editions

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


def test_a_page_and_its_twin():
    assert editions.twin("book/dice.html") == "fr/book/dice.html"
    assert editions.twin("fr/book/dice.html") == "book/dice.html"
    assert editions.twin("index.html") == "fr/index.html"
    assert editions.relative("index.html", "fr/index.html") == "fr/index.html"
    assert editions.relative("fr/book/dice.html", "book/dice.html") == "../../book/dice.html"


def _site(tmp_path):
    for folder in ("_static", "fr/_static", "fr/book", "book"):
        (tmp_path / folder).mkdir(parents=True, exist_ok=True)
    (tmp_path / "_static" / "live.js").write_text("same")
    (tmp_path / "fr" / "_static" / "live.js").write_text("same")
    (tmp_path / "_static" / "language_data.js").write_text("english stemmer")
    (tmp_path / "fr" / "_static" / "language_data.js").write_text("french stemmer")
    (tmp_path / "fr" / "_static" / "translations.js").write_text("only French")
    (tmp_path / "_static" / "vendor").mkdir()
    (tmp_path / "_static" / "vendor" / "embed.js").write_text("vendored")
    page = (
        '<script src="../_static/live.js?v=1"></script>'
        '<script src="../_static/language_data.js"></script>'
        '<script src="../_static/translations.js"></script>'
        '<script src="../_static/rb-gz.js" data-rb-gz="../_static/vendor/embed.js"></script>'
    )
    (tmp_path / "fr" / "book" / "dice.html").write_text(page)
    (tmp_path / "book" / "dice.html").write_text(page)
    return tmp_path


def test_french_pages_share_the_english_static_files_that_are_the_same(tmp_path):
    site = _site(tmp_path)
    assert editions.share_static(site) == 1  # live.js: the French copy is deleted
    french = (site / "fr" / "book" / "dice.html").read_text()
    assert french == (
        '<script src="../../_static/live.js?v=1"></script>'  # (the English copy, shared)
        '<script src="../_static/language_data.js"></script>'  # (differs: the French one)
        '<script src="../_static/translations.js"></script>'  # (French only)
        '<script src="../_static/rb-gz.js" data-rb-gz="../../_static/vendor/embed.js"></script>'
    )
    assert sorted(p.name for p in (site / "fr" / "_static").iterdir()) == [
        "language_data.js",
        "translations.js",
    ]
    assert (site / "book" / "dice.html").read_text().startswith('<script src="../_static/live.js')
    assert editions.share_static(site) == 0  # (again: nothing left to share)
    assert (site / "fr" / "book" / "dice.html").read_text() == french


def test_a_site_without_a_french_edition_shares_nothing(tmp_path):
    (tmp_path / "_static").mkdir()
    assert editions.share_static(tmp_path) == 0


def test_the_english_ids_are_added_to_every_french_page_that_has_a_twin(tmp_path):
    (tmp_path / "book").mkdir()
    (tmp_path / "fr" / "book").mkdir(parents=True)
    (tmp_path / "book" / "dice.html").write_text(ENGLISH_PAGE, encoding="utf-8")
    (tmp_path / "fr" / "book" / "dice.html").write_text(FRENCH_PAGE, encoding="utf-8")
    (tmp_path / "fr" / "book" / "alone.html").write_text(FRENCH_PAGE, encoding="utf-8")
    assert editions.keep_english_ids(tmp_path) == (2, [])
    assert editions.keep_english_ids(tmp_path) == (0, [])
    assert (tmp_path / "fr" / "book" / "alone.html").read_text(encoding="utf-8") == FRENCH_PAGE


def test_the_glossary_terms_keep_their_english_ids():
    english = '<dl><dt id="term-dice-pool">Dice pool</dt><dt id="term-wild-die">Wild die</dt></dl>'
    french = '<dl><dt id="term-reserve">Réserve</dt><dt id="term-de-libre">Dé libre</dt></dl>'
    done, problems = editions.with_english_ids(english, french)
    assert problems == []
    assert done == (
        '<dl><dt id="term-reserve"><span id="term-dice-pool"></span>Réserve</dt>'
        '<dt id="term-de-libre"><span id="term-wild-die"></span>Dé libre</dt></dl>'
    )
    fewer = '<dl><dt id="term-reserve">Réserve</dt></dl>'
    assert editions.with_english_ids(english, fewer) == (fewer, ["2 glossary terms, 1 in French"])
