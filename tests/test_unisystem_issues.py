"""Issues 35 and 38 for Unisystem: mistyped bonuses, modules and functions, bad input.

Each test reproduces what the issue reported and fails on the code before the fix.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import random
from fractions import Fraction

import ipywidgets as widgets
import pytest
from test_hostile_inputs import check_contract

from rulebook_py import outcomes
from rulebook_py.distribution import Mean
from rulebook_py.errors import RulebookError
from rulebook_py.systems import unisystem as uni
from rulebook_py.widgets.unisystem import BOX
from rulebook_py.widgets.unisystem_combat import InitiativeCalculator

F = Fraction
UNISYSTEM_CALCULATORS = [
    "ActionPlannerCalculator",
    "InitiativeCalculator",
    "MeleeExchangeCalculator",
    "RangedAttackCalculator",
    "UnisystemCheckCalculator",
    "UnisystemContestCalculator",
    "UnisystemCoreDieCalculator",
    "UnisystemFightCalculator",
]


# ------------------------------------------------------------------ issue 35
@pytest.mark.parametrize("bonus", ["+ 2", "+2.5", "+2 NPC", "- 1", "3rd squad"])
def test_a_mistyped_bonus_is_refused_with_its_line(bonus):
    text = f"Bob, 3, {bonus}\nW, 3, NPC"
    with pytest.raises(RulebookError) as err:
        uni.initiative(text)
    assert err.value.field == "combatants"
    assert f"line 1 'Bob, 3, {bonus}'" in str(err.value)
    assert "neither a bonus nor a side" in str(err.value)


def test_the_bonus_written_right_counts():
    assert uni.initiative("Bob, 3, +2\nW, 3, NPC").chances["Bob"] == F(17, 25)


def test_no_public_function_shadows_a_module_of_its_package():
    from rulebook_py.outcomes.unisystem import ranged
    from rulebook_py.systems.unisystem import initiative

    assert inspect.isfunction(ranged) and inspect.isfunction(initiative)
    modules = {m.name for m in pkgutil.iter_modules(uni.__path__)}
    assert {"ranged_combat", "initiative_rolls"} <= modules
    assert not modules & set(uni.__all__)
    for name in modules:
        module = importlib.import_module(f"rulebook_py.systems.unisystem.{name}")
        assert inspect.ismodule(module)


# ------------------------------------------------------------------ issue 38
def test_roll_core_refuses_an_rng_that_is_not_one():
    with pytest.raises(
        RulebookError,
        match=r"rng must be a random\.Random \(e\.g\. random\.Random\(42\)\) or None, got 3",
    ):
        uni.roll_core(rng=3)  # type: ignore[arg-type]


def _with_core() -> list[str]:
    names = []
    for name in uni.__all__:
        thing = getattr(uni, name)
        if callable(thing) and not isinstance(thing, type):
            try:
                params = inspect.signature(thing).parameters
            except (TypeError, ValueError):
                continue
            if "core" in params:
                names.append(name)
    return names


def test_core_given_a_list_is_refused_by_every_function():
    """Issue 38: 19 functions raised ``TypeError: unhashable`` for ``core=[]``."""
    examples = {
        "arm_wrestling": (3, 2),
        "check": ("task", 3, 2),
        "contest": (3, 3),
        "contest_report": ("generic", 3, 3),
        "core_distribution": (),
        "darkness_bonus_distribution": (3,),
        "feint": (3, 2, 2, 2),
        "first_to_act": ([uni.Combatant("A", 3)],),
        "fight": (uni.Fighter("A", 3, 2), uni.Fighter("B", 3, 2)),
        "foot_chase": (3, 2, 15, 2, 4, 12),
        "initiative": ("A, 3",),
        "initiative_order": ([uni.Combatant("A", 3)],),
        "keep_cool": (2,),
        "match": (6, 4),
        "melee": (),
        "melee_exchange": (uni.MeleeAttack(3, 2), uni.MeleeDefense()),
        "plan_actions": ([uni.PlannedAction(uni.ActionKind.ATTACK, 3, 2)],),
        "action_plan": ("attack 3+2",),
        "ranged": (),
        "ranged_attack": (3, 3),
        "roll_core": (),
        "side_first_chances": ([uni.Combatant("A", 3)],),
        "sneaking": (4, 3, 2),
        "task": (3, 2),
        "test": (3,),
        "unskilled": (3,),
        "attack_check": (uni.MeleeAttack(3, 2),),
        "defense_check": (uni.MeleeDefense(),),
        "combat_check": (3, 2, (), uni.Lighting.NORMAL, 0),
    }
    names = _with_core()
    assert len(names) >= 19 and set(names) <= set(examples)
    for name in names:
        for bad in ([], {}, 10**5000, "x" * 100_000):
            with pytest.raises(RulebookError) as err:
                getattr(uni, name)(*examples[name], core=bad)
            assert err.value.field == "core" and len(str(err.value)) < 200, name


def test_a_huge_core_is_refused_in_a_short_message():
    with pytest.raises(RulebookError) as err:
        outcomes.unisystem.check("unskilled", 3, core=10**5000)  # type: ignore[arg-type]
    assert "a number of about 5001 digits" in str(err.value) and len(str(err.value)) < 120


def test_an_initiative_bonus_of_4301_digits_is_refused_in_the_api_and_the_calculator():
    text = "Bob, 3, +" + "9" * 4301
    with pytest.raises(RulebookError, match="bonus must be an integer from -10 to 10"):
        uni.parse_combatants(text)
    calc = InitiativeCalculator(combatants=text)
    assert "bonus must be an integer from -10 to 10" in calc.error_for("combatants")
    assert len(calc.error_for("combatants")) < 400 and not calc.result.value
    check_contract(calc, "InitiativeCalculator", "a 4301-digit bonus")


@pytest.mark.parametrize(
    "text",
    ["A, 3, " + "x" * 100_000 + ", y", "A, 3, PCs, " + "y" * 100_000, "y" * 100_000, "A, 3\n" * 21],
)
def test_an_unread_field_is_quoted_short(text):
    with pytest.raises(RulebookError) as err:
        uni.parse_combatants(text)
    assert len(str(err.value)) < 320  # was 100,287 characters for a 100,000-character line


def test_every_whole_number_box_has_a_bound():
    from rulebook_py.widgets import CALCULATORS

    for name in UNISYSTEM_CALCULATORS:
        calc = CALCULATORS[name]()
        for control in calc.controls.values():
            if isinstance(control, widgets.IntText | widgets.BoundedIntText):
                assert isinstance(control, widgets.BoundedIntText), name
                assert (control.min, control.max) == BOX, name


def test_a_switched_off_field_is_never_echoed():
    from rulebook_py.widgets.unisystem_combat import ActionPlannerCalculator

    calc = ActionPlannerCalculator(dexterity=999)  # the DEX/2 cap is not ticked
    assert calc.error == "" and "dexterity" not in calc.view.call.expression
    calc.controls["dexterity_cap"].value = True
    assert "999" in calc.error_for("dexterity")


def test_a_record_refuses_a_huge_or_wrong_value_in_each_field():
    with pytest.raises(RulebookError):
        uni.MeleeOutcome(uni.task(3, 2), None, 10**5000)  # type: ignore[arg-type]
    with pytest.raises(RulebookError):
        uni.CheckRoll(uni.task(3, 2), uni.roll_core(rng=random.Random(1)), "7", 0, False)  # type: ignore[arg-type]
    with pytest.raises(RulebookError):
        Mean(10**5000)
