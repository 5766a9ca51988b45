"""The source's two worked examples, replayed one step at a time.

Example:
    >>> "20 %" in WorkedExampleCalculator().result.value
    True
"""

from __future__ import annotations

from ...systems import mass_battle
from ...systems.mass_battle import EXAMPLE_STEPS, STEP_NAMES
from ...systems.mass_battle.words import M
from ..base import Calculator, Controls, Values, View
from ..calls import changes, rule_call
from ..controls import dropdown
from ..format import escape, table_html
from ..registry import register

__all__ = ["WorkedExampleCalculator"]


@register
class WorkedExampleCalculator(Calculator):
    """The source's two worked examples, replayed one step at a time.

    Example:
        >>> calc = WorkedExampleCalculator()
        >>> calc.controls["step"].value = 7
        >>> "20 %" in calc.result.value and "9 against 6" in calc.result.value
        True
    """

    title = M("The worked examples, step by step")
    bench_changes = changes(step=3, example="dragon") + changes(step=8, example="brigands")

    def build_controls(self) -> Controls:
        """Which example, and up to which step."""
        examples = [
            (M("the brigands' ambush"), "brigands"),
            (M("the knights and the dragon"), "dragon"),
        ]
        steps = [(n, i) for i, n in enumerate(STEP_NAMES)]
        return {
            "example": dropdown(M("Example"), examples, "brigands", width="22em"),
            "step": dropdown(M("Show up to step"), steps, len(STEP_NAMES) - 1, width="22em"),
        }

    def compute(self, values: Values) -> View:
        """The rows up to the chosen step, and what that step does."""
        step = values["step"]
        path = ("result", ("rows",), slice(None, step + 1))
        outcome, call = rule_call(mass_battle.worked_example, path=path, name=values["example"])
        head = M("Step {step}.", step=STEP_NAMES[step])
        said = EXAMPLE_STEPS[values["example"]][step]
        html = f"<p><b>{escape(head.render())}</b> {escape(said.render())}</p>"
        html += table_html([M("step"), M("what"), *outcome.names], call.value)
        return View(html, "", call, outcome)
