"""The site at the table, second pass (issue 37), without a browser.

The answer's compact summary, the sections that fold, the typed lists, the
Galaxies average as the reference prints it. (Each edition's web app manifest and
one viewport tag a page: ``tests/live/test_site_files.py``; the browser side is in
``tests/browser/test_table_*.py``.)
"""

from __future__ import annotations

import re

import pytest

from rulebook_py.widgets import CALCULATORS
from rulebook_py.widgets.summary import summary_html, summary_row


# ---------------------------------------------------------------- the summary
@pytest.mark.parametrize("name", sorted(CALCULATORS))
def test_every_calculator_summarises_its_answer_with_a_part_of_it(name):
    calc = CALCULATORS[name]()
    summary = calc.summary.value
    assert "data-rb-summary" in summary and "rb-summary" in calc.summary._dom_classes
    text = re.sub(r"<[^>]+>", " ", summary)
    answer = re.sub(r"<[^>]+>", " ", calc.result.value)
    for word in text.split():  # nothing the answer does not say
        assert word in answer, (name, word)


def test_the_summary_is_the_first_chance_without_its_fraction():
    calc = CALCULATORS["ChroniquesAttackCalculator"]()
    assert calc.summary.value == (
        '<table class="rb-summary-table" data-rb-summary><tr><th>P(hit)</th>'
        "<td>55.00 %</td></tr></table>"
    )


def test_the_round_resolvers_summary_is_the_vitality_left_and_follows_a_change():
    calc = CALCULATORS["MassBattleRoundCalculator"]()
    assert "<td>vitality left</td><td>95 %</td><td>20 %</td>" in calc.summary.value
    calc.controls["a_die"].value = 1
    assert calc.summary.value == summary_row(calc.result.value, -1)
    assert "<td>vitality left</td>" in calc.summary.value


def test_an_error_clears_the_summary():
    calc = CALCULATORS["DiceCalculator"]()
    assert calc.summary.value
    calc.controls["expression"].value = "2d6+"
    assert calc.error and calc.summary.value == ""


def test_a_wide_row_keeps_its_first_cell_and_its_chances():
    html = CALCULATORS["InitiativeCalculator"]().result.value
    summary = summary_html(html)
    heads = re.findall(r"<th>(.*?)</th>", summary)
    assert heads[:3] == ["combatant", "P(acts first)", "side&#x27;s total"]
    assert "<td>40.24 %</td>" in summary and "PCs" not in summary


# ---------------------------------------------------------------- folding forms
def test_the_unit_builder_folds_into_sections_too():
    calc = CALCULATORS["UnitBuilderCalculator"]()
    folds = [c for c in calc.children if "rb-fold" in c._dom_classes]
    heads = [re.search(r">([^<]+)</button>", f.children[0].value).group(1) for f in folds]
    assert heads == [
        "Vitality and levels",
        "Attitude and morale",
        "Commander",
        "Weapons and special actions",
        "Battlefield",
    ]
    calc = CALCULATORS["UnitBuilderCalculator"](language="fr")
    folds = [c for c in calc.children if "rb-fold" in c._dom_classes]
    assert "Champ de bataille" in folds[-1].children[0].value
    assert 'aria-expanded="true"' in folds[0].children[0].value
    assert 'aria-expanded="false"' in folds[1].children[0].value


# ---------------------------------------------------------------- typed lists
def test_every_typed_list_is_marked_for_the_site():
    areas = 0
    for name, cls in CALCULATORS.items():
        for control in cls().controls.values():
            if type(control).__name__ == "Textarea":
                assert "rb-typed-list" in control._dom_classes, name
                areas += 1
    assert areas >= 4  # the combatant lists, the action plan, the attack lines


# ---------------------------------------------------------------- Galaxies average
def test_the_galaxies_average_is_printed_as_the_reference_prints_it():
    # issue 37: "Average 7" where the quick reference prints "7.00"
    calc = CALCULATORS["GalaxiesCodeCalculator"](code="2D")
    assert "<td>Average</td><td>7.00</td>" in calc.result.value
    calc = CALCULATORS["GalaxiesCodeCalculator"](language="fr", code="2D")
    assert "<td>Moyenne</td><td>7,00</td>" in calc.result.value
