"""The message catalog: templates read against English text, French numbers, the catalog files."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from rulebook_py import i18n
from rulebook_py.i18n import language, parse_po, translate_message
from rulebook_py.widgets import format as fmt

NBSP, NNBSP = "\u00a0", "\u202f"
LOCALE = Path(i18n.__file__).parent / "locale" / "fr" / "LC_MESSAGES"


@pytest.mark.parametrize(
    ("english", "french"),
    [
        ("Roll", "Lancer"),  # an exact entry
        ("Roll (seed 12):", "Jet (graine 12) :"),  # a template, its field filled
        (  # a template whose captured value is itself a catalog entry
            "Not used: Dexterity, skills, stances, multiple actions and modifiers",
            "Sans effet : Dextérité, compétences, attitudes, actions multiples et modificateurs",
        ),
        (  # nested: the check's verdict and the level's name are translated in turn
            "defence D10 [10] + 3 = 13 → success, 3 levels (Good) → miss",
            "défense D10 [10] + 3 = 13 → succès, 3 niveaux (Bon) → raté",
        ),
        (  # a number field takes only a number, so the right arrow is the one cut
            "roll 1: D10 [3] + 6 = 9 → success, 1 level (Adequate) → 1 in",
            "jet 1 : D10 [3] + 6 = 9 → succès, 1 niveau (Suffisant) → 1 au but",
        ),
        (  # no template: each part in brackets is translated
            "+4 = +3 (Dextérité) +2 (skill) −1 (lighting (Faible))",
            "+4 = +3 (Dextérité) +2 (compétence) −1 (éclairage (Faible))",
        ),
        (
            "  after round 1: Jimmy 1, Ann 0 wound(s) (out at 2)",  # spaces kept
            "  après le tour 1 : Jimmy 1, Ann 0 blessure(s) (hors de combat à 2)",
        ),
        ("Jimmy went home", "Jimmy went home"),  # nothing matches: as it is
        ("", ""),
    ],
)
def test_translate_message(english, french):
    assert translate_message(english, "fr") == french
    assert translate_message(english, "en") == english


def test_errors_of_the_rules_read_in_french():
    cases = {
        "Skill must be an integer from 0 to 10, got 11": (
            "Skill doit être un entier de 0 à 10 ; reçu 11"
        ),
        "Seuil (P ≥) must be an integer, got 'x' (str)": (
            "Seuil (P ≥) doit être un entier ; reçu 'x' (str)"
        ),
        "cannot read dice notation '2d' at position 2 (end of text): expected the number of "
        "sides after 'd' (or 'D' alone for d6 codes)": (
            "impossible de lire la notation de dés '2d' à la position 2 (fin du texte) : il faut "
            "le nombre de faces après le 'd' (ou un 'D' seul pour les codes en d6)"
        ),
        # a bracket inside quotes is text: the template still matches
        "cannot read dice notation 'x' at position 0 ('x'): expected a number or a die such "
        "as 'd6' (or a '(')": (
            "impossible de lire la notation de dés 'x' à la position 0 ('x') : il faut un nombre "
            "ou un dé comme 'd6' (ou une '(')"
        ),
        # an English number captured is written the French way
        "cannot read dice notation '9000d6' at position 0 ('9'): expected a number of dice "
        "from 1 to 1,000": (
            "impossible de lire la notation de dés '9000d6' à la position 0 ('9') : il faut un "
            "nombre de dés de 1 à 1000"
        ),
    }
    for english, french in cases.items():
        assert translate_message(english, "fr") == french


def test_a_template_without_a_word_of_its_own_never_matches():
    # "{label}: {message}" is in the catalog (gettext uses it), but would match any "a: b".
    assert "{label}: {message}" in i18n.catalog("fr")
    assert translate_message("x: y", "fr") == "x: y"


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
        assert fmt.fraction(Fraction(1, 3 * 10**60)) == "≈3,33333e-61 (1/61 chiffres)"
    assert fmt.percent(Fraction(1, 2)) == "50.00 %"
    assert fmt.number(1000) == "1000"
    assert fmt.fraction(Fraction(1, 3 * 10**60)) == "≈3.33333e-61 (1/61 digits)"


def test_french_chart_axis_and_views():
    from rulebook_py.widgets.charts import bar_chart

    pmf = {1: Fraction(1, 4), 2: Fraction(3, 4)}
    with language("fr"):
        html = bar_chart(pmf, title="Coin", highlight=lambda k: k == 2)
    assert f">75,00{NBSP}%<" in html and f"20{NBSP}%</text>" in html
    assert "≥ au moins" in html and "exactement" in html and "réussite" in html
    assert 'download="coin.csv"' in html  # the file keeps its English name
    assert ">75.00 %<" in bar_chart(pmf, title="Coin")


def test_every_legacy_catalog_file_reads_and_has_no_empty_or_fuzzy_entry():
    files = sorted((LOCALE.parent / "legacy").glob("*.po"))
    for path in files:
        text = path.read_text(encoding="utf-8")
        entries = parse_po(text)
        assert entries, path.name
        assert text.count('\nmsgid "') - 1 == len(entries), f"{path.name}: an entry left out"
        assert "#, fuzzy" not in text, path.name


def test_every_template_keeps_its_fields():
    import re

    field = re.compile(r"\{(\w+)\}")
    for msgid, msgstr in i18n.catalog("fr").items():
        assert set(field.findall(msgid)) == set(field.findall(msgstr)), msgid


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
