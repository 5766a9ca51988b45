"""Issue 23: initiative lines read as written, the darkness bonus on the next roll only,
the 2D6 − 2 die everywhere, the "Not used" notes, the feint that cannot fail.

Each test fails on the code before the fix (commit 4e64a96).
"""

from __future__ import annotations

import html
import itertools
from fractions import Fraction as F

import pytest

from rulebook_py.errors import RuleValueError
from rulebook_py.systems import unisystem as u
from rulebook_py.systems.unisystem import (
    CoreDie,
    FiringMode,
    InitiativeEdge,
    Lighting,
    Stance,
    Volley,
    first_to_act,
    parse_combatants,
    ranged_attack,
)
from rulebook_py.widgets.format import probability
from rulebook_py.widgets.unisystem_combat import (
    ActionPlannerCalculator,
    InitiativeCalculator,
    MeleeExchangeCalculator,
)

TWO_D6 = [max(a + b - 2, 1) for a, b in itertools.product(range(1, 7), repeat=2)]


# ------------------------------------------------------------ initiative lines
def test_a_line_without_a_side_reads_its_edge_and_its_bonus():
    sniper, jimmy = parse_combatants("Sniper, 2, ambush\nJimmy, 4, +2")
    assert (sniper.side, sniper.edge) == ("PCs", InitiativeEdge.AMBUSH)
    assert (jimmy.side, jimmy.bonus) == ("PCs", 2)
    calc = InitiativeCalculator(combatants="Sniper, 2, ambush\nW, 5, NPC")
    assert "100 %" in calc.result.value  # the sniper acts first, whatever the dice


def test_fields_after_dex_come_in_any_order():
    (a,) = parse_combatants("Witch, 3, +1, magic, Coven")
    assert (a.side, a.edge, a.bonus) == ("Coven", InitiativeEdge.MAGIC, 1)


@pytest.mark.parametrize(
    ("line", "text"),
    [
        ("A, 3, PCs, NPC", "one side a line, got 'PCs' and 'NPC'"),
        ("A, 3, 2", "'2' could be a bonus or a side"),
        ("A, 3, +1, -2", "one initiative bonus a line"),
    ],
)
def test_an_ambiguous_line_is_refused_and_quoted(line, text):
    with pytest.raises(RuleValueError, match=text) as err:
        parse_combatants(line)
    assert repr(line) in str(err.value) and err.value.field == "combatants"
    calc = InitiativeCalculator(combatants=line)
    assert text in html.unescape(calc.error_for("combatants")) and calc.result.value == ""


# ------------------------------------------------------------ darkness: next roll only
def test_total_darkness_bonus_counts_for_the_first_roll_of_a_volley_only():
    volley = Volley(FiringMode.SEMI_AUTO, 2)
    out = ranged_attack(3, 3, volley=volley, lighting=Lighting.TOTAL_DARKNESS, darkness_bonus=2)
    assert [c.bonus for c in out.attacks] == [2, 0]
    # first roll D10 + 2 ≥ 9 (4 in 10), second a plain D10 ≥ 9 (2 in 10)
    assert out.hits.pmf() == {0: F(12, 25), 1: F(11, 25), 2: F(2, 25)}
    bursts = ranged_attack(
        3, 3, volley=Volley(FiringMode.BURST, 3), lighting=Lighting.TOTAL_DARKNESS, darkness_bonus=3
    )
    assert [c.bonus for c in bursts.attacks] == [3, 0, 0]


# ------------------------------------------------------------ 2D6 − 2 everywhere
def test_first_to_act_rolls_the_2d6_core_die():
    fighters = [u.Combatant("A", 4), u.Combatant("B", 3, "NPC")]
    wins = sum(1 for x in TWO_D6 for y in TWO_D6 if x + 4 >= y + 3)  # A wins ties (DEX)
    assert first_to_act(fighters, core=CoreDie.TWO_D6)["A"] == F(wins, 36 * 36)
    calc = InitiativeCalculator(combatants="A, 4\nB, 3, NPC", core=CoreDie.TWO_D6)
    assert probability(F(wins, 36 * 36)) in calc.result.value
    assert "2D6−2 [" in calc.roll_output.value


def test_the_planner_offers_the_2d6_core_die():
    calc = ActionPlannerCalculator(actions="attack 4+4\ndodge 4+3\ndodge 4+3")
    calc.controls["core"].value = CoreDie.TWO_D6
    third = F(sum(1 for x in TWO_D6 if x + 7 - 2 >= 9), 36)
    assert probability(third) in calc.result.value and "2D6−2 [" in calc.roll_output.value


# ------------------------------------------------------------ what does not count is hidden
def _hidden(calc):
    return {name for name, c in calc.controls.items() if c.layout.display == "none"}


def test_the_planner_hides_the_caps_of_a_massive_creature():
    calc = ActionPlannerCalculator(actions="attack 5+3\n" * 4, massive=True, max_attacks=True)
    assert calc.error == ""
    assert {"max_attacks", "dexterity_cap", "constitution_cap"} <= _hidden(calc)
    assert "max_attacks" not in calc.view.call.expression  # never echoed in the Python line
    calc.controls["massive"].value = False
    assert "at most 3 attacks" in calc.error_for("actions")


def test_melee_hides_a_defenders_darkness_bonus_without_a_defense():
    calc = MeleeExchangeCalculator(
        lighting=Lighting.TOTAL_DARKNESS,
        defender_stance=Stance.AGGRESSIVE,
        defender_darkness_bonus=2,
    )
    assert {"defender_darkness_bonus", "defense"} <= _hidden(calc)
    assert "defender_darkness_bonus" not in calc.view.call.expression
    assert "Defense</td><td>none" in calc.result.value


def test_melee_hides_a_feint_in_total_darkness():
    calc = MeleeExchangeCalculator(lighting=Lighting.TOTAL_DARKNESS, feint=True)
    assert {"feint", "feint_intelligence"} <= _hidden(calc)
    assert "feint" not in calc.view.call.expression
    assert "Feint" not in calc.result.value and "Total darkness" in calc.result.value


def test_a_feint_that_cannot_fail_shows_the_plain_attack_and_its_chance():
    calc = MeleeExchangeCalculator(
        feint=True,
        feint_intelligence=30,
        feint_skill=30,
        feint_perception=0,
        feint_defender_skill=0,
    )
    text = html.unescape(calc.result.value)
    assert "<td>Attack bonus</td><td>+5 = +3 (Dexterity) +2 (skill)</td>" in text
    assert "P(hit) without the feint</td><td>55.00 % (11/20)" in text
