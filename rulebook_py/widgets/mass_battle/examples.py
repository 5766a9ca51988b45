"""The source's two worked examples, replayed one step at a time.

Example:
    >>> len(EXAMPLE_STEPS["brigands"]) == len(EXAMPLE_STEPS["dragon"]) == 9
    True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from ...systems.mass_battle import (
    Allocation,
    Battlefield,
    BattleRound,
    brigands_sides,
    dragon_sides,
    resolve_round,
)
from ..base import Calculator, PythonCall
from ..controls import dropdown
from ..format import escape, table_html
from ..registry import register
from .form import (
    _WIDE,
)

__all__ = ["EXAMPLE_STEPS", "WorkedExampleCalculator"]

_STEP_NAMES = (
    "−1: declared levels",
    "0: attitude",
    "1: special actions",
    "2: morale",
    "3: leadership",
    "3: terrain",
    "4: chance (1d4)",
    "5: damage",
    "6: vitality left",
)

#: What happens at each step of the two worked examples, in the book's words.
EXAMPLE_STEPS: dict[str, tuple[str, ...]] = {
    "brigands": (
        "The brigands declare offense 3 and defense 1; the princess's knights 4 and 3.",
        "The chief orders a rather offensive attitude (+1/−1). The surprised knights "
        "have no time to choose: balanced, no change.",
        "Ambush: the chief's hiding roll of 6 (4 on the die, +1 cunning, +1 forest) "
        "against the knight's detection roll of 4 leaves +2, which he puts on offense.",
        "The brigands are confident (+1) and put it on defense; the knights' ordinary "
        "morale gives nothing.",
        "The chief's leadership (+2) goes to defense; so does the young knight's (+1).",
        "A plain forest road: no terrain bonus for either side.",
        "The brigands roll 4 and split it, 3 on offense and 1 on defense; the knights "
        "roll 2 and put both on defense.",
        "Brigands: 9 against 6 is 3 levels, plus the base, 20 %. Knights: 4 against 4 "
        "is nothing, plus the base, 5 %.",
        "95 % of the brigands and 20 % of the knights fight on; next round the ambush "
        "is worth only +1.",
    ),
    "dragon": (
        "The seven knights (25 %) have offense 2 and defense 2, the dying dragon (10 %) "
        "3 and 4: every modifier is already counted in these levels.",
        "Already counted in the levels: no change.",
        "No special action.",
        "Already counted in the levels: no change.",
        "The dragon needs no commander; the knights' leadership is already counted.",
        "Already counted in the levels: no change.",
        "Before rolling, the knights' player puts the die on offense and the dragon's "
        "on defense. The knights roll 4, the dragon 3.",
        "Knights: 2 against 4 is nothing before the dice, the dice add 4 − 3 = 1 level, "
        "plus the base: 10 %. Dragon: 3 against 2 is 1 level, plus the base: 10 %.",
        "The dragon falls from 10 % to 0 %; the knights from 25 % to 15 %: four of the "
        "seven are left standing.",
    ),
}


def _example(name: str, dice: tuple[int, int] | None = None) -> tuple[BattleRound, str, str]:
    """The worked example ``name`` (with other dice if given) and its units' names."""
    if name == "brigands":
        a, d, field, _ = brigands_sides()
        names = ("Brigands", "Knights")
        a_die, d_die = dice or (4, 2)
        allocs = (
            Allocation(special=2, die=a_die, chance=min(3, a_die)),
            Allocation(die=d_die, chance=0),
        )
    else:
        a, d = dragon_sides()
        field = Battlefield()
        names = ("Seven knights", "Black dragon")
        a_die, d_die = dice or (4, 3)
        allocs = (Allocation(die=a_die, chance=a_die), Allocation(die=d_die, chance=0))
    result = resolve_round(
        a, d, field, attacker_allocation=allocs[0], defender_allocation=allocs[1]
    )
    return result, *names


@register
class WorkedExampleCalculator(Calculator):
    """The source's two worked examples, replayed one step at a time.

    Example:
        >>> calc = WorkedExampleCalculator()
        >>> calc.controls["step"].value = 7
        >>> "20 %" in calc.result.value and "9 against 6" in calc.result.value
        True
    """

    title = "The worked examples, step by step"
    bench_changes = (("step", 3), ("example", "dragon"), ("step", 8), ("example", "brigands"))

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """Which example, and up to which step."""
        return {
            "example": dropdown(
                "Example",
                [("the brigands' ambush", "brigands"), ("the knights and the dragon", "dragon")],
                "brigands",
                width=_WIDE,
            ),
            "step": dropdown(
                "Show up to step",
                [(n, i) for i, n in enumerate(_STEP_NAMES)],
                len(_STEP_NAMES) - 1,
                width=_WIDE,
            ),
        }

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """The rows up to the chosen step, and what that step does."""
        result, a_name, d_name = _example(values["example"])
        step = values["step"]
        rows = result.rows()[: step + 1]
        said = EXAMPLE_STEPS[values["example"]][step]
        return (
            f"<p><b>Step {escape(_STEP_NAMES[step])}.</b> {escape(said)}</p>"
            + table_html(["step", "what", a_name, d_name], rows)
        ), ""

    def python_call(self, values: Mapping[str, Any]) -> PythonCall | None:
        """The example's rows up to the step shown."""
        example = "brigands_ambush" if values["example"] == "brigands" else "knights_vs_dragon"
        step = values["step"]
        rows = _example(values["example"])[0].rows()[: step + 1]
        return PythonCall("mass_battle", f"mass_battle.{example}().rows()[:{step + 1}]", rows)

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """The same round with two fresh d4, placed as the example's players place them."""
        dice = (rng.randint(1, 4), rng.randint(1, 4))
        r, a_name, d_name = _example(values["example"], dice)
        return (
            f"{escape(a_name)} roll {dice[0]} ({r.attacker_chance[0]} on offense), "
            f"{escape(d_name)} roll {dice[1]} (on defense): {escape(a_name)} lose "
            f"{r.damage_to_attacker} % → {r.attacker.vitality} %, {escape(d_name)} lose "
            f"{r.damage_to_defender} % → {r.defender.vitality} %"
        )
