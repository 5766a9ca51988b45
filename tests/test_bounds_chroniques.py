"""Issue 38: every whole-number box of the Chroniques Oubliées calculators has a bound.

Each box is checked where it counts (a box that does not count in a situation is
left out of the rules call): 10**15 and -10**15, each with the other controls at
their defaults, are refused by the rules with a message beside the box that names
its label and the allowed range; the opening value then gives no error again.
The widget keeps a typed number within its own wider box (``BOX``), so the
message quotes that clamped number.
"""

from __future__ import annotations

import html
from typing import Any

import pytest

from rulebook_py.widgets import CALCULATORS

#: (calculator, the controls that make the box count, box, the rule's range).
CASES: list[tuple[str, dict[str, Any], str, tuple[int, int]]] = [
    ("ChroniquesInitiativeCalculator", {"delay_name": "Elvira"}, "delay_to", (0, 60)),
    ("ChroniquesChaseCalculator", {"endurance_from": 11}, "pursuer_con", (-5, 15)),
    ("ChroniquesChaseCalculator", {"endurance_from": 11}, "quarry_con", (-5, 15)),
    ("ChroniquesAttackCalculator", {"concerted": "helper"}, "helper_bonus", (-30, 40)),
    ("ChroniquesAttackCalculator", {"temporary": True}, "target_strength", (-5, 10)),
]


@pytest.mark.parametrize(("name", "mode", "box", "bounds"), CASES, ids=[c[2] for c in CASES])
def test_box_out_of_range_is_refused_by_the_rules(
    name: str, mode: dict[str, Any], box: str, bounds: tuple[int, int]
) -> None:
    """±10**15 shows the rule's range beside the box; the opening value clears it."""
    calc = CALCULATORS[name]()
    for key, value in mode.items():
        calc.controls[key].value = value
    assert not calc.error, calc.error
    opening = calc.controls[box].value
    label = calc.label_of(box)
    low, high = bounds
    for typed in (10**15, -(10**15)):
        calc.controls[box].value = typed
        shown = html.unescape(calc.error_for(box))
        assert label in shown, (box, typed, shown)
        assert f"from {low} to {high}" in shown, (box, typed, shown)
        assert not calc.result.value.strip(), (box, typed)
        calc.controls[box].value = opening
        assert not calc.error, (box, calc.error)
        assert calc.result.value.strip()
