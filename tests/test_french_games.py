"""The Galaxies Jumelles, mass-battle and Chroniques Oubliées calculators in French.

Exact French text where the three games' catalogs (``galaxies.po``,
``mass-battle.po``, ``chroniques.po``) do the work: rows, notes, roll lines
worded by the rules, refused inputs, and the words two games say differently
(a *tour* in Chroniques Oubliées, a *ronde* in the mass battle). The English
of the same calculators is checked unchanged beside each.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulebook_py import i18n
from rulebook_py.widgets import CALCULATORS
from rulebook_py.widgets.phrases import pgettext, phrases

LOCALE = Path(i18n.__file__).parent / "locale" / "fr" / "LC_MESSAGES"


def build(name: str, language: str, **values):
    return CALCULATORS[name](language=language, **values)


@pytest.mark.parametrize("catalog", ["chroniques", "galaxies", "mass-battle"])
def test_the_games_catalogs_are_read_whole(catalog):
    text = (LOCALE / f"{catalog}.po").read_text(encoding="utf-8")
    entries = i18n.parse_po(text)
    assert len(entries) == text.count("\nmsgid ") - 1  # every entry translated, none fuzzy
    assert not any(" %" in french for french in entries.values())  # a no-break space before %


def test_a_roll_line_of_the_rules_in_french():
    with i18n.language("fr"):
        assert (
            phrases("1d20 [8] + 7 = 15 vs 14: success") == "1d20 [8] + 7 = 15 contre 14 : réussite"
        )
        # no template: each run of words alone, the dice and numbers as written
        assert phrases("pursuer gains 4 m; gap 26 m") == "le poursuivant gagne 4 m; écart 26 m"
    assert phrases("1d20 [8] + 7 = 15 vs 14: success") == "1d20 [8] + 7 = 15 vs 14: success"


def test_a_word_two_games_say_differently():
    with i18n.language("fr"):
        assert (pgettext("mass battle", "round"), i18n.gettext("round")) == ("ronde", "tour")
    assert pgettext("mass battle", "round") == "round"


def test_chroniques_attack_rows_and_modifiers():
    values = {"kind": "ranged", "cover": "PARTIAL", "repeated": 2}
    french = build("ChroniquesAttackCalculator", "fr", **values).result.value
    english = build("ChroniquesAttackCalculator", "en", **values).result.value
    assert "<td>  capacité répétée 2×</td><td>-10</td>" in french
    assert "<td>P(touche)</td><td>5,00\u00a0% (1/20)</td>" in french
    assert "<td>  ability repeated 2×</td><td>-10</td>" in english
    assert "<td>P(hit)</td><td>5.00 % (1/20)</td>" in english


def test_chroniques_fight_roll_in_french():
    roll = build("ChroniquesFightCalculator", "fr").roll_output.value
    assert (
        "Ordre d’initiative (fixe, le même à chaque tour) : Krush 12 (PJ, SAG 10), puis Goblin 12"
        in roll
    )
    assert "après le tour 1: Krush 6/12 PV; Goblin 3/3 PV" in roll
    assert "Krush l’emporte au tour 3 : Goblin est assommé (pendant au moins 18 min)." in roll


def test_chroniques_conditions_rows_in_french():
    french = build("ChroniquesConditionsCalculator", "fr").result.value
    assert "<td>INIT</td><td>-5</td><td>+0</td>" in french  # the source's INIT, not a heading
    assert "<td>Attaque à distance</td><td>-10</td><td>+0</td>" in french


def test_chroniques_refuses_in_french():
    calc = build("ChroniquesConditionsCalculator", "fr", turn="X")
    assert calc.error_for("turn").endswith(
        "⚠ Tour de l’attaquant (L, M, A, G) contient une action inconnue &#x27;X&#x27; : "
        "utilisez limitée (L), mouvement (M), attaque (A) ou gratuite (G)</div>"
    )


def test_galaxies_shot_in_french():
    calc = build("GalaxiesShotCalculator", "fr")
    assert "<th>jet</th><th>Touché</th><th>Demi-esquive</th><th>Esquivé</th>" in calc.result.value
    assert "<caption>Contre un seul jet de défense : 3D+1</caption>" in calc.result.value
    assert "attaque 1 : 4D+2 [3, 1, 4, 4] +2 = 14 → Touché</div>" in calc.roll_output.value
    english = build("GalaxiesShotCalculator", "en")
    assert "attack 1: 4D+2 [3, 1, 4, 4] +2 = 14 → Touché (hit)</div>" in english.roll_output.value


def test_galaxies_fight_in_french():
    roll = build("GalaxiesFightCalculator", "fr").roll_output.value
    assert "Tour 1 : Kira 4D+1 [2, 5, 1, 3] +1 = 12 contre Vosk 3D+2 [1, 4, 4] +2 = 11 — " in roll
    assert "A touche : Vosk subit 8 (reste 12) ; Kira a 20" in roll
    assert roll.endswith("Fin : Kira l’emporte</div>")


def test_galaxies_refuses_a_code_in_french():
    calc = build("GalaxiesMeleeCalculator", "fr", a_skill="0D")
    assert "la compétence de A vaut &#x27;0D&#x27; : un jet demande au moins 1D" in calc.error


def test_mass_battle_in_french():
    calc = build("MassBattleOddsCalculator", "fr", a_action1="rolled ambush offense")
    assert (
        "<p>Moyenne exacte sur les dés suivants : embuscade (dissimulation d4, détection d4).</p>"
        in (calc.result.value)
    )
    assert "<th>ronde</th>" in calc.roll_output.value
    assert "<td>Rondes en moyenne</td>" in calc.result.value
    english = build("MassBattleOddsCalculator", "en", a_action1="rolled ambush offense")
    assert (
        "<p>Averaged exactly over the dice of the ambush (embuscade): hiding d4, detection d4.</p>"
        in (english.result.value)
    )


def test_mass_battle_refuses_in_french():
    calc = build("MassBattleOddsCalculator", "fr", a_action1="retreat")
    assert "« retraite prudente » est une action des défenseurs" in calc.error
    assert re.search(r"\d %", calc.result.value + calc.error) is None
