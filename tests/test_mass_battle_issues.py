"""The mass battle's fixes of the fourth rule audit (issue 35) and of bad input (issue 38).

Each test fails on the code before its fix: the reproducer of the issue, then
what the rule now says.
"""

from __future__ import annotations

import html
import random
from fractions import Fraction

import ipywidgets as widgets
import pytest

from rulebook_py import outcomes
from rulebook_py.errors import RulebookError, RuleValueError
from rulebook_py.outcomes.mass_battle import declare, round_of
from rulebook_py.systems import mass_battle as mb
from rulebook_py.systems.mass_battle import (
    Battlefield,
    ChancePolicy,
    CommanderClass,
    Experience,
    Orders,
    Side,
    Terrain,
    TightCombatRoute,
    Timing,
    Unit,
    battle_odds,
    charge,
    charge_breaker,
    charge_breaker_rolls,
)
from rulebook_py.widgets.mass_battle import (
    MassBattleOddsCalculator,
    MassBattleRoundCalculator,
    UnitBuilderCalculator,
    WorkedExampleCalculator,
)

CALCULATORS = (
    MassBattleOddsCalculator,
    MassBattleRoundCalculator,
    UnitBuilderCalculator,
    WorkedExampleCalculator,
)


# ------------------------------------------------------------------ issue 35


def test_a_charge_breaker_declared_after_the_charge_struck_is_refused():
    """Issue 35: the box "declared in round" of a charge-breaker did nothing."""
    with pytest.raises(RuleValueError, match="comes too late") as err:
        round_of(
            {"action1": "charge"}, {"action1": "breaker won", "action1_round": 5}, round_number=2
        )
    assert err.value.field == "defender['action1']"
    assert "strikes in round 2" in str(err.value)
    calc = MassBattleRoundCalculator(a_action1="charge", d_action1="breaker won", round=2)
    assert calc.error == ""
    calc.controls["d_action1_round"].value = 5
    assert "comes too late" in html.unescape(calc.error_for("d_action1"))


def test_a_charge_breaker_answers_the_first_charge_that_strikes_in_its_round_or_later():
    two = declare(
        {"action1": "charge", "action2": "charge", "action2_round": 3},
        {"action1": "breaker won", "action1_round": 3},
    )
    offense = [sum(a.effect(r).offense for a in two.attacker.orders.actions) for r in (2, 4)]
    assert offense == [2, 0]  # round 1's charge strikes in round 2; round 3's is broken in 4
    assert [a.effect(4).offense for a in two.defender.orders.actions] == [2]
    same_round = declare({"action1": "charge"}, {"action1": "breaker won", "action1_round": 2})
    assert [a.effect(2).offense for a in same_round.defender.orders.actions] == [2]


def test_the_api_refuses_two_charge_breakers_as_the_calculators_do():
    """Issue 35: battle_odds gave 5/64 for a defender with two charge-breakers."""
    their_charge = charge(4, 0)
    won = charge_breaker(4, 4, 1, 0, 0, their_charge)
    lost = charge_breaker(4, 1, 4, 0, 0, their_charge)
    attacker = Side(Unit("Knights", 50, 3, 3), Orders(actions=(won.charge,)))
    defender = Side(
        Unit("Pikes", 50, 3, 3, defends_ground=True),
        Orders(actions=(won.defender_action, lost.defender_action)),
    )
    with pytest.raises(RuleValueError, match="one a unit, it answers one charge") as err:
        battle_odds(attacker, defender)
    assert err.value.field == "defender"
    rolled = charge_breaker_rolls(charge(4, 0), 0, 0, 0)
    with pytest.raises(RuleValueError, match="one a unit"):
        battle_odds(
            Side(Unit("Knights", 50, 3, 3)),
            Side(Unit("Pikes", 50, 3, 3, defends_ground=True)),
            defender_rolls=[rolled, rolled],
        )
    calc = MassBattleOddsCalculator(
        a_action1="charge", d_action1="breaker won", d_action2="rolled breaker"
    )
    assert "one a unit, it answers one charge" in html.unescape(calc.error_for("d_action2"))


def test_the_api_refuses_a_charge_breaker_without_an_enemy_charge():
    won = charge_breaker(4, 4, 1, 0, 0, charge(4, 0))
    defender = Side(
        Unit("Pikes", 50, 3, 3, defends_ground=True), Orders(actions=(won.defender_action,))
    )
    with pytest.raises(RuleValueError, match="give the enemy a charge first"):
        battle_odds(Side(Unit("Knights", 50, 3, 3)), defender)
    with pytest.raises(RuleValueError, match="give the enemy a charge first") as err:
        round_of({}, {"action1": "breaker won"})
    assert err.value.field == "defender['action1']"


@pytest.mark.parametrize("seed", [4, 6])
def test_a_rolled_surprise_attack_seen_through_says_what_the_attackers_get(seed):
    """Issue 35: the Roll showed "→ no effect" though the attackers get +2, then +1 defense."""
    outcome = outcomes.mass_battle.battle_of({}, {"action1": "rolled surprise"})
    side, _one, faces, note = outcome.roll(random.Random(seed)).actions[0]
    assert side == "defender" and faces[0] < faces[1]
    assert "no effect" not in note
    assert "seen through, the attackers get +2 defense, then +1" in note
    calc = MassBattleOddsCalculator(a_action1="none", d_action1="rolled surprise")
    calc.seed.value = seed
    calc.roll()
    assert "the attackers get +2 defense, then +1" in html.unescape(calc.roll_output.value)


def test_a_tight_combat_on_a_fault_from_above_needs_attackers_that_fly():
    """Issue 35: refused on a fault from above even against attackers that fly."""
    fliers = {"weapons": "flying", "vitality": 60}
    guards = {"vitality": 60, "action1": "tight luck 4"}
    r = round_of(fliers, guards, terrain="FAULT_FROM_ABOVE", tight_combat=True)
    assert r.result.defender_steps[2].defense_change == 5  # the +5 of the tight combat
    assert r.result.defender_steps[2].offense_change == 4  # and the luck's +4
    with pytest.raises(RuleValueError, match="unless the attackers fly") as err:
        round_of({"weapons": "missile"}, guards, terrain="FAULT_FROM_ABOVE", tight_combat=True)
    assert err.value.field == "tight_combat"
    calc = MassBattleRoundCalculator(a_weapons="flying", terrain="FAULT_FROM_ABOVE", tight=True)
    assert calc.error == ""


def test_a_tight_combat_luck_declared_later_gives_offense_from_its_round_defense_from_round_1():
    """The choice stated in the chapter: the +5 is the battle's, the luck's offense its round's."""
    cave = {"terrain": "CAVE_FRONT", "tight_combat": True}
    late = {"action1": "tight luck 4", "action1_round": 3}
    for rnd, offense in ((1, 0), (2, 0), (3, 4), (4, 4)):
        step = round_of({}, late, round_number=rnd, **cave).result.defender_steps[2]
        assert (step.offense_change, step.defense_change) == (offense, 5)


def test_the_chapter_states_the_tight_combat_choices_once_and_alike():
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    cells = json.loads((root / "book" / "mass-battle.ipynb").read_text(encoding="utf-8"))["cells"]
    prose = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    choices = prose.split("## Where the source is silent or contradicts itself", 1)[1]
    assert "only on the cave or fault entries" not in choices
    assert "luck or planning may be declared in any round" in choices
    assert "unless the attackers fly" in choices


# ------------------------------------------------------------------ issue 38


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda: mb.roll_d4("seed"), "rng"),
        (lambda: mb.chance_split(ChancePolicy.CAUTIOUS, 4, 25, 10, timing=None), "timing"),
        (
            lambda: mb.leadership(CommanderClass.POOR, Experience.EXPERIENCED, reading=3.5),
            "reading",
        ),
        (lambda: mb.worked_example([]), "name"),
        (lambda: outcomes.mass_battle.unit_of({}, name={}), "name"),
        (lambda: Side(None), "unit"),
        (lambda: mb.split_free(3, mb.Lean.EVEN, name=None), "name"),
        (
            lambda: mb.simulate_battle(
                Side(Unit("A", 5, 3, 4)), Side(Unit("B", 5, 3, 4)), battlefield=0
            ),
            "battlefield",
        ),
    ],
    ids=[
        "roll_d4",
        "chance_split",
        "leadership",
        "worked_example",
        "unit_of",
        "Side",
        "split_free",
        "simulate_battle",
    ],
)
def test_bad_input_is_refused_naming_the_parameter(call, field):
    """Issue 38: these raised AttributeError, TypeError or IndexError, or answered silently."""
    with pytest.raises(RulebookError) as err:
        call()
    assert err.value.field == field


def test_a_huge_number_is_quoted_short():
    with pytest.raises(RulebookError) as err:
        mb.ambush(4, 4, 10**5000, mb.Cunning.ALERT)
    assert "a number of about 5001 digits" in str(err.value) and len(str(err.value)) < 300
    with pytest.raises(RulebookError) as err:
        mb.tight_combat("x" * 100_000)
    assert len(str(err.value)) < 400


@pytest.mark.parametrize("cls", CALCULATORS, ids=lambda c: c.__name__)
def test_every_whole_number_box_has_a_bound(cls):
    """Issue 38: a link's huge number reached Python as null through an unbounded box."""
    calc = cls()
    boxes = [
        c
        for c in calc.controls.values()
        if isinstance(c, (widgets.IntText, widgets.BoundedIntText))
    ]
    assert all(isinstance(box, widgets.BoundedIntText) for box in boxes)
    assert all(box.max <= 10_000 and box.min >= -10_000 for box in boxes)


def test_a_number_beyond_a_rule_is_still_refused_with_its_range():
    calc = MassBattleRoundCalculator()
    calc.controls["d_vitality"].value = 10**9  # the box holds at most 999
    assert "must be an integer from 5 to 100" in calc.error_for("d_vitality")


def test_values_that_do_not_count_are_left_out_of_the_python_line():
    """Issue 38: a switched-off option's value was written into the Python line."""
    calc = MassBattleOddsCalculator()
    before = calc.view.call.expression
    assert "timing" not in before and "cover" not in before and "well_placed" not in before
    for name, value in (
        ("a_action2_round", 7),  # the action of slot 2 is "none"
        ("d_attitude2_round", 9),  # the second attitude is "the same"
        ("a_reading", "RANKED_LIST"),  # not a poor, experienced commander
        ("timing", "AFTER_ROLL"),  # no split policy
        ("cover", 3),  # no ambush rolled
        ("well_placed", False),  # not a marsh nor a muddy plain
        ("d_weapons", "missile"),  # not a fault attacked from above
    ):
        calc.controls[name].value = value
        assert calc.error == "" and calc.view.call.expression == before, name
    calc.controls["a_policy"].value = "SPLIT"
    assert "timing='AFTER_ROLL'" in calc.view.call.expression
    calc.controls["a_action2"].value = "rolled charge"
    assert "'action2_round': 7" in calc.view.call.expression
    assert "cover" not in calc.view.call.expression
    calc.controls["a_action1"].value = "rolled ambush"
    assert "cover=3" in calc.view.call.expression


def test_what_counts_keeps_the_answer():
    plans = ({"offense": 3, "action2_round": 5, "reading": "RANKED_LIST"}, {"attitude2_round": 4})
    keywords = {"terrain": "FOREST", "well_placed": False, "timing": "AFTER_ROLL", "cover": 2}
    (a, d), kept = outcomes.mass_battle.what_counts(plans, keywords)
    assert a == {"offense": 3} and d == {} and kept == {"terrain": "FOREST"}
    full = outcomes.mass_battle.battle_of(*plans, **keywords)
    short = outcomes.mass_battle.battle_of(a, d, **kept)
    assert full.odds == short.odds and full.attacker_wins == Fraction(short.attacker_wins)


def test_the_enemys_timing_is_checked_even_without_a_split():
    with pytest.raises(RuleValueError) as err:
        battle_odds(Side(Unit("A", 10, 0, 0)), Side(Unit("B", 10, 0, 0)), timing="later")
    assert err.value.field == "timing"
    assert Timing.BEFORE_ROLL.label == "avant le jet"


def test_a_rolled_action_with_a_bad_resolver_is_refused():
    bad = mb.RolledAction(mb.ActionKind.CHARGE, ("leadership d4",), lambda die: die)
    with pytest.raises(RuleValueError) as err:
        bad.outcomes()
    assert err.value.field == "resolver"
    with pytest.raises(RuleValueError):
        mb.RolledAction(mb.ActionKind.CHARGE, ("d4",), "not a function")
    assert TightCombatRoute.LUCK.label == "La chance"
    assert Terrain.FAULT_FROM_ABOVE in mb.TIGHT_COMBAT_TERRAINS
    assert Battlefield(Terrain.FAULT_FROM_ABOVE, tight_combat=True).tight_combat
