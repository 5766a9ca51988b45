"""Every whole-number box of the Galaxies Jumelles calculators has a bound (issue 38).

A value the rules cannot sensibly take (10**15 or -10**15) is refused by the
rules, beside the box, with the box's label and the allowed range; the box
does not quietly keep the nearest value it allows. The original value then
gives no error again.
"""

from __future__ import annotations

import html
import re

import pytest

from rulebook_py.errors import RuleValueError
from rulebook_py.systems import galaxies as g
from rulebook_py.widgets import CALCULATORS

#: Calculator, the settings where the box counts, the box, its allowed range.
BOXES = [
    ("GalaxiesMeleeCalculator", {}, "a_bonus", (-g.MAX_BONUS, g.MAX_BONUS)),
    ("GalaxiesMeleeCalculator", {}, "b_bonus", (-g.MAX_BONUS, g.MAX_BONUS)),
    ("GalaxiesShotCalculator", {}, "bdc", (-g.MAX_BONUS, g.MAX_BONUS)),
    ("GalaxiesShotCalculator", {}, "bdp", (-g.MAX_BONUS, g.MAX_BONUS)),
    ("GalaxiesShotCalculator", {}, "bdt", (-g.MAX_BONUS, g.MAX_BONUS)),
    ("GalaxiesShotCalculator", {"mode": "burst"}, "shots", (1, g.MAX_ATTACKS)),
    ("GalaxiesShotCalculator", {}, "sustained", (1, g.MAX_SUSTAINED)),
    ("GalaxiesPsychicCalculator", {}, "bdc", (-g.MAX_BONUS, g.MAX_BONUS)),
    ("GalaxiesPsychicCalculator", {}, "bdp", (-g.MAX_BONUS, g.MAX_BONUS)),
    ("GalaxiesPsychicCalculator", {}, "bdt", (-g.MAX_BONUS, g.MAX_BONUS)),
    ("GalaxiesFightCalculator", {}, "a_damage", (1, g.MAX_DAMAGE)),
    ("GalaxiesFightCalculator", {}, "a_health", (1, g.MAX_HEALTH)),
    ("GalaxiesFightCalculator", {}, "b_damage", (1, g.MAX_DAMAGE)),
    ("GalaxiesFightCalculator", {}, "b_health", (1, g.MAX_HEALTH)),
    ("GalaxiesFightCalculator", {}, "max_rounds", (1, g.MAX_ROUNDS)),
]


def shown(calc) -> str:
    """The errors on show, as plain text."""
    return html.unescape(re.sub(r"<[^>]+>", "", calc.error))


@pytest.mark.parametrize(
    ("name", "settings", "box", "bounds"), BOXES, ids=[f"{n}-{b}" for n, _s, b, _r in BOXES]
)
def test_a_huge_number_is_refused_beside_its_box(name, settings, box, bounds) -> None:
    calc = CALCULATORS[name](**settings)
    assert calc.error == ""
    control = calc.controls[box]
    original = control.value
    label = calc.label_of(box).rstrip(": \xa0")
    low, high = bounds
    for value in (10**15, -(10**15)):
        control.value = value
        assert control.value == value  # kept as typed: the rules answer it
        text = shown(calc)
        assert f"{label} must be an integer from {low} to {high}, got {value}" in text, text
        assert calc.result.value == ""
        control.value = original
        assert calc.error == ""
        assert calc.result.value


@pytest.mark.parametrize("side", ["a", "b"])
def test_a_sides_refusal_names_its_parameter(side: str) -> None:
    with pytest.raises(RuleValueError) as info:
        g.Fighter("4D", bonus=g.MAX_BONUS + 1, side=side)
    assert info.value.field == f"{side}_bonus"
    with pytest.raises(RuleValueError) as info:
        g.Duellist("Kira", g.Fighter("4D"), damage=0, side=side)
    assert info.value.field == f"{side}_damage"
    with pytest.raises(RuleValueError, match="side must be '', 'a' or 'b', got 'c'"):
        g.Duellist("Kira", g.Fighter("4D"), side="c")


def test_the_bounds_are_the_rules() -> None:
    assert g.Fighter("4D", bonus=-g.MAX_BONUS).bonus == -g.MAX_BONUS
    assert g.shoot("4D", "3D", bdc=g.MAX_BONUS, bdp=-g.MAX_BONUS, bdt=g.MAX_BONUS)
    with pytest.raises(RuleValueError, match="bdt must be an integer from -50 to 50, got 51"):
        g.psychic_attack("4D", "3D", bdt=51)
    assert g.sustained_fire_bonus(g.MAX_SUSTAINED, "3D") == 3
    with pytest.raises(RuleValueError, match="sustained must be an integer from 1 to 100, got 101"):
        g.shoot("4D", "3D", sustained=101, willpower="3D")
