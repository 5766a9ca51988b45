"""French typography in one function (rulebook_py.typography), and its use on the French pages."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from live.typeset import text_nodes, theme_words, typeset_html
from rulebook_py.typography import MINUS, NARROW_NBSP, NBSP, french, number, typeset


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Note: x", f"Note{NBSP}: x"),
        ("Note : x", f"Note{NBSP}: x"),
        ("a; b", f"a{NARROW_NBSP}; b"),
        ("Quoi? Oui!", f"Quoi{NARROW_NBSP}? Oui{NARROW_NBSP}!"),
        ("50% et 12 %", f"50{NBSP}% et 12{NBSP}%"),
        ("« oui »", f"«{NBSP}oui{NBSP}»"),
        ("«oui»", f"«{NBSP}oui{NBSP}»"),
        ("malus -2 (-5) et +3/-1", f"malus {MINUS}2 ({MINUS}5) et +3/{MINUS}1"),
        # never touched: times, addresses, dice notation, hyphenated words, a colon inside a word
        ("12:30 http://x 2d6-1 1d6! vis-à-vis a:b", "12:30 http://x 2d6-1 1d6! vis-à-vis a:b"),
        ("", ""),
    ],
)
def test_french_sets_spaces_and_minus_signs(text, expected):
    assert french(text) == expected


@given(st.text(alphabet=" :;!?%«»-+/()[]ab12\u00a0\u202f", max_size=40))
def test_french_is_idempotent(text):
    once = french(text)
    assert french(once) == once


def test_english_is_never_changed():
    assert typeset("Note: -2", "en") == "Note: -2"
    assert typeset("Note: -2", "fr") == f"Note{NBSP}: {MINUS}2"


@pytest.mark.parametrize(
    ("value", "code", "spec", "expected"),
    [
        (-3, "en", "", "-3"),
        (-3, "fr", "", f"{MINUS}3"),
        (3, "fr", "+d", "+3"),
        (-3, "fr", "+d", f"{MINUS}3"),
        (1000, "fr", "", "1000"),
        (12000, "fr", "", f"12{NARROW_NBSP}000"),
        (Fraction(-3, 8), "fr", "", f"{MINUS}3/8"),
        (Fraction(3, 8), "fr", "+", "+3/8"),
        (Fraction(4, 1), "fr", "+d", "+4"),
        (2.5, "fr", ".2f", "2,50"),
    ],
)
def test_numbers_are_written_the_languages_way(value, code, spec, expected):
    assert number(value, code, spec) == expected


def test_pages_keep_code_scripts_math_and_attributes():
    page = (
        '<p title="a: b">Voir: x</p><script>var a = "x: y"; if (a<b) {}</script>'
        "<pre>b: c</pre><p>\\(x-1: y\\) puis : z</p><code>d: e</code><p>&amp; f; g</p>"
    )
    done = typeset_html(page)
    assert f"Voir{NBSP}: x" in done and 'title="a: b"' in done
    assert 'var a = "x: y"; if (a<b) {}' in done and "<pre>b: c</pre>" in done
    assert f"\\(x-1: y\\) puis{NBSP}: z" in done and "<code>d: e</code>" in done
    assert f"&amp; f{NARROW_NBSP}; g" in done
    other = "<p>a</p><style>p{}</style>b"
    assert [other[s:e] for s, e in text_nodes(other)] == ["a", "b"]


def test_theme_words_come_from_the_catalog():
    page = '<button title="Toggle primary sidebar" aria-label="Main">x</button>'
    words = {"Toggle primary sidebar": "Sommaire « livre »", "Main": "Principal"}
    expected = '<button title="Sommaire « livre »" aria-label="Principal">x</button>'
    assert theme_words(page, words) == expected
