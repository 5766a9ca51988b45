"""Every whole-number box of the Unisystem calculators has a bound (issue 38, last item).

The boxes below do not count at the calculators' defaults (they are hidden, and
the rules only check that a value there is a whole number: its range is checked
where it counts). Each is set where it counts, to 10**15 and −10**15 (the box
itself keeps at most ±999), with every other control at its default: the
calculator shows, beside the box, an error naming the box's label and the range
the rules allow; the box back at its original value gives no error again.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulebook_py.errors import RuleValueError
from rulebook_py.systems import unisystem as uni
from rulebook_py.systems.unisystem import (
    ATTRIBUTE_RANGE,
    COMPLEXITY_RANGE,
    DARKNESS_BONUS_RANGE,
    SCOPE_RANGE,
    SKILL_RANGE,
    SPEED_RANGE,
)
from rulebook_py.widgets import CALCULATORS

_UNSKILLED = {"kind": uni.CheckKind.UNSKILLED}
_CHASE = {"kind": uni.ContestType.FOOT_CHASE}
_FEINT = {"feint": True}
_DARK = {"lighting": uni.Lighting.TOTAL_DARKNESS}
_AIM = {"aim": True}
_DIVE = {"defense": uni.RangedDefense.DIVE_FOR_COVER}
_DIVE_DARK = {**_DIVE, **_DARK}
_UNDER_FIRE = {"under_fire": True}

#: (calculator, the mode where the box counts, box, the range the rules allow).
CASES: list[tuple[str, dict[str, Any], str, tuple[int, int]]] = [
    ("UnisystemCheckCalculator", _UNSKILLED, "complexity", COMPLEXITY_RANGE),
    ("UnisystemContestCalculator", _CHASE, "speed_a", SPEED_RANGE),
    ("UnisystemContestCalculator", _CHASE, "speed_b", SPEED_RANGE),
    ("MeleeExchangeCalculator", _FEINT, "feint_intelligence", ATTRIBUTE_RANGE),
    ("MeleeExchangeCalculator", _FEINT, "feint_skill", SKILL_RANGE),
    ("MeleeExchangeCalculator", _FEINT, "feint_perception", ATTRIBUTE_RANGE),
    ("MeleeExchangeCalculator", _FEINT, "feint_defender_skill", SKILL_RANGE),
    ("MeleeExchangeCalculator", _DARK, "darkness_bonus", DARKNESS_BONUS_RANGE),
    ("MeleeExchangeCalculator", _DARK, "defender_darkness_bonus", DARKNESS_BONUS_RANGE),
    ("RangedAttackCalculator", _DARK, "darkness_bonus", DARKNESS_BONUS_RANGE),
    ("RangedAttackCalculator", _AIM, "aim_perception", ATTRIBUTE_RANGE),
    ("RangedAttackCalculator", _AIM, "aim_skill", SKILL_RANGE),
    ("RangedAttackCalculator", _AIM, "scope", SCOPE_RANGE),
    ("RangedAttackCalculator", _DIVE, "defender_dexterity", ATTRIBUTE_RANGE),
    ("RangedAttackCalculator", _DIVE, "defender_dodge", SKILL_RANGE),
    ("RangedAttackCalculator", _DIVE_DARK, "defender_darkness_bonus", DARKNESS_BONUS_RANGE),
    ("RangedAttackCalculator", _UNDER_FIRE, "willpower", ATTRIBUTE_RANGE),
    ("ActionPlannerCalculator", {"dexterity_cap": True}, "dexterity", ATTRIBUTE_RANGE),
    ("ActionPlannerCalculator", {"constitution_cap": True}, "constitution", ATTRIBUTE_RANGE),
]


@pytest.mark.parametrize(("name", "mode", "box", "allowed"), CASES, ids=lambda c: str(c))
def test_every_box_is_refused_beyond_its_range_where_it_counts(name, mode, box, allowed):
    calc = CALCULATORS[name](language="en", **mode)
    assert not calc.error, calc.error
    assert calc.controls[box].layout.display != "none", f"{box} does not count in {mode}"
    original = calc.controls[box].value
    label = calc.label_of(box).rstrip(": \xa0")
    low, high = allowed
    for value in (10**15, -(10**15)):
        calc.controls[box].value = value
        shown = calc.error_for(box)
        assert shown, f"{name} {box}={value} accepted: {calc.values()[box]}"
        assert label in shown.replace("&#x27;", "'"), shown
        assert f"from {low} to {high}" in shown, shown
        assert not calc.result.value, f"{name} {box}={value}: an answer beside the error"
        calc.controls[box].value = original
        assert not calc.error, calc.error
        assert calc.result.value


@pytest.mark.parametrize(("name", "mode", "box", "allowed"), CASES, ids=lambda c: str(c))
def test_the_rules_refuse_what_the_box_would_clamp(name, mode, box, allowed):
    """The rules themselves refuse ±10**15 (the box only keeps ±999 out of the way)."""
    calc = CALCULATORS[name](language="en", **mode)
    for value in (10**15, -(10**15)):
        with pytest.raises(RuleValueError) as caught:
            calc.compute({**calc.values(), box: value})
        assert caught.value.field == box
        assert f"from {allowed[0]} to {allowed[1]}, got {value}" in str(caught.value)


@pytest.mark.parametrize(
    ("constant", "bound"),
    [(COMPLEXITY_RANGE, (0, 10)), (DARKNESS_BONUS_RANGE, (0, 10)), (SCOPE_RANGE, (0, 5))],
)
def test_the_bounds_have_names(constant, bound):
    assert constant == bound
