"""Issue 27: a message quotes at most about 60 characters of a long typed text, at its box."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    "cls,control,text",
    [
        ("ChroniquesConditionsCalculator", "turn", "x" * 10_000),
        ("ChroniquesConditionsCalculator", "turn", "M " * 5_000),
        ("ChroniquesInitiativeCalculator", "delay_name", "y" * 20_000),
        ("ChroniquesChaseCalculator", "pursuer_acts", "3 " * 100 + "z" * 10_000),
        ("ChroniquesChaseCalculator", "quarry_acts", "q" * 10_000),
        ("ChroniquesInitiativeCalculator", "combatants", "Ana, 12, PC, 14, " + "w" * 10_000),
    ],
)
def test_a_long_typed_text_is_quoted_short_and_the_box_named(cls, control, text):
    """Issue 27: these boxes echoed the whole input (10,000-20,000 characters)."""
    import html

    from rulebook_py.widgets import CALCULATORS

    calc = CALCULATORS[cls]()
    calc.controls[control].value = text
    shown = html.unescape(calc.error_for(control))
    assert shown and len(shown) < 400, len(shown)
    assert calc.label_of(control) in shown
    assert calc.result.value == ""
