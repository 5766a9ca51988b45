"""French typography on the French pages of the built site (``live/typeset.py``)."""

from __future__ import annotations

from live import typeset

NBSP, NNBSP = "\u00a0", "\u202f"


def test_prose_is_set_in_french_and_code_math_scripts_and_attributes_are_not():
    page = (
        '<p title="a: b">Note: 50 % ; « oui » ! -3</p>'
        "<pre>x: 1</pre><code>a ; b</code>"
        "<script>if (a) { b: 1 }</script><style>p:hover{}</style>"
        "<p>Math \\(a: b\\) then: ok</p>"
    )
    done = typeset.typeset_html(page)
    assert done == (
        f'<p title="a: b">Note{NBSP}: 50{NBSP}%{NNBSP}; «{NBSP}oui{NBSP}»{NNBSP}! −3</p>'
        "<pre>x: 1</pre><code>a ; b</code>"
        "<script>if (a) { b: 1 }</script><style>p:hover{}</style>"
        f"<p>Math \\(a: b\\) then{NBSP}: ok</p>"
    )
    assert typeset.typeset_html(done) == done  # (once)


def test_entities_are_read_before_the_punctuation_is_set():
    assert (
        typeset.typeset_html("<p>A &amp; B: &lt;x&gt;</p>") == f"<p>A &amp; B{NBSP}: &lt;x&gt;</p>"
    )


def test_the_text_nodes_skip_nested_code_and_raw_text():
    page = (
        "<p>a<code>b<span>c</span>d</code>e</p><textarea>f: g</textarea><svg><text>h</text></svg>i"
    )
    assert [page[s:e] for s, e in typeset.text_nodes(page)] == ["a", "e", "i"]


def test_the_theme_words_come_from_the_configuration_catalog():
    page = '<button title="Toggle primary sidebar" aria-label="Search">x: y</button>'
    words = {"Toggle primary sidebar": "Afficher la barre « A »", "Search": "Rechercher"}
    assert typeset.theme_words(page, words) == (
        '<button title="Afficher la barre « A »" aria-label="Rechercher">x: y</button>'
    )


def test_every_french_page_and_only_those_is_set(tmp_path):
    (tmp_path / "book").mkdir()
    (tmp_path / "fr" / "book").mkdir(parents=True)
    (tmp_path / "book" / "dice.html").write_text("<p>Note: 1</p>", encoding="utf-8")
    (tmp_path / "fr" / "book" / "dice.html").write_text("<p>Note: 1</p>", encoding="utf-8")
    (tmp_path / "fr" / "book" / "intro.html").write_text("<p>Rien</p>", encoding="utf-8")
    assert typeset.typeset_french_pages(tmp_path) == 1
    assert (tmp_path / "fr" / "book" / "dice.html").read_text(encoding="utf-8") == (
        f"<p>Note{NBSP}: 1</p>"
    )
    assert (tmp_path / "book" / "dice.html").read_text(encoding="utf-8") == "<p>Note: 1</p>"
    assert typeset.typeset_french_pages(tmp_path) == 0
