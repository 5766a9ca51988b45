"""Issue 38: every whole-number box of the dice calculator has a bound.

The target (``P(total >= target)``) may be any total an expression may reach
(:data:`~rulebook_py.dice.MAX_TARGET`: past every total of the expression the
chance is 0, a real question), and the explosion depth runs from 0 to
:data:`~rulebook_py.dice.MAX_EXPLODE_DEPTH`. 10**15 and -10**15, each with the
other controls at their defaults, are refused by the rules beside the box with
the box's label and the allowed range; the opening value then gives no error.
"""

from __future__ import annotations

import html

import pytest

from rulebook_py.dice import MAX_EXPLODE_DEPTH, MAX_TARGET
from rulebook_py.widgets import CALCULATORS

CASES = [("target", (-MAX_TARGET, MAX_TARGET)), ("explode_depth", (0, MAX_EXPLODE_DEPTH))]


@pytest.mark.parametrize(("box", "bounds"), CASES, ids=[c[0] for c in CASES])
def test_box_out_of_range_is_refused_by_the_rules(box: str, bounds: tuple[int, int]) -> None:
    """±10**15 shows the rule's range beside the box; the opening value clears it."""
    calc = CALCULATORS["DiceCalculator"]()
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


def test_a_target_past_every_total_is_still_a_question() -> None:
    """A target no total reaches is answered (0), up to the bound."""
    calc = CALCULATORS["DiceCalculator"](expression="3d6", target=MAX_TARGET)
    assert not calc.error, calc.error
    assert calc.result.value.strip()
