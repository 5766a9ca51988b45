"""The reader's language: French numbers, French errors, charts and the glossary in French."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulebook_py.i18n import language
from rulebook_py.widgets import format as fmt

NBSP, NNBSP = "\u00a0", "\u202f"


def test_errors_of_the_rules_read_in_french():
    from rulebook_py import parse
    from rulebook_py.errors import RulebookError, check_int

    with pytest.raises(RulebookError) as caught:
        check_int(11, "skill", 0, 10)
    assert caught.value.render("fr") == f"skill doit être un entier de 0 à 10{NNBSP}; reçu 11"
    assert caught.value.relabelled("Compétence", "fr").startswith("Compétence doit être")
    with pytest.raises(RulebookError) as caught:
        parse("2d")
    french = caught.value.render("fr")
    assert french.startswith("impossible de lire la notation de dés '2d' à la position 2")
    assert "expected" not in french and "cannot" not in french


def test_french_numbers_exact_strings():
    with language("fr"):
        assert fmt.percent(Fraction(1, 2)) == f"50,00{NBSP}%"
        assert fmt.percent(Fraction(1, 1296)) == f"0,077{NBSP}%"
        assert fmt.percent(Fraction(0)) == f"0{NBSP}%"
        assert fmt.percent(1 - Fraction(1, 10**12)) == f"> 99,99{NBSP}%"
        assert fmt.percent(Fraction(1, 10**12)) == f"< 0,01{NBSP}%"
        assert fmt.probability(Fraction(3, 8)) == f"37,50{NBSP}% (3/8)"
        assert fmt.number(Fraction(13, 2)) == "6,50"
        assert fmt.number(Fraction(7)) == "7"
        assert fmt.number(1000) == "1000"  # four digits stay whole
        assert fmt.number(12000) == f"12{NNBSP}000"
        assert fmt.numbers([Fraction(7), Fraction(13, 2)]) == ["7,00", "6,50"]
        assert fmt.fraction(Fraction(1, 3 * 10**60)) == "≈3,33333e-61"
    assert fmt.percent(Fraction(1, 2)) == "50.00 %"
    assert fmt.number(1000) == "1000"
    assert fmt.fraction(Fraction(1, 3 * 10**60)) == "≈3.33333e-61"


def test_french_chart_axis_and_views():
    from rulebook_py.widgets.charts import bar_chart

    pmf = {1: Fraction(1, 4), 2: Fraction(3, 4)}
    with language("fr"):
        html = bar_chart(pmf, title="Coin", highlight=lambda k: k == 2)
    assert f">75,00{NBSP}%<" in html and f"20{NBSP}%</text>" in html
    assert "≥ au moins" in html and "exactement" in html and "réussite" in html
    assert 'download="coin.csv"' in html  # the file keeps its English name
    assert ">75.00 %<" in bar_chart(pmf, title="Coin")


def test_the_glossary_in_french_stays_bilingual():
    from rulebook_py.glossary import glossary_html

    english = glossary_html({"galaxies-jumelles": "Galaxies Jumelles"})
    with language("fr"):
        french = glossary_html({"galaxies-jumelles": "Galaxies Jumelles"})
    heads = '<th scope="col">Français</th><th scope="col">Anglais (ce livre)</th>'
    assert heads + '<th scope="col">Expliqué dans</th>' in french
    row = french[french.index("action complémentaire") :].split("</tr>")[0]
    assert "<td>complementary action</td>" in row  # the English rendering stays
    assert "se déplacer, parler" in row and "moving, talking" not in row
    assert "<td>moving, talking</td>" in english and "Français" not in english
    assert french.count("<tr>") == english.count("<tr>")
