"""Every whole-number box of the mass-battle calculators has a bound (issue 38).

The round of a second attitude, the round of each special action and the
cover of a rolled ambush were refused out of range only when they counted:
left beside an action at "none", an attitude "the same every round" or an
ambush that is not rolled (as the calculators open), the box took 999 (the
most it holds) without a word. Now the rules refuse a value out of range
whether it counts or not, and the calculator shows the message beside the
box: its label, the allowed range and what it got.
"""

from __future__ import annotations

import pytest

from rulebook_py.systems.mass_battle import MAX_DECLARED_ROUND, MAX_HIDING_HELP, MAX_ROUNDS
from rulebook_py.widgets.mass_battle import (
    MassBattleOddsCalculator,
    MassBattleRoundCalculator,
    UnitBuilderCalculator,
)

_ACTION = f"from 1 to {MAX_DECLARED_ROUND}"
_ATTITUDE = f"from 2 to {MAX_ROUNDS}"
_COVER = f"from 0 to {MAX_HIDING_HELP}"

#: (calculator, box, allowed range, the values that make the box count).
BOXES = [
    *[
        (cls, f"{p}attitude2_round", _ATTITUDE, {f"{p}attitude2": "RATHER_DEFENSIVE"})
        for cls in (MassBattleOddsCalculator, MassBattleRoundCalculator)
        for p in ("a_", "d_")
    ],
    *[
        (cls, f"{p}action{k}_round", _ACTION, {f"{p}action{k}": action})
        for cls in (MassBattleOddsCalculator, MassBattleRoundCalculator)
        for p, ks, action in (("a_", (2, 3), "charge"), ("d_", (1, 2, 3), "retreat"))
        for k in ks
    ],
    (MassBattleOddsCalculator, "cover", _COVER, {"a_action1": "rolled ambush offense"}),
    (UnitBuilderCalculator, "attitude2_round", _ATTITUDE, {"attitude2": "RATHER_DEFENSIVE"}),
    (UnitBuilderCalculator, "action2_round", _ACTION, {"action2": "charge"}),
    (UnitBuilderCalculator, "action3_round", _ACTION, {"action3": "charge"}),
]

_IDS = [f"{cls.__name__}-{box}" for cls, box, _, _ in BOXES]


def _refuses_far_values(calc, box: str, allowed: str) -> None:
    """10**15 and -10**15 are refused beside the box; its own value is taken again."""
    control = calc.controls[box]
    original = control.value
    assert not calc.error.strip(), calc.error
    for value in (10**15, -(10**15)):
        control.value = value
        assert control.description in calc.error, (box, value, calc.error)
        assert f"must be an integer {allowed}" in calc.error, (box, value, calc.error)
        assert not calc.result.value.strip(), (box, value)
        control.value = original
        assert not calc.error.strip(), (box, calc.error)
        assert calc.result.value.strip(), box


@pytest.mark.parametrize(("cls", "box", "allowed", "counts"), BOXES, ids=_IDS)
def test_a_box_that_does_not_count_still_has_a_bound(cls, box, allowed, counts):
    """As the calculator opens, the box does not count: a far value is refused all the same."""
    _refuses_far_values(cls(), box, allowed)


@pytest.mark.parametrize(("cls", "box", "allowed", "counts"), BOXES, ids=_IDS)
def test_a_box_that_counts_has_its_bound(cls, box, allowed, counts):
    """With the action, the second attitude or the rolled ambush that the box is for."""
    calc = cls()
    for name, value in counts.items():
        calc.controls[name].value = value
    _refuses_far_values(calc, box, allowed)
