"""The Galaxies Jumelles, mass-battle and Chroniques Oubliées calculators in French.

Exact French text where the three games' catalogs (``galaxies.po``,
``mass-battle.po``, ``chroniques.po``) do the work: rows, notes, roll lines
worded by the rules, refused inputs, and the words two games say differently
(a *tour* in Chroniques Oubliées, a *ronde* in the mass battle). The English
of the same calculators is checked unchanged beside each.
"""

from __future__ import annotations

import re

from rulebook_py.widgets import CALCULATORS


def build(name: str, language: str, **values):
    return CALCULATORS[name](language=language, **values)


def test_a_word_two_games_say_differently():
    # Each game's words are in its own domain: a round is a *ronde* in the mass battle,
    # a *tour* in Chroniques Oubliées; damage is *dommages* in Galaxies, *DM* in Chroniques.
    from rulebook_py.systems.chroniques.words import M as chroniques
    from rulebook_py.systems.mass_battle.words import MC as mass_battle

    assert chroniques("round").render("fr") == "tour"
    assert mass_battle("mass battle", "round").render("fr") == "ronde"


def test_chroniques_attack_rows_and_modifiers():
    values = {"kind": "ranged", "cover": "PARTIAL", "repeated": 2}
    french = build("ChroniquesAttackCalculator", "fr", **values).result.value
    english = build("ChroniquesAttackCalculator", "en", **values).result.value
    assert "<td>  capacité répétée 2×</td><td>−10</td>" in french
    assert "<td>P(touche)</td><td>5,00\u00a0% (1/20)</td>" in french
    assert "<td>  ability repeated 2×</td><td>-10</td>" in english
    assert "<td>P(hit)</td><td>5.00 % (1/20)</td>" in english


def test_chroniques_fight_roll_in_french():
    roll = build("ChroniquesFightCalculator", "fr").roll_output.value
    nbsp, thin = "\u00a0", "\u202f"
    assert (
        f"Initiative (fixe, la même à chaque tour){nbsp}: Krush 12 (PJ, SAG 10), "
        "puis Gobelin 12 (PNJ, SAG 10)" in roll
    )
    assert f"après le tour 1{nbsp}: Krush 6/12 PV{thin}; Gobelin 3/3 PV" in roll


def test_chroniques_conditions_rows_in_french():
    french = build("ChroniquesConditionsCalculator", "fr").result.value
    assert "<td>Initiative</td><td>−5</td><td>+0</td>" in french
    assert "<td>Attaque à distance</td><td>−10</td><td>+0</td>" in french


def test_chroniques_refuses_in_french():
    calc = build("ChroniquesConditionsCalculator", "fr", turn="X")
    assert calc.error_for("turn").endswith(
        "⚠ Tour de l’attaquant (L, M, A, G) contient une action inconnue &#x27;X&#x27;\u00a0: "
        "utilisez limitée (L), mouvement (M), attaque (A) ou gratuite (G)</div>"
    )


def test_galaxies_shot_in_french():
    calc = build("GalaxiesShotCalculator", "fr")
    assert "<th>jet</th><th>Touché</th><th>Demi-esquive</th><th>Esquivé</th>" in calc.result.value
    assert "<caption>Contre un seul jet de défense\u00a0: 3D+1</caption>" in calc.result.value
    assert "attaque 1\u00a0: 4D+2 [3, 1, 4, 4] +2 = 14 → Touché</div>" in calc.roll_output.value
    english = build("GalaxiesShotCalculator", "en")
    assert "attack 1: 4D+2 [3, 1, 4, 4] +2 = 14 → Touché (hit)</div>" in english.roll_output.value


def test_galaxies_fight_in_french():
    roll = build("GalaxiesFightCalculator", "fr").roll_output.value
    assert (
        "Tour 1\u00a0: Kira 4D+1 [2, 5, 1, 3] +1 = 12 contre Vosk 3D+2 [1, 4, 4] +2 = 11 — " in roll
    )
    assert "A touche\u00a0: Vosk subit 8 (il lui reste 12)\u202f; Kira a 20" in roll
    assert roll.endswith("Fin\u00a0: Kira l’emporte</div>")


def test_galaxies_refuses_a_code_in_french():
    calc = build("GalaxiesMeleeCalculator", "fr", a_skill="0D")
    assert "la compétence de A vaut &#x27;0D&#x27;\u00a0: un jet demande au moins 1D" in calc.error


def test_mass_battle_in_french():
    calc = build("MassBattleOddsCalculator", "fr", a_action1="rolled ambush offense")
    assert (
        "<p>Moyenne exacte sur les dés suivants\u00a0: embuscade\u00a0: d4 de dissimulation, "
        "d4 de détection.</p>" in (calc.result.value)
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
    assert "Action spéciale 1 «\u00a0retraite prudente\u00a0» est une action des défenseurs" in (
        calc.error
    )
    assert re.search(r"\d %", calc.result.value + calc.error) is None
